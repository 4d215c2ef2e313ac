#pragma once
// The evaluation of a linear evaluator (one whose Evaluator<G>::features describes it, eval/shogi/eval.hpp):
// the sum of weight times count over the features, named terms weighted by the Params, table entries by the
// fitted table. The tuner (eval/tuner.hpp) fits the same weights through the same description.
#include <cstddef>
#include <cstdint>

namespace menagerie {

template <class Params>
struct LinearSum {
    const Params& w;
    const int16_t* tables;
    int total = 0;
    void term(int t, int count) { total += w[std::size_t(t)] * count; }
    void table(int index, int count) { total += tables[index] * count; }
};

}  // namespace menagerie
