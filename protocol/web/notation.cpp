#include "protocol/web/notation.hpp"

#include <cctype>

namespace menagerie::web {

namespace {

bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }
bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::vector<std::string_view> fields_of(std::string_view s) {
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && s[i] == ' ') ++i;
        size_t j = i;
        while (j < s.size() && s[j] != ' ') ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

// One piece at s[i]: a letter or a parenthesised code, after an optional '+'. Returns its length, 0 if none.
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

bool piece_is_gote(std::string_view piece) {
    for (char c : piece)
        if (is_lower(c)) return true;
    return false;
}

std::string upper(std::string_view s) {
    std::string out(s);
    for (char& c : out) c = char(std::toupper(static_cast<unsigned char>(c)));
    return out;
}

}  // namespace

Result<BoardText> read_board(std::string_view sfen, int files, int ranks, bool hands) {
    BoardText b;
    b.files = files;
    b.ranks = ranks;
    const auto f = fields_of(sfen);
    if (f.size() < 2) return Error{"SFEN: expected a board and a side to move"};
    const std::string_view board = f[0];
    size_t i = 0;
    for (int r = 0; r < ranks; ++r) {
        if (r > 0) {
            if (i >= board.size() || board[i] != '/') return Error{"SFEN: rank " + std::to_string(r + 1) + " is missing"};
            ++i;
        }
        int col = 0;
        while (i < board.size() && board[i] != '/') {
            if (is_digit(board[i])) {
                int n = 0;
                while (i < board.size() && is_digit(board[i]) && n <= files) n = n * 10 + (board[i++] - '0');
                if (n == 0 || col + n > files) return Error{"SFEN: rank " + std::to_string(r + 1) + " is too long"};
                for (int k = 0; k < n; ++k) b.cells.emplace_back();
                col += n;
                continue;
            }
            const size_t len = piece_length(board, i);
            if (len == 0) return Error{"SFEN: unreadable piece in rank " + std::to_string(r + 1)};
            if (col + 1 > files) return Error{"SFEN: rank " + std::to_string(r + 1) + " is too long"};
            b.cells.emplace_back(board.substr(i, len));
            ++col;
            i += len;
        }
        if (col != files) return Error{"SFEN: rank " + std::to_string(r + 1) + " is too short"};
    }
    if (i != board.size()) return Error{"SFEN: more ranks than the board has"};
    if (f[1] != "b" && f[1] != "w") return Error{"SFEN: the side to move must be 'b' or 'w'"};
    b.side = f[1][0];
    // The hands, where the game has them: a third field that is not the move number.
    if (hands && f.size() >= 3 && f[2] != "-" && !(f.size() == 3 && is_digit(f[2][0]))) {
        const std::string_view h = f[2];
        size_t k = 0;
        while (k < h.size()) {
            int count = 0;
            while (k < h.size() && is_digit(h[k]) && count < 1000) count = count * 10 + (h[k++] - '0');
            const size_t len = piece_length(h, k);
            if (len == 0) return Error{"SFEN: unreadable hand"};
            const std::string_view piece = h.substr(k, len);
            b.hands[piece_is_gote(piece) ? 1 : 0].emplace_back(upper(piece), count ? count : 1);
            k += len;
        }
    }
    return b;
}

Result<MoveSquares> read_move(std::string_view text, int files, int ranks, bool shogi_squares) {
    MoveSquares m;
    std::string_view s = text;
    if (!s.empty() && s.back() == '+') {
        m.promote = true;
        s.remove_suffix(1);
    }
    if (const size_t star = s.find('*'); star != std::string_view::npos) {
        m.drop = upper(s.substr(0, star));
        if (m.drop.empty()) return Error{"move '" + std::string(text) + "': a drop without a piece"};
        s.remove_prefix(star + 1);
    }
    size_t i = 0;
    while (i < s.size()) {
        int file = 0, rank = 0;
        auto read_number = [&](int& v) {
            const size_t start = i;
            while (i < s.size() && is_digit(s[i]) && i - start < 3) v = v * 10 + (s[i++] - '0');
            return i > start;
        };
        auto read_letters = [&](int& v) {
            // a..z, then doubled letters aa..zz for the ranks after the 26th (taikyoku).
            if (i >= s.size() || !is_lower(s[i])) return false;
            if (i + 1 < s.size() && s[i + 1] == s[i]) {
                v = 26 + (s[i] - 'a') + 1;
                i += 2;
            } else {
                v = (s[i] - 'a') + 1;
                i += 1;
            }
            return true;
        };
        int col = 0, row = 0;
        if (shogi_squares) {
            if (!read_number(file) || !read_letters(rank)) return Error{"move '" + std::string(text) + "': unreadable square"};
            col = files - file;
            row = rank - 1;
        } else {
            if (!read_letters(file) || !read_number(rank)) return Error{"move '" + std::string(text) + "': unreadable square"};
            col = file - 1;
            row = ranks - rank;
        }
        if (col < 0 || col >= files || row < 0 || row >= ranks)
            return Error{"move '" + std::string(text) + "': a square off the board"};
        m.squares.push_back(row * files + col);
    }
    if (m.squares.empty() || (m.drop.empty() && m.squares.size() < 2) || (!m.drop.empty() && m.squares.size() != 1))
        return Error{"move '" + std::string(text) + "': expected squares"};
    return m;
}

}  // namespace menagerie::web
