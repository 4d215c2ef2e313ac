#pragma once
// Self-play: two configurations of this engine play each other in-process, each opening twice with colours
// swapped, so strength changes (playing levels, evaluation terms) can be measured by game results.
#include <atomic>
#include <cmath>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/result.hpp"
#include "engine/core/zobrist.hpp"
#include "eval/eval.hpp"
#include "protocol/core/output.hpp"
#include "search/repetition.hpp"
#include "search/search.hpp"

namespace menagerie {

struct Player {
    std::string name;
    int skill = kMaxSkill;
    int depth = 0;
    uint64_t nodes = 0;
    int64_t movetime = 0;
    std::string eval;  // evaluation weights to change, "name=value,..." (eval/<game>/eval.cpp)
};

struct SelfPlayConfig {
    Player a, b;
    int games = 2;
    int opening_plies = 4;  // random legal moves before the players take over
    uint64_t seed = 1;
    int max_plies = 400;  // then the game is scored a draw
    int concurrency = 1;
    size_t hash_mb = 16;
    bool verbose = true;  // one line per game
};

struct MatchSummary {
    int wins = 0, draws = 0, losses = 0;  // for player a
    int games() const { return wins + draws + losses; }
    double score() const { return games() ? (wins + 0.5 * draws) / games() : 0.5; }
    // Elo difference of a over b and the half-width of its 95% interval (from the per-game variance).
    double elo() const { return elo_of(score()); }
    double elo_error() const {
        const int n = games();
        if (n < 2) return INFINITY;
        const double s = score();
        const double var = (wins * (1 - s) * (1 - s) + draws * (0.5 - s) * (0.5 - s) + losses * s * s) / n;
        const double se = std::sqrt(var / n);
        return (elo_of(std::min(s + 1.96 * se, 0.999)) - elo_of(std::max(s - 1.96 * se, 0.001))) / 2;
    }
    static double elo_of(double s) {
        s = std::clamp(s, 0.001, 0.999);
        return -400.0 * std::log10(1.0 / s - 1.0);
    }
};

template <Game G>
class SelfPlay {
public:
    using Position = typename G::Position;
    using Move = typename G::Move;

    SelfPlay(const SelfPlayConfig& config, Output& out) : c_(config), out_(out) {}

    Result<MatchSummary> run() {
        auto eval_a = Evaluator<G>::defaults(), eval_b = Evaluator<G>::defaults();
        if (auto e = eval_a.apply(c_.a.eval)) return Error{c_.a.name + ": " + *e};
        if (auto e = eval_b.apply(c_.b.eval)) return Error{c_.b.name + ": " + *e};
        std::atomic<int> next{0};
        auto worker = [&] {
            Side a(c_.hash_mb), b(c_.hash_mb);
            a.search->set_eval(eval_a);
            b.search->set_eval(eval_b);
            for (int g; (g = next++) < c_.games;) play_game(g, a, b);
        };
        std::vector<std::thread> threads;
        for (int i = 1; i < std::max(1, c_.concurrency); ++i) threads.emplace_back(worker);
        worker();
        for (auto& t : threads) t.join();
        return summary_;
    }

private:
    struct Side {
        explicit Side(size_t mb) : tt(mb), search(std::make_unique<Search<G>>(tt)) {}
        TranspositionTable<Move> tt;
        std::unique_ptr<Search<G>> search;
    };

    // The opening of pair k: random legal moves, the same for both games of the pair.
    std::vector<Move> opening(int k) const {
        KeyGenerator rng(c_.seed * 1000003 + uint64_t(k));
        for (int attempt = 0;; ++attempt) {
            Position p = Position::from_sfen(G::start_sfen).value();
            std::vector<Move> moves;
            for (int i = 0; i < c_.opening_plies; ++i) {
                MoveListOf<G> list;
                p.legal_moves(list);
                if (list.empty()) break;
                const Move m = list[rng.next() % list.size()];
                moves.push_back(m);
                p.play(m);
            }
            if (p.outcome() == Outcome::Ongoing || attempt > 100) return moves;
        }
    }

    void play_game(int g, Side& side_a, Side& side_b) {
        const bool a_first = g % 2 == 0;
        Position pos = Position::from_sfen(G::start_sfen).value();
        std::vector<Visit> line;
        std::string record;
        for (Move m : opening(g / 2)) {
            record += pos.move_text(m) + ' ';
            line.push_back(visit_of(pos));
            pos.play(m);
        }
        const size_t book = line.size();
        side_a.tt.clear();
        side_a.search->clear_history();
        side_b.tt.clear();
        side_b.search->clear_history();
        KeyGenerator rng(c_.seed ^ (0xA5A5A5A5ULL * uint64_t(g + 1)));
        int result = 0;  // for the first player: +1 win, -1 loss
        std::string reason;
        for (;;) {
            line.push_back(visit_of(pos));
            const auto by_repetition = repetition<G>(line);
            line.pop_back();
            const Outcome o = by_repetition ? *by_repetition : pos.outcome();
            if (o != Outcome::Ongoing) {
                const bool first_to_move = (line.size() % 2) == 0;
                const int stm_result = o == Outcome::Win ? 1 : o == Outcome::Loss ? -1 : 0;
                result = first_to_move ? stm_result : -stm_result;
                reason = by_repetition ? "repetition" : o == Outcome::Draw ? "draw" : "decided";
                break;
            }
            if (int(line.size()) >= c_.max_plies) {
                reason = "move cap";
                break;
            }
            const bool first_to_move = (line.size() % 2) == 0;
            const bool a_moves = first_to_move == a_first;
            const Player& pl = a_moves ? c_.a : c_.b;
            Side& s = a_moves ? side_a : side_b;
            Limits l;
            l.depth = pl.depth;
            l.nodes = pl.nodes;
            l.movetime = pl.movetime;
            SearchOptions o2;
            o2.skill = pl.skill;
            o2.seed = rng.next();
            const auto report = s.search->run(pos, line, l, o2, {});
            record += pos.move_text(report.best) + ' ';
            line.push_back(visit_of(pos));
            pos.play(report.best);
        }
        const int for_a = a_first ? result : -result;
        std::lock_guard lock(mutex_);
        (for_a > 0 ? summary_.wins : for_a < 0 ? summary_.losses : summary_.draws)++;
        if (c_.verbose) {
            const std::string first = a_first ? c_.a.name : c_.b.name, second = a_first ? c_.b.name : c_.a.name;
            out_.line("game " + std::to_string(g + 1) + ": " + first + " - " + second + "  " +
                      (result > 0   ? "1-0"
                       : result < 0 ? "0-1"
                                    : "1/2") +
                      " (" + reason + ", " + std::to_string(line.size()) + " plies, opening " + std::to_string(book) +
                      ")  " + record);
        }
    }

    SelfPlayConfig c_;
    Output& out_;
    std::mutex mutex_;
    MatchSummary summary_;
};

}  // namespace menagerie
