#pragma once
#include "engine/shogi/shogi.hpp"
#include "eval/eval.hpp"

namespace menagerie {

template <>
struct Evaluator<shogi::Shogi> {
    enum Term {
        HandBonus,       // a piece in hand is worth more than on the board (percent)
        Advance,         // pawns, silvers, golds and promoted minors toward the enemy camp
        KingShelter,     // own golds and silvers next to the king
        KingAttack,      // enemy attacks on the squares around the king
        KingHandDanger,  // enemy pieces in hand, multiplying the attack
        KingExposed,     // open squares next to the king
        MajorMobility,   // squares the rooks, bishops, horses and dragons reach
        CastleKing,      // the king kept off the centre files and on its own back ranks
        ToMove,
        kTerms
    };
    using Params = Weights<kTerms>;
    static Params defaults();
    static int evaluate(const shogi::Position& pos, const Params& w);
    static int piece_value(int type) {
        // none, P L N S B R G K, +P +L +N +S +B +R
        constexpr int v[] = {0, 90, 300, 330, 460, 600, 700, 510, 10000, 520, 500, 500, 500, 850, 1000};
        return v[type];
    }
};

}  // namespace menagerie
