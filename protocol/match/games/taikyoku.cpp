// Taikyoku's instantiation file for the match runner: self-play and matches compiled for it.
#include "engine/taikyoku/taikyoku.hpp"
#include "eval/taikyoku/eval.hpp"
#include "protocol/match/games.hpp"

namespace menagerie {

const MatchGame& taikyoku_match_game() {
    static const MatchGame g = make_match_game<taikyoku::Taikyoku>();
    return g;
}

}  // namespace menagerie
