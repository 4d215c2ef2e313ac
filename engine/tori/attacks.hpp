#pragma once
// Attack tables for tori shogi: steps and jumps by table (nothing blocks them), slides along at most three
// rays per piece, each cut at its first occupied square with one bit scan, and the eagle's two-step
// diagonals back, which need the square between empty. Inline, as move generation, exchanges and the
// evaluation live on them; filled once in position.cpp.
#include <bit>
#include <cstdint>

#include "engine/tori/tori.hpp"

namespace menagerie::tori {

struct Tables {
    Bitboard steps[2][kPieceTypes][kSquares];  // steps and jumps (which nothing blocks)
    // Slides: for each side, type and square, the rays it slides along (up to three).
    struct Ray {
        Bitboard squares;  // the whole ray to the edge
        int step;          // square delta along it (sign tells which end is nearest)
    };
    Ray rays[2][kPieceTypes][kSquares][3];
    int ray_count[2][kPieceTypes];
    // The eagle's two-step diagonals back: the far square, reachable when the near one is empty.
    int eagle_far[2][kSquares][2], eagle_near[2][kSquares][2];
    // Every square a piece could attack from a square on an empty board (its steps, whole rays and the
    // eagle's far squares): a piece outside them cannot reach the square whatever stands between.
    Bitboard reach[2][kPieceTypes][kSquares];
    Bitboard zone[2];
    Bitboard last_rank[2];
    Bitboard files[Board::kFiles];

    Tables();
};
extern const Tables tables;

// The squares of a ray up to and including its first occupied square.
inline Bitboard slide(const Tables::Ray& ray, const Bitboard& occ) {
    const uint64_t squares = ray.squares.word(), blockers = squares & occ.word();
    if (!blockers) return ray.squares;
    if (ray.step > 0) {  // the ray runs towards higher squares: keep those up to the lowest blocker
        const int first = std::countr_zero(blockers);
        return Bitboard(squares & ((uint64_t{2} << first) - 1));
    }
    const int first = 63 - std::countl_zero(blockers);
    return Bitboard(squares & ~((uint64_t{1} << first) - 1));
}

// The squares a set of c's swallows attacks, at once: each the square ahead on its file, one bit down for
// Sente and one up for Gote (a square is file * 7 + rank, rank 0 Sente's far rank). No two swallows attack
// the same square. A swallow on its last rank, which the rules do not allow, attacks nothing.
inline Bitboard swallow_attacks(Color c, const Bitboard& swallows) {
    const uint64_t s = (swallows & ~tables.last_rank[c]).word();
    return Bitboard(c == Sente ? s >> 1 : s << 1);
}

// The attacks of a piece (type and colour in pc) from sq, given the occupancy.
inline Bitboard attacks_of(uint8_t pc, int sq, const Bitboard& occ) {
    const Color c = color_of(pc);
    const int t = type_of(pc);
    Bitboard a = tables.steps[c][t][sq];
    const int rays = tables.ray_count[c][t];
    if (!rays) return a;
    for (int i = 0; i < rays; ++i) a |= slide(tables.rays[c][t][sq][i], occ);
    if (t == Eagle)
        for (int i = 0; i < 2; ++i) {
            const int near = tables.eagle_near[c][sq][i], far = tables.eagle_far[c][sq][i];
            if (far >= 0 && !occ.test(near)) a.set(far);
        }
    return a;
}

}  // namespace menagerie::tori
