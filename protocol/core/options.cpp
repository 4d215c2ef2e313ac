#include "protocol/core/options.hpp"

#include <cctype>
#include <charconv>
#include <stdexcept>

namespace menagerie {

bool iequals(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) != std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

std::optional<int64_t> parse_int(std::string_view s) {
    int64_t v = 0;
    if (s.empty()) return std::nullopt;
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
}

void Options::add(Option o) {
    o.value = o.default_value;
    options_.push_back(std::move(o));
}

const Option* Options::find(std::string_view name) const {
    for (const auto& o : options_)
        if (iequals(o.name, name)) return &o;
    return nullptr;
}

Option* Options::find_mutable(std::string_view name) { return const_cast<Option*>(find(name)); }

std::vector<std::string> Options::usi_lines() const {
    std::vector<std::string> lines;
    for (const auto& o : options_) {
        std::string l = "option name " + o.name + " type ";
        switch (o.type) {
            case Option::Type::Check:
                l += "check default " + o.default_value;
                break;
            case Option::Type::Spin:
                l += "spin default " + o.default_value + " min " + std::to_string(o.min) + " max " +
                     std::to_string(o.max);
                break;
            case Option::Type::Combo:
                l += "combo default " + o.default_value;
                for (const auto& c : o.choices) l += " var " + c;
                break;
            case Option::Type::Button:
                l += "button";
                break;
            case Option::Type::String:
                l += "string default " + (o.default_value.empty() ? "<empty>" : o.default_value);
                break;
        }
        lines.push_back(l);
    }
    return lines;
}

std::optional<std::string> Options::set(std::string_view name, std::string_view value, const Option** set_option) {
    Option* o = find_mutable(name);
    if (!o) return "unknown option '" + std::string(name) + "'";
    const std::string v(value);
    switch (o->type) {
        case Option::Type::Check:
            // GUIs in the field send 1/0 (UCI2WB) as well as true/false in any case.
            if (iequals(v, "true") || v == "1")
                o->value = "true";
            else if (iequals(v, "false") || v == "0")
                o->value = "false";
            else
                return "option " + o->name + " takes true or false (or 1 or 0), got '" + v + "'";
            break;
        case Option::Type::Spin: {
            auto n = parse_int(v);
            if (!n) return "option " + o->name + " takes an integer, got '" + v + "'";
            if (*n < o->min || *n > o->max)
                return "option " + o->name + " must be within " + std::to_string(o->min) + ".." +
                       std::to_string(o->max) + ", got " + v;
            o->value = std::to_string(*n);
            break;
        }
        case Option::Type::Combo: {
            const std::string* match = nullptr;
            for (const auto& c : o->choices)
                if (iequals(c, v)) match = &c;
            if (!match) {
                std::string all;
                for (const auto& c : o->choices) all += (all.empty() ? "" : ", ") + c;
                return "option " + o->name + " has no value '" + v + "' (choices: " + all + ")";
            }
            o->value = *match;
            break;
        }
        case Option::Type::Button:
            break;
        case Option::Type::String:
            o->value = v == "<empty>" ? "" : v;
            break;
    }
    if (set_option) *set_option = o;
    return std::nullopt;
}

int64_t Options::spin(std::string_view name) const { return *parse_int(find(name)->value); }
bool Options::check(std::string_view name) const { return find(name)->value == "true"; }
const std::string& Options::text(std::string_view name) const { return find(name)->value; }

}  // namespace menagerie
