#pragma once
// Bench: a fixed search over the game's fixed positions (G::bench_positions, in engine/<game>/bench.hpp), a
// fresh fixed-size hash for each; with one thread (the default) the node total is the engine's signature for
// the game and must not change unless the search does. With several threads the total varies from run to run,
// and the time is the time to reach the depth.
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/game.hpp"
#include "search/search.hpp"

namespace menagerie {

struct BenchResult {
    uint64_t nodes = 0;
    int64_t ms = 0;
    int positions = 0;
};

// The summary lines every front prints after a bench; "Nodes searched" is the signature.
inline std::vector<std::string> bench_summary(const BenchResult& r) {
    return {"===========================",
            "Positions       : " + std::to_string(r.positions),
            "Total time (ms) : " + std::to_string(r.ms),
            "Nodes searched  : " + std::to_string(r.nodes),
            "Nodes/second    : " + std::to_string(r.ms > 0 ? r.nodes * 1000 / uint64_t(r.ms) : r.nodes)};
}

template <Game G>
// line: where each position's result goes, as a line of text.
BenchResult run_bench(int depth, size_t hash_mb, const std::function<void(std::string_view)>& line, int threads = 1) {
    BenchResult r;
    if (depth <= 0) depth = G::bench_depth;
    TranspositionTable<typename G::Move> tt(hash_mb);
    auto search = std::make_unique<Search<G>>(tt);
    const typename Search<G>::InfoSink quiet;
    const auto t0 = std::chrono::steady_clock::now();
    for (std::string_view sfen : G::bench_positions) {
        auto pos = G::Position::from_sfen(sfen);
        if (!pos || pos->outcome() != Outcome::Ongoing) {
            line("info string error: bench position rejected: " + std::string(sfen));
            continue;
        }
        tt.clear();
        search->clear_history();
        Limits limits;
        limits.depth = depth;
        SearchOptions options;
        options.threads = threads;
        auto report = search->run(pos.value(), {}, limits, options, quiet);
        r.nodes += report.nodes;
        ++r.positions;
        line("Position " + std::to_string(r.positions) + "/" + std::to_string(G::bench_positions.size()) + " (" +
                 std::string(G::name) + "): " + std::string(sfen) + "  bestmove " + pos->move_text(report.best) +
                 " score " + score_text(report.score) + " nodes " + std::to_string(report.nodes));
    }
    r.ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace menagerie
