#pragma once
// Taikyoku's evaluation (eval/taikyoku/eval.cpp): material from the table's values, the royals, promotion.
#include "engine/taikyoku/taikyoku.hpp"
#include "eval/eval.hpp"

namespace menagerie {

template <>
struct Evaluator<taikyoku::Taikyoku> {
    using Params = Weights<10>;
    static Params defaults();
    static int evaluate(const taikyoku::Position& pos, const Params& w);
    static int piece_value(int kind) { return taikyoku::Position::value(kind); }
};

}  // namespace menagerie
