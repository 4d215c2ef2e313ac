#include "eval/tori/eval.hpp"

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

[[gnu::flatten]] int E::evaluate(const tori::Position& pos, const Params& w) {
    LinearSum<Params> sum{w, tori_eval::kTunedTable};
    features(pos, sum);
    return pos.side() == Sente ? sum.total : -sum.total;
}

}  // namespace menagerie
