#pragma once
// Session: what the USI loop asks of "the current game", behind one small virtual interface.
// GameSession<G> implements it for one game; below it everything is compiled for that game.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <cstdlib>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "search/bench.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/rule_option.hpp"
#include "engine/core/text.hpp"
#include "search/mate/mate_solver.hpp"
#include "engine/core/game.hpp"
#include "search/info.hpp"
#include "search/limits.hpp"
#include "search/tablebase/oracle.hpp"
#include "search/perft.hpp"
#include "search/repetition.hpp"
#include "search/search.hpp"

namespace menagerie {

// A move as the fronts see it: the game's own text for it, and what that text spells (its squares, the piece
// dropped, a promotion), so that a front writes it in its own dialect or draws it without reading text.
struct MoveNote {
    std::string text;
    MoveSpelling spelling;
};

// What the search tells, with its PV as moves.
using SearchInfo = SearchInfoOf<MoveNote>;

// How a `go` ended: one of these for every go.
struct SearchResult {
    enum class Kind {
        Move,         // moves: the best move, then the expected reply if known
        Resign,       // no move to play (the game is over, lost or drawn, or no position)
        Win,          // the game is already won for the side to move (shogi's declaration, a Dobutsu try)
        Mate,         // go mate: moves is the mating line
        NoMate,       // go mate: there is none
        MateTimeout,  // go mate: none found in the time given
    };
    Kind kind = Kind::Resign;
    std::vector<MoveNote> moves;
    bool mate_search = false;  // the request was go mate
};

// Where a session's results go: the front that drives it formats them (USI or UCI text, JSON for the page).
// Called from the search's thread as well as from the caller's.
class Listener {
public:
    virtual ~Listener() = default;
    virtual void info(const SearchInfo& info) = 0;
    // Exactly once for every go, after its last info.
    virtual void result(const SearchResult& result) = 0;
    // A remark for the user; error: something was refused or ignored.
    virtual void note(std::string_view text, bool error) = 0;
    // A line of a report, printed as it is (bench's positions).
    virtual void line(std::string_view text) = 0;
};

// What a front end that draws the position needs beyond its SFEN (the browser board of protocol/web): the
// legal moves, the game's state and, where a table knows the position, each move's value.
struct PositionView {
    BoardCells board;  // the pieces on the board and in hand
    char side = 'b';   // 'b': Sente to move, 'w': Gote
    std::vector<MoveNote> moves;  // every legal move, with the squares it names (none once the game is over)
    bool over = false;
    char winner = 0;       // 'b' or 'w' when over and decided, 0 for a draw or an ongoing game
    std::string reason;    // why the game ended ("repetition", "bare king", ...); empty while it goes on
    bool threatened = false;  // the side to move stands in check (or its royal is attacked, per game)
    // The table's value of each legal move for the side that plays it ("win in 5", "draw", "loss in 8");
    // empty without a table or when the table does not know the position.
    std::vector<std::pair<std::string, std::string>> values;
};

// `perft`: each legal move's count, and the total.
struct PerftCounts {
    std::vector<std::pair<MoveNote, uint64_t>> moves;
    uint64_t total = 0;
    double seconds = 0;
};

// A position to set: a start and the moves played from it, each in the game's own move text.
struct PositionSpec {
    std::string sfen;                // empty: the game's start position
    std::vector<std::string> moves;  // played in order from the start
};

// What one move of a line took off the board: the cell and the piece there, as SFEN writes it (a range
// capture takes many; taikyoku's may take the mover's own pieces).
struct Taken {
    int cell = 0;
    std::string piece;
};
// One move of a line, for a front that lists or draws the moves played: the squares it names, and what it took.
struct MoveEffect {
    MoveSpelling spelling;
    std::vector<Taken> taken;
};
using MoveEffects = std::vector<MoveEffect>;  // for each move of a line, in order

// One piece's moves on a board of its own (the browser board's hints, drawn from the game's own move
// generator): the piece, Sente's, on the board's middle cell; the board holds besides it only the anchors the
// rules need (each side's royal; Jungle: an enemy animal), placed where they hinder the piece least, and a
// piece to capture when one was asked for.
struct PieceDemo {
    BoardCells board;
    int from = 0;                 // the piece's cell
    int target = -1;              // the cell of the piece to capture, when one was asked for
    std::vector<MoveNote> moves;  // the piece's legal moves from there
};

// What follows `position` in the USI dialect ("startpos", or "sfen" and the SFEN's fields; then "moves" and
// the moves), read into a PositionSpec.
inline Result<PositionSpec> read_position_tokens(const std::vector<std::string>& t) {
    PositionSpec spec;
    size_t i = 0;
    if (t.empty()) return Error{"position: expected 'startpos' or 'sfen <sfen>'"};
    if (t[0] == "startpos") {
        i = 1;
    } else if (t[0] == "sfen") {
        for (i = 1; i < t.size() && t[i] != "moves"; ++i) spec.sfen += (i > 1 ? " " : "") + t[i];
        if (spec.sfen.empty()) return Error{"position: 'sfen' needs a position"};
    } else {
        return Error{"position: expected 'startpos' or 'sfen', got '" + t[0] + "'"};
    }
    if (i < t.size()) {
        if (t[i] != "moves") return Error{"position: expected 'moves', got '" + t[i] + "'"};
        spec.moves.assign(t.begin() + std::ptrdiff_t(i) + 1, t.end());
    }
    return spec;
}

class Session {
public:
    virtual ~Session() = default;
    virtual std::string_view game() const = 0;
    // The position and the moves that led to it. On error nothing changes. With effects, also each move's
    // squares and what it took off the board (read from the board before and after it).
    virtual std::optional<std::string> set_position_spec(const PositionSpec& spec, MoveEffects* effects) = 0;
    std::optional<std::string> set_position_spec(const PositionSpec& spec) { return set_position_spec(spec, nullptr); }
    // tokens: what follows `position` in the USI dialect. On error nothing changes.
    std::optional<std::string> set_position(const std::vector<std::string>& tokens) {
        auto spec = read_position_tokens(tokens);
        if (!spec) return spec.error();
        return set_position_spec(*spec);
    }
    virtual bool has_position() const = 0;
    virtual std::string sfen() const = 0;
    // Starts a search in the background and prints exactly one answer when done (bestmove, or checkmate for
    // go mate), whatever the request: what cannot be honoured is reported as an `info string error` and the
    // search runs with the rest. A running search is stopped first and gives its own answer.
    virtual void go(const Limits& limits, const SearchOptions& settings) = 0;
    virtual void stop() = 0;
    virtual void ponderhit() = 0;
    // Until the running search has answered (after stop, or with a bounded search).
    virtual void wait() = 0;
    // A session in steps, for a build without threads (WebAssembly in a browser's worker): go starts the search
    // without a thread of its own and the caller advances it by step(), reading its commands between steps
    // (stop, ponderhit, isready) as another thread would; wait() finishes it in the caller's thread. Set while
    // no search runs.
    virtual void set_stepped(bool stepped) = 0;
    // Searches for at most about `ms` milliseconds (the search looks at the clock every 256 nodes); returns
    // whether a search still runs. Does nothing without a search, or when the session is not in steps.
    virtual bool step(int ms) = 0;
    virtual bool searching() const = 0;
    virtual bool unbounded() const = 0;  // the running search waits for stop (infinite, ponder, mate without time)
    virtual std::string display() const = 0;
    virtual PositionView view() const = 0;  // the current position; empty before one is set
    // The moves of the piece `code` (as SFEN writes it; upper case is Sente's) on an otherwise empty board
    // (PieceDemo); with `target`, an enemy piece put on the cell in front of it. anchors: the pieces the rules
    // need on the board (GameEntry::anchors). Does not touch the session's position.
    virtual Result<PieceDemo> piece_demo(std::string_view code, std::string_view target,
                                         const std::vector<std::string_view>& anchors) const = 0;
    // texts: count every text the game accepts for a move (lishogi's convention for chu), one line a text.
    virtual Result<PerftCounts> perft(int depth, bool texts = false) = 0;
    virtual BenchResult bench(int depth, size_t hash_mb, int threads = 1) = 0;
    virtual void new_game() = 0;
    virtual bool resize_hash(size_t mb) = 0;
    virtual void clear_hash() = 0;
    // An option the game declared (GameEntry::options): a rule of G::rule_options, or kTablebaseOption for a
    // game with tables. Returns an error for a bad value or an option the game does not have.
    virtual std::optional<std::string> set_option(const std::string& name, const std::string& value) = 0;
    // The tablebase setting: "auto" (the game's default table if that file exists), "none", or a path.
    // Returns an error (and keeps no table) when a table is asked for but cannot be used; a game without
    // tables accepts "auto" and "none" only.
    // A rule setting of the game (shogi's EnteringKingRule); an error for a game that has no such rule.
    virtual std::optional<std::string> set_rule(const std::string& name, const std::string& value) = 0;
    virtual bool has_tables() const = 0;  // whether the game has tablebases at all
    virtual std::optional<std::string> set_tablebase(const std::string& setting) = 0;
    virtual std::string tablebase_status() const = 0;
};

// The USI option that names a game's tablebase file, declared by the games that have tables.
inline constexpr std::string_view kTablebaseOption = "TablebaseFile";

// Where a game's tables come from: a loader and the default file. Games without tables have none.
template <Game G>
struct OracleSource {
    OracleLoader<G> load = nullptr;
    std::string (*default_path)() = nullptr;
};

template <Game G>
class GameSession final : public Session {
public:
    using Position = typename G::Position;
    using Move = typename G::Move;

