// Jungle's instantiation file: the whole engine stack compiled for Jungle.
#include "engine/jungle/jungle.hpp"
#include "eval/jungle/eval.hpp"
#include "protocol/core/entry.hpp"

namespace menagerie {

const GameEntry& jungle_entry() {
    static const GameEntry e = make_entry<jungle::Jungle>("Jungle / Dou Shou Qi (7x9 animal chess)", {"r"});
    return e;
}

}  // namespace menagerie
