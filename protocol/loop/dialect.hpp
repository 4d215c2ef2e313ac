#pragma once
// The two text dialects of the engine loop, USI and UCI: how each writes the session's values (search info,
// results, moves) and, for UCI, how its FEN and move spelling map onto the game's own SFEN and move text.
//
// UCI (spec/protocol.md): squares in chess style (file letters from the left, rank numbers from the bottom:
// USI 7g7f is c3c4), drops P@e5, promotion '+'; the FEN is the SFEN's board, the hands in brackets after it
// ([-] when empty; pieces repeated, Sente's in upper case first) for games with drops, then `w` when Sente
// (the first player) is to move and `b` when Gote is, then the SFEN's third field with its square respelled
// (`-` for games without one), then the full-move number; mate scores count moves, not plies.
#include <string>
#include <string_view>

#include "engine/core/notation.hpp"
#include "protocol/core/output.hpp"
#include "protocol/core/session.hpp"

namespace menagerie {

enum class Dialect { Usi, Uci };

// What a dialect needs to know of the current game to spell it.
struct GameNotation {
    BoardSize size;
    SquareStyle style = SquareStyle::Shogi;  // the game's own squares (USI)
    bool hands = true;                       // position strings list pieces in hand
    bool third_field = true;                 // the SFEN has a field between the side and the move number
};

class DialectWriter final : public Listener {
public:
    DialectWriter(Output& out, Dialect dialect) : out_(out), dialect_(dialect) {}
    void set_game(const GameNotation& game) { game_ = game; }
    void set_dialect(Dialect d) { dialect_ = d; }
    Dialect dialect() const { return dialect_; }
    const GameNotation& game() const { return game_; }

    void info(const SearchInfo& info) override;
    void result(const SearchResult& result) override;
    void note(std::string_view text, bool error) override;
    void line(std::string_view text) override { out_.line(text); }

    // A move in this dialect's spelling.
    std::string move(const MoveNote& m) const;
    // The info line and the final answer as this dialect writes them.
    std::string info_text(const SearchInfo& info) const;
    std::string result_text(const SearchResult& result) const;

private:
    Output& out_;
    Dialect dialect_;
    GameNotation game_;
};

// UCI's FEN of a position given as the game's SFEN, and back. Errors say which field is wrong.
Result<std::string> sfen_to_fen(std::string_view sfen, const GameNotation& game);
Result<std::string> fen_to_sfen(std::string_view fen, const GameNotation& game);

}  // namespace menagerie
