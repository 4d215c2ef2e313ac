#pragma once
// The match runner's own table of games: what `menagerie match` and `menagerie selfplay` need of each game,
// compiled in protocol/match/games/<game>.cpp. The game's name, board and rules come from the catalogue
// (protocol/core/catalogue.hpp); this table adds only the runner's templates.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/result.hpp"
#include "protocol/core/output.hpp"
#include "protocol/match/match.hpp"
#include "protocol/match/selfplay.hpp"

namespace menagerie {

struct MatchGame {
    std::string_view name;
    Result<MatchSummary> (*self_play)(const SelfPlayConfig& config, Output& out) = nullptr;
    std::string (*eval_terms)() = nullptr;  // "name=default,..." of the game's evaluation weights
    Result<MatchResult> (*match)(const MatchConfig& config, Output& out) = nullptr;  // engine processes against each other
    // An opening file, checked under the rule settings.
    Result<std::vector<Opening>> (*read_book)(const std::string& path, const RuleSettings& rules) = nullptr;
    // Whether the game has these rule settings (G::rule_options): an error naming the first it has not.
    std::optional<std::string> (*rules_error)(const RuleSettings& rules) = nullptr;
};

const std::vector<MatchGame>& match_games();
const MatchGame* find_match_game(std::string_view name);  // case-insensitive

// The table's row for G, made in G's instantiation file.
template <Game G>
MatchGame make_match_game() {
    MatchGame m;
    m.name = G::name;
    m.self_play = [](const SelfPlayConfig& config, Output& out) { return SelfPlay<G>(config, out).run(); };
    m.eval_terms = [] { return Evaluator<G>::defaults().spec(); };
    m.match = &run_match<G>;
    m.read_book = [](const std::string& path, const RuleSettings& rules) {
        return match_detail::read_book(path, std::string(G::start_sfen), &opening_error<G>, rules);
    };
    m.rules_error = [](const RuleSettings& rules) -> std::optional<std::string> {
        auto p = referee_position<G>(G::start_sfen, rules);
        if (!p) return p.error();
        return std::nullopt;
    };
    return m;
}

}  // namespace menagerie
