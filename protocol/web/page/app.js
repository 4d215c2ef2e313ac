// The browser board: one game per tab, its moves checked and listed by the engine (protocol/web/client.hpp,
// reached through transport.js). The page keeps the game's record (a start, the moves, the position shown)
// in the browser's storage and in the address; the engine answers each position with the board, the legal
// moves (with the squares they pass), the game's state and what each move took. No rule is written here.
import { Board, squareName } from './board.js';
import { lookOf, label, pieceName } from './pieces.js';
import { engineTransport } from './transport.js';
import * as store from './store.js';
import { moveDiagram, showHint } from './hints.js';
import { rules, grounds } from './rules.js';

const $ = (id) => document.getElementById(id);
const other = (side) => (side === 'b' ? 'w' : 'b');

// The level names of the seed's Jungle site, beside the engine's presets.
const levelWords = { beginner: '入門', easy: 'かんたん', normal: 'ふつう', hard: 'むずかしい', expert: '上級', master: '名人' };
const DEFAULT_LEVEL = 'easy';

const app = {
  transport: null,
  games: [],
  skills: [],
  maxMovetime: 60000,
  maxSkill: 20,
  game: null,        // the server's description of the game shown
  look: null,
  board: null,
  // The game: its start, every move (those after the shown position can be played again), each move's cells
  // and what it took (from the engine), a result the position does not show (a resignation, a flag fall),
  // and the clocks at the start of each ply.
  record: null,
  ply: 0,            // the position shown: after record.moves[0..ply)
  pos: null,         // the engine's answer for the shown position
  requestId: 0,
  pending: null,     // the position request awaiting its answer: {id, record, ply, fallback}
  sel: null,         // the move being entered: {from, drop, path: []}
  search: null,      // the running search: {id, purpose: 'play' | 'analyse', ply}
  searchCounter: 0,
  bestPath: null,
  modal: null,       // the open dialog's resolve function
  settings: {},
  clock: null,       // {kind, main, extra, left: {b, w}, byo: {b, w}, since, side}
  pieceAnswers: new Map(),  // 'game/code' or 'game/code/target' -> the engine's piece answer (or a promise)
  pieceWaiters: new Map(),  // request id -> resolve
  recordWaiters: new Map(), // request id -> resolve (a record's answer, or {error})
  resultShown: null, // the result the banner was closed for
};
window.menagerie = app;  // for tests and the curious: the page's state, read-only by convention

function freshRecord(start = 'startpos') {
  return { start, moves: [], paths: [], taken: [], result: null, clocks: [] };
}

function send(message) {
  return app.transport.send(message);
}

function setStatus(id, text, kind) {
  const e = $(id);
  e.textContent = text;
  if (kind !== undefined) e.dataset.kind = kind;
}

// An error in plain words: the request's name and the engine's own prefixes left out.
function plain(message) {
  return String(message)
    .replace(/^(position|go|piece|record): /, '')
    .replace(/^(position|go|piece|record): /, '')
    .replace(/^(bad SFEN|sfen|position) '[^']*': /, 'the position is not valid: ');
}

let messageTimer = null;
function flash(text, kind = 'error') {
  setStatus('message', text, kind);
  clearTimeout(messageTimer);
  if (kind === 'ok') messageTimer = setTimeout(() => setStatus('message', ''), 4000);
}

// ---- dialogs: a question the page waits for, the board blocked meanwhile

function ask(text, buttons) {
  closeHint();
  return new Promise((resolve) => {
    const modal = $('modal');
    $('modal-text').textContent = text;
    const box = $('modal-buttons');
    box.textContent = '';
    const done = (value) => {
      modal.hidden = true;
      delete modal.dataset.open;
      app.modal = null;
      updateBody();
      resolve(value);
    };
    for (const b of buttons) {
      const e = document.createElement('button');
      e.textContent = b.label;
      e.dataset.value = b.value;
      if (b.id) e.id = b.id;
      if (b.primary) e.className = 'primary';
      e.onclick = () => done(b.value);
      box.appendChild(e);
    }
    app.modal = done;
    modal.hidden = false;
    modal.dataset.open = '1';
    updateBody();
    box.querySelector('.primary, button')?.focus();
  });
}

// ---- the engine's messages

const handlers = {
  hello(m) {
    app.games = m.games;
    app.skills = m.skills;
    app.maxMovetime = m.maxMovetime;
    app.maxSkill = m.maxSkill;
    fillMenus();
    setStatus('connection', 'connected', 'ok');
    $('board-cover').hidden = true;
    if (app.game) {
      // After a reconnection: the same game; a move made meanwhile is sent now.
      const p = app.pending;
      app.pending = null;
      if (p) requestPosition(p.record, p.ply, p.fallback);
      else requestPosition(app.record, app.ply);
      return;
    }
    start();
  },

  position(m) {
    if (!app.pending || m.id !== app.pending.id) return;  // an answer overtaken by a later request
    const p = app.pending;
    app.pending = null;
    const before = app.record;
    const sameLine = before && p.record.start === before.start && app.game && m.game === app.game.name;
    if (!sameLine || p.ply !== app.ply) {
      clearInfo();
      app.board.setHighlights('found', []);  // the finder's marks belong to the position they were made on
      for (const e of $('piece-list').querySelectorAll('.diagram-box')) e.remove();
    }
    app.record = p.record;
    app.ply = p.ply;
    (m.played || []).forEach((x, i) => {
      app.record.paths[i] = x.path;
      app.record.taken[i] = x.taken;
    });
    app.pos = m;
    app.sel = null;
    app.bestPath = null;
    closePromotion();
    clockAtPosition();
    save();
    render();
    revealLastMove();
    afterPosition();
  },

  error(m) {
    if (m.request === 'record' && app.recordWaiters.has(m.id)) {
      const waiter = app.recordWaiters.get(m.id);
      app.recordWaiters.delete(m.id);
      waiter({ error: plain(m.message) });
      return;
    }
    if (m.request === 'piece') {
      const waiter = app.pieceWaiters.get(m.id);
      if (waiter) {
        app.pieceWaiters.delete(m.id);
        waiter(null);
      }
      return;
    }
    if (m.request === 'position' && app.pending && (m.id === undefined || m.id === app.pending.id)) {
      const failed = app.pending;
      app.pending = null;
      updateBody();
      if (failed.fallback) return failed.fallback(plain(m.message));
      flash(plain(m.message));
      return;
    }
    flash(plain(m.message));
  },

  info(m) {
    if (!app.search || m.id !== app.search.id) return;
    if (app.search.purpose === 'analyse') showInfo(m);
    else {
      app.search.depth = m.depth;
      renderStatus();
    }
  },

  note() {},

  record(m) {
    const waiter = app.recordWaiters.get(m.id);
    if (!waiter) return;
    app.recordWaiters.delete(m.id);
    waiter(m);
  },

  piece(m) {
    const waiter = app.pieceWaiters.get(m.id);
    if (!waiter) return;
    app.pieceWaiters.delete(m.id);
    waiter(m);
  },

  bestmove(m) {
    if (!app.search || m.id !== app.search.id) return;
    const { purpose, ply } = app.search;
    app.search = null;
    updateBody();
    if (purpose !== 'play') {
      renderStatus();
      return;
    }
    if (ply !== app.ply || !live() || app.pending) return;  // the game moved on meanwhile
    if (m.result === 'resign' || m.result === 'win') {
      const side = app.pos.side;
      app.record.result = m.result === 'resign'
        ? { ply: app.ply, winner: other(side), reason: `${playerName(side)} resigns` }
        : { ply: app.ply, winner: side, reason: `${playerName(side)} declares a win` };
      pauseClock();
      save();
      render();
      return;
    }
    const legal = app.pos.moves.find((x) => x.usi === m.move);
    if (legal) play(legal);
    else flash(`the engine answered ${m.move}, which is not a legal move here`);
  },

  busy(m) {
    if (!app.search || m.id !== app.search.id) return;
    const { purpose, ply } = app.search;
    app.search = null;
    updateBody();
    if (purpose === 'play') {
      flash(`${plain(m.message)} (retrying)`, 'info');
      setTimeout(() => { if (app.ply === ply) afterPosition(); }, 1500);
    } else {
      // Analysis waits its turn while its box stays ticked.
      setStatus('analysis-note', 'Waiting: the engine is busy with other boards. It starts as soon as it can.');
      setTimeout(() => { if (app.ply === ply && $('analyse').checked) afterPosition(); }, 2000);
    }
  },
};

