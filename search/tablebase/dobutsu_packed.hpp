#pragma once
// A compact Dobutsu position for the solver and the tablebase: one 12-bit mask per colour and piece type and
// the two hands, always with Sente to move (positions with Gote to move are turned round first). Everything
// the solver does per position is here and inline: the dense number of search/tablebase/dobutsu_index.hpp and its
// inverse, the mirror image, the children (already turned so that the side to move is Sente again) and the
// parents (the positions one move earlier).
//
// Children and parents are generated in the turned frame: the mover's pieces become Gote's, so a child is
// built directly with Sente to move and no second turn is needed.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <type_traits>
#ifdef __BMI2__
#include <immintrin.h>
#endif

#include "engine/dobutsu/dobutsu.hpp"

namespace menagerie::dobutsu::packed {

constexpr int kTypes = 5;  // Chick, Elephant, Giraffe, Lion, Hen
constexpr uint32_t kAll = 0xFFF;

struct State {
    uint16_t m[2][kTypes];  // squares of each colour's pieces of each type
    uint8_t h[2][kHandTypes];
    friend bool operator==(const State&, const State&) = default;
};

// ---------------------------------------------------------------------------------------------------------
// Tables
struct Tables {
    uint16_t att[2][kTypes][kSquares];  // squares a piece attacks
    uint16_t rev[2][kTypes][kSquares];  // squares from which such a piece attacks the square
    uint16_t mirror[1 << kSquares];     // left-right image of a mask
    uint16_t turn[1 << kSquares];       // the mask seen from the other side (square s -> 11 - s)
};

constexpr Tables make_tables() {
    Tables t{};
    constexpr int dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1}, dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
    for (int c = 0; c < 2; ++c)
        for (int type = 0; type < kTypes; ++type)
            for (int sq = 0; sq < kSquares; ++sq) {
                uint16_t mask = 0;
                for (int d = 0; d < 8; ++d) {
                    // Directions seen from Sente (row - 1 is forward); Gote's are the same turned round.
                    const int fr = c == Sente ? dr[d] : -dr[d], fc = c == Sente ? dc[d] : -dc[d];
                    const bool diagonal = dr[d] != 0 && dc[d] != 0, forward = dr[d] == -1;
                    bool ok = false;
                    switch (type) {
                        case Chick: ok = forward && dc[d] == 0; break;
                        case Elephant: ok = diagonal; break;
                        case Giraffe: ok = !diagonal; break;
                        case Lion: ok = true; break;
                        case Hen: ok = !diagonal || forward; break;
                    }
                    const int r = row_of(sq) + fr, col = col_of(sq) + fc;
                    if (ok && r >= 0 && r < 4 && col >= 0 && col < 3) mask = uint16_t(mask | 1u << (r * 3 + col));
                }
                t.att[c][type][sq] = mask;
            }
    for (int c = 0; c < 2; ++c)
        for (int type = 0; type < kTypes; ++type)
            for (int from = 0; from < kSquares; ++from)
                for (int to = 0; to < kSquares; ++to)
                    if (t.att[c][type][from] >> to & 1) t.rev[c][type][to] = uint16_t(t.rev[c][type][to] | 1u << from);
    for (uint32_t m = 0; m < (1u << kSquares); ++m) {
        uint16_t mi = 0, tu = 0;
        for (int sq = 0; sq < kSquares; ++sq)
            if (m >> sq & 1) {
                mi = uint16_t(mi | 1u << (row_of(sq) * 3 + 2 - col_of(sq)));
                tu = uint16_t(tu | 1u << (kSquares - 1 - sq));
            }
        t.mirror[m] = mi;
        t.turn[m] = tu;
    }
    return t;
}
inline constexpr Tables kTables = make_tables();

inline uint32_t occupied(const State& s, int c) {
    return s.m[c][0] | s.m[c][1] | s.m[c][2] | s.m[c][3] | s.m[c][4];
}
inline bool attacked_by(const State& s, int sq, int by) {
    const auto& r = kTables.rev[by];
    return (s.m[by][0] & r[0][sq]) | (s.m[by][1] & r[1][sq]) | (s.m[by][2] & r[2][sq]) | (s.m[by][3] & r[3][sq]) |
           (s.m[by][4] & r[4][sq]);
}
inline int lion(const State& s, int c) { return std::countr_zero(unsigned(s.m[c][Lion])); }

