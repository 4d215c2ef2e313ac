#pragma once
// Chu shogi (spec/chu.md): 12x12, 21 types and their promoted forms, no drops, no check rule, two royals
// (King and Prince), lion power with igui and jitto, the horned falcon and soaring eagle, the seed's two
// lion-trading rules, promotion by entering the zone, by capturing in it and by a pawn's last rank; the
// game ends when a side has no royal or no move, or is bared, or only the two royals are left; the fourth
// repetition draws unless one side attacked on every move of the cycle, which then loses.
//
// The position is the large-board core (engine/large/board.hpp) with chu's kinds and rules.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/chu/bench.hpp"
#include "engine/core/game.hpp"
#include "engine/core/movelist.hpp"
#include "engine/core/outcome.hpp"
#include "engine/core/result.hpp"
#include "engine/core/rule_option.hpp"
#include "engine/core/search_tuning.hpp"
#include "engine/large/board.hpp"
#include "engine/large/chu_kinds.hpp"
#include "engine/large/position.hpp"

namespace menagerie::chu {

using Geo = large::Geometry<12, 12, 2>;
using large::Move;
using large::Piece;
using large::Square;
using large::Undo;

enum KindIndex : int {
    Pawn, GoBetween, Lance, Chariot, Leopard, Copper, Silver, Gold, Elephant, Tiger, Kirin, Phoenix,
    SideMover, VerticalMover, Bishop, Rook, Horse, Dragon, FreeKing, Lion, King,
    // promoted forms
    Tokin, PromotedGoBetween, WhiteHorse, Whale, PromotedLeopard, PromotedCopper, PromotedSilver, PromotedGold,
    Prince, Stag, PromotedKirin, PromotedPhoenix, Boar, Ox, PromotedBishop, PromotedRook, Falcon, Eagle,
    kKinds
};

// Tags: a lion for the trading rules (lion and promoted kirin); a piece whose capture on the first leg does
// not let a lion take a protected lion with the second (pawn, go-between).
constexpr uint8_t kLionTag = 1, kWeakBridge = 2;

struct Rules {
    using Geo = chu::Geo;
    using K = large::Kind;
    // The types chu shares with dai (engine/large/chu_kinds.hpp), and nothing else.
    static constexpr std::array<K, kKinds> kinds =
        large::join_kinds(large::chu_base_kinds(Tokin, kWeakBridge, kLionTag), large::chu_promoted_kinds(kLionTag));
    static constexpr uint64_t key_seed = 0xc4a1u;
    static constexpr bool lion_trading = true;
    static constexpr uint8_t lion_tag = kLionTag;
};

using Board = large::Board<Rules>;
constexpr int kZoneRanks = 4;
constexpr std::size_t kMaxMoves = 2048;  // generous: 46 pieces a side, the lions' double moves
using Moves = menagerie::MoveList<Move, kMaxMoves>;

// Piece values (pawn 100) for exchanges, move ordering and the evaluation's material, in KindIndex order;
// the royals' value makes them the last pieces to risk.
constexpr std::array<int, kKinds> kPieceValue = {
    100, 100, 250, 300, 300, 250, 300, 350, 400, 350, 500, 500,  // P I L A F C S G E T O X
    450, 500, 550, 650, 800, 900, 1200, 1600, 4000,              // M V B R H D Q N K
    400, 450, 700, 700, 550, 450, 500, 650,                      // +P +I +L +A +F +C +S +G
    4000, 900, 1600, 1200, 900, 1000, 800, 900, 1150, 1300,      // +E +T +O +X +M +V +B +R +H +D
};

using large::End;
using large::end_text;

class Position : public large::GamePosition<Rules, Position, kMaxMoves> {
public:
    static constexpr int kZoneRanks = chu::kZoneRanks;
    static constexpr int kMaxDead = Geo::files;  // pawns and lances on their far rank

    // The two readings of chu's rules the user may choose (Chu::rule_options): the seed's (spec/chu.md, the
    // default) and lishogi's, which differ in the counter-strike rule and the lance's last-rank promotion
    // (RULES.md, "Lishogi's reading").
    std::optional<std::string> set_rule(std::string_view name, std::string_view value) {
        if (name != "ChuRules") return "no such rule";
        if (value != "seed" && value != "lishogi") return "expected seed or lishogi";
        lishogi_ = value == "lishogi";
        return std::nullopt;
    }
    bool lishogi_rules() const { return lishogi_; }