function connect() {
  app.transport = engineTransport({
    onOpen: () => send({ op: 'hello' }),
    onClose: () => {
      // The server's connection, or the page's own engine (a worker, restarted when it fails).
      const inPage = Boolean(app.transport.worker);
      setStatus('connection', inPage ? 'the engine stopped: restarting it…' : 'disconnected: reconnecting…', 'error');
      app.search = null;
      $('board-cover').hidden = !app.game;
      $('board-cover').textContent = inPage ? 'The engine stopped: restarting it… Your game is kept.'
        : 'Connection lost: reconnecting… Your game is kept.';
      updateBody();
      renderStatus();
    },
    onMessage: (m) => handlers[m.op]?.(m),
  });
}

// ---- games and positions

function fillMenus() {
  const games = $('game');
  games.textContent = '';
  for (const g of app.games) {
    const o = document.createElement('option');
    o.value = g.name;
    o.textContent = g.title;
    games.appendChild(o);
  }
  if (app.game) games.value = app.game.name;
  const skill = $('skill');
  skill.textContent = '';
  const levels = [];
  for (let level = 0; level <= app.maxSkill; ++level) {
    const preset = app.skills.find((s) => s.level === level);
    levels.push({ level, text: preset ? `${preset.name[0].toUpperCase()}${preset.name.slice(1)} · ${levelWords[preset.name] || ''} (level ${level})` : `level ${level}` });
  }
  for (const { level, text } of levels) {
    const o = document.createElement('option');
    o.value = level;
    o.textContent = text.replace(' ·  (', ' (');
    skill.appendChild(o);
  }
  const fallback = app.skills.find((s) => s.name === DEFAULT_LEVEL)?.level ?? Math.floor(app.maxSkill / 4);
  skill.value = String(app.settings.skill ?? fallback);
  if (app.settings.time) $('time').value = String(app.settings.time);
  if (app.settings.mode) $('mode').value = app.settings.mode;
  $('latin').checked = !!app.settings.latin;
}

function saveSettings() {
  app.settings = { ...app.settings, skill: Number($('skill').value), time: Number($('time').value), mode: $('mode').value,
    latin: $('latin').checked };
  store.saveSettings(app.settings);
}

// The first game: a link's, else the address's ?game=, else the last one played.
async function start() {
  const link = store.readLink(location.hash);
  const query = new URLSearchParams(location.search);
  if (link && !link.error && app.games.some((g) => g.name === link.game)) {
    const saved = store.loadGame(link.game);
    const record = { ...freshRecord(link.start), moves: link.moves };
    const same = saved && saved.start === record.start && saved.moves.join(' ') === record.moves.join(' ');
    if (saved && !same && saved.moves.length && !saved.result) {
      const choice = await ask(`This link opens a game of ${titleOf(link.game)} (${count(link.moves.length, 'move')}). `
        + `Your saved game of it (${count(saved.moves.length, 'move')}) would be replaced.`, [
        { label: 'Open the link', value: 'link', primary: true, id: 'link-open' },
        { label: 'Keep my game', value: 'keep', id: 'link-keep' },
      ]);
      if (choice !== 'link') return chooseGame(link.game);
    }
    return chooseGame(link.game, record, link.ply, 'link');
  }
  if (link && link.error) flash(`The link could not be opened: ${link.error}`);
  else if (link) flash(`The link names a game this engine does not play: '${link.game}'`);
  const wanted = query.get('game');
  const name = app.games.find((g) => g.name === wanted)?.name || app.games.find((g) => g.name === store.lastGame())?.name
    || app.games[0].name;
  const sfen = query.get('sfen');
  if (sfen && wanted === name) return chooseGame(name, freshRecord(sfen), 0, 'link');
  chooseGame(name);
}

