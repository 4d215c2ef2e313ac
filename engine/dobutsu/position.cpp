#include <cctype>
#include <string>
#include <vector>

#include "engine/core/notation.hpp"
#include "engine/core/text.hpp"
#include "engine/core/zobrist.hpp"
#include "engine/dobutsu/dobutsu.hpp"

namespace menagerie::dobutsu {

namespace {

struct Step {
    int dr, dc;
};

// Steps as Sente sees them (row -1 = forward); Gote's are mirrored vertically.
Tables make_tables() {
    Tables t{};
    const std::array<std::vector<Step>, kPieceTypes> steps = {{
        {{-1, 0}},                                                               // chick
        {{-1, -1}, {-1, 1}, {1, -1}, {1, 1}},                                    // elephant
        {{-1, 0}, {1, 0}, {0, -1}, {0, 1}},                                      // giraffe
        {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}},  // lion
        {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, 0}},                   // hen
    }};
    for (int c = 0; c < 2; ++c)
        for (int type = 0; type < kPieceTypes; ++type)
            for (int sq = 0; sq < kSquares; ++sq) {
                Bitboard b;
                for (Step s : steps[type]) {
                    int r = row_of(sq) + (c == Sente ? s.dr : -s.dr), f = col_of(sq) + s.dc;
                    if (r >= 0 && r < 4 && f >= 0 && f < 3) b.set(r * 3 + f);
                }
                t.attacks[c][type][sq] = b;
                t.code_attacks[piece_code(Color(c), type)][sq] = b;
            }
    KeyGenerator gen(0xD0B075u);
    for (auto& row : t.psq)
        for (auto& k : row) k = gen.next();
    for (auto& side : t.hand)
        for (auto& type : side)
            for (auto& k : type) k = gen.next();
    t.side = gen.next();
    return t;
}

int hand_type_of_letter(char upper) {
    switch (upper) {
        case 'C':
            return Chick;
        case 'E':
            return Elephant;
        case 'G':
            return Giraffe;
        default:
            return -1;
    }
}

int type_of_letter(char upper) { return upper == 'L' ? int(Lion) : hand_type_of_letter(upper); }

}  // namespace

const Tables tables = make_tables();

char piece_letter(int type) { return "CEGLC"[type]; }

// USI squares as the notation codec every board shares writes them (a square's index is its cell: row from the
// top, column from the left); the seed's A1..C4 names are Dobutsu's own.
std::string square_usi(int sq) { return square_text(sq, BoardSize{3, 4}, SquareStyle::Shogi); }
std::string square_human(int sq) { return {char('A' + col_of(sq)), char('1' + row_of(sq))}; }

Position Position::start() { return from_sfen(Dobutsu::start_sfen).value(); }

Position Position::from_parts(const std::array<uint8_t, kSquares>& board, const uint8_t (&hands)[2][kHandTypes],
                              Color side_to_move) {
    Position p;
    p.board_ = board;
    for (int sq = 0; sq < kSquares; ++sq) {
        if (!board[sq]) continue;
        const Color c = code_color(board[sq]);
        p.occ_[c].set(sq);
        if (code_type(board[sq]) == Lion) p.lion_[c] = uint8_t(sq);
    }
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < kHandTypes; ++t) p.hand_[c][t] = hands[c][t];
    p.stm_ = side_to_move;
    p.key_ = p.compute_key();
    return p;
}

uint64_t Position::compute_key() const {
    uint64_t k = 0;
    for (int sq = 0; sq < kSquares; ++sq)
        if (board_[sq]) k ^= tables.psq[board_[sq]][sq];
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < kHandTypes; ++t) k ^= tables.hand[c][t][hand_[c][t]];
    if (stm_ == Gote) k ^= tables.side;
    return k;
}

