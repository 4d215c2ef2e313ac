#pragma once
// Jungle / Dou Shou Qi (spec/jungle.md): 7 files x 9 ranks, two lakes, traps and dens, no drops.
//
// Squares are numbered 0..62 row by row from Red's side: square = row * 7 + col, where row 0 is rank 1 and
// col 0 is file a. Red is the first player (Sente, "b"), Blue the second (Gote, "w").
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/bitboard.hpp"
#include "engine/core/game.hpp"
#include "engine/core/movelist.hpp"
#include "engine/core/outcome.hpp"
#include "engine/core/result.hpp"
#include "engine/jungle/bench.hpp"

namespace menagerie::jungle {

using Bitboard = menagerie::Bitboard<63>;

constexpr int kFiles = 7, kRanks = 9, kSquares = 63;
constexpr Color Red = Sente, Blue = Gote;

// Types are numbered by rank minus one, so comparing types compares ranks.
enum PieceType : uint8_t { Rat = 0, Cat, Dog, Wolf, Leopard, Tiger, Lion, Elephant };
constexpr int kPieceTypes = 8;

constexpr uint8_t piece_code(Color c, int type) { return uint8_t(1 + type + 8 * c); }
constexpr int code_type(uint8_t code) { return (code - 1) & 7; }
constexpr Color code_color(uint8_t code) { return Color(code > 8); }

constexpr int row_of(int sq) { return sq / kFiles; }
constexpr int col_of(int sq) { return sq % kFiles; }
constexpr int square(int col, int row) { return row * kFiles + col; }

// What undo() needs that the move does not say: the piece code the move took (0 for none).
struct Undo {
    uint8_t captured = 0;
};

// A move in 12 bits: to (6), from (6). What it captures is written into the caller's Undo record by play().
struct Move {
    uint16_t v;  // left uninitialised by default so move lists cost nothing to create; Move{} is "no move"
    static constexpr Move make(int from, int to) { return Move{uint16_t(to | from << 6)}; }
    constexpr int to() const { return v & 63; }
    constexpr int from() const { return (v >> 6) & 63; }
    constexpr bool is_null() const { return v == 0; }
    friend constexpr bool operator==(Move, Move) = default;
};

struct Tables {
    Bitboard water, land;
    Bitboard traps[2];  // traps[c]: the traps on c's side, where c's pieces capture anything
    Bitboard dens[2];   // dens[c]: c's own den
    int den_square[2];
    std::array<Bitboard, kSquares> steps;  // orthogonal neighbours
    // River jumps: for each square and direction, the landing square (-1 if none) and the water flown over.
    std::array<std::array<int8_t, 4>, kSquares> jump_to;
    std::array<std::array<Bitboard, 4>, kSquares> jump_over;
    std::array<std::array<uint64_t, kSquares>, 17> psq;  // by piece code
    uint64_t side;
};
extern const Tables tables;

class Position;

struct Jungle {
    using Position = jungle::Position;
    using Move = jungle::Move;
    using Undo = jungle::Undo;
    static constexpr std::string_view name = "jungle";
    static constexpr std::string_view start_sfen = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 1";
    static constexpr int files = 7, ranks = 9;
    static constexpr bool shogi_squares = false;  // "a1": file letter from the left, rank number from the bottom
    static constexpr bool hands = false;          // no drops: captured animals leave the game
    static constexpr std::size_t max_moves = 40;  // 8 pieces x 4 directions
    static constexpr int repetition_count = 5;
    static constexpr Outcome repetition_outcome(bool, bool) { return Outcome::Draw; }
    static constexpr int history_size = 2 * kSquares * kSquares;
    static constexpr int bench_depth = kBenchDepth;  // engine/jungle/bench.hpp
    static constexpr std::span<const std::string_view> bench_positions = kBenchPositions;
};

using Moves = menagerie::MoveList<Move, Jungle::max_moves>;

class Position {
public:
    static Result<Position> from_sfen(std::string_view sfen);
    static Position start();
    std::string sfen() const;
    std::string diagram() const;

    Result<Move> parse_move(std::string_view text) const;
    // The board as the notation codec holds it (engine/core/notation.hpp); SFEN is written from it.
    BoardCells board_cells() const;
    // The squares a move names: the codec writes the move's text from them.
    MoveSpelling spelling(Move m) const;
    std::string move_text(Move m) const;

    Color side() const { return stm_; }
    uint64_t key() const { return key_; }
    int move_number() const { return move_number_; }
    uint8_t at(int sq) const { return board_[sq]; }
    Bitboard occupied(Color c) const { return occ_[c]; }
    Bitboard pieces(Color c, int type) const { return by_type_[c][type]; }
    Bitboard empty() const { return ~(occ_[0] | occ_[1]); }

    // Ends visible on the board: a piece in a den, or a side with no pieces left.
    Outcome decided() const {
        const Color us = stm_, them = ~us;
        if ((occ_[them] & tables.dens[us]).any() || occ_[us].none()) return Outcome::Loss;
        if ((occ_[us] & tables.dens[them]).any() || occ_[them].none()) return Outcome::Win;
        return Outcome::Ongoing;
    }
    Outcome outcome() const {
        const Outcome d = decided();
        if (d != Outcome::Ongoing) return d;
        return count_legal_moves() == 0 ? Outcome::Loss : Outcome::Ongoing;
    }
    // Why outcome() ended the game (empty while it goes on).
    std::string outcome_reason() const {
        const Color us = stm_, them = ~us;
        if ((occ_[them] & tables.dens[us]).any() || (occ_[us] & tables.dens[them]).any()) return "den entered";
        if (occ_[us].none() || occ_[them].none()) return "all pieces captured";
        return count_legal_moves() == 0 ? "no legal move" : "";
    }
    // An enemy piece next to my den enters it on its next move unless I deal with it.
    bool in_check() const { return (tables.steps[tables.den_square[stm_]] & occ_[~stm_]).any(); }

