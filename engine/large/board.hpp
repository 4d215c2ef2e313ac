#pragma once
// The large-board core's position: a padded mailbox of pieces, a list of each side's pieces, royals
// counted, the Zobrist key, the SFEN board field, move generation from the compiled movement tables, the
// attack test, and play/undo of moves that may capture on a middle square. A game (chu, and later dai and
// taikyoku) describes itself with a traits class R and derives its Position from Board<R>, adding its
// promotion rule, its legality rules and its game end.
//
// R provides:
//   using Geo = Geometry<files, ranks, pad>;
//   static constexpr std::array<Kind, N> kinds;    its kinds, promoted forms included
//   static constexpr uint64_t key_seed;            seed of its Zobrist keys
//   static constexpr bool lion_trading;            keeps the counter-strike square of chu's lion rules
//   static constexpr uint8_t lion_tag;             the tag bit of kinds that count as lions for those rules
// and optionally (taikyoku):
//   static constexpr bool own_movement = true;     its movement strings are in its own notation, compiled by the
//                                                  game: the core's tables and generator are not used
//   static constexpr bool current_codes = true;    a promoted piece is written '+' and the code of its current
//                                                  type ("+(GLG)"), not of the type it promoted from ("+P")
// There are no hands: captured pieces leave the game.
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/outcome.hpp"
#include "engine/core/result.hpp"
#include "engine/core/zobrist.hpp"
#include "engine/large/geometry.hpp"
#include "engine/large/kinds.hpp"
#include "engine/large/move.hpp"

namespace menagerie::large {

// A piece on a square: 0 empty, 1 the guard band, else 2 + 2 * kind + colour.
using Piece = uint16_t;
constexpr Piece kEmpty = 0, kGuard = 1;
constexpr Piece make_piece(int color, int kind) { return Piece(2 + 2 * kind + color); }
constexpr int kind_of(Piece p) { return (p >> 1) - 1; }
constexpr int color_of(Piece p) { return p & 1; }
constexpr bool is_piece(Piece p) { return p >= 2; }

// What undo() needs that the move does not say; owned by the caller, one per ply.
struct Undo {
    uint64_t key;
    Piece moved, cap_to, cap_mid;
    uint16_t slot_to = 0, slot_mid = 0;
    Square counter, last_to;
};

template <class R>
class Board {
public:
    using Geo = typename R::Geo;
    static constexpr int kKinds = int(R::kinds.size());
    static constexpr int kSize = Geo::size;
    static constexpr int kCodes = 2 + 2 * kKinds;
    static constexpr int kMaxPieces = Geo::files * Geo::ranks;
    static constexpr bool kOwnMovement = requires { R::own_movement; };
    static constexpr bool kCurrentCodes = requires { R::current_codes; };

    struct Tables {
        std::vector<std::array<Movement, 2>> moves;
        std::vector<uint64_t> psq;  // by piece code, then square
        std::array<uint64_t, kSize> counter{};
        uint64_t side = 0;
    };
    static const Tables& tables() {
        static const Tables t = [] {
            Tables t;
            if constexpr (!kOwnMovement) t.moves = compile_moves<Geo>(R::kinds);
            KeyGenerator g(R::key_seed);
            t.psq.resize(size_t(kCodes) * kSize);
            for (auto& k : t.psq) k = g.next();
            for (auto& k : t.counter) k = g.next();
            t.side = g.next();
            return t;
        }();
        return t;
    }
    static const Movement& movement(Piece p) { return tables().moves[size_t(kind_of(p))][size_t(color_of(p))]; }
    static const Kind& kind(int k) { return R::kinds[size_t(k)]; }

    Piece at(int sq) const { return board_[size_t(sq)]; }
    Color side() const { return stm_; }
    uint64_t key() const { return key_; }
    int royals(int c) const { return royals_[c]; }
    int count(int c) const { return count_[c]; }
    std::span<const Square> pieces(int c) const { return {list_[size_t(c)].data(), count_[c]}; }
    Square counter_square() const { return counter_; }
    uint16_t move_number() const { return move_number_; }

    bool is_enemy(Piece p) const { return is_piece(p) && color_of(p) != stm_; }
    bool is_own(Piece p) const { return is_piece(p) && color_of(p) == stm_; }

