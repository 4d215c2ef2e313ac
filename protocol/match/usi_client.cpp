#include "protocol/match/usi_client.hpp"

#include <algorithm>
#include <thread>

#include "engine/core/text.hpp"
#include "protocol/match/engine_output.hpp"

namespace menagerie {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {
milliseconds left_until(Clock::time_point deadline) {
    return std::max(milliseconds(0), std::chrono::duration_cast<milliseconds>(deadline - Clock::now()));
}
std::string go_command(const TimeControl& tc, const Turn& turn) {
    if (tc.depth) return "go depth " + std::to_string(tc.depth);
    if (tc.nodes) return "go nodes " + std::to_string(tc.nodes);
    if (tc.movetime_ms) return "go movetime " + std::to_string(tc.movetime_ms);
    std::string g = "go btime " + std::to_string(turn.clock_ms[0]) + " wtime " + std::to_string(turn.clock_ms[1]);
    if (tc.byoyomi_ms) g += " byoyomi " + std::to_string(tc.byoyomi_ms);
    if (tc.inc_ms) g += " binc " + std::to_string(tc.inc_ms) + " winc " + std::to_string(tc.inc_ms);
    if (turn.moves_to_go) g += " movestogo " + std::to_string(turn.moves_to_go);
    return g;
}
}  // namespace

std::string describe_wait_failure(EngineProcess& p, const std::string& name, EngineProcess::Read r,
                                  const std::string& what, milliseconds timeout) {
    if (r == EngineProcess::Read::Timeout) return "no " + what + " within " + std::to_string(timeout.count()) + " ms";
    if (r == EngineProcess::Read::Interrupted) return "interrupted";
    // Its output closed: give the process a moment to end so that the reason (exit status, signal) is known.
    for (int i = 0; i < 100 && p.running(); ++i) std::this_thread::sleep_for(milliseconds(5));
    const std::string how = p.end_reason();
    return name + " ended before " + (what == "move" ? "its move" : what) + (how.empty() ? "" : " (" + how + ")");
}

Result<std::unique_ptr<UsiEngine>> UsiEngine::start(const EngineSpec& spec, const std::string& variant,
                                                    milliseconds timeout) {
    auto process = EngineProcess::start(spec.argv);
    if (!process) return Error{process.error()};
    auto e = std::unique_ptr<UsiEngine>(new UsiEngine());
    e->process_ = std::move(process.value());
    e->name_ = spec.name.empty() ? spec.argv.front() : spec.name;
    if (!e->process_->send("usi")) return Error{e->gone("the usi command")};
    if (auto err = e->wait_for("usiok", timeout)) return Error{*err};
    // The game: our USI_Variant, or Fairy-Stockfish's UCI_Variant; a plain shogi engine needs neither.
    const std::string name = spec.variant.empty() ? variant : spec.variant;
    std::vector<std::pair<std::string, std::string>> options;
    if (e->declared_.count("USI_Variant")) options.push_back({"USI_Variant", name});
    else if (e->declared_.count("UCI_Variant")) options.push_back({"UCI_Variant", name});
    else if (name != "shogi")
        return Error{e->name_ + " declares neither USI_Variant nor UCI_Variant, so it cannot be told to play " + name};
    for (const auto& setting : spec.rules)
        if (e->declared_.count(setting.first) &&
            std::none_of(spec.options.begin(), spec.options.end(), [&](const auto& o) { return o.first == setting.first; }))
            options.push_back(setting);
    options.insert(options.end(), spec.options.begin(), spec.options.end());
    for (const auto& [option, value] : options)
        if (!e->process_->send("setoption name " + option + " value " + value))
            return Error{e->gone("setoption " + option)};
    if (!e->process_->send("isready")) return Error{e->gone("isready")};
    if (auto err = e->wait_for("readyok", timeout)) return Error{*err};
    return e;
}

std::string UsiEngine::gone(const std::string& what) {
    return describe_wait_failure(*process_, name_, EngineProcess::Read::Closed, what, milliseconds(0));
}

std::optional<std::string> UsiEngine::wait_for(const std::string& token, milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    std::string line;
    for (;;) {
        const auto r = process_->read_line(line, left_until(deadline));
        if (r == EngineProcess::Read::Timeout)
            return name_ + " did not answer '" + token + "' within " + std::to_string(timeout.count()) + " ms";
        if (r != EngineProcess::Read::Line)
            return describe_wait_failure(*process_, name_, r, "'" + token + "'", timeout);
        const UsiLine l = read_usi_line(line);
        if (token == "usiok" && l.kind == UsiLine::Kind::Id) id_name_ = l.text;
        if (token == "usiok" && l.kind == UsiLine::Kind::Option) declared_.insert(l.text);
        const auto w = split_fields(line);
        if (!w.empty() && w[0] == token) return std::nullopt;
    }
}

std::optional<std::string> UsiEngine::new_game(const GameStart& start, milliseconds timeout) {
    game_ = start;
    if (!process_->send("usinewgame") || !process_->send("isready")) return gone("a new game");
    return wait_for("readyok", timeout);
}

Result<EngineMove> UsiEngine::go(const Turn& turn, milliseconds timeout) {
    const auto t0 = Clock::now();
    const auto deadline = t0 + timeout;
    std::string position = game_.standard_start ? "position startpos" : "position sfen " + game_.sfen;
    if (!turn.moves->empty()) {
        position += " moves";
        for (const auto& m : *turn.moves) position += " " + m;
    }
    if (!process_->send(position) || !process_->send(go_command(game_.tc, turn))) return Error{gone("its move")};
    EngineMove result;
    std::string line;
    for (;;) {
        const auto r = process_->read_line(line, left_until(deadline));
        if (r != EngineProcess::Read::Line) return Error{describe_wait_failure(*process_, name_, r, "move", timeout)};
        const UsiLine l = read_usi_line(line);
        if (l.kind == UsiLine::Kind::Info) {
            // The line a score comes with is the one the score is for (empty when none comes with it).
            if (l.score_cp) {
                result.score_cp = l.score_cp;
                result.pv = l.pv;
            } else if (!l.pv.empty()) {
                result.pv = l.pv;
            }
            if (l.depth) result.depth = *l.depth;
            if (l.nodes) result.nodes = *l.nodes;
        }
        if (l.kind == UsiLine::Kind::BestMoveWithout) return Error{"bestmove without a move"};
        if (l.kind == UsiLine::Kind::BestMove) {
            result.move = l.text;
            result.elapsed = std::chrono::duration_cast<milliseconds>(Clock::now() - t0);
            return result;
        }
    }
}

void UsiEngine::game_over(const std::string& result, int side, const std::string&) {
    const bool sente_won = result == "1-0", gote_won = result == "0-1";
    const char* word = !sente_won && !gote_won ? "draw" : (sente_won == (side == 0)) ? "win" : "lose";
    process_->send(std::string("gameover ") + word);
}

void UsiEngine::quit() {
    if (!process_->running()) return;
    process_->send("quit");
    for (int i = 0; i < 50 && process_->running(); ++i) std::this_thread::sleep_for(milliseconds(10));
    process_->kill();
}

}  // namespace menagerie
