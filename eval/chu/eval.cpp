#include "eval/chu/eval.hpp"

#include <algorithm>
#include <array>

namespace menagerie {

using namespace chu;
using E = Evaluator<Chu>;

namespace {

// How central a square is for a stepping piece, 0 (a corner) to 50 (the middle): the distance from the
// nearer edge counts linearly by rank and with diminishing returns by file, so that steppers come forward
// to the middle ranks and toward the middle files.
constexpr std::array<int, Geo::size> kCentrality = [] {
    std::array<int, Geo::size> t{};
    for (int row = 0; row < Geo::ranks; ++row)
        for (int col = 0; col < Geo::files; ++col) {
            const int rc = std::min(row, Geo::ranks - 1 - row), cc = std::min(col, Geo::files - 1 - col);
            t[size_t(Geo::square(col, row))] = 5 * rc + 25 - (5 - cc) * (5 - cc);
        }
    return t;
}();

// A piece that neither slides nor is a pawn or royal: the generals, tigers, elephants, kirin, phoenix, lions.
bool is_stepper(const large::Kind& kind, int k, const large::Movement& mv) {
    return !kind.royal && mv.n_slides == 0 && k != Pawn && k != GoBetween;
}

// The lion of side c (or 0): the first piece with the lion tag.
int lion_square(const Position& pos, int c) {
    for (const large::Square s : pos.pieces(c))
        if (Position::kind(large::kind_of(pos.at(s))).tags & kLionTag) return s;
    return 0;
}

int side_terms(const Position& pos, int c, const E::Params& w) {
    int score = 0;
    const int enemy_lion = w[E::LionTrap] ? lion_square(pos, 1 - c) : 0;
    const int forward = Geo::offset(large::Dir::Fwd, c);
    for (const large::Square s : pos.pieces(c)) {
        const int k = large::kind_of(pos.at(s));
        const large::Kind& kind = Position::kind(k);
        const large::Movement& mv = Position::movement(pos.at(s));
        if (!kind.royal) score += E::piece_value(k);
        const int row = Geo::relative_row(s, c);  // 0 at its own back rank
        if (kind.promotes_to >= 0 && k != Pawn && k != GoBetween)
            score += w[E::Promotion] * std::max(0, row - 3) / 4;
        if (k == Pawn || k == GoBetween) {
            score += w[E::Advance] * std::max(0, row - 3);
            const large::Piece ahead = pos.at(s + forward);
            if (large::is_piece(ahead) && large::color_of(ahead) == c) score -= w[E::PawnBlock];
        }
        if (is_stepper(kind, k, mv)) score += w[E::Centre] * kCentrality[s] / 10;
        if (kind.tags & kLionTag) {
            if (pos.attacked(s, 1 - c)) score -= w[E::LionAttacked];
            // Deep in an enemy corner (its three home ranks, three outer files) the lion has few ways out,
            // and an enemy lion close by can trap it.
            const int col = Geo::col(s);
            if (enemy_lion && row >= Geo::ranks - 3 && (col < 3 || col >= Geo::files - 3) &&
                Geo::distance(s, enemy_lion) <= 4)
                score -= w[E::LionTrap] * (pos.attacked(s, c) ? 1 : 3);
        }
        if (w[E::Mobility] && Position::movement(pos.at(s)).n_slides) {
            int moves = 0;
            pos.piece_moves<false>(s, [&](int, int, int) { ++moves; });
            score += w[E::Mobility] * moves / 8;
        }
    }
    // The King's shelter: generals beside it, and its home ranks while the board is full.
    if (w[E::Shelter] || w[E::KingHome]) {
        for (const large::Square s : pos.pieces(c)) {
            if (large::kind_of(pos.at(s)) != King) continue;
            int guards = 0;
            for (int d = 0; d < large::kDirs; ++d) {
                const large::Piece p = pos.at(s + Geo::sente_offset(large::Dir(d)));
                if (!large::is_piece(p) || large::color_of(p) != c) continue;
                const int pk = large::kind_of(p);
                guards += is_stepper(Position::kind(pk), pk, Position::movement(p)) && !(Position::kind(pk).tags & kLionTag);
            }
            score += w[E::Shelter] * std::min(guards, 4);
            if (pos.count(1 - c) >= 24) score -= w[E::KingHome] * std::max(0, Geo::relative_row(s, c) - 1);
            break;
        }
    }
    // Enemy pieces gathering near the King (or the one royal left): within three squares, a lion or
    // anything as strong counts 4, a ranging piece worth a dragon 2, the rest 1 (pawns and go-betweens 0);
    // the penalty grows with the square of the sum.
    if (w[E::KingAttack]) {
        int royal = 0;
        for (const large::Square s : pos.pieces(c))
            if (large::kind_of(pos.at(s)) == King) royal = s;
        if (!royal && pos.royals(c) == 1) royal = pos.royal_square(c);
        if (royal) {
            int units = 0;
            for (const large::Square s : pos.pieces(1 - c)) {
                if (Geo::distance(s, royal) > 3) continue;
                const int k = large::kind_of(pos.at(s));
                if (Position::kind(k).royal) continue;
                const int v = E::piece_value(k);
                units += v >= 1200 ? 4 : v >= 800 ? 2 : v > 100 ? 1 : 0;
            }
            score -= w[E::KingAttack] * std::min(units * units, 100) / 4;
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
    return {{"second_royal", "royal_attacked", "royal_guard", "lion_attacked", "promotion", "advance", "mobility", "centre", "shelter", "king_home", "lion_trap", "pawn_block", "king_attack", "to_move"},
            {300, 200, 15, 300, 40, 8, 0, 8, 12, 20, 60, 15, 0, 30}};
}

int E::evaluate(const Position& pos, const Params& w) {
    const int us = pos.side();
    return side_terms(pos, us, w) - side_terms(pos, 1 - us, w) + w[ToMove];
}

}  // namespace menagerie
