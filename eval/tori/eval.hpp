#pragma once
// Tori shogi's evaluation: like shogi's (eval/shogi/eval.hpp), a sum of weights times features, so that every
// weight can be fitted (`menagerie tune --variant torishogi`, eval/tuner.hpp):
//   - named terms (Params: the phoenix's safety, mobility, threats, the move), which self-play can change one
//     by one (`selfplay --a eval.king_attack=0`);
//   - the tables (eval/tori/tuned.inc, written by the tuner): piece values on the board and in hand, a
//     piece-square table over the whole board (the quails make the two wings unlike), and each piece's place
//     relative to its own phoenix and to the enemy's.
// Features are counted from Sente's view (a Gote piece counts -1 on the square turned round, which is where
// the same Sente piece would stand: the start position turned round is itself); the evaluation is that sum
// seen from the side to move.
#include <cstdint>

#include "engine/tori/tori.hpp"
#include "eval/eval.hpp"

namespace menagerie {

namespace tori_eval {

using namespace tori;

// The tables' layout: one weight per index.
// Pieces in hand, each its own weight: none, swallow, falcon, crane, pheasant, left quail, right quail.
constexpr int kHandCap[Traits::hand_types] = {0, 8, 2, 4, 4, 2, 2};
constexpr int hand_offset(int t) {
    int o = 0;
    for (int i = 1; i < t; ++i) o += kHandCap[i];
    return o;
}
constexpr int kMaterial = 0;                                    // [type]
constexpr int kHand = kMaterial + kPieceTypes;                  // [type][k-th piece in hand]
constexpr int kPst = kHand + hand_offset(Traits::hand_types);   // [type][square seen from its owner]
// Near a phoenix: files apart 0..3 (3: three or more), ranks apart -3..3 from the piece owner's side (clamped).
constexpr int kNear = 4 * 7;
constexpr int kOwnKing = kPst + kPieceTypes * kSquares;         // [type][files apart][ranks apart + 3]
constexpr int kEnemyKing = kOwnKing + kPieceTypes * kNear;      // the same, from the enemy phoenix
constexpr int kTableSize = kEnemyKing + kPieceTypes * kNear;

// The square as its owner sees it: Sente's as it is, Gote's turned round.
constexpr int relative_square(Color c, int sq) { return c == Sente ? sq : kSquares - 1 - sq; }
constexpr int pst_index(int type, Color c, int sq) { return kPst + type * kSquares + relative_square(c, sq); }
// A piece's place near a phoenix, for the piece's owner c: files apart (0..3) times 7 plus ranks apart + 3,
// from a table (the division by 7 that finds a square's file and rank is slow on the evaluation's path).
struct NearTable {
    uint8_t at[2][kSquares][kSquares];  // [owner][piece's square][phoenix's square]
    constexpr NearTable() : at{} {
        for (Color c : {Sente, Gote})
            for (int sq = 0; sq < kSquares; ++sq)
                for (int king = 0; king < kSquares; ++king) {
                    const int fs = Board::file_of(sq), fk = Board::file_of(king);
                    const int dx = fs > fk ? fs - fk : fk - fs;
                    const int dy = Board::relative_rank(c, sq) - Board::relative_rank(c, king);
                    at[c][sq][king] = uint8_t((dx < 3 ? dx : 3) * 7 + (dy < -3 ? -3 : dy > 3 ? 3 : dy) + 3);
                }
    }
};
inline constexpr NearTable kNearIndex;
constexpr int king_index(int base, int type, Color c, int sq, int king) {
    return base + type * kNear + kNearIndex.at[c][sq][king];
}

}  // namespace tori_eval

template <>
struct Evaluator<tori::Tori> {
    enum Term {
        KingShelter,     // own pieces next to the phoenix
        KingExposed,     // empty squares next to the phoenix (a penalty)
        KingAttack,      // enemy attacks on the phoenix and its neighbours, squared (a penalty)
        KingHandDanger,  // those attacks times the enemy's pieces in hand (a penalty)
        LongMobility,    // squares the quails and the eagle reach
        ToMove,
        ShortMobility,   // squares the other pieces (not the phoenix) reach
        HangingToMove,   // the side to move's pieces attacked and undefended, by rough value (a penalty)
        HangingWaiting,  // the same for the side not to move (a penalty)
        KingEscape,      // squares next to the phoenix free of own pieces and not attacked
        KingWeak,        // squares next to the phoenix attacked and defended by it alone (a penalty)
        SafeDropChecks,  // kinds of piece in the enemy's hand that can be dropped with check safely (a penalty)
        KingDanger,      // (weak squares + those kinds), squared (a penalty)
        kTerms
    };
    using Params = Weights<kTerms>;
    static constexpr int kTableSize = tori_eval::kTableSize;
    // A weight of the fitted tables (eval/tori/tuned.inc).
    static int table_weight(int index);

    static Params defaults();
    static int evaluate(const tori::Position& pos, const Params& w);
    static int piece_value(int type) {
        // none, swallow, falcon, crane, pheasant, left quail, right quail, phoenix, goose, eagle
        constexpr int v[] = {0, 100, 500, 400, 300, 420, 420, 10000, 450, 1000};
        return v[type];
    }

    // Every feature with its count from Sente's view: sink.term(Term, count), sink.table(index, count);
    // evaluate() is exactly the sum of weight times count, from the side to move.
    template <class Sink>
    static void features(const tori::Position& pos, Sink& sink);
    // One piece's table entries and those of the pieces in hand, as in shogi's (eval/shogi/eval.hpp).
    template <class Sink>
    static void piece_tables(Sink& sink, int t, int c, int sq, int own_king, int enemy_king);
    template <class Sink>
    static void hand_tables(Sink& sink, int c, int t, int count);
};

}  // namespace menagerie

#include "eval/tori/features.hpp"
