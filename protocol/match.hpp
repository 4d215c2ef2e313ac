#pragma once
// menagerie match: two engine processes play each other on random openings, each opening twice with colours
// swapped, refereed by our rules (protocol/referee.hpp); the result as W-L-D, Elo with its 95% interval, LOS
// and the game pairs' pentanomial counts. (First stage of the tournament runner: USI engines, one game at a
// time.)
#include <cstdio>
#include <memory>
#include <optional>
#include <random>
#include <string>

#include "engine/core/game.hpp"
#include "protocol/match_stats.hpp"
#include "protocol/output.hpp"
#include "protocol/referee.hpp"

namespace menagerie {

struct MatchConfig {
    EngineSpec engines[2];
    int games = 2;          // rounded up to an even number: openings are played in pairs
    int opening_plies = 4;  // random plies from the start
    uint64_t seed = 1;
    TimeControl tc[2];  // per engine (the same unless one is handicapped)
    int max_plies = 400;
    bool quiet = false;
    std::optional<match::Sprt> sprt;  // stop as soon as the test decides (on the game pairs' results)
};

struct MatchResult {
    match::Trinomial first;  // for engine 0
    match::Pentanomial pairs;
    std::string sprt_verdict;  // "H0 accepted", "H1 accepted" or empty
};

template <Game G>
Result<MatchResult> run_match(const MatchConfig& c, Output& out) {
    using std::chrono::milliseconds;
    std::unique_ptr<UsiEngine> e[2];
    auto start = [&](int i) -> std::optional<std::string> {
        if (e[i]) e[i]->quit();
        // Variant engines learn the game first (a plain shogi engine ignores or does not need it).
        EngineSpec spec = c.engines[i];
        if (G::name != std::string_view("shogi"))
            spec.options.insert(spec.options.begin(), {"USI_Variant", std::string(G::name)});
        auto s = UsiEngine::start(spec, milliseconds(10000));
        if (!s) return s.error();
        e[i] = std::move(s.value());
        return std::nullopt;
    };
    for (int i = 0; i < 2; ++i)
        if (auto err = start(i)) return Error{"engine " + std::to_string(i + 1) + ": " + *err};
    std::mt19937_64 rng(c.seed);
    auto random_opening = [&] {
        for (;;) {
            auto p = G::Position::from_sfen(G::start_sfen).value();
            bool over = false;
            for (int i = 0; i < c.opening_plies && !over; ++i) {
                MoveListOf<G> list;
                p.legal_moves(list);
                if (list.size() == 0) {
                    over = true;
                    break;
                }
                p.play(list[rng() % list.size()]);
                over = p.outcome() != Outcome::Ongoing;
            }
            if (!over) return p.sfen();
        }
    };
    MatchResult r;
    const int pairs = (c.games + 1) / 2;
    int game_number = 0;
    for (int pair = 0; pair < pairs; ++pair) {
        const std::string opening = random_opening();
        double pair_points = 0;
        for (int leg = 0; leg < 2; ++leg) {
            // Engines that crashed or hung in the last game start afresh.
            for (int i = 0; i < 2; ++i)
                if (!e[i]->running())
                    if (auto err = start(i)) return Error{"engine " + std::to_string(i + 1) + " restart: " + *err};
            UsiEngine& sente = *e[leg];
            UsiEngine& gote = *e[1 - leg];
            GameRecord g = play_game<G>(sente, gote, opening, c.tc[leg], c.tc[1 - leg], c.max_plies);
            ++game_number;
            // The result for engine 0.
            const Outcome first = leg == 0 ? g.result : opposite(g.result);
            if (first == Outcome::Win) ++r.first.wins, pair_points += 1;
            else if (first == Outcome::Loss) ++r.first.losses;
            else ++r.first.draws, pair_points += 0.5;
            if (!c.quiet) {
                std::string moves;
                for (const auto& m : g.moves) moves += " " + m;
                out.line("Game " + std::to_string(game_number) + ": " + g.sente + " vs " + g.gote + ": " +
                         outcome_word(g.result) + " {" + g.reason + "} opening " + g.opening + " moves" + moves);
            }
            // An engine that lost by missing a deadline may still be thinking: start it again.
            for (int i = 0; i < 2; ++i)
                if (g.reason.rfind(e[i]->name() + ": no move", 0) == 0 || g.reason.rfind(e[i]->name() + ": time", 0) == 0)
                    e[i]->quit();
        }
        ++r.pairs.pairs[size_t(pair_points * 2)];
        if (!c.quiet) {
            char progress[160];
            std::snprintf(progress, sizeof progress, "Progress: %d games, %llu - %llu - %llu", game_number,
                          (unsigned long long)r.first.wins, (unsigned long long)r.first.losses,
                          (unsigned long long)r.first.draws);
            out.line(progress);
        }
        if (c.sprt) {
            const double llr = c.sprt->llr(r.pairs.sample());
            char text[160];
            std::snprintf(text, sizeof text, "SPRT: LLR %.3f (bounds %.3f, %.3f), elo0 %g elo1 %g", llr,
                          c.sprt->lower(), c.sprt->upper(), c.sprt->elo0, c.sprt->elo1);
            if (!c.quiet) out.line(text);
            const auto v = c.sprt->verdict(r.pairs.sample());
            if (v != match::Sprt::Verdict::Continue) {
                r.sprt_verdict = v == match::Sprt::Verdict::AcceptH1 ? "H1 accepted" : "H0 accepted";
                out.line(std::string(text) + ": " + r.sprt_verdict);
                break;
            }
        }
    }
    for (auto& engine : e) engine->quit();
    return r;
}

}  // namespace menagerie
