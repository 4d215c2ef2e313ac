// Tori shogi rules: perft against the spec's table, each bird's moves, forced promotion, the drop rules
// (two swallows a file, none on the last rank, no swallow-drop mate), check, repetition, SFEN and move text,
// and the legal move list against a plain play-and-test oracle.
#include <doctest/doctest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/tori/attacks.hpp"
#include "engine/tori/tori.hpp"
#include "search/perft.hpp"
#include "search/repetition.hpp"
#include "tests/engine/helpers.hpp"

using namespace menagerie;
using menagerie::testing::play_cycle;
using tori::Tori;

namespace {
tori::Position pos(const std::string& sfen) {
    auto p = tori::Position::from_sfen(sfen);
    REQUIRE_MESSAGE(p.ok(), p.error());
    return p.value();
}
std::set<std::string> moves_of(const tori::Position& p) {
    tori::Moves list;
    p.legal_moves(list);
    std::set<std::string> s;
    for (auto m : list) s.insert(p.move_text(m));
    CHECK(s.size() == list.size());
    return s;
}
std::set<std::string> moves_from(const tori::Position& p, const std::string& prefix) {
    std::set<std::string> s;
    for (const auto& m : moves_of(p))
        if (m.rfind(prefix, 0) == 0) s.insert(m);
    return s;
}
using Set = std::set<std::string>;
const std::string kStart(Tori::start_sfen);

// The legal moves found the plain way: every piece to every square its attacks reach, promotion as the
// rules force it, every drop the drop rules allow; then each is played and kept if the phoenix is not
// attacked. Independent of the generator's shortcuts (pins, safe drops).
Set oracle(const tori::Position& p) {
    Set s;
    const Color us = p.side();
    std::vector<tori::Move> cands;
    for (int from = 0; from < tori::kSquares; ++from) {
        const uint8_t pc = p.at(from);
        if (!pc || tori::color_of(pc) != us) continue;
        const int t = tori::type_of(pc);
        for (int to : tori::attacks_of(pc, from, p.occupied()) & ~p.occupied(us)) {
            const bool zone = tori::promotion_zone(us).test(from) || tori::promotion_zone(us).test(to);
            cands.push_back(tori::Move::make(from, to, zone && (t == tori::Swallow || t == tori::Falcon)));
        }
    }
    for (int t = tori::Swallow; t <= tori::RightQuail; ++t) {
        if (!p.hand(us, t)) continue;
        for (int to = 0; to < tori::kSquares; ++to) {
            if (p.at(to)) continue;
            if (t == tori::Swallow) {
                if (tori::Board::relative_rank(us, to) == 0) continue;
                int on_file = 0;
                for (int r = 0; r < 7; ++r) {
                    const uint8_t q = p.at(tori::Board::square(tori::Board::file_of(to), r));
                    on_file += q == tori::piece(us, tori::Swallow);
                }
                if (on_file >= 2) continue;
            }
            cands.push_back(tori::Move::drop(t, to));
        }
    }
    for (const auto m : cands) {
        tori::Position q = p;
        q.play(m);
        const int k = q.king_square(us);
        if (k < tori::kSquares && q.attackers_to(k, ~us).any()) continue;
        // A swallow drop that mates is not allowed.
        if (m.is_drop() && m.drop_type() == tori::Swallow && q.in_check() && !q.has_legal_move()) continue;
        s.insert(p.move_text(m));
    }
    return s;
}
}  // namespace

TEST_CASE("tori swallow attacks at once: the union of each swallow's step") {
    std::mt19937_64 rng(7);
    for (Color c : {Sente, Gote}) {
        for (int sq = 0; sq < tori::kSquares; ++sq)
            CHECK(tori::swallow_attacks(c, tori::Bitboard::square(sq)) == tori::tables.steps[c][tori::Swallow][sq]);
        for (int i = 0; i < 200; ++i) {
            tori::Bitboard swallows, expected;
            for (int sq = 0; sq < tori::kSquares; ++sq)
                if (rng() % 3 == 0) swallows.set(sq), expected |= tori::tables.steps[c][tori::Swallow][sq];
            CHECK(tori::swallow_attacks(c, swallows) == expected);
        }
    }
}

TEST_CASE("tori perft: the start position (spec table)") {
    auto p = pos(kStart);
    CHECK(perft<Tori>(p, 1) == 17);
    CHECK(perft<Tori>(p, 2) == 288);
    CHECK(perft<Tori>(p, 3) == 5430);
    CHECK(perft<Tori>(p, 4) == 103857);
    CHECK(p.sfen() == kStart);
}