function titleOf(name) {
  return app.games.find((g) => g.name === name)?.title.replace(/ \(.*/, '') || name;
}

function count(n, word) {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}

// Shows a game: its saved record (or the one given), at the saved position.
function chooseGame(name, given, givenPly, source) {
  stopSearch();
  closeHint();
  if (app.game && app.record) save();
  app.game = app.games.find((g) => g.name === name);
  app.look = lookOf(name, app.game.pieces);
  $('game').value = name;
  document.body.dataset.game = name;
  app.board = new Board($('board'), app.game, app.look, { cell: onCell, hover: onHover, leave: closeHint });
  app.board.setLatin($('latin').checked);
  app.board.setFlipped(!!app.settings[`flip/${name}`]);
  $('flip').dataset.on = app.settings[`flip/${name}`] ? '1' : '0';
  const big = app.game.files > 15;
  $('minimap-box').hidden = !big;
  const records = (app.game.records || []).length > 0;
  $('record-tools').hidden = !records;
  $('record-open').hidden = !records;
  $('sfen-text').placeholder = records ? 'a KIF, KI2 or CSA record, position startpos moves 7g7f 3c3d, or an SFEN'
    : 'position startpos moves 7g7f 3c3d, or an SFEN';
  app.board.attachMinimap(big ? $('minimap') : null);
  app.pos = null;
  app.sel = null;
  app.resultShown = null;
  modeLabels();
  renderRuleChoice();
  renderRules();
  renderPieceList();
  const saved = given ? null : store.loadGame(name);
  const record = given || (saved ? { ...freshRecord(saved.start), ...saved } : freshRecord());
  if (!Array.isArray(record.paths)) record.paths = [];
  if (!Array.isArray(record.taken)) record.taken = [];
  if (!Array.isArray(record.clocks)) record.clocks = [];
  app.clock = saved?.clock ? { ...saved.clock, since: null, side: null } : given?.clock || null;
  const ply = Number.isInteger(givenPly) ? givenPly : Number.isInteger(saved?.ply) ? Math.min(saved.ply, record.moves.length) : record.moves.length;
  app.record = null;
  app.ply = 0;
  fitZoom();
  requestPosition(record, ply, (why) => {
    // A record that does not load: said plainly, and the game's start instead (a saved game stays saved).
    flash(source === 'link' ? `The link's game could not be opened: ${why}` : source === 'record' ? `The record could not be opened: ${why}` : `The saved game could not be opened: ${why}`);
    requestPosition(freshRecord(), 0);
  });
}

// The rules a game lets the player choose (hello's "rules": chu's ChuRules, shogi's entering king), kept in
// the settings for each game; the words for the ones we know.
const ruleWords = {
  ChuRules: { title: 'Rules', seed: 'Menagerie’s (the seed)', lishogi: 'lishogi’s' },
  EnteringKingRule: { title: 'Entering king', CSARule27: 'declaration (27 points)', NoEnteringKing: 'no declaration' },
};
function chosenRules() {  // only the game's rules and their values: the stored settings may be anything
  const saved = app.settings.rules?.[app.game.name];
  const rules = {};
  for (const rule of app.game.rules ?? []) {
    const value = saved && typeof saved === 'object' ? saved[rule.name] : undefined;
    if (rule.values.includes(value)) rules[rule.name] = value;
  }
  return rules;
}
function renderRuleChoice() {
  const box = $('rule-choice');
  box.textContent = '';
  const rules = app.game.rules ?? [];
  box.hidden = rules.length === 0;
  const chosen = chosenRules();
  for (const rule of rules) {
    const words = ruleWords[rule.name] ?? {};
    const label = document.createElement('label');
    label.textContent = `${words.title ?? rule.name} `;
    const select = document.createElement('select');
    select.setAttribute('aria-label', rule.name);
    for (const value of rule.values) {
      const o = document.createElement('option');
      o.value = value;
      o.textContent = words[value] ?? value;
      select.appendChild(o);
    }
    select.value = chosen[rule.name] ?? rule.default;
    select.onchange = () => chooseRule(rule, select);
    label.appendChild(select);
    box.appendChild(label);
  }
}
// Another reading of the rules: the game so far again under it; if it refuses a move played, the rules stay.
function chooseRule(rule, select) {
  const game = app.game.name;
  const before = chosenRules();
  const keep = (rules) => {
    app.settings = { ...app.settings, rules: { ...(app.settings.rules ?? {}), [game]: rules } };
    store.saveSettings(app.settings);
  };
  keep({ ...before, [rule.name]: select.value });
  if (!app.record) return;  // the game's first position is on its way: it goes under the rules chosen
  stopSearch();
  requestPosition(app.record, app.ply, (why) => {
    keep(before);
    select.value = before[rule.name] ?? rule.default;
    flash(`Not under those rules: ${why}`);
    requestPosition(app.record, app.ply);
  });
}

function modeLabels() {
  const [first, second] = app.look.players;
  $('mode').options[1].textContent = `you play ${first}, the engine ${second}`;
  $('mode').options[2].textContent = `the engine plays ${first}, you ${second}`;
}

function requestPosition(record, ply, fallback) {
  const id = ++app.requestId;
  app.pending = { id, record, ply, fallback };
  send({ op: 'position', id, game: app.game.name, sfen: record.start, moves: record.moves.slice(0, ply), played: true,
    rules: chosenRules() });
  updateBody();
  renderStatus();
}

function save() {
  if (!app.game || !app.record) return;
  const r = app.record;
  store.saveGame(app.game.name, { start: r.start, moves: r.moves, ply: app.ply, result: r.result, clocks: r.clocks,
    paths: r.paths, taken: r.taken, clock: app.clock ? { ...app.clock, since: null, side: null } : null });
  const link = store.writeLink(app.game.name, r.start, r.moves, app.ply);
  if (location.hash !== link || location.search) history.replaceState(null, '', location.pathname + link);
}

function live() {
  return app.record && app.ply === app.record.moves.length;
}

// The result at the shown position: the engine's (mate, a den, repetition…) or one recorded (resignation,
// time).
function result() {
  if (!app.pos) return null;
  if (app.pos.over) return { winner: app.pos.winner || '', reason: app.pos.reason };
  const r = app.record?.result;
  return r && r.ply === app.ply ? r : null;
}

function play(move) {
  stopSearch();
  select(null);
  closeHint();
  const r = app.record;
  const cells = move.from === undefined ? move.path : [move.from, ...move.path];
  let next;
  if (r.moves[app.ply] === move.usi) {
    next = r;  // the move already recorded next: the rest of the line stays
  } else {
    next = { ...r, moves: [...r.moves.slice(0, app.ply), move.usi], paths: [...r.paths.slice(0, app.ply), cells],
      taken: r.taken.slice(0, app.ply), clocks: r.clocks.slice(0, app.ply + 1), result: null };
  }
  if (live()) pauseClock();
  requestPosition(next, app.ply + 1);
}

function engineSide() {
  const mode = $('mode').value;
  return mode === 'engine-w' ? 'w' : mode === 'engine-b' ? 'b' : null;
}

function sideAt(ply) {
  return (app.ply - ply) % 2 === 0 ? app.pos.side : other(app.pos.side);
}

function thinking() {
  return app.search && app.search.purpose === 'play';
}

function humanToMove() {
  return app.pos && !result() && !app.pending && !app.modal && app.pos.side !== (live() ? engineSide() : null) && !thinking();
}

function afterPosition() {
  if (!app.pos || app.pending || app.modal) return;
  if (live() && !result() && app.pos.side === engineSide()) {
    if (!app.search) startSearch('play');
  } else if ($('analyse').checked && !result() && !app.search) {
    startSearch('analyse');
  }
}

function startSearch(purpose) {
  const id = ++app.searchCounter;
  app.search = { id, purpose, ply: app.ply, depth: 0 };
  if (purpose === 'analyse') {
    clearInfo();
    setStatus('analysis-note', '');
  }
  const skill = purpose === 'play' ? Number($('skill').value) : app.maxSkill;
  const request = { op: 'go', id, skill, multipv: 1 };
  if (purpose === 'play' && app.clock) {
    const c = app.clock;
    const left = (side) => (c.kind === 'byoyomi' && c.byo[side] ? 0 : Math.max(0, Math.round(remaining(side))));
    request.btime = left('b');
    request.wtime = left('w');
    if (c.kind === 'increment') request.binc = request.winc = c.extra;
    if (c.kind === 'byoyomi') request.byoyomi = c.extra;
  } else {
    request.movetime = purpose === 'play' ? Number($('time').value) : app.maxMovetime;
  }
  send(request);
  updateBody();
  renderStatus();
}

function stopSearch() {
  if (!app.search) return;
  send({ op: 'stop' });
  app.search = null;  // its answer, under the old id, is not waited for
  updateBody();
}

function playerName(side) {
  return app.look.players[side === 'b' ? 0 : 1];
}

// ---- entering a move, square by square

function candidates(sel) {
  return app.pos.moves.filter((m) =>
    (sel.drop ? m.drop === sel.drop : m.from === sel.from) &&
    sel.path.every((sq, i) => m.path[i] === sq));
}

function ownPiece(code) {
  if (!code) return false;
  const sente = code === code.toUpperCase();
  return sente === (app.pos.side === 'b');
}

function select(sel) {
  app.sel = sel;
  showSelection();
}

// Why a click does nothing, said to the person who clicked.
function refuse() {
  if (!app.pos || app.pending) return;
  if (!app.transport.connected) return flash('Not connected: the engine cannot check a move now. Reconnecting…');
  if (result()) return flash('The game is over: take a move back, or start a new game.', 'info');
  if (thinking()) return flash('The engine is thinking. Stop makes it move at once.', 'info');
  if (live() && app.pos.side === engineSide()) return flash('It is the engine\'s move.', 'info');
}

function onCell(sq) {
  closeHint();
  if (!humanToMove()) return refuse();
  const sel = app.sel;
  if (sel) {
    const next = candidates(sel).filter((m) => m.path.length > sel.path.length && m.path[sel.path.length] === sq);
    if (next.length) {
      const path = [...sel.path, sq];
      const longer = next.filter((m) => m.path.length > path.length);
      const complete = next.filter((m) => m.path.length === path.length);
      if (!longer.length) return finish(complete);
      select({ ...sel, path });
      return;
    }
    if (sel.path.length) {
      // Mid-move, the same square again ends the move there (as the "end here" button does).
      if (sq === sel.path[sel.path.length - 1]) return endHere();
      return;
    }
    if (sel.from === sq) return select(null);
  }
  const code = app.pos.cells[sq];
  if (ownPiece(code) && app.pos.moves.some((m) => m.from === sq)) select({ from: sq, drop: null, path: [] });
  else {
    if (ownPiece(code)) flash(`${pieceName(app.look, code)}: no legal move from ${squareName(app.game, sq)}`, 'info');
    select(null);
  }
}

function onHand(piece) {
  if (!humanToMove()) return refuse();
  if (app.sel && app.sel.drop === piece) return select(null);
  if (app.pos.moves.some((m) => m.drop === piece)) select({ from: null, drop: piece, path: [] });
}

function endHere() {
  const sel = app.sel;
  if (!sel || !sel.path.length) return;
  const complete = candidates(sel).filter((m) => m.path.length === sel.path.length);
  if (complete.length) finish(complete);
}

// The moves that end on the squares entered differ at most in promotion: ask where the rules give a choice.
// The question blocks the board until it is answered.
async function finish(moves) {
  if (moves.length === 1) return play(moves[0]);
  const yes = moves.find((m) => m.promote);
  const no = moves.find((m) => !m.promote);
  if (!yes || !no) return play(moves[0]);
  const code = app.sel.from !== null ? app.pos.cells[app.sel.from] : app.sel.drop;
  const latin = $('latin').checked;
  const ply = app.ply;
  const promoted = '+' + code.replace('+', '');
  document.body.dataset.promotion = '1';
  const choice = await ask(`Promote the ${pieceName(app.look, code)}?`, [
    { label: `Promote: ${label(app.look, promoted, latin)} (${pieceName(app.look, promoted)})`, value: 'yes', primary: true, id: 'promote-yes' },
    { label: `Keep: ${label(app.look, code, latin)}`, value: 'no', id: 'promote-no' },
    { label: 'Cancel', value: 'cancel', id: 'promote-cancel' },
  ]);
  delete document.body.dataset.promotion;
  if (app.ply !== ply || app.pending) return;  // the position changed meanwhile
  if (choice === 'yes') play(yes);
  else if (choice === 'no') play(no);
  else select(null);
}

function closePromotion() {
  if (document.body.dataset.promotion && app.modal) app.modal('cancel');
}

function showSelection() {
  const sel = app.sel;
  const board = app.board;
  if (!sel) {
    board.setMarks(new Set());
    board.setHighlights('selected', []);
    $('end-here').hidden = true;
    markHand();
    updateBody();
    return;
  }
  const moves = candidates(sel);
  const next = new Set();
  const values = new Map();
  for (const m of moves) {
    if (m.path.length <= sel.path.length) continue;
    const sq = m.path[sel.path.length];
    next.add(sq);
    // A table's value for the move that ends there (the unpromoted and the promoted move agree in Dobutsu).
    const v = app.pos.values[m.usi];
    if (v && m.path.length === sel.path.length + 1 && !values.has(sq)) values.set(sq, v);
  }
  board.setMarks(next, values);
  board.setHighlights('selected', [...(sel.from !== null ? [sel.from] : []), ...sel.path]);
  $('end-here').hidden = !(sel.path.length && moves.some((m) => m.path.length === sel.path.length));
  markHand();
  updateBody();
}

// ---- hints: how a piece moves

function pieceAnswer(code, target) {
  const key = `${app.game.name}/${code}${target ? '/' + target : ''}`;
  if (app.pieceAnswers.has(key)) return app.pieceAnswers.get(key);
  const id = ++app.requestId;
  const promise = new Promise((resolve) => {
    app.pieceWaiters.set(id, resolve);
    if (!send({ op: 'piece', id, game: app.game.name, piece: code, ...(target ? { target } : {}) })) {
      app.pieceWaiters.delete(id);
      resolve(null);
    }
  }).then((answer) => {
    if (!answer) app.pieceAnswers.delete(key);
    else app.pieceAnswers.set(key, answer);
    return answer;
  });
  app.pieceAnswers.set(key, promise);
  return promise;
}

// Sente's code of a piece ("+p" → "+P", "(ab)" → "(AB)").
function senteCode(code) {
  return code.toUpperCase();
}

let hintFor = null;
async function onHover(sq, event) {
  const code = app.pos?.cells[sq];
  if (!code || app.modal) return;
  hintFor = sq;
  const answer = await pieceAnswer(senteCode(code));
  if (hintFor !== sq || !answer) return;
  showHint($('hint'), answer, app.look, $('latin').checked, event.clientX, event.clientY);
  document.body.dataset.hint = answer.piece;
}

function closeHint() {
  hintFor = null;
  $('hint').hidden = true;
  delete document.body.dataset.hint;
}

// ---- drawing

function render() {
  const pos = app.pos;
  const board = app.board;
  board.setCells(pos.cells);
  showSelection();
  const last = app.ply ? app.record.paths[app.ply - 1] || [] : [];
  board.setHighlights('last', last);
  board.setHighlights('taken', app.ply ? (app.record.taken[app.ply - 1] || []).map((t) => t.cell) : []);
  const royals = [];
  if (pos.threatened) {
    pos.cells.forEach((code, sq) => {
      if (code && ownPiece(code) && app.look.royals.includes(code.toUpperCase())) royals.push(sq);
    });
  }
  board.setHighlights('threat', royals);
  board.setArrow(null);
  renderHands();
  renderStatus();
  renderMoves();
  renderValues();
  renderResult();
  renderPieceCounts();
  $('sfen-text').placeholder = pos.sfen;
  updateBody();
}

function revealLastMove() {
  const path = app.ply ? app.record.paths[app.ply - 1] : null;
  if (path && path.length) app.board.reveal(path[path.length - 1]);
}

// Pieces each side has taken up to the shown position (the games without drops list them by the hands).
function takenBy() {
  const by = { b: new Map(), w: new Map() };
  for (let i = 0; i < app.ply; ++i) {
    const mover = sideAt(i);
    for (const t of app.record.taken[i] || []) {
      const key = t.piece;
      by[mover].set(key, (by[mover].get(key) || 0) + 1);
    }
  }
  return by;
}

function renderHands() {
  const flipped = $('flip').dataset.on === '1';
  const top = flipped ? 0 : 1;  // hands[0] is Sente's
  const taken = app.game.hands ? null : takenBy();
  const latin = $('latin').checked;
  for (const [id, side] of [['hand-top', top], ['hand-bottom', 1 - top]]) {
    const box = $(id);
    box.textContent = '';
    const letter = side === 0 ? 'b' : 'w';
    box.dataset.side = letter;
    const title = document.createElement('span');
    title.className = 'hand-title';
    const engine = engineSide() === letter ? ' (engine)' : '';
    title.textContent = `${app.look.players[side]}${engine}${app.game.hands ? ' in hand:' : ' took:'}`;
    box.appendChild(title);
    const entries = app.game.hands
      ? (app.pos.hands[side] || []).map(({ piece, count: n }) => ({ piece, n }))
      : [...taken[letter]].map(([piece, n]) => ({ piece, n }));
    if (!entries.length) {
      const none = document.createElement('span');
      none.className = 'hand-none';
      none.textContent = 'none';
      box.appendChild(none);
    }
    for (const { piece, n } of entries) {
      const b = document.createElement(app.game.hands ? 'button' : 'span');
      b.className = app.game.hands ? 'hand-piece' : 'taken-piece';
      b.dataset.piece = piece;
      b.dataset.side = letter;
      b.title = pieceName(app.look, piece);
      b.textContent = `${label(app.look, piece, latin)}${n > 1 ? ' ×' + n : ''}`;
      if (app.game.hands) b.onclick = () => { if (letter === app.pos.side) onHand(piece); else refuse(); };
      else if ((piece === piece.toUpperCase()) === (letter === 'b')) b.classList.add('own');
      box.appendChild(b);
    }
  }
  markHand();
}

function markHand() {
  for (const b of document.querySelectorAll('.hand-piece')) {
    b.classList.toggle('selected', !!(app.sel && app.sel.drop === b.dataset.piece && b.dataset.side === app.pos.side));
  }
}

// A reason as a sentence about the players ("the side to move is bared" → "Gote is bared").
function reasonText(reason) {
  if (!reason) return '';
  return reason
    .replace(/^the side to move\b/, playerName(app.pos.side))
    .replace(/^the side not to move\b/, playerName(other(app.pos.side)))
    .replace(/ \(([^()]*)\)$/, ': $1')
    .replace(/^./, (c) => c.toUpperCase());
}

function renderStatus() {
  const pos = app.pos;
  const mark = $('turn-mark');
  if (!pos) {
    setStatus('status', app.transport?.connected ? 'Loading…' : 'Connecting…', 'play');
    return;
  }
  const r = result();
  let text;
  let kind = 'play';
  mark.dataset.side = pos.side;
  if (!app.transport.connected) {
    text = 'Not connected: reconnecting…';
    kind = 'error';
  } else if (app.pending) {
    text = 'Checking the move…';
  } else if (r) {
    text = r.winner ? `Game over: ${playerName(r.winner)} wins (${reasonText(r.reason)})` : `Game over: draw (${reasonText(r.reason)})`;
    kind = 'over';
  } else if (thinking()) {
    text = `${playerName(pos.side)} (the engine) is thinking…${app.search.depth ? ` depth ${app.search.depth}` : ''}`;
    kind = 'thinking';
  } else {
    const who = live() && engineSide() && pos.side !== engineSide() ? ' (you)' : '';
    text = `${playerName(pos.side)}${who} to move${pos.threatened ? `: ${app.look.threat}` : ''}`;
  }
  if (!live() && !r) {
    text += ` · looking at move ${app.ply} of ${app.record.moves.length}: ▶| returns to the game; a move here replaces the moves after it`;
    kind = kind === 'play' ? 'review' : kind;
  }
  setStatus('status', text, kind);
}

function renderResult() {
  const r = result();
  const box = $('result');
  if (!r || app.resultShown === `${app.ply}/${r.reason}`) {
    box.hidden = true;
    return;
  }
  const engine = engineSide();
  let title = r.winner ? `${playerName(r.winner)} wins` : 'Draw';
  if (engine && r.winner) title += r.winner === engine ? ': the engine wins' : ': you win!';
  $('result-title').textContent = title;
  $('result-reason').textContent = reasonText(r.reason);
  box.dataset.winner = r.winner || '';
  box.hidden = false;
}

// The move list: every ply, with what it took; the shown one marked and kept in view.
function renderMoves() {
  const list = $('moves');
  list.textContent = '';
  const r = app.record;
  const latin = $('latin').checked;
  const startSide = app.pos ? sideAt(0) : 'b';
  r.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.dataset.ply = String(i + 1);
    li.dataset.usi = m;
    const side = (i % 2 === 0) === (startSide === 'b') ? 'b' : 'w';
    li.className = `${i + 1 === app.ply ? 'current' : ''}${i + 1 > app.ply ? ' future' : ''}`;
    const num = document.createElement('span');
    num.className = 'num';
    num.textContent = `${i + 1}.`;
    const who = document.createElement('span');
    who.className = `who ${side}`;
    who.title = playerName(side);
    const text = document.createElement('span');
    text.className = 'usi';
    text.textContent = m;
    li.append(num, who, text);
    const took = r.taken[i] || [];
    if (took.length) {
      const t = document.createElement('span');
      t.className = 'took';
      const kinds = new Map();
      for (const x of took) kinds.set(x.piece, (kinds.get(x.piece) || 0) + 1);
      t.textContent = `×${took.length > 1 ? took.length + ': ' : ''}${[...kinds].map(([p, n]) => `${label(app.look, p, latin)}${n > 1 ? '×' + n : ''}`).join(' ')}`;
      t.title = `took ${took.map((x) => `${pieceName(app.look, x.piece)} on ${squareName(app.game, x.cell)}`).join(', ')}`;
      li.appendChild(t);
    }
    li.onclick = () => goTo(i + 1);
    list.appendChild(li);
  });
  const current = list.querySelector('li.current');
  if (current) current.scrollIntoView({ block: 'nearest' });
  else list.scrollTop = 0;
  $('ply-note').textContent = r.moves.length ? `move ${app.ply} of ${r.moves.length}` : 'no moves yet';
}

