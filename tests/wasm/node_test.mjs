// The WebAssembly engine under Node against the native binary, in the same run: for every game the same perft
// breakdown, the same answer to a fixed-depth search (one step holds it, so the search is the same node for
// node), the same answers to bad input; then what only steps can show: stop during go infinite answers once,
// isready is read during a search. With --speed, also each game's speed (bench nodes/second, the median of
// --rounds N alternated runs, 3 by default) beside the native one's; --quick: two games only.
//
//   node tests/wasm/node_test.mjs NATIVE_BINARY [WASM_DIR (build/wasm)] [--quick] [--speed [--rounds N]]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const speed = args.includes('--speed');
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args.splice(roundsAt, 2)[1]) : 3;
const [native, wasmDir = 'build/wasm'] = args.filter((a) => !a.startsWith('--'));
const front = resolve(wasmDir, 'menagerie.js');
let failures = 0;
const fail = (text) => {
  console.error(`FAIL: ${text}`);
  failures++;
};
if (!native || !existsSync(native)) {
  console.error('usage: node tests/wasm/node_test.mjs NATIVE_BINARY [WASM_DIR]');
  process.exit(2);
}
if (!existsSync(front)) {
  console.error(`no WebAssembly engine at ${front} (scripts/wasm.sh builds it)`);
  process.exit(2);
}

// An engine process: send() a line; until(prefix) resolves to the lines up to and including the first line
// starting with prefix (after those already taken).
function engine(command, commandArgs) {
  const child = spawn(command, commandArgs, { stdio: ['pipe', 'pipe', 'inherit'] });
  const e = { lines: [], taken: 0, waiters: [], exited: null };
  let partial = '';
  child.stdout.on('data', (data) => {
    partial += data;
    const parts = partial.split('\n');
    partial = parts.pop();
    e.lines.push(...parts);
    for (const w of e.waiters.splice(0)) w();
  });
  e.exit = new Promise((r) => child.on('exit', (code) => { e.exited = code; r(code); for (const w of e.waiters.splice(0)) w(); }));
  e.send = (line) => child.stdin.write(line + '\n');
  e.close = () => child.stdin.end();
  e.until = (prefix, timeoutMs = 120000) => new Promise((res, rej) => {
    const timer = setTimeout(() => rej(new Error(`no '${prefix}' from ${command} ${commandArgs.join(' ')}`)), timeoutMs);
    const look = () => {
      for (let i = e.taken; i < e.lines.length; ++i) {
        if (e.lines[i].startsWith(prefix)) {
          const got = e.lines.slice(e.taken, i + 1);
          e.taken = i + 1;
          clearTimeout(timer);
          res(got);
          return;
        }
      }
      if (e.exited !== null) {
        clearTimeout(timer);
        rej(new Error(`${command} exited before '${prefix}'`));
        return;
      }
      e.waiters.push(look);
    };
    look();
  });
  return e;
}

// Each game: a perft depth that takes about a second natively, and a search depth.
const games = [
  { name: 'shogi', perft: 4, depth: 7 },
  { name: 'dobutsu', perft: 7, depth: 9 },
  { name: 'jungle', perft: 4, depth: 7 },
  { name: 'torishogi', perft: 4, depth: 6 },
  { name: 'chushogi', perft: 3, depth: 5 },
  { name: 'daishogi', perft: 3, depth: 4 },
  { name: 'taikyoku', perft: 2, depth: 3 },
];

const n = engine(native, ['--tablebase', 'none']);
// One step of 100 s holds each search whole, so that the WebAssembly search is the native one node for node.
const w = engine(process.execPath, [front, '--step', '100000']);
const both = [n, w];
const sendBoth = (line) => both.forEach((e) => e.send(line));
const untilBoth = (prefix, ms) => Promise.all(both.map((e) => e.until(prefix, ms)));
const field = (line, name) => {
  const m = new RegExp(` ${name} (\\S+)`).exec(line ?? '');
  return m ? m[1] : undefined;
};

sendBoth('usi');
const [nUsi, wUsi] = await untilBoth('usiok');
const options = (lines) => lines.filter((l) => l.startsWith('option ')).map((l) => l.replace(/ max \d+/, ' max N'));
const nOptions = options(nUsi).filter((l) => !l.startsWith('option name Threads') && !l.startsWith('option name USI_Hash'));
const wOptions = options(wUsi).filter((l) => !l.startsWith('option name Threads') && !l.startsWith('option name USI_Hash'));
if (JSON.stringify(nOptions) !== JSON.stringify(wOptions)) fail('the two engines declare different options');
if (!wUsi.includes('option name Threads type spin default 1 min 1 max 1')) fail('the WebAssembly engine offers more than one thread');
console.log(`ok usi: ${wOptions.length} options as the native engine's (Threads 1 only, USI_Hash capped)`);

