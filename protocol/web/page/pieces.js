// How each game's pieces look: their kanji (one or two characters) and names, keyed by the SFEN code in
// upper case ("P", "+P"). Presentation only: which moves are legal always comes from the engine.

const shogi = {
  K: ['玉', 'king'], R: ['飛', 'rook'], B: ['角', 'bishop'], G: ['金', 'gold'], S: ['銀', 'silver'],
  N: ['桂', 'knight'], L: ['香', 'lance'], P: ['歩', 'pawn'],
  '+R': ['龍', 'dragon'], '+B': ['馬', 'horse'], '+S': ['全', 'promoted silver'], '+N': ['圭', 'promoted knight'],
  '+L': ['杏', 'promoted lance'], '+P': ['と', 'tokin'],
};

const dobutsu = {
  L: ['獅', 'lion'], G: ['麒', 'giraffe'], E: ['象', 'elephant'], C: ['雛', 'chick'], '+C': ['鶏', 'hen'],
};

const jungle = {
  E: ['象', 'elephant'], L: ['獅', 'lion'], T: ['虎', 'tiger'], P: ['豹', 'leopard'], W: ['狼', 'wolf'],
  D: ['狗', 'dog'], C: ['猫', 'cat'], R: ['鼠', 'rat'],
};

const tori = {
  K: ['鵬', 'phoenix'], F: ['鷹', 'falcon'], '+F': ['鵰', 'eagle'], C: ['鶴', 'crane'], P: ['雉', 'pheasant'],
  L: ['左鶉', 'left quail'], R: ['右鶉', 'right quail'], S: ['燕', 'swallow'], '+S': ['鴈', 'goose'],
};

const chu = {
  P: ['歩兵', 'pawn'], I: ['仲人', 'go-between'], L: ['香車', 'lance'], A: ['反車', 'reverse chariot'],
  F: ['猛豹', 'ferocious leopard'], C: ['銅将', 'copper general'], S: ['銀将', 'silver general'],
  G: ['金将', 'gold general'], E: ['酔象', 'drunk elephant'], T: ['盲虎', 'blind tiger'], O: ['麒麟', 'kirin'],
  X: ['鳳凰', 'phoenix'], M: ['横行', 'side mover'], V: ['竪行', 'vertical mover'], B: ['角行', 'bishop'],
  R: ['飛車', 'rook'], H: ['龍馬', 'dragon horse'], D: ['龍王', 'dragon king'], Q: ['奔王', 'free king'],
  N: ['獅子', 'lion'], K: ['玉将', 'king'],
  '+P': ['と金', 'tokin'], '+I': ['酔象', 'drunk elephant'], '+L': ['白駒', 'white horse'], '+A': ['鯨鯢', 'whale'],
  '+F': ['角行', 'bishop'], '+C': ['横行', 'side mover'], '+S': ['竪行', 'vertical mover'], '+G': ['飛車', 'rook'],
  '+E': ['太子', 'prince'], '+T': ['飛鹿', 'flying stag'], '+O': ['獅子', 'lion'], '+X': ['奔王', 'free king'],
  '+M': ['奔猪', 'free boar'], '+V': ['飛牛', 'flying ox'], '+B': ['龍馬', 'dragon horse'], '+R': ['龍王', 'dragon king'],
  '+H': ['角鷹', 'horned falcon'], '+D': ['飛鷲', 'soaring eagle'],
};

const dai = {
  ...chu,
  '(IG)': ['鉄将', 'iron general'], '(SG)': ['石将', 'stone general'], '(KT)': ['桂馬', 'knight'],
  '(CS)': ['猫刃', 'cat sword'], '(VO)': ['猛牛', 'violent ox'], '(AB)': ['嗔猪', 'angry boar'],
  '(EW)': ['悪狼', 'evil wolf'], '(FD)': ['飛龍', 'flying dragon'],
  '+(IG)': ['金将', 'gold (promoted iron)'], '+(SG)': ['金将', 'gold (promoted stone)'],
  '+(KT)': ['金将', 'gold (promoted knight)'], '+(CS)': ['金将', 'gold (promoted cat sword)'],
  '+(VO)': ['金将', 'gold (promoted violent ox)'], '+(AB)': ['金将', 'gold (promoted angry boar)'],
  '+(EW)': ['金将', 'gold (promoted evil wolf)'], '+(FD)': ['金将', 'gold (promoted flying dragon)'],
  '+I': ['酔象', 'drunk elephant (promoted go-between)'],
};

// Per game: the pieces, the royals (highlighted when threatened), the players' names, what the engine's
// standing threat means there, and the board's marks.
export const looks = {
  shogi: { pieces: shogi, royals: ['K'], players: ['Sente', 'Gote'], threat: 'in check', stars: [[3, 3], [6, 3], [3, 6], [6, 6]] },
  dobutsu: { pieces: dobutsu, royals: ['L'], players: ['Sente', 'Gote'], threat: 'the lion is threatened' },
  jungle: {
    pieces: jungle, royals: [], players: ['Red', 'Blue'], threat: 'the den is threatened',
    // Terrain, as the rules place it (cells numbered from the top-left): water, traps, dens.
    terrain: (() => {
      const t = {};
      for (const row of [3, 4, 5]) for (const col of [1, 2, 4, 5]) t[row * 7 + col] = 'water';
      for (const [row, col] of [[0, 2], [0, 4], [1, 3], [8, 2], [8, 4], [7, 3]]) t[row * 7 + col] = 'trap';
      t[0 * 7 + 3] = 'den';
      t[8 * 7 + 3] = 'den';
      return t;
    })(),
  },
  torishogi: { pieces: tori, royals: ['K'], players: ['Sente', 'Gote'], threat: 'in check' },
  chushogi: {
    pieces: chu, royals: ['K', '+E'], players: ['Sente', 'Gote'], threat: 'a royal is attacked', stars: [[4, 4], [8, 4], [4, 8], [8, 8]],
  },
  daishogi: {
    pieces: dai, royals: ['K', '+E'], players: ['Sente', 'Gote'], threat: 'a royal is attacked', stars: [[5, 5], [10, 5], [5, 10], [10, 10]],
  },
};

// Taikyoku's 301 types come from the engine's piece table (the hello message), not from this file.
looks.taikyoku = {
  pieces: {}, royals: ['K', '(CP)', '+K', '+(CP)'], players: ['Sente', 'Gote'], threat: 'a royal is attacked',
  stars: [[12, 12], [24, 12], [12, 24], [24, 24]],
};

// The look of a game: this file's table, completed by the pieces the engine lists for it ([code, kanji, name];
// a kanji written as a description sequence, too long for a square, shows as its letters); for a game the page
// has no table for, SFEN letters and no royals.
export function lookOf(game, served = []) {
  const base = looks[game] || { pieces: {}, royals: [], players: ['Sente', 'Gote'], threat: 'threatened' };
  if (!served.length) return base;
  const pieces = { ...base.pieces };
  for (const [code, kanji, name] of served) pieces[code] = [[...kanji].length <= 3 ? kanji : code.replace(/[()+]/g, ''), name];
  return { ...base, pieces };
}

// The label of a piece code ("+p", "(KT)"): kanji, or the SFEN letters when asked or when unknown.
export function label(look, code, latin) {
  const key = code.toUpperCase();
  const entry = look.pieces[key];
  if (latin || !entry) return key.replace(/[()]/g, '');
  return entry[0];
}

export function pieceName(look, code) {
  const entry = look.pieces[code.toUpperCase()];
  return entry ? entry[1] : code.toUpperCase();
}
