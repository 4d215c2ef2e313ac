#pragma once
// Chu's evaluation: the large-board terms (eval/large/terms.hpp) with chu's pieces and scales.
#include "engine/chu/chu.hpp"
#include "eval/eval.hpp"
#include "eval/large/terms.hpp"

namespace menagerie {

template <>
struct Evaluator<chu::Chu> {
    using Params = Weights<large_eval::kTerms>;
    static Params defaults();
    static int evaluate(const chu::Position& pos, const Params& w);
    static int piece_value(int kind) { return chu::kPieceValue[size_t(kind)]; }
};

}  // namespace menagerie
