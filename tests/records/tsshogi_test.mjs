// Shogi game records against tsshogi, ShogiHome's record library (npm), as an independent reader and writer.
// For every record of the collection (tests/records/data: KIF in UTF-8 and Shift-JIS, KI2, CSA; see its
// README): `menagerie convert --to usi` gives the moves tsshogi reads; and what we write from it (KIF, KI2,
// CSA) tsshogi reads back to the same moves, the same end and, where the format keeps them, the same comments
// and times. Every record of tests/records/bad is refused: a non-zero exit, the line named on stderr, nothing
// on stdout.
//
//   node tests/records/tsshogi_test.mjs BINARY
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// tsshogi is installed with the browser tests' packages (tests/web).
const ts = await import(new URL('../web/node_modules/tsshogi/dist/esm/index.mjs', import.meta.url).href);

const binary = process.argv[2];
if (!binary) {
  console.error('usage: node tests/records/tsshogi_test.mjs BINARY [--dir DIR]');
  process.exit(2);
}
const dirAt = process.argv.indexOf('--dir');
const dir = dirAt > 0 ? process.argv[dirAt + 1] : null;
let failures = 0;
const fail = (text) => {
  console.error(`FAIL: ${text}`);
  failures++;
};

const here = new URL('.', import.meta.url).pathname;
const decode = (bytes) => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('shift_jis').decode(bytes);
  }
};
const tsRead = (text, format) => {
  const r = format === 'csa' ? ts.importCSA(text) : format === 'ki2' ? ts.importKI2(text) : ts.importKIF(text);
  if (r instanceof Error) throw new Error(`tsshogi: ${r.message}`);
  return r;
};
const formatOf = (name) => (name.endsWith('.csa') ? 'csa' : /\.ki2u?$/.test(name) ? 'ki2' : 'kif');
const convert = (args, input) => spawnSync(binary, ['convert', '--variant', 'shogi', ...args], { input, encoding: 'utf8' });

// The main line: the start, the moves (USI), and for each ply its comment and time; the end.
function line(record) {
  record.goto(0);
  const plies = [{ comment: record.current.comment.trim(), ms: null }];
  const moves = [];
  let end = null;
  while (record.goForward()) {
    const node = record.current;
    if (node.move.usi) {
      moves.push(node.move.usi);
      plies.push({ comment: node.comment.trim(), ms: node.elapsedMs });
    } else {
      end = node.move.type ?? node.move.name;
    }
  }
  record.goto(0);
  return { sfen: record.position.sfen.split(' ').slice(0, 3).join(' '), moves, plies, end };
}
const usiOf = (l) => `${l.sfen} moves ${l.moves.join(' ')}`;
const ourUsi = (text) => {
  const m = /^position (startpos|sfen (\S+ \S+ \S+) \S+)(?: moves (.*))?$/.exec(text.trim());
  if (!m) return null;
  const sfen = m[1] === 'startpos' ? 'lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -' : m[2];
  return `${sfen} moves ${m[3] ?? ''}`.trim();
};

