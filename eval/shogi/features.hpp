#pragma once
// The features of shogi's evaluation (eval/shogi/eval.hpp), one description for the evaluation and the tuner.
#include <algorithm>

#include "engine/shogi/attacks.hpp"
#include "eval/shogi/eval.hpp"

namespace menagerie {

template <class Sink>
void Evaluator<shogi::Shogi>::features(const shogi::Position& pos, Sink& sink) {
    using namespace shogi;
    using namespace shogi_eval;
    const shogi::Bitboard occ = pos.occupied();
    // Attack maps: the squares each side attacks, and those its pieces other than the rooks, bishops and king
    // attack (the small pieces, which win a major they attack). Mobility of the small pieces on the way. Not
    // computed for an evaluation whose weights for these terms are all zero (a sink that says so).
    bool threats = true;
    if constexpr (requires { sink.needs_threats(); }) threats = sink.needs_threats();
    shogi::Bitboard attacked[2], by_small[2];
    for (Color c : {Sente, Gote}) {
        if (!threats) break;
        const int sign = c == Sente ? 1 : -1;
        int small_mobility = 0;
        for (int sq : pos.occupied(c)) {
            const uint8_t p = pos.at(sq);
            const int t = type_of(p);
            const shogi::Bitboard a = attacks_of(p, sq, occ);
            attacked[c] |= a;
            if (t == Bishop || t == Rook || t == Horse || t == Dragon || t == King) continue;
            by_small[c] |= a;
            small_mobility += (a & ~pos.occupied(c)).count();
        }
        sink.term(SmallMobility, sign * small_mobility);
    }
    // Threats: the pieces the side to move has hanging (attacked and not defended; by rough value, a pawn 1
    // and a rook 7) and its majors attacked by small pieces, which quiescence does not see (it searches the
    // captures of the side to move only); and what the other side has hanging.
    for (Color c : {Sente, Gote}) {
        if (!threats) break;
        const int sign = c == Sente ? 1 : -1;
        const shogi::Bitboard own = pos.occupied(c) & ~pos.pieces(King);
        int hanging = 0;
        for (int sq : own & attacked[~c] & ~attacked[c]) hanging += (piece_value(type_of(pos.at(sq))) + 50) / 100;
        const shogi::Bitboard majors =
            pos.pieces(Bishop) | pos.pieces(Rook) | pos.pieces(Horse) | pos.pieces(Dragon);
        if (c == pos.side()) {
            sink.term(HangingToMove, -sign * hanging);
            sink.term(MajorThreatened, -sign * (own & majors & by_small[~c]).count());
        } else {
            sink.term(HangingWaiting, -sign * hanging);
        }
    }
    for (Color c : {Sente, Gote}) {
        const int sign = c == Sente ? 1 : -1;
        const Color them = ~c;
        const int own_king = pos.king_square(c), enemy_king = pos.king_square(them);
        for (int sq : pos.occupied(c)) {
            const int t = type_of(pos.at(sq));
            sink.table(pst_index(t, c, sq), sign);
            if (t == King) continue;
            sink.table(kMaterial + t, sign);
            if (own_king < kSquares) sink.table(king_index(kOwnKing, t, c, sq, own_king), sign);
            if (enemy_king < kSquares) sink.table(king_index(kEnemyKing, t, c, sq, enemy_king), sign);
            if (t == Bishop || t == Rook || t == Horse || t == Dragon)
                sink.term(MajorMobility, sign * (attacks_of(pos.at(sq), sq, occ) & ~pos.occupied(c)).count());
        }
        for (int t = Pawn; t <= Gold; ++t) {
            const int n = std::min(pos.hand(c, t), kHandCap[t]);
            for (int k = 0; k < n; ++k) sink.table(kHand + hand_offset(t) + k, sign);
        }
        // King safety: shelter, open squares, and enemy attacks on the king's neighbourhood (heavier with
        // pieces in the enemy's hand).
        if (own_king < kSquares) {
            const shogi::Bitboard around = step_attacks(c, King, own_king);
            const shogi::Bitboard defenders = (pos.golds() | pos.pieces(Silver)) & pos.occupied(c);
            sink.term(KingShelter, sign * (around & defenders).count());
            sink.term(KingExposed, -sign * (around & ~occ).count());
            // Counted from the attackers' side: each enemy piece's attacks on the neighbourhood, and twice on
            // the king's own square (the same sum as attackers_to over those squares, for fewer slider lookups).
            int attacks = 0;
            for (int sq : pos.occupied(them)) {
                const shogi::Bitboard a = attacks_of(pos.at(sq), sq, occ);
                attacks += (a & around).count() + 2 * a.test(own_king);
            }
            int enemy_hand = 0;
            for (int t = Pawn; t <= Gold; ++t) enemy_hand += pos.hand(them, t) * (t >= Silver ? 2 : 1);
            sink.term(KingAttack, -sign * attacks * attacks);
            sink.term(KingHandDanger, -sign * attacks * enemy_hand);
        }
    }
    sink.term(ToMove, pos.side() == Sente ? 1 : -1);
}

}  // namespace menagerie
