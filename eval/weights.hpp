#pragma once
// Named evaluation weights: each evaluator keeps its terms in one table, so self-play can switch a term off
// or change it ("name=value,...") and measure what it is worth.
#include <array>
#include <charconv>
#include <optional>
#include <string>
#include <string_view>

namespace menagerie {

template <std::size_t N>
struct Weights {
    std::array<std::string_view, N> names;
    std::array<int, N> values;

    int operator[](std::size_t i) const { return values[i]; }

    // Applies "name=value,name=value"; on error nothing changes.
    std::optional<std::string> apply(std::string_view spec) {
        auto copy = values;
        std::size_t start = 0;
        while (start <= spec.size()) {
            std::size_t end = spec.find(',', start);
            if (end == std::string_view::npos) end = spec.size();
            const std::string_view item = spec.substr(start, end - start);
            start = end + 1;
            if (item.empty()) continue;
            const std::size_t eq = item.find('=');
            if (eq == std::string_view::npos) return "expected name=value, got '" + std::string(item) + "'";
            const std::string_view name = item.substr(0, eq), value = item.substr(eq + 1);
            std::size_t i = 0;
            while (i < N && names[i] != name) ++i;
            if (i == N) return "unknown evaluation term '" + std::string(name) + "' (terms: " + list() + ")";
            int v = 0;
            auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
            if (ec != std::errc() || p != value.data() + value.size())
                return "bad value '" + std::string(value) + "' for " + std::string(name);
            copy[i] = v;
        }
        values = copy;
        return std::nullopt;
    }

    // "name=value,name=value": the whole table, as apply() reads it.
    std::string spec() const {
        std::string s;
        for (std::size_t i = 0; i < N; ++i) s += (i ? "," : "") + std::string(names[i]) + "=" + std::to_string(values[i]);
        return s;
    }
    std::string list() const {
        std::string s;
        for (std::size_t i = 0; i < N; ++i) s += (i ? ", " : "") + std::string(names[i]);
        return s;
    }
};

}  // namespace menagerie
