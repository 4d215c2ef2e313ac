#pragma once
// menagerie match: a tournament runner. Two engines play a match, more play a round robin (every pair the same
// number of games). Each opening (random plies from the start, or a line of an opening file) is played twice
// with colours swapped; our rules referee every game (protocol/match/referee.hpp). Games run `concurrency` at a time,
// each worker with its own engine processes. Output: a record line per game, progress, optionally game files
// (the format below), and the result as W-L-D, Elo with its 95% interval and LOS (and, for two engines, the
// game pairs' pentanomial counts and the SPRT). Ctrl-C stops the games in progress and prints the result of
// the finished ones.
//
// Game file format (--record FILE, appended, one block per game, blank line between):
//   [Game "3"]                 the game's number in the match
//   [Variant "dobutsu"]
//   [Rules "ChuRules=lishogi"]  the rule settings (--rule), when the match sets any
//   [Sente "name"] [Gote "name"]            one tag per line
//   [Start "SFEN"]             the position the opening starts from
//   [Opening "m1 m2 ..."]      the opening's moves (USI), may be empty
//   [TimeControl "depth=4"]    or "Sente movetime=100; Gote movetime=400" when they differ
//   [Result "1-0"]             1-0 Sente won, 0-1 Gote won, 1/2-1/2 draw
//   [Reason "..."]             rules, repetition, move cap, adjudication, or the losing engine's fault
//   [Date "YYYY-MM-DD HH:MM:SS"]  (UTC, when the game ended)
//   1. 2c2b {+35 12ms} 2. 3a2b {-20 10ms} ...   the engines' moves numbered by ply from the opening's end,
//                              each with the mover's last reported score in centipawns (mate as +-30000 - plies,
//                              absent when none) and its thinking time
// A game file named games.kif, .kifu, .ki2, .ki2u or .csa (games with record formats: shogi) is instead one
// record per game in that format, games-001.kif, games-002.kif, ..., with each engine's score and line at each
// move as comments (match_detail::record_file_kind; engine/shogi/played_game.cpp has the comments' forms).
#include <algorithm>
#include <chrono>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/played_game.hpp"
#include "protocol/core/encoding.hpp"
#include "protocol/match/engine_process.hpp"
#include "protocol/match/match_stats.hpp"
#include "protocol/core/output.hpp"
#include "protocol/match/referee.hpp"
#include "search/search.hpp"

