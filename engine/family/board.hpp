#pragma once
// The shogi family's shared position core: a board of files x ranks squares, pieces with an owner and a type
// (promoted pieces are types of their own), hands of captured pieces, the Zobrist key, SFEN, USI square and
// move text, and play/undo of one-step moves and drops. A variant describes its pieces with a traits class V
// and builds its move generation and rules on top by deriving its Position from Board<V>.
//
// Squares are numbered file by file, square = (file - 1) * ranks + rank, where file 1.. is USI's file number
// (file 1 on Sente's right) and rank 0.. is USI's rank letter a.. (rank a is Gote's back rank). A file's
// squares are then consecutive bits.
//
// V provides:
//   static constexpr int files, ranks;          the board (squares plus piece types below 128: see DropMove)
//   static constexpr int piece_types;           types are 1 .. piece_types - 1 (below 16); 0 is "empty"
//   static constexpr int king;                  the royal type
//   static constexpr int promoted(int t);       t's promoted type, 0 if it has none
//   static constexpr int unpromoted(int t);     the type a promoted piece goes back to in hand (t otherwise)
//   static constexpr char letter(int t);        the SFEN letter (upper case) of an unpromoted type
//   static constexpr std::array hand_order;     the types that may be in hand, in the order SFEN lists them
//   static constexpr int hand_types;            hands are indexed by type: every type in hand is below this
//   static constexpr int set_count(int t);      how many pieces of an unpromoted type the set holds (0 for
//                                               promoted types)
//   static constexpr uint64_t key_seed;         seed of the variant's Zobrist keys
#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/bitboard.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/outcome.hpp"
#include "engine/core/result.hpp"
#include "engine/core/text.hpp"
#include "engine/core/zobrist.hpp"

namespace menagerie::family {

// A piece on the board: 0 empty, else type + 16 * colour.
constexpr uint8_t piece(Color c, int t) { return uint8_t(t | c << 4); }
constexpr int type_of(uint8_t p) { return p & 15; }
constexpr Color color_of(uint8_t p) { return Color(p >> 4); }

// A move in 15 bits: to (7 bits), from (7 bits; for a drop Squares + the dropped type), promotion (bit 14).
// What it captures is the board's business: play() writes it into the caller's Undo record.
template <int Squares>
struct DropMove {
    static_assert(Squares + 16 <= 128, "squares and drop codes share 7 bits");
    uint32_t v;  // left uninitialised by default so move lists cost nothing to create; DropMove{} is "no move"
    static constexpr DropMove make(int from, int to, bool promo) {
        return DropMove{uint32_t(to | from << 7 | int(promo) << 14)};
    }
    static constexpr DropMove drop(int type, int to) { return DropMove{uint32_t(to | (Squares + type) << 7)}; }
    constexpr int to() const { return v & 127; }
    constexpr int from() const { return (v >> 7) & 127; }
    constexpr bool is_drop() const { return from() >= Squares; }
    constexpr int drop_type() const { return from() - Squares; }
    constexpr bool promotes() const { return (v >> 14) & 1; }
    constexpr bool is_null() const { return v == 0; }
    friend constexpr bool operator==(DropMove, DropMove) = default;
};

// What undo() needs that the move does not say: the piece the move took (0 for none).
struct Undo {
    uint8_t captured = 0;
};

template <class V>
class Board {
public:
    using Traits = V;
    static constexpr int kFiles = V::files, kRanks = V::ranks, kSquares = kFiles * kRanks;
    static constexpr int kTypes = V::piece_types;
    static constexpr int kMaxHand = [] {  // the most pieces of one type a hand can hold: all of them
        int m = 0;
        for (int t = 1; t < V::piece_types; ++t) m = std::max(m, V::set_count(t));
        return m;
    }();
    static_assert(kTypes <= 16, "a piece's type takes four bits");
    using Bitboard = menagerie::Bitboard<kSquares>;
    using Move = DropMove<kSquares>;