    GameSession(Listener& out, size_t hash_mb, OracleSource<G> oracles = {})
        : out_(out), tt_(hash_mb), search_(std::make_unique<Search<G>>(tt_)), oracles_(oracles) {}
    ~GameSession() override {
        stop();
        wait();
    }

    std::string_view game() const override { return G::name; }
    bool has_position() const override { return has_position_; }
    std::string sfen() const override { return pos_.sfen(); }

    using Session::set_position_spec;
    std::optional<std::string> set_position_spec(const PositionSpec& spec, MoveEffects* effects) override {
        if (searching()) {
            if (!search_->stop) return "position: cannot change the position while searching (send stop first)";
            wait();
        }
        const std::string sfen = spec.sfen.empty() ? std::string(G::start_sfen) : spec.sfen;
        auto parsed = Position::from_sfen(sfen);
        if (!parsed) return "position: " + parsed.error();
        Position pos = parsed.value();
        apply_rules(pos);  // before the moves: the rules say which are legal
        std::vector<Visit> line = {visit_of(pos)};
        MoveEffects taken;
        BoardCells before;
        if (effects) before = pos.board_cells();
        for (const std::string& text : spec.moves) {
            const size_t n = line.size();
            if (repetition<G>(line))
                return "position: move " + std::to_string(n) + " '" + text + "': the game had already ended by repetition";
            auto m = pos.parse_move(text);
            if (!m) return "position: move " + std::to_string(n) + ": " + m.error();
            MoveSpelling spelling = effects ? pos.spelling(m.value()) : MoveSpelling{};
            pos.play(m.value());
            line.push_back(visit_of(pos));
            if (effects) {
                BoardCells after = pos.board_cells();
                std::vector<Taken> took = taken_by(before, after, spelling);
                taken.push_back(MoveEffect{std::move(spelling), std::move(took)});
                before = std::move(after);
            }
        }
        if (effects) *effects = std::move(taken);
        pos_ = pos;
        if (stale_table_) tt_.clear(), stale_table_ = false;
        line.pop_back();
        history_ = std::move(line);
        has_position_ = true;
        return std::nullopt;
    }

