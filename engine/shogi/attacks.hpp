#pragma once
// Attack tables for shogi: steps by table, slides by a gather of one line (file, rank or diagonal) at a time,
// which keeps every table small (a line holds at most 8 relevant squares: 256 entries per square). Inline, as
// move generation lives on them; filled once in tables.cpp.
#include <bit>
#include <vector>

#include "engine/shogi/shogi.hpp"

namespace menagerie::shogi {

// A line's relevant squares in one 64-bit half of the board, gathered into the low bits of an index by one
// multiplication: a file's squares (its slider's own square included) are one run, which a single shift
// gathers; a rank's and a diagonal's lie at least 8 apart, more than the 7 squares such a line holds, so the
// shifted copies of the bits never meet nor carry. PEXT does the same in one instruction where BMI2 exists,
// but it is a loop without it and slow on some processors that have it; the multiplication is fast everywhere.
// tables.cpp checks every index against a plain bit gather.
struct Gather {
    uint64_t mask = 0, magic = 0;
    int shift = 63;  // 64 - the number of squares (63, with magic 0, for none)
    uint64_t operator()(uint64_t x) const { return ((x & mask) * magic) >> shift; }
};

struct Line {
    Gather lo, hi;
    int hi_shift;  // the number of squares in the low half
    int offset;    // into the attack store
};
constexpr int kFileLine = 0, kRankLine = 1, kDiagLine = 2, kAntiLine = 3;

struct Tables {
    Bitboard steps[2][kPieceTypes][kSquares];
    Bitboard forward[2][kSquares];  // the squares ahead on the same file
    Line lines[4][kSquares];
    std::vector<Bitboard> store;
    Bitboard between[kSquares][kSquares];
    Bitboard through[kSquares][kSquares];
    Bitboard zone[2];
    Bitboard dead1[2], dead2[2];  // a side's last rank, and its last two (no pawn/lance, no knight there)
    Bitboard files[9];
    // Around a square: within two files and two ranks (where a one-step piece must stand to check a king on it
    // after one move), and within two files and four ranks (the same for a knight).
    Bitboard near2[kSquares], knight_near[kSquares];
    // A rook's and a bishop's slides from a square on an empty board (a slider outside them cannot reach it).
    Bitboard rook_empty[kSquares], bishop_empty[kSquares];

    Tables();
};
extern const Tables tables;

inline Bitboard line_attacks(int l, int sq, const Bitboard& occ) {
    const Line& line = tables.lines[l][sq];
    const auto o = occ.word();
    const uint64_t index = line.lo(uint64_t(o)) | line.hi(uint64_t(o >> 64)) << line.hi_shift;
    return tables.store[size_t(line.offset) + index];
}
inline Bitboard step_attacks(Color c, int type, int sq) { return tables.steps[c][type][sq]; }
// The squares a set of c's pawns attacks, at once: each pawn the square ahead on its file, one bit down for
// Sente and one up for Gote (a square is file * 9 + rank, rank 0 Sente's far rank). No two pawns attack the
// same square. A pawn on its last rank, which the rules do not allow, attacks nothing.
inline Bitboard pawn_attacks(Color c, const Bitboard& pawns) {
    const auto p = (pawns & ~tables.dead1[c]).word();
    return Bitboard(c == Sente ? p >> 1 : p << 1);
}
inline Bitboard file_attacks(int sq, const Bitboard& occ) { return line_attacks(kFileLine, sq, occ); }
inline Bitboard lance_attacks(Color c, int sq, const Bitboard& occ) {
    return line_attacks(kFileLine, sq, occ) & tables.forward[c][sq];
}
inline Bitboard bishop_attacks(int sq, const Bitboard& occ) {
    return line_attacks(kDiagLine, sq, occ) | line_attacks(kAntiLine, sq, occ);
}
inline Bitboard rook_attacks(int sq, const Bitboard& occ) {
    return line_attacks(kFileLine, sq, occ) | line_attacks(kRankLine, sq, occ);
}
inline Bitboard attacks_of(uint8_t p, int sq, const Bitboard& occ) {
    const Color c = color_of(p);
    switch (type_of(p)) {
        case Lance: return lance_attacks(c, sq, occ);
        case Bishop: return bishop_attacks(sq, occ);
        case Rook: return rook_attacks(sq, occ);
        case Horse: return bishop_attacks(sq, occ) | tables.steps[c][King][sq];
        case Dragon: return rook_attacks(sq, occ) | tables.steps[c][King][sq];
        default: return tables.steps[c][type_of(p)][sq];
    }
}
inline Bitboard between(int a, int b) { return tables.between[a][b]; }
inline Bitboard line(int a, int b) { return tables.through[a][b]; }
inline Bitboard promotion_zone(Color c) { return tables.zone[c]; }
inline Bitboard file_mask(int file0) { return tables.files[file0]; }

}  // namespace menagerie::shogi
