#include "engine/dobutsu/dobutsu.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "engine/core/zobrist.hpp"
#include "search/perft.hpp"
#include "tests/engine/dobutsu_reference.hpp"
#include "tests/engine/helpers.hpp"

using namespace menagerie;
using namespace menagerie::dobutsu;

namespace {

Position pos(const std::string& sfen) { return menagerie::testing::position<Dobutsu>(sfen); }

Move move(const Position& p, const std::string& text) {
    auto m = p.parse_move(text);
    REQUIRE_MESSAGE(m.ok(), m.error());
    return m.value();
}

std::vector<std::string> legal_texts(const Position& p) { return menagerie::testing::legal_texts<Dobutsu>(p); }
using menagerie::testing::has;

// Positions built to exercise the rules: full hands, hens, lions one step from the far rank, a pending try.
const std::vector<std::string> kConstructed = {
    "1l1/3/3/1L1 b 2G2C2E 1",   // every piece in hand: drops dominate
    "1l1/3/3/1L1 w 2g2c2e 1",   // all in Gote's hand, Gote to move
    "1l1/3/3/1L1 b GCEgce 1",   // hands split
    "g+Ce/1l1/1L1/E+cG b - 1",  // hens on both sides
    "1l1/L2/3/3 w 2G2C2E 1",    // Sente lion one step from its far rank
    "L1l/3/3/3 w 2G2C2E 1",     // Sente lion already on its far rank, Gote to move: a try pending
    "3/2l/gCe/L1E b Gc 5",      // mixed, chicks about to promote
    "gle/1c1/1C1/ELG b - 1",    // the start
};

}  // namespace

TEST_CASE("perft from the start equals the spec table") {
    Position p = Position::start();
    const uint64_t expected[] = {1, 4, 17, 123, 976, 8122};
    for (int d = 0; d <= 5; ++d) CHECK(perft<Dobutsu>(p, d) == expected[d]);
    CHECK(p == Position::start());
}

TEST_CASE("perft: bulk counting and plain play/count/undo agree") {
    for (const auto& sfen : kConstructed) {
        Position p = pos(sfen);
        for (int d = 1; d <= 5; ++d) {
            CAPTURE(sfen);
            CAPTURE(d);
            CHECK(perft<Dobutsu, true>(p, d) == perft<Dobutsu, false>(p, d));
        }
    }
}

TEST_CASE("perft of constructed positions equals an independent reference implementation") {
    for (const auto& sfen : kConstructed) {
        Position p = pos(sfen);
        const auto r = reference::parse(sfen);
        for (int d = 1; d <= 4; ++d) {
            CAPTURE(sfen);
            CAPTURE(d);
            CHECK(perft<Dobutsu>(p, d) == reference::perft(r, d));
        }
    }
    // Deeper from the start, where the spec's table stops.
    Position start = Position::start();
    CHECK(perft<Dobutsu>(start, 6) == reference::perft(reference::parse(std::string(Dobutsu::start_sfen)), 6));
}

TEST_CASE("incremental key and undo stay exact over random games") {
    KeyGenerator rng(42);
    for (int game = 0; game < 200; ++game) {
        Position p = Position::start();
        std::vector<std::pair<Position, Move>> trail;
        std::vector<Undo> undos;  // the undo record of each move played
        for (int ply = 0; ply < 60; ++ply) {
            Moves list;
            p.legal_moves(list);
            if (list.empty()) break;
            Move m = list[rng.next() % list.size()];
            trail.emplace_back(p, m);
            undos.emplace_back();
            p.play(m, undos.back());
            REQUIRE(p.key() == p.compute_key());
            // The SFEN of every position reads back to the same position.
            auto back = Position::from_sfen(p.sfen());
            REQUIRE(back.ok());
            REQUIRE(back.value() == p);
        }
        while (!trail.empty()) {
            p.undo(trail.back().second, undos.back());
            REQUIRE(p == trail.back().first);
            trail.pop_back();
            undos.pop_back();
        }
    }
}

TEST_CASE("SFEN round trips") {
    for (const auto& sfen : kConstructed) CHECK(pos(sfen).sfen() == sfen);
    CHECK(pos("gle/1c1/1C1/ELG b -").sfen() == "gle/1c1/1C1/ELG b - 1");      // move number optional
    // Hands are read in any order and written in Fairy-Stockfish's, G C E (spec/dobutsu.md).
    CHECK(pos("1l1/3/3/1L1 b CcEeGg 3").sfen() == "1l1/3/3/1L1 b GCEgce 3");
    CHECK(pos("1l1/3/3/1L1 b 1G1g 3").sfen() == "1l1/3/3/1L1 b Gg 3");  // an explicit count of one
}

