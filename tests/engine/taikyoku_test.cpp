// Taikyoku shogi rules: the piece table read whole, perft from the start (distinct outcomes), every movement
// construct on a constructed board with its moves counted by hand, promotion (11 ranks, legs counted, once),
// the royals and the game end, SFEN and the taikyoku-shogi.github.io format, move text with the squares of its
// captures, bad input, and random games played and undone.
#include <doctest/doctest.h>

#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "engine/taikyoku/taikyoku.hpp"
#include "search/perft.hpp"
#include "tests/engine/helpers.hpp"

using namespace menagerie;
using taikyoku::Position;
using taikyoku::Taikyoku;

namespace {

int kind(const char* code, bool promoted = false) {
    const int k = taikyoku::kind_of_row(taikyoku::row_of(code), promoted);
    REQUIRE_MESSAGE(k >= 0, code);
    return k;
}
int square(const std::string& text) {
    size_t i = 0;
    const int s = taikyoku::Geo::read_square(text, i);
    REQUIRE_MESSAGE((s >= 0 && i == text.size()), text);
    return s;
}

const std::string kEmptyBoard = [] {
    std::string s;
    for (int r = 0; r < 36; ++r) s += (r ? "/36" : "36");
    return s;
}();

// An open board with the two kings off every line through 18r (Sente's on 36ee, Gote's on 2a), and pieces:
// square, code, colour (0 Sente), promoted.
struct Put {
    std::string square;
    const char* code;
    int color = 0;
    bool promoted = false;
};
Position board(std::initializer_list<Put> pieces, bool gote_to_move = false) {
    Position p = menagerie::testing::position<Taikyoku>(kEmptyBoard + (gote_to_move ? " w - 1" : " b - 1"));
    p.place(square("36ee"), large::make_piece(0, kind("K")));
    p.place(square("2a"), large::make_piece(1, kind("K")));
    for (const Put& x : pieces) p.place(square(x.square), large::make_piece(x.color, kind(x.code, x.promoted)));
    // the key and the sums as a read position has them
    return menagerie::testing::position<Taikyoku>(p.sfen());
}

struct Count {
    size_t all = 0, promotions = 0;
    std::vector<std::string> texts;
};
Count moves_from(const Position& p, const std::string& sq) {
    Count c;
    Position::Moves list;
    p.legal_moves(list);
    for (auto m : list)
        if (m.from() == square(sq)) {
            ++c.all;
            c.promotions += m.promotes();
            c.texts.push_back(p.move_text(m));
        }
    return c;
}

}  // namespace

TEST_CASE("taikyoku table: all 301 rows read, 356 kinds, the start's counts and royals") {
    CHECK(taikyoku::kTypes == 301);
    CHECK(taikyoku::kStartKinds == 209);
    CHECK(taikyoku::kPromotedKinds == 147);
    int start_pieces = 0;
    for (const auto& r : taikyoku::kRows) start_pieces += r.count;
    CHECK(start_pieces == 402);
    // Every movement string compiles (a construct the reader does not know throws).
    CHECK(Position::table().size() == size_t(taikyoku::kKinds));
    // Every promotion target exists; promoted kinds never promote again.
    for (int k = 0; k < taikyoku::kKinds; ++k) {
        const auto& kd = taikyoku::kKindTable[size_t(k)];
        CAPTURE(kd.name);
        if (kd.promoted) CHECK(kd.promotes_to == -1);
        if (!taikyoku::row(k).promotes_to.empty() && !kd.promoted) CHECK(kd.promotes_to >= 0);
    }
    const Position start = menagerie::testing::position<Taikyoku>(std::string(Taikyoku::start_sfen));
    CHECK(start.count(0) == 402);
    CHECK(start.count(1) == 402);
    CHECK(start.royals(0) == 2);
    CHECK(start.royals(1) == 2);
    CHECK(start.sfen() == Taikyoku::start_sfen);
    // Per type, as many on the board as the table's count, for each side.
    std::vector<int> seen(size_t(taikyoku::kKinds), 0);
    for (int c = 0; c < 2; ++c)
        for (auto s : start.pieces(c)) ++seen[size_t(large::kind_of(start.at(s)))];
    for (int k = 0; k < taikyoku::kStartKinds; ++k) CHECK(seen[size_t(k)] == 2 * taikyoku::row(k).count);
    // Royals where the spec puts them.
    CHECK(start.at(square("19jj")) == large::make_piece(0, kind("K")));
    CHECK(start.at(square("18jj")) == large::make_piece(0, kind("CP")));
    CHECK(start.at(square("18a")) == large::make_piece(1, kind("K")));
}

