// The toy game's instantiation file: the whole engine stack compiled for Line.
#include "protocol/core/entry.hpp"
#include "protocol/match/games.hpp"
#include "tests/toy/engine/line/line.hpp"
#include "tests/toy/eval/line/eval.hpp"

namespace menagerie {

const GameEntry& line_entry() {
    static const GameEntry e = make_entry<line::Line>("Line (a one-rank toy game of the tests)", {});
    return e;
}

const MatchGame& line_match_game() {
    static const MatchGame g = make_match_game<line::Line>();
    return g;
}

}  // namespace menagerie
