#include "search/skill.hpp"

#include <doctest/doctest.h>

#include <set>
#include <string>

#include "protocol/match/selfplay.hpp"
#include "engine/dobutsu/dobutsu.hpp"
#include "engine/jungle/jungle.hpp"
#include "eval/dobutsu/eval.hpp"
#include "eval/jungle/eval.hpp"
#include "tests/protocol/transcript.hpp"

using namespace menagerie;

TEST_CASE("levels: depth caps grow with the level; presets and the Elo scale map onto levels") {
    CHECK(skill_depth(0) == 1);
    CHECK(skill_depth(4) == 2);
    CHECK(skill_depth(8) == 4);
    CHECK(skill_depth(12) == 5);
    CHECK(skill_depth(16) == 7);
    CHECK(skill_depth(19) == 8);
    CHECK(skill_depth(kMaxSkill) == 0);  // no cap
    int previous = -1;
    for (const auto& p : kSkillPresets) {
        CHECK(p.level > previous);
        previous = p.level;
    }
    CHECK(skill_from_elo(kMinElo) == 0);
    CHECK(skill_from_elo(kMaxElo) == kMaxSkill);
    CHECK(skill_from_elo(1100) == 8);
    CHECK(skill_from_elo(100) == 0);
}

TEST_CASE("levels: the weakened choice varies at low levels, keeps the best at high ones, never blunders a mate") {
    const int scores[] = {50, 40, 20, -100};
    std::set<int> low, high;
    uint64_t rng = 1;
    int best_at_high = 0;
    for (int i = 0; i < 400; ++i) {
        low.insert(weakened_choice(scores, 4, 0, rng));
        const int h = weakened_choice(scores, 4, 19, rng);
        high.insert(h);
        best_at_high += h == 0;
    }
    CHECK(low.size() >= 3);
    CHECK(best_at_high > 300);
    // A move losing to a forced mate is never preferred to one that is not lost.
    const int with_mate[] = {30, 10, mated_in(5), mated_in(3)};
    for (int i = 0; i < 200; ++i) CHECK(weakened_choice(with_mate, 4, 0, rng) < 2);
    // A forced win is never left.
    const int winning[] = {mate_in(7), 500, 400, 300};
    for (int i = 0; i < 200; ++i) CHECK(weakened_choice(winning, 4, 0, rng) == 0);
}

TEST_CASE("levels over USI: every level answers with a legal move, in both games") {
    for (const char* game : {"dobutsu", "jungle"}) {
        menagerie::testing::Transcript t;
        t.send(std::string("setoption name USI_Variant value ") + game);
        for (int level : {0, 4, 8, 12, 16}) {
            t.send("setoption name Skill_Level value " + std::to_string(level));
            t.send("position startpos");
            t.clear();
            t.send("go movetime 200");
            t.wait();
            const std::string bm = t.last("bestmove ");
            REQUIRE(!bm.empty());
            // The move is legal: the position accepts it.
            const std::string move = bm.substr(9, bm.find(' ', 9) - 9);
            t.send("position startpos moves " + move);
            CHECK_FALSE(t.has("info string error"));
        }
        t.send("setoption name USI_LimitStrength value true");
        t.send("setoption name USI_Elo value 800");
        t.send("position startpos");
        t.send("go depth 3");
        t.wait();
        CHECK(t.count("bestmove") >= 1);
        t.send("setoption name USI_Elo value 100");
        CHECK(t.last("info string error: ").find("USI_Elo must be within") != std::string::npos);
    }
}

TEST_CASE("self-play: games are counted and scored, colours alternate over shared openings") {
    std::vector<std::string> lines;
    Output out([&](std::string_view s) { lines.emplace_back(s); });
    SelfPlayConfig c;
    c.a = {"strong", kMaxSkill, 4, 0, 0, ""};
    c.b = {"weak", 0, 1, 0, 0, ""};
    c.games = 8;
    c.opening_plies = 2;
    const MatchSummary m = SelfPlay<dobutsu::Dobutsu>(c, out).run().value();
    CHECK(m.games() == 8);
    CHECK(lines.size() == 8);
    CHECK(m.score() > 0.5);
    // Jungle as well, with a move cap so the test stays short.
    c.max_plies = 60;
    c.games = 2;
    const MatchSummary j = SelfPlay<jungle::Jungle>(c, out).run().value();
    CHECK(j.games() == 2);
    // Evaluation weights: a bad term is refused before any game.
    c.b.eval = "no_such_term=3";
    const auto bad = SelfPlay<jungle::Jungle>(c, out).run();
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().find("unknown evaluation term 'no_such_term'") != std::string::npos);
}

TEST_CASE("match statistics: Elo from score and its interval") {
    MatchSummary even;
    even.wins = even.losses = 10;
    CHECK(even.elo() == doctest::Approx(0.0));
    MatchSummary m;
    m.wins = 60;
    m.draws = 30;
    m.losses = 10;
    CHECK(m.score() == doctest::Approx(0.75));
    CHECK(m.elo() == doctest::Approx(190.85).epsilon(0.001));
    CHECK(m.elo_error() > 0);
    CHECK(m.elo_error() < 100);
}