// --dir DIR: every record under DIR (scripts/public-records.sh fetches a collection) read by both, the moves
// compared; a record we refuse is listed with our reason. Fails when both read a record to different moves.
if (dir) {
  const walk = (d) => readdirSync(d, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? walk(join(d, e.name)) : /\.(kif|kifu|ki2|ki2u|csa)$/i.test(e.name) ? [join(d, e.name)] : []);
  const all = walk(dir).sort();
  let same = 0, moves = 0, ends = 0;
  const refused = [], differ = [], endDiffer = [];
  for (const path of all) {
    const format = formatOf(path.toLowerCase());
    let theirs;
    try {
      theirs = line(tsRead(decode(readFileSync(path)), format));
    } catch (e) {
      console.log(`tsshogi refuses ${path}: ${e.message}`);
      continue;
    }
    const usi = convert(['--to', 'usi', path]);
    if (usi.status !== 0) {
      refused.push(`${path}: ${usi.stderr.trim().replace(/^menagerie: /, '')}`);
      continue;
    }
    if (ourUsi(usi.stdout)?.trim() !== usiOf(theirs).trim()) {
      differ.push(path);
      continue;
    }
    ++same;
    moves += theirs.moves.length;
    const csa = convert(['--to', 'csa', path]);
    const ours = csa.status === 0 ? line(tsRead(csa.stdout, 'csa')).end : 'unwritten';
    if (ours === theirs.end) ++ends;
    else endDiffer.push(`${path}: we read the end as ${ours}, tsshogi as ${theirs.end}`);
  }
  console.log(`${same} of ${all.length} records (${moves} moves) read to the moves tsshogi reads; ${ends} of them to the same end`);
  for (const e of endDiffer) console.log(`end: ${e}`);
  for (const r of refused) console.log(`refused: ${r}`);
  for (const d of differ) console.log(`FAIL: other moves than tsshogi's: ${d}`);
  process.exit(differ.length || !all.length ? 1 : 0);
}

const files = readdirSync(join(here, 'data')).filter((f) => /\.(kif|kifu|ki2|ki2u|csa)$/.test(f)).sort();
if (!files.length) fail('no records in tests/records/data');
let moves = 0;
for (const name of files) {
  const path = join(here, 'data', name);
  const format = formatOf(name);
  let source;
  const text = decode(readFileSync(path));
  try {
    source = line(tsRead(text, format));
  } catch (e) {
    fail(`${name}: ${e.message}`);
    continue;
  }
  moves += source.moves.length;
  const usi = convert(['--to', 'usi', path]);
  if (usi.status !== 0) {
    fail(`${name}: convert --to usi: ${usi.stderr.trim()}`);
    continue;
  }
  if (usi.stdout.split('\n').filter(Boolean).length !== 1) fail(`${name}: --to usi printed more than one line`);
  if (ourUsi(usi.stdout)?.trim() !== usiOf(source).trim())
    fail(`${name}: we read\n  ${ourUsi(usi.stdout)}\ntsshogi reads\n  ${usiOf(source)}`);
  // What we write, read back by tsshogi.
  for (const to of ['kif', 'ki2', 'csa']) {
    const out = convert(['--to', to, path]);
    if (out.status !== 0) {
      fail(`${name}: convert --to ${to}: ${out.stderr.trim()}`);
      continue;
    }
    let back;
    try {
      back = line(tsRead(out.stdout, to));
    } catch (e) {
      fail(`${name} written as ${to}: ${e.message}\n${out.stdout.slice(0, 400)}`);
      continue;
    }
    if (usiOf(back) !== usiOf(source)) fail(`${name} written as ${to}: tsshogi reads other moves:\n  ${usiOf(back)}`);
    // A CSA server's "#TIME_UP" (a flag fall the record has no % line for) is an end we read and tsshogi
    // skips: the record we write says it.
    const serverTimeUp = source.end === null && /^#TIME_UP$/m.test(text);
    if (back.end !== source.end && !(serverTimeUp && back.end === 'timeout'))
      fail(`${name} written as ${to}: the end is ${back.end}, not ${source.end}`);
    for (let i = 0; i < source.plies.length && i < back.plies.length; ++i) {
      if (back.plies[i].comment !== source.plies[i].comment)
        fail(`${name} written as ${to}: ply ${i}'s comment '${back.plies[i].comment}', not '${source.plies[i].comment}'`);
      if (to !== 'ki2' && i > 0 && Math.floor(back.plies[i].ms / 1000) !== Math.floor(source.plies[i].ms / 1000))
        fail(`${name} written as ${to}: ply ${i} took ${back.plies[i].ms} ms, not ${source.plies[i].ms}`);
    }
  }
  // Shift-JIS out, and read again.
  const sjis = spawnSync(binary, ['convert', '--variant', 'shogi', '--to', 'kif', '--encoding', 'sjis', path]);
  const again = convert(['--to', 'usi'], sjis.stdout);
  if (sjis.status !== 0 || ourUsi(again.stdout)?.trim() !== usiOf(source).trim()) fail(`${name}: its Shift-JIS KIF does not read back`);
}
console.log(`ok ${files.length} records (${moves} moves): read as tsshogi reads them, written as KIF, KI2 and CSA that tsshogi reads back`);

