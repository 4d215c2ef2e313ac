#pragma once
// What a search tells while it runs and when it ends, as values: no protocol text leaves the search. Each
// front (USI, UCI, the web page, the match runner) formats these its own way.
#include <cstdint>
#include <vector>

#include "search/score.hpp"

namespace menagerie {

// A score as a front reports it: centipawns, or a mate distance in plies from the root (positive: the side to
// move mates; negative: it is mated), and whether it is exact or only a bound.
struct Score {
    enum class Bound : uint8_t { Exact, Lower, Upper };
    bool mate = false;
    int value = 0;  // centipawns, or plies to mate (signed)
    Bound bound = Bound::Exact;

    // From the search's internal scale (score.hpp).
    static Score of(int internal, Bound bound = Bound::Exact) {
        if (internal > kMateBound) return {true, kMate - internal, bound};
        if (internal < -kMateBound) return {true, -(kMate + internal), bound};
        return {false, internal, bound};
    }
    bool operator==(const Score&) const = default;
};

// One line of progress: the search's `info` for one PV line of one iteration.
template <class Move>
struct SearchInfoOf {
    int depth = 0;
    int seldepth = 0;
    int multipv = 1;  // 1-based
    Score score;
    uint64_t nodes = 0;
    uint64_t nps = 0;
    int64_t time_ms = 0;
    int hashfull = 0;  // per mille
    std::vector<Move> pv;
};

}  // namespace menagerie
