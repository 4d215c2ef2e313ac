// The toy game Line, added by the README's "Adding a game" recipe alone (tests/toy/ mirrors the folders a
// real game touches): its rules, perft, the generic search, a session over its entry, bench and self-play.
#include <doctest/doctest.h>

#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include "tests/engine/helpers.hpp"
#include "search/bench.hpp"
#include "protocol/loop/dialect.hpp"
#include "protocol/core/catalogue.hpp"
#include "protocol/match/games.hpp"
#include "search/perft.hpp"
#include "search/search.hpp"
#include "tests/toy/engine/line/line.hpp"
#include "tests/toy/eval/line/eval.hpp"

namespace menagerie {
const GameEntry& line_entry();  // tests/toy/protocol/games/line.cpp: the catalogue entry of a real game
const MatchGame& line_match_game();  // and its row in the match runner's table
}

using namespace menagerie;
using line::Line;

namespace {

line::Position pos(std::string_view sfen) { return testing::position<Line>(std::string(sfen)); }

// Positions n plies ahead by copying positions (no undo), to check perft's play/undo path against.
uint64_t count_by_copy(const line::Position& p, int depth) {
    if (depth == 0) return 1;
    line::Moves list;
    p.legal_moves(list);
    uint64_t n = 0;
    for (auto m : list) {
        line::Position q = p;
        q.play(m);
        n += count_by_copy(q, depth - 1);
    }
    return n;
}

}  // namespace

TEST_CASE("toy game: rules, SFEN and moves") {
    auto p = pos(Line::start_sfen);
    CHECK(p.sfen() == "KPP3ppk b 1");
    line::Moves list;
    p.legal_moves(list);
    REQUIRE(list.size() == 1);  // only the front pawn can step
    CHECK(p.move_text(list[0]) == "c1d1");
    CHECK_FALSE(p.parse_move("a1b1").ok());
    CHECK_FALSE(line::Position::from_sfen("KPP3pp b 1").ok());  // Gote has no king
    CHECK_FALSE(line::Position::from_sfen("KPP3ppkk b 1").ok());
    // Taking the king wins; a pawn on the far end wins.
    auto q = pos("K6Pk b 1");
    q.play(q.parse_move("h1i1").value());
    CHECK(q.outcome() == Outcome::Loss);
    CHECK(pos("k5K1P w 3").outcome() == Outcome::Loss);
}

TEST_CASE("toy game: perft through play/undo equals counting by copies; keys stay exact") {
    for (std::string_view sfen : Line::bench_positions) {
        auto p = pos(sfen);
        for (int d = 1; d <= 8; ++d) CHECK(perft<Line>(p, d) == count_by_copy(p, d));
        CHECK(p.key() == p.compute_key());
        CHECK(p.sfen() == pos(sfen).sfen());
    }
}

TEST_CASE("toy game: the generic search finds the win, bench and self-play run on its entry") {
    TranspositionTable<Line::Move> tt(1);
    auto search = std::make_unique<Search<Line>>(tt);
    Limits limits;
    limits.depth = 6;
    const Search<Line>::InfoSink quiet;
    // Sente takes the king at once.
    auto r = search->run(pos("K6Pk b 1"), {}, limits, SearchOptions{}, quiet);
    CHECK(pos("K6Pk b 1").move_text(r.best) == "h1i1");
    CHECK(r.score == mate_in(1));

    std::mutex m;
    std::vector<std::string> lines;
    Output out([&](std::string_view s) {
        std::lock_guard lock(m);
        lines.emplace_back(s);
    });
    const GameEntry& entry = line_entry();
    CHECK(entry.name == "line");
    DialectWriter usi(out, Dialect::Usi);
    auto session = entry.make_session(usi, 1);
    REQUIRE_FALSE(session->set_position({"startpos", "moves", "c1d1", "g1f1"}));
    Limits go;
    go.depth = 8;
    session->go(go, SearchOptions{});
    session->wait();
    REQUIRE_FALSE(lines.empty());
    CHECK(lines.back().rfind("bestmove ", 0) == 0);

    const BenchResult b = run_bench<Line>(0, 1, [&](std::string_view l) { out.line(l); });
    CHECK(b.positions == int(Line::bench_positions.size()));
    CHECK(b.nodes > 0);

    SelfPlayConfig config;
    config.a.name = "a";
    config.a.depth = 3;
    config.b.name = "b";
    config.b.depth = 2;
    config.games = 4;
    config.opening_plies = 0;
    config.verbose = false;
    auto played = line_match_game().self_play(config, out);
    REQUIRE_MESSAGE(played.ok(), played.error());
    CHECK(played.value().games() == 4);
}
