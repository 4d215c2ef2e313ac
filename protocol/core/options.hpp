#pragma once
// The USI option table: declared once, printed for `usi`, checked on `setoption`.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace menagerie {

struct Option {
    enum class Type { Check, Spin, Combo, Button, String };
    std::string name;
    Type type;
    std::string default_value;
    int64_t min = 0, max = 0;
    std::vector<std::string> choices;  // combo values
    std::string value;
};

class Options {
public:
    void add(Option o);
    const Option* find(std::string_view name) const;  // case-insensitive
    std::vector<std::string> usi_lines() const;
    // Validates and stores; returns the option set, or an error message saying why not.
    std::optional<std::string> set(std::string_view name, std::string_view value, const Option** set_option);

    int64_t spin(std::string_view name) const;
    bool check(std::string_view name) const;
    const std::string& text(std::string_view name) const;

private:
    Option* find_mutable(std::string_view name);
    std::vector<Option> options_;
};

bool iequals(std::string_view a, std::string_view b);
std::optional<int64_t> parse_int(std::string_view s);

}  // namespace menagerie
