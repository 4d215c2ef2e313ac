#include <doctest/doctest.h>

#include <climits>
#include <sstream>
#include <string>
#include <thread>

#include "engine/dobutsu/dobutsu.hpp"
#include "tests/protocol/transcript.hpp"

using namespace menagerie;
using menagerie::testing::check_refused;
using menagerie::testing::Refusals;
using menagerie::testing::Transcript;
using namespace std::chrono_literals;

namespace {
const std::string kStart = "gle/1c1/1C1/ELG b - 1";
}

TEST_CASE("usi handshake lists every option and ends with usiok; isready answers readyok") {
    Transcript t;
    t.send("usi");
    auto lines = t.lines();
    REQUIRE(!lines.empty());
    CHECK(lines.front().rfind("id name Menagerie", 0) == 0);
    CHECK(lines.back() == "usiok");
    for (const char* name :
         {"USI_Variant", "USI_Hash", "Threads", "USI_Ponder", "MultiPV", "Move_Overhead", "Clear_Hash"})
        CHECK_MESSAGE(t.has(std::string("option name ") + name + " type"), name);
    // Shogi is the default, so a plain shogi GUI works unchanged.
    CHECK(t.has("option name USI_Variant type combo default shogi var shogi var dobutsu var jungle"));
    t.send("isready");
    CHECK(t.last("readyok") == "readyok");
}

TEST_CASE("position startpos and sfen, with moves; d shows the board with A1..C4 and the SFEN") {
    Transcript t("dobutsu");
    t.send("position startpos moves 2c2b 2a2b");
    CHECK(t.sfen() == "g1e/1l1/3/ELG b Cc 3");
    t.send("d");
    CHECK(t.has("      A    B    C"));
    CHECK(t.has("  1 |vG  |    |vE  |   a"));
    CHECK(t.has("Sente hand: chick"));
    CHECK(t.has("Side to move: Sente (b)"));
    t.send("position sfen 1l1/3/3/1L1 b 2G2E2C 1 moves G*2b");
    CHECK(t.sfen() == "1l1/1G1/3/1L1 w G2C2E 2");
    t.send("sfen " + kStart);  // shorthand
    CHECK(t.sfen() == kStart);
}

TEST_CASE("a bad position command is answered with an error and keeps the previous position") {
    Transcript t("dobutsu");
    t.send("position startpos moves 2c2b");
    const std::string before = t.sfen();
    const Refusals cases = {
        {"position", "expected 'startpos' or 'sfen"},
        {"position start", "expected 'startpos' or 'sfen', got 'start'"},
        {"position sfen", "'sfen' needs a position"},
        {"position sfen gle/1c1/1C1 b - 1", "position: sfen"},
        {"position sfen gxe/1c1/1C1/ELG b - 1", "unknown piece 'x'"},
        {"position startpos 2c2b", "expected 'moves', got '2c2b'"},
        {"position startpos moves 2c2b 2a2b 9z9z", "move 3: move '9z9z'"},
        {"position startpos moves 2c2b 1d1c", "move 2: move '1d1c': no piece of the side to move"},
        {"position startpos moves 2c2b 2a2b 2d2c 2b2c 1d1c", "move 5: move '1d1c': the game is already over"},
    };
    check_refused(t, cases, before);
    // Moves after the lion is caught are refused: the game is over.
    t.clear();
    t.send("position sfen 3/1l1/1C1/1L1 b - 1 moves 2c2b 2d2c");
    CHECK(t.last("info string error: ").find("already over") != std::string::npos);
    CHECK(t.sfen() == before);
}

TEST_CASE("unknown commands, garbage bytes and over-long lines get an error and change nothing") {
    Transcript t("dobutsu");
    t.send("position startpos");
    t.send("frobnicate now");
    CHECK(t.last("info string error: ") == "info string error: unknown command 'frobnicate'");
    t.send(std::string("\x01\xff\xfe garbage", 11));
    CHECK(t.last("info string error: ") == "info string error: unknown command '\\x01\\xff\\xfe'");
    t.send(std::string(kMaxLineLength + 10, 'x'));
    CHECK(t.last("info string error: ").find("longer than the limit") != std::string::npos);
    CHECK(t.sfen() == kStart);
    t.send("");
    t.send("   ");
    CHECK(t.sfen() == kStart);
}

