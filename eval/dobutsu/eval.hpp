#pragma once
#include "engine/dobutsu/dobutsu.hpp"
#include "eval/eval.hpp"

namespace menagerie {

template <>
struct Evaluator<dobutsu::Dobutsu> {
    enum Term { Mobility, LionAdvance, LionAttacked, TryThreat, ToMove, kTerms };
    using Params = Weights<kTerms>;
    static Params defaults();
    static int evaluate(const dobutsu::Position& pos, const Params& w);
    static int piece_value(int type) {
        // chick, elephant, giraffe, lion, hen
        constexpr int v[] = {100, 230, 260, 10000, 300};
        return v[type];
    }
};

}  // namespace menagerie