    static constexpr int file_of(int sq) { return sq / kRanks; }  // 0 = file 1
    static constexpr int rank_of(int sq) { return sq % kRanks; }  // 0 = rank a
    static constexpr int square(int file0, int rank0) { return file0 * kRanks + rank0; }
    // Ranks seen from a side: 0 is its far rank.
    static constexpr int relative_rank(Color c, int sq) { return c == Sente ? rank_of(sq) : kRanks - 1 - rank_of(sq); }
    // Squares are written and read by the notation codec every board shares (engine/core/notation.hpp): "7g".
    static constexpr BoardSize kSize{kFiles, kRanks};
    static constexpr int cell_of(int sq) { return rank_of(sq) * kFiles + (kFiles - 1 - file_of(sq)); }
    static std::string square_text(int sq) { return menagerie::square_text(cell_of(sq), kSize, SquareStyle::Shogi); }
    // The square written at text[i..] (file number, rank letter), moving i past it; -1 if there is none.
    static int read_square(std::string_view text, size_t& i) {
        const int cell = menagerie::read_square(text, i, kSize, SquareStyle::Shogi);
        return cell < 0 ? -1 : square(kFiles - 1 - cell % kFiles, cell / kFiles);
    }

    Color side() const { return stm_; }
    uint64_t key() const { return key_; }
    int move_number() const { return move_number_; }
    uint8_t at(int sq) const { return board_[sq]; }
    int hand(Color c, int type) const { return hand_[c][type]; }
    int king_square(Color c) const { return king_[c]; }  // kSquares: no king
    Bitboard occupied() const { return occ_[0] | occ_[1]; }
    Bitboard occupied(Color c) const { return occ_[c]; }
    Bitboard pieces(int type) const { return by_type_[type]; }
    Bitboard pieces(Color c, int type) const { return by_type_[type] & occ_[c]; }

    bool is_capture(Move m) const { return !m.is_drop() && board_[m.to()] != 0; }
    int captured_type(Move m) const { return m.is_drop() ? 0 : type_of(board_[m.to()]); }
    template <class F>
    void for_each_captured(Move m, F&& f) const {
        if (is_capture(m)) f(captured_type(m));
    }
    int moving_type(Move m) const { return m.is_drop() ? m.drop_type() : type_of(board_[m.from()]); }
    int history_index(Move m) const {
        const int t = m.promotes() ? V::promoted(moving_type(m)) : moving_type(m);
        return (stm_ * kTypes + t) * kSquares + m.to();
    }
    static constexpr int history_size = 2 * kTypes * kSquares;

    // Plays m, writing into u what undo(m, u) needs.
    void play(Move m, Undo& u) {
        const Color us = stm_;
        const int to = m.to();
        u.captured = 0;
        if (m.is_drop()) {
            const int t = m.drop_type();
            set_hand(us, t, hand_[us][t] - 1);
            put(to, piece(us, t));
        } else {
            const int from = m.from();
            const uint8_t pc = board_[from];
            if (const uint8_t cap = board_[to]) {
                u.captured = cap;
                remove(to);
                const int ht = V::unpromoted(type_of(cap));
                set_hand(us, ht, hand_[us][ht] + 1);
            }
            remove(from);
            put(to, m.promotes() ? piece(us, V::promoted(type_of(pc))) : pc);
        }
        stm_ = ~us;
        key_ ^= keys().side;
        ++move_number_;
    }
    // Plays m for good (no undo wanted).
    void play(Move m) {
        Undo u;
        play(m, u);
    }
    void undo(Move m, const Undo& u) {
        const Color us = ~stm_;
        const int to = m.to();
        stm_ = us;
        key_ ^= keys().side;
        --move_number_;
        if (m.is_drop()) {
            const int t = m.drop_type();
            remove(to);
            set_hand(us, t, hand_[us][t] + 1);
            return;
        }
        const uint8_t moved = board_[to];
        remove(to);
        put(m.from(), m.promotes() ? piece(us, V::unpromoted(type_of(moved))) : moved);
        if (const uint8_t cap = u.captured) {
            const int ht = V::unpromoted(type_of(cap));
            set_hand(us, ht, hand_[us][ht] - 1);
            put(to, cap);
        }
    }
    // A pass, for null-move pruning (never in a game): the side to move changes, nothing else.
    void play_null() {
        stm_ = ~stm_;
        key_ ^= keys().side;
    }
    void undo_null() { play_null(); }

