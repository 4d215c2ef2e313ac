#pragma once
// What the fuzz targets share: a failed invariant aborts with a message (libFuzzer then saves the input), and
// one input byte picks the game a target works on.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "engine/chu/chu.hpp"
#include "engine/dobutsu/dobutsu.hpp"
#include "engine/jungle/jungle.hpp"
#include "engine/shogi/shogi.hpp"
#include "engine/tori/tori.hpp"

namespace menagerie::fuzz {

[[noreturn]] inline void fail(const std::string& what) {
    std::fprintf(stderr, "fuzz invariant broken: %s\n", what.c_str());
    std::fflush(stderr);
    std::abort();
}

inline void expect(bool ok, const std::string& what) {
    if (!ok) fail(what);
}

// Calls f.template operator()<G>() for the game `pick` names (pick modulo the number of games).
template <class F>
void with_game(uint8_t pick, F&& f) {
    switch (pick % 5) {
        case 0: f.template operator()<shogi::Shogi>(); break;
        case 1: f.template operator()<tori::Tori>(); break;
        case 2: f.template operator()<dobutsu::Dobutsu>(); break;
        case 3: f.template operator()<jungle::Jungle>(); break;
        default: f.template operator()<chu::Chu>(); break;
    }
}

}  // namespace menagerie::fuzz
