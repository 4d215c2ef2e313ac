#include "search/tablebase/dobutsu_solver.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <thread>

#include "engine/core/text.hpp"
#include "search/tablebase/solver_threads.hpp"

namespace menagerie::dobutsu {

using packed::State;

// ---------------------------------------------------------------------------------------------------------
// BigBuffer
namespace {
std::size_t page_round(std::size_t bytes) {
    constexpr std::size_t page = 4096;
    return (bytes + page - 1) / page * page;
}
}  // namespace

BigBuffer::BigBuffer(std::size_t bytes) : size_(bytes) {
    if (bytes == 0) return;
    // Aligned to 2 MB and marked for transparent huge pages: the solver's accesses are random over hundreds of
    // megabytes, and with 4 KB pages nearly every one would also miss the TLB.
    constexpr std::size_t huge = std::size_t(2) << 20;
    const std::size_t length = page_round(bytes), padded = length + huge;
    void* p = mmap(nullptr, padded, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) throw std::runtime_error("cannot map " + std::to_string(bytes >> 20) + " MB of memory");
    const auto base = reinterpret_cast<std::uintptr_t>(p);
    const std::uintptr_t aligned = (base + huge - 1) / huge * huge;
    if (aligned > base) munmap(p, aligned - base);
    const std::uintptr_t end = base + padded, used_end = aligned + length;
    if (end > used_end) munmap(reinterpret_cast<void*>(used_end), end - used_end);
    data_ = reinterpret_cast<void*>(aligned);
    madvise(data_, length, MADV_HUGEPAGE);
}
BigBuffer::BigBuffer(BigBuffer&& o) noexcept : data_(o.data_), size_(o.size_) {
    o.data_ = nullptr;
    o.size_ = 0;
}
BigBuffer& BigBuffer::operator=(BigBuffer&& o) noexcept {
    if (this != &o) {
        reset();
        data_ = o.data_;
        size_ = o.size_;
        o.data_ = nullptr;
        o.size_ = 0;
    }
    return *this;
}
BigBuffer::~BigBuffer() { reset(); }
void BigBuffer::reset() {
    if (data_) munmap(data_, page_round(size_));
    data_ = nullptr;
    size_ = 0;
}
void BigBuffer::shrink(std::size_t bytes) {
    if (!data_ || bytes >= size_) return;
    const std::size_t keep = page_round(bytes), had = page_round(size_);
    if (keep < had) munmap(static_cast<char*>(data_) + keep, had - keep);
    size_ = bytes;
    if (bytes == 0) data_ = nullptr;
}

// ---------------------------------------------------------------------------------------------------------
// SolvedSet
uint64_t SolvedSet::rank(uint32_t number) const {
    const uint64_t* w = bits();
    const uint64_t word = number >> 6, block = word / kBlockWords;
    uint64_t r = ranks_.as<uint32_t>()[block];
    for (uint64_t i = block * kBlockWords; i < word; ++i) r += uint64_t(std::popcount(w[i]));
    return r + uint64_t(std::popcount(w[word] & ((uint64_t(1) << (number & 63)) - 1)));
}

SolvedValue SolvedSet::value_at_rank(uint64_t r) const {
    const uint8_t c = codes()[r];
    if (c < kResolved) return {};
    const bool win = win_bits()[r >> 6] >> (r & 63) & 1;
    return {win ? SolvedValue::Win : SolvedValue::Loss, int(c - kResolved) + 1};
}

// ---------------------------------------------------------------------------------------------------------
// The solver
namespace {

using namespace solver_threads;
using packed::canonical_index;

}  // namespace

class Solver {
public:
    Solver(const SolveOptions& o, SolvedSet& out) : opt_(o), set_(out), threads_(std::max(1, o.threads)) {}

