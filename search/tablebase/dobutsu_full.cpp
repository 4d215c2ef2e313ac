#include "search/tablebase/dobutsu_full.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

#include "engine/core/text.hpp"
#include "search/tablebase/solver_threads.hpp"

namespace menagerie::dobutsu::full {

using packed::State;

namespace {

using namespace solver_threads;

constexpr uint64_t kChunk = uint64_t(1) << 20;  // numbers per unit of work
constexpr uint64_t kChunks = (kSize + kChunk - 1) / kChunk;

}  // namespace

class FullSolver {
public:
    FullSolver(const FullOptions& o, FullSet& out) : opt_(o), set_(out), threads_(std::max(1, o.threads)) {}

    FullSummary run() {
        set_.codes_ = BigBuffer(kSize);
        codes_ = set_.codes_.as<uint8_t>();
        auto t0 = Clock::now();
        count_children();
        summary_.seconds_count = seconds_since(t0);
        t0 = Clock::now();
        retrograde();
        summary_.seconds_retro = seconds_since(t0);
        tally();
        return summary_;
    }

private:
    void log(const std::string& line) const {
        if (opt_.log) opt_.log(line);
    }

    // Each member's count of distinct non-terminal children; won at once (a safe try) or lost at once (every
    // move lets the lion be taken) decided here at distance 1. Holes stay 0.
    void count_children() {
        std::atomic<int> too_many{0}, most{0};
        std::atomic<uint64_t> members{0};
        parallel_chunks(threads_, kChunks, [&](uint64_t chunk, int) {
            const uint64_t begin = chunk * kChunk, end = std::min(kSize, begin + kChunk);
            uint64_t local_members = 0;
            int local_most = 0;
            for (uint64_t i = begin; i < end; ++i) {
                const State s = packed::state_at(to_dense(i));
                if (packed::mirror_is_lower(s) || packed::attacked_by(s, packed::lion(s, Gote), Sente)) continue;
                ++local_members;
                packed::ChildCount cc;
                if (std::popcount(packed::asymmetry(s)) > 4) {
                    cc = packed::count_children(s, opt_.drops);
                } else {
                    // Two moves may lead to mirror images of one another: count distinct children.
                    uint32_t seen[64];
                    packed::for_each_child_turned(packed::turned(s), [&](const State& child, packed::Terminal term) {
                        if (term == packed::Terminal::Lost) cc.wins_at_once = true;
                        if (term != packed::Terminal::No) return;
                        const uint32_t ci = packed::canonical_index(child);
                        for (int k = 0; k < cc.nonterminal && k < 64; ++k)
                            if (seen[k] == ci) return;
                        if (cc.nonterminal < 64) seen[cc.nonterminal] = ci;
                        ++cc.nonterminal;
                    }, opt_.drops);
                }
                local_most = std::max(local_most, cc.nonterminal);
                if (cc.wins_at_once)
                    codes_[i] = won_code(1);
                else if (cc.nonterminal == 0)
                    codes_[i] = lost_code(1);
                else if (cc.nonterminal >= kResolved)
                    too_many.store(1);
                else
                    codes_[i] = uint8_t(cc.nonterminal);
            }
            members.fetch_add(local_members, std::memory_order_relaxed);
            for (int m = most.load(); local_most > m && !most.compare_exchange_weak(m, local_most);) {
            }
        });
        if (too_many.load()) throw std::runtime_error("a position has more children than the solver can count");
        summary_.members = members.load();
        summary_.holes = kSize - summary_.members;
        summary_.max_children = most.load();
        log("count: " + with_commas(summary_.members) + " positions in the set (" + with_commas(summary_.holes) +
            " numbers are holes), at most " + std::to_string(summary_.max_children) + " moves to a non-terminal position");
    }

