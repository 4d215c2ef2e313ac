#pragma once
// Helpers shared by the rules tests of every game.
#include <doctest/doctest.h>

#include <algorithm>
#include <initializer_list>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "search/repetition.hpp"

namespace menagerie::testing {

// The position of a string the test knows to be valid.
template <Game G>
typename G::Position position(const std::string& text) {
    auto p = G::Position::from_sfen(text);
    REQUIRE_MESSAGE(p.ok(), p.error());
    return p.value();
}

// Every legal move, as text.
template <Game G>
std::vector<std::string> legal_texts(const typename G::Position& p) {
    MoveListOf<G> list;
    p.legal_moves(list);
    std::vector<std::string> v;
    for (auto m : list) v.push_back(p.move_text(m));
    return v;
}

inline bool has(const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
}

// Plays a cycle of moves (text) from p again and again, at most `rounds` times, until the game's repetition
// rule ends the game: the outcome for the side to move then and the plies it took (no outcome if it never
// ended).
struct CycleEnd {
    std::optional<Outcome> outcome;
    int plies = 0;
};
template <Game G>
CycleEnd play_cycle(typename G::Position& p, std::initializer_list<const char*> cycle, int rounds) {
    std::vector<Visit> line{visit_of(p)};
    CycleEnd end;
    for (int round = 0; round < rounds; ++round)
        for (const char* text : cycle) {
            auto m = p.parse_move(text);
            REQUIRE_MESSAGE(m.ok(), m.error());
            p.play(m.value());
            line.push_back(visit_of(p));
            ++end.plies;
            if ((end.outcome = repetition<G>(line))) return end;
        }
    return end;
}

}  // namespace menagerie::testing
