#pragma once
// A move of the large-board core in 32 bits: the identity the TT, killers and PV store.
//   bits 0-10   from (a padded square)
//   bits 11-21  to   (equal to from for igui and jitto)
//   bits 22-25  the middle square of a two-leg move that captures there: 1 + its board direction from
//               `from` (as Sente sees it); 0 for every other move, a two-leg move through an empty square
//               being the one-leg move to the same square, and every jitto the same pass
//   bit 26      promotes
#include <cstdint>

#include "engine/large/geometry.hpp"

namespace menagerie::large {

struct Move {
    uint32_t v;  // uninitialised by default, so move lists cost nothing to create; Move{} is "no move"
    static constexpr Move make(int from, int to, int mid_dir = -1, bool promo = false) {
        return Move{uint32_t(from | to << 11 | (mid_dir + 1) << 22 | int(promo) << 26)};
    }
    constexpr int from() const { return v & 2047; }
    constexpr int to() const { return (v >> 11) & 2047; }
    constexpr bool has_mid() const { return (v >> 22) & 15; }
    constexpr int mid_dir() const { return int((v >> 22) & 15) - 1; }
    constexpr bool promotes() const { return (v >> 26) & 1; }
    constexpr bool is_null() const { return v == 0; }
    friend constexpr bool operator==(Move, Move) = default;
};

}  // namespace menagerie::large
