// Tori shogi over USI as a GUI or script that drives Fairy-Stockfish's `torishogi` drives it: the variant
// by USI_Variant (or UCI_Variant), the start position and moves in that notation, clocks, and bad input
// refused with the position kept.
#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

#include "engine/tori/tori.hpp"
#include "tests/protocol/transcript.hpp"

using menagerie::testing::check_refused;
using menagerie::testing::Refusals;
using menagerie::testing::Transcript;
using namespace std::chrono_literals;

namespace {
const std::string kStart = "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b - 1";

// The bestmove line's move is legal in the position `sfen`.
bool legal_answer(const std::string& bestmove, const std::string& sfen) {
    if (bestmove.rfind("bestmove ", 0) != 0) return false;
    std::string m = bestmove.substr(9);
    m = m.substr(0, m.find(' '));
    auto p = menagerie::tori::Position::from_sfen(sfen);
    return p.ok() && p.value().parse_move(m).ok();
}
}  // namespace

TEST_CASE("tori over USI: the variant, Fairy-Stockfish's start position and notation, perft, clocks") {
    Transcript t;
    t.send("usi");
    CHECK(t.last("option name USI_Variant").find(" var torishogi") != std::string::npos);
    t.send("setoption name UCI_Variant value torishogi");  // the name Fairy-Stockfish's GUIs send
    t.send("isready");
    CHECK(t.last("readyok") == "readyok");
    t.send("usinewgame");
    t.send("position startpos");
    CHECK(t.sfen() == kStart);
    t.send("go perft 3");
    CHECK(t.last("Nodes searched") == "Nodes searched: 5430");

    // A capture, the captured swallow in hand, and its drop; the falcon's forced promotion in the zone.
    t.send("position startpos moves 3d3c 4b3c 3e3d 3c3d S*3b");
    CHECK(t.sfen() == "rpckcpl/4S2/ssss1ss/2s1f2/SSSS1SS/3F3/LPCKCPR w 2s 6");
    t.send("position sfen 3k3/7/7/3F3/7/7/3K3 b - 1 moves 4d4c 4a5a 4c4b");
    CHECK(t.sfen() == "2k4/3+F3/7/7/7/7/3K3 w - 4");  // 4c4b written without '+': the promotion is forced
    t.send("position sfen " + kStart + " moves 3d3c 4b3c");
    CHECK(t.sfen() == "rpckcpl/7/ssssfss/2s4/SSSSSSS/3F3/LPCKCPR b Ss 3");

    // Byoyomi: the answer is legal and in time.
    const std::string after = t.sfen();
    t.clear();
    const auto t0 = std::chrono::steady_clock::now();
    t.send("go btime 0 wtime 0 byoyomi 300");
    REQUIRE(t.wait_for("bestmove", 10s) >= 0);
    CHECK(std::chrono::steady_clock::now() - t0 < 2s);
    CHECK(legal_answer(t.last("bestmove"), after));

    // Fischer clocks, then analysis until stop: one bestmove each.
    t.clear();
    t.send("go btime 2000 wtime 2000 binc 100 winc 100");
    REQUIRE(t.wait_for("bestmove", 10s) >= 0);
    CHECK(legal_answer(t.last("bestmove"), after));
    t.clear();
    t.send("go infinite");
    std::this_thread::sleep_for(100ms);
    t.send("stop");
    t.wait();
    CHECK(t.count("bestmove") == 1);
}

TEST_CASE("tori over USI: bad positions and illegal moves are refused with the reason, the position kept") {
    Transcript t;
    t.send("setoption name USI_Variant value torishogi");
    t.send("position startpos moves 3d3c");
    const std::string before = t.sfen();
    const Refusals cases = {
        {"position sfen rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3 b - 1", "7 ranks"},
        {"position sfen rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPN b - 1", "unknown piece 'N'"},
        {"position sfen 3k3/7/7/7/7/7/3K3 b Q 1", "cannot be in hand"},
        {"position sfen 3S3/7/7/7/7/7/3K3 b - 1", "unpromoted swallow"},
        {"position sfen 6k/7/7/7/7/7/K6 b S 1 moves S*4a", "move 1: move 'S*4a': a swallow may not be dropped on the last rank"},
        {"position sfen 6k/7/7/3S3/3S3/7/K6 b S 1 moves S*4b", "a third swallow on one file"},
        {"position sfen 6k/4F2/5C1/7/7/7/K6 b S 1 moves S*1b", "a swallow drop that mates"},
        {"position sfen 6k/7/3C3/7/7/7/K6 b - 1 moves 4c4b+", "cannot promote"},
        {"position sfen k2l3/7/7/3C3/7/7/3K3 b - 1 moves 4d5c", "leaves the phoenix in check"},
        {"position sfen k6/7/7/4r2/4C2/7/6K b l 1 moves 3e3d 7a7b L*4d", "move 3: move 'L*4d': no such piece in hand"},
        {"position startpos moves 3d3c 4b3c 4e4d+", "no promotion outside the zone"},
        {"position startpos moves 8e8d", "move 1: move '8e8d'"},
    };
    check_refused(t, cases, before);
}

TEST_CASE("tori over USI: the fourth occurrence loses for the side completing it; a mated side resigns") {
    Transcript t;
    t.send("setoption name USI_Variant value torishogi");
    const std::string cycle = " 4g5g 4a5a 5g4g 5a4a";
    std::string moves;
    for (int n = 1; n <= 3; ++n) {
        moves += cycle;
        t.send("position sfen 3k3/7/7/7/7/7/3K3 b - 1 moves" + moves);
        t.send("d");
        CAPTURE(n);
        CHECK(t.last("Occurrences") == "Occurrences of this position: " + std::to_string(n + 1));
        // Gote completed the fourth occurrence: Sente, to move, has won.
        CHECK(t.last("Game state") == (n == 3 ? "Game state: won for the side to move by repetition" : "Game state: ongoing"));
    }
    // Mated by a dropped crane (a swallow could not have done it): Gote has no move and resigns.
    t.send("position sfen 6k/4F2/5C1/7/7/7/K6 b C 1 moves C*1b");
    t.send("d");
    CHECK(t.last("Game state") == "Game state: lost for the side to move (checkmate)");
    t.send("go depth 3");
    t.wait();
    CHECK(t.last("bestmove") == "bestmove resign");
}
