#include "eval/jungle/eval.hpp"

#include <cstdlib>

namespace menagerie {

using namespace jungle;

namespace {

// Material: the rat is worth more than its rank says: it threatens the elephant and blocks river jumps.
constexpr int kValue[kPieceTypes] = {300, 150, 200, 250, 350, 550, 600, 700};
constexpr int kAdvance = 4;         // per row advanced, for pieces that attack (not the two smallest)
constexpr int kNearDen[4] = {0, 120, 60, 25};  // by distance to the enemy den (1 = next to it)
constexpr int kTrapGuard = 15;      // per own piece on or next to one of our traps
constexpr int kInEnemyTrap = 60;    // a piece standing in an enemy trap can be taken by anything
constexpr int kToMove = 15;

int distance(int a, int b) { return std::abs(row_of(a) - row_of(b)) + std::abs(col_of(a) - col_of(b)); }

int side_score(const Position& pos, Color c) {
    const int enemy_den = tables.den_square[~c];
    jungle::Bitboard guard_zone;
    for (int t : tables.traps[c]) guard_zone |= tables.steps[t] | jungle::Bitboard::square(t);
    int s = 0;
    for (int sq : pos.occupied(c)) {
        const int t = code_type(pos.at(sq));
        s += kValue[t];
        const int advanced = c == Red ? row_of(sq) : 8 - row_of(sq);
        if (t >= Wolf) s += kAdvance * advanced * (t - Dog);
        const int d = distance(sq, enemy_den);
        if (d <= 3) s += kNearDen[d] * (t >= Leopard ? 2 : 1);
        if (tables.traps[~c].test(sq)) s -= kInEnemyTrap;
    }
    s += kTrapGuard * (pos.occupied(c) & guard_zone).count();
    return s;
}

}  // namespace

int Evaluator<Jungle>::evaluate(const Position& pos) {
    const Color us = pos.side();
    return side_score(pos, us) - side_score(pos, ~us) + kToMove;
}

}  // namespace menagerie
