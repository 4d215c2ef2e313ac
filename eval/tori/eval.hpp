#pragma once
#include "engine/tori/tori.hpp"
#include "eval/eval.hpp"

namespace menagerie {

template <>
struct Evaluator<tori::Tori> {
    enum Term {
        HandBonus,       // a piece in hand is worth more than on the board (percent)
        Advance,         // swallows toward the enemy camp
        KingShelter,     // own pieces next to the phoenix
        KingAttack,      // enemy attacks on the phoenix's squares
        KingHandDanger,  // enemy pieces in hand, multiplying the attack
        Mobility,        // squares the quails and the eagle reach
        ToMove,
        kTerms
    };
    using Params = Weights<kTerms>;
    static Params defaults();
    static int evaluate(const tori::Position& pos, const Params& w);
    static int piece_value(int type) {
        // none, swallow, falcon, crane, pheasant, left quail, right quail, phoenix, goose, eagle
        constexpr int v[] = {0, 100, 500, 400, 300, 420, 420, 10000, 450, 1000};
        return v[type];
    }
};

}  // namespace menagerie
