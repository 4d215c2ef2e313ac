#pragma once
// The search selectivity of the drop games on the shared board core (shogi, tori shogi): eighty moves a node
// and more with pieces in hand. Reductions and pruning of late quiet moves, then countermoves, exchange
// pruning, razoring, internal reduction, singular extension, the table in quiescence, aspiration windows and
// the byoyomi spent (engine/core/search_tuning.hpp). Each rule was kept by self-play in shogi, and the whole
// set again in tori shogi (bench/strength-log.md); a game that tests a rule apart states its own set.
#include "engine/core/search_tuning.hpp"

namespace menagerie::family {

inline constexpr SearchTuning kDropGameTuning = {.log_reductions = true,
                                                 .late_move_pruning = true,
                                                 .futility_margin = 150,
                                                 .history_malus = true,
                                                 .countermove = true,
                                                 .see_pruning = true,
                                                 .razoring = 300,
                                                 .internal_reduction = true,
                                                 .singular_extension = true,
                                                 .quiescence_tt = true,
                                                 .aspiration_window = 20,
                                                 .spend_byoyomi = true};

}  // namespace menagerie::family
