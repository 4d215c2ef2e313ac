#pragma once
// The toy game's evaluator: material and how far the pawns have come.
#include "eval/eval.hpp"
#include "tests/toy/engine/line/line.hpp"

namespace menagerie {

template <>
struct Evaluator<line::Line> {
    enum Term { PawnValue, Advance, kTerms };
    using Params = Weights<kTerms>;
    static Params defaults() { return Params{{"pawn", "advance"}, {100, 10}}; }
    static int evaluate(const line::Position& pos, const Params& w) {
        int score = 0;
        for (int sq = 0; sq < line::kSquares; ++sq) {
            const uint8_t pc = pos.at(sq);
            if (!pc || line::type_of(pc) != line::Pawn) continue;
            const int advance = line::color_of(pc) == Sente ? sq : line::kSquares - 1 - sq;
            const int v = w[PawnValue] + w[Advance] * advance;
            score += line::color_of(pc) == pos.side() ? v : -v;
        }
        return score;
    }
    static int piece_value(int type) { return type == line::King ? 10000 : 100; }
};

}  // namespace menagerie
