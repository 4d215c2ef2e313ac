// Lazy SMP (search/search.hpp): several threads over one table, for every game, through the search itself and
// through the engine loop. The names start with "threads:", which the ThreadSanitizer preset runs.
#include <doctest/doctest.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/shogi/shogi.hpp"
#include "eval/shogi/eval.hpp"
#include "search/search.hpp"
#include "tests/protocol/transcript.hpp"

using namespace menagerie;
using menagerie::testing::Transcript;
using namespace std::chrono_literals;

namespace {

// The last bestmove's move ("bestmove 7g7f ponder 3c3d" -> "7g7f").
std::string best_of(Transcript& t) {
    const std::string line = t.last("bestmove ");
    if (line.empty()) return "";
    const size_t end = line.find(' ', 9);
    return line.substr(9, end == std::string::npos ? std::string::npos : end - 9);
}

// Whether the move is legal where it was asked: the engine takes it as the next move of the position.
bool legal_after(Transcript& t, const std::string& position, const std::string& move) {
    t.clear();
    t.send(position + (position.find(" moves ") == std::string::npos ? " moves " : " ") + move);
    return !t.has("info string error");
}

}  // namespace

TEST_CASE("threads: every game searches with 2 and 4 threads and answers one legal move") {
    struct Case {
        const char* game;
        int depth;
    };
    for (const Case c : {Case{"dobutsu", 8}, Case{"jungle", 6}, Case{"shogi", 6}, Case{"tori", 5}, Case{"chu", 4},
                         Case{"dai", 3}, Case{"taikyoku", 2}}) {
        for (int threads : {2, 4}) {
            CAPTURE(c.game);
            CAPTURE(threads);
            Transcript t(c.game);
            t.send("setoption name TablebaseFile value none");  // Dobutsu: the search, not the table
            t.send("setoption name Threads value " + std::to_string(threads));
            t.clear();
            t.send("position startpos");
            t.send("go depth " + std::to_string(c.depth));
            t.wait();
            CHECK(t.count("bestmove") == 1);
            CHECK_FALSE(t.has("info string error"));
            const std::string move = best_of(t);
            REQUIRE_FALSE(move.empty());
            CHECK(move != "resign");
            CHECK(legal_after(t, "position startpos", move));
        }
    }
}

TEST_CASE("threads: go nodes counts every thread's nodes, and the helpers' work shows in the total") {
    TranspositionTable<shogi::Move> tt(16);
    auto owned = std::make_unique<Search<shogi::Shogi>>(tt);
    auto& search = *owned;
    const auto root = shogi::Position::from_sfen(shogi::Shogi::start_sfen).value();
    Limits limits;
    limits.nodes = 200000;
    SearchOptions options;
    options.threads = 4;
    const typename Search<shogi::Shogi>::InfoSink quiet;
    const auto report = search.run(root, {}, limits, options, quiet);
    CHECK(report.nodes >= limits.nodes);
    // The main thread looks at the sum every 64 of its nodes; the helpers run on until it halts them.
    CHECK(report.nodes < 2 * limits.nodes);
    CHECK_FALSE(report.best.is_null());
    // With one thread the limit is exact, as it always was.
    tt.clear();
    options.threads = 1;
    const auto alone = search.run(root, {}, limits, options, quiet);
    CHECK(alone.nodes == limits.nodes);
    // A depth reached by 2 threads has cost more nodes in all than the main thread's share: the helpers
    // searched too, and the report counts their nodes.
    tt.clear();
    search.clear_history();
    Limits to_depth;
    to_depth.depth = 8;
    options.threads = 2;
    std::vector<uint64_t> shown;
    int deepest = 0;
    const typename Search<shogi::Shogi>::InfoSink sink = [&](const auto& info) {
        shown.push_back(info.nodes);
        deepest = std::max(deepest, info.depth);
    };
    const auto deep = search.run(root, {}, to_depth, options, sink);
    REQUIRE_FALSE(shown.empty());
    // The main thread reached the depth asked for; the vote may still pick a helper whose last finished
    // depth is lower (and report that thread's depth with its move).
    CHECK(deepest == 8);
    CHECK(deep.depth >= 1);
    CHECK(deep.depth <= 8);
    CHECK(deep.nodes == search.nodes());
    CHECK(search.main_thread_nodes() > 0);
    CHECK(deep.nodes > search.main_thread_nodes());
    CHECK(deep.nodes >= shown.back());
}

