// Shogi's instantiation file for the match runner: self-play and matches compiled for it.
#include "engine/shogi/shogi.hpp"
#include "eval/shogi/eval.hpp"
#include "protocol/match/games.hpp"

namespace menagerie {

const MatchGame& shogi_match_game() {
    static const MatchGame g = make_match_game<shogi::Shogi>();
    return g;
}

}  // namespace menagerie
