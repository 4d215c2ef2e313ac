// A piece's moves drawn on a small board: the engine's own answer to {"op":"piece"} (the piece alone in the
// middle of an empty board, with the royals the rules need placed out of its way), never a second copy of the
// rules. Small boards are drawn whole; a large one as the window around the piece that its moves reach (up to
// 15 cells across; longer ranges run off the window's edge).
import { drawPieceShape } from './board.js';
import { label, pieceName } from './pieces.js';

const NS = 'http://www.w3.org/2000/svg';
const C = 30;  // units a cell

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// The diagram as an SVG element. answer: the engine's; look: pieces.js's; terrain: the game's cells' grounds.
export function moveDiagram(answer, look, latin) {
  const { files, ranks, from, moves, cells } = answer;
  const fc = from % files;
  const fr = Math.floor(from / files);
  // What to show: all of a small board; else the reach of the moves, at most 15 × 15, around the piece.
  let c0 = 0;
  let c1 = files - 1;
  let r0 = 0;
  let r1 = ranks - 1;
  if (files > 15 || ranks > 15) {
    let reach = 2;
    for (const m of moves) {
      for (const sq of m.path) reach = Math.max(reach, Math.abs(sq % files - fc), Math.abs(Math.floor(sq / files) - fr));
    }
    reach = Math.min(7, reach + 1);
    c0 = Math.max(0, fc - reach);
    c1 = Math.min(files - 1, fc + reach);
    r0 = Math.max(0, fr - reach);
    r1 = Math.min(ranks - 1, fr + reach);
  }
  const w = (c1 - c0 + 1) * C;
  const h = (r1 - r0 + 1) * C;
  const svg = el('svg', { viewBox: `-2 -2 ${w + 4} ${h + 4}`, class: 'diagram', role: 'img' });
  const inside = (sq) => {
    const c = sq % files;
    const r = Math.floor(sq / files);
    return c >= c0 && c <= c1 && r >= r0 && r <= r1;
  };
  const at = (sq) => [(sq % files - c0) * C, (Math.floor(sq / files) - r0) * C];
  const terrain = look.terrain || {};
  for (let r = r0; r <= r1; ++r) {
    for (let c = c0; c <= c1; ++c) {
      const sq = r * files + c;
      const [x, y] = at(sq);
      el('rect', { x, y, width: C, height: C, class: `sq ${terrain[sq] || ''}` }, svg);
    }
  }
  // Destinations, and the first steps of moves in two or more steps (a lion's), fainter.
  const ends = new Map();
  const steps = new Set();
  for (const m of moves) {
    const end = m.path[m.path.length - 1];
    ends.set(end, (ends.get(end) || false) || m.path.length === 1);
    for (const sq of m.path.slice(0, -1)) steps.add(sq);
  }
  for (const sq of steps) {
    if (!inside(sq) || ends.has(sq)) continue;
    const [x, y] = at(sq);
    el('circle', { cx: x + C / 2, cy: y + C / 2, r: 5, class: 'step' }, svg);
  }
  for (const [sq, single] of ends) {
    if (!inside(sq)) continue;
    const [x, y] = at(sq);
    el('rect', { x: x + 3, y: y + 3, width: C - 6, height: C - 6, rx: 4, class: single ? 'reach' : 'reach second' }, svg);
  }
  // The other pieces on the demonstration board (a royal the rules need, a piece to take), drawn small.
  cells.forEach((code, sq) => {
    if (!code || !inside(sq)) return;
    const [x, y] = at(sq);
    const g = drawPieceShape(svg, look, code, latin, code !== code.toUpperCase());
    g.setAttribute('transform', `translate(${x + C / 2} ${y + C / 2}) scale(0.45)`);
    if (sq !== from) g.classList.add('other');
  });
  return svg;
}

// The popup: the diagram with the piece's name, near a point of the page.
export function showHint(box, answer, look, latin, x, y) {
  box.textContent = '';
  const title = document.createElement('div');
  title.className = 'hint-title';
  const code = answer.piece;
  title.textContent = `${label(look, code, false)} ${pieceName(look, code)} (${code.replace(/[()]/g, '')})`;
  box.appendChild(title);
  box.appendChild(moveDiagram(answer, look, latin));
  const note = document.createElement('div');
  note.className = 'hint-note';
  const n = new Set(answer.moves.map((m) => m.path[m.path.length - 1])).size;
  note.textContent = n ? `${n} cells from the middle of an empty board` : 'no move from the middle of an empty board';
  box.appendChild(note);
  box.hidden = false;
  const r = box.getBoundingClientRect();
  const left = Math.min(window.innerWidth - r.width - 8, x + 16);
  const top = Math.min(window.innerHeight - r.height - 8, y + 16);
  box.style.left = `${Math.max(8, left)}px`;
  box.style.top = `${Math.max(8, top)}px`;
}
