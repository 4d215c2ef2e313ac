#include "protocol/core/catalogue.hpp"

#include "protocol/core/options.hpp"

namespace menagerie {

// Each made in protocol/core/games/<game>.cpp.
const GameEntry& shogi_entry();
const GameEntry& dobutsu_entry();
const GameEntry& jungle_entry();
const GameEntry& tori_entry();
const GameEntry& chu_entry();
const GameEntry& dai_entry();
const GameEntry& taikyoku_entry();

const std::vector<GameEntry>& games() {
    static const std::vector<GameEntry> list = {shogi_entry(), dobutsu_entry(), jungle_entry(), tori_entry(), chu_entry(), dai_entry(), taikyoku_entry()};
    return list;
}

const GameEntry* find_game(std::string_view name) {
    for (const auto& g : games())
        if (iequals(g.name, name)) return &g;
    return nullptr;
}

std::string game_names(std::string_view separator) {
    std::string s;
    for (const auto& g : games()) s += (s.empty() ? "" : std::string(separator)) + std::string(g.name);
    return s;
}

// USI's default game is shogi where it exists, so a plain shogi GUI works unchanged; until then the first.
std::string_view default_game() { return find_game("shogi") ? "shogi" : games().front().name; }

}  // namespace menagerie
