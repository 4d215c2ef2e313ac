// The browser board in a real browser: for every game the engine knows, headless Chromium opens the page,
// checks that the destinations it marks for each piece are the engine's legal moves, plays moves by clicking
// (drops, promotion choices, two-step lion moves), undoes, plays against the engine, and finishes a short
// game. Then what a player expects of the page: a move list to walk, the game kept across reloads and in
// the address, a promotion question that blocks the board, a page that says what is happening, Jungle's
// colours, big boards that fit, records that load, analysis that waits its turn, clocks, and the learning
// aids (rules, piece moves, the piece finder, what each move took).
//
//   node tests/web/browser_test.mjs BINARY [--screenshots DIR] [--games a,b] [--tablebase FILE] [--site DIR]
// With a Dobutsu tablebase, also: every move's value listed, and shown on the marked destinations.
// With --site (build/wasm/site, scripts/wasm.sh): the same tests on the static site, whose page runs the
// WebAssembly engine in a worker; `menagerie serve` (BINARY) is then only the independent client's reference.
// What only a server has (searches shared between tabs) gives way to what only the worker has (its restart).
import puppeteer from 'puppeteer-core';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { Api, check, fail, launchBrowser, startServer, startStaticServer } from './harness.mjs';

const args = process.argv.slice(2);
const binary = args[0];
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const shots = option('--screenshots');
const only = option('--games')?.split(',');
const tablebase = option('--tablebase');
const site = option('--site');
const wanted = (name) => !only || only.includes(name);

// Positions one move from the end, to finish a game by clicking (the move is found by asking the engine).
const endings = {
  shogi: '4k4/9/4G4/9/9/9/9/9/4K4 b G 1',
  dobutsu: '1l1/1L1/3/3 b - 1',
  jungle: '7/3R3/7/7/7/7/7/7/r6 b 1',
  torishogi: '3k3/7/3F3/7/7/7/3K3 b C 1',
  chushogi: '6k5/6G5/12/12/12/12/12/12/12/12/12/6K5 b - 1',
  daishogi: '7k7/7G7/15/15/15/15/15/15/15/15/15/15/15/15/7K7 b - 1',
  taikyoku: `18k17/18(GLG)17/${'36/'.repeat(33)}18K17 b - 1`,
};
// Positions rich in the moves entered in several clicks (chu: lions, falcon and eagle, promotion choices).
const busy = {
  chushogi: '10k1/12/9r1a/12/12/1n3pg5/2s3p5/3+D2+H2N1+O/11P/12/12/K11 b - 1',
  shogi: 'lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1',
};

let step = '';
const log = (text) => console.log(`ok ${step}: ${text}`);
const wait = (page, condition, timeout = 20000) => page.waitForFunction(condition, { timeout, polling: 100 });
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function ready(page, extra = '') {
  await wait(page, `document.body.dataset.pending === '0' && document.body.dataset.side !== '' && document.body.dataset.game !== ''${extra}`);
}

async function state(page) {
  return page.evaluate(() => ({ ...document.body.dataset, sfen: window.menagerie.pos?.sfen,
    status: document.getElementById('status').textContent,
    message: document.getElementById('message').textContent,
    moves: [...document.querySelectorAll('#moves li')].map((li) => li.dataset.usi) }));
}

// A page of its own (its own storage, as a new visitor's), errors collected.
async function openPage(browser, url, { width = 1280, height = 900, mobile = false, clipboard = false } = {}) {
  const context = await browser.createBrowserContext();
  if (clipboard) await context.overridePermissions(new URL(url).origin, ['clipboard-read', 'clipboard-write', 'clipboard-sanitized-write']);
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (e) => page.errors.push(e.message));
  await page.setViewport(mobile ? { width, height, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : { width, height });
  if (url) await page.goto(url);
  page.done = async () => {
    check(page.errors.length === 0, `errors in the page: ${page.errors.join('; ')}`);
    await context.close();
  };
  return page;
}

