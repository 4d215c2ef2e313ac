#pragma once
// The search's view of a game's SearchTuning (engine/core/search_tuning.hpp).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>

#include "engine/core/game.hpp"
#include "engine/core/search_tuning.hpp"

namespace menagerie {


template <Game G>
constexpr SearchTuning search_tuning_of() {
    if constexpr (requires { G::search_tuning; })
        return G::search_tuning;
    else
        return SearchTuning{};
}

// The reduction of the i-th move (0-based) at a depth, in plies, for log_reductions.
struct ReductionTable {
    std::array<std::array<int8_t, 64>, 64> r{};
    ReductionTable() {
        for (int d = 1; d < 64; ++d)
            for (int i = 1; i < 64; ++i) r[size_t(d)][size_t(i)] = int8_t(0.5 + std::log(d) * std::log(i + 1) / 2.0);
    }
    int operator()(int depth, std::size_t i) const { return r[size_t(std::min(depth, 63))][std::min<size_t>(i, 63)]; }
};

}  // namespace menagerie
