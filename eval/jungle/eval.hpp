#pragma once
#include "engine/jungle/jungle.hpp"
#include "eval/eval.hpp"

namespace menagerie {

template <>
struct Evaluator<jungle::Jungle> {
    enum Term {
        RatBonus,
        Advance,
        NearDen1,
        NearDen2,
        NearDen3,
        BigNearDen,
        TrapGuard,
        InEnemyTrap,
        JumpOpen,
        JumpThreat,
        ToMove,
        kTerms
    };
    using Params = Weights<kTerms>;
    static Params defaults();
    static int evaluate(const jungle::Position& pos, const Params& w);
    static int piece_value(int type) {
        // rat, cat, dog, wolf, leopard, tiger, lion, elephant
        constexpr int v[] = {300, 150, 200, 250, 350, 550, 600, 700};
        return v[type];
    }
};

}  // namespace menagerie
