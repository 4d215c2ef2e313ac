#pragma once
// The game's bench: fixed positions searched to a fixed depth (`menagerie bench`). Changing either changes
// the game's bench signature.
#include <array>
#include <string_view>

namespace menagerie::dai {

inline constexpr int kBenchDepth = 7;

// Dai shogi: the start, and a middle game after 90 plies of the engine's own depth-3 play.
inline constexpr std::array<std::string_view, 2> kBenchPositions = {
    "l(kt)(sg)(ig)csgkgsc(ig)(sg)(kt)l/a1(cs)1f1tet1f1(cs)1a/1(vo)1(ab)1(ew)xno(ew)1(ab)1(vo)1/r(fd)mvbhdqdhbvm(fd)r/ppppppppppppppp/4i5i4/15/15/15/4I5I4/PPPPPPPPPPPPPPP/R(FD)MVBHDQDHBVM(FD)R/1(VO)1(AB)1(EW)ONX(EW)1(AB)1(VO)1/A1(CS)1F1TET1F1(CS)1A/L(KT)(SG)(IG)CSGKGSC(IG)(SG)(KT)L b - 1",
    "l2(ig)csgkgsc(ig)2l/a1(cs)(sg)f1tet1f(sg)(cs)1a/1(vo)1(ab)1(ew)3(ew)1(ab)(kt)(vo)1/r(fd)mv1d4bvm1r/"
    "ppp1p2po1pp(fd)p1/9p5/3pipPh2i3p/15/3(kt)I3XPI4/3P1P1O2P4/PPP1P6PPPP/R(FD)MVBHD4VM(FD)R/"
    "1(VO)(KT)(AB)F(EW)E2(EW)(SG)(AB)(KT)(VO)1/A1(CS)(SG)2T1T1F1(CS)1A/L2(IG)CSGKGSC(IG)2L b - 91",
};

}  // namespace menagerie::dai
