#pragma once
// The referee of engine-versus-engine games: our own rules decide every game. An illegal move, a false claim,
// a missed deadline, a crash or no answer loses for that engine, with the reason recorded; repetition and every
// other end condition are the rules', whatever the engines say.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "protocol/usi_client.hpp"
#include "search/repetition.hpp"

namespace menagerie {

struct TimeControl {
    int64_t movetime_ms = 0, depth = 0, nodes = 0;  // per move
    int64_t base_ms = 0, inc_ms = 0, byoyomi_ms = 0;  // clocks
    int64_t margin_ms = 1000;                         // grace beyond the allowed time before a forfeit
    std::string go_command(int64_t sente_ms, int64_t gote_ms) const {
        if (depth) return "go depth " + std::to_string(depth);
        if (nodes) return "go nodes " + std::to_string(nodes);
        if (movetime_ms) return "go movetime " + std::to_string(movetime_ms);
        std::string g = "go btime " + std::to_string(sente_ms) + " wtime " + std::to_string(gote_ms);
        if (byoyomi_ms) g += " byoyomi " + std::to_string(byoyomi_ms);
        if (inc_ms) g += " binc " + std::to_string(inc_ms) + " winc " + std::to_string(inc_ms);
        return g;
    }
    bool clocked() const { return !depth && !nodes && !movetime_ms; }
};

struct GameRecord {
    std::string sente, gote, opening;
    Outcome result = Outcome::Draw;  // for Sente
    std::string reason;
    std::vector<std::string> moves;
};

inline std::string outcome_word(Outcome for_sente) {
    return for_sente == Outcome::Win ? "1-0" : for_sente == Outcome::Loss ? "0-1" : "1/2-1/2";
}

// Plays one game from `opening` (a position string), each side under its own time control (a handicap when
// they differ). max_plies ends it as a draw.
template <Game G>
GameRecord play_game(UsiEngine& sente, UsiEngine& gote, const std::string& opening, const TimeControl& sente_tc,
                     const TimeControl& gote_tc, int max_plies) {
    const TimeControl* tcs[2] = {&sente_tc, &gote_tc};
    using std::chrono::milliseconds;
    GameRecord rec{sente.name(), gote.name(), opening, Outcome::Draw, "", {}};
    auto start = G::Position::from_sfen(opening);
    if (!start) {
        rec.reason = "bad opening: " + start.error();
        return rec;
    }
    typename G::Position pos = start.value();
    UsiEngine* engines[2] = {&sente, &gote};
    // A loss for the side `c` (Sente 0, Gote 1).
    auto lose = [&](int c, const std::string& why) {
        rec.result = c == 0 ? Outcome::Loss : Outcome::Win;
        rec.reason = engines[c]->name() + ": " + why;
        return rec;
    };
    for (int c = 0; c < 2; ++c)
        if (auto e = engines[c]->new_game(milliseconds(10000))) return lose(c, *e);
    int64_t clock[2] = {sente_tc.base_ms, gote_tc.base_ms};
    std::vector<Visit> line;
    std::string moves_text;
    for (int ply = 0;; ++ply) {
        line.push_back({pos.key(), pos.in_check()});
        const int stm = pos.side() == Sente ? 0 : 1;
        const auto by_repetition = repetition<G>(line);
        const Outcome o = by_repetition ? *by_repetition : pos.outcome();
        if (o != Outcome::Ongoing) {
            rec.result = stm == 0 ? o : opposite(o);
            rec.reason = by_repetition ? "repetition" : "rules";
            return rec;
        }
        if (ply >= max_plies) {
            rec.reason = "move cap";
            return rec;
        }
        const TimeControl& tc = *tcs[stm];
        const int64_t allowed = tc.clocked() ? clock[stm] + tc.byoyomi_ms + tc.inc_ms
                                : tc.movetime_ms ? tc.movetime_ms
                                                 : int64_t(60000);  // depth and nodes: a minute at most
        const std::string position = "position sfen " + opening + (moves_text.empty() ? "" : " moves" + moves_text);
        auto answer = engines[stm]->go(position, tc.go_command(clock[0], clock[1]), milliseconds(allowed + tc.margin_ms));
        if (!answer) return lose(stm, answer.error());
        const EngineMove& m = answer.value();
        if (tc.clocked()) {
            const int64_t used = m.elapsed.count();
            if (used > clock[stm] + tc.byoyomi_ms + tc.inc_ms + tc.margin_ms) return lose(stm, "time forfeit");
            clock[stm] = std::max<int64_t>(0, clock[stm] - used) + tc.inc_ms;
        } else if (tc.movetime_ms && m.elapsed.count() > tc.movetime_ms + tc.margin_ms) {
            return lose(stm, "time forfeit");
        }
        if (m.move == "resign") return lose(stm, "resigned");
        if (m.move == "win") return lose(stm, "claimed a win the rules do not give");
        auto parsed = pos.parse_move(m.move);
        if (!parsed) return lose(stm, "illegal move '" + m.move + "': " + parsed.error());
        pos.play(parsed.value());
        rec.moves.push_back(m.move);
        moves_text += " " + m.move;
    }
}

}  // namespace menagerie
