#pragma once
// A game as it was played, whatever the game: what the match runner (and any other front) hands to a game's
// record writers (G::write_played_game, shogi's KIF and CSA), which know their format's words. Moves are in the
// game's USI notation; scores are for the side that moved, in centipawns, a mate in n plies as +-(30000 - n).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/outcome.hpp"

namespace menagerie {

struct PlayedMove {
    std::string move;             // USI
    int64_t time_ms = -1;         // the time the mover took; -1: none recorded (an opening's move)
    std::optional<int> score;     // the mover's last reported score, for itself
    std::vector<std::string> pv;  // the mover's line after this move (the move itself not repeated)
    int depth = 0;                // of that line; 0: not reported
    int64_t nodes = 0;            // 0: not reported
};

// How the game ended, as far as a record format can say it; `loser` below is the side PlayedGame::result says
// lost.
enum class PlayedEnd : uint8_t {
    None,         // unfinished (the record just stops)
    Rules,        // the rules ended it: mate, stalemate, a bare king, ...
    Repetition,   // the repetition rule: a draw, or a loss for the side the rule blames
    Declaration,  // a declaration win (shogi's entering king): `loser` lost to it
    MoveCap,      // a draw at the match's move cap
    Resignation,  // `loser` resigned
    TimeForfeit,  // `loser` ran out of time or gave no move
    IllegalMove,  // `loser` played an illegal move (or refused a legal one, or claimed a win the rules deny)
    Other,        // adjudication, an engine's failure, an interruption: `reason` says
};

struct PlayedGame {
    std::string sente, gote;     // the players
    std::string event;           // the match, tournament or site
    std::string started, ended;  // "YYYY/MM/DD HH:MM:SS" (UTC), or empty
    std::string time_control;    // as the front writes it, or empty
    std::string start_sfen;
    std::vector<PlayedMove> moves;   // from start_sfen
    Outcome result = Outcome::Draw;  // for Sente
    PlayedEnd end = PlayedEnd::None;
    std::string reason;  // the front's words for the end ("Gote: resigned", "adjudicated draw", ...)
};

}  // namespace menagerie
