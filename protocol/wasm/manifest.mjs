// ShogiHome's engine manifest (engine.json, its WebAssembly engine ABI shogihome-wasm-engine/1) made from the
// engine's own answer to `usi` on stdin, so that the options it lists are the ones the engine declares:
//   printf 'usi\nquit\n' | node build/wasm/menagerie.js | node protocol/wasm/manifest.mjs > engine.json
// The presets are the engine at full strength and at three of its named playing levels (search/skill.hpp),
// each with one thread, as the ABI asks; an id, once published, never changes (ShogiHome saves it in its
// users' settings).
import { readFileSync } from 'node:fs';

const lines = readFileSync(0, 'utf8').split(/\r?\n/);
const field = (prefix) => lines.find((l) => l.startsWith(prefix))?.slice(prefix.length).trim();
const name = field('id name ');
const author = field('id author ');
if (!name || !author || !lines.includes('usiok')) {
  process.stderr.write('manifest: expected the engine\'s answer to usi (id name, id author, option lines, usiok)\n');
  process.exit(1);
}

// "option name N type T [default D] [min A] [max B] [var V]...": names and values may hold spaces.
function readOption(line) {
  const m = /^option name (.+?) type (check|spin|combo|button|string|filename)(?: (.*))?$/.exec(line);
  if (!m) throw new Error(`cannot read '${line}'`);
  const option = { name: m[1], type: m[2] };
  const rest = m[3] ?? '';
  const parts = rest.split(/ (?=(?:default|min|max|var) )/).filter((p) => p !== '');
  for (const part of parts) {
    const space = part.indexOf(' ');
    const key = space < 0 ? part : part.slice(0, space);
    const value = space < 0 ? '' : part.slice(space + 1);
    if (key === 'default') option.default = option.type === 'spin' ? Number(value) : value;
    else if (key === 'min') option.min = Number(value);
    else if (key === 'max') option.max = Number(value);
    else if (key === 'var') (option.vars ??= []).push(value);
  }
  return option;
}

const options = lines.filter((l) => l.startsWith('option name ')).map(readOption);
const skill = options.find((o) => o.name === 'Skill_Level');
const presets = [{ id: 'menagerie-shogi-v1', displayName: 'Menagerie', values: { USI_Variant: 'shogi', Threads: 1 } }];
if (skill) {
  for (const [level, word] of [[4, 'easy'], [8, 'normal'], [12, 'hard']]) {
    presets.push({
      id: `menagerie-shogi-${word}-v1`,
      displayName: `Menagerie (${word}, level ${level})`,
      values: { USI_Variant: 'shogi', Threads: 1, Skill_Level: level },
    });
  }
}

const manifest = {
  abi: 'shogihome-wasm-engine/1',
  module: 'menagerie-engine.js',
  moduleFormat: 'esm',
  name,
  author,
  options,
  presets,
};
process.stdout.write(JSON.stringify(manifest, null, 2) + '\n');
