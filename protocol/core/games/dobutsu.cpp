// Dobutsu shogi's instantiation file: the whole engine stack compiled for Dobutsu, with its tablebase.
#include "engine/dobutsu/dobutsu.hpp"
#include "eval/dobutsu/eval.hpp"
#include "protocol/core/entry.hpp"
#include "search/tablebase/dobutsu_tablebase.hpp"

namespace menagerie {

const GameEntry& dobutsu_entry() {
    static const GameEntry e =
        make_entry<dobutsu::Dobutsu, &dobutsu::load_oracle, &dobutsu::default_tablebase_path>(
            "Dobutsu shogi (3x4 animal shogi)", {"L", "l"});
    return e;
}

}  // namespace menagerie
