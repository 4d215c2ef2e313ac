#pragma once
// Taikyoku shogi (spec/taikyoku.md): 36x36, 402 pieces a side of 209 types, 301 types with the promoted ones,
// every move from the piece table (engine/taikyoku/table.hpp, movement.hpp); no drops, no check, no repetition
// and no bare-king rule; a side that has lost its last King and Crown Prince (or has no move) loses; promotion
// optional and once, on any move that involves the 11 far ranks.
//
// The board, piece lists, Zobrist keys and SFEN board field are the large-board core's (engine/large/board.hpp);
// this game generates, plays and writes its own moves, because they capture in ways chu's and dai's never do:
// a range capture removes every lower-ranked piece it passes (own ones too), a Free Eagle's walk takes up to
// four, a hook turns a corner.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/movelist.hpp"
#include "engine/core/outcome.hpp"
#include "engine/core/result.hpp"
#include "engine/core/search_tuning.hpp"
#include "engine/large/board.hpp"
#include "engine/large/move.hpp"
#include "engine/taikyoku/bench.hpp"
#include "engine/taikyoku/movement.hpp"
#include "engine/taikyoku/table.hpp"

namespace menagerie::taikyoku {

// A guard band four squares wide: the longest leaps (W@4, F@4) land on a guard, never outside the array.
using Geo = large::Geometry<36, 36, 4>;
using large::Piece;
using large::Square;

// Moves are the core's 32-bit moves (engine/large/move.hpp: from, to, the middle square of a lion's capture,
// promotion) with two more flags that tell play() how the move captures; both follow from the piece and the
// squares, so they never make two moves of one outcome:
//   bit 27  a Free Eagle walk: every enemy on the walk's squares is taken
//   bit 28  a range capture: every piece between from and to is taken
//   bit 29  a walk or range capture that takes something (so that is_capture need not walk the line)
using large::Move;
constexpr uint32_t kWalkBit = 1u << 27, kRangeBit = 1u << 28, kTakesBit = 1u << 29;
constexpr bool is_walk(Move m) { return m.v & kWalkBit; }
constexpr bool is_range(Move m) { return m.v & kRangeBit; }

struct Rules {
    using Geo = taikyoku::Geo;
    static constexpr std::array<large::Kind, kKinds> kinds = kKindTable;
    static constexpr uint64_t key_seed = 0x7a1c0u;
    static constexpr bool lion_trading = false;
    static constexpr uint8_t lion_tag = 0;
    static constexpr bool own_movement = true;
    static constexpr bool current_codes = true;
};

constexpr int kZoneRanks = 11;
// Comfortably above any position of a game (the start has 509 moves); more raises MoveOverflow, never a
// write past the end.
constexpr std::size_t kMaxMoves = 1 << 15;
constexpr int kMaxCaptures = 36;  // a range capture along a whole line

// Piece values (pawn 100) computed from the table (engine/taikyoku/position.cpp), by kind.
inline const std::array<int, kKinds>& piece_values();

// What the evaluation sums over a side's pieces, kept up to date by play/undo so that it costs nothing per
// node: the material (royals left out), the promotion prospect (the gain of promoting, in shares of 7 over the
// six ranks before the zone and full in it), the pawns' advance past their camp (ranks) and every other
// non-royal piece's rank counted from its own back rank.
enum Part { Material, PromotionProspect, PawnAdvance, Forward, kParts };
using Parts = std::array<int, kParts>;
// By kind and row counted from the own back rank.
std::vector<std::array<Parts, 36>> build_parts();
inline const std::vector<std::array<Parts, 36>>& parts_table() {
    static const std::vector<std::array<Parts, 36>> t = build_parts();
    return t;
}

// What undo() needs: the key before the move, the piece that moved, and every piece taken, in order.
struct Undo {
    uint64_t key = 0;
    std::array<Parts, 2> parts{};
    Piece moved = 0;
    uint8_t n = 0;
    std::array<Square, kMaxCaptures> square{};
    std::array<Piece, kMaxCaptures> piece{};
    std::array<uint16_t, kMaxCaptures> slot{};
};

// Why a game is over.
enum class End : uint8_t { None, RoyalsLost, NoMove };

class Position : public large::Board<Rules> {
    using B = large::Board<Rules>;

public:
    using Moves = MoveList<Move, kMaxMoves>;

