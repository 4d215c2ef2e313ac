#pragma once
// The games this engine knows: one line each in registry.cpp, each entry made in its instantiation file
// protocol/games/<game>.cpp (protocol/game_entry.hpp).
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "eval/tuner.hpp"
#include "protocol/match/match.hpp"
#include "protocol/match/selfplay.hpp"
#include "protocol/options.hpp"
#include "protocol/session.hpp"

namespace menagerie {

struct GameEntry {
    std::string_view name;
    std::string_view title;  // for --help and README
    int files = 0, ranks = 0;  // the board's size
    bool shogi_squares = true;  // squares written "7g" (else "a1"): G::shogi_squares
    bool hands = true;          // the SFEN may list pieces in hand (G::hands)
    std::string_view start_sfen;
    std::unique_ptr<Session> (*make_session)(Listener& out, size_t hash_mb) = nullptr;
    Result<MatchSummary> (*self_play)(const SelfPlayConfig& config, Output& out) = nullptr;
    std::string (*eval_terms)() = nullptr;  // "name=default,..." of the game's evaluation weights
    Result<MatchResult> (*match)(const MatchConfig& config, Output& out) = nullptr;  // engine processes against each other
    Result<std::vector<Opening>> (*read_book)(const std::string& path) = nullptr;  // an opening file, checked
    std::vector<Option> options;  // USI options of this game alone (its rules, its tablebase file)
    // How the pieces are called, where the game's own table says so (G::piece_looks(); taikyoku's 301 types):
    // SFEN code in upper case ("(GLG)", "+(GLG)"), kanji, English name. The browser board shows them.
    struct PieceLook {
        std::string code, kanji, name;
    };
    std::vector<PieceLook> pieces;
    // Another program's position format the game reads and writes (G::foreign_format; `menagerie convert`).
    std::string_view foreign_format;
    Result<std::string> (*foreign_to_sfen)(std::string_view text) = nullptr;
    Result<std::string> (*sfen_to_foreign)(std::string_view sfen) = nullptr;
    // Fits the evaluation's weights to game results and writes them (`menagerie tune`; games whose
    // evaluation describes its features, eval/tuner.hpp). Returns the file's text or an error.
    Result<std::string> (*tune)(const TuneConfig& config, const std::function<void(const std::string&)>& progress) =
        nullptr;
};

const std::vector<GameEntry>& games();
const GameEntry* find_game(std::string_view name);  // case-insensitive
std::string game_names(std::string_view separator);
std::string_view default_game();

}  // namespace menagerie
