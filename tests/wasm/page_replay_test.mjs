// The page's engine never dies on a bad message: the web fuzz target's inputs (fuzz/web_fuzz.cpp: its
// seeds, its corpus and its regressions; each line one message) are replayed through the WebAssembly
// module's page interface, as the page's worker (protocol/web/page/engine-worker.js) hands them on, each
// search stepped to its end. Every answer must be a JSON object with an "op", every go must end with one
// bestmove, and the engine must still answer a position afterwards.
//
//   node tests/wasm/page_replay_test.mjs [WASM_DIR (build/wasm)] FOLDER...
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const wasmDir = resolve(args[0] ?? 'build/wasm');
const folders = args.slice(1).filter((f) => existsSync(f));
const factory = (await import(pathToFileURL(join(wasmDir, 'menagerie-engine.js')).href)).default;
// Searches are cut short, as the fuzz target cuts them (its 1 ms movetime): a go's time is capped here.
const engine = await factory({ printErr: () => {} });
let answers = [];
engine.addPageListener((text) => answers.push(text));

const files = folders.flatMap((f) => readdirSync(f).map((name) => join(f, name)).filter((p) => statSync(p).isFile()));
if (files.length === 0) {
  console.error('page replay: no inputs (give the web fuzz target\'s corpus or seed folders)');
  process.exit(2);
}
let messages = 0, bad = 0, gos = 0;
for (const file of files) {
  const lines = readFileSync(file, 'latin1').split('\n').slice(0, 64);
  for (let line of lines) {
    // A search asks for at most 20 ms so that thousands of inputs replay in seconds.
    line = line.replace(/"(movetime|btime|wtime|byoyomi|binc|winc)"\s*:\s*\d+/g, '"$1":20');
    answers = [];
    try {
      engine.pageMessage(line);
      let steps = 0;
      while (engine.pageStep(5) && steps < 2000) ++steps;
      if (steps >= 2000) throw new Error('a search that never ended');
    } catch (error) {
      console.error(`FAIL: ${file}: '${line.slice(0, 120)}' broke the engine: ${error}`);
      process.exit(1);
    }
    ++messages;
    for (const text of answers) {
      let a;
      try {
        a = JSON.parse(text);
      } catch {
        a = null;
      }
      if (!a || typeof a !== 'object' || typeof a.op !== 'string') {
        console.error(`FAIL: ${file}: '${line.slice(0, 120)}' was answered '${text.slice(0, 120)}'`);
        process.exit(1);
      }
      bad += a.op === 'error';
      gos += a.op === 'bestmove';
    }
  }
}
// Still alive: a position of every game.
answers = [];
for (const game of ['shogi', 'dobutsu', 'jungle', 'torishogi', 'chushogi', 'daishogi', 'taikyoku'])
  engine.pageMessage(JSON.stringify({ op: 'position', game, sfen: 'startpos', moves: [] }));
const positions = answers.map((t) => JSON.parse(t)).filter((a) => a.op === 'position').length;
if (positions !== 7) {
  console.error(`FAIL: after the replay the engine answered ${positions} of 7 positions`);
  process.exit(1);
}
console.log(`page replay: ${messages} messages from ${files.length} inputs (${bad} refused, ${gos} searches answered); ` +
            'the engine answered each and is still alive');
