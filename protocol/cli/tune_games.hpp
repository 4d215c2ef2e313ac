#pragma once
// The tuner's table of games (`menagerie tune`, and the evaluation terms `selfplay --terms` names): each game's
// evaluation weights and, where its evaluation describes its features (eval/tuner.hpp), the fit.
#include <functional>
#include <string>
#include <string_view>

#include "engine/core/result.hpp"
#include "eval/tuner.hpp"

namespace menagerie {

struct TuneGame {
    std::string_view name;
    std::string (*eval_terms)() = nullptr;  // "name=default,..." of the game's evaluation weights
    // Fits the evaluation's weights to game results and writes them; returns the file's text or an error.
    // Null for a game whose evaluation describes no features.
    Result<std::string> (*tune)(const TuneConfig& config, const std::function<void(const std::string&)>& progress) =
        nullptr;
};

const TuneGame* find_tune_game(std::string_view name);  // case-insensitive

}  // namespace menagerie
