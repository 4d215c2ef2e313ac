// The match runner's reading of engine output lines (protocol/match/engine_output.hpp) and the position
// translation for XBoard engines, including what the engine-output fuzz target found.
#include <doctest/doctest.h>

#include "protocol/match/engine_client.hpp"
#include "protocol/match/engine_output.hpp"

using namespace menagerie;

TEST_CASE("engine output: USI lines") {
    auto u = read_usi_line("info depth 3 score cp -45 nodes 100 pv 7g7f");
    CHECK(u.kind == UsiLine::Kind::Info);
    CHECK(u.score_cp == -45);
    CHECK(u.depth == 3);
    CHECK(u.nodes == 100);
    CHECK(u.pv == std::vector<std::string>{"7g7f"});
    // The line is everything after pv; a bad score is skipped and the rest still read; info string is text.
    auto l = read_usi_line("info score cp x depth 7 pv 7g7f 3c3d 2g2f");
    CHECK_FALSE(l.score_cp);
    CHECK(l.depth == 7);
    CHECK(l.pv == std::vector<std::string>{"7g7f", "3c3d", "2g2f"});
    auto s = read_usi_line("info string depth 9 pv 1a1b");
    CHECK_FALSE(s.depth);
    CHECK(s.pv.empty());
    CHECK_FALSE(read_usi_line("info depth -3 nodes x").depth);
    CHECK(read_usi_line("info score mate 3 pv 2c2b").score_cp == 29997);
    CHECK(read_usi_line("info score mate -3 pv 2c2b").score_cp == -29997);
    CHECK(read_usi_line("info score mate -0").score_cp == -30000);
    // Out-of-range numbers land inside the runner's range (an int's extremes used to overflow).
    CHECK(read_usi_line("info score mate -2147483648").score_cp == -30000 + 10000);
    CHECK(read_usi_line("info score mate 9223372036854775807").score_cp == 30000 - 10000);
    CHECK(read_usi_line("info score cp 99999999").score_cp == 30000);
    CHECK_FALSE(read_usi_line("info score cp 99999999999999999999").score_cp);
    CHECK_FALSE(read_usi_line("info score cp x").score_cp);
    auto b = read_usi_line("bestmove 7g7f ponder 3c3d");
    CHECK(b.kind == UsiLine::Kind::BestMove);
    CHECK(b.text == "7g7f");
    CHECK(read_usi_line("bestmove").kind == UsiLine::Kind::BestMoveWithout);
    CHECK(read_usi_line("id name Fairy-Stockfish 11.1").text == "Fairy-Stockfish 11.1");
    CHECK(read_usi_line("option name USI_Variant type combo").text == "USI_Variant");
    CHECK(read_usi_line("").kind == UsiLine::Kind::Other);
}

TEST_CASE("engine output: XBoard lines and features") {
    CHECK(read_xboard_line("move e2e4", "").text == "e2e4");
    CHECK(read_xboard_line("12. ... 7g7f", "").text == "7g7f");
    CHECK(read_xboard_line("1-0 {Black mates}", "").kind == XboardLine::Kind::Result);
    CHECK(read_xboard_line("White resigns", "").kind == XboardLine::Kind::Resign);
    CHECK(read_xboard_line("Illegal move: a1b2", "a1b2").kind == XboardLine::Kind::Refusal);
    CHECK(read_xboard_line("Illegal move: a1b2", "").kind == XboardLine::Kind::Other);
    // HaChu refuses a repetition without naming the move; an error about another command is no refusal.
    CHECK(read_xboard_line("Illegal move {Repeats earlier position}", "f3g4").kind == XboardLine::Kind::Refusal);
    // gnushogi's answer to a command it does not know is not a refusal of the move sent before it.
    CHECK(read_xboard_line("Illegal move (no match) otim", "2g2f").kind == XboardLine::Kind::Other);
    CHECK(read_xboard_line("Illegal move (no match) 2g2f", "2g2f").kind == XboardLine::Kind::Refusal);
    CHECK(read_xboard_line("Error (unknown command): memory", "f3g4").kind == XboardLine::Kind::Other);
    auto t = read_xboard_line(" 9 100050 120 33333 a1b2", "");
    CHECK(t.kind == XboardLine::Kind::Thinking);
    CHECK(t.score_cp == 30000);
    CHECK(t.depth == 9);
    CHECK(t.nodes == 33333);
    CHECK(t.pv == std::vector<std::string>{"a1b2"});
    const auto f = read_xboard_features("feature ping=1 variants=\"shogi,chu\" myname=\"HaChu 0.21\" done=1");
    REQUIRE(f.size() == 4);
    CHECK(f[1].second == "shogi,chu");
    CHECK(f[2].second == "HaChu 0.21");
    CHECK(read_xboard_features("no features here").empty());
}

TEST_CASE("engine output: SFEN to XBoard FEN") {
    CHECK(sfen_to_xboard_fen("3/1l1/1L1/3 b 2Cc 5").value() == "3/1l1/1L1/3[CCc] w - - 0 5");
    // Found by the engine-output fuzz target: a long hand count overflowed an int (and asked for a string of
    // that many letters).
    auto big = sfen_to_xboard_fen("3/1l1/1L1/3 b 6666666666C 5");
    REQUIRE_FALSE(big.ok());
    CHECK(big.error().find("above 999") != std::string::npos);
}
