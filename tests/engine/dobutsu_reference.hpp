#pragma once
// A deliberately simple second implementation of the Dobutsu rules (spec/dobutsu.md), written without the
// engine's tables or encodings, so perft counts of the two can be compared on constructed positions.
#include <cctype>
#include <cstdint>
#include <string>
#include <vector>

namespace reference {

struct Pos {
    std::string board;    // 12 cells, row by row from rank 1 (top): ".", "CEGLH" Sente, "cegl h" Gote
    int hand[2][3] = {};  // chicks, elephants, giraffes
    int side = 0;         // 0 Sente, 1 Gote
};

inline Pos parse(const std::string& sfen) {
    Pos p;
    size_t i = 0;
    for (; sfen[i] != ' '; ++i) {
        char c = sfen[i];
        if (c == '/') continue;
        if (std::isdigit(static_cast<unsigned char>(c))) {
            p.board.append(size_t(c - '0'), '.');
        } else if (c == '+') {
            ++i;
            p.board += std::isupper(static_cast<unsigned char>(sfen[i])) ? 'H' : 'h';
        } else {
            p.board += c;
        }
    }
    p.side = sfen[++i] == 'b' ? 0 : 1;
    i += 2;
    int n = 0;
    for (; i < sfen.size() && sfen[i] != ' '; ++i) {
        char c = sfen[i];
        if (c == '-') continue;
        if (std::isdigit(static_cast<unsigned char>(c))) {
            n = c - '0';
            continue;
        }
        int side = std::isupper(static_cast<unsigned char>(c)) ? 0 : 1;
        int t = std::string("CEG").find(char(std::toupper(static_cast<unsigned char>(c))));
        p.hand[side][t] += n ? n : 1;
        n = 0;
    }
    return p;
}

inline int owner(char c) { return c == '.' ? -1 : std::isupper(static_cast<unsigned char>(c)) ? 0 : 1; }

// Steps for a piece, forward being towards rank 1 for Sente.
inline std::vector<std::pair<int, int>> steps(char piece) {
    const int f = owner(piece) == 0 ? -1 : 1;
    switch (std::toupper(static_cast<unsigned char>(piece))) {
        case 'C':
            return {{f, 0}};
        case 'E':
            return {{1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
        case 'G':
            return {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        case 'L':
            return {{1, 1}, {1, 0}, {1, -1}, {0, 1}, {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}};
        default:
            return {{f, -1}, {f, 0}, {f, 1}, {0, 1}, {0, -1}, {-f, 0}};  // hen
    }
}

// Game over for the side to move: its lion is gone, or stands on its far rank.
inline bool over(const Pos& p) {
    const char lion = p.side == 0 ? 'L' : 'l';
    const size_t at = p.board.find(lion);
    if (at == std::string::npos) return true;
    return int(at / 3) == (p.side == 0 ? 0 : 3);
}

inline std::vector<Pos> children(const Pos& p) {
    std::vector<Pos> out;
    if (over(p)) return out;
    for (int sq = 0; sq < 12; ++sq) {
        const char pc = p.board[size_t(sq)];
        if (owner(pc) != p.side) continue;
        for (auto [dr, dc] : steps(pc)) {
            const int r = sq / 3 + dr, c = sq % 3 + dc;
            if (r < 0 || r > 3 || c < 0 || c > 2) continue;
            const int to = r * 3 + c;
            const char target = p.board[size_t(to)];
            if (owner(target) == p.side) continue;
            Pos q = p;
            if (target != '.') {
                const char up = char(std::toupper(static_cast<unsigned char>(target)));
                if (up != 'L') q.hand[p.side][up == 'E' ? 1 : up == 'G' ? 2 : 0]++;
            }
            char moved = pc;
            if (std::toupper(static_cast<unsigned char>(pc)) == 'C' && r == (p.side == 0 ? 0 : 3))
                moved = p.side == 0 ? 'H' : 'h';
            q.board[size_t(sq)] = '.';
            q.board[size_t(to)] = moved;
            q.side ^= 1;
            out.push_back(q);
        }
    }
    for (int t = 0; t < 3; ++t) {
        if (!p.hand[p.side][t]) continue;
        for (int to = 0; to < 12; ++to) {
            if (p.board[size_t(to)] != '.') continue;
            Pos q = p;
            q.hand[p.side][t]--;
            q.board[size_t(to)] = p.side == 0 ? "CEG"[t] : "ceg"[t];
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

}  // namespace reference