    // The board and hands as the notation codec holds them (engine/core/notation.hpp): each cell's piece as
    // SFEN writes it, the hands in SFEN's order.
    BoardCells board_cells() const {
        BoardCells b;
        b.size = kSize;
        b.cells.resize(size_t(kSquares));
        for (int sq = 0; sq < kSquares; ++sq)
            if (board_[sq]) b.cells[size_t(cell_of(sq))] = piece_text(board_[sq]);
        for (int c = 0; c < 2; ++c)
            for (int t : V::hand_order)
                if (hand_[c][t]) b.hands[c].emplace_back(std::string(1, V::letter(t)), int(hand_[c][t]));
        return b;
    }
    std::string sfen() const {
        const BoardCells b = board_cells();
        return write_board_field(b) + (stm_ == Sente ? " b " : " w ") + write_hands_field(b) + " " +
               std::to_string(move_number_);
    }
    // A piece as SFEN writes it: "P", "p", "+P", "+p".
    static std::string piece_text(uint8_t pc) {
        const int t = type_of(pc), base = V::unpromoted(t);
        const char letter = color_of(pc) == Sente ? V::letter(base) : char(std::tolower(V::letter(base)));
        return t != base ? std::string{'+', letter} : std::string(1, letter);
    }
    // The board as a person reads it (the `d` command): Gote's hand, the board with Sente at the bottom and
    // file 1 on the right, Sente's hand and the side to move; then V::legend, if the variant names its pieces.
    // A cell holds " P" / "+P" for Sente and "vP" / "+Pv" for Gote, as printed shogi diagrams mark Gote's
    // pieces as pointing down the board.
    std::string diagram() const {
        auto hand_text = [&](Color c) {
            std::string h;
            for (int t : V::hand_order)
                if (hand_[c][t]) h += std::string(1, V::letter(t)) + (hand_[c][t] > 1 ? std::to_string(hand_[c][t]) : "") + " ";
            return h.empty() ? std::string("-") : h;
        };
        std::string rule = " +";
        for (int f = 0; f < kFiles; ++f) rule += "---+";
        std::string s = "Gote hand: " + hand_text(Gote) + "\n";
        for (int f = kFiles; f >= 1; --f) {
            const std::string n = std::to_string(f);
            s += std::string(4 - n.size(), ' ') + n;
        }
        s += "\n" + rule + "\n";
        for (int r = 0; r < kRanks; ++r) {
            s += " |";
            for (int f = kFiles - 1; f >= 0; --f) {
                const uint8_t pc = board_[square(f, r)];
                const int t = type_of(pc), base = V::unpromoted(t);
                const char letter = V::letter(base);
                std::string cell = !pc                  ? "   "
                                   : color_of(pc) == Sente ? std::string{t != base ? '+' : ' ', letter, ' '}
                                   : t != base          ? std::string{'+', letter, 'v'}
                                                        : std::string{'v', letter, ' '};
                s += cell + "|";
            }
            s += " " + rank_name(r, kSize, SquareStyle::Shogi) + "\n" + rule + "\n";
        }
        s += "Sente hand: " + hand_text(Sente) + "\n";
        s += std::string("Side to move: ") + (stm_ == Sente ? "Sente (b)" : "Gote (w)") + "\n";
        if constexpr (requires { V::legend; }) s += std::string(V::legend) + "\n";
        return s;
    }
    // The squares a move names, the piece it drops and a promotion: the notation codec writes its text.
    MoveSpelling spelling(Move m) const {
        if (m.is_drop()) return MoveSpelling{std::string(1, V::letter(m.drop_type())), {cell_of(m.to())}, false};
        return MoveSpelling{"", {cell_of(m.from()), cell_of(m.to())}, m.promotes()};
    }
    std::string move_text(Move m) const { return write_spelling(spelling(m), kSize, SquareStyle::Shogi); }

protected:
    static constexpr int kNoKing = kSquares;

