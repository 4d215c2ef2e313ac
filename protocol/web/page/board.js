// The board drawn as SVG: built once per game, then only the cells that change are redrawn, and clicks are
// read by one listener on the whole board (a 36×36 board has 1,296 cells). The coordinates are drawn in rulers
// beside it that stay in view while a large board scrolls; zooming keeps the point under the pointer (or the
// middle of the view) where it was. A minimap, when attached, shows the whole board and the part in view.
import { label, pieceName } from './pieces.js';

const NS = 'http://www.w3.org/2000/svg';
export const CELL = 60;  // user units per cell; the SVG is scaled by the zoom
const FRAME = 6;
const RULER = 22;

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// A rank's name as the game writes it: letters from the top ("a", …, "z", "aa", …) or numbers from the bottom.
export function rankName(game, row) {
  if (!game.shogiSquares) return String(game.ranks - row);
  return row < 26 ? String.fromCharCode(97 + row) : String.fromCharCode(97 + row - 26).repeat(2);
}

export function fileName(game, col) {
  return game.shogiSquares ? String(game.files - col) : String.fromCharCode(97 + col);
}

export function squareName(game, sq) {
  const col = sq % game.files;
  const row = Math.floor(sq / game.files);
  return game.shogiSquares ? fileName(game, col) + rankName(game, row) : fileName(game, col) + rankName(game, row);
}

// One piece's shape and label, drawn at the origin (used by the board and by the move diagrams).
export function drawPieceShape(parent, look, code, latin, upsideDown) {
  const gote = code !== code.toUpperCase();
  const promoted = code.startsWith('+');
  const g = el('g', { class: `piece ${gote ? 'gote' : 'sente'}${promoted ? ' promoted' : ''}` }, parent);
  const inner = el('g', upsideDown ? { transform: 'rotate(180)' } : {}, g);
  el('path', { d: 'M 0 -26 L 17 -19 L 22 26 L -22 26 L -17 -19 Z', class: 'shape' }, inner);
  const text = label(look, code, latin);
  const chars = [...text];  // by code point: some kanji lie outside the BMP (taikyoku's howling dogs)
  if (chars.length >= 2 && !latin) {
    el('text', { y: -2, class: 'two' }, inner).textContent = chars[0];
    el('text', { y: 20, class: 'two' }, inner).textContent = chars.slice(1).join('');
  } else {
    el('text', { y: 9, class: text.length > 2 ? 'small' : 'one' }, inner).textContent = text;
  }
  return g;
}

export class Board {
  // game: the server's description ({name, files, ranks, shogiSquares}); look: pieces.js's entry.
  // on: {cell(sq), hover(sq, event) (a pointer resting on a piece), leave()}.
  constructor(container, game, look, on) {
    this.container = container;
    this.game = game;
    this.look = look;
    this.on = typeof on === 'function' ? { cell: on } : on;
    this.files = game.files;
    this.ranks = game.ranks;
    this.flipped = false;
    this.latin = false;
    this.zoom = 1;
    this.cells = new Array(this.files * this.ranks).fill('');
    this.marks = new Set();
    this.highlights = new Map();
    this.build();
    this.svg.addEventListener('click', (e) => {
      const target = e.target.closest('[data-sq]');
      if (target) this.on.cell?.(Number(target.dataset.sq));
    });
    // Hints: a pointer resting on a piece (a mouse), or a long press (a finger).
    let timer = null;
    let pressed = null;
    const cancel = () => {
      clearTimeout(timer);
      timer = null;
    };
    this.svg.addEventListener('pointermove', (e) => {
      if (e.pointerType !== 'mouse') return;
      const target = e.target.closest('.piece[data-sq]');
      const sq = target ? Number(target.dataset.sq) : null;
      if (sq === this.hovered) return;
      this.hovered = sq;
      cancel();
      this.on.leave?.();
      if (sq !== null) timer = setTimeout(() => this.on.hover?.(sq, e), 450);
    });
    this.svg.addEventListener('pointerleave', (e) => {
      if (e.pointerType !== 'mouse') return;  // a finger lifted: a long press's hint stays until the next touch
      this.hovered = null;
      cancel();
      this.on.leave?.();
    });
    this.svg.addEventListener('pointerdown', (e) => {
      this.longPressed = false;  // a long press that was followed by no click swallows nothing later
      if (e.pointerType === 'mouse') return;
      const target = e.target.closest('.piece[data-sq]');
      if (!target) return;
      pressed = Number(target.dataset.sq);
      cancel();
      timer = setTimeout(() => {
        this.longPressed = true;
        this.on.hover?.(pressed, e);
      }, 550);
    });
    const release = () => {
      cancel();
      pressed = null;
    };
    this.svg.addEventListener('pointerup', release);
    this.svg.addEventListener('pointercancel', release);
    // A long press shows the hint and is not also a click.
    this.svg.addEventListener('click', (e) => {
      if (this.longPressed) {
        this.longPressed = false;
        e.stopImmediatePropagation();
      }
    }, true);
    this.svg.addEventListener('contextmenu', (e) => e.preventDefault());  // a long press is a hint, not a menu
    this.scroller().addEventListener('scroll', () => this.drawMinimap(), { passive: true });
  }

