#pragma once
// A dense numbering of Dobutsu positions with Sente to move, for tablebases: 0 .. kIndexSize - 1, each number
// one arrangement (both lions on distinct squares; each chick, elephant and giraffe on a free square with an
// owner, a chick possibly promoted, or in a hand). Positions with Gote to move are numbered after turning
// the board round (normalise first). The numbering itself lives in search/tablebase/dobutsu_packed.hpp, where the
// solver uses it on its compact positions.
#include <cstdint>

#include "engine/dobutsu/dobutsu.hpp"
#include "search/tablebase/dobutsu_packed.hpp"

namespace menagerie::dobutsu {

constexpr uint64_t kIndexSize = packed::kIndexSize;

// The number of a position with Sente to move.
uint64_t position_index(const Position& p);
// The position (Sente to move) with that number, 0 <= index < kIndexSize.
Position position_at(uint64_t index);

// The same position seen from the other side: the board turned round, colours and hands swapped.
Position turned(const Position& p);
// The left-right mirror image.
Position mirrored(const Position& p);

}  // namespace menagerie::dobutsu
