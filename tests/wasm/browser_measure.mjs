// Measures the WebAssembly engine in Chromium (Debian's, headless), on the static site of scripts/wasm.sh:
// - the time from opening the page to the engine's first move (a new visitor whose settings say the engine
//   plays first, 0.2 s a move), the median of several fresh page loads;
// - the site's size: its files by kind (wasm, the engine's js, the page), as they are and gzipped;
// - each game's speed: the module's own `bench` in a module worker of the site's page, nodes/second (the
//   median of --rounds runs, 3 by default);
// - the page's memory for taikyoku: the worker's WebAssembly memory after a taikyoku search.
// Not a test (it asserts nothing): the README's WebAssembly figures come from it.
//
//   node tests/wasm/browser_measure.mjs [SITE (build/wasm/site)] [--loads N] [--rounds N] [--games a,b]
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { launchBrowser, startStaticServer } from '../web/harness.mjs';

// puppeteer-core is installed with the browser tests' packages (tests/web).
const requireWeb = createRequire(new URL('../web/package.json', import.meta.url));
const puppeteer = (await import(pathToFileURL(requireWeb.resolve('puppeteer-core')).href)).default;

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const site = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--')) ?? 'build/wasm/site';
const loads = Number(option('--loads') ?? 5);
const rounds = Number(option('--rounds') ?? 3);
const games = option('--games')?.split(',') ??
  ['shogi', 'dobutsu', 'jungle', 'torishogi', 'chushogi', 'daishogi', 'taikyoku'];
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// The site's files, as served and gzipped (what a server compressing its answers sends).
{
  const rows = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else {
        const bytes = readFileSync(path);
        rows.push({ path: relative(site, path), size: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
      }
    }
  };
  walk(site);
  const kind = (p) => (p.endsWith('.wasm') ? 'wasm' : p.startsWith('menagerie-engine') ? 'engine js' : 'page');
  const sum = {};
  for (const r of rows) {
    const k = kind(r.path);
    sum[k] ??= { size: 0, gzip: 0, files: 0 };
    sum[k].size += r.size, sum[k].gzip += r.gzip, sum[k].files++;
  }
  const total = rows.reduce((t, r) => ({ size: t.size + r.size, gzip: t.gzip + r.gzip }), { size: 0, gzip: 0 });
  for (const [k, v] of Object.entries(sum))
    console.log(`site ${k}: ${v.files} file(s), ${v.size} bytes, ${v.gzip} gzipped`);
  console.log(`site total: ${rows.length} files, ${total.size} bytes, ${total.gzip} gzipped`);
}

const files = await startStaticServer(site);
const browser = await launchBrowser(puppeteer);
try {
  // The first engine move after opening the page.
  const times = [];
  for (let i = 0; i < loads; ++i) {
    const context = await browser.createBrowserContext();
    const page = await context.newPage();
    await page.evaluateOnNewDocument(() => {
      localStorage.setItem('menagerie/settings', JSON.stringify({ mode: 'engine-b', time: 200 }));
    });
    const t0 = Date.now();
    await page.goto(`${files.url}?game=shogi`);
    await page.waitForFunction(`Number(document.body.dataset.ply) >= 1`, { timeout: 30000, polling: 10 });
    times.push(Date.now() - t0);
    await context.close();
  }
  console.log(`first engine move after opening the page (shogi, 0.2 s a move): median ${median(times)} ms ` +
              `(${times.join(', ')})`);

  // Speed and memory, in a worker of the site's own origin.
  const page = await browser.newPage();
  await page.goto(`${files.url}?game=shogi`);
  const results = await page.evaluate(async (wanted) => {
    const source = `
      import createMenagerie from '${new URL('menagerie-engine.js', location.href).href}';
      const engine = await createMenagerie({ stepMs: 1000 });
      const lines = [];
      engine.addMessageListener((l) => lines.push(l));
      self.onmessage = (e) => {
        const { game, work } = e.data;
        lines.length = 0;
        engine.postMessage('setoption name USI_Variant value ' + game);
        if (work === 'bench') {
          engine.postMessage('bench');
          const nps = Number(lines.find((l) => l.startsWith('Nodes/second')).split(':')[1]);
          self.postMessage({ game, nps });
        } else {
          engine.postMessage('position startpos');
          engine.postMessage('go movetime 3000');
          while (engine.searching()) engine.poll();
          self.postMessage({ game, memory: engine.HEAP8.length, answer: lines.at(-1) });
        }
      };
      self.postMessage({ ready: true });`;
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const worker = new Worker(url, { type: 'module' });
    const next = () => new Promise((resolve) => { worker.onmessage = (e) => resolve(e.data); });
    await next();
    const out = [];
    for (const game of wanted.games) {
      const runs = [];
      for (let round = 0; round < wanted.rounds; ++round) {
        worker.postMessage({ game, work: 'bench' });
        runs.push((await next()).nps);
      }
      out.push({ game, runs });
    }
    worker.postMessage({ game: 'taikyoku', work: 'search' });
    out.push(await next());
    worker.terminate();
    return out;
  }, { games, rounds });
  for (const r of results) {
    if (r.runs !== undefined)
      console.log(`Chromium ${r.game}: ${median(r.runs)} nodes/second (bench, the median of ${r.runs.join(' ')})`);
    else console.log(`taikyoku in the worker: ${(r.memory / 1048576).toFixed(0)} MB of WebAssembly memory after ` +
                     `a 3 s search (${r.answer})`);
  }
} finally {
  await browser.close();
  files.close();
}
