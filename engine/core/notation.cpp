#include "engine/core/notation.hpp"

#include <cctype>
#include <functional>

namespace menagerie {

namespace {

bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

// A number of up to three digits at text[i]; 0 (i unchanged) if none.
int read_number(std::string_view text, size_t& i) {
    size_t j = i;
    int v = 0;
    while (j < text.size() && is_digit(text[j]) && j - i < 3) v = v * 10 + (text[j++] - '0');
    if (j == i || text[i] == '0') return 0;
    i = j;
    return v;
}

// Letters a..z (0..25) or a doubled letter aa..zz (26..51) at text[i]; -1 (i unchanged) if none.
int read_letters(std::string_view text, size_t& i) {
    if (i >= text.size() || !is_lower(text[i])) return -1;
    if (i + 1 < text.size() && text[i + 1] == text[i]) {
        i += 2;
        return 26 + (text[i - 1] - 'a');
    }
    return text[i++] - 'a';
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

bool piece_is_gote(std::string_view piece) {
    for (char c : piece)
        if (is_lower(c)) return true;
    return false;
}

}  // namespace

std::string letters_of(int index) {
    const char c = char('a' + index % 26);
    return index < 26 ? std::string(1, c) : std::string(2, c);
}

std::string square_text(int cell, BoardSize size, SquareStyle style) {
    const int row = cell / size.files, col = cell % size.files;
    if (style == SquareStyle::Shogi) return std::to_string(size.files - col) + letters_of(row);
    return letters_of(col) + std::to_string(size.ranks - row);
}

int read_square(std::string_view text, size_t& i, BoardSize size, SquareStyle style) {
    size_t j = i;
    int col = 0, row = 0;
    if (style == SquareStyle::Shogi) {
        const int file = read_number(text, j);
        const int rank = file ? read_letters(text, j) : -1;
        if (!file || rank < 0) return -1;
        col = size.files - file;
        row = rank;
    } else {
        const int file = read_letters(text, j);
        const int rank = file >= 0 ? read_number(text, j) : 0;
        if (file < 0 || !rank) return -1;
        col = file;
        row = size.ranks - rank;
    }
    if (col < 0 || col >= size.files || row < 0 || row >= size.ranks) return -1;
    i = j;
    return row * size.files + col;
}

Result<MoveSpelling> read_spelling(std::string_view text, BoardSize size, SquareStyle style) {
    MoveSpelling m;
    std::string_view s = text;
    auto fail = [&](const std::string& why) { return Error{"move '" + std::string(text) + "': " + why}; };
    if (!s.empty() && s.back() == '+') {
        m.promote = true;
        s.remove_suffix(1);
    }
    if (const size_t mark = s.find_first_of("*@"); mark != std::string_view::npos) {
        m.drop = upper(s.substr(0, mark));
        if (m.drop.empty() || piece_length(m.drop, 0) != m.drop.size()) return fail("a drop without a piece");
        s.remove_prefix(mark + 1);
    }
    for (size_t i = 0; i < s.size();) {
        const int cell = read_square(s, i, size, style);
        if (cell < 0) return fail("unreadable square or a square off the board");
        m.cells.push_back(cell);
    }
    if (m.cells.empty() || (m.drop.empty() && m.cells.size() < 2) || (!m.drop.empty() && m.cells.size() != 1))
        return fail("expected squares");
    return m;
}

std::string write_spelling(const MoveSpelling& m, BoardSize size, SquareStyle style) {
    std::string s;
    if (!m.drop.empty()) s = m.drop + (style == SquareStyle::Shogi ? "*" : "@");
    for (int cell : m.cells) s += square_text(cell, size, style);
    if (m.promote) s += '+';
    return s;
}

Result<std::string> respell(std::string_view text, BoardSize size, SquareStyle from, SquareStyle to) {
    if (from == to) return std::string(text);
    auto m = read_spelling(text, size, from);
    if (!m) return Error{m.error()};
    return write_spelling(*m, size, to);
}

size_t piece_length(std::string_view s, size_t i) {
    size_t j = i;
    if (j < s.size() && s[j] == '+') ++j;
    if (j >= s.size()) return 0;
    if (is_lower(s[j]) || is_upper(s[j])) return j + 1 - i;
    if (s[j] != '(') return 0;
    const size_t close = s.find(')', j);
    if (close == std::string_view::npos || close == j + 1 || close - j > 8) return 0;
    for (size_t k = j + 1; k < close; ++k)
        if (!is_lower(s[k]) && !is_upper(s[k])) return 0;
    return close + 1 - i;
}

std::string rank_name(int row, BoardSize size, SquareStyle style) {
    return style == SquareStyle::Shogi ? letters_of(row) : std::to_string(size.ranks - row);
}

Result<BoardCells> read_board_field(std::string_view board, BoardSize size, SquareStyle style, const PieceCheck& known) {
    return read_board_field(board, size, [&](int row) { return rank_name(row, size, style); }, known);
}

Result<BoardCells> read_board_field(std::string_view board, BoardSize size, const std::function<std::string(int)>& name,
                                    const PieceCheck& known) {
    BoardCells b;
    b.size = size;
    const std::string files = std::to_string(size.files);
    int row = 0, col = 0;
    auto rank = [&] { return "rank " + name(row); };
    for (size_t i = 0; i < board.size();) {
        if (board[i] == '/') {
            if (col != size.files) return Error{rank() + " has " + std::to_string(col) + " squares, expected " + files + " squares"};
            if (++row >= size.ranks) return Error{"more than " + std::to_string(size.ranks) + " ranks"};
            col = 0;
            ++i;
            continue;
        }
        if (is_digit(board[i])) {
            if (board[i] == '0') return Error{"a run of empty squares cannot start with 0"};
            int n = 0;
            while (i < board.size() && is_digit(board[i]) && n <= size.files) n = n * 10 + (board[i++] - '0');
            if (col + n > size.files) return Error{rank() + " has more than " + files + " squares"};
            for (int k = 0; k < n; ++k) b.cells.emplace_back();
            col += n;
            continue;
        }
        const size_t len = piece_length(board, i);
        if (len == 0 && board[i] == '+' && i + 1 == board.size()) return Error{"'+' at the end of the board field"};
        if (len == 0) {
            const size_t at = board[i] == '+' && i + 1 < board.size() ? i + 1 : i;
            return Error{"unknown piece '" + std::string(board.substr(at, board[at] == '(' ? board.find(')', at) - at + 1 : 1)) +
                         "' on " + rank()};
        }
        const std::string_view code = board.substr(i, len);
        if (known && !known(code.substr(code[0] == '+' ? 1 : 0)))
            return Error{"unknown piece '" + std::string(code.substr(code[0] == '+' ? 1 : 0)) + "' on " + rank()};
        if (col + 1 > size.files) return Error{rank() + " has more than " + files + " squares"};
        b.cells.emplace_back(code);
        ++col;
        i += len;
    }
    if (col != size.files) return Error{rank() + " has " + std::to_string(col) + " squares, expected " + files + " squares"};
    if (row != size.ranks - 1)
        return Error{"expected " + std::to_string(size.ranks) + " ranks, got " + std::to_string(row + 1)};
    return b;
}

std::string write_board_field(const BoardCells& b) {
    std::string s;
    for (int r = 0; r < b.size.ranks; ++r) {
        if (r) s += '/';
        int empty = 0;
        for (int c = 0; c < b.size.files; ++c) {
            const std::string& cell = b.cells[size_t(r * b.size.files + c)];
            if (cell.empty()) {
                ++empty;
                continue;
            }
            if (empty) s += std::to_string(empty);
            empty = 0;
            s += cell;
        }
        if (empty) s += std::to_string(empty);
    }
    return s;
}

std::string write_hands_field(const BoardCells& b) {
    std::string s;
    for (int c = 0; c < 2; ++c)
        for (const auto& [piece, n] : b.hands[c]) {
            if (n > 1) s += std::to_string(n);
            for (char ch : piece) s += c == 0 ? ch : char(std::tolower(static_cast<unsigned char>(ch)));
        }
    return s.empty() ? "-" : s;
}

std::optional<std::string> read_hands_field(std::string_view h, BoardCells& b) {
    if (h == "-") return std::nullopt;
    for (size_t k = 0; k < h.size();) {
        int count = 0;
        while (k < h.size() && is_digit(h[k]) && count < 1000) count = count * 10 + (h[k++] - '0');
        const size_t len = piece_length(h, k);
        if (len == 0) return "unreadable hand '" + std::string(h) + "'";
        const std::string_view piece = h.substr(k, len);
        b.hands[piece_is_gote(piece) ? 1 : 0].emplace_back(upper(piece), count ? count : 1);
        k += len;
    }
    return std::nullopt;
}

}  // namespace menagerie
