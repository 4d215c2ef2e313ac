#pragma once
// make_entry<G>: everything the front ends (USI, command line, match runner) need of one game, compiled once
// in that game's instantiation file, protocol/games/<game>.cpp. Only those files instantiate the search, the
// session and the match runner for a game, so each game compiles on its own and in parallel.
#include <string>
#include <string_view>

#include "engine/core/rule_option.hpp"
#include <sstream>

#include "eval/tuner.hpp"
#include "protocol/registry.hpp"

namespace menagerie {

namespace entry_detail {
template <Game G>
std::string eval_terms() {
    const auto w = Evaluator<G>::defaults();
    std::string s;
    for (size_t i = 0; i < w.names.size(); ++i)
        s += (i ? "," : "") + std::string(w.names[i]) + "=" + std::to_string(w.values[i]);
    return s;
}
}  // namespace entry_detail

// The game's entry. Tables, when the game has them, come from OracleSource (loader and default file); the
// USI options the game declares are its G::rule_options, as combos, and the tablebase file option if it has
// tables.
template <Game G, OracleLoader<G> Load = nullptr, std::string (*DefaultPath)() = nullptr>
GameEntry make_entry(std::string_view title) {
    GameEntry e;
    e.name = G::name;
    e.title = title;
    e.files = G::files;
    e.ranks = G::ranks;
    e.shogi_squares = G::shogi_squares;
    e.start_sfen = G::start_sfen;
    if constexpr (requires { G::hands; }) e.hands = G::hands;
    e.make_session = [](Listener& out, size_t hash_mb) -> std::unique_ptr<Session> {
        return std::make_unique<GameSession<G>>(out, hash_mb, OracleSource<G>{Load, DefaultPath});
    };
    e.self_play = [](const SelfPlayConfig& config, Output& out) { return SelfPlay<G>(config, out).run(); };
    e.eval_terms = &entry_detail::eval_terms<G>;
    e.match = &run_match<G>;
    e.read_book = [](const std::string& path) {
        return match_detail::read_book(path, std::string(G::start_sfen), &opening_error<G>);
    };
    if constexpr (requires { G::rule_options; }) {
        for (const RuleOption& r : G::rule_options) {
            Option o{std::string(r.name), Option::Type::Combo, std::string(r.values[0]), 0, 0, {}, ""};
            for (std::string_view v : r.values)
                if (!v.empty()) o.choices.emplace_back(v);
            e.options.push_back(o);
        }
    }
    if constexpr (requires { G::piece_looks(); })
        for (const auto& [code, kanji, name] : G::piece_looks()) e.pieces.push_back({code, kanji, name});
    if constexpr (requires { G::foreign_format; }) {
        e.foreign_format = G::foreign_format;
        e.foreign_to_sfen = [](std::string_view text) -> Result<std::string> {
            auto p = G::from_foreign(text);
            if (!p) return Error{p.error()};
            return p.value().sfen();
        };
        e.sfen_to_foreign = [](std::string_view sfen) -> Result<std::string> {
            auto p = G::Position::from_sfen(sfen);
            if (!p) return Error{p.error()};
            return G::to_foreign(p.value());
        };
    }
    if constexpr (requires(const typename G::Position& p, typename Tuner<G>::Collector& c) { Evaluator<G>::features(p, c); }) {
        e.tune = [](const TuneConfig& config, const std::function<void(const std::string&)>& progress) -> Result<std::string> {
            Tuner<G> tuner;
            if (auto n = tuner.load(config, progress); !n) return Error{n.error()};
            const auto w = tuner.fit(config, progress);
            std::ostringstream header;
            header << "// " << G::name << "'s evaluation weights, fitted to "
                   << (config.score_files.empty() ? "game results" : "a reference engine's scores and game results")
                   << " by `menagerie tune` (eval/tuner.hpp):\n"
                   << "//   " << config.command << "\n// " << tuner.size() << " positions, K = " << tuner.k();
            if (!config.score_files.empty()) header << ", the reference's Kr = " << tuner.reference_scales();
            header << ". The named terms, then the tables, in the layout of the game's eval.hpp under eval/.\n";
            return Tuner<G>::weights_file(w, header.str());
        };
    }
    if (Load != nullptr)
        e.options.push_back({std::string(kTablebaseOption), Option::Type::String, "auto", 0, 0, {}, ""});
    return e;
}

}  // namespace menagerie
