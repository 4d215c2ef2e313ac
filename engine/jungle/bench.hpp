#pragma once
// The game's bench: fixed positions searched to a fixed depth (`menagerie bench`). Changing either changes
// the game's bench signature.
#include <array>
#include <string_view>

namespace menagerie::jungle {

inline constexpr int kBenchDepth = 11;

// Jungle: the start and positions from self-play.
inline constexpr std::array<std::string_view, 12> kBenchPositions = {
    "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 1",
    "6t/1d3c1/2p1w2/7/6e/1r1l3/W5R/E1CP2L/1T3D1 w 38",
    "6t/1d3c1/l1p1w2/6e/r6/7/E1W2PR/C4DL/1T5 w 16",
    "1l4t/2d1c2/3p1w1/r5e/7/E6/3P2R/2W2LD/TC5 b 15",
    "5t1/dlp1c1e/6w/5R1/7/r6/E2W3/1C2PLD/1T5 b 33",
    "6t/1d3ce/3pw1R/l6/7/7/2W2P1/rEC2D1/1T3L1 b 37",
    "1d3c1/2p3t/3w1e1/l5R/6L/r6/E2W3/C3P2/1T3D1 b 29",
    "1l5/1d2ce1/r1p1w1t/7/7/E5R/3WP2/1C3D1/T5L w 22",
    "5t1/l1d1ce1/rp2w1R/3L3/7/7/1EW1P2/1C3D1/1T5 w 28",
    "l6/d3cet/3pw2/r6/6R/E6/2W1PD1/1C4L/T6 b 19",
    "1l3t1/r1d1c2/3p1ew/3L1R1/7/7/1EW1P2/1C5/T4D1 w 28",
    "1l3ct/2d4/2pw1e1/r6/7/6L/E2W1R1/1C2PD1/T6 b 13",
};

}  // namespace menagerie::jungle
