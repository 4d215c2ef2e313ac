#pragma once
// Tori shogi (spec/tori.md): 7x7, birds, drops, forced promotion of swallow and falcon in the far two ranks,
// at most two unpromoted swallows of a side on a file, no swallow-drop mate, no move may leave the phoenix in
// check; a fourth repetition loses for the side that completes it, perpetual check for the checker.
//
// The position is the shogi family's shared core (engine/family/board.hpp: board, hands, keys, SFEN, move
// text, play/undo) with tori's pieces; squares are numbered file by file, (file - 1) * 7 + rank, rank 0 = 'a'.
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/game.hpp"
#include "engine/core/movelist.hpp"
#include "engine/core/outcome.hpp"
#include "engine/core/result.hpp"
#include "engine/core/search_tuning.hpp"
#include "engine/family/search_tuning.hpp"
#include "engine/family/board.hpp"
#include "engine/tori/bench.hpp"

namespace menagerie::tori {

enum PieceType : uint8_t {
    NoType = 0,
    Swallow = 1, Falcon, Crane, Pheasant, LeftQuail, RightQuail, Phoenix,
    Goose = 8, Eagle,  // promoted swallow and falcon
};
constexpr int kPieceTypes = 10;

struct Traits {
    static constexpr int files = 7, ranks = 7;
    static constexpr int piece_types = kPieceTypes;
    static constexpr int king = Phoenix;
    static constexpr int promoted(int t) { return t == Swallow ? Goose : t == Falcon ? Eagle : 0; }
    static constexpr int unpromoted(int t) { return t == Goose ? Swallow : t == Eagle ? Falcon : t; }
    static constexpr char letter(int t) {
        constexpr char letters[] = " SFCPLRK";
        return t >= Swallow && t <= Phoenix ? letters[t] : 0;
    }
    // SFEN lists hands in Fairy-Stockfish's order (spec/tori.md); drops are generated in drop_order.
    static constexpr std::array<int, 6> hand_order = {Pheasant, RightQuail, LeftQuail, Crane, Falcon, Swallow};
    static constexpr std::array<int, 6> drop_order = {Falcon, Crane, Pheasant, LeftQuail, RightQuail, Swallow};
    static constexpr int hand_types = RightQuail + 1;
    static constexpr int set_count(int t) {
        constexpr int counts[] = {0, 16, 2, 4, 4, 2, 2, 2};
        return t >= Swallow && t <= Phoenix ? counts[t] : 0;
    }
    static constexpr uint64_t key_seed = 0x70121u;
    static constexpr const char* legend =
        "Pieces: K phoenix, F falcon (+F eagle), C crane, P pheasant, L/R left/right quail, S swallow (+S goose)";
};

using Board = family::Board<Traits>;
using Move = Board::Move;
using family::Undo;
using Bitboard = Board::Bitboard;
using family::color_of;
using family::piece;
using family::type_of;

constexpr int kSquares = Board::kSquares;
constexpr std::size_t kMaxMoves = 400;  // generous: 49 squares, six droppable kinds
using Moves = menagerie::MoveList<Move, kMaxMoves>;

// Piece values for exchanges and move ordering (by type), apart from the evaluation.
constexpr int kSeeValue[kPieceTypes] = {0, 100, 450, 400, 350, 450, 450, 20000, 350, 700};

class Position : public Board {
public:
    static Result<Position> from_sfen(std::string_view sfen);
    Result<Move> parse_move(std::string_view text) const;

    // Pieces of `by` attacking sq, given the occupancy.
    Bitboard attackers_to(int sq, Color by, const Bitboard& occ) const;
    Bitboard attackers_to(int sq, Color by) const { return attackers_to(sq, by, occupied()); }
    Bitboard checkers() const {
        return king_[stm_] != kNoKing ? attackers_to(king_[stm_], ~stm_) : Bitboard();
    }
    bool in_check() const { return checkers().any(); }

    Outcome decided() const { return Outcome::Ongoing; }
    Outcome outcome() const { return has_legal_move() ? Outcome::Ongoing : Outcome::Loss; }
    // Why outcome() ended the game (empty while it goes on).
    std::string outcome_reason() const {
        if (has_legal_move()) return "";
        return in_check() ? "checkmate" : "no legal move";
    }

    void legal_moves(MoveSink<Move>& list) const;
    void tactical_moves(MoveSink<Move>& list) const;  // captures and the falcon's promotions, legal
    uint64_t count_legal_moves() const;
    bool has_legal_move() const;
    bool is_legal(Move m) const;
    // Static exchange evaluation of a move (kSeeValue units): what it wins if both sides then capture on its
    // square, least valuable piece first. Drops give 0.
    int see(Move m) const;

    // Whether dropping a swallow on sq mates the side not to move (illegal).
    bool swallow_drop_mates(int sq) const;
    // The squares the side to move may drop an unpromoted swallow on: empty, not its last rank, and on a file
    // holding fewer than two of its unpromoted swallows (the mate rule aside).
    Bitboard swallow_drop_squares() const;

private:
    // Moves that obey the piece rules, before the check rule; with `tactical`, only captures and the
    // falcon's promotions (no drops).
    void pseudo_moves(MoveSink<Move>& list, bool tactical) const;
    void keep_legal(const MoveSink<Move>& pseudo, MoveSink<Move>& list, bool first_only) const;
    bool leaves_king_safe(Move m) const;
};

Bitboard promotion_zone(Color c);

struct Tori {
    using Position = tori::Position;
    using Move = tori::Move;
    using Undo = family::Undo;
    static constexpr std::string_view name = "torishogi";
    static constexpr std::string_view start_sfen = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1";
    static constexpr int files = 7, ranks = 7;
    static constexpr bool shogi_squares = true;
    static constexpr std::size_t max_moves = kMaxMoves;
    static constexpr int repetition_count = 4;
    // Perpetual check loses for the checking side; any other fourth repetition loses for the side that
    // completed it, which is the side that just moved (spec/tori.md, as Fairy-Stockfish's torishogi).
    static constexpr Outcome repetition_outcome(bool checks_by_us, bool checks_by_them) {
        if (checks_by_us && !checks_by_them) return Outcome::Loss;
        return Outcome::Win;
    }
    static constexpr int history_size = Board::history_size;
    // The drop games' selectivity (engine/family/search_tuning.hpp).
    static constexpr SearchTuning search_tuning = family::kDropGameTuning;
    static constexpr int bench_depth = kBenchDepth;  // engine/tori/bench.hpp
    static constexpr std::span<const std::string_view> bench_positions = kBenchPositions;
};

}  // namespace menagerie::tori
