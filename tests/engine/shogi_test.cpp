// Shogi rules: perft against the spec's table, every legality rule on constructed positions, pawn-drop mate,
// repetition and perpetual check, SFEN and move text with bad input, and play/undo.
#include <doctest/doctest.h>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/shogi/attacks.hpp"
#include "engine/shogi/shogi.hpp"
#include "search/perft.hpp"
#include "search/repetition.hpp"
#include "tests/engine/helpers.hpp"

using namespace menagerie;
using menagerie::testing::play_cycle;
using shogi::Shogi;

namespace {
shogi::Position pos(const std::string& sfen) {
    auto p = shogi::Position::from_sfen(sfen);
    REQUIRE_MESSAGE(p.ok(), p.error());
    return p.value();
}
std::set<std::string> moves_of(const shogi::Position& p) {
    shogi::Moves list;
    p.legal_moves(list);
    std::set<std::string> s;
    for (auto m : list) s.insert(p.move_text(m));
    CHECK(s.size() == list.size());  // no move twice
    return s;
}
// The legal moves from one square (or the drops of one piece, "P*").
std::set<std::string> moves_from(const shogi::Position& p, const std::string& prefix) {
    std::set<std::string> s;
    for (const auto& m : moves_of(p))
        if (m.rfind(prefix, 0) == 0) s.insert(m);
    return s;
}
const std::string kStart(Shogi::start_sfen);
const std::string kMatsuri = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1";
}  // namespace

TEST_CASE("shogi perft: the start and the matsuri position (spec table)") {
    auto p = pos(kStart);
    const uint64_t start[] = {30, 900, 25470, 719731};
    for (int d = 1; d <= 4; ++d) CHECK(perft<Shogi>(p, d) == start[d - 1]);
    auto m = pos(kMatsuri);
    const uint64_t matsuri[] = {207, 28684, 4809015};
    for (int d = 1; d <= 3; ++d) CHECK(perft<Shogi>(m, d) == matsuri[d - 1]);
    CHECK(p.sfen() == kStart);  // perft leaves the position as it found it
}

TEST_CASE("shogi bulk count: the number of moves written, along random games") {
    // Perft's last ply counts moves without writing them (a kind of piece at a time, pawns all at once); long
    // random games bring promoted pieces, pins, checks and full hands on both sides.
    std::mt19937_64 rng(19);
    int positions = 0, checks = 0, promoted = 0;
    for (int game = 0; game < 60; ++game) {
        auto p = pos(game % 2 ? kStart : kMatsuri);
        for (int ply = 0; ply < 300; ++ply) {
            shogi::Moves list;
            p.legal_moves(list);
            REQUIRE(p.count_legal_moves() == list.size());
            ++positions;
            checks += p.in_check();
            promoted += (p.pieces(shogi::Horse) | p.pieces(shogi::Dragon) | p.pieces(shogi::ProPawn)).any();
            if (list.empty()) break;
            p.play(list[rng() % list.size()]);
        }
    }
    CHECK(positions > 5000);
    CHECK(checks > 100);
    CHECK(promoted > 1000);
}

TEST_CASE("shogi has_legal_move: the move list's answer, after every check along random games") {
    // Every checking move of random games is played out, and whether the side in check has a move (found
    // without a list where a king step, a drop between, or a capture of the checker answers) is compared
    // with its list of legal moves. Checks after long games bring pins, hands and double checks.
    std::mt19937_64 rng(23);
    int checks = 0, mates = 0;
    for (int game = 0; game < 200; ++game) {
        auto p = pos(game % 2 ? kStart : kMatsuri);
        for (int ply = 0; ply < 300; ++ply) {
            shogi::Moves list;
            p.legal_moves(list);
            for (const auto m : list) {
                shogi::Undo u;
                p.play(m, u);
                if (p.in_check()) {
                    shogi::Moves replies;
                    p.legal_moves(replies);
                    REQUIRE(p.has_legal_move() == !replies.empty());
                    ++checks;
                    mates += replies.empty();
                }
                p.undo(m, u);
            }
            if (list.empty()) break;
            p.play(list[rng() % list.size()]);
        }
    }
    CHECK(checks > 10000);
    CHECK(mates > 50);
    // Checked along Sente's last rank, with a lance or a knight in hand: no square between is one where it
    // could be dropped, so it is mate; with a gold the drop between answers.
    for (const char* hand : {"L", "N", "G"}) {
        auto p = pos(std::string("4r3K/6g2/7s1/9/9/9/9/9/k8 b ") + hand + " 1");
        REQUIRE(p.in_check());
        shogi::Moves replies;
        p.legal_moves(replies);
        CHECK(replies.empty() == (hand[0] != 'G'));
        CHECK(p.has_legal_move() == !replies.empty());
    }
}

