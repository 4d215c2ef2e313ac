#pragma once
// The complete Dobutsu table: every position a game under our rules can reach, not only those reachable under
// the published convention (where a player who could take the enemy lion or complete a try always does).
//
// The set. Positions are normalised as in the solver (search/tablebase/dobutsu_solver.hpp): Sente to move,
// mirror images merged. A position is in the set when it is not decided by rule: Sente's lion is not on
// Gote's home rank (the try has stood: Sente has won), Gote's lion is not on Sente's home rank (Gote's try is
// pending: Sente takes that lion or loses), and no Sente piece attacks Gote's lion (Sente takes it and wins).
// Every arrangement of the dense numbering (search/tablebase/dobutsu_packed.hpp) is a position that random
// legal play reaches, so this is the whole game less the positions its rules decide at once.
//
// The index. The numbering's first factor is the lion pair (132 of them); a set member's lions are not on
// those ranks, not adjacent, and, after mirroring, Sente's lion is on file A, or on file B with Gote's lion on
// file A or B: 21 pairs. The complete index is the pair's slot among those 21 times the arrangements of the
// other pieces, plus the arrangement: 21 x 11,878,227 = 249,442,767 numbers, one byte each. A number whose
// position is the mirror image of a member (both lions on file B) or one Sente could end at once (a piece
// attacks Gote's lion) is a hole: the table marks it and nothing looks there.
//
// The solver is the retrograde analysis of dobutsu_solver.cpp without its reachability phase, over the direct
// index instead of a rank directory: the index itself says where a position's byte is, so each parent costs
// one computed number and one memory access. The byte holds, while solving, a count of children not yet
// known to be won for their mover, then the distance and whether the position is won or lost; 256 MB is
// enough for the whole analysis.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "search/tablebase/dobutsu_packed.hpp"
#include "search/tablebase/dobutsu_solver.hpp"

namespace menagerie::dobutsu::full {

constexpr int kPairs = 21;
constexpr uint64_t kArrangements = packed::detail::kIndex.count[0][10];  // the pieces other than the lions
constexpr uint64_t kSize = kPairs * kArrangements;
constexpr uint64_t kNone = ~uint64_t(0);

struct PairTables {
    int8_t slot[132];          // lion pair number of the dense numbering -> slot, -1 when no member has it
    uint8_t pair[kPairs];      // slot -> lion pair number
};
constexpr PairTables make_pair_tables() {
    PairTables t{};
    int n = 0;
    for (int ls = 0; ls < kSquares; ++ls)
        for (int lg = 0; lg < kSquares; ++lg) {
            if (lg == ls) continue;
            const int number = ls * 11 + lg - (lg > ls);
            const int rs = row_of(ls), cs = col_of(ls), rg = row_of(lg), cg = col_of(lg);
            const bool adjacent = (rs - rg) * (rs - rg) <= 1 && (cs - cg) * (cs - cg) <= 1;
            const bool facing = cs == 0 || (cs == 1 && cg <= 1);  // the representative of a mirror pair
            if (rs != 0 && rg != 3 && !adjacent && facing) {
                t.slot[number] = int8_t(n);
                t.pair[n++] = uint8_t(number);
            } else {
                t.slot[number] = -1;
            }
        }
    return t;
}
inline constexpr PairTables kPairTables = make_pair_tables();
static_assert(kPairTables.pair[kPairs - 1] != 0 && kSize == 249'442'767);

// The complete index of a number of the dense numbering (the number of a canonical position, Sente to move);
// kNone when no member of the set has its lions.
inline uint64_t from_dense(uint32_t number) {
    const uint64_t pair = packed::detail::kIndex.inner[0][10].div(number);
    const int slot = kPairTables.slot[pair];
    if (slot < 0) return kNone;
    return uint64_t(slot) * kArrangements + (number - pair * kArrangements);
}
// The dense number of a complete index below kSize.
inline uint32_t to_dense(uint64_t index) {
    const uint64_t slot = index / kArrangements;
    return uint32_t(uint64_t(kPairTables.pair[slot]) * kArrangements + (index - slot * kArrangements));
}
// The complete index of a position (Sente to move), kNone outside the set (decided by rule).
inline uint64_t index_of(const packed::State& s) {
    if (packed::terminal(s) != packed::Terminal::No || lion(s, Sente) < 3) return kNone;
    return from_dense(packed::canonical_index(s));
}

// The byte codes while solving (and in memory after): 0 a hole; 1 .. kResolved - 1 an undecided position's
// count of children not yet known to be won for their mover (at most 36 in this game); from kResolved, decided
// at distance d (plies to a position of the convention's terminal kind, as in the solver): kResolved + 2 (d - 1)
// when won, one more when lost, for d up to kByteLevels; kFar for a position decided further out, whose value
// is in a sorted list beside the bytes (the longest distance is 172 plies, and 178,769 positions lie
// beyond the bytes' reach: a second byte or a separate win bit for all 249 million numbers would not fit the
// 256 MB this table is built in). What stays below kResolved at the end is drawn.
constexpr uint8_t kResolved = 38;
constexpr uint8_t kFar = 254;
constexpr int kByteLevels = (kFar - 1 - kResolved) / 2 + 1;
constexpr uint8_t won_code(int d) { return uint8_t(kResolved + 2 * (d - 1)); }
constexpr uint8_t lost_code(int d) { return uint8_t(kResolved + 2 * (d - 1) + 1); }
static_assert(lost_code(kByteLevels) < kFar && kResolved % 2 == 0);
inline SolvedValue value_of_code(uint8_t c) {
    if (c < kResolved || c >= kFar) return {};
    return {(c - kResolved) & 1 ? SolvedValue::Loss : SolvedValue::Win, (c - kResolved) / 2 + 1};
}
// A far position's entry: its index in the upper 32 bits, the distance in bits 1..16, bit 0 set when lost.
constexpr uint64_t far_entry(uint64_t index, int d, bool lost) { return index << 32 | uint64_t(d) << 1 | (lost ? 1 : 0); }
inline SolvedValue far_value(uint64_t entry) {
    return {entry & 1 ? SolvedValue::Loss : SolvedValue::Win, int(entry >> 1 & 0xFFFF)};
}

struct FullSummary {
    uint64_t members = 0, holes = 0, won = 0, drawn = 0, lost = 0;
    int max_distance = 0, max_children = 0;
    SolvedValue start;
    double seconds_count = 0, seconds_retro = 0;
};

struct FullOptions {
    int threads = 2;
    std::function<void(const std::string&)> log;
    bool drops = true;  // false: the subgame without drops (pieces taken stay in hand), for tests
};

// The solved set: one code per complete index (kSize bytes).
class FullSet {
public:
    const uint8_t* codes() const { return codes_.as<uint8_t>(); }
    // The far positions' entries (far_entry), in index order.
    const std::vector<uint64_t>& far() const { return far_; }
    SolvedValue value(uint64_t index) const;
    bool member(uint64_t index) const { return codes()[index] != 0; }

private:
    friend class FullSolver;
    BigBuffer codes_;
    std::vector<uint64_t> far_;
};

// Runs the analysis. Throws std::runtime_error when the memory cannot be had.
FullSummary solve_full(const FullOptions& options, FullSet& out);

}  // namespace menagerie::dobutsu::full
