#include "eval/chu/eval.hpp"

namespace menagerie {

namespace {

struct ChuTraits {
    static constexpr int pawn = chu::Pawn, go_between = chu::GoBetween, king = chu::King;
    static constexpr uint8_t lion_tag = chu::kLionTag;
    static int value(int kind) { return chu::kPieceValue[size_t(kind)]; }
    static constexpr int promotion_from = 3, advance_from = 3;  // the zone is the far four of twelve ranks
    static constexpr int full_board = 24;                       // of 46 pieces
};

}  // namespace

Evaluator<chu::Chu>::Params Evaluator<chu::Chu>::defaults() {
    return {{"second_royal", "royal_attacked", "royal_guard", "lion_attacked", "promotion", "advance", "mobility", "centre", "shelter", "king_home", "lion_trap", "pawn_block", "king_attack", "to_move", "approach"},
            {300, 200, 15, 300, 40, 8, 0, 8, 12, 20, 60, 15, 0, 30, 24}};
}

int Evaluator<chu::Chu>::evaluate(const chu::Position& pos, const Params& w) {
    return large_eval::evaluate<chu::Position, ChuTraits>(pos, w);
}

}  // namespace menagerie