function renderValues() {
  const box = $('values');
  const entries = Object.entries(app.pos.values || {});
  box.hidden = !entries.length;
  const list = $('value-list');
  list.textContent = '';
  for (const [move, value] of entries) {
    const li = document.createElement('li');
    li.dataset.move = move;
    li.className = value.split(' ')[0];
    li.textContent = `${move}: ${value}`;
    list.appendChild(li);
  }
}

function clearInfo() {
  setStatus('score', '–');
  setStatus('depth', '–');
  setStatus('nodes', '–');
  setStatus('pv', '');
  setStatus('analysis-note', '');
  app.board?.setArrow(null);
}

// The engine's analysis, as values: depth, nodes, the score from the side to move (mates in moves), the line
// and the cells its first move passes.
function showInfo(info) {
  setStatus('depth', String(info.depth));
  setStatus('nodes', Number(info.nodes).toLocaleString('en'));
  const v = info.score.mate !== undefined ? info.score.mate : info.score.cp;
  const first = playerName('b');
  const forFirst = app.pos.side === 'b' ? v : -v;
  let text;
  if (info.score.mate !== undefined) {
    const winner = v > 0 === (app.pos.side === 'b') ? 'b' : 'w';
    const plies = Math.abs(v);
    text = plies === 0 ? 'mated' : `${playerName(winner)} mates in ${count(Math.ceil(plies / 2), 'move')}`;
  } else {
    text = `${forFirst >= 0 ? '+' : ''}${(forFirst / 100).toFixed(2)} (for ${first})`;
  }
  setStatus('score', text);
  setStatus('pv', info.pv.join(' '));
  app.bestPath = info.path.length > 1 ? info.path : null;
  app.board.setArrow(app.bestPath);
}

