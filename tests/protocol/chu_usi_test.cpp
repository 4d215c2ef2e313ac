// Chu shogi over USI as a lishogi-style client drives it: the variant, lishogi's SFEN and move text (every
// spelling of a lion move), the game end with its reason, and bad input refused with the position kept.
#include <doctest/doctest.h>

#include <string>

#include "engine/chu/chu.hpp"
#include "tests/protocol/transcript.hpp"

using menagerie::testing::check_refused;
using menagerie::testing::Refusals;
using menagerie::testing::Transcript;
using namespace std::chrono_literals;

namespace {
bool legal_answer(const std::string& bestmove, const std::string& sfen) {
    if (bestmove.rfind("bestmove ", 0) != 0) return false;
    std::string m = bestmove.substr(9);
    m = m.substr(0, m.find(' '));
    auto p = menagerie::chu::Position::from_sfen(sfen);
    return p.ok() && p.value().parse_move(m).ok();
}
const std::string kLions = "11k/12/4p7/3s8/3n4+o3/4p2ig3/5N2+O3/5P6/12/12/12/K11 b - 1";
}  // namespace

TEST_CASE("chu over USI: the variant, perft, lion moves in every spelling, a search's legal answer") {
    Transcript t;
    t.send("usi");
    CHECK(t.last("option name USI_Variant").find(" var chushogi") != std::string::npos);
    t.send("setoption name USI_Variant value chushogi");
    t.send("isready");
    CHECK(t.last("readyok") == "readyok");
    t.send("position startpos");
    CHECK(t.sfen() == std::string(menagerie::chu::Chu::start_sfen));
    t.send("go perft 3");
    CHECK(t.last("Nodes searched") == "Nodes searched: 48315");

    // The gold bridge: the promoted kirin (a lion) takes the gold on 4f and the protected lion on 4e.
    t.send("position sfen " + kLions + " moves 4g4f4e");
    CHECK(t.sfen() == "11k/12/4p7/3s8/3n4+O3/4p2i4/5N6/5P6/12/12/12/K11 w - 2");
    // A step through an empty square is the one-leg move; a pass through any empty square is one pass.
    t.send("position sfen " + kLions + " moves 7g6h6i");
    const std::string via = t.sfen();
    t.send("position sfen " + kLions + " moves 7g6i");
    CHECK(t.sfen() == via);
    t.send("position sfen " + kLions + " moves 7g8h7g");
    CHECK(t.sfen() == "11k/12/4p7/3s8/3n4+o3/4p2ig3/5N2+O3/5P6/12/12/12/K11 w - 2");

    t.send("position startpos");
    t.clear();
    t.send("go btime 0 wtime 0 byoyomi 300");
    REQUIRE(t.wait_for("bestmove", 10s) >= 0);
    CHECK(legal_answer(t.last("bestmove"), std::string(menagerie::chu::Chu::start_sfen)));
}

TEST_CASE("chu over USI: bad positions and illegal moves are refused with the rule, the position kept") {
    Transcript t;
    t.send("setoption name USI_Variant value chushogi");
    t.send("position sfen " + kLions);
    const std::string before = t.sfen();
    const Refusals cases = {
        {"position sfen 11k/12/12/12/12/12/12/12/12/12/12 b - 1", "expected 12 ranks"},
        {"position sfen 11k/12/12/12/12/12/12/12/12/12/12/W11 b - 1", "unknown piece 'W'"},
        {"position sfen 11k/12/12/12/12/12/12/12/12/12/12/K11 b 4z 1", "third field"},
        {"position sfen " + kLions + " moves 7g", "expected <from><to>"},
        {"position sfen " + kLions + " moves 4g4e", "protected-lion rule"},
        {"position sfen " + kLions + " moves 7g8f9e", "protected-lion rule"},
        {"position sfen 11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 b 7e 1 moves 7j7e", "counter-strike rule"},
        {"position sfen " + kLions + " moves 12l12k+", "cannot promote"},
    };
    check_refused(t, cases, before);
}

TEST_CASE("chu over USI: ChuRules lishogi, for the moves of a position, perft and its texts") {
    const std::string counter = "11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 b 7e 1";
    const std::string lance = "5k6/6P3p1/1P1L6G1/11S/4E3L1p1/7O4/12/7e4/9l2/12/2p9/K11 b - 1";
    Transcript t;
    t.send("usi");
    CHECK(t.has("option name ChuRules type combo default seed var seed var lishogi"));
    t.send("setoption name USI_Variant value chushogi");
    t.send("setoption name ChuRules value lishogi");
    // Moves only lishogi allows are read in the position's own move list.
    t.send("position sfen " + counter + " moves 7j7e");
    CHECK(t.sfen() == "11k/12/2p9/5g6/5R3n2/12/9+H2/6B5/12/12/12/K11 w 7e 2");
    t.send("position sfen " + lance + " moves 9c9a+");
    CHECK(t.sfen().rfind("3+L1k6/", 0) == 0);
    t.send("position sfen " + counter);
    t.send("perft 1 texts");
    CHECK(t.last("Nodes searched") == "Nodes searched: 73");  // the spec's lishogi texts
    t.send("position sfen " + kLions);
    t.send("perft 1 texts");
    CHECK(t.last("Nodes searched") == "Nodes searched: 161");  // every path of a lion's move
    t.send("perft 1");
    CHECK(t.last("Nodes searched") == "Nodes searched: 72");  // distinct moves
    const Refusals lishogi_refuses = {
        {"position sfen " + counter + " moves 3g3e", "ChuRules lishogi"},
        {"setoption name ChuRules value hachu", "no value 'hachu'"},
        {"perft 1 words", "only 'texts'"},
    };
    check_refused(t, lishogi_refuses, t.sfen());
    // Back to the seed's rules: the other way round.
    t.send("setoption name ChuRules value seed");
    t.send("position sfen " + counter + " moves 3g3e");
    CHECK(t.sfen() == "11k/12/2p9/5g6/5+o3+H2/12/12/6B5/12/5R6/12/K11 w 3e 2");
    t.send("go perft 1 texts");
    CHECK(t.last("Nodes searched").rfind("Nodes searched: ", 0) == 0);
    const Refusals seed_refuses = {
        {"position sfen " + counter + " moves 7j7e", "counter-strike rule"},
        {"position sfen " + lance + " moves 9c9a+", "cannot promote"},
    };
    check_refused(t, seed_refuses, t.sfen());
}

TEST_CASE("chu over USI: a finished game says why, and go answers at once") {
    Transcript t;
    t.send("setoption name USI_Variant value chushogi");
    t.send("position sfen 6k5/12/12/12/12/12/4G1G5/12/12/12/12/6K5 w - 1");
    t.send("d");
    CHECK(t.last("Game state").find("bare king") != std::string::npos);
    t.send("go depth 3");
    t.wait();
    CHECK(t.last("bestmove") == "bestmove resign");
}
