#pragma once
// Transposition table: clusters of four entries, each keeping 32 bits of the key for verification, shared by
// every thread of a search without locks.
//
// Replacement: a store for a key already in the cluster overwrites that entry (keeping its move when the new
// one has none); otherwise it replaces the entry of least worth, worth = depth - 8 * age, where age counts
// searches since the entry was written. Deep results survive a few searches; stale ones make room.
//
// Threads: an entry is a few 32-bit words, each read and written whole, so two threads storing into one slot
// at once can leave it with words from both. The key word is therefore kept as the key's 32 bits xor a hash of
// the entry's other words: a torn entry fails the key check and reads as a miss (but for about one in 2^32), so
// a thread does not get a score or a move stored for another position. The move is checked against the
// position's legal moves before it is played in any case: the move picker only takes it from the generated list.
//
// How a word is read and written: as a volatile 32-bit access (one aligned move on x86-64 and AArch64, never
// split, merged or cached in a register by the compiler). That is what a relaxed atomic compiles to, but GCC
// schedules the code around std::atomic more cautiously: with std::atomic<uint32_t> words one thread searched
// up to 15% fewer nodes a second than before threads (tori shogi 0.85, Dobutsu 0.93, Jungle 0.96), with
// volatile words 0.94-1.02 (bench, medians of 9 rotated rounds in one run). Under ThreadSanitizer the words
// are read and written with the compiler's atomic builtins instead, so that the race the design accepts is
// seen as the relaxed atomic access it is on the hardware, and the tool reports only real ones.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <new>
#include <optional>
#include <type_traits>
#if defined(__SSE4_2__)
#include <nmmintrin.h>
#endif

#if defined(__SANITIZE_THREAD__)
#define MENAGERIE_TT_ATOMIC_WORDS 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define MENAGERIE_TT_ATOMIC_WORDS 1
#endif
#endif

namespace menagerie {

enum Bound : uint8_t { BoundNone = 0, BoundUpper = 1, BoundLower = 2, BoundExact = 3 };

template <class Move>
class TranspositionTable {
    static_assert(std::is_trivially_copyable_v<Move> && sizeof(Move) <= 4, "a move is stored in at most 32 bits");
    static constexpr bool kWideMove = sizeof(Move) > 2;

public:
    // An entry's eval when it holds no static evaluation (a node in check, the root, an evasion in quiescence).
    static constexpr int kNoEval = -32768;
    // What a probe returns: a copy of the entry, read whole.
    struct Entry {
        int16_t score;
        int16_t eval;  // the position's static evaluation, or kNoEval; searches reuse it instead of evaluating
        Move move;
        uint8_t depth;
        uint8_t gen_bound;  // generation << 2 | bound
        Bound bound() const { return Bound(gen_bound & 3); }
    };
    static constexpr int kClusterSize = 4;

private:
    // Stored form: the key word, then score and eval, then the move with depth and generation (a 16-bit move
    // shares its word with them; a 32-bit one has its own). 12 or 16 bytes.
    struct Slot {
        static constexpr int kWords = kWideMove ? 4 : 3;
        uint32_t w[kWords];
    };
    static uint32_t read_word(const uint32_t& w) {
#if defined(MENAGERIE_TT_ATOMIC_WORDS)
        return __atomic_load_n(&w, __ATOMIC_RELAXED);
#else
        return *static_cast<const volatile uint32_t*>(&w);
#endif
    }
    static void write_word(uint32_t& w, uint32_t v) {
#if defined(MENAGERIE_TT_ATOMIC_WORDS)
        __atomic_store_n(&w, v, __ATOMIC_RELAXED);
#else
        *static_cast<volatile uint32_t*>(&w) = v;
#endif
    }
    struct Raw {
        uint32_t w[Slot::kWords];
        // A hash of the data words: scores and moves are small, structured numbers, so a plain xor of them
        // would let words of two entries combine into a third key's check; mixed, a torn slot passes the key
        // check about once in 2^32.
        // With SSE 4.2, CRC-32C: linear, so two entries' words combine into a passing check only when their
        // difference is a multiple of its polynomial, which no difference confined to one word is. Elsewhere a
        // multiplicative mix.
        uint32_t check() const {
#if defined(__SSE4_2__) && defined(__x86_64__)
            uint64_t h = _mm_crc32_u64(0, uint64_t(w[1]) | uint64_t(w[2]) << 32);
            if constexpr (Slot::kWords == 4) h = _mm_crc32_u32(uint32_t(h), w[3]);
            return uint32_t(h);
#else
            uint32_t h = 0;
            for (int i = 1; i < Slot::kWords; ++i) {
                h = (h ^ w[i]) * 0x9E3779B1u;
                h ^= h >> 15;
            }
            return h;
#endif
        }
    };
    static Raw load(const Slot& s) {
        Raw r;
        for (int i = 0; i < Slot::kWords; ++i) r.w[i] = read_word(s.w[i]);
        return r;
    }
    static uint32_t move_bits(Move m) {
        if constexpr (kWideMove) {
            uint32_t v = 0;
            std::memcpy(&v, &m, sizeof(Move));
            return v;
        } else {
            uint16_t v = 0;
            std::memcpy(&v, &m, sizeof(Move));
            return v;
        }
    }
    static Entry decode(const Raw& r) {
        Entry e;
        e.score = int16_t(r.w[1] & 0xFFFF);
        e.eval = int16_t(r.w[1] >> 16);
        const uint32_t tail = r.w[Slot::kWords - 1];
        if constexpr (kWideMove) {
            std::memcpy(&e.move, &r.w[2], sizeof(Move));
            e.depth = uint8_t(tail);
            e.gen_bound = uint8_t(tail >> 8);
        } else {
            const uint16_t m = uint16_t(tail & 0xFFFF);
            std::memcpy(&e.move, &m, sizeof(Move));
            e.depth = uint8_t(tail >> 16);
            e.gen_bound = uint8_t(tail >> 24);
        }
        return e;
    }
    static Bound bound_of(const Raw& r) {
        const uint32_t tail = r.w[Slot::kWords - 1];
        return Bound((kWideMove ? tail >> 8 : tail >> 24) & 3);
    }
    static int gen_of(const Raw& r) {
        const uint32_t tail = r.w[Slot::kWords - 1];
        return int((kWideMove ? tail >> 8 : tail >> 24) & 0xFF) >> 2;
    }
    static int depth_of(const Raw& r) {
        const uint32_t tail = r.w[Slot::kWords - 1];
        return int(kWideMove ? tail & 0xFF : (tail >> 16) & 0xFF);
    }
    // Whether a slot read as r holds the key k (and something at all).
    static bool holds(const Raw& r, uint32_t k) { return (r.w[0] ^ r.check()) == k && bound_of(r) != BoundNone; }

public:
    struct Cluster {
        Slot entries[kClusterSize];
    };

