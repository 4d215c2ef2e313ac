#pragma once
// The games this engine knows: one line each in registry.cpp.
#include <cstddef>
#include <memory>
#include <string_view>
#include <vector>

#include "bench/selfplay.hpp"
#include "protocol/match.hpp"
#include "protocol/session.hpp"

namespace menagerie {

struct GameEntry {
    std::string_view name;
    std::string_view title;  // for --help and README
    std::unique_ptr<Session> (*make_session)(Output& out, size_t hash_mb);
    Result<MatchSummary> (*self_play)(const SelfPlayConfig& config, Output& out);
    std::string (*eval_terms)();  // "name=default,..." of the game's evaluation weights
    Result<MatchResult> (*match)(const MatchConfig& config, Output& out);  // engine processes against each other
    Result<std::vector<Opening>> (*read_book)(const std::string& path);    // an opening file, checked
};

const std::vector<GameEntry>& games();
const GameEntry* find_game(std::string_view name);  // case-insensitive
std::string game_names(std::string_view separator);
std::string_view default_game();

}  // namespace menagerie
