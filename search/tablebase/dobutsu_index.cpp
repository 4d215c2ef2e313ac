#include "search/tablebase/dobutsu_index.hpp"

namespace menagerie::dobutsu {

uint64_t position_index(const Position& p) { return packed::index(packed::from_position(p)); }

Position position_at(uint64_t index) { return packed::to_position(packed::state_at(uint32_t(index))); }

Position turned(const Position& p) {
    std::array<uint8_t, kSquares> board{};
    for (int sq = 0; sq < kSquares; ++sq)
        if (const uint8_t code = p.at(sq)) board[kSquares - 1 - sq] = piece_code(~code_color(code), code_type(code));
    uint8_t hands[2][kHandTypes];
    for (int t = 0; t < kHandTypes; ++t) {
        hands[Sente][t] = uint8_t(p.hand(Gote, t));
        hands[Gote][t] = uint8_t(p.hand(Sente, t));
    }
    return Position::from_parts(board, hands, ~p.side());
}

Position mirrored(const Position& p) {
    std::array<uint8_t, kSquares> board{};
    for (int sq = 0; sq < kSquares; ++sq) board[row_of(sq) * 3 + 2 - col_of(sq)] = p.at(sq);
    uint8_t hands[2][kHandTypes];
    for (int c = 0; c < 2; ++c)
        for (int t = 0; t < kHandTypes; ++t) hands[c][t] = uint8_t(p.hand(Color(c), t));
    return Position::from_parts(board, hands, p.side());
}

}  // namespace menagerie::dobutsu
