#pragma once
// The game catalogue: the games this engine knows, what each is called in each dialect, its board, its
// options and its optional abilities, and a session of it. One line each in catalogue.cpp, each entry made in
// its instantiation file protocol/core/games/<game>.cpp (protocol/core/entry.hpp). Every front and tool reads
// it; an application that needs more of a game (the match runner, the tuner) keeps its own table beside it.
#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/played_game.hpp"
#include "engine/core/result.hpp"
#include "protocol/core/options.hpp"
#include "protocol/core/session.hpp"

namespace menagerie {

struct GameEntry {
    std::string_view name;
    std::string_view title;  // for --help and README
    int files = 0, ranks = 0;  // the board's size
    bool shogi_squares = true;  // squares written "7g" (else "a1"): G::shogi_squares
    bool hands = true;          // the SFEN may list pieces in hand (G::hands)
    std::string_view start_sfen;
    std::unique_ptr<Session> (*make_session)(Listener& out, size_t hash_mb) = nullptr;
    std::vector<Option> options;  // USI options of this game alone (its rules, its tablebase file)
    // How the pieces are called, where the game's own table says so (G::piece_looks(); taikyoku's 301 types):
    // SFEN code in upper case ("(GLG)", "+(GLG)"), kanji, English name. The browser board shows them.
    struct PieceLook {
        std::string code, kanji, name;
    };
    std::vector<PieceLook> pieces;
    // The pieces a board needs for the rules to let a lone piece move (Session::piece_demo): each side's
    // royal, or in Jungle, where a side without animals has lost, an enemy animal.
    std::vector<std::string_view> anchors;
    // Another program's position format the game reads and writes (G::foreign_format; `menagerie convert`).
    std::string_view foreign_format;
    Result<std::string> (*foreign_to_sfen)(std::string_view text) = nullptr;
    Result<std::string> (*sfen_to_foreign)(std::string_view sfen) = nullptr;
    // Game records the game reads and writes (G::record_formats, e.g. shogi's KIF, KI2, CSA, USI): a record in
    // one format ("" to tell from the text) written in another, as UTF-8 text.
    std::string_view record_formats;
    Result<std::string> (*convert_record)(std::string_view text, std::string_view from, std::string_view to) = nullptr;
    // A played game as a record in one of those formats (G::write_played_game).
    Result<std::string> (*write_played_game)(const PlayedGame& game, std::string_view format) = nullptr;
};

const std::vector<GameEntry>& games();
const GameEntry* find_game(std::string_view name);  // case-insensitive
std::string game_names(std::string_view separator);
std::string_view default_game();

}  // namespace menagerie