TEST_CASE("tori pieces: each bird's moves on an open board") {
    // Phoenixes on 7g and 7b, out of every line; the piece under test on 4d.
    auto on = [](const std::string& letter) { return pos("7/k6/7/3" + letter + "3/7/7/K6 b - 1"); };
    CHECK(moves_from(on("F"), "4d") == Set{"4d4c", "4d5c", "4d3c", "4d5d", "4d3d", "4d5e", "4d3e"});
    CHECK(moves_from(on("C"), "4d") == Set{"4d4c", "4d5c", "4d3c", "4d4e", "4d5e", "4d3e"});
    CHECK(moves_from(on("P"), "4d") == Set{"4d4b", "4d5e", "4d3e"});
    CHECK(moves_from(on("S"), "4d") == Set{"4d4c"});
    // Left quail: slides forward and back-right (towards file 1), steps back-left.
    CHECK(moves_from(on("L"), "4d") == Set{"4d4c", "4d4b", "4d4a", "4d3e", "4d2f", "4d1g", "4d5e"});
    // Right quail: the mirror image.
    CHECK(moves_from(on("R"), "4d") == Set{"4d4c", "4d4b", "4d4a", "4d5e", "4d6f", "4d3e"});
    // Goose: two diagonally forward or two straight back, jumping.
    CHECK(moves_from(on("+S"), "4d") == Set{"4d6b", "4d2b", "4d4f"});
    // Eagle: slides diagonally forward and straight back, steps forward and sideways, one or two back
    // diagonally.
    CHECK(moves_from(on("+F"), "4d") == Set{"4d5c", "4d6b", "4d7a", "4d3c", "4d2b", "4d1a", "4d4e", "4d4f",
                                            "4d4g", "4d4c", "4d5d", "4d3d", "4d5e", "4d6f", "4d3e", "4d2f"});
    // Gote's pieces move the other way round: its left quail on 4d slides down the board and back-right (up
    // towards file 7), steps back-left (up towards file 1).
    auto gote = pos("7/K6/7/3l3/7/7/6k w - 1");
    CHECK(moves_from(gote, "4d") == Set{"4d4e", "4d4f", "4d4g", "4d5c", "4d6b", "4d7a", "4d3c"});
}

TEST_CASE("tori pieces: what blocks and what jumps") {
    // The pheasant jumps over the swallow in front; the goose over anything.
    auto jump = pos("6k/7/7/3S3/3P3/7/K6 b - 1");
    CHECK(moves_from(jump, "4e").count("4e4c"));
    auto goose = pos("6k/7/2cpc2/2f+Sf2/2lpr2/7/K6 b - 1");
    CHECK(moves_from(goose, "4d") == Set{"4d6b", "4d2b", "4d4f"});
    // The eagle's two steps back need the first square empty; its slides stop at the first piece.
    auto eagle = pos("7/6k/7/3+F3/2S4/3S3/K6 b - 1");
    const auto e = moves_from(eagle, "4d");
    CHECK(e.count("4d2f"));
    CHECK_FALSE(e.count("4d6f"));
    CHECK_FALSE(e.count("4d4f"));
    CHECK(e.count("4d4e"));
    // A quail's slide stops at an enemy piece, which it may take.
    auto quail = pos("6k/3s3/7/3L3/7/7/K6 b - 1");
    const auto q = moves_from(quail, "4d");
    CHECK(q.count("4d4b"));
    CHECK_FALSE(q.count("4d4a"));
}

TEST_CASE("tori promotion: swallow and falcon must promote entering, within or leaving the zone") {
    // Entering.
    CHECK(moves_from(pos("6k/7/3S3/7/7/7/K6 b - 1"), "4c") == Set{"4c4b+"});
    // Within (a swallow dropped on 4b earlier).
    CHECK(moves_from(pos("6k/3S3/7/7/7/7/K6 b - 1"), "4b") == Set{"4b4a+"});
    // Leaving and moving within: a falcon on 4b promotes on every move.
    CHECK(moves_from(pos("6k/3F3/7/7/7/7/K6 b - 1"), "4b") ==
          Set{"4b4a+", "4b5a+", "4b3a+", "4b5b+", "4b3b+", "4b5c+", "4b3c+"});
    // Outside the zone, no promotion; other birds never promote.
    CHECK(moves_from(pos("6k/7/7/3F3/7/7/K6 b - 1"), "4d").count("4d4c"));
    CHECK(moves_from(pos("6k/7/3C3/7/7/7/K6 b - 1"), "4c").count("4c4b"));
    // Gote's zone is ranks f and g.
    CHECK(moves_from(pos("K6/7/7/7/3s3/7/6k w - 1"), "4e") == Set{"4e4f+"});
    // A compulsory promotion may be written without '+'; an impossible one is refused with the reason.
    auto p = pos("6k/7/3S3/7/7/7/K6 b - 1");
    auto m = p.parse_move("4c4b");
    REQUIRE(m.ok());
    CHECK(p.move_text(m.value()) == "4c4b+");
    auto c = pos("6k/7/3C3/7/7/7/K6 b - 1");
    auto bad = c.parse_move("4c4b+");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().find("cannot promote") != std::string::npos);
}