Result<Position> Position::from_sfen(std::string_view sfen) {
    auto fail = [&](const std::string& what) { return Error{"sfen '" + std::string(sfen) + "': " + what}; };
    const std::vector<std::string_view> fields = split_fields(sfen);
    if (fields.size() < 3 || fields.size() > 4)
        return fail("expected 3 or 4 fields (board, side, hands[, move number]), got " + std::to_string(fields.size()));

    Position p;
    int count[kHandTypes + 1] = {};  // chicks (and hens), elephants, giraffes, lions
    int lions[2] = {0, 0};
    // Board: four ranks a..d separated by '/', each three squares from file 3 to file 1, read by the codec every
    // board shares (engine/core/notation.hpp); a square's index is its cell. Ranks are named "b (row 2)".
    auto rank_of = [](int row) { return std::string(1, char('a' + row)) + " (row " + std::to_string(row + 1) + ")"; };
    auto board = read_board_field(fields[0], BoardSize{3, 4}, rank_of, [](std::string_view c) {
        return c.size() == 1 && std::isalpha(static_cast<unsigned char>(c[0])) &&
               type_of_letter(char(std::toupper(static_cast<unsigned char>(c[0])))) >= 0;
    });
    if (!board) return fail(board.error());
    for (int sq = 0; sq < 12; ++sq) {
        const std::string& code = board->cells[size_t(sq)];
        if (code.empty()) continue;
        const std::string where = "rank " + rank_of(sq / 3);
        const bool promoted = code[0] == '+';
        const std::string letters = code.substr(promoted ? 1 : 0);
        const char letter = letters.size() == 1 ? letters[0] : '?';
        const char up = char(std::toupper(static_cast<unsigned char>(letter)));
        int type = std::isalpha(static_cast<unsigned char>(letter)) ? type_of_letter(up) : -1;
        if (type < 0) return fail("unknown piece '" + letters + "' on " + where + " (pieces: L G E C, +C for a hen)");
        if (promoted && type != Chick) return fail("only a chick can be promoted ('+" + letters + "' on " + where + ")");
        const Color c = std::isupper(static_cast<unsigned char>(letter)) ? Sente : Gote;
        const int t = promoted ? int(Hen) : type;
        p.board_[sq] = piece_code(c, t);
        p.occ_[c].set(sq);
        if (t == Lion) {
            ++lions[c];
            p.lion_[c] = uint8_t(sq);
        } else {
            ++count[type];
        }
    }
    if (lions[Sente] > 1 || lions[Gote] > 1)
        return fail("each side has one lion (Sente has " + std::to_string(lions[Sente]) + ", Gote " +
                    std::to_string(lions[Gote]) + ")");

    if (fields[1] == "b")
        p.stm_ = Sente;
    else if (fields[1] == "w")
        p.stm_ = Gote;
    else
        return fail("side to move must be 'b' or 'w', got '" + std::string(fields[1]) + "'");
    // Only the side to move may lack its lion (it was just caught: the game is over).
    if (!lions[~p.stm_])
        return fail(std::string(p.stm_ == Sente ? "Gote" : "Sente") +
                    " has no lion, but only the side to move can have lost its lion");

    std::string_view hands = fields[2];
    if (hands != "-") {
        int n = 0;
        bool counted = false;  // a count was written (so "0C" is a count of zero, not one piece)
        for (char ch : hands) {
            if (ch >= '0' && ch <= '9') {
                if (counted && n == 0) return fail("hand count with a leading zero in '" + std::string(hands) + "'");
                n = n * 10 + (ch - '0');
                counted = true;
                if (n > kMaxOfKind)
                    return fail("hand count above " + std::to_string(kMaxOfKind) + " in '" + std::string(hands) + "'");
                continue;
            }
            const char up = char(std::toupper(static_cast<unsigned char>(ch)));
            const int t = hand_type_of_letter(up);
            if (t < 0)
                return fail("bad piece '" + std::string(1, ch) + "' in hands '" + std::string(hands) +
                            "' (C, E or G; upper case Sente, lower case Gote)");
            if (counted && n == 0)
                return fail("hand count of 0 for '" + std::string(1, ch) + "' in '" + std::string(hands) + "'");
            const Color c = std::isupper(static_cast<unsigned char>(ch)) ? Sente : Gote;
            const int k = counted ? n : 1;
            p.hand_[c][t] = uint8_t(p.hand_[c][t] + k);
            count[t] += k;
            n = 0;
            counted = false;
        }
        if (counted) return fail("count without a piece at the end of hands '" + std::string(hands) + "'");
    }
    static const char* kind_names[] = {"chicks", "elephants", "giraffes"};
    for (int t = 0; t < kHandTypes; ++t)
        if (count[t] > kMaxOfKind)
            return fail("too many " + std::string(kind_names[t]) + ": " + std::to_string(count[t]) + " (the set has " +
                        std::to_string(kMaxOfKind) + ")");

    if (fields.size() == 4) {
        if (auto e = parse_move_number(fields[3], p.move_number_)) return fail(*e);
    }
    p.key_ = p.compute_key();
    return p;
}

BoardCells Position::board_cells() const {
    BoardCells b;
    b.size = BoardSize{3, 4};
    b.cells.resize(12);
    for (int sq = 0; sq < 12; ++sq) {
        const uint8_t pc = board_[sq];
        if (!pc) continue;
        const int t = code_type(pc);
        const char letter = piece_letter(t);
        b.cells[size_t(sq)] = std::string(t == Hen ? "+" : "") + (code_color(pc) == Sente ? letter : char(std::tolower(letter)));
    }
    for (int c = 0; c < 2; ++c)
        for (int t : {Giraffe, Chick, Elephant})  // Fairy-Stockfish's order (spec/dobutsu.md)
            if (hand_[c][t]) b.hands[c].emplace_back(std::string(1, piece_letter(t)), int(hand_[c][t]));
    return b;
}

std::string Position::sfen() const {
    const BoardCells b = board_cells();
    return write_board_field(b) + (stm_ == Sente ? " b " : " w ") + write_hands_field(b) + ' ' +
           std::to_string(move_number_);
}

