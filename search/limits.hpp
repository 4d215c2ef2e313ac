#pragma once
// What `go` asks for, and the time budget derived from it.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/outcome.hpp"

namespace menagerie {

using Clock = std::chrono::steady_clock;

struct Limits {
    int64_t time[2] = {-1, -1};  // btime, wtime in ms (-1 = not given); already includes this move's increment
    int64_t inc[2] = {0, 0};
    int64_t byoyomi = 0;
    int movestogo = 0;
    int64_t movetime = 0;
    int depth = 0;
    uint64_t nodes = 0;
    bool infinite = false;
    bool ponder = false;
    int64_t mate = 0;  // go mate: ms (0 = no limit)
    bool mate_search = false;
    std::vector<std::string> searchmoves;

    int64_t cap = 0;  // ms: no search runs longer, whatever the clock says (0 = no cap; the web server's limit)

    bool unreadable = false;  // the request had parts that could not be read (the protocol reported them)
    // When the request arrived: the clock runs from here, not from when the search thread gets going (which
    // on a loaded machine can be milliseconds later). Unset: from the start of the search.
    Clock::time_point received{};

    static constexpr int64_t kFallbackMs = 1000;

    bool time_limited() const { return movetime > 0 || time[0] >= 0 || time[1] >= 0 || byoyomi > 0; }
    bool bounded() const { return time_limited() || depth || nodes || ponder || infinite || mate_search; }
    // A request without any limit: a bare `go` searches until stop, like `go infinite`; one whose limits could
    // not be read searches kFallbackMs instead, since the GUI that sent it meant a limit and may never stop it.
    // Returns what it did, for the protocol to say, or nothing.
    std::optional<std::string> settle() {
        if (bounded()) return std::nullopt;
        if (!unreadable) {
            infinite = true;
            return std::nullopt;
        }
        movetime = kFallbackMs;
        return "go: no limit could be read; searching " + std::to_string(kFallbackMs) + " ms";
    }
};

struct TimeBudget {
    int64_t optimum = 0;  // ms: what this move should take
    int64_t maximum = 0;  // ms: abort the search here
    // ms: no new iteration starts after this (an iteration started later would seldom finish). Half the
    // optimum, except that with spend_byoyomi the byoyomi's share is spent whole: time left of it is lost anyway,
    // and the moves an unfinished iteration has already searched count. On a clock, games that set stretch_time stretch it while
    // the best move keeps changing (Search::soft_limit), up to the maximum.
    int64_t soft = 0;
};

// Budget for the side to move. Never more than the clock plus byoyomi minus the overhead. Without a
// moves-to-go, the clock is shared over `moves_left` moves (the game's SearchTuning::moves_to_plan).
// spend_byoyomi (the game's SearchTuning::spend_byoyomi): iterations may start until the byoyomi's share is spent.
inline TimeBudget time_budget(const Limits& l, Color us, int64_t overhead, int moves_left_default = 30,
                              bool spend_byoyomi = false) {
    TimeBudget b;
    if (l.cap > 0) {
        Limits uncapped = l;
        uncapped.cap = 0;
        b = time_budget(uncapped, us, overhead, moves_left_default, spend_byoyomi);
        const int64_t cap = std::max<int64_t>(1, l.cap - overhead);
        b.maximum = std::min(b.maximum, cap);
        b.optimum = std::min(b.optimum, b.maximum);
        b.soft = std::min(b.soft, b.optimum);
        return b;
    }
    if (l.movetime > 0) {
        b.optimum = b.maximum = std::max<int64_t>(1, l.movetime - overhead);
        b.soft = std::max<int64_t>(1, b.optimum / 2);
        return b;
    }
    const int64_t time = std::max<int64_t>(0, l.time[us]);
    const int64_t inc = l.inc[us];
    const int64_t available = std::max<int64_t>(1, time + l.byoyomi - overhead);
    const int64_t moves_left = l.movestogo > 0 ? std::min(l.movestogo, 40) : std::max(1, moves_left_default);
    // The increment is already inside `time`, so it only raises the share we may spend now.
    const int64_t share = time / moves_left + inc * 3 / 4;
    b.optimum = std::clamp<int64_t>(share + l.byoyomi - overhead, 1, available);
    b.maximum = std::clamp<int64_t>(std::max(3 * share, time / 8) + l.byoyomi - overhead, b.optimum, available);
    const int64_t byoyomi = spend_byoyomi ? std::clamp<int64_t>(l.byoyomi - overhead, 0, b.optimum) : 0;
    b.soft = std::clamp<int64_t>((b.optimum - byoyomi) / 2 + byoyomi, 1, b.maximum);
    return b;
}

}  // namespace menagerie

namespace menagerie {

constexpr int kMaxSkill = 20;

// How a search is run, beyond what `go` limits.
struct SearchOptions {
    int multipv = 1;
    int64_t move_overhead = 0;  // ms
    int skill = kMaxSkill;      // below kMaxSkill the engine plays weaker on purpose (search/skill.hpp)
    uint64_t seed = 0;          // for the weakened move choice
    int threads = 1;            // search threads (Lazy SMP: search/search.hpp), 1..kMaxThreads
};

constexpr int kMaxThreads = 1024;

}  // namespace menagerie
