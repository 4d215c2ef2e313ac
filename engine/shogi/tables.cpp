#include <bit>
#include <cstdlib>
#include <stdexcept>
#include <vector>

#include "engine/shogi/attacks.hpp"

namespace menagerie::shogi {

namespace {
using u128 = unsigned __int128;
// Steps along each line (file delta, rank delta): file, rank, diagonal, anti-diagonal.
constexpr int kLineDir[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
bool on_board(int f, int r) { return f >= 0 && f < 9 && r >= 0 && r < 9; }

// The bits of x under mask, in order, packed into the low bits: what a Gather must compute.
uint64_t plain_gather(uint64_t x, uint64_t mask) {
    uint64_t r = 0;
    for (uint64_t bit = 1; mask; bit <<= 1, mask &= mask - 1)
        if (x & mask & -mask) r |= bit;
    return r;
}

// The multiplier that moves the i-th square of mask (at bit b_i) to bit 64 - n + i. For evenly spaced squares
// every square's term lands on its own bit (a file's squares, one apart, share a single term), so the product
// holds exactly the gathered bits at its top. Checked for every subset of the squares.
Gather make_gather(uint64_t mask) {
    Gather g;
    const int n = std::popcount(mask);
    if (n == 0) return g;
    g.mask = mask;
    g.shift = 64 - n;
    int i = 0;
    for (uint64_t m = mask; m; m &= m - 1, ++i) g.magic |= uint64_t{1} << (64 - n + i - std::countr_zero(m));
    for (uint64_t sub = mask;; sub = (sub - 1) & mask) {
        if (g(sub) != plain_gather(sub, mask)) throw std::logic_error("shogi attack tables: a line's gather fails");
        if (!sub) break;
    }
    return g;
}
}  // namespace

Tables::Tables() {
    // Steps, from Sente's side; Gote's are the same with the rank deltas turned round.
    static constexpr int pawn[][2] = {{0, -1}};
    static constexpr int knight[][2] = {{-1, -2}, {1, -2}};
    static constexpr int silver[][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}};
    static constexpr int gold[][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}};
    static constexpr int king[][2] = {{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}};
    auto fill = [&](int type, const auto& deltas) {
        for (int c = 0; c < 2; ++c)
            for (int sq = 0; sq < kSquares; ++sq) {
                Bitboard b;
                for (const auto& d : deltas) {
                    const int f = file_of(sq) + d[0], r = rank_of(sq) + (c == 0 ? d[1] : -d[1]);
                    if (on_board(f, r)) b.set(square(f, r));
                }
                steps[c][type][sq] = b;
            }
    };
    fill(Pawn, pawn);
    fill(Knight, knight);
    fill(Silver, silver);
    for (int t : {int(Gold), int(ProPawn), int(ProLance), int(ProKnight), int(ProSilver)}) fill(t, gold);
    fill(King, king);
    // The step part of the promoted sliders: the king's steps (the slides add the rest).
    fill(Horse, king);
    fill(Dragon, king);
    for (int c = 0; c < 2; ++c)
        for (int sq = 0; sq < kSquares; ++sq)
            for (int r = rank_of(sq) + (c == 0 ? -1 : 1); r >= 0 && r < 9; r += (c == 0 ? -1 : 1))
                forward[c][sq].set(square(file_of(sq), r));

