#include "eval/dai/eval.hpp"

namespace menagerie {

namespace {

struct DaiTraits {
    static constexpr int pawn = dai::Pawn, go_between = dai::GoBetween, king = dai::King;
    static constexpr uint8_t lion_tag = dai::kLionTag;
    static int value(int kind) { return dai::kPieceValue[size_t(kind)]; }
    static constexpr int promotion_from = 5, advance_from = 5;  // the zone is the far five of fifteen ranks
    static constexpr int full_board = 33;                       // of 65 pieces
};

}  // namespace

// Chu's weights to begin with; each to be measured for dai by self-play.
Evaluator<dai::Dai>::Params Evaluator<dai::Dai>::defaults() {
    return {{"second_royal", "royal_attacked", "royal_guard", "lion_attacked", "promotion", "advance", "mobility", "centre", "shelter", "king_home", "lion_trap", "pawn_block", "king_attack", "to_move", "approach"},
            {300, 200, 15, 300, 40, 8, 0, 8, 12, 20, 60, 15, 0, 30, 24}};
}

int Evaluator<dai::Dai>::evaluate(const dai::Position& pos, const Params& w) {
    return large_eval::evaluate<dai::Position, DaiTraits>(pos, w);
}

}  // namespace menagerie
