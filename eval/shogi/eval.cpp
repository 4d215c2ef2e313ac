#include "eval/shogi/eval.hpp"

#include <algorithm>

#include "eval/linear.hpp"

namespace menagerie {

namespace shogi_eval {
#include "eval/shogi/tuned.inc"
static_assert(std::size(kTunedTable) == kTableSize, "eval/shogi/tuned.inc does not fit the tables' layout");
static_assert(std::size(kTunedTerms) == Evaluator<shogi::Shogi>::kTerms, "eval/shogi/tuned.inc: named terms");
}  // namespace shogi_eval

using E = Evaluator<shogi::Shogi>;

int E::table_weight(int index) { return shogi_eval::kTunedTable[index]; }

E::Params E::defaults() {
    Params p{{"king_shelter", "king_exposed", "king_attack", "king_hand_danger", "major_mobility", "to_move", "small_mobility",
                     "hanging_to_move", "hanging_waiting", "major_threatened", "king_escape", "king_weak", "safe_drop_checks", "king_danger"}, {}};
    for (int i = 0; i < kTerms; ++i) p.values[std::size_t(i)] = shogi_eval::kTunedTerms[i];
    return p;
}

namespace {
using Folded = FoldedTables<shogi::kSquares, shogi::kPieceTypes, shogi::kHandTypes,
                            *std::max_element(std::begin(shogi_eval::kHandCap), std::end(shogi_eval::kHandCap))>;
const Folded& folded() {
    static const auto tables = Folded::build<E>(shogi_eval::kTunedTable);
    return *tables;
}
}  // namespace

[[gnu::flatten]] int E::evaluate(const shogi::Position& pos, const Params& w) {
    static const Folded& tables = folded();
    FoldedSum<Params, Folded> sum{{w, shogi_eval::kTunedTable}, tables};
    features(pos, sum);
    return pos.side() == Sente ? sum.total : -sum.total;
}

}  // namespace menagerie
