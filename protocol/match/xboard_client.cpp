#include "protocol/match/xboard_client.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <thread>

#include "engine/core/notation.hpp"
#include "engine/core/text.hpp"
#include "protocol/match/engine_output.hpp"
#include "protocol/match/usi_client.hpp"

namespace menagerie {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {
milliseconds left_until(Clock::time_point deadline) {
    return std::max(milliseconds(0), std::chrono::duration_cast<milliseconds>(deadline - Clock::now()));
}
// Seconds as XBoard's level command writes them: minutes, or minutes:seconds.
std::string level_time(int64_t ms) {
    const int64_t s = (ms + 999) / 1000;
    return s % 60 == 0 ? std::to_string(s / 60) : std::to_string(s / 60) + ":" + (s % 60 < 10 ? "0" : "") + std::to_string(s % 60);
}
}  // namespace

// Moves between our USI notation and XBoard's, through the notation codec every board shares
// (engine/core/notation.hpp): XBoard writes squares in chess style ("a1" is Sente's left corner), drops with
// '@', a two-leg move (chu's lion moves: USI "6f5e6d") as two legs "f6g7,g7f8", and a pass (USI "pass") as
// its null move "@@@@".
Result<std::string> usi_to_xboard_move(const std::string& move, const BoardNotation& n) {
    if (move == "pass") return std::string("@@@@");
    const BoardSize size{n.files, n.ranks};
    auto m = read_spelling(move, size, n.shogi_squares ? SquareStyle::Shogi : SquareStyle::Chess);
    if (!m || m->cells.size() > 3)
        return Error{"'" + move + "' is not a move on a " + std::to_string(n.files) + "x" + std::to_string(n.ranks) + " board"};
    if (m->cells.size() < 3) return write_spelling(*m, size, SquareStyle::Chess);
    MoveSpelling first = *m, second = *m;
    first.cells.pop_back();
    first.promote = false;
    second.cells.erase(second.cells.begin());
    return write_spelling(first, size, SquareStyle::Chess) + "," + write_spelling(second, size, SquareStyle::Chess);
}

Result<std::string> xboard_to_usi_move(const std::string& move, const BoardNotation& n) {
    if (move == "@@@@") return std::string("pass");
    const BoardSize size{n.files, n.ranks};
    const Error bad{"'" + move + "' is not a move on a " + std::to_string(n.files) + "x" + std::to_string(n.ranks) + " board"};
    const size_t comma = move.find(',');
    auto read = read_spelling(move.substr(0, comma), size, SquareStyle::Chess);
    if (!read || read->cells.size() != (read->drop.empty() ? 2u : 1u)) return bad;
    MoveSpelling m = *read;
    if (comma != std::string::npos) {
        // The second leg starts where the first ended.
        auto second = read_spelling(move.substr(comma + 1), size, SquareStyle::Chess);
        if (!m.drop.empty() || m.promote || !second || !second->drop.empty() || second->cells.size() != 2 ||
            second->cells[0] != m.cells[1])
            return bad;
        m.cells.push_back(second->cells[1]);
        m.promote = second->promote;
    }
    return write_spelling(m, size, n.shogi_squares ? SquareStyle::Shogi : SquareStyle::Chess);
}

std::string xboard_variant_name(const std::string& variant) {
    if (variant == "chushogi") return "chu";
    if (variant == "daishogi") return "dai";
    return variant;
}

Result<std::string> sfen_to_xboard_fen(const std::string& sfen) {
    const auto f = split_fields(sfen);
    if (f.size() < 2) return Error{"'" + sfen + "' is not a position"};
    // Jungle-style positions have no hand field: board, side, move number.
    const bool hands = f.size() >= 4;
    std::string hand;
    if (hands && f[2] != "-") {
        int count = 0;
        for (char ch : f[2]) {
            if (std::isdigit((unsigned char)ch)) {
                count = count * 10 + (ch - '0');
                // No set has a thousand of one piece (the engine-output fuzz target found the overflow).
                if (count > 999) return Error{"'" + std::string(f[2]) + "': a hand count above 999"};
                continue;
            }
            hand.append(size_t(std::max(count, 1)), ch);
            count = 0;
        }
    }
    if (f[1] != "b" && f[1] != "w") return Error{"'" + std::string(f[1]) + "' is not a side to move"};
    const std::string side = f[1] == "b" ? "w" : "b";  // XBoard: White (our Sente) moves first
    const std::string_view number = f.size() >= 4 ? f[3] : f.size() >= 3 ? f[2] : "1";
    return std::string(f[0]) + (hands ? "[" + hand + "]" : "") + " " + side + " - - 0 " + std::string(number);
}

std::optional<std::string> xboard_time_control_error(const TimeControl& tc) {
    if (tc.nodes) return "XBoard engines have no node limit";
    if (tc.movetime_ms && tc.movetime_ms % 1000) return "XBoard engines take whole seconds per move (st)";
    if (tc.clocked() && tc.byoyomi_ms && tc.base_ms) return "XBoard engines have no byoyomi after a main time";
    if (tc.clocked() && tc.byoyomi_ms % 1000) return "XBoard engines take whole seconds per move (st)";
    if (tc.clocked() && tc.moves && tc.byoyomi_ms) return "XBoard engines have no byoyomi with moves per session";
    return std::nullopt;
}

Result<std::unique_ptr<XboardEngine>> XboardEngine::start(const EngineSpec& spec, const std::string& variant,
                                                           const BoardNotation& notation, milliseconds timeout) {
    auto process = EngineProcess::start(spec.argv);
    if (!process) return Error{process.error()};
    auto e = std::unique_ptr<XboardEngine>(new XboardEngine());
    e->process_ = std::move(process.value());
    e->name_ = spec.name.empty() ? spec.argv.front() : spec.name;
    e->spec_ = spec;
    e->variant_ = spec.variant.empty() ? xboard_variant_name(variant) : spec.variant;
    e->notation_ = notation;
    if (!e->send("xboard") || !e->send("protover 2")) return Error{e->gone("the handshake")};
    // Protocol 2 engines answer with features up to done=1 (done=0: wait for it up to the timeout); an engine of
    // the older dialect says nothing of them, and two seconds of silence about features mean that.
    const auto t0 = Clock::now();
    bool waiting_for_done = false;
    std::string line;
    for (;;) {
        const auto limit = waiting_for_done ? timeout : std::min(timeout, milliseconds(2000));
        const auto r = e->process_->read_line(line, left_until(t0 + limit));
        if (r == EngineProcess::Read::Timeout) break;
        if (r != EngineProcess::Read::Line)
            return Error{describe_wait_failure(*e->process_, e->name_, r, "its features", timeout)};
        const auto w = split_fields(line);
        // An engine of the older dialect refuses `protover` as a move or command: no features are coming.
        if (!waiting_for_done && e->features_.empty() && line.find("protover") != std::string::npos &&
            (line.rfind("Illegal move", 0) == 0 || line.rfind("Error", 0) == 0))
            break;
        if (w.empty() || w[0] != "feature") continue;
        bool done = false;
        for (auto& [name, value] : read_xboard_features(line)) {
            static const char* known[] = {"setboard", "usermove", "ping", "variants", "myname", "done", "sigint",
                                          "sigterm", "time", "draw", "reuse", "analyze", "colors", "san", "name",
                                          "memory", "smp", "option", "debug", "pause", "nps", "exclude", "highlight"};
            bool ok = false;
            for (const char* k : known) ok = ok || name == k;
            if (name == "san" && value == "1") ok = false;  // we send coordinates
            if (name != "option" && name != "done") e->send((ok ? "accepted " : "rejected ") + name);
            if (name == "done") {
                done = value == "1";
                waiting_for_done = value == "0";
            }
            if (name != "option") e->features_[name] = value;
        }
        if (done) break;
    }
    if (e->features_.count("variants")) {
        bool found = false;
        std::string list = e->features_["variants"];
        size_t i = 0;
        while (i <= list.size()) {
            const size_t comma = std::min(list.find(',', i), list.size());
            found = found || list.substr(i, comma - i) == e->variant_;
            i = comma + 1;
        }
        if (!found) return Error{e->name_ + " does not play " + e->variant_ + " (its variants: " + list + ")"};
    } else if (e->variant_ != "shogi") {
        return Error{e->name_ + " names no variants, so it cannot be told to play " + e->variant_};
    }
    for (const auto& [name, value] : spec.options)
        if (!e->send("option " + name + "=" + value)) return Error{e->gone("its options")};
    for (const auto& command : spec.init)
        if (!e->send(command)) return Error{e->gone("its init commands")};
    if (auto err = e->sync(timeout)) return Error{*err};
    return e;
}

std::string XboardEngine::gone(const std::string& what) {
    return describe_wait_failure(*process_, name_, EngineProcess::Read::Closed, what, milliseconds(0));
}

std::optional<std::string> XboardEngine::sync(milliseconds timeout) {
    if (!feature("ping")) return std::nullopt;
    const std::string pong = "pong " + std::to_string(++ping_);
    if (!send("ping " + std::to_string(ping_))) return gone("pong");
    const auto deadline = Clock::now() + timeout;
    std::string line;
    for (;;) {
        const auto r = process_->read_line(line, left_until(deadline));
        if (r == EngineProcess::Read::Timeout)
            return name_ + " did not answer 'ping' within " + std::to_string(timeout.count()) + " ms";
        if (r != EngineProcess::Read::Line) return describe_wait_failure(*process_, name_, r, "pong", timeout);
        if (line.rfind(pong, 0) == 0) return std::nullopt;
    }
}

void XboardEngine::drain() {
    std::string line;
    while (process_->read_line(line, milliseconds(0)) == EngineProcess::Read::Line) {
    }
}

bool XboardEngine::send_move(const std::string& usi_move) {
    std::string text = usi_move;
    if (!spec_.usi_moves) {
        auto x = usi_to_xboard_move(usi_move, notation_);
        if (!x) return false;
        text = x.value();
    }
    last_sent_ = text;
    return send(feature("usermove") ? "usermove " + text : text);
}

std::optional<std::string> XboardEngine::new_game(const GameStart& start, milliseconds timeout) {
    game_ = start;
    last_sent_.clear();
    if (auto e = xboard_time_control_error(start.tc)) return *e;
    drain();
    // Engines that size their hash by `memory` get it before `new` (HaChu crashes in its search without it).
    if (feature("memory") && !sent_memory_) {
        send("memory " + std::to_string(kMemoryMb));
        sent_memory_ = true;
    }
    if (!send("new")) return gone("a new game");
    if (features_.count("variants")) send("variant " + variant_);
    send("force");
    if (!features_.empty()) {
        send("easy");  // no pondering
        send("post");
    }
    const TimeControl& tc = start.tc;
    if (tc.depth) send("sd " + std::to_string(tc.depth));
    else if (tc.movetime_ms) send("st " + std::to_string(tc.movetime_ms / 1000));
    else if (tc.byoyomi_ms && !tc.base_ms) send("st " + std::to_string(tc.byoyomi_ms / 1000));
    else send("level " + std::to_string(tc.moves) + " " + level_time(tc.base_ms) + (tc.inc_ms ? " " + std::to_string(tc.inc_ms / 1000) : ""));
    if (!start.standard_start) {
        if (!feature("setboard")) return name_ + " cannot be given a position (no setboard); use openings from the start";
        auto fen = sfen_to_xboard_fen(start.sfen);
        if (!fen) return fen.error();
        send("setboard " + fen.value());
    }
    for (const auto& m : start.opening_moves)
        if (!send_move(m)) return "cannot send the opening move " + m;
    known_ = start.opening_moves.size();
    forced_ = true;
    if (auto e = sync(timeout)) return e;
    return process_->running() ? std::nullopt : std::optional<std::string>(gone("a new game"));
}

Result<EngineMove> XboardEngine::go(const Turn& turn, milliseconds timeout) {
    const auto t0 = Clock::now();
    const auto deadline = t0 + timeout;
    const auto& moves = *turn.moves;
    auto clocks = [&] {
        if (!game_.tc.clocked()) return;
        send("time " + std::to_string(turn.clock_ms[turn.side] / 10));
        send("otim " + std::to_string(turn.clock_ms[1 - turn.side] / 10));
    };
    // The engine out of force mode plays on at the opponent's move; otherwise (its first move of the game, or
    // anything unexpected) it is told the moves in force mode and then `go`.
    if (!forced_ && moves.size() == known_ + 1) {
        clocks();
        if (!send_move(moves.back())) return Error{gone("its move")};
    } else {
        if (!forced_) send("force");
        for (size_t i = known_; i < moves.size(); ++i)
            if (!send_move(moves[i])) return Error{gone("its move")};
        clocks();
        if (!send("go")) return Error{gone("its move")};
        forced_ = false;
    }
    known_ = moves.size();
    EngineMove result;
    std::string line;
    for (;;) {
        const auto r = process_->read_line(line, left_until(deadline));
        if (r != EngineProcess::Read::Line) return Error{describe_wait_failure(*process_, name_, r, "move", timeout)};
        const XboardLine l = read_xboard_line(line, last_sent_);
        std::string move;
        switch (l.kind) {
            case XboardLine::Kind::Move:
                // A two-leg move may come as two lines ("move f6g7," then "move g7f8").
                if (!l.text.empty() && l.text.back() == ',') {
                    pending_leg_ += l.text;
                    continue;
                }
                move = pending_leg_ + l.text;
                pending_leg_.clear();
                break;
            case XboardLine::Kind::Resign: move = "resign"; break;
            // A result instead of a move: the engine thinks the game is over, which our rules do not say (we
            // only ask for a move in a game that goes on).
            case XboardLine::Kind::Result:
                // Conceding its own loss is resigning (HaChu: "1-0 {resign}" as Gote).
                if (line.rfind(turn.side == 0 ? "0-1" : "1-0", 0) == 0) {
                    move = "resign";
                    break;
                }
                return Error{"claimed the game over ('" + line + "') where the rules go on"};
            // It refused a move our rules allow (its rules differ, or it thought the game over).
            case XboardLine::Kind::Refusal: return Error{"rejected the legal move " + moves.back() + ": " + line};
            case XboardLine::Kind::Thinking:
                result.score_cp = l.score_cp;
                result.depth = l.depth.value_or(0);
                result.nodes = l.nodes.value_or(0);
                result.pv = pv_in_usi(l.pv);
                continue;
            case XboardLine::Kind::Other: continue;
        }
        result.elapsed = std::chrono::duration_cast<milliseconds>(Clock::now() - t0);
        if (move == "resign") {
            result.move = move;
            return result;
        }
        if (spec_.usi_moves) {
            result.move = move;
        } else {
            auto usi = xboard_to_usi_move(move, notation_);
            if (!usi) return Error{"illegal move '" + move + "': " + usi.error()};
            result.move = usi.value();
        }
        ++known_;
        return result;
    }
}

std::vector<std::string> XboardEngine::pv_in_usi(const std::vector<std::string>& words) const {
    std::vector<std::string> pv;
    for (const std::string& w : words) {
        if (w.empty() || w.back() == '.' || w == "...") continue;  // "12." and "..." number the moves
        if (spec_.usi_moves) {
            pv.push_back(w);
            continue;
        }
        auto usi = xboard_to_usi_move(w, notation_);
        if (!usi) break;
        pv.push_back(usi.value());
    }
    return pv;
}

void XboardEngine::game_over(const std::string& result, int, const std::string& reason) {
    if (!features_.empty()) send("result " + result + " {" + reason + "}");
    send("force");
    forced_ = true;
}

void XboardEngine::quit() {
    if (!process_->running()) return;
    process_->send("quit");
    for (int i = 0; i < 50 && process_->running(); ++i) std::this_thread::sleep_for(milliseconds(10));
    process_->kill();
}

Result<std::unique_ptr<EngineClient>> start_engine(const EngineSpec& spec, const std::string& variant,
                                                   const BoardNotation& notation, milliseconds timeout) {
    if (spec.protocol == EngineProtocol::Xboard) {
        auto e = XboardEngine::start(spec, variant, notation, timeout);
        if (!e) return Error{e.error()};
        return std::unique_ptr<EngineClient>(std::move(e.value()));
    }
    auto e = UsiEngine::start(spec, variant, timeout);
    if (!e) return Error{e.error()};
    return std::unique_ptr<EngineClient>(std::move(e.value()));
}

std::string TimeControl::text() const {
    if (depth) return "depth=" + std::to_string(depth);
    if (nodes) return "nodes=" + std::to_string(nodes);
    if (movetime_ms) return "movetime=" + std::to_string(movetime_ms);
    std::string t = "time=" + std::to_string(base_ms);
    if (inc_ms) t += ",inc=" + std::to_string(inc_ms);
    if (moves) t += ",moves=" + std::to_string(moves);
    if (byoyomi_ms) t += ",byoyomi=" + std::to_string(byoyomi_ms);
    return t;
}

}  // namespace menagerie
