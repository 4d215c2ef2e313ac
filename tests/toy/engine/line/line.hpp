#pragma once
// Line: a one-rank toy game, added by the README's "Adding a game" recipe and nothing else, to keep that
// recipe true. Nine squares a1..i1; Sente's pieces start on the left, Gote's on the right. A pawn steps one
// square towards the enemy side, a king one square either way; either takes an enemy piece by moving onto
// it. Taking the enemy king wins, as does a pawn reaching the far end; a side with no move loses; the
// third occurrence of a position is a draw. SFEN: the rank, the side to move, the move number
// ("KPP3ppk b 1"); moves as "b1c1".
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/game.hpp"
#include "engine/core/movelist.hpp"
#include "engine/core/outcome.hpp"
#include "engine/core/result.hpp"
#include "engine/core/text.hpp"
#include "engine/core/zobrist.hpp"

namespace menagerie::line {

constexpr int kSquares = 9;
enum PieceType : uint8_t { King = 0, Pawn = 1 };
// A piece on a square: 0 empty, else 1 + type + 2 * colour.
constexpr uint8_t piece(Color c, int t) { return uint8_t(1 + t + 2 * c); }
constexpr int type_of(uint8_t p) { return (p - 1) & 1; }
constexpr Color color_of(uint8_t p) { return Color((p - 1) >> 1); }

inline constexpr int kBenchDepth = 12;
inline constexpr std::array<std::string_view, 3> kBenchPositions = {
    "KPP3ppk b 1",
    "K1P1p2pk w 4",
    "KP5pk b 1",
};

struct Move {
    uint8_t v;  // to (4 bits), from (4 bits); Move{} is "no move"
    static constexpr Move make(int from, int to) { return Move{uint8_t(to | from << 4)}; }
    constexpr int to() const { return v & 15; }
    constexpr int from() const { return v >> 4; }
    constexpr bool is_null() const { return v == 0; }
    friend constexpr bool operator==(Move, Move) = default;
};

struct Undo {
    uint8_t captured = 0;
};

using Moves = MoveList<Move, 8>;

struct Keys {
    uint64_t psq[5][kSquares];
    uint64_t side;
};
inline const Keys& keys() {
    static const Keys k = [] {
        Keys t{};
        KeyGenerator g(0x11e);
        for (auto& p : t.psq)
            for (auto& s : p) s = g.next();
        t.side = g.next();
        return t;
    }();
    return k;
}

class Position {
public:
    static Result<Position> from_sfen(std::string_view text) {
        auto fail = [&](const std::string& why) { return Error{"bad SFEN '" + std::string(text) + "': " + why}; };
        const auto fields = split_fields(text);
        if (fields.size() < 2 || fields.size() > 3) return fail("expected the rank, the side and a move number");
        Position p;
        int sq = 0;
        int kings[2] = {0, 0};
        for (char ch : fields[0]) {
            if (ch >= '1' && ch <= '9') {
                sq += ch - '0';
            } else {
                const int t = ch == 'K' || ch == 'k' ? King : ch == 'P' || ch == 'p' ? Pawn : -1;
                if (t < 0) return fail("unknown piece '" + std::string(1, ch) + "'");
                if (sq >= kSquares) return fail("more than 9 squares");
                const Color c = ch == 'K' || ch == 'P' ? Sente : Gote;
                if (t == King) ++kings[c];
                p.board_[sq++] = piece(c, t);
            }
            if (sq > kSquares) return fail("more than 9 squares");
        }
        if (sq != kSquares) return fail("the rank needs 9 squares");
        if (kings[Sente] != 1 || kings[Gote] != 1) return fail("each side needs one king");
        if (fields[1] != "b" && fields[1] != "w") return fail("side to move must be 'b' or 'w'");
        p.stm_ = fields[1] == "b" ? Sente : Gote;
        if (fields.size() == 3)
            if (auto e = parse_move_number(fields[2], p.move_number_)) return fail(*e);
        p.key_ = p.compute_key();
        return p;
    }
    // The board as the notation codec holds it: SFEN, the page's board and the UCI dialect are written from it.
    BoardCells board_cells() const {
        BoardCells b{BoardSize{kSquares, 1}, std::vector<std::string>(kSquares), {}};
        for (int sq = 0; sq < kSquares; ++sq)
            if (const uint8_t pc = board_[size_t(sq)]) {
                const char letter = type_of(pc) == King ? 'K' : 'P';
                b.cells[size_t(sq)] = std::string(1, color_of(pc) == Sente ? letter : char(letter - 'A' + 'a'));
            }
        return b;
    }
    std::string sfen() const {
        return write_board_field(board_cells()) + (stm_ == Sente ? " b " : " w ") + std::to_string(move_number_);
    }
    std::string diagram() const { return "| " + sfen().substr(0, sfen().find(' ')) + " |\n"; }