    // Level by level: the parents of every position decided at distance d are settled at d + 1 (a parent of
    // a lost position is won; a parent whose last undecided child turned out won is lost). The positions of a
    // level are found by a scan of the bytes up to kByteLevels, then in the list the level before made.
    void retrograde() {
        const auto t0 = Clock::now();
        std::atomic<uint64_t> misplaced{0};
        std::vector<uint64_t> level_far;  // the far entries of level d, when d > kByteLevels
        std::mutex far_mutex;
        for (int d = 1;; ++d) {
            if (d + 1 > 0xFFFF) throw std::runtime_error("a distance exceeds what the solver can hold");
            const bool scan = d <= kByteLevels, far_next = d + 1 > kByteLevels;
            const uint8_t won = won_code(d), won_next = far_next ? kFar : won_code(d + 1),
                          lost_next = far_next ? kFar : lost_code(d + 1);
            std::vector<uint64_t> next_far;
            std::atomic<uint64_t> at_level{0}, decided_next{0}, parents_total{0};
            const uint64_t chunks = scan ? kChunks : (level_far.size() + 4095) / 4096;
            parallel_chunks(threads_, chunks, [&](uint64_t chunk, int) {
                struct Entry {
                    uint64_t index;
                    bool lost_child;
                };
                Entry batch[1024];
                int n = 0;
                uint64_t local_level = 0, local_next = 0, local_parents = 0, local_misplaced = 0;
                std::vector<uint64_t> local_far;
                auto flush = [&] {
                    for (int k = 0; k < n; ++k) {
                        auto ref = atomic(codes_[batch[k].index]);
                        uint8_t cur = ref.load(std::memory_order_relaxed);
                        if (cur == 0) ++local_misplaced;
                        while (cur != 0 && cur < kResolved) {
                            const bool lost_now = !batch[k].lost_child && cur == 1;
                            const uint8_t want = batch[k].lost_child ? won_next : lost_now ? lost_next : uint8_t(cur - 1);
                            if (ref.compare_exchange_weak(cur, want, std::memory_order_relaxed)) {
                                if (want >= kResolved) {
                                    ++local_next;
                                    if (far_next) local_far.push_back(far_entry(batch[k].index, d + 1, lost_now));
                                }
                                break;
                            }
                        }
                    }
                    n = 0;
                };
                // The parents of the position with this index, decided at d (lost or won).
                auto expand = [&](uint64_t i, bool lost) {
                    ++local_level;
                    const State s = packed::state_at(to_dense(i));
                    const bool dedupe = std::popcount(packed::asymmetry(s)) <= 4;
                    const int first = n;
                    const State t = packed::turned(s);
                    const packed::SharedIndex shared(t);
                    packed::for_each_parent_turned(t, [&](const State& p, int from_ko) {
                        const uint64_t pi = from_dense(shared.canonical_index(p, from_ko));
                        if (pi == kNone) return;  // Sente's lion on Gote's home rank: decided, not in the set
                        if (dedupe)
                            for (int k = first; k < n; ++k)
                                if (batch[k].index == pi) return;
                        ++local_parents;
                        __builtin_prefetch(&codes_[pi], 1);
                        batch[n++] = {pi, lost};
                    }, opt_.drops);
                    if (n >= 768) flush();  // room for one position's parents (fewer than 256)
                };
                if (scan) {
                    const uint64_t begin = chunk * kChunk, end = std::min(kSize, begin + kChunk);
                    for (uint64_t block = begin; block < end; block += 64) {
                        const uint64_t block_end = std::min(end, block + 64);
                        bool any = false;
                        for (uint64_t i = block; i < block_end; ++i) any |= (codes_[i] & 0xFE) == won;
                        if (!any) continue;
                        for (uint64_t i = block; i < block_end; ++i)
                            if ((codes_[i] & 0xFE) == won) expand(i, codes_[i] & 1);
                    }
                } else {
                    const uint64_t begin = chunk * 4096, end = std::min<uint64_t>(level_far.size(), begin + 4096);
                    for (uint64_t k = begin; k < end; ++k) expand(level_far[k] >> 32, level_far[k] & 1);
                }
                flush();
                at_level.fetch_add(local_level, std::memory_order_relaxed);
                decided_next.fetch_add(local_next, std::memory_order_relaxed);
                parents_total.fetch_add(local_parents, std::memory_order_relaxed);
                misplaced.fetch_add(local_misplaced, std::memory_order_relaxed);
                if (!local_far.empty()) {
                    std::lock_guard lock(far_mutex);
                    next_far.insert(next_far.end(), local_far.begin(), local_far.end());
                }
            });
            log("retrograde: distance " + std::to_string(d) + ": " + with_commas(at_level.load()) + " positions (" +
                with_commas(parents_total.load()) + " parents), " + with_commas(decided_next.load()) +
                " decided at " + std::to_string(d + 1) + ", " + std::to_string(int(seconds_since(t0))) + " s");
            set_.far_.insert(set_.far_.end(), next_far.begin(), next_far.end());
            level_far = std::move(next_far);
            if (decided_next.load() == 0) break;
        }
        std::sort(set_.far_.begin(), set_.far_.end());
        // Every parent is a member: a number outside the set here is a fault in the move or index code.
        if (misplaced.load())
            throw std::runtime_error("internal error: " + with_commas(misplaced.load()) + " parents fell on holes");
    }

    void tally() {
        std::atomic<uint64_t> won{0}, lost{0};
        std::atomic<int> longest{0};
        parallel_chunks(threads_, kChunks, [&](uint64_t chunk, int) {
            const uint64_t begin = chunk * kChunk, end = std::min(kSize, begin + kChunk);
            uint64_t w = 0, l = 0;
            uint8_t top = 0;
            for (uint64_t i = begin; i < end; ++i) {
                const uint8_t c = codes_[i];
                if (c >= kFar) continue;
                w += c >= kResolved && !(c & 1);
                l += c >= kResolved && (c & 1);
                top = std::max(top, c);
            }
            won.fetch_add(w);
            lost.fetch_add(l);
            const int d = top >= kResolved ? (top - kResolved) / 2 + 1 : 0;
            for (int m = longest.load(); d > m && !longest.compare_exchange_weak(m, d);) {
            }
        });
        int far_longest = 0;
        for (uint64_t e : set_.far_) {
            (e & 1 ? lost : won).fetch_add(1);
            far_longest = std::max(far_longest, far_value(e).distance);
        }
        summary_.won = won.load();
        summary_.lost = lost.load();
        summary_.drawn = summary_.members - summary_.won - summary_.lost;
        summary_.max_distance = std::max(longest.load(), far_longest);
        const uint64_t start = index_of(packed::from_position(Position::start()));
        if (start != kNone) summary_.start = set_.value(start);
    }

    const FullOptions& opt_;
    FullSet& set_;
    int threads_;
    uint8_t* codes_ = nullptr;
    FullSummary summary_;
};

SolvedValue FullSet::value(uint64_t index) const {
    const uint8_t c = codes()[index];
    if (c != kFar) return value_of_code(c);
    const auto it = std::lower_bound(far_.begin(), far_.end(), index << 32);
    if (it == far_.end() || *it >> 32 != index) return {};
    return far_value(*it);
}

FullSummary solve_full(const FullOptions& options, FullSet& out) { return FullSolver(options, out).run(); }

}  // namespace menagerie::dobutsu::full
