#include "protocol/match/engine_output.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>

#include "engine/core/text.hpp"

namespace menagerie {

namespace {
bool read_int(std::string_view t, int64_t& v) {
    if (!t.empty() && t[0] == '+') t.remove_prefix(1);
    const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    return ec == std::errc() && ptr == t.data() + t.size();
}
int clamp_score(int64_t v) { return int(std::clamp<int64_t>(v, -kScoreLimit, kScoreLimit)); }
}  // namespace

UsiLine read_usi_line(std::string_view line) {
    const auto w = split_fields(line);
    UsiLine r;
    if (w.empty()) return r;
    if (w[0] == "id" && w.size() >= 3 && w[1] == "name") {
        r.kind = UsiLine::Kind::Id;
        r.text = std::string(line.substr(size_t(w[2].data() - line.data())));
        return r;
    }
    if (w[0] == "option" && w.size() >= 3 && w[1] == "name") {
        r.kind = UsiLine::Kind::Option;
        r.text = std::string(w[2]);
        return r;
    }
    if (w[0] == "info") {
        r.kind = UsiLine::Kind::Info;
        for (size_t i = 1; i < w.size(); ++i) {
            if (w[i] == "string") break;  // free text to the end of the line
            if (w[i] == "pv") {
                for (size_t j = i + 1; j < w.size(); ++j) r.pv.emplace_back(w[j]);
                break;
            }
            if ((w[i] == "depth" || w[i] == "nodes") && i + 1 < w.size()) {
                int64_t v = 0;
                if (read_int(w[i + 1], v) && v >= 0) {
                    if (w[i] == "depth") r.depth = int(std::min<int64_t>(v, 10000));
                    else r.nodes = v;
                }
                ++i;
                continue;
            }
            if (w[i] == "score" && i + 2 < w.size()) {
                int64_t v = 0;
                const std::string_view unit = w[i + 1], value = w[i + 2];
                i += 2;
                if (!read_int(value, v) || value[0] == '+') continue;
                if (unit == "cp") r.score_cp = clamp_score(v);
                // mate n: the side to move mates in n plies (n < 0: is mated); -0 is a mate against it. A
                // distance beyond kMateDistanceLimit counts as that, so a mate always outranks any centipawns.
                if (unit == "mate") {
                    const int64_t n = std::abs(std::clamp<int64_t>(v, -kMateDistanceLimit, kMateDistanceLimit));
                    const bool mated = v < 0 || value[0] == '-';
                    r.score_cp = mated ? -kScoreLimit + int(n) : kScoreLimit - int(n);
                }
            }
        }
        return r;
    }
    if (w[0] == "bestmove") {
        r.kind = w.size() >= 2 ? UsiLine::Kind::BestMove : UsiLine::Kind::BestMoveWithout;
        if (w.size() >= 2) r.text = std::string(w[1]);
    }
    return r;
}

namespace {
// Whether the text after "Illegal move" names nothing, or names `move`: its words outside (…) and {…}, colons
// aside.
bool names_only(std::string_view rest, std::string_view move) {
    std::string words;
    int depth = 0;
    for (char ch : rest) {
        if (ch == '(' || ch == '{') ++depth;
        else if (ch == ')' || ch == '}') depth = depth > 0 ? depth - 1 : 0;
        else if (depth == 0) words += ch == ':' ? ' ' : ch;
    }
    const auto w = split_fields(words);
    return w.empty() || std::find(w.begin(), w.end(), move) != w.end();
}
}  // namespace

XboardLine read_xboard_line(std::string_view line, std::string_view last_sent) {
    const auto w = split_fields(line);
    XboardLine r;
    if (w.empty()) return r;
    int64_t depth = 0, score = 0;
    if (w[0] == "move" && w.size() >= 2) {
        r.kind = XboardLine::Kind::Move;
        r.text = std::string(w[1]);
    } else if (w.size() >= 3 && w[0].back() == '.' && w[1] == "...") {
        r.kind = XboardLine::Kind::Move;  // the xshogi dialect: "12. ... 7g7f"
        r.text = std::string(w[2]);
    } else if (w[0] == "1-0" || w[0] == "0-1" || w[0] == "1/2-1/2") {
        r.kind = XboardLine::Kind::Result;
    } else if (w[0] == "resign" || (w.size() >= 2 && w[1] == "resigns")) {
        r.kind = XboardLine::Kind::Resign;
    } else if (!last_sent.empty() &&
               ((line.rfind("Illegal move", 0) == 0 && names_only(line.substr(12), last_sent)) ||
                (line.rfind("Error", 0) == 0 && line.find(last_sent) != std::string_view::npos))) {
        // "Illegal move" answers the last move sent, with or without its text (HaChu: "Illegal move {Repeats
        // earlier position}"), but not when it names something else: gnushogi's older dialect answers a command
        // it does not know, such as `otim`, with "Illegal move (no match) otim". An "Error" line only when it
        // names that move.
        r.kind = XboardLine::Kind::Refusal;
    } else if (w.size() >= 4 && read_int(w[0], depth) && read_int(w[1], score)) {
        // Thinking output: ply score time nodes pv. Mate scores are 100000 + n or thereabouts.
        r.kind = XboardLine::Kind::Thinking;
        r.score_cp = clamp_score(score);
        int64_t nodes = 0;
        if (depth > 0) r.depth = int(std::min<int64_t>(depth, 10000));
        if (read_int(w[3], nodes) && nodes > 0) r.nodes = nodes;
        for (size_t j = 4; j < w.size(); ++j) r.pv.emplace_back(w[j]);
    }
    return r;
}

std::vector<std::pair<std::string, std::string>> read_xboard_features(std::string_view line) {
    std::vector<std::pair<std::string, std::string>> out;
    const size_t at = line.find("feature");
    if (at == std::string_view::npos) return out;
    size_t i = at + 7;
    while (i < line.size()) {
        while (i < line.size() && std::isspace((unsigned char)line[i])) ++i;
        const size_t eq = line.find('=', i);
        if (eq == std::string_view::npos) break;
        std::string name(line.substr(i, eq - i));
        i = eq + 1;
        std::string value;
        if (i < line.size() && line[i] == '"') {
            const size_t close = line.find('"', i + 1);
            value = std::string(line.substr(i + 1, (close == std::string_view::npos ? line.size() : close) - i - 1));
            i = close == std::string_view::npos ? line.size() : close + 1;
        } else {
            size_t end = i;
            while (end < line.size() && !std::isspace((unsigned char)line[end])) ++end;
            value = std::string(line.substr(i, end - i));
            i = end;
        }
        out.emplace_back(std::move(name), std::move(value));
    }
    return out;
}

}  // namespace menagerie
