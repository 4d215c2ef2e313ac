#pragma once
// KI2 move text: a move named by its destination, piece and, where more than one piece could go there, the
// words that tell which (右 左 直 上 引 寄, 行 and 入 read as 上; 打 for a drop a piece on the board could also
// make; 成 / 不成). Resolved against the position's legal moves, never by a second copy of the rules.
#include <string>

#include "engine/core/result.hpp"
#include "engine/shogi/shogi.hpp"

namespace menagerie::shogi {

struct Ki2Spec {
    int to = -1;
    int type = 0;  // the piece as it stands before the move (a promoting pawn is 歩)
    enum Promote : uint8_t { Unsaid, Yes, No } promote = Unsaid;
    bool drop = false;
    bool right = false, left = false, straight = false, up = false, down = false, sideways = false;
};

// The one legal move the words name; an error if none does or more than one could.
Result<Move> resolve_ki2(const Position& pos, const Ki2Spec& spec);
// A move's KI2 text without its ▲/△ (同　 for the square of the move before when same_square): the fewest
// words that name it.
std::string ki2_text(const Position& pos, Move m, bool same_square);

}  // namespace menagerie::shogi
