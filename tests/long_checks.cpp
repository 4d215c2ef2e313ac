// Long checks (CTest label "long", run by scripts/long-checks.sh): deep perft cross-checks and the exhaustive
// proofs of the 11-ply forced wins.
#include <doctest/doctest.h>

#include "engine/dobutsu/dobutsu.hpp"
#include "engine/jungle/jungle.hpp"
#include "search/dobutsu_solver.hpp"
#include "search/perft.hpp"
#include "tests/engine/dobutsu_reference.hpp"
#include "tests/engine/jungle_reference.hpp"
#include "tests/search/forced_win.hpp"

using namespace menagerie;
using namespace menagerie::dobutsu;

TEST_CASE("deep perft: bulk counting equals plain play/count/undo to depth 9 from the start") {
    Position p = Position::start();
    for (int d = 6; d <= 9; ++d) {
        CAPTURE(d);
        CHECK(perft<Dobutsu, true>(p, d) == perft<Dobutsu, false>(p, d));
    }
}

TEST_CASE("deep perft: the engine equals the reference implementation to depth 8 from the start") {
    Position p = Position::start();
    CHECK(perft<Dobutsu>(p, 8) == reference::perft(reference::parse(std::string(Dobutsu::start_sfen)), 8));
}

TEST_CASE("the 11-ply forced wins are proven by exhaustive search") {
    // The last three positions of bench/dobutsu-mates.txt.
    for (const char* sfen : {"g1e/2C/lEG/1cL b - 15", "gle/2C/1cL/E1G b - 7", "gle/2C/LcG/E2 b - 9"}) {
        CAPTURE(sfen);
        Position p = Position::from_sfen(sfen).value();
        CHECK(menagerie::testing::win_distance<Dobutsu>(p, 11) == 11);
    }
}

TEST_CASE("deep perft: Jungle equals the reference implementation to depth 5 from the start") {
    jungle::Position p = jungle::Position::start();
    CHECK(perft<jungle::Jungle>(p, 5) ==
          reference_jungle::perft(reference_jungle::parse(std::string(jungle::Jungle::start_sfen)), 5));
}

TEST_CASE("dobutsu solver: the complete analysis matches the published figures") {
    // About a minute and a half with two threads on the development machine, 370 MB.
    dobutsu::SolveOptions options;
    options.threads = 2;
    options.log = [](const std::string& line) { MESSAGE(line); };
    dobutsu::SolvedSet set;
    const auto s = dobutsu::solve_dobutsu(options, set);
    CHECK(s.reachable == 246'803'167ULL);
    CHECK(s.nonterminal == 99'485'568ULL);
    CHECK(s.won == 56'474'473ULL);
    CHECK(s.drawn == 2'682'700ULL);
    CHECK(s.lost == 40'328'395ULL);
    CHECK(s.start.kind == dobutsu::SolvedValue::Loss);
    CHECK(s.start.distance + 1 == 78);  // our rules count the capture: one ply more than the table's distance
}