    // Where the piece on `from` may go, captures included.
    Bitboard targets(int from) const { return targets(from, capture_masks()); }

    uint64_t count_legal_moves() const {
        if (decided() != Outcome::Ongoing) return 0;
        const auto capt = capture_masks();
        uint64_t n = 0;
        for (int from : occ_[stm_]) n += targets(from, capt).count();
        return n;
    }
    void legal_moves(MoveSink<Move>& list) const {
        if (decided() != Outcome::Ongoing) return;
        generate(list, false);
    }
    // Captures and moves into the enemy den.
    void tactical_moves(MoveSink<Move>& list) const {
        if (decided() != Outcome::Ongoing) return;
        generate(list, true);
    }

    // Plays m, writing into u what undo(m, u) needs.
    void play(Move m, Undo& u) {
        const Color us = stm_, them = ~us;
        const int from = m.from(), to = m.to();
        const uint8_t pc = board_[from];
        u.captured = board_[to];
        if (const uint8_t cap = board_[to]) {
            occ_[them].reset(to);
            by_type_[them][code_type(cap)].reset(to);
            key_ ^= tables.psq[cap][to];
        }
        board_[from] = 0;
        board_[to] = pc;
        occ_[us].reset(from);
        occ_[us].set(to);
        by_type_[us][code_type(pc)].reset(from);
        by_type_[us][code_type(pc)].set(to);
        key_ ^= tables.psq[pc][from] ^ tables.psq[pc][to] ^ tables.side;
        stm_ = them;
        ++move_number_;
    }
    // Plays m for good (no undo wanted).
    void play(Move m) {
        Undo u;
        play(m, u);
    }
    void undo(Move m, const Undo& u) {
        const Color them = stm_, us = ~them;
        const int from = m.from(), to = m.to();
        const uint8_t pc = board_[to];
        board_[from] = pc;
        occ_[us].set(from);
        occ_[us].reset(to);
        by_type_[us][code_type(pc)].set(from);
        by_type_[us][code_type(pc)].reset(to);
        key_ ^= tables.psq[pc][from] ^ tables.psq[pc][to] ^ tables.side;
        if (const uint8_t cap = u.captured) {
            board_[to] = cap;
            occ_[them].set(to);
            by_type_[them][code_type(cap)].set(to);
            key_ ^= tables.psq[cap][to];
        } else {
            board_[to] = 0;
        }
        stm_ = us;
        --move_number_;
    }

    bool is_capture(Move m) const { return board_[m.to()] != 0; }
    int captured_type(Move m) const { return code_type(board_[m.to()]); }
    template <class F>
    void for_each_captured(Move m, F&& f) const {
        if (is_capture(m)) f(captured_type(m));
    }
    int moving_type(Move m) const { return code_type(board_[m.from()]); }
    int history_index(Move m) const { return (stm_ * kSquares + m.from()) * kSquares + m.to(); }

    uint64_t compute_key() const;
    friend bool operator==(const Position&, const Position&) = default;

private:
    // capt[t]: the enemy pieces a piece of type t may capture on land, ranks and traps considered.
    std::array<Bitboard, kPieceTypes> capture_masks() const {
        const Color us = stm_, them = ~us;
        std::array<Bitboard, kPieceTypes> capt;
        Bitboard weaker_or_equal;
        const Bitboard trapped = occ_[them] & tables.traps[us];  // an enemy in my trap has no rank
        for (int t = 0; t < kPieceTypes; ++t) {
            weaker_or_equal |= by_type_[them][t];
            capt[t] = weaker_or_equal | trapped;
        }
        capt[Rat] |= by_type_[them][Elephant];                               // the rat takes the elephant
        capt[Elephant] = (capt[Elephant] & ~by_type_[them][Rat]) | trapped;  // but the elephant not the rat
        return capt;
    }

    Bitboard targets(int from, const std::array<Bitboard, kPieceTypes>& capt) const {
        const Color us = stm_;
        const int t = code_type(board_[from]);
        const Bitboard empties = empty();
        Bitboard to = tables.steps[from] & ~tables.dens[us];
        if (t == Rat) {
            // No capture across the water's edge: from water only water, from land only land.
            const Bitboard medium = tables.water.test(from) ? tables.water : tables.land;
            return to & (empties | (capt[Rat] & medium));
        }
        to &= tables.land;
        if (t == Lion || t == Tiger) {
            const Bitboard rats = by_type_[0][Rat] | by_type_[1][Rat];
            for (int d = 0; d < 4; ++d) {
                const int j = tables.jump_to[from][d];
                if (j >= 0 && (tables.jump_over[from][d] & rats).none()) to.set(j);
            }
        }
        return to & (empties | capt[t]);
    }

    void generate(MoveSink<Move>& list, bool tactical) const {
        const Color us = stm_, them = ~us;
        const auto capt = capture_masks();
        MoveSink<Move>::Cursor out(list);
        for (int from : occ_[us]) {
            Bitboard to = targets(from, capt);
            if (tactical) to &= occ_[them] | tables.dens[them];
            for (int sq : to) out.push(Move::make(from, sq));
        }
    }

    std::array<uint8_t, kSquares> board_{};
    Bitboard occ_[2];
    Bitboard by_type_[2][kPieceTypes];
    Color stm_ = Red;
    uint16_t move_number_ = 1;
    uint64_t key_ = 0;
};

static_assert(Game<Jungle>);

std::string square_name(int sq);  // "a1" .. "g9"
char piece_letter(int type);      // upper case

}  // namespace menagerie::jungle