    SolveSummary run() {
        std::vector<State> roots = opt_.roots;
        if (roots.empty()) roots.push_back(packed::from_position(Position::start()));
        const State start = roots.front();
        auto t0 = Clock::now();
        reach(roots);
        summary_.seconds_reach = seconds_since(t0);
        t0 = Clock::now();
        count_children();
        summary_.seconds_count = seconds_since(t0);
        t0 = Clock::now();
        retrograde();
        summary_.seconds_retro = seconds_since(t0);
        tally(start);
        return summary_;
    }

private:
    void log(const std::string& line) const {
        if (opt_.log) opt_.log(line);
    }

    // Phase 1. Two bits per number, interleaved word by word so that both share a cache line: "seen" (a
    // non-terminal position found) and "done" (a non-terminal position expanded, or a terminal one found).
    void reach(const std::vector<State>& roots) {
        const uint64_t words = (packed::kIndexSize + 63) / 64;
        BigBuffer map(words * 2 * sizeof(uint64_t));
        uint64_t* st = map.as<uint64_t>();
        for (const State& root : roots) {
            const uint32_t s = canonical_index(root);
            const bool term = packed::terminal(root) != packed::Terminal::No;
            st[2 * (s >> 6) + (term ? 1 : 0)] |= uint64_t(1) << (s & 63);
        }
        constexpr uint64_t kChunkWords = 1 << 12;
        const uint64_t chunks = (words + kChunkWords - 1) / kChunkWords;
        const auto t0 = Clock::now();
        for (int sweep = 1;; ++sweep) {
            std::atomic<uint64_t> expanded{0}, children{0};
            parallel_chunks(threads_, chunks, [&](uint64_t chunk, int) {
                uint32_t batch[256];
                int n = 0;
                auto flush = [&] {
                    for (int i = 0; i < n; ++i) {
                        const uint32_t c = batch[i] & 0x7FFFFFFF;
                        const uint64_t bit = uint64_t(1) << (c & 63);
                        uint64_t& word = st[2 * (c >> 6) + (batch[i] >> 31)];
                        if (atomic(word).load(std::memory_order_relaxed) & bit) continue;
                        atomic(word).fetch_or(bit, std::memory_order_relaxed);
                    }
                    n = 0;
                };
                uint64_t local = 0, local_children = 0;
                const uint64_t w_end = std::min(words, (chunk + 1) * kChunkWords);
                for (uint64_t w = chunk * kChunkWords; w < w_end; ++w) {
                    uint64_t todo = atomic(st[2 * w]).load(std::memory_order_relaxed) & ~st[2 * w + 1];
                    if (!todo) continue;
                    atomic(st[2 * w + 1]).fetch_or(todo, std::memory_order_relaxed);
                    for (; todo; todo &= todo - 1) {
                        const uint32_t number = uint32_t(w * 64 + uint64_t(std::countr_zero(todo)));
                        ++local;
                        const State t = packed::turned(packed::state_at(number));
                        const packed::SharedIndex shared(t);
                        packed::for_each_child_turned(t, [&](const State& child, packed::Terminal terminal,
                                                             int from_ko) {
                            ++local_children;
                            const uint32_t ci = shared.canonical_index(child, from_ko);
                            const uint32_t term = terminal != packed::Terminal::No;
                            __builtin_prefetch(&st[2 * (ci >> 6)], 1);
                            batch[n++] = ci | term << 31;
                        }, opt_.drops);
                        if (n >= 192) flush();
                    }
                }
                flush();
                expanded.fetch_add(local, std::memory_order_relaxed);
                children.fetch_add(local_children, std::memory_order_relaxed);
            });
            uint64_t nonterminal = 0, terminal = 0;
            for (uint64_t w = 0; w < words; ++w) {
                nonterminal += uint64_t(std::popcount(st[2 * w]));
                terminal += uint64_t(std::popcount(st[2 * w + 1] & ~st[2 * w]));
            }
            summary_.nonterminal = nonterminal;
            summary_.terminal = terminal;
            summary_.reachable = nonterminal + terminal;
            log("reach: sweep " + std::to_string(sweep) + ": expanded " + with_commas(expanded.load()) + " (" +
                with_commas(children.load()) + " moves), " +
                with_commas(summary_.reachable) + " reachable positions so far (" + with_commas(terminal) +
                " terminal), " + std::to_string(int(seconds_since(t0))) + " s");
            if (expanded.load() == 0) break;
        }
        // Keep the non-terminal bits only, in place, and give the rest of the mapping back.
        for (uint64_t w = 0; w < words; ++w) st[w] = st[2 * w];
        map.shrink(words * sizeof(uint64_t));
        set_.bits_ = std::move(map);
        set_.words_ = words;
        set_.members_ = summary_.nonterminal;
        const uint64_t blocks = (words + SolvedSet::kBlockWords - 1) / SolvedSet::kBlockWords + 1;
        set_.ranks_ = BigBuffer(blocks * sizeof(uint32_t));
        uint32_t* rt = set_.ranks_.as<uint32_t>();
        uint64_t r = 0;
        for (uint64_t b = 0; b + 1 < blocks; ++b) {
            rt[b] = uint32_t(r);
            for (uint64_t w = b * SolvedSet::kBlockWords; w < std::min(words, (b + 1) * SolvedSet::kBlockWords); ++w)
                r += uint64_t(std::popcount(st[w]));
        }
        rt[blocks - 1] = uint32_t(r);
    }