    void go(const Limits& request, const SearchOptions& settings) override {
        if (searching()) {
            if (!search_->stop) out_.note("go: a search was running; it is stopped and answers first", true);
            stop();
        }
        wait();
        if (!has_position_) {
            out_.note("go: no position yet (send 'position startpos' or 'position sfen ...')", true);
            out_.result(answer(request.mate_search ? SearchResult::Kind::NoMate : SearchResult::Kind::Resign, request));
            return;
        }
        Job& job = job_;
        job = Job{};
        job.limits = request;
        job.settings = settings;
        // go searchmoves: read once into moves; the search and the table compare moves, never text.
        for (const std::string& text : job.limits.searchmoves) {
            auto m = pos_.parse_move(text);
            if (!m) out_.note("go searchmoves: " + m.error() + "; ignored", true);
            job.limits.unreadable |= !m;
            if (m) job.only.push_back(m.value());
        }
        job.limits.searchmoves.clear();
        if (auto what = job.limits.settle()) out_.note(*what, false);
        search_->stop = false;
        search_->pondering = job.limits.ponder;
        search_->ponderhit_at = -1;
        searching_ = true;
        unbounded_ = job.limits.infinite || job.limits.ponder || (job.limits.mate_search && job.limits.mate == 0);
        if (stepped_) {
            step(0);
            return;
        }
        worker_ = std::thread([this] {
            while (!advance(0)) {
            }
        });
    }

    void stop() override {
        search_->stop = true;
        search_->pondering = false;
    }
    void ponderhit() override {
        if (!searching() || !search_->pondering) return;
        search_->ponderhit_at = Search<G>::now_count();
        search_->pondering = false;
    }
    void wait() override {
        if (worker_.joinable()) worker_.join();
        // In steps: the rest of the search, here (an unbounded one ends only by stop or ponderhit).
        while (stepped_ && searching_ && !advance(0)) {
        }
    }
    void set_stepped(bool stepped) override {
        if (!searching()) stepped_ = stepped;
    }
    bool step(int ms) override {
        if (!stepped_ || !searching_) return false;
        const auto span = std::chrono::duration_cast<Clock::duration>(std::chrono::milliseconds(std::max(ms, 0)));
        return !advance(std::max<int64_t>(Search<G>::now_count() + span.count(), 1));
    }
    bool searching() const override { return searching_; }
    bool unbounded() const override { return searching_ && unbounded_; }