    // Lines: the relevant squares (not the last square of each ray; not the square itself but on a file), and for every
    // subset of them the squares a slider reaches.
    for (int l = 0; l < 4; ++l)
        for (int sq = 0; sq < kSquares; ++sq) {
            Bitboard mask;
            std::vector<int> ray_squares;
            for (int s : {1, -1}) {
                int f = file_of(sq) + s * kLineDir[l][0], r = rank_of(sq) + s * kLineDir[l][1];
                while (on_board(f + s * kLineDir[l][0], r + s * kLineDir[l][1])) {
                    mask.set(square(f, r));
                    f += s * kLineDir[l][0];
                    r += s * kLineDir[l][1];
                }
            }
            // A file's squares are one apart but for the slider's own square: taken in too, the file is one run
            // of squares that a single shift gathers (its bit changes nothing: the slides start beside it).
            if (l == kFileLine) mask.set(sq);
            const u128 w = mask.word();
            Line& line = lines[l][sq];
            line.lo = make_gather(uint64_t(w));
            line.hi = make_gather(uint64_t(w >> 64));
            line.hi_shift = std::popcount(uint64_t(w));
            line.offset = int(store.size());
            const int bits = mask.count();
            std::vector<int> relevant;
            for (int r : mask) relevant.push_back(r);
            for (int subset = 0; subset < (1 << bits); ++subset) {
                Bitboard occ;
                for (int i = 0; i < bits; ++i)
                    if (subset >> i & 1) occ.set(relevant[size_t(i)]);
                // The index the lookup will compute for this occupancy.
                const u128 o = occ.word();
                const uint64_t index = line.lo(uint64_t(o)) | line.hi(uint64_t(o >> 64)) << line.hi_shift;
                if (store.size() < size_t(line.offset) + (size_t(1) << bits))
                    store.resize(size_t(line.offset) + (size_t(1) << bits));
                Bitboard att;
                for (int s : {1, -1}) {
                    int f = file_of(sq) + s * kLineDir[l][0], r = rank_of(sq) + s * kLineDir[l][1];
                    while (on_board(f, r)) {
                        att.set(square(f, r));
                        if (occ.test(square(f, r))) break;
                        f += s * kLineDir[l][0];
                        r += s * kLineDir[l][1];
                    }
                }
                store[size_t(line.offset) + index] = att;
            }
        }

    for (int a = 0; a < kSquares; ++a)
        for (int l = 0; l < 4; ++l)
            for (int s : {1, -1}) {
                Bitboard ray, full;
                for (int t : {1, -1}) {
                    int f = file_of(a) + t * kLineDir[l][0], r = rank_of(a) + t * kLineDir[l][1];
                    while (on_board(f, r)) {
                        full.set(square(f, r));
                        f += t * kLineDir[l][0];
                        r += t * kLineDir[l][1];
                    }
                }
                full.set(a);
                int f = file_of(a) + s * kLineDir[l][0], r = rank_of(a) + s * kLineDir[l][1];
                while (on_board(f, r)) {
                    const int b = square(f, r);
                    between[a][b] = ray;
                    through[a][b] = full;
                    ray.set(b);
                    f += s * kLineDir[l][0];
                    r += s * kLineDir[l][1];
                }
            }
    for (int sq = 0; sq < kSquares; ++sq) {
        for (int l = 0; l < 4; ++l)
            for (int s : {1, -1})
                for (int f = file_of(sq) + s * kLineDir[l][0], r = rank_of(sq) + s * kLineDir[l][1]; on_board(f, r);
                     f += s * kLineDir[l][0], r += s * kLineDir[l][1])
                    (l == kFileLine || l == kRankLine ? rook_empty : bishop_empty)[sq].set(square(f, r));
        if (rank_of(sq) == 0) dead1[Sente].set(sq);
    if (rank_of(sq) == 8) dead1[Gote].set(sq);
    if (rank_of(sq) <= 1) dead2[Sente].set(sq);
    if (rank_of(sq) >= 7) dead2[Gote].set(sq);
    if (rank_of(sq) <= 2) zone[Sente].set(sq);
        if (rank_of(sq) >= 6) zone[Gote].set(sq);
        files[file_of(sq)].set(sq);
        for (int other = 0; other < kSquares; ++other) {
            const int df = std::abs(file_of(other) - file_of(sq)), dr = std::abs(rank_of(other) - rank_of(sq));
            if (df <= 2 && dr <= 2) near2[sq].set(other);
            if (df <= 2 && dr <= 4) knight_near[sq].set(other);
        }
    }
}

const Tables tables;

}  // namespace menagerie::shogi
