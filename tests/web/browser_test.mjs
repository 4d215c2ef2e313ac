// The browser board in a real browser: for every game the engine knows, headless Chromium opens the page,
// checks that the destinations it marks for each piece are the engine's legal moves, plays moves by clicking
// (drops, promotion choices, two-step lion moves), undoes, plays against the engine, and finishes a short
// game. Also: live analysis with its arrow, a phone-sized window, several tabs at once.
//
//   node tests/web/browser_test.mjs BINARY [--screenshots DIR] [--games a,b] [--tablebase FILE]
// With a Dobutsu tablebase, also: every move's value listed, and shown on the marked destinations.
import puppeteer from 'puppeteer-core';
import { mkdirSync } from 'node:fs';
import { Api, check, fail, launchBrowser, startServer } from './harness.mjs';

const args = process.argv.slice(2);
const binary = args[0];
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const shots = option('--screenshots');
const only = option('--games')?.split(',');
const tablebase = option('--tablebase');

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

async function ready(page, extra = '') {
  await page.waitForFunction(
    `document.body.dataset.pending === '0' && document.body.dataset.side !== '' && document.body.dataset.game !== ''${extra}`, { timeout: 20000, polling: 100 });
}

async function state(page) {
  return page.evaluate(() => ({ ...document.body.dataset, sfen: document.getElementById('sfen-text').value,
    status: document.getElementById('status').textContent,
    moves: [...document.querySelectorAll('#moves li')].map((li) => li.textContent) }));
}

async function clickCell(page, sq) {
  // Where a person would click: the middle of the cell, scrolled into view (on top may be a piece or a mark).
  const square = await page.$(`svg.board rect.sq[data-sq="${sq}"]`);
  check(square, `no cell ${sq}`);
  await square.evaluate((e) => e.scrollIntoView({ block: 'nearest', inline: 'nearest' }));
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
    await page.waitForFunction(`document.body.dataset.selecting === 'piece'`, { timeout: 5000, polling: 100 });
    const expected = sorted(new Set(answer.moves.filter((m) => m.from === from).map((m) => m.path[0])));
    const shown = await marks(page);
    check(same(shown, expected), `cell ${from}: page marks ${shown}, engine moves go to ${expected}`);
    await clickCell(page, from);  // the piece again: unselected
    await page.waitForFunction(`document.body.dataset.selecting === ''`, { timeout: 5000, polling: 100 });
  }
  const drops = [...new Set(answer.moves.filter((m) => m.drop).map((m) => m.drop))];
  for (const piece of drops) {
    await page.click(`.hand-piece[data-piece="${piece}"][data-side="${answer.side}"]`);
    await page.waitForFunction(`document.body.dataset.selecting === 'piece'`, { timeout: 5000, polling: 100 });
    const expected = sorted(new Set(answer.moves.filter((m) => m.drop === piece).map((m) => m.path[0])));
    const shown = await marks(page);
    check(same(shown, expected), `drop ${piece}: page marks ${shown.length} cells, the engine ${expected.length}`);
    await page.click(`.hand-piece[data-piece="${piece}"][data-side="${answer.side}"]`);
    await page.waitForFunction(`document.body.dataset.selecting === ''`, { timeout: 5000, polling: 100 });
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
  const open = await page.$('#promotion[data-open="1"]');
  if (open) await page.click(move.promote ? '#promote-yes' : '#promote-no');
  else if ((await state(page)).selecting === 'path') await page.click('#end-here');
  // (Against the engine, its reply may follow before the page is looked at again.)
  await page.waitForFunction(`Number(document.body.dataset.ply) >= ${before + 1} && document.body.dataset.pending === '0'`,
    { timeout: 10000, polling: 100 });
  const s = await state(page);
  check(s.moves[before] === move.usi, `entered ${move.usi}, the move list says ${s.moves[before]}`);
}

