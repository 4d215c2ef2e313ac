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
//   approach      mop-up, for a side whose pieces are worth 1,500 more than the other's and half as much again:
//                 each of its pieces but royals and pawns, per king step it stands nearer the nearest enemy
//                 royal than the board's width, an eighth; in place of its forward term, which sends the
//                 pieces on to the enemy's back rank while a lone royal runs the other way
// The weights are a first choice: no self-play measurement yet (bench/strength-log.md).
#include "eval/taikyoku/eval.hpp"

#include <algorithm>
#include <array>
#include <cstdlib>

namespace menagerie {

namespace {

enum Term { SecondRoyal, RoyalAttacked, RoyalGuard, Promotion, Advance, ToMove, Material, RoyalAttack, Forward, Approach };

constexpr int kPawn = taikyoku::kind_of_row(taikyoku::row_of("P"), false);

// The approach term's steps for side c: see the list above.
int approach_steps(const taikyoku::Position& pos, int c) {
    using Geo = taikyoku::Geo;
    std::array<large::Square, 4> royals{};
    int n = 0;
    for (const large::Square s : pos.pieces(1 - c))
        if (taikyoku::kKindTable[size_t(large::kind_of(pos.at(s)))].royal && n < int(royals.size())) royals[size_t(n++)] = s;
    if (!n) return 0;
    int steps = 0;
    for (const large::Square s : pos.pieces(c)) {
        const int k = large::kind_of(pos.at(s));
        if (taikyoku::kKindTable[size_t(k)].royal || k == kPawn) continue;
        int d = Geo::files;
        for (int i = 0; i < n; ++i) d = std::min(d, Geo::distance(s, royals[size_t(i)]));
        steps += Geo::files - d;
    }
    return steps;
}

// mopping: this side is far enough ahead for the approach term (which then stands in for forward).
int side_terms(const taikyoku::Position& pos, int c, const Evaluator<taikyoku::Taikyoku>::Params& w, bool mopping) {
    using Geo = taikyoku::Geo;
    const taikyoku::Parts& parts = pos.parts(c);  // summed by the position as it plays (engine/taikyoku)
    int score = parts[taikyoku::PromotionProspect] * w[Promotion] / 100 + parts[taikyoku::PawnAdvance] * w[Advance];
    score += mopping ? w[Approach] * approach_steps(pos, c) / 8 : parts[taikyoku::Forward] * w[Forward];
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
    return {{"second_royal", "royal_attacked", "royal_guard", "promotion", "advance", "to_move", "material", "royal_attack", "forward",
             "approach"},
            {400, 300, 20, 30, 4, 30, 100, 20, 2, 24}};
}

int Evaluator<taikyoku::Taikyoku>::evaluate(const taikyoku::Position& pos, const Params& w) {
    const int us = pos.side();
    // A side can be hundreds of pawns ahead; beyond 80 the material counts a sixteenth, so that the score stays
    // well inside the search's range and the rest (the royals above all) still tells moves apart.
    const int ours = pos.parts(us)[taikyoku::Material], theirs = pos.parts(1 - us)[taikyoku::Material];
    int material = (ours - theirs) * w[Material] / 100;
    constexpr int kKnee = 8000;
    if (material > kKnee) material = kKnee + (material - kKnee) / 16;
    if (material < -kKnee) material = -kKnee + (material + kKnee) / 16;
    const auto mopping = [&](int a, int b) { return w[Approach] && a - b >= 1500 && 2 * a >= 3 * b; };
    return material + side_terms(pos, us, w, mopping(ours, theirs)) - side_terms(pos, 1 - us, w, mopping(theirs, ours)) +
           w[ToMove];
}

}  // namespace menagerie