    // Whether a piece of `by` attacks sq (could move there, capturing), with up to two squares seen through
    // as empty (their pieces still attack). Steps, jumps and lion powers first, then the slides along the
    // eight lines.
    bool attacked(int sq, int by, int clear1 = 0, int clear2 = 0) const {
        for (int dr = -2; dr <= 2; ++dr)
            for (int dc = -2; dc <= 2; ++dc) {
                const Piece p = board_[size_t(sq + dr * Geo::stride + dc)];
                if (is_piece(p) && color_of(p) == by && (movement(p).near >> Movement::near_bit(-dc, -dr) & 1))
                    return true;
            }
        for (int d = 0; d < kDirs; ++d) {
            const int off = Geo::sente_offset(Dir(d));
            int x = sq + off, dist = 1;
            while (board_[size_t(x)] == kEmpty || x == clear1 || x == clear2) x += off, ++dist;
            const Piece p = board_[size_t(x)];
            if (dist >= 2 && is_piece(p) && color_of(p) == by && movement(p).range[opposite(Dir(d))] >= dist)
                return true;
        }
        return false;
    }

    // Every distinct move the movement tables allow the side to move, before the game's own rules:
    // emit(from, to, mid) with mid the square of a piece taken on the way (0 if none); to == from for igui
    // and for the one pass (jitto) a piece has. With CapturesOnly, only moves that take something.
    template <bool CapturesOnly, class Emit>
    void for_each_move(Emit&& emit) const {
        for (const Square s : pieces(stm_)) piece_moves<CapturesOnly>(s, emit);
    }
    template <bool CapturesOnly, class Emit>
    void piece_moves(int s, Emit&& emit) const {
        const Movement& mv = movement(board_[size_t(s)]);
        const int us = color_of(board_[size_t(s)]);  // the side to move, or the last mover when asking what its piece attacks
        auto is_enemy = [us](Piece q) { return is_piece(q) && color_of(q) != us; };
        auto target = [&](int t) {
            const Piece q = board_[size_t(t)];
            if (q == kEmpty) {
                if (!CapturesOnly) emit(s, t, 0);
            } else if (is_enemy(q)) {
                emit(s, t, 0);
            }
        };
        for (int i = 0; i < mv.n_steps; ++i) target(s + mv.steps[size_t(i)]);
        for (int i = 0; i < mv.n_jumps; ++i) target(s + mv.jumps[size_t(i)]);
        for (int i = 0; i < mv.n_slides; ++i) {
            const auto& sl = mv.slides[size_t(i)];
            int t = s + sl.offset;
            for (int n = sl.range; n > 0; --n, t += sl.offset) {
                const Piece q = board_[size_t(t)];
                if (q == kEmpty) {
                    if (!CapturesOnly) emit(s, t, 0);
                    continue;
                }
                if (is_enemy(q)) emit(s, t, 0);
                break;
            }
        }
        if (!mv.lion && !mv.n_lines) return;
        bool pass = false;  // one jitto, whichever empty square it goes through
        if (mv.lion) {
            for (int d = 0; d < kDirs; ++d) {
                const int m = s + Geo::sente_offset(Dir(d));
                const Piece q = board_[size_t(m)];
                if (q == kEmpty) {
                    pass = true;
                } else if (is_enemy(q)) {
                    emit(s, s, m);  // igui
                    for (int e = 0; e < kDirs; ++e) {
                        const int t = m + Geo::sente_offset(Dir(e));
                        if (t == s) continue;
                        const Piece r = board_[size_t(t)];
                        if (r == kEmpty || is_enemy(r)) emit(s, t, m);
                    }
                }
            }
        }
        for (int i = 0; i < mv.n_lines; ++i) {
            const int m = s + mv.lines[size_t(i)];
            const Piece q = board_[size_t(m)];
            if (q == kEmpty) {
                pass = true;
            } else if (is_enemy(q)) {
                emit(s, s, m);
                const int t = m + mv.lines[size_t(i)];
                const Piece r = board_[size_t(t)];
                if (r == kEmpty || is_enemy(r)) emit(s, t, m);
            }
        }
        if (pass && !CapturesOnly) emit(s, s, 0);
    }

    // The board direction (as Sente sees it) from a square to its neighbour, or -1.
    static int neighbour_dir(int from, int to) {
        for (int d = 0; d < kDirs; ++d)
            if (from + Geo::sente_offset(Dir(d)) == to) return d;
        return -1;
    }
    static int mid_square(Move m) { return m.has_mid() ? m.from() + Geo::sente_offset(Dir(m.mid_dir())) : 0; }