TEST_CASE("tori drops: into the zone unpromoted, two swallows a file, none on the last rank") {
    auto p = pos("6k/7/7/7/7/7/K6 b SF 1");
    const auto all = moves_of(p);
    CHECK(all.count("S*4b"));      // a drop into the zone stays a swallow
    CHECK_FALSE(all.count("S*4a"));  // but not on the last rank
    CHECK(all.count("F*4a"));      // a falcon may go there
    auto last = p.parse_move("S*4a");
    REQUIRE_FALSE(last.ok());
    CHECK(last.error().find("last rank") != std::string::npos);
    // Two unpromoted swallows of a side on file 4 already: no third.
    auto two = pos("6k/7/7/3S3/3S3/7/K6 b S 1");
    CHECK_FALSE(moves_of(two).count("S*4b"));
    CHECK(moves_of(two).count("S*3b"));
    auto third = two.parse_move("S*4b");
    REQUIRE_FALSE(third.ok());
    CHECK(third.error().find("third swallow") != std::string::npos);
    // A goose does not count, nor do the enemy's swallows.
    CHECK(moves_of(pos("6k/7/7/3+S3/3S3/7/K6 b S 1")).count("S*4b"));
    CHECK(moves_of(pos("6k/7/7/3s3/3S3/7/K6 b S 1")).count("S*4b"));
}

TEST_CASE("tori drops: a swallow drop may check but not mate; other drops may mate") {
    // Gote's phoenix 1a; Sente's falcon 3b covers 2a and 2b, the crane 2c guards 1b: S*1b would mate.
    auto mate = pos("6k/4F2/5C1/7/7/7/K6 b S 1");
    CHECK_FALSE(moves_of(mate).count("S*1b"));
    auto why = mate.parse_move("S*1b");
    REQUIRE_FALSE(why.ok());
    CHECK(why.error().find("mates") != std::string::npos);
    // Without the crane the phoenix takes the swallow: legal.
    CHECK(moves_of(pos("6k/4F2/7/7/7/7/K6 b S 1")).count("S*1b"));
    // Gote's swallow-drop mate is as illegal as Sente's.
    CHECK_FALSE(moves_of(pos("6k/7/7/7/1c5/2f4/K6 w s 1")).count("S*7f"));
    // A crane dropped on the same square mates, and is legal.
    auto crane = pos("6k/4F2/5C1/7/7/7/K6 b C 1");
    REQUIRE(moves_of(crane).count("C*1b"));
    crane.play(crane.parse_move("C*1b").value());
    CHECK(crane.in_check());
    CHECK(crane.outcome() == Outcome::Loss);
}

TEST_CASE("tori check: no move may leave the phoenix attacked") {
    // Gote's left quail on 4a pins Sente's crane on 4d to the phoenix on 4g: it may only move along file 4.
    auto pinned = pos("k2l3/7/7/3C3/7/7/3K3 b - 1");
    CHECK(moves_from(pinned, "4d") == Set{"4d4c", "4d4e"});
    // The phoenix does not step into an attack: Gote's crane on 3e covers 3f, 4f and 2f.
    auto king = pos("k6/7/7/7/4c2/7/3K3 b - 1");
    const auto k = moves_from(king, "4g");
    CHECK_FALSE(k.count("4g4f"));
    CHECK(k.count("4g5f"));
    // In check from Gote's falcon on 4c: only the phoenix can answer (nothing else reaches 4c).
    auto in_check = pos("k6/7/3f3/3K3/7/7/6S b - 1");
    CHECK(in_check.in_check());
    for (const auto& m : moves_of(in_check)) CHECK(m.rfind("4d", 0) == 0);  // only the phoenix can answer
    // A position whose side not to move is in check is refused.
    CHECK_FALSE(tori::Position::from_sfen("7/7/7/3k3/3S3/7/6K b - 1").ok());
}

