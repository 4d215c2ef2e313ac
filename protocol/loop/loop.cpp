#include "protocol/loop/loop.hpp"

#include <algorithm>
#include <cctype>
#include <random>

#include "engine/core/text.hpp"
#include "protocol/core/catalogue.hpp"
#include "search/skill.hpp"

namespace menagerie {

namespace {
#ifdef __EMSCRIPTEN__
// The WebAssembly engine: one thread (the search runs in steps), and a table that a browser tab can give.
constexpr int64_t kMaxHashMb = 512;
constexpr int kThreadsMax = 1;
#else
constexpr int64_t kMaxHashMb = 32768;
constexpr int kThreadsMax = kMaxThreads;
#endif
constexpr int kMaxPerftDepth = 12;
constexpr int kMaxBenchDepth = 30;
}  // namespace

Engine::Engine(Output& out, const std::string& tablebase, int hash_mb)
    : out_(out), writer_(out, Dialect::Usi), seed_(std::random_device{}()) {
    std::vector<std::string> names;
    for (const auto& g : games()) names.emplace_back(g.name);
    options_.add({"USI_Variant", Option::Type::Combo, std::string(default_game()), 0, 0, names, ""});
    options_.add({"USI_Hash", Option::Type::Spin, std::to_string(std::clamp<int64_t>(hash_mb, 1, kMaxHashMb)), 1, kMaxHashMb, {}, ""});
    // Search threads (Lazy SMP); a change during a search applies from the next go.
    options_.add({"Threads", Option::Type::Spin, "1", 1, kThreadsMax, {}, ""});
    options_.add({"USI_Ponder", Option::Type::Check, "false", 0, 0, {}, ""});
    options_.add({"MultiPV", Option::Type::Spin, "1", 1, 64, {}, ""});
    options_.add({"Move_Overhead", Option::Type::Spin, "50", 0, 5000, {}, ""});
    options_.add({"Clear_Hash", Option::Type::Button, "", 0, 0, {}, ""});
    options_.add({"Skill_Level", Option::Type::Spin, std::to_string(kMaxSkill), 0, kMaxSkill, {}, ""});
    options_.add({"USI_LimitStrength", Option::Type::Check, "false", 0, 0, {}, ""});
    options_.add({"USI_Elo", Option::Type::Spin, std::to_string(kMaxElo), kMinElo, kMaxElo, {}, ""});
    // The options each game declares (its rules, its tablebase file), once each; a setting is kept while
    // another game is played and applied when a game that declared it is chosen.
    for (const auto& g : games())
        for (Option o : g.options) {
            if (options_.find(o.name)) continue;
            // The table given on the command line (`--tablebase`) is the tablebase option's start value.
            if (o.name == kTablebaseOption) o.default_value = tablebase.empty() ? "none" : tablebase;
            options_.add(o);
        }
    make_session(default_game());
    apply_game_options(false);
}

// A fresh session of the game, its results written in the loop's dialect.
void Engine::make_session(std::string_view game) {
    const GameEntry* g = find_game(game);
    GameNotation n;
    n.size = BoardSize{g->files, g->ranks};
    n.style = g->shogi_squares ? SquareStyle::Shogi : SquareStyle::Chess;
    n.hands = g->hands;
    n.third_field = split_fields(g->start_sfen).size() >= 4;
    writer_.set_game(n);
    session_ = g->make_session(writer_, size_t(options_.spin("USI_Hash")));
    session_->set_stepped(stepped_);
}

void Engine::set_stepped(bool stepped) {
    session_->stop();
    session_->wait();
    stepped_ = stepped;
    session_->set_stepped(stepped);
}

namespace {
// The options UCI calls by its own names; the rest keep theirs.
constexpr std::pair<std::string_view, std::string_view> kUciNames[] = {
    {"USI_Variant", "UCI_Variant"}, {"USI_Hash", "Hash"}, {"USI_Ponder", "Ponder"},
    {"USI_LimitStrength", "UCI_LimitStrength"}, {"USI_Elo", "UCI_Elo"}};
}  // namespace

std::string Engine::shown_name(std::string_view name) const {
    if (writer_.dialect() == Dialect::Uci)
        for (const auto& [usi, uci] : kUciNames)
            if (iequals(name, usi)) return std::string(uci);
    return std::string(name);
}

// Either dialect's name is accepted in either dialect (UCI_Variant has always been an alias).
std::string Engine::option_name(std::string_view shown) const {
    for (const auto& [usi, uci] : kUciNames)
        if (iequals(shown, uci)) return std::string(usi);
    return std::string(shown);
}

// Gives the session every option its game declared, reporting what the game refuses when asked to (a table
// file set while another game was played is checked when its game is chosen).
void Engine::apply_game_options(bool report) {
    const GameEntry* g = find_game(session_->game());
    for (const Option& declared : g->options) {
        const Option* o = options_.find(declared.name);
        if (auto e = session_->set_option(o->name, o->value); e && report) out_.error(*e);
    }
}

Engine::~Engine() {
    session_->stop();
    session_->wait();
}

void Engine::wait() { session_->wait(); }

bool Engine::command(std::string_view line) {
    // A failure inside the engine (a game generating more moves than its bound) is reported, never fatal.
    try {
        return dispatch(line);
    } catch (const std::exception& e) {
        out_.error(std::string("internal error: ") + e.what());
        return true;
    }
}

bool Engine::dispatch(std::string_view line) {
    if (line.size() > kMaxLineLength) {
        out_.error(overlong_line(line.size()));
        return true;
    }
    const auto t = split_words(line);
    if (t.empty()) return true;
    const std::string& cmd = t[0];
    const std::vector<std::string> args(t.begin() + 1, t.end());

    if (cmd == "usi") {
        usi();
    } else if (cmd == "uci") {
        uci();
    } else if (cmd == "debug") {
        // UCI's debug on|off: this engine prints the same either way.
        if (args.size() != 1 || (args[0] != "on" && args[0] != "off")) out_.error("debug: expected on or off");
    } else if (cmd == "isready") {
        out_.line("readyok");
    } else if (cmd == "setoption") {
        setoption(args);
    } else if (cmd == "usinewgame" || cmd == "ucinewgame") {
        if (session_->searching())
            out_.error(cmd + ": a search is running (send stop first)");
        else
            session_->new_game();
    } else if (cmd == "position") {
        position(args);
    } else if (cmd == "sfen") {
        // `sfen <sfen> [moves ...]` as a shorthand for `position sfen ...`.
        if (auto e = session_->set_position(t)) out_.error(*e);
    } else if (cmd == "go") {
        go(args);
    } else if (cmd == "stop") {
        session_->stop();
    } else if (cmd == "ponderhit") {
        session_->ponderhit();
    } else if (cmd == "gameover") {
        if (args.size() != 1 || (args[0] != "win" && args[0] != "lose" && args[0] != "draw"))
            out_.error("gameover: expected win, lose or draw");
        session_->stop();
    } else if (cmd == "quit") {
        session_->stop();
        session_->wait();
        return false;
    } else if (cmd == "d") {
        display();
    } else if (cmd == "perft") {
        perft(args);
    } else if (cmd == "bench") {
        bench(args);
    } else {
        out_.error("unknown command '" + printable(cmd) + "'");
    }
    return true;
}

void Engine::usi() {
    if (!dialect_chosen_) dialect_chosen_ = true;
    if (writer_.dialect() == Dialect::Uci) {
        out_.error("usi: this engine speaks UCI since the first 'uci'; restart it for USI");
        return;
    }
    out_.line("id name Menagerie " MENAGERIE_VERSION);
    out_.line("id author the Menagerie developers");
    for (const auto& l : options_.usi_lines()) out_.line(l);
    out_.line("usiok");
}

// The UCI handshake; the first `uci` before any `usi` makes the process speak UCI (spec/protocol.md).
void Engine::uci() {
    if (!dialect_chosen_) {
        dialect_chosen_ = true;
        // A search sent before the handshake answers first, in the dialect it was asked in.
        session_->stop();
        session_->wait();
        writer_.set_dialect(Dialect::Uci);
    }
    if (writer_.dialect() != Dialect::Uci) {
        out_.error("uci: this engine speaks USI since the first 'usi'; restart it for UCI");
        return;
    }
    out_.line("id name Menagerie " MENAGERIE_VERSION);
    out_.line("id author the Menagerie developers");
    for (std::string l : options_.usi_lines()) {
        // "option name <name> type ...": the name as UCI calls it.
        const size_t from = std::string_view("option name ").size(), to = l.find(" type ");
        l = l.substr(0, from) + shown_name(l.substr(from, to - from)) + l.substr(to);
        out_.line(l);
    }
    out_.line("uciok");
}

void Engine::position(const std::vector<std::string>& t) {
    if (writer_.dialect() == Dialect::Usi) {
        if (auto e = session_->set_position(t)) out_.error(*e);
        return;
    }
    // UCI: `startpos` or `fen <FEN>`, then moves in chess squares; the game's own SFEN and moves for the session.
    const GameNotation& game = writer_.game();
    std::vector<std::string> tokens;
    size_t i = 0;
    if (!t.empty() && t[0] == "fen") {
        std::string fen;
        for (i = 1; i < t.size() && t[i] != "moves"; ++i) fen += (i > 1 ? " " : "") + t[i];
        auto sfen = fen_to_sfen(fen, game);
        if (!sfen) {
            out_.error("position: " + sfen.error());
            return;
        }
        tokens.push_back("sfen");
        for (std::string_view w : split_fields(*sfen)) tokens.emplace_back(w);
    } else {
        // startpos, and the game's own `sfen` (accepted in UCI too); the session says what is wrong with the rest.
        for (; i < t.size() && t[i] != "moves"; ++i) tokens.push_back(t[i]);
    }
    if (i < t.size()) {
        tokens.push_back("moves");
        const size_t first = i + 1;
        for (++i; i < t.size(); ++i) {
            if (game.style == SquareStyle::Chess) {
                tokens.push_back(t[i]);
                continue;
            }
            auto text = respell(t[i], game.size, SquareStyle::Chess, game.style);
            if (!text) {
                out_.error("position: move " + std::to_string(i - first + 1) + ": " + text.error());
                return;
            }
            tokens.push_back(*text);
        }
    }
    if (auto e = session_->set_position(tokens)) out_.error(*e);
}

void Engine::display() {
    std::string s = session_->display();
    if (writer_.dialect() == Dialect::Uci && session_->has_position())
        if (auto fen = sfen_to_fen(session_->sfen(), writer_.game())) s += "Fen: " + *fen + "\n";
    size_t start = 0;
    while (start < s.size()) {
        size_t end = s.find('\n', start);
        if (end == std::string::npos) end = s.size();
        out_.line(std::string_view(s).substr(start, end - start));
        start = end + 1;
    }
}

void Engine::setoption(const std::vector<std::string>& t) {
    // setoption name <id, may contain spaces> [value <x, may contain spaces>]
    if (t.empty() || t[0] != "name") {
        out_.error("setoption: expected 'setoption name <id> [value <x>]'");
        return;
    }
    std::string name, value;
    bool has_value = false;
    size_t i = 1;
    for (; i < t.size() && t[i] != "value"; ++i) name += (name.empty() ? "" : " ") + t[i];
    if (i < t.size()) {
        has_value = true;
        for (++i; i < t.size(); ++i) value += (value.empty() ? "" : " ") + t[i];
    }
    if (name.empty()) {
        out_.error("setoption: missing option name");
        return;
    }
    name = option_name(name);
    const Option* known = options_.find(name);
    if (!known) {
        out_.error("unknown option '" + printable(name) + "' (ignored)");
        return;
    }
    if (known->type != Option::Type::Button && !has_value) {
        out_.error("setoption: option " + shown_name(known->name) + " needs a value");
        return;
    }
    const bool busy = session_->searching();
    if (busy && (iequals(name, "USI_Variant") || iequals(name, "USI_Hash") || iequals(name, "Clear_Hash"))) {
        out_.error("setoption: cannot change " + shown_name(known->name) + " while searching (send stop first)");
        return;
    }
    const std::string previous = known->value;
    const Option* o = nullptr;
    if (auto e = options_.set(name, value, &o)) {
        out_.error("setoption: " + *e);
        return;
    }
    if (o->name == "USI_Variant") {
        if (o->value != session_->game()) switch_game(o->value);
    } else if (o->name == "USI_Hash") {
        if (!session_->resize_hash(size_t(options_.spin("USI_Hash")))) {
            out_.error("setoption: cannot allocate " + o->value + " MB for the hash; keeping " + previous + " MB");
            options_.set("USI_Hash", previous, nullptr);
        }
    } else if (o->name == "Clear_Hash") {
        session_->clear_hash();
    } else {
        // An option some game declared: a game that declared it takes it now (or says why not); another game
        // keeps it for when such a game is chosen.
        // The engine's own options (Threads, MultiPV, Move_Overhead, ...) are read when a search starts and need
        // nothing here.
        const GameEntry* g = find_game(session_->game());
        const bool ours = std::any_of(g->options.begin(), g->options.end(),
                                      [&](const Option& d) { return iequals(d.name, o->name); });
        std::string owners;
        for (const auto& other : games())
            for (const Option& d : other.options)
                if (iequals(d.name, o->name)) owners += (owners.empty() ? "" : ", ") + std::string(other.name);
        if (ours) {
            if (auto e = session_->set_option(o->name, o->value)) out_.error(*e);
        } else if (!owners.empty() && o->value != o->default_value) {
            out_.info(o->name + " is an option of " + owners + ", not of " + std::string(g->name) +
                      "; kept for when that game is chosen");
        }
    }
}

void Engine::switch_game(std::string_view name) {
    const GameEntry* g = find_game(name);
    session_->stop();
    session_->wait();
    make_session(g->name);
    // A setting that does not fit the new game (a bad table file) is reported when that game is chosen.
    apply_game_options(true);
}

// Every `go` ends with exactly one answer (spec/protocol.md), so a GUI waiting for it never hangs: a value out
// of range is clamped, a parameter that cannot be read is ignored, each with an `info string` saying so, and a
// go whose limits were all unreadable searches for a second (Limits::settle) instead of until a `stop` that may
// never come.
void Engine::go(const std::vector<std::string>& t) {
    Limits l;
    l.received = Clock::now();
    if (!t.empty() && t[0] == "perft") {
        perft(std::vector<std::string>(t.begin() + 1, t.end()));
        return;
    }
    static const char* const keywords[] = {"btime",    "wtime", "binc",  "winc",     "byoyomi", "movestogo", "movetime",
                                           "depth",    "nodes", "infinite", "ponder", "mate",    "searchmoves"};
    auto is_keyword = [](std::string_view w) {
        return std::find(std::begin(keywords), std::end(keywords), w) != std::end(keywords);
    };
    bool ignored = false;  // something the GUI asked for could not be read
    // Reads t[i+1] into `into`, clamped to [min, max]; false (and nothing consumed but a bad word) if unreadable.
    auto number = [&](size_t& i, int64_t min, int64_t max, int64_t& into) -> bool {
        const std::string& name = t[i];
        if (i + 1 >= t.size() || is_keyword(t[i + 1])) {
            out_.error("go: '" + name + "' needs a value; ignored");
            ignored = true;
            return false;
        }
        const std::string& text = t[++i];
        // Digits with an optional sign; a value too long for 64 bits is simply out of range.
        const bool negative = text[0] == '-';
        const size_t digits_from = (text[0] == '-' || text[0] == '+') ? 1 : 0;
        const bool numeric = text.size() > digits_from &&
                             std::all_of(text.begin() + std::ptrdiff_t(digits_from), text.end(),
                                         [](char c) { return c >= '0' && c <= '9'; });
        if (!numeric) {
            out_.error("go: bad value '" + printable(text) + "' for " + name + "; ignored");
            ignored = true;
            return false;
        }
        auto v = parse_int(text[0] == '+' ? std::string_view(text).substr(1) : std::string_view(text));
        const int64_t value = v ? *v : negative ? min : max;
        into = std::clamp(value, min, max);
        if (!v || *v != into)
            out_.info("go: " + name + " " + printable(text) + " is out of range; using " + std::to_string(into));
        return true;
    };
    constexpr int64_t kBig = int64_t(1) << 40;  // ms: about 35 years
    for (size_t i = 0; i < t.size(); ++i) {
        const std::string& w = t[i];
        int64_t v = 0;
        if (w == "btime") {
            if (number(i, -kBig, kBig, v)) l.time[Sente] = std::max<int64_t>(0, v);
        } else if (w == "wtime") {
            if (number(i, -kBig, kBig, v)) l.time[Gote] = std::max<int64_t>(0, v);
        } else if (w == "binc") {
            number(i, 0, kBig, l.inc[Sente]);
        } else if (w == "winc") {
            number(i, 0, kBig, l.inc[Gote]);
        } else if (w == "byoyomi") {
            number(i, 0, kBig, l.byoyomi);
        } else if (w == "movestogo") {
            if (number(i, 1, 100000, v)) l.movestogo = int(v);
        } else if (w == "movetime") {
            number(i, 1, kBig, l.movetime);
        } else if (w == "depth") {
            if (number(i, 1, 1000, v)) l.depth = int(v);
        } else if (w == "nodes") {
            if (number(i, 1, kBig * 1000, v)) l.nodes = uint64_t(v);
        } else if (w == "infinite") {
            l.infinite = true;
        } else if (w == "ponder") {
            l.ponder = true;
        } else if (w == "mate") {
            l.mate_search = true;
            if (i + 1 < t.size() && t[i + 1] == "infinite")
                ++i;
            else if (!number(i, 1, kBig, l.mate))
                l.mate = Limits::kFallbackMs;
        } else if (w == "searchmoves") {
            for (++i; i < t.size() && !is_keyword(t[i]); ++i) {
                // UCI names squares in chess style: the game's own spelling for the session (a move that does
                // not read is passed on as written, and the session says why it is ignored).
                const GameNotation& game = writer_.game();
                auto own = writer_.dialect() == Dialect::Uci && game.style != SquareStyle::Chess
                               ? respell(t[i], game.size, SquareStyle::Chess, game.style)
                               : Result<std::string>(Error{""});
                l.searchmoves.push_back(own ? *own : t[i]);
            }
            --i;
            if (l.searchmoves.empty()) {
                out_.error("go: searchmoves lists no move; ignored");
                ignored = true;
            }
        } else {
            out_.error("go: unknown parameter '" + printable(w) + "'; ignored");
            ignored = true;
        }
    }
    l.unreadable = ignored;
    if (writer_.dialect() == Dialect::Uci && l.mate_search) {
        // UCI's `go mate N` asks for a mate in N moves: a search deep enough to see one (2N-1 plies, and two
        // more to settle it), which stops early once it has; a move is answered either way.
        const int64_t moves = l.mate == Limits::kFallbackMs ? 0 : l.mate;
        l.mate_search = false;
        l.mate = 0;
        if (moves > 0) l.depth = l.depth ? l.depth : int(std::min<int64_t>(2 * moves + 1, 127));
        if (!l.bounded()) l.infinite = true;
    }
    SearchOptions s;
    s.multipv = int(options_.spin("MultiPV"));
    s.move_overhead = options_.spin("Move_Overhead");
    s.skill = options_.check("USI_LimitStrength") ? skill_from_elo(int(options_.spin("USI_Elo")))
                                                  : int(options_.spin("Skill_Level"));
    s.seed = seed_ += 0x9E3779B97F4A7C15ULL;
    s.threads = int(options_.spin("Threads"));
    session_->go(l, s);
}

// `perft N [texts]`: texts counts every text the engine accepts for a move (lishogi's convention for chu).
void Engine::perft(const std::vector<std::string>& args) {
    const std::string arg = args.empty() ? std::string() : args[0];
    auto d = parse_int(arg);
    if (!d || *d < 1 || *d > kMaxPerftDepth) {
        out_.error("perft: expected a depth from 1 to " + std::to_string(kMaxPerftDepth) + ", got '" + printable(arg) +
                   "'");
        return;
    }
    if (args.size() > 2 || (args.size() == 2 && args[1] != "texts")) {
        out_.error("perft: after the depth, only 'texts' may follow; got '" + printable(args[1]) + "'" +
                   (args.size() > 2 ? " and more" : ""));
        return;
    }
    auto counts = session_->perft(int(*d), args.size() == 2);
    if (!counts) {
        out_.error(counts.error());
        return;
    }
    for (const auto& [m, n] : counts->moves) out_.line(writer_.move(m) + ": " + std::to_string(n));
    out_.line("");
    out_.line("Nodes searched: " + std::to_string(counts->total));
}

void Engine::bench(const std::vector<std::string>& t) {
    if (session_->searching()) {
        out_.error("bench: a search is running (send stop first)");
        return;
    }
    int64_t depth = 0;
    if (!t.empty()) {
        auto d = parse_int(t[0]);
        if (t.size() > 1 || !d || *d < 1 || *d > kMaxBenchDepth) {
            out_.error("bench: expected an optional depth from 1 to " + std::to_string(kMaxBenchDepth));
            return;
        }
        depth = *d;
    }
    // With the Threads setting: more than one gives a varying node count and the time to depth.
    const int threads = int(options_.spin("Threads"));
    for (const std::string& line : bench_summary(session_->bench(int(depth), 16, threads))) out_.line(line);
}

std::string overlong_line(size_t length) {
    return "line of " + std::to_string(length) + " bytes is longer than the limit of " + std::to_string(kMaxLineLength) +
           "; ignored";
}

void run_usi_loop(std::istream& in, Output& out, const std::string& tablebase) {
    Engine engine(out, tablebase);
    std::streambuf* buf = in.rdbuf();
    std::string line;
    for (;;) {
        line.clear();
        size_t length = 0;
        int c;
        while ((c = buf->sbumpc()) != std::char_traits<char>::eof() && c != '\n') {
            if (++length <= kMaxLineLength + 1) line += char(c);
        }
        if (c == std::char_traits<char>::eof() && length == 0) break;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (length > kMaxLineLength) {
            out.error(overlong_line(length));
            continue;
        }
        if (!engine.command(line)) return;
        if (c == std::char_traits<char>::eof()) break;
    }
    // End of input: a bounded search still finishes and answers; an unbounded one is stopped.
    if (engine.session().unbounded()) engine.session().stop();
    engine.wait();
}

}  // namespace menagerie