function updateBody() {
  const b = document.body.dataset;
  b.game = app.game ? app.game.name : '';
  b.ply = String(app.ply);
  b.plies = String(app.record ? app.record.moves.length : 0);
  b.side = app.pos ? app.pos.side : '';
  b.over = result() ? '1' : '0';
  b.pending = app.pending ? '1' : '0';
  b.searching = app.search ? app.search.purpose : '';
  b.selecting = app.sel ? (app.sel.path.length ? 'path' : 'piece') : '';
  b.modal = app.modal ? '1' : '0';
  b.connected = app.transport?.connected ? '1' : '0';
  $('stop').disabled = !app.search;
  $('undo').disabled = undoTarget() === null && !app.sel;
  $('redo').disabled = !app.record || app.ply >= app.record.moves.length;
  $('nav-first').disabled = $('nav-back').disabled = !app.ply;
  $('nav-forward').disabled = $('nav-last').disabled = !app.record || app.ply >= app.record.moves.length;
}

// ---- the Rules and Pieces panels

function renderRules() {
  const box = $('rules-text');
  box.textContent = '';
  for (const p of rules[app.game.name] || ['The engine knows this game\'s rules; hover a piece to see its moves.']) {
    const e = document.createElement('p');
    e.textContent = p;
    box.appendChild(e);
  }
  if (app.look.terrain) {
    const legend = document.createElement('ul');
    legend.className = 'legend';
    for (const [ground, words] of grounds) {
      const li = document.createElement('li');
      const swatch = document.createElement('span');
      swatch.className = `swatch ${ground}`;
      li.append(swatch, words);
      legend.appendChild(li);
    }
    box.appendChild(legend);
  }
  if (app.game.name === 'jungle') {
    const holder = document.createElement('div');
    holder.id = 'rank-table';
    box.appendChild(holder);
    if ($('rules-box').open) renderRankTable();
  }
}

