// Chu shogi's own rules on the large-board core: promotion and the seed's lion-trading rules (spec/chu.md).
// The SFEN, move text, generation and game end are the core's (engine/large/position.hpp).
#include <string>

#include "engine/chu/chu.hpp"

namespace menagerie::chu {

using large::kEmpty;
using large::kind_of;
using large::color_of;

bool Position::may_promote(Piece p, int from, int to) const {
    const int k = kind_of(p);
    if (kind(k).promotes_to < 0) return false;
    const int c = color_of(p);
    if (!in_zone(from, c) && in_zone(to, c)) return true;                                      // entering the zone
    if (at(to) != kEmpty && (in_zone(from, c) || in_zone(to, c))) return true;                  // a capture touching it
    // A pawn's far rank; lishogi gives it to the lance as well.
    return (k == Pawn || (k == Lance && lishogi_)) && Geo::relative_row(to, c) == Geo::ranks - 1;
}

// Rule 1 (protected lion) for lions, rule 2 (counter-strike) for the rest; protection is judged on the board
// before the move with the origin and the middle square seen through (a piece taken there still protects).
// Lishogi's counter-strike instead bars a non-lion from taking any lion but the one on the third field's square
// (a kirin that promoted as it took), protected or not.
bool Position::lion_rules_allow(int from, int to, int mid) const {
    const bool lion_mover = is_lion(at(from));
    auto may_take = [&](int x) {
        if (lion_mover) {
            if (Geo::distance(from, x) == 1) return true;
            if (mid && x != mid && !(kind(kind_of(at(mid))).tags & kWeakBridge)) return true;
            return !attacked(x, ~stm_, from, mid);
        }
        if (!counter_) return true;
        if (lishogi_) return x == counter_;
        return !attacked(x, ~stm_, from, mid);
    };
    if (mid && is_lion(at(mid)) && !may_take(mid)) return false;
    if (to != from && is_lion(at(to)) && is_enemy(at(to)) && !may_take(to)) return false;
    return true;
}

std::string Position::explain_illegal(Move m) const {
    if (is_lion(at(m.from())))
        return "breaks the protected-lion rule: a lion may not take a protected lion two squares away "
               "unless its first leg took a piece other than a pawn or go-between";
    if (lishogi_)
        return "breaks the counter-strike rule (ChuRules lishogi): right after losing its lion to a non-lion, a "
               "side may not take a lion with a non-lion, except the lion that just took";
    return "breaks the counter-strike rule: right after losing its lion to a non-lion, a side may not "
           "take a protected lion with a non-lion";
}

}  // namespace menagerie::chu
