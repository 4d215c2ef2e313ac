#pragma once
// Search<G>: iterative deepening, negamax alpha-beta with PVS, a transposition table, quiescence, and the
// game's own repetition rule, all compiled for one game.
//
// Threads (Lazy SMP): with SearchOptions::threads = N, the Search that run() is called on (the main thread)
// starts N - 1 helpers, each a Search of its own (its own position, undo records, move arena, killers and
// histories) over the same transposition table, which is where they help each other. They search the same
// root; a helper skips some depths (kSmpDiversity below: per-thread reductions are the alternative under
// test), so that the threads do not all search the same tree. Only the main thread watches the clock, the
// node limit and stop, and reports progress (nodes and nps are the sums of all threads); when it ends, the
// helpers are halted and joined, and the move played is chosen from the threads' results by a vote weighted
// by depth and score (pick_thread). With one thread nothing of this runs: the search is node for node the
// single-threaded one.
#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <exception>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"
#include "eval/eval.hpp"
#include "search/info.hpp"
#include "search/limits.hpp"
#include "search/move_arena.hpp"
#include "search/move_picker.hpp"
#include "search/repetition.hpp"
#include "search/score.hpp"
#include "search/skill.hpp"
#include "search/tt.hpp"
#include "search/tuning.hpp"

namespace menagerie {

template <Game G>
class Search {
public:
    using Position = typename G::Position;
    using Move = typename G::Move;
    using TT = TranspositionTable<Move>;
    using Info = SearchInfoOf<Move>;
    using InfoSink = std::function<void(const Info&)>;

    struct RootMove {
        Move move{};
        int score = -kInfinite;
        std::vector<Move> pv;
    };
    struct Report {
        Move best{};
        Move ponder{};
        int score = 0;
        int depth = 0;
        uint64_t nodes = 0;
        bool aborted = false;
        std::vector<RootMove> lines;  // MultiPV lines, best first
    };

    using EvalParams = typename Evaluator<G>::Params;

    // Everything sized by the game lives on the heap: the move arena, history, killers and the PV table.
    explicit Search(TT& tt)
        : tt_(tt), arena_(G::max_moves), history_(std::size_t(G::history_size)), killers_(kMaxPly + 1),
          pv_(std::size_t(kMaxPly + 1) * (kMaxPly + 1)), pv_len_(kMaxPly + 1) {}
    // A search left between start() and finish() halts its helpers.
    ~Search() { halt_helpers(); }
    Search(const Search&) = delete;
    Search& operator=(const Search&) = delete;

    // The evaluation weights this search plays with (self-play changes them to measure terms).
    void set_eval(const EvalParams& params) { eval_ = params; }
    const EvalParams& eval() const { return eval_; }

    std::atomic<bool> stop{false};
    std::atomic<bool> pondering{false};
    // Set by ponderhit: when pondering ended, as the steady clock's count since its epoch (-1: not yet). An
    // instant, not a time since the start, so that ponderhit may come before the search thread has started.
    std::atomic<int64_t> ponderhit_at{-1};
    static int64_t now_count() { return Clock::now().time_since_epoch().count(); }

    void clear_history() {
        for (auto& h : helpers_) h->clear_history();
        std::fill(history_.begin(), history_.end(), 0);
        std::fill(cont_.begin(), cont_.end(), int16_t(0));
        std::fill(counters_.begin(), counters_.end(), Move{});
        for (auto& k : killers_) k[0] = k[1] = Move{};
    }

    // history: the game's positions before the root, oldest first. The root must not be over. only: the root
    // moves to search (go searchmoves), all when empty or when none of them is legal.
    Report run(const Position& root, const std::vector<Visit>& history, const Limits& limits,
               const SearchOptions& options, const InfoSink& sink, const std::vector<Move>& only = {}) {
        start(root, history, limits, options, &sink, only);
        while (!advance()) {
        }
        return finish();
    }

    // The same search in steps, for a caller that must do other work while it runs (a single-threaded build
    // that reads its commands between steps: protocol/core/session.hpp): start() once, then advance() until it
    // returns true, then finish(). advance(until) returns false at the instant `until` (a steady clock count;
    // 0: never), or while an unbounded search (infinite, ponder) waits for stop or ponderhit. An iteration
    // that `until` interrupts is searched again from its start by the next advance, the table keeping what it
    // had found, and each attempt at it searches at least twice the nodes of the last one cut short (so it
    // gets further each time): a search in steps is the same search as run()'s only when no step ends inside
    // an iteration.
    // The sink must stay valid until finish(). The helpers, if any, search in their threads meanwhile.
    void start(const Position& root, const std::vector<Visit>& history, const Limits& limits,
               const SearchOptions& options, const InfoSink* sink, const std::vector<Move>& only = {}) {
        const int threads = std::clamp(options.threads, 1, kMaxThreads);
        while (int(helpers_.size()) > threads - 1) helpers_.pop_back();
        while (int(helpers_.size()) < threads - 1) {
            helpers_.push_back(std::make_unique<Search>(tt_));
            helpers_.back()->id_ = int(helpers_.size());
            helpers_.back()->stop_src_ = &halt_;
        }
        tt_.new_search();
        nodes_.store(0, std::memory_order_relaxed);
        failures_.assign(helpers_.size(), nullptr);
        if (!helpers_.empty()) {
            // The helpers: no clock, no node limit, no waiting for stop; the main thread halts them.
            Limits free = limits;
            free.time[0] = free.time[1] = -1;
            free.inc[0] = free.inc[1] = 0;
            free.byoyomi = 0;
            free.movetime = 0;
            free.cap = 0;
            free.movestogo = 0;
            free.nodes = 0;
            free.infinite = free.ponder = false;
            halt_.store(false);
            for (auto& h : helpers_) {
                h->eval_ = eval_;
                h->nodes_.store(0, std::memory_order_relaxed);
                h->last_ = Report{};
            }
            for (size_t i = 0; i < helpers_.size(); ++i)
                threads_run_.emplace_back([this, root, history, free, options, only, i] {
                    try {
                        Search& h = *helpers_[i];
                        h.begin(root, history, free, options, nullptr, only);
                        while (!h.advance_iterations(0)) {
                        }
                        h.last_ = h.own_report();
                    } catch (...) {
                        failures_[i] = std::current_exception();
                    }
                });
        }
        try {
            begin(root, history, limits, options, sink, only);
        } catch (...) {
            halt_helpers();
            throw;
        }
    }

