// The large games' evaluation (eval/large/terms.hpp, eval/taikyoku): the mop-up of a side that has won on material.
#include <doctest/doctest.h>

#include <string>

#include "engine/chu/chu.hpp"
#include "eval/chu/eval.hpp"
#include "engine/taikyoku/taikyoku.hpp"
#include "eval/taikyoku/eval.hpp"
#include "tests/eval/eval_helpers.hpp"

using namespace menagerie;
using E = Evaluator<chu::Chu>;

namespace {

// What the approach term adds to the evaluation of this position (from the side to move), at weight 24.
int approach(const std::string& sfen) {
    const chu::Position p = eval_test::position<chu::Chu>(sfen);
    E::Params on = E::defaults(), off = E::defaults();
    REQUIRE(!on.apply("approach=24"));
    REQUIRE(!off.apply("approach=0"));
    return E::evaluate(p, on) - E::evaluate(p, off);
}

}  // namespace

TEST_CASE("chu evaluation: mop-up toward the enemy royals once a side has won on material") {
    // Sente: two golds and two rooks (2,000) against a silver (300). Each gold and the rook on rank l stand 11
    // king steps from the Gote King, the rook on rank k 10: 1 + 1 + 1 + 2 steps inside the board's width of 12,
    // at 24 / 8 a step.
    const std::string far = "5sk5/12/12/12/12/12/12/12/12/12/5R6/G4RK4G";
    CHECK(approach(far + " b - 1") == 15);
    CHECK(approach(far + " w - 1") == -15);  // the side to move's view
    // A gold brought forward counts more.
    CHECK(approach("5sk5/12/12/12/12/12/12/12/6G5/12/5R6/5RK4G b - 1") == 24 * (4 + 2 + 1 + 1) / 8);
    // Pawns and the royals do not count.
    CHECK(approach("5sk5/12/12/12/12/12/6P5/12/12/12/5R6/G4RK4G b - 1") == 15);
    // Not won: without the second rook Sente is 1,050 ahead, under the 1,500 the term asks for.
    CHECK(approach("5sk5/12/12/12/12/12/12/12/12/12/12/G4RK4G b - 1") == 0);
    // The margin is not enough while the loser keeps two thirds as much: 5,250 against 3,550.
    CHECK(approach("rrrrrsk5/12/12/12/12/12/12/12/12/12/RRRRR7/G3RRK4G b - 1") == 0);
    CHECK(E::defaults()[large_eval::Approach] > 0);  // on in chu
}

TEST_CASE("taikyoku evaluation: mop-up toward the enemy royals in place of the forward term") {
    using T = Evaluator<taikyoku::Taikyoku>;
    const auto approach = [](const std::string& sfen) {
        const taikyoku::Position p = eval_test::position<taikyoku::Taikyoku>(sfen);
        T::Params on = T::defaults(), off = T::defaults();
        REQUIRE(!on.apply("approach=24"));
        REQUIRE(!off.apply("approach=0"));
        return T::evaluate(p, on) - T::evaluate(p, off);
    };
    const auto ranks = [](int n) {
        std::string s;
        for (int i = 0; i < n; ++i) s += "36/";
        return s;
    };
    const int forward = T::defaults()[8];
    // Gote's lone King on 19a; Sente's King on 19jj, a Free King on 19s (17 ranks forward, 18 king steps from
    // 19a: 18 steps inside the board's width of 36) and one on 36jj (no rank forward, 35 steps away: 1).
    const std::string won = "17k18/" + ranks(17) + "17(FK)18/" + ranks(16) + "(FK)16K18";
    CHECK(approach(won + " b - 1") == 24 * (18 + 1) / 8 - forward * 17);
    CHECK(approach(won + " w - 1") == -(24 * (18 + 1) / 8 - forward * 17));
    // A Gote Free King as well: Sente is one Free King ahead, under the 1,500 the term asks for.
    CHECK(approach("17k(fk)17/" + ranks(17) + "17(FK)18/" + ranks(16) + "(FK)16K18 b - 1") == 0);
    CHECK(T::defaults()[9] > 0);  // on in taikyoku
}
