// A played game written as a shogi record: the moves with their times, and each engine's report at each move as
// the comments the GUIs read back as the engine's evaluation:
//   KIF and KI2  ShogiHome's form, one `*` comment line each (written `**` in the file):
//                  *評価値=-35  (for Sente)   or  *詰み=先手勝ち:7手
//                  *読み筋=△３四歩▲２六歩     the line after the move, written as KI2 writes moves
//                  *深さ=12  *ノード数=81234  *エンジン=name
//   CSA          Floodgate's form, one comment: '** -35 -3334FU +2726FU (the score for Sente, then the line)
#include <cstdlib>

#include "engine/shogi/ki2.hpp"
#include "engine/shogi/record.hpp"
#include "engine/shogi/shogi.hpp"

namespace menagerie::shogi {
namespace {

constexpr int kMateScore = 30000, kMateBound = 20000;  // the match runner's scores: mate in n as 30000 - n

// The legal prefix of a reported line (an engine's PV may run past what it verified, or be stale).
std::vector<Move> legal_line(Position p, const std::vector<std::string>& pv) {
    std::vector<Move> line;
    for (const std::string& text : pv) {
        auto m = p.parse_move(text);
        if (!m || p.outcome() != Outcome::Ongoing) break;
        line.push_back(m.value());
        p.play(m.value());
    }
    return line;
}

std::vector<std::string> shogihome_comments(const Position& after, const PlayedMove& m, const std::string& engine,
                                            Color mover) {
    std::vector<std::string> c;
    if (m.score) {
        const int for_sente = mover == Sente ? *m.score : -*m.score;
        if (std::abs(for_sente) >= kMateBound) {
            const int plies = kMateScore - std::abs(for_sente);
            c.push_back(std::string("*詰み=") + (for_sente > 0 ? "先手勝ち" : "後手勝ち") +
                        (plies > 0 ? ":" + std::to_string(plies) + "手" : ""));
        } else {
            c.push_back("*評価値=" + std::to_string(for_sente));
        }
    }
    const auto line = legal_line(after, m.pv);
    if (!line.empty()) {
        std::string text;
        Position p = after;
        int last_to = -1;  // the first move of the line says its square, as ShogiHome writes it
        for (const Move pm : line) {
            text += std::string(p.side() == Sente ? "▲" : "△") + ki2_text(p, pm, pm.to() == last_to);
            last_to = pm.to();
            p.play(pm);
        }
        c.push_back("*読み筋=" + text);
    }
    if (m.depth > 0) c.push_back("*深さ=" + std::to_string(m.depth));
    if (m.nodes > 0) c.push_back("*ノード数=" + std::to_string(m.nodes));
    if (!c.empty() && !engine.empty()) c.push_back("*エンジン=" + engine);
    return c;
}

std::vector<std::string> floodgate_comments(const Position& after, const PlayedMove& m, Color mover) {
    if (!m.score) return {};
    std::string c = "* " + std::to_string(mover == Sente ? *m.score : -*m.score);
    Position p = after;
    for (const Move pm : legal_line(after, m.pv)) {
        c += " " + p.csa_move(pm);
        p.play(pm);
    }
    return {c};
}

// The record's end from the game's, seen from the side to move after the last move (as the formats say it).
RecordEnd record_end(PlayedEnd end, Outcome result, Color to_move) {
    const bool decided = result != Outcome::Draw;
    const Color loser = result == Outcome::Win ? Gote : Sente;
    const bool mover_lost = decided && loser == to_move, mover_won = decided && loser != to_move;
    switch (end) {
        case PlayedEnd::None:
            return RecordEnd::None;
        case PlayedEnd::Rules:
            return mover_lost ? RecordEnd::Mate : mover_won ? RecordEnd::Declaration : RecordEnd::Impasse;
        case PlayedEnd::Repetition:
            return mover_lost ? RecordEnd::FoulLoss : mover_won ? RecordEnd::FoulWin : RecordEnd::Repetition;
        case PlayedEnd::Declaration:
            return mover_won ? RecordEnd::Declaration : RecordEnd::Abort;
        case PlayedEnd::MoveCap:
            return RecordEnd::MaxMoves;
        case PlayedEnd::Resignation:
            return mover_lost ? RecordEnd::Resign : RecordEnd::Abort;
        case PlayedEnd::TimeForfeit:
            return mover_lost ? RecordEnd::TimeUp : RecordEnd::Abort;
        case PlayedEnd::IllegalMove:
            return mover_lost ? RecordEnd::FoulLoss : mover_won ? RecordEnd::FoulWin : RecordEnd::Abort;
        case PlayedEnd::Other:
            return RecordEnd::Abort;
    }
    return RecordEnd::Abort;
}

}  // namespace

Result<std::string> Shogi::write_played_game(const PlayedGame& g, std::string_view format) {
    auto f = record_format_named(format);
    if (!f) return Error{f.error()};
    auto start = Position::from_sfen(g.start_sfen);
    if (!start) return Error{"the start position: " + start.error()};
    Record r;
    r.start_sfen = start.value().sfen();
    auto header = [&](const char* key, const std::string& value) {
        if (!value.empty()) r.set_header(key, value);
    };
    header("開始日時", g.started);
    header("終了日時", g.ended);
    header("棋戦", g.event);
    header("持ち時間", g.time_control);
    header("先手", g.sente);
    header("後手", g.gote);
    Position p = start.value();
    for (size_t i = 0; i < g.moves.size(); ++i) {
        const PlayedMove& pm = g.moves[i];
        auto m = p.parse_move(pm.move);
        if (!m) return Error{"move " + std::to_string(i + 1) + " '" + pm.move + "': " + m.error()};
        const Color mover = p.side();
        p.play(m.value());
        RecordMove rm{m.value(), pm.time_ms, {}};
        rm.comments = f.value() == RecordFormat::Csa
                          ? floodgate_comments(p, pm, mover)
                          : shogihome_comments(p, pm, mover == Sente ? g.sente : g.gote, mover);
        r.moves.push_back(std::move(rm));
    }
    // A game whose end was not given, over by the rules in its last position (mate), ends so.
    PlayedEnd end = g.end;
    Outcome result = g.result;
    if (end == PlayedEnd::None && p.outcome() != Outcome::Ongoing) {
        end = PlayedEnd::Rules;
        result = p.side() == Sente ? p.outcome() : opposite(p.outcome());
    }
    r.end = record_end(end, result, p.side());
    // An end the format has no word for keeps the game's result and reason as a comment.
    if (r.end == RecordEnd::Abort) {
        const char* words = result == Outcome::Win ? "先手勝ち" : result == Outcome::Loss ? "後手勝ち" : "引き分け";
        r.end_comments.push_back(std::string(words) + (g.reason.empty() ? "" : " (" + g.reason + ")"));
    }
    return write_record(r, f.value());
}

}  // namespace menagerie::shogi
