#pragma once
// The game's bench: fixed positions searched to a fixed depth (`menagerie bench`). Changing either changes
// the game's bench signature.
#include <array>
#include <string_view>

namespace menagerie::tori {

inline constexpr int kBenchDepth = 7;

// Tori shogi: the start, and positions at plies 20 and 40 of self-play games (depth 5 against depth 6).
inline constexpr std::array<std::string_view, 11> kBenchPositions = {
    "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1",
    "rp2cpl/3fks1/sscs2s/2s1Ss1/SSsSSSS/3F1K1/LPC1CPR b s 21",
    "rp1c1p1/2kf1sl/sscs2s/2s1SSs/SSsSSPS/4FKS/LPC1C1R b - 41",
    "rp2cpl/2cfk2/ss1s1ss/2SSS2/SSC1SSS/1s1FKC1/LP3PR b 2s 21",
    "rp2cpl/1S2k2/ssS1fss/2ssS2/SS1FSSS/1C2KCR/LP3P1 b 2Sc 41",
    "rpk2l1/3fc2/ssSs1ss/7/SS1SsSS/L2F3/1PCK1CR b CS2p3s 21",
    "rp3cs/1k2c2/ss1s1ss/4s2/SS1SFSS/LsC1K2/1Pp1SCR b L2Sfp 41",
    "rpP2l1/1ck1c2/ssfs1ss/7/SS1SFSS/L6/1PCK1CR b 2Sp4s 21",
    "rp3C1/1k3lS/s1fsss1/1ss4/Ss1SFSS/L1K4/cPC2CR b 3S2ps 41",
    "rpc1cpl/1k1f3/2ssSss/SssSS2/3SFSS/5K1/LPC1CPR b S2s 21",
    "rpc1spl/1kf4/Sss1Ssc/SssSS1s/4FS1/1CP2K1/L3CPR b 2Ss 41",
};

}  // namespace menagerie::tori