    void play(Move m, Undo& u) {
        const int from = m.from(), to = m.to(), mid = mid_square(m);
        const Piece p = board_[size_t(from)];
        const Color us = stm_;
        u.key = key_;
        u.counter = counter_;
        u.last_to = last_to_;
        u.moved = p;
        u.cap_mid = u.cap_to = kEmpty;
        if (mid) {
            u.cap_mid = board_[size_t(mid)];
            u.slot_mid = lift(mid);
        }
        if (to != from && board_[size_t(to)] != kEmpty) {
            u.cap_to = board_[size_t(to)];
            u.slot_to = lift(to);
        }
        if (to != from) {
            const Piece np = m.promotes() ? make_piece(us, kind(kind_of(p)).promotes_to) : p;
            const auto& psq = tables().psq;
            key_ ^= psq[size_t(p) * kSize + size_t(from)] ^ psq[size_t(np) * kSize + size_t(to)];
            board_[size_t(from)] = kEmpty;
            board_[size_t(to)] = np;
            const uint16_t slot = slot_[size_t(from)];
            slot_[size_t(to)] = slot;
            list_[us][slot] = Square(to);
            if (np != p && kind(kind_of(np)).royal) ++royals_[us];
        }
        Square counter = 0;
        if constexpr (R::lion_trading) {
            if (!(kind(kind_of(p)).tags & R::lion_tag)) {
                if (u.cap_to != kEmpty && (kind(kind_of(u.cap_to)).tags & R::lion_tag)) counter = Square(to);
                else if (u.cap_mid != kEmpty && (kind(kind_of(u.cap_mid)).tags & R::lion_tag)) counter = Square(mid);
            }
        }
        key_ ^= tables().counter[counter_] ^ tables().counter[counter] ^ tables().side;
        counter_ = counter;
        last_to_ = Square(to);
        stm_ = ~stm_;
        ++move_number_;
    }
    void undo(Move m, const Undo& u) {
        const int from = m.from(), to = m.to(), mid = mid_square(m);
        stm_ = ~stm_;
        --move_number_;
        const Color us = stm_;
        if (to != from) {
            if (board_[size_t(to)] != u.moved && kind(kind_of(board_[size_t(to)])).royal) --royals_[us];
            board_[size_t(to)] = kEmpty;
            board_[size_t(from)] = u.moved;
            const uint16_t slot = slot_[size_t(to)];
            slot_[size_t(from)] = slot;
            list_[us][slot] = Square(from);
        }
        if (u.cap_to != kEmpty) unlift(to, u.cap_to, u.slot_to);
        if (u.cap_mid != kEmpty) unlift(mid, u.cap_mid, u.slot_mid);
        key_ = u.key;
        counter_ = u.counter;
        last_to_ = u.last_to;
    }

    // A pass for null-move pruning (never a move of the game): the other side moves next, with no lion
    // just taken and no last move for the repetition rule. Nested at most once per two plies of a search.
    void play_null() {
        nulls_[null_depth_++] = {counter_, last_to_};
        key_ ^= tables().counter[counter_] ^ tables().counter[0] ^ tables().side;
        counter_ = last_to_ = 0;
        stm_ = ~stm_;
    }
    void undo_null() {
        stm_ = ~stm_;
        const NullRecord r = nulls_[--null_depth_];
        counter_ = r.counter;
        last_to_ = r.last_to;
        key_ ^= tables().counter[counter_] ^ tables().counter[0] ^ tables().side;
    }

    uint64_t compute_key() const {
        uint64_t k = (stm_ == Gote ? tables().side : 0) ^ tables().counter[counter_];
        for (int c = 0; c < 2; ++c)
            for (const Square s : pieces(c)) k ^= tables().psq[size_t(board_[s]) * kSize + s];
        return k;
    }

    // The board as the notation codec holds it (engine/core/notation.hpp): each cell's piece code ('+' before
    // a promoted form, lower case for Gote), row by row from the top, each from Sente's left. No hands.
    BoardCells board_cells() const {
        BoardCells b;
        b.size = Geo::kSize;
        b.cells.resize(size_t(b.size.cells()));
        for (int row = 0; row < Geo::ranks; ++row)
            for (int col = 0; col < Geo::files; ++col) {
                const Piece p = board_[Geo::square(col, row)];
                if (p != kEmpty) b.cells[size_t(Geo::cell_of(Geo::square(col, row)))] = piece_code(p);
            }
        return b;
    }
    // The SFEN board field, written from those cells by the codec.
    std::string board_sfen() const { return write_board_field(board_cells()); }
    static std::string piece_code(Piece p) {
        const Kind& k = kind(kind_of(p));
        std::string code(k.promoted ? "+" : "");
        for (char ch : kCurrentCodes ? k.code : base_code(kind_of(p))) code += color_of(p) == Sente ? ch : char(std::tolower((unsigned char)ch));
        return code;
    }
    // The code of a kind's unpromoted type (a promoted form is written with its unpromoted type's code).
    static std::string_view base_code(int k) {
        if (!kind(k).promoted) return kind(k).code;
        for (int j = 0; j < kKinds; ++j)
            if (kind(j).promotes_to == k) return kind(j).code;
        return kind(k).code;
    }

