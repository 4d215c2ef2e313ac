#pragma once
// A deliberately simple second implementation of the Jungle rules (spec/jungle.md) on a string board, written
// without the engine's tables or bitboards, so perft counts of the two can be compared.
#include <cctype>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace reference_jungle {

struct Pos {
    std::string board;  // 63 cells, index row * 7 + col, row 0 = rank 1; '.' empty, "RCDWPTLE" Red, lower Blue
    int side = 0;       // 0 Red, 1 Blue
};

inline bool water(int row, int col) { return row >= 3 && row <= 5 && (col == 1 || col == 2 || col == 4 || col == 5); }
inline int den_row(int side) { return side == 0 ? 0 : 8; }
inline bool is_den(int side, int row, int col) { return col == 3 && row == den_row(side); }
inline bool is_trap(int side, int row, int col) {
    const int r = den_row(side), inner = side == 0 ? 1 : 7;
    return (row == r && (col == 2 || col == 4)) || (row == inner && col == 3);
}
inline int rank_of(char c) { return int(std::string("RCDWPTLE").find(char(std::toupper(static_cast<unsigned char>(c))))) + 1; }
inline int owner(char c) { return c == '.' ? -1 : std::isupper(static_cast<unsigned char>(c)) ? 0 : 1; }

inline Pos parse(const std::string& sfen) {
    Pos p;
    std::vector<std::string> rows(1);
    size_t i = 0;
    for (; sfen[i] != ' '; ++i) {
        if (sfen[i] == '/') rows.emplace_back();
        else if (std::isdigit(static_cast<unsigned char>(sfen[i]))) rows.back().append(size_t(sfen[i] - '0'), '.');
        else rows.back() += sfen[i];
    }
    for (int r = 0; r <= 8; ++r) p.board += rows[size_t(8 - r)];  // the string lists rank 9 first
    p.side = sfen[i + 1] == 'b' ? 0 : 1;
    return p;
}

inline bool can_capture(char attacker, int fr, int fc, char defender, int tr, int tc) {
    if (water(fr, fc) != water(tr, tc)) return false;
    if (is_trap(owner(attacker), tr, tc)) return true;
    const int a = rank_of(attacker), d = rank_of(defender);
    if (a == 1 && d == 8) return true;
    if (a == 8 && d == 1) return false;
    return a >= d;
}

inline bool over(const Pos& p) {
    bool mine = false, theirs = false;
    for (int sq = 0; sq < 63; ++sq) {
        const int o = owner(p.board[size_t(sq)]);
        if (o == p.side) mine = true;
        if (o == 1 - p.side) theirs = true;
        if (o >= 0 && is_den(1 - o, sq / 7, sq % 7)) return true;  // someone stands in the enemy den
    }
    return !mine || !theirs;
}

inline std::vector<Pos> children(const Pos& p) {
    std::vector<Pos> out;
    if (over(p)) return out;
    const int dr[4] = {1, -1, 0, 0}, dc[4] = {0, 0, 1, -1};
    for (int sq = 0; sq < 63; ++sq) {
        const char pc = p.board[size_t(sq)];
        if (owner(pc) != p.side) continue;
        const int r0 = sq / 7, c0 = sq % 7, rank = rank_of(pc);
        for (int d = 0; d < 4; ++d) {
            int r = r0 + dr[d], c = c0 + dc[d];
            if (r < 0 || r > 8 || c < 0 || c > 6) continue;
            if (water(r, c) && rank != 1) {
                if (rank != 6 && rank != 7) continue;
                // Lion or tiger: fly across, unless a rat swims on the way.
                bool blocked = false;
                while (r >= 0 && r <= 8 && c >= 0 && c <= 6 && water(r, c)) {
                    if (p.board[size_t(r * 7 + c)] != '.') blocked = true;
                    r += dr[d];
                    c += dc[d];
                }
                if (blocked || r < 0 || r > 8 || c < 0 || c > 6) continue;
            }
            if (is_den(p.side, r, c)) continue;
            const char target = p.board[size_t(r * 7 + c)];
            if (owner(target) == p.side) continue;
            if (target != '.' && !can_capture(pc, r0, c0, target, r, c)) continue;
            Pos q = p;
            q.board[size_t(sq)] = '.';
            q.board[size_t(r * 7 + c)] = pc;
            q.side ^= 1;
            out.push_back(q);
        }
    }
    return out;
}

inline uint64_t perft(const Pos& p, int depth) {
    if (depth == 0) return 1;
    uint64_t n = 0;
    for (const Pos& q : children(p)) n += perft(q, depth - 1);
    return n;
}

}  // namespace reference_jungle
