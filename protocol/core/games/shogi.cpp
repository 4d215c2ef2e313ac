// Shogi's instantiation file: the whole engine stack compiled for shogi.
#include "engine/shogi/shogi.hpp"
#include "eval/shogi/eval.hpp"
#include "protocol/core/entry.hpp"

namespace menagerie {

const GameEntry& shogi_entry() {
    static const GameEntry e = make_entry<shogi::Shogi>("Shogi (9x9, the Japan Shogi Association rules)", {"K", "k"});
    return e;
}

}  // namespace menagerie
