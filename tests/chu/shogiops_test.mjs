// Chu shogi under `ChuRules lishogi` against shogiops, lishogi's own rules library (npm), move for move. For
// each engine given (the native binary, the WebAssembly engine's Node front), in lishogi's convention (every
// USI text of every legal move: each path of a two-leg move, each jitto, promotion and not):
//   - from the start, the legal texts of every position to depth 2 equal shogiops', so the counts to depth 3
//     do, and `perft 3 texts` gives that count;
//   - from each of spec/chu.md's nine positions, the same to depth 1 (counts to depth 2);
//   - 20 random games under lishogi's rules (seeded; a capture preferred half the time, so that lions fall
//     and the counter-strike rule comes up): at every position the legal texts and the game's end agree, and
//     after every move the engine's SFEN is shogiops'.
// shogiops plays a two-leg move given as {from, midStep, to}; its perft tool builds them the other way round
// (spec/chu.md, "Differences"), so the texts here come from its move generator (moveDests and
// secondLionStepDests), as that tool's depth 1 does.
//
//   node tests/chu/shogiops_test.mjs ENGINE [ENGINE...] [--games N] [--seed S] [--rules seed]
// ENGINE: a native binary, or a .js file run with Node (build/wasm/menagerie.js). --rules seed runs the
// engine under the seed's rules instead, to show that the comparison finds the differences (it then fails).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

// shogiops is installed with the browser tests' packages (tests/web).
// Its package exports ES modules by path only, so they are loaded from its folder.
const load = async (path) => import(new URL(`../web/node_modules/shogiops/dist/${path}.js`, import.meta.url).href);
const { parseSfen, makeSfen } = await load('sfen');
const { secondLionStepDests } = await load('variant/chushogi');
const { pieceCanPromote } = await load('variant/util');
const { makeSquareName, parseUsi } = await load('util');

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const v = args[i + 1];
  args.splice(i, 2);
  return v;
};
const games = Number(option('--games', '20'));
const seed = Number(option('--seed', '3'));  // 3: its games meet both differences (--rules seed fails on them)
const rules = option('--rules', 'lishogi');
const commands = args;
if (!commands.length || commands.some((c) => !existsSync(c)) || !(games >= 0)) {
  console.error('usage: node tests/chu/shogiops_test.mjs ENGINE [ENGINE...] [--games N] [--seed S] [--rules seed]');
  process.exit(2);
}

let failures = 0;
const fail = (text) => {
  if (failures < 20) console.error(`FAIL: ${text}`);
  failures++;
};

