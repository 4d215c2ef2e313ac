#pragma once
// Zobrist keys from a fixed-seed generator, so keys (and bench signatures) are the same on every run.
#include <cstdint>

namespace menagerie {

// SplitMix64: small, fast, and good enough to fill key tables.
class KeyGenerator {
public:
    constexpr explicit KeyGenerator(uint64_t seed) : state_(seed) {}
    constexpr uint64_t next() {
        uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        return z ^ (z >> 31);
    }

private:
    uint64_t state_;
};

}  // namespace menagerie
