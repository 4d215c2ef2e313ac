// Tori shogi's instantiation file: the whole engine stack compiled for tori shogi.
#include "engine/tori/tori.hpp"
#include "eval/tori/eval.hpp"
#include "protocol/core/entry.hpp"

namespace menagerie {

const GameEntry& tori_entry() {
    static const GameEntry e = make_entry<tori::Tori>("Tori shogi (7x7 bird shogi, as Fairy-Stockfish's torishogi)", {"K", "k"});
    return e;
}

}  // namespace menagerie
