#pragma once
// Playing levels. Below the top level the engine searches to a depth that grows with the level and then
// picks among its best few root moves, leaning towards the better ones the higher the level, so a weak level
// still plays moves a person would consider, with an occasional inaccuracy rather than random blunders.
#include <algorithm>
#include <cstdint>
#include <string_view>

#include "search/limits.hpp"
#include "engine/core/zobrist.hpp"
#include "search/score.hpp"

namespace menagerie {

// Depth cap per level: 1 ply at level 0, 8 at level 19, no cap at the top. (A cap of 9 at the level below
// the top played even with full strength at 100 ms a move in Jungle self-play, so the caps stay lower.)
constexpr int skill_depth(int skill) { return skill >= kMaxSkill ? 0 : 1 + (3 * skill + 2) / 8; }
// Root moves considered for the weakened choice.
constexpr int kSkillLines = 4;

// The named presets documented in the README.
struct SkillPreset {
    std::string_view name;
    int level;
};
constexpr SkillPreset kSkillPresets[] = {{"beginner", 0}, {"easy", 4},    {"normal", 8},
                                         {"hard", 12},    {"expert", 16}, {"master", 20}};

// USI_LimitStrength + USI_Elo: a nominal scale, 500 (level 0) to 2000 (level 20) in steps of 75.
constexpr int kMinElo = 500, kMaxElo = 2000;
constexpr int skill_from_elo(int elo) { return std::clamp((elo - kMinElo + 37) / 75, 0, kMaxSkill); }

// Picks the index among scores[0..n) (sorted best first): each candidate gets a random push that grows with
// the weakness and its distance from the best; the best pushed score wins.
inline int weakened_choice(const int* scores, int n, int skill, uint64_t& rng) {
    auto next = [&rng] { return splitmix64(rng); };
    const int weakness = 120 - 5 * skill;  // 120 at level 0, 25 at level 19
    const int top = scores[0];
    const int delta = std::min(top - scores[n - 1], 100);
    int best = 0, best_value = -(1 << 30);
    for (int i = 0; i < n; ++i) {
        // Never trade a move that is not lost for one that is, nor leave a forced win.
        if (scores[i] < -kMateBound && top >= -kMateBound) continue;
        if (top > kMateBound && scores[i] <= kMateBound) continue;
        const int push = (weakness * (top - scores[i]) + delta * int(next() % uint64_t(weakness))) / 128;
        const int value = scores[i] + push;
        if (value > best_value) best_value = value, best = i;
    }
    return best;
}

}  // namespace menagerie
