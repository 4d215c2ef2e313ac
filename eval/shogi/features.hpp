#pragma once
// The features of shogi's evaluation (eval/shogi/eval.hpp), one description for the evaluation and the tuner.
#include <algorithm>

#include "engine/shogi/attacks.hpp"
#include "eval/shogi/eval.hpp"

namespace menagerie {

template <class Sink>
void Evaluator<shogi::Shogi>::piece_tables(Sink& sink, int t, int c, int sq, int own_king, int enemy_king) {
    using namespace shogi;
    using namespace shogi_eval;
    const int sign = c == Sente ? 1 : -1;
    sink.table(pst_index(t, Color(c), sq), sign);
    if (t == King) return;
    sink.table(kMaterial + t, sign);
    if (own_king < kSquares) sink.table(king_index(kOwnKing, t, Color(c), sq, own_king), sign);
    if (enemy_king < kSquares) sink.table(king_index(kEnemyKing, t, Color(c), sq, enemy_king), sign);
}

template <class Sink>
void Evaluator<shogi::Shogi>::hand_tables(Sink& sink, int c, int t, int count) {
    using namespace shogi_eval;
    const int n = std::min(count, kHandCap[t]);
    for (int k = 0; k < n; ++k) sink.table(kHand + hand_offset(t) + k, c == Sente ? 1 : -1);
}

template <class Sink>
void Evaluator<shogi::Shogi>::features(const shogi::Position& pos, Sink& sink) {
    using namespace shogi;
    using namespace shogi_eval;
    const shogi::Bitboard occ = pos.occupied();
    const int kings[2] = {pos.king_square(Sente), pos.king_square(Gote)};
    shogi::Bitboard around[2];  // each king's neighbourhood (empty without a king)
    for (Color c : {Sente, Gote})
        if (kings[c] < kSquares) around[c] = step_attacks(c, King, kings[c]);
    // One pass over each side's pieces, each piece's attacks looked up once: the attack maps (every piece's,
    // and those of the pieces other than the rooks, bishops and king: the small pieces, which win a major
    // they attack), mobility, the attacks on the enemy king's neighbourhood, and the tables.
    shogi::Bitboard attacked[2], by_small[2], by_pieces[2];  // by_pieces: by every piece but the king
    shogi::Bitboard attacked2[2], by_pieces2[2];             // attacked twice or more
    int king_attacks[2] = {0, 0};  // attacks on a side's king neighbourhood, twice on the king's own square
    // The ranging pieces' moves (to squares without an own piece), for their safe mobility once both sides'
    // small pieces' attacks are known: at most four lances and four bishops, rooks, horses and dragons a side.
    shogi::Bitboard ranger_moves[2][8];
    int ranger_kind[2][8], rangers[2] = {0, 0};
    for (Color c : {Sente, Gote}) {
        const int sign = c == Sente ? 1 : -1;
        const Color them = ~c;
        const shogi::Bitboard own = pos.occupied(c);
        int small_mobility = 0, major_mobility = 0;
        // A kind of piece at a time, so that which attacks to look up is known in each loop (a lookup chosen
        // piece by piece was a mispredicted jump per piece).
        const auto slices = [&] {  // the folded tables' slices for this side, where the sink has them
            if constexpr (requires { sink.slices(c, 0, 0); })
                return sink.slices(c, kings[c], kings[them]);
            else
                return 0;
        }();
        auto tables_of = [&](int t, int sq) {  // a piece's table entries
            if constexpr (requires { sink.slices(c, 0, 0); })
                sink.piece(slices, t, sq);
            else
                piece_tables(sink, t, c, sq, kings[c], kings[them]);
        };
        auto visit = [&](int t, int sq, const shogi::Bitboard& a) {
            attacked2[c] |= attacked[c] & a;
            attacked[c] |= a;
            king_attacks[them] += (a & around[them]).count() + (kings[them] < kSquares ? 2 * a.test(kings[them]) : 0);
            tables_of(t, sq);
            if (t == King) return;
            by_pieces2[c] |= by_pieces[c] & a;
            by_pieces[c] |= a;
            const shogi::Bitboard moves = a & ~own;
            if (t == Lance || t == Bishop || t == Rook || t == Horse || t == Dragon) {
                ranger_moves[c][rangers[c]] = moves;
                ranger_kind[c][rangers[c]++] = t == Lance ? 0 : t == Bishop ? 1 : t == Rook ? 2 : t == Horse ? 3 : 4;
            }
            if (t == Bishop || t == Rook || t == Horse || t == Dragon) {
                major_mobility += moves.count();
                return;
            }
            by_small[c] |= a;
            small_mobility += moves.count();
        };
        // The pawns at once (no two attack the same square, so the counts over the set are the sums over
        // the pawns), their table entries one by one.
        const shogi::Bitboard pawns = pos.pieces(c, Pawn), pawn_attack = pawn_attacks(c, pawns);
        attacked[c] |= pawn_attack;
        by_pieces[c] |= pawn_attack;
        by_small[c] |= pawn_attack;
        king_attacks[them] += (pawn_attack & around[them]).count() +
                              (kings[them] < kSquares ? 2 * pawn_attack.test(kings[them]) : 0);
        small_mobility += (pawn_attack & ~own).count();
        for (int sq : pawns) tables_of(Pawn, sq);
        for (int t : {int(Knight), int(Silver), int(Gold), int(King), int(ProPawn), int(ProLance),
                      int(ProKnight), int(ProSilver)})
            for (int sq : pos.pieces(c, t)) visit(t, sq, step_attacks(c, t, sq));
        for (int sq : pos.pieces(c, Lance)) visit(Lance, sq, lance_attacks(c, sq, occ));
        for (int sq : pos.pieces(c, Bishop)) visit(Bishop, sq, bishop_attacks(sq, occ));
        for (int sq : pos.pieces(c, Rook)) visit(Rook, sq, rook_attacks(sq, occ));
        for (int sq : pos.pieces(c, Horse)) visit(Horse, sq, bishop_attacks(sq, occ) | step_attacks(c, King, sq));
        for (int sq : pos.pieces(c, Dragon)) visit(Dragon, sq, rook_attacks(sq, occ) | step_attacks(c, King, sq));
        sink.term(SmallMobility, sign * small_mobility);
        sink.term(MajorMobility, sign * major_mobility);
        for (int t = Pawn; t <= Gold; ++t) {
            if constexpr (requires { sink.hand(c, t, 0); })
                sink.hand(c, t, pos.hand(c, t));
            else
                hand_tables(sink, c, t, pos.hand(c, t));
        }
    }
    // The ranging pieces' safe mobility: their moves to squares no small enemy piece attacks.
    for (Color c : {Sente, Gote})
        for (int i = 0; i < rangers[c]; ++i) {
            const int n = (ranger_moves[c][i] & ~by_small[~c]).count();
            sink.table(kMobility + ranger_kind[c][i] * (kMobilityCap + 1) + std::min(n, kMobilityCap), c == Sente ? 1 : -1);
        }
    // Threats: the pieces the side to move has hanging (attacked and not defended; by rough value, a pawn 1
    // and a rook 7) and its majors attacked by small pieces, which quiescence does not see (it searches the
    // captures of the side to move only); and what the other side has hanging.
    for (Color c : {Sente, Gote}) {
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
    // King safety: shelter, open squares, and enemy attacks on the king's neighbourhood (heavier with pieces
    // in the enemy's hand).
    for (Color c : {Sente, Gote}) {
        if (kings[c] >= kSquares) continue;
        const int sign = c == Sente ? 1 : -1;
        const Color them = ~c;
        const shogi::Bitboard defenders = (pos.golds() | pos.pieces(Silver)) & pos.occupied(c);
        sink.term(KingShelter, sign * (around[c] & defenders).count());
        sink.term(KingExposed, -sign * (around[c] & ~occ).count());
        const int attacks = king_attacks[c];
        int enemy_hand = 0;
        for (int t = Pawn; t <= Gold; ++t) enemy_hand += pos.hand(them, t) * (t >= Silver ? 2 : 1);
        sink.term(KingAttack, -sign * attacks * attacks);
        sink.term(KingHandDanger, -sign * attacks * enemy_hand);
        const int k = kings[c];
        // The enemy's attacks on the squares near the king, with their defence and occupant.
        {
            const shogi::Bitboard own = pos.occupied(c);
            const int empty = enemy_hand ? 2 : 1;
            for (int sq : tables.near2[k] & attacked[them]) {
                const int a = attacked2[them].test(sq);
                const int d = by_pieces[c].test(sq) + by_pieces2[c].test(sq);
                const int o = own.test(sq) ? 0 : occ.test(sq) ? 3 : empty;
                const int place = kZonePlace[kPlace.near[c][sq][k]];
                sink.table(kKingZone + place * kZoneStates + (a * 3 + d) * 4 + o, sign);
            }
        }
        // Escape squares (not own pieces', not attacked) and weak ones (attacked, defended by the king alone).
        sink.term(KingEscape, sign * (around[c] & ~pos.occupied(c) & ~attacked[them]).count());
        const int weak = (around[c] & attacked[them] & ~by_pieces[c]).count();
        sink.term(KingWeak, -sign * weak);
        // Safe checking drops: for each kind of piece in the enemy's hand (pawns aside), whether it can be
        // dropped with check on a square that no piece of ours attacks and, next to the king, that the enemy
        // supports. A piece of theirs on sq attacks the king exactly when ours of that kind on the king's
        // square attacks sq, so the squares come from our side's attack patterns.
        const shogi::Bitboard safe = ~occ & ~by_pieces[c] & (~around[c] | attacked[them]);
        int drop_kinds = 0;
        for (int t = Lance; t <= Gold; ++t) {
            if (!pos.hand(them, t)) continue;
            shogi::Bitboard from;
            switch (t) {
                case Lance: from = lance_attacks(c, k, occ); break;
                case Bishop: from = bishop_attacks(k, occ); break;
                case Rook: from = rook_attacks(k, occ); break;
                default: from = step_attacks(c, t, k);
            }
            drop_kinds += (from & safe).any();
        }
        sink.term(SafeDropChecks, -sign * drop_kinds);
        sink.term(KingDanger, -sign * (weak + drop_kinds) * (weak + drop_kinds));
        // The same dangers' shapes, fitted (the terms above stay: the tables add what a square and a product
        // cannot say).
        sink.table(kAttackShape + std::min(attacks, kAttackCap) * kHandBands + hand_band(enemy_hand), sign);
        sink.table(kWeakShape + std::min(weak, kWeakCap) * kDropKinds + drop_kinds, sign);
    }
    sink.term(ToMove, pos.side() == Sente ? 1 : -1);
}

}  // namespace menagerie