MoveSpelling Position::spelling(Move m) const {
    if (m.is_drop()) return MoveSpelling{std::string(1, piece_letter(m.drop_type())), {m.to()}, false};
    return MoveSpelling{"", {m.from(), m.to()}, m.promotes()};
}

std::string Position::move_text(Move m) const { return write_spelling(spelling(m), BoardSize{3, 4}, SquareStyle::Shogi); }

Result<Move> Position::parse_move(std::string_view text) const {
    const std::string t(text);
    auto fail = [&](const std::string& what) { return Error{"move '" + t + "': " + what}; };
    // Read by the codec every board shares (a square's index is its cell); when it finds no square, which half
    // is wrong.
    auto parse_square = [&](std::string_view s, int& sq) -> std::string {
        if (s.size() != 2) return "bad square";
        size_t i = 0;
        const int cell = read_square(s, i, BoardSize{3, 4}, SquareStyle::Shogi);
        if (cell >= 0 && i == s.size()) {
            sq = cell;
            return "";
        }
        if (s[0] < '1' || s[0] > '3') return "square '" + std::string(s) + "' is off the board (files are 1-3)";
        return "square '" + std::string(s) + "' is off the board (ranks are a-d)";
    };
    int from = -1, to = -1, drop_type = -1;
    bool plus = false;
    if (text.size() == 4 && text[1] == '*') {
        drop_type = hand_type_of_letter(text[0]);
        if (drop_type < 0)
            return fail("cannot drop '" + std::string(1, text[0]) + "' (droppable: C, E, G, upper case)");
        if (auto e = parse_square(text.substr(2), to); !e.empty()) return fail(e);
    } else if (text.size() == 4 || (text.size() == 5 && text[4] == '+')) {
        if (auto e = parse_square(text.substr(0, 2), from); !e.empty()) return fail(e);
        if (auto e = parse_square(text.substr(2, 2), to); !e.empty()) return fail(e);
        plus = text.size() == 5;
    } else {
        return fail("not a move (expected like 2c2b, 2b2a+ or C*2c)");
    }
    if (Outcome d = decided(); d != Outcome::Ongoing)
        return fail("the game is already over (" + std::string(outcome_name(d)) + " for the side to move)");
    Moves list;
    legal_moves(list);
    for (Move m : list) {
        if (drop_type >= 0) {
            if (m.is_drop() && m.drop_type() == drop_type && m.to() == to) return m;
        } else if (!m.is_drop() && m.from() == from && m.to() == to) {
            if (plus && !m.promotes()) return fail("'+' on a move that does not promote");
            return m;  // a mandatory promotion may be written without '+'
        }
    }
    if (drop_type >= 0) {
        if (!hand_[stm_][drop_type]) return fail("no such piece in hand");
        return fail("square " + square_usi(to) + " is occupied");
    }
    if (!occ_[stm_].test(from)) return fail("no piece of the side to move on " + square_usi(from));
    return fail("the piece on " + square_usi(from) + " cannot move to " + square_usi(to));
}

}  // namespace menagerie::dobutsu

namespace menagerie::dobutsu {

// The board with the seed's coordinates: files A-C left to right, ranks 1-4 top to bottom (Gote at the top).
std::string Position::diagram() const {
    auto hand_text = [&](Color c) {
        static const char* names[] = {"chick", "elephant", "giraffe"};
        std::string h;
        for (int t = 0; t < kHandTypes; ++t)
            for (int k = 0; k < hand_[c][t]; ++k) {
                if (!h.empty()) h += ' ';
                h += names[t];
            }
        return h.empty() ? std::string("-") : h;
    };
    std::string s = "Gote hand: " + hand_text(Gote) + "\n";
    s += "      A    B    C\n";
    s += "    +----+----+----+\n";
    for (int row = 0; row < 4; ++row) {
        s += "  " + std::string(1, char('1' + row)) + " |";
        for (int col = 0; col < 3; ++col) {
            const uint8_t pc = board_[row * 3 + col];
            std::string cell = "    ";
            if (pc) {
                const int t = code_type(pc);
                const bool gote = code_color(pc) == Gote;
                // Gote's pieces are marked with 'v' (pointing down the board), as shogi diagrams do.
                std::string name = t == Hen ? "+C" : std::string(1, piece_letter(t));
                cell = (gote ? "v" : " ") + name + std::string(3 - name.size(), ' ');
            }
            s += cell + "|";
        }
        s += "   " + rank_name(row, BoardSize{3, 4}, SquareStyle::Shogi) + "\n";
        s += "    +----+----+----+\n";
    }
    s += "      3    2    1\n";
    s += "Sente hand: " + hand_text(Sente) + "\n";
    s += std::string("Side to move: ") + (stm_ == Sente ? "Sente (b)" : "Gote (w)") + "\n";
    return s;
}

}  // namespace menagerie::dobutsu