    std::string display() const override {
        if (!has_position_) return "no position yet\n";
        std::string s = pos_.diagram();
        s += "SFEN: " + pos_.sfen() + "\n";
        s += "Key: " + hex(pos_.key()) + "\n";
        s += "Legal moves: " + std::to_string(pos_.count_legal_moves()) + "\n";
        s += "Occurrences of this position: " + std::to_string(occurrences(current_line())) + "\n";
        s += "Game state: " + state_text() + "\n";
        if (oracle_) {
            s += "Tablebase: ";
            if (auto v = oracle_->probe(pos_)) {
                s += v->outcome == Outcome::Draw ? std::string("drawn")
                                                 : std::string(outcome_text(v->outcome)) + " in " +
                                                       std::to_string(v->plies) + " plies";
                if (v->outcome == Outcome::Draw) s += " for the side to move";
                if (auto ranked = rank_moves<G>(pos_, history_, *oracle_); ranked && !ranked->empty())
                    s += " (best move " + pos_.move_text(ranked->front().move) + ")";
            } else {
                s += "position not in the table";
            }
            s += "\n";
        }
        return s;
    }

    PositionView view() const override {
        PositionView v;
        if (!has_position_) return v;
        v.board = pos_.board_cells();  // the game's own cells and hands
        v.side = pos_.side() == Sente ? 'b' : 'w';
        const auto rep = repetition<G>(current_line());
        const Outcome o = rep ? *rep : pos_.outcome();
        v.threatened = pos_.in_check();
        if (o != Outcome::Ongoing) {
            v.over = true;
            const char us = pos_.side() == Sente ? 'b' : 'w', them = us == 'b' ? 'w' : 'b';
            v.winner = o == Outcome::Win ? us : o == Outcome::Loss ? them : 0;
            v.reason = rep ? "repetition" : std::string(end_reason());
            return v;
        }
        MoveListOf<G> list;
        pos_.legal_moves(list);
        for (Move m : list) v.moves.push_back(note_of(pos_, m));
        if (oracle_) {
            if (auto ranked = rank_moves<G>(pos_, history_, *oracle_)) {
                for (const auto& om : *ranked) {
                    // om.value is the mover's, counted in plies from the position before the move.
                    std::string text = om.value.outcome == Outcome::Draw  ? std::string("draw")
                                       : om.value.outcome == Outcome::Win ? "win in " + std::to_string(om.value.plies)
                                                                          : "loss in " + std::to_string(om.value.plies);
                    v.values.emplace_back(pos_.move_text(om.move), std::move(text));
                }
            }
        }
        return v;
    }

