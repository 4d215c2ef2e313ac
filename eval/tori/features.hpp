#pragma once
// The features of tori shogi's evaluation (eval/tori/eval.hpp), one description for the evaluation and the
// tuner. The same ideas as shogi's (eval/shogi/features.hpp), on tori's pieces.
#include <algorithm>

#include "engine/tori/attacks.hpp"
#include "eval/tori/eval.hpp"

namespace menagerie {

template <class Sink>
void Evaluator<tori::Tori>::piece_tables(Sink& sink, int t, int c, int sq, int own_king, int enemy_king) {
    using namespace tori;
    using namespace tori_eval;
    const int sign = c == Sente ? 1 : -1;
    sink.table(pst_index(t, Color(c), sq), sign);
    if (t == Phoenix) return;
    sink.table(kMaterial + t, sign);
    if (own_king < kSquares) sink.table(king_index(kOwnKing, t, Color(c), sq, own_king), sign);
    if (enemy_king < kSquares) sink.table(king_index(kEnemyKing, t, Color(c), sq, enemy_king), sign);
}

template <class Sink>
void Evaluator<tori::Tori>::hand_tables(Sink& sink, int c, int t, int count) {
    using namespace tori_eval;
    const int n = std::min(count, kHandCap[t]);
    for (int k = 0; k < n; ++k) sink.table(kHand + hand_offset(t) + k, c == Sente ? 1 : -1);
}

template <class Sink>
void Evaluator<tori::Tori>::features(const tori::Position& pos, Sink& sink) {
    using namespace tori;
    using namespace tori_eval;
    const tori::Bitboard occ = pos.occupied();
    const int kings[2] = {pos.king_square(Sente), pos.king_square(Gote)};
    tori::Bitboard around[2];  // each phoenix's neighbourhood (empty without one)
    for (Color c : {Sente, Gote})
        if (kings[c] < kSquares) around[c] = attacks_of(piece(c, Phoenix), kings[c], occ);
    // One pass over each side's pieces, each piece's attacks looked up once: the attack maps, mobility, the
    // attacks on the enemy phoenix's neighbourhood, and the tables.
    tori::Bitboard attacked[2], by_pieces[2];  // by_pieces: by every piece but the phoenix
    int king_attacks[2] = {0, 0};  // attacks on a side's phoenix neighbourhood, twice more on its own square
    for (Color c : {Sente, Gote}) {
        const int sign = c == Sente ? 1 : -1;
        const Color them = ~c;
        const tori::Bitboard own = pos.occupied(c);
        int short_mobility = 0, long_mobility = 0;
        const auto slices = [&] {  // the folded tables' slices for this side, where the sink has them
            if constexpr (requires { sink.slices(c, 0, 0); })
                return sink.slices(c, kings[c], kings[them]);
            else
                return 0;
        }();
        // The swallows at once (no two attack the same square, so the counts over the set are the sums over
        // the swallows), their table entries one by one.
        const tori::Bitboard swallows = pos.pieces(c, Swallow), swallow_attack = swallow_attacks(c, swallows);
        attacked[c] |= swallow_attack;
        by_pieces[c] |= swallow_attack;
        king_attacks[them] += (swallow_attack & around[them]).count() +
                              (kings[them] < kSquares ? 2 * swallow_attack.test(kings[them]) : 0);
        short_mobility += (swallow_attack & ~own).count();
        for (int sq : swallows) {
            if constexpr (requires { sink.slices(c, 0, 0); })
                sink.piece(slices, Swallow, sq);
            else
                piece_tables(sink, Swallow, c, sq, kings[c], kings[them]);
        }
        // The other pieces a kind at a time (the same attack lookup in each loop is well predicted).
        for (int t = Falcon; t < kPieceTypes; ++t) {
            const uint8_t p = piece(c, t);
            for (int sq : pos.pieces(c, t)) {
                const tori::Bitboard a = attacks_of(p, sq, occ);
                attacked[c] |= a;
                king_attacks[them] +=
                    (a & around[them]).count() + (kings[them] < kSquares ? 2 * a.test(kings[them]) : 0);
                if constexpr (requires { sink.slices(c, 0, 0); })
                    sink.piece(slices, t, sq);
                else
                    piece_tables(sink, t, c, sq, kings[c], kings[them]);
                if (t == Phoenix) continue;
                by_pieces[c] |= a;
                (t == LeftQuail || t == RightQuail || t == Eagle ? long_mobility : short_mobility) += (a & ~own).count();
            }
        }
        sink.term(ShortMobility, sign * short_mobility);
        sink.term(LongMobility, sign * long_mobility);
        for (int t = Swallow; t < Traits::hand_types; ++t) {
            if constexpr (requires { sink.hand(c, t, 0); })
                sink.hand(c, t, pos.hand(c, t));
            else
                hand_tables(sink, c, t, pos.hand(c, t));
        }
    }
    // Threats: the pieces each side has hanging (attacked and not defended; by rough value, a swallow 1 and
    // an eagle 10), the side to move's apart from the other's (it can still save them).
    for (Color c : {Sente, Gote}) {
        const int sign = c == Sente ? 1 : -1;
        int hanging = 0;
        for (int sq : pos.occupied(c) & ~pos.pieces(Phoenix) & attacked[~c] & ~attacked[c])
            hanging += (piece_value(type_of(pos.at(sq))) + 50) / 100;
        sink.term(c == pos.side() ? HangingToMove : HangingWaiting, -sign * hanging);
    }
    // The phoenix's safety: shelter, open squares, enemy attacks on its neighbourhood (heavier with pieces in
    // the enemy's hand), escape squares, weak squares and safe checking drops.
    for (Color c : {Sente, Gote}) {
        if (kings[c] >= kSquares) continue;
        const int sign = c == Sente ? 1 : -1;
        const Color them = ~c;
        const int k = kings[c];
        sink.term(KingShelter, sign * (around[c] & pos.occupied(c)).count());
        sink.term(KingExposed, -sign * (around[c] & ~occ).count());
        const int attacks = king_attacks[c];
        int enemy_hand = 0;
        for (int t = Swallow; t < Traits::hand_types; ++t) enemy_hand += pos.hand(them, t) * (t == Swallow ? 1 : 2);
        sink.term(KingAttack, -sign * attacks * attacks);
        sink.term(KingHandDanger, -sign * attacks * enemy_hand);
        sink.term(KingEscape, sign * (around[c] & ~pos.occupied(c) & ~attacked[them]).count());
        const int weak = (around[c] & attacked[them] & ~by_pieces[c]).count();
        sink.term(KingWeak, -sign * weak);
        // For each kind in the enemy's hand (swallows aside), whether it can be dropped with check on a square
        // no piece of ours attacks and, next to the phoenix, that the enemy supports. Their piece on sq attacks
        // the phoenix exactly when ours of that kind on the phoenix's square attacks sq (the patterns are each
        // other turned round), so the squares come from our side's attacks.
        const tori::Bitboard safe = ~occ & ~by_pieces[c] & (~around[c] | attacked[them]);
        int drop_kinds = 0;
        for (int t = Falcon; t < Traits::hand_types; ++t)
            if (pos.hand(them, t)) drop_kinds += (attacks_of(piece(c, t), k, occ) & safe).any();
        sink.term(SafeDropChecks, -sign * drop_kinds);
        sink.term(KingDanger, -sign * (weak + drop_kinds) * (weak + drop_kinds));
    }
    sink.term(ToMove, pos.side() == Sente ? 1 : -1);
}

}  // namespace menagerie
