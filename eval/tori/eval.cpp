#include "eval/tori/eval.hpp"

#include <algorithm>

namespace menagerie {

using namespace tori;
using E = Evaluator<Tori>;

namespace {

int side_score(const Position& pos, Color c, const E::Params& w) {
    const Color them = ~c;
    const tori::Bitboard occ = pos.occupied();
    int s = 0;
    for (int sq : pos.occupied(c)) {
        const uint8_t pc = pos.at(sq);
        const int t = type_of(pc);
        if (t == Phoenix) continue;
        s += E::piece_value(t);
        if (t == Swallow) s += w[E::Advance] * std::max(0, 4 - Board::relative_rank(c, sq));
        if (t == LeftQuail || t == RightQuail || t == Eagle)
            s += w[E::Mobility] * (attacks_of(pc, sq, occ) & ~pos.occupied(c)).count();
    }
    for (int t : Traits::hand_order) s += pos.hand(c, t) * E::piece_value(t) * (100 + w[E::HandBonus]) / 100;

    const int k = pos.king_square(c);
    if (k < kSquares) {
        const tori::Bitboard around = attacks_of(piece(c, Phoenix), k, occ);
        s += w[E::KingShelter] * (around & pos.occupied(c)).count();
        int attacks = 0;
        for (int sq : around) attacks += pos.attackers_to(sq, them, occ).count();
        attacks += 2 * pos.attackers_to(k, them, occ).count();
        int hand = 0;
        for (int t : Traits::hand_order) hand += pos.hand(them, t);
        s -= w[E::KingAttack] * attacks * attacks / 2 + w[E::KingHandDanger] * attacks * hand / 4;
    }
    return s;
}

}  // namespace

E::Params E::defaults() {
    return {{"hand_bonus", "advance", "king_shelter", "king_attack", "king_hand_danger", "mobility", "to_move"},
            {10, 6, 15, 10, 4, 4, 20}};
}

int E::evaluate(const Position& pos, const Params& w) {
    const Color us = pos.side();
    return side_score(pos, us, w) - side_score(pos, ~us, w) + w[ToMove];
}

}  // namespace menagerie