TEST_CASE("the stream loop refuses over-long lines and strips CR") {
    std::vector<std::string> out;
    Output o([&](std::string_view s) { out.emplace_back(s); });
    std::string input = "usi\r\n" + std::string(kMaxLineLength + 5, 'p') + "\nisready\nquit\nisready\n";
    std::istringstream in(input);
    run_usi_loop(in, o);
    CHECK(std::find(out.begin(), out.end(), "usiok") != out.end());
    int errors = 0, ready = 0;
    for (const auto& l : out) errors += l.find("longer than the limit") != std::string::npos, ready += l == "readyok";
    CHECK(errors == 1);
    CHECK(ready == 1);  // the isready after quit is never read
}

TEST_CASE("setoption: names case-insensitive, unknown options tolerated, bad values refused") {
    Transcript t("dobutsu");
    t.send("setoption name usi_hash value 32");
    CHECK_FALSE(t.has("info string error"));
    CHECK(t.engine().options().spin("USI_Hash") == 32);
    t.send("setoption name USI_Hash value 0");
    CHECK(t.last("info string error: ").find("must be within 1..") != std::string::npos);
    t.send("setoption name USI_Hash value lots");
    CHECK(t.last("info string error: ").find("takes an integer") != std::string::npos);
    CHECK(t.engine().options().spin("USI_Hash") == 32);
    t.send("setoption name NoSuchOption value 3");
    CHECK(t.last("info string ") == "info string error: unknown option 'NoSuchOption' (ignored)");
    t.send("setoption name USI_Ponder value maybe");
    CHECK(t.last("info string error: ").find("true or false") != std::string::npos);
    t.send("setoption name USI_Variant value chess");
    CHECK(t.last("info string error: ").find("no value 'chess'") != std::string::npos);
    t.send("setoption name UCI_Variant value DOBUTSU");
    CHECK(t.engine().options().text("USI_Variant") == "dobutsu");
    t.send("setoption name MultiPV");
    CHECK(t.last("info string error: ").find("needs a value") != std::string::npos);
    t.send("setoption value 3");
    CHECK(t.last("info string error: ").find("expected 'setoption name") != std::string::npos);
    t.send("setoption name Clear_Hash");
    t.send("setoption name Threads value 1");
    t.send("setoption name Move_Overhead value 70");
    CHECK(t.engine().options().spin("Move_Overhead") == 70);
    // The engine's own options are taken silently: no game's option, so no word about which game has them.
    t.send("setoption name Threads value 2");
    t.send("setoption name MultiPV value 2");
    t.send("setoption name Skill_Level value 10");
    for (const std::string& line : t.lines()) CHECK(line.find("is an option of") == std::string::npos);
}

TEST_CASE("go before any position: the error, then one answer all the same") {
    Transcript t("dobutsu");
    t.send("go depth 3");
    t.wait();
    CHECK(t.last("info string error: ").find("no position yet") != std::string::npos);
    CHECK(t.count("bestmove") == 1);
    CHECK(t.last("bestmove") == "bestmove resign");
    t.clear();
    t.send("go mate 100");
    t.wait();
    CHECK(t.count("checkmate") == 1);
    CHECK(t.last("checkmate") == "checkmate nomate");
}

// A GUI that sends a go it believes valid waits for the bestmove: every go gets exactly one, a legal move.
TEST_CASE("bad go parameters: clamped or ignored with the reason, and exactly one legal bestmove") {
    Transcript t("dobutsu");
    t.send("position startpos");
    const auto legal = menagerie::dobutsu::Position::start();
    struct Case {
        const char* cmd;
        const char* says;  // the start of the info string that explains
    };
    const Case cases[] = {
        {"go depth", "info string error: go: 'depth' needs a value; ignored"},
        {"go depth x", "info string error: go: bad value 'x' for depth; ignored"},
        {"go depth 0", "info string go: depth 0 is out of range; using 1"},
        {"go movetime -5", "info string go: movetime -5 is out of range; using 1"},
        {"go movetime 9999999999999", "info string go: movetime 9999999999999 is out of range; using 1099511627776"},
        {"go movetime 99999999999999999999999 depth 2", "info string go: movetime 99999999999999999999999 is out"},
        {"go wibble", "info string error: go: unknown parameter 'wibble'; ignored"},
        {"go searchmoves", "info string error: go: searchmoves lists no move; ignored"},
        {"go searchmoves 9z9z", "info string error: go searchmoves: "},
        {"go nodes 1e9", "info string error: go: bad value '1e9' for nodes; ignored"},
        {"go depth movetime 50", "info string error: go: 'depth' needs a value; ignored"},
        {"go btime x wtime x byoyomi x", "info string error: go: bad value 'x' for btime; ignored"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.cmd);
        t.clear();
        t.send(c.cmd);
        if (std::string(c.cmd).find("9999999999999") != std::string::npos &&
            std::string(c.cmd).find("depth") == std::string::npos)
            t.send("stop");  // a search of 35 years answers when stopped
        t.wait();
        CHECK(t.has(c.says));
        REQUIRE(t.count("bestmove") == 1);
        const std::string best = t.last("bestmove ");
        CHECK_MESSAGE(legal.parse_move(best.substr(9, best.find(' ', 9) - 9)).ok(), best);
    }
    // With nothing left to limit it, the search runs a second rather than waiting for a stop.
    t.clear();
    t.send("go wibble");
    t.wait();
    CHECK(t.has("info string go: no limit could be read; searching 1000 ms"));
    // A bad searchmoves entry is dropped; the good ones still restrict the search.
    t.clear();
    t.send("go depth 3 searchmoves 9z9z 2c2b");
    t.wait();
    CHECK(t.last("bestmove ").rfind("bestmove 2c2b", 0) == 0);
}