    Result<PieceDemo> piece_demo(std::string_view code, std::string_view target,
                                 const std::vector<std::string_view>& anchors) const override {
        auto start = Position::from_sfen(G::start_sfen);
        if (!start) return Error{"the game's start position: " + start.error()};
        const BoardCells base = start.value().board_cells();
        const int files = base.size.files, ranks = base.size.ranks;
        // The start SFEN after its board, Sente to move: the other fields as the game writes them.
        const std::string sfen(G::start_sfen);
        const size_t cut = sfen.find(' ');
        std::string rest = cut == std::string::npos ? std::string() : sfen.substr(cut);
        if (rest.size() >= 2 && rest[0] == ' ') rest[1] = 'b';
        const int mid_row = ranks / 2, mid_col = files / 2, from = mid_row * files + mid_col;
        const int victim = target.empty() ? -1 : from - files;
        const auto is_upper = [](std::string_view c) {
            for (char ch : c)
                if (std::isalpha(static_cast<unsigned char>(ch))) return bool(std::isupper(static_cast<unsigned char>(ch)));
            return true;
        };
        if (code.empty() || code.size() > 16) return Error{"no such piece '" + std::string(code.substr(0, 16)) + "'"};
        if (!is_upper(code)) return Error{"give Sente's piece (upper case), got '" + std::string(code) + "'"};
        if (!target.empty() && (target.size() > 16 || is_upper(target)))
            return Error{"the piece to capture must be Gote's (lower case), got '" + std::string(target.substr(0, 16)) + "'"};
        // Each anchor's candidate cells: in its side's half, off every line through the piece's cell and away
        // from it first; a few of each are tried, and the placement that leaves the piece most destinations
        // is kept (small boards cannot keep every anchor out of reach).
        struct Anchor {
            std::string code;
            std::vector<int> cells;
        };
        std::vector<Anchor> placed;
        for (std::string_view a : anchors) {
            if (a == code || a == target) continue;  // the piece shown, or the one to take, stands in for it
            Anchor anchor{std::string(a), {}};
            const bool sente = is_upper(a);
            std::vector<std::pair<int, int>> ranked;  // (badness, cell)
            for (int cell = 0; cell < files * ranks; ++cell) {
                const int r = cell / files, c = cell % files, dr = r - mid_row, dc = c - mid_col;
                if (cell == from || cell == victim || (sente ? r < mid_row : r > mid_row)) continue;
                const bool on_line = dr == 0 || dc == 0 || dr == dc || dr == -dc;
                const int distance = std::max(std::abs(dr), std::abs(dc));
                ranked.emplace_back((on_line ? 1000 : 0) - distance, cell);
            }
            std::sort(ranked.begin(), ranked.end());
            for (size_t i = 0; i < ranked.size() && i < 6; ++i) anchor.cells.push_back(ranked[i].second);
            placed.push_back(std::move(anchor));
        }
        std::optional<PieceDemo> best;
        size_t best_reach = 0;
        std::vector<size_t> pick(placed.size(), 0);
        std::string last_error;
        while (true) {
            BoardCells board{base.size, std::vector<std::string>(size_t(files * ranks)), {}};
            bool clash = false;
            for (size_t i = 0; i < placed.size(); ++i) {
                if (placed[i].cells.empty()) continue;
                std::string& cell = board.cells[size_t(placed[i].cells[pick[i]])];
                clash |= !cell.empty();
                cell = placed[i].code;
            }
            board.cells[size_t(from)] = std::string(code);
            if (victim >= 0) board.cells[size_t(victim)] = std::string(target);
            if (!clash) {
                auto pos = Position::from_sfen(write_board_field(board) + rest);
                if (!pos) {
                    last_error = pos.error();
                } else {
                    PieceDemo demo{pos.value().board_cells(), from, victim, {}};
                    MoveListOf<G> list;
                    pos.value().legal_moves(list);
                    std::vector<int> reach;
                    for (Move m : list) {
                        MoveNote note = note_of(pos.value(), m);
                        if (!note.spelling.drop.empty() || note.spelling.cells.empty() || note.spelling.cells.front() != from)
                            continue;
                        reach.push_back(note.spelling.cells.back());
                        demo.moves.push_back(std::move(note));
                    }
                    std::sort(reach.begin(), reach.end());
                    const size_t n = size_t(std::unique(reach.begin(), reach.end()) - reach.begin());
                    if (!best || n > best_reach) best = std::move(demo), best_reach = n;
                }
            }
            // The next placement (an odometer over the anchors' candidates).
            size_t i = 0;
            while (i < placed.size() && ++pick[i] >= placed[i].cells.size()) pick[i++] = 0;
            if (i == placed.size()) break;
        }
        if (!best) return Error{"no board shows '" + std::string(code) + "'" + (last_error.empty() ? "" : ": " + last_error)};
        return std::move(*best);
    }

    Result<PerftCounts> perft(int depth, bool texts) override {
        if (!has_position_) return Error{"perft: no position yet"};
        if (searching()) return Error{"perft: cannot run while searching"};
        const auto t0 = Clock::now();
        PerftCounts counts;
        if (!texts) {
            auto d = perft_divide<G>(pos_, depth);
            for (const auto& [m, n] : d.moves) counts.moves.emplace_back(note_of(pos_, m), n);
            counts.total = d.total;
        } else {
            MoveListOf<G> list;
            pos_.legal_moves(list);
            Position pos = pos_;
            for (Move m : list) {
                typename G::Undo undo;
                pos.play(m, undo);
                const uint64_t n = perft_texts<G>(pos, depth - 1);
                pos.undo(m, undo);
                for (std::string& text : move_texts<G>(pos, m)) {
                    auto spelling = read_spelling(text, BoardSize{G::files, G::ranks},
                                                  G::shogi_squares ? SquareStyle::Shogi : SquareStyle::Chess);
                    counts.moves.emplace_back(MoveNote{std::move(text), spelling ? spelling.value() : MoveSpelling{}}, n);
                    counts.total += n;
                }
            }
        }
        counts.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
        return counts;
    }

    BenchResult bench(int depth, size_t hash_mb, int threads) override {
        return run_bench<G>(depth, hash_mb, [this](std::string_view line) { out_.line(line); }, threads);
    }

    void new_game() override {
        tt_.clear();
        search_->clear_history();
    }
    bool resize_hash(size_t mb) override { return tt_.resize(mb); }
    void clear_hash() override { tt_.clear(); }