async function testGame(browser, url, api, game) {
  step = game.name;
  const page = await browser.newPage();
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${url}?game=${game.name}`);
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

  // 3. Undo takes back the whole last move.
  await page.click('#undo');
  await page.waitForFunction(`Number(document.body.dataset.ply) === ${played.length - 1} && document.body.dataset.pending === '0'`, { timeout: 20000, polling: 100 });
  const undone = await api.position(game.name, 'startpos', played.slice(0, -1));
  check((await state(page)).sfen === undone.sfen, 'undo did not restore the position before the last move');
  log('undo restores the position');

  // 4. Against the engine (Gote), at a low level and a short time.
  await page.select('#skill', '4');
  await page.select('#time', '200');
  await page.select('#mode', 'engine-w');
  await page.waitForFunction(`document.body.dataset.side === 'b' && document.body.dataset.searching === '' && document.body.dataset.pending === '0'`, { timeout: 20000, polling: 100 });
  let s = await state(page);
  const base = s.moves.slice();
  answer = await api.position(game.name, 'startpos', base);
  if (!answer.over) {
    await enterMove(page, answer.moves[0], 'b');
    await page.waitForFunction(`Number(document.body.dataset.ply) === ${base.length + 2} && document.body.dataset.searching === '' && document.body.dataset.pending === '0'`, { timeout: 20000, polling: 100 });
    s = await state(page);
    const check2 = await api.position(game.name, 'startpos', s.moves);
    check(check2.op === 'position' && check2.sfen === s.sfen, 'the engine\'s reply is not a legal move');
    log(`against the engine: ${answer.moves[0].usi}, the engine answered ${s.moves[s.moves.length - 1]}`);
    // Undo against the engine returns to the person's turn (two plies).
    await page.click('#undo');
    await page.waitForFunction(`Number(document.body.dataset.ply) === ${base.length} && document.body.dataset.pending === '0'`, { timeout: 20000, polling: 100 });
  }
  await page.select('#mode', 'two');

  // 5. Chu and shogi: moves entered in several clicks, from a position that has many.
  if (busy[game.name]) {
    await page.$eval('#sfen-text', (e, v) => { e.value = v; }, busy[game.name]);
    await page.click('#sfen-set');
    await page.waitForFunction(`document.body.dataset.ply === '0' && document.body.dataset.pending === '0'`, { timeout: 20000, polling: 100 });
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
      await page.waitForFunction(`document.body.dataset.ply === '0' && document.body.dataset.pending === '0'`, { timeout: 20000, polling: 100 });
    }
  }

  // 6. The end of a game, with its reason.
  // Every game the engine knows is played to its end here: a game without a position below is not finished.
  const sfen = endings[game.name];
  check(sfen, `no position one move from the end for ${game.name}: add one to 'endings'`);
  {
    await page.$eval('#sfen-text', (e, v) => { e.value = v; }, sfen);
    await page.click('#sfen-set');
    await page.waitForFunction(`document.body.dataset.ply === '0' && document.body.dataset.pending === '0'`, { timeout: 20000, polling: 100 });
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
    await page.waitForFunction(`document.body.dataset.over === '1'`, { timeout: 20000, polling: 100 });
    s = await state(page);
    check(s.status.includes('Game over') && s.status.includes(result.reason), `status '${s.status}' lacks '${result.reason}'`);
    log(`${ending.usi} ends the game: "${s.status}"`);
    if (shots) await page.screenshot({ path: `${shots}/${game.name}-end.png` });
    await page.click('#undo');
    await page.waitForFunction(`document.body.dataset.over === '0' && document.body.dataset.pending === '0'`, { timeout: 20000, polling: 100 });
  }

  // A screenshot of the board from the start, a few moves in, for the README.
  if (shots) {
    await page.click('#new');
    await page.waitForFunction(`document.body.dataset.ply === '0' && document.body.dataset.pending === '0'`, { timeout: 20000, polling: 100 });
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
    await page.screenshot({ path: `${shots}/${game.name}.png` });
  }
  check(errors.length === 0, `errors in the page: ${errors.join('; ')}`);
  await page.close();
}

async function testAnalysis(browser, url) {
  step = 'analysis';
  const page = await browser.newPage();
  await page.goto(`${url}?game=shogi`);
  await ready(page);
  await page.click('#analyse');
  await page.waitForFunction(`Number(document.getElementById('depth').textContent) >= 4 && document.querySelector('svg.board .arrows polyline')`, { timeout: 20000, polling: 100 });
  const pv = await page.$eval('#pv', (e) => e.textContent);
  check(pv.split(' ').length >= 1, 'no principal variation shown');
  await page.click('#stop');
  await page.waitForFunction(`document.body.dataset.searching === ''`, { timeout: 5000, polling: 100 });
  log(`depth ${await page.$eval('#depth', (e) => e.textContent)}, line ${pv}, stopped`);
  await page.close();
}

// A 36×36 board (taikyoku's size) drawn by the page's own board code with about 800 pieces: every piece drawn,
// and how long the first drawing, a move's redraw and a selection's marks take (reported).
async function testLargeBoard(browser, url) {
  step = '36x36';
  const page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  await page.goto(`${url}?game=shogi`);
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
  await page.close();
}

async function testPhone(browser, url, names) {
  step = 'phone';
  const page = await browser.newPage();
  await page.setViewport({ width: 390, height: 844, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  for (const name of names) {
    await page.goto(`${url}?game=${name}`);
    await ready(page);
    const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth,
      box: document.getElementById('board').clientWidth, board: document.querySelector('svg.board').getBoundingClientRect().width }));
    check(widths.page <= 391, `${name}: the page scrolls sideways on a phone (${widths.page} px)`);
    if (!['chushogi', 'taikyoku'].includes(name)) check(widths.board <= widths.box + 1, `${name}: the board is wider than the phone`);
    if (shots && (name === 'dobutsu' || name === 'chushogi')) await page.screenshot({ path: `${shots}/phone-${name}.png` });
  }
  log(`${names.length} games fit a 390 px window (large boards scroll inside their box)`);
  await page.close();
}

async function testTabs(browser, url, names) {
  step = 'tabs';
  const pages = await Promise.all(names.map(async (name) => {
    const page = await browser.newPage();
    await page.goto(`${url}?game=${name}`);
    await ready(page);
    return page;
  }));
  // Each tab moves once; each keeps its own game.
  const api = await Api.open(url);
  for (let i = 0; i < pages.length; ++i) {
    await pages[i].bringToFront();
    const a = await api.position(names[i], 'startpos');
    await enterMove(pages[i], a.moves[0], 'b');
  }
  for (let i = 0; i < pages.length; ++i) {
    const s = await state(pages[i]);
    const a = await api.position(names[i], 'startpos', s.moves);
    check(s.game === names[i] && s.ply === '1' && s.sfen === a.sfen, `tab ${i} lost its game`);
    await pages[i].close();
  }
  api.close();
  log(`${names.length} tabs, each its own game`);
}

async function main() {
  if (!binary) fail('usage: node tests/web/browser_test.mjs BINARY [--screenshots DIR] [--games a,b]');
  if (shots) mkdirSync(shots, { recursive: true });
  const server = await startServer(binary, ['--searches', '8', '--tablebase', tablebase || 'none']);
  const browser = await launchBrowser(puppeteer);
  try {
    const api = await Api.open(server.url);
    const hello = await api.ask({ op: 'hello' });
    const games = hello.games.filter((g) => !only || only.includes(g.name));
    check(games.length > 0, 'no games');
    for (const game of games) await testGame(browser, server.url, api, game);
    if (!only || only.includes('shogi')) await testAnalysis(browser, server.url);
    await testLargeBoard(browser, server.url);
    await testPhone(browser, server.url, games.map((g) => g.name));
    await testTabs(browser, server.url, games.map((g) => g.name));
    api.close();
  } finally {
    await browser.close();
    server.process.kill('SIGTERM');
  }
  console.log('browser tests passed');
}

main().catch((e) => {
  console.error(`FAIL (${step}): ${e.message}`);
  process.exit(1);
});
