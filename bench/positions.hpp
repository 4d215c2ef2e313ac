#pragma once
// Fixed bench positions per game. Changing them changes every bench signature.
#include <span>
#include <string_view>

namespace menagerie {

struct BenchSet {
    std::string_view game;
    int depth;  // default search depth
    std::span<const std::string_view> positions;
};

// The set for a game, or nullptr.
const BenchSet* bench_set(std::string_view game);

}  // namespace menagerie
