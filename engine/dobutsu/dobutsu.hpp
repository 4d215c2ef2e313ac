#pragma once
// Dobutsu shogi (spec/dobutsu.md): 3 files x 4 ranks, drops anywhere, the try decided after the reply.
//
// Squares are numbered 0..11 row by row from Gote's side: square = row * 3 + col, where row 0 is rank 1
// (USI 'a') and col 0 is file A (USI '3'). SFEN lists squares in exactly this order.
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
#include "engine/dobutsu/bench.hpp"

namespace menagerie::dobutsu {

using Bitboard = menagerie::Bitboard<12>;

constexpr int kSquares = 12;
constexpr int kNoSquare = 12;

enum PieceType : uint8_t { Chick = 0, Elephant = 1, Giraffe = 2, Lion = 3, Hen = 4 };
constexpr int kPieceTypes = 5;
constexpr int kHandTypes = 3;  // chick, elephant, giraffe: the pieces that can be held
constexpr int kMaxOfKind = 2;  // the set has two chicks, two elephants, two giraffes

// Board cell: 0 = empty, else 1 + type + 5 * color.
constexpr uint8_t piece_code(Color c, int type) { return uint8_t(1 + type + 5 * c); }
constexpr int code_type(uint8_t code) { return "\0\0\1\2\3\4\0\1\2\3\4"[code]; }
constexpr Color code_color(uint8_t code) { return Color(code > 5); }

constexpr int row_of(int sq) { return sq / 3; }
constexpr int col_of(int sq) { return sq % 3; }
constexpr int far_row(Color c) { return c == Sente ? 0 : 3; }
constexpr Bitboard far_rank(Color c) { return Bitboard(uint16_t(c == Sente ? 0x007 : 0xE00)); }

// A move in 9 bits: to (4), from (4; 12 + hand type for a drop), promotion (1). What it captures is written
// into the caller's Undo record by play().
struct Move {
    uint16_t v;  // left uninitialised by default so move lists cost nothing to create; Move{} is "no move"
    static constexpr Move make(int from, int to, bool promo) { return Move{uint16_t(to | from << 4 | int(promo) << 8)}; }
    static constexpr Move drop(int type, int to) { return make(12 + type, to, false); }
    constexpr int to() const { return v & 15; }
    constexpr int from() const { return (v >> 4) & 15; }
    constexpr bool is_drop() const { return from() >= 12; }
    constexpr int drop_type() const { return from() - 12; }
    constexpr bool promotes() const { return (v >> 8) & 1; }
    constexpr bool is_null() const { return v == 0; }
    friend constexpr bool operator==(Move, Move) = default;
};

// What undo() needs that the move does not say: the piece code the move took (0 for none).
struct Undo {
    uint8_t captured = 0;
};

struct Tables {
    std::array<std::array<std::array<Bitboard, kSquares>, kPieceTypes>, 2> attacks;
    std::array<std::array<Bitboard, kSquares>, 11> code_attacks;  // the same, by piece code
    std::array<std::array<uint64_t, kSquares>, 11> psq;           // by piece code
    std::array<std::array<std::array<uint64_t, kMaxOfKind + 1>, kHandTypes>, 2> hand;
    uint64_t side;
};
extern const Tables tables;

class Position;

struct Dobutsu {
    using Position = dobutsu::Position;
    using Move = dobutsu::Move;
    using Undo = dobutsu::Undo;
    static constexpr std::string_view name = "dobutsu";
    static constexpr std::string_view start_sfen = "gle/1c1/1C1/ELG b - 1";
    static constexpr int files = 3, ranks = 4;
    static constexpr bool shogi_squares = true;  // "2c": file from the right, rank letter from the top
    static constexpr std::size_t max_moves = 64;  // 8 pieces x 8 steps, or 3 kinds x 11 empty squares
    static constexpr int repetition_count = 3;
    // A draw, even when one side checked throughout (the rules allow perpetual check).
    static constexpr Outcome repetition_outcome(bool, bool) { return Outcome::Draw; }
    static constexpr int history_size = 2 * 15 * kSquares;
    static constexpr int bench_depth = kBenchDepth;  // engine/dobutsu/bench.hpp
    static constexpr std::span<const std::string_view> bench_positions = kBenchPositions;
};

using Moves = menagerie::MoveList<Move, Dobutsu::max_moves>;

class Position {
public:
    static Result<Position> from_sfen(std::string_view sfen);
    static Position start();
    // A position from its parts (board cells as piece codes, hands), unchecked: the caller guarantees one
    // lion a side and at most two of each kind.
    static Position from_parts(const std::array<uint8_t, kSquares>& board, const uint8_t (&hands)[2][kHandTypes],
                               Color side_to_move);
    std::string sfen() const;
    std::string diagram() const;