    // Phase 2: each non-terminal position's count of distinct children that are not terminal; a position
    // with a child lost for its mover (our lion safely on the far rank) is won in 1, one whose every move
    // lets the lion be taken is lost in 1.
    void count_children() {
        set_.codes_ = BigBuffer(set_.members_ ? set_.members_ : 1);
        set_.wins_ = BigBuffer(((set_.members_ + 63) / 64 + 1) * sizeof(uint64_t));
        uint8_t* codes = set_.codes_.as<uint8_t>();
        uint64_t* wins = set_.wins_.as<uint64_t>();
        const uint64_t* bits = set_.bits();
        const uint32_t* rt = set_.ranks_.as<uint32_t>();
        constexpr uint64_t kChunkBlocks = 1 << 10;
        const uint64_t blocks = (set_.words_ + SolvedSet::kBlockWords - 1) / SolvedSet::kBlockWords;
        const uint64_t chunks = (blocks + kChunkBlocks - 1) / kChunkBlocks;
        std::atomic<int> too_many{0};
        std::atomic<uint64_t> explicit_count{0};
        parallel_chunks(threads_, chunks, [&](uint64_t chunk, int) {
            uint64_t local_explicit = 0;
            const uint64_t b0 = chunk * kChunkBlocks, b1 = std::min(blocks, b0 + kChunkBlocks);
            uint64_t r = rt[b0];
            const uint64_t w_end = std::min(set_.words_, b1 * SolvedSet::kBlockWords);
            for (uint64_t w = b0 * SolvedSet::kBlockWords; w < w_end; ++w)
                for (uint64_t todo = bits[w]; todo; todo &= todo - 1, ++r) {
                    const uint32_t number = uint32_t(w * 64 + uint64_t(std::countr_zero(todo)));
                    const State s = packed::state_at(number);
                    packed::ChildCount cc;
                    if (std::popcount(packed::asymmetry(s)) > 4) {
                        cc = packed::count_children(s, opt_.drops);
                    } else {
                        // Two moves may lead to mirror images: count distinct children.
                        uint32_t seen[64];
                        packed::for_each_child_turned(packed::turned(s), [&](const State& child,
                                                                             packed::Terminal term) {
                            if (term == packed::Terminal::Lost) cc.wins_at_once = true;
                            if (term != packed::Terminal::No) return;
                            const uint32_t ci = canonical_index(child);
                            for (int i = 0; i < cc.nonterminal; ++i)
                                if (seen[i] == ci) return;
                            if (cc.nonterminal < 64) seen[cc.nonterminal] = ci;
                            ++cc.nonterminal;
                        }, opt_.drops);
                        ++local_explicit;
                    }
                    const bool wins_now = cc.wins_at_once;
                    const int count = cc.nonterminal;
                    if (wins_now) {
                        codes[r] = SolvedSet::kResolved;
                        atomic(wins[r >> 6]).fetch_or(uint64_t(1) << (r & 63), std::memory_order_relaxed);
                    } else if (count == 0) {
                        codes[r] = SolvedSet::kResolved;
                    } else if (count >= SolvedSet::kResolved) {
                        too_many.store(1);
                    } else {
                        codes[r] = uint8_t(count);
                    }
                }
            explicit_count.fetch_add(local_explicit, std::memory_order_relaxed);
        });
        if (too_many.load()) throw std::runtime_error("a position has more children than the solver can count");
        log("count: children counted for " + with_commas(set_.members_) + " non-terminal positions (" +
            with_commas(explicit_count.load()) + " nearly symmetric ones move by move)");
    }

