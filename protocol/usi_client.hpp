#pragma once
// The client side of USI: drives one engine process for the match runner. Every wait has a deadline; an engine
// that misses one, crashes or talks nonsense is reported with the reason, never waited on forever.
#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/result.hpp"
#include "protocol/engine_process.hpp"

namespace menagerie {

struct EngineSpec {
    std::string name;                                          // for tables and records
    std::vector<std::string> argv;                             // the command and its arguments
    std::vector<std::pair<std::string, std::string>> options;  // setoption name/value, in order
};

struct EngineMove {
    std::string move;              // as the engine wrote it: a move, "resign" or "win"
    std::optional<int> score_cp;   // the last score it reported (mate scores as +-30000 - plies)
    std::chrono::milliseconds elapsed{0};
};

class UsiEngine {
public:
    // Starts the engine and runs the handshake: usi / usiok, the options, isready / readyok.
    static Result<std::unique_ptr<UsiEngine>> start(const EngineSpec& spec, std::chrono::milliseconds timeout);
    const std::string& name() const { return name_; }
    const std::string& id_name() const { return id_name_; }

    // usinewgame, then isready / readyok.
    std::optional<std::string> new_game(std::chrono::milliseconds timeout);
    // Sends `position ...` and `go ...` and waits for bestmove until the deadline. The error says what went wrong
    // (no answer in time, the engine ended, ...).
    Result<EngineMove> go(const std::string& position, const std::string& go, std::chrono::milliseconds deadline);
    void quit();  // quit, a short grace period, then kill
    bool running() { return process_->running(); }
    std::string end_reason() const { return process_->end_reason(); }

private:
    // Reads until a line equal to `token` (or starting with `token `); error on timeout or end.
    std::optional<std::string> wait_for(const std::string& token, std::chrono::milliseconds timeout);
    std::string gone(const std::string& what);

    std::unique_ptr<EngineProcess> process_;
    std::string name_, id_name_;
};

}  // namespace menagerie