TEST_CASE("taikyoku perft: distinct outcomes from the start") {
    Position start = menagerie::testing::position<Taikyoku>(std::string(Taikyoku::start_sfen));
    CHECK(perft<Taikyoku>(start, 1) == 509);
    CHECK(perft<Taikyoku>(start, 2) == 258172);
}

TEST_CASE("taikyoku movement: steps, slides and leaps on an open board, counted by hand") {
    // 18r is 17 squares from the top, 18 from the bottom, 17 from the right, 18 from the left.
    CHECK(moves_from(board({{"18r", "GLG"}}), "18r").all == 6);   // W fF
    CHECK(moves_from(board({{"18r", "K"}}), "18r").all == 16);    // Q2
    CHECK(moves_from(board({{"18r", "CP"}}), "18r").all == 8);    // K
    CHECK(moves_from(board({{"18r", "CH"}}), "18r").all == 2);    // ffN
    CHECK(moves_from(board({{"18r", "P"}}), "18r").all == 1);     // fW
    CHECK(moves_from(board({{"18r", "GB"}}), "18r").all == 2);    // vW
    // R: 17 + 18 + 17 + 18 squares; the 11 of the forward line that lie in the zone may promote (to DK).
    const Count rook = moves_from(board({{"18r", "FCH"}}), "18r");
    CHECK(rook.all == 70 + 11);
    CHECK(rook.promotions == 11);
    // Q: the rook's 70 and the diagonals 17 + 17 + 18 + 17 (FK promotes to GG in the zone: 11 + 11 + 11).
    const Count queen = moves_from(board({{"18r", "FK"}}), "18r");
    CHECK(queen.all - queen.promotions == 139);
    CHECK(queen.promotions == 33);
}

TEST_CASE("taikyoku movement: hook moves turn at any empty square of the first line") {
    // A Hook Mover walled in by its own golds on three sides: the forward line (17 squares) and, from each of
    // its 17 corners, the whole rank either way (35 squares), except on rank a, where Gote's king on 2a is
    // taken and 1a behind it is out of reach (34).
    const Position walled = board({{"18r", "HM"}, {"19r", "GLG"}, {"17r", "GLG"}, {"18s", "GLG"}});
    CHECK(moves_from(walled, "18r").all == 17 + 16 * 35 + 34);
    // An enemy pawn on 18k: corners 18q..18l (6), the pawn taken, and no turn on or beyond it.
    const Position blocked = board({{"18r", "HM"}, {"19r", "GLG"}, {"17r", "GLG"}, {"18s", "GLG"}, {"18k", "P", 1}});
    CHECK(moves_from(blocked, "18r").all == 6 + 1 + 6 * 35);
    // The Peacock's hook starts forward-diagonally only, and may head backward after the turn.
    const Position peacock = board({{"18r", "PCK"}, {"19q", "GLG"}});  // forward-left blocked at once
    const Count pk = moves_from(peacock, "18r");
    // fB: forward-right 17 squares; bB2: 2 + 2. The hook's corners are the 17 forward-right squares; from
    // the i-th it turns forward-left or back-right along the anti-diagonal through it, 17 - i squares each
    // way before an edge: 2 * (16 + 15 + ... + 0) = 272, all distinct (each corner has its own anti-diagonal).
    // It promotes (to Tengu) where a corner or a destination lies in the zone.
    CHECK(pk.all - pk.promotions == 17 + 4 + 272);
}

