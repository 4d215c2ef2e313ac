#pragma once
// Shogi game records as players and GUIs keep them: KIF and KI2 (kif.cpp, ki2.cpp) and CSA (csa.cpp), read and
// written as UTF-8 text (the front converts Shift-JIS). A record is its headers, its start (a handicap or a
// diagram), its moves with their times and comments, and how it ended. Every move is read through the
// position (parse_move, legal_moves): a record with an illegal, ambiguous or unreadable move is refused whole,
// with the line it is on.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/core/result.hpp"
#include "engine/shogi/shogi.hpp"

namespace menagerie::shogi {

// How a record ends, as the last entry of its moves says (KIF 投了, CSA %TORYO, ...). The side it speaks of is
// the side to move after the last move.
enum class RecordEnd : uint8_t {
    None,         // the record just stops
    Resign,       // 投了, %TORYO: the side to move resigns
    Abort,        // 中断, %CHUDAN
    Repetition,   // 千日手, %SENNICHITE
    Impasse,      // 持将棋, %JISHOGI
    TimeUp,       // 切れ負け, %TIME_UP: the side to move lost on time
    FoulWin,      // 反則勝ち: the side to move wins by the other side's foul
    FoulLoss,     // 反則負け, %ILLEGAL_MOVE: the side to move loses by its foul
    Declaration,  // 入玉勝ち, %KACHI: the side to move declares a win (entering king)
    Mate,         // 詰み, %TSUMI: the side to move is mated
    NoMate,       // 不詰: a mating problem has no mate
    MaxMoves,     // %MAX_MOVES: the game reached its move cap (KIF and KI2 write it as 持将棋, as GUIs do)
};

struct RecordMove {
    Move move;
    int64_t time_ms = -1;               // the time the move took; -1: not recorded
    std::vector<std::string> comments;  // the comment lines after it
};

struct Record {
    // Headers in the order read, named as KIF names them (開始日時, 棋戦, 先手, 後手, ...).
    std::vector<std::pair<std::string, std::string>> headers;
    std::string start_sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
    std::vector<std::string> comments;  // before the first move (KIF `*` lines, CSA `'*` lines)
    std::vector<std::string> remarks;   // about the file, not the game: KIF `#` lines, CSA `'` lines without `*`
    std::vector<RecordMove> moves;
    RecordEnd end = RecordEnd::None;
    int64_t end_time_ms = -1;               // the time the side to move used before the end (a resignation's)
    std::vector<std::string> end_comments;  // after the end

    std::optional<std::string> header(std::string_view key) const;
    void set_header(const std::string& key, const std::string& value);
    // The position after the first `ply` moves (all of them by default).
    Position position(size_t ply = size_t(-1)) const;
};

// The standard handicaps (KIF 手合割): their names and start positions, the handicapped side (上手, Gote)
// moving first.
struct Handicap {
    std::string_view name;  // 平手, 香落ち, ...
    std::string_view sfen;
};
const std::vector<Handicap>& handicaps();
// The handicap a start position is, if any.
std::optional<std::string_view> handicap_name(std::string_view sfen);

enum class RecordFormat { Kif, Ki2, Csa, Usi };
// The format a text is in, from its content (nullopt: none of them).
std::optional<RecordFormat> detect_record_format(std::string_view text);
Result<RecordFormat> record_format_named(std::string_view name);  // "kif", "ki2", "csa", "usi"

Result<Record> read_record(std::string_view text, RecordFormat format);
Result<Record> read_kif(std::string_view text);
Result<Record> read_ki2(std::string_view text);
Result<Record> read_csa(std::string_view text);
// A USI line: "position startpos moves ..." or "position sfen SFEN moves ..." ("position" optional).
Result<Record> read_usi(std::string_view text);

std::string write_record(const Record& r, RecordFormat format);
std::string write_kif(const Record& r);
std::string write_ki2(const Record& r);
std::string write_csa(const Record& r);
std::string write_usi(const Record& r);  // one line, no newline

// A start position as KIF and KI2 draw it (後手の持駒, the board, 先手の持駒, 後手番), handicap games naming the
// sides 上手 and 下手.
std::string kif_diagram(const Position& p, bool handicap_names);

// A start position from a board (a piece by square, 0 empty), hands and the side to move, written by the core's
// notation codec (the KIF diagram's and CSA's readers).
std::string start_sfen(const std::array<uint8_t, kSquares>& board, const std::array<int, kHandTypes> (&hands)[2], Color side);

namespace record_text {
// A text's lines, without a byte order mark, '\r' endings or the empty lines at its end.
std::vector<std::string_view> lines_of(std::string_view text);
// The pieces of KIF and KI2 text, shared by their readers and writers (kif.cpp).
std::string kif_square(int sq);                      // "７六"
std::string kif_piece(int type);                     // "歩", "成香", "龍"
std::string kif_board_piece(int type);               // one character: "歩", "杏", "龍"
std::string kanji_number(int n);                     // 1..18: "一".."十八"
// Reads a square ("７六", "7六", "76") at text[i], advancing i; -1 if none.
int read_kif_square(std::string_view text, size_t& i);
// Reads a piece name at text[i] (the longest that fits), advancing i; 0 if none.
int read_kif_piece(std::string_view text, size_t& i);
// Reads "一".."十八" (or ASCII digits) at text[i], advancing i; 0 if none.
int read_kanji_number(std::string_view text, size_t& i);
// Skips ASCII blanks and the ideographic space.
void skip_blanks(std::string_view text, size_t& i);
// Whether text[i] begins a KIF or KI2 variation ("変化：", blanks allowed before the colon): the main line ends.
bool is_variation_start(std::string_view text, size_t i);
}  // namespace record_text

}  // namespace menagerie::shogi
