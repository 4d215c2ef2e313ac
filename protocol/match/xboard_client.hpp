#pragma once
// The client side of XBoard/CECP (protocol version 2, and the older xshogi dialect gnushogi speaks): drives one
// engine process for the match runner.
//
// The flow is the usual one: `new`, `variant`, the time control, `setboard` or the start position, `force` and
// the opening moves; `go` when the engine is to move first; after that each opponent move is sent as it is
// made (with `time`/`otim` before it under a clock) and the engine answers with `move X` (or "N. ... X" in
// the xshogi dialect). Moves are translated between our USI notation and XBoard coordinates unless the engine
// writes USI moves itself (usi_moves, gnushogi).
#include <chrono>
#include <map>
#include <memory>
#include <string>

#include "protocol/match/engine_client.hpp"
#include "protocol/match/engine_process.hpp"

namespace menagerie {

class XboardEngine final : public EngineClient {
public:
    static Result<std::unique_ptr<XboardEngine>> start(const EngineSpec& spec, const std::string& variant,
                                                       const BoardNotation& notation, std::chrono::milliseconds timeout);

    std::optional<std::string> new_game(const GameStart& start, std::chrono::milliseconds timeout) override;
    Result<EngineMove> go(const Turn& turn, std::chrono::milliseconds deadline) override;
    void game_over(const std::string& result, int side, const std::string& reason) override;
    void quit() override;
    bool running() override { return process_->running(); }

    // What the engine announced with `feature` (protocol 2); empty for an engine of the older dialects.
    const std::map<std::string, std::string>& features() const { return features_; }

private:
    bool send(const std::string& line) { return process_->send(line); }
    bool send_move(const std::string& usi_move);
    std::string gone(const std::string& what);
    bool feature(const std::string& name) const {
        auto it = features_.find(name);
        return it != features_.end() && it->second == "1";
    }
    std::optional<std::string> sync(std::chrono::milliseconds timeout);  // ping/pong when the engine has it
    void drain();  // drops whatever the engine printed between games
    // A thinking line's words as USI moves: move numbers and marks skipped, up to the first word that is none.
    std::vector<std::string> pv_in_usi(const std::vector<std::string>& words) const;

    std::unique_ptr<EngineProcess> process_;
    std::map<std::string, std::string> features_;
    EngineSpec spec_;
    std::string variant_;
    BoardNotation notation_;
    GameStart game_;
    size_t known_ = 0;     // moves of the game the engine has been told (or made)
    bool forced_ = true;   // in force mode: it plays no side until `go`
    int ping_ = 0;
    std::string last_sent_;  // the last move sent, as the engine reads it (to match its "Illegal move" reply)
    std::string pending_leg_;  // the first leg of a two-leg move the engine wrote on a line of its own
    bool sent_memory_ = false;
    static constexpr int kMemoryMb = 64;  // the hash size sent to engines that take `memory`
};

// Whether an XBoard engine can be given this time control (it has no nodes limit, whole seconds per move,
// and byoyomi only without a main time); the reason when it cannot.
std::optional<std::string> xboard_time_control_error(const TimeControl& tc);
// XBoard's name for one of our games (chushogi: chu, daishogi: dai), when it differs.
std::string xboard_variant_name(const std::string& variant);

}  // namespace menagerie