  scroller() {
    return this.container;
  }

  build() {
    const w = this.files * CELL + 2 * FRAME;
    const h = this.ranks * CELL + 2 * FRAME;
    this.width = w;
    this.height = h;
    this.container.textContent = '';
    const grid = document.createElement('div');
    grid.className = `board-grid ${this.game.shogiSquares ? 'shogi-coords' : 'chess-coords'}`;
    this.container.appendChild(grid);
    this.grid = grid;
    const files = el('svg', { class: 'ruler files', viewBox: `0 0 ${w} ${RULER}`, 'aria-hidden': 'true' }, grid);
    const ranks = el('svg', { class: 'ruler ranks', viewBox: `0 0 ${RULER} ${h}`, 'aria-hidden': 'true' }, grid);
    const corner = document.createElement('div');
    corner.className = 'ruler corner';
    grid.appendChild(corner);
    this.fileRuler = files;
    this.rankRuler = ranks;
    const svg = el('svg', { viewBox: `0 0 ${w} ${h}`, class: 'board', role: 'grid',
      'aria-label': `${this.game.name} board` }, grid);
    this.svg = svg;
    el('rect', { x: 0, y: 0, width: w, height: h, class: 'frame' }, svg);
    this.squares = el('g', {}, svg);
    this.pieceLayer = el('g', { class: 'pieces' }, svg);
    this.outlineLayer = el('g', { class: 'outlines' }, svg);
    this.markLayer = el('g', { class: 'marks' }, svg);
    this.arrowLayer = el('g', { class: 'arrows' }, svg);
    const defs = el('defs', {}, svg);
    const marker = el('marker', { id: 'arrowhead', viewBox: '0 0 10 10', refX: 5, refY: 5, markerWidth: 3,
      markerHeight: 3, orient: 'auto-start-reverse' }, defs);
    el('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'arrowhead' }, marker);
    this.squareEls = [];
    this.pieceEls = new Array(this.files * this.ranks).fill(null);
    this.markEls = new Map();
    const terrain = this.look.terrain || {};
    for (let sq = 0; sq < this.files * this.ranks; ++sq) {
      const r = el('rect', { width: CELL, height: CELL, class: `sq ${terrain[sq] || ''}`, 'data-sq': sq }, this.squares);
      this.squareEls.push(r);
    }
    this.starEls = (this.look.stars || []).map(() => el('circle', { r: 4, class: 'star' }, this.squares));
    this.layout();
  }

  // Screen position of a cell's top-left corner, in the board's units.
  xy(sq) {
    let col = sq % this.files;
    let row = Math.floor(sq / this.files);
    if (this.flipped) {
      col = this.files - 1 - col;
      row = this.ranks - 1 - row;
    }
    return [FRAME + col * CELL, FRAME + row * CELL];
  }

  layout() {
    this.squareEls.forEach((r, sq) => {
      const [x, y] = this.xy(sq);
      r.setAttribute('x', x);
      r.setAttribute('y', y);
    });
    (this.look.stars || []).forEach(([c, r], i) => {
      const cx = this.flipped ? this.files - c : c;
      const cy = this.flipped ? this.ranks - r : r;
      this.starEls[i].setAttribute('cx', FRAME + cx * CELL);
      this.starEls[i].setAttribute('cy', FRAME + cy * CELL);
    });
    // The rulers: files along the top (shogi) or bottom (chess style), ranks at the right or the left.
    this.fileRuler.textContent = '';
    this.rankRuler.textContent = '';
    for (let col = 0; col < this.files; ++col) {
      const [x] = this.xy(col);
      el('text', { x: x + CELL / 2, y: RULER - 6 }, this.fileRuler).textContent = fileName(this.game, col);
    }
    for (let row = 0; row < this.ranks; ++row) {
      const [, y] = this.xy(row * this.files);
      el('text', { x: RULER / 2, y: y + CELL / 2 + 5 }, this.rankRuler).textContent = rankName(this.game, row);
    }
    const cells = this.cells;
    this.cells = new Array(cells.length).fill('');
    this.pieceLayer.textContent = '';
    this.pieceEls.fill(null);
    this.setCells(cells);
    const marks = this.marks;
    this.marks = new Set();
    this.markLayer.textContent = '';
    this.markEls.clear();
    this.setMarks(marks, this.markValues);
    for (const [kind, squares] of this.highlights) this.setHighlights(kind, squares);
    this.setZoom(this.zoom);
  }

  setFlipped(flipped) {
    if (this.flipped === flipped) return;
    this.flipped = flipped;
    this.layout();
  }

  setLatin(latin) {
    if (this.latin === latin) return;
    this.latin = latin;
    const cells = this.cells;
    this.cells = new Array(cells.length).fill('');
    this.pieceLayer.textContent = '';
    this.pieceEls.fill(null);
    this.setCells(cells);
  }

  // Redraws the cells whose piece changed.
  setCells(cells) {
    for (let sq = 0; sq < cells.length; ++sq) {
      if (cells[sq] === this.cells[sq]) continue;
      if (this.pieceEls[sq]) this.pieceEls[sq].remove();
      this.pieceEls[sq] = cells[sq] ? this.drawPiece(sq, cells[sq]) : null;
    }
    this.cells = cells.slice();
    this.drawMinimap();
  }

  drawPiece(sq, code) {
    const [x, y] = this.xy(sq);
    const gote = code !== code.toUpperCase();
    const g = drawPieceShape(this.pieceLayer, this.look, code, this.latin, gote !== this.flipped);
    g.setAttribute('data-sq', sq);
    g.setAttribute('transform', `translate(${x + CELL / 2} ${y + CELL / 2})`);
    const title = el('title', {}, g);
    title.textContent = `${gote ? this.look.players[1] : this.look.players[0]} ${pieceName(this.look, code)}`;
    g.insertBefore(title, g.firstChild);
    return g;
  }

  // Marks the given cells as destinations; values (a Map) may label them (a tablebase's "win in 5").
  setMarks(squares, values) {
    this.markValues = values;
    for (const [sq, e] of this.markEls) {
      if (!squares.has(sq)) {
        e.remove();
        this.markEls.delete(sq);
      }
    }
    for (const sq of squares) {
      if (this.markEls.has(sq)) this.markEls.get(sq).remove();
      const [x, y] = this.xy(sq);
      const g = el('g', { class: 'mark', 'data-sq': sq }, this.markLayer);
      el('rect', { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 6, 'data-sq': sq }, g);
      const v = values && values.get(sq);
      if (v) {
        const t = el('text', { x: x + CELL / 2, y: y + CELL - 6, class: `value ${v.split(' ')[0]}`, 'data-sq': sq }, g);
        t.textContent = v.replace(' in ', ' ');
      }
      this.markEls.set(sq, g);
    }
    this.marks = new Set(squares);
  }

  // Highlights: the selected piece and the path entered so far, the last move, what it took, a threatened
  // royal, the pieces a search found. Each kind colours its cells and draws an outline over the pieces, so
  // that it shows on any ground (Jungle's water included).
  setHighlights(kind, squares) {
    this.highlights.set(kind, [...squares]);
    for (const e of this.svg.querySelectorAll(`.sq.${kind}`)) e.classList.remove(kind);
    for (const e of this.outlineLayer.querySelectorAll(`.outline.${kind}`)) e.remove();
    for (const sq of squares) {
      const r = this.squareEls[sq];
      if (!r) continue;
      r.classList.add(kind);
      const [x, y] = this.xy(sq);
      el('rect', { x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4, rx: 4, class: `outline ${kind}` }, this.outlineLayer);
    }
  }

  // An arrow along a path of cells (the engine's best move); none for an empty path.
  setArrow(cells) {
    this.arrowLayer.textContent = '';
    if (!cells || cells.length < 2) return;
    const points = cells.map((sq) => {
      const [x, y] = this.xy(sq);
      return `${x + CELL / 2},${y + CELL / 2}`;
    });
    el('polyline', { points: points.join(' '), class: 'arrow', 'marker-end': 'url(#arrowhead)' }, this.arrowLayer);
  }

  cellElement(sq) {
    return this.squareEls[sq];
  }

  // ---- size and view

  // Scale: 1 is 60 px a cell. anchor: a point in the page (clientX/Y) that stays over the same spot of the
  // board; by default the middle of the view.
  setZoom(z, anchor) {
    const box = this.scroller();
    const before = this.svg.getBoundingClientRect();
    const view = box.getBoundingClientRect();
    const ax = anchor ? anchor.x : view.left + view.width / 2;
    const ay = anchor ? anchor.y : view.top + view.height / 2;
    // The board point under the anchor, as fractions of the board.
    const fx = before.width ? (ax - before.left) / before.width : 0.5;
    const fy = before.height ? (ay - before.top) / before.height : 0.5;
    this.zoom = Math.min(3, Math.max(0.15, z));
    const px = (units) => `${Math.round(units * this.zoom)}px`;
    this.svg.style.width = px(this.width);
    this.svg.style.height = px(this.height);
    this.fileRuler.style.width = px(this.width);
    this.fileRuler.style.height = px(RULER);
    this.rankRuler.style.width = px(RULER);
    this.rankRuler.style.height = px(this.height);
    const after = this.svg.getBoundingClientRect();
    box.scrollLeft += after.left + fx * after.width - ax;
    box.scrollTop += after.top + fy * after.height - ay;
    this.drawMinimap();
  }

  // The zoom at which the whole board fits a width and a height in pixels (rulers included).
  fitZoom(width, height) {
    return Math.min(width / (this.width + RULER), height / (this.height + RULER));
  }

  // Scrolls a cell into view when it is not (smoothly unless told otherwise), keeping the rulers clear.
  reveal(sq, center = false) {
    const r = this.squareEls[sq]?.getBoundingClientRect();
    if (!r) return;
    const box = this.scroller();
    const view = box.getBoundingClientRect();
    const margin = RULER * this.zoom + 4;
    const inside = r.left >= view.left + margin && r.right <= view.right - margin && r.top >= view.top + margin &&
      r.bottom <= view.bottom - margin;
    if (inside && !center) return;
    box.scrollLeft += r.left + r.width / 2 - (view.left + view.width / 2);
    box.scrollTop += r.top + r.height / 2 - (view.top + view.height / 2);
  }

  // ---- minimap

  attachMinimap(canvas) {
    this.minimap = canvas;
    if (!canvas) return;
    const size = Math.max(2, Math.floor(150 / Math.max(this.files, this.ranks)));
    canvas.width = this.files * size;
    canvas.height = this.ranks * size;
    this.minimapCell = size;
    const jump = (e) => {
      const rect = canvas.getBoundingClientRect();
      const col = Math.floor((e.clientX - rect.left) / rect.width * this.files);
      const row = Math.floor((e.clientY - rect.top) / rect.height * this.ranks);
      const c = this.flipped ? this.files - 1 - col : col;
      const r = this.flipped ? this.ranks - 1 - row : row;
      const sq = Math.max(0, Math.min(this.ranks - 1, r)) * this.files + Math.max(0, Math.min(this.files - 1, c));
      this.reveal(sq, true);
    };
    canvas.onpointerdown = (e) => {
      jump(e);
      canvas.setPointerCapture?.(e.pointerId);
      canvas.onpointermove = (m) => { if (m.buttons) jump(m); };
    };
    canvas.onpointerup = () => { canvas.onpointermove = null; };
    this.drawMinimap();
  }

  drawMinimap() {
    const canvas = this.minimap;
    if (!canvas || !canvas.isConnected) return;
    if (this.minimapQueued) return;
    this.minimapQueued = true;
    requestAnimationFrame(() => {
      this.minimapQueued = false;
      const ctx = canvas.getContext('2d');
      const s = this.minimapCell;
      ctx.fillStyle = '#e8c887';
      ctx.fillRect(0, 0, canvas.width, canvas.height);
      for (let sq = 0; sq < this.cells.length; ++sq) {
        const code = this.cells[sq];
        if (!code) continue;
        let col = sq % this.files;
        let row = Math.floor(sq / this.files);
        if (this.flipped) {
          col = this.files - 1 - col;
          row = this.ranks - 1 - row;
        }
        const gote = code !== code.toUpperCase();
        ctx.fillStyle = code.startsWith('+') ? '#b3120b' : gote ? '#6b6b6b' : '#2b1a05';
        ctx.fillRect(col * s, row * s, s, s);
      }
      for (const sq of this.highlights.get('last') || []) {
        const [x, y] = this.xy(sq);
        ctx.fillStyle = '#ffb000';
        ctx.fillRect((x - FRAME) / CELL * s, (y - FRAME) / CELL * s, s, s);
      }
      // The part in view.
      const box = this.scroller().getBoundingClientRect();
      const b = this.svg.getBoundingClientRect();
      if (!b.width) return;
      const x0 = Math.max(0, (box.left - b.left) / b.width) * canvas.width;
      const y0 = Math.max(0, (box.top - b.top) / b.height) * canvas.height;
      const x1 = Math.min(1, (box.right - b.left) / b.width) * canvas.width;
      const y1 = Math.min(1, (box.bottom - b.top) / b.height) * canvas.height;
      ctx.strokeStyle = '#1458d4';
      ctx.lineWidth = 2;
      ctx.strokeRect(x0 + 1, y0 + 1, Math.max(2, x1 - x0 - 2), Math.max(2, y1 - y0 - 2));
    });
  }
}
