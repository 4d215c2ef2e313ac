// KI2 game records: KIF's headers and start, then moves as ▲７六歩　△３四歩 with the words that tell pieces
// apart, and the result only in the summary line (まで64手で後手の勝ち).
#include "engine/shogi/ki2.hpp"

#include <algorithm>
#include <array>

#include "engine/shogi/record.hpp"

namespace menagerie::shogi {

using namespace record_text;

namespace {

bool starts(std::string_view text, size_t i, std::string_view word) { return text.substr(i, word.size()) == word; }

// How far forward a move goes, as its mover sees the board (positive: toward the far side).
int forward(Color side, int from, int to) { return side == Sente ? rank_of(from) - rank_of(to) : rank_of(to) - rank_of(from); }
// How far to the mover's right a square is (files count from Sente's right).
int rightness(Color side, int sq) { return side == Sente ? -file_of(sq) : file_of(sq); }

// The candidates for a spec before its direction words: the legal moves to its square by its piece, promoting
// as it says; drops only when it says 打 or no piece on the board can go there.
std::vector<Move> candidates(const Position& pos, const Ki2Spec& s) {
    Moves list;
    pos.legal_moves(list);
    std::vector<Move> board, drops;
    for (Move m : list) {
        if (m.to() != s.to) continue;
        if (m.is_drop()) {
            if (m.drop_type() == s.type) drops.push_back(m);
            continue;
        }
        if (type_of(pos.at(m.from())) != s.type) continue;
        if (m.promotes() != (s.promote == Ki2Spec::Yes)) continue;
        board.push_back(m);
    }
    if (s.drop) return drops;
    return board.empty() ? drops : board;
}

// The pieces of the spec's type that reach its square by their movement, pinned or not (what a reader that
// ignores pins counts as candidates): a writer's words must tell the move apart from all of them.
std::vector<Move> reachers(const Position& pos, const Ki2Spec& s) {
    std::vector<Move> c;
    const Bitboard from = pos.attackers_to(s.to, pos.side(), pos.occupied());
    for (int sq = 0; sq < kSquares; ++sq)
        if (from.test(sq) && type_of(pos.at(sq)) == s.type) c.push_back(Move::make(sq, s.to, s.promote == Ki2Spec::Yes));
    return c;
}

std::vector<Move> directed(const Position& pos, std::vector<Move> c, const Ki2Spec& s) {
    const Color side = pos.side();
    auto keep = [&](auto&& ok) { std::erase_if(c, [&](Move m) { return m.is_drop() || !ok(m); }); };
    if (s.up) keep([&](Move m) { return forward(side, m.from(), m.to()) > 0; });
    if (s.down) keep([&](Move m) { return forward(side, m.from(), m.to()) < 0; });
    if (s.sideways) keep([&](Move m) { return forward(side, m.from(), m.to()) == 0; });
    if (s.straight)
        keep([&](Move m) { return file_of(m.from()) == file_of(m.to()) && forward(side, m.from(), m.to()) > 0; });
    if ((s.right || s.left) && !c.empty()) {
        int best = 0;
        bool first = true;
        for (Move m : c) {
            if (m.is_drop()) continue;
            const int x = rightness(side, m.from()) * (s.right ? 1 : -1);
            if (first || x > best) best = x, first = false;
        }
        keep([&](Move m) { return rightness(side, m.from()) * (s.right ? 1 : -1) == best; });
    }
    return c;
}

std::string usi_list(const Position& pos, const std::vector<Move>& c) {
    std::string s;
    for (Move m : c) s += (s.empty() ? "" : ", ") + pos.move_text(m);
    return s;
}

}  // namespace

Result<Move> resolve_ki2(const Position& pos, const Ki2Spec& s) {
    if (s.drop && (s.type < Pawn || s.type > Gold)) return Error{"only a piece in hand can be dropped"};
    const std::vector<Move> all = candidates(pos, s);
    const std::vector<Move> c = directed(pos, all, s);
    if (c.size() == 1) return c[0];
    if (c.empty()) {
        if (!all.empty()) return Error{"no such move among " + usi_list(pos, all) + " (the words fit none of them)"};
        return Error{"no legal move of that piece goes there"};
    }
    return Error{"ambiguous: it could be " + usi_list(pos, c)};
}

std::string ki2_text(const Position& pos, Move m, bool same_square) {
    std::string s = same_square ? "同　" : kif_square(m.to());
    const int type = m.is_drop() ? m.drop_type() : type_of(pos.at(m.from()));
    s += kif_piece(type);
    Ki2Spec spec;
    spec.to = m.to();
    spec.type = type;
    spec.promote = m.promotes() ? Ki2Spec::Yes : Ki2Spec::Unsaid;
    std::string words;
    if (m.is_drop()) {
        spec.drop = true;
        // 打 only where a piece on the board could also go there (by its movement: a pinned one counts).
        if (!reachers(pos, spec).empty()) words = "打";
    } else {
        // The fewest words that leave this move alone, tried in the order the convention prefers (the dragon
        // and horse by their side first).
        struct Try {
            const char* text;
            bool right, left, straight, up, down, sideways;
        };
        static constexpr Try kGenerals[] = {
            {"", 0, 0, 0, 0, 0, 0},     {"寄", 0, 0, 0, 0, 0, 1},   {"上", 0, 0, 0, 1, 0, 0},   {"引", 0, 0, 0, 0, 1, 0},
            {"直", 0, 0, 1, 0, 0, 0},   {"右", 1, 0, 0, 0, 0, 0},   {"左", 0, 1, 0, 0, 0, 0},   {"右上", 1, 0, 0, 1, 0, 0},
            {"右引", 1, 0, 0, 0, 1, 0}, {"右寄", 1, 0, 0, 0, 0, 1}, {"左上", 0, 1, 0, 1, 0, 0}, {"左引", 0, 1, 0, 0, 1, 0},
            {"左寄", 0, 1, 0, 0, 0, 1},
        };
        static constexpr Try kRanging[] = {
            {"", 0, 0, 0, 0, 0, 0},     {"右", 1, 0, 0, 0, 0, 0},   {"左", 0, 1, 0, 0, 0, 0},   {"寄", 0, 0, 0, 0, 0, 1},
            {"上", 0, 0, 0, 1, 0, 0},   {"引", 0, 0, 0, 0, 1, 0},   {"右上", 1, 0, 0, 1, 0, 0}, {"右引", 1, 0, 0, 0, 1, 0},
            {"右寄", 1, 0, 0, 0, 0, 1}, {"左上", 0, 1, 0, 1, 0, 0}, {"左引", 0, 1, 0, 0, 1, 0}, {"左寄", 0, 1, 0, 0, 0, 1},
        };
        const bool ranging = type == Horse || type == Dragon;
        const Try* begin = ranging ? std::begin(kRanging) : std::begin(kGenerals);
        const Try* end = ranging ? std::end(kRanging) : std::end(kGenerals);
        // Among the pieces that reach the square; failing that, among the legal moves alone.
        bool found = false;
        for (const std::vector<Move>& all : {reachers(pos, spec), candidates(pos, spec)}) {
            for (const Try* t = begin; t != end && !found; ++t) {
                Ki2Spec x = spec;
                x.right = t->right, x.left = t->left, x.straight = t->straight;
                x.up = t->up, x.down = t->down, x.sideways = t->sideways;
                const auto c = directed(pos, all, x);
                if (c.size() == 1 && c[0].from() == m.from()) words = t->text, found = true;
            }
            if (found) break;
        }
    }
    s += words;
    if (m.promotes()) s += "成";
    else if (!m.is_drop() && can_promote(type) && pos.is_legal(Move::make(m.from(), m.to(), true))) s += "不成";
    return s;
}

Result<Record> read_ki2(std::string_view text) {
    const std::vector<std::string_view> lines = lines_of(text);
    auto is_move_line = [](std::string_view l) {
        size_t i = 0;
        skip_blanks(l, i);
        return starts(l, i, "▲") || starts(l, i, "△") || starts(l, i, "☗") || starts(l, i, "☖") || starts(l, i, "▽");
    };
    // The head ends at the first move, or at the result of a record without moves.
    auto is_result = [](std::string_view l) {
        size_t i = 0;
        skip_blanks(l, i);
        return starts(l, i, "まで");
    };
    size_t first = 0;
    while (first < lines.size() && !is_move_line(lines[first]) && !is_result(lines[first])) ++first;
    std::string head;
    for (size_t i = 0; i < first; ++i) head += std::string(lines[i]) + "\n";
    auto start = read_kif(head);
    if (!start) return start;
    Record r = start.value();
    Position pos = r.position();
    int last_to = -1;
    bool ended = false;
    auto fail = [&](size_t line, const std::string& why) { return Error{"line " + std::to_string(line + 1) + ": " + why}; };
    for (size_t n = first; n < lines.size(); ++n) {
        const std::string_view line = lines[n];
        size_t i = 0;
        skip_blanks(line, i);
        if (i >= line.size()) continue;
        if (line[i] == '*') {
            std::string c(line.substr(i + 1));
            if (ended) r.end_comments.push_back(c);
            else if (r.moves.empty()) r.comments.push_back(c);
            else r.moves.back().comments.push_back(c);
            continue;
        }
        if (line[i] == '&') continue;
        if (line[i] == '#') {
            r.remarks.emplace_back(line.substr(i + 1));
            continue;
        }
        if (is_variation_start(line, i)) break;  // variations: the main line only
        if (starts(line, i, "まで")) {
            // The result: 勝ち (the loser resigned), 千日手, 持将棋, 中断, 詰み, 反則, 時間切れ.
            const std::string_view l = line.substr(i);
            auto has = [&](std::string_view w) { return l.find(w) != std::string_view::npos; };
            const bool mover_won = has(pos.side() == Sente ? "先手の" : "後手の") || has(pos.side() == Sente ? "下手の" : "上手の");
            if (has("千日手")) r.end = RecordEnd::Repetition;
            else if (has("持将棋")) r.end = RecordEnd::Impasse;
            else if (has("中断")) r.end = RecordEnd::Abort;
            else if (has("反則")) r.end = mover_won ? RecordEnd::FoulWin : RecordEnd::FoulLoss;
            else if (has("入玉")) r.end = RecordEnd::Declaration;
            else if (has("切れ") || has("時間")) r.end = RecordEnd::TimeUp;
            else if (has("不詰")) r.end = RecordEnd::NoMate;
            else if (has("詰")) r.end = RecordEnd::Mate;
            else if (has("勝ち")) r.end = mover_won ? RecordEnd::FoulWin : RecordEnd::Resign;
            else return fail(n, "unreadable result: " + std::string(l));
            ended = true;
            continue;
        }
        if (!is_move_line(line)) return fail(n, "not a move, a comment or the result: " + std::string(line.substr(i, 60)));
        if (ended) return fail(n, "a move after the result");
        // Moves on the line, each after its mark.
        while (i < line.size()) {
            skip_blanks(line, i);
            if (i >= line.size()) break;
            const bool sente_mark = starts(line, i, "▲") || starts(line, i, "☗");
            if (!sente_mark && !(starts(line, i, "△") || starts(line, i, "☖") || starts(line, i, "▽")))
                return fail(n, "expected ▲ or △ at '" + std::string(line.substr(i, 30)) + "'");
            i += 3;
            if ((sente_mark ? Sente : Gote) != pos.side())
                return fail(n, std::string(sente_mark ? "▲" : "△") + " moves, but it is the other side's turn");
            const size_t token = i;
            Ki2Spec s;
            if (starts(line, i, "同")) {
                i += 3;
                skip_blanks(line, i);
                if (last_to < 0) return fail(n, "同 (the same square) with no move before it");
                s.to = last_to;
            } else {
                s.to = read_kif_square(line, i);
                if (s.to < 0) return fail(n, "expected a square such as ７六 at '" + std::string(line.substr(token, 30)) + "'");
            }
            s.type = read_kif_piece(line, i);
            if (!s.type) return fail(n, "expected a piece at '" + std::string(line.substr(token, 30)) + "'");
            for (bool more = true; more;) {
                more = false;
                for (const auto& [word, flag] : std::initializer_list<std::pair<std::string_view, bool Ki2Spec::*>>{
                         {"右", &Ki2Spec::right}, {"左", &Ki2Spec::left}, {"直", &Ki2Spec::straight}, {"上", &Ki2Spec::up},
                         {"行", &Ki2Spec::up},     {"入", &Ki2Spec::up},   {"引", &Ki2Spec::down},     {"寄", &Ki2Spec::sideways},
                         {"打", &Ki2Spec::drop}})
                    if (starts(line, i, word)) {
                        s.*flag = true;
                        i += word.size();
                        more = true;
                    }
            }
            if (starts(line, i, "不成")) s.promote = Ki2Spec::No, i += 6;
            else if (starts(line, i, "成")) s.promote = Ki2Spec::Yes, i += 3;
            const std::string_view written = line.substr(token, i - token);
            auto m = resolve_ki2(pos, s);
            if (!m) return fail(n, std::string(written) + ": " + m.error());
            r.moves.push_back({m.value(), -1, {}});
            pos.play(m.value());
            last_to = s.to;
            if (i < line.size() && line[i] != ' ' && line[i] != '\t' && !starts(line, i, "　") && !starts(line, i, "▲") &&
                !starts(line, i, "△") && !starts(line, i, "☗") && !starts(line, i, "☖") && !starts(line, i, "▽"))
                return fail(n, "unreadable text after " + std::string(written) + ": '" + std::string(line.substr(i, 30)) + "'");
        }
    }
    return r;
}

std::string write_ki2(const Record& r) {
    const Position start = Position::from_sfen(r.start_sfen).value();
    const auto handicap = handicap_name(r.start_sfen);
    const bool handicapped = handicap && *handicap != "平手";
    std::string s;
    for (const std::string& c : r.remarks) s += "#" + c + "\n";
    for (const auto& [k, v] : r.headers) s += k + "：" + v + "\n";
    if (handicap) s += "手合割：" + std::string(*handicap) + "\n";
    else s += kif_diagram(start, false);
    for (const std::string& c : r.comments) s += "*" + c + "\n";
    Position p = start;
    int last_to = -1;
    std::string line;
    int on_line = 0;
    auto flush = [&] {
        if (!line.empty()) s += line + "\n";
        line.clear();
        on_line = 0;
    };
    for (const RecordMove& m : r.moves) {
        const std::string token = std::string(p.side() == Sente ? "▲" : "△") + ki2_text(p, m.move, m.move.to() == last_to);
        line += (on_line ? "　" : "") + token;
        ++on_line;
        if (on_line == 6 || !m.comments.empty()) flush();
        for (const std::string& c : m.comments) s += "*" + c + "\n";
        last_to = m.move.to();
        p.play(m.move);
    }
    flush();
    if (r.end != RecordEnd::None) {
        const char* mover = p.side() == Sente ? (handicapped ? "下手" : "先手") : (handicapped ? "上手" : "後手");
        const char* other = p.side() == Sente ? (handicapped ? "上手" : "後手") : (handicapped ? "下手" : "先手");
        const std::string played = "まで" + std::to_string(r.moves.size()) + "手";
        switch (r.end) {
            case RecordEnd::Resign: s += played + "で" + other + "の勝ち\n"; break;
            case RecordEnd::Mate: s += played + "で詰み\n"; break;
            case RecordEnd::TimeUp: s += played + "で時間切れにより" + other + "の勝ち\n"; break;
            case RecordEnd::FoulLoss: s += played + "で" + other + "の反則勝ち\n"; break;
            case RecordEnd::FoulWin: s += played + "で" + mover + "の反則勝ち\n"; break;
            case RecordEnd::Declaration: s += played + "で" + mover + "の入玉勝ち\n"; break;
            case RecordEnd::Repetition: s += played + "で千日手\n"; break;
            case RecordEnd::Impasse:
            case RecordEnd::MaxMoves: s += played + "で持将棋\n"; break;
            case RecordEnd::Abort: s += played + "で中断\n"; break;
            case RecordEnd::NoMate: s += played + "で不詰\n"; break;
            case RecordEnd::None: break;
        }
        for (const std::string& c : r.end_comments) s += "*" + c + "\n";
    }
    return s;
}

}  // namespace menagerie::shogi
