#pragma once
// Shogi's evaluation: a sum of weights times features, linear so that every weight can be fitted to game
// results (`menagerie tune`, eval/tuner.hpp). Two kinds of weight:
//   - a few named terms (Params: king safety, mobility, the move), which self-play can change one by one
//     (`selfplay --a eval.king_attack=0`);
//   - the tables (eval/shogi/tuned.inc, written by the tuner): piece values on the board and in hand, a
//     piece-square table, each piece's place relative to its own king and to the enemy king, the control
//     of the squares near each king, the ranging pieces' safe mobility and the shapes of the king's danger.
// Features are counted from Sente's view (a Gote piece counts -1 on Gote's mirrored square); the evaluation
// is that sum seen from the side to move.
#include <array>
#include <cstdint>

#include "engine/shogi/shogi.hpp"
#include "eval/eval.hpp"

namespace menagerie {

namespace shogi_eval {

using namespace shogi;

// The tables' layout: one weight per index.
constexpr int kHandCap[kHandTypes] = {0, 18, 4, 4, 4, 2, 2, 4};  // pieces in hand, each its own weight
constexpr int hand_offset(int t) {
    int o = 0;
    for (int i = 1; i < t; ++i) o += kHandCap[i];
    return o;
}
constexpr int kMaterial = 0;                                   // [type]
constexpr int kHand = kMaterial + kPieceTypes;                 // [type][k-th piece in hand]
constexpr int kPst = kHand + hand_offset(kHandTypes);          // [type][file folded 0..4][rank 0..8 from own side]
// Near a king: files apart 0..4 (4: four or more), ranks apart -4..4 from the piece owner's side (clamped).
constexpr int kOwnKing = kPst + kPieceTypes * 45;              // [type][files apart][ranks apart + 4]
constexpr int kEnemyKing = kOwnKing + kPieceTypes * 45;        // the same, from the enemy king
// The squares near each king (within two files and two ranks) that the enemy attacks: for each place (files
// apart 0..2, ranks apart -2..2 from the king owner's side), the enemy's attacks on it (1, 2 or more), the
// owner's defences by pieces other than the king (0, 1, 2 or more) and what stands there (an own piece;
// nothing, with the enemy's hand empty; nothing, with pieces in the enemy's hand; an enemy piece). Only the
// attacked squares: with the unattacked ones too the evaluation took a fifth longer.
constexpr int kZonePlaces = 15, kZoneStates = 2 * 3 * 4;
constexpr int kKingZone = kEnemyKing + kPieceTypes * 45;       // [place][attacks][defences][occupant]
// The ranging pieces' safe mobility: for a lance, bishop, rook, horse or dragon, the squares it reaches that
// hold no own piece and that no small enemy piece (not a rook, bishop or king) attacks, 0..20.
constexpr int kRangers = 5, kMobilityCap = 20;
constexpr int kMobility = kKingZone + kZonePlaces * kZoneStates;  // [ranger: L B R +B +R][squares 0..20]
// The king danger's shape: the enemy's attack units on the king's neighbourhood (as the KingAttack term
// counts them, 0..15) by the weight of the enemy's hand (pawns, lances and knights 1, the others 2; in six
// bands), and the weak squares next to the king (0..4) by the kinds of safe checking drops (0..6).
constexpr int kAttackCap = 15, kHandBands = 6, kWeakCap = 4, kDropKinds = 7;
constexpr int kAttackShape = kMobility + kRangers * (kMobilityCap + 1);  // [attack units][hand band]
constexpr int kWeakShape = kAttackShape + (kAttackCap + 1) * kHandBands;  // [weak squares][drop kinds]
constexpr int kTableSize = kWeakShape + (kWeakCap + 1) * kDropKinds;
constexpr int hand_band(int weight) { return weight == 0 ? 0 : weight == 1 ? 1 : weight <= 3 ? 2 : weight <= 5 ? 3 : weight <= 8 ? 4 : 5; }

// A square's place for the piece-square table (file folded, rank from the owner's side) and a piece's place
// near a king, for the piece's owner c: from tables, which keeps the divisions by 9 that find a square's file
// and rank off the evaluation's path (as tori's near-the-phoenix table does).
struct PlaceTables {
    uint8_t pst[2][kSquares];                 // folded file * 9 + relative rank
    uint8_t near[2][kSquares][kSquares];      // [owner][piece's square][king's square]: files apart * 9 + ranks apart + 4
    constexpr PlaceTables() : pst{}, near{} {
        for (Color c : {Sente, Gote})
            for (int sq = 0; sq < kSquares; ++sq) {
                const int f = file_of(sq);
                pst[c][sq] = uint8_t((f < 4 ? f : 8 - f) * 9 + relative_rank(c, sq));
                for (int king = 0; king < kSquares; ++king) {
                    const int dx = f > file_of(king) ? f - file_of(king) : file_of(king) - f;
                    const int dy = relative_rank(c, sq) - relative_rank(c, king);
                    near[c][sq][king] = uint8_t((dx < 4 ? dx : 4) * 9 + (dy < -4 ? -4 : dy > 4 ? 4 : dy) + 4);
                }
            }
    }
};
inline constexpr PlaceTables kPlace;
// A place near a king (PlaceTables::near) as a place of the king's zone, 0..14 (-1 beyond two files or ranks).
inline constexpr auto kZonePlace = [] {
    std::array<int8_t, 45> z{};
    for (int dx = 0; dx <= 4; ++dx)
        for (int dy = -4; dy <= 4; ++dy) z[std::size_t(dx * 9 + dy + 4)] = int8_t(dx <= 2 && dy >= -2 && dy <= 2 ? dx * 5 + dy + 2 : -1);
    return z;
}();
constexpr int pst_index(int type, Color c, int sq) { return kPst + type * 45 + kPlace.pst[c][sq]; }
constexpr int king_index(int base, int type, Color c, int sq, int king) {
    return base + type * 45 + kPlace.near[c][sq][king];
}

}  // namespace shogi_eval

template <>
struct Evaluator<shogi::Shogi> {
    enum Term {
        KingShelter,     // own golds and silvers next to the king
        KingExposed,     // open squares next to the king (a penalty)
        KingAttack,      // enemy attacks on the king and its neighbours, squared (a penalty)
        KingHandDanger,  // those attacks times the enemy's pieces in hand (a penalty)
        MajorMobility,   // squares the rooks, bishops, horses and dragons reach
        ToMove,
        SmallMobility,    // squares the other pieces (not the king) reach
        HangingToMove,    // the side to move's pieces attacked and undefended, by rough value (a penalty)
        HangingWaiting,   // the same for the side not to move (a penalty)
        MajorThreatened,  // the side to move's rooks and bishops attacked by a smaller piece (a penalty)
        KingEscape,       // squares next to the king free of own pieces and not attacked
        KingWeak,         // squares next to the king attacked and defended by the king alone (a penalty)
        SafeDropChecks,   // kinds of piece in the enemy's hand that can be dropped with check safely (a penalty)
        KingDanger,       // (weak squares + those kinds), squared (a penalty)
        kTerms
    };
    using Params = Weights<kTerms>;
    static constexpr int kTableSize = shogi_eval::kTableSize;
    // A weight of the fitted tables (eval/shogi/tuned.inc).
    static int table_weight(int index);

    static Params defaults();
    static int evaluate(const shogi::Position& pos, const Params& w);
    static int piece_value(int type) {
        // none, P L N S B R G K, +P +L +N +S +B +R
        constexpr int v[] = {0, 90, 300, 330, 460, 600, 700, 510, 10000, 520, 500, 500, 500, 850, 1000};
        return v[type];
    }

    // Every feature with its count from Sente's view: sink.term(Term, count) for the named terms,
    // sink.table(index, count) for the tables. evaluate() is exactly the sum of weight times count (from the
    // side to move); the tuner fits the weights through this one description.
    template <class Sink>
    static void features(const shogi::Position& pos, Sink& sink);
    // The table entries of one piece on the board (its owner c, each king's square or kSquares for none) and
    // of `count` pieces of type t in c's hand. features() emits them through these, or, when the sink has
    // piece() and hand(), lets the sink add their sums at once (eval/linear.hpp, FoldedTables).
    template <class Sink>
    static void piece_tables(Sink& sink, int t, int c, int sq, int own_king, int enemy_king);
    template <class Sink>
    static void hand_tables(Sink& sink, int c, int t, int count);
};

}  // namespace menagerie

#include "eval/shogi/features.hpp"