namespace menagerie {

struct MatchConfig {
    std::vector<EngineSpec> engines;  // two: a match; more: a round robin
    std::vector<TimeControl> tc;      // per engine (the same unless one is handicapped)
    int games = 2;                    // per pair of engines, rounded up to an even number
    std::vector<Opening> book;        // openings from a file; empty: random ones
    bool book_random = false;         // take the book's lines in random order (else in file order)
    int opening_plies = 4;            // random plies from the start, when there is no book
    int balance = 150;                // random openings: our search at balance_depth within +-balance cp (0: off)
    int balance_depth = 6;
    uint64_t seed = 1;
    RuleSettings rules;               // the rules the referee plays by (--rule), also in every EngineSpec
    Adjudication adjudication;
    int concurrency = 1;
    bool quiet = false;                // only the final result
    bool live = false;                 // a live progress line on stderr (a terminal)
    std::string record_path;           // game file, appended ("" none)
    std::string csa_path;              // shogi: the games also as CSA records, appended, '/' between games
    std::optional<match::Sprt> sprt;   // two engines: stop as soon as the test decides (on the game pairs)
};

struct MatchResult {
    std::vector<std::vector<match::Trinomial>> vs;  // vs[i][j]: engine i's results against engine j
    match::Pentanomial pairs;                       // two engines: engine 0's game pairs
    std::string sprt_verdict;                       // "H0 accepted", "H1 accepted" or empty
    int games_played = 0, games_scheduled = 0;
    std::vector<TimeUse> time;     // by engine: its replies against their allowance
    std::vector<int> forfeits;     // by engine: games lost on time or by giving no move
    // By engine: games lost over the rules, which engines of other rule sets do (HaChu's lion rules): by
    // refusing a move our rules allow, and by playing one they refuse. Counted in the score as losses, and
    // reported apart so that a reader can take them out.
    std::vector<int> refused, illegal;
    bool interrupted = false;  // Ctrl-C (or SIGTERM): the result of the games finished before it
};

// The parts that do not depend on the game (protocol/match/match.cpp).
namespace match_detail {
// Reads an opening file: one opening per line, "SFEN [moves m1 m2 ...]" or "startpos [moves ...]"; blank lines
// and lines starting with '#' are skipped. The check is the game's (opening_error).
Result<std::vector<Opening>> read_book(const std::string& path, const std::string& start_sfen,
                                       std::optional<std::string> (*check)(const Opening&, const RuleSettings&),
                                       const RuleSettings& rules = {});
// The record line of a finished game, and its block in the game file.
std::string record_line(int number, const GameRecord& g);
std::string game_file_block(int number, const std::string& variant, const GameRecord& g, const TimeControl& sente,
                            const TimeControl& gote, const RuleSettings& rules = {});
// A game file named for a game-record format: games.kif and games.ki2 (Shift-JIS, as the formats' convention
// is), games.kifu and games.ki2u (UTF-8), games.csa (UTF-8). Other names: the game file format above.
struct RecordFile {
    std::string format;  // "kif", "ki2", "csa"
    bool sjis = false;
};
std::optional<RecordFile> record_file_kind(const std::string& path);
// Such records hold one game each: game 3 of games.kif goes to games-003.kif (more digits past 999 games).
std::string numbered_path(const std::string& path, int number, int games);
// A finished game as the game's record writers take it (engine/core/played_game.hpp).
PlayedGame played_game(int number, const GameRecord& g, const TimeControl& sente, const TimeControl& gote);
// Ctrl-C and SIGTERM interrupt the match while the guard lives (the previous handlers come back after).
class InterruptGuard {
public:
    InterruptGuard();
    ~InterruptGuard();
    static bool signalled();

private:
    struct sigaction old_int_ {}, old_term_ {};
};
// Serialises the output of the workers, with the live progress line on stderr kept below it.
class Reporter {
public:
    Reporter(Output& out, bool live) : out_(out), live_(live) {}
    void line(const std::string& text);   // a line of output (the live line is redrawn under it)
    void status(const std::string& text, bool force);  // the live line (at most 10 updates a second)
    void end_status();

private:
    std::mutex mutex_;
    Output& out_;
    bool live_;
    std::string status_;
    int64_t last_ms_ = 0;
};
std::string live_status(const MatchResult& r, const std::vector<EngineSpec>& engines, int running, int moves,
                        const std::optional<match::Sprt>& sprt);
}  // namespace match_detail

// Whether the game writes game records (shogi: KIF, KI2, CSA; engine/core/played_game.hpp).
template <Game G>
constexpr bool writes_records = requires(const PlayedGame& p, std::string_view f) { G::write_played_game(p, f); };

// A finished game as a record in one of the game's formats, the opening's moves included.
template <Game G>
Result<std::string> record_text(int number, const GameRecord& g, const TimeControl tcs[2], const std::string& format) {
    if constexpr (writes_records<G>)
        return G::write_played_game(match_detail::played_game(number, g, tcs[0], tcs[1]), format);
    else
        return Error{std::string(G::name) + " has no game record formats"};
}

template <Game G>
Result<MatchResult> run_match(const MatchConfig& c, Output& out) {
    using std::chrono::milliseconds;
    const int n = int(c.engines.size());
    if (n < 2) return Error{"a match needs at least two engines"};
    const BoardNotation notation{G::files, G::ranks, G::shogi_squares};
    const std::string variant(G::name);
    // The openings: as many as game pairs each pair of engines plays, the same for every pair of engines.
    const int rounds = (c.games + 1) / 2;
    std::vector<Opening> openings;
    std::mt19937_64 rng(c.seed);
    if (!c.book.empty()) {
        std::vector<size_t> order(c.book.size());
        for (size_t i = 0; i < order.size(); ++i) order[i] = i;
        for (int r = 0; r < rounds; ++r) {
            if (c.book_random && r % int(order.size()) == 0) std::shuffle(order.begin(), order.end(), rng);
            openings.push_back(c.book[order[size_t(r) % order.size()]]);
        }
    } else {
        // Random plies from the start, kept when our own search at a small depth (balance_depth, at most the
        // game's bench depth) finds the position balanced: no forced win, a score within +-balance. Of a thousand tries none balanced, the most
        // balanced one is taken.
        TranspositionTable<typename G::Move> tt(16);
        Search<G> search(tt);
        auto score = [&](const Opening& o) {
            auto p = referee_position<G>(o.sfen, c.rules).value();
            std::vector<Visit> history;
            for (const auto& m : o.moves) {
                history.push_back(visit_of(p));
                p.play(p.parse_move(m).value());
            }
            Limits limits;
            // No deeper than the game's bench depth: depth 6 in taikyoku (bench depth 3) takes minutes a try.
            limits.depth = c.balance_depth;
            if constexpr (requires { G::bench_depth; }) limits.depth = std::min(limits.depth, int(G::bench_depth));
            tt.clear();
            search.clear_history();
            return search.run(p, history, limits, SearchOptions{}, {}).score;
        };
        // Long choices (a big game's searches) say how far they are, every few seconds; the clock only times
        // these lines, never the choice.
        auto last_word = std::chrono::steady_clock::now();
        for (int r = 0; r < rounds; ++r) {
            if (!c.quiet && std::chrono::steady_clock::now() - last_word > std::chrono::seconds(5)) {
                out.line("choosing balanced openings: " + std::to_string(r) + " of " + std::to_string(rounds) +
                         " chosen");
                last_word = std::chrono::steady_clock::now();
            }
            std::optional<Opening> best;
            int best_score = 0;
            for (int attempt = 0; attempt < 1000; ++attempt) {
                Opening o{std::string(G::start_sfen), {}};
                auto p = referee_position<G>(G::start_sfen, c.rules).value();
                for (int i = 0; i < c.opening_plies && p.outcome() == Outcome::Ongoing; ++i) {
                    MoveListOf<G> list;
                    p.legal_moves(list);
                    if (list.size() == 0) break;
                    const auto m = list[rng() % list.size()];
                    o.moves.push_back(engine_text(p, m, p.move_text(m)));
                    p.play(m);
                }
                if (opening_error<G>(o, c.rules)) continue;
                if (c.balance <= 0) {
                    best = std::move(o);
                    break;
                }
                const int v = std::abs(score(o));
                if (!best || v < best_score) best = o, best_score = v;
                if (v <= c.balance) break;
            }
            if (!best) return Error{"no opening of " + std::to_string(c.opening_plies) + " plies could be found"};
            openings.push_back(std::move(*best));
        }
    }
    // The schedule: round by round, every pair of engines, the opening twice with colours swapped.
    struct Job {
        int round, a, b, leg, pair;  // leg 0: a is Sente
    };
    std::vector<Job> jobs;
    int pair_count = 0;
    for (int r = 0; r < rounds; ++r)
        for (int a = 0; a < n; ++a)
            for (int b = a + 1; b < n; ++b, ++pair_count)
                for (int leg = 0; leg < 2; ++leg) jobs.push_back({r, a, b, leg, pair_count});

    MatchResult r;
    r.vs.assign(size_t(n), std::vector<match::Trinomial>(size_t(n)));
    r.time.assign(size_t(n), {});
    r.forfeits.assign(size_t(n), 0);
    r.refused.assign(size_t(n), 0);
    r.illegal.assign(size_t(n), 0);
    r.games_scheduled = int(jobs.size());
    std::vector<double> pair_points(size_t(pair_count), 0);
    std::vector<int> pair_legs(size_t(pair_count), 0);
    match_detail::Reporter report(out, c.live && !c.quiet);
    std::mutex mutex;  // guards r, the pair tables, the game file and `failure`
    std::optional<std::string> failure;
    std::atomic<size_t> next{0};
    std::atomic<bool> stop{false};
    std::atomic<int> running{0}, moves{0};
    std::FILE* record = nullptr;
    std::FILE* csa = nullptr;
    // A game file named .kif, .kifu, .ki2, .ki2u or .csa: one record file per game (never over an existing one).
    const auto record_kind = match_detail::record_file_kind(c.record_path);
    if ((!c.csa_path.empty() || record_kind) && !writes_records<G>)
        return Error{"KIF, KI2 and CSA records are for shogi, not " + variant};
    if (record_kind)
        for (size_t j = 0; j < jobs.size(); ++j) {
            const std::string path = match_detail::numbered_path(c.record_path, int(j) + 1, int(jobs.size()));
            if (std::FILE* f = std::fopen(path.c_str(), "r")) {
                std::fclose(f);
                return Error{"the record file '" + path + "' exists (records are not overwritten: name another --record)"};
            }
        }
    if (!c.csa_path.empty()) {
        csa = std::fopen(c.csa_path.c_str(), "a");
        if (!csa) return Error{"cannot open the CSA file '" + c.csa_path + "'"};
    }
    if (!c.record_path.empty() && !record_kind) {
        record = std::fopen(c.record_path.c_str(), "a");
        if (!record) {
            if (csa) std::fclose(csa);
            return Error{"cannot open the game file '" + c.record_path + "'"};
        }
    }
    bool csa_empty = true;  // no record in the CSA file yet: no separator before the first
    if (csa) {
        std::fseek(csa, 0, SEEK_END);
        csa_empty = std::ftell(csa) == 0;
    }

    EngineProcess::clear_interrupt();
    match_detail::InterruptGuard guard;
    // Every engine is started once before the first game, so that a wrong command fails at once; these
    // processes serve the first worker.
    std::vector<std::vector<std::unique_ptr<EngineClient>>> pool(size_t(std::max(1, c.concurrency)));
    for (auto& p : pool) p.resize(size_t(n));
    for (int i = 0; i < n; ++i) {
        auto e = start_engine(c.engines[size_t(i)], variant, notation, milliseconds(10000));
        if (!e) {
            if (record) std::fclose(record);
            if (csa) std::fclose(csa);
            return Error{"engine " + std::to_string(i + 1) + " (" + c.engines[size_t(i)].name + "): " + e.error()};
        }
        pool[0][size_t(i)] = std::move(e.value());
    }

    auto worker = [&](std::vector<std::unique_ptr<EngineClient>>& mine) {
        for (;;) {
            if (stop.load()) return;
            const size_t j = next++;
            if (j >= jobs.size()) return;
            const Job& job = jobs[j];
            // Engines that crashed or hung in the last game start afresh.
            bool ok = true;
            for (int i : {job.a, job.b}) {
                auto& e = mine[size_t(i)];
                if (e && e->running()) continue;
                if (e) e->quit();
                auto s = start_engine(c.engines[size_t(i)], variant, notation, milliseconds(10000));
                if (!s) {
                    std::lock_guard lock(mutex);
                    if (!failure) failure = "engine " + std::to_string(i + 1) + " restart: " + s.error();
                    stop = true;
                    EngineProcess::interrupt_all();
                    ok = false;
                    break;
                }
                e = std::move(s.value());
            }
            if (!ok) return;
            const int sente = job.leg == 0 ? job.a : job.b, gote = job.leg == 0 ? job.b : job.a;
            const TimeControl tcs[2] = {c.tc[size_t(sente)], c.tc[size_t(gote)]};
            ++running;
            GameRecord g = play_game<G>(*mine[size_t(sente)], *mine[size_t(gote)], openings[size_t(job.round)], tcs,
                                        c.adjudication, [&] {
                                            ++moves;
                                            if (!c.live || c.quiet) return;
                                            std::unique_lock lock(mutex, std::try_to_lock);
                                            if (lock)
                                                report.status(match_detail::live_status(r, c.engines, running, moves, c.sprt), false);
                                        },
                                        c.rules);
            --running;
            // An engine that lost by missing a deadline may still be thinking: it starts again.
            for (int i : {sente, gote})
                if (g.reason.rfind(c.engines[size_t(i)].name + ": no move", 0) == 0 ||
                    g.reason.rfind(c.engines[size_t(i)].name + ": time", 0) == 0)
                    mine[size_t(i)]->quit();
            if (g.interrupted || stop.load()) return;
            std::lock_guard lock(mutex);
            const int number = int(j) + 1;
            const Outcome for_a = job.leg == 0 ? g.result : opposite(g.result);
            auto& ta = r.vs[size_t(job.a)][size_t(job.b)];
            auto& tb = r.vs[size_t(job.b)][size_t(job.a)];
            if (for_a == Outcome::Win) ++ta.wins, ++tb.losses, pair_points[size_t(job.pair)] += 1;
            else if (for_a == Outcome::Loss) ++ta.losses, ++tb.wins;
            else ++ta.draws, ++tb.draws, pair_points[size_t(job.pair)] += 0.5;
            ++r.games_played;
            for (int side : {0, 1}) {
                const int e = side == 0 ? sente : gote;
                r.time[size_t(e)].merge(g.time[side], number);
                const std::string& name = c.engines[size_t(e)].name;
                if (g.reason.rfind(name + ": time", 0) == 0 || g.reason.rfind(name + ": no move", 0) == 0)
                    ++r.forfeits[size_t(e)];
                if (g.reason.rfind(name + ": rejected the legal move", 0) == 0) ++r.refused[size_t(e)];
                if (g.reason.rfind(name + ": illegal move", 0) == 0) ++r.illegal[size_t(e)];
            }
            if (record) {
                const std::string block = match_detail::game_file_block(number, variant, g, tcs[0], tcs[1], c.rules);
                std::fputs(block.c_str(), record);
                std::fflush(record);
            }
            if (csa) {
                auto text = record_text<G>(number, g, tcs, "csa");
                if (text) {
                    std::fputs(((csa_empty ? "" : "/\n") + text.value()).c_str(), csa);
                    csa_empty = false;
                    std::fflush(csa);
                } else {
                    report.line("error: game " + std::to_string(number) + " as CSA: " + text.error());
                }
            }
            if (record_kind) {
                const std::string path = match_detail::numbered_path(c.record_path, number, int(jobs.size()));
                auto text = record_text<G>(number, g, tcs, record_kind->format);
                if (text && record_kind->sjis) {
                    // Shift-JIS as the format's convention is; a name it cannot hold keeps the file in UTF-8
                    // (with a byte order mark, which readers take as UTF-8).
                    auto sjis = utf8_to_sjis(text.value());
                    text = sjis ? sjis : Result<std::string>("\xEF\xBB\xBF" + text.value());
                }
                std::FILE* f = text ? std::fopen(path.c_str(), "wb") : nullptr;
                if (f) {
                    std::fputs(text.value().c_str(), f);
                    std::fclose(f);
                } else {
                    report.line("error: game " + std::to_string(number) + ": " +
                                (text ? "cannot write '" + path + "'" : text.error()));
                }
            }
            if (!c.quiet) {
                report.line(match_detail::record_line(number, g));
                if (!c.live) {
                    std::string progress = "Progress: " + std::to_string(r.games_played) + "/" +
                                           std::to_string(r.games_scheduled) + " games";
                    if (n == 2) {
                        const auto& t = r.vs[0][1];
                        progress += ", " + c.engines[0].name + " " + std::to_string(t.wins) + " - " +
                                    std::to_string(t.losses) + " - " + std::to_string(t.draws);
                    }
                    report.line(progress);
                }
            }
            report.status(match_detail::live_status(r, c.engines, running, moves, c.sprt), true);
            if (++pair_legs[size_t(job.pair)] == 2) {
                if (n == 2) ++r.pairs.pairs[size_t(pair_points[size_t(job.pair)] * 2)];
                if (c.sprt && n == 2) {
                    const std::string text = "SPRT: " + c.sprt->standing(r.pairs.sample());
                    const auto v = c.sprt->verdict(r.pairs.sample());
                    if (v != match::Sprt::Verdict::Continue && r.sprt_verdict.empty()) {
                        r.sprt_verdict = v == match::Sprt::Verdict::AcceptH1 ? "H1 accepted" : "H0 accepted";
                        report.line(text + ": " + r.sprt_verdict);
                        stop = true;
                        EngineProcess::interrupt_all();  // the games in progress no longer matter
                    } else if (!c.quiet) {
                        report.line(text);
                    }
                }
            }
        }
    };
    std::vector<std::thread> threads;
    for (size_t w = 1; w < pool.size(); ++w) threads.emplace_back([&, w] { worker(pool[w]); });
    worker(pool[0]);
    for (auto& t : threads) t.join();
    report.end_status();
    for (auto& p : pool)
        for (auto& e : p)
            if (e) e->quit();
    EngineProcess::clear_interrupt();
    if (record) std::fclose(record);
    if (csa) std::fclose(csa);
    r.interrupted = match_detail::InterruptGuard::signalled();
    if (failure && !r.interrupted) {
        if (r.games_played == 0) return Error{*failure};
        report.line("error: " + *failure + "; the result so far:");
    }
    return r;
}

}  // namespace menagerie
