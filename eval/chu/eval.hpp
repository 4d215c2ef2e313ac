#pragma once
#include "engine/chu/chu.hpp"
#include "eval/eval.hpp"

namespace menagerie {

template <>
struct Evaluator<chu::Chu> {
    enum Term {
        SecondRoyal,    // a side with both King and Prince can lose one
        RoyalAttacked,  // a lone royal under attack
        RoyalGuard,     // own pieces next to a lone royal
        LionAttacked,   // a lion under attack
        Promotion,      // an unpromoted piece that can promote, by how close it stands to the zone
        Advance,        // pawns and go-betweens forward
        Mobility,       // squares the ranging pieces reach (per 8 moves)
        Centre,         // steppers, jumpers and lions toward the middle of the board (per tenth of a step)
        Shelter,        // the King's own generals next to it, each (up to four)
        KingHome,       // the King off its two home ranks while the board is full, per rank
        LionTrap,       // a lion in the enemy's corner with the enemy lion near (three times unguarded)
        PawnBlock,      // an own piece standing in front of an own pawn
        KingAttack,     // enemy pieces within three squares of the King, by the square of their weight
        ToMove,
        kTerms
    };
    using Params = Weights<kTerms>;
    static Params defaults();
    static int evaluate(const chu::Position& pos, const Params& w);
    static int piece_value(int kind) { return chu::kPieceValue[size_t(kind)]; }
};

}  // namespace menagerie
