// Dai shogi: everything is the large-board core's (engine/large/position.hpp) and the rules in dai.hpp; this
// file compiles the position's generation once for the game.
#include "engine/dai/dai.hpp"

namespace menagerie::dai {

static_assert(Rules::kinds.size() == kKinds);
static_assert(kPieceValue.size() == kKinds);

}  // namespace menagerie::dai
