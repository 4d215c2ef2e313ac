#include <cctype>
#include <string>
#include <vector>

#include "engine/core/notation.hpp"
#include "engine/core/text.hpp"
#include "engine/core/zobrist.hpp"
#include "engine/jungle/jungle.hpp"

namespace menagerie::jungle {

namespace {

constexpr int kDr[4] = {1, -1, 0, 0};
constexpr int kDc[4] = {0, 0, 1, -1};

Tables make_tables() {
    Tables t{};
    for (int row = 3; row <= 5; ++row)
        for (int col : {1, 2, 4, 5}) t.water.set(square(col, row));
    t.land = ~t.water;
    for (int sq : {square(2, 0), square(4, 0), square(3, 1)}) t.traps[Red].set(sq);
    for (int sq : {square(2, 8), square(4, 8), square(3, 7)}) t.traps[Blue].set(sq);
    t.den_square[Red] = square(3, 0);
    t.den_square[Blue] = square(3, 8);
    t.dens[Red].set(t.den_square[Red]);
    t.dens[Blue].set(t.den_square[Blue]);
    for (int sq = 0; sq < kSquares; ++sq) {
        for (int d = 0; d < 4; ++d) {
            int r = row_of(sq) + kDr[d], c = col_of(sq) + kDc[d];
            t.jump_to[sq][d] = -1;
            if (r < 0 || r >= kRanks || c < 0 || c >= kFiles) continue;
            t.steps[sq].set(square(c, r));
            // A jump starts on land next to water and flies straight over it to the first land square.
            if (t.water.test(sq) || !t.water.test(square(c, r))) continue;
            Bitboard over;
            while (r >= 0 && r < kRanks && c >= 0 && c < kFiles && t.water.test(square(c, r))) {
                over.set(square(c, r));
                r += kDr[d];
                c += kDc[d];
            }
            if (r >= 0 && r < kRanks && c >= 0 && c < kFiles) {
                t.jump_to[sq][d] = int8_t(square(c, r));
                t.jump_over[sq][d] = over;
            }
        }
    }
    KeyGenerator gen(0x7A6E61u);
    for (auto& row : t.psq)
        for (auto& k : row) k = gen.next();
    t.side = gen.next();
    return t;
}

int type_of_letter(char upper) {
    switch (upper) {
        case 'R':
            return Rat;
        case 'C':
            return Cat;
        case 'D':
            return Dog;
        case 'W':
            return Wolf;
        case 'P':
            return Leopard;
        case 'T':
            return Tiger;
        case 'L':
            return Lion;
        case 'E':
            return Elephant;
        default:
            return -1;
    }
}

const char* type_name(int t) {
    static const char* names[] = {"rat", "cat", "dog", "wolf", "leopard", "tiger", "lion", "elephant"};
    return names[t];
}

}  // namespace

const Tables tables = make_tables();

char piece_letter(int type) { return "RCDWPTLE"[type]; }
// A square's cell for the notation codec: rows from the top (Blue's side), columns from the left.
static int cell_of(int sq) { return (kRanks - 1 - row_of(sq)) * kFiles + col_of(sq); }

// Squares as the notation codec every board shares writes them, in chess style (engine/core/notation.hpp).
std::string square_name(int sq) {
    return square_text(cell_of(sq), BoardSize{kFiles, kRanks}, SquareStyle::Chess);
}

Position Position::start() { return from_sfen(Jungle::start_sfen).value(); }

uint64_t Position::compute_key() const {
    uint64_t k = 0;
    for (int sq = 0; sq < kSquares; ++sq)
        if (board_[sq]) k ^= tables.psq[board_[sq]][sq];
    if (stm_ == Blue) k ^= tables.side;
    return k;
}

Result<Position> Position::from_sfen(std::string_view sfen) {
    auto fail = [&](const std::string& what) { return Error{"position '" + std::string(sfen) + "': " + what}; };
    const std::vector<std::string_view> fields = split_fields(sfen);
    if (fields.size() < 2 || fields.size() > 3)
        return fail("expected 2 or 3 fields (board, side[, move number]), got " + std::to_string(fields.size()));

    Position p;
    // The board field, read by the codec every board shares (ranks named as Jungle writes them, 9 at the top).
    auto board = read_board_field(fields[0], BoardSize{kFiles, kRanks}, SquareStyle::Chess, [](std::string_view c) {
        return c.size() == 1 && std::isalpha(static_cast<unsigned char>(c[0])) &&
               type_of_letter(char(std::toupper(static_cast<unsigned char>(c[0])))) >= 0;
    });
    if (!board) return fail(board.error());
    for (int cell = 0; cell < kSquares; ++cell) {
        const std::string& code = board->cells[size_t(cell)];
        if (code.empty()) continue;
        const int rank = kRanks - cell / kFiles;
        const std::string where = "rank " + std::to_string(rank);
        const char ch = code.size() == 1 ? code[0] : '?';
        const char up = char(std::toupper(static_cast<unsigned char>(ch)));
        const int t = std::isalpha(static_cast<unsigned char>(ch)) ? type_of_letter(up) : -1;
        if (t < 0) return fail("unknown piece '" + code + "' on " + where + " (pieces: E L T P W D C R)");
        const Color c = std::isupper(static_cast<unsigned char>(ch)) ? Red : Blue;
        const int sq = square(cell % kFiles, rank - 1);
        const std::string piece = std::string(c == Red ? "Red " : "Blue ") + type_name(t);
        if (p.by_type_[c][t].any()) return fail(piece + " appears twice (each side has one of each animal)");
        if (t != Rat && tables.water.test(sq))
            return fail(piece + " on " + square_name(sq) + " is in the water (only rats swim)");
        if (tables.dens[c].test(sq)) return fail(piece + " on " + square_name(sq) + " is in its own den");
        p.board_[sq] = piece_code(c, t);
        p.occ_[c].set(sq);
        p.by_type_[c][t].set(sq);
    }
    if (fields[1] == "b")
        p.stm_ = Red;
    else if (fields[1] == "w")
        p.stm_ = Blue;
    else
        return fail("side to move must be 'b' (Red) or 'w' (Blue), got '" + std::string(fields[1]) + "'");
    const bool red_in_den = (p.occ_[Red] & tables.dens[Blue]).any();
    const bool blue_in_den = (p.occ_[Blue] & tables.dens[Red]).any();
    if (red_in_den && blue_in_den) return fail("both sides have entered the enemy den");
    if (p.occ_[Red].none() && p.occ_[Blue].none()) return fail("the board is empty");
    if (fields.size() == 3) {
        if (auto e = parse_move_number(fields[2], p.move_number_)) return fail(*e);
    }
    p.key_ = p.compute_key();
    return p;
}

BoardCells Position::board_cells() const {
    BoardCells b;
    b.size = BoardSize{kFiles, kRanks};
    b.cells.resize(size_t(kFiles * kRanks));
    for (int sq = 0; sq < kFiles * kRanks; ++sq) {
        const uint8_t pc = board_[sq];
        if (!pc) continue;
        const char letter = piece_letter(code_type(pc));
        b.cells[size_t(cell_of(sq))] = std::string(1, code_color(pc) == Red ? letter : char(std::tolower(letter)));
    }
    return b;
}

std::string Position::sfen() const {
    return write_board_field(board_cells()) + (stm_ == Red ? " b " : " w ") + std::to_string(move_number_);
}

MoveSpelling Position::spelling(Move m) const { return MoveSpelling{"", {cell_of(m.from()), cell_of(m.to())}, false}; }

std::string Position::move_text(Move m) const {
    return write_spelling(spelling(m), BoardSize{kFiles, kRanks}, SquareStyle::Chess);
}

Result<Move> Position::parse_move(std::string_view text) const {
    const std::string t(text);
    auto fail = [&](const std::string& what) { return Error{"move '" + t + "': " + what}; };
    // Read by the codec every board shares; when it finds no square, which half is wrong.
    auto parse_square = [&](std::string_view s, int& sq) -> std::string {
        size_t i = 0;
        const int cell = read_square(s, i, BoardSize{kFiles, kRanks}, SquareStyle::Chess);
        if (cell >= 0 && i == s.size()) {
            sq = square(cell % kFiles, kRanks - 1 - cell / kFiles);
            return "";
        }
        if (s[0] < 'a' || s[0] > 'g') return "square '" + std::string(s) + "' is off the board (files are a-g)";
        return "square '" + std::string(s) + "' is off the board (ranks are 1-9)";
    };
    if (text.size() != 4) return fail("not a move (expected from and to squares, like a3a4)");
    int from = 0, to = 0;
    if (auto e = parse_square(text.substr(0, 2), from); !e.empty()) return fail(e);
    if (auto e = parse_square(text.substr(2, 2), to); !e.empty()) return fail(e);
    if (Outcome d = decided(); d != Outcome::Ongoing)
        return fail("the game is already over (" + std::string(outcome_name(d)) + " for the side to move)");
    if (!occ_[stm_].test(from)) return fail("no piece of the side to move on " + square_name(from));
    if (targets(from).test(to)) return Move::make(from, to);
    // Say why not.
    const int type = code_type(board_[from]);
    const std::string piece = type_name(type);
    if (occ_[stm_].test(to)) return fail(square_name(to) + " holds a piece of the same side");
    if (tables.dens[stm_].test(to)) return fail("a piece may not enter its own den");
    if (tables.steps[from].test(to)) {
        if (tables.water.test(to) && type != Rat) return fail("only the rat may enter the water");
        return fail("the " + piece + " cannot capture the " + type_name(code_type(board_[to])) + " on " +
                    square_name(to));
    }
    if (type == Lion || type == Tiger)
        for (int d = 0; d < 4; ++d)
            if (tables.jump_to[from][d] == to) {
                if ((tables.jump_over[from][d] & (by_type_[0][Rat] | by_type_[1][Rat])).any())
                    return fail("the jump is blocked by a rat in the water");
                return fail("the " + piece + " cannot capture the " + type_name(code_type(board_[to])) + " on " +
                            square_name(to));
            }
    return fail("the " + piece + " on " + square_name(from) + " cannot reach " + square_name(to));
}

// The board as Red sees it: rank 9 at the top; water ~, traps #, dens @ on empty squares.
std::string Position::diagram() const {
    // Its labels are the codec's names of the files and ranks (chess style).
    std::string files = "    ";
    for (int col = 0; col < kFiles; ++col) files += (col ? "  " : " ") + letters_of(col);
    std::string s = files + "\n";
    s += "   +---------------------+\n";
    for (int row = kRanks - 1; row >= 0; --row) {
        const std::string rank = rank_name(kRanks - 1 - row, BoardSize{kFiles, kRanks}, SquareStyle::Chess);
        s += ' ' + rank + " |";
        for (int col = 0; col < kFiles; ++col) {
            const int sq = square(col, row);
            char mark = '.';
            if (const uint8_t pc = board_[sq]) {
                const char letter = piece_letter(code_type(pc));
                mark = code_color(pc) == Red ? letter : char(std::tolower(letter));
            } else if (tables.water.test(sq)) {
                mark = '~';
            } else if (tables.traps[Red].test(sq) || tables.traps[Blue].test(sq)) {
                mark = '#';
            } else if (tables.dens[Red].test(sq) || tables.dens[Blue].test(sq)) {
                mark = '@';
            }
            s += ' ';
            s += mark;
            s += ' ';
        }
        s += "| " + rank + '\n';
    }
    s += "   +---------------------+\n";
    s += files + "\n";
    s += "Red (upper case) plays up the board; ~ water, # trap, @ den\n";
    s += std::string("Side to move: ") + (stm_ == Red ? "Red (b)" : "Blue (w)") + "\n";
    return s;
}

}  // namespace menagerie::jungle