TEST_CASE("taikyoku movement: lion double steps, igui and jitto") {
    // An enemy pawn in front: 24 squares within two, the pass, igui, and 7 double steps through the pawn.
    const Count lion = moves_from(board({{"18r", "L"}, {"18q", "P", 1}}), "18r");
    CHECK(lion.all == 24 + 1 + 1 + 7);
    CHECK(menagerie::testing::has(lion.texts, "18r18q18r"));  // igui
    CHECK(menagerie::testing::has(lion.texts, "18r18q18p"));  // two captures' worth of path
    CHECK(menagerie::testing::has(lion.texts, "18r18r"));     // jitto
    // One rank outside the zone (18l): promotion where the destination or the first step (rank k) is in it:
    // 10 destinations on ranks i and k, 4 on rank l through a first step on rank k, and the jitto through k.
    const Count edge = moves_from(board({{"18l", "L"}}), "18l");
    CHECK(edge.all - edge.promotions == 25);
    CHECK(edge.promotions == 15);
    CHECK(menagerie::testing::has(edge.texts, "18l18l+"));
    CHECK(menagerie::testing::has(edge.texts, "18l19l+"));
    CHECK(!menagerie::testing::has(edge.texts, "18l18n+"));
}

TEST_CASE("taikyoku movement: leap then slide, flying over three pieces") {
    // Great Hawk (Q fW@2 (fW@2-R)) with its own gold in front: the queen's other seven lines (122 squares),
    // the leap to 18p and the slide on from it to rank a (15).
    CHECK(moves_from(board({{"18r", "GH", 0, true}, {"18q", "GLG"}}), "18r").all == 122 + 1 + 15);
    // An enemy on the leap square: taken by the leap, and no slide on (the leap square must be empty).
    CHECK(moves_from(board({{"18r", "GH", 0, true}, {"18q", "GLG"}, {"18p", "P", 1}}), "18r").all == 122 + 1);
    // King of Teachings (Q^3): own, enemy, own, enemy, enemy ahead: it takes the 2nd or the 4th piece met, and
    // the line ends at the 4th.
    const Position kt = board({{"18r", "KT", 0, true}, {"18q", "GLG"}, {"18p", "P", 1}, {"18o", "GLG"}, {"18n", "P", 1}, {"18m", "P", 1}});
    const Count k = moves_from(kt, "18r");
    CHECK(k.all == 122 + 2);
    CHECK(menagerie::testing::has(k.texts, "18r18p"));
    CHECK(menagerie::testing::has(k.texts, "18r18n"));
    CHECK(!menagerie::testing::has(k.texts, "18r18m"));
}

TEST_CASE("taikyoku movement: range capture takes every lower rank passed, own pieces too") {
    // Great General (Q!, rank 2): ahead an own pawn, an enemy pawn, an enemy Vice General (rank 3) and an
    // enemy King (rank 1), which stops the slide in front of it.
    Position p = board({{"18r", "GG"}, {"18p", "P"}, {"18m", "P", 1}, {"18k", "VG", 1}, {"18i", "K", 1}});
    const Count gg = moves_from(p, "18r");
    CHECK(gg.all == 122 + 8);
    CHECK(!menagerie::testing::has(gg.texts, "18r18i"));
    const std::string before = p.sfen();
    const uint64_t key = p.key();
    auto m = p.parse_move("18r18j");
    REQUIRE(m.ok());
    CHECK(p.move_text(m.value()) == "18r18j");  // its victims are not written
    taikyoku::Undo u;
    p.play(m.value(), u);
    CHECK(p.count(0) == 2);  // the king, the general: its own pawn is gone
    CHECK(p.count(1) == 2);  // the two kings: the pawn and the Vice General are gone
    CHECK(p.key() == p.compute_key());
    p.undo(m.value(), u);
    CHECK(p.sfen() == before);
    CHECK(p.key() == key);
    // An equal rank blocks too: a Vice General (rank 3) cannot pass or take another.
    const Count vg = moves_from(board({{"18r", "VG"}, {"19q", "VG", 1}}), "18r");
    CHECK(!menagerie::testing::has(vg.texts, "18r19q"));
    CHECK(!menagerie::testing::has(vg.texts, "18r20p"));
}

