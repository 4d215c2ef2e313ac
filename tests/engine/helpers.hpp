#pragma once
// Helpers shared by the rules tests of every game.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/game.hpp"

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

}  // namespace menagerie::testing