// Jungle: who may capture whom on open ground, asked of the engine (an attacker with the defender in front of
// it), as the seed's site computes its table.
async function renderRankTable() {
  const holder = $('rank-table');
  if (!holder || holder.dataset.done) return;
  holder.dataset.done = '1';
  const game = app.game.name;
  const kinds = Object.keys(app.look.pieces);
  const table = document.createElement('table');
  const head = table.insertRow();
  head.insertCell().textContent = 'takes →';
  for (const d of kinds) head.insertCell().textContent = label(app.look, d, false);
  for (const a of kinds) {
    const row = table.insertRow();
    row.insertCell().textContent = `${label(app.look, a, false)} ${pieceName(app.look, a)}`;
    for (const d of kinds) {
      const cell = row.insertCell();
      const answer = await pieceAnswer(a, d.toLowerCase());
      if (app.game.name !== game) return;
      const yes = !!answer && answer.moves.some((m) => m.path[m.path.length - 1] === answer.targetCell);
      cell.textContent = answer ? (yes ? '✓' : '–') : '?';
      cell.className = yes ? 'yes' : 'no';
    }
  }
  holder.textContent = '';
  const caption = document.createElement('p');
  caption.textContent = 'Who takes whom on open ground (rows take columns), as the engine\'s moves say:';
  holder.append(caption, table);
}

function renderPieceList() {
  const list = $('piece-list');
  list.textContent = '';
  const latin = $('latin').checked;
  for (const code of Object.keys(app.look.pieces)) {
    const li = document.createElement('li');
    li.dataset.code = code;
    const kanji = document.createElement('span');
    kanji.className = 'kanji';
    kanji.textContent = label(app.look, code, latin);
    const name = document.createElement('span');
    name.className = 'name';
    name.textContent = `${pieceName(app.look, code)} (${code.replace(/[()]/g, '')})`;
    const n = document.createElement('span');
    n.className = 'count';
    li.append(kanji, name, n);
    li.onclick = () => showPiece(li, code);
    list.appendChild(li);
  }
  filterPieces();
}

function renderPieceCounts() {
  if (!$('pieces-box').open) return;
  const counts = new Map();
  app.pos.cells.forEach((c) => { if (c) counts.set(c.toUpperCase(), (counts.get(c.toUpperCase()) || 0) + 1); });
  for (const li of $('piece-list').children) {
    const n = counts.get(li.dataset.code) || 0;
    li.querySelector('.count').textContent = n ? `${n} on the board` : '';
  }
}

function filterPieces() {
  const q = $('piece-find').value.trim().toLowerCase();
  let shown = 0;
  for (const li of $('piece-list').children) {
    const code = li.dataset.code;
    const hit = !q || code.toLowerCase().replace(/[()]/g, '') === q.replace(/[()]/g, '') ||
      pieceName(app.look, code).toLowerCase().includes(q) || label(app.look, code, false).includes(q);
    li.hidden = !hit || shown >= 400;
    if (hit) ++shown;
  }
}

// A piece picked in the list: its moves drawn under it, and the board's pieces of that kind marked, the
// first brought into view.
async function showPiece(li, code) {
  const open = li.querySelector('.diagram-box');
  for (const e of $('piece-list').querySelectorAll('.diagram-box')) e.remove();
  if (open) {
    app.board.setHighlights('found', []);
    return;
  }
  const found = [];
  app.pos?.cells.forEach((c, sq) => { if (c && c.toUpperCase() === code) found.push(sq); });
  app.board.setHighlights('found', found);
  if (found.length) app.board.reveal(found[0]);
  const box = document.createElement('div');
  box.className = 'diagram-box';
  box.textContent = 'asking the engine…';
  li.appendChild(box);
  const answer = await pieceAnswer(code);
  box.textContent = '';
  if (!answer) {
    box.textContent = 'this piece cannot be shown alone';
    return;
  }
  box.appendChild(moveDiagram(answer, app.look, $('latin').checked));
  const note = document.createElement('div');
  note.className = 'hint-note';
  note.textContent = found.length ? `${count(found.length, 'piece')} of this kind on the board (marked)` : 'none on the board now';
  box.appendChild(note);
}

// ---- zoom: the board keeps its proportions; large boards scroll inside their box, the page does not

function fitZoom() {
  const area = $('board-area');
  const box = $('board');
  const top = area.getBoundingClientRect().top + window.scrollY;
  const below = $('row-bottom').getBoundingClientRect().height || 36;
  const height = Math.max(180, window.innerHeight - top - below - 12);
  const width = Math.max(200, area.clientWidth - 4);
  box.style.maxHeight = `${height}px`;
  // The side panel scrolls on its own beside the board, so that the page itself does not.
  const aside = document.querySelector('aside');
  const wide = window.innerWidth > 700;
  aside.style.maxHeight = wide ? `${Math.max(200, window.innerHeight - aside.getBoundingClientRect().top - window.scrollY - 8)}px` : '';
  aside.style.overflowY = wide ? 'auto' : '';
  let z = app.board.fitZoom(width, height);
  // Small boards no larger than 64 px a cell; a board whose cells would be smaller than 22 px scrolls at 30.
  z = Math.min(z, 64 / 60);
  if (z * 60 < 22) z = 30 / 60;
  app.board.setZoom(z);
}