TEST_CASE("go while searching: the running search answers first, then the new one") {
    Transcript t("dobutsu");
    t.send("position startpos");
    t.send("go infinite");
    t.send("go depth 2");
    t.wait();
    CHECK(t.count("bestmove") == 2);
}

TEST_CASE("check options take true/false in any case and 1/0, as GUIs send them") {
    Transcript t("dobutsu");
    for (const auto& [value, want] : std::vector<std::pair<std::string, bool>>{
             {"1", true}, {"0", false}, {"TRUE", true}, {"False", false}, {"true", true}, {"false", false}}) {
        CAPTURE(value);
        t.clear();
        t.send("setoption name USI_Ponder value " + value);
        CHECK_FALSE(t.has("info string error"));
        CHECK(t.engine().options().check("USI_Ponder") == want);
    }
    for (const char* bad : {"2", "yes", "-1", "01"}) {
        t.clear();
        t.send(std::string("setoption name USI_Ponder value ") + bad);
        CHECK(t.last("info string error: ").find("true or false (or 1 or 0)") != std::string::npos);
    }
}

TEST_CASE("nps is a rate even when the search takes under a millisecond") {
    Transcript t("dobutsu");
    t.send("position startpos");
    t.send("go depth 1");
    t.wait();
    const std::string info = t.last("info depth 1 ");
    REQUIRE(!info.empty());
    auto field = [&](const std::string& name) {
        const size_t at = info.find(" " + name + " ");
        REQUIRE(at != std::string::npos);
        return std::stoull(info.substr(at + name.size() + 2));
    };
    const auto nodes = field("nodes"), nps = field("nps"), time = field("time");
    // nps from microseconds: never the node count itself over a time below a millisecond.
    if (time == 0) CHECK(nps > nodes * 1000);
    else CHECK(nps <= nodes * 1000 / time + nodes);
}

TEST_CASE("go depth prints info lines and exactly one legal bestmove with a ponder move") {
    Transcript t("dobutsu");
    t.send("position startpos");
    t.send("go depth 6");
    t.wait();
    CHECK(t.count("bestmove") == 1);
    CHECK(t.has("info depth 6 "));
    const std::string info = t.last("info depth 6");
    for (const char* field : {" seldepth ", " score ", " nodes ", " nps ", " time ", " hashfull ", " pv "})
        CHECK_MESSAGE(info.find(field) != std::string::npos, field);
    const std::string bm = t.last("bestmove");
    CHECK(bm.find(" ponder ") != std::string::npos);
    // The best move from the start is the chick capture, by a wide margin.
    CHECK(bm.rfind("bestmove 2c2b", 0) == 0);
}

TEST_CASE("go perft and perft print the breakdown and the total") {
    Transcript t("dobutsu");
    t.send("position startpos");
    t.send("go perft 3");
    CHECK(t.last("Nodes searched") == "Nodes searched: 123");
    t.send("perft 4");
    CHECK(t.last("Nodes searched") == "Nodes searched: 976");
    CHECK(t.has("2c2b: "));
    t.send("perft 99");
    CHECK(t.last("info string error: ").find("perft: expected a depth") != std::string::npos);
}

