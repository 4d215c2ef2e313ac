#pragma once
// The notation codec every board shares: squares in the two styles the games use, the squares a move's text
// names, and the board field of a position string. A game's own code decides what a move or a position is;
// this only spells squares and splits fields, so that the move text, the page's board view and the UCI
// dialect all read and write squares one way.
//
// A square is a cell index: its row counted from the top of the board (Gote's side) times the number of
// files, plus its column counted from the left as Sente sees the board.
//   Shogi style ("7g", "12l", "36jj"): the file number counted from the right, then the rank letters from the
//     top: a..z, then doubled letters aa..jj for ranks 27-36.
//   Chess style ("c3", "l12", "jj36"): the file letters from the left (a..z, then aa..jj), then the rank number
//     from the bottom. Jungle's own notation, and the UCI dialect's for every game.
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/result.hpp"

namespace menagerie {

enum class SquareStyle { Shogi, Chess };

struct BoardSize {
    int files = 0, ranks = 0;
    int cells() const { return files * ranks; }
};

// "a".."z", "aa".."jj": the letters of index 0..35.
std::string letters_of(int index);
std::string square_text(int cell, BoardSize size, SquareStyle style);
// Reads one square at text[i] and moves i past it; -1 (i unchanged) if no square of the board is there.
int read_square(std::string_view text, size_t& i, BoardSize size, SquareStyle style);

// What a move's text says: the dropped piece (its letters, upper case, "P" of "P*5e"), the squares it lists
// in order (origin first; a drop's target alone), and a final '+'.
struct MoveSpelling {
    std::string drop;
    std::vector<int> cells;
    bool promote = false;
    bool operator==(const MoveSpelling&) const = default;
};
// Accepts '*' and '@' as the drop mark in either style.
Result<MoveSpelling> read_spelling(std::string_view text, BoardSize size, SquareStyle style);
// Shogi style writes drops "P*5e", chess style "P@e5".
std::string write_spelling(const MoveSpelling& m, BoardSize size, SquareStyle style);
// The same move's text in the other style ("7g7f" -> "c3c4"); an error if the text names no squares.
Result<std::string> respell(std::string_view text, BoardSize size, SquareStyle from, SquareStyle to);

// A position string's board field and side: cells row by row from the top, left to right, "" for an empty
// square, otherwise the piece as written ("P", "+p", "(KT)"; upper case is Sente's); and the pieces in hand.
struct BoardCells {
    BoardSize size;
    std::vector<std::string> cells;
    std::vector<std::pair<std::string, int>> hands[2];  // [0] Sente's, [1] Gote's: piece (upper case), count
};
// Whether a piece's letters ("P", "(KT)", without a '+') name a piece of the game.
using PieceCheck = std::function<bool(std::string_view)>;
// The board field alone ("lnsgkgsnl/1r5b1/..."): its structure (ranks, runs of empty squares, one piece a
// square); what the pieces mean is the game's, which may name the pieces it knows (an unknown one is then
// reported where it stands). Errors name ranks as the style writes them.
Result<BoardCells> read_board_field(std::string_view field, BoardSize size, SquareStyle style = SquareStyle::Shogi,
                                    const PieceCheck& known = {});
// The same, with the game's own names of its ranks in the errors (Dobutsu's "b (row 2)").
Result<BoardCells> read_board_field(std::string_view field, BoardSize size, const std::function<std::string(int)>& rank_name,
                                    const PieceCheck& known = {});
// A rank's name: its letters from the top (shogi style) or its number from the bottom (chess style).
std::string rank_name(int row, BoardSize size, SquareStyle style);
std::string write_board_field(const BoardCells& board);
// The hands field of board.hands: Sente's pieces, then Gote's in lower case, a count before a piece held more
// than once ("2P3pb"); "-" when both hands are empty.
std::string write_hands_field(const BoardCells& board);
// A hand field as SFEN writes it ("2P3pb", "-"); adds to board.hands.
std::optional<std::string> read_hands_field(std::string_view field, BoardCells& board);
// One piece's letters at s[i] (a letter or a parenthesised code, after an optional '+'): its length, 0 if none.
size_t piece_length(std::string_view s, size_t i);

}  // namespace menagerie
