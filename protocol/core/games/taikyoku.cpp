// Taikyoku shogi's instantiation file: the whole engine stack compiled for taikyoku.
#include "engine/taikyoku/taikyoku.hpp"
#include "eval/taikyoku/eval.hpp"
#include "protocol/core/entry.hpp"

namespace menagerie {

const GameEntry& taikyoku_entry() {
    static const GameEntry e = make_entry<taikyoku::Taikyoku>("Taikyoku shogi (36x36, 402 pieces a side, the seed's rules)", {"K", "k"});
    return e;
}

}  // namespace menagerie
