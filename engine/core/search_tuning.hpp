#pragma once
// Per-game choices of the search's selectivity. A game states the rules it has been tested with as
// `static constexpr SearchTuning search_tuning = {...};` in its Game struct; a game without one gets the
// defaults, the search every game was first tuned with. Each rule is kept for a game only when a match says
// it gains (bench/strength-log.md). The search reads them in search/tuning.hpp.

namespace menagerie {

struct SearchTuning {
    // Late-move reductions growing with ln(depth) * ln(move number) (else: one ply after the third move, two
    // after the eighth at depth 6 or more). For games with wide move lists (chu: a hundred moves a node).
    bool log_reductions = false;
    // Late-move pruning: at depth 1..3 away from the PV and out of check, quiet moves after the first
    // 4 + 2 * depth^2 are not searched (0: off).
    bool late_move_pruning = false;
    // Futility pruning: at depth 1..3 away from the PV and out of check, a quiet move is not searched when the
    // static evaluation plus a margin of futility_margin * depth stays at or below alpha.
    int futility_margin = 0;
    // History malus: the quiet moves tried before the one that cut lose history (else only the cut gains).
    bool history_malus = false;
    // History with gravity: a cut's quiet gains min(32 * depth^2, 2048) and the quiets tried before it lose as
    // much, each entry moving less the nearer it already is to +-16,384 (so it needs no ageing; a new search
    // halves it instead of dividing by eight); and late-move reductions shrink by a ply per 8,192 of the move's
    // history (grow for a negative one). Else: +-depth^2 up to 2^20, divided by eight each search. Shogi:
    // +4.4 +- 18.0 in 1,434 games, not shown to gain; off.
    bool history_gravity = false;
    // Continuation history: quiet moves are also ordered by how well they did after the same previous move and
    // after our own move before it (tables of history_size^2 entries, so for games with small ones). Updated
    // with the history malus's list of the quiets tried before a cut.
    bool continuation_history = false;
    // Improving: a node whose static evaluation is below that of two plies before (the same side to move) is
    // pruned harder: late-move pruning after half as many quiets, one ply more of late-move reduction, and
    // reverse futility from one ply's margin less when it is improving.
    bool improving = false;
    // Countermoves: the quiet move that last cut after the opponent's previous move is tried right after the
    // killers.
    bool countermove = false;
    // Exchange pruning: at depth 1..6 away from the root and out of check, once a move has been searched, a
    // quiet move (or drop) whose piece the exchange on its square loses for more than 50 * depth^2, and a
    // capture losing more than 100 * depth, are not searched.
    bool see_pruning = false;
    // Razoring: at depth 1..2 away from the PV and out of check, a static evaluation this many centipawns a
    // ply below alpha is checked by quiescence, whose fail-low is returned (0: off).
    int razoring = 0;
    // Internal iterative reduction: a node at depth 5 or more without a move from the table is searched a ply
    // shallower (the table's move usually makes the deeper search cheap; without it, a shallower one finds it).
    bool internal_reduction = false;
    // Singular extension: at depth 7 or more, the table's move (a lower bound from at most three plies less)
    // is extended a ply when every other move fails below its score minus 2 * depth, searched at half depth;
    // when even that reduced search of the others reaches beta, the node is cut at once (multi-cut).
    bool singular_extension = false;
    // Quiescence reads and writes the transposition table (depth 0 entries; they cut only in quiescence).
    bool quiescence_tt = false;
    // Reverse futility pruning: away from the PV and out of check, at depth 1..this, a static evaluation above
    // beta by 150 centipawns a ply is returned at once.
    int reverse_futility_depth = 3;
    // ProbCut: at depth 5 or more away from the PV, a capture winning at least the margin above beta by
    // exchange that still beats beta + margin by quiescence and by a search four plies shallower cuts the
    // node (0: off).
    int probcut = 0;
    // Check extension: a node in check is searched a ply deeper (within twice the root depth).
    bool check_extension = true;
    // Null-move pruning, in games whose position can pass (play_null): on unless the game turns it off.
    bool null_move = true;
    // Null move, reduction: 3 + depth / 3 plies, one more for each 200 centipawns the static evaluation stands
    // above beta (up to three), instead of 2 + depth / 4. Shogi: −8.6 ± 25.2 in 727 games, not kept.
    bool adaptive_null_move = false;
    // Null move, verification: from this depth (0: never) a null move's cut is only taken when a search of the
    // node itself, as shallow as the null move's and with no null moves for the next plies, also reaches beta;
    // a position where every move spoils it (zugzwang) then fails to cut.
    int null_verification_depth = 0;
    // Aspiration windows: from depth 5 the root is searched within this many centipawns either side of the
    // last iteration's score, the window widened by half again on each side that fails (0: full window).
    int aspiration_window = 0;
    // Time: on a clock, more time for a move whose best move keeps changing or whose score drops
    // (Search::soft_limit).
    bool stretch_time = false;
    // Time: new iterations start until the byoyomi's share of the budget is spent, not only until half of it
    // (TimeBudget::soft). Shogi at byoyomi 100 ms: +33.2 ± 34.8 in 388 games, +31.8 ± 27.3 in 625 and +36.6 ±
    // 24.3 in 790, each stopped undecided; the three together (1,803 games, +34) pass with LLR 4.42 of 2.94: on
    // in shogi.
    bool spend_byoyomi = false;
    // Time: with a clock and no moves-to-go, the remaining time is shared over this many moves (a game that
    // typically lasts longer shares it more thinly at first, keeping time for its middle game).
    int moves_to_plan = 30;
    // Quiescence: at most this many plies of captures beyond the horizon (0: until they run out). For a game
    // whose captures open lines for more captures nearly without end (taikyoku's long-range pieces).
    int quiescence_plies = 0;
    // In a game without a repetition rule: the search scores a return to any earlier position of the game or
    // of its path as a draw. Not a rule (the game goes on); it keeps the side ahead from going round in circles.
    bool repeats_score_draw = false;
    // With repeats_score_draw: such a return scores this many centipawns against the side that moves at the
    // root, so neither side in a level position settles for going round (each prefers any other move that
    // scores within this margin of the circle). 0: the return is a plain draw.
    int repeat_contempt = 0;
    // The root's first order: after a move that wins at once and the table's move, the captures by what they
    // take (most valuable victim, then least valuable mover) before the other moves (else as generated). For a
    // game whose first iteration a short search may not finish (taikyoku's hundreds of root moves), where the
    // moves searched by then are all it chooses from.
    bool root_captures_first = false;
};

}  // namespace menagerie