TEST_CASE("malformed SFEN is rejected with what and where") {
    struct Case {
        std::string sfen, says;
    };
    const std::vector<Case> cases = {
        {"", "expected 3 or 4 fields"},
        {"gle/1c1/1C1/ELG", "expected 3 or 4 fields"},
        {"gle/1c1/1C1/ELG b - 1 extra", "expected 3 or 4 fields"},
        {"gle/1c1/1C1 b - 1", "4 ranks"},
        {"gle/1c1/1C1/ELG/3 b - 1", "more than 4 ranks"},
        {"glex/1c1/1C1/ELG b - 1", "unknown piece 'x' on rank a"},
        {"gle/1c2/1C1/ELG b - 1", "rank b (row 2) has more than 3 squares"},
        {"gle/1c/1C1/ELG b - 1", "rank b (row 2) has 2 squares"},
        {"gle/1c1/1C1/ELGG b - 1", "more than 3 squares"},
        {"g1e/1c1/1C1/ELG b - 1", "Gote has no lion"},
        {"gle/1c1/1C1/E1G w - 1", "Sente has no lion"},
        {"gll/1c1/1C1/ELG b - 1", "each side has one lion"},
        {"gle/1+e1/1C1/ELG b - 1", "only a chick can be promoted"},
        {"gle/1c1/1C1/ELG+ b - 1", "'+' at the end"},
        {"gle/1c1/1C1/ELG x - 1", "side to move must be 'b' or 'w'"},
        {"gle/1c1/1C1/ELG b L 1", "bad piece 'L' in hands"},
        {"gle/1c1/1C1/ELG b 3C 1", "hand count above 2"},
        {"gle/1c1/1C1/ELG b 2 1", "count without a piece"},
        {"1l1/3/3/1L1 b 0C 1", "hand count of 0 for 'C'"},
        {"1l1/3/3/1L1 b G0c 1", "hand count of 0 for 'c'"},
        {"1l1/3/3/1L1 b 01C 1", "leading zero"},
        {"gle/1c1/1C1/ELG b C 1", "too many chicks: 3"},
        {"gle/1c1/1C1/ELG b Ee 1", "too many elephants"},
        {"gle/1c1/1C1/ELG b - 0", "move number"},
        {"gle/1c1/1C1/ELG b - x", "move number"},
        {"gle/1c1/1C1/ELG b - 99999", "move number"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.sfen);
        auto p = Position::from_sfen(c.sfen);
        REQUIRE_FALSE(p.ok());
        CHECK_MESSAGE(p.error().find(c.says) != std::string::npos, p.error());
    }
}

TEST_CASE("move text: USI squares, drops, promotion written with '+' and accepted without") {
    Position p = pos("1l1/2C/3/1L1 b E 1");
    const auto moves = legal_texts(p);
    CHECK(has(moves, "1b1a+"));
    CHECK_FALSE(has(moves, "1b1a"));
    CHECK(has(moves, "E*3a"));
    CHECK(move(p, "1b1a") == move(p, "1b1a+"));
    CHECK(p.move_text(move(p, "1b1a")) == "1b1a+");
    CHECK(square_usi(0) == "3a");
    CHECK(square_usi(11) == "1d");
    CHECK(square_human(0) == "A1");
    CHECK(square_human(7) == "B3");
}

TEST_CASE("malformed and illegal moves are rejected with the reason") {
    Position p = Position::start();
    struct Case {
        std::string move, says;
    };
    const std::vector<Case> cases = {
        {"", "not a move"},
        {"2c2", "not a move"},
        {"4c4b", "off the board (files are 1-3)"},
        {"2e2d", "off the board (ranks are a-d)"},
        {"2c2b2a", "not a move"},
        {"2d2c", "cannot move to 2c"},
        {"2b2c", "no piece of the side to move on 2b"},
        {"3c3b", "no piece of the side to move"},
        {"C*3c", "no such piece in hand"},
        {"L*3c", "cannot drop 'L'"},
        {"c*3c", "cannot drop 'c'"},
        {"2c2b+", "'+' on a move that does not promote"},
        {"1d1c1b", "not a move"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.move);
        auto m = p.parse_move(c.move);
        REQUIRE_FALSE(m.ok());
        CHECK_MESSAGE(m.error().find(c.says) != std::string::npos, m.error());
    }
    Position q = pos("1l1/3/C2/1L1 b C 1");
    auto occupied = q.parse_move("C*3c");
    REQUIRE_FALSE(occupied.ok());
    CHECK(occupied.error().find("occupied") != std::string::npos);
}