    struct Keys {
        uint64_t psq[32][kSquares];
        uint64_t hand[2][V::hand_types][kMaxHand + 1];
        uint64_t side;
        Keys() {
            KeyGenerator g(V::key_seed);
            for (auto& p : psq)
                for (auto& k : p) k = g.next();
            for (auto& c : hand)
                for (auto& t : c) {
                    t[0] = 0;  // an empty hand adds nothing, so a position's key does not depend on how it was set up
                    for (int n = 1; n <= kMaxHand; ++n) t[n] = g.next();
                }
            side = g.next();
        }
    };
    // One table per variant, built before main (a namespace-scope object, so reading it needs no guard).
    static inline const Keys keys_table_{};
    static const Keys& keys() { return keys_table_; }

    void put(int sq, uint8_t p) {
        board_[sq] = p;
        occ_[color_of(p)].set(sq);
        by_type_[type_of(p)].set(sq);
        key_ ^= keys().psq[p][sq];
        if (type_of(p) == V::king) king_[color_of(p)] = uint8_t(sq);
    }
    void remove(int sq) {
        const uint8_t p = board_[sq];
        board_[sq] = 0;
        occ_[color_of(p)].reset(sq);
        by_type_[type_of(p)].reset(sq);
        key_ ^= keys().psq[p][sq];
    }
    void set_hand(Color c, int t, int n) {
        key_ ^= keys().hand[c][t][hand_[c][t]] ^ keys().hand[c][t][n];
        hand_[c][t] = uint8_t(n);
    }

    // Reads an SFEN into this (empty) board, or says what is wrong with it: the board's size, letters, '+'
    // only on types that promote, side to move, hands (only types that may be in hand), more pieces than
    // the set holds, two kings of a side, the move number. The variant checks the rest (pieces that cannot
    // move, its drop rules, the side not to move in check).
    std::optional<std::string> read_sfen(std::string_view text) {
        const auto fields = split_fields(text);
        if (fields.size() < 3 || fields.size() > 4) return "expected board, side, hands and an optional move number";
        static_assert(std::all_of(std::begin(V::hand_order), std::end(V::hand_order),
                                  [](int t) { return t < V::hand_types; }));
        king_[0] = king_[1] = uint8_t(kNoKing);
        int counts[16] = {};  // by unpromoted type, board and hands together
        // The board's structure is read by the codec every board shares; the pieces' meaning here.
        auto board = read_board_field(fields[0], kSize, SquareStyle::Shogi,
                                      [](std::string_view c) { return c.size() == 1 && type_of_letter(c[0]) != 0; });
        if (!board) return board.error();
        for (int cell = 0; cell < kSquares; ++cell) {
            const std::string& code = board->cells[size_t(cell)];
            if (code.empty()) continue;
            const bool promoted = code[0] == '+';
            const std::string letters = code.substr(promoted ? 1 : 0);
            const int t = letters.size() == 1 ? type_of_letter(letters[0]) : 0;
            if (!t) return "unknown piece '" + letters + "'";
            if (promoted && !V::promoted(t)) return "'" + code + "' cannot be promoted";
            const Color c = std::isupper(static_cast<unsigned char>(letters[0])) ? Sente : Gote;
            if (t == V::king && king_[c] != kNoKing) return "two kings of one side";
            put(square(kFiles - 1 - cell % kFiles, cell / kFiles), piece(c, promoted ? V::promoted(t) : t));
            ++counts[t];
        }
        if (fields[1] != "b" && fields[1] != "w") return "side to move must be 'b' or 'w'";
        stm_ = fields[1] == "b" ? Sente : Gote;
        if (stm_ == Gote) key_ ^= keys().side;
        if (fields[2] != "-") {
            int n = 0;
            bool counted = false;  // a count was written (so "0P" is a count of zero, not one piece)
            for (char ch : fields[2]) {
                if (std::isdigit(static_cast<unsigned char>(ch))) {
                    if (counted && n == 0) return "a hand count with a leading zero";
                    n = n * 10 + (ch - '0');
                    counted = true;
                    if (n > kMaxHand) return "too many pieces in hand: " + std::to_string(n) + " of one kind";
                    continue;
                }
                const int t = type_of_letter(ch);
                if (!t || std::find(V::hand_order.begin(), V::hand_order.end(), t) == V::hand_order.end())
                    return "'" + std::string(1, ch) + "' cannot be in hand";
                if (counted && n == 0) return "a hand count of 0 for '" + std::string(1, ch) + "'";
                const Color c = std::isupper(static_cast<unsigned char>(ch)) ? Sente : Gote;
                const int add = counted ? n : 1;
                if (hand_[c][t] + add > V::set_count(t))
                    return "too many '" + std::string(1, ch) + "' in hand: the set has " + std::to_string(V::set_count(t));
                set_hand(c, t, hand_[c][t] + add);
                counts[t] += add;
                n = 0;
                counted = false;
            }
            if (counted) return "a count without a piece in the hands";
        }
        for (int t = 1; t < kTypes; ++t)
            if (V::letter(t) && counts[t] > V::set_count(t))
                return std::string("more ") + V::letter(t) + " than the set holds";
        if (fields.size() == 4) {
            uint16_t move_no = 0;
            if (auto e = parse_move_number(fields[3], move_no)) return e;
            move_number_ = move_no;
        }
        return std::nullopt;
    }

