// Dai shogi rules: perft from the start against the spec (distinct moves), each dai-only piece's moves on an
// open board counted by hand and on the start board as the spec lists them, lion moves without trading
// rules, promotion (five ranks, never forced, no last-rank chance), dead pieces and the game ends, SFEN with
// two-letter codes, bad input, and random games played and undone.
#include <doctest/doctest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/dai/dai.hpp"
#include "search/perft.hpp"
#include "tests/engine/helpers.hpp"

using namespace menagerie;
using dai::Dai;
using menagerie::testing::has;
using menagerie::testing::legal_texts;
using menagerie::testing::play_cycle;

namespace {
dai::Position pos(const std::string& sfen) { return menagerie::testing::position<Dai>(sfen); }

// The destinations (with a middle square where there is one) of the piece on one square, promotion aside.
std::set<std::string> piece_moves(const dai::Position& p, const std::string& square) {
    std::set<std::string> s;
    for (const auto& m : legal_texts<Dai>(p))
        if (m.rfind(square, 0) == 0) {
            std::string t = m;
            if (t.back() == '+') t.pop_back();
            s.insert(t);
        }
    return s;
}
}  // namespace

TEST_CASE("dai perft: distinct moves from the start, as the spec counts them") {
    dai::Position start = pos(std::string(Dai::start_sfen));
    CHECK(perft<Dai>(start, 1) == 71);
    CHECK(perft<Dai>(start, 2) == 5041);
    CHECK(perft<Dai>(start, 3) == 357978);
}

TEST_CASE("dai pieces: each dai-only kind's moves on an open board, counted by hand") {
    // The piece on 8h, seven squares from every edge; kings on 14o and 2a and a gold on 14a, off its lines.
    const std::vector<std::pair<std::string, size_t>> kinds = {
        {"(IG)", 3}, {"(SG)", 2}, {"(KT)", 2}, {"(CS)", 4}, {"(VO)", 8}, {"(AB)", 4}, {"(EW)", 5}, {"(FD)", 8},
        {"+(IG)", 6}, {"+(SG)", 6}, {"+(KT)", 6}, {"+(CS)", 6}, {"+(VO)", 6}, {"+(AB)", 6}, {"+(EW)", 6}, {"+(FD)", 6},
        // Chu's kinds on the larger board: seven squares each way.
        {"L", 7}, {"A", 14}, {"R", 28}, {"B", 28}, {"Q", 56}, {"N", 25}, {"+I", 7}, {"P", 1},
    };
    for (const auto& [code, n] : kinds) {
        CAPTURE(code);
        const dai::Position p = pos("1g11k1/15/15/15/15/15/15/7" + code + "7/15/15/15/15/15/15/1K13 b - 1");
        CHECK(piece_moves(p, "8h").size() == n);
    }
    // The knight's two jumps, over anything, and the violent ox blocked on its first square.
    const dai::Position knight = pos("1g11k1/15/15/15/15/15/7PPP5/7(KT)7/15/15/15/15/15/15/1K13 b - 1");
    CHECK(piece_moves(knight, "8h") == std::set<std::string>{"8h7f", "8h9f"});
    const dai::Position ox = pos("1g11k1/15/15/15/15/15/7P7/7(VO)7/15/15/15/15/15/15/1K13 b - 1");
    CHECK(piece_moves(ox, "8h").size() == 6);  // forward blocked by its own pawn: back 2, sideways 2 + 2
}

TEST_CASE("dai pieces: the start board as the spec lists it") {
    const dai::Position p = pos(std::string(Dai::start_sfen));
    CHECK(piece_moves(p, "14o") == std::set<std::string>{"14o13m", "14o15m"});  // a knight
    CHECK(piece_moves(p, "8m") == std::set<std::string>{"8m10n", "8m6n"});     // the lion's two jumps
    CHECK(piece_moves(p, "9m") == std::set<std::string>{"9m10n", "9m11m"});  // the kirin: a step and a jump
    CHECK(piece_moves(p, "14m").size() == 3);                               // a violent ox
    CHECK(piece_moves(p, "12o").size() == 1);                               // an iron general
}

TEST_CASE("dai lions: no trading rules; a lion may take a protected lion from two squares away") {
    // Sente's lion on 8h, Gote's lion on 8f protected by a gold on 8e: chu's rule 1 would forbid 8h8f.
    const dai::Position p = pos("1g11k1/15/15/15/7g7/7n7/15/7N7/15/15/15/15/15/15/1K13 b - 1");
    const auto moves = legal_texts<Dai>(p);
    CHECK(has(moves, "8h8f"));
    // And a non-lion takes a protected lion (there is no counter-strike rule, nor a field for it).
    const dai::Position q = pos("1g11k1/15/15/15/7g7/7n7/7R7/15/15/15/15/15/15/15/1K13 b - 1");
    CHECK(has(legal_texts<Dai>(q), "8g8f"));
    // Igui and the pass are written as in chu.
    CHECK(has(moves, "8h8g8h"));
}

