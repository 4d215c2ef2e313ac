// The browser board: one game per tab, its moves checked and listed by the engine over a WebSocket
// (protocol/web/client.hpp). The page keeps the game's start and move list; the engine answers each position
// with the board, the legal moves (with the squares they pass) and the game's state. No rule is written here.
import { Board } from './board.js';
import { lookOf, label, pieceName } from './pieces.js';

const $ = (id) => document.getElementById(id);

const app = {
  ws: null,
  games: [],
  skills: [],
  maxMovetime: 60000,
  maxSkill: 20,
  game: null,        // the server's description of the game shown
  look: null,
  board: null,
  start: 'startpos', // the game's first position: 'startpos' or an SFEN
  moves: [],         // the moves played since, as USI text
  paths: [],         // for each move, the cells it passed (the last-move highlight)
  pos: null,         // the engine's answer for the current position
  requestId: 0,
  pending: null,     // the position request awaiting its answer: {id, start, moves, paths}
  sel: null,         // the move being entered: {from, drop, path: []}
  search: null,      // the running search: {id, purpose: 'play' | 'analyse'}
  searchCounter: 0,
  ended: '',         // a result the position does not show (a resignation)
  bestPath: null,    // the engine's best move, for the arrow
};

function send(message) {
  if (app.ws && app.ws.readyState === WebSocket.OPEN) app.ws.send(JSON.stringify(message));
}

function setStatus(id, text, kind) {
  const e = $(id);
  e.textContent = text;
  if (kind !== undefined) e.dataset.kind = kind;
}

function flash(text) {
  setStatus('message', text, 'error');
}

// ---- connection

function connect() {
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
  app.ws = ws;
  ws.onopen = () => {
    setStatus('connection', 'connected', 'ok');
    send({ op: 'hello' });
  };
  ws.onclose = () => {
    setStatus('connection', 'disconnected: reconnecting…', 'error');
    app.search = null;
    app.pending = null;
    updateBody();
    setTimeout(connect, 1500);
  };
  ws.onmessage = (event) => {
    let m;
    try {
      m = JSON.parse(event.data);
    } catch {
      return;
    }
    handlers[m.op]?.(m);
  };
}

const handlers = {
  hello(m) {
    app.games = m.games;
    app.skills = m.skills;
    app.maxMovetime = m.maxMovetime;
    app.maxSkill = m.maxSkill;
    fillMenus();
    const wanted = new URLSearchParams(location.search).get('game');
    const name = app.game ? app.game.name : (m.games.find((g) => g.name === wanted) || m.games[0]).name;
    if (!app.game || app.game.name !== name) chooseGame(name);
    else requestPosition(app.start, app.moves, app.paths);  // after a reconnection: the same game
  },

  position(m) {
    if (!app.pending || m.id !== app.pending.id) return;  // an answer overtaken by a later request
    const p = app.pending;
    app.pending = null;
    // A new game, position or an undo: the last analysis no longer applies.
    if (p.start !== app.start || p.moves.length < app.moves.length) clearInfo();
    app.start = p.start;
    app.moves = p.moves;
    app.paths = p.paths;
    app.pos = m;
    app.sel = null;
    app.bestPath = null;
    setStatus('message', '');
    render();
    afterPosition();
  },

  error(m) {
    if (m.request === 'position' && app.pending && (m.id === undefined || m.id === app.pending.id)) {
      const failed = app.pending;
      app.pending = null;
      if (!app.pos || app.pos.game !== app.game.name) {
        // The first position of a game failed (a bad SFEN in the address): the game's start instead.
        if (failed.start !== 'startpos') requestPosition('startpos', [], []);
      }
      updateBody();
    }
    flash(m.message);
  },

  info(m) {
    if (!app.search || m.id !== app.search.id) return;
    showInfo(m);
  },

  note() {},

  bestmove(m) {
    if (!app.search || m.id !== app.search.id) return;
    const purpose = app.search.purpose;
    app.search = null;
    updateBody();
    if (purpose !== 'play') return;
    if (m.result === 'resign') {
      app.ended = `${playerName(app.pos.side)} resigns`;
      render();
    } else if (m.result === 'win') {
      app.ended = `${playerName(app.pos.side)} declares a win`;
      render();
    } else {
      const legal = app.pos.moves.find((x) => x.usi === m.move);
      if (legal) play(legal);
      else flash(`the engine answered ${m.move}, which is not a legal move here`);
    }
  },

  busy(m) {
    if (!app.search || m.id !== app.search.id) return;
    const purpose = app.search.purpose;
    app.search = null;
    updateBody();
    flash(m.message);
    if (purpose === 'play') setTimeout(afterPosition, 1500);
  },
};

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
  for (const s of app.skills) {
    const o = document.createElement('option');
    o.value = s.level;
    o.textContent = `${s.name} (level ${s.level})`;
    skill.appendChild(o);
  }
  for (let level = 0; level <= app.maxSkill; ++level) {
    if (app.skills.some((s) => s.level === level)) continue;
    const o = document.createElement('option');
    o.value = level;
    o.textContent = `level ${level}`;
    skill.appendChild(o);
  }
  [...skill.options].sort((a, b) => a.value - b.value).forEach((o) => skill.appendChild(o));
  skill.value = String(app.maxSkill);
}

