// Tori's instantiation file for the match runner: self-play and matches compiled for it.
#include "engine/tori/tori.hpp"
#include "eval/tori/eval.hpp"
#include "protocol/match/games.hpp"

namespace menagerie {

const MatchGame& tori_match_game() {
    static const MatchGame g = make_match_game<tori::Tori>();
    return g;
}

}  // namespace menagerie