    bool advance(int64_t until = 0) {
        try {
            return advance_iterations(until);
        } catch (...) {
            halt_helpers();
            throw;
        }
    }

    Report finish() {
        Report report = own_report();
        halt_helpers();
        std::exception_ptr failure;
        for (auto& f : failures_)
            if (f && !failure) failure = f;
        if (failure) std::rethrow_exception(failure);
        if (!helpers_.empty()) {
            if (options_.multipv <= 1 && options_.skill >= kMaxSkill) pick_thread(report);
            report.nodes = total_nodes();
        }
        return report;
    }

private:
    void halt_helpers() {
        halt_.store(true);
        for (auto& t : threads_run_) t.join();
        threads_run_.clear();
    }

    // One thread's iterative deepening, in three parts (begin, the iterations, the report), its state in it_.
    // sink: where the main thread reports (none for a helper).
    void begin(const Position& root, const std::vector<Visit>& history, const Limits& limits,
               const SearchOptions& options, const InfoSink* sink, const std::vector<Move>& only) {
        start_ = limits.received == Clock::time_point{} ? Clock::now() : limits.received;
        limits_ = limits;
        options_ = options;
        budget_ = time_budget(limits, root.side(), options.move_overhead, kTuning.moves_to_plan,
                              kTuning.spend_byoyomi);
        aborted_ = false;
        sink_ = sink;
        root_ = root;
        line_ = history;
        line_.push_back(visit_of(root));
        root_index_ = int(line_.size()) - 1;
        for (auto& k : killers_) k[0] = k[1] = Move{};
        for (auto& h : history_) h /= kTuning.history_gravity ? 2 : 8;

        Iteration& it = it_;
        it = Iteration{};
        {
            typename MoveArena<Move>::Frame frame(arena_);
            root.legal_moves(frame.sink());
            frame.commit();
            const MoveSink<Move>& list = frame.sink();
            for (Move m : list)
                if (only.empty() || std::find(only.begin(), only.end(), m) != only.end())
                    it.roots.push_back({m, -kInfinite, {m}});
            if (it.roots.empty())
                for (Move m : list) it.roots.push_back({m, -kInfinite, {m}});
        }
        std::vector<RootMove>& roots = it.roots;
        if (roots.empty()) {
            it.iterating = false;
            return;
        }
        order_roots(root, roots);

        it.weakened = options.skill < kMaxSkill;
        it.shown = std::clamp<int>(options.multipv, 1, int(roots.size()));
        it.lines = it.weakened ? std::max(it.shown, std::min<int>(kSkillLines, int(roots.size()))) : it.shown;
        it.max_depth = limits.depth > 0 ? std::min(limits.depth, kMaxPly - 1) : kMaxPly - 1;
        if (it.weakened) it.max_depth = std::min(it.max_depth, skill_depth(options.skill));
        it.pos = root;
    }

    // Order the root once: a move that ends the game in the mover's favour (takes the last royal, reaches the
    // den) first, then the table's move, then (games with root_captures_first) captures by what they take
    // (most valuable victim, then least valuable mover), then the rest as generated. Each iteration then brings
    // a move that raises alpha to the front. The first iteration matters most in the big games: a taikyoku root
    // has hundreds of moves with a quiescence search under each, a short search may stop before the iteration
    // ends, and then the best move of those searched is played. In generation order the capture of the last
    // royal could be left unsearched (a self-play game at 50 ms a move shuttled a piece for 3,000 plies beside
    // an unguarded enemy royal).
    void order_roots(const Position& root, std::vector<RootMove>& roots) {
        Move tt_move{};
        if (const auto e = tt_.probe(root.key())) tt_move = e->move;
        constexpr int kWin = std::numeric_limits<int>::max(), kTable = kWin - 1, kQuiet = std::numeric_limits<int>::min();
        std::vector<std::pair<int, RootMove>> keyed;
        keyed.reserve(roots.size());
        Position pos = root;
        for (RootMove& rm : roots) {
            int key = kQuiet;
            typename G::Undo undo;
            pos.play(rm.move, undo);
            const bool wins = pos.decided() == Outcome::Loss;  // the side to move now has lost
            pos.undo(rm.move, undo);
            if (wins) {
                key = kWin;
            } else if (rm.move == tt_move) {
                key = kTable;
            } else if (const int gain = kTuning.root_captures_first ? capture_gain<G>(root, rm.move) : 0; gain > 0) {
                key = mvv_lva<G>(root, rm.move, gain);
            }
            keyed.emplace_back(key, std::move(rm));
        }
        std::stable_sort(keyed.begin(), keyed.end(), [](const auto& a, const auto& b) { return a.first > b.first; });
        for (size_t i = 0; i < roots.size(); ++i) roots[i] = std::move(keyed[i].second);
    }

