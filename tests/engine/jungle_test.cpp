#include "engine/jungle/jungle.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "engine/core/zobrist.hpp"
#include "search/perft.hpp"
#include "tests/engine/helpers.hpp"
#include "tests/engine/jungle_reference.hpp"

using namespace menagerie;
using namespace menagerie::jungle;

namespace {

// A position string from a list like {{"c3", 'L'}, {"c5", 'r'}}.
std::string sfen_of(const std::map<std::string, char>& pieces, char side = 'b') {
    std::string s;
    for (int rank = 9; rank >= 1; --rank) {
        int empty = 0;
        for (char file = 'a'; file <= 'g'; ++file) {
            auto it = pieces.find(std::string{file, char('0' + rank)});
            if (it == pieces.end()) {
                ++empty;
                continue;
            }
            if (empty) s += char('0' + empty), empty = 0;
            s += it->second;
        }
        if (empty) s += char('0' + empty);
        if (rank > 1) s += '/';
    }
    return s + ' ' + side + " 1";
}

Position pos(const std::string& sfen) { return menagerie::testing::position<Jungle>(sfen); }
std::vector<std::string> moves_of(const Position& p) { return menagerie::testing::legal_texts<Jungle>(p); }
using menagerie::testing::has;

std::string why_not(const Position& p, const std::string& move) {
    auto m = p.parse_move(move);
    return m.ok() ? "legal" : m.error();
}

// Traps of both sides occupied by enemies and by their own pieces; pieces next to the dens.
const std::map<std::string, char> kTrapsAndDens = {{"c1", 'l'}, {"b1", 'R'}, {"d2", 'D'}, {"e2", 'c'}, {"c9", 'L'},
                                                   {"b9", 'r'}, {"d8", 'w'}, {"e8", 'C'}, {"d7", 'T'}, {"e1", 'W'}};

// Positions built around the lakes, traps and dens; both colours' lions and dens are kept on the board.
const std::vector<std::string> kConstructed = {
    std::string(Jungle::start_sfen),
    // A Red lion below the left lake with a Blue rat swimming in its path, a Red tiger beside the right lake
    // with a Red rat in its path.
    sfen_of({{"c3", 'L'}, {"c5", 'r'}, {"d5", 'T'}, {"e5", 'R'}, {"a9", 'l'}, {"g9", 't'}, {"a1", 'E'}}),
    // Jumps from the other banks: Blue lion above the left lake with a Red rat in its path, Blue tiger right of
    // the right lake with a Blue rat in the water, a Red lion free to jump down-up and across.
    sfen_of({{"b7", 'l'}, {"b5", 'R'}, {"g5", 't'}, {"f5", 'r'}, {"e7", 'L'}, {"a3", 'T'}, {"a1", 'E'}}, 'w'),
    sfen_of({{"b7", 'l'}, {"b5", 'R'}, {"g5", 't'}, {"f5", 'r'}, {"e7", 'L'}, {"a3", 'T'}, {"a1", 'E'}}, 'b'),
    // Jumps landing on pieces: lion onto a tiger (capture), tiger onto a lion (no capture), Blue to move too.
    sfen_of({{"d4", 'L'}, {"g4", 't'}, {"a6", 'T'}, {"d6", 'l'}, {"b7", 'e'}, {"f2", 'E'}}, 'b'),
    sfen_of({{"d4", 'L'}, {"g4", 't'}, {"a6", 'T'}, {"d6", 'l'}, {"b7", 'e'}, {"f2", 'E'}}, 'w'),
    // Rats at the water's edge next to elephants, rats in the water facing each other.
    sfen_of({{"b4", 'R'}, {"a4", 'e'}, {"a5", 'E'}, {"f5", 'r'}, {"e3", 'T'}, {"g1", 'L'}, {"g9", 'l'}}),
    // Traps of both sides, occupied by enemies and by their own pieces; pieces next to the dens.
    sfen_of(kTrapsAndDens, 'b'),
    sfen_of(kTrapsAndDens, 'w'),
};

}  // namespace

TEST_CASE("jungle perft from the start equals the spec table") {
    Position p = Position::start();
    const uint64_t expected[] = {1, 24, 576, 12240, 260099};
    for (int d = 0; d <= 4; ++d) CHECK(perft<Jungle>(p, d) == expected[d]);
    CHECK(p == Position::start());
}