    std::optional<std::string> set_option(const std::string& name, const std::string& value) override {
        if (name == kTablebaseOption) return set_tablebase(value);
        return set_rule(name, value);
    }
    std::optional<std::string> set_rule(const std::string& name, const std::string& value) override {
        Position probe = pos_;
        if (auto e = apply_rule<G>(probe, name, value)) return e;
        // The table's entries were searched under the rules before: another rule, other moves.
        const auto was = std::find_if(rules_.begin(), rules_.end(), [&](const auto& r) { return r.first == name; });
        if ((was == rules_.end() ? std::string() : was->second) != value) {
            if (searching()) stale_table_ = true;  // cleared with the next position
            else tt_.clear();
        }
        std::erase_if(rules_, [&](const auto& r) { return r.first == name; });
        rules_.emplace_back(name, value);
        if (!searching()) apply_rules(pos_);
        return std::nullopt;
    }
    void apply_rules(Position& p) const {
        for (const auto& [name, value] : rules_) apply_rule<G>(p, name, value);
    }
    bool has_tables() const override { return oracles_.load != nullptr; }
    std::optional<std::string> set_tablebase(const std::string& setting) override {
        if (searching())
            return std::string(kTablebaseOption) + ": cannot change the table while searching (send stop first)";
        oracle_.reset();
        if (setting == "none" || setting.empty()) return std::nullopt;
        if (!oracles_.load) {
            if (setting == "auto") return std::nullopt;
            return std::string(kTablebaseOption) + ": there are no tablebases for " + std::string(G::name);
        }
        std::string path = setting;
        if (setting == "auto") {
            path = oracles_.default_path();
            std::error_code ec;
            if (!std::filesystem::exists(path, ec)) return std::nullopt;  // no table there: search only
        }
        auto loaded = oracles_.load(path);
        if (!loaded) return loaded.error();
        oracle_ = loaded.value();
        return std::nullopt;
    }
    std::string tablebase_status() const override { return oracle_ ? oracle_->describe() : "no tablebase"; }

private:
    // The game's positions up to and including the current one.
    std::vector<Visit> current_line() const {
        auto line = history_;
        line.push_back(visit_of(pos_));
        return line;
    }
    static std::string_view outcome_text(Outcome o) {
        switch (o) {
            case Outcome::Win:
                return "won for the side to move";
            case Outcome::Loss:
                return "lost for the side to move";
            case Outcome::Draw:
                return "drawn";
            default:
                return "ongoing";
        }
    }
    static std::string hex(uint64_t k) {
        static const char* digits = "0123456789ABCDEF";
        std::string s(16, '0');
        for (int i = 15; i >= 0; --i, k >>= 4) s[size_t(i)] = digits[k & 15];
        return s;
    }
    // Why the position's own rules ended the game: the game's reason where it says one, else what a loss
    // or a draw means in general.
    std::string end_reason() const {
        if constexpr (requires { pos_.outcome_reason(); }) return pos_.outcome_reason();
        const Outcome o = pos_.outcome();
        if (o == Outcome::Draw) return "draw";
        MoveListOf<G> list;
        pos_.legal_moves(list);
        if (list.size() == 0) return pos_.in_check() ? "checkmate" : "no legal move";
        return "the rules of the game";
    }
    std::string state_text() const {
        if (auto r = repetition<G>(current_line()))
            return *r == Outcome::Draw ? "draw by repetition" : std::string(outcome_text(*r)) + " by repetition";
        const Outcome o = pos_.outcome();
        if constexpr (requires { pos_.outcome_reason(); })
            if (o != Outcome::Ongoing) return std::string(outcome_text(o)) + " (" + pos_.outcome_reason() + ")";
        return std::string(outcome_text(o));
    }

    // A move and the text that names it.
    static MoveNote note_of(const Position& pos, Move m) { return MoveNote{pos.move_text(m), pos.spelling(m)}; }
    // What a move took: every cell but its origin whose piece is gone or replaced after it.
    static std::vector<Taken> taken_by(const BoardCells& before, const BoardCells& after, const MoveSpelling& m) {
        const int origin = m.drop.empty() && !m.cells.empty() ? m.cells.front() : -1;
        std::vector<Taken> taken;
        for (size_t c = 0; c < before.cells.size() && c < after.cells.size(); ++c)
            if (int(c) != origin && !before.cells[c].empty() && before.cells[c] != after.cells[c])
                taken.push_back(Taken{int(c), before.cells[c]});
        return taken;
    }
    // A line of moves from pos.
    static std::vector<MoveNote> notes_of(Position pos, const std::vector<Move>& line) {
        std::vector<MoveNote> notes;
        for (Move m : line) {
            notes.push_back(note_of(pos, m));
            pos.play(m);
        }
        return notes;
    }
    static SearchResult answer(SearchResult::Kind kind, const Limits& limits, std::vector<MoveNote> moves = {}) {
        SearchResult r;
        r.kind = kind;
        r.moves = std::move(moves);
        r.mate_search = limits.mate_search;
        return r;
    }

