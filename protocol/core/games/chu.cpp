// Chu shogi's instantiation file: the whole engine stack compiled for chu shogi.
#include "engine/chu/chu.hpp"
#include "eval/chu/eval.hpp"
#include "protocol/core/entry.hpp"

namespace menagerie {

const GameEntry& chu_entry() {
    static const GameEntry e = make_entry<chu::Chu>("Chu shogi (12x12, lion rules of the seed, lishogi notation)", {"K", "k"});
    return e;
}

}  // namespace menagerie
