// The engine in steps (Engine::set_stepped): the single-threaded WebAssembly build's way of searching, here in
// the native build so that it runs under the sanitizers too. A go only starts its search; step() advances it;
// commands between steps act as they do while a search thread runs.
#include <doctest/doctest.h>

#include <string>
#include <thread>

#include "tests/protocol/transcript.hpp"

using menagerie::testing::Transcript;
using namespace std::chrono_literals;

namespace {
// Steps until the search has answered, at most `steps` steps; returns the steps taken.
int run_steps(Transcript& t, int ms, int steps = 100000) {
    int n = 0;
    while (n < steps && t.engine().step(ms)) ++n;
    return n;
}
// The number of a field (" nodes ") in an info line.
long long field(const std::string& line, const std::string& name) {
    const size_t at = line.find(" " + name + " ");
    return at == std::string::npos ? -1 : std::stoll(line.substr(at + name.size() + 2));
}
}  // namespace

TEST_CASE("in steps, a search within one step is the threaded search node for node") {
    for (const char* game : {"shogi", "chushogi", "dobutsu", "jungle"}) {
        CAPTURE(game);
        Transcript threaded(game), stepped(game);
        stepped.engine().set_stepped(true);
        for (Transcript* t : {&threaded, &stepped}) {
            t->send("position startpos");
            t->send("go depth 5");
        }
        threaded.wait();
        CHECK(run_steps(stepped, 600000) <= 1);  // one step of ten minutes holds the whole search
        REQUIRE(stepped.count("bestmove") == 1);
        CHECK(stepped.last("bestmove") == threaded.last("bestmove"));
        CHECK(field(stepped.last("info depth 5"), "nodes") == field(threaded.last("info depth 5"), "nodes"));
        CHECK(field(stepped.last("info depth 5"), "nodes") > 0);
    }
}

TEST_CASE("in steps of a millisecond, go depth, movetime and nodes end with one legal answer") {
    Transcript t("shogi");
    t.engine().set_stepped(true);
    t.send("position startpos moves 7g7f 3c3d");
    t.send("go depth 9");
    CHECK_FALSE(t.has("bestmove"));  // go returned at once; the search waits for the steps
    const int steps = run_steps(t, 1);
    MESSAGE("go depth 9 took " << steps << " steps of 1 ms");
    CHECK(steps > 1);
    CHECK(t.count("bestmove") == 1);
    CHECK(t.has("info depth 9 "));
    // Each depth is reported once, though an iteration may be cut by a step's end and searched again.
    for (int d = 1; d <= 9; ++d) CHECK(t.count("info depth " + std::to_string(d) + " ") == 1);
    t.send("position startpos");
    t.send("isready");
    CHECK(t.has("readyok"));

    t.clear();
    t.send("go movetime 300");
    const auto t0 = std::chrono::steady_clock::now();
    run_steps(t, 2);
    const auto elapsed = std::chrono::steady_clock::now() - t0;
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count();
    CHECK(t.count("bestmove") == 1);
    MESSAGE("go movetime 300 answered after " << ms << " ms");
    CHECK(ms < 1500);  // generous for the sanitizer builds; the search keeps to its movetime

    t.clear();
    t.send("go nodes 20000");
    run_steps(t, 1);
    REQUIRE(t.count("bestmove") == 1);
    CHECK(t.last("bestmove") != "bestmove resign");
}

TEST_CASE("in steps, go infinite waits for stop; stop answers at the next step; isready between steps") {
    Transcript t("shogi");
    t.engine().set_stepped(true);
    t.send("position startpos");
    t.send("go infinite");
    for (int i = 0; i < 20; ++i) CHECK(t.engine().step(5));
    t.send("isready");
    CHECK(t.has("readyok"));
    CHECK_FALSE(t.has("bestmove"));
    t.send("stop");
    CHECK_FALSE(t.engine().step(5));
    CHECK(t.count("bestmove") == 1);
    CHECK_FALSE(t.engine().searching());

    // Ponder, then ponderhit: the clock starts; the answer comes within the steps.
    t.clear();
    t.send("position startpos moves 7g7f");
    t.send("go ponder btime 1000 wtime 1000 byoyomi 200");
    for (int i = 0; i < 10; ++i) CHECK(t.engine().step(5));
    CHECK_FALSE(t.has("bestmove"));
    t.send("ponderhit");
    run_steps(t, 5);
    CHECK(t.count("bestmove") == 1);
}

TEST_CASE("in steps, go during a search answers the running one first; quit ends it with its answer") {
    Transcript t("shogi");
    t.engine().set_stepped(true);
    t.send("position startpos");
    t.send("go infinite");
    t.engine().step(5);
    t.send("go depth 3");
    CHECK(t.count("bestmove") == 1);  // the stopped search has answered
    run_steps(t, 5);
    CHECK(t.count("bestmove") == 2);

    t.send("go infinite");
    t.engine().step(5);
    t.send("position startpos moves 7g7f");  // refused while searching, as with a search thread
    CHECK(t.last("info string error").find("while searching") != std::string::npos);
    CHECK_FALSE(t.send("quit"));
    CHECK(t.count("bestmove") == 3);
}

TEST_CASE("in steps, go mate solves across steps and stop ends it") {
    Transcript t("shogi");
    t.engine().set_stepped(true);
    t.send("position sfen 3sks3/9/4S4/9/9/8B/9/9/9 b S 1");
    t.send("go mate 10000");
    run_steps(t, 1);
    const std::string line = t.last("checkmate");
    CHECK(line.rfind("checkmate ", 0) == 0);
    CHECK(line != "checkmate nomate");
    CHECK(line != "checkmate timeout");
    t.send("position sfen 9/5Pk2/9/8R/8B/9/9/9/9 b 2Srb4g2s4n4l17p 1");
    t.send("go mate infinite");
    t.engine().step(1);
    t.send("stop");
    run_steps(t, 1, 5);
    CHECK(t.count("checkmate") == 2);
    CHECK_FALSE(t.engine().searching());
}

TEST_CASE("in steps, every game answers a timed go with one legal move") {
    for (const char* game : {"dobutsu", "jungle", "torishogi", "chushogi", "daishogi", "taikyoku"}) {
        CAPTURE(game);
        Transcript t(game);
        t.engine().set_stepped(true);
        t.send("position startpos");
        t.send("go btime 2000 wtime 2000 binc 100 winc 100");
        run_steps(t, 3);
        REQUIRE(t.count("bestmove") == 1);
        const std::string move = t.last("bestmove").substr(9);
        CHECK(move != "resign");
        // The move is legal: the engine takes it as the next position.
        t.send("position startpos moves " + move.substr(0, move.find(' ')));
        CHECK_FALSE(t.has("info string error"));
    }
}
