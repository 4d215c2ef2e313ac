#include "eval/shogi/eval.hpp"

#include <algorithm>
#include <cstdlib>

#include "engine/shogi/attacks.hpp"

namespace menagerie {

using namespace shogi;
using E = Evaluator<Shogi>;

namespace {

int value(int type) { return E::piece_value(type); }

int side_score(const Position& pos, Color c, const E::Params& w) {
    const Color them = ~c;
    const shogi::Bitboard occ = pos.occupied();
    int s = 0;
    // Material on the board, with advancement for the pieces that attack by walking forward.
    for (int sq : pos.occupied(c)) {
        const int t = type_of(pos.at(sq));
        if (t == King) continue;
        s += value(t);
        const int ahead = 8 - relative_rank(c, sq);  // 0 on own back rank, 8 on the far rank
        switch (t) {
            case Pawn: s += w[E::Advance] * std::max(0, ahead - 3); break;
            case Silver:
            case Gold:
            case ProPawn:
            case ProLance:
            case ProKnight:
            case ProSilver: s += w[E::Advance] * std::max(0, ahead - 4) * 2; break;
            case Knight: s += file_of(sq) == 0 || file_of(sq) == 8 ? -20 : 0; break;
            case Bishop:
            case Rook:
            case Horse:
            case Dragon: {
                const shogi::Bitboard reach = attacks_of(pos.at(sq), sq, occ) & ~pos.occupied(c);
                s += w[E::MajorMobility] * reach.count();
                break;
            }
            default: break;
        }
    }
    // Material in hand.
    for (int t = Pawn; t <= Gold; ++t) s += pos.hand(c, t) * value(t) * (100 + w[E::HandBonus]) / 100;

    // King safety: shelter, attacks on the king's neighbourhood (heavier with pieces in the enemy hand), open
    // squares, and castle placement.
    const int k = pos.king_square(c);
    if (k < kSquares) {
        const shogi::Bitboard around = step_attacks(c, King, k);
        const shogi::Bitboard defenders = (pos.golds() | pos.pieces(Silver)) & pos.occupied(c);
        s += w[E::KingShelter] * (around & defenders).count();
        s -= w[E::KingExposed] * (around & ~occ).count();
        int attacks = 0;
        for (int sq : around) attacks += pos.attackers_to(sq, them, occ).count();
        attacks += pos.attackers_to(k, them, occ).count() * 2;
        int hand = 0;
        for (int t = Pawn; t <= Gold; ++t) hand += pos.hand(them, t) * (t >= Silver ? 2 : 1);
        s -= w[E::KingAttack] * attacks * attacks / 2 + w[E::KingHandDanger] * attacks * hand / 4;
        const int file = file_of(k);
        const int centre = std::abs(file - 4);
        s += w[E::CastleKing] * (centre - 2) + w[E::CastleKing] * (relative_rank(c, k) >= 7 ? 2 : 0);
    }
    return s;
}

}  // namespace

E::Params E::defaults() {
    return {{"hand_bonus", "advance", "king_shelter", "king_attack", "king_hand_danger", "king_exposed",
             "major_mobility", "castle_king", "to_move"},
            {10, 4, 25, 12, 4, 8, 3, 10, 20}};
}

int E::evaluate(const Position& pos, const Params& w) {
    const Color us = pos.side();
    return side_score(pos, us, w) - side_score(pos, ~us, w) + w[ToMove];
}

}  // namespace menagerie
