// ShogiHome's WebAssembly engine ABI (shogihome-wasm-engine/1, specs/wasm-engine-abi.md in
// sunfish-shogi/shogihome), point by point against build/wasm/shogihome/menagerie, as its conformance test
// checks an engine folder: the manifest's schema, the files and their size, the module's factory and methods,
// usi (name, author, the options as the manifest lists them), isready, every preset's setoption, a go on a
// clock driven by poll() every 10 ms whose move tsshogi (ShogiHome's own shogi library) finds legal, stop
// answered at once, go mate answered for real, nothing written after quit or terminate().
//
//   node tests/wasm/shogihome_test.mjs [ENGINE_DIR (build/wasm/shogihome/menagerie)]
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const dir = resolve(process.argv[2] ?? 'build/wasm/shogihome/menagerie');
// tsshogi is installed with the browser tests' packages (tests/web).
const requireWeb = createRequire(new URL('../web/package.json', import.meta.url));
const { Position } = await import(pathToFileURL(requireWeb.resolve('tsshogi')).href);

let failures = 0;
const check = (ok, text) => {
  if (ok) console.log(`ok ${text}`);
  else {
    console.error(`FAIL: ${text}`);
    failures++;
  }
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// The manifest (section 2 of the ABI).
const manifestPath = join(dir, 'engine.json');
if (!existsSync(manifestPath)) {
  console.error(`no engine.json in ${dir} (scripts/wasm.sh writes it)`);
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const nonEmpty = (v) => typeof v === 'string' && v !== '';
const relative = (v) => nonEmpty(v) && /^[A-Za-z0-9._-]+(?:\/[A-Za-z0-9._-]+)*$/.test(v) &&
  v.split('/').every((p) => p !== '.' && p !== '..');
check(manifest.abi === 'shogihome-wasm-engine/1', `abi is shogihome-wasm-engine/1 (${manifest.abi})`);
check(relative(manifest.module), `module is a relative path (${manifest.module})`);
check(manifest.moduleFormat === undefined || manifest.moduleFormat === 'esm', 'moduleFormat is esm');
check(nonEmpty(manifest.name) && nonEmpty(manifest.author), 'name and author are given');
check(Array.isArray(manifest.presets) && manifest.presets.length > 0, `${manifest.presets?.length} presets`);
const ids = new Set();
for (const p of manifest.presets ?? []) {
  check(relative(p.id) && nonEmpty(p.displayName) && !ids.has(p.id), `preset ${p.id}: id, display name, unique`);
  ids.add(p.id);
  for (const [k, v] of Object.entries(p.values ?? {}))
    check(typeof v === 'string' || typeof v === 'number', `preset ${p.id}: ${k} is a string or a number`);
}
const types = ['check', 'spin', 'combo', 'button', 'string', 'filename'];
for (const o of manifest.options ?? []) {
  const ok = nonEmpty(o.name) && types.includes(o.type) &&
    (o.default === undefined || typeof o.default === 'string' || typeof o.default === 'number') &&
    ['min', 'max'].every((k) => o[k] === undefined || typeof o[k] === 'number') &&
    (o.vars === undefined || (Array.isArray(o.vars) && o.vars.every(nonEmpty)));
  if (!ok) check(false, `option ${o.name} follows the schema`);
}
check(manifest.presets.every((p) => Number(p.values?.Threads ?? 1) === 1), 'every preset has one thread');

// The files and their size (section 6: at most 8 MB an engine).
const modulePath = join(dir, manifest.module);
const wasmPath = modulePath.replace(/\.js$/, '.wasm');
check(existsSync(modulePath) && existsSync(wasmPath), 'the module and its .wasm exist');
const size = statSync(modulePath).size + statSync(wasmPath).size;
check(size <= 8 * 1024 * 1024, `the engine is ${(size / 1048576).toFixed(2)} MB (at most 8)`);

// The module (sections 3 and 4): a factory, called as ShogiHome calls it.
const moduleURL = pathToFileURL(modulePath).href;
const factory = (await import(moduleURL)).default;
check(typeof factory === 'function', 'the default export is the factory');
const stderr = [];
async function launch() {
  const engine = await factory({ printErr: (line) => stderr.push(line), locateFile: (path) => new URL(path, moduleURL).href });
  const lines = [];
  engine.addMessageListener((line) => lines.push(line));
  // ShogiHome polls every 10 ms after go and ponderhit, until bestmove or checkmate.
  engine.untilAnswer = async (prefixes, timeoutMs) => {
    const start = Date.now();
    while (Date.now() - start < timeoutMs) {
      const i = lines.findIndex((l) => prefixes.some((p) => l.startsWith(p)));
      if (i >= 0) return lines[i];
      engine.poll?.();
      await sleep(10);
    }
    return null;
  };
  return { engine, lines };
}

const { engine, lines } = await launch();
for (const m of ['postMessage', 'addMessageListener', 'removeMessageListener', 'terminate'])
  check(typeof engine[m] === 'function', `the module exposes ${m}()`);
check(typeof engine.poll === 'function', 'the module exposes poll() (a single-threaded engine in steps)');

engine.postMessage('usi');
check(lines.includes(`id name ${manifest.name}`) && lines.includes(`id author ${manifest.author}`) && lines.includes('usiok'),
  'usi: id name and id author as in the manifest, then usiok');
const declared = lines.filter((l) => l.startsWith('option name '));
const described = (manifest.options ?? []).map((o) => {
  let l = `option name ${o.name} type ${o.type}`;
  if (o.default !== undefined) l += ` default ${o.default}`;
  if (o.min !== undefined) l += ` min ${o.min}`;
  if (o.max !== undefined) l += ` max ${o.max}`;
  for (const v of o.vars ?? []) l += ` var ${v}`;
  return l;
});
check(JSON.stringify(declared) === JSON.stringify(described), `the manifest's ${described.length} options are the engine's`);
const usiHash = (manifest.options ?? []).find((o) => o.name === 'USI_Hash');
check(usiHash && usiHash.max <= 2048, `USI_Hash is capped (${usiHash?.max} MB)`);
engine.postMessage('isready');
check(lines.at(-1) === 'readyok', 'isready: readyok');

for (const p of manifest.presets) {
  lines.length = 0;
  for (const [k, v] of Object.entries(p.values ?? {})) engine.postMessage(`setoption name ${k} value ${v}`);
  engine.postMessage('isready');
  check(!lines.some((l) => l.startsWith('info string error')) && lines.at(-1) === 'readyok', `preset ${p.id}: its setoption taken`);
}

// go on a clock: a legal move (tsshogi says so) or resign.
const start = 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1';
for (const [sfen, moves] of [[start, ''], ['ln1g3nl/1r3kg2/p2pppsp1/2ps2p1p/1p7/2P1P1P2/PPSP1PN1P/2G2S1R1/LN2KG2L b Bb 1', '']]) {
  lines.length = 0;
  engine.postMessage('usinewgame');
  engine.postMessage(`position sfen ${sfen}${moves}`);
  engine.postMessage('go btime 10000 wtime 10000 byoyomi 1000');
  const t0 = Date.now();
  const answer = await engine.untilAnswer(['bestmove'], 15000);
  const move = answer?.split(' ')[1];
  const position = Position.newBySFEN(sfen);
  const legal = move === 'resign' || (move && position.createMoveByUSI(move) && position.isValidMove(position.createMoveByUSI(move)));
  check(legal, `go btime 10000 wtime 10000 byoyomi 1000: ${answer} after ${Date.now() - t0} ms, legal for tsshogi`);
}

// stop: the answer at once.
lines.length = 0;
engine.postMessage('position startpos');
engine.postMessage('go infinite');
for (let i = 0; i < 20; ++i) {
  engine.poll();
  await sleep(10);
}
check(!lines.some((l) => l.startsWith('bestmove')), 'go infinite: no answer before stop');
engine.postMessage('stop');
check(lines.some((l) => l.startsWith('bestmove')), 'stop: bestmove before postMessage("stop") returns');

// go mate: a real answer (ours exists), never "checkmate notimplemented".
lines.length = 0;
engine.postMessage('position sfen 3sks3/9/4S4/9/9/8B/9/9/9 b S 1');
engine.postMessage('go mate 10000');
const mate = await engine.untilAnswer(['checkmate'], 15000);
check(mate && mate !== 'checkmate notimplemented' && mate !== 'checkmate nomate' && mate !== 'checkmate timeout',
  `go mate: ${mate}`);

// Nothing after quit, even in the middle of a search.
lines.length = 0;
engine.postMessage('position startpos');
engine.postMessage('go infinite');
engine.poll();
const before = lines.length;
engine.postMessage('quit');
for (let i = 0; i < 20; ++i) {
  engine.poll();
  engine.postMessage('isready');
  await sleep(10);
}
check(lines.length === before, `nothing after quit (${lines.length - before} lines)`);

// Nothing after terminate(), even in the middle of a search.
const second = await launch();
second.engine.postMessage('usi');
second.engine.postMessage('position startpos');
second.engine.postMessage('go infinite');
second.engine.poll();
const count = second.lines.length;
second.engine.terminate();
for (let i = 0; i < 20; ++i) {
  second.engine.poll();
  second.engine.postMessage('isready');
  await sleep(10);
}
check(second.lines.length === count, `nothing after terminate() (${second.lines.length - count} lines)`);
if (stderr.length) console.log(`stderr (diagnostics only): ${stderr.join(' | ')}`);

if (failures) {
  console.error(`${failures} failures`);
  process.exit(1);
}
console.log('the engine follows shogihome-wasm-engine/1');
