#pragma once
// Static exchange evaluation for the shogi family: what the side to move wins on a move's destination square
// if both sides then go on capturing there, each with its least valuable attacker and free to stop. Works
// on any Position derived from family::Board that answers attackers_to(square, colour, occupancy) over the
// pieces of that occupancy (sliders see through the squares removed from it, which brings in pieces lined
// up behind the first attacker).
#include <algorithm>
#include <span>

#include "engine/family/board.hpp"

namespace menagerie::family {

// `value` by type; `order` lists every type from the least valuable capturer up, the king last.
template <class P>
int see(const P& pos, typename P::Move m, std::span<const int> value, std::span<const int> order) {
    using V = typename P::Traits;
    const int to = m.to();
    int gain[40];
    int d = 0;
    int moving;
    auto occ = pos.occupied();
    if (m.is_drop()) {  // a dropped piece takes nothing and vacates nothing: it can only be lost
        moving = m.drop_type();
        gain[0] = 0;
    } else {
        moving = type_of(pos.at(m.from()));
        gain[0] = value[type_of(pos.at(to))];
        if (m.promotes()) {
            gain[0] += value[V::promoted(moving)] - value[moving];
            moving = V::promoted(moving);
        }
        occ.reset(m.from());
    }
    Color side = ~pos.side();
    for (;;) {
        const auto attackers = pos.attackers_to(to, side, occ) & occ;
        if (attackers.none()) break;
        int from2 = -1, type2 = 0;
        for (int t : order) {
            const auto b = attackers & pos.pieces(t);
            if (b.any()) {
                from2 = b.lsb();
                type2 = t;
                break;
            }
        }
        ++d;
        gain[d] = value[moving] - gain[d - 1];  // what `side` wins by taking, if it is answered
        if (type2 == V::king && (pos.attackers_to(to, ~side, occ) & occ).any()) {
            --d;  // the king cannot take a defended piece
            break;
        }
        occ.reset(from2);
        moving = type2;
        side = ~side;
        if (d >= 38) break;
    }
    while (d > 0) {
        gain[d - 1] = -std::max(-gain[d - 1], gain[d]);
        --d;
    }
    return gain[0];
}

}  // namespace menagerie::family