    Board() {  // the empty board, Sente to move
        board_.fill(kGuard);
        for (int row = 0; row < Geo::ranks; ++row)
            for (int col = 0; col < Geo::files; ++col) board_[Geo::square(col, row)] = kEmpty;
    }

protected:

    // Reads the SFEN board field into an empty board; the reason if it is not one.
    std::optional<std::string> read_board(std::string_view field) {
        // The board's structure is read by the codec every board shares; the codes' meaning here.
        auto board = read_board_field(field, Geo::kSize, SquareStyle::Shogi);
        if (!board) return board.error();
        for (int cell = 0; cell < Geo::files * Geo::ranks; ++cell) {
            const std::string& written = board->cells[size_t(cell)];
            if (written.empty()) continue;
            const bool promoted = written[0] == '+';
            const std::string code = written.substr(promoted ? 1 : 0);
            if (code.size() > 6) return std::string("a piece code of more than four letters: '" + code + "'");
            const bool upper = std::any_of(code.begin(), code.end(), [](char c) { return std::isupper((unsigned char)c); });
            const bool lower = std::any_of(code.begin(), code.end(), [](char c) { return std::islower((unsigned char)c); });
            if (upper == lower) return "bad piece code '" + code + "'";
            std::string key = code;
            for (char& c : key) c = char(std::toupper((unsigned char)c));
            int k = -1;
            for (int j = 0; j < kKinds; ++j)
                if (!kind(j).promoted && kind(j).code == key) k = j;
            if constexpr (kCurrentCodes) {
                // '+' and the current type; a type that exists only by promotion is promoted without its '+'.
                int promoted_kind = -1;
                for (int j = 0; j < kKinds; ++j)
                    if (kind(j).promoted && kind(j).code == key) promoted_kind = j;
                if (promoted && promoted_kind < 0)
                    return k < 0 ? "unknown piece '" + code + "'" : "'+" + code + "': no piece promotes to that type";
                if (promoted || k < 0) k = promoted_kind;
                if (k < 0) return "unknown piece '" + code + "'";
            } else if (k < 0) {
                return "unknown piece '" + code + "'";
            }
            if (!kCurrentCodes && promoted) {
                if (kind(k).promotes_to < 0) return "'+" + code + "': that piece does not promote";
                k = kind(k).promotes_to;
            }
            put(Geo::square(Geo::files - 1 - cell % Geo::files, cell / Geo::files), make_piece(upper ? Sente : Gote, k));
        }
        return std::nullopt;
    }

    void put(int sq, Piece p) {
        const int c = color_of(p);
        board_[size_t(sq)] = p;
        slot_[size_t(sq)] = count_[c];
        list_[size_t(c)][count_[c]++] = Square(sq);
        if (kind(kind_of(p)).royal) ++royals_[c];
        key_ ^= tables().psq[size_t(p) * kSize + size_t(sq)];
    }
    // Takes the piece off sq: the last of its side's list moves into its slot, which is returned.
    uint16_t lift(int sq) {
        const Piece p = board_[size_t(sq)];
        const int c = color_of(p);
        const uint16_t slot = slot_[size_t(sq)];
        const Square last = list_[size_t(c)][--count_[c]];
        list_[size_t(c)][slot] = last;
        slot_[last] = slot;
        board_[size_t(sq)] = kEmpty;
        if (kind(kind_of(p)).royal) --royals_[c];
        key_ ^= tables().psq[size_t(p) * kSize + size_t(sq)];
        return slot;
    }
    // Puts back what lift(sq) took, restoring the list's order.
    void unlift(int sq, Piece p, uint16_t slot) {
        const int c = color_of(p);
        const Square moved = list_[size_t(c)][slot];
        list_[size_t(c)][count_[c]] = moved;
        slot_[moved] = count_[c]++;
        list_[size_t(c)][slot] = Square(sq);
        slot_[size_t(sq)] = slot;
        board_[size_t(sq)] = p;
        if (kind(kind_of(p)).royal) ++royals_[c];
    }

    std::array<Piece, kSize> board_;
    std::array<uint16_t, kSize> slot_{};
    std::array<std::array<Square, kMaxPieces>, 2> list_{};
    uint16_t count_[2] = {0, 0};
    uint8_t royals_[2] = {0, 0};
    Color stm_ = Sente;
    uint16_t move_number_ = 1;
    Square counter_ = 0;  // chu's counter-strike square (0: none)
    Square last_to_ = 0;  // where the last move ended (0: unknown), for chu's repetition rule
    uint64_t key_ = 0;
    struct NullRecord {
        Square counter, last_to;
    };
    std::array<NullRecord, 128> nulls_{};  // what the null moves being searched cleared, innermost last
    uint8_t null_depth_ = 0;
};

}  // namespace menagerie::large
