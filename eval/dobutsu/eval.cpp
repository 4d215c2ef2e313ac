#include "eval/dobutsu/eval.hpp"

namespace menagerie {

using namespace dobutsu;
using E = Evaluator<Dobutsu>;

namespace {

constexpr int kBoardValue[kPieceTypes] = {100, 230, 260, 0, 300};
// A piece in hand can land on any empty square, so it is worth more than the same piece on the board.
constexpr int kHandValue[kHandTypes] = {120, 250, 290};

// Rows advanced from the home rank.
int advance(Color c, int sq) { return c == Sente ? 3 - row_of(sq) : row_of(sq); }

int side_score(const Position& pos, Color c, const E::Params& w) {
    int s = 0;
    for (int sq : pos.occupied(c)) {
        s += kBoardValue[code_type(pos.at(sq))];
        s += w[E::Mobility] * (pos.attacks_from(sq) & ~pos.occupied(c)).count();
    }
    for (int t = 0; t < kHandTypes; ++t) s += pos.hand(c, t) * kHandValue[t];
    const int lion = pos.lion_square(c);
    s += w[E::LionAdvance] * advance(c, lion);
    // Try threat: the lion one step from the far rank with a far-rank square it may step onto unattacked.
    if (advance(c, lion) == 2) {
        const dobutsu::Bitboard steps = pos.attacks_from(lion) & far_rank(c) & ~pos.occupied(c);
        for (int sq : steps)
            if (!pos.attacked_by(sq, ~c)) {
                s += w[E::TryThreat];
                break;
            }
    }
    return s;
}

}  // namespace

E::Params E::defaults() {
    return {{"mobility", "lion_advance", "lion_attacked", "try_threat", "to_move"}, {6, 15, 60, 250, 20}};
}

int E::evaluate(const Position& pos, const Params& w) {
    const Color us = pos.side(), them = ~us;
    int score = side_score(pos, us, w) - side_score(pos, them, w) + w[ToMove];
    if (pos.attacked_by(pos.lion_square(them), us)) score += w[LionAttacked];
    return score;
}

}  // namespace menagerie