async function clickCell(page, sq) {
  // Where a person would click: the middle of the cell, scrolled into view (on top may be a piece or a mark).
  const square = await page.$(`svg.board rect.sq[data-sq="${sq}"]`);
  check(square, `no cell ${sq}`);
  await square.evaluate((e) => e.scrollIntoView({ block: 'center', inline: 'center' }));
  const box = await square.boundingBox();
  check(box, `cell ${sq} is not visible`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

async function marks(page) {
  return page.$$eval('svg.board .marks .mark', (els) => els.map((e) => Number(e.dataset.sq)).sort((a, b) => a - b));
}

const sorted = (set) => [...set].sort((a, b) => a - b);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

// Every piece of the side to move: the marks equal the first squares of the engine's moves from it.
async function checkMarks(page, answer, limit = 40) {
  const froms = [...new Set(answer.moves.filter((m) => m.from !== undefined).map((m) => m.from))].slice(0, limit);
  for (const from of froms) {
    await clickCell(page, from);
    await wait(page, `document.body.dataset.selecting === 'piece'`, 5000);
    const expected = sorted(new Set(answer.moves.filter((m) => m.from === from).map((m) => m.path[0])));
    const shown = await marks(page);
    check(same(shown, expected), `cell ${from}: page marks ${shown}, engine moves go to ${expected}`);
    await clickCell(page, from);  // the piece again: unselected
    await wait(page, `document.body.dataset.selecting === ''`, 5000);
  }
  const drops = [...new Set(answer.moves.filter((m) => m.drop).map((m) => m.drop))];
  for (const piece of drops) {
    await page.click(`.hand-piece[data-piece="${piece}"][data-side="${answer.side}"]`);
    await wait(page, `document.body.dataset.selecting === 'piece'`, 5000);
    const expected = sorted(new Set(answer.moves.filter((m) => m.drop === piece).map((m) => m.path[0])));
    const shown = await marks(page);
    check(same(shown, expected), `drop ${piece}: page marks ${shown.length} cells, the engine ${expected.length}`);
    await page.click(`.hand-piece[data-piece="${piece}"][data-side="${answer.side}"]`);
    await wait(page, `document.body.dataset.selecting === ''`, 5000);
  }
  return froms.length + drops.length;
}

// Enters a move square by square, as a person would, and waits for the engine to accept it.
async function enterMove(page, move, side) {
  const before = Number((await state(page)).ply);
  if (move.drop) await page.click(`.hand-piece[data-piece="${move.drop}"][data-side="${side}"]`);
  else await clickCell(page, move.from);
  for (const sq of move.path) {
    await clickCell(page, sq);
  }
  // Where the rules offer a choice the page asks; where longer moves share these squares, it waits for "end".
  const open = await page.$('#modal[data-open="1"] #promote-yes');
  if (open) await page.click(move.promote ? '#promote-yes' : '#promote-no');
  else if ((await state(page)).selecting === 'path') await page.click('#end-here');
  // (Against the engine, its reply may follow before the page is looked at again.)
  await wait(page, `Number(document.body.dataset.ply) >= ${before + 1} && document.body.dataset.pending === '0'`, 10000);
  const s = await state(page);
  check(s.moves[before] === move.usi, `entered ${move.usi}, the move list says ${s.moves[before]}`);
}

// Loads a record through the page's own box (confirming the discard of a game in progress when asked).
async function load(page, text, confirm = true) {
  await page.$eval('#load-box', (e) => { e.open = true; });
  await page.$eval('#sfen-text', (e, v) => { e.value = v; }, text);
  await page.click('#sfen-set');
  await sleep(100);
  if (await page.$('#modal[data-open="1"] #confirm-yes')) await page.click(confirm ? '#confirm-yes' : '#confirm-no');
}

async function testGame(browser, url, api, game) {
  step = game.name;
  const page = await openPage(browser, `${url}?game=${game.name}`);
  await ready(page, ` && document.body.dataset.game === '${game.name}'`);

  // 1. Marked destinations equal the engine's legal moves, for every piece that can move.
  let answer = await api.position(game.name, 'startpos');
  const checked = await checkMarks(page, answer);
  log(`marks of ${checked} pieces equal the engine's legal moves`);

  // With a table: every legal move's value listed as the engine gives it, and shown on the destinations.
  if (tablebase && game.tables) {
    const values = Object.entries(answer.values);
    check(values.length === answer.moves.length, `the table gave ${values.length} values for ${answer.moves.length} moves`);
    const listed = await page.$$eval('#value-list li', (els) => els.map((e) => e.textContent));
    check(same(listed.sort(), values.map(([m, v]) => `${m}: ${v}`).sort()), `values listed: ${listed.join(', ')}`);
    const from = answer.moves[0].from;
    await clickCell(page, from);
    const shown = await page.$$eval('svg.board .mark text.value', (els) => els.length);
    const expected = new Set(answer.moves.filter((m) => m.from === from).map((m) => m.path[0])).size;
    check(shown === expected, `${shown} values on ${expected} destinations`);
    if (shots) await page.screenshot({ path: `${shots}/${game.name}-tablebase.png` });
    await clickCell(page, from);
    log(`tablebase: ${values.map(([m, v]) => `${m} ${v}`).join(', ')}`);
  }

  // 2. Moves by clicking, each compared with the engine's own position after it.
  const played = [];
  for (let i = 0; i < 6; ++i) {
    answer = await api.position(game.name, 'startpos', played);
    // A capture or a promotion when there is one, so that hands and choices get used; else a varied move.
    const moves = answer.moves;
    const special = moves.filter((m) => m.drop || m.promote || m.path.length > 1 ||
      (m.path.length && answer.cells[m.path[m.path.length - 1]] !== ''));
    const move = special.length ? special[(i * 5) % special.length] : moves[(i * 7 + 3) % moves.length];
    await enterMove(page, move, answer.side);
    played.push(move.usi);
    const after = await api.position(game.name, 'startpos', played);
    const s = await state(page);
    check(s.sfen === after.sfen, `after ${played.join(' ')}: page ${s.sfen}, engine ${after.sfen}`);
    if (after.over) break;
  }
  log(`played ${played.join(' ')} by clicking`);
  answer = await api.position(game.name, 'startpos', played);
  if (!answer.over) {
    const n = await checkMarks(page, answer, 12);
    log(`marks of ${n} pieces and hand pieces equal the engine's after ${played.length} moves`);
  }

  // 3. Undo takes back the whole last move; redo plays it again.
  await page.click('#undo');
  await wait(page, `Number(document.body.dataset.ply) === ${played.length - 1} && document.body.dataset.pending === '0'`);
  const undone = await api.position(game.name, 'startpos', played.slice(0, -1));
  check((await state(page)).sfen === undone.sfen, 'undo did not restore the position before the last move');
  await page.click('#redo');
  await wait(page, `Number(document.body.dataset.ply) === ${played.length} && document.body.dataset.pending === '0'`);
  check((await state(page)).sfen === (await api.position(game.name, 'startpos', played)).sfen, 'redo did not replay the move');
  log('undo restores the position, redo replays the move');

  // 4. Against the engine (second player), at a low level and a short time.
  await page.select('#skill', '4');
  await page.select('#time', '200');
  if ((await state(page)).side !== 'b') {
    await page.click('#undo');
    await wait(page, `document.body.dataset.side === 'b' && document.body.dataset.pending === '0'`);
  }
  await page.select('#mode', 'engine-w');
  await wait(page, `document.body.dataset.side === 'b' && document.body.dataset.searching === '' && document.body.dataset.pending === '0'`);
  let s = await state(page);
  const base = s.moves.slice(0, Number(s.ply));
  answer = await api.position(game.name, 'startpos', base);
  if (!answer.over) {
    await enterMove(page, answer.moves[0], 'b');
    await wait(page, `Number(document.body.dataset.ply) === ${base.length + 2} && document.body.dataset.searching === '' && document.body.dataset.pending === '0'`);
    s = await state(page);
    const check2 = await api.position(game.name, 'startpos', s.moves);
    check(check2.op === 'position' && check2.sfen === s.sfen, 'the engine\'s reply is not a legal move');
    // Its search for its own move was not shown as analysis.
    check(await page.$eval('#depth', (e) => e.textContent) === '–', 'the engine\'s own search filled the Analysis panel');
    log(`against the engine: ${answer.moves[0].usi}, the engine answered ${s.moves[s.moves.length - 1]}`);
    // Undo against the engine returns to the person's turn (two plies).
    await page.click('#undo');
    await wait(page, `Number(document.body.dataset.ply) === ${base.length} && document.body.dataset.pending === '0'`);
  }
  await page.select('#mode', 'two');

  // 5. Chu and shogi: moves entered in several clicks, from a position that has many.
  if (busy[game.name]) {
    await load(page, busy[game.name]);
    await wait(page, `document.body.dataset.ply === '0' && document.body.dataset.plies === '0' && document.body.dataset.pending === '0'`);
    answer = await api.position(game.name, busy[game.name]);
    const kinds = [
      ['two-step', (m) => m.path.length === 2 && m.path[1] !== m.from],
      ['igui or jitto', (m) => m.path.length === 2 && m.path[1] === m.from],
      ['promotion chosen', (m) => m.promote && answer.moves.some((o) => o.usi === m.usi.slice(0, -1))],
      ['promotion declined', (m) => !m.promote && answer.moves.some((o) => o.usi === m.usi + '+')],
    ];
    for (const [what, test] of kinds) {
      const move = answer.moves.find(test);
      if (!move) continue;
      await enterMove(page, move, answer.side);
      const after = await api.position(game.name, busy[game.name], [move.usi]);
      check((await state(page)).sfen === after.sfen, `${what} ${move.usi}: positions differ`);
      log(`${what}: ${move.usi} entered by clicking`);
      await page.click('#undo');
      await wait(page, `document.body.dataset.ply === '0' && document.body.dataset.pending === '0'`);
    }
  }

  // 6. The end of a game, with its reason, in the banner.
  // Every game the engine knows is played to its end here: a game without a position below is not finished.
  const sfen = endings[game.name];
  check(sfen, `no position one move from the end for ${game.name}: add one to 'endings'`);
  {
    await load(page, sfen);
    await wait(page, `document.body.dataset.ply === '0' && document.body.dataset.plies === '0' && document.body.dataset.pending === '0'`);
    answer = await api.position(game.name, sfen);
    let ending = null;
    let result = null;
    for (const m of answer.moves) {
      const r = await api.position(game.name, sfen, [m.usi]);
      if (r.over) {
        ending = m;
        result = r;
        break;
      }
    }
    check(ending, `no move ends the game from ${sfen}`);
    await enterMove(page, ending, answer.side);
    await wait(page, `document.body.dataset.over === '1'`);
    s = await state(page);
    const banner = await page.$eval('#result', (e) => ({ hidden: e.hidden, title: e.querySelector('#result-title').textContent,
      reason: e.querySelector('#result-reason').textContent }));
    const winner = result.winner ? (result.winner === 'b' ? 0 : 1) : -1;
    const players = game.name === 'jungle' ? ['Red', 'Blue'] : ['Sente', 'Gote'];
    check(!banner.hidden && (winner < 0 ? banner.title.startsWith('Draw') : banner.title.startsWith(`${players[winner]} wins`)),
      `the result banner says '${banner.title}'`);
    check(s.status.includes('Game over') && !/\([^()]*\(/.test(s.status), `status '${s.status}'`);
    check(banner.reason.toLowerCase().includes(result.reason.replace(/^the side (not )?to move /, '').replace(/ \(.*/, '').toLowerCase()),
      `banner reason '${banner.reason}' for '${result.reason}'`);
    log(`${ending.usi} ends the game: "${banner.title}: ${banner.reason}"`);
    if (shots) await page.screenshot({ path: `${shots}/${game.name}-end.png` });
    await page.click('#undo');
    await wait(page, `document.body.dataset.over === '0' && document.body.dataset.pending === '0'`);
  }

  // Chu: a bare king, said as a sentence about the players.
  if (game.name === 'chushogi') {
    await load(page, '6k5/12/12/12/12/12/12/12/12/5p6/5GS5/6K5 b - 1 moves 7k7j');
    await wait(page, `document.body.dataset.over === '1' && document.body.dataset.pending === '0'`);
    const reason = await page.$eval('#result-reason', (e) => e.textContent);
    s = await state(page);
    check(reason === 'Gote is bared: bare king' && !/\([^()]*\(/.test(s.status), `bare king: '${reason}', status '${s.status}'`);
    log(`bare king: "${s.status}"`);
  }

  // A screenshot of the board from the start, a few moves in, for the README.
  if (shots) {
    await page.select('#mode', 'two');
    await load(page, 'startpos');
    await wait(page, `document.body.dataset.ply === '0' && document.body.dataset.plies === '0' && document.body.dataset.pending === '0'`);
    const opening = [];
    for (let i = 0; i < 4; ++i) {
      const a = await api.position(game.name, 'startpos', opening);
      const m = a.moves[(i * 11 + 5) % a.moves.length];
      await enterMove(page, m, a.side);
      opening.push(m.usi);
    }
    const a = await api.position(game.name, 'startpos', opening);
    const from = a.moves.find((m) => m.from !== undefined)?.from;
    if (from !== undefined) await clickCell(page, from);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${shots}/${game.name}.png` });
  }
  await page.done();
}

// The move list shows every ply and is walked with clicks, buttons and keys; the game survives a reload,
// lives in the address, and is not discarded without asking.
async function testRecord(browser, url, api) {
  step = 'record';
  const page = await openPage(browser, `${url}?game=shogi`, { clipboard: true });
  await ready(page);
  // A 30-ply game, loaded as a record.
  const line = [];
  for (let i = 0; i < 30; ++i) {
    const a = await api.position('shogi', 'startpos', line);
    line.push(a.moves[(i * 7 + 2) % a.moves.length].usi);
  }
  await load(page, `position startpos moves ${line.join(' ')}`);
  await wait(page, `document.body.dataset.ply === '30' && document.body.dataset.pending === '0'`);
  let s = await state(page);
  check(same(s.moves, line), `the move list shows ${s.moves.length} of 30 plies`);
  const inView = () => page.evaluate(() => {
    const box = document.getElementById('moves').getBoundingClientRect();
    const li = document.querySelector('#moves li.current')?.getBoundingClientRect();
    return !!li && li.top >= box.top - 1 && li.bottom <= box.bottom + 1;
  });
  check(await inView(), 'the current ply is not in view in the move list');
  // Walk: a click on ply 5, back, forward, the start, the end, arrow keys.
  await page.$eval('#moves li[data-ply="5"]', (e) => e.scrollIntoView());
  await page.click('#moves li[data-ply="5"]');
  await wait(page, `document.body.dataset.ply === '5' && document.body.dataset.pending === '0'`);
  check((await state(page)).sfen === (await api.position('shogi', 'startpos', line.slice(0, 5))).sfen, 'ply 5 shows another position');
  check(await inView(), 'ply 5 is not in view');
  await page.click('#nav-back');
  await wait(page, `document.body.dataset.ply === '4' && document.body.dataset.pending === '0'`);
  await page.click('#nav-forward');
  await wait(page, `document.body.dataset.ply === '5' && document.body.dataset.pending === '0'`);
  await page.click('#nav-first');
  await wait(page, `document.body.dataset.ply === '0' && document.body.dataset.pending === '0'`);
  await page.click('#nav-last');
  await wait(page, `document.body.dataset.ply === '30' && document.body.dataset.pending === '0'`);
  await page.focus('body');
  await page.keyboard.press('ArrowLeft');
  await wait(page, `document.body.dataset.ply === '29' && document.body.dataset.pending === '0'`);
  await page.keyboard.press('Home');
  await wait(page, `document.body.dataset.ply === '0' && document.body.dataset.pending === '0'`);
  await page.keyboard.press('End');
  await wait(page, `document.body.dataset.ply === '30' && document.body.dataset.pending === '0'`);
  log('30 plies listed; ply click, back, forward, first, last and the arrow keys walk them');
  // Reload: the game, its position, the players and the level are kept.
  await page.keyboard.press('ArrowLeft');
  await wait(page, `document.body.dataset.ply === '29' && document.body.dataset.pending === '0'`);
  await page.select('#skill', '12');
  await page.reload();
  await ready(page);
  s = await state(page);
  check(s.ply === '29' && same(s.moves, line) && await page.$eval('#skill', (e) => e.value) === '12', `after a reload: ply ${s.ply}, ${s.moves.length} moves`);
  // The address opens the same game in a new visitor's browser.
  const link = page.url();
  check(link.includes('#game=shogi') && link.includes('moves='), `the address ${link} does not hold the game`);
  const other = await openPage(browser, link);
  await ready(other);
  const o = await state(other);
  check(o.ply === '29' && same(o.moves, line), `the link opened ply ${o.ply} with ${o.moves.length} moves`);
  await other.done();
  log('a reload keeps the game, the ply and the level; the address opens it elsewhere');
  // Another game and back: both kept.
  await page.select('#game', 'dobutsu');
  await ready(page, ` && document.body.dataset.game === 'dobutsu'`);
  const d = await api.position('dobutsu', 'startpos');
  await enterMove(page, d.moves[0], 'b');
  await page.select('#game', 'shogi');
  await ready(page, ` && document.body.dataset.game === 'shogi'`);
  check((await state(page)).ply === '29', 'going to another game and back lost the shogi game');
  await page.select('#game', 'dobutsu');
  await ready(page, ` && document.body.dataset.game === 'dobutsu'`);
  check((await state(page)).ply === '1', 'the Dobutsu game was lost');
  // New game asks first; "keep playing" keeps it.
  await page.click('#new');
  await wait(page, `document.body.dataset.modal === '1'`, 5000);
  await page.click('#confirm-no');
  await wait(page, `document.body.dataset.modal === '0'`, 5000);
  check((await state(page)).ply === '1', 'declining the new game lost the game');
  await page.click('#new');
  await wait(page, `document.body.dataset.modal === '1'`, 5000);
  await page.click('#confirm-yes');
  await wait(page, `document.body.dataset.plies === '0' && document.body.dataset.pending === '0'`);
  log('each game kept when another is chosen; a new game asks before discarding one in progress');
  // A malformed link: refused in plain words, the saved game kept.
  const bad = await openPage(browser, `${url}#game=shogi&moves=7g7f+9a9z`);
  await ready(bad);
  const b = await state(bad);
  check(b.message.includes('could not be opened') && !b.message.includes('position:'), `a bad link says '${b.message}'`);
  check(b.plies === '0', 'a bad link left moves');
  await bad.done();
  // The record copied is read back.
  await page.select('#game', 'shogi');
  await ready(page, ` && document.body.dataset.game === 'shogi'`);
  await page.click('#copy-record');
  await sleep(200);
  const copied = await page.evaluate(async () => {
    const area = document.getElementById('copy-area');
    if (!area.hidden && area.value) return area.value;
    try { return await navigator.clipboard.readText(); } catch { return ''; }
  });
  check(copied === `position startpos moves ${line.join(' ')}`, `copied '${copied.slice(0, 80)}'`);
  await load(page, 'position startpos moves 7g7f');
  await wait(page, `document.body.dataset.plies === '1' && document.body.dataset.pending === '0'`);
  await load(page, copied);
  await wait(page, `document.body.dataset.plies === '30' && document.body.dataset.pending === '0'`);
  // A bad record: refused plainly, the game kept.
  await page.$eval('#message', (e) => { e.textContent = ''; });
  await load(page, 'position startpos moves 7g7f 7g7f');
  await wait(page, `document.getElementById('message').textContent !== ''`, 5000);
  s = await state(page);
  check(s.plies === '30' && !/position: position|^position:/.test(s.message) && s.message.includes('could not be loaded'), `a bad record: '${s.message}', ${s.plies} plies`);
  log(`the copied record loads back; a bad one is refused: "${s.message}"`);
  await page.done();
}

// Shogi's own records: a KI2 pasted, a Shift-JIS KIF file opened (the same moves as `menagerie convert` reads),
// the game copied and downloaded as KIF and CSA and read back, a bad record refused with its line, and a
// record pasted while another game is shown opening shogi.
async function testShogiRecords(browser, url) {
  step = 'shogi records';
  const data = new URL('../records/data/', import.meta.url).pathname;
  const usiOf = (file) => spawnSync(binary, ['convert', '--variant', 'shogi', '--to', 'usi', data + file], { encoding: 'utf8' }).stdout.trim();
  const movesOf = (usi) => (usi.split(' moves ')[1] || '').split(' ').filter(Boolean);
  const page = await openPage(browser, `${url}?game=shogi`, { clipboard: true });
  await ready(page, ` && document.body.dataset.game === 'shogi'`);
  let s = await state(page);
  check(await page.$eval('#record-tools', (e) => !e.hidden), 'no record buttons for shogi');
  // A KI2 record pasted (a handicap, words that tell pieces apart).
  const ki2 = readFileSync(data + 'handicap-game5.ki2', 'utf8');
  const ki2Moves = movesOf(usiOf('handicap-game5.ki2'));
  await load(page, ki2);
  await wait(page, `document.body.dataset.plies === '${ki2Moves.length}' && document.body.dataset.pending === '0'`);
  s = await state(page);
  check(s.moves.join(' ') === ki2Moves.join(' '), 'the pasted KI2 loads other moves');
  check(await page.evaluate(() => window.menagerie.record.start.startsWith('lnsgkgsnl/7b1/')), 'the handicap start is not kept');
  // Stepping through it.
  await page.click('#nav-first');
  await wait(page, `document.body.dataset.ply === '0' && document.body.dataset.pending === '0'`);
  await page.click('#nav-forward');
  await wait(page, `document.body.dataset.ply === '1' && document.body.dataset.pending === '0'`);
  log(`a pasted KI2 handicap game: ${ki2Moves.length} moves, stepped through`);
  // A Shift-JIS KIF file opened.
  const sjisMoves = movesOf(usiOf('gpsusi-game1-sjis.kif'));
  await page.$eval('#load-box', (e) => { e.open = true; });
  const input = await page.$('#record-file');
  await input.uploadFile(data + 'gpsusi-game1-sjis.kif');
  await sleep(300);
  if (await page.$('#modal[data-open="1"] #confirm-yes')) await page.click('#confirm-yes');
  await wait(page, `document.body.dataset.plies === '${sjisMoves.length}' && document.body.dataset.pending === '0'`);
  s = await state(page);
  check(s.moves.join(' ') === sjisMoves.join(' '), 'the Shift-JIS KIF file loads other moves');
  log(`a Shift-JIS KIF file opened: ${sjisMoves.length} moves, as menagerie convert reads them`);
  // Copied as KIF and as CSA, each loads back to the same game; downloads are .kifu and .csa files.
  for (const format of ['kif', 'csa']) {
    await page.evaluate(() => { document.getElementById('copy-area').value = ''; });
    await page.click(`#copy-${format}`);
    await wait(page, `document.getElementById('message').textContent.includes('${format.toUpperCase()} record')`, 5000);
    const copied = await page.evaluate(async () => {
      const area = document.getElementById('copy-area');
      if (!area.hidden && area.value) return area.value;
      try { return await navigator.clipboard.readText(); } catch { return ''; }
    });
    check(format === 'kif' ? copied.includes('手数----指手') : copied.startsWith('V2.2'), `copied as ${format}: '${copied.slice(0, 60)}'`);
    await load(page, 'position startpos moves 7g7f');
    await wait(page, `document.body.dataset.plies === '1' && document.body.dataset.pending === '0'`);
    await load(page, copied);
    await wait(page, `document.body.dataset.plies === '${sjisMoves.length}' && document.body.dataset.pending === '0'`);
    check((await state(page)).moves.join(' ') === sjisMoves.join(' '), `the ${format} copy loads other moves`);
  }
  // The files the page would save: each blob it makes a link to, read, and the link's file name.
  await page.evaluate(() => {
    window.downloads = [];
    const blobs = new Map();
    const make = URL.createObjectURL;
    URL.createObjectURL = (blob) => {
      const url = make(blob);
      blobs.set(url, blob);
      return url;
    };
    HTMLAnchorElement.prototype.click = function click() {
      const name = this.download;
      blobs.get(this.href).text().then((text) => window.downloads.push({ name, text }));
    };
  });
  await page.click('#download-kif');
  await page.click('#download-csa');
  await wait(page, 'window.downloads.length === 2', 5000);
  const files = await page.evaluate(() => window.downloads);
  check(/^shogi-.*\.kifu$/.test(files[0].name) && files[0].text.includes('手数----指手'), `downloaded ${files[0].name}`);
  check(/^shogi-.*\.csa$/.test(files[1].name) && files[1].text.startsWith('V2.2'), `downloaded ${files[1].name}`);
  log(`copied and downloaded as KIF (${files[0].name}) and CSA, read back to the same ${sjisMoves.length} moves`);
  // A bad record: refused with its line, the game kept.
  await page.$eval('#message', (e) => { e.textContent = ''; });
  await load(page, '手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３五歩(33)\n');
  await wait(page, `document.getElementById('message').textContent !== ''`, 5000);
  s = await state(page);
  check(/line 4/.test(s.message) && s.plies === String(sjisMoves.length), `a bad KIF: '${s.message}', ${s.plies} plies`);
  log(`a bad KIF refused: "${s.message}"`);
  // From Dobutsu shogi, a pasted KIF opens shogi.
  await page.select('#game', 'dobutsu');
  await ready(page, ` && document.body.dataset.game === 'dobutsu'`);
  check(await page.$eval('#record-tools', (e) => e.hidden), 'record buttons for Dobutsu shogi');
  await load(page, '手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n');
  await sleep(300);
  if (await page.$('#modal[data-open="1"] #record-open-yes')) await page.click('#record-open-yes');
  await wait(page, `document.body.dataset.game === 'shogi' && document.body.dataset.plies === '2' && document.body.dataset.pending === '0'`);
  log('a KIF pasted on the Dobutsu board opens shogi');
  await page.done();
}

// The promotion question blocks the board; the engine's play is not analysis; the page says it thinks.
async function testPlay(browser, url, api) {
  step = 'play';
  const page = await openPage(browser, `${url}?game=shogi`);
  await ready(page);
  await load(page, busy.shogi);
  await wait(page, `document.body.dataset.plies === '0' && document.body.dataset.pending === '0'`);
  const a = await api.position('shogi', busy.shogi);
  const promo = a.moves.find((m) => m.promote);
  await clickCell(page, promo.from);
  await clickCell(page, promo.path[0]);
  await wait(page, `document.body.dataset.modal === '1'`, 5000);
  // A click on the board while the question is open does nothing.
  const other = a.moves.find((m) => m.from !== promo.from);
  const box = await page.$eval(`svg.board rect.sq[data-sq="${other.from}"]`, (e) => {
    const r = e.getBoundingClientRect();
    return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
  });
  await page.mouse.click(box.x, box.y);
  await sleep(200);
  let s = await state(page);
  check(s.modal === '1' && s.ply === '0' && s.selecting === 'piece', 'a board click went through the promotion question');
  await page.click('#promote-yes');
  await wait(page, `document.body.dataset.ply === '1' && document.body.dataset.pending === '0'`);
  check((await state(page)).moves[0] === promo.usi, 'the promotion played another move');
  log(`the promotion question blocks the board; ${promo.usi} played`);
  // Against the engine: "thinking" shown, a click then explained, the Analysis panel untouched.
  await page.select('#time', '3000');
  await page.select('#skill', '20');  // the lower levels answer at once
  await page.select('#mode', 'engine-w');
  await wait(page, `document.body.dataset.searching === 'play'`, 5000);
  s = await state(page);
  check(s.status.includes('thinking'), `while the engine thinks the status says '${s.status}'`);
  await clickCell(page, a.moves[0].from);
  await sleep(150);
  s = await state(page);
  check(s.message.includes('thinking'), `a click while the engine thinks says '${s.message}'`);
  check(await page.$eval('#depth', (e) => e.textContent) === '–' && !(await page.$('svg.board .arrows polyline')), 'the engine\'s play shows as analysis');
  await page.click('#stop');
  await wait(page, `document.body.dataset.searching === '' && document.body.dataset.ply === '2' && document.body.dataset.pending === '0'`);
  log(`"${s.status}"; a click then: "${s.message}"`);
  // Undo when the engine moved first and nothing of the person's is played: nothing to take back.
  await page.select('#time', '200');
  await page.select('#mode', 'two');
  await load(page, 'startpos');
  await wait(page, `document.body.dataset.plies === '0' && document.body.dataset.pending === '0'`);
  await page.select('#mode', 'engine-b');
  await wait(page, `document.body.dataset.ply === '1' && document.body.dataset.searching === '' && document.body.dataset.pending === '0'`);
  check(await page.$eval('#undo', (e) => e.disabled), 'undo is offered when only the engine has moved');
  await page.select('#mode', 'two');
  log('undo is off when only the engine has moved');
  // The default level is not the strongest.
  const fresh = await openPage(browser, `${url}?game=jungle`);
  await ready(fresh);
  const level = await fresh.$eval('#skill', (e) => ({ value: e.value, text: e.selectedOptions[0].textContent }));
  check(Number(level.value) < 12, `the default level is ${level.text}`);
  log(`default level: ${level.text}`);
  await fresh.done();
  // A lost connection (the server's socket closed, or the page's engine failed): said on the board, clicks
  // refused with a reason, the game kept when it returns.
  await page.evaluate(() => {
    const t = window.menagerie.transport;
    if (t.ws) t.ws.close();
    else t.worker.dispatchEvent(new ErrorEvent('error', { message: 'a test' }));
  });
  await wait(page, `document.body.dataset.connected === '0'`, 5000);
  check(!(await page.$eval('#board-cover', (e) => e.hidden)), 'no word on the board of the lost connection');
  await page.click('#board-cover');
  s = await state(page);
  check(s.message.includes('Not connected'), `a click while disconnected says '${s.message}'`);
  await wait(page, `document.body.dataset.connected === '1' && document.body.dataset.pending === '0'`, 10000);
  check((await state(page)).ply === '1', 'the game was lost over the reconnection');
  log('a lost connection is shown and the game kept');
  await page.done();
}

// Jungle: the two sides in two colours, a selected rat in the water marked, the players named Red and Blue;
// the rules, the animals' ranks computed by the engine, and the grounds explained.
async function testJungle(browser, url, api) {
  step = 'jungle';
  const page = await openPage(browser, `${url}?game=jungle`);
  await ready(page);
  const fills = await page.evaluate(() => ['sente', 'gote'].map((c) => getComputedStyle(document.querySelector(`svg.board .piece.${c} .shape`)).fill));
  check(fills[0] !== fills[1], `both sides are drawn ${fills[0]}`);
  const modes = await page.$$eval('#mode option', (els) => els.map((e) => e.textContent).join(' | '));
  check(modes.includes('Red') && modes.includes('Blue') && !/Sente|Gote/.test(modes), `the players menu says ${modes}`);
  // A rat in the water, selected.
  const sfen = '7/7/7/7/7/1R5/7/7/r6 b 1';
  await load(page, sfen);
  await wait(page, `document.body.dataset.plies === '0' && document.body.dataset.pending === '0'`);
  const a = await api.position('jungle', sfen);
  const rat = a.cells.findIndex((c) => c === 'R');
  await clickCell(page, rat);
  const outlined = await page.$$eval('svg.board .outline.selected', (els) => els.length);
  check(outlined === 1, 'the selected rat in the water has no mark of its own');
  await clickCell(page, rat);
  // Rules and the rank table.
  await page.$eval('#rules-box', (e) => { e.open = true; });
  await wait(page, `document.querySelectorAll('#rank-table td.yes, #rank-table td.no').length === 64`);
  const table = await page.$$eval('#rank-table tr', (rows) => rows.slice(1).map((r) => [...r.cells].slice(1).map((c) => c.textContent === '✓')));
  const kinds = ['E', 'L', 'T', 'P', 'W', 'D', 'C', 'R'];
  for (let i = 0; i < 8; ++i) {
    for (let j = 0; j < 8; ++j) {
      const answer = await api.ask({ op: 'piece', game: 'jungle', piece: kinds[i], target: kinds[j].toLowerCase() });
      const takes = answer.moves.some((m) => m.path[m.path.length - 1] === answer.targetCell);
      check(table[i][j] === takes, `rank table: ${kinds[i]} takes ${kinds[j]}: page ${table[i][j]}, engine ${takes}`);
    }
  }
  check((await page.$$eval('.legend li', (els) => els.length)) === 3, 'no legend of water, traps and dens');
  check(table[7][0] && !table[0][7], 'the rat/elephant exception is missing from the table');
  log(`colours ${fills.join(' / ')}; players ${modes}; the rank table agrees with the engine; legend shown`);
  if (shots) await page.screenshot({ path: `${shots}/jungle-rules.png` });
  await page.done();
}

// Every game's rules panel has words; a piece's moves show on hover, as the engine gives them; the piece
// finder marks a kind on the board; the games without drops list what each side took, and the move list
// what each move took.
async function testLearning(browser, url, api, games) {
  step = 'learning';
  const page = await openPage(browser, `${url}?game=shogi`);
  await ready(page);
  for (const game of games) {
    await page.select('#game', game.name);
    await ready(page, ` && document.body.dataset.game === '${game.name}'`);
    const words = await page.$eval('#rules-text', (e) => e.textContent.length);
    check(words > 200, `${game.name}: the rules panel has ${words} characters`);
    // Hover a piece of the start position: the hint's marks are the engine's piece moves.
    const a = await api.position(game.name, 'startpos');
    const sq = a.moves[0].from;
    const code = a.cells[sq];
    const cell = await page.$(`svg.board .piece[data-sq="${sq}"]`);
    await cell.evaluate((e) => e.scrollIntoView({ block: 'center', inline: 'center' }));
    const box = await cell.boundingBox();
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.move(box.x + box.width / 2 + 1, box.y + box.height / 2 + 1);
    await wait(page, `!document.getElementById('hint').hidden`, 5000);
    const shown = await page.$$eval('#hint .reach', (els) => els.length);
    const answer = await api.ask({ op: 'piece', game: game.name, piece: code.toUpperCase() });
    const ends = new Set(answer.moves.map((m) => m.path[m.path.length - 1]));
    // A large board's diagram is a window: the cells inside it.
    if (game.files <= 15) check(shown === ends.size, `${game.name} ${code}: hint marks ${shown}, engine ${ends.size}`);
    else check(shown > 0 && shown <= ends.size, `${game.name} ${code}: hint marks ${shown} of ${ends.size}`);
    await page.mouse.move(2, 2);
    await wait(page, `document.getElementById('hint').hidden`, 5000);
  }
  log(`rules and hover hints for ${games.length} games`);
  // Taikyoku: the finder, and a range capture's victims all marked and listed.
  if (games.some((g) => g.name === 'taikyoku')) {
    await page.select('#game', 'taikyoku');
    await ready(page, ` && document.body.dataset.game === 'taikyoku'`);
    await page.$eval('#pieces-box', (e) => { e.open = true; });
    await page.type('#piece-find', 'howling');
    const hits = await page.$$eval('#piece-list li:not([hidden])', (els) => els.map((e) => e.dataset.code));
    check(hits.length === 2, `'howling' finds ${hits.join(' ')}`);
    await page.click(`#piece-list li[data-code="${hits[0]}"]`);
    await wait(page, `document.querySelector('#piece-list .diagram-box svg')`, 10000);
    const found = await page.$$eval('svg.board .outline.found', (els) => els.length);
    check(found === 2, `${hits[0]}: ${found} marked on the board (one a side)`);
    // The glyph drawn by the page's font differs from what a character no font has (U+10FFFD) draws.
    const font = await page.evaluate(async () => {
      await document.fonts.load('40px "Menagerie Kanji"', '𠵇');
      const draw = (text) => {
        const c = document.createElement('canvas');
        c.width = c.height = 48;
        const ctx = c.getContext('2d');
        ctx.font = '40px "Menagerie Kanji"';
        ctx.fillText(text, 2, 40);
        return Array.from(ctx.getImageData(0, 0, 48, 48).data).join(',');
      };
      return draw('𠵇') !== draw(String.fromCodePoint(0x10fffd));
    });
    check(font, 'the page\'s kanji font does not draw the howling dog');
    log(`the finder: ${hits.join(', ')} found, ${found} marked; the font draws 𠵇`);
    // A great general flies through six pieces of lower rank, its own pawn among them.
    const rows = Array.from({ length: 36 }, () => new Array(36).fill(''));
    rows[0][0] = 'k';
    rows[35][35] = 'K';
    rows[30][5] = '(GG)';
    for (let r = 24; r < 30; ++r) rows[r][5] = r === 24 ? 'P' : 'p';
    const sfen = rows.map((row) => {
      let out = '';
      let empty = 0;
      for (const c of row) {
        if (!c) ++empty;
        else { if (empty) out += empty; empty = 0; out += c; }
      }
      return out + (empty ? empty : '');
    }).join('/') + ' b - 1';
    await load(page, sfen);
    await wait(page, `document.body.dataset.plies === '0' && document.body.dataset.pending === '0'`);
    const a = await api.position('taikyoku', sfen);
    const move = a.moves.find((m) => m.from === 30 * 36 + 5 && m.path.length === 1 && m.path[0] === 23 * 36 + 5);
    check(move, 'no range capture from the great general');
    await enterMove(page, move, 'b');
    const marked = await page.$$eval('svg.board .outline.taken', (els) => els.length);
    const listed = await page.$eval('#moves li[data-ply="1"] .took', (e) => e.textContent);
    check(marked === 6 && listed.startsWith('×6'), `the range capture: ${marked} cells marked, listed '${listed}'`);
    const took = await page.$eval('#hand-bottom', (e) => e.textContent);
    check(took.includes('took') && took.includes('×5'), `Sente's row says '${took}'`);
    log(`a range capture marks ${marked} cells, listed '${listed}'; '${took}'`);
    if (shots) await page.screenshot({ path: `${shots}/taikyoku-capture.png` });
  }
  await page.done();
}

// Big boards: chu and dai fit a 1366×768 window with their controls; taikyoku scrolls inside its box, not the
// page, keeps its coordinates in view, zooms about a point, and has a minimap to jump.
async function testBigBoards(browser, url, names) {
  step = 'big boards';
  const page = await openPage(browser, null, { width: 1366, height: 768 });
  for (const name of ['chushogi', 'daishogi'].filter((n) => names.includes(n))) {
    await page.goto(`${url}?game=${name}`);
    await ready(page);
    const fit = await page.evaluate(() => {
      const b = document.querySelector('svg.board').getBoundingClientRect();
      const s = document.getElementById('status-line').getBoundingClientRect();
      return { bottom: b.bottom, right: b.right, status: s.bottom, page: document.documentElement.scrollHeight };
    });
    check(fit.bottom <= 768 && fit.right <= 1366 && fit.status <= 768, `${name} at 1366×768: board to ${fit.bottom}×${fit.right}`);
    log(`${name} fits 1366×768 (board bottom ${Math.round(fit.bottom)} px)`);
    if (shots) await page.screenshot({ path: `${shots}/${name}-1366.png` });
  }
  if (names.includes('taikyoku')) {
    await page.goto(`${url}?game=taikyoku`);
    await ready(page);
    const v = await page.evaluate(() => ({ page: document.documentElement.scrollHeight, window: window.innerHeight }));
    check(v.page <= v.window + 2, `taikyoku: the page scrolls (${v.page} px in ${v.window})`);
    // Scroll the board to its middle: the rulers stay in view.
    await page.evaluate(() => {
      const box = document.getElementById('board');
      box.scrollTop = (box.scrollHeight - box.clientHeight) / 2;
      box.scrollLeft = (box.scrollWidth - box.clientWidth) / 2;
    });
    await sleep(100);
    const rulers = await page.evaluate(() => {
      const box = document.getElementById('board').getBoundingClientRect();
      const f = document.querySelector('.ruler.files').getBoundingClientRect();
      const r = document.querySelector('.ruler.ranks').getBoundingClientRect();
      return { files: f.top >= box.top - 1 && f.top <= box.top + 2, ranks: r.right <= box.right + 1 && r.right >= box.right - 20 };
    });
    check(rulers.files && rulers.ranks, `taikyoku: the coordinates scroll away (${JSON.stringify(rulers)})`);
    // Zoom keeps the cell in the middle of the view in the middle.
    const middle = () => page.evaluate(() => {
      const box = document.getElementById('board').getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      return Number(document.elementsFromPoint(x, y).find((e) => e.matches('rect.sq'))?.dataset.sq);
    });
    const before = await middle();
    await page.click('#zoom-in');
    await page.click('#zoom-in');
    const after = await middle();
    const dist = Math.max(Math.abs(before % 36 - after % 36), Math.abs(Math.floor(before / 36) - Math.floor(after / 36)));
    check(dist <= 1, `zooming moved the view from cell ${before} to ${after}`);
    // The minimap jumps.
    check(!(await page.$eval('#minimap-box', (e) => e.hidden)), 'no minimap for taikyoku');
    const m = await page.$eval('#minimap', (e) => { const r = e.getBoundingClientRect(); return { x: r.x, y: r.y, w: r.width, h: r.height }; });
    await page.mouse.click(m.x + 3, m.y + 3);
    await sleep(100);
    const corner = await page.$eval('#board', (e) => ({ left: e.scrollLeft, top: e.scrollTop }));
    check(corner.left < 50 && corner.top < 50, `the minimap's corner went to ${JSON.stringify(corner)}`);
    log(`taikyoku: no page scroll, rulers in view, zoom about the middle (cell ${before} → ${after}), minimap jumps`);
    if (shots) await page.screenshot({ path: `${shots}/taikyoku-1366.png` });
  }
  await page.done();
}

// A third tab's analysis waits while two others analyse (the server allows two searches) and starts when one
// stops.
async function testAnalysis(browser, url) {
  step = 'analysis';
  const pages = [];
  for (let i = 0; i < 3; ++i) {
    const page = await openPage(browser, `${url}?game=shogi`);
    await ready(page);
    pages.push(page);
  }
  for (const page of pages.slice(0, 2)) {
    await page.click('#analyse');
    await wait(page, `Number(document.getElementById('depth').textContent) >= 2`);
  }
  await pages[2].click('#analyse');
  await wait(pages[2], `document.getElementById('analysis-note').textContent.includes('busy')`, 10000);
  await pages[0].click('#analyse');  // unticked: its search stops
  await wait(pages[2], `Number(document.getElementById('depth').textContent) >= 2 && document.querySelector('svg.board .arrows polyline')`, 20000);
  const pv = await pages[2].$eval('#pv', (e) => e.textContent);
  log(`the third tab waited, then analysed: ${pv}`);
  for (const page of pages) {
    if (await page.$eval('#analyse', (e) => e.checked)) await page.click('#analyse');
    await page.done();
  }
}

// The rules a game lets the player choose: chu by lishogi's reading, a move only it allows played, the seed's
// refused while that move stands, and the choice kept for the next visit.
async function testRuleChoice(browser, url) {
  step = 'rules';
  const lance = '5k6/6P3p1/1P1L6G1/11S/4E3L1p1/7O4/12/7e4/9l2/12/2p9/K11 b - 1';
  const page = await openPage(browser, `${url}?game=chushogi`);
  await ready(page, ` && document.body.dataset.game === 'chushogi'`);
  const select = '#rule-choice select[aria-label="ChuRules"]';
  check(await page.$eval('#rule-choice', (e) => !e.hidden), 'no rules to choose for chu');
  await load(page, lance);
  await wait(page, `window.menagerie.pos?.sfen === '${lance}'`);
  const seedMoves = (await page.evaluate(() => window.menagerie.pos.moves.length));
  check(!(await page.evaluate(() => window.menagerie.pos.moves.some((m) => m.usi === '9c9a+'))), 'seed rules offer 9c9a+');
  await page.select(select, 'lishogi');
  await wait(page, `window.menagerie.pos?.rules?.ChuRules === 'lishogi' && document.body.dataset.pending === '0'`);
  const answer = await page.evaluate(() => window.menagerie.pos);
  check(answer.moves.length === seedMoves + 1, `lishogi's rules: ${answer.moves.length} moves, the seed's ${seedMoves}`);
  const move = answer.moves.find((m) => m.usi === '9c9a+');
  check(move, 'no 9c9a+ under lishogi rules');
  await enterMove(page, move, answer.side);
  await page.select(select, 'seed');
  await wait(page, `document.getElementById('message').textContent.includes('Not under those rules')`);
  await wait(page, `document.body.dataset.pending === '0' && window.menagerie.pos?.rules?.ChuRules === 'lishogi'`);
  check(await page.$eval(select, (e) => e.value) === 'lishogi', 'the refused rules are shown');
  await page.reload();
  await ready(page, ` && document.body.dataset.game === 'chushogi'`);
  const again = await state(page);
  check(again.moves[0] === '9c9a+' && (await page.$eval(select, (e) => e.value)) === 'lishogi',
        `after a reload: moves ${again.moves}, rules ${await page.$eval(select, (e) => e.value)}`);
  log('lishogi rules chosen, the lance promoted on the far rank, the seed refused while that move stands, kept on reload');
  await page.done();
}

// The static site: analysis in the page's own engine, stopped when unticked; and a worker that fails is
// replaced by a new one, the game kept.
async function testWorker(browser, url, api) {
  step = 'worker';
  const page = await openPage(browser, `${url}?game=shogi`);
  await ready(page);
  await page.click('#analyse');
  await wait(page, `Number(document.getElementById('depth').textContent) >= 4 && document.querySelector('svg.board .arrows polyline')`, 20000);
  const depth = await page.$eval('#depth', (e) => e.textContent);
  await page.click('#analyse');
  await wait(page, `document.body.dataset.searching === ''`, 5000);
  log(`analysis in the worker reached depth ${depth} and stopped when unticked`);
  const a = await api.position('shogi', 'startpos');
  await enterMove(page, a.moves[0], 'b');
  const before = await state(page);
  // The worker fails as an aborted engine would: an error event. The page replaces it and sends the game again.
  await page.evaluate(() => window.menagerie.transport.worker.dispatchEvent(new ErrorEvent('error', { message: 'test' })));
  await wait(page, `document.body.dataset.connected === '1' && document.body.dataset.pending === '0'`, 20000);
  const after = await state(page);
  check(after.sfen === before.sfen && after.ply === before.ply, `the game was lost when the worker restarted: ${after.sfen}`);
  const b = await api.position('shogi', 'startpos', after.moves);
  await enterMove(page, b.moves[0], 'w');
  log('a failed worker was replaced, the game kept and playable');
  await page.done();
}

// Clocks: two players on byoyomi lose on time; the engine on an increment is told its time and moves.
async function testClocks(browser, url) {
  step = 'clocks';
  const page = await openPage(browser, `${url}?game=dobutsu`);
  await ready(page);
  await page.$eval('#clock-box', (e) => { e.open = true; });
  await page.select('#clock-kind', 'byoyomi');
  await page.$eval('#clock-main', (e) => { e.value = '0'; });
  await page.$eval('#clock-extra', (e) => { e.value = '2'; });
  await page.click('#clock-set');
  await wait(page, `!document.getElementById('clock-bottom').hidden && document.body.dataset.pending === '0'`, 5000);
  await wait(page, `document.body.dataset.over === '1'`, 6000);
  const banner = await page.$eval('#result-reason', (e) => e.textContent);
  check(banner.includes('ran out of time'), `the flag fell with '${banner}'`);
  log(`byoyomi 2 s: "${banner}"`);
  // Against the engine, 1 minute + 1 s a move: it answers, and its clock runs.
  await page.select('#clock-kind', 'increment');
  await page.$eval('#clock-main', (e) => { e.value = '1'; });
  await page.$eval('#clock-extra', (e) => { e.value = '1'; });
  await page.select('#mode', 'engine-b');
  await page.click('#clock-set');
  await wait(page, `document.body.dataset.ply === '1' && document.body.dataset.pending === '0'`, 30000);
  const clocks = await page.$$eval('.clock', (els) => els.map((e) => e.textContent));
  check(clocks.every((t) => /\d:\d\d|\d\.\d/.test(t)), `clocks show ${clocks.join(', ')}`);
  log(`the engine moved on its clock: ${clocks.join(' · ')}`);
  await page.select('#mode', 'two');
  await page.done();
}

// A 36×36 board (taikyoku's size) drawn by the page's own board code with about 800 pieces: every piece drawn,
// and how long the first drawing, a move's redraw and a selection's marks take (reported).
async function testLargeBoard(browser, url) {
  step = '36x36';
  const page = await openPage(browser, `${url}?game=shogi`);
  await ready(page);
  const t = await page.evaluate(async () => {
    const { Board } = await import('./board.js');
    const box = document.createElement('div');
    box.className = 'board-box';
    document.body.appendChild(box);
    const look = { pieces: {}, royals: [], players: ['Sente', 'Gote'] };
    const clicks = [];
    const start = performance.now();
    const board = new Board(box, { name: 'test', files: 36, ranks: 36, shogiSquares: true }, look, (sq) => clicks.push(sq));
    const cells = new Array(36 * 36).fill('');
    for (let i = 0; i < 36 * 11; ++i) if (i % 36 !== 17 || i < 36 * 5) cells[i] = '(ab)'.toLowerCase();
    for (let i = 36 * 25; i < 36 * 36; ++i) if (i % 36 !== 17 || i >= 36 * 31) cells[i] = '(AB)';
    board.setCells(cells);
    await new Promise((r) => requestAnimationFrame(() => r()));
    const drawn = performance.now() - start;
    const pieces = box.querySelectorAll('.piece').length;
    const moved = cells.slice();
    moved[36 * 26 + 3] = '';
    moved[36 * 20 + 3] = '(AB)';
    let t0 = performance.now();
    board.setCells(moved);
    board.setHighlights('last', [36 * 26 + 3, 36 * 20 + 3]);
    await new Promise((r) => requestAnimationFrame(() => r()));
    const move = performance.now() - t0;
    const marks = new Set();
    for (let i = 0; i < 200; ++i) marks.add((i * 37) % (36 * 36));
    t0 = performance.now();
    board.setMarks(marks);
    await new Promise((r) => requestAnimationFrame(() => r()));
    const mark = performance.now() - t0;
    const placed = cells.filter(Boolean).length;
    box.remove();
    return { drawn, pieces, placed, move, mark };
  });
  check(t.pieces === t.placed, `${t.pieces} pieces drawn, ${t.placed} placed`);
  // Times are reported, not asserted: the machine is shared (README: the figures of one quiet run).
  log(`${t.pieces} pieces drawn in ${t.drawn.toFixed(0)} ms; a move redrawn in ${t.move.toFixed(1)} ms, 200 marks in ${t.mark.toFixed(1)} ms`);
  await page.done();
}

async function testPhone(browser, url, names) {
  step = 'phone';
  const page = await openPage(browser, null, { width: 390, height: 844, mobile: true });
  for (const name of names) {
    await page.goto(`${url}?game=${name}`);
    await ready(page);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth,
      box: document.getElementById('board').clientWidth, board: document.querySelector('svg.board').getBoundingClientRect().width }));
    check(widths.page <= 391, `${name}: the page scrolls sideways on a phone (${widths.page} px)`);
    if (!['chushogi', 'daishogi', 'taikyoku'].includes(name)) check(widths.board <= widths.box + 1, `${name}: the board is wider than the phone`);
    if (shots && (name === 'dobutsu' || name === 'chushogi')) await page.screenshot({ path: `${shots}/phone-${name}.png` });
    // A long press on a piece shows its moves (a finger has no hover), and is not also a click.
    if (name === 'dobutsu') {
      const piece = await page.$('svg.board .piece.sente');
      const box = await piece.boundingBox();
      await page.touchscreen.touchStart(box.x + box.width / 2, box.y + box.height / 2);
      await sleep(800);
      await page.touchscreen.touchEnd();
      await wait(page, `!document.getElementById('hint').hidden && document.querySelectorAll('#hint .reach').length > 0`, 5000);
      check((await state(page)).selecting === '', 'the long press also selected the piece');
      await page.touchscreen.tap(5, 5);
      log('a long press shows a piece\'s moves');
    }
  }
  log(`${names.length} games fit a 390 px window (large boards scroll inside their box)`);
  await page.done();
}

async function testTabs(browser, url, names, apiUrl = url) {
  step = 'tabs';
  const context = await browser.createBrowserContext();
  const pages = await Promise.all(names.map(async (name) => {
    const page = await context.newPage();
    await page.goto(`${url}?game=${name}`);
    await ready(page);
    return page;
  }));
  // Each tab moves once; each keeps its own game.
  const api = await Api.open(apiUrl);
  for (let i = 0; i < pages.length; ++i) {
    await pages[i].bringToFront();
    const a = await api.position(names[i], 'startpos');
    await enterMove(pages[i], a.moves[0], 'b');
  }
  for (let i = 0; i < pages.length; ++i) {
    const s = await state(pages[i]);
    const a = await api.position(names[i], 'startpos', s.moves);
    check(s.game === names[i] && s.ply === '1' && s.sfen === a.sfen, `tab ${i} lost its game`);
  }
  await context.close();
  api.close();
  log(`${names.length} tabs, each its own game`);
}

async function main() {
  if (!binary) fail('usage: node tests/web/browser_test.mjs BINARY [--screenshots DIR] [--games a,b]');
  if (shots) mkdirSync(shots, { recursive: true });
  const server = await startServer(binary, ['--searches', '2', '--tablebase', tablebase || 'none']);
  const files = site ? await startStaticServer(site) : null;
  // Where the pages come from: the server, or the static site.
  const url = files ? files.url : server.url;
  const browser = await launchBrowser(puppeteer);
  try {
    const api = await Api.open(server.url);
    const hello = await api.ask({ op: 'hello' });
    const games = hello.games.filter((g) => wanted(g.name));
    check(games.length > 0, 'no games');
    for (const game of games) await testGame(browser, url, api, game);
    if (wanted('shogi')) {
      await testRecord(browser, url, api);
      await testShogiRecords(browser, url);
      await testPlay(browser, url, api);
      if (site) await testWorker(browser, url, api);
      else await testAnalysis(browser, url);
    }
    if (wanted('jungle')) await testJungle(browser, url, api);
    if (wanted('chushogi')) await testRuleChoice(browser, url);
    if (wanted('dobutsu')) await testClocks(browser, url);
    await testLearning(browser, url, api, games);
    await testBigBoards(browser, url, games.map((g) => g.name));
    await testLargeBoard(browser, url);
    await testPhone(browser, url, games.map((g) => g.name));
    await testTabs(browser, url, games.map((g) => g.name), server.url);
    api.close();
  } finally {
    await browser.close();
    server.process.kill('SIGTERM');
    files?.close();
  }
  console.log(`browser tests passed${site ? ' (the static site, the engine in a worker)' : ''}`);
}

main().catch((e) => {
  console.error(`FAIL (${step}): ${e.message}`);
  process.exit(1);
});
