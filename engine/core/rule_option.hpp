#pragma once
// A rule a game lets the user choose (shogi's entering-king rule): a name and its values, the first the
// default. The game declares them as `G::rule_options` and applies them in `Position::set_rule`; the USI
// front declares one combo option for each, so the front names no game's rule.
#include <array>
#include <string_view>

namespace menagerie {

struct RuleOption {
    std::string_view name;
    std::array<std::string_view, 4> values;  // the first is the default; unused entries are empty
    std::string_view help;                   // one line for the README and `--help`
};

}  // namespace menagerie
