#pragma once
// Dai shogi (spec/dai.md): 15x15, 65 pieces a side, the 21 chu types and 8 more with two-letter codes
// ((IG), (SG), (KT), (CS), (VO), (AB), (EW), (FD)), no drops, no check rule, King and Prince royal, lion moves as
// in chu with no lion-trading rule, promotion by entering the five far ranks or capturing there (never forced,
// no last-rank chance), chu's game end with dai's dead pieces, and chu's repetition rule.
//
// The position is the large-board core (engine/large/position.hpp) with dai's kinds and rules.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/game.hpp"
#include "engine/core/movelist.hpp"
#include "engine/core/outcome.hpp"
#include "engine/core/result.hpp"
#include "engine/core/search_tuning.hpp"
#include "engine/dai/bench.hpp"
#include "engine/large/board.hpp"
#include "engine/large/chu_kinds.hpp"
#include "engine/large/position.hpp"

namespace menagerie::dai {

using Geo = large::Geometry<15, 15, 2>;
using large::Move;
using large::Piece;
using large::Square;
using large::Undo;
using large::End;
using large::end_text;

enum KindIndex : int {
    Pawn, GoBetween, Lance, Chariot, Leopard, Copper, Silver, Gold, Elephant, Tiger, Kirin, Phoenix,
    SideMover, VerticalMover, Bishop, Rook, Horse, Dragon, FreeKing, Lion, King,
    Iron, Stone, Knight, CatSword, ViolentOx, AngryBoar, EvilWolf, FlyingDragon,
    // promoted forms
    Tokin, PromotedGoBetween, WhiteHorse, Whale, PromotedLeopard, PromotedCopper, PromotedSilver, PromotedGold,
    Prince, Stag, PromotedKirin, PromotedPhoenix, Boar, Ox, PromotedBishop, PromotedRook, Falcon, Eagle,
    PromotedIron, PromotedStone, PromotedKnight, PromotedCatSword, PromotedOx, PromotedBoar, PromotedWolf,
    PromotedFlyingDragon,
    kKinds
};

// Tags: a lion (the lion and the promoted kirin), for the evaluation; dai has no lion-trading rules.
constexpr uint8_t kLionTag = 1;

struct Rules {
    using Geo = dai::Geo;
    using K = large::Kind;
    // The types dai shares with chu (engine/large/chu_kinds.hpp; dai has no lion-trading rules, so no weak
    // bridges), each group followed by dai's own: eight steppers and their promotions to gold.
    static constexpr std::array<K, 8> own_base = {{
        {"(IG)", false, PromotedIron, "f1 F1", false, 0, "iron general"},
        {"(SG)", false, PromotedStone, "F1", false, 0, "stone general"},
        {"(KT)", false, PromotedKnight, "knight", false, 0, "knight"},
        {"(CS)", false, PromotedCatSword, "d1", false, 0, "cat sword"},
        {"(VO)", false, PromotedOx, "o2", false, 0, "violent ox"},
        {"(AB)", false, PromotedBoar, "o1", false, 0, "angry boar"},
        {"(EW)", false, PromotedWolf, "f1 F1 s1", false, 0, "evil wolf"},
        {"(FD)", false, PromotedFlyingDragon, "d2", false, 0, "flying dragon"},
    }};
    static constexpr std::array<K, 8> own_promoted = {{
        {"(IG)", true, -1, "o1 F1", false, 0, "promoted iron (gold)"},
        {"(SG)", true, -1, "o1 F1", false, 0, "promoted stone (gold)"},
        {"(KT)", true, -1, "o1 F1", false, 0, "promoted knight (gold)"},
        {"(CS)", true, -1, "o1 F1", false, 0, "promoted cat sword (gold)"},
        {"(VO)", true, -1, "o1 F1", false, 0, "promoted violent ox (gold)"},
        {"(AB)", true, -1, "o1 F1", false, 0, "promoted angry boar (gold)"},
        {"(EW)", true, -1, "o1 F1", false, 0, "promoted evil wolf (gold)"},
        {"(FD)", true, -1, "o1 F1", false, 0, "promoted flying dragon (gold)"},
    }};
    static constexpr std::array<K, kKinds> kinds = large::join_kinds(
        large::chu_base_kinds(Tokin, 0, kLionTag), own_base, large::chu_promoted_kinds(kLionTag), own_promoted);
    static constexpr uint64_t key_seed = 0xda15u;
    static constexpr bool lion_trading = false;
    static constexpr uint8_t lion_tag = kLionTag;
};

constexpr int kZoneRanks = 5;
constexpr std::size_t kMaxMoves = 4096;  // generous: 65 pieces a side, the lions' double moves
using Moves = menagerie::MoveList<Move, kMaxMoves>;

// Piece values (pawn 100), in KindIndex order; the royals' value makes them the last pieces to risk. The chu
// types keep chu's values; the dai-only steppers are valued by their moves (a gold 350).
constexpr std::array<int, kKinds> kPieceValue = {
    100, 100, 250, 300, 300, 250, 300, 350, 400, 350, 500, 500,  // P I L A F C S G E T O X
    450, 500, 550, 650, 800, 900, 1200, 1600, 4000,              // M V B R H D Q N K
    200, 150, 200, 250, 300, 250, 300, 300,                      // IG SG KT CS VO AB EW FD
    400, 450, 700, 700, 550, 450, 500, 650,                      // +P +I +L +A +F +C +S +G
    4000, 900, 1600, 1200, 900, 1000, 800, 900, 1150, 1300,      // +E +T +O +X +M +V +B +R +H +D
    350, 350, 350, 350, 350, 350, 350, 350,                      // the eight promoted to gold
};

class Position : public large::GamePosition<Rules, Position, kMaxMoves> {
public:
    static constexpr int kZoneRanks = dai::kZoneRanks;
    // Dead pieces: at most a far rank full, and the two knights on the rank before it.
    static constexpr int kMaxDead = Geo::files + 2;


