#pragma once
// Dai's evaluation: the large-board terms (eval/large/terms.hpp) with dai's pieces and scales.
#include "engine/dai/dai.hpp"
#include "eval/eval.hpp"
#include "eval/large/terms.hpp"

namespace menagerie {

template <>
struct Evaluator<dai::Dai> {
    using Params = Weights<large_eval::kTerms>;
    static Params defaults();
    static int evaluate(const dai::Position& pos, const Params& w);
    static int piece_value(int kind) { return dai::kPieceValue[size_t(kind)]; }
};

}  // namespace menagerie
