#pragma once
// Shogi (spec/shogi.md): 9x9, drops, promotion in the far three ranks, check rules, nifu, dead-end pieces,
// no pawn-drop mate, fourth repetition a draw unless one side checked throughout (that side loses).
//
// Squares are numbered file by file: square = (file - 1) * 9 + rank, where file 1..9 is USI's file digit
// (file 1 is on Sente's right) and rank 0..8 is USI's rank letter a..i (a is Gote's back rank). A file's nine
// squares are then consecutive bits, so lance and rook moves along a file are a shift away; ranks and
// diagonals are gathered with PEXT (protocol-independent tables in tables.cpp).
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "engine/core/bitboard.hpp"
#include "engine/core/game.hpp"
#include "engine/core/rule_option.hpp"
#include "engine/core/search_tuning.hpp"
#include "engine/family/search_tuning.hpp"
#include "engine/core/movelist.hpp"
#include "engine/core/outcome.hpp"
#include "engine/core/played_game.hpp"
#include "engine/core/result.hpp"
#include "engine/family/board.hpp"
#include "engine/shogi/bench.hpp"

namespace menagerie::shogi {

using Bitboard = menagerie::Bitboard<81>;

constexpr int kSquares = 81;
constexpr int file_of(int sq) { return sq / 9; }  // 0 = file 1
constexpr int rank_of(int sq) { return sq % 9; }  // 0 = rank a
constexpr int square(int file0, int rank0) { return file0 * 9 + rank0; }
// Ranks seen from a side: 0 is its far rank (where its pawns promote last).
constexpr int relative_rank(Color c, int sq) { return c == Sente ? rank_of(sq) : 8 - rank_of(sq); }

enum PieceType : uint8_t {
    NoType = 0,
    Pawn = 1, Lance, Knight, Silver, Bishop, Rook, Gold, King,
    ProPawn = 9, ProLance, ProKnight, ProSilver, Horse, Dragon,
};
constexpr int kPieceTypes = 15;
constexpr int kPromote = 8;        // a type 1..6 plus 8 is its promoted type
constexpr int kHandTypes = 8;      // hand index = type (Pawn..Gold), 0 unused
constexpr bool can_promote(int t) { return t >= Pawn && t <= Rook; }
constexpr int unpromoted(int t) { return t > King ? t - kPromote : t; }

// Pieces (type + 16 * colour) and moves (to, from or 81 + the dropped type, promotion, captured piece) are
// the shogi family's (engine/family/board.hpp).
using family::color_of;
using family::piece;
using family::type_of;
using Move = family::DropMove<kSquares>;
using family::Undo;

// Shogi's pieces for the shared board core.
struct Traits {
    static constexpr int files = 9, ranks = 9;
    static constexpr int piece_types = kPieceTypes;
    static constexpr int king = King;
    static constexpr int promoted(int t) { return can_promote(t) ? t + kPromote : 0; }
    static constexpr int unpromoted(int t) { return shogi::unpromoted(t); }
    static constexpr char letter(int t) {
        constexpr char letters[] = " PLNSBRGK";
        return t >= Pawn && t <= King ? letters[t] : 0;
    }
    static constexpr std::array<int, 7> hand_order = {Rook, Bishop, Gold, Silver, Knight, Lance, Pawn};
    static constexpr int hand_types = kHandTypes;
    static constexpr int set_count(int t) {
        constexpr int counts[] = {0, 18, 4, 4, 4, 2, 2, 4, 2};
        return t >= Pawn && t <= King ? counts[t] : 0;
    }
    static constexpr uint64_t key_seed = 0x5B0617A2D3E5C9F1ULL;
};

// Piece values for exchanges (by type), kept apart from the evaluation.
constexpr int kSeeValue[kPieceTypes] = {0, 90, 300, 330, 460, 600, 700, 510, 20000, 520, 500, 500, 500, 850, 1000};

constexpr std::size_t kMaxMoves = 600;  // the most legal moves known in a shogi position is 593
using Moves = menagerie::MoveList<Move, kMaxMoves>;

// The position: the shared board (board, hands, key, SFEN, move text, play/undo) with shogi's rules.
class Position : public family::Board<Traits> {
public:
    static Result<Position> from_sfen(std::string_view sfen);

    Result<Move> parse_move(std::string_view text) const;
    // CSA game-record notation (csa.cpp): the position as P1..P9, P+, P- and the side to move; a move as
    // +7776FU (the piece after the move).
    std::string csa_board() const;
    std::string csa_move(Move m) const;

    // Gold and the pieces that move like it (promoted pawn, lance, knight, silver).
    Bitboard golds() const {
        return by_type_[Gold] | by_type_[ProPawn] | by_type_[ProLance] | by_type_[ProKnight] | by_type_[ProSilver];
    }

    // Pieces of `by` attacking sq, given the occupancy.
    Bitboard attackers_to(int sq, Color by, const Bitboard& occ) const;
    Bitboard attackers_to(int sq, Color by) const { return attackers_to(sq, by, occupied()); }
    // Whether any piece of `by` attacks sq: attackers_to(...).any(), stopping at the first kind found.
    bool attacked(int sq, Color by, const Bitboard& occ) const;
    // Pieces giving check to the side to move (none when it has no king, as the attacker of a tsume problem).
    Bitboard checkers() const { return king_[stm_] < kSquares ? attackers_to(king_[stm_], ~stm_) : Bitboard(); }
    bool in_check() const { return king_[stm_] < kSquares && attacked(king_[stm_], ~stm_, occupied()); }
    // Own pieces that stand between own king and an enemy slider (moving them off the line exposes the king).
    Bitboard pinned(Color c) const;