TEST_CASE("shogi pawn attacks at once: the union of each pawn's step") {
    std::mt19937_64 rng(7);
    for (Color c : {Sente, Gote}) {
        for (int sq = 0; sq < shogi::kSquares; ++sq)
            CHECK(shogi::pawn_attacks(c, shogi::Bitboard::square(sq)) == shogi::step_attacks(c, shogi::Pawn, sq));
        for (int i = 0; i < 200; ++i) {
            shogi::Bitboard pawns, expected;
            for (int sq = 0; sq < shogi::kSquares; ++sq)
                if (rng() % 3 == 0) pawns.set(sq), expected |= shogi::step_attacks(c, shogi::Pawn, sq);
            CHECK(shogi::pawn_attacks(c, pawns) == expected);
        }
    }
}

TEST_CASE("shogi SFEN: round trip, and bad positions refused with the reason") {
    CHECK(pos(kStart).sfen() == kStart);
    CHECK(pos(kMatsuri).sfen() == "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1");
    auto bad = [](const std::string& sfen, const std::string& words) {
        auto p = shogi::Position::from_sfen(sfen);
        REQUIRE_FALSE(p.ok());
        CHECK_MESSAGE(p.error().find(words) != std::string::npos, p.error());
    };
    bad("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1", "unknown piece 'X'");
    bad("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", "9 squares");
    bad("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNLL b - 1", "more than 9 squares");
    bad("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "9 ranks");
    bad("4k4/9/9/9/9/9/9/9/4K4 x - 1", "side to move");
    bad("4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "too many");
    bad("4k4/9/9/9/9/9/9/9/4K4 b 3R 1", "too many");
    bad("4k4/9/9/9/9/9/9/9/4K4 b K 1", "cannot be in hand");
    bad("4k4/9/9/9/9/9/9/9/3KK4 b - 1", "two kings");
    bad("4k4/9/9/9/4+G4/9/9/9/4K4 b - 1", "cannot be promoted");
    bad("4k4/9/9/9/4+K4/9/9/9/4K4 b - 1", "cannot be promoted");
    bad("P3k4/9/9/9/9/9/9/9/4K4 b - 1", "can never move");
    bad("4k4/N8/9/9/9/9/9/9/4K4 b - 1", "can never move");
    bad("4k4/9/9/9/9/9/9/9/p3K4 b - 1", "can never move");  // a Gote pawn on Gote's last rank
    bad("4k4/9/4P4/9/4P4/9/9/9/4K4 b - 1", "two pawns");
    bad("4k4/9/9/9/4R4/9/9/9/4K4 b - 1", "the side not to move is in check");
    bad("4k4/9/9/9/9/9/9/9/4K4 b 2 1", "a count without a piece");
    bad("4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "a hand count of 0 for 'P'");
    bad("4k4/9/9/9/9/9/9/9/4K4 b R0p 1", "a hand count of 0 for 'p'");
    bad("4k4/9/9/9/9/9/9/9/4K4 b 00P 1", "leading zero");
    bad("4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "too many");
    bad("4k4/9/9/9/9/9/9/9/4K4 b 10P9p 1", "more P than the set holds");
    bad("4k4/9/9/9/9/9/9/9/4K4 b 19p 1", "too many");
    CHECK(pos("4k4/9/9/9/9/9/9/9/4K4 b 1P2p 1").sfen() == "4k4/9/9/9/9/9/9/9/4K4 b P2p 1");
    bad("4k4/9/9/9/9/9/9/9/4K4 b 2K 1", "cannot be in hand");
    bad("4k4/9/9/9/9/9/9/9/4K4 b - x", "");
    bad("", "expected");
    // Found by the SFEN fuzz target: a NUL byte was read as a promoted piece (promoted types have no letter).
    bad(std::string("4k4/9/9/9/9/9/9/9/3") + '\0' + "K4 b - 1", "unknown piece");
    bad(std::string("4k4/9/9/9/9/9/9/9/3+") + '\0' + "K4 b - 1", "");
    bad(std::string("4k4/9/9/9/9/9/9/9/4K4 b ") + '\0' + " 1", "");
}

TEST_CASE("shogi moves: pins, king safety and check evasions") {
    SUBCASE("a pinned silver keeps to the pin line") {
        auto p = pos("4r3k/9/9/9/9/9/4S4/9/4K4 b - 1");
        CHECK(moves_from(p, "5g") == std::set<std::string>{"5g5f"});
    }
    SUBCASE("a pinned bishop slides along the pin, and may take the pinner") {
        auto p = pos("8k/9/9/9/9/2b6/9/4B4/5K3 b - 1");  // Gote bishop 7f, Sente bishop 5h, king 4i
        const auto m = moves_from(p, "5h");
        CHECK(m == std::set<std::string>{"5h6g", "5h7f"});
    }
    SUBCASE("the king does not step into an attack, nor back along the checking line") {
        auto p = pos("8k/9/9/9/4r4/9/9/9/4K4 b - 1");  // Gote rook 5e checks the king on 5i
        CHECK(p.in_check());
        const auto m = moves_from(p, "5i");
        CHECK(m == std::set<std::string>{"5i4i", "5i6i", "5i4h", "5i6h"});
    }
    SUBCASE("evasions: capture the checker, interpose a piece or a drop; a double check only by the king") {
        auto p = pos("8k/9/9/9/4r4/9/9/3G5/4K4 b P 1");  // rook 5e checks; gold 6h can step onto the file
        const auto m = moves_of(p);
        CHECK(m.count("6h5h"));    // interposition by a move
        CHECK(m.count("P*5f"));    // interposition by a drop
        CHECK(m.count("P*5g"));
        CHECK(m.count("P*5h") == 1);
        CHECK(!m.count("P*4f"));   // a drop that does not answer the check
        CHECK(!m.count("6h6g"));   // a move that does not answer it
        // A double check: rook 5e on the file and a knight on 4g (Gote's knight attacks 5i and 3i).
        auto two = pos("8k/9/9/9/4r4/9/5n3/9/4K4 b GP 1");
        CHECK(two.checkers().count() == 2);
        for (const auto& mv : moves_of(two)) CHECK(mv.rfind("5i", 0) == 0);
    }
    SUBCASE("a discovered check is seen") {
        auto p = pos("4k4/9/9/9/9/9/4S4/9/4R3K b - 1");  // silver 5g blocks the rook 5i
        shogi::Moves list;
        p.legal_moves(list);
        for (auto m : list)
            if (p.move_text(m) == "5g4f") {
                shogi::Undo undo;
                p.play(m, undo);
                CHECK(p.in_check());
                p.undo(m, undo);
            }
    }
}

TEST_CASE("shogi moves: promotion and dead ends") {
    // Pawn 2d into the zone: both; pawn 1b to the last rank: only promoted; knight 3d to rank b: only promoted.
    auto p = pos("4k4/8P/9/6NP1/9/9/9/9/4K4 b - 1");
    CHECK(moves_from(p, "2d") == std::set<std::string>{"2d2c", "2d2c+"});
    CHECK(moves_from(p, "1b") == std::set<std::string>{"1b1a+"});
    CHECK(moves_from(p, "3d") == std::set<std::string>{"3d2b+", "3d4b+"});
    // A silver leaving the zone may promote; a gold and a king never do.
    auto s = pos("4k4/9/4S4/9/9/9/9/9/4K4 b - 1");
    CHECK(moves_from(s, "5c").count("5c4d+"));
    CHECK(moves_from(s, "5c").count("5c4d"));
    auto g = pos("4k4/9/4G4/9/9/9/9/9/4K4 b - 1");
    for (const auto& m : moves_from(g, "5c")) CHECK(m.back() != '+');
    // Lance to the second rank: optional; to the first: compulsory.
    auto l = pos("4k4/9/9/9/9/9/9/9/L3K4 b - 1");
    const auto lm = moves_from(l, "9i");
    CHECK(lm.count("9i9b"));
    CHECK(lm.count("9i9b+"));
    CHECK(!lm.count("9i9a"));
    CHECK(lm.count("9i9a+"));
    CHECK(!lm.count("9i9f+"));  // outside the zone
    // Drops: no pawn or lance on the last rank, no knight on the last two; Gote the same from its side.
    auto d = pos("4k4/9/9/9/9/9/9/9/4K4 b PLN 1");
    for (const auto& m : moves_of(d)) {
        if (m[0] == 'P' || m[0] == 'L') CHECK(m[3] != 'a');
        if (m[0] == 'N') CHECK((m[3] != 'a' && m[3] != 'b'));
    }
    auto dg = pos("4k4/9/9/9/9/9/9/9/4K4 w pln 1");
    for (const auto& m : moves_of(dg)) {
        if (m[0] == 'P' || m[0] == 'L') CHECK(m[3] != 'i');
        if (m[0] == 'N') CHECK((m[3] != 'i' && m[3] != 'h'));
    }
    CHECK(moves_from(d, "P*").size() == 71);  // 79 empty squares but the 8 of rank a
}

TEST_CASE("shogi drops: nifu") {
    // A Sente pawn on file 5: no pawn drop there; a promoted pawn does not count.
    auto p = pos("4k4/9/9/9/4P4/9/9/9/3K5 b P 1");
    for (const auto& m : moves_from(p, "P*")) CHECK(m[2] != '5');
    auto t = pos("4k4/9/9/9/4+P4/9/9/9/3K5 b P 1");
    CHECK(moves_from(t, "P*5").size() > 0);
}

TEST_CASE("shogi drops: pawn-drop mate is illegal, a pawn drop check that is not mate is legal") {
    // Gote king 1a; Sente gold 2c guards 1b and 2b, knight 3c guards 2a: P*1b would mate.
    auto mate = pos("8k/9/6NG1/9/9/9/9/9/K8 b P 1");
    CHECK(!moves_of(mate).count("P*1b"));
    auto parsed = mate.parse_move("P*1b");
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error().find("uchifuzume") != std::string::npos);
    // The king can take the unguarded pawn (a lance on file 2 guards 2a and 2b): legal.
    auto takes = pos("8k/9/9/9/9/9/9/9/K6L1 b P 1");
    CHECK(moves_of(takes).count("P*1b"));
    // Another Gote piece can take it: legal.
    auto defended = pos("8k/9/6NGg/9/9/9/9/9/K8 b P 1");
    CHECK(moves_of(defended).count("P*1b"));
    // The only piece that could take it is pinned (bishop 4d through 3c): mate, illegal.
    auto pinned = pos("8k/7g1/7SN/5B3/9/9/9/9/K8 b P 1");
    CHECK(!moves_of(pinned).count("P*1b"));
    auto unpinned = pos("8k/7g1/7SN/9/9/9/9/9/K8 b P 1");
    CHECK(moves_of(unpinned).count("P*1b"));
    // A pawn that moves there and mates is legal: only drops are forbidden.
    auto pushed = pos("8k/9/6NGP/9/9/9/9/9/K8 b - 1");
    CHECK(moves_of(pushed).count("1c1b"));
    // Gote's pawn-drop mate is as illegal as Sente's.
    auto gote = pos("k8/9/9/9/9/9/1gn6/9/K8 w p 1");
    CHECK(!moves_of(gote).count("P*9h"));
}

namespace {
// Whether m mates: legal, gives check, and leaves no legal answer.
bool mates(shogi::Position p, shogi::Move m) {
    if (!p.is_legal(m)) return false;
    p.play(m);
    return p.in_check() && !p.has_legal_move();
}
}  // namespace

TEST_CASE("shogi mate in one: found where there is one, never a move that does not mate") {
    // A gold dropped on the king's head, guarded by a pawn.
    auto head = pos("4k4/9/4P4/9/9/9/9/9/4K4 b G 1");
    const auto m = head.mate_in_one();
    REQUIRE_FALSE(m.is_null());
    CHECK(head.move_text(m) == "G*5b");
    CHECK(head.sfen() == pos("4k4/9/4P4/9/9/9/9/9/4K4 b G 1").sfen());  // the position is left as it was
    // Only a pawn drop would mate, and that is illegal: none.
    CHECK(pos("8k/9/6NG1/9/9/9/9/9/K8 b P 1").mate_in_one().is_null());
    // A pawn pushed to the same square mates (promoting or not).
    auto pushed = pos("8k/9/6NGP/9/9/9/9/9/K8 b - 1");
    const auto push = pushed.mate_in_one();
    REQUIRE_FALSE(push.is_null());
    CHECK(mates(pushed, push));
    CHECK((pushed.move_text(push) == "1c1b" || pushed.move_text(push) == "1c1b+"));

    // Random games from positions with full hands: whatever the probe returns mates, and when any move other
    // than a king move mates, the probe finds one (checked against every legal move).
    uint64_t seed = 99;
    int found = 0;
    for (const std::string& start : {std::string("4k4/9/9/9/9/9/9/9/4K4 b RB2G2S2N2L9Prb2g2s2n2l9p 1"),
                                    std::string("3gkg3/9/9/9/9/9/9/9/3GKG3 b RBSNLPrbsnlp 1"), kMatsuri}) {
        for (int game = 0; game < 20; ++game) {
            auto p = pos(start);
            for (int ply = 0; ply < 60 && p.outcome() == Outcome::Ongoing; ++ply) {
                shogi::Moves list;
                p.legal_moves(list);
                if (!p.in_check()) {
                    const std::string before = p.sfen();
                    const shogi::Move probe = p.mate_in_one();
                    REQUIRE(p.sfen() == before);
                    bool any = false;
                    for (auto mv : list)
                        if (mv.is_drop() || mv.from() != p.king_square(p.side())) any = any || mates(p, mv);
                    CHECK_MESSAGE(!probe.is_null() == any, before);
                    if (!probe.is_null()) {
                        CHECK_MESSAGE(mates(p, probe), before);
                        ++found;
                    }
                }
                seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
                p.play(list[(seed >> 33) % list.size()]);
            }
        }
    }
    CHECK(found > 20);  // the walk does meet mates
}

TEST_CASE("shogi repetition: the fourth occurrence draws, perpetual check loses for the checker") {
    // Sente's rook checks from the 5 and 4 files in turn; Gote's king steps between 5a and 4a.
    auto p = pos("4k4/9/9/9/4R4/9/9/9/K8 w - 1");
    const auto checks = play_cycle<Shogi>(p, {"5a4a", "5e4e", "4a5a", "4e5e"}, 3);
    REQUIRE(checks.outcome);
    CHECK(checks.plies == 12);                // the start position for the fourth time
    CHECK(*checks.outcome == Outcome::Win);  // Gote, to move, wins: Sente checked with every move

    // Kings walking back and forth: a draw on the fourth occurrence.
    auto q = pos("4k4/9/9/9/9/9/9/9/4K4 b - 1");
    const auto walk = play_cycle<Shogi>(q, {"5i4i", "5a4a", "4i5i", "4a5a"}, 4);
    REQUIRE(walk.outcome);
    CHECK(walk.plies == 12);
    CHECK(*walk.outcome == Outcome::Draw);
}

TEST_CASE("shogi move text: parsing and its errors") {
    auto p = pos(kStart);
    CHECK(p.move_text(p.parse_move("7g7f").value()) == "7g7f");
    auto err = [&](const shogi::Position& at, const std::string& text, const std::string& words) {
        auto m = at.parse_move(text);
        REQUIRE_FALSE(m.ok());
        CHECK_MESSAGE(m.error().find(words) != std::string::npos, m.error());
    };
    err(p, "7g7e", "cannot reach");
    err(p, "7c7d", "no piece of the side to move");
    err(p, "P*5e", "no such piece in hand");
    err(p, "0a1b", "not a square");
    err(p, "7g", "expected a move");
    err(p, "7g7f++", "expected a move");
    err(p, "K*5e", "cannot be dropped");
    err(p, "9i9g", "holds a piece of the side to move");
    err(p, "7g7f+", "no promotion outside the zone");
    auto q = pos("4k4/8P/9/9/9/9/9/9/4K4 b - 1");
    // A compulsory promotion may be written without '+'; the text then says '+'.
    CHECK(q.move_text(q.parse_move("1b1a").value()) == "1b1a+");
    auto x = pos("4k4/9/9/9/4r4/9/9/3G5/4K4 b - 1");
    err(x, "6h6g", "leaves the king in check");
    auto n = pos("4k4/9/9/9/4P4/9/9/9/3K5 b P 1");
    err(n, "P*5f", "nifu");
    err(n, "P*1a", "could never move");
}

TEST_CASE("shogi play/undo: keys and positions come back, keys match a fresh parse") {
    uint64_t seed = 12345;
    for (const auto& start : {kStart, kMatsuri}) {
        auto p = pos(start);
        for (int ply = 0; ply < 120 && p.outcome() == Outcome::Ongoing; ++ply) {
            shogi::Moves list;
            p.legal_moves(list);
            const std::string before = p.sfen();
            const uint64_t key = p.key();
            REQUIRE(p.count_legal_moves() == list.size());  // counting agrees with generating
            for (auto m : list) {
                shogi::Undo undo;
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
}

TEST_CASE("shogi exchange evaluation") {
    auto see = [](const std::string& sfen, const std::string& move) {
        auto p = pos(sfen);
        auto m = p.parse_move(move);
        REQUIRE_MESSAGE(m.ok(), m.error());
        return p.see(m.value());
    };
    const int P = shogi::kSeeValue[shogi::Pawn], R = shogi::kSeeValue[shogi::Rook], G = shogi::kSeeValue[shogi::Gold];
    CHECK(see("4k4/9/4p4/4P4/9/9/9/9/4K4 b - 1", "5d5c+") == P + shogi::kSeeValue[shogi::ProPawn] - P);
    CHECK(see("4k4/4g4/4p4/4P4/9/9/9/9/4K4 b - 1", "5d5c") == 0);         // pawn for pawn
    CHECK(see("4k4/4g4/4p4/9/9/9/9/4R4/4K4 b - 1", "5h5c") == P - R);     // the rook is lost for a pawn
    // The same with a second attacker behind the rook on the file: still the rook for pawn and gold.
    CHECK(see("4k4/4g4/4p4/9/9/9/4R4/4L4/4K4 b - 1", "5g5c") == P - R + G);
    CHECK(see("4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*5e") == 0);               // a drop on a safe square
    // A drop takes nothing and can be lost: a silver under a pawn, and the same silver defended by a pawn.
    const int S = shogi::kSeeValue[shogi::Silver];
    CHECK(see("4k4/9/4p4/9/9/9/9/9/4K4 b S 1", "S*5d") == -S);
    CHECK(see("4k4/9/4p4/9/4P4/9/9/9/4K4 b S 1", "S*5d") == P - S);
    // A quiet move onto an attacked square loses its piece unless the recapture pays.
    CHECK(see("4k4/9/4p4/9/4S4/9/9/9/4K4 b - 1", "5e5d") == -S);
}

TEST_CASE("shogi entering-king declaration: the CSA 27-point rule") {
    // Sente's king on 5b with ten pieces in the camp (rook, bishop, four golds, four silvers: 18 points).
    const std::string camp = "RBGGGGSS1/SS2K4/9/9/9/9/9/9/4k4 b ";
    CHECK(pos(camp + "10P 1").can_declare());   // 18 + 10 = 28 points
    CHECK(!pos(camp + "9P 1").can_declare());   // 27: not enough for Sente
    CHECK(!pos("RBGGGGS2/SS2K4/9/9/9/9/9/9/4k4 b S10P 1").can_declare());  // nine pieces in the camp
    CHECK(pos("RBGGGGSS1/SS7/4K4/9/9/9/9/9/4k4 b 10P 1").can_declare());  // king on 5c: still the camp
    CHECK(!pos("RBGGGGSS1/SS7/9/4K4/9/9/9/9/4k4 b 10P 1").can_declare());  // king outside the camp
    CHECK(!pos("RBGGGGSS1/SS2K4/9/9/4r4/9/9/9/4k4 b 10P 1").can_declare());  // king in check
    // The rule is off unless set: the position then is simply ongoing.
    auto p = pos(camp + "10P 1");
    CHECK(p.decided() == Outcome::Ongoing);
    REQUIRE_FALSE(p.set_rule("EnteringKingRule", "CSARule27"));
    CHECK(p.decided() == Outcome::Win);
    CHECK(p.set_rule("EnteringKingRule", "TryRule"));
    // Gote needs 27: the same position turned round, with nine pawns.
    CHECK(pos("4K4/9/9/9/9/9/9/4k2ss/1ssggggbr w 9p 1").can_declare());
}

TEST_CASE("shogi CSA notation: board, hands and moves") {
    auto p = pos(kStart);
    const std::string board = p.csa_board();
    CHECK(board.find("P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI *  *  *  *  * -KA * \n") == 0);
    CHECK(board.find("P8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\nP+\nP-\n+\n") != std::string::npos);
    CHECK(p.csa_move(p.parse_move("7g7f").value()) == "+7776FU");
    auto q = pos("lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3");
    CHECK(q.csa_move(q.parse_move("8h2b+").value()) == "+8822UM");
    auto r = pos("4k4/9/9/9/9/9/9/9/4K4 w 2Pb 1");
    CHECK(r.csa_move(r.parse_move("B*5e").value()) == "-0055KA");
    CHECK(r.csa_board().find("P+00FU00FU\nP-00KA\n-\n") != std::string::npos);
}
