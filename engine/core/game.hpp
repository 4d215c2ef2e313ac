#pragma once
// The Game concept: everything perft, search, solvers and the protocol may ask of a game.
#include <concepts>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/movelist.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/outcome.hpp"
#include "engine/core/result.hpp"

namespace menagerie {

template <class G>
using MoveListOf = MoveList<typename G::Move, G::max_moves>;

// A game type G bundles:
//   G::name               its USI_Variant name
//   G::start_sfen         the start position
//   G::files, G::ranks    the board's size
//   G::shogi_squares      how moves name squares: "7g" (file number from the right, rank letter from the top)
//                         or "a1" (file letter from the left, rank number from the bottom)
//   G::Move               a small value type, the move's identity (what the TT, killers and PV store);
//                         Move{} is "no move"
//   G::Undo               the record play(m, undo) fills and undo(m, undo) reads: what the move changed that
//                         the move itself does not say (the pieces it took); owned by the caller, one per ply
//   G::max_moves          an upper bound on legal moves in any position
//   G::repetition_count   the occurrence of one position (board, hands, side to move) that ends the game
//                         (0: no repetition rule)
//   G::repetition_outcome(checks_by_us, checks_by_them)
//                         what that means for the side to move, given whether each side gave check with
//                         every one of its moves in the cycle
//   G::history_size       moves map into [0, history_size) for history heuristics
//   G::bench_positions, G::bench_depth
//                         the positions `menagerie bench` searches and to what depth (engine/<game>/bench.hpp)
//   G::Position           the position, with the members listed below
//   G::hands              optional, false for a game without drops (Jungle, chu: whose SFEN's third field is
//                         the square of a lion just taken); the browser board shows hands otherwise
//   G::search_tuning      optional: the search's selectivity and time sharing for this game
//                         (engine/core/search_tuning.hpp); without it, the defaults every game began with
// Optional abilities, used where a position has them (each found by `requires`, never by a game test):
//   see(m)                     an exchange estimate: the search skips losing captures in quiescence
//   mate_in_one()              a mating move found cheaply (shogi's drops), or Move{}
//   play_null() / undo_null()  a pass for null-move pruning, in games without zugzwang to speak of
//   count_legal_moves_after(m) perft's next-to-last ply counted from the parent
//   can_declare()              a declaration win (shogi's entering king) for `bestmove win`
//   set_rule(name, value)      a rule the user may choose (G::rule_options)
//   last_move_attacks()        what the repetition rule counts instead of "gave check" (chu: the move attacked)
//   outcome_reason()           why outcome() ended the game, for `d` and match records (chu: bare king, …)
//   is_pass(m)                 the move passes (chu's jitto): engines in a match are sent `pass` for it
// and optional static abilities of G: G::record_formats with G::convert_record (game records, `convert`) and
// G::write_played_game (a match's games as records, engine/core/played_game.hpp): shogi's KIF, KI2 and CSA.
template <class G>
concept Game = requires(typename G::Position& p, const typename G::Position& cp, typename G::Move m,
                        MoveSink<typename G::Move>& list, std::string_view text, typename G::Undo& undo,
                        const typename G::Undo& cundo) {
    { G::name } -> std::convertible_to<std::string_view>;
    { G::start_sfen } -> std::convertible_to<std::string_view>;
    { G::files } -> std::convertible_to<int>;
    { G::ranks } -> std::convertible_to<int>;
    { G::shogi_squares } -> std::convertible_to<bool>;
    { G::max_moves } -> std::convertible_to<std::size_t>;
    { G::repetition_count } -> std::convertible_to<int>;
    { G::repetition_outcome(true, true) } -> std::same_as<Outcome>;
    { G::history_size } -> std::convertible_to<int>;
    { G::bench_depth } -> std::convertible_to<int>;
    { G::bench_positions.size() } -> std::convertible_to<std::size_t>;
    { G::bench_positions[0] } -> std::convertible_to<std::string_view>;
    requires std::regular<typename G::Move>;
    { G::Position::from_sfen(text) } -> std::same_as<Result<typename G::Position>>;
    { cp.sfen() } -> std::same_as<std::string>;
    { cp.parse_move(text) } -> std::same_as<Result<typename G::Move>>;  // legal moves only
    { cp.move_text(m) } -> std::same_as<std::string>;  // written from spelling(m) by the codec
    { cp.spelling(m) } -> std::same_as<MoveSpelling>;    // the squares, drop and promotion the text names
    { cp.board_cells() } -> std::same_as<BoardCells>;     // the board and hands, as SFEN writes the pieces
    {cp.legal_moves(list)};
    {cp.tactical_moves(list)};  // captures and the game's other forcing moves, for quiescence
    { cp.count_legal_moves() } -> std::convertible_to<uint64_t>;  // bulk count for perft
    requires std::semiregular<typename G::Undo>;
    {p.play(m, undo)};  // plays m and writes into undo what undoing it needs (the caller owns the record)
    {p.undo(m, cundo)};
    { cp.key() } -> std::same_as<uint64_t>;
    { cp.side() } -> std::same_as<Color>;
    { cp.outcome() } -> std::same_as<Outcome>;  // full rules, repetition aside
    { cp.decided() } -> std::same_as<Outcome>;  // ends visible without generating moves
    { cp.in_check() } -> std::same_as<bool>;    // a standing threat that forbids stand-pat
    { cp.is_capture(m) } -> std::same_as<bool>;
    {cp.for_each_captured(m, [](int) {})};  // calls f(type) for each piece the move takes (none, one or many)
    { cp.moving_type(m) } -> std::convertible_to<int>;
    { cp.history_index(m) } -> std::convertible_to<int>;
    { cp.diagram() } -> std::same_as<std::string>;  // the board as a person reads it, for `d`
};

}  // namespace menagerie