    Result<Move> parse_move(std::string_view text) const;
    // The board and hands as the notation codec holds them (engine/core/notation.hpp); SFEN is written from them.
    BoardCells board_cells() const;
    // The squares a move names, the piece it drops and a promotion: the codec writes the move's text from them.
    MoveSpelling spelling(Move m) const;
    std::string move_text(Move m) const;

    Color side() const { return stm_; }
    uint64_t key() const { return key_; }
    int move_number() const { return move_number_; }
    uint8_t at(int sq) const { return board_[sq]; }
    int hand(Color c, int type) const { return hand_[c][type]; }
    int lion_square(Color c) const { return lion_[c]; }
    Bitboard occupied(Color c) const { return occ_[c]; }
    Bitboard empty() const { return ~(occ_[0] | occ_[1]); }

    // The game ends visible on the board: my lion was caught, or it stands on my far rank after the reply.
    Outcome decided() const {
        int l = lion_[stm_];
        if (l == kNoSquare) return Outcome::Loss;
        if (row_of(l) == far_row(stm_)) return Outcome::Win;
        return Outcome::Ongoing;
    }
    Outcome outcome() const {
        Outcome d = decided();
        if (d != Outcome::Ongoing) return d;
        return count_legal_moves() == 0 ? Outcome::Loss : Outcome::Ongoing;
    }
    // Why outcome() ended the game (empty while it goes on).
    std::string outcome_reason() const {
        const int l = lion_[stm_];
        if (l == kNoSquare) return "lion caught";
        if (row_of(l) == far_row(stm_)) return "try";
        return count_legal_moves() == 0 ? "no legal move" : "";
    }

    Bitboard attacks_from(int sq) const { return tables.code_attacks[board_[sq]][sq]; }
    bool attacked_by(int sq, Color by) const {
        for (int s : occ_[by])
            if (attacks_from(s).test(sq)) return true;
        return false;
    }
    bool in_check() const {
        Color them = ~stm_;
        int el = lion_[them];
        if (el != kNoSquare && row_of(el) == far_row(them)) return true;  // a try is pending
        return lion_[stm_] != kNoSquare && attacked_by(lion_[stm_], them);
    }

    uint64_t count_legal_moves() const {
        if (decided() != Outcome::Ongoing) return 0;
        Bitboard mine = occ_[stm_];
        uint64_t n = 0;
        for (int s : mine) n += (attacks_from(s) & ~mine).count();
        int kinds = (hand_[stm_][0] > 0) + (hand_[stm_][1] > 0) + (hand_[stm_][2] > 0);
        return n + uint64_t(kinds) * empty().count();
    }

    // count_legal_moves() of the position after m, without playing m: the mover's opponent keeps its
    // pieces and hand, so only a capture (one piece gone, its square now a target) and the number of
    // empty squares change. Perft's next-to-last ply uses it.
    uint64_t count_legal_moves_after(Move m) const {
        const Color them = ~stm_;
        const uint8_t cap = m.is_drop() ? 0 : board_[m.to()];
        if (cap && code_type(cap) == Lion) return 0;         // the opponent's lion is caught
        if (row_of(lion_[them]) == far_row(them)) return 0;  // its try has succeeded
        Bitboard theirs = occ_[them];
        const int to = m.to();
        uint64_t n = 0;
        int empties = empty().count();
        if (cap) {
            theirs.reset(to);
            ++empties;
        } else if (m.is_drop()) {
            --empties;
        }
        for (int s : theirs) n += (attacks_from(s) & ~theirs).count();
        const int kinds = (hand_[them][0] > 0) + (hand_[them][1] > 0) + (hand_[them][2] > 0);
        return n + uint64_t(kinds) * uint64_t(empties);
    }

    void legal_moves(MoveSink<Move>& list) const {
        if (decided() != Outcome::Ongoing) return;
        generate<false>(list);
    }
    // Captures, chick promotions and lion moves to the far rank.
    void tactical_moves(MoveSink<Move>& list) const {
        if (decided() != Outcome::Ongoing) return;
        generate<true>(list);
    }