// An engine process answering one request at a time: ask(lines, last) sends the lines and resolves to the
// output up to the first line starting with `last`.
function engine(path) {
  const child = path.endsWith('.js')
    ? spawn(process.execPath, [path], { stdio: ['pipe', 'pipe', 'inherit'] })
    : spawn(path, [], { stdio: ['pipe', 'pipe', 'inherit'] });
  let partial = '';
  let lines = [];
  let waiter = null;
  child.stdout.on('data', (data) => {
    partial += data;
    const parts = partial.split('\n');
    partial = parts.pop();
    lines.push(...parts);
    if (waiter) waiter();
  });
  child.on('exit', () => waiter && waiter());
  const ask = (send, last) => new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${path}: no '${last}' after: ${send.join(' | ')}`)), 60000);
    const look = () => {
      const i = lines.findIndex((l) => l.startsWith(last));
      if (i >= 0) {
        const got = lines.slice(0, i + 1);
        lines = lines.slice(i + 1);
        waiter = null;
        clearTimeout(timer);
        resolve(got);
      } else if (child.exitCode !== null) {
        clearTimeout(timer);
        reject(new Error(`${path} exited`));
      } else {
        waiter = look;
      }
    };
    child.stdin.write(send.join('\n') + '\n');
    look();
  });
  return { path, child, ask };
}

const engines = commands.map(engine);
for (const e of engines) {
  const usi = await e.ask(['usi'], 'usiok');
  if (!usi.includes('option name ChuRules type combo default seed var seed var lishogi'))
    fail(`${e.path}: no ChuRules option in its usi answer`);
  await e.ask(['setoption name USI_Variant value chushogi', `setoption name ChuRules value ${rules}`, 'isready'], 'readyok');
}

// Lishogi's legal texts of a position ([] once the game is over), sorted.
const lionPower = ['lion', 'lionpromoted', 'falcon', 'eagle'];
function lishogiTexts(pos) {
  if (pos.outcome()) return [];
  const texts = [];
  const canPromote = pieceCanPromote('chushogi');
  for (const [from, dests] of pos.allMoveDests()) {
    const piece = pos.board.get(from);
    for (const to of dests) {
      const base = makeSquareName(from) + makeSquareName(to);
      texts.push(base);
      if (canPromote(piece, from, to, pos.board.get(to))) texts.push(base + '+');
      if (lionPower.includes(piece.role))
        for (const dest of secondLionStepDests(pos, from, to))
          texts.push(makeSquareName(from) + makeSquareName(to) + makeSquareName(dest));
    }
  }
  return texts.sort();
}
// The move a text names, for shogiops' play(): {from, midStep, to, promotion}.
const moveOf = (text) => parseUsi(text);
const position = (sfen) => parseSfen('chushogi', sfen, false).unwrap();
function child(pos, text) {
  const c = pos.clone();
  c.play(moveOf(text));
  return c;
}

// The engine's texts of a position: `perft 1 texts`, one line a text.
async function engineTexts(e, sfen) {
  const lines = await e.ask([`position sfen ${sfen}`, 'perft 1 texts'], 'Nodes searched');
  const errors = lines.filter((l) => l.startsWith('info string error'));
  if (errors.length) fail(`${e.path}: ${sfen}: ${errors[0]}`);
  return lines.filter((l) => /^\S+: 1$/.test(l)).map((l) => l.slice(0, l.indexOf(':'))).sort();
}
const difference = (a, b) => {
  const sb = new Set(b);
  return a.filter((x) => !sb.has(x));
};
let compared = 0;
async function compare(pos, where) {
  const sfen = makeSfen(pos);
  const expected = lishogiTexts(pos);
  for (const e of engines) {
    const got = await engineTexts(e, sfen);
    ++compared;
    if (got.join(' ') !== expected.join(' '))
      fail(`${e.path}: ${where}: ${sfen}: only the engine: [${difference(got, expected).join(' ')}]; ` +
           `only shogiops: [${difference(expected, got).join(' ')}]`);
  }
  return expected;
}
// Compares every position to depth `depth` - 1 below pos; returns the counts at depths 1..depth.
async function tree(pos, depth, where) {
  const counts = new Array(depth).fill(0);
  const walk = async (p, d, path) => {
    const texts = await compare(p, path || where);
    counts[d - 1] += texts.length;
    if (d < depth) for (const t of texts) await walk(child(p, t), d + 1, `${path} ${t}`.trim());
  };
  await walk(pos, 1, '');
  return counts;
}
async function enginePerft(e, sfen, depth) {
  const lines = await e.ask([`position sfen ${sfen}`, `perft ${depth} texts`], 'Nodes searched');
  return Number(lines.at(-1).replace('Nodes searched: ', ''));
}

const t0 = Date.now();
// The start, to depth 3.
const startSfen = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1';
const verdict = (before) => (failures === before ? 'equal' : 'DIFFER');
{
  const before = failures;
  const counts = await tree(position(startSfen), 3, 'start');
  for (const e of engines) {
    const n = await enginePerft(e, startSfen, 3);
    if (n !== counts[2]) fail(`${e.path}: start perft 3 texts ${n}, shogiops ${counts[2]}`);
  }
  console.log(`start: shogiops ${counts.join(' / ')} texts at depths 1-3; the engines' ${verdict(before)} at every ` +
              'position to depth 2 and in perft 3 texts');
}