    static Result<Position> from_sfen(std::string_view text);
    std::string sfen() const;
    // The position in the format of taikyoku-shogi.github.io (spec "Positions"); it cannot say that a piece
    // has promoted, so a promoted piece is written as its current type.
    std::string atsi() const;
    static Result<Position> from_atsi(std::string_view text);
    std::string diagram() const;

    void legal_moves(MoveSink<Move>& list) const;
    void tactical_moves(MoveSink<Move>& list) const;
    // The moves the pieces have whether or not the game is over (for tests and the piece values).
    void all_moves(MoveSink<Move>& list) const;
    // Puts a piece on an empty square (for building positions in tests).
    void place(int sq, Piece p) {
        put(sq, p);
        add_parts(p, sq, 1);
    }
    // A side's sums of the evaluation's parts (Part).
    const Parts& parts(int color) const { return parts_[size_t(color)]; }
    static int value(int kind) { return piece_values()[size_t(kind)]; }
    uint64_t count_legal_moves() const;

    void play(Move m, Undo& u);
    void undo(Move m, const Undo& u);
    void play(Move m) {
        Undo u;
        play(m, u);
    }

    Outcome outcome() const;
    Outcome decided() const { return royals_[stm_] == 0 ? Outcome::Loss : Outcome::Ongoing; }
    End end() const;
    std::string outcome_reason() const;
    // No check rule; for the search's stand-pat only: a lone royal the enemy attacks (an estimate).
    bool in_check() const;

    bool is_pass(Move m) const { return m.to() == m.from() && !m.has_mid() && !m.promotes(); }
    bool is_capture(Move m) const {
        return m.has_mid() || (m.v & kTakesBit) || (m.to() != m.from() && at(m.to()) != large::kEmpty);
    }
    // The enemy types taken (what move ordering counts as gain; the own pieces a range capture removes are a
    // cost, which see() subtracts).
    template <class F>
    void for_each_captured(Move m, F&& f) const {
        for_each_capture_square(m, [&](int sq) {
            if (large::color_of(at(sq)) != stm_) f(large::kind_of(at(sq)));
        });
    }
    // The squares a move takes pieces on, in the order it reaches them.
    template <class F>
    void for_each_capture_square(Move m, F&& f) const {
        const int from = m.from(), to = m.to();
        if (m.has_mid()) {
            f(mid_square(m));
            if (to != from && at(to) != large::kEmpty) f(to);
            return;
        }
        if (is_walk(m) || is_range(m)) {
            const int step = line_step(from, to);
            int n = is_walk(m) ? walk_length(m) : 36;
            for (int sq = from + step; sq != to && n > 0; sq += step, --n)
                if (at(sq) != large::kEmpty) f(sq);
        }
        if (to != from && at(to) != large::kEmpty) f(to);
    }
    int moving_type(Move m) const { return large::kind_of(at(m.from())); }
    int history_index(Move m) const { return (int(stm_) * kKinds + moving_type(m)) * Geo::size + m.to(); }

    // The squares a move names (origin, the squares it takes on before its end, destination) and a promotion,
    // for the notation codec, which writes the move's text from them.
    MoveSpelling spelling(Move m) const;
    std::string move_text(Move m) const;
    Result<Move> parse_move(std::string_view text) const;

    // An exchange estimate for quiescence: the enemy taken less the own pieces taken, less the mover if the
    // enemy then attacks its square.
    int see(Move m) const;
    // Whether a piece of `by` reaches sq: exact for steps, leaps and plain slides, the other constructs taken
    // as plain slides along their lines, hooks left out. For the evaluation and the search, never the rules.
    bool attacked(int sq, int by) const;

    static const Movement& moves_of(Piece p) { return table()[size_t(large::kind_of(p))][size_t(large::color_of(p))]; }
    static int rank_of(Piece p) { return row(large::kind_of(p)).rank; }
    static bool in_zone(int sq, int color) { return Geo::relative_row(sq, color) >= Geo::ranks - kZoneRanks; }
    int royal_square(int color) const;
    static std::string square_text(int sq) { return Geo::square_text(sq); }