    // A game ends by mate or repetition, or, where the entering-king rule is on, by the side to move declaring a
    // win (CSA 27-point rule): such a position counts as won for the side to move.
    Outcome decided() const { return declaration_rule_ && can_declare() ? Outcome::Win : Outcome::Ongoing; }
    // The CSA 27-point rule: own king in the enemy camp and not in check, at least ten other own pieces there,
    // and the pieces there plus those in hand worth 28 points for Sente, 27 for Gote (rooks and bishops,
    // promoted or not, 5; the rest 1).
    bool can_declare() const;
    // Rule settings a GUI may change: "EnteringKingRule" = "CSARule27" or "NoEnteringKing".
    std::optional<std::string> set_rule(std::string_view name, std::string_view value) {
        if (name != "EnteringKingRule") return "no such rule";
        if (value != "CSARule27" && value != "NoEnteringKing") return "expected CSARule27 or NoEnteringKing";
        declaration_rule_ = value == "CSARule27";
        return std::nullopt;
    }
    Outcome outcome() const {
        if (const Outcome d = decided(); d != Outcome::Ongoing) return d;
        return has_legal_move() ? Outcome::Ongoing : Outcome::Loss;
    }
    // Why outcome() ended the game (empty while it goes on).
    std::string outcome_reason() const {
        if (decided() != Outcome::Ongoing) return "entering-king declaration";
        if (has_legal_move()) return "";
        return in_check() ? "checkmate" : "no legal move";
    }

    void legal_moves(MoveSink<Move>& list) const;
    void tactical_moves(MoveSink<Move>& list) const;  // captures and promotions, legal
    uint64_t count_legal_moves() const;  // the same number as legal_moves, without writing the moves
    bool has_legal_move() const;
    // Whether a move (from any source) is legal here: used for input and for hash moves.
    bool is_legal(Move m) const;

    // Static exchange evaluation: the material the side to move wins (negative: loses) by the capture m and
    // the best sequence of recaptures on its square, least valuable attacker first (centipawns of
    // kSeeValue). A quiet move or a drop wins nothing and loses what the opponent's captures on its square win.
    int see(Move m) const;
    // Whether the side to move dropping a pawn on sq (in front of the enemy king) would mate: illegal.
    bool pawn_drop_mates(int sq) const;
    // A move that mates at once, or Move{} if none is found: drops and moves that give check directly, and
    // moves of a piece that stands between a slider and the enemy king (discovered check). For the search's
    // mate-threat detection; the side to move must not be in check. Plays and takes back candidates, so the
    // position is unchanged afterwards.
    Move mate_in_one();

private:
    // Count: add up the moves instead of writing them (list is then not touched); Drops: false leaves drops out.
    template <bool Evasions, bool Count, bool Drops = true>
    void generate_all(MoveSink<Move>& list, uint64_t& n, const Bitboard& checkers) const;
    template <bool Count>
    void add_piece_moves(MoveSink<Move>& list, uint64_t& n, int from, Bitboard targets) const;
    // Perft's count of the moves of the unpinned pieces: a kind of piece at a time (pawns all at once), the
    // promotion choices counted from the target sets; the same number add_piece_moves would write.
    uint64_t count_piece_moves(const Bitboard& movers, const Bitboard& targets) const;
    template <bool Count>
    void add_drops(MoveSink<Move>& list, uint64_t& n, Bitboard targets) const;

    bool declaration_rule_ = false;
};

struct Shogi {
    using Position = shogi::Position;
    using Move = shogi::Move;
    using Undo = family::Undo;
    static constexpr std::string_view name = "shogi";
    static constexpr std::string_view start_sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    static constexpr int files = 9, ranks = 9;
    static constexpr bool shogi_squares = true;
    static constexpr std::size_t max_moves = kMaxMoves;
    static constexpr int repetition_count = 4;
    // Perpetual check loses for the checking side; any other repetition is a draw.
    static constexpr Outcome repetition_outcome(bool checks_by_us, bool checks_by_them) {
        if (checks_by_us && !checks_by_them) return Outcome::Loss;
        if (checks_by_them && !checks_by_us) return Outcome::Win;
        return Outcome::Draw;
    }
    static constexpr int history_size = 2 * kPieceTypes * kSquares;
    // The drop games' selectivity (engine/family/search_tuning.hpp).
    static constexpr SearchTuning search_tuning = family::kDropGameTuning;
    static constexpr int bench_depth = kBenchDepth;  // engine/shogi/bench.hpp
    static constexpr std::span<const std::string_view> bench_positions = kBenchPositions;
    static constexpr std::array<RuleOption, 1> rule_options = {{
        {"EnteringKingRule", {"CSARule27", "NoEnteringKing"},
         "CSARule27 lets the side to move declare a win (bestmove win) by the CSA 27-point rule; NoEnteringKing turns it off"},
    }};
    static constexpr bool mate_solver = true;  // go mate uses df-pn (search/mate/mate_solver.hpp)
    // Game records (record.hpp): a record in one format ("" to tell from the text) written in another.
    static constexpr std::string_view record_formats = "kif, ki2, csa, usi";
    static Result<std::string> convert_record(std::string_view text, std::string_view from, std::string_view to);
    // A played game (a match's) as a record in one of those formats, each engine's score and line at each move
    // as the comments GUIs read (played_game.cpp). An error if a move is not legal.
    static Result<std::string> write_played_game(const PlayedGame& game, std::string_view format);
};

}  // namespace menagerie::shogi