    // The iterations, from where the last call left off; false when `until` came first (or while an unbounded
    // search waits, when until is not 0).
    bool advance_iterations(int64_t until) {
        Iteration& it = it_;
        std::vector<RootMove>& roots = it.roots;
        Position& pos = it.pos;
        slice_end_ = until;
        paused_ = false;
        aborted_ = false;
        attempt_start_ = nodes_.load(std::memory_order_relaxed);
        for (; it.iterating && it.depth <= it.max_depth; ++it.depth, it.idx = 0) {
            const int depth = it.depth;
            // Helpers that skip depths leave out some, each helper others (the last one it always searches).
            if (id_ > 0 && depth < it.max_depth && skips_depths(id_) && skip_depth(id_, depth)) continue;
            root_depth_ = depth;
            for (; it.idx < it.lines; ++it.idx) {
                const int idx = it.idx;
                seldepth_ = 0;
                // Aspiration window (games that set one): from depth 5 the single line is searched in a window
                // around the last iteration's score, widened on the side that fails until the score is inside.
                int delta = kTuning.aspiration_window;
                int alpha = -kInfinite, beta = kInfinite;
                const int previous = roots[0].score;
                if (delta > 0 && it.lines == 1 && depth >= 5 && std::abs(previous) < kMateBound) {
                    alpha = std::max(previous - delta, -kInfinite);
                    beta = std::min(previous + delta, int(kInfinite));
                }
                while (true) {
                    const int score = search_root(pos, depth, idx, roots, alpha, beta);
                    if (aborted_) break;
                    if (score <= alpha) {
                        beta = (alpha + beta) / 2;
                        alpha = std::max(score - delta, -kInfinite);
                    } else if (score >= beta) {
                        beta = std::min(score + delta, int(kInfinite));
                    } else {
                        break;
                    }
                    delta += delta / 2;
                }
                if (aborted_) break;
                it.attempt_nodes = 0;  // the line is done: the next one may pause at once
                attempt_start_ = nodes_.load(std::memory_order_relaxed);
                if (idx < it.shown) print_line(depth, idx, roots[size_t(idx)]);
            }
            if (paused_) {
                slice_end_ = 0;
                return false;
            }
            if (aborted_) break;
            it.completed = depth;
            // Forced results are final once the search has seen past them.
            const int s = roots[0].score;
            if (std::abs(s) > kMateBound && depth >= (kMate - std::abs(s)) + 2 && !limits_.infinite) break;
            if (roots.size() == 1 && limits_.time_limited() && depth >= 4 && !limits_.infinite) break;
            if (time_managed() && clock_ms() > soft_limit(depth, it.last_best, it.last_score, roots[0], it.changes))
                break;
            it.last_best = roots[0].move;
            it.last_score = roots[0].score;
        }
        it.iterating = false;
        it.aborted |= aborted_;
        slice_end_ = 0;
        // go infinite and go ponder keep the answer until stop or ponderhit.
        while ((limits_.infinite || pondering.load()) && !stop.load()) {
            if (!pondering.load() && !limits_.infinite) break;
            if (until) return false;
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        return true;
    }

    // This thread's result, once its iterations are over.
    Report own_report() {
        Iteration& it = it_;
        std::vector<RootMove>& roots = it.roots;
        Report report;
        if (roots.empty()) return report;
        if (it.weakened && it.completed > 0) {
            int scores[kSkillLines * 16];
            const int n = std::min<int>(it.lines, int(std::size(scores)));
            for (int i = 0; i < n; ++i) scores[i] = roots[size_t(i)].score;
            uint64_t rng = options_.seed;
            const int pick = weakened_choice(scores, n, options_.skill, rng);
            std::rotate(roots.begin(), roots.begin() + pick, roots.begin() + pick + 1);
        }
        report.best = roots[0].move;
        report.score = roots[0].score;
        report.depth = it.completed;
        report.nodes = nodes_.load(std::memory_order_relaxed);
        report.aborted = it.aborted;
        if (roots[0].pv.size() > 1) report.ponder = roots[0].pv[1];
        report.lines.assign(roots.begin(), roots.begin() + it.shown);
        return report;
    }

public:
    // The nodes of the last or current search, all threads.
    uint64_t nodes() const { return total_nodes(); }
    // The main thread's share of them.
    uint64_t main_thread_nodes() const { return nodes_.load(std::memory_order_relaxed); }
    int64_t elapsed_ms() const {
        return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start_).count();
    }

private:
    uint64_t total_nodes() const {
        uint64_t n = nodes_.load(std::memory_order_relaxed);
        for (const auto& h : helpers_) n += h->nodes_.load(std::memory_order_relaxed);
        return n;
    }
    // Counted by its own thread only; others read it (relaxed: a plain load and store on x86).
    [[gnu::always_inline]] void count_node() {
        nodes_.store(nodes_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    }

    // How the helpers differ from the main thread, so that they do not all search the same tree (measured in
    // shogi with 2 threads, 100 ms a move, one game at a time; bench/strength-log.md):
    //   0  every helper skips depths (below): +47 +- 59 over scheme 2 (140 games). The default.
    //   1  odd helpers search every depth and reduce late moves a ply more (LMR + 1), even helpers skip
    //      depths: +27 (-15 to +70) over scheme 0 in 280 games, not yet shown to gain (with 2 threads the one
    //      helper is odd, so this played per-thread reductions against depth skipping).
    //   2  every helper searches every depth like the main thread (timing and the shared table differ only).
    // Build with -DMENAGERIE_SMP_DIVERSITY=N to play one against another.
#ifndef MENAGERIE_SMP_DIVERSITY
#define MENAGERIE_SMP_DIVERSITY 0
#endif
    static constexpr int kSmpDiversity = MENAGERIE_SMP_DIVERSITY;
    static constexpr bool skips_depths(int id) { return kSmpDiversity == 0 || (kSmpDiversity == 1 && id % 2 == 0); }
    static constexpr bool reduces_more(int id) { return kSmpDiversity == 1 && id % 2 == 1; }
    // Depth skipping for the k-th helper that skips (k = i under scheme 0, i / 2 under scheme 1): in a cycle
    // of kSkipSize[j] iterations with phase kSkipPhase[j], j = (k - 1) mod 20, it searches one run of
    // kSkipSize[j] depths and leaves out the next. The first skips every other depth, the next four two in
    // four, and so on, each starting at a different depth.
    static constexpr int kSkipSize[20] = {1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4};
    static constexpr int kSkipPhase[20] = {0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7};
    static bool skip_depth(int id, int depth) {
        const int j = (kSmpDiversity == 1 ? id / 2 - 1 : id - 1) % 20;
        return ((depth + kSkipPhase[j]) / kSkipSize[j]) % 2 != 0;
    }

    // The vote among the threads (main's report in, the chosen thread's out): each thread's best move gets
    // (score - lowest score + 14) * completed depth; the move with the most votes wins, and a thread that has
    // found a mate wins outright (the shortest mate among several). Main's move stands on a tie. When another
    // thread's line is chosen, it is reported once more, so the last info names the move played.
    void pick_thread(Report& report) {
        std::vector<const Report*> all = {&report};
        for (const auto& h : helpers_)
            if (h->last_.depth > 0 && !h->last_.best.is_null()) all.push_back(&h->last_);
        if (all.size() < 2 || report.best.is_null() || report.depth == 0) return;
        int lowest = kInfinite;
        for (const Report* r : all) lowest = std::min(lowest, r->score);
        auto votes = [&](Move m) {
            int64_t v = 0;
            for (const Report* r : all)
                if (r->best == m) v += int64_t(r->score - lowest + 14) * r->depth;
            return v;
        };
        const Report* best = all[0];
        for (const Report* r : all) {
            if (best->score >= kMateBound) {
                if (r->score > best->score) best = r;
            } else if (r->score >= kMateBound || (r->score > -kMateBound && votes(r->best) > votes(best->best))) {
                best = r;
            }
        }
        if (best == &report) return;
        const Report chosen = *best;
        if (sink_ && *sink_ && !chosen.lines.empty()) print_line(chosen.depth, 0, chosen.lines[0]);
        report.best = chosen.best;
        report.ponder = chosen.ponder;
        report.score = chosen.score;
        report.depth = chosen.depth;
        report.lines = chosen.lines;
    }
    bool time_managed() const { return limits_.time_limited() && !limits_.infinite && !pondering.load(); }

    // The time after which no new iteration starts: the budget's soft limit, stretched on a clock (not with a
    // fixed movetime) while the best move is unsettled: by one more soft limit per recent change of the best move
    // (each counting half as much an iteration later), and by a half when the score has just dropped by
    // more than 30 cp. Never beyond the hard maximum.
    int64_t soft_limit(int depth, Move last_best, int last_score, const RootMove& best, double& changes) const {
        if constexpr (kTuning.stretch_time) {
            if (limits_.movetime == 0 && depth > 1) {
                changes = changes / 2 + (best.move != last_best);
                double scale = 1 + changes;
                if (best.score < last_score - 30) scale *= 1.5;
                return std::min<int64_t>(int64_t(double(budget_.soft) * scale), budget_.maximum);
            }
        }
        return budget_.soft;
    }

    // Polled every 256 nodes: stop, node limit, and the hard time limit (counted from ponderhit if any). With
    // 1024 nodes between looks at the clock, shogi answers to a 90 ms budget came up to 18 ms late (p99 101 ms,
    // on an idle machine); with 256, within 2 ms.
    bool out_of_budget() {
        if (stop_src_->load(std::memory_order_relaxed)) return true;
        const uint64_t n = nodes_.load(std::memory_order_relaxed);
        // go nodes counts every thread's nodes: the sum is taken every 64 nodes when there are helpers.
        if (limits_.nodes && (helpers_.empty() ? n : (n & 63) == 0 ? total_nodes() : 0) >= limits_.nodes) return true;
        if ((n & 255) == 0) {
            if (time_managed() && clock_ms() >= budget_.maximum) return true;
            // A step's end pauses the search, but not before this attempt at the line has searched twice the
            // nodes of the last one that the end of a step cut short: searching the line again from its start
            // costs at most that (the table keeping the rest), so each attempt gets further, however short
            // the steps (or slow the machine).
            if (slice_end_ && now_count() >= slice_end_ && n - attempt_start_ >= it_.attempt_nodes) {
                it_.attempt_nodes = 2 * (n - attempt_start_);
                return paused_ = true;
            }
        }
        return false;
    }

    // Time on our clock: from the start of go, or from ponderhit after pondering.
    int64_t clock_ms() const {
        const int64_t hit = ponderhit_at.load();
        if (hit < 0) return elapsed_ms();
        const auto since = Clock::now() - Clock::time_point(Clock::duration(hit));
        return std::chrono::duration_cast<std::chrono::milliseconds>(since).count();
    }

    // The score of a game already over on the board, seen from the side to move.
    static std::optional<int> decided_score(const Position& pos, int ply) {
        switch (pos.decided()) {
            case Outcome::Win:
                return mate_in(ply);
            case Outcome::Loss:
                return mated_in(ply);
            case Outcome::Draw:
                return 0;
            default:
                return std::nullopt;
        }
    }

    // The score of a repetition ending the line at this ply, if it does: the game's rule, and a return to a
    // position of the search path counted at once. A game without a rule that scores returns (taikyoku)
    // scores them repeat_contempt against the root's side: at an even ply that side is to move.
    std::optional<int> repetition_score(int ply) const {
        if constexpr (G::repetition_count == 0 && kTuning.repeats_score_draw) {
            const int cur = root_index_ + ply;
            for (int i = cur - 2; i >= 0; i -= 2)
                if (line_[size_t(i)].key == line_[size_t(cur)].key)
                    return ply % 2 == 0 ? -kTuning.repeat_contempt : kTuning.repeat_contempt;
            return std::nullopt;
        }
        const auto o = repetition<G>(line_.data(), root_index_ + ply + 1, root_index_);
        if (!o) return std::nullopt;
        return *o == Outcome::Win ? mate_in(ply) : *o == Outcome::Loss ? mated_in(ply) : 0;
    }

    // Records the position reached at this ply (whether its side to move is in check is set on arrival).
    // Once per node: inlined, with the growth of the line out of the way.
    [[gnu::always_inline]] void push_key(uint64_t k, int ply) {
        const size_t idx = size_t(root_index_ + ply);
        if (line_.size() <= idx) [[unlikely]]
            grow_line(idx + 1);
        line_[idx] = {k, false};
    }
    [[gnu::noinline]] void grow_line(size_t size) { line_.resize(size); }

    Move* pv(int ply) { return pv_.data() + std::size_t(ply) * (kMaxPly + 1); }
    void update_pv(int ply, Move m) {
        Move* line = pv(ply);
        const Move* child = pv(ply + 1);
        line[ply] = m;
        for (int i = ply + 1; i < pv_len_[ply + 1]; ++i) line[i] = child[i];
        pv_len_[ply] = pv_len_[ply + 1];
    }

    // Searches the root moves from idx on in the window (alpha, beta); returns the best score found, which is
    // an upper bound when it is <= alpha and a lower bound when >= beta (the search stops at the first move
    // reaching beta). The best move comes first.
    int search_root(Position& pos, int depth, int idx, std::vector<RootMove>& roots, int alpha, const int beta) {
        const int old_alpha = alpha;
        for (size_t i = size_t(idx); i < roots.size(); ++i) {
            RootMove& rm = roots[i];
            typename G::Undo undo;
            moved_[0] = pos.history_index(rm.move);
            pos.play(rm.move, undo);
            push_key(pos.key(), 1);
            int score;
            if (i == size_t(idx)) {
                score = -search(pos, -beta, -alpha, depth - 1, 1, true);
            } else {
                score = -search(pos, -alpha - 1, -alpha, depth - 1, 1, false);
                if (score > alpha && !aborted_) score = -search(pos, -beta, -alpha, depth - 1, 1, true);
            }
            pos.undo(rm.move, undo);
            if (aborted_) return roots[size_t(idx)].score;
            if (i == size_t(idx) || score > alpha) {
                rm.score = score;
                rm.pv.assign(1, rm.move);
                for (int k = 1; k < pv_len_[1]; ++k) rm.pv.push_back(pv(1)[k]);
                if (score > alpha) alpha = score;
                std::rotate(roots.begin() + idx, roots.begin() + i, roots.begin() + i + 1);
                if (alpha >= beta) break;
            } else {
                rm.score = -kInfinite;
            }
        }
        const int best = roots[size_t(idx)].score;
        if (idx == 0 && best > old_alpha && best < beta)
            tt_.store(pos.key(), score_to_tt(best, 0), TT::kNoEval, roots[0].move, depth, BoundExact);
        return best;
    }

    int search(Position& pos, int alpha, int beta, int depth, int ply, bool pv_node) {
        pv_len_[ply] = ply;
        if (aborted_ || out_of_budget()) {
            aborted_ = true;
            return 0;
        }
        if (ply > seldepth_) seldepth_ = ply;
        if (auto s = decided_score(pos, ply)) return *s;
        const bool check = pos.in_check();
        if constexpr (requires { pos.last_move_attacks(); })
            line_[size_t(root_index_ + ply)].in_check = pos.last_move_attacks();
        else
            line_[size_t(root_index_ + ply)].in_check = check;
        if (auto s = repetition_score(ply)) return *s;
        if (ply >= kMaxPly - 1) return evaluate(pos);
        // Mate distance pruning: no line from here beats a mate already found nearer the root.
        alpha = std::max(alpha, mated_in(ply));
        beta = std::min(beta, mate_in(ply + 1));
        if (alpha >= beta) return alpha;

        // Check extension: a standing threat is answered one ply deeper, within twice the root depth.
        if (kTuning.check_extension && check && ply < 2 * root_depth_) ++depth;
        if (depth <= 0) return quiesce(pos, alpha, beta, ply, 0);
        count_node();

        // A node searched without one of its moves (singular extension's test) neither reads nor writes the
        // table: the entry there is the full node's.
        const Move excluded = excluded_[size_t(ply)];
        const uint64_t key = pos.key();
        Move tt_move{};
        int tt_score = 0, tt_depth = -1, tt_eval = TT::kNoEval;
        Bound tt_bound = BoundNone;
        if (excluded.is_null()) {
            if (const auto e = tt_.probe(key)) {
                tt_move = e->move;
                tt_score = score_from_tt(e->score, ply);
                tt_depth = e->depth;
                tt_bound = e->bound();
                tt_eval = e->eval;
                if (!pv_node && tt_depth >= depth &&
                    (tt_bound == BoundExact || (tt_bound == BoundLower && tt_score >= beta) ||
                     (tt_bound == BoundUpper && tt_score <= alpha)))
                    return tt_score;
            }
        }
        // Mate at once: games that can look for a mating move cheaply (shogi's drops) stop here with the mate,
        // which also shows a mate threat one ply before the horizon of the line that allowed it.
        if constexpr (requires { pos.mate_in_one(); }) {
            if (!check && excluded.is_null()) {
                if (const Move m = pos.mate_in_one(); !m.is_null()) {
                    pv(ply)[ply] = m;
                    pv_len_[ply] = ply + 1;
                    return mate_in(ply + 1);
                }
            }
        }
        // The static evaluation, from the table when it holds the position's (the same number, not recomputed).
        const int static_eval = check ? -kInfinite : tt_eval != TT::kNoEval ? tt_eval : evaluate(pos);
        // Improving (games that use it): better than two plies ago; unknown (a check then, or near the root)
        // counts as improving, which prunes less.
        evals_[size_t(ply)] = static_eval;
        const bool improving =
            !kTuning.improving || (!check && (ply < 2 || evals_[size_t(ply - 2)] == -kInfinite ||
                                              static_eval > evals_[size_t(ply - 2)]));

        // Reverse futility pruning: far above beta near the leaves, a quiet position keeps its cut.
        if (!pv_node && !check && depth <= kTuning.reverse_futility_depth && std::abs(beta) < kMateBound &&
            excluded.is_null() &&
            static_eval - 150 * (depth - (kTuning.improving && improving)) >= beta)
            return static_eval;

        // Razoring (games that set it): far below alpha near the leaves, a node whose captures do not bring it
        // back above alpha fails low at once.
        if constexpr (kTuning.razoring > 0) {
            if (!pv_node && !check && depth <= 2 && excluded.is_null() && std::abs(alpha) < kMateBound &&
                static_eval + kTuning.razoring * depth <= alpha) {
                const int v = quiesce(pos, alpha, alpha + 1, ply, 0);
                if (aborted_) return 0;
                if (v <= alpha) return v;
            }
        }

        // Null move: for games that can pass in the search (no zugzwang to speak of), a position still above
        // beta after giving the opponent a free move is cut, searched shallower.
        if constexpr (kTuning.null_move && requires { pos.play_null(); }) {
            if (!pv_node && !check && depth >= 3 && static_eval >= beta && std::abs(beta) < kMateBound &&
                excluded.is_null() && ply >= null_min_ply_) {
                const int r = kTuning.adaptive_null_move ? 3 + depth / 3 + std::min((static_eval - beta) / 200, 3)
                                                         : 2 + depth / 4;
                moved_[size_t(ply)] = -1;
                pos.play_null();
                push_key(pos.key(), ply + 1);
                int score = -search(pos, -beta, -beta + 1, depth - 1 - r, ply + 1, false);
                pos.undo_null();
                if (aborted_) return 0;
                if (score >= beta) {
                    if (score >= kMateBound) score = beta;
                    if (kTuning.null_verification_depth == 0 || depth < kTuning.null_verification_depth) return score;
                    // Verification: the node searched as shallow, without null moves in the first three
                    // quarters of that depth.
                    const int outer = null_min_ply_;
                    null_min_ply_ = ply + 3 * (depth - r) / 4;
                    const int v = search(pos, beta - 1, beta, depth - r, ply, false);
                    null_min_ply_ = outer;
                    if (aborted_) return 0;
                    if (v >= beta) return score;
                }
            }
        }

        // ProbCut (games that use it): a capture that wins enough by exchange and, searched four plies
        // shallower, still beats beta by the margin is taken to beat beta at full depth too.
        if constexpr (kTuning.probcut > 0 && requires { pos.see(Move{}); }) {
            const int probcut_beta = beta + kTuning.probcut;
            if (!pv_node && !check && depth >= 5 && excluded.is_null() && std::abs(beta) < kMateBound &&
                !(tt_bound != BoundNone && tt_depth >= depth - 3 && tt_score < probcut_beta)) {
                typename MoveArena<Move>::Frame captures(arena_);
                pos.tactical_moves(captures.sink());
                captures.commit();
                MovePicker<G> picker(pos, captures.moves(), captures.scores(), captures.size(), tt_move,
                                     killers_[ply].data(), history_.data(), scratch_);
                for (Move m = picker.next(); !m.is_null(); m = picker.next()) {
                    if (!pos.is_capture(m) || pos.see(m) < probcut_beta - static_eval) continue;
                    typename G::Undo undo;
                    if constexpr (kTuning.continuation_history || kTuning.countermove)
                        moved_[size_t(ply)] = pos.history_index(m);
                    pos.play(m, undo);
                    push_key(pos.key(), ply + 1);
                    int v = -quiesce(pos, -probcut_beta, -probcut_beta + 1, ply + 1, 0);
                    if (v >= probcut_beta && !aborted_)
                        v = -search(pos, -probcut_beta, -probcut_beta + 1, depth - 4, ply + 1, false);
                    pos.undo(m, undo);
                    if (aborted_) return 0;
                    if (v >= probcut_beta) {
                        tt_.store(key, score_to_tt(v, ply), static_eval, m, depth - 3, BoundLower);
                        return v;
                    }
                }
            }
        }

        // Internal iterative reduction (games that use it): without the table's move, a ply shallower.
        if constexpr (kTuning.internal_reduction)
            if (depth >= 5 && tt_move.is_null() && excluded.is_null()) --depth;

        typename MoveArena<Move>::Frame frame(arena_);
        pos.legal_moves(frame.sink());
        frame.commit();
        if (frame.size() == 0) return mated_in(ply);  // no legal move loses
        Move counter{};
        if constexpr (kTuning.countermove)
            if (moved_[size_t(ply - 1)] >= 0) counter = counters_[size_t(moved_[size_t(ply - 1)])];
        MovePicker<G> picker(pos, frame.moves(), frame.scores(), frame.size(), tt_move, killers_[ply].data(),
                             history_.data(), scratch_, cont_row(ply - 1), cont_row(ply - 2), counter);

        const int old_alpha = alpha;
        int best = -kInfinite;
        Move best_move{};
        std::size_t i = 0;
        std::size_t quiets_tried = 0;
        for (Move m = picker.next(); !m.is_null(); m = picker.next(), ++i) {
            if (m == excluded) continue;
            const bool quiet = !pos.is_capture(m);
            // Pruning of late quiet moves near the leaves (games that enable it), once a move has been searched
            // and no mate is being fended off.
            if constexpr (kTuning.late_move_pruning || kTuning.futility_margin > 0) {
                if (!pv_node && !check && quiet && depth <= 3 && best > -kMateBound && m != tt_move) {
                    if (kTuning.late_move_pruning && quiets_tried >= std::size_t((4 + 2 * depth * depth) >> !improving))
                        continue;
                    if (kTuning.futility_margin > 0 && static_eval + kTuning.futility_margin * depth <= alpha)
                        continue;
                }
            }
            // Exchange pruning (games that use it): near the leaves, a move that gives material away.
            if constexpr (kTuning.see_pruning && requires { pos.see(m); }) {
                if (!check && depth <= 6 && best > -kMateBound && m != tt_move &&
                    (quiet ? pos.see(m) < -50 * depth * depth : picker.losing_capture() && pos.see(m) < -100 * depth))
                    continue;
            }
            // Singular extension (games that use it): the table's move is extended when every other move, searched
            // at half depth, fails well below its score; when they reach beta even so, the node is cut.
            int extension = 0;
            if constexpr (kTuning.singular_extension) {
                if (m == tt_move && depth >= 7 && tt_depth >= depth - 3 && (tt_bound & BoundLower) &&
                    std::abs(tt_score) < kMateBound && ply < 2 * root_depth_) {
                    const int singular_beta = tt_score - 2 * depth;
                    excluded_[size_t(ply)] = m;
                    const int v = search(pos, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, false);
                    excluded_[size_t(ply)] = Move{};
                    if (aborted_) return 0;
                    if (v < singular_beta)
                        extension = 1;
                    else if (singular_beta >= beta)
                        return singular_beta;
                }
            }
            if constexpr (kTuning.history_malus || kTuning.continuation_history)
                if (quiet && quiets_tried < kQuietsKept) quiets_[size_t(ply)][quiets_tried] = m;
            quiets_tried += quiet;
            typename G::Undo undo;
            [[maybe_unused]] int move_history = 0;  // the move's history, read before it is played
            if constexpr (kTuning.continuation_history || kTuning.countermove) moved_[size_t(ply)] = pos.history_index(m);
            if constexpr (kTuning.history_gravity) move_history = history_[pos.history_index(m)];
            pos.play(m, undo);
            tt_.prefetch(pos.key());
            push_key(pos.key(), ply + 1);
            int score;
            if (i == 0) {
                score = -search(pos, -beta, -alpha, depth - 1 + extension, ply + 1, pv_node);
            } else {
                // Late move reductions for quiet moves tried after the first few.
                int r = 0;
                if constexpr (kTuning.log_reductions) {
                    if (depth >= 3 && i >= 2 && quiet && !check) {
                        r = kReductions(depth, i) - pv_node + !improving;
                        const Move* k = killers_[ply].data();
                        if (m == k[0] || m == k[1]) --r;
                        if constexpr (kTuning.history_gravity) r -= move_history / 8192;
                        r = std::clamp(r, 0, depth - 2);
                    }
                } else {
                    if (depth >= 3 && i >= 3 && quiet && !check) r = 1 + (i >= 8 && depth >= 6);
                }
                if (r > 0 && reduces_more(id_)) r = std::min(r + 1, depth - 2);
                score = -search(pos, -alpha - 1, -alpha, depth - 1 - r, ply + 1, false);
                if (score > alpha && r) score = -search(pos, -alpha - 1, -alpha, depth - 1, ply + 1, false);
                if (score > alpha && score < beta && pv_node)
                    score = -search(pos, -beta, -alpha, depth - 1, ply + 1, true);
            }
            pos.undo(m, undo);
            if (aborted_) return 0;
            if (score > best) {
                best = score;
                best_move = m;
                if (score > alpha) {
                    alpha = score;
                    if (pv_node) update_pv(ply, m);
                    if (alpha >= beta) {
                        if (quiet) {
                            auto& k = killers_[ply];
                            if (k[0] != m) k[1] = k[0], k[0] = m;
                            int& h = history_[pos.history_index(m)];
                            if constexpr (kTuning.history_gravity) {
                                const int bonus = std::min(32 * depth * depth, 2048);
                                h += bonus - h * bonus / kContLimit;
                                const std::size_t n = std::min(quiets_tried, kQuietsKept);
                                for (std::size_t q = 0; q + 1 < n; ++q) {
                                    int& hq = history_[pos.history_index(quiets_[size_t(ply)][q])];
                                    hq += -bonus - hq * bonus / kContLimit;
                                }
                            } else {
                                h = std::min(h + depth * depth, 1 << 20);
                                if constexpr (kTuning.history_malus) {
                                    const std::size_t n = std::min(quiets_tried, kQuietsKept);
                                    for (std::size_t q = 0; q + 1 < n; ++q) {
                                        int& hq = history_[pos.history_index(quiets_[size_t(ply)][q])];
                                        hq = std::max(hq - depth * depth, -(1 << 20));
                                    }
                                }
                            }
                            if constexpr (kTuning.continuation_history) update_continuation(pos, ply, depth, m,
                                                                                            quiets_tried);
                            if constexpr (kTuning.countermove)
                                if (moved_[size_t(ply - 1)] >= 0) counters_[size_t(moved_[size_t(ply - 1)])] = m;
                        }
                        break;
                    }
                }
            }
        }
        if (!excluded.is_null()) return best == -kInfinite ? alpha : best;  // the excluded move may be the only one
        const Bound bound = best >= beta ? BoundLower : best > old_alpha ? BoundExact : BoundUpper;
        tt_.store(key, score_to_tt(best, ply), static_eval == -kInfinite ? TT::kNoEval : static_eval, best_move, depth,
                  bound);
        return best;
    }

    // Continuation history: the row of the move played at ply p (none for a null move or before the root).
    int16_t* cont_row(int p) {
        if constexpr (!kTuning.continuation_history) return nullptr;
        if (p < 0 || moved_[size_t(p)] < 0) return nullptr;
        return cont_.data() + size_t(moved_[size_t(p)]) * size_t(G::history_size);
    }
    // After a quiet cut at ply: a bonus for the cutting move m and a malus for the quiets tried before it, in
    // the rows of the previous move and of the one before; each entry moves toward +-kContLimit by the bonus
    // and less so the nearer it already is ("gravity"), so the table needs no ageing.
    void update_continuation(const Position& pos, int ply, int depth, Move m, std::size_t quiets_tried) {
        const int bonus = std::min(32 * depth * depth, 2048);
        const auto nudge = [&](int16_t& h, int b) { h = int16_t(h + b - h * std::abs(b) / kContLimit); };
        for (int back = 1; back <= 2; ++back) {
            int16_t* w = cont_row(ply - back);
            if (!w) continue;
            nudge(w[pos.history_index(m)], bonus);
            const std::size_t n = std::min(quiets_tried, kQuietsKept);
            for (std::size_t q = 0; q + 1 < n; ++q) nudge(w[pos.history_index(quiets_[size_t(ply)][q])], -bonus);
        }
    }

    // The static evaluation, kept clear of the mate scores (taikyoku's material alone can exceed them).
    int evaluate(const Position& pos) const {
        return std::clamp(Evaluator<G>::evaluate(pos, eval_), -kMateBound + 1, kMateBound - 1);
    }

    // Quiescence: captures and the game's forcing moves; under a standing threat (and only a few plies deep)
    // every move, with no stand-pat.
    int quiesce(Position& pos, int alpha, int beta, int ply, int qply) {
        pv_len_[ply] = ply;
        if (aborted_ || out_of_budget()) {
            aborted_ = true;
            return 0;
        }
        count_node();
        if (ply > seldepth_) seldepth_ = ply;
        if (auto s = decided_score(pos, ply)) return *s;
        if (ply >= kMaxPly - 1) return evaluate(pos);
        // The table in quiescence (games that use it): its own depth-0 entries, and any deeper entry's bound.
        // A deeper entry is never overwritten from here.
        [[maybe_unused]] bool may_store = true;
        Move tt_move{};
        int tt_eval = TT::kNoEval;
        if constexpr (kTuning.quiescence_tt) {
            if (const auto e = tt_.probe(pos.key())) {
                tt_eval = e->eval;
                const int s = score_from_tt(e->score, ply);
                if (e->bound() == BoundExact || (e->bound() == BoundLower && s >= beta) ||
                    (e->bound() == BoundUpper && s <= alpha))
                    return s;
                tt_move = e->move;
                may_store = e->depth == 0;
            }
        }
        const int old_alpha = alpha;
        Move best_move{};
        const bool evade = qply < 4 && pos.in_check();
        int best = -kInfinite, stand_pat = TT::kNoEval;
        if (!evade) {
            best = stand_pat = tt_eval != TT::kNoEval ? tt_eval : evaluate(pos);
            if (best >= beta) return best;
            alpha = std::max(alpha, best);
        }
        if (kTuning.quiescence_plies && qply >= kTuning.quiescence_plies)
            return evade ? evaluate(pos) : best;
        typename MoveArena<Move>::Frame frame(arena_);
        if (evade)
            pos.legal_moves(frame.sink());
        else
            pos.tactical_moves(frame.sink());
        frame.commit();
        if (evade && frame.size() == 0) return mated_in(ply);
        MovePicker<G> picker(pos, frame.moves(), frame.scores(), frame.size(), tt_move, killers_[ply].data(),
                             history_.data(), scratch_);
        for (Move m = picker.next(); !m.is_null(); m = picker.next()) {
            // Moves that lose material are not tried here (in games that can tell): the losing captures come
            // last, so the rest can be skipped; other tactical moves are tested one by one.
            if constexpr (requires { pos.see(m); }) {
                if (!evade && picker.losing_capture()) break;
                if (!evade && !pos.is_capture(m) && pos.see(m) < 0) continue;
            }
            typename G::Undo undo;
            pos.play(m, undo);
            push_key(pos.key(), ply + 1);
            const int score = -quiesce(pos, -beta, -alpha, ply + 1, qply + 1);
            pos.undo(m, undo);
            if (aborted_) return 0;
            if (score > best) {
                best = score;
                best_move = m;
                if (score > alpha) {
                    alpha = score;
                    update_pv(ply, m);
                    if (alpha >= beta) break;
                }
            }
        }
        if constexpr (kTuning.quiescence_tt) {
            if (may_store && best != -kInfinite && std::abs(best) < kMateBound) {
                const Bound bound = best >= beta ? BoundLower : best > old_alpha ? BoundExact : BoundUpper;
                tt_.store(pos.key(), best, evade ? TT::kNoEval : stand_pat, best_move, 0, bound);
            }
        }
        return best;
    }

    void print_line(int depth, int idx, const RootMove& rm) {
        if (!sink_ || !*sink_) return;  // a helper, or no one listening
        // nps from microseconds, so a search shorter than a millisecond (time 0) still reports a rate.
        const int64_t us =
            std::max<int64_t>(1, std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start_).count());
        Info info;
        info.depth = depth;
        info.seldepth = std::max(seldepth_, depth);
        info.multipv = idx + 1;
        info.score = Score::of(rm.score);
        info.nodes = total_nodes();
        info.nps = info.nodes * 1000000 / uint64_t(us);
        info.time_ms = us / 1000;
        info.hashfull = tt_.hashfull();
        info.pv = rm.pv;
        (*sink_)(info);
    }

