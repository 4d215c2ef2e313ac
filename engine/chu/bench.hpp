#pragma once
// The game's bench: fixed positions searched to a fixed depth (`menagerie bench`). Changing either changes
// the game's bench signature.
#include <array>
#include <string_view>

namespace menagerie::chu {

inline constexpr int kBenchDepth = 6;

// Chu shogi: the start, the spec's middle game and its crowded fixture, and its lion and falcon positions.
inline constexpr std::array<std::string_view, 5> kBenchPositions = {
    "lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1",
    "lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142",
    "4q1e3s1/l2g3d1kf1/svf1t7/3cmtn2+Pm1/1x1i3g4/4ph1K1F2/aD9C/1P1SM+oE1O2A/2M+h4N1VL/FV1C1DS5/L9G1/6XG3T w - 388",
    "11k/12/4p7/3s8/3n4+o3/4p2ig3/5N2+O3/5P6/12/12/12/K11 b - 1",
    "10k1/12/9r1a/12/12/1n3pg5/2s3p5/3+D2+H2N1+O/11P/12/12/K11 b - 1",
};

}  // namespace menagerie::chu
