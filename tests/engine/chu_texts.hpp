#pragma once
// Chu perft in lishogi's convention, shared by the default tests and the long checks: every legal USI text
// counted (the spec's "seed texts" column), each spelling of a move leading to the same child.
#include <cstdint>

#include "engine/chu/chu.hpp"

namespace menagerie::testing {

inline uint64_t chu_perft_texts(chu::Position& p, int depth) {
    chu::Moves list;
    p.legal_moves(list);
    uint64_t n = 0;
    for (auto m : list) {
        const uint64_t texts = p.spellings(m).size();
        if (depth == 1) {
            n += texts;
            continue;
        }
        chu::Undo u;
        p.play(m, u);
        n += texts * chu_perft_texts(p, depth - 1);
        p.undo(m, u);
    }
    return n;
}

}  // namespace menagerie::testing