TEST_CASE("dai promotion: entering the five ranks or capturing there, optional, no last-rank chance") {
    // Pawns on 8f (outside), 6e (inside) and 4b (inside, one from the last rank); a gold capture inside.
    const dai::Position p = pos("1g11k1/11P3/15/15/9P1p3/7P7/15/15/15/15/15/15/15/15/1K13 b - 1");
    const auto moves = legal_texts<Dai>(p);
    CHECK(has(moves, "8f8e+"));        // entering the zone
    CHECK(has(moves, "8f8e"));         // or not: never forced
    CHECK_FALSE(has(moves, "6e6d+"));  // moving inside without a capture
    CHECK(has(moves, "6e6d"));
    CHECK_FALSE(has(moves, "4b4a+"));  // no extra chance on the last rank (chu's pawn has one)
    CHECK(has(moves, "4b4a"));
    const auto r = p.parse_move("4b4a+");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().find("cannot promote") != std::string::npos);
}

TEST_CASE("dai game end: royals lost, dead pieces do not save a bare royal, the reason given") {
    dai::Position p = pos("1g5k7/15/15/15/15/15/15/15/15/15/15/15/15/7R7/7K7 b - 1");
    p.play(p.parse_move("8n8a").value());
    CHECK(p.outcome() == Outcome::Loss);
    CHECK(p.end() == dai::End::RoyalsLost);
    // Gote has its king and a knight on its far rank (dead): bared by Sente's king and two golds.
    const dai::Position bare = pos("7k7/15/15/15/15/15/15/5G1G7/15/15/15/15/15/15/(kt)6K7 w - 1");
    CHECK(bare.outcome() == Outcome::Loss);
    CHECK(bare.end() == dai::End::BaredUs);
    // The same knight four ranks further up can still move: not bare.
    const dai::Position alive = pos("7k7/15/15/15/15/15/15/5G1G7/15/15/15/(kt)14/15/15/7K7 w - 1");
    CHECK(alive.outcome() == Outcome::Ongoing);
}

TEST_CASE("dai game end: lone royals draw (a dead pawn does not count); the fourth occurrence draws") {
    const dai::Position lone = pos("P6k7/15/15/15/15/15/15/15/15/15/15/15/15/15/7K7 b - 1");
    CHECK(lone.outcome() == Outcome::Draw);
    CHECK(lone.outcome_reason().find("two royals") != std::string::npos);
    dai::Position p = pos("g13k/15/15/15/15/15/15/15/15/15/15/15/15/15/G13K b - 1");
    auto end = play_cycle<Dai>(p, {"1o1n", "1a1b", "1n1o", "1b1a"}, 5);
    REQUIRE(end.outcome);
    CHECK(*end.outcome == Outcome::Draw);
    CHECK(end.plies == 12);
}

TEST_CASE("dai bad input: SFEN and move errors name the fault; two-letter codes read and written") {
    auto sfen_error = [](const std::string& s) {
        auto r = dai::Position::from_sfen(s);
        REQUIRE_FALSE(r.ok());
        return r.error();
    };
    CHECK(sfen_error("7k7/15/15 b - 1").find("ranks") != std::string::npos);
    CHECK(sfen_error("7k7/15/15/15/15/15/15/15/15/15/15/15/15/15/7K(ZZ)6 b - 1").find("unknown piece") != std::string::npos);
    CHECK(sfen_error("7k7/15/15/15/15/15/15/15/15/15/15/15/15/15/7K7 b 8h 1").find("third field") != std::string::npos);
    CHECK(sfen_error("7k7/15/15/15/15/15/15/15/15/15/15/15/15/15/7K7 x - 1").find("side to move") != std::string::npos);
    const dai::Position start = pos(std::string(Dai::start_sfen));
    CHECK(start.sfen() == Dai::start_sfen);
    CHECK(pos("7k7/15/15/15/15/15/15/7+(kt)7/15/15/15/15/15/15/7K7 b - 1").sfen() ==
          "7k7/15/15/15/15/15/15/7+(kt)7/15/15/15/15/15/15/7K7 b - 1");
    auto move_error = [&](const std::string& m) {
        auto r = start.parse_move(m);
        REQUIRE_FALSE(r.ok());
        return r.error();
    };
    CHECK(move_error("16o15o").find("15x15") != std::string::npos);
    CHECK(move_error("15o14m").find("not a legal move of the lance") != std::string::npos);
    CHECK(move_error("8m7l6k").find("own piece") != std::string::npos);
    CHECK(move_error("1a1b").find("no piece of the side to move") != std::string::npos);
}

TEST_CASE("dai random games: play and undo restore the position; keys, SFEN and moves round-trip") {
    std::mt19937 rng(2027);
    for (int game = 0; game < 4; ++game) {
        dai::Position p = pos(std::string(Dai::start_sfen));
        for (int ply = 0; ply < 300; ++ply) {
            dai::Moves list;
            p.legal_moves(list);
            if (list.empty()) break;
            const dai::Move m = list[rng() % list.size()];
            const std::string before = p.sfen();
            const uint64_t key = p.key();
            CHECK(p.parse_move(p.move_text(m)).value() == m);
            for (const auto& text : p.spellings(m)) CHECK(p.parse_move(text).value() == m);
            dai::Undo u;
            p.play(m, u);
            CHECK(p.key() == p.compute_key());
            CHECK(dai::Position::from_sfen(p.sfen()).value().key() == p.key());
            p.undo(m, u);
            CHECK(p.sfen() == before);
            CHECK(p.key() == key);
            p.play(m);
        }
    }
}
