#pragma once
// Transposition table: clusters of four entries, each keeping 32 bits of the key for verification.
//
// Replacement: a store for a key already in the cluster overwrites that entry (keeping its move when the new
// one has none); otherwise it replaces the entry of least worth, worth = depth - 8 * age, where age counts
// searches since the entry was written. Deep results survive a few searches; stale ones make room.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>

namespace menagerie {

enum Bound : uint8_t { BoundNone = 0, BoundUpper = 1, BoundLower = 2, BoundExact = 3 };

template <class Move>
class TranspositionTable {
public:
    // An entry's eval when it holds no static evaluation (a node in check, the root, an evasion in quiescence).
    static constexpr int kNoEval = -32768;
    struct Entry {
        uint32_t key32;
        int16_t score;
        int16_t eval;  // the position's static evaluation, or kNoEval; searches reuse it instead of evaluating
        Move move;
        uint8_t depth;
        uint8_t gen_bound;  // generation << 2 | bound
        Bound bound() const { return Bound(gen_bound & 3); }
    };
    static constexpr int kClusterSize = 4;
    struct Cluster {
        Entry entries[kClusterSize];
    };

    explicit TranspositionTable(size_t mb = 16) { resize(mb); }

    // Returns false (and keeps the old table) when the memory cannot be had.
    bool resize(size_t mb) {
        size_t n = std::max<size_t>(1, mb * 1024 * 1024 / sizeof(Cluster));
        Cluster* p = new (std::nothrow) Cluster[n];
        if (!p) return false;
        table_.reset(p);
        count_ = n;
        clear();
        return true;
    }
    void clear() {
        std::memset(static_cast<void*>(table_.get()), 0, count_ * sizeof(Cluster));
        generation_ = 0;
    }
    void new_search() { generation_ = uint8_t((generation_ + 1) & 63); }
    size_t size_mb() const { return count_ * sizeof(Cluster) / (1024 * 1024); }

    const Entry* probe(uint64_t key) const {
        const Cluster& c = cluster(key);
        const uint32_t k = uint32_t(key);
        for (const Entry& e : c.entries)
            if (e.key32 == k && e.bound() != BoundNone) return &e;
        return nullptr;
    }

    void store(uint64_t key, int score, int eval, Move move, int depth, Bound bound) {
        Cluster& c = cluster(key);
        const uint32_t k = uint32_t(key);
        Entry* slot = nullptr;
        for (Entry& e : c.entries)
            if (e.key32 == k && e.bound() != BoundNone) {
                slot = &e;
                if (move == Move{}) move = e.move;
                break;
            }
        if (!slot) {
            slot = &c.entries[0];
            for (Entry& e : c.entries)
                if (worth(e) < worth(*slot)) slot = &e;
        }
        slot->key32 = k;
        slot->score = int16_t(score);
        slot->eval = int16_t(eval);
        slot->move = move;
        slot->depth = uint8_t(std::clamp(depth, 0, 255));
        slot->gen_bound = uint8_t(generation_ << 2 | bound);
    }

    // Starts loading the cluster of a key that will be probed soon.
    void prefetch(uint64_t key) const { __builtin_prefetch(&cluster(key)); }

    // Permille of the first thousand clusters' entries written by the current search.
    int hashfull() const {
        size_t n = std::min<size_t>(count_, 1000) * kClusterSize, used = 0;
        for (size_t i = 0; i < std::min<size_t>(count_, 1000); ++i)
            for (const Entry& e : table_[i].entries)
                if (e.bound() != BoundNone && (e.gen_bound >> 2) == generation_) ++used;
        return int(used * 1000 / n);
    }

private:
    Cluster& cluster(uint64_t key) const {
        // The high bits choose the cluster; the low 32 bits verify.
        return table_[size_t((static_cast<unsigned __int128>(key) * count_) >> 64)];
    }
    int worth(const Entry& e) const {
        if (e.bound() == BoundNone) return -1000;
        const int age = (generation_ - (e.gen_bound >> 2)) & 63;
        return e.depth - 8 * age;
    }

    std::unique_ptr<Cluster[]> table_;
    size_t count_ = 0;
    uint8_t generation_ = 0;
};

}  // namespace menagerie