    // One go's work, advanced by advance(): in the session's thread, or in steps (set_stepped).
    struct Job {
        enum class Stage { Start, Mate, Search, Hold };
        Stage stage = Stage::Start;
        Limits limits;
        SearchOptions settings;
        std::vector<Move> only;  // go searchmoves: the root moves allowed (all when empty)
        typename Search<G>::InfoSink sink;
        // go mate, in the games with a proof-number solver: the solver, its start and its end.
        std::conditional_t<requires { G::mate_solver; }, std::unique_ptr<MateSolver<G>>, std::nullptr_t> mate{};
        Clock::time_point mate_start{}, mate_deadline{};
        SearchResult result;  // the answer, once found (Stage::Hold keeps it until stop or ponderhit)
    };

    // Advances the running go until `until` (a steady clock count; 0: its end); true once it has answered,
    // which it does here, exactly once.
    bool advance(int64_t until) {
        SearchResult last;
        try {
            if (!advance_job(until)) return false;
            last = std::move(job_.result);
        } catch (const std::exception& e) {
            // A failure inside the search (a game generating more moves than its bound) still answers.
            out_.note(std::string("search failed: ") + e.what(), true);
            const auto kind = job_.limits.mate_search ? SearchResult::Kind::NoMate : SearchResult::Kind::Resign;
            last = answer(kind, job_.limits);
        }
        job_.mate = {};  // the solver's table is large
        // Ready for the next command before the GUI can read the answer.
        searching_ = false;
        out_.result(last);
        return true;
    }

    // The answer's stages: a game already over, the table, the mate solver, the search; then, for an
    // unbounded go, waiting for stop or ponderhit.
    bool advance_job(int64_t until) {
        using Kind = SearchResult::Kind;
        using Stage = typename Job::Stage;
        Job& job = job_;
        const Limits& limits = job.limits;
        if (job.stage == Stage::Start) {
            // A game already over gets its answer without a search.
            const auto by_repetition = repetition<G>(current_line());
            const Outcome o = by_repetition ? *by_repetition : pos_.outcome();
            if (o != Outcome::Ongoing) {
                if (limits.mate_search) {
                    job.result = answer(Kind::NoMate, limits);
                    return true;
                }
                out_.note("game over: " + state_text(), false);
                job.result = answer(o == Outcome::Win ? Kind::Win : Kind::Resign, limits);
                return true;
            }
            if (oracle_) {
                if (auto ranked = rank_moves<G>(pos_, history_, *oracle_)) {
                    // go searchmoves: only the moves listed.
                    if (!job.only.empty())
                        std::erase_if(*ranked, [&](const OracleMove<G>& om) {
                            return std::find(job.only.begin(), job.only.end(), om.move) == job.only.end();
                        });
                    if (!ranked->empty()) {
                        job.result = answer_from_table(*ranked, limits, job.settings);
                        job.stage = Stage::Hold;
                    }
                }
            }
            if (job.stage == Stage::Start) {
                if constexpr (requires { G::mate_solver; }) {
                    // Checkmate problems, in games with a proof-number solver.
                    if (limits.mate_search) {
                        job.mate_start = Clock::now();
                        job.mate_deadline = limits.mate ? job.mate_start + std::chrono::milliseconds(limits.mate)
                                                        : Clock::time_point::max();
                        job.mate = std::make_unique<MateSolver<G>>();
                        job.stage = Stage::Mate;
                    }
                }
            }
            if (job.stage == Stage::Start) {
                Limits l = limits;
                if (l.mate_search) {
                    // go mate: look for a forced win within the time given (or until stop).
                    l.infinite = false;
                    l.movetime = l.mate;
                    l.depth = l.depth ? l.depth : 64;
                }
                job.sink = [this](const typename Search<G>::Info& info) {
                    SearchInfo shown;
                    shown.depth = info.depth;
                    shown.seldepth = info.seldepth;
                    shown.multipv = info.multipv;
                    shown.score = info.score;
                    shown.nodes = info.nodes;
                    shown.nps = info.nps;
                    shown.time_ms = info.time_ms;
                    shown.hashfull = info.hashfull;
                    shown.pv = notes_of(pos_, info.pv);
                    out_.info(shown);
                };
                search_->start(pos_, history_, l, job.settings, &job.sink, job.only);
                job.stage = Stage::Search;
            }
        }
        if (job.stage == Stage::Mate) {
            if constexpr (requires { G::mate_solver; }) {
                // In steps the solver goes on from its table at each step.
                const bool fresh = job.mate->nodes() == 0;
                const Clock::time_point end =
                    until ? std::min(job.mate_deadline, Clock::time_point(Clock::duration(until))) : job.mate_deadline;
                auto r = job.mate->solve(pos_, end, search_->stop, UINT64_MAX, fresh);
                const auto now = Clock::now();
                if (r.verdict == MateSolver<G>::Verdict::Timeout && until && !search_->stop && now < job.mate_deadline)
                    return false;
                const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(now - job.mate_start).count();
                out_.note("mate search: " + std::to_string(r.nodes) + " nodes, " + std::to_string(ms) + " ms", false);
                if (r.verdict == MateSolver<G>::Verdict::NoMate)
                    job.result = answer(Kind::NoMate, limits);
                else if (r.verdict == MateSolver<G>::Verdict::Timeout)
                    job.result = answer(Kind::MateTimeout, limits);
                else
                    job.result = answer(Kind::Mate, limits, notes_of(pos_, r.pv));
                return true;
            }
        }
        if (job.stage == Stage::Search) {
            if (!search_->advance(until)) return false;
            auto report = search_->finish();
            if (limits.mate_search) {
                if (report.score > kMateBound && !report.lines.empty())
                    job.result = answer(Kind::Mate, limits, notes_of(pos_, report.lines[0].pv));
                else
                    job.result = answer(report.aborted ? Kind::MateTimeout : Kind::NoMate, limits);
                return true;
            }
            std::vector<Move> best = {report.best};
            if (!report.ponder.is_null()) best.push_back(report.ponder);
            job.result = answer(Kind::Move, limits, notes_of(pos_, best));
            return true;
        }
        // Stage::Hold: an unbounded go (infinite, ponder, mate without time) answers at stop or ponderhit
        // (pondering turns false), as the protocol asks.
        if (limits.infinite || limits.ponder || (limits.mate_search && limits.mate == 0)) {
            while (!search_->stop && (!limits.ponder || search_->pondering)) {
                if (until) return false;
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
            }
        }
        return true;
    }

