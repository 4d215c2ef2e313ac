// What the page keeps: each game's record and settings in the browser's storage (a reload or another game in
// between loses nothing), and the shown game in the address, as a link that opens the same position.
// Records are kept as the engine reads them (a start and USI moves); the engine checks them again on loading.

const PREFIX = 'menagerie/';

function storage() {
  try {
    const s = window.localStorage;
    s.getItem(PREFIX + 'probe');
    return s;
  } catch {
    return null;  // storage disabled (a private window, a sandbox): the page works without it
  }
}

export function loadGame(name) {
  const s = storage();
  if (!s) return null;
  try {
    const v = JSON.parse(s.getItem(PREFIX + 'game/' + name) || 'null');
    return v && typeof v === 'object' && Array.isArray(v.moves) ? v : null;
  } catch {
    return null;
  }
}

export function saveGame(name, record) {
  const s = storage();
  if (!s) return;
  try {
    s.setItem(PREFIX + 'game/' + name, JSON.stringify(record));
    s.setItem(PREFIX + 'last', name);
  } catch {
    // full or refused: the game still plays; only a reload would lose it
  }
}

export function lastGame() {
  return storage()?.getItem(PREFIX + 'last') || null;
}

export function loadSettings() {
  try {
    return JSON.parse(storage()?.getItem(PREFIX + 'settings') || '{}') || {};
  } catch {
    return {};
  }
}

export function saveSettings(settings) {
  try {
    storage()?.setItem(PREFIX + 'settings', JSON.stringify(settings));
  } catch {
    // as above
  }
}

// The address: #game=shogi&sfen=...&moves=7g7f+3c3d&ply=2 (sfen left out for the start, ply when not the end).
export function writeLink(game, start, moves, ply) {
  const p = new URLSearchParams();
  p.set('game', game);
  if (start !== 'startpos') p.set('sfen', start);
  if (moves.length) p.set('moves', moves.join(' '));
  if (ply !== moves.length) p.set('ply', String(ply));
  return '#' + p.toString();
}

// The game a link names, or null; a malformed link gives {error}.
export function readLink(hash) {
  if (!hash || hash.length < 2) return null;
  const p = new URLSearchParams(hash.slice(1));
  const game = p.get('game');
  if (!game) return null;
  const sfen = (p.get('sfen') || '').trim();
  const text = (p.get('moves') || '').trim();
  const moves = text ? text.split(/\s+/) : [];
  let ply = moves.length;
  if (p.has('ply')) {
    ply = Number(p.get('ply'));
    if (!Number.isInteger(ply) || ply < 0 || ply > moves.length) return { game, error: `the link's move number '${p.get('ply')}' is not one of its ${moves.length} moves` };
  }
  if (moves.length > 5000) return { game, error: 'the link lists more than 5,000 moves' };
  return { game, start: sfen || 'startpos', moves, ply };
}

// A record pasted or typed by a person: "position startpos moves …", "position sfen … moves …", "startpos
// moves …", "sfen …", an SFEN alone or followed by "moves …", or just moves. Returns {start, moves} or {error}.
export function readRecord(text) {
  let words = text.trim().split(/\s+/).filter(Boolean);
  if (!words.length) return { error: 'the box is empty: paste a game record or an SFEN' };
  if (words[0] === 'position') words = words.slice(1);
  if (!words.length) return { error: "'position' needs 'startpos' or 'sfen' after it" };
  let start = 'startpos';
  let i = 0;
  const at = words.indexOf('moves');
  if (words[0] === 'startpos') {
    i = 1;
  } else if (words[0] === 'moves') {
    i = 0;
  } else if (!words[0].includes('/') && words[0] !== 'sfen') {
    return words.length > 5000 ? { error: 'more than 5,000 moves' } : { start, moves: words };  // moves alone
  } else {
    const end = at < 0 ? words.length : at;
    const fields = words.slice(words[0] === 'sfen' ? 1 : 0, end);
    if (!fields.length) return { error: "'sfen' needs a position after it" };
    start = fields.join(' ');
    i = end;
  }
  if (i < words.length && words[i] !== 'moves') return { error: `expected 'moves' after the position, found '${words[i]}'` };
  const moves = i < words.length ? words.slice(i + 1) : [];
  if (moves.length > 5000) return { error: 'more than 5,000 moves' };
  return { start, moves };
}

// A record as the engine's USI line, which readRecord reads back.
export function writeRecord(start, moves) {
  return `position ${start === 'startpos' ? 'startpos' : 'sfen ' + start}${moves.length ? ' moves ' + moves.join(' ') : ''}`;
}