    static constexpr SearchTuning kTuning = search_tuning_of<G>();
    static constexpr std::size_t kQuietsKept = 32;  // quiet moves remembered per ply for the history updates
    static constexpr int kContLimit = 16384;  // history with gravity stays within +-kContLimit
    static inline const ReductionTable kReductions{};

    Position root_{};
    TT& tt_;
    EvalParams eval_ = Evaluator<G>::defaults();
    Limits limits_;
    TimeBudget budget_;
    Clock::time_point start_;
    alignas(64) std::atomic<uint64_t> nodes_{0};  // this thread's nodes
    bool aborted_ = false;
    int seldepth_ = 0;
    int root_depth_ = 1;
    const InfoSink* sink_ = nullptr;
    // Lazy SMP: the helpers (main thread only); this thread's number (0: main); where it looks for stop (the
    // main thread: `stop`; a helper: its main thread's halt_); a helper's result, for the vote.
    std::vector<std::unique_ptr<Search>> helpers_;
    int id_ = 0;
    std::atomic<bool> halt_{false};
    const std::atomic<bool>* stop_src_ = &stop;
    Report last_;
    std::vector<std::thread> threads_run_;     // the helpers' threads, while they search
    std::vector<std::exception_ptr> failures_;  // what a helper threw, by helper
    // The iterative deepening's state between steps (begin, advance_iterations, report).
    struct Iteration {
        std::vector<RootMove> roots;
        Position pos{};  // the root, played on and taken back by the search
        bool iterating = true, weakened = false, aborted = false;
        int shown = 1, lines = 1, max_depth = 1;
        int depth = 1, idx = 0;  // the iteration and MultiPV line to search next
        int completed = 0;
        uint64_t attempt_nodes = 0;  // a step may not pause the line before this many nodes (out_of_budget)
        Move last_best{};
        int last_score = 0;
        double changes = 0;  // best-move changes of the last iterations, each halved by every iteration since
    };
    Iteration it_;
    SearchOptions options_;
    int64_t slice_end_ = 0;  // a step's end (steady clock count; 0: none)
    uint64_t attempt_start_ = 0;  // nodes_ when this attempt at the current line began
    bool paused_ = false;    // the search stopped at slice_end_, to go on at the next step
    std::vector<Visit> line_;  // the game's positions, then the search path
    int root_index_ = 0;
    MoveArena<Move> arena_;
    typename MovePicker<G>::Scratch scratch_;
    std::vector<int> history_;                   // by G::history_index
    // Continuation history (games that keep it): [previous move's history_index][this move's]; and the
    // history_index of the move played at each ply of the path (-1: a null move).
    std::vector<int16_t> cont_ =
        std::vector<int16_t>(kTuning.continuation_history ? size_t(G::history_size) * size_t(G::history_size) : 0);
    std::vector<int> moved_ = std::vector<int>(kMaxPly + 2, -1);
    // Countermoves (games that keep them): the quiet that last cut after a move, by that move's history_index.
    std::vector<Move> counters_ = std::vector<Move>(kTuning.countermove ? size_t(G::history_size) : 0);
    int null_min_ply_ = 0;  // no null move before this ply (during a null move's verification)
    std::vector<Move> excluded_ = std::vector<Move>(kMaxPly + 2);  // the move a singular test leaves out, by ply
    std::vector<int> evals_ = std::vector<int>(kMaxPly + 2, -kInfinite);  // static evaluation by ply (-kInfinite: in check)
    std::vector<std::array<Move, 2>> killers_;   // by ply
    std::vector<std::array<Move, kQuietsKept>> quiets_ = std::vector<std::array<Move, kQuietsKept>>(kMaxPly + 1);
    std::vector<Move> pv_;                       // the triangular PV table, (kMaxPly + 1) lines by ply
    std::vector<int> pv_len_;
};

}  // namespace menagerie
