#pragma once
// What the match runner reads in an engine's output lines, one line at a time and without any state: the
// USI and XBoard clients act on the result, and the fuzz target engine_output_fuzz reads arbitrary lines
// through the same functions.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace menagerie {

// Scores as the runner keeps them: centipawns for the side to move, a mate in n plies as 30000 - n (-30000 + n
// when mated); whatever an engine prints lands in [-kScoreLimit, kScoreLimit].
inline constexpr int kScoreLimit = 30000;
inline constexpr int kMateDistanceLimit = 10000;  // plies; a mate is worth at least 30000 - 10000

struct UsiLine {
    enum class Kind {
        Other,            // nothing the runner acts on
        Id,               // "id name X": text is X
        Option,           // "option name X ...": text is X
        Info,             // "info ...", with the score when it has one
        BestMove,         // "bestmove X ...": text is X
        BestMoveWithout,  // "bestmove" and nothing after it
    };
    Kind kind = Kind::Other;
    std::string text;
    std::optional<int> score_cp;
    // Info: what the line reports besides the score (its pv: the words after "pv", the engine's notation).
    std::optional<int> depth;
    std::optional<int64_t> nodes;
    std::vector<std::string> pv;
};
UsiLine read_usi_line(std::string_view line);

struct XboardLine {
    enum class Kind {
        Other,
        Thinking,  // "ply score time nodes pv...": score_cp
        Move,      // "move X", or the xshogi dialect's "12. ... X": text is X (XBoard's notation)
        Resign,    // "resign", "White resigns"
        Result,    // "1-0 {...}", "0-1", "1/2-1/2": the engine thinks the game over
        Refusal,   // "Illegal move ... X" or "Error ... X" naming the move the runner sent last
    };
    Kind kind = Kind::Other;
    std::string text;
    std::optional<int> score_cp;
    // Thinking: the ply, the nodes and the words of the line (XBoard's notation, move numbers as written).
    std::optional<int> depth;
    std::optional<int64_t> nodes;
    std::vector<std::string> pv;
};
// last_sent: the last move sent to the engine, as it reads it (a refusal names it).
XboardLine read_xboard_line(std::string_view line, std::string_view last_sent);

// "feature a=1 b="x y" c=2": the name/value pairs, in order.
std::vector<std::pair<std::string, std::string>> read_xboard_features(std::string_view line);

}  // namespace menagerie
