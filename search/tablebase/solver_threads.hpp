#pragma once
// What the Dobutsu solvers (dobutsu_solver.cpp, dobutsu_full.cpp) share for their parallel passes.
#include <atomic>
#include <chrono>
#include <cstdint>
#include <thread>
#include <vector>

namespace menagerie::dobutsu::solver_threads {

using Clock = std::chrono::steady_clock;
inline double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

template <class T>
std::atomic_ref<T> atomic(T& x) {
    return std::atomic_ref<T>(x);
}

// Runs fn(chunk, thread) over chunks 0..chunks-1 on `threads` threads, handing chunks out as they finish.
template <class F>
void parallel_chunks(int threads, uint64_t chunks, F&& fn) {
    std::atomic<uint64_t> next{0};
    auto worker = [&](int t) {
        for (uint64_t c; (c = next.fetch_add(1, std::memory_order_relaxed)) < chunks;) fn(c, t);
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(worker, t);
    worker(0);
    for (auto& th : pool) th.join();
}

}  // namespace menagerie::dobutsu::solver_threads
