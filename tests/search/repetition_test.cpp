#include "search/repetition.hpp"

#include <doctest/doctest.h>

#include <vector>

using namespace menagerie;

namespace {

// Rules shaped like shogi's: the fourth occurrence draws, but the side that checked throughout loses.
struct PerpetualCheckLoses {
    static constexpr int repetition_count = 4;
    static constexpr Outcome repetition_outcome(bool checks_by_us, bool checks_by_them) {
        if (checks_by_us && !checks_by_them) return Outcome::Loss;
        if (checks_by_them && !checks_by_us) return Outcome::Win;
        return Outcome::Draw;
    }
};
struct ThirdDraws {
    static constexpr int repetition_count = 3;
    static constexpr Outcome repetition_outcome(bool, bool) { return Outcome::Draw; }
};
struct NoRule {
    static constexpr int repetition_count = 0;
    static constexpr Outcome repetition_outcome(bool, bool) { return Outcome::Draw; }
};

// A shuttle between positions A and B (A, B, C, D, A, B, C, D, ...), `cycles` times round, ending on A.
// in_check marks the positions whose side to move is in check.
std::vector<Visit> shuttle(int cycles, bool check_after_first_side, bool check_after_second_side) {
    std::vector<Visit> line;
    const uint64_t keys[4] = {11, 22, 33, 44};
    for (int i = 0; i <= 4 * cycles; ++i) {
        // Odd positions follow the first side's moves; even ones (after the start) the second side's.
        const bool in_check = i > 0 && (i % 2 == 1 ? check_after_first_side : check_after_second_side);
        line.push_back({keys[i % 4], in_check});
    }
    return line;
}

}  // namespace

TEST_CASE("repetition: the game's count decides, the side to move is part of the position") {
    auto line = shuttle(1, false, false);  // A occurs twice
    CHECK_FALSE(repetition<ThirdDraws>(line));
    line = shuttle(2, false, false);  // three times
    CHECK(repetition<ThirdDraws>(line) == Outcome::Draw);
    CHECK_FALSE(repetition<PerpetualCheckLoses>(line));
    CHECK(repetition<PerpetualCheckLoses>(shuttle(3, false, false)) == Outcome::Draw);
    CHECK_FALSE(repetition<NoRule>(shuttle(10, false, false)));
    CHECK(occurrences(shuttle(2, false, false)) == 3);
    // The same key with the other side to move never matches: keys differ, so nothing is found.
    std::vector<Visit> other = {{1, false}, {2, false}, {1, false}};
    CHECK(occurrences(other) == 2);
}

TEST_CASE("repetition: perpetual check loses for the checking side") {
    // The first side checks with every move: the positions after its moves are in check. The line ends on
    // the start position with the first side to move, which is the checker.
    const auto line = shuttle(3, true, false);
    CHECK(repetition<PerpetualCheckLoses>(line) == Outcome::Loss);
    // Seen from the checked side: the line ends on B, the position after the first side's move, with the
    // second side to move; the same cycle, so the side to move wins.
    const std::vector<Visit> from_b(line.begin() + 1, line.end() - 3);
    REQUIRE(from_b.back().key == 22);
    std::vector<Visit> checked = from_b;
    for (int k = 0; k < 4; ++k) checked.push_back(checked[checked.size() - 4]);
    CHECK(occurrences(checked) == 4);
    CHECK(repetition<PerpetualCheckLoses>(checked) == Outcome::Win);
    // Both checking throughout, or neither: a draw.
    CHECK(repetition<PerpetualCheckLoses>(shuttle(3, true, true)) == Outcome::Draw);
}

TEST_CASE("repetition: an earlier occurrence inside the search path counts at once") {
    const auto line = shuttle(1, false, false);  // A at 0 and 4
    CHECK_FALSE(repetition<ThirdDraws>(line.data(), int(line.size()), int(line.size())));
    CHECK(repetition<ThirdDraws>(line.data(), int(line.size()), 0) == Outcome::Draw);
    CHECK_FALSE(repetition<ThirdDraws>(line.data(), int(line.size()), 1));
}
