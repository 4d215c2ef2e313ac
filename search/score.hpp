#pragma once
// Scores: centipawn-like units, and mates counted in plies from the root.
#include <string>

namespace menagerie {

constexpr int kMaxPly = 128;
constexpr int kInfinite = 32001;
constexpr int kMate = 32000;
constexpr int kMateBound = kMate - 1000;  // scores beyond this are mates, in plies from the root

constexpr int mate_in(int ply) { return kMate - ply; }
constexpr int mated_in(int ply) { return -kMate + ply; }

// Mate scores go into the table relative to the node, and come out relative to the root.
constexpr int score_to_tt(int s, int ply) { return s > kMateBound ? s + ply : s < -kMateBound ? s - ply : s; }
constexpr int score_from_tt(int s, int ply) { return s > kMateBound ? s - ply : s < -kMateBound ? s + ply : s; }

// "cp 35" or "mate 7" / "mate -6", distances in plies.
inline std::string score_text(int s) {
    if (s > kMateBound) return "mate " + std::to_string(kMate - s);
    if (s < -kMateBound) return "mate -" + std::to_string(kMate + s);
    return "cp " + std::to_string(s);
}

}  // namespace menagerie
