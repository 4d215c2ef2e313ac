// The board drawn as SVG: built once per game, then only the cells that change are redrawn, and clicks are
// read by one listener on the whole board (a 36×36 board has 1,296 cells; nothing runs on mouse moves).
import { label, pieceName } from './pieces.js';

const NS = 'http://www.w3.org/2000/svg';
const CELL = 60;  // user units per cell; the SVG is scaled by the zoom
const MARGIN = 24;

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

export class Board {
  // game: the server's description ({name, files, ranks, shogiSquares}); look: pieces.js's entry.
  constructor(container, game, look, onCell) {
    this.container = container;
    this.game = game;
    this.look = look;
    this.files = game.files;
    this.ranks = game.ranks;
    this.flipped = false;
    this.latin = false;
    this.cells = new Array(this.files * this.ranks).fill('');
    this.marks = new Set();
    this.build();
    this.svg.addEventListener('click', (e) => {
      const target = e.target.closest('[data-sq]');
      if (target) onCell(Number(target.dataset.sq));
    });
  }

  build() {
    const w = this.files * CELL + 2 * MARGIN;
    const h = this.ranks * CELL + 2 * MARGIN;
    this.width = w;
    this.height = h;
    this.container.textContent = '';
    const svg = el('svg', { viewBox: `0 0 ${w} ${h}`, class: 'board', role: 'grid',
      'aria-label': `${this.game.name} board` }, this.container);
    this.svg = svg;
    el('rect', { x: 0, y: 0, width: w, height: h, class: 'frame' }, svg);
    this.labels = el('g', { class: 'coords' }, svg);
    this.squares = el('g', {}, svg);
    this.pieceLayer = el('g', { class: 'pieces' }, svg);
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

  // Screen position of a cell's top-left corner.
  xy(sq) {
    let col = sq % this.files;
    let row = Math.floor(sq / this.files);
    if (this.flipped) {
      col = this.files - 1 - col;
      row = this.ranks - 1 - row;
    }
    return [MARGIN + col * CELL, MARGIN + row * CELL];
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
      this.starEls[i].setAttribute('cx', MARGIN + cx * CELL);
      this.starEls[i].setAttribute('cy', MARGIN + cy * CELL);
    });
    // Coordinates as the game writes them: "7g" (file number from the right, rank letter from the top) or "a1".
    this.labels.textContent = '';
    const rankName = (row) => (row < 26 ? String.fromCharCode(97 + row) : String.fromCharCode(97 + row - 26).repeat(2));
    for (let col = 0; col < this.files; ++col) {
      const text = this.game.shogiSquares ? String(this.files - col) : String.fromCharCode(97 + col);
      const [x] = this.xy(col);
      const t = el('text', { x: x + CELL / 2, y: this.game.shogiSquares ? MARGIN - 7 : this.height - 7 }, this.labels);
      t.textContent = text;
    }
    for (let row = 0; row < this.ranks; ++row) {
      const text = this.game.shogiSquares ? rankName(row) : String(this.ranks - row);
      const [, y] = this.xy(row * this.files);
      const t = el('text', { x: this.game.shogiSquares ? this.width - MARGIN / 2 : MARGIN / 2, y: y + CELL / 2 + 5 }, this.labels);
      t.textContent = text;
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
  }

  drawPiece(sq, code) {
    const [x, y] = this.xy(sq);
    const gote = code !== code.toUpperCase();
    const upsideDown = gote !== this.flipped;
    const promoted = code.startsWith('+');
    const g = el('g', { class: `piece ${gote ? 'gote' : 'sente'}${promoted ? ' promoted' : ''}`, 'data-sq': sq,
      transform: `translate(${x + CELL / 2} ${y + CELL / 2})${upsideDown ? ' rotate(180)' : ''}` }, this.pieceLayer);
    const title = el('title', {}, g);
    title.textContent = `${gote ? this.look.players[1] : this.look.players[0]} ${pieceName(this.look, code)}`;
    el('path', { d: 'M 0 -26 L 17 -19 L 22 26 L -22 26 L -17 -19 Z', class: 'shape' }, g);
    const text = label(this.look, code, this.latin);
    const chars = [...text];  // by code point: some kanji lie outside the BMP (taikyoku's howling dogs)
    if (chars.length >= 2 && !this.latin) {
      el('text', { y: -2, class: 'two' }, g).textContent = chars[0];
      el('text', { y: 20, class: 'two' }, g).textContent = chars.slice(1).join('');
    } else {
      el('text', { y: 9, class: text.length > 2 ? 'small' : 'one' }, g).textContent = text;
    }
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

  // Highlights: the selected piece and the path entered so far, the last move, a threatened royal.
  setHighlights(kind, squares) {
    for (const e of this.svg.querySelectorAll(`.sq.${kind}`)) e.classList.remove(kind);
    for (const sq of squares) this.squareEls[sq]?.classList.add(kind);
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

  // The cell's centre in page pixels (for tests and the scroll into view).
  cellElement(sq) {
    return this.squareEls[sq];
  }
}
