#pragma once
// The client side of USI: drives one engine process for the match runner.
#include <chrono>
#include <memory>
#include <set>
#include <string>

#include "protocol/match/engine_client.hpp"
#include "protocol/match/engine_process.hpp"

namespace menagerie {

class UsiEngine final : public EngineClient {
public:
    // Starts the engine and runs the handshake: usi / usiok, the variant and the options, isready / readyok.
    // A game other than shogi needs an engine that declares USI_Variant (or UCI_Variant).
    static Result<std::unique_ptr<UsiEngine>> start(const EngineSpec& spec, const std::string& variant,
                                                    std::chrono::milliseconds timeout);
    const std::string& id_name() const { return id_name_; }

    std::optional<std::string> new_game(const GameStart& start, std::chrono::milliseconds timeout) override;
    Result<EngineMove> go(const Turn& turn, std::chrono::milliseconds deadline) override;
    void game_over(const std::string& result, int side, const std::string& reason) override;
    void quit() override;
    bool running() override { return process_->running(); }
    std::string end_reason() const { return process_->end_reason(); }

private:
    // Reads until a line whose first word is `token`; error on timeout or end.
    std::optional<std::string> wait_for(const std::string& token, std::chrono::milliseconds timeout);
    std::string gone(const std::string& what);

    std::unique_ptr<EngineProcess> process_;
    std::string id_name_;
    std::set<std::string> declared_;  // option names from the usi answer
    GameStart game_;
};

// Says why a read ended without a line (timeout, closed, interrupted), for error messages.
std::string describe_wait_failure(EngineProcess& p, const std::string& name, EngineProcess::Read r,
                                  const std::string& what, std::chrono::milliseconds timeout);

}  // namespace menagerie
