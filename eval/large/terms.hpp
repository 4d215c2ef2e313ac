#pragma once
// The evaluation of the large-board games (chu, dai): named terms and one side's score, templated on the
// game's position and a traits class T that names its pieces and scales:
//   T::pawn, T::go_between, T::king      kind indices
//   T::lion_tag                           the tag bit of the lions
//   T::value(kind)                        piece values (pawn 100)
//   T::promotion_from, T::advance_from    the rank (from the own back rank) where those terms start
//   T::full_board                         enemy pieces from which the King should stay home
// eval/chu and eval/dai give their traits and defaults.
#include <algorithm>
#include <array>

#include "engine/large/board.hpp"
#include "eval/weights.hpp"

namespace menagerie::large_eval {

enum Term {
    SecondRoyal,    // a side with both King and Prince can lose one
    RoyalAttacked,  // a lone royal under attack
    RoyalGuard,     // own pieces next to a lone royal
    LionAttacked,   // a lion under attack
    Promotion,      // an unpromoted piece that can promote, by how close it stands to the zone
    Advance,        // pawns and go-betweens forward
    Mobility,       // squares the ranging pieces reach (per 8 moves)
    Centre,         // steppers, jumpers and lions toward the middle of the board (per tenth of a step)
    Shelter,        // the King's own generals next to it, each (up to four)
    KingHome,       // the King off its two home ranks while the board is full, per rank
    LionTrap,       // a lion in the enemy's corner with the enemy lion near (three times unguarded)
    PawnBlock,      // an own piece standing in front of an own pawn
    KingAttack,     // enemy pieces within three squares of the King, by the square of their weight
    ToMove,
    Approach,       // mop-up: a side far ahead in material, per step its pieces stand closer to the enemy royals
    kTerms
};
// The terms by name, for the bodies below (E::LionTrap, ...).
struct Names {
    enum : int {
        SecondRoyal = large_eval::SecondRoyal, RoyalAttacked = large_eval::RoyalAttacked, RoyalGuard = large_eval::RoyalGuard,
        LionAttacked = large_eval::LionAttacked, Promotion = large_eval::Promotion, Advance = large_eval::Advance,
        Mobility = large_eval::Mobility, Centre = large_eval::Centre, Shelter = large_eval::Shelter,
        KingHome = large_eval::KingHome, LionTrap = large_eval::LionTrap, PawnBlock = large_eval::PawnBlock,
        KingAttack = large_eval::KingAttack, ToMove = large_eval::ToMove, Approach = large_eval::Approach
    };
};

// How central a square is for a stepping piece, 0 (a corner) to 50 (the middle): the distance from the
// nearer edge counts linearly by rank and with diminishing returns by file, so that steppers come forward
// to the middle ranks and toward the middle files.
template <class Geo>
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
template <class T>
bool is_stepper(const large::Kind& kind, int k, const large::Movement& mv) {
    return !kind.royal && mv.n_slides == 0 && k != T::pawn && k != T::go_between;
}

// The lion of side c (or 0): the first piece with the lion tag.
template <class Position, class T>
int lion_square(const Position& pos, int c) {
    for (const large::Square s : pos.pieces(c))
        if (Position::kind(large::kind_of(pos.at(s))).tags & T::lion_tag) return s;
    return 0;
}

// One side's terms; `material` is set to the value of its non-royal pieces.
template <class Position, class T>
int side_terms(const Position& pos, int c, const Weights<kTerms>& w, int& material) {
    using Geo = typename Position::Geo;
    using E = Names;
    int score = 0;
    material = 0;
    const int enemy_lion = w[E::LionTrap] ? lion_square<Position, T>(pos, 1 - c) : 0;
    const int forward = Geo::offset(large::Dir::Fwd, c);
    for (const large::Square s : pos.pieces(c)) {
        const int k = large::kind_of(pos.at(s));
        const large::Kind& kind = Position::kind(k);
        const large::Movement& mv = Position::movement(pos.at(s));
        if (!kind.royal) material += T::value(k);
        const int row = Geo::relative_row(s, c);  // 0 at its own back rank
        if (kind.promotes_to >= 0 && k != T::pawn && k != T::go_between)
            score += w[E::Promotion] * std::max(0, row - T::promotion_from) / 4;
        if (k == T::pawn || k == T::go_between) {
            score += w[E::Advance] * std::max(0, row - T::advance_from);
            const large::Piece ahead = pos.at(s + forward);
            if (large::is_piece(ahead) && large::color_of(ahead) == c) score -= w[E::PawnBlock];
        }
        if (is_stepper<T>(kind, k, mv)) score += w[E::Centre] * kCentrality<Geo>[s] / 10;
        if (kind.tags & T::lion_tag) {
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
            pos.template piece_moves<false>(s, [&](int, int, int) { ++moves; });
            score += w[E::Mobility] * moves / 8;
        }
    }
    // The King's shelter: generals beside it, and its home ranks while the board is full.
    if (w[E::Shelter] || w[E::KingHome]) {
        for (const large::Square s : pos.pieces(c)) {
            if (large::kind_of(pos.at(s)) != T::king) continue;
            int guards = 0;
            for (int d = 0; d < large::kDirs; ++d) {
                const large::Piece p = pos.at(s + Geo::sente_offset(large::Dir(d)));
                if (!large::is_piece(p) || large::color_of(p) != c) continue;
                const int pk = large::kind_of(p);
                guards += is_stepper<T>(Position::kind(pk), pk, Position::movement(p)) && !(Position::kind(pk).tags & T::lion_tag);
            }
            score += w[E::Shelter] * std::min(guards, 4);
            if (pos.count(1 - c) >= T::full_board) score -= w[E::KingHome] * std::max(0, Geo::relative_row(s, c) - 1);
            break;
        }
    }
    // Enemy pieces gathering near the King (or the one royal left): within three squares, a lion or
    // anything as strong counts 4, a ranging piece worth a dragon 2, the rest 1 (pawns and go-betweens 0);
    // the penalty grows with the square of the sum.
    if (w[E::KingAttack]) {
        int royal = 0;
        for (const large::Square s : pos.pieces(c))
            if (large::kind_of(pos.at(s)) == T::king) royal = s;
        if (!royal && pos.royals(c) == 1) royal = pos.royal_square(c);
        if (royal) {
            int units = 0;
            for (const large::Square s : pos.pieces(1 - c)) {
                if (Geo::distance(s, royal) > 3) continue;
                const int k = large::kind_of(pos.at(s));
                if (Position::kind(k).royal) continue;
                const int v = T::value(k);
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
    return score + material;
}

// Mop-up. A side whose pieces are worth 1,500 more than the other's and half as much again has won on material;
// what is left is to take the enemy royals, and a search a few plies deep sees no gain in walking a general
// across the board toward them. So each of its pieces but royals and pawns counts, per step it stands closer
// to the nearest enemy royal than the board's width (a king's steps), w[Approach] / 8: a gradient over the whole
// board, so that the pieces left at home come forward too. Zero unless the margin holds.
template <class Position, class T>
int mop_up(const Position& pos, int c, int material, int enemy_material, const Weights<kTerms>& w) {
    using Geo = typename Position::Geo;
    if (!w[Approach] || material - enemy_material < 1500 || 2 * material < 3 * enemy_material) return 0;
    std::array<int, 4> royals{};
    int n = 0;
    for (const large::Square s : pos.pieces(1 - c))
        if (Position::kind(large::kind_of(pos.at(s))).royal && n < int(royals.size())) royals[size_t(n++)] = s;
    if (!n) return 0;
    int steps = 0;
    for (const large::Square s : pos.pieces(c)) {
        const int k = large::kind_of(pos.at(s));
        if (Position::kind(k).royal || k == T::pawn || k == T::go_between) continue;
        int d = Geo::files;
        for (int i = 0; i < n; ++i) d = std::min(d, Geo::distance(s, royals[size_t(i)]));
        steps += std::max(0, Geo::files - d);
    }
    return w[Approach] * steps / 8;
}


template <class Position, class T>
int evaluate(const Position& pos, const Weights<kTerms>& w) {
    const int us = pos.side();
    int ours = 0, theirs = 0;
    int score = side_terms<Position, T>(pos, us, w, ours) - side_terms<Position, T>(pos, 1 - us, w, theirs) + w[ToMove];
    score += mop_up<Position, T>(pos, us, ours, theirs, w) - mop_up<Position, T>(pos, 1 - us, theirs, ours, w);
    return score;
}

}  // namespace menagerie::large_eval