    // Promotion (spec/dai.md): optional, once, by a one-leg move that enters the zone, or that captures and
    // starts or ends in it. No other move promotes, the last rank included.
    bool may_promote(Piece p, int from, int to) const {
        const int k = large::kind_of(p);
        if (kind(k).promotes_to < 0) return false;
        const int c = large::color_of(p);
        if (!in_zone(from, c) && in_zone(to, c)) return true;
        return at(to) != large::kEmpty && (in_zone(from, c) || in_zone(to, c));
    }
    // No lion-trading rules: every move the movement allows is legal.
    bool move_allowed(int, int, int) const { return true; }
    // A piece that can never move again: an unpromoted pawn, lance, iron or stone general on its far rank, a
    // knight on its far two ranks.
    bool dead(Piece p, int sq) const {
        const int k = large::kind_of(p);
        const int row = Geo::relative_row(sq, large::color_of(p));
        if (k == Knight) return row >= Geo::ranks - 2;
        return (k == Pawn || k == Lance || k == Iron || k == Stone) && row == Geo::ranks - 1;
    }
    // What does not count against a bare royal: pawns, go-betweens and dead pieces.
    bool minor(Piece p, int sq) const {
        const int k = large::kind_of(p);
        return k == Pawn || k == GoBetween || dead(p, sq);
    }
    std::string explain_illegal(Move) const { return "not a legal move"; }
    static std::string legend() {
        return "Pieces: P pawn, I go-between, L lance, A reverse chariot, F leopard, C copper, S silver, G gold,\n"
               "  E elephant (+E prince), T tiger, O kirin, X phoenix, M side mover, V vertical mover, B bishop,\n"
               "  R rook, H horse (+H falcon), D dragon (+D eagle), Q free king, N lion, K king, IG iron,\n"
               "  SG stone, KT knight, CS cat sword, VO violent ox, AB angry boar, EW evil wolf, FD flying dragon\n";
    }
    static int value(int k) { return kPieceValue[size_t(k)]; }
    static bool is_lion(Piece p) { return large::is_piece(p) && (kind(large::kind_of(p)).tags & kLionTag); }
};

struct Dai {
    using Position = dai::Position;
    using Move = large::Move;
    using Undo = large::Undo;
    static constexpr std::string_view name = "daishogi";
    static constexpr std::string_view start_sfen =
        "l(kt)(sg)(ig)csgkgsc(ig)(sg)(kt)l/a1(cs)1f1tet1f1(cs)1a/1(vo)1(ab)1(ew)xno(ew)1(ab)1(vo)1/"
        "r(fd)mvbhdqdhbvm(fd)r/ppppppppppppppp/4i5i4/15/15/15/4I5I4/PPPPPPPPPPPPPPP/R(FD)MVBHDQDHBVM(FD)R/"
        "1(VO)1(AB)1(EW)ONX(EW)1(AB)1(VO)1/A1(CS)1F1TET1F1(CS)1A/L(KT)(SG)(IG)CSGKGSC(IG)(SG)(KT)L b - 1";
    static constexpr int files = 15, ranks = 15;
    static constexpr bool shogi_squares = true;
    static constexpr bool hands = false;  // no drops
    static constexpr std::size_t max_moves = kMaxMoves;
    // Chu's rule: the fourth occurrence draws, unless exactly one side attacked with every move of the cycle.
    static constexpr int repetition_count = 4;
    static constexpr Outcome repetition_outcome(bool attacks_by_us, bool attacks_by_them) {
        return large::attack_repetition_outcome(attacks_by_us, attacks_by_them);
    }
    static constexpr int history_size = 2 * kKinds * Geo::size;
    // Chu's selectivity (a hundred moves and more a node), with shogi's extra rules as chu has them: against
    // chu's earlier set, +59.4 +- 26.6 in 567 games of self-play (SPRT H1, bench/strength-log.md).
    static constexpr SearchTuning search_tuning = {.log_reductions = true,
                                                   .late_move_pruning = true,
                                                   .futility_margin = 150,
                                                   .history_malus = true,
                                                   .countermove = true,
                                                   .internal_reduction = true,
                                                   .singular_extension = true,
                                                   .quiescence_tt = true,
                                                   .null_move = false,
                                                   .aspiration_window = 20,
                                                   // games of up to 1,000 plies: as chu, the clock kept for
                                                   // the endgame (bench/strength-log.md, 2026-12-07)
                                                   .moves_to_plan = 150};
    static constexpr int bench_depth = kBenchDepth;  // engine/dai/bench.hpp
    static constexpr std::span<const std::string_view> bench_positions = kBenchPositions;
};

static_assert(Game<Dai>);

}  // namespace menagerie::dai
