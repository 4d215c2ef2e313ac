// The df-pn checkmate solver on shogi problems (positions and lengths from public tsume collections): every
// problem proven, the line legal with every attacker move a check and the defender mated at the end, and the
// line no longer than the problem's length plus one useless interposition; positions without a mate refused;
// the deadline and stop honoured.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>

#include "engine/shogi/shogi.hpp"
#include "search/mate/mate_solver.hpp"
#include "tests/protocol/transcript.hpp"

using namespace menagerie;
using shogi::Shogi;
using namespace std::chrono_literals;

namespace {
struct Problem {
    const char* sfen;
    size_t plies;  // the problem's mate length
};
const Problem kProblems[] = {
    {"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", 1},
    {"3k5/9/3S5/9/9/9/9/9/9 b S2r2b4g2s4n4l18p 1", 1},
    {"kb7/p8/9/9/9/9/8B/9/8K b 2R4G4S4N4L17P 1", 1},
    {"3sks3/9/4S4/9/9/8B/9/9/9 b S 1", 3},
    {"9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1", 3},
    {"9/9/5k3/9/4G4/4P4/9/9/9 b 3G2r2b4s4n4l17p 1", 5},
    {"6knl/6s2/5Pppp/9/9/9/9/9/9 b G2S2r2b3gs3n3l14p 1", 5},
    {"7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1", 5},
    {"7nl/5+R1gk/6Ppp/9/9/9/9/9/9 b Gr2b2g4s3n3l15p 1", 5},
    {"4R2nl/6sk1/6pp1/8p/9/9/9/9/9 b BGLrb3g3s3n2l15p 1", 5},
    {"6s2/6l2/9/6BBk/9/9/9/9/9 b RPr4g3s4n3l17p 1", 9},
    {"9/5Pk2/9/8R/8B/9/9/9/9 b 2Srb4g2s4n4l17p 1", 17},
};

void check_line(const std::string& sfen, const std::vector<shogi::Move>& pv) {
    auto p = shogi::Position::from_sfen(sfen).value();
    for (size_t i = 0; i < pv.size(); ++i) {
        shogi::Moves legal;
        p.legal_moves(legal);
        REQUIRE_MESSAGE(legal.contains(pv[i]), "ply " << i + 1);
        p.play(pv[i]);
        if (i % 2 == 0) CHECK_MESSAGE(p.in_check(), "attacker move " << i + 1 << " gives no check");
    }
    CHECK(pv.size() % 2 == 1);
    CHECK(p.in_check());
    CHECK(!p.has_legal_move());
}
}  // namespace

TEST_CASE("mate solver: tsume problems of 1 to 17 plies are proven with a legal mating line") {
    std::atomic<bool> stop{false};
    MateSolver<Shogi> solver(18);
    for (const auto& problem : kProblems) {
        CAPTURE(problem.sfen);
        auto pos = shogi::Position::from_sfen(problem.sfen);
        REQUIRE_MESSAGE(pos.ok(), pos.error());
        const auto r = solver.solve(pos.value(), std::chrono::steady_clock::now() + 60s, stop);
        REQUIRE(r.verdict == MateSolver<Shogi>::Verdict::Mate);
        check_line(problem.sfen, r.pv);
        CHECK(r.pv.size() >= problem.plies);
        CHECK(r.pv.size() <= problem.plies + 2);
    }
}

TEST_CASE("mate solver: no mate, and the limits") {
    std::atomic<bool> stop{false};
    MateSolver<Shogi> solver(16);
    auto none = shogi::Position::from_sfen("9/4k4/9/4P4/9/9/9/9/9 b G2r2b4s4n4l17p 1").value();
    CHECK(solver.solve(none, std::chrono::steady_clock::now() + 60s, stop).verdict == MateSolver<Shogi>::Verdict::NoMate);
    auto start = shogi::Position::from_sfen(Shogi::start_sfen).value();  // no check at all
    CHECK(solver.solve(start, std::chrono::steady_clock::now() + 60s, stop).verdict == MateSolver<Shogi>::Verdict::NoMate);
    auto hard = shogi::Position::from_sfen(kProblems[std::size(kProblems) - 1].sfen).value();
    CHECK(solver.solve(hard, std::chrono::steady_clock::now() + 60s, stop, 50).verdict ==
          MateSolver<Shogi>::Verdict::Timeout);
    stop = true;
    CHECK(solver.solve(hard, std::chrono::steady_clock::now() + 60s, stop).verdict == MateSolver<Shogi>::Verdict::Timeout);
}

TEST_CASE("go mate over USI: checkmate <pv>, checkmate nomate, checkmate timeout") {
    menagerie::testing::Transcript t;
    t.send("position sfen 3sks3/9/4S4/9/9/8B/9/9/9 b S 1");
    t.send("go mate 10000");
    t.wait();
    const std::string line = t.last("checkmate");
    CHECK(line.rfind("checkmate ", 0) == 0);
    CHECK(line != "checkmate nomate");
    CHECK(line != "checkmate timeout");
    t.send("position sfen 9/4k4/9/4P4/9/9/9/9/9 b G2r2b4s4n4l17p 1");
    t.send("go mate 10000");
    t.wait();
    CHECK(t.last("checkmate") == "checkmate nomate");
    t.send("position sfen 9/5Pk2/9/8R/8B/9/9/9/9 b 2Srb4g2s4n4l17p 1");
    t.send("go mate infinite");
    t.send("stop");
    t.wait();
    const std::string stopped = t.last("checkmate");
    CHECK((stopped == "checkmate timeout" || stopped.rfind("checkmate S*", 0) == 0));
}