TEST_CASE("threads: stop, ponderhit and quit end every thread, each go with one bestmove") {
    Transcript t("chu");
    t.send("setoption name Threads value 4");
    t.send("position startpos");
    t.clear();
    t.send("go infinite");
    std::this_thread::sleep_for(100ms);
    CHECK_FALSE(t.has("bestmove"));
    const auto asked = std::chrono::steady_clock::now();
    t.send("stop");
    CHECK(t.wait_for("bestmove", 5s) >= 0);
    t.wait();
    CHECK(std::chrono::steady_clock::now() - asked < 2s);
    CHECK(t.count("bestmove") == 1);

    t.clear();
    t.send("go ponder btime 1000 wtime 1000 byoyomi 100");
    std::this_thread::sleep_for(100ms);
    CHECK_FALSE(t.has("bestmove"));
    t.send("ponderhit");
    CHECK(t.wait_for("bestmove", 5s) >= 0);
    t.wait();
    CHECK(t.count("bestmove") == 1);

    t.clear();
    t.send("go infinite");
    std::this_thread::sleep_for(50ms);
    CHECK_FALSE(t.send("quit"));
    CHECK(t.count("bestmove") == 1);
}

TEST_CASE("threads: MultiPV, skill levels, go mate and the Dobutsu table work with several threads") {
    {
        Transcript t("shogi");
        t.send("setoption name Threads value 3");
        t.send("setoption name MultiPV value 3");
        t.send("position startpos");
        t.clear();
        t.send("go depth 6");
        t.wait();
        CHECK(t.count("bestmove") == 1);
        CHECK(t.has("info depth 6 seldepth"));
        const auto lines = t.lines();
        int last_depth_lines = 0;
        for (const auto& l : lines) last_depth_lines += l.rfind("info depth 6 ", 0) == 0;
        CHECK(last_depth_lines == 3);
        // The move played is the first line's.
        std::string first_line;
        for (const auto& l : lines)
            if (l.rfind("info depth 6 ", 0) == 0 && l.find(" multipv 1 ") != std::string::npos) first_line = l;
        const std::string move = best_of(t);
        CHECK(first_line.find(" pv " + move) != std::string::npos);
        CHECK(legal_after(t, "position startpos", move));
    }
    {
        Transcript t("jungle");
        t.send("setoption name Threads value 2");
        t.send("setoption name Skill_Level value 3");
        t.send("position startpos");
        t.clear();
        t.send("go depth 6");
        t.wait();
        CHECK(t.count("bestmove") == 1);
        CHECK(legal_after(t, "position startpos", best_of(t)));
    }
    {
        // go mate through the search (Dobutsu without its table), with helpers.
        Transcript t("dobutsu");
        t.send("setoption name TablebaseFile value none");
        t.send("setoption name Threads value 4");
        t.send("position sfen l2/1eL/CC1/E1G b G 11");
        t.clear();
        t.send("go mate 5000");
        t.wait();
        CHECK(t.last("checkmate").rfind("checkmate ", 0) == 0);
        CHECK(t.last("checkmate") != "checkmate nomate");
        CHECK(t.last("checkmate") != "checkmate timeout");
    }
}

TEST_CASE("threads: 1,000 go/stop/ponderhit cycles with 4 threads give exactly 1,000 bestmoves") {
    Transcript t("shogi");
    t.send("setoption name Threads value 4");
    t.send("setoption name USI_Hash value 4");
    t.clear();
    const int kCycles = 1000;
    for (int i = 0; i < kCycles; ++i) {
        t.send(i % 2 ? "position startpos moves 7g7f" : "position startpos");
        switch (i % 4) {
            case 0:  // stopped at once
                t.send("go infinite");
                t.send("stop");
                break;
            case 1:  // pondering, then the move was the one expected
                t.send("go ponder btime 100 wtime 100 byoyomi 5");
                t.send("ponderhit");
                break;
            case 2:  // pondering, then another move: stop
                t.send("go ponder btime 100 wtime 100");
                t.send("stop");
                break;
            default:  // a search that ends by itself, or is replaced by the next go
                t.send("go depth 3");
                break;
        }
    }
    t.send("stop");
    t.wait();
    CHECK(t.count("bestmove") == kCycles);
}
