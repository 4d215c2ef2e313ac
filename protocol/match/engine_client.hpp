#pragma once
// The client side of the engine protocols, for the match runner: one interface, whatever the engine speaks
// (USI in protocol/usi_client.*, XBoard/CECP in protocol/xboard_client.*). Moves cross it in our USI notation;
// a client translates them to and from the engine's own. Every wait has a deadline, and an engine that misses
// one, crashes or talks nonsense is reported with the reason, never waited on forever.
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/result.hpp"

namespace menagerie {

enum class EngineProtocol { Usi, Xboard };

// Rule settings a match is played by (a game's G::rule_options, e.g. chu's ChuRules=lishogi): name, value.
using RuleSettings = std::vector<std::pair<std::string, std::string>>;

struct EngineSpec {
    std::string name;                                          // for tables and records
    std::vector<std::string> argv;                             // the command and its arguments
    std::vector<std::pair<std::string, std::string>> options;  // engine options, in order
    EngineProtocol protocol = EngineProtocol::Usi;
    std::vector<std::string> init;  // XBoard: commands sent after the handshake (initstr)
    std::string variant;            // the engine's name for the game, when it differs from ours
    bool usi_moves = false;         // XBoard: the engine writes moves as USI does (gnushogi), not as a2a3
    // The match's rule settings: a USI engine that declares an option of the rule's name is set to it (unless
    // its own options set it); others are assumed to play by them.
    RuleSettings rules;
};

// How a game's USI moves name squares, for translating them to XBoard's coordinates.
struct BoardNotation {
    int files = 9, ranks = 9;
    bool shogi_squares = true;  // "7g" (file from the right, rank letter from the top) or "a1" (as in chess)
};

struct TimeControl {
    int64_t movetime_ms = 0, depth = 0, nodes = 0;  // per move
    int64_t base_ms = 0, inc_ms = 0, byoyomi_ms = 0;  // clocks
    int64_t moves = 0;  // moves per session: every `moves` moves the clock gets base_ms again (0: sudden death)
    int64_t margin_ms = 1000;                         // grace beyond the allowed time before a forfeit
    bool clocked() const { return !depth && !nodes && !movetime_ms; }
    std::string text() const;  // as --tc takes it: "depth=4", "time=60000,inc=1000"
};

// The start of one game, as every engine is told it.
struct GameStart {
    std::string variant;                     // our name for the game
    std::string sfen;                        // the position the game record starts from
    bool standard_start = false;             // sfen is the game's start position
    std::vector<std::string> opening_moves;  // moves from sfen before the engines' own (USI notation)
    TimeControl tc;                          // this engine's time control
};

// One turn: the whole move list from GameStart::sfen (opening moves first) and the clocks.
struct Turn {
    const std::vector<std::string>* moves = nullptr;
    int64_t clock_ms[2] = {0, 0};  // Sente, Gote
    int side = 0;                  // the engine's side: 0 Sente, 1 Gote
    int64_t moves_to_go = 0;       // under a moves-per-session control: moves left until the clock is refilled
};

struct EngineMove {
    std::string move;             // in USI notation: a move, "resign" or "win"
    std::optional<int> score_cp;  // the last score it reported, for the side to move (mate as +-30000 - plies)
    std::chrono::milliseconds elapsed{0};
    std::vector<std::string> pv;  // the line it reported with that score (USI notation; may start with `move`)
    int depth = 0;                // the last depth and node count it reported (0: none)
    int64_t nodes = 0;
};

class EngineClient {
public:
    virtual ~EngineClient() = default;
    const std::string& name() const { return name_; }
    // A new game (usinewgame / new, variant, time control, position) and the engine ready for it.
    virtual std::optional<std::string> new_game(const GameStart& start, std::chrono::milliseconds timeout) = 0;
    // Asks for a move in the position after turn.moves, waits until the deadline. The error says what went
    // wrong (no answer in time, the engine ended, ...).
    virtual Result<EngineMove> go(const Turn& turn, std::chrono::milliseconds deadline) = 0;
    // The game is over: `result` is "1-0", "0-1" or "1/2-1/2" (for Sente), `side` the engine's.
    virtual void game_over(const std::string& result, int side, const std::string& reason) = 0;
    virtual void quit() = 0;  // quit, a short grace period, then kill
    virtual bool running() = 0;

protected:
    std::string name_;
};

// Starts the engine the spec names with its protocol's handshake, for the game `variant` (our name).
Result<std::unique_ptr<EngineClient>> start_engine(const EngineSpec& spec, const std::string& variant,
                                                   const BoardNotation& notation, std::chrono::milliseconds timeout);

// Translations between our USI moves and XBoard's coordinates ("7g7f" <-> "c3c4", "P*5e" <-> "P@e5"; a
// promotion '+' stays). Errors on text that is not a move on this board.
Result<std::string> usi_to_xboard_move(const std::string& move, const BoardNotation& n);
Result<std::string> xboard_to_usi_move(const std::string& move, const BoardNotation& n);
// Our SFEN as the FEN XBoard engines read for these games ("board[hand] w|b - - 0 N": the side letters are
// XBoard's, where White moves first).
Result<std::string> sfen_to_xboard_fen(const std::string& sfen);

}  // namespace menagerie