TEST_CASE("finished games: bestmove resign when lost, bestmove win when the try has succeeded") {
    Transcript t("dobutsu");
    t.send("position sfen 3/1l1/1C1/1L1 b - 1 moves 2c2b");  // Gote's lion caught
    t.send("go depth 3");
    t.wait();
    CHECK(t.last("bestmove") == "bestmove resign");
    t.clear();
    t.send("position sfen g2/1L1/2l/3 b - 1 moves 2b2a 1c1b");  // Sente's lion survived on rank a
    t.send("go depth 3");
    t.wait();
    CHECK(t.last("bestmove") == "bestmove win");
}

TEST_CASE("repetition, seed sequence 1: the third occurrence of the start position at move 8 is a draw") {
    Transcript t("dobutsu");
    const std::string four = " 1d1c 3a3b 1c1d 3b3a";
    t.send("position startpos moves" + four);
    t.send("d");
    CHECK(t.last("Occurrences") == "Occurrences of this position: 2");
    CHECK(t.last("Game state") == "Game state: ongoing");
    t.send("position startpos moves" + four + " 1d1c 3a3b 1c1d");
    t.send("d");
    CHECK(t.last("Game state") == "Game state: ongoing");
    t.send("position startpos moves" + four + four);
    t.send("d");
    CHECK(t.last("Occurrences") == "Occurrences of this position: 3");
    CHECK(t.last("Game state") == "Game state: draw by repetition");
    t.send("go depth 2");
    t.wait();
    CHECK(t.last("bestmove") == "bestmove resign");
    // No move may follow a drawn game.
    t.clear();
    t.send("position startpos moves" + four + four + " 2c2b");
    CHECK(t.last("info string error: ").find("already ended by repetition") != std::string::npos);
}

TEST_CASE("repetition, seed sequence 2: the side to move counts, the draw comes only at move 28") {
    // 1 B2 chick, 2 B2 elephant, 3 B3 elephant, 4 C1 elephant, 5 A4 elephant, 6 B2 chick (drop),
    // 7 B3 chick (drop), 8 B3 chick, 9 B3 elephant, 10 B2 elephant, 11 A4 elephant, 12 C1 elephant,
    // 13 B3 chick (drop), 14 B2 chick (drop).
    const std::string half = " 2c2b 1a2b 3d2c 2b1a 2c3d C*2b C*2c 2b2c 3d2c 1a2b 2c3d 2b1a C*2c C*2b";
    Transcript t("dobutsu");
    // After move 7 the board and hands are the start's, but Gote is to move: not an occurrence of the start.
    t.send("position startpos moves 2c2b 1a2b 3d2c 2b1a 2c3d C*2b C*2c");
    t.send("d");
    CHECK(t.last("SFEN") == "SFEN: gle/1c1/1C1/ELG w - 8");
    CHECK(t.last("Occurrences") == "Occurrences of this position: 1");
    t.send("position startpos moves" + half);
    t.send("d");
    CHECK(t.last("Occurrences") == "Occurrences of this position: 2");
    CHECK(t.last("Game state") == "Game state: ongoing");
    const std::string full = half + half;
    std::vector<std::string> moves;
    for (size_t i = 0; i < full.size();) {
        size_t j = full.find(' ', i + 1);
        if (j == std::string::npos) j = full.size();
        moves.push_back(full.substr(i + 1, j - i - 1));
        i = j;
    }
    REQUIRE(moves.size() == 28);
    for (size_t n = 15; n <= 28; ++n) {
        std::string cmd = "position startpos moves";
        for (size_t k = 0; k < n; ++k) cmd += " " + moves[k];
        t.send(cmd);
        t.send("d");
        CAPTURE(n);
        CHECK(t.last("Game state") == (n == 28 ? "Game state: draw by repetition" : "Game state: ongoing"));
    }
}

TEST_CASE("stop during go infinite answers promptly") {
    Transcript t("dobutsu");
    t.send("position startpos");
    t.send("go infinite");
    std::this_thread::sleep_for(300ms);
    CHECK_FALSE(t.has("bestmove"));  // infinite waits for stop
    const auto t0 = std::chrono::steady_clock::now();
    t.send("stop");
    REQUIRE(t.wait_for("bestmove", 5s) >= 0);
    const auto us = std::chrono::duration_cast<std::chrono::microseconds>(std::chrono::steady_clock::now() - t0);
    MESSAGE("stop latency: " << us.count() << " microseconds");
    CHECK(us < 2s);  // generous: sanitizer builds are slow; the release figure is a few ms
    t.wait();
    CHECK(t.count("bestmove") == 1);
}

