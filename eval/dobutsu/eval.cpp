#include "eval/dobutsu/eval.hpp"

namespace menagerie {

using namespace dobutsu;

namespace {

constexpr int kBoardValue[kPieceTypes] = {100, 230, 260, 0, 300};
// A piece in hand can land on any empty square, so it is worth more than the same piece on the board.
constexpr int kHandValue[kHandTypes] = {120, 250, 290};
constexpr int kMobility = 6;       // per square a piece attacks
constexpr int kLionAdvance = 15;   // per row the lion has advanced
constexpr int kLionAttacked = 60;  // the opponent's lion under attack when we are to move
constexpr int kTryThreat = 250;    // a lion next to its far rank with a safe square to step onto
constexpr int kToMove = 20;        // the tempo of having the move

// Rows advanced from the home rank.
int advance(Color c, int sq) { return c == Sente ? 3 - row_of(sq) : row_of(sq); }

int side_score(const Position& pos, Color c) {
    int s = 0;
    for (int sq : pos.occupied(c)) {
        const int t = code_type(pos.at(sq));
        s += kBoardValue[t];
        s += kMobility * (pos.attacks_from(sq) & ~pos.occupied(c)).count();
    }
    for (int t = 0; t < kHandTypes; ++t) s += pos.hand(c, t) * kHandValue[t];
    const int lion = pos.lion_square(c);
    s += kLionAdvance * advance(c, lion);
    // Try threat: the lion one step from the far rank with a far-rank square it may step onto unattacked.
    if (advance(c, lion) == 2) {
        const dobutsu::Bitboard steps = pos.attacks_from(lion) & far_rank(c) & ~pos.occupied(c);
        for (int sq : steps)
            if (!pos.attacked_by(sq, ~c)) {
                s += kTryThreat;
                break;
            }
    }
    return s;
}

}  // namespace

int Evaluator<Dobutsu>::evaluate(const Position& pos) {
    const Color us = pos.side(), them = ~us;
    int score = side_score(pos, us) - side_score(pos, them) + kToMove;
    if (pos.attacked_by(pos.lion_square(them), us)) score += kLionAttacked;
    return score;
}

}  // namespace menagerie
