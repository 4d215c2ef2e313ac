// Taikyoku shogi over USI: the variant, the start, perft, move text with its capture squares, a search's legal
// answer, the game end with its reason, and bad input refused with the position kept.
#include <doctest/doctest.h>

#include <string>

#include "engine/taikyoku/taikyoku.hpp"
#include "tests/protocol/transcript.hpp"

using menagerie::testing::check_refused;
using menagerie::testing::Refusals;
using menagerie::testing::Transcript;
using namespace std::chrono_literals;

namespace {
std::string empty_ranks(int n) {
    std::string s;
    for (int i = 0; i < n; ++i) s += "36/";
    return s;
}
// Gote's king on 19a; a Sente Free Eagle on 19s below Gote pawns on 19r and 19p; Sente's king on 19jj.
const std::string kEagle = "17k18/" + empty_ranks(14) + "17p18/36/17p18/17(FE)18/" + empty_ranks(16) + "17K18 b - 1";
}  // namespace

TEST_CASE("taikyoku over USI: the variant, perft, a walk's text, a search's legal answer") {
    Transcript t;
    t.send("usi");
    CHECK(t.last("option name USI_Variant").find(" var taikyoku") != std::string::npos);
    t.send("setoption name USI_Variant value taikyoku");
    t.send("isready");
    CHECK(t.last("readyok") == "readyok");
    t.send("position startpos");
    CHECK(t.sfen() == std::string(menagerie::taikyoku::Taikyoku::start_sfen));
    t.send("go perft 2");
    CHECK(t.last("Nodes searched") == "Nodes searched: 258172");
    // The walk from 19s takes the pawns on 19r and 19p and ends on 19p; written with the squares it takes.
    t.send("position sfen " + kEagle + " moves 19s19r19p");
    CHECK(t.sfen() == "17k18/" + empty_ranks(14) + "17(FE)18/" + empty_ranks(19) + "17K18 w - 2");
    t.send("position sfen " + kEagle);
    t.clear();
    t.send("go depth 2");
    REQUIRE(t.wait_for("bestmove", 30s) >= 0);
    const std::string best = t.last("bestmove");
    auto p = menagerie::taikyoku::Position::from_sfen(kEagle);
    REQUIRE(p.ok());
    CHECK(p.value().parse_move(best.substr(9, best.find(' ', 9) - 9)).ok());
}

TEST_CASE("taikyoku over USI: going back to a position of the game scores against the side at the root") {
    // Kings alone. Sente's king went 19jj-19ii and Gote's 19a-19b: 19ii-19jj lets Gote's 19b-19a bring back
    // the position after Sente's first move. Taikyoku has no repetition rule; the search scores the return
    // SearchTuning::repeat_contempt against Sente, where a plain draw would leave it the level eval.
    Transcript t;
    t.send("setoption name USI_Variant value taikyoku");
    t.send("position sfen 17k18/" + empty_ranks(34) + "17K18 b - 1 moves 19jj19ii 19a19b");
    t.clear();
    t.send("go depth 3 searchmoves 19ii19jj");
    REQUIRE(t.wait_for("bestmove", 30s) >= 0);
    const std::string info = t.last("info depth 3 ");
    const int contempt = menagerie::taikyoku::Taikyoku::search_tuning.repeat_contempt;
    REQUIRE(contempt > 0);
    CHECK(info.find(" score cp " + std::to_string(-contempt) + " ") != std::string::npos);
    CHECK(info.find(" pv 19ii19jj 19b19a") != std::string::npos);
}

TEST_CASE("taikyoku over USI: bad positions and illegal moves are refused, the position kept") {
    Transcript t;
    t.send("setoption name USI_Variant value taikyoku");
    t.send("position sfen " + kEagle);
    const std::string before = t.sfen();
    const Refusals cases = {
        {"position sfen 36/36 b - 1", "expected 36 ranks"},
        {"position sfen (XYZ)35/" + empty_ranks(34) + "36 b - 1", "unknown piece"},
        {"position sfen " + empty_ranks(35) + "36 b P 1", "no drops"},
        {"position sfen " + kEagle + " moves 19s", "expected <from>"},
        {"position sfen " + kEagle + " moves 19s19p19o", "squares between"},
        {"position sfen " + kEagle + " moves 19jj19gg", "not a legal move"},
        {"position sfen " + kEagle + " moves 19s19r+", "cannot promote"},
        {"position sfen 17k18/" + empty_ranks(34) + "17K18 b - 1 moves pass", "no piece can pass"},
    };
    check_refused(t, cases, before);
}

TEST_CASE("taikyoku over USI: the last royal taken ends the game with its reason") {
    Transcript t;
    t.send("setoption name USI_Variant value taikyoku");
    t.send("position sfen 17k18/17(GLG)18/" + empty_ranks(33) + "17K18 b - 1 moves 19b19a");
    t.send("d");
    CHECK(t.last("Game state").find("no king or crown prince") != std::string::npos);
    t.send("go depth 3");
    t.wait();
    CHECK(t.last("bestmove") == "bestmove resign");
}

TEST_CASE("taikyoku over USI: a search stopped in its first iteration has tried the winning capture first") {
    // Six Sente Free Kings; the one on 19c can take Gote's only royal on 19a. A search stopped at its first
    // node (go nodes 1) plays the first root move: the win, then (root_captures_first) the largest capture,
    // not the first move generated (19c19b, 1c1b).
    const std::string rest = "(FK)35/35(FK)/(FK)35/35(FK)/" + empty_ranks(20) + "17K18 b - 1";
    const std::string win = "17k18/36/17(FK)18/" + empty_ranks(8) + rest;
    const std::string take = "17k18/36/35(FK)/" + empty_ranks(4) + "35(fk)/" + empty_ranks(3) + rest;
    REQUIRE(menagerie::taikyoku::Taikyoku::search_tuning.root_captures_first);
    for (const auto& [sfen, best] : {std::pair{win, "19c19a"}, std::pair{take, "1c1h"}}) {
        Transcript t;
        t.send("setoption name USI_Variant value taikyoku");
        t.send("position sfen " + sfen);
        REQUIRE(t.last("info string error").empty());
        t.clear();
        t.send("go nodes 1");
        REQUIRE(t.wait_for("bestmove", 30s) >= 0);
        CHECK(t.last("bestmove").rfind("bestmove " + std::string(best), 0) == 0);
    }
}

TEST_CASE("taikyoku over USI: pass is read as a jitto, as the match runner sends one") {
    // The Free Eagle on 19s can step out to an empty square and back: 19s19s, or USI's pass.
    Transcript t;
    t.send("setoption name USI_Variant value taikyoku");
    t.send("position sfen " + kEagle + " moves 19s19s");
    const std::string jitto = t.sfen();
    t.send("position sfen " + kEagle + " moves pass");
    CHECK(t.last("info string error").empty());
    CHECK(t.sfen() == jitto);
    CHECK(jitto.find(" w - 2") != std::string::npos);
}