TEST_CASE("taikyoku movement: the Free Eagle's walks") {
    // Enemies on 18q and 18o: the walk of three takes both and stops on 18o or runs on to rank a; the plain
    // moves take 18q, leap to 18p or take 18o alone; igui on 18q; the pass.
    Position p = board({{"18r", "FE"}, {"18q", "P", 1}, {"18o", "P", 1}});
    const Count fe = moves_from(p, "18r");
    CHECK(fe.all == 122 + 3 + 15 + 1 + 1);
    CHECK(menagerie::testing::has(fe.texts, "18r18q18o"));    // the walk, stopping on its third square
    CHECK(menagerie::testing::has(fe.texts, "18r18o"));       // the leap: takes only 18o
    CHECK(menagerie::testing::has(fe.texts, "18r18q18o18a")); // the walk run on
    auto m = p.parse_move("18r18q18o18n");
    REQUIRE(m.ok());
    p.play(m.value());
    CHECK(p.count(1) == 1);
    // An own piece on the walk rules it out.
    const Count blocked = moves_from(board({{"18r", "FE"}, {"18q", "P", 1}, {"18p", "GLG"}}), "18r");
    CHECK(!menagerie::testing::has(blocked.texts, "18r18q18o"));
}

TEST_CASE("taikyoku promotion: optional, in 11 ranks, once only; a crowned elephant is royal") {
    // A Gold General in the zone (rank k): each move with and without promotion; promoted already: never.
    CHECK(moves_from(board({{"18k", "GLG"}}), "18k").all == 12);
    CHECK(moves_from(board({{"18k", "GLG", 0, true}}), "18k").all == 6);
    // Entering the zone from rank l.
    const Count pawn = moves_from(board({{"18l", "P"}}), "18l");
    CHECK(pawn.all == 2);
    // Never forced: a pawn on the last rank stays a pawn (and has no move).
    CHECK(moves_from(board({{"18a", "P"}}), "18a").all == 0);
    // Gote's zone is ranks z to jj.
    CHECK(moves_from(board({{"18y", "P", 1}}, true), "18y").all == 2);
    // Drunken Elephant to Crown Prince: a second royal.
    Position de = board({{"18l", "DE"}});
    CHECK(de.royals(0) == 1);
    auto m = de.parse_move("18l18k+");
    REQUIRE(m.ok());
    taikyoku::Undo u;
    de.play(m.value(), u);
    CHECK(de.royals(0) == 2);
    CHECK(de.sfen().find("+(CP)") != std::string::npos);
    de.undo(m.value(), u);
    CHECK(de.royals(0) == 1);
    // Written '+' with the current type; a promotion-only type reads as promoted without it.
    CHECK(board({{"18r", "GLG", 0, true}}).sfen().find("+(GLG)") != std::string::npos);
    auto ffi = Position::from_sfen("(FFI)35/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/35k b - 1");
    REQUIRE(ffi.ok());
    CHECK(ffi.value().sfen().rfind("+(FFI)", 0) == 0);
    CHECK(!Position::from_sfen("+P35/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/35k b - 1").ok());
}

TEST_CASE("taikyoku game end: the last royal taken loses; no check rule") {
    Position p = board({{"2r", "FCH"}});
    CHECK(p.decided() == Outcome::Ongoing);
    auto m = p.parse_move("2r2a");
    REQUIRE(m.ok());
    p.play(m.value());
    CHECK(p.decided() == Outcome::Loss);
    CHECK(p.outcome() == Outcome::Loss);
    CHECK(p.outcome_reason() == "the side to move has no king or crown prince left");
    CHECK(p.count_legal_moves() == 0);
    // A move that leaves its own king attacked is legal.
    Position q = board({{"35ee", "GLG"}, {"36s", "FCH", 1}});
    CHECK(q.parse_move("35ee34ee").ok());
}

