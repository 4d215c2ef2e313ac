// A whole USI or UCI session (UCI when its first command is `uci`): the input's lines, one at a time, against one
// engine (a new one per input).
// Invariants: a `position` the engine refuses (it says `info string error`) leaves the position as it was;
// every `go` gets exactly one answer (bestmove or checkmate), and a bestmove is a legal move of the position
// searched (or resign/win); nothing crashes or hangs.
// The harness keeps runs short and local: a search still running 10 ms after its `go` is sent `stop`; it
// leaves out `bench`, a `perft` (or `go perft`) deeper than 2, a hash above 64 MB and the tablebase file
// option (the file reader has its own target).
#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/text.hpp"
#include "fuzz/fuzz_check.hpp"
#include "protocol/core/catalogue.hpp"
#include "protocol/loop/loop.hpp"

using namespace menagerie;

namespace {

struct Collector {
    std::mutex m;
    std::condition_variable cv;
    std::vector<std::string> lines;
    size_t answers = 0;  // bestmove and checkmate lines

    void add(std::string_view s) {
        std::lock_guard lock(m);
        lines.emplace_back(s);
        if (s.rfind("bestmove", 0) == 0 || s.rfind("checkmate", 0) == 0) ++answers;
        cv.notify_all();
    }
    size_t answer_count() {
        std::lock_guard lock(m);
        return answers;
    }
    bool wait_answers(size_t n, std::chrono::milliseconds timeout) {
        std::unique_lock lock(m);
        return cv.wait_for(lock, timeout, [&] { return answers >= n; });
    }
    // The first line starting with prefix from index `from`, if any.
    std::optional<std::string> find(const std::string& prefix, size_t from) {
        std::lock_guard lock(m);
        for (size_t i = from; i < lines.size(); ++i)
            if (lines[i].rfind(prefix, 0) == 0) return lines[i];
        return std::nullopt;
    }
    size_t size() {
        std::lock_guard lock(m);
        return lines.size();
    }
};

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

bool skipped(const std::vector<std::string>& w) {
    if (w.empty()) return false;
    if (w[0] == "bench") return true;
    if (w[0] == "perft" || (w[0] == "go" && w.size() >= 2 && w[1] == "perft"))
        for (size_t i = 1; i < w.size(); ++i)
            if (std::all_of(w[i].begin(), w[i].end(), ::isdigit) && (w[i].size() > 1 || w[i][0] > '2')) return true;
    if (w[0] == "setoption") {
        std::string all;
        for (const auto& s : w) all += lower(s) + " ";
        if (all.find("tablebase") != std::string::npos) return true;
        if (all.find("hash") != std::string::npos)
            for (const auto& s : w)
                if (!s.empty() && std::all_of(s.begin(), s.end(), ::isdigit) && (s.size() > 2 || std::stoi(s) > 64))
                    return true;
    }
    return false;
}

// Whether `move` is a legal move of the game `game` in `sfen` (nullopt: the position does not read).
template <Game G>
std::optional<bool> legal(const std::string& sfen, const std::string& move) {
    auto pos = G::Position::from_sfen(sfen);
    if (!pos) return std::nullopt;
    return pos.value().parse_move(move).ok();
}
std::optional<bool> legal_in(std::string_view game, const std::string& sfen, const std::string& move) {
    std::optional<bool> r;
    bool found = false;
    for (uint8_t g = 0; g < 4; ++g)
        fuzz::with_game(g, [&]<Game G>() {
            if (G::name == game) {
                found = true;
                r = legal<G>(sfen, move);
            }
        });
    return found ? r : std::optional<bool>(true);  // a game the harness does not know (a test game): not checked
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 8192) return -1;
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    Collector c;
    Output out([&c](std::string_view s) { c.add(s); });
    Engine engine(out, "none", 1);  // a 1 MB hash: a new engine per input stays cheap
    size_t gos = 0;
    size_t start = 0;
    while (start <= input.size()) {
        size_t end = input.find('\n', start);
        if (end == std::string_view::npos) end = input.size();
        const std::string_view line = input.substr(start, end - start);
        start = end + 1;
        const auto w = split_words(line);
        if (skipped(w)) continue;
        const std::string cmd = w.empty() ? "" : w[0];
        if (cmd == "position") {
            const std::string game(engine.session().game());
            const bool had = engine.session().has_position();
            const std::string before = had ? engine.session().sfen() : "";
            const size_t from = c.size();
            engine.command(line);
            if (c.find("info string error", from)) {
                fuzz::expect(engine.session().game() == game && engine.session().has_position() == had &&
                                 (!had || engine.session().sfen() == before),
                             "a refused position changed the position: " + std::string(line));
            }
            continue;
        }
        // `go perft N` is the perft command (a debugging extension, as in other engines), not a search.
        if (cmd == "go" && !(w.size() >= 2 && w[1] == "perft")) {
            const std::string game(engine.session().game());
            const bool had = engine.session().has_position();
            const std::string sfen = had ? engine.session().sfen() : "";
            const size_t from = c.size();
            ++gos;
            engine.command(line);
            if (!c.wait_answers(gos, std::chrono::milliseconds(10))) engine.command("stop");
            engine.wait();
            fuzz::expect(c.wait_answers(gos, std::chrono::seconds(10)), "no answer to: " + std::string(line));
            fuzz::expect(c.answer_count() == gos, "more than one answer to: " + std::string(line));
            if (auto best = c.find("bestmove ", from)) {
                const auto bw = split_words(*best);
                fuzz::expect(bw.size() >= 2, "bestmove without a move");
                if (bw[1] != "resign" && bw[1] != "win" && bw[1] != "(none)") {
                    fuzz::expect(had, "a move without a position: " + *best);
                    std::string move = bw[1];
                    // UCI spells squares in chess style: back to the game's own for the check.
                    const GameEntry* entry = find_game(game);
                    if (engine.dialect() == Dialect::Uci && entry && entry->shogi_squares) {
                        auto usi = respell(move, BoardSize{entry->files, entry->ranks}, SquareStyle::Chess, SquareStyle::Shogi);
                        fuzz::expect(usi.ok(), "unreadable UCI move " + *best);
                        if (usi) move = *usi;
                    }
                    auto ok = legal_in(game, sfen, move);
                    fuzz::expect(ok.has_value() && *ok, "illegal " + *best + " in " + game + " '" + sfen + "'");
                }
            }
            continue;
        }
        if (!engine.command(line)) break;  // quit
    }
    engine.command("stop");
    engine.wait();
    fuzz::expect(c.answer_count() == gos, "answers " + std::to_string(c.answer_count()) + " to " + std::to_string(gos) + " go commands");
    return 0;
}
