// Dobutsu's instantiation file for the match runner: self-play and matches compiled for it.
#include "engine/dobutsu/dobutsu.hpp"
#include "eval/dobutsu/eval.hpp"
#include "protocol/match/games.hpp"

namespace menagerie {

const MatchGame& dobutsu_match_game() {
    static const MatchGame g = make_match_game<dobutsu::Dobutsu>();
    return g;
}

}  // namespace menagerie