    // Plays m, writing into u what undo(m, u) needs.
    void play(Move m, Undo& u) {
        const Color us = stm_, them = ~us;
        const int to = m.to();
        u.captured = 0;
        if (m.is_drop()) {
            const int t = m.drop_type();
            const uint8_t pc = piece_code(us, t);
            board_[to] = pc;
            occ_[us].set(to);
            key_ ^= tables.psq[pc][to] ^ tables.hand[us][t][hand_[us][t]] ^ tables.hand[us][t][hand_[us][t] - 1];
            --hand_[us][t];
        } else {
            const int from = m.from();
            const uint8_t pc = board_[from];
            if (const uint8_t cap = board_[to]) {
                u.captured = cap;
                occ_[them].reset(to);
                key_ ^= tables.psq[cap][to];
                const int ct = code_type(cap);
                if (ct == Lion) {
                    lion_[them] = kNoSquare;
                } else {
                    const int ht = ct == Hen ? Chick : ct;
                    key_ ^= tables.hand[us][ht][hand_[us][ht]] ^ tables.hand[us][ht][hand_[us][ht] + 1];
                    ++hand_[us][ht];
                }
            }
            const uint8_t npc = m.promotes() ? piece_code(us, Hen) : pc;
            board_[from] = 0;
            board_[to] = npc;
            occ_[us].reset(from);
            occ_[us].set(to);
            key_ ^= tables.psq[pc][from] ^ tables.psq[npc][to];
            if (code_type(pc) == Lion) lion_[us] = uint8_t(to);
        }
        stm_ = them;
        key_ ^= tables.side;
        ++move_number_;
    }

    // Plays m for good (no undo wanted).
    void play(Move m) {
        Undo u;
        play(m, u);
    }

    void undo(Move m, const Undo& u) {
        const Color them = stm_, us = ~them;
        const int to = m.to();
        stm_ = us;
        key_ ^= tables.side;
        --move_number_;
        if (m.is_drop()) {
            const int t = m.drop_type();
            const uint8_t pc = piece_code(us, t);
            board_[to] = 0;
            occ_[us].reset(to);
            ++hand_[us][t];
            key_ ^= tables.psq[pc][to] ^ tables.hand[us][t][hand_[us][t]] ^ tables.hand[us][t][hand_[us][t] - 1];
            return;
        }
        const int from = m.from();
        const uint8_t npc = board_[to];
        const uint8_t pc = m.promotes() ? piece_code(us, Chick) : npc;
        board_[from] = pc;
        occ_[us].set(from);
        occ_[us].reset(to);
        key_ ^= tables.psq[pc][from] ^ tables.psq[npc][to];
        if (code_type(pc) == Lion) lion_[us] = uint8_t(from);
        if (const uint8_t cap = u.captured) {
            const int ct = code_type(cap);
            board_[to] = cap;
            occ_[them].set(to);
            key_ ^= tables.psq[cap][to];
            if (ct == Lion) {
                lion_[them] = uint8_t(to);
            } else {
                const int ht = ct == Hen ? Chick : ct;
                key_ ^= tables.hand[us][ht][hand_[us][ht]] ^ tables.hand[us][ht][hand_[us][ht] - 1];
                --hand_[us][ht];
            }
        } else {
            board_[to] = 0;
        }
    }

    bool is_capture(Move m) const { return !m.is_drop() && board_[m.to()] != 0; }
    int captured_type(Move m) const { return m.is_drop() ? -1 : code_type(board_[m.to()]); }
    template <class F>
    void for_each_captured(Move m, F&& f) const {
        if (is_capture(m)) f(captured_type(m));
    }
    int moving_type(Move m) const { return m.is_drop() ? m.drop_type() : code_type(board_[m.from()]); }
    int history_index(Move m) const { return (stm_ * 15 + m.from()) * kSquares + m.to(); }

    // Recomputes the key from scratch; tests compare it with the incremental one.
    uint64_t compute_key() const;

    friend bool operator==(const Position&, const Position&) = default;

private:
    template <bool Tactical>
    void generate(MoveSink<Move>& list) const {
        const Color us = stm_;
        const Bitboard mine = occ_[us], theirs = occ_[~us];
        const Bitboard far = far_rank(us);
        MoveSink<Move>::Cursor out(list);
        for (int from : mine) {
            const uint8_t pc = board_[from];
            const int t = code_type(pc);
            Bitboard targets = attacks_from(from) & ~mine;
            if constexpr (Tactical) {
                if (t == Lion || t == Chick)
                    targets &= theirs | far;
                else
                    targets &= theirs;
            }
            for (int to : targets) {
                const bool promo = t == Chick && far.test(to);
                out.push(Move::make(from, to, promo));
            }
        }
        if constexpr (!Tactical) {
            const Bitboard empties = empty();
            for (int t = 0; t < kHandTypes; ++t)
                if (hand_[us][t])
                    for (int to : empties) out.push(Move::drop(t, to));
        }
    }

    std::array<uint8_t, kSquares> board_{};
    Bitboard occ_[2];
    uint8_t hand_[2][kHandTypes] = {};
    uint8_t lion_[2] = {kNoSquare, kNoSquare};
    Color stm_ = Sente;
    uint16_t move_number_ = 1;
    uint64_t key_ = 0;
};

static_assert(Game<Dobutsu>);

// Square names: USI ("2c") and the seed's human names ("B3").
std::string square_usi(int sq);
std::string square_human(int sq);
char piece_letter(int type);  // upper-case SFEN letter of an unpromoted type

}  // namespace menagerie::dobutsu
