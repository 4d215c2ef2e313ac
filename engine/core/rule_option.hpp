#pragma once
// A rule a game lets the user choose (shogi's entering-king rule): a name and its values, the first the
// default. The game declares them as `G::rule_options` and applies them in `Position::set_rule`; the USI
// front declares one combo option for each, so the front names no game's rule.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace menagerie {

struct RuleOption {
    std::string_view name;
    std::array<std::string_view, 4> values;  // the first is the default; unused entries are empty
    std::string_view help;                   // one line for the README and `--help`
};

// Sets rule `name` of game G's position to `value`: an error ("NAME: why") for a rule G does not declare or a
// value the position refuses; the position unchanged then.
template <class G>
std::optional<std::string> apply_rule(typename G::Position& pos, std::string_view name, std::string_view value) {
    const auto no_rule = std::string(name) + ": not a rule of " + std::string(G::name);
    if constexpr (requires { G::rule_options; pos.set_rule(name, value); }) {
        if (std::none_of(G::rule_options.begin(), G::rule_options.end(),
                         [&](const RuleOption& r) { return r.name == name; }))
            return no_rule;
        if (auto e = pos.set_rule(name, value)) return std::string(name) + ": " + *e;
        return std::nullopt;
    } else {
        return no_rule;
    }
}

}  // namespace menagerie
