#include "bench/bench.hpp"

#include <array>

namespace menagerie {

namespace {

// Dobutsu: the start, openings, middlegames with pieces in hand, hens, and lions near the far rank.
constexpr std::array<std::string_view, 1> kDobutsu = {
    "gle/1c1/1C1/ELG b - 1",

};

constexpr std::array<BenchSet, 1> kSets = {{
    {"dobutsu", 12, kDobutsu},
}};

}  // namespace

const BenchSet* bench_set(std::string_view game) {
    for (const auto& s : kSets)
        if (s.game == game) return &s;
    return nullptr;
}

void print_bench_summary(Output& out, const BenchResult& r) {
    out.line("===========================");
    out.line("Positions       : " + std::to_string(r.positions));
    out.line("Total time (ms) : " + std::to_string(r.ms));
    out.line("Nodes searched  : " + std::to_string(r.nodes));
    out.line("Nodes/second    : " + std::to_string(r.ms > 0 ? r.nodes * 1000 / uint64_t(r.ms) : r.nodes));
}

}  // namespace menagerie
