#pragma once
// Small helpers for reading position strings and commands, and for printing counts.
#include <cctype>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace menagerie {

// The whitespace-separated words of a text.
inline std::vector<std::string_view> split_fields(std::string_view text) {
    std::vector<std::string_view> fields;
    for (size_t i = 0; i < text.size();) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        size_t j = i;
        while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        if (j > i) fields.push_back(text.substr(i, j - i));
        i = j;
    }
    return fields;
}

// A position string's move number field (1..65535), or the reason it is not one.
inline std::optional<std::string> parse_move_number(std::string_view field, uint16_t& out) {
    int n = 0;
    auto [ptr, ec] = std::from_chars(field.data(), field.data() + field.size(), n);
    if (ec != std::errc() || ptr != field.data() + field.size() || n < 1 || n > 65535)
        return "move number must be an integer from 1 to 65535, got '" + std::string(field) + "'";
    out = uint16_t(n);
    return std::nullopt;
}

// A count with its digits grouped by threes: 246,803,167.
inline std::string with_commas(uint64_t n) {
    const std::string digits = std::to_string(n);
    std::string s;
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i && (digits.size() - i) % 3 == 0) s += ',';
        s += digits[i];
    }
    return s;
}

inline std::vector<std::string> split_words(std::string_view line) {
    std::vector<std::string> words;
    for (std::string_view w : split_fields(line)) words.emplace_back(w);
    return words;
}

// Quotes outside input safely: control and non-ASCII bytes as \xNN, cut to max characters.
inline std::string printable(std::string_view s, size_t max = 60) {
    static const char* hex = "0123456789abcdef";
    std::string r;
    for (unsigned char c : s) {
        if (r.size() >= max) {
            r += "...";
            break;
        }
        if (c >= 0x20 && c < 0x7f) {
            r += char(c);
        } else {
            r += "\\x";
            r += hex[c >> 4];
            r += hex[c & 15];
        }
    }
    return r;
}

}  // namespace menagerie