    // A move names its two squares (cells a1..i1, left to right): the codec writes "a1b1".
    MoveSpelling spelling(Move m) const { return MoveSpelling{"", {m.from(), m.to()}, false}; }
    std::string move_text(Move m) const { return write_spelling(spelling(m), BoardSize{kSquares, 1}, SquareStyle::Chess); }
    Result<Move> parse_move(std::string_view text) const {
        auto read = [&](size_t i) { return text[i] >= 'a' && text[i] < 'a' + kSquares && text[i + 1] == '1' ? text[i] - 'a' : -1; };
        if (text.size() != 4 || read(0) < 0 || read(2) < 0) return Error{"move '" + std::string(text) + "': expected a1b1"};
        const Move m = Move::make(read(0), read(2));
        MoveList<Move, 8> list;
        legal_moves(list);
        if (!list.contains(m)) return Error{"move '" + std::string(text) + "' is not legal here"};
        return m;
    }

    void legal_moves(MoveSink<Move>& list) const { generate(list, false); }
    void tactical_moves(MoveSink<Move>& list) const { generate(list, true); }
    uint64_t count_legal_moves() const {
        MoveList<Move, 8> list;
        legal_moves(list);
        return list.size();
    }

    void play(Move m, Undo& u) {
        u.captured = board_[m.to()];
        if (u.captured) key_ ^= keys().psq[u.captured][m.to()];
        const uint8_t pc = board_[m.from()];
        key_ ^= keys().psq[pc][m.from()] ^ keys().psq[pc][m.to()] ^ keys().side;
        board_[m.to()] = pc;
        board_[m.from()] = 0;
        stm_ = ~stm_;
        ++move_number_;
    }
    void play(Move m) {
        Undo u;
        play(m, u);
    }
    void undo(Move m, const Undo& u) {
        const uint8_t pc = board_[m.to()];
        key_ ^= keys().psq[pc][m.from()] ^ keys().psq[pc][m.to()] ^ keys().side;
        board_[m.from()] = pc;
        board_[m.to()] = u.captured;
        if (u.captured) key_ ^= keys().psq[u.captured][m.to()];
        stm_ = ~stm_;
        --move_number_;
    }

    uint64_t key() const { return key_; }
    Color side() const { return stm_; }
    uint8_t at(int sq) const { return board_[sq]; }
    // The last mover took the king or reached the far end: lost for the side to move.
    Outcome decided() const {
        bool king = false;
        for (int sq = 0; sq < kSquares; ++sq) {
            const uint8_t pc = board_[sq];
            if (pc && color_of(pc) == stm_ && type_of(pc) == King) king = true;
            if (pc && color_of(pc) != stm_ && type_of(pc) == Pawn && sq == far_end(~stm_)) return Outcome::Loss;
        }
        return king ? Outcome::Ongoing : Outcome::Loss;
    }
    Outcome outcome() const {
        if (const Outcome d = decided(); d != Outcome::Ongoing) return d;
        return count_legal_moves() ? Outcome::Ongoing : Outcome::Loss;
    }
    bool in_check() const { return false; }
    bool is_capture(Move m) const { return board_[m.to()] != 0; }
    template <class F>
    void for_each_captured(Move m, F&& f) const {
        if (board_[m.to()]) f(type_of(board_[m.to()]));
    }
    int moving_type(Move m) const { return type_of(board_[m.from()]); }
    int history_index(Move m) const { return (stm_ * kSquares + m.from()) * kSquares + m.to(); }
    uint64_t compute_key() const {
        uint64_t k = stm_ == Gote ? keys().side : 0;
        for (int sq = 0; sq < kSquares; ++sq)
            if (board_[sq]) k ^= keys().psq[board_[sq]][sq];
        return k;
    }

private:
    static constexpr int far_end(Color c) { return c == Sente ? kSquares - 1 : 0; }
    void generate(MoveSink<Move>& list, bool tactical) const {
        if (decided() != Outcome::Ongoing) return;
        const int forward = stm_ == Sente ? 1 : -1;
        for (int from = 0; from < kSquares; ++from) {
            const uint8_t pc = board_[from];
            if (!pc || color_of(pc) != stm_) continue;
            for (int step : {forward, -forward}) {
                if (step != forward && type_of(pc) == Pawn) continue;
                const int to = from + step;
                if (to < 0 || to >= kSquares) continue;
                if (board_[to] && color_of(board_[to]) == stm_) continue;
                if (tactical && !board_[to] && !(type_of(pc) == Pawn && to == far_end(stm_))) continue;
                list.push(Move::make(from, to));
            }
        }
    }

    std::array<uint8_t, kSquares> board_{};
    Color stm_ = Sente;
    uint16_t move_number_ = 1;
    uint64_t key_ = 0;
};

struct Line {
    using Position = line::Position;
    using Move = line::Move;
    using Undo = line::Undo;
    static constexpr std::string_view name = "line";
    static constexpr std::string_view start_sfen = "KPP3ppk b 1";
    static constexpr int files = kSquares, ranks = 1;
    static constexpr bool shogi_squares = false;
    static constexpr std::size_t max_moves = 8;
    static constexpr int repetition_count = 3;
    static constexpr Outcome repetition_outcome(bool, bool) { return Outcome::Draw; }
    static constexpr int history_size = 2 * kSquares * kSquares;
    static constexpr int bench_depth = kBenchDepth;
    static constexpr std::span<const std::string_view> bench_positions = kBenchPositions;
};

static_assert(Game<Line>);

}  // namespace menagerie::line
