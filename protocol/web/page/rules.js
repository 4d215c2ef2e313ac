// Each game's rules in a few paragraphs, for the Rules panel: the words of the rules the engine implements
// (shared/spec), as a player needs them. How each piece moves is not written here: the page draws it from the
// engine (hover or long-press a piece, or pick it in the Pieces panel).

export const rules = {
  shogi: [
    'A 9×9 board. Sente (☗, at the bottom) moves first; the players alternate, one move each.',
    'Win by checkmate: the king is attacked and no move saves it. A move may never leave your own king in check.',
    'A piece captured joins the captor\'s hand. Instead of moving, you may drop a piece from your hand on any empty square (unpromoted). A pawn may not be dropped on a file where you have an unpromoted pawn, nor to give checkmate at once; no piece may be dropped where it could never move.',
    'The far three ranks are the promotion zone: a move that starts or ends there may promote (you are asked). Pawns and lances on the last rank, and knights on the last two, must promote.',
    'The same position for the fourth time is a draw, except that the side that gave check with every move of the repetition loses.',
  ],
  dobutsu: [
    'A 3×4 board with four animals a side. Sente moves first.',
    'Win by catching the enemy lion, or by the try: your lion reaches the far rank and is still there after your opponent\'s next move.',
    'Captured animals join your hand (a hen becomes a chick again) and may be dropped on any empty square. There are no forbidden drops and no check rule: a lion may step into danger.',
    'A chick that moves onto the far rank becomes a hen. A dropped chick does not promote.',
    'The same position (board, hands and side to move) for the third time is a draw.',
  ],
  jungle: [
    'A 7×9 board with eight animals a side. Red (at the bottom) moves first.',
    'Each move takes one animal one square up, down, left or right (never diagonally). An animal may not enter its own den.',
    'Capture by moving onto an enemy animal of the same or a lower rank (the table below, computed by the engine): the rat may take the elephant, and the elephant may not take the rat. An enemy in one of your traps loses all its rank: any of your animals may take it. No capture crosses the water\'s edge.',
    'Only the rat may swim. The lion and the tiger jump across a lake in a straight line, unless a rat is in the water on their way.',
    'Win by entering the enemy den, by capturing every enemy animal, or when your opponent has no move. The same position for the fifth time is a draw.',
  ],
  torishogi: [
    'A 7×7 board with sixteen birds a side. Sente moves first.',
    'Win by checkmating the phoenix; a move may never leave your own phoenix in check.',
    'Captured birds join your hand and may be dropped on empty squares. Left and right quails stay what they are. No more than two unpromoted swallows of one side on a file; a swallow may not be dropped on the last rank or to mate at once.',
    'The far two ranks are the promotion zone: a swallow becomes a goose, a falcon an eagle, on any move into, inside or out of the zone (always). A bird dropped in the zone promotes on its next move.',
    'A position repeated for the fourth time loses for the side that repeats it; perpetual check loses for the checker.',
  ],
  chushogi: [
    'A 12×12 board with 46 pieces a side. Captured pieces leave the game: there are no drops. There is no check rule.',
    'A side loses when it has neither king nor prince (a promoted drunk elephant) left, or no move. Lishogi\'s bare-king rule applies, and two lone royals draw.',
    'The lion moves twice a turn: a step, then another step from there (it may capture on both, or return: igui, or pass: jitto), or a jump to any cell two away. Enter such moves cell by cell; "End the move here" ends it after the first step. The horned falcon and the soaring eagle move like the lion along their forward lines.',
    'Lion trading: a lion may not take a protected enemy lion from two cells away unless its first step took something other than a pawn or go-between; after your lion was taken by a non-lion, no piece may take a protected lion on your next move.',
    'The far four ranks are the promotion zone: a piece may promote when it enters the zone or captures in it (you are asked). A pawn may also promote on reaching the last rank. A piece promotes once.',
    'The fourth repetition is a draw, unless one side attacked on every move, which then loses.',
  ],
  daishogi: [
    'A 15×15 board with 65 pieces a side. No drops, no check rule.',
    'A side loses when it has neither king nor prince, or no move; bare king and repetition as in chu shogi.',
    'The lion, horned falcon and soaring eagle move twice as in chu shogi, but there are no lion-trading rules.',
    'The far five ranks are the promotion zone: promotion is offered on entering the zone or capturing in it, is never forced, and happens once.',
  ],
  taikyoku: [
    'A 36×36 board with 402 pieces a side, 301 kinds. No drops, no check rule, no repetition rule.',
    'A side loses when it has lost every king and crown prince.',
    'Many pieces move in two or more legs (hook movers turn once, the free eagle walks); enter each leg cell by cell. Capturing on the way ends the move there.',
    'Range capture: the generals, the emperor and a few others fly through pieces of lower rank, capturing all of them, friend and foe; a piece of equal or higher rank stops them. The move list shows everything a move took.',
    'The far eleven ranks are the promotion zone: a move that touches it may promote, once, never forced.',
    'Find a piece by its name in the Pieces panel; hover or long-press any piece to see how it moves.',
  ],
};

// Jungle's grounds, for the legend.
export const grounds = [
  ['water', 'Water (the lakes): only the rat swims; the lion and tiger jump across'],
  ['trap', 'Trap: an enemy here loses its rank'],
  ['den', 'Den: enter the enemy\'s to win; never your own'],
];
