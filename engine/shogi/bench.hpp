#pragma once
// The game's bench: fixed positions searched to a fixed depth (`menagerie bench`). Changing either changes
// the game's bench signature.
#include <array>
#include <string_view>

namespace menagerie::shogi {

inline constexpr int kBenchDepth = 6;

// Shogi: the start, a well-known perft position, and positions from games against gnushogi (plies 25 and 49).
inline constexpr std::array<std::string_view, 12> kBenchPositions = {
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

}  // namespace menagerie::shogi