// spec/chu.md's nine positions, to depth 2.
const specPositions = [
  ['lions', '11k/12/4p7/3s8/3n4+o3/4p2ig3/5N2+O3/5P6/12/12/12/K11 b - 1'],
  ['falcon-eagle', '10k1/12/9r1a/12/12/1n3pg5/2s3p5/3+D2+H2N1+O/11P/12/12/K11 b - 1'],
  ['counter', '11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 b 7e 1'],
  ['lishogi-X', '11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1'],
  ['promotion', '5k6/6P3p1/1P1L6G1/11S/4E3L1p1/7O4/12/7e4/9l2/12/2p9/K11 b - 1'],
  ['royal', 'l5g4n/12/6k5/12/12/12/12/6R5/12/12/12/6K5 b - 1'],
  ['bare', '6k5/12/12/12/4g7/4G5G1/12/12/12/12/12/6K5 b - 1'],
  ['midgame', 'lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142'],
  ['fixture-388', '4q1e3s1/l2g3d1kf1/svf1t7/3cmtn2+Pm1/1x1i3g4/4ph1K1F2/aD9C/1P1SM+oE1O2A/2M+h4N1VL/FV1C1DS5/L9G1/6XG3T w - 388'],
];
for (const [name, sfen] of specPositions) {
  const before = failures;
  const counts = await tree(position(sfen), 2, name);
  for (const e of engines) {
    const n = await enginePerft(e, sfen, 2);
    if (n !== counts[1]) fail(`${e.path}: ${name} perft 2 texts ${n}, shogiops ${counts[1]}`);
  }
  console.log(`${name}: shogiops ${counts.join(' / ')} texts at depths 1-2, the engines' ${verdict(before)}`);
}

// Random games under lishogi's rules.
let state = seed >>> 0;
const random = () => {  // mulberry32
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const maxPlies = 600;
let plies = 0, counterPositions = 0, lanceOffers = 0, ends = {};
const gamesBefore = failures;
// A lance's promotion that only lishogi offers: no capture, from inside the zone to the far rank.
const farRank = (sq, color) => (color === 'sente' ? sq >> 4 === 0 : sq >> 4 === 11);
const inZone = (sq, color) => (color === 'sente' ? sq >> 4 <= 3 : sq >> 4 >= 8);
const lanceOnly = (pos, t) => {
  const m = moveOf(t), p = pos.board.get(m.from);
  return t.endsWith('+') && p.role === 'lance' && !pos.board.get(m.to) && inZone(m.from, p.color) && farRank(m.to, p.color);
};
for (let g = 0; g < games; ++g) {
  let pos = position(startSfen);
  let ply = 0;
  for (; ply < maxPlies; ++ply) {
    const texts = await compare(pos, `game ${g + 1} ply ${ply}`);
    if (pos.lastLionCapture !== undefined) ++counterPositions;
    if (texts.some((t) => lanceOnly(pos, t))) ++lanceOffers;
    if (!texts.length) break;
    const captures = texts.filter((t) => {
      const m = moveOf(t);
      return pos.board.get(m.to) || (m.midStep !== undefined && pos.board.get(m.midStep));
    });
    const pool = captures.length && random() < 0.5 ? captures : texts;
    const text = pool[Math.floor(random() * pool.length)];
    const before = makeSfen(pos);
    pos = child(pos, text);
    for (const e of engines) {
      const lines = await e.ask([`position sfen ${before} moves ${text}`, 'd'], 'SFEN:');
      const got = lines.at(-1).replace('SFEN: ', '');
      if (got !== makeSfen(pos)) fail(`${e.path}: game ${g + 1}: ${before} moves ${text}: engine ${got}, shogiops ${makeSfen(pos)}`);
    }
  }
  plies += ply;
  const end = pos.outcome()?.result ?? 'ply cap';
  ends[end] = (ends[end] ?? 0) + 1;
}
console.log(`${games} random games: ${plies} moves, ${failures === gamesBefore ? 'every position agreed' : 'DIFFERENCES'} ` +
            `(${counterPositions} positions right after a lion was taken by a non-lion, ${lanceOffers} with a lance ` +
            `promotion only lishogi offers); ends: ${Object.entries(ends).map(([k, v]) => `${k} ${v}`).join(', ')}`);
console.log(`${compared} comparisons with ${engines.length} engine(s) in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

for (const e of engines) e.child.stdin.end('quit\n');
if (failures) {
  console.error(`${failures} failure(s)`);
  process.exit(1);
}
console.log('all agree');
