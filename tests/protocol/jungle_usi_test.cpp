#include <doctest/doctest.h>

#include <string>

#include "tests/protocol/transcript.hpp"

using menagerie::testing::check_refused;
using menagerie::testing::Refusals;
using menagerie::testing::Transcript;

namespace {
const std::string kStart = "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 1";
}

TEST_CASE("jungle over USI: variant switch, start position, d shows water, traps and dens") {
    Transcript t;
    t.send("setoption name USI_Variant value jungle");
    t.send("position startpos moves a3a4 g7g6");
    CHECK(t.sfen() == "l5t/1d3c1/r1p1w2/6e/7/E6/2W1P1R/1C3D1/T5L b 3");
    t.send("d");
    CHECK(t.has("     a  b  c  d  e  f  g"));
    CHECK(t.has(" 9 | l  .  #  @  #  .  t | 9"));
    CHECK(t.has(" 5 | .  ~  ~  .  ~  ~  . | 5"));
    t.send("position startpos");
    t.send("go perft 3");
    CHECK(t.last("Nodes searched") == "Nodes searched: 12240");
    t.send("go depth 4");
    t.wait();
    CHECK(t.count("bestmove") == 1);
}

TEST_CASE("jungle over USI: bad position strings and illegal moves are refused, the position kept") {
    Transcript t;
    t.send("setoption name USI_Variant value jungle");
    t.send("position startpos moves a3a4");
    const std::string before = t.sfen();
    const Refusals cases = {
        {"position sfen l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1 b 1", "9 ranks"},
        {"position sfen l5t/1d3c1/r1p1w1e/7/1E5/7/2W1P1R/1C3D1/T5L b 1", "in the water"},
        {"position sfen gle/1c1/1C1/ELG b - 1", "expected 2 or 3 fields"},
        {"position sfen gle/1c1/1C1/ELG b 1", "unknown piece 'g'"},
        {"position startpos moves c3c4", "move 1: move 'c3c4': only the rat may enter the water"},
        {"position startpos moves a3a4 a9a8 a1a2 a8a9 a2a1 a9a8 d2d1", "move 7: move 'd2d1'"},
        {"position startpos moves 2c2b", "move 1: move '2c2b'"},
        {"position startpos moves a3a4 a7a6 a4a5 g7g6 a5a6", "move 5: move 'a5a6': the elephant cannot capture the rat"},
    };
    check_refused(t, cases, before);
}

TEST_CASE("jungle over USI: the fifth occurrence of a position is a draw") {
    Transcript t;
    t.send("setoption name USI_Variant value jungle");
    const std::string cycle = " a3a4 g7g6 a4a3 g6g7";
    std::string moves;
    for (int n = 1; n <= 4; ++n) {
        moves += cycle;
        t.send("position startpos moves" + moves);
        t.send("d");
        CAPTURE(n);
        CHECK(t.last("Occurrences") == "Occurrences of this position: " + std::to_string(n + 1));
        CHECK(t.last("Game state") == (n == 4 ? "Game state: draw by repetition" : "Game state: ongoing"));
    }
    t.send("go depth 3");
    t.wait();
    CHECK(t.last("bestmove") == "bestmove resign");
}

TEST_CASE("jungle over USI: a finished game answers at once") {
    Transcript t;
    t.send("setoption name USI_Variant value jungle");
    t.send("position sfen 6l/3R3/7/7/7/7/7/7/6L b 1 moves d8d9");
    t.send("d");
    CHECK(t.last("Game state") == "Game state: lost for the side to move (den entered)");
    t.send("go depth 3");
    t.wait();
    CHECK(t.last("bestmove") == "bestmove resign");
}