    // Whether a move of piece p from `from` to `to` (one leg) may promote under chu's rule.
    bool may_promote(Piece p, int from, int to) const;
    // Chu's lion-trading rules, for a move that takes a lion (the rest are allowed).
    bool move_allowed(int from, int to, int mid) const {
        if (!((mid && is_lion(at(mid))) || (to != from && is_lion(at(to))))) return true;
        return lion_rules_allow(from, to, mid);
    }
    // Whether a move taking an enemy lion obeys the lion-trading rules (both rules; the move takes a lion).
    bool lion_rules_allow(int from, int to, int mid) const;
    // Pawns and lances on their far rank never move again.
    bool dead(Piece p, int sq) const {
        const int k = large::kind_of(p);
        return (k == Pawn || k == Lance) && Geo::relative_row(sq, large::color_of(p)) == Geo::ranks - 1;
    }
    // What does not count against a bare royal: pawns, go-betweens, lances on their far rank.
    bool minor(Piece p, int sq) const {
        const int k = large::kind_of(p);
        return k == Pawn || k == GoBetween || (k == Lance && Geo::relative_row(sq, large::color_of(p)) == Geo::ranks - 1);
    }
    std::string explain_illegal(Move m) const;
    static std::string legend() {
        return "Pieces: P pawn, I go-between, L lance, A reverse chariot, F leopard, C copper, S silver, G gold,\n"
               "  E elephant (+E prince), T tiger, O kirin, X phoenix, M side mover, V vertical mover, B bishop,\n"
               "  R rook, H horse (+H falcon), D dragon (+D eagle), Q free king, N lion, K king\n";
    }
    static int value(int k) { return kPieceValue[size_t(k)]; }
    static bool is_lion(Piece p) { return large::is_piece(p) && (kind(large::kind_of(p)).tags & kLionTag); }

private:
    bool lishogi_ = false;  // ChuRules: lishogi's reading instead of the seed's
};

struct Chu {
    using Position = chu::Position;
    using Move = large::Move;
    using Undo = large::Undo;
    static constexpr std::string_view name = "chushogi";
    static constexpr std::string_view start_sfen =
        "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1";
    static constexpr int files = 12, ranks = 12;
    static constexpr bool shogi_squares = true;
    static constexpr bool hands = false;  // no drops: the SFEN's third field is the lion-capture square
    static constexpr std::array<RuleOption, 1> rule_options = {{
        {"ChuRules", {"seed", "lishogi"},
         "chu: seed follows the project's rules (spec/chu.md); lishogi bars non-lions from taking any lion right "
         "after losing one (but the lion that just took) and lets a lance promote on the far rank"},
    }};
    static constexpr std::size_t max_moves = kMaxMoves;
    // The fourth occurrence draws, unless exactly one side attacked with every move of the cycle: it loses.
    static constexpr int repetition_count = 4;
    static constexpr Outcome repetition_outcome(bool attacks_by_us, bool attacks_by_them) {
        return large::attack_repetition_outcome(attacks_by_us, attacks_by_them);
    }
    static constexpr int history_size = 2 * kKinds * Geo::size;
    // A hundred moves a node: reductions and pruning of late quiet moves (search/tuning.hpp).
    static constexpr SearchTuning search_tuning = {.log_reductions = true,
                                                   .late_move_pruning = true,
                                                   .futility_margin = 150,
                                                   .history_malus = true,
                                                   // shogi's countermoves, internal reduction, singular
                                                   // extension, table in quiescence and aspiration windows
                                                   // together: +89.7 +- 34.9 in 380 games (SPRT H1); its
                                                   // exchange pruning, with the large games' crude exchange
                                                   // estimate, lost 14 of the first 15 games
                                                   .countermove = true,
                                                   .internal_reduction = true,
                                                   .singular_extension = true,
                                                   .quiescence_tt = true,
                                                   // a pass (Board::play_null) is there, but null-move
                                                   // pruning has not shown a gain in self-play yet
                                                   .null_move = false,
                                                   .aspiration_window = 20,
                                                   // games of 250 to 400 plies: with 50, the clock left
                                                   // 5-10 ms a move after ply 300, too little to convert a won
                                                   // game (bench/strength-log.md, 2026-12-07)
                                                   .moves_to_plan = 100};
    static constexpr int bench_depth = kBenchDepth;  // engine/chu/bench.hpp
    static constexpr std::span<const std::string_view> bench_positions = kBenchPositions;
};

static_assert(Game<Chu>);

}  // namespace menagerie::chu