// Under the published analysis' convention a position (Sente to move) is terminal when Sente can take Gote's
// lion (won for Sente) or Gote's lion stands on Sente's home rank (lost for Sente: its try has succeeded).
enum class Terminal : uint8_t { No, Won, Lost };
inline Terminal terminal(const State& s) {
    const int gl = lion(s, Gote);
    if (attacked_by(s, gl, Sente)) return Terminal::Won;
    if (gl >= 9) return Terminal::Lost;
    return Terminal::No;
}

inline State turned(const State& s) {
    State t;
    for (int c = 0; c < 2; ++c) {
        for (int type = 0; type < kTypes; ++type) t.m[1 - c][type] = kTables.turn[s.m[c][type]];
        for (int k = 0; k < kHandTypes; ++k) t.h[1 - c][k] = s.h[c][k];
    }
    return t;
}
inline State mirrored(const State& s) {
    State t = s;
    for (int c = 0; c < 2; ++c)
        for (int type = 0; type < kTypes; ++type) t.m[c][type] = kTables.mirror[s.m[c][type]];
    return t;
}
// Of a position and its mirror image, the representative: the one with Sente's lion on the left file, else
// (Sente's lion on the middle file) the one with Gote's lion on the left file, else the one whose masks compare
// lower (in the order of m). Mirror images then share one representative; a symmetric position is its own.
// The lions decide most positions with one look.
inline bool mirror_is_lower(const State& s) {
    constexpr uint32_t kLeft = 0x249, kRight = 0x924;  // files A and C
    if (s.m[Sente][Lion] & kRight) return true;
    if (s.m[Sente][Lion] & kLeft) return false;
    if (s.m[Gote][Lion] & kRight) return true;
    if (s.m[Gote][Lion] & kLeft) return false;
    for (int c = 0; c < 2; ++c)
        for (int type = 0; type < kTypes; ++type) {
            const uint16_t a = s.m[c][type], b = kTables.mirror[a];
            if (a != b) return b < a;
        }
    return false;
}
inline State canonical(const State& s) { return mirror_is_lower(s) ? mirrored(s) : s; }
// The squares where a position and its mirror image differ.
inline uint32_t asymmetry(const State& s) {
    uint32_t d = 0;
    for (int c = 0; c < 2; ++c)
        for (int type = 0; type < kTypes; ++type) d |= uint32_t(s.m[c][type] ^ kTables.mirror[s.m[c][type]]);
    return d;
}

// ---------------------------------------------------------------------------------------------------------
// The dense number: the lion pair, then for giraffes, elephants and chicks (hens count as chicks) in turn, how
// many stand on the board, on which of the squares still free, whose they are, which chicks are promoted,
// and how many of the rest Sente holds. Each kind's arrangement is numbered within what the earlier kinds left.
namespace detail {
constexpr int kKindOrder[3] = {Giraffe, Elephant, Chick};
constexpr uint64_t binomial(int n, int k) {
    if (k < 0 || k > n) return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; ++i) r = r * uint64_t(n - k + i) / uint64_t(i);
    return r;
}
constexpr uint64_t ways(int ko, int free, int on_board) {
    const bool promotable = kKindOrder[ko] == Chick;
    return binomial(free, on_board) * (uint64_t(1) << on_board) * (promotable ? uint64_t(1) << on_board : 1) *
           uint64_t(3 - on_board);
}
constexpr uint64_t arrangements(int ko, int free) {
    if (ko == 3) return 1;
    uint64_t total = 0;
    for (int k = 0; k <= 2 && k <= free; ++k) total += ways(ko, free, k) * arrangements(ko + 1, free - k);
    return total;
}
// Exact division of numbers below 2^32 by a fixed divisor below 2^32: one multiplication.
struct Divider {
    uint64_t d = 1, magic = 0;
    constexpr Divider() = default;
    constexpr explicit Divider(uint64_t divisor)
        : d(divisor), magic(divisor == 1 ? 0 : uint64_t((~static_cast<unsigned __int128>(0) >> 64) / divisor) + 1) {}
    constexpr uint64_t div(uint64_t x) const {
        return d == 1 ? x : uint64_t((static_cast<unsigned __int128>(x) * magic) >> 64);
    }
};
struct IndexTables {
    uint64_t count[4][11];      // arrangements(ko, free)
    Divider inner[4][11];       // dividers by count
    uint64_t offset[3][11][3];  // first number of the block with k pieces of kind ko on the board
    uint8_t comb_of[1 << 10];      // a mask of at most two of the first ten squares -> its combination number
    uint16_t comb_mask[3][45];     // the inverse, by the number of squares
};
constexpr IndexTables make_index_tables() {
    IndexTables t{};
    for (int ko = 0; ko <= 3; ++ko)
        for (int f = 0; f <= 10; ++f) {
            t.count[ko][f] = arrangements(ko, f);
            t.inner[ko][f] = Divider(t.count[ko][f] ? t.count[ko][f] : 1);
        }
    for (int ko = 0; ko < 3; ++ko)
        for (int n = 0; n <= 10; ++n) {
            uint64_t off = 0;
            for (int k = 0; k <= 2; ++k) {
                t.offset[ko][n][k] = off;
                if (k <= n) off += ways(ko, n, k) * arrangements(ko + 1, n - k);
            }
        }
    int c = 0;
    for (int hi = 1; hi < 10; ++hi)
        for (int lo = 0; lo < hi; ++lo) {
            t.comb_of[(1u << lo) | (1u << hi)] = uint8_t(c);
            t.comb_mask[2][c] = uint16_t((1u << lo) | (1u << hi));
            ++c;
        }
    for (int sq = 0; sq < 10; ++sq) {
        t.comb_of[1u << sq] = uint8_t(sq);
        t.comb_mask[1][sq] = uint16_t(1u << sq);
    }
    return t;
}
inline constexpr IndexTables kIndex = make_index_tables();
}  // namespace detail

