#pragma once
// Repetition, by each game's own rule. A game states how many occurrences of a position (board, hands,
// side to move) end the game (G::repetition_count, 0 = no rule) and what that means (G::repetition_outcome),
// which may depend on whether one side gave check with every move of the cycle (shogi's perpetual check).
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/game.hpp"

namespace menagerie {

// A position of a game's line: its key, and whether the side to move was in check there.
struct Visit {
    uint64_t key;
    bool in_check;
};

// The visit of a position: its key, and whether the move that led there counts as a check for the rule
// (shogi: the side to move is in check; a game with its own notion, as chu's "the move attacked", says so
// with last_move_attacks()).
template <class P>
Visit visit_of(const P& pos) {
    if constexpr (requires { pos.last_move_attacks(); })
        return {pos.key(), pos.last_move_attacks()};
    else
        return {pos.key(), pos.in_check()};
}

// The outcome for the side to move at line[n - 1] if a repetition ends the game there. An earlier occurrence
// at index >= in_tree_from counts at once (the search's view: who could repeat once could repeat again).
// G needs only repetition_count and repetition_outcome, so rules can be tested apart from a game.
template <class G>
std::optional<Outcome> repetition(const Visit* line, int n, int in_tree_from) {
    if constexpr (G::repetition_count == 0) {
        return std::nullopt;
    } else {
        const int cur = n - 1;
        const uint64_t key = line[cur].key;
        int seen = 0;
        for (int i = cur - 2; i >= 0; i -= 2) {
            if (line[i].key != key) continue;
            if (++seen < G::repetition_count - 1 && i < in_tree_from) continue;
            // The cycle is (i, cur]: positions with the same side to move as now follow the opponent's moves.
            bool checks_by_them = true, checks_by_us = true;
            for (int j = i + 1; j <= cur; ++j) ((cur - j) % 2 == 0 ? checks_by_them : checks_by_us) &= line[j].in_check;
            return G::repetition_outcome(checks_by_us, checks_by_them);
        }
        return std::nullopt;
    }
}

template <class G>
std::optional<Outcome> repetition(const std::vector<Visit>& line) {
    return repetition<G>(line.data(), int(line.size()), int(line.size()));
}

// How often the last position of the line has occurred, itself included.
inline int occurrences(const std::vector<Visit>& line) {
    int n = 0;
    for (const Visit& v : line) n += v.key == line.back().key;
    return n;
}

}  // namespace menagerie
