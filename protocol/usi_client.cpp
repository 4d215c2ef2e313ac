#include "protocol/usi_client.hpp"

#include <charconv>
#include <thread>

#include "engine/core/text.hpp"

namespace menagerie {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {
std::vector<std::string> words(const std::string& line) {
    std::vector<std::string> w;
    for (std::string_view f : split_fields(line)) w.emplace_back(f);
    return w;
}
milliseconds left_until(Clock::time_point deadline) {
    return std::max(milliseconds(0), std::chrono::duration_cast<milliseconds>(deadline - Clock::now()));
}
}  // namespace

Result<std::unique_ptr<UsiEngine>> UsiEngine::start(const EngineSpec& spec, milliseconds timeout) {
    auto process = EngineProcess::start(spec.argv);
    if (!process) return Error{process.error()};
    auto e = std::unique_ptr<UsiEngine>(new UsiEngine());
    e->process_ = std::move(process.value());
    e->name_ = spec.name.empty() ? spec.argv.front() : spec.name;
    if (!e->process_->send("usi")) return Error{e->gone("the usi command")};
    if (auto err = e->wait_for("usiok", timeout)) return Error{*err};
    for (const auto& [name, value] : spec.options)
        if (!e->process_->send("setoption name " + name + " value " + value))
            return Error{e->gone("setoption " + name)};
    if (!e->process_->send("isready")) return Error{e->gone("isready")};
    if (auto err = e->wait_for("readyok", timeout)) return Error{*err};
    return e;
}

std::string UsiEngine::gone(const std::string& what) {
    // Its output closed: give the process a moment to end so that the reason (exit status, signal) is known.
    for (int i = 0; i < 100 && process_->running(); ++i) std::this_thread::sleep_for(milliseconds(5));
    const std::string how = process_->end_reason();
    return name_ + " ended before " + what + (how.empty() ? "" : " (" + how + ")");
}

std::optional<std::string> UsiEngine::wait_for(const std::string& token, milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    std::string line;
    for (;;) {
        switch (process_->read_line(line, left_until(deadline))) {
            case EngineProcess::Read::Timeout:
                return name_ + " did not answer '" + token + "' within " + std::to_string(timeout.count()) + " ms";
            case EngineProcess::Read::Closed: return gone("'" + token + "'");
            case EngineProcess::Read::Line: break;
        }
        const auto w = words(line);
        if (w.empty()) continue;
        if (token == "usiok" && w[0] == "id" && w.size() >= 3 && w[1] == "name")
            id_name_ = line.substr(line.find("name") + 5);
        if (w[0] == token) return std::nullopt;
    }
}

std::optional<std::string> UsiEngine::new_game(milliseconds timeout) {
    if (!process_->send("usinewgame") || !process_->send("isready")) return gone("a new game");
    return wait_for("readyok", timeout);
}

Result<EngineMove> UsiEngine::go(const std::string& position, const std::string& go, milliseconds timeout) {
    const auto t0 = Clock::now();
    const auto deadline = t0 + timeout;
    if (!process_->send(position) || !process_->send(go)) return Error{gone("its move")};
    EngineMove result;
    std::string line;
    for (;;) {
        switch (process_->read_line(line, left_until(deadline))) {
            case EngineProcess::Read::Timeout:
                return Error{"no move within " + std::to_string(timeout.count()) + " ms"};
            case EngineProcess::Read::Closed: return Error{gone("its move")};
            case EngineProcess::Read::Line: break;
        }
        const auto w = words(line);
        if (w.empty()) continue;
        if (w[0] == "info") {
            for (size_t i = 1; i + 2 < w.size(); ++i)
                if (w[i] == "score") {
                    int v = 0;
                    const std::string& t = w[i + 2];
                    const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
                    if (ec != std::errc() || ptr != t.data() + t.size()) break;
                    if (w[i + 1] == "cp") result.score_cp = v;
                    if (w[i + 1] == "mate") result.score_cp = v >= 0 ? 30000 - v : -30000 - v;
                    break;
                }
            continue;
        }
        if (w[0] == "bestmove") {
            if (w.size() < 2) return Error{"bestmove without a move"};
            result.move = w[1];
            result.elapsed = std::chrono::duration_cast<milliseconds>(Clock::now() - t0);
            return result;
        }
    }
}

void UsiEngine::quit() {
    if (!process_->running()) return;
    process_->send("quit");
    for (int i = 0; i < 50 && process_->running(); ++i) std::this_thread::sleep_for(milliseconds(10));
    process_->kill();
}

}  // namespace menagerie