    // Phase 3.
    void retrograde() {
        uint8_t* codes = set_.codes_.as<uint8_t>();
        uint64_t* wins = set_.wins_.as<uint64_t>();
        const uint64_t* bits = set_.bits();
        const uint32_t* rt = set_.ranks_.as<uint32_t>();
        const uint64_t blocks = (set_.words_ + SolvedSet::kBlockWords - 1) / SolvedSet::kBlockWords;
        constexpr uint64_t kChunkBlocks = 1 << 10;
        const uint64_t chunks = (blocks + kChunkBlocks - 1) / kChunkBlocks;
        const auto t0 = Clock::now();
        for (int d = 1;; ++d) {
            if (d >= SolvedSet::kMaxDistance)
                throw std::runtime_error("a distance exceeds what the solver's codes can hold");
            const uint8_t code = uint8_t(SolvedSet::kResolved + d - 1);
            const uint8_t next = uint8_t(code + 1);
            std::atomic<uint64_t> at_level{0}, decided_next{0}, parents_total{0}, present_total{0};
            parallel_chunks(threads_, chunks, [&](uint64_t chunk, int) {
                struct Entry {
                    uint32_t number;
                    uint32_t child_lost;
                };
                Entry batch[1024];
                uint64_t rank_of[1024];
                int n = 0;
                uint64_t local_next = 0, local_present = 0, local_parents = 0;
                // Decides one parent (its rank known, its code and win word already on their way to the cache).
                auto settle = [&](uint64_t r, bool lost_child) {
                    auto ref = atomic(codes[r]);
                    uint8_t cur = ref.load(std::memory_order_relaxed);
                    while (cur < SolvedSet::kResolved) {
                        const uint8_t want = lost_child || cur == 1 ? next : uint8_t(cur - 1);
                        if (ref.compare_exchange_weak(cur, want, std::memory_order_relaxed)) {
                            if (want == next) {
                                ++local_next;
                                if (lost_child)
                                    atomic(wins[r >> 6]).fetch_or(uint64_t(1) << (r & 63), std::memory_order_relaxed);
                            }
                            break;
                        }
                    }
                };
                // The batch's numbers had their bit words and rank entries prefetched as they were produced. Here
                // each member's rank is computed and its code prefetched; the code is settled kLag entries later.
                auto flush = [&] {
                    constexpr int kLag = 16;
                    int m = 0, done = 0;
                    for (int i = 0; i < n; ++i) {
                        const uint32_t x = batch[i].number;
                        const uint64_t word = x >> 6;
                        const uint64_t wv = bits[word];
                        if (!(wv >> (x & 63) & 1)) continue;
                        ++local_present;
                        const uint64_t block = word / SolvedSet::kBlockWords;
                        uint64_t r = rt[block];
                        for (uint64_t k = block * SolvedSet::kBlockWords; k < word; ++k)
                            r += uint64_t(std::popcount(bits[k]));
                        r += uint64_t(std::popcount(wv & ((uint64_t(1) << (x & 63)) - 1)));
                        __builtin_prefetch(&codes[r], 1);
                        if (batch[i].child_lost) __builtin_prefetch(&wins[r >> 6], 1);
                        batch[m] = batch[i];
                        rank_of[m++] = r;
                        if (m - done > kLag) {
                            settle(rank_of[done], batch[done].child_lost);
                            ++done;
                        }
                    }
                    for (; done < m; ++done) settle(rank_of[done], batch[done].child_lost);
                    n = 0;
                };
                uint64_t local = 0;
                const uint64_t b0 = chunk * kChunkBlocks, b1 = std::min(blocks, b0 + kChunkBlocks);
                const uint64_t r_begin = rt[b0], r_end = rt[b1];
                uint64_t b = b0;
                for (uint64_t r = r_begin; r < r_end; ++r) {
                    const void* hit = std::memchr(codes + r, code, r_end - r);
                    if (!hit) break;
                    r = uint64_t(static_cast<const uint8_t*>(hit) - codes);
                    // The number with rank r: find its block, then its bit.
                    while (rt[b + 1] <= r) ++b;
                    uint64_t left = r - rt[b], w = b * SolvedSet::kBlockWords;
                    for (;; ++w) {
                        const uint64_t pc = uint64_t(std::popcount(bits[w]));
                        if (left < pc) break;
                        left -= pc;
                    }
                    const uint32_t number = uint32_t(w * 64 + uint64_t(packed::nth_bit(bits[w], int(left))));
                    ++local;
                    const uint32_t lost = !(wins[r >> 6] >> (r & 63) & 1);
                    const State s = packed::state_at(number);
                    const bool dedupe = std::popcount(packed::asymmetry(s)) <= 4;
                    const int first = n;
                    const State d = packed::turned(s);
                    const packed::SharedIndex shared(d);
                    packed::for_each_parent_turned(d, [&](const State& p, int from_ko) {
                        const uint32_t pi = shared.canonical_index(p, from_ko);
                        if (dedupe)
                            for (int i = first; i < n; ++i)
                                if (batch[i].number == pi) return;
                        ++local_parents;
                        __builtin_prefetch(&bits[pi >> 6]);
                        __builtin_prefetch(&rt[(pi >> 6) / SolvedSet::kBlockWords]);
                        batch[n++] = {pi, lost};
                    }, opt_.drops);
                    if (n >= 768) flush();
                }
                flush();
                at_level.fetch_add(local, std::memory_order_relaxed);
                decided_next.fetch_add(local_next, std::memory_order_relaxed);
                parents_total.fetch_add(local_parents, std::memory_order_relaxed);
                present_total.fetch_add(local_present, std::memory_order_relaxed);
            });
            summary_.max_distance = d;
            log("retrograde: distance " + std::to_string(d) + ": " + with_commas(at_level.load()) +
 " positions (" + with_commas(parents_total.load()) + " parents, " + with_commas(present_total.load()) +
                " reachable), " + with_commas(decided_next.load()) + " decided at " + std::to_string(d + 1) + ", " +
                std::to_string(int(seconds_since(t0))) + " s");
            if (decided_next.load() == 0) break;
        }
    }

    void tally(const State& start) {
        const uint8_t* codes = set_.codes();
        const uint64_t* wins = set_.win_bits();
        uint64_t won = 0, resolved = 0;
        int max_d = 0;
        for (uint64_t r = 0; r < set_.members_; ++r)
            if (codes[r] >= SolvedSet::kResolved) {
                ++resolved;
                won += wins[r >> 6] >> (r & 63) & 1;
                max_d = std::max(max_d, int(codes[r] - SolvedSet::kResolved) + 1);
            }
        summary_.won = won;
        summary_.lost = resolved - won;
        summary_.drawn = set_.members_ - resolved;
        summary_.max_distance = max_d;
        const State c = packed::canonical(start);
        const uint32_t si = packed::index(c);
        if (set_.contains(si)) summary_.start = set_.value_at_rank(set_.rank(si));
    }

    const SolveOptions& opt_;
    SolvedSet& set_;
    int threads_;
    SolveSummary summary_;
};

SolveSummary solve_dobutsu(const SolveOptions& options, SolvedSet& out) { return Solver(options, out).run(); }

}  // namespace menagerie::dobutsu
