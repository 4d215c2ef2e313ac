// Latency of the fronts, for one or more engine binaries measured in the same run, alternated round by round:
//   go -> bestmove: the USI loop answering `go depth 1` from the start position (shogi and chu);
//   web position: a browser-board `position` request (shogi after 40 moves, chu's start) answered by the server.
// Prints the median and the 90th percentile of each, in microseconds.
//   node bench/latency.mjs BINARY [BINARY ...] [--rounds N]
// Needs the browser tests' npm packages (scripts/setup.sh --tests installs them in tests/web).
import { spawn } from 'node:child_process';
import { Api, startServer } from '../tests/web/harness.mjs';

const args = process.argv.slice(2);
let rounds = 200;
const binaries = [];
for (let i = 0; i < args.length; ++i) {
  if (args[i] === '--rounds') rounds = Number(args[++i]);
  else binaries.push(args[i]);
}
if (!binaries.length || !(rounds > 0)) {
  console.error('usage: node bench/latency.mjs BINARY [BINARY ...] [--rounds N]');
  process.exit(2);
}

const shogiMoves = '7g7f 3c3d 9g9f 1c1d 1g1f 9c9d 8h2b+ 3a2b B*4e 6a5b 4e3d B*4d 7i8h 4d3e 5i6h 5a6a 3g3f 3e2d 3d5f 1d1e 1f1e 1a1e 1i1e 2d1e 2h1h 1e3c L*6f L*5d 5f3d P*1g 1h1g 3c2d 3i4h 2d1c 6f6c+ 5b6c 3d4c 4a5b 4c2a 1c2d';
const shogiLine = shogiMoves.split(' ');  // 40 plies of a depth-3 self-play game

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
function p90(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length * 0.9)];
}

// One engine process speaking USI: lines in, a promise for the first line starting with a prefix.
class Loop {
  constructor(binary) {
    this.child = spawn(binary, [], { stdio: ['pipe', 'pipe', 'ignore'] });
    this.buffer = '';
    this.waiter = null;
    this.child.stdout.on('data', (d) => {
      this.buffer += d;
      let nl;
      while ((nl = this.buffer.indexOf('\n')) >= 0) {
        const line = this.buffer.slice(0, nl);
        this.buffer = this.buffer.slice(nl + 1);
        if (this.waiter && line.startsWith(this.waiter.prefix)) {
          const w = this.waiter;
          this.waiter = null;
          w.resolve(line);
        }
      }
    });
  }
  ask(line, prefix) {
    return new Promise((resolve) => {
      this.waiter = { prefix, resolve };
      this.child.stdin.write(line + '\n');
    });
  }
  close() {
    this.child.stdin.write('quit\n');
  }
}

const results = binaries.map(() => ({ goShogi: [], goChu: [], webShogi: [], webChu: [] }));
const loops = [];
const servers = [];
const apis = [];
for (const b of binaries) {
  const shogi = new Loop(b);
  await shogi.ask('usi', 'usiok');
  await shogi.ask('position startpos moves ' + shogiLine.join(' ') + '\nisready', 'readyok');
  const chu = new Loop(b);
  await chu.ask('usi', 'usiok');
  await chu.ask('setoption name USI_Variant value chushogi\nposition startpos\nisready', 'readyok');
  loops.push({ shogi, chu });
  const server = await startServer(b, ['--tablebase', 'none']);
  servers.push(server);
  apis.push(await Api.open(server.url));
}

const now = () => process.hrtime.bigint();
for (let r = 0; r < rounds; ++r) {
  for (let k = 0; k < binaries.length; ++k) {
    // Alternate which binary goes first, so neither always runs on a cache warmed by the other.
    const i = r % 2 === 0 ? k : binaries.length - 1 - k;
    let t = now();
    await loops[i].shogi.ask('go depth 1', 'bestmove');
    results[i].goShogi.push(Number(now() - t) / 1000);
    t = now();
    await loops[i].chu.ask('go depth 1', 'bestmove');
    results[i].goChu.push(Number(now() - t) / 1000);
    t = now();
    const p = await apis[i].ask({ op: 'position', game: 'shogi', sfen: 'startpos', moves: shogiLine });
    results[i].webShogi.push(Number(now() - t) / 1000);
    if (p.op !== 'position') throw new Error(`${binaries[i]}: ${JSON.stringify(p).slice(0, 200)}`);
    t = now();
    await apis[i].ask({ op: 'position', game: 'chushogi', sfen: 'startpos', moves: [] });
    results[i].webChu.push(Number(now() - t) / 1000);
  }
}

console.log(`${rounds} rounds, alternated; microseconds, median (90th percentile)`);
console.log(['binary', 'go->bestmove shogi', 'go->bestmove chu', 'web position shogi', 'web position chu'].join(' | '));
binaries.forEach((b, i) => {
  const r = results[i];
  const cell = (xs) => `${Math.round(median(xs))} (${Math.round(p90(xs))})`;
  console.log([b, cell(r.goShogi), cell(r.goChu), cell(r.webShogi), cell(r.webChu)].join(' | '));
});
for (const l of loops) {
  l.shogi.close();
  l.chu.close();
}
for (const a of apis) a.ws.close();
for (const s of servers) s.process.kill();
