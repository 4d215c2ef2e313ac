// The match runner's reading of an engine's output: USI and XBoard lines, XBoard features, and the move and
// position translations between our notation and XBoard's. The input's first line is the text the runner
// last sent (for XBoard refusals); every later line is read both ways.
// Invariants: a score lands in [-30000, 30000]; a move or id text is non-empty and a move has no blanks; a
// move translated from XBoard's notation to ours translates back to a move that reads to the same one, on each
// of the four boards; a feature line gives at most one pair per '=' and names without '='; nothing crashes.
#include <algorithm>
#include <string>

#include "engine/core/text.hpp"
#include "fuzz/fuzz_check.hpp"
#include "protocol/match/engine_client.hpp"
#include "protocol/match/engine_output.hpp"

using namespace menagerie;

namespace {

void check_score(const std::optional<int>& s) {
    if (s) fuzz::expect(*s >= -kScoreLimit && *s <= kScoreLimit, "score " + std::to_string(*s) + " out of range");
}

bool blank_free(const std::string& s) {
    for (unsigned char c : s)
        if (std::isspace(c)) return false;
    return !s.empty();
}

void check_move(const std::string& text) {
    const BoardNotation boards[] = {{9, 9, true}, {7, 7, true}, {3, 4, true}, {7, 9, false}};
    for (const auto& n : boards) {
        auto usi = xboard_to_usi_move(text, n);
        if (!usi) continue;
        auto back = usi_to_xboard_move(usi.value(), n);
        fuzz::expect(back.ok(), "'" + text + "' read as '" + usi.value() + "', which does not translate back");
        auto again = xboard_to_usi_move(back.value(), n);
        fuzz::expect(again.ok() && again.value() == usi.value(),
                     "'" + text + "' -> '" + usi.value() + "' -> '" + back.value() + "' does not come back");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 8192) return -1;
    const std::string input(reinterpret_cast<const char*>(data), size);
    size_t start = input.find('\n');
    const std::string last_sent = input.substr(0, start);
    start = start == std::string::npos ? input.size() : start + 1;
    while (start < input.size()) {
        size_t end = input.find('\n', start);
        if (end == std::string::npos) end = input.size();
        const std::string line = input.substr(start, end - start);
        start = end + 1;

        const UsiLine u = read_usi_line(line);
        check_score(u.score_cp);
        if (u.kind == UsiLine::Kind::BestMove || u.kind == UsiLine::Kind::Option)
            fuzz::expect(blank_free(u.text), "USI text '" + u.text + "' of '" + line + "'");
        if (u.kind == UsiLine::Kind::Id) fuzz::expect(!u.text.empty(), "empty id name");

        const XboardLine x = read_xboard_line(line, last_sent);
        check_score(x.score_cp);
        if (x.kind == XboardLine::Kind::Move) {
            fuzz::expect(blank_free(x.text), "XBoard move '" + x.text + "' of '" + line + "'");
            check_move(x.text);
        }
        const auto features = read_xboard_features(line);
        fuzz::expect(features.size() <= size_t(std::count(line.begin(), line.end(), '=')), "more features than '='");
        for (const auto& [name, value] : features)
            fuzz::expect(name.find('=') == std::string::npos, "a feature name with '=': " + name);
        (void)sfen_to_xboard_fen(line);
    }
    return 0;
}
