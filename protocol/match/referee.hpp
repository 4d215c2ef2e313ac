#pragma once
// The referee of engine-versus-engine games: our own rules decide every game. An illegal move, a false claim,
// a missed deadline, a crash or no answer loses for that engine, with the reason recorded; repetition and every
// other end condition are the rules', whatever the engines say. Adjudication (both engines agreeing on a
// decided score, or on a dead draw) is optional.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <ctime>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/played_game.hpp"
#include "engine/core/rule_option.hpp"
#include "protocol/match/engine_client.hpp"
#include "search/repetition.hpp"

namespace menagerie {

// A start position and moves from it: a game begins after them.
struct Opening {
    std::string sfen;
    std::vector<std::string> moves;  // USI notation
};

struct Adjudication {
    int max_plies = 400;  // a game this long (the engines' moves) is a draw
    // Resign: for resign_moves consecutive moves of each side, the engine to lose reports a score of
    // -resign_score or worse and its opponent +resign_score or better. 0 moves: off.
    int resign_moves = 0, resign_score = 0;
    // Draw: from ply draw_from on, both engines report |score| <= draw_score for draw_moves moves each. 0: off.
    int draw_from = 0, draw_moves = 0, draw_score = 0;
};

// How close one side's replies came to their limit: the time a move may take is the clock plus byoyomi and
// increment, or the fixed move time (the runner's grace, --margin, not counted); depth and node limits set
// none and are not counted here.
struct TimeUse {
    uint64_t moves = 0;         // replies timed against an allowance
    int64_t slowest_ms = 0;     // the longest reply
    int64_t total_ms = 0;       // all replies together (their mean: the time the engine used a move)
    int64_t margin_ms = 0;      // the least time left under the allowance by a reply (negative: over it)...
    int64_t margin_allowed_ms = 0;  // ...and that reply's allowance
    int margin_game = 0;        // the game it was in (set by the match)

