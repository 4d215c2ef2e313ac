// Shogi's search with every switch of SearchTuning on (ProbCut, exchange pruning and the rest, which need
// the exchange evaluation Dobutsu lacks): short mates are found at the same distance as by the search shogi
// ships with, and every search of a random position answers a legal move.
#include <doctest/doctest.h>

#include <memory>
#include <string>

#include "engine/core/zobrist.hpp"
#include "engine/shogi/shogi.hpp"
#include "eval/shogi/eval.hpp"
#include "search/search.hpp"
#include "tests/search/every_switch.hpp"

using namespace menagerie;

namespace {
struct ShogiAllSwitches : shogi::Shogi {
    static constexpr SearchTuning search_tuning = menagerie::testing::kEverySwitch;
};
}  // namespace
template <>
struct menagerie::Evaluator<ShogiAllSwitches> : Evaluator<shogi::Shogi> {};

namespace {
shogi::Position pos(const std::string& sfen) {
    auto p = shogi::Position::from_sfen(sfen);
    REQUIRE_MESSAGE(p.ok(), p.error());
    return p.value();
}
template <class G>
typename Search<G>::Report search(const shogi::Position& p, int depth) {
    TranspositionTable<shogi::Move> tt{16};
    auto s = std::make_unique<Search<G>>(tt);
    Limits l;
    l.depth = depth;
    return s->run(p, {}, l, SearchOptions{}, {});
}
}  // namespace

TEST_CASE("shogi search with every switch on: short mates at the shipped search's distance") {
    // Tsume problems of 1, 3 and 5 plies (those of tests/search/mate/mate_solver_test.cpp).
    const char* mates[] = {
        "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
        "3sks3/9/4S4/9/9/8B/9/9/9 b S 1",
        "9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1",
        "9/9/5k3/9/4G4/4P4/9/9/9 b 3G2r2b4s4n4l17p 1",
        "7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1",
    };
    for (const char* sfen : mates) {
        CAPTURE(sfen);
        const auto p = pos(sfen);
        const auto shipped = search<shogi::Shogi>(p, 7);
        REQUIRE(shipped.score > kMateBound);
        const auto all = search<ShogiAllSwitches>(p, 7);
        CHECK(score_text(all.score) == score_text(shipped.score));
        CHECK(p.is_legal(all.best));
    }
}

TEST_CASE("shogi search with every switch on: a legal move from random positions") {
    KeyGenerator rng(2026);
    int searched = 0;
    for (int game = 0; game < 40; ++game) {
        shogi::Position p = pos(std::string(shogi::Shogi::start_sfen));
        const int len = 10 + int(rng.next() % 60);
        for (int i = 0; i < len && p.outcome() == Outcome::Ongoing; ++i) {
            shogi::Moves list;
            p.legal_moves(list);
            p.play(list[rng.next() % list.size()]);
        }
        if (p.outcome() != Outcome::Ongoing) continue;
        CAPTURE(p.sfen());
        const auto r = search<ShogiAllSwitches>(p, 6);
        CHECK(p.is_legal(r.best));
        ++searched;
    }
    CHECK(searched > 30);
}