function chooseGame(name) {
  stopSearch();
  app.game = app.games.find((g) => g.name === name);
  app.look = lookOf(name, app.game.pieces);
  $('game').value = name;
  app.board = new Board($('board'), app.game, app.look, onCell);
  app.board.setLatin($('latin').checked);
  app.board.setFlipped($('flip').dataset.on === '1');
  app.pos = null;
  app.ended = '';
  fitZoom();
  const sfen = new URLSearchParams(location.search).get('sfen');
  const first = sfen && new URLSearchParams(location.search).get('game') === name ? sfen : 'startpos';
  requestPosition(first, [], []);
}

function requestPosition(start, moves, paths) {
  const id = ++app.requestId;
  app.pending = { id, start, moves, paths };
  send({ op: 'position', id, game: app.game.name, sfen: start, moves });
  updateBody();
}

function play(move) {
  stopSearch();
  select(null);
  const cells = move.from === undefined ? move.path : [move.from, ...move.path];
  requestPosition(app.start, [...app.moves, move.usi], [...app.paths, cells]);
}

function engineSide() {
  const mode = $('mode').value;
  return mode === 'engine-w' ? 'w' : mode === 'engine-b' ? 'b' : null;
}

function humanToMove() {
  return app.pos && !app.pos.over && !app.ended && !app.pending && app.pos.side !== engineSide() && !playing();
}

function playing() {
  return app.search && app.search.purpose === 'play';
}

function afterPosition() {
  if (!app.pos || app.pending) return;
  if (!app.pos.over && !app.ended && app.pos.side === engineSide()) {
    if (!app.search) startSearch('play');
  } else if ($('analyse').checked && !app.pos.over && !app.search) {
    startSearch('analyse');
  }
}

