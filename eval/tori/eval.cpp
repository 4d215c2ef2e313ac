#include "eval/tori/eval.hpp"

#include "engine/tori/attacks.hpp"

#include <algorithm>

namespace menagerie {

using namespace tori;
using E = Evaluator<Tori>;

namespace {

// One side's material, placement and safety. Each piece's attacks are computed once: they give the mobility
// of the long-range birds and, for the enemy's phoenix, how many times its squares are attacked (the same
// sum as asking, square by square, how many pieces attack it).
struct Side {
    int score = 0;
    int attacks_on_king = 0;  // attacks on the enemy phoenix's neighbourhood, its own square counted twice more
};

Side side_terms(const Position& pos, Color c, const E::Params& w, const tori::Bitboard& enemy_king_zone,
                int enemy_king) {
    const tori::Bitboard occ = pos.occupied();
    Side out;
    for (int sq : pos.occupied(c)) {
        const uint8_t pc = pos.at(sq);
        const int t = type_of(pc);
        const tori::Bitboard a = attacks_of(pc, sq, occ);
        out.attacks_on_king += (a & enemy_king_zone).count();
        if (enemy_king < kSquares && a.test(enemy_king)) out.attacks_on_king += 2;
        if (t == Phoenix) continue;
        out.score += E::piece_value(t);
        if (t == Swallow) out.score += w[E::Advance] * std::max(0, 4 - Board::relative_rank(c, sq));
        if (t == LeftQuail || t == RightQuail || t == Eagle) out.score += w[E::Mobility] * (a & ~pos.occupied(c)).count();
    }
    for (int t : Traits::hand_order) out.score += pos.hand(c, t) * E::piece_value(t) * (100 + w[E::HandBonus]) / 100;
    return out;
}

// The phoenix's shelter and the danger from the enemy's attacks and pieces in hand.
int king_safety(const Position& pos, Color c, const E::Params& w, const tori::Bitboard& zone, int attacks) {
    if (pos.king_square(c) >= kSquares) return 0;
    int hand = 0;
    for (int t : Traits::hand_order) hand += pos.hand(~c, t);
    return w[E::KingShelter] * (zone & pos.occupied(c)).count() - w[E::KingAttack] * attacks * attacks / 2 -
           w[E::KingHandDanger] * attacks * hand / 4;
}

tori::Bitboard king_zone(const Position& pos, Color c) {
    const int k = pos.king_square(c);
    return k < kSquares ? attacks_of(piece(c, Phoenix), k, pos.occupied()) : tori::Bitboard();
}

}  // namespace

E::Params E::defaults() {
    return {{"hand_bonus", "advance", "king_shelter", "king_attack", "king_hand_danger", "mobility", "to_move"},
            {10, 6, 15, 30, 4, 4, 20}};
}

int E::evaluate(const Position& pos, const Params& w) {
    const Color us = pos.side(), them = ~us;
    const tori::Bitboard zone_us = king_zone(pos, us), zone_them = king_zone(pos, them);
    const Side a = side_terms(pos, us, w, zone_them, pos.king_square(them));
    const Side b = side_terms(pos, them, w, zone_us, pos.king_square(us));
    return a.score + king_safety(pos, us, w, zone_us, b.attacks_on_king) -
           (b.score + king_safety(pos, them, w, zone_them, a.attacks_on_king)) + w[ToMove];
}

}  // namespace menagerie
