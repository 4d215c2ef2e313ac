#pragma once
// The Dobutsu solver: every position reachable from the start, and its exact value, by retrograde analysis.
//
// Convention (the published complete analysis'): positions are normalised to Sente to move (Gote-to-move
// positions are turned round) and a position and its mirror image count once. A position where Sente can take
// Gote's lion (won) or where Gote's lion stands on Sente's home rank (lost: Gote's try has succeeded) is
// terminal: counted as reachable, not expanded, distance 0. Every other reachable position is stored with its
// value (won, lost or drawn for the side to move) and, when decided, the distance in plies to a terminal
// position under best play (the winner hurries, the loser resists). Our own rules decide the try one ply later
// and count the capture of the lion as a ply, which adds exactly one ply to every decided distance; the
// tablebase (search/tablebase/dobutsu_tablebase.hpp) converts.
//
// Phases: (1) the reachable set, by sweeps over a two-bit-per-number map of the index space
// (search/tablebase/dobutsu_index.hpp); (2) for each non-terminal position, the number of distinct children; (3) level
// by level from the terminal positions, the parents of each position decided at the level before: a parent of
// a lost position is won, a parent whose every child is won is lost. What is left is drawn.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "search/tablebase/dobutsu_packed.hpp"

namespace menagerie::dobutsu {

// A large zero-filled array in its own mapping, so that it can be shrunk and returned to the system.
class BigBuffer {
public:
    BigBuffer() = default;
    explicit BigBuffer(std::size_t bytes);
    BigBuffer(BigBuffer&& o) noexcept;
    BigBuffer& operator=(BigBuffer&& o) noexcept;
    BigBuffer(const BigBuffer&) = delete;
    BigBuffer& operator=(const BigBuffer&) = delete;
    ~BigBuffer();
    void shrink(std::size_t bytes);  // keeps the first `bytes`, gives back the rest
    void reset();
    template <class T>
    T* as() const {
        return static_cast<T*>(data_);
    }
    std::size_t size() const { return size_; }

private:
    void* data_ = nullptr;
    std::size_t size_ = 0;
};

// The value of a non-terminal position in the solver's convention.
struct SolvedValue {
    enum Kind : uint8_t { Draw, Win, Loss } kind = Draw;
    int distance = 0;  // plies to a terminal position (the published convention), 0 for a draw
};

struct SolveSummary {
    uint64_t reachable = 0, terminal = 0, nonterminal = 0;
    uint64_t won = 0, drawn = 0, lost = 0;
    int max_distance = 0;
    SolvedValue start;  // the (first) root's value
    double seconds_reach = 0, seconds_count = 0, seconds_retro = 0;
};

// The solved set in memory: which numbers are non-terminal reachable positions (a bitset over the index
// space with a rank directory) and one value per such position, in number order.
class SolvedSet {
public:
    static constexpr int kBlockWords = 8;  // rank directory: one entry per 512 numbers (a cache line of bits)

    bool contains(uint32_t number) const {
        return bits()[number >> 6] >> (number & 63) & 1;
    }
    uint64_t rank(uint32_t number) const;  // how many members are below `number`
    uint64_t size() const { return members_; }
    SolvedValue value_at_rank(uint64_t rank) const;
    const uint64_t* bits() const { return bits_.as<uint64_t>(); }
    uint64_t words() const { return words_; }
    const uint8_t* codes() const { return codes_.as<uint8_t>(); }
    const uint64_t* win_bits() const { return wins_.as<uint64_t>(); }

    // Byte codes while solving: below kResolved a count of children not yet known to be won for their
    // mover; kResolved + d - 1 decided at distance d (won or lost by the win bit).
    static constexpr uint8_t kResolved = 64;
    static constexpr int kMaxDistance = 255 - kResolved + 1;

private:
    friend class Solver;
    BigBuffer bits_, ranks_, codes_, wins_;
    uint64_t words_ = 0, members_ = 0;
};

struct SolveOptions {
    int threads = 2;
    // Called with progress lines (phase, sweep or level, counts, time).
    std::function<void(const std::string&)> log;
    // Solve what is reachable from these positions (Sente to move) instead of from the game's start.
    std::vector<packed::State> roots;
    // The subgame without drops (pieces taken stay in hand): closed and small, for tests.
    bool drops = true;
};

// Runs the whole analysis. Throws std::runtime_error when the memory cannot be had.
SolveSummary solve_dobutsu(const SolveOptions& options, SolvedSet& out);

}  // namespace menagerie::dobutsu
