// Taikyoku's evaluation, for one side and then the difference:
//   material      the table's piece values (engine/taikyoku/position.cpp: mobility on an empty board and rank);
//                 the difference beyond 80 pawns counts a sixteenth
//   second_royal  a side with more than one royal (King, Crown Prince) can lose one
//   royal_attacked  its one royal attacked (the attack estimate)
//   royal_guard   own pieces next to its one royal, each (up to four)
//   promotion     an unpromoted piece that gains by promoting, by how near it stands to the zone: a part of
//                 the gain per rank inside the six ranks before the zone, the whole gain's share in it
//   advance       pawns past their own camp, per rank
//   royal_attack  own pieces near each enemy royal: 3 a piece next to it, 2 two squares away, 1 three away
//   forward       every other non-royal piece, per rank from its own back rank (to bring the armies together)
//   to_move       the side to move
// The weights are a first choice: no self-play measurement yet (bench/strength-log.md).
#include "eval/taikyoku/eval.hpp"

#include <algorithm>
#include <cstdlib>

namespace menagerie {

namespace {

enum Term { SecondRoyal, RoyalAttacked, RoyalGuard, Promotion, Advance, ToMove, Material, RoyalAttack, Forward };

int side_terms(const taikyoku::Position& pos, int c, const Evaluator<taikyoku::Taikyoku>::Params& w) {
    using Geo = taikyoku::Geo;
    const taikyoku::Parts& parts = pos.parts(c);  // summed by the position as it plays (engine/taikyoku)
    int score = parts[taikyoku::PromotionProspect] * w[Promotion] / 100 +
                parts[taikyoku::PawnAdvance] * w[Advance] + parts[taikyoku::Forward] * w[Forward];
    if (w[RoyalAttack]) {
        int near = 0;
        for (const large::Square r : pos.pieces(1 - c)) {
            if (!taikyoku::kKindTable[size_t(large::kind_of(pos.at(r)))].royal) continue;
            for (int dr = -3; dr <= 3; ++dr)
                for (int dc = -3; dc <= 3; ++dc) {
                    const large::Piece p = pos.at(r + dr * Geo::stride + dc);
                    if (large::is_piece(p) && large::color_of(p) == c) near += 4 - std::max(std::abs(dr), std::abs(dc));
                }
        }
        score += w[RoyalAttack] * near;
    }
    if (pos.royals(c) >= 2) {
        score += w[SecondRoyal];
    } else if (pos.royals(c) == 1) {
        const int r = pos.royal_square(c);
        if (pos.attacked(r, 1 - c)) score -= w[RoyalAttacked];
        int guards = 0;
        for (int d = 0; d < large::kDirs; ++d) {
            const large::Piece p = pos.at(r + Geo::sente_offset(large::Dir(d)));
            guards += large::is_piece(p) && large::color_of(p) == c;
        }
        score += w[RoyalGuard] * std::min(guards, 4);
    }
    return score;
}

}  // namespace

Evaluator<taikyoku::Taikyoku>::Params Evaluator<taikyoku::Taikyoku>::defaults() {
    return {{"second_royal", "royal_attacked", "royal_guard", "promotion", "advance", "to_move", "material", "royal_attack", "forward"},
            {400, 300, 20, 30, 4, 30, 100, 20, 2}};
}

int Evaluator<taikyoku::Taikyoku>::evaluate(const taikyoku::Position& pos, const Params& w) {
    const int us = pos.side();
    // A side can be hundreds of pawns ahead; beyond 80 the material counts a sixteenth, so that the score stays
    // well inside the search's range and the rest (the royals above all) still tells moves apart.
    int material = (pos.parts(us)[taikyoku::Material] - pos.parts(1 - us)[taikyoku::Material]) * w[Material] / 100;
    constexpr int kKnee = 8000;
    if (material > kKnee) material = kKnee + (material - kKnee) / 16;
    if (material < -kKnee) material = -kKnee + (material + kKnee) / 16;
    return material + side_terms(pos, us, w) - side_terms(pos, 1 - us, w) + w[ToMove];
}

}  // namespace menagerie
