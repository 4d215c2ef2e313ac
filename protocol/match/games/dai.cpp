// Dai's instantiation file for the match runner: self-play and matches compiled for it.
#include "engine/dai/dai.hpp"
#include "eval/dai/eval.hpp"
#include "protocol/match/games.hpp"

namespace menagerie {

const MatchGame& dai_match_game() {
    static const MatchGame g = make_match_game<dai::Dai>();
    return g;
}

}  // namespace menagerie
