#include "bench/bench.hpp"

namespace menagerie {

void print_bench_summary(Output& out, const BenchResult& r) {
    out.line("===========================");
    out.line("Positions       : " + std::to_string(r.positions));
    out.line("Total time (ms) : " + std::to_string(r.ms));
    out.line("Nodes searched  : " + std::to_string(r.nodes));
    out.line("Nodes/second    : " + std::to_string(r.ms > 0 ? r.nodes * 1000 / uint64_t(r.ms) : r.nodes));
}

}  // namespace menagerie