    // The step from `from` toward `to` on a line (both on one rank, file or diagonal).
    static int line_step(int from, int to) {
        const int dc = Geo::col(to) - Geo::col(from), dr = Geo::row(to) - Geo::row(from);
        return ((dr > 0) - (dr < 0)) * Geo::stride + ((dc > 0) - (dc < 0));
    }
    // The board direction (as Sente sees it) of a step from line_step, or -1.
    static int step_dir(int step) {
        for (int d = 0; d < large::kDirs; ++d)
            if (Geo::sente_offset(Dir(d)) == step) return d;
        return -1;
    }
    int walk_length(Move m) const {
        return moves_of(at(m.from())).walk_len[size_t(step_dir(line_step(m.from(), m.to())))];
    }

    // Each kind's movement for each colour, compiled once from the table.
    static const std::vector<std::array<Movement, 2>>& table() {
        static const std::vector<std::array<Movement, 2>> t = build_table();
        return t;
    }
    static std::vector<std::array<Movement, 2>> build_table();
    static std::array<int, kKinds> build_values();  // for piece_values()

private:
    void add_parts(Piece p, int sq, int sign) {
        const int c = large::color_of(p);
        const Parts& x = parts_table()[size_t(large::kind_of(p))][size_t(Geo::relative_row(sq, c))];
        for (int i = 0; i < kParts; ++i) parts_[size_t(c)][size_t(i)] += sign * x[size_t(i)];
    }
    std::array<Parts, 2> parts_{};
    template <bool CapturesOnly>
    void generate(MoveSink<Move>& list) const;
    template <bool CapturesOnly, class Emit>
    void piece_moves(int s, Emit&& emit) const;
    void take(int sq, Undo& u);
};

inline const std::array<int, kKinds>& piece_values() {
    static const std::array<int, kKinds> v = Position::build_values();
    return v;
}

struct Taikyoku {
    using Position = taikyoku::Position;
    using Move = large::Move;
    using Undo = taikyoku::Undo;
    static constexpr std::string_view name = "taikyoku";
    static constexpr std::string_view start_sfen = kStartSfen;  // engine/taikyoku/bench.hpp
    static constexpr int files = 36, ranks = 36;
    static constexpr bool shogi_squares = true;
    static constexpr bool hands = false;  // no drops
    static constexpr std::size_t max_moves = kMaxMoves;
    static constexpr int repetition_count = 0;  // no repetition rule (spec "End of game")
    static constexpr Outcome repetition_outcome(bool, bool) { return Outcome::Draw; }
    static constexpr int history_size = 2 * kKinds * Geo::size;
    static constexpr SearchTuning search_tuning = {.log_reductions = true,
                                                   .late_move_pruning = true,
                                                   .futility_margin = 150,
                                                   .history_malus = true,
                                                   .null_move = false,
                                                   .moves_to_plan = 150,
                                                   .quiescence_plies = 3,
                                                   .repeats_score_draw = true,
                                                   .repeat_contempt = 50,
                                                   .root_captures_first = true};
    static constexpr int bench_depth = kBenchDepth;
    static constexpr std::span<const std::string_view> bench_positions = kBenchPositions;
    // Every kind's SFEN code (upper case), kanji and name, from the table, for the browser board.
    static std::vector<std::array<std::string, 3>> piece_looks() {
        std::vector<std::array<std::string, 3>> v;
        for (int k = 0; k < kKinds; ++k) {
            const Row& r = row(k);
            const bool promoted = kKindTable[size_t(k)].promoted;
            v.push_back({(promoted ? "+" : "") + std::string(r.sfen), std::string(r.kanji),
                         std::string(r.name) + (promoted ? " (promoted)" : "")});
        }
        return v;
    }
    // The position format of taikyoku-shogi.github.io (`menagerie convert`).
    static constexpr std::string_view foreign_format = "ATSI TSFEN (taikyoku-shogi.github.io)";
    static Result<Position> from_foreign(std::string_view text) { return Position::from_atsi(text); }
    static std::string to_foreign(const Position& p) { return p.atsi(); }
};

static_assert(Game<Taikyoku>);

}  // namespace menagerie::taikyoku