function startSearch(purpose) {
  const id = ++app.searchCounter;
  app.search = { id, purpose };
  clearInfo();
  const movetime = purpose === 'play' ? Number($('time').value) : app.maxMovetime;
  const skill = purpose === 'play' ? Number($('skill').value) : app.maxSkill;
  send({ op: 'go', id, movetime, skill, multipv: 1 });
  updateBody();
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

function onCell(sq) {
  if (!humanToMove()) return;
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
  else select(null);
}

function onHand(piece) {
  if (!humanToMove()) return;
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
function finish(moves) {
  if (moves.length === 1) return play(moves[0]);
  const yes = moves.find((m) => m.promote);
  const no = moves.find((m) => !m.promote);
  if (!yes || !no) return play(moves[0]);
  const dialog = $('promotion');
  const code = app.sel.from !== null ? app.pos.cells[app.sel.from] : app.sel.drop;
  $('promote-yes').textContent = `Promote: ${label(app.look, '+' + code.replace('+', ''), $('latin').checked)}`;
  $('promote-no').textContent = `Keep: ${label(app.look, code, $('latin').checked)}`;
  dialog.hidden = false;
  dialog.dataset.open = '1';
  $('promote-yes').onclick = () => { closePromotion(); play(yes); };
  $('promote-no').onclick = () => { closePromotion(); play(no); };
  $('promote-cancel').onclick = () => { closePromotion(); select(null); };
}

function closePromotion() {
  $('promotion').hidden = true;
  delete $('promotion').dataset.open;
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

// ---- drawing

function render() {
  const pos = app.pos;
  const board = app.board;
  board.setCells(pos.cells);
  showSelection();
  const last = app.paths[app.paths.length - 1] || [];
  board.setHighlights('last', last);
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
  updateBody();
}

function renderHands() {
  const flipped = $('flip').dataset.on === '1';
  const top = flipped ? 0 : 1;  // hands[0] is Sente's
  for (const [id, side] of [['hand-top', top], ['hand-bottom', 1 - top]]) {
    const box = $(id);
    box.textContent = '';
    const title = document.createElement('span');
    title.className = 'hand-title';
    title.textContent = `${app.look.players[side]}${app.game.hands ? ' in hand:' : ''}`;
    box.appendChild(title);
    if (!app.game.hands) continue;
    const hand = app.pos.hands[side] || [];
    if (!hand.length) {
      const none = document.createElement('span');
      none.className = 'hand-none';
      none.textContent = 'none';
      box.appendChild(none);
    }
    for (const { piece, count } of hand) {
      const b = document.createElement('button');
      b.className = 'hand-piece';
      b.dataset.piece = piece;
      b.dataset.side = side === 0 ? 'b' : 'w';
      b.title = pieceName(app.look, piece);
      b.textContent = `${label(app.look, piece, $('latin').checked)}${count > 1 ? ' ×' + count : ''}`;
      b.onclick = () => { if ((side === 0 ? 'b' : 'w') === app.pos.side) onHand(piece); };
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

function renderStatus() {
  const pos = app.pos;
  let text;
  let kind = 'play';
  if (pos.over) {
    text = pos.winner ? `Game over: ${playerName(pos.winner)} wins (${pos.reason})` : `Game over: draw (${pos.reason})`;
    kind = 'over';
  } else if (app.ended) {
    text = `Game over: ${app.ended}`;
    kind = 'over';
  } else {
    text = `${playerName(pos.side)} to move${pos.threatened ? ` (${app.look.threat})` : ''}`;
  }
  setStatus('status', text, kind);
  $('sfen-text').value = pos.sfen;
}

function renderMoves() {
  const list = $('moves');
  list.textContent = '';
  app.moves.forEach((m, i) => {
    const li = document.createElement('li');
    li.textContent = m;
    list.appendChild(li);
  });
  list.scrollTop = list.scrollHeight;
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
}

// The engine's progress, as values: depth, nodes, the score from the side to move (mates in plies), the line
// and the cells its first move passes.
function showInfo(info) {
  setStatus('depth', String(info.depth));
  setStatus('nodes', Number(info.nodes).toLocaleString('en'));
  const v = info.score.mate !== undefined ? info.score.mate : info.score.cp;
  // From the side to move; shown from Sente's side as well.
  const forSente = app.pos.side === 'b' ? v : -v;
  const text = info.score.mate !== undefined
    ? `mate in ${Math.abs(v)} plies for ${playerName(v > 0 === (app.pos.side === 'b') ? 'b' : 'w')}`
    : `${forSente >= 0 ? '+' : ''}${(forSente / 100).toFixed(2)} (Sente's view)`;
  setStatus('score', text);
  setStatus('pv', info.pv.join(' '));
  app.bestPath = info.path.length > 1 ? info.path : null;
  app.board.setArrow(app.bestPath);
}

function updateBody() {
  const b = document.body.dataset;
  b.game = app.game ? app.game.name : '';
  b.ply = String(app.moves.length);
  b.side = app.pos ? app.pos.side : '';
  b.over = app.pos && (app.pos.over || app.ended) ? '1' : '0';
  b.pending = app.pending ? '1' : '0';
  b.searching = app.search ? app.search.purpose : '';
  b.selecting = app.sel ? (app.sel.path.length ? 'path' : 'piece') : '';
  $('stop').disabled = !app.search;
  $('undo').disabled = !app.moves.length && !app.sel;
}

// ---- zoom: the board keeps its proportions; large boards scroll

function fitZoom() {
  const box = $('board');
  const natural = app.board.width;
  const avail = Math.max(200, box.clientWidth - 4);
  // Small boards fill the width up to a comfortable size; a big one starts at 40 px a cell and scrolls.
  const tall = Math.max(160, window.innerHeight - 260) / (app.game.ranks + 1);
  const perCell = Math.min(avail / natural * 60, app.game.files > 12 ? 40 : Math.min(64, Math.max(tall, 34)));
  setZoom(Math.max(perCell, app.game.files > 12 ? 24 : 28) / 60);
}

function setZoom(z) {
  app.zoom = Math.min(3, Math.max(0.25, z));
  const svg = app.board.svg;
  svg.style.width = `${Math.round(app.board.width * app.zoom)}px`;
  svg.style.height = `${Math.round(app.board.height * app.zoom)}px`;
}

// ---- controls

function undo() {
  if (app.sel && app.sel.path.length) return select(null);
  if (!app.moves.length) return select(null);
  stopSearch();
  let n = 1;
  const engine = engineSide();
  // Against the engine: back to the last position where the person was to move.
  // The players alternate, so taking back two plies returns the move to the same side.
  if (engine && app.moves.length >= 2 && app.pos && app.pos.side !== engine) n = 2;
  app.ended = '';
  requestPosition(app.start, app.moves.slice(0, -n), app.paths.slice(0, -n));
}

function record() {
  const start = app.start === 'startpos' ? 'startpos' : `sfen ${app.start}`;
  return `position ${start}${app.moves.length ? ' moves ' + app.moves.join(' ') : ''}`;
}

async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    setStatus('message', `${what} copied`, 'ok');
  } catch {
    const area = $('copy-area');
    area.hidden = false;
    area.value = text;
    area.select();
    setStatus('message', `${what}: select and copy it from the box`, 'ok');
  }
}

function wire() {
  $('game').onchange = () => chooseGame($('game').value);
  $('new').onclick = () => {
    stopSearch();
    app.ended = '';
    requestPosition('startpos', [], []);
  };
  $('undo').onclick = undo;
  $('flip').onclick = () => {
    const on = $('flip').dataset.on !== '1';
    $('flip').dataset.on = on ? '1' : '0';
    app.board.setFlipped(on);
    if (app.pos) render();
  };
  $('latin').onchange = () => {
    app.board.setLatin($('latin').checked);
    if (app.pos) renderHands();
  };
  $('mode').onchange = () => {
    stopSearch();
    const engine = engineSide();
    if (engine && $('flip').dataset.on !== (engine === 'b' ? '1' : '0')) $('flip').click();
    afterPosition();
  };
  $('analyse').onchange = () => {
    if (!$('analyse').checked) {
      if (app.search && app.search.purpose === 'analyse') stopSearch();
      app.board.setArrow(null);
    } else {
      afterPosition();
    }
  };
  $('stop').onclick = () => {
    // Stopping a search for the engine's move makes it play the best move found so far.
    if (app.search) send({ op: 'stop' });
  };
  $('end-here').onclick = endHere;
  $('sfen-set').onclick = () => {
    const text = $('sfen-text').value.trim();
    if (!text) return flash('type an SFEN first');
    stopSearch();
    app.ended = '';
    requestPosition(text, [], []);
  };
  $('copy-sfen').onclick = () => copy(app.pos ? app.pos.sfen : '', 'SFEN');
  $('copy-record').onclick = () => copy(record(), 'game record');
  $('zoom-in').onclick = () => setZoom(app.zoom * 1.25);
  $('zoom-out').onclick = () => setZoom(app.zoom / 1.25);
  $('zoom-fit').onclick = fitZoom;
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') {
      closePromotion();
      select(null);
    }
  });
}

wire();
connect();
// For tests and the curious: the page's state, read-only by convention.
window.menagerie = app;
