// Chu's instantiation file for the match runner: self-play and matches compiled for it.
#include "engine/chu/chu.hpp"
#include "eval/chu/eval.hpp"
#include "protocol/match/games.hpp"

namespace menagerie {

const MatchGame& chu_match_game() {
    static const MatchGame g = make_match_game<chu::Chu>();
    return g;
}

}  // namespace menagerie