TEST_CASE("jungle perft of constructed positions equals an independent reference implementation") {
    for (const auto& sfen : kConstructed) {
        Position p = pos(sfen);
        const auto r = reference_jungle::parse(sfen);
        for (int d = 1; d <= 4; ++d) {
            CAPTURE(sfen);
            CAPTURE(d);
            CHECK(perft<Jungle>(p, d) == reference_jungle::perft(r, d));
        }
    }
}

TEST_CASE("jungle: keys, undo and position strings stay exact over random games") {
    KeyGenerator rng(5);
    for (int game = 0; game < 100; ++game) {
        Position p = Position::start();
        std::vector<std::pair<Position, Move>> trail;
        std::vector<Undo> undos;  // the undo record of each move played
        for (int ply = 0; ply < 120; ++ply) {
            Moves list;
            p.legal_moves(list);
            if (list.empty()) break;
            const Move m = list[rng.next() % list.size()];
            trail.emplace_back(p, m);
            undos.emplace_back();
            p.play(m, undos.back());
            REQUIRE(p.key() == p.compute_key());
            auto back = Position::from_sfen(p.sfen());
            REQUIRE_MESSAGE(back.ok(), back.error());
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

TEST_CASE("jungle: orthogonal steps only, never into one's own den") {
    Position p = pos(sfen_of({{"d2", 'D'}, {"c1", 'C'}, {"a9", 'l'}}));
    const auto m = moves_of(p);
    CHECK(has(m, "d2d3"));
    CHECK(has(m, "d2c2"));
    CHECK(has(m, "d2e2"));
    CHECK_FALSE(has(m, "d2d1"));  // own den
    CHECK_FALSE(has(m, "c1d1"));
    CHECK_FALSE(has(m, "d2c3"));  // diagonal
    CHECK(why_not(p, "d2d1").find("own den") != std::string::npos);
}

TEST_CASE("jungle: only the rat enters the water") {
    Position p = pos(sfen_of({{"b3", 'R'}, {"c3", 'P'}, {"a9", 'l'}}));
    const auto m = moves_of(p);
    CHECK(has(m, "b3b4"));
    CHECK_FALSE(has(m, "c3c4"));
    CHECK(why_not(p, "c3c4").find("only the rat") != std::string::npos);
    // A rat moves about in the lake and out of it.
    Position q = pos(sfen_of({{"c5", 'R'}, {"a9", 'l'}, {"g1", 'L'}}));
    for (const char* mv : {"c5c6", "c5c4", "c5b5", "c5d5"}) CHECK(has(moves_of(q), mv));
}

TEST_CASE("jungle: lion and tiger jump across the lakes both ways, blocked by any rat in the water") {
    Position p = pos(sfen_of({{"c3", 'L'}, {"d5", 'T'}, {"a9", 'l'}, {"g9", 't'}}));
    auto m = moves_of(p);
    CHECK(has(m, "c3c7"));  // vertical over c4 c5 c6
    CHECK(has(m, "d5a5"));  // horizontal over c5 b5
    CHECK(has(m, "d5g5"));  // horizontal over e5 f5
    CHECK_FALSE(has(m, "c3c4"));
    // A rat of either colour in the way blocks.
    Position blocked = pos(sfen_of({{"c3", 'L'}, {"c5", 'r'}, {"d5", 'T'}, {"e5", 'R'}, {"a9", 'l'}, {"g9", 't'}}));
    m = moves_of(blocked);
    CHECK_FALSE(has(m, "c3c7"));
    CHECK_FALSE(has(m, "d5g5"));
    CHECK_FALSE(has(m, "d5a5"));  // the Blue rat on c5 blocks this one too
    CHECK(why_not(blocked, "c3c7").find("blocked by a rat") != std::string::npos);
    // Jumps from the far side and from the sides.
    Position sides = pos(sfen_of({{"b7", 'T'}, {"g4", 'L'}, {"a9", 'l'}}));
    m = moves_of(sides);
    CHECK(has(m, "b7b3"));
    CHECK(has(m, "g4d4"));
    // From the far bank, blocked by a rat of the other colour; across the right lake from the east.
    Position far = pos(sfen_of({{"b7", 'l'}, {"b5", 'R'}, {"g5", 't'}, {"a1", 'L'}}, 'w'));
    m = moves_of(far);
    CHECK_FALSE(has(m, "b7b3"));
    CHECK(has(m, "g5d5"));
    // Other pieces do not jump.
    Position leopard = pos(sfen_of({{"c3", 'P'}, {"a9", 'l'}}));
    CHECK_FALSE(has(moves_of(leopard), "c3c7"));
}

TEST_CASE("jungle: a jump may land on a capture, by the normal rank rule") {
    Position p = pos(sfen_of({{"d4", 'L'}, {"g4", 't'}, {"a6", 'T'}, {"d6", 'l'}, {"a9", 'e'}}));
    auto m = moves_of(p);
    CHECK(has(m, "d4g4"));        // lion takes tiger across the lake
    CHECK_FALSE(has(m, "a6d6"));  // tiger cannot take lion
    CHECK(why_not(p, "a6d6").find("cannot capture the lion") != std::string::npos);
}

TEST_CASE("jungle: ranks, rat takes elephant, elephant cannot take rat") {
    Position p = pos(sfen_of({{"d4", 'E'}, {"d5", 'r'}, {"d3", 'l'}, {"a1", 'R'}, {"a2", 'e'}, {"g9", 't'}}));
    auto m = moves_of(p);
    CHECK(has(m, "d4d3"));        // elephant takes lion
    CHECK_FALSE(has(m, "d4d5"));  // elephant cannot take rat
    CHECK(has(m, "a1a2"));        // rat takes elephant
    Position q = pos(sfen_of({{"d4", 'C'}, {"d5", 'd'}, {"d3", 'c'}, {"g9", 'l'}}));
    m = moves_of(q);
    CHECK(has(m, "d4d3"));        // equal rank
    CHECK_FALSE(has(m, "d4d5"));  // higher rank
}

TEST_CASE("jungle: no capture across the water's edge") {
    Position p = pos(sfen_of({{"b4", 'R'}, {"a4", 'e'}, {"a5", 'E'}, {"c4", 'r'}, {"g1", 'L'}, {"g9", 'l'}}));
    auto m = moves_of(p);
    CHECK_FALSE(has(m, "b4a4"));  // rat in water cannot take the elephant on land
    CHECK(has(m, "b4c4"));        // but takes a rat in the water
    // A rat on land cannot take a rat in the water, and the swimming rat cannot take it either.
    Position q = pos(sfen_of({{"a5", 'R'}, {"b5", 'r'}, {"g1", 'L'}, {"g9", 'l'}}));
    CHECK_FALSE(has(moves_of(q), "a5b5"));
    Position r = pos(sfen_of({{"a5", 'R'}, {"b5", 'r'}, {"g1", 'L'}, {"g9", 'l'}}, 'w'));
    CHECK_FALSE(has(moves_of(r), "b5a5"));
    // A rat leaving the water onto an empty square is fine, and a rat on land takes the elephant.
    Position s = pos(sfen_of({{"b4", 'R'}, {"b3", 'e'}, {"g1", 'L'}, {"g9", 'l'}}));
    CHECK_FALSE(has(moves_of(s), "b4b3"));
    CHECK(has(moves_of(s), "b4a4"));
    CHECK(why_not(s, "b4b3").find("cannot capture") != std::string::npos);
    Position land = pos(sfen_of({{"a3", 'R'}, {"b3", 'e'}, {"g1", 'L'}, {"g9", 'l'}}));
    CHECK(has(moves_of(land), "a3b3"));
}

TEST_CASE("jungle: an enemy in my trap can be taken by anything; in its own trap a piece keeps its rank") {
    // Blue lion in Red's trap c1: the Red rat takes it.
    Position p = pos(sfen_of({{"c1", 'l'}, {"b1", 'R'}, {"g9", 'L'}, {"a9", 't'}}));
    CHECK(has(moves_of(p), "b1c1"));
    // Red elephant takes a Blue rat standing in Red's trap.
    Position q = pos(sfen_of({{"d2", 'r'}, {"d3", 'E'}, {"g9", 'L'}, {"a9", 't'}}));
    CHECK(has(moves_of(q), "d3d2"));
    // Red lion in Red's own trap c1 keeps its rank: the Blue rat cannot take it.
    Position r = pos(sfen_of({{"c1", 'L'}, {"b1", 'r'}, {"g9", 'l'}}, 'w'));
    CHECK_FALSE(has(moves_of(r), "b1c1"));
    // Blue's traps work for Blue: a Red elephant in c9 falls to a Blue cat.
    Position s = pos(sfen_of({{"c9", 'E'}, {"b9", 'c'}, {"a1", 'L'}, {"g9", 'l'}}, 'w'));
    CHECK(has(moves_of(s), "b9c9"));
    // A trapped piece still captures at its own rank (the trap changes only how it is captured).
    Position t = pos(sfen_of({{"c1", 'l'}, {"b1", 'D'}, {"g9", 'L'}, {"a9", 't'}}, 'w'));
    CHECK(has(moves_of(t), "c1b1"));
}

TEST_CASE("jungle: entering the enemy den wins at once; capturing every piece wins; no move loses") {
    Position p = pos(sfen_of({{"d8", 'R'}, {"a9", 'l'}, {"a1", 'L'}}));
    REQUIRE(has(moves_of(p), "d8d9"));
    p.play(p.parse_move("d8d9").value());
    CHECK(p.decided() == Outcome::Loss);  // Blue, to move, has lost
    CHECK(p.count_legal_moves() == 0);
    CHECK(p.parse_move("a9a8").error().find("already over") != std::string::npos);
    // Capturing the last piece.
    Position q = pos(sfen_of({{"d4", 'L'}, {"d5", 'c'}, {"a1", 'E'}}));
    q.play(q.parse_move("d4d5").value());
    CHECK(q.decided() == Outcome::Loss);
    // No legal move: a lone Blue rat boxed in by Red pieces it cannot capture, on land.
    Position r = pos(sfen_of({{"a9", 'r'}, {"a8", 'C'}, {"b9", 'D'}, {"g1", 'L'}}, 'w'));
    CHECK(r.count_legal_moves() == 0);
    CHECK(r.outcome() == Outcome::Loss);
    // The side to move in check: an enemy piece next to its den.
    Position s = pos(sfen_of({{"d8", 'R'}, {"a9", 'l'}, {"a1", 'L'}}, 'w'));
    CHECK(s.in_check());
}

TEST_CASE("jungle: position strings round trip, bad ones are refused with what and where") {
    for (const auto& s : kConstructed) CHECK(pos(s).sfen() == s);
    CHECK(pos("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b").sfen() == std::string(Jungle::start_sfen));
    struct Case {
        std::string sfen, says;
    };
    const std::vector<Case> cases = {
        {"", "expected 2 or 3 fields"},
        {"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b - 1", "expected 2 or 3 fields"},
        {"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1 b 1", "9 ranks"},
        {"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L/7 b 1", "more than 9 ranks"},
        {"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5X b 1", "unknown piece 'X' on rank 1"},
        {"l6t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 1", "rank 9 has more than 7 squares"},
        {"l4t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 1", "rank 9 has 6 squares"},
        {"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5T b 1", "Red tiger appears twice"},
        {"l5t/1d3c1/r1p1w1e/7/1E5/7/2W1P1R/1C3D1/T5L b 1", "Red elephant on b5 is in the water"},
        {"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T2D2L b 1", "Red dog appears twice"},
        {"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C5/T2D2L b 1", "Red dog on d1 is in its own den"},
        {"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L x 1", "side to move must be 'b' (Red) or 'w' (Blue)"},
        {"l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 0", "move number"},
        {"3R3/7/7/7/7/7/7/7/3r3 b 1", "both sides have entered the enemy den"},
        {"7/7/7/7/7/7/7/7/7 b 1", "the board is empty"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.sfen);
        auto p = Position::from_sfen(c.sfen);
        REQUIRE_FALSE(p.ok());
        CHECK_MESSAGE(p.error().find(c.says) != std::string::npos, p.error());
    }
}

TEST_CASE("jungle: malformed and illegal moves are refused with the reason") {
    Position p = Position::start();
    struct Case {
        std::string move, says;
    };
    const std::vector<Case> cases = {
        {"a3", "not a move"},
        {"a3a4a5", "not a move"},
        {"h3h4", "off the board (files are a-g)"},
        {"a0a1", "off the board (ranks are 1-9)"},
        {"b3b4", "no piece of the side to move on b3"},
        {"a9a8", "no piece of the side to move"},
        {"a3a5", "cannot reach a5"},
        {"a1b2", "b2 holds a piece of the same side"},
        {"e3f4", "cannot reach f4"},
        {"c3c4", "only the rat may enter the water"},
        {"a1a2", "legal"},
        {"g3g4", "legal"},
    };
    for (const auto& c : cases) {
        CAPTURE(c.move);
        const std::string e = why_not(p, c.move);
        CHECK_MESSAGE(e.find(c.says) != std::string::npos, e);
    }
}