// The match runner's records (--record games.kif / .csa): each game a file tsshogi reads, every move of it with
// its engine's report in the form ShogiHome reads (KIF: *評価値= or *詰み=, and a *読み筋= line tsshogi reads
// as legal moves from the position after the move; CSA: Floodgate's '** <score> <moves>).
{
  const dir = mkdtempSync(join(tmpdir(), 'menagerie-records-'));
  let games = 0, commented = 0;
  for (const ext of ['kif', 'csa']) {
    const run = spawnSync(binary, ['match', '--variant', 'shogi', '--each', `cmd=${binary} tc=depth=3`, '--engine', 'name=a',
      '--engine', 'name=b', '--games', '2', '--max-plies', '40', '--record', join(dir, `games.${ext}`), '--quiet'], { encoding: 'utf8' });
    if (run.status !== 0) fail(`match --record games.${ext}: ${run.stderr.trim()}`);
    for (const n of ['001', '002']) {
      const name = `games-${n}.${ext}`;
      let record;
      try {
        const bytes = readFileSync(join(dir, name));
        if (ext === 'kif' && !(bytes.includes(0x81) || bytes.includes(0x82) || bytes.includes(0x88))) fail(`${name}: not Shift-JIS`);
        record = tsRead(decode(bytes), ext);
      } catch (e) {
        fail(`${name}: ${e.message}`);
        continue;
      }
      ++games;
      const l = line(record);
      if (l.moves.length < 4 || !l.end) fail(`${name}: ${l.moves.length} moves, end ${l.end}`);
      // The engines' moves follow the opening's 4 plies (no comment on those).
      record.goto(0);
      for (let ply = 1; record.goForward(); ++ply) {
        if (!record.current.move.usi || ply <= 4) continue;
        const comment = record.current.comment;
        if (ext === 'kif') {
          if (!/^\*(評価値=[+-]?\d+|詰み=(先手|後手)勝ち(:\d+手)?)$/m.test(comment) || !/^\*エンジン=[ab]$/m.test(comment)) {
            fail(`${name}: ply ${ply}'s comment has no score in ShogiHome's form: '${comment}'`);
            continue;
          }
          const pv = /^\*読み筋=(.*)$/m.exec(comment);
          if (pv) {
            const read = ts.parsePV(record.position, pv[1]);
            const said = (pv[1].match(/[▲△]/g) ?? []).length;
            if (read.length !== said) fail(`${name}: ply ${ply}'s line '${pv[1]}': tsshogi reads ${read.length} of ${said} moves`);
          }
        } else if (!/^\* -?\d+( [+-]\d{4}[A-Z]{2})*$/m.test(comment)) {
          fail(`${name}: ply ${ply}'s comment is not Floodgate's '* <score> <moves>': '${comment}'`);
          continue;
        }
        ++commented;
      }
    }
  }
  rmSync(dir, { recursive: true, force: true });
  if (games !== 4) fail(`${games} of 4 match records read`);
  console.log(`ok ${games} match records (KIF in Shift-JIS, CSA): ${commented} engine moves, each with its score and line as ShogiHome reads them`);
}

const bad = readdirSync(join(here, 'bad')).sort();
for (const name of bad) {
  const r = convert(['--to', 'usi', join(here, 'bad', name)]);
  if (r.status === 0 || r.stdout !== '' || !/line \d+/.test(r.stderr)) fail(`${name}: not refused with a line number: ${r.status} ${r.stderr}`);
}
console.log(`ok ${bad.length} bad records refused, each naming its line`);
if (failures) {
  console.error(`${failures} failure(s)`);
  process.exit(1);
}
console.log('all passed');