// Bit gather and scatter (BMI2 when the build targets it, else a loop).
inline uint32_t gather_bits(uint32_t x, uint32_t mask) {
#ifdef __BMI2__
    return _pext_u32(x, mask);
#else
    uint32_t r = 0;
    for (uint32_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
        if (x & mask & -mask) r |= bit;
    return r;
#endif
}
inline uint32_t scatter_bits(uint32_t x, uint32_t mask) {
#ifdef __BMI2__
    return _pdep_u32(x, mask);
#else
    uint32_t r = 0;
    for (uint32_t bit = 1; mask; mask &= mask - 1, bit <<= 1)
        if (x & bit) r |= mask & -mask;
    return r;
#endif
}

// The position of the r-th (from 0) set bit of x.
inline int nth_bit(uint64_t x, int r) {
#ifdef __BMI2__
    return std::countr_zero(_pdep_u64(uint64_t(1) << r, x));
#else
    for (; r > 0; --r) x &= x - 1;
    return std::countr_zero(x);
#endif
}

constexpr uint64_t kIndexSize = uint64_t(kSquares) * (kSquares - 1) * detail::arrangements(0, kSquares - 2);
static_assert(kIndexSize < (uint64_t(1) << 31));

// The number of the position with these masks and hands.
// One kind's part of the number (kind order index ko), given the squares the earlier kinds left free.
inline uint64_t kind_part(const uint16_t (&m)[2][kTypes], const uint8_t (&h)[2][kHandTypes], int ko, uint32_t& free,
                          int& n) {
    using namespace detail;
    const int kind = kKindOrder[ko];
    uint32_t ms = m[Sente][kind], mg = m[Gote][kind];
    if (kind == Chick) {
        ms |= m[Sente][Hen];
        mg |= m[Gote][Hen];
    }
    const uint32_t all = ms | mg;
    const int k = std::popcount(all);
    // Which of the free squares, whose (bit j: the j-th piece is Gote's), which promoted.
    uint64_t local = (uint64_t(kIndex.comb_of[gather_bits(all, free)]) << k) | gather_bits(mg, all);
    if (kind == Chick) local = (local << k) | gather_bits(uint32_t(m[Sente][Hen] | m[Gote][Hen]), all);
    local = local * uint64_t(3 - k) + h[Sente][kind];
    const uint64_t part = kIndex.offset[ko][n][k] + local * kIndex.count[ko + 1][n - k];
    free &= ~all;
    n -= k;
    return part;
}

inline uint32_t index_of(const uint16_t (&m)[2][kTypes], const uint8_t (&h)[2][kHandTypes]) {
    using namespace detail;
    const int ls = std::countr_zero(unsigned(m[Sente][Lion])), lg = std::countr_zero(unsigned(m[Gote][Lion]));
    uint32_t free = kAll & ~(1u << ls) & ~(1u << lg);
    int n = 10;
    uint64_t idx = uint64_t(ls * 11 + lg - (lg > ls)) * kIndex.count[0][10];
    for (int ko = 0; ko < 3; ++ko) idx += kind_part(m, h, ko, free, n);
    return uint32_t(idx);
}

inline uint32_t index(const State& s) { return index_of(s.m, s.h); }

// The number of the position's representative among itself and its mirror image (the one canonical() picks),
// without building the mirror image as a whole.
inline uint32_t canonical_index(const State& s) {
    if (!mirror_is_lower(s)) return index_of(s.m, s.h);
    uint16_t mm[2][kTypes];
    for (int c = 0; c < 2; ++c)
        for (int type = 0; type < kTypes; ++type) mm[c][type] = kTables.mirror[s.m[c][type]];
    return index_of(mm, s.h);
}

// The order index of the kind a piece type belongs to in the numbering (giraffes 0, elephants 1, chicks and
// hens 2); -1 for the lion.
constexpr int kKindOrderOf[kTypes] = {2, 1, 0, -1, 2};

// canonical_index() of many positions that share a base position's lions and Sente's hand and differ from it
// only in kinds from some kind on (the children of one position by non-lion moves, its parents by non-lion
// un-moves): the lions alone decide which way most positions face, and the number's lion part and the parts of
// the unchanged kinds are the base's.
class SharedIndex {
public:
    explicit SharedIndex(const State& base) {
        constexpr uint32_t kLeft = 0x249, kRight = 0x924;
        const uint32_t sl = base.m[Sente][Lion], gl = base.m[Gote][Lion];
        decided_ = (sl & (kLeft | kRight)) || (gl & (kLeft | kRight));
        if (!decided_) return;
        mirror_ = (sl & kRight) || (!(sl & kLeft) && (gl & kRight));
        uint16_t m[2][kTypes];
        orient(base, m);
        const int ls = std::countr_zero(unsigned(m[Sente][Lion])), lg = std::countr_zero(unsigned(m[Gote][Lion]));
        free_[0] = kAll & ~(1u << ls) & ~(1u << lg);
        n_[0] = 10;
        idx_[0] = uint64_t(ls * 11 + lg - (lg > ls)) * detail::kIndex.count[0][10];
        for (int ko = 0; ko < 2; ++ko) {
            uint32_t free = free_[ko];
            int n = n_[ko];
            idx_[ko + 1] = idx_[ko] + kind_part(m, base.h, ko, free, n);
            free_[ko + 1] = free;
            n_[ko + 1] = n;
        }
    }
    // s: the base with kinds from `from_ko` on changed (from_ko -1: anything may differ).
    uint32_t canonical_index(const State& s, int from_ko) const {
        if (!decided_ || from_ko < 0) return packed::canonical_index(s);
        // Only the kinds from from_ko on are read: giraffes (0), elephants (1), chicks and hens (2).
        uint16_t m[2][kTypes];
        constexpr int kFirstType[3] = {Giraffe, Elephant, Chick};
        for (int c = 0; c < 2; ++c) {
            for (int ko = from_ko; ko < 2; ++ko) m[c][kFirstType[ko]] = oriented(s.m[c][kFirstType[ko]]);
            m[c][Chick] = oriented(s.m[c][Chick]);
            m[c][Hen] = oriented(s.m[c][Hen]);
        }
        uint32_t free = free_[from_ko];
        int n = n_[from_ko];
        uint64_t idx = idx_[from_ko];
        for (int ko = from_ko; ko < 3; ++ko) idx += kind_part(m, s.h, ko, free, n);
        return uint32_t(idx);
    }

private:
    uint16_t oriented(uint16_t mask) const { return mirror_ ? kTables.mirror[mask] : mask; }
    void orient(const State& s, uint16_t (&m)[2][kTypes]) const {
        for (int c = 0; c < 2; ++c)
            for (int type = 0; type < kTypes; ++type) m[c][type] = mirror_ ? kTables.mirror[s.m[c][type]] : s.m[c][type];
    }
    bool decided_ = false, mirror_ = false;
    uint64_t idx_[3] = {};
    uint32_t free_[3] = {};
    int n_[3] = {};
};

inline State state_at(uint32_t number) {
    using namespace detail;
    State s{};
    uint64_t r = number;
    const uint64_t lions = kIndex.inner[0][10].div(r);
    r -= lions * kIndex.count[0][10];
    const int ls = int(lions / 11), g = int(lions % 11);
    const int lg = g < ls ? g : g + 1;
    s.m[Sente][Lion] = uint16_t(1u << ls);
    s.m[Gote][Lion] = uint16_t(1u << lg);
    uint32_t free = kAll & ~(1u << ls) & ~(1u << lg);
    int n = 10;
    for (int ko = 0; ko < 3; ++ko) {
        const int kind = kKindOrder[ko];
        int k = 2;
        while (k > 0 && (k > n || r < kIndex.offset[ko][n][k])) --k;
        r -= kIndex.offset[ko][n][k];
        const uint64_t inner = kIndex.count[ko + 1][n - k];
        uint64_t local = kIndex.inner[ko + 1][n - k].div(r);
        r -= local * inner;
        int hand;
        if (k == 0) {
            hand = int(local);
            local = 0;
        } else if (k == 1) {
            hand = int(local & 1);
            local >>= 1;
        } else {
            hand = 0;
        }
        uint32_t promos = 0;
        if (kind == Chick) {
            promos = uint32_t(local & ((1u << k) - 1));
            local >>= k;
        }
        const uint32_t owners = uint32_t(local & ((1u << k) - 1));
        const uint32_t all = scatter_bits(kIndex.comb_mask[k][local >> k], free);
        const uint32_t gote = scatter_bits(owners, all), hens = scatter_bits(promos, all);
        const int type = kind;
        s.m[Sente][type] = uint16_t(all & ~gote & ~hens);
        s.m[Gote][type] = uint16_t(all & gote & ~hens);
        if (kind == Chick) {
            s.m[Sente][Hen] = uint16_t(hens & ~gote);
            s.m[Gote][Hen] = uint16_t(hens & gote);
        }
        s.h[Sente][kind] = uint8_t(hand);
        s.h[Gote][kind] = uint8_t(2 - k - hand);
        free &= ~all;
        n -= k;
    }
    return s;
}

// ---------------------------------------------------------------------------------------------------------
// Moves. `t` is a position turned round so that the mover is Gote (colour 1); each child is handed to
// f(child, terminal(child)) with Sente (the mover's opponent) to move. Positions where the mover could take the
// enemy lion are terminal and never expanded, so no move here takes a lion. Whether a child is terminal is
// worked out from the parent: with no sliding pieces, the mover's lion is attacked after a move exactly when
// it moved onto an attacked square, or stayed while attacked and the move did not take its only attacker.
// With drops = false, the subgame without drops (a closed, much smaller game the tests solve).
template <class F>
inline void for_each_child_turned(const State& t, F&& f, bool drops = true) {
    constexpr uint8_t kHandKind[kTypes] = {Chick, Elephant, Giraffe, 0, Chick};
    const uint32_t mine = occupied(t, Gote), theirs = occupied(t, Sente), empty = kAll & ~(mine | theirs);
    uint8_t their_type[kSquares];
    for (int type = 0; type < kTypes; ++type)
        for (uint32_t b = t.m[Sente][type]; b; b &= b - 1) their_type[std::countr_zero(b)] = uint8_t(type);
    const int l = lion(t, Gote);
    uint32_t attackers = 0;
    for (int type = 0; type < kTypes; ++type) attackers |= t.m[Sente][type] & kTables.rev[Sente][type][l];
    // The verdict on a child where the lion stayed on l and the piece on `taken` (or none: 0) was taken.
    const Terminal stay_lost = l >= 9 ? Terminal::Lost : Terminal::No;
    auto stayed = [&](uint32_t taken) { return attackers & ~taken ? Terminal::Won : stay_lost; };
    for (int type = 0; type < kTypes; ++type)
        for (uint32_t pieces = t.m[Gote][type]; pieces; pieces &= pieces - 1) {
            const int from = std::countr_zero(pieces);
            State base = t;
            base.m[Gote][type] = uint16_t(base.m[Gote][type] & ~(1u << from));
            for (uint32_t to_set = kTables.att[Gote][type][from] & ~mine; to_set; to_set &= to_set - 1) {
                const int to = std::countr_zero(to_set);
                const uint16_t to_bit = uint16_t(1u << to);
                State c = base;
                const int lands = type == Chick && to >= 9 ? int(Hen) : type;
                c.m[Gote][lands] |= to_bit;
                uint32_t taken = 0;
                if (theirs & to_bit) {
                    // Never a lion: positions where the mover could take it are terminal, not expanded.
                    const int ct = their_type[to];
                    c.m[Sente][ct] = uint16_t(c.m[Sente][ct] & ~to_bit);
                    ++c.h[Gote][kHandKind[ct]];
                    taken = to_bit;
                }
                Terminal term;
                int from_ko = -1;
                if (type == Lion) {
                    term = attacked_by(c, to, Sente) ? Terminal::Won : to >= 9 ? Terminal::Lost : Terminal::No;
                } else {
                    term = stayed(taken);
                    from_ko = kKindOrderOf[type];
                    if (taken) from_ko = std::min(from_ko, kKindOrderOf[their_type[to]]);
                }
                if constexpr (std::is_invocable_v<F, const State&, Terminal, int>)
                    f(c, term, from_ko);
                else
                    f(c, term);
            }
        }
    if (!drops) return;
    const Terminal drop_term = stayed(0);
    for (int kind = 0; kind < kHandTypes; ++kind)
        if (t.h[Gote][kind]) {
            State base = t;
            --base.h[Gote][kind];
            for (uint32_t to_set = empty; to_set; to_set &= to_set - 1) {
                State c = base;
                c.m[Gote][kind] = uint16_t(c.m[Gote][kind] | (to_set & -to_set));
                if constexpr (std::is_invocable_v<F, const State&, Terminal, int>)
                    f(c, drop_term, kKindOrderOf[kind]);
                else
                    f(c, drop_term);
            }
        }
}

// The non-terminal positions (Sente to move) from which a Sente move leads to `d` (Gote to move: Sente has
// just moved). Every un-move is considered: un-drops, and each piece stepping back with or without
// un-capturing a piece of a kind Sente holds (a chick as a chick or a hen). Parents that are terminal (Sente
// could take Gote's lion, or Gote's lion stands on Sente's home rank) are skipped before they are built: Gote's
// lion is where it is in `d`, and with no sliding pieces only the un-moved piece changes who attacks it. The
// caller filters out parents that are not positions of its set. Un-captures of a lion are not produced: such
// a parent is terminal.
template <class F>
inline void for_each_parent_turned(const State& d, F&& f, bool drops = true) {
    // f(parent) or f(parent, from_ko): from_ko as for children (the first kind that differs from d; -1 when
    // the lion moved).
    auto emit = [&](const State& p, int from_ko) {
        if constexpr (std::is_invocable_v<F, const State&, int>)
            f(p, from_ko);
        else
            f(p);
    };
    const int g = lion(d, Gote);
    if (g >= 9) return;
    const uint32_t empty = kAll & ~(occupied(d, Sente) | occupied(d, Gote));
    const auto& rs = kTables.rev[Sente];
    // Sente's pieces attacking Gote's lion in d: a parent keeps all of them but the one un-moved.
    uint32_t attackers = 0;
    for (int type = 0; type < kTypes; ++type) attackers |= d.m[Sente][type] & rs[type][g];
    if (std::popcount(attackers) > 1) return;
    for (int type = 0; type < kTypes; ++type)
        for (uint32_t pieces = d.m[Sente][type]; pieces; pieces &= pieces - 1) {
            const int to = std::countr_zero(pieces);
            const uint16_t to_bit = uint16_t(1u << to);
            if (attackers & ~uint32_t(to_bit)) continue;  // another piece attacks the lion in every parent
            // Un-drop: an unpromoted chick, an elephant or a giraffe may just have been dropped.
            if (drops && type < kHandTypes) {
                State p = d;
                p.m[Sente][type] = uint16_t(p.m[Sente][type] & ~to_bit);
                ++p.h[Sente][type];
                emit(p, kKindOrderOf[type]);
            }
            // Un-step: from a square that attacks `to` but not the lion, as the same piece, or as a chick that
            // promoted.
            auto step_back = [&](int was_type, uint32_t froms) {
                froms &= ~uint32_t(rs[was_type][g]);
                if (!froms) return;
                State base = d;
                base.m[Sente][type] = uint16_t(base.m[Sente][type] & ~to_bit);
                for (; froms; froms &= froms - 1) {
                    State p = base;
                    p.m[Sente][was_type] = uint16_t(p.m[Sente][was_type] | (froms & -froms));
                    const int moved_ko = kKindOrderOf[type];
                    emit(p, moved_ko);
                    for (int kind = 0; kind < kHandTypes; ++kind)
                        if (p.h[Sente][kind]) {
                            State q = p;
                            --q.h[Sente][kind];
                            q.m[Gote][kind] |= to_bit;
                            const int ko = moved_ko < 0 ? -1 : std::min(moved_ko, kKindOrderOf[kind]);
                            emit(q, ko);
                            if (kind == Chick) {
                                q.m[Gote][Chick] = uint16_t(q.m[Gote][Chick] & ~to_bit);
                                q.m[Gote][Hen] |= to_bit;
                                emit(q, ko);
                            }
                        }
                }
            };
            if (type == Chick) {
                // A chick on the far rank was dropped there: moving onto it would have promoted it.
                if (to >= 3) step_back(Chick, rs[Chick][to] & empty);
            } else {
                step_back(type, rs[type][to] & empty);
                if (type == Hen && to < 3) step_back(Chick, rs[Chick][to] & empty);
            }
        }
}

// For a non-terminal position (Sente to move): how many of Sente's moves lead to a non-terminal position,
// and whether one leads to a position lost for its mover (Sente's lion safely on Gote's home rank: won at
// once under the convention). Counted without playing the moves: with no sliding pieces, a move leaves Sente's
// lion attacked exactly when it is a lion move onto an attacked square, or another move while the lion is
// attacked that does not take its only attacker. Counts moves, not distinct positions: two moves can lead to
// mirror images of one another only when the position differs from its mirror image on at most four squares.
struct ChildCount {
    int nonterminal = 0;
    bool wins_at_once = false;
};
inline ChildCount count_children(const State& s, bool drops = true) {
    ChildCount r;
    const int l = lion(s, Sente);
    const uint32_t mine = occupied(s, Sente), empty = kAll & ~(mine | occupied(s, Gote));
    const auto& rg = kTables.rev[Gote];
    uint32_t attackers = 0;
    for (int type = 0; type < kTypes; ++type) attackers |= s.m[Gote][type] & rg[type][l];
    int safe_others = 0;
    if (attackers == 0) {
        for (int type = 0; type < kTypes; ++type) {
            if (type == Lion) continue;
            for (uint32_t p = s.m[Sente][type]; p; p &= p - 1)
                safe_others += std::popcount(kTables.att[Sente][type][std::countr_zero(p)] & ~mine);
        }
        const int kinds = (s.h[Sente][0] > 0) + (s.h[Sente][1] > 0) + (s.h[Sente][2] > 0);
        if (drops) safe_others += kinds * std::popcount(empty);
    } else if ((attackers & (attackers - 1)) == 0) {
        const int a = std::countr_zero(attackers);
        for (int type = 0; type < kTypes; ++type)
            if (type != Lion) safe_others += std::popcount(uint32_t(s.m[Sente][type] & kTables.rev[Sente][type][a]));
    }
    if (l < 3) {
        // The lion already stands on the far rank: any safe move completes the try.
        r.wins_at_once = safe_others > 0;
    } else {
        r.nonterminal = safe_others;
    }
    for (uint32_t t = kTables.att[Sente][Lion][l] & ~mine; t; t &= t - 1) {
        const int to = std::countr_zero(t);
        if (attacked_by(s, to, Gote)) continue;
        if (to < 3)
            r.wins_at_once = true;
        else
            ++r.nonterminal;
    }
    return r;
}

// Conversions from and to the engine's position (for Sente to move; turn first otherwise).
inline State from_position(const Position& p) {
    State s{};
    for (int sq = 0; sq < kSquares; ++sq)
        if (const uint8_t code = p.at(sq)) {
            const int c = code_color(code), type = code_type(code);
            s.m[c][type] = uint16_t(s.m[c][type] | 1u << sq);
        }
    for (int c = 0; c < 2; ++c)
        for (int k = 0; k < kHandTypes; ++k) s.h[c][k] = uint8_t(p.hand(Color(c), k));
    return s;
}
inline Position to_position(const State& s, Color side_to_move = Sente) {
    std::array<uint8_t, kSquares> board{};
    for (int c = 0; c < 2; ++c)
        for (int type = 0; type < kTypes; ++type)
            for (uint32_t b = s.m[c][type]; b; b &= b - 1) board[std::countr_zero(b)] = piece_code(Color(c), type);
    uint8_t hands[2][kHandTypes];
    for (int c = 0; c < 2; ++c)
        for (int k = 0; k < kHandTypes; ++k) hands[c][k] = s.h[c][k];
    return Position::from_parts(board, hands, side_to_move);
}

}  // namespace menagerie::dobutsu::packed
