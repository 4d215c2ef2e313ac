#pragma once
// Exhaustive AND/OR search for forced wins, independent of the engine's search: no table, no pruning but
// the logical cut-offs, no evaluation. Repetition is ignored (it cannot matter within a few plies of a
// fresh position).
#include "engine/core/game.hpp"

namespace menagerie::testing {

template <Game G>
bool wins_within(typename G::Position& p, int plies);

// Every move of the side to move lets the opponent force a win within `plies`.
template <Game G>
bool loses_within(typename G::Position& p, int plies) {
    const Outcome d = p.decided();
    if (d == Outcome::Loss) return true;
    if (d == Outcome::Win) return false;
    MoveListOf<G> list;
    p.legal_moves(list);
    if (list.empty()) return true;
    if (plies <= 0) return false;
    for (auto m : list) {
        typename G::Undo undo;
        p.play(m, undo);
        const bool w = wins_within<G>(p, plies - 1);
        p.undo(m, undo);
        if (!w) return false;
    }
    return true;
}

template <Game G>
bool wins_within(typename G::Position& p, int plies) {
    const Outcome d = p.decided();
    if (d == Outcome::Win) return true;
    if (d == Outcome::Loss || plies <= 0) return false;
    MoveListOf<G> list;
    p.legal_moves(list);
    for (auto m : list) {
        typename G::Undo undo;
        p.play(m, undo);
        const bool l = loses_within<G>(p, plies - 1);
        p.undo(m, undo);
        if (l) return true;
    }
    return false;
}

// The exact length in plies of the fastest forced win, or -1 if none within max_plies.
template <Game G>
int win_distance(typename G::Position p, int max_plies) {
    for (int n = 1; n <= max_plies; ++n)
        if (wins_within<G>(p, n)) return n;
    return -1;
}

}  // namespace menagerie::testing
