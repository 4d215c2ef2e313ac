// The notation codec every board shares (engine/core/notation.hpp): squares in both styles, the squares a move
// names, board and hand fields.
#include <doctest/doctest.h>

#include "engine/core/notation.hpp"

using namespace menagerie;

TEST_CASE("notation: board fields and hands as the SFEN writes them") {
    const BoardSize shogi_size{9, 9};
    auto shogi = read_board_field("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL", shogi_size);
    REQUIRE(shogi);
    CHECK(shogi->cells.size() == 81);
    CHECK(shogi->cells[0] == "l");
    CHECK(shogi->cells[10] == "r");
    CHECK(shogi->cells[80] == "L");
    CHECK(write_board_field(*shogi) == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL");
    BoardCells hands;
    REQUIRE_FALSE(read_hands_field("2Pp+r", hands));
    REQUIRE(hands.hands[0].size() == 1);
    CHECK(hands.hands[0][0] == std::pair<std::string, int>{"P", 2});
    REQUIRE(hands.hands[1].size() == 2);
    CHECK(hands.hands[1][1] == std::pair<std::string, int>{"+R", 1});
    CHECK(read_hands_field("P(", hands));
    // Chu: two-digit runs.
    auto chu = read_board_field("11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11", {12, 12});
    REQUIRE(chu);
    CHECK(chu->cells[11] == "k");
    CHECK(chu->cells[4 * 12 + 5] == "+o");
    CHECK(write_board_field(*chu) == "11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11");
    // Parenthesised codes of the big games.
    auto codes = read_board_field("(kt)1/+(GLG)1", {2, 2});
    REQUIRE(codes);
    CHECK(codes->cells[0] == "(kt)");
    CHECK(codes->cells[2] == "+(GLG)");
    for (const char* bad : {"", "3/3/3", "4/3/3/3", "3/3/3/3/3", "2/3/3/3", "(ab/3/3/3", "3/3/3/3/"}) {
        CAPTURE(bad);
        CHECK_FALSE(read_board_field(bad, {3, 4}));
    }
}

TEST_CASE("notation: the cells a move names, in both styles") {
    const BoardSize nine{9, 9};
    auto step = read_spelling("7g7f", nine, SquareStyle::Shogi);
    REQUIRE(step);
    CHECK(step->cells == std::vector<int>{6 * 9 + 2, 5 * 9 + 2});
    CHECK_FALSE(step->promote);
    CHECK(write_spelling(*step, nine, SquareStyle::Chess) == "c3c4");
    auto promote = read_spelling("8h2b+", nine, SquareStyle::Shogi);
    REQUIRE(promote);
    CHECK(promote->promote);
    CHECK(promote->cells == std::vector<int>{7 * 9 + 1, 1 * 9 + 7});
    CHECK(write_spelling(*promote, nine, SquareStyle::Chess) == "b2h8+");
    auto drop = read_spelling("P*5e", nine, SquareStyle::Shogi);
    REQUIRE(drop);
    CHECK(drop->drop == "P");
    CHECK(drop->cells == std::vector<int>{4 * 9 + 4});
    CHECK(write_spelling(*drop, nine, SquareStyle::Chess) == "P@e5");
    auto chess_drop = read_spelling("P@e5", nine, SquareStyle::Chess);
    REQUIRE(chess_drop);
    CHECK(*chess_drop == *drop);
    auto lion = read_spelling("12i11h12i", {12, 12}, SquareStyle::Shogi);  // igui on a 12-file board
    REQUIRE(lion);
    CHECK(lion->cells == std::vector<int>{8 * 12 + 0, 7 * 12 + 1, 8 * 12 + 0});
    CHECK(write_spelling(*lion, {12, 12}, SquareStyle::Chess) == "a4b5a4");
    auto jungle = read_spelling("a3a4", {7, 9}, SquareStyle::Chess);
    REQUIRE(jungle);
    CHECK(jungle->cells == std::vector<int>{6 * 7 + 0, 5 * 7 + 0});
    auto far = read_spelling("36jj1a", {36, 36}, SquareStyle::Shogi);  // doubled letters: the 36th rank
    REQUIRE(far);
    CHECK(far->cells == std::vector<int>{35 * 36 + 0, 0 * 36 + 35});
    CHECK(write_spelling(*far, {36, 36}, SquareStyle::Chess) == "a1jj36");
    CHECK(respell("jj36a1", {36, 36}, SquareStyle::Chess, SquareStyle::Shogi).value() == "1a36jj");
    // Dobutsu: USI 2c2b is b2b3 (file a = USI file 3, rank 1 = Sente's back rank).
    CHECK(respell("2c2b", {3, 4}, SquareStyle::Shogi, SquareStyle::Chess).value() == "b2b3");
    for (const char* bad : {"", "7g", "10a9a", "7z7f", "*5e", "P*", "P*5e5d", "7g7f++", "g7f7", "7g-7f", "9999a1a", "0a1a"}) {
        CAPTURE(bad);
        CHECK_FALSE(read_spelling(bad, nine, SquareStyle::Shogi));
    }
    for (const char* bad : {"", "c3", "j1a1", "c0c1", "c3c10", "3c4c", "@e5"}) {
        CAPTURE(bad);
        CHECK_FALSE(read_spelling(bad, nine, SquareStyle::Chess));
    }
}