    // The answer from the table: at once, with every move's exact value as a MultiPV line (an unbounded go
    // waits for stop or ponderhit before giving it: Stage::Hold).
    SearchResult answer_from_table(const std::vector<OracleMove<G>>& ranked, const Limits& limits,
                                   const SearchOptions& settings) {
        using Kind = SearchResult::Kind;
        uint64_t rng = settings.seed ^ pos_.key();
        const size_t chosen = oracle_choice<G>(ranked, settings.skill, kMaxSkill, rng);
        auto line_of = [&](const OracleMove<G>& om) {
            std::vector<Move> pv = {om.move};
            if (!om.repeats) {
                Position p = pos_;
                p.play(om.move);
                for (Move m : oracle_line<G>(p, *oracle_, 400)) pv.push_back(m);
            }
            return pv;
        };
        const std::vector<Move> best_line = line_of(ranked[chosen]);
        const int lines = std::min<int>(std::max(1, settings.multipv), int(ranked.size()));
        for (int i = 0; i < lines; ++i) {
            // Line 1 is the move played; the others follow in the table's order.
            const size_t k = i == 0 ? chosen : size_t(i) - (size_t(i) <= chosen ? 1 : 0);
            const auto& om = ranked[k];
            const int plies = om.value.outcome == Outcome::Draw ? 1 : om.value.plies;
            SearchInfo info;
            info.depth = info.seldepth = plies;
            info.multipv = i + 1;
            info.score = Score::of(oracle_score(om.value));
            info.hashfull = -1;  // no table of ours was used
            info.pv = notes_of(pos_, k == chosen ? best_line : line_of(om));
            out_.info(info);
        }
        const OracleValue v = ranked[chosen].value;
        std::string verdict = "tablebase: ";
        if (v.outcome == Outcome::Draw) {
            verdict += "drawn";
        } else {
            verdict += v.outcome == Outcome::Win ? "won in " : "lost in ";
            verdict += std::to_string(v.plies);
            verdict += " plies";
        }
        out_.note(verdict, false);
        if (limits.mate_search) {
            if (ranked.front().value.outcome == Outcome::Win)
                return answer(Kind::Mate, limits, notes_of(pos_, line_of(ranked.front())));
            return answer(Kind::NoMate, limits);
        }
        std::vector<Move> best(best_line.begin(), best_line.begin() + std::min<std::ptrdiff_t>(2, std::ssize(best_line)));
        return answer(Kind::Move, limits, notes_of(pos_, best));
    }

    Listener& out_;
    TranspositionTable<Move> tt_;
    std::unique_ptr<Search<G>> search_;
    OracleSource<G> oracles_;
    std::shared_ptr<const Oracle<G>> oracle_;
    Position pos_{};
    std::vector<Visit> history_;  // the positions before pos_, oldest first
    bool has_position_ = false;
    std::vector<std::pair<std::string, std::string>> rules_;  // rule settings, applied to every position set
    bool stale_table_ = false;  // a rule changed during a search: the table is cleared with the next position
    std::atomic<bool> searching_{false};
    bool unbounded_ = false;
    bool stepped_ = false;  // set_stepped: no thread; the caller advances the search by step()
    Job job_;
    std::thread worker_;
};

}  // namespace menagerie
