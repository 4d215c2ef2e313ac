// Dai shogi's instantiation file: the whole engine stack compiled for dai.
#include "engine/dai/dai.hpp"
#include "eval/dai/eval.hpp"
#include "protocol/core/entry.hpp"

namespace menagerie {

const GameEntry& dai_entry() {
    static const GameEntry e = make_entry<dai::Dai>("Dai shogi (15x15, no lion-trading rules)", {"K", "k"});
    return e;
}

}  // namespace menagerie
