// Makes tests/records/data from games played on this machine (`menagerie match --record` game files): each game
// written by tsshogi (ShogiHome's record library, so another program's writer) as KIF in UTF-8 and in
// Shift-JIS, KI2 and CSA, with the players, the date, each move's time and the engine's score as a comment,
// and the end. The records are data for tests/records/tsshogi_test.mjs, made once and kept.
//
//   node tests/records/make_collection.mjs OUT_DIR GAME_FILE:NUMBER[,NUMBER...] ...
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, extname, join } from 'node:path';

const ts = await import(new URL('../web/node_modules/tsshogi/dist/esm/index.mjs', import.meta.url).href);
const [out, ...sources] = process.argv.slice(2);
if (!out || !sources.length) {
  console.error('usage: node tests/records/make_collection.mjs OUT_DIR GAME_FILE:NUMBER[,NUMBER...] ...');
  process.exit(2);
}

// A game of a match game file: its tags and moves with their scores and times.
function games(path) {
  const list = [];
  for (const block of readFileSync(path, 'utf8').split(/\n(?=\[Game )/)) {
    const tag = (name) => new RegExp(`\\[${name} "([^"]*)"\\]`).exec(block)?.[1];
    const body = block.split('\n').filter((l) => !l.startsWith('[')).join(' ');
    const moves = [...body.matchAll(/\d+\. (\S+) \{([^}]*)\}/g)].map((m) => {
      const score = /([+-]\d+)/.exec(m[2])?.[1];
      const ms = Number(/(\d+)ms/.exec(m[2])?.[1] ?? 0);
      return { usi: m[1], score, ms };
    });
    list.push({ number: Number(tag('Game')), sente: tag('Sente'), gote: tag('Gote'), start: tag('Start'),
      opening: (tag('Opening') ?? '').split(' ').filter(Boolean), result: tag('Result'), reason: tag('Reason'),
      date: tag('Date'), moves });
  }
  return list;
}

const sjis = (text) => spawnSync('iconv', ['-f', 'UTF-8', '-t', 'CP932'], { input: text }).stdout;

for (const source of sources) {
  const [path, numbers] = source.split(':');
  const wanted = numbers.split(',').map(Number);
  for (const g of games(path).filter((x) => wanted.includes(x.number))) {
    const record = ts.Record.newByUSI(`sfen ${g.start} moves ${g.opening.join(' ')}`);
    if (record instanceof Error) throw record;
    record.metadata.setStandardMetadata(ts.RecordMetadataKey.BLACK_NAME, g.sente);
    record.metadata.setStandardMetadata(ts.RecordMetadataKey.WHITE_NAME, g.gote);
    record.metadata.setStandardMetadata(ts.RecordMetadataKey.START_DATETIME, g.date.replaceAll('-', '/'));
    record.metadata.setStandardMetadata(ts.RecordMetadataKey.TITLE, 'menagerie match');
    record.goto(Number.MAX_SAFE_INTEGER);
    record.first.comment = `開始局面（${g.opening.length}手の序盤から）`;
    for (const m of g.moves) {
      const move = record.position.createMoveByUSI(m.usi);
      if (!move || !record.append(move)) throw new Error(`game ${g.number}: ${m.usi} is not legal`);
      record.current.setElapsedMs(m.ms);
      if (m.score !== undefined) record.current.comment = `評価値 ${m.score}`;
    }
    // The end, as far as a record can say it: the side to move resigned or lost on time, a draw, or (where
    // the side to move had won, by an adjudication) the game cut off. Not 反則勝ち: tsshogi reads CSA's
    // %+ILLEGAL_ACTION the other way round from how it writes it.
    const moverWon = (g.result === '1-0') === (record.position.color === 'black');
    if (g.result === '1/2-1/2') record.append(ts.SpecialMoveType.REPETITION_DRAW);
    else if (moverWon) record.append(ts.SpecialMoveType.INTERRUPT);
    else if (/time/.test(g.reason ?? '')) record.append(ts.SpecialMoveType.TIMEOUT);
    else record.append(ts.SpecialMoveType.RESIGN);
    const base = join(out, `${basename(path, extname(path))}-game${g.number}`);
    const kif = ts.exportKIF(record);
    writeFileSync(`${base}.kifu`, kif);
    writeFileSync(`${base}-sjis.kif`, sjis(kif));
    writeFileSync(`${base}.ki2`, ts.exportKI2(record));
    writeFileSync(`${base}.csa`, ts.exportCSA(record));
    console.log(`game ${g.number}: ${g.moves.length + g.opening.length} moves`);
  }
}
