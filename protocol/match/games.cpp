#include "protocol/match/games.hpp"

#include "protocol/core/options.hpp"

namespace menagerie {

// Each made in protocol/match/games/<game>.cpp.
const MatchGame& shogi_match_game();
const MatchGame& dobutsu_match_game();
const MatchGame& jungle_match_game();
const MatchGame& tori_match_game();
const MatchGame& chu_match_game();
const MatchGame& dai_match_game();
const MatchGame& taikyoku_match_game();

const std::vector<MatchGame>& match_games() {
    static const std::vector<MatchGame> list = {shogi_match_game(), dobutsu_match_game(), jungle_match_game(),
                                                tori_match_game(),  chu_match_game(),     dai_match_game(),
                                                taikyoku_match_game()};
    return list;
}

const MatchGame* find_match_game(std::string_view name) {
    for (const auto& g : match_games())
        if (iequals(g.name, name)) return &g;
    return nullptr;
}

}  // namespace menagerie
