#include "eval/tori/eval.hpp"

#include <algorithm>

#include "eval/linear.hpp"

namespace menagerie {

namespace tori_eval {
#include "eval/tori/tuned.inc"
static_assert(std::size(kTunedTable) == kTableSize, "eval/tori/tuned.inc does not fit the tables' layout");
static_assert(std::size(kTunedTerms) == Evaluator<tori::Tori>::kTerms, "eval/tori/tuned.inc: named terms");
}  // namespace tori_eval

using E = Evaluator<tori::Tori>;

int E::table_weight(int index) { return tori_eval::kTunedTable[index]; }

E::Params E::defaults() {
    Params p{{"king_shelter", "king_exposed", "king_attack", "king_hand_danger", "long_mobility", "to_move", "short_mobility",
              "hanging_to_move", "hanging_waiting", "king_escape", "king_weak", "safe_drop_checks", "king_danger"}, {}};
    for (int i = 0; i < kTerms; ++i) p.values[std::size_t(i)] = tori_eval::kTunedTerms[i];
    return p;
}

namespace {
using Folded = FoldedTables<tori::kSquares, tori::kPieceTypes, tori::Traits::hand_types,
                            *std::max_element(std::begin(tori_eval::kHandCap), std::end(tori_eval::kHandCap))>;
const Folded& folded() {
    static const auto tables = Folded::build<E>(tori_eval::kTunedTable);
    return *tables;
}
}  // namespace

[[gnu::flatten]] int E::evaluate(const tori::Position& pos, const Params& w) {
    static const Folded& tables = folded();
    FoldedSum<Params, Folded> sum{{w, tori_eval::kTunedTable}, tables};
    features(pos, sum);
    return pos.side() == Sente ? sum.total : -sum.total;
}

}  // namespace menagerie