    explicit TranspositionTable(size_t mb = 16) { resize(mb); }

    // Returns false (and keeps the old table) when the memory cannot be had. Not during a search.
    bool resize(size_t mb) {
        size_t n = std::max<size_t>(1, mb * 1024 * 1024 / sizeof(Cluster));
        Cluster* p = new (std::nothrow) Cluster[n];
        if (!p) return false;
        table_.reset(p);
        count_ = n;
        clear();
        return true;
    }
    // Not during a search (no thread reads the table then, so it is cleared as plain memory: a store to each
    // word one by one took a quarter of a short bench's time).
    void clear() {
        std::memset(static_cast<void*>(table_.get()), 0, count_ * sizeof(Cluster));
        generation_ = 0;
    }
    // Once before each search (by its main thread, before any helper starts).
    void new_search() { generation_ = uint8_t((generation_ + 1) & 63); }
    size_t size_mb() const { return count_ * sizeof(Cluster) / (1024 * 1024); }

    std::optional<Entry> probe(uint64_t key) const {
        const Cluster& c = cluster(key);
        const uint32_t k = uint32_t(key);
        for (const Slot& s : c.entries) {
            const Raw r = load(s);
            if (holds(r, k)) return decode(r);
        }
        return std::nullopt;
    }

    void store(uint64_t key, int score, int eval, Move move, int depth, Bound bound) {
        Cluster& c = cluster(key);
        const uint32_t k = uint32_t(key);
        // One read of the cluster: the entry of this key if there is one, else the one of least worth.
        Slot* slot = nullptr;
        Slot* poorest = &c.entries[0];
        int least = 1 << 30;
        for (Slot& s : c.entries) {
            const Raw r = load(s);
            if (holds(r, k)) {
                slot = &s;
                if (move == Move{}) move = decode(r).move;
                break;
            }
            if (const int w = worth(r); w < least) poorest = &s, least = w;
        }
        if (!slot) slot = poorest;
        Raw r;
        const uint32_t gen_bound = uint32_t(generation_ << 2 | bound);
        const uint32_t d = uint32_t(std::clamp(depth, 0, 255));
        r.w[1] = uint32_t(uint16_t(int16_t(score))) | uint32_t(uint16_t(int16_t(eval))) << 16;
        if constexpr (kWideMove) {
            r.w[2] = move_bits(move);
            r.w[3] = d | gen_bound << 8;
        } else {
            r.w[2] = move_bits(move) | d << 16 | gen_bound << 24;
        }
        r.w[0] = k ^ r.check();
        for (int i = 0; i < Slot::kWords; ++i) write_word(slot->w[i], r.w[i]);
    }

    // Starts loading the cluster of a key that will be probed soon.
    void prefetch(uint64_t key) const {
        const Cluster& c = cluster(key);
        __builtin_prefetch(&c);
        __builtin_prefetch(reinterpret_cast<const char*>(&c) + sizeof(Cluster) - 1);  // a cluster may span two lines
    }

    // Permille of the first thousand clusters' entries written by the current search.
    int hashfull() const {
        size_t n = std::min<size_t>(count_, 1000) * kClusterSize, used = 0;
        for (size_t i = 0; i < std::min<size_t>(count_, 1000); ++i)
            for (const Slot& s : table_[i].entries) {
                const Raw r = load(s);
                if (bound_of(r) != BoundNone && gen_of(r) == generation_) ++used;
            }
        return int(used * 1000 / n);
    }

private:
    Cluster& cluster(uint64_t key) const {
        // The high bits choose the cluster; the low 32 bits verify.
        return table_[size_t((static_cast<unsigned __int128>(key) * count_) >> 64)];
    }
    int worth(const Raw& r) const {
        if (bound_of(r) == BoundNone) return -1000;
        const int age = (generation_ - gen_of(r)) & 63;
        return depth_of(r) - 8 * age;
    }

    std::unique_ptr<Cluster[]> table_;
    size_t count_ = 0;
    uint8_t generation_ = 0;
};

}  // namespace menagerie