TEST_CASE("taikyoku text: bad SFEN and bad moves are refused with a reason") {
    for (const char* bad : {"", "36 b - 1", "(XYZ)35/36 b - 1", "36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/37 b - 1",
                            "36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36 x - 1",
                            "36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36 b P 1"}) {
        CAPTURE(bad);
        CHECK(!Position::from_sfen(bad).ok());
    }
    const Position start = menagerie::testing::position<Taikyoku>(std::string(Taikyoku::start_sfen));
    for (const char* bad : {"", "18z", "18z18x", "18z18y+", "18y18x", "37z37y", "18z18yy", "18zz18y", "18z18y18x18w18v18u18t18s18r18q",
                            "1ii1hh1ii", "x", "18z18y-"}) {
        CAPTURE(bad);
        auto m = start.parse_move(bad);
        CHECK(!m.ok());
        if (!m.ok()) CHECK(!m.error().empty());
    }
    CHECK(start.parse_move("18z18y").ok());
}

TEST_CASE("taikyoku ATSI: the site's format out and back") {
    const Position start = menagerie::testing::position<Taikyoku>(std::string(Taikyoku::start_sfen));
    const std::string atsi = start.atsi();
    CHECK(atsi.rfind("IC,WT,RR,W,FD,RME,T,BC,RH,FDM,ED,WDV", 0) == 0);  // Gote in upper case, file 36 first
    CHECK(atsi.find("/P36/") != std::string::npos);
    CHECK(atsi.find("/p36/") != std::string::npos);
    CHECK(atsi.substr(atsi.size() - 2) == " 0");
    auto back = Position::from_atsi(atsi);
    REQUIRE(back.ok());
    CHECK(back.value().sfen() == start.sfen());
    // Gote to move: an odd counter.
    Position p = start;
    p.play(p.parse_move("18z18y").value());
    CHECK(p.atsi().substr(p.atsi().size() - 2) == " 1");
    CHECK(Position::from_atsi(p.atsi()).value().sfen() == p.sfen());
    for (const char* bad : {"", "p36 0", "x", "36/36 0"}) {
        CAPTURE(bad);
        CHECK(!Position::from_atsi(bad).ok());
    }
}

TEST_CASE("taikyoku random games: every move's text reads back, play and undo restore the position") {
    std::mt19937_64 rng(11);
    for (int game = 0; game < 3; ++game) {
        Position p = menagerie::testing::position<Taikyoku>(std::string(Taikyoku::start_sfen));
        for (int ply = 0; ply < 60 && p.decided() == Outcome::Ongoing; ++ply) {
            Position::Moves list;
            p.legal_moves(list);
            if (list.empty()) break;
            const std::string before = p.sfen();
            const uint64_t key = p.key();
            for (size_t i = 0; i < list.size(); i += 7) {
                const auto m = list[i];
                const std::string text = p.move_text(m);
                auto back = p.parse_move(text);
                REQUIRE_MESSAGE(back.ok(), std::string(text + ": " + back.error()));
                CHECK(back.value() == m);
                taikyoku::Undo u;
                p.play(m, u);
                CHECK(p.key() == p.compute_key());
                p.undo(m, u);
                CHECK(p.key() == key);
            }
            CHECK(p.sfen() == before);
            // Prefer captures, so that the long-range pieces open the board.
            std::vector<large::Move> captures;
            for (auto m : list)
                if (p.is_capture(m)) captures.push_back(m);
            const auto m = !captures.empty() && rng() % 2 ? captures[rng() % captures.size()] : list[rng() % list.size()];
            p.play(m);
            CHECK(Position::from_sfen(p.sfen()).value().key() == p.key());
        }
    }
}