TEST_CASE("drops go on any empty square, a chick dropped on the far rank does not promote and cannot move") {
    Position p = pos("1l1/3/3/1L1 b C 1");
    const auto moves = legal_texts(p);
    for (const std::string sq : {"3a", "1a", "3b", "2b", "1b", "3c", "2c", "1c", "3d", "1d"})
        CHECK(has(moves, "C*" + sq));
    CHECK_FALSE(has(moves, "C*2a"));  // occupied by the lion
    p.play(move(p, "C*3a"));
    CHECK(p.at(0) == piece_code(Sente, Chick));
    p.play(move(p, "2a2b"));
    // Sente's chick on 3a has no move; the lion does.
    for (const auto& m : legal_texts(p)) CHECK(m.rfind("3a", 0) != 0);
}

TEST_CASE("two chicks on one file and a mating chick drop are legal") {
    Position p = pos("1l1/3/1C1/1L1 b C 1");
    CHECK(has(legal_texts(p), "C*2b"));  // second chick on file 2, and it attacks the lion
}

TEST_CASE("promotion is mandatory on the far rank, for both sides") {
    Position s = pos("1l1/2C/3/1L1 b - 1");
    CHECK(has(legal_texts(s), "1b1a+"));
    s.play(move(s, "1b1a"));
    CHECK(code_type(s.at(2)) == Hen);
    Position g = pos("1l1/3/c2/1L1 w - 1");
    CHECK(has(legal_texts(g), "3c3d+"));
    g.play(move(g, "3c3d"));
    CHECK(g.at(9) == piece_code(Gote, Hen));
}

TEST_CASE("a captured hen goes to hand as a chick; hen and giraffe moves") {
    Position p = pos("1l1/1+c1/1G1/1L1 b - 1");
    p.play(move(p, "2c2b"));
    CHECK(p.hand(Sente, Chick) == 1);
    CHECK(p.hand(Sente, Giraffe) == 0);
    // Gote's hen (moving down the board) goes to 6 squares: not diagonally backwards.
    Position h = pos("l2/1+c1/3/1L1 w - 1");
    auto moves = legal_texts(h);
    int hen_moves = 0;
    for (const auto& m : moves) hen_moves += m.rfind("2b", 0) == 0;
    CHECK(hen_moves == 6);
    CHECK(has(moves, "2b3c"));
    CHECK(has(moves, "2b2a"));
    CHECK_FALSE(has(moves, "2b3a"));
    CHECK_FALSE(has(moves, "2b1a"));
}

TEST_CASE("capturing the lion wins at once") {
    Position p = pos("3/1l1/1C1/1L1 b - 1");
    p.play(move(p, "2c2b"));
    CHECK(p.decided() == Outcome::Loss);
    CHECK(p.outcome() == Outcome::Loss);
    CHECK(p.count_legal_moves() == 0);
    CHECK_FALSE(p.parse_move("2a2b").ok());
}

TEST_CASE("try: decided after the reply; a lion on an attacked far-rank square can be captured") {
    // Sente's lion steps onto 2a, attacked by Gote's giraffe on 3a.
    Position p = pos("g2/1L1/2l/3 b - 1");
    p.play(move(p, "2b2a"));
    CHECK(p.decided() == Outcome::Ongoing);  // not over yet: Gote replies
    CHECK(p.in_check());                     // Gote faces the pending try
    {
        Position q = p;
        q.play(move(q, "3a2a"));  // Gote catches the lion
        CHECK(q.decided() == Outcome::Loss);
    }
    {
        Position q = p;
        q.play(move(q, "1c1b"));  // Gote does anything else: the try has succeeded
        CHECK(q.decided() == Outcome::Win);
        CHECK(q.outcome() == Outcome::Win);
        CHECK(q.count_legal_moves() == 0);
    }
    // The same for Gote's lion reaching rank d.
    Position g = pos("3/2L/1l1/G2 w - 1");
    g.play(move(g, "2c2d"));
    g.play(move(g, "1b1c"));
    CHECK(g.decided() == Outcome::Win);
    CHECK(g.side() == Gote);
}

TEST_CASE("a position with no legal move is lost; the full set cannot block a lion, so outcome() checks counts") {
    // Every position reachable here has moves; what we can check is that outcome() agrees with the count.
    KeyGenerator rng(7);
    for (int game = 0; game < 100; ++game) {
        Position p = Position::start();
        for (int ply = 0; ply < 40 && p.decided() == Outcome::Ongoing; ++ply) {
            CHECK((p.outcome() == Outcome::Loss) == (p.count_legal_moves() == 0));
            Moves list;
            p.legal_moves(list);
            CHECK(list.size() == p.count_legal_moves());
            p.play(list[rng.next() % list.size()]);
        }
    }
}

TEST_CASE("side to move is part of the key") {
    Position b = pos("gle/1c1/1C1/ELG b - 1");
    Position w = pos("gle/1c1/1C1/ELG w - 1");
    CHECK(b.key() != w.key());
}