TEST_CASE("isready during a search answers at once; quit during a search exits") {
    Transcript t("dobutsu");
    t.send("position startpos");
    t.send("go infinite");
    t.send("isready");
    CHECK(t.wait_for("readyok", 2s) >= 0);
    CHECK_FALSE(t.send("quit"));
    CHECK(t.count("bestmove") == 1);
}

TEST_CASE("ponder: no bestmove until ponderhit, then a timed answer") {
    Transcript t("dobutsu");
    t.send("position startpos moves 2c2b");
    t.send("go ponder btime 1000 wtime 1000 byoyomi 200");
    std::this_thread::sleep_for(300ms);
    CHECK_FALSE(t.has("bestmove"));
    t.send("ponderhit");
    CHECK(t.wait_for("bestmove", 5s) >= 0);
    t.wait();
    // Pondering stopped by stop: answers too.
    t.clear();
    t.send("go ponder btime 1000 wtime 1000");
    std::this_thread::sleep_for(100ms);
    t.send("stop");
    CHECK(t.wait_for("bestmove", 5s) >= 0);
}

TEST_CASE("time management stays within the budget over many fast byoyomi moves") {
    Transcript t("dobutsu");
    t.send("setoption name Move_Overhead value 20");
    int64_t worst = INT64_MIN;
    for (int i = 0; i < 12; ++i) {
        const int btime = (i % 3) * 100;  // 0, 100, 200 ms on the clock
        const int byoyomi = 100;
        t.send("position startpos");
        t.clear();
        const auto t0 = std::chrono::steady_clock::now();
        t.send("go btime " + std::to_string(btime) + " wtime 500 byoyomi " + std::to_string(byoyomi));
        REQUIRE(t.wait_for("bestmove", 10s) >= 0);
        const auto ms =
            std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
        t.wait();
        worst = std::max<int64_t>(worst, ms - (btime + byoyomi));
        CHECK(ms <= btime + byoyomi);
    }
    MESSAGE("closest approach to the budget: " << worst << " ms (negative = under)");
}

TEST_CASE("go movetime and go nodes are honoured") {
    Transcript t("dobutsu");
    t.send("position startpos");
    const auto t0 = std::chrono::steady_clock::now();
    t.send("go movetime 200");
    REQUIRE(t.wait_for("bestmove", 10s) >= 0);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0);
    CHECK(ms < 400ms);
    t.wait();
    t.clear();
    t.send("go nodes 5000");
    t.wait();
    CHECK(t.count("bestmove") == 1);
}

TEST_CASE("MultiPV reports distinct lines") {
    Transcript t("dobutsu");
    t.send("setoption name MultiPV value 3");
    t.send("position startpos");
    t.send("go depth 5");
    t.wait();
    std::vector<std::string> firsts;
    for (const auto& l : t.lines()) {
        if (l.rfind("info depth 5 ", 0) != 0) continue;
        const auto pv = l.find(" pv ");
        firsts.push_back(l.substr(pv + 4, 4));
    }
    REQUIRE(firsts.size() == 3);
    CHECK(firsts[0] != firsts[1]);
    CHECK(firsts[1] != firsts[2]);
    CHECK(firsts[0] != firsts[2]);
}

TEST_CASE("go mate finds a forced win and says nomate where there is none") {
    Transcript t("dobutsu");
    t.send("position sfen l2/1eL/CC1/E1G b G 11");
    t.send("go mate 5000");
    t.wait();
    CHECK(t.last("checkmate").rfind("checkmate ", 0) == 0);
    CHECK(t.last("checkmate") != "checkmate nomate");
    CHECK_FALSE(t.has("bestmove"));
    t.clear();
    t.send("position sfen 3/1l1/1C1/1L1 b - 1 moves 2c2b");
    t.send("go mate 1000");
    t.wait();
    CHECK(t.last("checkmate") == "checkmate nomate");
}

TEST_CASE("usinewgame, gameover and Clear_Hash keep the engine usable") {
    Transcript t("dobutsu");
    t.send("usinewgame");
    t.send("position startpos");
    t.send("go depth 4");
    t.wait();
    t.send("gameover win");
    t.send("setoption name Clear_Hash");
    t.send("gameover maybe");
    CHECK(t.has("info string error: gameover"));
    t.send("go depth 4");
    t.wait();
    CHECK(t.count("bestmove") == 2);
}
