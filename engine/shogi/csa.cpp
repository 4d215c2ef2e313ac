// CSA notation for shogi game records: the board as P1..P9 lines with hands, and moves like +7776FU.
#include "engine/shogi/shogi.hpp"

namespace menagerie::shogi {

namespace {
// CSA piece names by type (promoted types as their own names).
constexpr const char* kCsaName[kPieceTypes] = {"* ", "FU", "KY", "KE", "GI", "KA", "HI", "KI",
                                               "OU", "TO", "NY", "NK", "NG", "UM", "RY"};
std::string csa_square(int sq) { return {char('1' + file_of(sq)), char('1' + rank_of(sq))}; }
}  // namespace

std::string Position::csa_board() const {
    std::string s;
    for (int r = 0; r < 9; ++r) {
        s += "P" + std::to_string(r + 1);
        for (int f = 8; f >= 0; --f) {
            const uint8_t pc = board_[square(f, r)];
            if (!pc) s += " * ";
            else s += std::string(color_of(pc) == Sente ? "+" : "-") + kCsaName[type_of(pc)];
        }
        s += "\n";
    }
    for (int c = 0; c < 2; ++c) {
        s += c == Sente ? "P+" : "P-";
        for (int t : {int(Rook), int(Bishop), int(Gold), int(Silver), int(Knight), int(Lance), int(Pawn)})
            for (int n = 0; n < hand_[c][t]; ++n) s += std::string("00") + kCsaName[t];
        s += "\n";
    }
    return s + (stm_ == Sente ? "+\n" : "-\n");
}

std::string Position::csa_move(Move m) const {
    std::string s = stm_ == Sente ? "+" : "-";
    if (m.is_drop()) return s + "00" + csa_square(m.to()) + kCsaName[m.drop_type()];
    const int t = type_of(board_[m.from()]);
    return s + csa_square(m.from()) + csa_square(m.to()) + kCsaName[m.promotes() ? t + kPromote : t];
}

}  // namespace menagerie::shogi
