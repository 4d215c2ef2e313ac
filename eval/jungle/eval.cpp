#include "eval/jungle/eval.hpp"

#include <cstdlib>

namespace menagerie {

using namespace jungle;
using E = Evaluator<Jungle>;

namespace {

// Material by rank; the rat gets RatBonus on top (it threatens the elephant and blocks river jumps).
constexpr int kValue[kPieceTypes] = {100, 150, 200, 250, 350, 550, 600, 700};

int distance(int a, int b) { return std::abs(row_of(a) - row_of(b)) + std::abs(col_of(a) - col_of(b)); }

int side_score(const Position& pos, Color c, const E::Params& w) {
    const int enemy_den = tables.den_square[~c];
    jungle::Bitboard guard_zone;
    for (int t : tables.traps[c]) guard_zone |= tables.steps[t] | jungle::Bitboard::square(t);
    const int near_den[4] = {0, w[E::NearDen1], w[E::NearDen2], w[E::NearDen3]};
    const jungle::Bitboard rats = pos.pieces(Red, Rat) | pos.pieces(Blue, Rat);
    int s = 0;
    for (int sq : pos.occupied(c)) {
        const int t = code_type(pos.at(sq));
        s += kValue[t] + (t == Rat ? w[E::RatBonus] : 0);
        // Attackers gain by advancing, the bigger the more.
        const int advanced = c == Red ? row_of(sq) : 8 - row_of(sq);
        if (t >= Wolf) s += w[E::Advance] * advanced * (t - Dog);
        const int d = distance(sq, enemy_den);
        if (d <= 3) s += near_den[d] * (t >= Leopard ? w[E::BigNearDen] : 1);
        // In an enemy trap anything can take the piece.
        if (tables.traps[~c].test(sq)) s -= w[E::InEnemyTrap];
        // A lion or tiger beside a lake: open jumps, and jumps that would capture.
        if (t == Lion || t == Tiger)
            for (int d = 0; d < 4; ++d) {
                const int to = tables.jump_to[sq][d];
                if (to < 0 || (tables.jump_over[sq][d] & rats).any()) continue;
                const uint8_t target = pos.at(to);
                if (!target)
                    s += w[E::JumpOpen];
                else if (code_color(target) != c && code_type(target) <= t)
                    s += w[E::JumpThreat] * kValue[code_type(target)] / 100;
            }
    }
    s += w[E::TrapGuard] * (pos.occupied(c) & guard_zone).count();
    return s;
}

}  // namespace

E::Params E::defaults() {
    return {{"rat_bonus", "advance", "near_den1", "near_den2", "near_den3", "big_near_den", "trap_guard",
             "in_enemy_trap", "jump_open", "jump_threat", "to_move"},
            {200, 4, 120, 60, 25, 2, 15, 60, 10, 20, 15}};
}

int E::evaluate(const Position& pos, const Params& w) {
    const Color us = pos.side();
    return side_score(pos, us, w) - side_score(pos, ~us, w) + w[ToMove];
}

}  // namespace menagerie
