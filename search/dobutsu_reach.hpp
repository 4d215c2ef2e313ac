#pragma once
// First stage of the Dobutsu solver: the positions reachable from the start under the published analysis'
// convention (Sente to move after turning the board, mirror images identified, positions where the side to
// move can take the enemy lion or the enemy lion stands on its home rank counted but not expanded).
#include <cstdint>
#include <functional>
#include <vector>

namespace menagerie::dobutsu {

struct ReachCounts {
    uint64_t reachable = 0;
    uint64_t terminal = 0;  // counted, not expanded
    uint64_t nonterminal() const { return reachable - terminal; }
};

// The set of reachable position numbers (engine/dobutsu/index.hpp) as a bitset of kIndexSize bits (187 MB),
// built by sweeps until nothing new appears. progress(sweep, counts) is called after each sweep.
ReachCounts reachable_positions(std::vector<uint64_t>& bits,
                                const std::function<void(int, const ReachCounts&)>& progress = {});

}  // namespace menagerie::dobutsu
