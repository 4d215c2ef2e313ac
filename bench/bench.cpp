#include "bench/bench.hpp"

#include <array>

namespace menagerie {

namespace {

// Dobutsu: the start, openings, middlegames with pieces in hand, hens, and lions near the far rank.
constexpr std::array<std::string_view, 16> kDobutsu = {
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

// Jungle: the start and positions from self-play.
constexpr std::array<std::string_view, 12> kJungle = {
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

// Shogi: the start, a well-known perft position, and positions from games against gnushogi (plies 25 and 49).
constexpr std::array<std::string_view, 12> kShogi = {
    "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
    "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1",
    "ln3gs1l/1r1sgk3/ppppppnpp/6p2/1P7/1+bPB5/2NPPPPPP/3SG2R1/4KGSNL b lp 25",
    "ln3gs1l/1r1s1k3/pppppgnpp/5pp2/1P7/2Bn5/4PPPPP/4GK1R1/1+b4SNL b gsl3p 49",
    "ln1g1ksnl/1r2s1g2/p1p1pp1pp/1p4p2/9/+B1P6/PP2PPPPP/LSG2K3/1N1r1GSNL b BPp 25",
    "ln2gks2/4s1g1l/2p1ppnpp/3B2p2/p6+r1/1rPP4P/P1S1PPPP1/LG4K2/1N3GSNL b 2Pbp 49",
    "ln1g2gnl/1sk2rsb1/1pppppppp/p8/1R7/2P6/PP1PPPP1P/1B2GK3/LN2SGSNL b P 25",
    "ln1k2gn1/1s2gr1bl/1pppp1spp/p4pp2/1P7/L5R2/2BPPPP1P/4G1G2/1N2SKSNL b 3P 49",
    "l2gks1n1/1r1sg3l/nppp1pppp/p3p4/4b2P1/P1PP1PP2/1PB1P1S1P/1S2G2R1/LN2KG1NL b - 25",
    "3gk2n1/r2sgbs1l/lppp1pppp/4P4/pN1P1P1P1/1PP3P2/2B3S1P/1S2G2R1/1N2K2NL b LPgp 49",
    "lnsg1g1nl/3k3r1/pppp1sbpp/4ppp2/2P5P/8R/PPBPPPPP1/3S1S3/LN1GKG1NL b - 25",
    "ln1g3rl/1sk1g4/1ppp1snpp/p1P1b1p2/2+B1pp2P/1R7/PP1PPPPP1/L2SGS3/1N1GK2NL b - 49",
};

// Tori shogi: the start, and positions at plies 20 and 40 of self-play games (depth 5 against depth 6).
constexpr std::array<std::string_view, 11> kTori = {
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

constexpr std::array<BenchSet, 4> kSets = {{
    {"shogi", 6, kShogi},
    {"dobutsu", 14, kDobutsu},
    {"jungle", 11, kJungle},
    {"torishogi", 7, kTori},
}};

}  // namespace

const BenchSet* bench_set(std::string_view game) {
    for (const auto& s : kSets)
        if (s.game == game) return &s;
    return nullptr;
}

void print_bench_summary(Output& out, const BenchResult& r) {
    out.line("===========================");
    out.line("Positions       : " + std::to_string(r.positions));
    out.line("Total time (ms) : " + std::to_string(r.ms));
    out.line("Nodes searched  : " + std::to_string(r.nodes));
    out.line("Nodes/second    : " + std::to_string(r.ms > 0 ? r.nodes * 1000 / uint64_t(r.ms) : r.nodes));
}

}  // namespace menagerie
