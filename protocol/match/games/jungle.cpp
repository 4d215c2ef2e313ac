// Jungle's instantiation file for the match runner: self-play and matches compiled for it.
#include "engine/jungle/jungle.hpp"
#include "eval/jungle/eval.hpp"
#include "protocol/match/games.hpp"

namespace menagerie {

const MatchGame& jungle_match_game() {
    static const MatchGame g = make_match_game<jungle::Jungle>();
    return g;
}

}  // namespace menagerie