    // The move a text names on this board, before any rule is asked: "7g7f", "8h2b+" or "P*5e" with squares
    // of the board and a letter of a type that may be in hand (the captured piece is filled in); or what is
    // wrong with the text.
    Result<Move> read_move(std::string_view text) const {
        auto fail = [&](const std::string& why) { return Error{"move '" + std::string(text) + "': " + why}; };
        if (text.size() >= 2 && text[1] == '*') {
            const int t = type_of_letter(text[0]);
            if (!t || !std::isupper(static_cast<unsigned char>(text[0])) ||
                std::find(V::hand_order.begin(), V::hand_order.end(), t) == V::hand_order.end())
                return fail("'" + std::string(1, text[0]) + "' cannot be dropped");
            size_t i = 2;
            const int to = read_square(text, i);
            if (to < 0 || i != text.size()) return fail("not a square: '" + std::string(text.substr(2)) + "'");
            return Move::drop(t, to);
        }
        constexpr const char* kExpected = "expected a move like 7g7f, 8h2b+ or P*5e";
        size_t i = 0;
        const int from = read_square(text, i);
        const int to = from < 0 ? -1 : read_square(text, i);
        if (from < 0 || to < 0) return fail(text.size() < 4 ? kExpected : "not a square");
        const bool promo = i < text.size() && text[i] == '+';
        if (i + promo != text.size()) return fail(kExpected);
        return Move::make(from, to, promo);
    }

    // 0 when ch names no type (promoted types have no letter of their own: letter() is 0 for them, which a
    // NUL byte must not match).
    static int type_of_letter(char ch) {
        if (!std::isalpha(static_cast<unsigned char>(ch))) return 0;
        const char upper = char(std::toupper(static_cast<unsigned char>(ch)));
        for (int t = 1; t < kTypes; ++t)
            if (V::letter(t) == upper) return t;
        return 0;
    }

    std::array<uint8_t, kSquares> board_{};
    Bitboard occ_[2];
    Bitboard by_type_[kTypes];
    uint8_t hand_[2][V::hand_types]{};
    uint8_t king_[2]{uint8_t(kNoKing), uint8_t(kNoKing)};
    Color stm_ = Sente;
    int move_number_ = 1;
    uint64_t key_ = 0;
};

}  // namespace menagerie::family