TEST_CASE("tori quails: left and right stay distinct in hand") {
    auto p = pos("k6/7/7/3Cr2/7/7/6K b l 1");
    auto take = p.parse_move("4d3d");
    REQUIRE_FALSE(take.ok());  // a crane cannot move sideways
    auto q = pos("k6/7/7/4r2/4C2/7/6K b l 1");
    q.play(q.parse_move("3e3d").value());
    CHECK(q.sfen() == "k6/7/7/4C2/7/7/6K w Rl 2");
    CHECK(moves_of(q).count("L*4d"));
    CHECK_FALSE(moves_of(q).count("R*4d"));
    auto r = pos("k6/7/7/7/7/7/6K b LR 1");
    CHECK(moves_of(r).count("L*4d"));
    CHECK(moves_of(r).count("R*4d"));
    CHECK(r.sfen() == "k6/7/7/7/7/7/6K b RL 1");  // Fairy-Stockfish's order: right quail first
}

TEST_CASE("tori repetition: the fourth occurrence loses for the side that completes it; perpetual check loses") {
    // Phoenixes walking back and forth: after the 12th ply the start position is there for the fourth time,
    // completed by Gote; Sente, to move, wins.
    auto q = pos("3k3/7/7/7/7/7/3K3 b - 1");
    const auto end = play_cycle<Tori>(q, {"4g5g", "4a5a", "5g4g", "5a4a"}, 4);
    REQUIRE(end.outcome);
    CHECK(end.plies == 12);
    CHECK(q.side() == Sente);
    CHECK(*end.outcome == Outcome::Win);
    // Perpetual check: the checker loses whoever completes the repetition.
    CHECK(Tori::repetition_outcome(true, false) == Outcome::Loss);
    CHECK(Tori::repetition_outcome(false, true) == Outcome::Win);
}

TEST_CASE("tori SFEN and move text: round trip and bad input") {
    CHECK(pos(kStart).sfen() == kStart);
    // Hands are read in any order and written in Fairy-Stockfish's, P R L C F S (spec/tori.md).
    CHECK(pos("3k3/7/7/7/7/7/3K3 w 2S2Fs 7").sfen() == "3k3/7/7/7/7/7/3K3 w 2F2Ss 7");
    CHECK(pos("3k3/7/7/7/7/7/3K3 b FR3Sc 1").sfen() == "3k3/7/7/7/7/7/3K3 b RF3Sc 1");
    CHECK(pos("3k3/7/7/7/7/7/3K3 b SFCLRP 1").sfen() == "3k3/7/7/7/7/7/3K3 b PRLCFS 1");
    for (const char* bad : {"3k3/7/7/7/7/7/3K3 b",                // no hands
                            "3k3/7/7/7/7/7/3K2 b - 1",            // a short rank
                            "3k3/7/7/7/7/7/3K4 b - 1",            // a long rank
                            "3k3/7/7/7/7/7 b - 1",                // six ranks
                            "3k3/7/7/7/7/7/3K3/7 b - 1",          // eight ranks
                            "3k3/7/7/7/7/7/3K3 x - 1",            // side
                            "3k3/7/7/7/7/7/3KN2 b - 1",           // a knight is no bird
                            "3k3/7/7/7/7/7/3+K3 b - 1",           // the phoenix does not promote
                            "3k3/7/7/7/7/7/2KK3 b - 1",           // two phoenixes
                            "3k3/7/7/7/7/7/3K3 b K 1",            // a phoenix in hand
                            "3k3/7/7/7/7/7/3K3 b 3F 1",           // three falcons
                            "3k3/7/7/7/7/7/3K3 b 0S 1",           // a count of zero
                            "3k3/7/7/7/7/7/3K3 b 17S 1",          // more swallows than the set has
                            "3S3/7/7/7/7/7/3K3 b - 1",            // an unpromoted swallow on its last rank
                            "3k3/7/7/3S3/3S3/3S3/3K3 b - 1",      // three swallows on a file
                            "3k3/7/7/7/7/7/3K3 b - 0"})           // move number
        CHECK_MESSAGE(!tori::Position::from_sfen(bad).ok(), bad);
    // A NUL byte is no piece (the SFEN fuzz target found shogi reading it as a promoted piece).
    CHECK_FALSE(tori::Position::from_sfen(std::string("3k3/7/7/7/7/7/2") + '\0' + "K3 b - 1").ok());
    CHECK_FALSE(tori::Position::from_sfen(std::string("3k3/7/7/7/7/7/3K3 b ") + '\0' + " 1").ok());
    auto p = pos(kStart);
    for (const char* bad : {"", "4e", "4e4", "8e8d", "4e4d++", "4e4dx", "K*4d", "S*4d", "Q*4d", "4e4c", "4d4c"}) {
        auto m = p.parse_move(bad);
        CHECK_MESSAGE(!m.ok(), bad);
        if (!m.ok()) CHECK(m.error().find("move '") == 0);
    }
    CHECK(p.parse_move("4e4d").ok());

    // The diagram (`d`): Gote's pieces marked 'v', promoted ones '+', hands in SFEN's order, the legend.
    const std::string d = pos("rpckcpl/3+f3/s1sssss/2s1S2/SS2SSS/3F3/LP+SK1PR w Ss2c 3").diagram();
    CHECK(d.find("Gote hand: C2 S \n") == 0);
    CHECK(d.find(" |vR |vP |vC |vK |vC |vP |vL | a\n") != std::string::npos);
    CHECK(d.find(" |   |   |   |+Fv|   |   |   | b\n") != std::string::npos);
    CHECK(d.find(" | L | P |+S | K |   | P | R | g\n") != std::string::npos);
    CHECK(d.find("Sente hand: S \nSide to move: Gote (w)\nPieces: K phoenix") != std::string::npos);
}

