// Shogi over USI as a plain shogi GUI drives it (the ShogiHome sequence), with no variant ever chosen.
#include <doctest/doctest.h>

#include <string>

#include "engine/shogi/shogi.hpp"
#include "tests/protocol/transcript.hpp"

using menagerie::testing::check_refused;
using menagerie::testing::Refusals;
using menagerie::testing::Transcript;
using namespace std::chrono_literals;

namespace {
// The bestmove line's move is legal in the position given by `sfen` and `moves`.
bool legal_answer(const std::string& bestmove, const std::string& position_sfen) {
    if (bestmove.rfind("bestmove ", 0) != 0) return false;
    std::string m = bestmove.substr(9);
    m = m.substr(0, m.find(' '));
    auto p = menagerie::shogi::Position::from_sfen(position_sfen);
    return p.ok() && p.value().parse_move(m).ok();
}
}  // namespace

TEST_CASE("shogi over USI: the ShogiHome sequence, with no variant chosen") {
    Transcript t;
    t.send("usi");
    CHECK(t.has("option name USI_Variant type combo default shogi"));
    CHECK(t.last("usiok") == "usiok");
    // ShogiHome sends these whether or not the engine declared them.
    t.send("setoption name USI_Hash value 64");
    t.send("setoption name USI_Ponder value false");
    t.send("setoption name BookFile value book.db");
    CHECK(t.last("info string ").find("unknown option 'BookFile'") != std::string::npos);
    t.send("isready");
    CHECK(t.last("readyok") == "readyok");
    t.send("usinewgame");
    t.send("position startpos moves 7g7f 3c3d");
    CHECK(t.sfen() == "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");

    // Byoyomi only: the move comes within the byoyomi.
    t.clear();
    const auto t0 = std::chrono::steady_clock::now();
    t.send("go btime 0 wtime 0 byoyomi 300");
    REQUIRE(t.wait_for("bestmove", 10s) >= 0);
    CHECK(std::chrono::steady_clock::now() - t0 < 2s);
    CHECK(legal_answer(t.last("bestmove"), "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3"));

    // Fischer clocks.
    t.clear();
    t.send("position startpos moves 7g7f 3c3d 2g2f");
    t.send("go btime 2000 wtime 2000 binc 200 winc 200");
    REQUIRE(t.wait_for("bestmove", 10s) >= 0);
    CHECK(legal_answer(t.last("bestmove"), "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P4P1/PP1PPPP1P/1B5R1/LNSGKGSNL w - 4"));

    // Pondering / analysis: go infinite until stop, exactly one bestmove.
    t.clear();
    t.send("go infinite");
    std::this_thread::sleep_for(100ms);
    t.send("stop");
    t.wait();
    CHECK(t.count("bestmove") == 1);

    t.send("gameover lose");
    t.send("usinewgame");
    t.send("isready");
    CHECK(t.last("readyok") == "readyok");
    t.send("position sfen l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1");
    t.clear();
    t.send("go depth 4");
    t.wait();
    CHECK(legal_answer(t.last("bestmove"), "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1"));
}

TEST_CASE("shogi over USI: a mated side resigns; bad moves and positions are refused, the position kept") {
    Transcript t;
    // Gote is mated: gold on 5b protected by the pawn on 5c.
    t.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1");
    t.send("go depth 3");
    t.wait();
    CHECK(t.last("bestmove") == "bestmove resign");

    t.send("position startpos moves 7g7f");
    const std::string before = t.sfen();
    const Refusals cases = {
        {"position startpos moves 7g7f 3c3d 7f7e 4a3b 7e7d 8c8d 7d7c 5a4a 7c8b", "move 9: move '7c8b'"},
        {"position startpos moves 7g7f 3c3d P*5e", "no such piece in hand"},
        {"position startpos moves 7g7f 3c3e", "cannot reach"},
        {"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", "expected board, side, hands"},
        {"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b X 1", "cannot be in hand"},
        {"position sfen 4k4/9/4P4/9/4P4/9/9/9/4K4 b - 1", "two pawns"},
    };
    check_refused(t, cases, before);
}

TEST_CASE("shogi over USI: bestmove win where the entering-king rule lets the side to move declare") {
    Transcript t;
    t.send("usi");
    CHECK(t.has("option name EnteringKingRule type combo default CSARule27 var CSARule27 var NoEnteringKing"));
    t.send("position sfen RBGGGGSS1/SS2K4/9/9/9/9/9/9/4k4 b 10P 1");
    t.send("go btime 1000 wtime 1000 byoyomi 100");
    t.wait();
    CHECK(t.last("bestmove") == "bestmove win");
    t.send("setoption name EnteringKingRule value NoEnteringKing");
    t.clear();
    t.send("go depth 2");
    t.wait();
    CHECK(t.last("bestmove").rfind("bestmove win", 0) != 0);
    CHECK(t.count("bestmove") == 1);
    t.send("setoption name EnteringKingRule value Sometimes");
    CHECK(t.last("info string error: ").find("Sometimes") != std::string::npos);
}
