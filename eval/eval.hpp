#pragma once
// Evaluator<G>: each game specialises it in eval/<game>/ with
//   using Params = Weights<N>                          its named terms (eval/weights.hpp)
//   static Params defaults()                           the weights the engine plays with
//   static int evaluate(const G::Position&, const Params&)  score for the side to move, centipawn-like
//   static int piece_value(int type)                   for move ordering (victim and attacker values)
#include "eval/weights.hpp"

namespace menagerie {

template <class G>
struct Evaluator;

}  // namespace menagerie
