#pragma once
// Checks of the complete Dobutsu table (search/tablebase/dobutsu_full.hpp) shared by the default tests (the
// subgame without drops) and the long checks (the whole game).
#include <doctest/doctest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/zobrist.hpp"
#include "search/tablebase/dobutsu_full.hpp"
#include "search/tablebase/dobutsu_index.hpp"
#include "search/tablebase/dobutsu_solver.hpp"

namespace menagerie::dobutsu::testing {

// A position's value from its children's, worked out on the engine's own moves (the rules' Position, not the
// solver's move or un-move generation): a move to a child lost for its mover at distance d wins at d + 1 (the
// nearest such), and a position whose every move leads to a child won for its mover loses at the farthest
// child's distance + 1; anything else draws. Children decided by rule count as distance 0: the mover's lion
// can be taken (won for the child's side to move) or the mover's lion stands on the far rank (lost for it).
template <class Lookup>
SolvedValue value_from_children(const Position& sente, bool drops, Lookup&& lookup) {
    Moves list;
    sente.legal_moves(list);
    bool any_draw = false;
    int best_win = -1, longest_loss = -1;
    for (Move m : list) {
        if (!drops && m.is_drop()) continue;
        Position child = sente;
        child.play(m);
        const packed::State c = packed::from_position(turned(child));
        SolvedValue v;
        switch (packed::terminal(c)) {
            case packed::Terminal::Won: v = {SolvedValue::Win, 0}; break;
            case packed::Terminal::Lost: v = {SolvedValue::Loss, 0}; break;
            default: v = lookup(c); break;
        }
        if (v.kind == SolvedValue::Loss) best_win = best_win < 0 ? v.distance : std::min(best_win, v.distance);
        else if (v.kind == SolvedValue::Win) longest_loss = std::max(longest_loss, v.distance);
        else any_draw = true;
    }
    if (best_win >= 0) return {SolvedValue::Win, best_win + 1};
    if (any_draw) return {};
    return {SolvedValue::Loss, longest_loss + 1};
}

inline std::string value_text(const SolvedValue& v) {
    return v.kind == SolvedValue::Draw ? std::string("draw")
                                       : (v.kind == SolvedValue::Win ? "won in " : "lost in ") + std::to_string(v.distance);
}

// For `count` random members of the set: the stored value is the one its children's values give.
inline void check_against_children(const full::FullSet& set, bool drops, int count, uint64_t seed) {
    KeyGenerator rng(seed);
    int checked = 0, mismatches = 0;
    while (checked < count) {
        const uint64_t i = rng.next() % full::kSize;
        if (!set.member(i)) continue;
        ++checked;
        const packed::State s = packed::state_at(full::to_dense(i));
        REQUIRE(full::index_of(s) == i);
        const SolvedValue want = value_from_children(packed::to_position(s), drops, [&](const packed::State& c) {
            const uint64_t ci = full::index_of(c);
            REQUIRE(ci != full::kNone);
            return set.value(ci);
        });
        const SolvedValue got = set.value(i);
        if ((got.kind != want.kind || got.distance != want.distance) && ++mismatches <= 5)
            FAIL_CHECK(packed::to_position(s).sfen() << ": table " << value_text(got) << ", from its children "
                                                     << value_text(want));
    }
    CHECK(mismatches == 0);
}

// Every position of a reachable-set solution (search/tablebase/dobutsu_solver.hpp) has the same value in the
// complete table: the reachable set is closed under moves, so its values are the whole game's.
inline void check_reachable_agrees(const SolvedSet& reachable, const full::FullSet& set) {
    uint64_t compared = 0, mismatches = 0;
    for (uint64_t w = 0; w < reachable.words(); ++w)
        for (uint64_t b = reachable.bits()[w]; b; b &= b - 1) {
            const uint32_t number = uint32_t(w * 64 + uint64_t(std::countr_zero(b)));
            const uint64_t i = full::from_dense(number);
            const SolvedValue want = reachable.value_at_rank(compared++);
            const SolvedValue got = i == full::kNone ? SolvedValue{SolvedValue::Draw, -1} : set.value(i);
            if ((got.kind != want.kind || got.distance != want.distance) && ++mismatches <= 5)
                FAIL_CHECK(packed::to_position(packed::state_at(number)).sfen()
                           << ": complete table " << value_text(got) << ", reachable set " << value_text(want));
        }
    MESSAGE(compared << " positions of the reachable set compared");
    CHECK(compared == reachable.size());
    CHECK(mismatches == 0);
}

// Positions a game under the seed rules reaches when players miss wins: random legal play from the start that
// only stops when the game is over, kept when the published convention would have ended the game on the way
// (a lion could be taken, or a try stood one move away, and the game went on). Sente to move.
inline std::vector<Position> missed_win_positions(int count, uint64_t seed) {
    KeyGenerator rng(seed);
    std::vector<Position> out;
    while (int(out.size()) < count) {
        Position p = Position::start();
        bool left_convention = false;
        for (int ply = 0; ply < 200 && p.outcome() == Outcome::Ongoing && int(out.size()) < count; ++ply) {
            const Position s = p.side() == Sente ? p : turned(p);
            const packed::State st = packed::from_position(s);
            if (packed::terminal(st) != packed::Terminal::No) left_convention = true;
            else if (left_convention && rng.next() % 4 == 0) out.push_back(s);
            Moves list;
            p.legal_moves(list);
            p.play(list[rng.next() % list.size()]);
        }
    }
    return out;
}

}  // namespace menagerie::dobutsu::testing
