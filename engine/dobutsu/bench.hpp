#pragma once
// The game's bench: fixed positions searched to a fixed depth (`menagerie bench`). Changing either changes
// the game's bench signature.
#include <array>
#include <string_view>

namespace menagerie::dobutsu {

inline constexpr int kBenchDepth = 14;

// Dobutsu: the start, openings, middlegames with pieces in hand, hens, and lions near the far rank.
inline constexpr std::array<std::string_view, 16> kBenchPositions = {
    // The start and balanced middlegames from self-play.
    "gle/1c1/1C1/ELG b - 1",
    "2e/gcl/1CG/EL1 w - 10",
    "1le/gc1/1CG/EL1 b - 7",
    "g1e/1l1/3/ELG b Cc 7",
    "3/le1/1Ec/L1G w Gc 16",
    "g1l/ce1/1E1/1LG w C 20",
    "gl1/1e1/c1C/ELG b - 9",
    "glc/3/EcG/1L1 b e 19",
    "1le/gc1/1C1/ELG w - 8",
    "1le/g1c/1G1/EL1 w C 14",
    "2e/gcl/1C1/ELG b - 9",
    "g1l/1e1/1E1/1LG b Cc 9",
    // Tactics: forced wins and a lost defence.
    "l2/1eL/CC1/E1G b G 11",
    "2e/1l1/gE1/1LG w Cc 8",
    "2c/1lE/2G/1cL w ge 20",
    "1le/g2/2G/E1L b 2c 11",
};

}  // namespace menagerie::dobutsu
