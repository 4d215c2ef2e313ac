#pragma once
// Reading the engine's own SFEN and move text into squares, for the browser board (protocol/web). The page
// draws what these return and never reads the notation itself. Only notation lives here, never a rule: which
// moves are legal comes from the game (Session::view), and this code merely says which squares a move's text
// names.
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/result.hpp"

namespace menagerie::web {

// A board as SFEN writes it: cells row by row from the top rank (SFEN's order), left to right; "" for an
// empty square, otherwise the piece as SFEN spells it ("P", "+p", "(KT)"); upper case is Sente's.
struct BoardText {
    int files = 0, ranks = 0;
    std::vector<std::string> cells;
    char side = 'b';
    std::vector<std::pair<std::string, int>> hands[2];  // [0] Sente's, [1] Gote's: piece (upper case), count
};

// Splits an SFEN of a board with the given size; hands: whether the game has pieces in hand (its third field
// is then the hands, "-" for none). Errors name the field and the place.
Result<BoardText> read_board(std::string_view sfen, int files, int ranks, bool hands);

// The squares a move's text names, as cell indices (rank from the top × files + column from the left):
// the origin first (none for a drop), then every square the text lists after it.
struct MoveSquares {
    std::string drop;  // the dropped piece's letters for a drop ("P" in "P*5e"), else empty
    std::vector<int> squares;
    bool promote = false;  // the text ends with '+'
};

// shogi_squares: "7g" (file number from the right, rank letters from the top: a..z, then aa..jj); otherwise
// "a1" (file letter from the left, rank number from the bottom).
Result<MoveSquares> read_move(std::string_view text, int files, int ranks, bool shogi_squares);

}  // namespace menagerie::web
