#include "eval/chu/eval.hpp"

#include <algorithm>

namespace menagerie {

using namespace chu;
using E = Evaluator<Chu>;

namespace {

int side_terms(const Position& pos, int c, const E::Params& w) {
    int score = 0;
    for (const large::Square s : pos.pieces(c)) {
        const int k = large::kind_of(pos.at(s));
        const large::Kind& kind = Position::kind(k);
        if (!kind.royal) score += E::piece_value(k);
        const int row = Geo::relative_row(s, c);  // 0 at its own back rank
        if (kind.promotes_to >= 0 && k != Pawn && k != GoBetween)
            score += w[E::Promotion] * std::max(0, row - 3) / 4;
        if (k == Pawn || k == GoBetween) score += w[E::Advance] * std::max(0, row - 3);
        if (kind.tags & kLionTag && pos.attacked(s, 1 - c)) score -= w[E::LionAttacked];
        if (w[E::Mobility] && Position::movement(pos.at(s)).n_slides) {
            int moves = 0;
            pos.piece_moves<false>(s, [&](int, int, int) { ++moves; });
            score += w[E::Mobility] * moves / 8;
        }
    }
    if (pos.royals(c) >= 2) {
        score += w[E::SecondRoyal];
    } else if (pos.royals(c) == 1) {
        const int r = pos.royal_square(c);
        if (pos.attacked(r, 1 - c)) score -= w[E::RoyalAttacked];
        int guards = 0;
        for (int d = 0; d < large::kDirs; ++d) {
            const large::Piece p = pos.at(r + Geo::sente_offset(large::Dir(d)));
            guards += large::is_piece(p) && large::color_of(p) == c;
        }
        score += w[E::RoyalGuard] * std::min(guards, 4);
    }
    return score;
}

}  // namespace

E::Params E::defaults() {
    return {{"second_royal", "royal_attacked", "royal_guard", "lion_attacked", "promotion", "advance", "mobility", "to_move"},
            {300, 200, 15, 300, 40, 8, 0, 30}};
}

int E::evaluate(const Position& pos, const Params& w) {
    const int us = pos.side();
    return side_terms(pos, us, w) - side_terms(pos, 1 - us, w) + w[ToMove];
}

}  // namespace menagerie
