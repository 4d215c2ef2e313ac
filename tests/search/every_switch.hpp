#pragma once
// SearchTuning with every switch on, including those no game keeps: the search tests run a game with it to
// show that each rule stays sound (forced wins found and kept, legal moves, clocks kept) whichever game
// turns it on.
#include "engine/core/search_tuning.hpp"

namespace menagerie::testing {

constexpr SearchTuning every_switch() {
    SearchTuning t;
    t.log_reductions = t.late_move_pruning = t.history_malus = t.continuation_history = t.improving = true;
    t.countermove = t.see_pruning = t.internal_reduction = t.singular_extension = t.quiescence_tt = true;
    t.stretch_time = t.spend_byoyomi = true;  // null_move and check_extension are on by default
    t.futility_margin = 150;
    t.razoring = 300;
    t.probcut = 200;
    t.aspiration_window = 20;
    t.reverse_futility_depth = 7;
    t.adaptive_null_move = true;
    t.null_verification_depth = 8;
    return t;
}
inline constexpr SearchTuning kEverySwitch = every_switch();

}  // namespace menagerie::testing
