// KIF game records (the Kakinoki format that Kifu for Windows, ShogiGUI, ShogiHome and lishogi write): headers
// `key：value`, the start as a 手合割 handicap or a board diagram, numbered moves like `７六歩(77)` with their
// time `( 0:12/00:01:30)`, `*` comment lines, and the end (投了, 千日手, ...). Also what every format shares:
// the handicaps, the record's position, format detection and the USI line.
#include <algorithm>
#include <array>
#include <cstdio>

#include "engine/core/text.hpp"
#include "engine/shogi/ki2.hpp"
#include "engine/shogi/record.hpp"

namespace menagerie::shogi {

namespace {

constexpr std::string_view kStart = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

// Names by piece type; the board's one-character names; and the other names read.
constexpr std::array<std::string_view, kPieceTypes> kName = {"",   "歩", "香", "桂", "銀", "角", "飛", "金",
                                                             "玉", "と", "成香", "成桂", "成銀", "馬", "龍"};
constexpr std::array<std::string_view, kPieceTypes> kBoardName = {"",   "歩", "香", "桂", "銀", "角", "飛", "金",
                                                                  "玉", "と", "杏", "圭", "全", "馬", "龍"};
constexpr std::pair<std::string_view, int> kOtherNames[] = {{"王", King}, {"竜", Dragon}, {"杏", ProLance},
                                                            {"圭", ProKnight}, {"全", ProSilver}, {"仝", ProSilver}};
constexpr std::array<std::string_view, 10> kKanjiDigit = {"", "一", "二", "三", "四", "五", "六", "七", "八", "九"};
constexpr std::array<std::string_view, 10> kWideDigit = {"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"};

constexpr std::pair<std::string_view, RecordEnd> kEndWords[] = {
    {"投了", RecordEnd::Resign},       {"中断", RecordEnd::Abort},         {"千日手", RecordEnd::Repetition},
    {"持将棋", RecordEnd::Impasse},    {"切れ負け", RecordEnd::TimeUp},    {"時間切れ", RecordEnd::TimeUp},
    {"反則勝ち", RecordEnd::FoulWin},  {"反則負け", RecordEnd::FoulLoss},  {"入玉勝ち", RecordEnd::Declaration},
    {"詰み", RecordEnd::Mate},         {"不詰", RecordEnd::NoMate},
};

bool starts(std::string_view text, size_t i, std::string_view word) { return text.substr(i, word.size()) == word; }

std::string trim(std::string_view s) {
    size_t i = 0;
    record_text::skip_blanks(s, i);
    s.remove_prefix(i);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    while (s.size() >= 3 && s.substr(s.size() - 3) == "　") s.remove_suffix(3);
    return std::string(s);
}

// "m:ss" (the move) or "h:mm:ss" (the total) as seconds; -1 if not a time.
int64_t read_clock(std::string_view s) {
    int64_t total = 0, part = 0;
    bool digit = false;
    for (char ch : s) {
        if (ch >= '0' && ch <= '9') {
            part = part * 10 + (ch - '0');
            digit = true;
            if (part > 100000000) return -1;
        } else if (ch == ':' && digit) {
            total = total * 60 + part;
            part = 0;
            digit = false;
        } else if (ch != ' ') {
            return -1;
        }
    }
    if (!digit) return -1;
    total = total * 60 + part;
    return total <= 100000000 ? total : -1;  // as CSA's T reads them: up to 10^8 seconds
}

std::string clock_text(int64_t seconds, bool hours) {
    char buf[32];
    if (hours) std::snprintf(buf, sizeof buf, "%02lld:%02lld:%02lld", (long long)(seconds / 3600), (long long)(seconds / 60 % 60), (long long)(seconds % 60));
    else std::snprintf(buf, sizeof buf, "%2lld:%02lld", (long long)(seconds / 60), (long long)(seconds % 60));
    return buf;
}

// Hands of a board diagram: "飛　角二　歩十八" or "なし".
std::optional<std::string> read_hand(std::string_view text, std::array<int, kHandTypes>& hand) {
    size_t i = 0;
    record_text::skip_blanks(text, i);
    if (starts(text, i, "なし")) return std::nullopt;
    while (i < text.size()) {
        const int t = record_text::read_kif_piece(text, i);
        if (t < Pawn || t > Gold) return "not a piece in hand at '" + std::string(text.substr(i, 12)) + "'";
        int n = record_text::read_kanji_number(text, i);
        hand[size_t(t)] += n ? n : 1;
        record_text::skip_blanks(text, i);
    }
    return std::nullopt;
}

}  // namespace

namespace record_text {

std::vector<std::string_view> lines_of(std::string_view text) {
    if (starts(text, 0, "\xEF\xBB\xBF")) text.remove_prefix(3);  // a byte order mark
    std::vector<std::string_view> out;
    size_t i = 0;
    while (i <= text.size()) {
        size_t j = text.find('\n', i);
        if (j == std::string_view::npos) j = text.size();
        std::string_view line = text.substr(i, j - i);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        out.push_back(line);
        i = j + 1;
    }
    while (!out.empty() && out.back().empty()) out.pop_back();
    return out;
}

std::string kif_square(int sq) {
    return std::string(kWideDigit[size_t(file_of(sq) + 1)]) + std::string(kKanjiDigit[size_t(rank_of(sq) + 1)]);
}
std::string kif_piece(int type) { return std::string(kName[size_t(type)]); }
std::string kif_board_piece(int type) { return std::string(kBoardName[size_t(type)]); }
std::string kanji_number(int n) {
    if (n <= 0) return "";
    if (n < 10) return std::string(kKanjiDigit[size_t(n)]);
    return (n / 10 > 1 ? std::string(kKanjiDigit[size_t(n / 10)]) : std::string()) + "十" +
           std::string(kKanjiDigit[size_t(n % 10)]);
}

void skip_blanks(std::string_view text, size_t& i) {
    for (;;) {
        if (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
        else if (starts(text, i, "　")) i += 3;
        else return;
    }
}

bool is_variation_start(std::string_view text, size_t i) {
    if (!starts(text, i, "変化")) return false;
    i += std::string_view("変化").size();
    skip_blanks(text, i);
    return starts(text, i, "：") || starts(text, i, ":");
}

// A digit 1..9, full width, ASCII or a kanji numeral.
static int read_digit(std::string_view text, size_t& i, bool kanji) {
    if (i < text.size() && text[i] >= '1' && text[i] <= '9') return text[i++] - '0';
    for (int d = 1; d <= 9; ++d) {
        const std::string_view w = kanji ? kKanjiDigit[size_t(d)] : kWideDigit[size_t(d)];
        if (starts(text, i, w)) {
            i += w.size();
            return d;
        }
    }
    return 0;
}

int read_kif_square(std::string_view text, size_t& i) {
    size_t j = i;
    const int file = read_digit(text, j, false);
    if (!file) return -1;
    int rank = read_digit(text, j, true);
    if (!rank) rank = read_digit(text, j, false);
    if (!rank) return -1;
    i = j;
    return square(file - 1, rank - 1);
}

int read_kif_piece(std::string_view text, size_t& i) {
    for (int t = ProLance; t <= ProSilver; ++t)  // the two-character names first
        if (starts(text, i, kName[size_t(t)])) return i += kName[size_t(t)].size(), t;
    for (int t = Pawn; t < kPieceTypes; ++t)
        if (!kName[size_t(t)].empty() && kName[size_t(t)].size() == 3 && starts(text, i, kName[size_t(t)]))
            return i += 3, t;
    for (const auto& [name, t] : kOtherNames)
        if (starts(text, i, name)) return i += name.size(), t;
    return 0;
}

int read_kanji_number(std::string_view text, size_t& i) {
    if (i < text.size() && text[i] >= '0' && text[i] <= '9') {
        int n = 0;
        while (i < text.size() && text[i] >= '0' && text[i] <= '9' && n < 1000) n = n * 10 + (text[i++] - '0');
        return n;
    }
    int tens = 0;
    size_t j = i;
    int d = read_digit(text, j, true);
    if (starts(text, j, "十")) {
        tens = d ? d : 1;
        j += 3;
        d = read_digit(text, j, true);
    }
    if (!tens && !d) return 0;
    i = j;
    return tens * 10 + d;
}

}  // namespace record_text

using namespace record_text;

// ---- What every format shares ----

std::optional<std::string> Record::header(std::string_view key) const {
    for (const auto& [k, v] : headers)
        if (k == key) return v;
    return std::nullopt;
}

void Record::set_header(const std::string& key, const std::string& value) {
    for (auto& [k, v] : headers)
        if (k == key) {
            v = value;
            return;
        }
    headers.emplace_back(key, value);
}

Position Record::position(size_t ply) const {
    Position p = Position::from_sfen(start_sfen).value();
    for (size_t i = 0; i < moves.size() && i < ply; ++i) p.play(moves[i].move);
    return p;
}

std::string start_sfen(const std::array<uint8_t, kSquares>& board, const std::array<int, kHandTypes> (&hands)[2], Color side) {
    BoardCells b;
    b.size = Position::kSize;
    b.cells.resize(size_t(kSquares));
    for (int sq = 0; sq < kSquares; ++sq)
        if (board[size_t(sq)]) b.cells[size_t(Position::cell_of(sq))] = Position::piece_text(board[size_t(sq)]);
    for (int c = 0; c < 2; ++c)
        for (int t : Traits::hand_order)
            if (hands[c][size_t(t)]) b.hands[c].emplace_back(std::string(1, Traits::letter(t)), hands[c][size_t(t)]);
    return write_board_field(b) + (side == Sente ? " b " : " w ") + write_hands_field(b) + " 1";
}

const std::vector<Handicap>& handicaps() {
    static const std::vector<Handicap> list = {
        {"平手", kStart},
        {"香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"右香落ち", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"三枚落ち", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"五枚落ち", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"左五枚落ち", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"左七枚落ち", "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"右七枚落ち", "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
        {"十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    };
    return list;
}

std::optional<std::string_view> handicap_name(std::string_view sfen) {
    // The move number aside: a start is the board, the side and the hands.
    auto key = [](std::string_view s) {
        const auto f = split_fields(s);
        std::string k;
        for (size_t i = 0; i < f.size() && i < 3; ++i) k += std::string(f[i]) + " ";
        return k;
    };
    for (const Handicap& h : handicaps())
        if (key(h.sfen) == key(sfen)) return h.name;
    return std::nullopt;
}

std::optional<RecordFormat> detect_record_format(std::string_view text) {
    const auto lines = lines_of(text);
    bool ki2_moves = false, kif_moves = false, kif_header = false;
    for (std::string_view line : lines) {
        size_t i = 0;
        record_text::skip_blanks(line, i);
        const std::string_view l = line.substr(i);
        if (l.empty()) continue;
        if (starts(l, 0, "position ") || starts(l, 0, "startpos") || starts(l, 0, "sfen ")) return RecordFormat::Usi;
        if (starts(l, 0, "V2") || starts(l, 0, "PI") || starts(l, 0, "P1") || starts(l, 0, "N+") ||
            starts(l, 0, "N-") || starts(l, 0, "$EVENT") ||
            ((l[0] == '+' || l[0] == '-') && l.size() >= 7 && l[1] >= '0' && l[1] <= '9'))
            return RecordFormat::Csa;
        if (starts(l, 0, "手数") || (l[0] >= '0' && l[0] <= '9')) kif_moves = true;
        if (starts(l, 0, "▲") || starts(l, 0, "△") || starts(l, 0, "☗") || starts(l, 0, "☖")) ki2_moves = true;
        if (l.find("：") != std::string_view::npos || starts(l, 0, "#") || starts(l, 0, "|")) kif_header = true;
    }
    if (kif_moves) return RecordFormat::Kif;
    if (ki2_moves) return RecordFormat::Ki2;
    if (kif_header) return RecordFormat::Kif;
    return std::nullopt;
}

Result<RecordFormat> record_format_named(std::string_view name) {
    if (name == "kif" || name == "kifu") return RecordFormat::Kif;
    if (name == "ki2" || name == "ki2u") return RecordFormat::Ki2;
    if (name == "csa") return RecordFormat::Csa;
    if (name == "usi") return RecordFormat::Usi;
    return Error{"unknown record format '" + std::string(name) + "' (kif, ki2, csa or usi)"};
}

Result<Record> read_record(std::string_view text, RecordFormat format) {
    switch (format) {
        case RecordFormat::Kif: return read_kif(text);
        case RecordFormat::Ki2: return read_ki2(text);
        case RecordFormat::Csa: return read_csa(text);
        case RecordFormat::Usi: return read_usi(text);
    }
    return Error{"unknown record format"};
}

Result<std::string> Shogi::convert_record(std::string_view text, std::string_view from, std::string_view to) {
    auto out = record_format_named(to);
    if (!out) return Error{out.error()};
    RecordFormat in;
    if (from.empty()) {
        const auto found = detect_record_format(text);
        if (!found) return Error{"the record's format is none of KIF, KI2, CSA and USI (say which with --from)"};
        in = *found;
    } else {
        auto named = record_format_named(from);
        if (!named) return Error{named.error()};
        in = named.value();
    }
    auto r = read_record(text, in);
    if (!r) return Error{r.error()};
    return write_record(r.value(), out.value());
}

std::string write_record(const Record& r, RecordFormat format) {
    switch (format) {
        case RecordFormat::Kif: return write_kif(r);
        case RecordFormat::Ki2: return write_ki2(r);
        case RecordFormat::Csa: return write_csa(r);
        case RecordFormat::Usi: return write_usi(r) + "\n";
    }
    return "";
}

Result<Record> read_usi(std::string_view text) {
    const auto lines = lines_of(text);
    std::vector<std::string_view> words;
    for (std::string_view line : lines)
        for (std::string_view w : split_fields(line)) words.push_back(w);
    size_t i = 0;
    if (i < words.size() && words[i] == "position") ++i;
    Record r;
    if (i < words.size() && words[i] == "startpos") {
        r.start_sfen = std::string(kStart);
        ++i;
    } else if (i < words.size() && words[i] == "sfen") {
        std::string sfen;
        for (++i; i < words.size() && words[i] != "moves"; ++i) sfen += (sfen.empty() ? "" : " ") + std::string(words[i]);
        r.start_sfen = sfen;
    } else {
        return Error{"expected 'position startpos' or 'position sfen SFEN', then 'moves ...'"};
    }
    auto start = Position::from_sfen(r.start_sfen);
    if (!start) return Error{start.error()};
    r.start_sfen = start.value().sfen();
    Position pos = start.value();
    if (i < words.size()) {
        if (words[i] != "moves") return Error{"expected 'moves' after the position, got '" + std::string(words[i]) + "'"};
        for (++i; i < words.size(); ++i) {
            auto m = pos.parse_move(words[i]);
            if (!m) return Error{"move " + std::to_string(r.moves.size() + 1) + ": " + m.error()};
            r.moves.push_back({m.value(), -1, {}});
            pos.play(m.value());
        }
    }
    return r;
}

std::string write_usi(const Record& r) {
    std::string s = handicap_name(r.start_sfen) == std::optional<std::string_view>("平手") ? "position startpos"
                                                                                          : "position sfen " + r.start_sfen;
    if (r.moves.empty()) return s;
    s += " moves";
    Position p = Position::from_sfen(r.start_sfen).value();
    for (const RecordMove& m : r.moves) {
        s += " " + p.move_text(m.move);
        p.play(m.move);
    }
    return s;
}

// ---- KIF ----

// The board diagram of a start position (KIF's and KI2's).
std::string kif_diagram(const Position& p, bool handicap_names) {
    auto hand = [&](Color c) {
        std::string s;
        for (int t : Traits::hand_order)
            if (p.hand(c, t)) s += kif_board_piece(t) + (p.hand(c, t) > 1 ? kanji_number(p.hand(c, t)) : "") + "　";
        return s.empty() ? std::string("なし") : s;
    };
    const char* gote = handicap_names ? "上手" : "後手";
    const char* sente = handicap_names ? "下手" : "先手";
    std::string s = std::string(gote) + "の持駒：" + hand(Gote) + "\n";
    s += "  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n";
    for (int r = 0; r < 9; ++r) {
        s += "|";
        for (int f = 8; f >= 0; --f) {
            const uint8_t pc = p.at(square(f, r));
            s += !pc ? " ・" : (color_of(pc) == Gote ? "v" : " ") + kif_board_piece(type_of(pc));
        }
        s += "|" + std::string(kKanjiDigit[size_t(r + 1)]) + "\n";
    }
    s += "+---------------------------+\n" + std::string(sente) + "の持駒：" + hand(Sente) + "\n";
    if (p.side() == Gote) s += std::string(gote) + "番\n";
    return s;
}

Result<Record> read_kif(std::string_view text) {
    const auto lines = lines_of(text);
    Record r;
    std::optional<std::string> handicap;
    // A board diagram: its rows, hands and side.
    std::vector<std::string_view> rows;
    std::array<int, kHandTypes> hands[2] = {};
    bool diagram = false;
    std::optional<Color> diagram_side;
    std::optional<Position> pos;  // set when the moves begin
    bool in_moves = false, ended = false;
    int last_number = 0;
    int last_to = -1;
    auto fail = [&](size_t line, const std::string& why) { return Error{"line " + std::to_string(line + 1) + ": " + why}; };

    // The start, once the headers are read.
    auto begin_moves = [&](size_t line) -> std::optional<Error> {
        if (pos) return std::nullopt;
        if (diagram) {
            if (rows.size() != 9) return fail(line, "the board diagram has " + std::to_string(rows.size()) + " rows, not 9");
            std::array<uint8_t, kSquares> board{};
            for (size_t rr = 0; rr < 9; ++rr) {
                std::string_view row = rows[rr];
                size_t i = 1;  // after '|'
                for (int f = 8; f >= 0; --f) {
                    if (i >= row.size()) return fail(line, "a board row is short: " + std::string(row));
                    bool gote = false;
                    if (row[i] == 'v') gote = true, ++i;
                    else if (row[i] == ' ' || row[i] == '^') ++i;
                    if (starts(row, i, "・")) {
                        i += 3;
                        continue;
                    }
                    const int t = read_kif_piece(row, i);
                    if (!t) return fail(line, "not a piece in the board diagram: " + std::string(row));
                    board[size_t(square(f, int(rr)))] = piece(gote ? Gote : Sente, t);
                }
            }
            const bool gote_first = diagram_side ? *diagram_side == Gote : handicap && *handicap != "平手";
            r.start_sfen = start_sfen(board, hands, gote_first ? Gote : Sente);
        } else if (handicap) {
            auto h = std::find_if(handicaps().begin(), handicaps().end(), [&](const Handicap& x) { return x.name == *handicap; });
            if (h == handicaps().end()) return fail(line, "unknown 手合割 '" + *handicap + "' and no board diagram");
            r.start_sfen = std::string(h->sfen);
        }
        auto p = Position::from_sfen(r.start_sfen);
        if (!p) return fail(line, "the start position: " + p.error());
        pos = p.value();
        r.start_sfen = pos->sfen();
        return std::nullopt;
    };

    for (size_t n = 0; n < lines.size(); ++n) {
        const std::string_view line = lines[n];
        size_t i = 0;
        skip_blanks(line, i);
        const std::string_view l = line.substr(i);
        if (l.empty() || l[0] == '&') continue;
        if (l[0] == '#') {
            r.remarks.emplace_back(l.substr(1));
            continue;
        }
        if (l[0] == '*') {
            std::string c(l.substr(1));
            if (ended) r.end_comments.push_back(c);
            else if (r.moves.empty()) r.comments.push_back(c);
            else r.moves.back().comments.push_back(c);
            continue;
        }
        if (is_variation_start(l, 0)) break;  // variations: the main line only
        if (starts(l, 0, "まで")) continue;                           // the summary of the result
        if (starts(l, 0, "手数")) {
            if (auto e = begin_moves(n)) return *e;
            in_moves = true;
            continue;
        }
        if (!in_moves && !pos) {
            if (l[0] == '|') {
                diagram = true;
                rows.push_back(l);
                continue;
            }
            if (l[0] == '+' || starts(l, 0, "９") || starts(l, 0, "９ ")) {
                diagram = true;  // the diagram's frame and its file numbers
                continue;
            }
            const size_t colon = l.find("：");
            const size_t ascii = l.find(':');
            const size_t at = colon != std::string_view::npos ? colon : ascii;
            const size_t width = colon != std::string_view::npos ? 3 : 1;
            if (starts(l, 0, "手数＝")) continue;  // a diagram's move count: the moves are numbered anyway
            if (starts(l, 0, "後手番") || starts(l, 0, "上手番")) {
                diagram_side = Gote;
                continue;
            }
            if (starts(l, 0, "先手番") || starts(l, 0, "下手番")) {
                diagram_side = Sente;
                continue;
            }
            // A header, unless the line is a move: numbered (whatever its time's colons), or KI2's ▲ and △.
            const bool numbered = l[0] >= '0' && l[0] <= '9';
            const bool marked = starts(l, 0, "▲") || starts(l, 0, "△") || starts(l, 0, "☗") || starts(l, 0, "☖") ||
                                starts(l, 0, "▽");
            if (marked) return fail(n, "a KI2 move in a KIF record: " + std::string(l.substr(0, 60)));
            if (at != std::string_view::npos && at > 0 && !numbered) {
                const std::string key = trim(l.substr(0, at)), value = trim(l.substr(at + width));
                if (key == "手合割") {
                    handicap = value;
                } else if (key == "後手の持駒" || key == "上手の持駒" || key == "先手の持駒" || key == "下手の持駒") {
                    diagram = true;
                    const int c = key == "先手の持駒" || key == "下手の持駒" ? Sente : Gote;
                    if (auto e = read_hand(value, hands[c])) return fail(n, *e);
                } else if (key == "手番") {
                    diagram_side = value == "後手" || value == "上手" ? Gote : Sente;
                } else {
                    r.headers.emplace_back(key, value);
                }
                continue;
            }
            if (l[0] < '0' || l[0] > '9') return fail(n, "not a header, a board row or a move: " + std::string(l.substr(0, 60)));
        }
        // A move line: its number, the move or the end, the time.
        if (auto e = begin_moves(n)) return *e;
        in_moves = true;
        if (ended) return fail(n, "a move after the end of the game");
        size_t j = i;
        int number = 0;
        while (j < line.size() && line[j] >= '0' && line[j] <= '9' && number < 100000) number = number * 10 + (line[j++] - '0');
        if (j == i) return fail(n, "expected a move number: " + std::string(l.substr(0, 60)));
        if (last_number && number != last_number + 1)
            return fail(n, "move " + std::to_string(number) + " follows move " + std::to_string(last_number));
        last_number = number;
        skip_blanks(line, j);
        // The time: the last parenthesised part holding a '/'.
        int64_t move_seconds = -1;
        std::string_view body = line.substr(j);
        while (!body.empty() && (body.back() == ' ' || body.back() == '+')) body.remove_suffix(1);
        if (!body.empty() && body.back() == ')') {
            const size_t open = body.rfind('(');
            const std::string_view inside = body.substr(open + 1, body.size() - open - 2);
            const size_t slash = inside.find('/');
            if (open != std::string_view::npos && slash != std::string_view::npos) {
                move_seconds = read_clock(inside.substr(0, slash));
                if (move_seconds < 0 || read_clock(inside.substr(slash + 1)) < 0)
                    return fail(n, "unreadable time '(" + std::string(inside) + ")'");
                body = body.substr(0, open);
            }
        }
        while (!body.empty() && body.back() == ' ') body.remove_suffix(1);
        const int64_t time_ms = move_seconds < 0 ? -1 : move_seconds * 1000;
        bool is_end = false;
        for (const auto& [word, end] : kEndWords)
            if (starts(body, 0, word)) {
                r.end = end;
                r.end_time_ms = time_ms;
                ended = is_end = true;
                break;
            }
        if (is_end) continue;
        // The move: destination (or 同), piece, 成 / 不成 / 打, origin.
        size_t k = 0;
        int to = -1;
        if (starts(body, k, "同")) {
            k += 3;
            skip_blanks(body, k);
            if (last_to < 0) return fail(n, "同 (the same square) with no move before it");
            to = last_to;
        } else {
            to = read_kif_square(body, k);
            if (to < 0) return fail(n, "expected a square such as ７六: " + std::string(body));
        }
        const int type = read_kif_piece(body, k);
        if (!type) return fail(n, "expected a piece after the square: " + std::string(body));
        Ki2Spec spec;
        spec.to = to;
        spec.type = type;
        if (starts(body, k, "不成")) spec.promote = Ki2Spec::No, k += 6;
        else if (starts(body, k, "成")) spec.promote = Ki2Spec::Yes, k += 3;
        else if (starts(body, k, "打")) spec.drop = true, k += 3;
        std::optional<Move> move;
        if (k < body.size() && body[k] == '(') {
            const size_t close = body.find(')', k);
            const std::string_view origin = close == std::string_view::npos ? std::string_view() : body.substr(k + 1, close - k - 1);
            size_t o = 0;
            const int from = read_kif_square(origin, o);
            if (from < 0 || o != origin.size() || spec.drop)
                return fail(n, "unreadable origin in " + std::string(body));
            k = close + 1;
            const uint8_t pc = pos->at(from);
            if (!pc || color_of(pc) != pos->side() || type_of(pc) != type)
                return fail(n, std::string(body) + ": no " + kif_piece(type) + " of the side to move on " +
                                   std::to_string(file_of(from) + 1) + std::to_string(rank_of(from) + 1));
            std::string usi = pos->move_text(Move::make(from, to, spec.promote == Ki2Spec::Yes));
            auto m = pos->parse_move(usi);
            if (!m) return fail(n, std::string(body) + ": " + m.error());
            move = m.value();
        } else {
            // No origin (some programs leave it out): found as KI2 finds it.
            auto m = resolve_ki2(*pos, spec);
            if (!m) return fail(n, std::string(body) + ": " + m.error());
            move = m.value();
        }
        if (k != body.size()) return fail(n, "unreadable text after the move: " + std::string(body.substr(k)));
        r.moves.push_back({*move, time_ms, {}});
        pos->play(*move);
        last_to = to;
    }
    if (!pos)
        if (auto e = begin_moves(lines.size() ? lines.size() - 1 : 0)) return *e;
    return r;
}

// The words of a record's end in KIF, and the summary line after it.
std::string_view kif_end_word(RecordEnd e) {
    if (e == RecordEnd::MaxMoves) return "持将棋";
    for (const auto& [word, end] : kEndWords)
        if (end == e) return word;
    return "";
}

std::string write_kif(const Record& r) {
    const Position start = Position::from_sfen(r.start_sfen).value();
    const auto handicap = handicap_name(r.start_sfen);
    const bool handicapped = handicap && *handicap != "平手";
    std::string s;
    for (const std::string& c : r.remarks) s += "#" + c + "\n";
    for (const auto& [k, v] : r.headers) {
        if (k == "先手" || k == "後手" || k == "下手" || k == "上手") continue;
        s += k + "：" + v + "\n";
    }
    if (handicap) s += "手合割：" + std::string(*handicap) + "\n";
    else s += kif_diagram(start, false);
    auto name = [&](const char* plain, const char* other) {
        if (auto v = r.header(plain)) return v;
        return r.header(other);
    };
    if (auto v = name(handicapped ? "下手" : "先手", handicapped ? "先手" : "下手")) s += std::string(handicapped ? "下手" : "先手") + "：" + *v + "\n";
    if (auto v = name(handicapped ? "上手" : "後手", handicapped ? "後手" : "上手")) s += std::string(handicapped ? "上手" : "後手") + "：" + *v + "\n";
    for (const std::string& c : r.comments) s += "*" + c + "\n";
    s += "手数----指手---------消費時間--\n";
    const bool timed = std::any_of(r.moves.begin(), r.moves.end(), [](const RecordMove& m) { return m.time_ms >= 0; }) ||
                       r.end_time_ms >= 0;
    int64_t total[2] = {0, 0};
    Position p = start;
    int last_to = -1;
    auto line = [&](size_t number, const std::string& text, int64_t ms, Color side) {
        char num[16];
        std::snprintf(num, sizeof num, "%4zu ", number);
        std::string l = num + text;
        if (timed) {
            // The time column: the move's text padded to a width, counting each wide character as two.
            size_t width = 0;
            for (size_t i = 0; i < text.size();) {
                const unsigned char ch = static_cast<unsigned char>(text[i]);
                const size_t len = ch < 0x80 ? 1 : ch < 0xE0 ? 2 : ch < 0xF0 ? 3 : 4;
                width += len == 1 ? 1 : 2;
                i += len;
            }
            if (width < 14) l += std::string(14 - width, ' ');
            const int64_t seconds = ms < 0 ? 0 : ms / 1000;
            total[side] += seconds;
            l += " (" + clock_text(seconds, false) + "/" + clock_text(total[side], true) + ")";
        }
        return l + "\n";
    };
    for (size_t i = 0; i < r.moves.size(); ++i) {
        const Move m = r.moves[i].move;
        std::string text = m.to() == last_to ? "同　" : kif_square(m.to());
        if (m.is_drop()) {
            text += kif_piece(m.drop_type()) + "打";
        } else {
            const int t = type_of(p.at(m.from()));
            text += kif_piece(t);
            // A move that could have promoted and did not is written without 不成, as most programs write
            // and read it (the origin already names the move); the reader takes 不成 too.
            if (m.promotes()) text += "成";
            text += "(" + std::to_string(file_of(m.from()) + 1) + std::to_string(rank_of(m.from()) + 1) + ")";
        }
        s += line(i + 1, text, r.moves[i].time_ms, p.side());
        for (const std::string& c : r.moves[i].comments) s += "*" + c + "\n";
        last_to = m.to();
        p.play(m);
    }
    if (r.end != RecordEnd::None) {
        s += line(r.moves.size() + 1, std::string(kif_end_word(r.end)), r.end_time_ms, p.side());
        for (const std::string& c : r.end_comments) s += "*" + c + "\n";
        // The summary: who won, for the ends that say.
        const char* mover = p.side() == Sente ? (handicapped ? "下手" : "先手") : (handicapped ? "上手" : "後手");
        const char* other = p.side() == Sente ? (handicapped ? "上手" : "後手") : (handicapped ? "下手" : "先手");
        const std::string played = std::to_string(r.moves.size());
        switch (r.end) {
            case RecordEnd::Resign:
            case RecordEnd::Mate:
            case RecordEnd::TimeUp:
            case RecordEnd::FoulLoss: s += "まで" + played + "手で" + other + "の勝ち\n"; break;
            case RecordEnd::FoulWin:
            case RecordEnd::Declaration: s += "まで" + played + "手で" + mover + "の勝ち\n"; break;
            case RecordEnd::Repetition: s += "まで" + played + "手で千日手\n"; break;
            case RecordEnd::Impasse:
            case RecordEnd::MaxMoves: s += "まで" + played + "手で持将棋\n"; break;
            case RecordEnd::Abort: s += "まで" + played + "手で中断\n"; break;
            default: break;
        }
    }
    return s;
}

}  // namespace menagerie::shogi
