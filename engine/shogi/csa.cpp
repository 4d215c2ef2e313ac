// CSA notation for shogi game records: the board as P1..P9 lines with hands, and moves like +7776FU; and CSA
// records (V2.2) read and written: N+/N- and $ headers, the start (PI with removals, P1..P9, P+/P-), moves
// with T times, ' comments and the % end.
#include <algorithm>
#include <array>

#include "engine/core/text.hpp"
#include "engine/shogi/record.hpp"
#include "engine/shogi/shogi.hpp"

namespace menagerie::shogi {

namespace {
// CSA piece names by type (promoted types as their own names).
constexpr const char* kCsaName[kPieceTypes] = {"* ", "FU", "KY", "KE", "GI", "KA", "HI", "KI",
                                               "OU", "TO", "NY", "NK", "NG", "UM", "RY"};
std::string csa_square(int sq) { return {char('1' + file_of(sq)), char('1' + rank_of(sq))}; }

int csa_type(std::string_view name) {
    for (int t = 1; t < kPieceTypes; ++t)
        if (name == kCsaName[t]) return t;
    return 0;
}
// "77" as a square; "00" as -2 (a hand); -1 if neither.
int read_csa_square(std::string_view s) {
    if (s.size() != 2 || s[0] < '0' || s[0] > '9' || s[1] < '0' || s[1] > '9') return -1;
    if (s == "00") return -2;
    if (s[0] == '0' || s[1] == '0') return -1;
    return square(s[0] - '1', s[1] - '1');
}

std::vector<std::string_view> split_commas(std::string_view line) {
    std::vector<std::string_view> out;
    for (size_t i = 0;;) {
        const size_t j = line.find(',', i);
        out.push_back(line.substr(i, j == std::string_view::npos ? std::string_view::npos : j - i));
        if (j == std::string_view::npos) return out;
        i = j + 1;
    }
}

// The CSA $ headers and the KIF names a record keeps them under.
constexpr std::pair<std::string_view, std::string_view> kCsaHeaders[] = {
    {"$EVENT", "棋戦"},          {"$SITE", "場所"},      {"$START_TIME", "開始日時"}, {"$END_TIME", "終了日時"},
    {"$TIME_LIMIT", "持ち時間"}, {"$OPENING", "戦型"},   {"$TIME", "持ち時間"},
};

constexpr std::pair<std::string_view, RecordEnd> kCsaEnds[] = {
    {"%TORYO", RecordEnd::Resign},      {"%CHUDAN", RecordEnd::Abort},        {"%SENNICHITE", RecordEnd::Repetition},
    {"%JISHOGI", RecordEnd::Impasse},   {"%TIME_UP", RecordEnd::TimeUp},      {"%ILLEGAL_MOVE", RecordEnd::FoulLoss},
    {"%KACHI", RecordEnd::Declaration}, {"%TSUMI", RecordEnd::Mate},          {"%FUZUMI", RecordEnd::NoMate},
    {"%OUTE_SENNICHITE", RecordEnd::FoulWin}, {"%HIKIWAKE", RecordEnd::Impasse}, {"%MATTA", RecordEnd::FoulLoss},
    {"%ERROR", RecordEnd::Abort},       {"%MAX_MOVES", RecordEnd::MaxMoves},
};
// The CSA server's result messages that say how a game ended, seen from the side to move.
constexpr std::pair<std::string_view, RecordEnd> kCsaServerEnds[] = {
    {"#RESIGN", RecordEnd::Resign},   {"#TIME_UP", RecordEnd::TimeUp},    {"#SENNICHITE", RecordEnd::Repetition},
    {"#JISHOGI", RecordEnd::Impasse}, {"#MAX_MOVES", RecordEnd::MaxMoves}, {"#CHUDAN", RecordEnd::Abort},
};
}  // namespace

std::string Position::csa_board() const {
    std::string s;
    for (int r = 0; r < 9; ++r) {
        s += "P" + std::to_string(r + 1);
        for (int f = 8; f >= 0; --f) {
            const uint8_t pc = board_[square(f, r)];
            if (!pc) s += " * ";
            else s += std::string(color_of(pc) == Sente ? "+" : "-") + kCsaName[type_of(pc)];
        }
        s += "\n";
    }
    for (int c = 0; c < 2; ++c) {
        s += c == Sente ? "P+" : "P-";
        for (int t : {int(Rook), int(Bishop), int(Gold), int(Silver), int(Knight), int(Lance), int(Pawn)})
            for (int n = 0; n < hand_[c][t]; ++n) s += std::string("00") + kCsaName[t];
        s += "\n";
    }
    return s + (stm_ == Sente ? "+\n" : "-\n");
}

std::string Position::csa_move(Move m) const {
    std::string s = stm_ == Sente ? "+" : "-";
    if (m.is_drop()) return s + "00" + csa_square(m.to()) + kCsaName[m.drop_type()];
    const int t = type_of(board_[m.from()]);
    return s + csa_square(m.from()) + csa_square(m.to()) + kCsaName[m.promotes() ? t + kPromote : t];
}

Result<Record> read_csa(std::string_view text) {
    if (text.substr(0, 3) == "\xEF\xBB\xBF") text.remove_prefix(3);
    Record r;
    // The start: a board (from PI or P1..P9), hands, the side; then the moves.
    std::array<uint8_t, kSquares> board{};
    std::array<int, kHandTypes> hands[2] = {};
    bool have_board = false, have_side = false, ended = false;
    Color side = Sente;
    std::optional<Position> pos;
    int line_number = 0;
    auto fail = [&](const std::string& why) { return Error{"line " + std::to_string(line_number) + ": " + why}; };
    auto start = [&]() -> std::optional<Error> {
        if (pos) return std::nullopt;
        if (!have_board) return fail("a move before the start position (PI or P1..P9)");
        const std::string sfen = start_sfen(board, hands, side);
        auto p = Position::from_sfen(sfen);
        if (!p) return fail("the start position: " + p.error());
        pos = p.value();
        r.start_sfen = pos->sfen();
        return std::nullopt;
    };
    // Pieces "00FU" (to the hand), "77FU" (on the board), "00AL" (the rest of the set to the hand).
    auto place = [&](std::string_view items, Color c) -> std::optional<Error> {
        if (items.size() % 4) return fail("pieces come as four characters each, such as 00FU or 77KY");
        for (size_t i = 0; i < items.size(); i += 4) {
            const int sq = read_csa_square(items.substr(i, 2));
            const std::string_view name = items.substr(i + 2, 2);
            if (sq == -2 && name == "AL") {
                std::array<int, kPieceTypes> left{};
                for (int t = Pawn; t <= Gold; ++t) left[size_t(t)] = Traits::set_count(t) - hands[0][size_t(t)] - hands[1][size_t(t)];
                for (uint8_t pc : board)
                    if (pc) --left[size_t(unpromoted(type_of(pc)))];
                for (int t = Pawn; t <= Gold; ++t) hands[c][size_t(t)] += std::max(0, left[size_t(t)]);
                continue;
            }
            const int t = csa_type(name);
            if (sq == -1 || !t) return fail("not a piece and square: '" + std::string(items.substr(i, 4)) + "'");
            if (sq == -2) {
                if (t < Pawn || t > Gold) return fail("a " + std::string(name) + " cannot be in hand");
                ++hands[c][size_t(t)];
            } else {
                board[size_t(sq)] = piece(c, t);
            }
            have_board = true;
        }
        return std::nullopt;
    };
    std::string_view rest = text;
    while (!rest.empty()) {
        size_t end = rest.find('\n');
        std::string_view line = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
        ++line_number;
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
        if (line.empty()) continue;
        if (line[0] == '\'') {
            // "'*" comments a move or the start (as GUIs write them; "'**" holds a program's analysis); a
            // plain "'" line is a remark about the file.
            if (line.size() < 2 || line[1] != '*') {
                r.remarks.emplace_back(line.substr(1));
                continue;
            }
            std::string c(line.substr(2));
            if (ended) r.end_comments.push_back(c);
            else if (r.moves.empty()) r.comments.push_back(c);
            else r.moves.back().comments.push_back(c);
            continue;
        }
        if (line[0] == '#') {
            // The CSA server's messages that a client kept in its record (#RESIGN, #TIME_UP, #WIN, #LOSE, ...):
            // a remark, and the end they report where the record has none of its own (a flag fall is often
            // only "#TIME_UP": the side to move ran out of time). #WIN, #LOSE and #DRAW are the client's view.
            for (const auto& [word, end_word] : kCsaServerEnds)
                if (!ended && line == word) {
                    if (auto e = start()) return *e;
                    r.end = end_word;
                    ended = true;
                }
            r.remarks.emplace_back(line);
            continue;
        }
        // Statements separated by commas, but for names and $ headers, whose values may hold commas.
        const bool whole = line[0] == 'N' || line[0] == '$';
        for (std::string_view st : whole ? std::vector<std::string_view>{line} : split_commas(line)) {
            while (!st.empty() && (st.back() == ' ' || st.back() == '\t')) st.remove_suffix(1);
            if (st.empty()) continue;
            const char c0 = st[0];
            if (c0 == 'V') continue;  // the version
            if (c0 == 'N' && st.size() >= 2 && (st[1] == '+' || st[1] == '-')) {
                r.set_header(st[1] == '+' ? "先手" : "後手", std::string(st.substr(2)));
                continue;
            }
            if (c0 == '$') {
                const size_t colon = st.find(':');
                if (colon == std::string_view::npos) return fail("a $ header without ':': " + std::string(st));
                const std::string key(st.substr(0, colon));
                std::string name = key.substr(1);
                for (const auto& [csa, kif] : kCsaHeaders)
                    if (key == csa) name = std::string(kif);
                r.set_header(name, std::string(st.substr(colon + 1)));
                continue;
            }
            if (c0 == 'P') {
                if (pos) return fail("a position line after the moves began");
                if (st.size() >= 2 && st[1] == 'I') {
                    const std::string_view standard = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
                    const Position p = Position::from_sfen(standard).value();
                    for (int sq = 0; sq < kSquares; ++sq) board[size_t(sq)] = p.at(sq);
                    hands[0] = hands[1] = {};
                    have_board = true;
                    const std::string_view removed = st.substr(2);
                    if (removed.size() % 4) return fail("PI removals come as four characters each, such as 82HI");
                    for (size_t i = 0; i < removed.size(); i += 4) {
                        const int sq = read_csa_square(removed.substr(i, 2));
                        const int t = csa_type(removed.substr(i + 2, 2));
                        if (sq < 0 || !t || !board[size_t(sq)] || type_of(board[size_t(sq)]) != t)
                            return fail("PI removes no such piece: '" + std::string(removed.substr(i, 4)) + "'");
                        board[size_t(sq)] = 0;
                    }
                    continue;
                }
                if (st.size() >= 2 && st[1] >= '1' && st[1] <= '9') {
                    const int rank = st[1] - '1';
                    std::string cells(st.substr(2));
                    if (cells.size() < 27) cells.resize(27, ' ');  // an empty last cell's blanks trimmed
                    if (cells.size() != 27) return fail("a board row has nine cells of three characters: " + std::string(st));
                    for (int i = 0; i < 9; ++i) {
                        const std::string_view cell = std::string_view(cells).substr(size_t(i) * 3, 3);
                        const int sq = square(8 - i, rank);
                        if (cell == " * ") {
                            board[size_t(sq)] = 0;
                            continue;
                        }
                        const int t = csa_type(cell.substr(1));
                        if ((cell[0] != '+' && cell[0] != '-') || !t) return fail("not a cell: '" + std::string(cell) + "'");
                        board[size_t(sq)] = piece(cell[0] == '+' ? Sente : Gote, t);
                    }
                    have_board = true;
                    continue;
                }
                if (st.size() >= 2 && (st[1] == '+' || st[1] == '-')) {
                    if (auto e = place(st.substr(2), st[1] == '+' ? Sente : Gote)) return *e;
                    continue;
                }
                return fail("unreadable position line: " + std::string(st));
            }
            if ((c0 == '+' || c0 == '-') && st.size() == 1) {
                if (pos) return fail("a side to move after the moves began");
                side = c0 == '+' ? Sente : Gote;
                have_side = true;
                continue;
            }
            if (c0 == '+' || c0 == '-') {
                if (auto e = start()) return *e;
                if (ended) return fail("a move after the end of the game");
                if (st.size() != 7) return fail("a move is a sign, two squares and a piece, such as +7776FU: " + std::string(st));
                if ((c0 == '+' ? Sente : Gote) != pos->side()) return fail(std::string(st) + ": it is the other side's turn");
                const int from = read_csa_square(st.substr(1, 2)), to = read_csa_square(st.substr(3, 2));
                const int t = csa_type(st.substr(5, 2));
                if (to < 0 || from == -1 || !t) return fail("unreadable move: " + std::string(st));
                std::string usi;
                if (from == -2) {
                    if (t < Pawn || t > Gold) return fail(std::string(st) + ": a " + std::string(st.substr(5)) + " cannot be dropped");
                    usi = std::string{Traits::letter(t), '*', char('1' + file_of(to)), char('a' + rank_of(to))};
                } else {
                    const uint8_t pc = pos->at(from);
                    if (!pc || color_of(pc) != pos->side())
                        return fail(std::string(st) + ": no piece of the side to move on " + std::string(st.substr(1, 2)));
                    const int before = type_of(pc);
                    const bool promotes = t != before;
                    if (promotes && (!can_promote(before) || before + kPromote != t))
                        return fail(std::string(st) + ": the piece on " + std::string(st.substr(1, 2)) + " is a " + kCsaName[before]);
                    usi = pos->move_text(Move::make(from, to, promotes));
                }
                auto m = pos->parse_move(usi);
                if (!m) return fail(std::string(st) + ": " + m.error());
                r.moves.push_back({m.value(), -1, {}});
                pos->play(m.value());
                continue;
            }
            if (c0 == 'T') {
                int64_t seconds = 0;
                size_t i = 1;
                for (; i < st.size() && st[i] >= '0' && st[i] <= '9' && seconds < 100000000; ++i) seconds = seconds * 10 + (st[i] - '0');
                if (i == 1) return fail("unreadable time: " + std::string(st));
                int64_t ms = seconds * 1000;
                if (i < st.size() && st[i] == '.') {  // V3's fractions
                    int64_t scale = 100;
                    for (++i; i < st.size() && st[i] >= '0' && st[i] <= '9'; ++i, scale /= 10) ms += (st[i] - '0') * scale;
                }
                if (i != st.size()) return fail("unreadable time: " + std::string(st));
                if (ended) r.end_time_ms = ms;
                else if (!r.moves.empty()) r.moves.back().time_ms = ms;
                continue;
            }
            if (c0 == '%') {
                if (auto e = start()) return *e;
                if (ended) return fail("a second end: " + std::string(st));
                bool known = false;
                if (st == "%+ILLEGAL_ACTION" || st == "%-ILLEGAL_ACTION") {
                    // That side's foul: the side to move loses if it is that side, else wins.
                    r.end = (st[1] == '+') == (pos->side() == Sente) ? RecordEnd::FoulLoss : RecordEnd::FoulWin;
                    known = true;
                }
                for (const auto& [word, e] : kCsaEnds)
                    if (st == word) r.end = e, known = true;
                if (!known) return fail("unknown end: " + std::string(st));
                ended = true;
                continue;
            }
            return fail("unreadable line: " + std::string(st));
        }
    }
    (void)have_side;
    if (!pos && have_board)
        if (auto e = start()) return *e;
    if (!pos) return Error{"no start position (PI or P1..P9)"};
    return r;
}

std::string write_csa(const Record& r) {
    const Position start = Position::from_sfen(r.start_sfen).value();
    std::string s = "V2.2\n";
    for (const std::string& c : r.remarks) s += "'" + c + "\n";
    auto header = [&](const char* kif) { return r.header(kif); };
    if (auto v = header("先手")) s += "N+" + *v + "\n";
    else if (auto v2 = header("下手")) s += "N+" + *v2 + "\n";
    if (auto v = header("後手")) s += "N-" + *v + "\n";
    else if (auto v2 = header("上手")) s += "N-" + *v2 + "\n";
    for (const auto& header_kv : r.headers) {
        const std::string& k = header_kv.first;
        const std::string& v = header_kv.second;
        if (k == "先手" || k == "後手" || k == "下手" || k == "上手") continue;
        std::string key = "$" + k;
        for (const auto& [csa, kif] : kCsaHeaders)
            if (k == kif) {
                key = std::string(csa);
                break;
            }
        // A key CSA does not have stays a comment, so that nothing is lost.
        const bool known = std::any_of(std::begin(kCsaHeaders), std::end(kCsaHeaders), [&](const auto& h) { return h.second == k; });
        s += known ? key + ":" + v + "\n" : "'" + k + "：" + v + "\n";  // read back as a remark
    }
    // The start: PI with the pieces a handicap removes, or the board.
    const auto handicap = handicap_name(r.start_sfen);
    if (handicap) {
        const Position full = Position::from_sfen("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1").value();
        s += "PI";
        for (int sq = 0; sq < kSquares; ++sq)
            if (full.at(sq) && !start.at(sq)) s += csa_square(sq) + kCsaName[type_of(full.at(sq))];
        s += start.side() == Sente ? "\n+\n" : "\n-\n";
    } else {
        s += start.csa_board();
    }
    for (const std::string& c : r.comments) s += "'*" + c + "\n";
    Position p = start;
    for (const RecordMove& m : r.moves) {
        s += p.csa_move(m.move) + "\n";
        if (m.time_ms >= 0) s += "T" + std::to_string(m.time_ms / 1000) + "\n";
        for (const std::string& c : m.comments) s += "'*" + c + "\n";
        p.play(m.move);
    }
    if (r.end != RecordEnd::None) {
        std::string end;
        if (r.end == RecordEnd::FoulWin) end = p.side() == Sente ? "%-ILLEGAL_ACTION" : "%+ILLEGAL_ACTION";
        else
            for (const auto& [word, e] : kCsaEnds)
                if (e == r.end) {
                    end = std::string(word);
                    break;
                }
        s += end + "\n";
        if (r.end_time_ms >= 0) s += "T" + std::to_string(r.end_time_ms / 1000) + "\n";
        for (const std::string& c : r.end_comments) s += "'*" + c + "\n";
    }
    return s;
}

}  // namespace menagerie::shogi
