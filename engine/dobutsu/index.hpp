#pragma once
// A dense numbering of Dobutsu positions with Sente to move, for tablebases: 0 .. kIndexSize - 1, each number
// one arrangement (both lions on distinct squares; each chick, elephant and giraffe on a free square with an
// owner, a chick possibly promoted, or in a hand). Positions with Gote to move are numbered after turning
// the board round (normalise first).
#include <array>
#include <cstdint>

#include "engine/dobutsu/dobutsu.hpp"

namespace menagerie::dobutsu {

namespace index_detail {
constexpr int kKinds = 3;
constexpr int kKindOrder[kKinds] = {Giraffe, Elephant, Chick};

constexpr uint64_t binomial(int n, int k) {
    if (k < 0 || k > n) return 0;
    uint64_t r = 1;
    for (int i = 1; i <= k; ++i) r = r * uint64_t(n - k + i) / uint64_t(i);
    return r;
}
// Arrangements of kind `kind_order_index` when `on_board` of its two pieces stand on `free` free squares.
constexpr uint64_t ways(int kind_order_index, int free, int on_board) {
    const bool promotable = kKindOrder[kind_order_index] == Chick;
    return binomial(free, on_board) * (uint64_t(1) << on_board) * (promotable ? uint64_t(1) << on_board : 1) *
           uint64_t(3 - on_board);
}
// Arrangements of the kinds from kind_order_index on, with `free` free squares.
constexpr uint64_t arrangements(int kind_order_index, int free) {
    if (kind_order_index == kKinds) return 1;
    uint64_t total = 0;
    for (int k = 0; k <= 2 && k <= free; ++k)
        total += ways(kind_order_index, free, k) * arrangements(kind_order_index + 1, free - k);
    return total;
}
}  // namespace index_detail

constexpr uint64_t kIndexSize = uint64_t(kSquares) * (kSquares - 1) * index_detail::arrangements(0, kSquares - 2);

// The number of a position with Sente to move.
uint64_t position_index(const Position& p);
// The position (Sente to move) with that number, 0 <= index < kIndexSize.
Position position_at(uint64_t index);

// The same position seen from the other side: the board turned round, colours and hands swapped.
Position turned(const Position& p);
// The left-right mirror image.
Position mirrored(const Position& p);

}  // namespace menagerie::dobutsu
