#pragma once
// Evaluator<G>: each game specialises it in eval/<game>/ with
//   static int evaluate(const G::Position&)  score for the side to move, in centipawn-like units
//   static int piece_value(int type)         for move ordering (victim and attacker values)

namespace menagerie {

template <class G>
struct Evaluator;

}  // namespace menagerie