    void add(int64_t used, int64_t allowed) {
        if (moves == 0 || allowed - used < margin_ms) margin_ms = allowed - used, margin_allowed_ms = allowed;
        slowest_ms = std::max(slowest_ms, used);
        total_ms += used;
        ++moves;
    }
    // The mean reply, rounded to the nearest millisecond (0 before any reply).
    int64_t mean_ms() const { return moves ? (total_ms + int64_t(moves / 2)) / int64_t(moves) : 0; }
    // Merges another record's use (game: the number of the game it comes from).
    void merge(const TimeUse& o, int game) {
        if (o.moves == 0) return;
        if (moves == 0 || o.margin_ms < margin_ms)
            margin_ms = o.margin_ms, margin_allowed_ms = o.margin_allowed_ms, margin_game = game;
        slowest_ms = std::max(slowest_ms, o.slowest_ms);
        total_ms += o.total_ms;
        moves += o.moves;
    }
};

struct GameRecord {
    std::string sente, gote;
    Opening opening;
    Outcome result = Outcome::Draw;  // for Sente
    std::string reason;
    std::vector<std::string> moves;           // the engines' moves, after the opening
    std::vector<std::optional<int>> scores;   // each mover's last reported score
    std::vector<int64_t> times_ms;            // each move's time
    bool interrupted = false;                 // stopped by Ctrl-C or a decided match: not a result
    TimeUse time[2];                          // Sente's and Gote's replies against their allowance
    // Each move's report besides its score: the mover's line after the move (the move itself taken off; empty
    // when the line did not start with it), depth and nodes.
    struct Report {
        std::vector<std::string> pv;
        int depth = 0;
        int64_t nodes = 0;
    };
    std::vector<Report> reports;
    PlayedEnd end = PlayedEnd::None;  // how it ended, as game records say it (reason in words)
    std::time_t started = 0;          // when the game began
};

inline std::string outcome_word(Outcome for_sente) {
    return for_sente == Outcome::Win ? "1-0" : for_sente == Outcome::Loss ? "0-1" : "1/2-1/2";
}

// The text the engines are sent for a move: as the mover wrote it, except a pass, sent as `pass` (XBoard's
// `@@@@`), since lishogi's spelling of a pass (6f6g6f through an empty square) reads as a capture to an
// engine that does not see the square is empty.
template <class Position, class Move>
std::string engine_text(const Position& pos, Move m, const std::string& written) {
    if constexpr (requires { pos.is_pass(m); })
        if (pos.is_pass(m)) return "pass";
    return written;
}

// A position under the rule settings the match is played by (EngineSpec::rules: chu's ChuRules).
template <Game G>
Result<typename G::Position> referee_position(std::string_view sfen, const RuleSettings& rules) {
    auto p = G::Position::from_sfen(sfen);
    if (!p) return p;
    for (const auto& [name, value] : rules)
        if (auto e = apply_rule<G>(p.value(), name, value)) return Error{*e};
    return p;
}

// Checks an opening against the rules: its moves legal, and the game not over after them.
template <Game G>
std::optional<std::string> opening_error(const Opening& o, const RuleSettings& rules = {}) {
    auto p = referee_position<G>(o.sfen, rules);
    if (!p) return "bad position: " + p.error();
    auto pos = p.value();
    std::vector<Visit> line{visit_of(pos)};
    for (const auto& m : o.moves) {
        auto parsed = pos.parse_move(m);
        if (!parsed) return "move '" + m + "': " + parsed.error();
        pos.play(parsed.value());
        line.push_back(visit_of(pos));
    }
    if (pos.outcome() != Outcome::Ongoing || repetition<G>(line)) return "the game is over after it";
    return std::nullopt;
}

// Plays one game from `opening`, each side under its own time control (a handicap when they differ), by the
// rule settings `rules`. on_move (may be empty) is called after every move, for progress displays.
template <Game G>
GameRecord play_game(EngineClient& sente, EngineClient& gote, const Opening& opening, const TimeControl tcs[2],
                     const Adjudication& adj, const std::function<void()>& on_move = {},
                     const RuleSettings& rules = {}) {
    using std::chrono::milliseconds;
    GameRecord rec;
    rec.sente = sente.name();
    rec.gote = gote.name();
    rec.opening = opening;
    rec.started = std::time(nullptr);
    EngineClient* engines[2] = {&sente, &gote};
    auto start = referee_position<G>(opening.sfen, rules);
    if (!start) {
        rec.reason = "bad opening: " + start.error();
        return rec;
    }
    typename G::Position pos = start.value();
    std::vector<Visit> line{visit_of(pos)};
    std::vector<std::string> all_moves;  // from opening.sfen, for the engines
    for (const auto& m : opening.moves) {
        auto parsed = pos.parse_move(m);
        if (!parsed) {
            rec.reason = "bad opening: move '" + m + "': " + parsed.error();
            return rec;
        }
        pos.play(parsed.value());
        line.push_back(visit_of(pos));
        all_moves.push_back(m);
    }
    auto finish = [&](Outcome for_sente, const std::string& why, PlayedEnd end) {
        rec.result = for_sente;
        rec.reason = why;
        rec.end = end;
        for (int c = 0; c < 2; ++c) engines[c]->game_over(outcome_word(for_sente), c, why);
        return rec;
    };
    // A loss for the side `c` (Sente 0, Gote 1), or an interrupted game.
    auto lose = [&](int c, const std::string& why, PlayedEnd end) {
        if (why == "interrupted") {
            rec.interrupted = true;
            rec.reason = why;
            return rec;
        }
        return finish(c == 0 ? Outcome::Loss : Outcome::Win, engines[c]->name() + ": " + why, end);
    };
    for (int c = 0; c < 2; ++c) {
        GameStart gs{std::string(G::name), opening.sfen, opening.sfen == G::start_sfen, opening.moves, tcs[c]};
        if (auto e = engines[c]->new_game(gs, milliseconds(10000))) return lose(c, *e, PlayedEnd::Other);
    }
    int64_t clock[2] = {tcs[0].base_ms, tcs[1].base_ms};
    for (int ply = 0;; ++ply) {
        const int stm = pos.side() == Sente ? 0 : 1;
        const auto by_repetition = repetition<G>(line);
        const Outcome o = by_repetition ? *by_repetition : pos.outcome();
        if (o != Outcome::Ongoing) {
            std::string why = by_repetition ? "repetition" : "rules";
            if constexpr (requires { pos.outcome_reason(); })
                if (!by_repetition) why = pos.outcome_reason();
            return finish(stm == 0 ? o : opposite(o), why, by_repetition ? PlayedEnd::Repetition : PlayedEnd::Rules);
        }
        if (ply >= adj.max_plies) return finish(Outcome::Draw, "move cap", PlayedEnd::MoveCap);
        // Adjudication on the engines' scores (each for its own side).
        const size_t n = rec.scores.size();
        auto agree = [&](int moves, auto&& ok) {
            if (moves <= 0 || n < size_t(2 * moves)) return false;
            for (size_t i = n - size_t(2 * moves); i < n; ++i)
                if (!rec.scores[i] || !ok(*rec.scores[i], i)) return false;
            return true;
        };
        // Score i is the one its mover reported: the side to move now made move i when n - i is even.
        const auto lost_side = [&](int s, size_t i) { return ((n - i) % 2 == 0) ? s <= -adj.resign_score : s >= adj.resign_score; };
        if (agree(adj.resign_moves, lost_side)) return lose(stm, "adjudicated lost (both engines' scores)", PlayedEnd::Other);
        const auto won_side = [&](int s, size_t i) { return ((n - i) % 2 == 0) ? s >= adj.resign_score : s <= -adj.resign_score; };
        if (agree(adj.resign_moves, won_side)) return lose(1 - stm, "adjudicated lost (both engines' scores)", PlayedEnd::Other);
        if (ply >= adj.draw_from && agree(adj.draw_moves, [&](int s, size_t) { return std::abs(s) <= adj.draw_score; }))
            return finish(Outcome::Draw, "adjudicated draw (both engines' scores)", PlayedEnd::Other);

        const TimeControl& tc = tcs[stm];
        const int64_t allowed = tc.clocked() ? clock[stm] + tc.byoyomi_ms + tc.inc_ms
                                : tc.movetime_ms ? tc.movetime_ms
                                                 : int64_t(60000);  // depth and nodes: a minute at most
        // Moves-per-session controls: the engine's own moves so far decide how many are left in this session.
        const int64_t made = int64_t(rec.moves.size()) / 2;  // the moves the side to move has made
        const int64_t to_go = tc.clocked() && tc.moves ? tc.moves - made % tc.moves : 0;
        Turn turn{&all_moves, {clock[0], clock[1]}, stm, to_go};
        auto answer = engines[stm]->go(turn, milliseconds(allowed + tc.margin_ms));
        if (!answer) {
            // No move: in time it was none (a timeout), a refusal of our move is a foul, a crash something else.
            const std::string& e = answer.error();
            return lose(stm, e, e.rfind("no move within", 0) == 0 ? PlayedEnd::TimeForfeit
                                : e.rfind("rejected", 0) == 0  ? PlayedEnd::IllegalMove
                                                               : PlayedEnd::Other);
        }
        const EngineMove& m = answer.value();
        if (tc.clocked() || tc.movetime_ms) rec.time[stm].add(m.elapsed.count(), allowed);
        if (tc.clocked()) {
            const int64_t used = m.elapsed.count();
            if (used > clock[stm] + tc.byoyomi_ms + tc.inc_ms + tc.margin_ms) return lose(stm, "time forfeit", PlayedEnd::TimeForfeit);
            clock[stm] = std::max<int64_t>(0, clock[stm] - used) + tc.inc_ms;
            if (to_go == 1) clock[stm] += tc.base_ms;  // a new session begins
        } else if (tc.movetime_ms && m.elapsed.count() > tc.movetime_ms + tc.margin_ms) {
            return lose(stm, "time forfeit", PlayedEnd::TimeForfeit);
        }
        if (m.move == "resign") return lose(stm, "resigned", PlayedEnd::Resignation);
        // A declaration win (shogi's entering king, CSA 27-point rule) where the rules allow it.
        if (m.move == "win") {
            if constexpr (requires { pos.can_declare(); })
                if (pos.can_declare())
                    return finish(stm == 0 ? Outcome::Win : Outcome::Loss,
                                  engines[stm]->name() + ": declared a win (entering king)", PlayedEnd::Declaration);
            return lose(stm, "claimed a win the rules do not give", PlayedEnd::IllegalMove);
        }
        auto parsed = pos.parse_move(m.move);
        if (!parsed) return lose(stm, "illegal move '" + m.move + "': " + parsed.error(), PlayedEnd::IllegalMove);
        const std::string sent = engine_text(pos, parsed.value(), m.move);
        pos.play(parsed.value());
        line.push_back(visit_of(pos));
        rec.moves.push_back(m.move);
        rec.scores.push_back(m.score_cp);
        rec.times_ms.push_back(m.elapsed.count());
        const bool line_of_move = !m.pv.empty() && m.pv.front() == m.move;
        rec.reports.push_back({line_of_move ? std::vector<std::string>(m.pv.begin() + 1, m.pv.end())
                                            : std::vector<std::string>{},
                               m.depth, m.nodes});
        all_moves.push_back(sent);
        if (on_move) on_move();
    }
}

}  // namespace menagerie