function zoomBy(factor, anchor) {
  const sel = app.sel && (app.sel.path.length ? app.sel.path[app.sel.path.length - 1] : app.sel.from);
  let point = anchor;
  if (!point && sel !== null && sel !== undefined && app.board.cellElement(sel)) {
    const r = app.board.cellElement(sel).getBoundingClientRect();
    point = { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }
  app.board.setZoom(app.board.zoom * factor, point);
}

// ---- clocks: both sides' time, kept by the page; the engine is told its own as a GUI tells it

function clockText(ms, byo) {
  const s = Math.max(0, ms) / 1000;
  const m = Math.floor(s / 60);
  const text = s < 10 ? s.toFixed(1) : `${m}:${String(Math.floor(s % 60)).padStart(2, '0')}`;
  return byo ? `byoyomi ${text}` : text;
}

function startClock(kind, mainMinutes, extraSeconds) {
  if (kind === 'none') {
    app.clock = null;
    return;
  }
  const main = Math.max(0, mainMinutes) * 60000;
  const extra = Math.max(0, extraSeconds) * 1000;
  app.clock = { kind, main, extra, left: { b: main, w: main }, byo: { b: false, w: false }, since: null, side: null };
  if (kind === 'byoyomi' && main === 0) app.clock.byo = { b: true, w: true };
  if (kind === 'byoyomi' && main === 0) app.clock.left = { b: extra, w: extra };
}

function remaining(side) {
  const c = app.clock;
  let left = c.left[side];
  if (c.side === side && c.since) left -= performance.now() - c.since;
  return left;
}

// The clocks at the shown position: those recorded at its start when it was reached before (a move taken
// back gives its time back), and the side to move's turn begun when the game is live: its increment added
// (so the time shown covers this move, as USI's btime does), its byoyomi period renewed.
function clockAtPosition() {
  const c = app.clock;
  if (!c) return;
  chargeClock();
  c.side = null;
  const side = app.pos.side;
  const snapshot = app.record.clocks[app.ply];
  if (snapshot) {
    c.left = { ...snapshot.left };
    c.byo = { ...snapshot.byo };
  }
  if (!live() || result()) return;
  if (!snapshot) {
    if (c.kind === 'increment') c.left[side] += c.extra;
    if (c.byo[side]) c.left[side] = c.extra;
    app.record.clocks[app.ply] = { left: { ...c.left }, byo: { ...c.byo } };
  }
  c.side = side;
  c.since = performance.now();
}

// The time of the move just made, taken off its side's clock.
function chargeClock() {
  const c = app.clock;
  if (!c || !c.side || !c.since) return;
  const side = c.side;
  c.left[side] -= performance.now() - c.since;
  c.since = null;
  if (c.kind === 'byoyomi' && !c.byo[side] && c.left[side] <= 0) c.byo[side] = true;
}

function pauseClock() {
  if (!app.clock) return;
  chargeClock();
  app.clock.side = null;
}

function tickClock() {
  const c = app.clock;
  $('clock-top').hidden = $('clock-bottom').hidden = !c;
  if (!c) return;
  if (c.side && c.since) {
    const side = c.side;
    // Byoyomi: the main time spent, the period begins (what ran over counts against it).
    if (c.kind === 'byoyomi' && !c.byo[side] && remaining(side) <= 0) {
      const over = -remaining(side);
      c.byo[side] = true;
      c.left[side] = c.extra;
      c.since = performance.now() - over;
    }
    if (remaining(side) <= 0 && live() && !result() && !app.pending) flag(side);
  }
  const flipped = $('flip').dataset.on === '1';
  for (const [id, side] of [['clock-top', flipped ? 'b' : 'w'], ['clock-bottom', flipped ? 'w' : 'b']]) {
    const left = remaining(side);
    const e = $(id);
    e.textContent = `${playerName(side)} ${clockText(left, c.byo[side])}`;
    e.dataset.side = side;
    e.dataset.running = c.side === side ? '1' : '0';
    e.dataset.low = left < 10000 ? '1' : '0';
  }
}

function flag(side) {
  stopSearch();
  pauseClock();
  app.record.result = { ply: app.ply, winner: other(side), reason: `${playerName(side)} ran out of time` };
  select(null);
  save();
  render();
}

// ---- controls

// Undo takes back to the last position where a person was to move: against the engine, the engine's reply
// goes with the move it answered; when the engine moved first and nothing of the person's is played, there
// is nothing to take back.
function undoTarget() {
  if (!app.pos || !app.ply) return null;
  const engine = engineSide();
  let t = app.ply - 1;
  if (engine) while (t >= 0 && sideAt(t) === engine) --t;
  return t >= 0 ? t : null;
}

function goTo(ply) {
  if (!app.record || ply < 0 || ply > app.record.moves.length || app.pending) return;
  stopSearch();
  select(null);
  closeHint();
  pauseClock();
  requestPosition(app.record, ply);
}

function undo() {
  if (app.modal) return;
  if (app.sel && app.sel.path.length) return select(null);
  const t = undoTarget();
  if (t === null) return select(null);
  goTo(t);
}

function redo() {
  if (!app.record || app.ply >= app.record.moves.length) return;
  const engine = engineSide();
  let t = app.ply + 1;
  // Against the engine: forward to the next position where the person moves (or the end).
  while (engine && t < app.record.moves.length && (app.ply - t) % 2 !== 0 && sideAt(t) === engine) ++t;
  goTo(t);
}

function inProgress() {
  return app.record && app.record.moves.length > 0 && !result();
}

async function newGame(start = 'startpos', moves = [], why = 'start a new game') {
  if (inProgress()) {
    const choice = await ask(`The game in progress (${count(app.record.moves.length, 'move')}) will be discarded to ${why}.`, [
      { label: 'Discard it', value: 'yes', id: 'confirm-yes' },
      { label: 'Keep playing', value: 'no', primary: true, id: 'confirm-no' },
    ]);
    if (choice !== 'yes') return false;
  }
  stopSearch();
  app.resultShown = null;
  const record = { ...freshRecord(start), moves };
  if (app.clock) startClock(app.clock.kind, app.clock.main / 60000, app.clock.extra / 1000);
  requestPosition(record, moves.length, (reason) => flash(`This could not be loaded: ${reason}. The game in progress is kept.`));
  return true;
}

// ---- game records in the game's own formats (shogi: KIF, KI2, CSA), converted by the engine

function askRecord(request) {
  const id = ++app.requestId;
  return new Promise((resolve) => {
    app.recordWaiters.set(id, resolve);
    if (!send({ op: 'record', id, ...request })) {
      app.recordWaiters.delete(id);
      resolve({ error: 'the engine is not connected' });
    }
  });
}

// The game shown, whole, as a record: its players (the engine by name) and how it ended.
function writeRecordIn(format) {
  const r = app.record;
  const engine = engineSide();
  const name = (side) => (engine === side ? 'Menagerie' : engine ? 'Player' : '');
  const request = { game: app.game.name, to: format, sfen: r.start, moves: r.moves, sente: name('b'), gote: name('w') };
  if (r.result && r.result.ply === r.moves.length) {
    const why = r.result.reason;
    request.end = /resigns/.test(why) ? 'resignation' : /time/.test(why) ? 'time' : /declares/.test(why) ? 'declaration' : 'none';
    request.winner = r.result.winner;
    request.reason = why;
  } else if (app.pos && app.pos.over && live()) {
    request.end = 'rules';
    request.winner = app.pos.winner || '';
    request.reason = app.pos.reason;
  }
  return askRecord(request);
}

async function exportRecord(format, how) {
  const answer = await writeRecordIn(format);
  if (answer.error) return flash(`The record could not be written: ${answer.error}`);
  const label = format.toUpperCase();
  if (how === 'copy') return copy(answer.text, `${label} record`);
  // KIF saved in UTF-8 is .kifu by the convention (.kif is Shift-JIS); CSA is .csa.
  const file = `${app.game.name}-${new Date().toISOString().slice(0, 10)}.${format === 'kif' ? 'kifu' : format}`;
  const url = URL.createObjectURL(new Blob([answer.text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = file;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
  flash(`${label} record saved as ${file}`, 'ok');
}

// Loads a text: a USI line or an SFEN for any game; for a game with records (shogi) a KIF, KI2 or CSA record,
// which the engine reads (refused whole, naming the line, when it cannot). From another game, a text that reads
// as a record of such a game opens that game.
async function loadText(text) {
  const read = store.readRecord(text);
  // USI text is ASCII; a KIF or KI2 record is not, and a CSA record has lines of its own.
  const usiLike = /^[\x00-\x7f]*$/.test(text) && !/^\s*(V2|PI|P[1-9+-]|N[+-]|[+-]\d{4}[A-Z]{2}|'|\$|%)/m.test(text);
  if (!read.error && usiLike) return newGame(read.start, read.moves, 'load this one');
  const readers = [app.game, ...app.games.filter((g) => g !== app.game)].filter((g) => (g.records || []).length);
  for (const game of readers) {
    const answer = await askRecord({ game: game.name, to: 'usi', text });
    if (answer.error) {
      if (/none of KIF/.test(answer.error)) continue;  // not a record at all: the USI reading's error below
      flash(`This record could not be read: ${answer.error}`);
      return false;
    }
    const usi = store.readRecord(answer.text);
    if (usi.error) return flash(`This record could not be read: ${usi.error}`), false;
    if (game === app.game) return newGame(usi.start, usi.moves, 'load this one');
    const saved = store.loadGame(game.name);
    if (saved && saved.moves.length && !saved.result) {
      const choice = await ask(`This is a record of ${titleOf(game.name)}. Your saved game of it `
        + `(${count(saved.moves.length, 'move')}) would be replaced.`, [
        { label: 'Open the record', value: 'yes', primary: true, id: 'record-open-yes' },
        { label: 'Keep my game', value: 'no', id: 'record-open-no' },
      ]);
      if (choice !== 'yes') return false;
    }
    chooseGame(game.name, { ...freshRecord(usi.start), moves: usi.moves }, usi.moves.length, 'record');
    return true;
  }
  if (!read.error) return newGame(read.start, read.moves, 'load this one');
  flash(`This could not be read: ${read.error}`);
  return false;
}

// A record file: UTF-8, else Shift-JIS (the KIF convention).
async function openRecordFile(file) {
  if (!file) return;
  if (file.size > 512 * 1024) return flash(`${file.name} is ${Math.round(file.size / 1024)} KB; a record is read up to 512 KB`);
  const bytes = new Uint8Array(await file.arrayBuffer());
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('shift_jis').decode(bytes);
  }
  if (await loadText(text)) flash(`${file.name} loaded: use ◀ ▶ to step through its moves`, 'ok');
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    flash(`${what} copied`, 'ok');
  } catch {
    const area = $('copy-area');
    area.hidden = false;
    area.value = text;
    area.select();
    flash(`${what}: select and copy it from the box`, 'ok');
  }
}

function wire() {
  $('game').onchange = () => chooseGame($('game').value);
  $('new').onclick = () => newGame();
  $('undo').onclick = undo;
  $('redo').onclick = redo;
  $('nav-first').onclick = () => goTo(0);
  $('nav-back').onclick = () => goTo(app.ply - 1);
  $('nav-forward').onclick = () => goTo(app.ply + 1);
  $('nav-last').onclick = () => goTo(app.record.moves.length);
  $('result-new').onclick = () => newGame();
  $('result-undo').onclick = () => { const t = undoTarget(); if (t !== null) goTo(t); };
  $('result-close').onclick = () => {
    const r = result();
    if (r) app.resultShown = `${app.ply}/${r.reason}`;
    renderResult();
  };
  $('flip').onclick = () => {
    const on = $('flip').dataset.on !== '1';
    $('flip').dataset.on = on ? '1' : '0';
    app.settings[`flip/${app.game.name}`] = on;
    store.saveSettings(app.settings);
    app.board.setFlipped(on);
    if (app.pos) render();
  };
  $('latin').onchange = () => {
    saveSettings();
    app.board.setLatin($('latin').checked);
    renderPieceList();
    if (app.pos) render();
  };
  $('mode').onchange = () => {
    saveSettings();
    stopSearch();
    const engine = engineSide();
    if (engine && $('flip').dataset.on !== (engine === 'b' ? '1' : '0')) $('flip').click();
    if (app.pos) render();
    afterPosition();
  };
  $('skill').onchange = saveSettings;
  $('time').onchange = saveSettings;
  $('analyse').onchange = () => {
    if (!$('analyse').checked) {
      if (app.search && app.search.purpose === 'analyse') stopSearch();
      clearInfo();
      renderStatus();
    } else {
      afterPosition();
    }
  };
  $('stop').onclick = () => {
    // Stopping a search for the engine's move makes it play the best move found so far.
    if (app.search) send({ op: 'stop' });
  };
  $('end-here').onclick = endHere;
  $('sfen-set').onclick = async () => {
    if (await loadText($('sfen-text').value)) $('sfen-text').value = '';
  };
  $('record-file').onchange = async () => {
    const file = $('record-file').files[0];
    $('record-file').value = '';
    await openRecordFile(file);
  };
  $('copy-kif').onclick = () => exportRecord('kif', 'copy');
  $('copy-csa').onclick = () => exportRecord('csa', 'copy');
  $('download-kif').onclick = () => exportRecord('kif', 'download');
  $('download-csa').onclick = () => exportRecord('csa', 'download');
  $('copy-sfen').onclick = () => copy(app.pos ? app.pos.sfen : '', 'SFEN');
  $('copy-record').onclick = () => copy(store.writeRecord(app.record.start, app.record.moves), 'game record');
  $('copy-link').onclick = () => copy(location.href, 'link');
  $('zoom-in').onclick = () => zoomBy(1.25);
  $('zoom-out').onclick = () => zoomBy(1 / 1.25);
  $('zoom-fit').onclick = fitZoom;
  $('board').addEventListener('wheel', (e) => {
    if (!e.ctrlKey) return;
    e.preventDefault();
    zoomBy(e.deltaY < 0 ? 1.15 : 1 / 1.15, { x: e.clientX, y: e.clientY });
  }, { passive: false });
  $('board-cover').onclick = () => refuse();
  $('piece-find').oninput = filterPieces;
  $('piece-find').onkeydown = (e) => {
    if (e.key !== 'Enter') return;
    const first = [...$('piece-list').children].find((li) => !li.hidden);
    if (first) showPiece(first, first.dataset.code);
  };
  $('pieces-box').ontoggle = () => { if (app.pos) renderPieceCounts(); };
  $('rules-box').ontoggle = () => { if ($('rules-box').open) renderRankTable(); };
  $('clock-set').onclick = async () => {
    const kind = $('clock-kind').value;
    const previous = app.clock;
    startClock(kind, Number($('clock-main').value) || 0, Number($('clock-extra').value) || 0);
    const started = await newGame('startpos', [], 'start one with this clock');
    if (!started) app.clock = previous;
  };
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      if (app.modal) return app.modal('cancel');
      closeHint();
      return select(null);
    }
    if (app.modal || e.target.closest?.('input, textarea, select') || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'ArrowLeft') goTo(app.ply - 1);
    else if (e.key === 'ArrowRight') goTo(app.ply + 1);
    else if (e.key === 'Home') goTo(0);
    else if (e.key === 'End') goTo(app.record.moves.length);
    else return;
    e.preventDefault();
  });
  window.addEventListener('resize', () => { if (app.board) fitZoom(); });
  // A hint shown by a long press goes at the next touch anywhere.
  document.addEventListener('pointerdown', (e) => { if (e.pointerType !== 'mouse' && !$('hint').hidden) closeHint(); }, true);
  setInterval(tickClock, 100);
}

app.settings = store.loadSettings();
wire();
connect();
