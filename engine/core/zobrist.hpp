#pragma once
// Zobrist keys from a fixed-seed generator, so keys (and bench signatures) are the same on every run.
#include <cstdint>

namespace menagerie {

// SplitMix64: small, fast, and good enough to fill key tables.
// One SplitMix64 step: advances the state and returns the next number.
constexpr uint64_t splitmix64(uint64_t& state) {
    uint64_t z = (state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

class KeyGenerator {
public:
    constexpr explicit KeyGenerator(uint64_t seed) : state_(seed) {}
    constexpr uint64_t next() { return splitmix64(state_); }

private:
    uint64_t state_;
};

}  // namespace menagerie
