// The UCI dialect (spec/protocol.md, protocol/loop/dialect.hpp): the same session as USI, spelled as cutechess's
// shogi and Dobutsu boards and Fairy-Stockfish's UCI mode spell it.
#include <doctest/doctest.h>

#include "protocol/loop/dialect.hpp"
#include "tests/protocol/transcript.hpp"

using namespace menagerie;
using menagerie::testing::Transcript;

namespace {

// A transcript that has said `uci` (and chosen a game).
struct Uci : Transcript {
    explicit Uci(const std::string& variant = "shogi") {
        send("uci");
        send("setoption name UCI_Variant value " + variant);
        clear();
    }
    std::string fen() {
        send("d");
        std::string s = last("Fen: ");
        return s.empty() ? s : s.substr(5);
    }
    // `go perft N`: the per-move lines and the total.
    std::vector<std::string> perft(int depth) {
        clear();
        send("go perft " + std::to_string(depth));
        return lines();
    }
};

bool contains(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

}  // namespace

TEST_CASE("uci: the handshake names UCI's options, with every game in UCI_Variant") {
    Transcript t;
    t.send("uci");
    const auto lines = t.lines();
    REQUIRE(lines.size() > 5);
    CHECK(lines.front().rfind("id name Menagerie", 0) == 0);
    CHECK(lines.back() == "uciok");
    const std::string variant = t.last("option name UCI_Variant ");
    for (const char* game : {"shogi", "dobutsu", "jungle", "torishogi", "chushogi", "daishogi", "taikyoku"})
        CHECK(variant.find(" var " + std::string(game)) != std::string::npos);
    CHECK(t.has("option name Hash type spin"));
    CHECK(t.has("option name Ponder type check"));
    CHECK_FALSE(t.has("option name USI_"));
    t.clear();
    t.send("isready");
    CHECK(t.last("") == "readyok");
    // The dialect is chosen once: usi is refused afterwards, and UCI's names and USI's both set options.
    t.send("usi");
    CHECK(t.has("info string error: usi: this engine speaks UCI"));
    t.clear();
    t.send("setoption name Hash value 2");
    t.send("setoption name USI_Hash value 3");
    t.send("setoption name Threads value 1");
    CHECK(t.lines().empty());
}

TEST_CASE("uci: a search running before the handshake answers, then the engine speaks UCI") {
    Transcript t;
    t.send("position startpos");
    t.send("go infinite");
    t.send("uci");
    REQUIRE(t.wait_for("uciok", std::chrono::seconds(10)) >= 0);
    CHECK(t.count("bestmove") == 1);
    t.send("go depth 1");
    t.wait();
    CHECK(t.count("bestmove") == 2);
    CHECK(t.last("bestmove")[9] >= 'a');  // chess squares now
}

TEST_CASE("uci: shogi positions and moves as cutechess writes them") {
    Uci t;
    // The start, as cutechess's shogi board writes it, is the start.
    t.send("position fen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[-] w - 1 moves c3c4");
    CHECK(t.sfen() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2");
    CHECK(t.fen() == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[-] b - 1");
    // Fairy-Stockfish's form: an empty "[]", castling and en passant fields, two numbers.
    t.send("position fen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL[] w - - 2 2 moves b2h8+ g9h8");
    CHECK(t.sfen() == "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL b Bb 5");
    CHECK(t.fen() == "lnsgkg1nl/1r5s1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[Bb] w - 3");
    // A drop, written P@e5 / B@e5; the hand in brackets, counts accepted on input.
    t.send("position fen 4k4/9/9/9/9/9/9/9/4K4[2PBp] w - 1 moves B@e5");
    CHECK(t.sfen() == "4k4/9/9/9/4B4/9/9/9/4K4 w 2Pp 2");
    CHECK(t.fen() == "4k4/9/9/9/4B4/9/9/9/4K4[PPp] b - 1");
    const auto p = t.perft(1);
    CHECK(contains(p, "p@e6: 1") == false);  // pieces in hand are written in upper case
    CHECK(contains(p, "P@e6: 1"));
    CHECK(contains(p, "e9d8: 1"));
    // The start's moves: USI 7g7f is c3c4; the same counts as USI.
    t.send("position startpos");
    const auto start = t.perft(1);
    CHECK(contains(start, "c3c4: 1"));
    CHECK(contains(start, "h2c2: 1"));  // the rook across
    CHECK(t.last("Nodes searched") == "Nodes searched: 30");
    t.perft(3);
    CHECK(t.last("Nodes searched") == "Nodes searched: 25470");
    // go searchmoves in chess squares: the search keeps to them (a move that is not legal is reported).
    t.clear();
    t.send("go depth 2 searchmoves a3a4 z9z9");
    REQUIRE(t.wait_for("bestmove") >= 0);
    CHECK(t.last("bestmove").rfind("bestmove a3a4", 0) == 0);
    CHECK(t.has("info string error: go searchmoves"));
    // The search speaks chess squares too.
    t.clear();
    t.send("go depth 3");
    REQUIRE(t.wait_for("bestmove") >= 0);
    const std::string best = t.last("bestmove");
    CHECK(best.size() >= 13);
    CHECK(best[9] >= 'a');
    CHECK(best[9] <= 'i');
    CHECK(t.last("info depth 3").find(" pv ") != std::string::npos);
}

TEST_CASE("uci: Dobutsu as cutechess's Dobutsu board writes it") {
    Uci t("dobutsu");
    t.send("position fen gle/1c1/1C1/ELG[-] w - 1 moves b2b3");
    CHECK(t.sfen() == "gle/1C1/3/ELG w C 2");
    CHECK(t.fen() == "gle/1C1/3/ELG[C] b - 1");
    t.send("position startpos");
    const auto p = t.perft(1);
    // Sente's chick b2, lion b1, giraffe c1 (USI 2c, 2d, 1d): four moves.
    for (const char* move : {"b2b3: 1", "b1a2: 1", "b1c2: 1", "c1c2: 1"}) CHECK(contains(p, move));
    CHECK(t.last("Nodes searched") == "Nodes searched: 4");
    t.perft(4);
    CHECK(t.last("Nodes searched") == "Nodes searched: 976");
    // A chick promotes with '+' written, and is read with or without it.
    t.send("position fen 3/1C1/3/l1L[-] w - 1 moves b3b4+");
    CHECK(t.sfen() == "1+C1/3/3/l1L w - 2");
    t.send("position fen 3/1C1/3/l1L[-] w - 1 moves b3b4");
    CHECK(t.sfen() == "1+C1/3/3/l1L w - 2");
    // The lion caught: no move to play, (none).
    t.clear();
    t.send("position fen 1l1/1L1/3/3[-] w - 1 moves b3b4");
    t.send("go depth 3");
    REQUIRE(t.wait_for("bestmove") >= 0);
    CHECK(t.last("bestmove") == "bestmove (none)");
}

TEST_CASE("uci: the other games' spelling: chess squares, w for Sente, the lion square respelled") {
    Uci jungle("jungle");
    jungle.send("position fen l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w - 1 moves a3a4");
    CHECK(jungle.sfen() == "l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L w 2");
    CHECK(jungle.fen() == "l5t/1d3c1/r1p1w1e/7/7/E6/2W1P1R/1C3D1/T5L b - 1");
    Uci chu("chushogi");
    chu.send("position startpos");
    const auto p = chu.perft(1);
    // A chu move in chess squares: USI 7i7h (a pawn) is f4f5 on twelve files.
    CHECK(contains(p, "f4f5: 1"));
    Transcript usi("chushogi");
    usi.send("position startpos");
    usi.send("go perft 1");
    CHECK(chu.last("Nodes searched") == usi.last("Nodes searched"));
    // Chu's third field, the square of a lion just taken, in chess squares both ways.
    chu.send("position fen 11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 w e8 1");
    CHECK(chu.sfen() == "11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 b 8e 1");
    CHECK(chu.fen() == "11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 w e8 1");
    Uci taikyoku("taikyoku");
    taikyoku.send("position startpos");
    const std::string fen = taikyoku.fen();
    REQUIRE_FALSE(fen.empty());
    taikyoku.send("position fen " + fen);
    CHECK(taikyoku.fen() == fen);
}

TEST_CASE("uci: bad input is refused with a reason, the position kept, every go answered") {
    Uci t;
    t.send("position startpos moves c3c4");
    const std::string kept = t.sfen();
    t.clear();
    for (const char* bad : {"position fen", "position fen lnsgkgsnl/1r5b1 w - 1", "position fen 9/9/9/9/9/9/9/9/9[-] x - 1",
                            "position fen 4k4/9/9/9/9/9/9/9/4K4[P w - 1", "position fen 4k4/9/9/9/9/9/9/9/4K4[-] w - 1 2 3",
                            "position startpos moves c3c5", "position startpos moves z9z9", "position startpos moves P@e5",
                            "position fen 4k4/9/9/9/9/9/9/9/4K4[-] w e4 1"}) {
        CAPTURE(bad);
        const size_t before = t.size();
        t.send(bad);
        const auto lines = t.lines();
        REQUIRE(lines.size() > before);
        CHECK(lines[before].rfind("info string error: position", 0) == 0);
        CHECK(t.sfen() == kept);
    }
    t.clear();
    for (int i = 0; i < 20; ++i) {
        t.send("go infinite");
        t.send("stop");
    }
    t.send("go depth 2 wtime 1000 btime 1000 winc 10 binc 10 movestogo 5");
    t.send("go movetime 10");
    t.send("go nodes 500");
    t.send("go mate 1");
    t.wait();
    CHECK(t.count("bestmove") == 24);
    CHECK(t.count("bestmove (none)") == 0);
}

TEST_CASE("uci: mate scores count moves, USI's plies") {
    Output sink([](std::string_view) {});
    DialectWriter usi(sink, Dialect::Usi), uci(sink, Dialect::Uci);
    SearchInfo info;
    info.depth = 5;
    info.seldepth = 5;
    info.score = Score{true, 3, Score::Bound::Exact};
    CHECK(usi.info_text(info).find("score mate 3 ") != std::string::npos);
    CHECK(uci.info_text(info).find("score mate 2 ") != std::string::npos);
    info.score = Score{true, -4, Score::Bound::Exact};
    CHECK(usi.info_text(info).find("score mate -4 ") != std::string::npos);
    CHECK(uci.info_text(info).find("score mate -2 ") != std::string::npos);
    info.score = Score{true, 1, Score::Bound::Exact};
    CHECK(uci.info_text(info).find("score mate 1 ") != std::string::npos);
    info.score = Score{false, -35, Score::Bound::Lower};
    CHECK(uci.info_text(info).find("score cp -35 lowerbound ") != std::string::npos);
    // Through the engine: a Dobutsu position won in three plies (bench/dobutsu-mates.txt), USI's mate 3.
    Uci t("dobutsu");
    t.send("position fen 1g1/Lel/3/cCG[e] b - 8");
    CHECK(t.sfen() == "1g1/Lel/3/cCG w e 16");
    t.send("go depth 9");
    REQUIRE(t.wait_for("bestmove") >= 0);
    CHECK(t.last("info depth").find("score mate 2 ") != std::string::npos);
    Transcript usi_engine("dobutsu");
    usi_engine.send("position sfen 1g1/Lel/3/cCG w e 16");
    usi_engine.send("go depth 9");
    REQUIRE(usi_engine.wait_for("bestmove") >= 0);
    CHECK(usi_engine.last("info depth").find("score mate 3 ") != std::string::npos);
}