TEST_CASE("tori exchanges: static exchange evaluation") {
    using namespace tori;
    auto see = [](const std::string& sfen, const char* move) {
        auto p = pos(sfen);
        auto m = p.parse_move(move);
        REQUIRE_MESSAGE(m.ok(), m.error());
        return p.see(m.value());
    };
    // The falcon takes an undefended swallow; then one defended by a swallow; with a quail behind the
    // falcon, taking back the falcon's taker still leaves Sente a falcon down for two swallows.
    CHECK(see("3k3/7/7/3s3/3F3/7/K6 b - 1", "4e4d") == kSeeValue[Swallow]);
    CHECK(see("3k3/7/3s3/3s3/3F3/7/K6 b - 1", "4e4d") == kSeeValue[Swallow] - kSeeValue[Falcon]);
    CHECK(see("3k3/7/3s3/3s3/3F3/3L3/K6 b - 1", "4e4d") == 2 * kSeeValue[Swallow] - kSeeValue[Falcon]);
    // The swallow takes first, the quail behind it: Gote gains nothing by taking back.
    CHECK(see("3k3/7/3s3/3s3/3S3/3L3/K6 b - 1", "4e4d") == kSeeValue[Swallow]);
    // A phoenix takes back only what is not defended: the pheasant on 4e guards 4c by its jump.
    CHECK(see("7/3k3/3s3/3C3/7/7/K6 b - 1", "4d4c") == kSeeValue[Swallow] - kSeeValue[Crane]);
    CHECK(see("7/3k3/3s3/3C3/3P3/7/K6 b - 1", "4d4c") == kSeeValue[Swallow]);
    // A drop exchanges nothing.
    CHECK(see("3k3/7/7/7/7/7/K6 b S 1", "S*4d") == 0);
}

TEST_CASE("tori legal moves: the generator agrees with play-and-test on random games; tactical moves, play/undo") {
    uint64_t seed = 2024;
    int positions = 0;
    for (int game = 0; game < 40; ++game) {
        auto p = pos(kStart);
        for (int ply = 0; ply < 150; ++ply) {
            tori::Moves list;
            p.legal_moves(list);
            Set got;
            for (auto m : list) got.insert(p.move_text(m));
            REQUIRE_MESSAGE(got == oracle(p), p.sfen());
            REQUIRE(p.count_legal_moves() == list.size());
            REQUIRE(p.has_legal_move() == !list.empty());
            // The quiescence moves: exactly the legal captures and falcon promotions, in the same order.
            tori::Moves tactical, expected;
            p.tactical_moves(tactical);
            for (auto m : list)
                if (p.is_capture(m) || (m.promotes() && p.moving_type(m) == tori::Falcon)) expected.push(m);
            REQUIRE(tactical.size() == expected.size());
            for (size_t i = 0; i < tactical.size(); ++i) REQUIRE(tactical[i] == expected[i]);
            ++positions;
            if (list.empty()) break;
            const std::string before = p.sfen();
            const uint64_t key = p.key();
            for (auto m : list) {
                tori::Undo undo;
                p.play(m, undo);
                CHECK(p.key() == pos(p.sfen()).key());
                p.undo(m, undo);
                REQUIRE(p.sfen() == before);
                REQUIRE(p.key() == key);
            }
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            p.play(list[(seed >> 33) % list.size()]);
        }
    }
    CHECK(positions > 3000);
}