for (const g of quick ? games.slice(0, 2) : games) {
  sendBoth(`setoption name USI_Variant value ${g.name}`);
  sendBoth('position startpos');
  sendBoth(`perft ${g.perft}`);
  const [a, b] = await untilBoth('Nodes searched');
  const breakdown = (lines) => lines.filter((l) => /^\S+: \d+$/.test(l)).sort().join('\n');
  if (a.at(-1) !== b.at(-1) || breakdown(a) !== breakdown(b))
    fail(`${g.name} perft ${g.perft}: native '${a.at(-1)}', WebAssembly '${b.at(-1)}'`);
  else console.log(`ok ${g.name} perft ${g.perft}: ${b.at(-1).replace('Nodes searched: ', '')} in both`);

  sendBoth('usinewgame');
  sendBoth(`go depth ${g.depth}`);
  const [c, d] = await untilBoth('bestmove');
  const lastInfo = (lines) => lines.filter((l) => l.startsWith(`info depth ${g.depth} `)).at(-1);
  if (c.at(-1) !== d.at(-1) || field(lastInfo(c), 'nodes') !== field(lastInfo(d), 'nodes'))
    fail(`${g.name} go depth ${g.depth}: native '${c.at(-1)}' (${field(lastInfo(c), 'nodes')} nodes), ` +
         `WebAssembly '${d.at(-1)}' (${field(lastInfo(d), 'nodes')} nodes)`);
  else console.log(`ok ${g.name} go depth ${g.depth}: ${d.at(-1)}, ${field(lastInfo(d), 'nodes')} nodes in both`);
}

// Bad input: the same errors, and the engines go on.
sendBoth('setoption name USI_Variant value shogi');
sendBoth('position startpos');
for (const bad of ['position sfen lnsgkgsnl/9/9 b - 1', 'position startpos moves 7g7f 7g7f', 'go depth banana movetime 50',
                   'setoption name MultiPV value 1000', 'frobnicate', 'x'.repeat((1 << 20) + 5)]) {
  sendBoth(bad);
  // A go with a bad value still searches: its answer ends what it says; for the rest, isready.
  if (!bad.startsWith('go')) sendBoth('isready');
  const [a, b] = await untilBoth(bad.startsWith('go') ? 'bestmove' : 'readyok');
  const errors = (lines) => lines.filter((l) => l.startsWith('info string')).join('\n');
  if (errors(a) !== errors(b)) fail(`bad input '${bad.slice(0, 40)}': native '${errors(a)}', WebAssembly '${errors(b)}'`);
  if (!errors(b)) fail(`bad input '${bad.slice(0, 40)}': no error`);
}
console.log('ok bad input: the same errors from both engines');
w.send('quit');
n.send('quit');
await Promise.all([w.exit, n.exit]);

// In steps of 20 ms: isready during a search, stop during go infinite, quit during a search.
const s = engine(process.execPath, [front, '--step', '20']);
s.send('position startpos');
s.send('go infinite');
s.send('isready');
await s.until('readyok', 5000);
await new Promise((r) => setTimeout(r, 500));
if (s.lines.some((l) => l.startsWith('bestmove'))) fail('go infinite answered before stop');
const t0 = Date.now();
s.send('stop');
await s.until('bestmove', 5000);
console.log(`ok stop during go infinite: bestmove after ${Date.now() - t0} ms`);
s.send('go movetime 200');
s.send('quit');
await s.until('bestmove', 5000);
await s.exit;
if (s.lines.filter((l) => l.startsWith('bestmove')).length !== 2) fail('not exactly one bestmove for each go');
else console.log('ok quit during a search: its answer, then the end');

// Speed: each game's bench, native and WebAssembly, one after the other, --rounds times; the medians.
if (speed) {
  const bench = async (command, commandArgs, game) => {
    const e = engine(command, commandArgs);
    e.send(`setoption name USI_Variant value ${game}`);
    e.send('bench');
    const lines = await e.until('Nodes/second', 600000);
    e.send('quit');
    await e.exit;
    return Number(lines.at(-1).split(':')[1]);
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const g of quick ? games.slice(0, 2) : games) {
    const runs = { native: [], wasm: [] };
    for (let round = 0; round < rounds; ++round) {
      runs.native.push(await bench(native, ['--tablebase', 'none'], g.name));
      runs.wasm.push(await bench(process.execPath, [front], g.name));
    }
    const nps = { native: median(runs.native), wasm: median(runs.wasm) };
    console.log(`speed ${g.name}: native ${nps.native} nodes/s, Node ${nps.wasm} nodes/s, ` +
                `${(100 * nps.wasm / nps.native).toFixed(0)}% (medians of ${rounds} alternated runs; ` +
                `native ${runs.native.join(' ')}, Node ${runs.wasm.join(' ')})`);
  }
}

if (failures) {
  console.error(`${failures} failures`);
  process.exit(1);
}
console.log('all passed');
