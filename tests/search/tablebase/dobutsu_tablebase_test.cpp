#include <doctest/doctest.h>

#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <unordered_map>
#include <utility>

#include "engine/core/zobrist.hpp"
#include "search/tablebase/dobutsu_index.hpp"
#include "search/tablebase/dobutsu_packed.hpp"
#include "eval/dobutsu/eval.hpp"
#include "protocol/loop/dialect.hpp"
#include "protocol/core/session.hpp"
#include "search/tablebase/dobutsu_solver.hpp"
#include "search/tablebase/dobutsu_tablebase.hpp"
#include "tests/protocol/transcript.hpp"

using namespace menagerie;
using namespace menagerie::dobutsu;

namespace {

// Terminal under the published convention, worked out on the engine's own position (Sente to move).
packed::Terminal reference_terminal(const Position& p) {
    const int gl = p.lion_square(Gote);
    if (p.attacked_by(gl, Sente)) return packed::Terminal::Won;
    if (row_of(gl) == 3) return packed::Terminal::Lost;
    return packed::Terminal::No;
}
Position sente_to_move(const Position& p) { return p.side() == Sente ? p : turned(p); }
std::string board_text(const Position& p) {
    const std::string s = p.sfen();
    return s.substr(0, s.rfind(' '));
}

// Non-terminal positions with Sente to move met in random games from the start.
std::vector<Position> sample_positions(int count, uint64_t seed) {
    KeyGenerator rng(seed);
    std::vector<Position> out;
    while (int(out.size()) < count) {
        Position p = Position::start();
        for (int ply = 0; ply < 60 && p.outcome() == Outcome::Ongoing; ++ply) {
            const Position s = sente_to_move(p);
            if (reference_terminal(s) == packed::Terminal::No && rng.next() % 3 == 0) out.push_back(s);
            Moves list;
            p.legal_moves(list);
            p.play(list[rng.next() % list.size()]);
        }
    }
    out.resize(size_t(count));
    return out;
}

}  // namespace

TEST_CASE("dobutsu solver positions: the children are the rules' moves, turned, with the right terminal verdict") {
    for (const Position& p : sample_positions(3000, 11)) {
        std::vector<std::string> expected, got;
        std::vector<packed::Terminal> expected_term, got_term;
        Moves list;
        p.legal_moves(list);
        std::map<std::string, packed::Terminal> verdict;
        for (Move m : list) {
            Position q = p;
            q.play(m);
            const Position t = turned(q);
            expected.push_back(board_text(t));
            verdict[board_text(t)] = reference_terminal(t);
        }
        packed::for_each_child_turned(packed::turned(packed::from_position(p)),
                                      [&](const packed::State& c, packed::Terminal term) {
                                          const std::string text = board_text(packed::to_position(c));
                                          got.push_back(text);
                                          CHECK_MESSAGE(term == verdict[text], p.sfen() << " -> " << text);
                                      });
        std::sort(expected.begin(), expected.end());
        std::sort(got.begin(), got.end());
        REQUIRE_MESSAGE(got == expected, p.sfen());
    }
}

TEST_CASE("dobutsu solver positions: counting children without playing them agrees with playing them") {
    for (const Position& p : sample_positions(5000, 12)) {
        const packed::State s = packed::from_position(p);
        for (bool drops : {true, false}) {
            packed::ChildCount expected;
            packed::for_each_child_turned(
                packed::turned(s),
                [&](const packed::State&, packed::Terminal term) {
                    if (term == packed::Terminal::Lost) expected.wins_at_once = true;
                    if (term == packed::Terminal::No) ++expected.nonterminal;
                },
                drops);
            const auto got = packed::count_children(s, drops);
            CHECK_MESSAGE(got.nonterminal == expected.nonterminal, p.sfen());
            CHECK_MESSAGE(got.wins_at_once == expected.wins_at_once, p.sfen());
        }
    }
}

TEST_CASE("dobutsu solver positions: parents are exactly the non-terminal positions with a move to the position") {
    for (const Position& p : sample_positions(1500, 13)) {
        const packed::State s = packed::from_position(p);
        const uint32_t self = packed::canonical_index(s);
        packed::for_each_child_turned(packed::turned(s), [&](const packed::State& c, packed::Terminal term) {
            if (term != packed::Terminal::No) return;
            const uint32_t child = packed::canonical_index(c);
            bool found = false;
            packed::for_each_parent_turned(packed::turned(c), [&](const packed::State& parent) {
                CHECK(packed::terminal(parent) == packed::Terminal::No);
                found |= packed::canonical_index(parent) == self;
                // Every parent has a move to this child.
                bool leads_here = false;
                packed::for_each_child_turned(packed::turned(parent), [&](const packed::State& c2, packed::Terminal) {
                    leads_here |= packed::canonical_index(c2) == child;
                });
                CHECK_MESSAGE(leads_here, board_text(packed::to_position(parent)));
            });
            CHECK_MESSAGE(found, p.sfen() << " is not a parent of " << board_text(packed::to_position(c)));
        });
    }
}

TEST_CASE("dobutsu solver positions: numbers of children and parents from their parent's shared parts are exact") {
    for (const Position& p : sample_positions(3000, 15)) {
        const packed::State t = packed::turned(packed::from_position(p));
        const packed::SharedIndex shared(t);
        packed::for_each_child_turned(t, [&](const packed::State& c, packed::Terminal, int from_ko) {
            CHECK(shared.canonical_index(c, from_ko) == packed::canonical_index(c));
        });
        packed::for_each_parent_turned(t, [&](const packed::State& parent, int from_ko) {
            CHECK(shared.canonical_index(parent, from_ko) == packed::canonical_index(parent));
        });
    }
}

TEST_CASE("dobutsu solver positions: numbering, mirror representative and the engine's index agree") {
    for (const Position& p : sample_positions(3000, 14)) {
        const packed::State s = packed::from_position(p);
        CHECK(packed::index(s) == position_index(p));
        CHECK(packed::state_at(packed::index(s)) == s);
        const packed::State m = packed::mirrored(s);
        CHECK(packed::canonical_index(s) == packed::canonical_index(m));
        CHECK((packed::canonical_index(s) == packed::index(s) || packed::canonical_index(s) == packed::index(m)));
        CHECK(board_text(packed::to_position(m)) == board_text(mirrored(p)));
    }
}

namespace {
// The repetition rule on top of the table: a move to a position that has occurred twice (same side to move)
// is a draw, whatever the table says.
void check_repetition_with_table(const Tablebase& table, const Position& x) {
    const auto ranked = rank_moves<Dobutsu>(x, {}, table);
    REQUIRE(ranked);
    const auto best = ranked->front();
    Position y = x;
    y.play(best.move);
    // The line before x: A, Y, B, Y; then x; then Y again is its third occurrence.
    const std::vector<Visit> line = {{1, false}, visit_of(y), {2, false}, visit_of(y)};
    const auto again = rank_moves<Dobutsu>(x, line, table);
    REQUIRE(again);
    for (const auto& om : *again)
        if (om.move == best.move) {
            CHECK(om.repeats);
            CHECK(om.value.outcome == Outcome::Draw);
        }
    if (best.value.outcome == Outcome::Win) {
        // Another winning move is taken when there is one; the repeating one is never first while a win exists.
        int wins = 0;
        for (const auto& om : *ranked) wins += om.value.outcome == Outcome::Win;
        if (wins > 1) {
            CHECK(again->front().value.outcome == Outcome::Win);
            CHECK(!(again->front().move == best.move));
        }
    }
    if (best.value.outcome == Outcome::Loss) CHECK(again->front().value.outcome == Outcome::Draw);
}
}  // namespace

// ---------------------------------------------------------------------------------------------------------
// The subgame without drops, solved by the solver and by a plain reference built on the engine's positions.
namespace {

struct Reference {
    struct Node {
        Position pos;
        packed::Terminal terminal;
        std::vector<int> children;
        SolvedValue value;
        bool known = false;
    };
    std::vector<Node> nodes;
    uint64_t nonterminal = 0, won = 0, drawn = 0, lost = 0;
};

uint64_t mirror_key(const Position& sente) { return std::min(sente.key(), mirrored(sente).key()); }

const Reference& reference() {
    static const Reference ref = [] {
        Reference r;
        std::unordered_map<uint64_t, int> id;
        auto add = [&](const Position& p) {
            const Position s = sente_to_move(p);
            const auto [it, fresh] = id.try_emplace(mirror_key(s), int(r.nodes.size()));
            if (fresh) r.nodes.push_back({s, reference_terminal(s), {}, {}, false});
            return it->second;
        };
        add(Position::start());
        for (size_t i = 0; i < r.nodes.size(); ++i) {
            if (r.nodes[i].terminal != packed::Terminal::No) continue;
            const Position p = r.nodes[i].pos;
            Moves list;
            p.legal_moves(list);
            for (Move m : list) {
                if (m.is_drop()) continue;
                Position q = p;
                q.play(m);
                const int c = add(q);
                r.nodes[i].children.push_back(c);
            }
        }
        // Values by rounds: in round d, a position with a child lost at d - 1 is won at d; one whose children are
        // all won, the longest at d - 1, is lost at d.
        for (auto& n : r.nodes)
            if (n.terminal != packed::Terminal::No) {
                n.known = true;
                n.value = {n.terminal == packed::Terminal::Won ? SolvedValue::Win : SolvedValue::Loss, 0};
            }
        for (int d = 1;; ++d) {
            std::vector<std::pair<int, SolvedValue>> decided;
            for (size_t i = 0; i < r.nodes.size(); ++i) {
                const auto& n = r.nodes[i];
                if (n.known) continue;
                bool win = false, all_won = true;
                int longest = -1;
                for (int c : n.children) {
                    const auto& cn = r.nodes[size_t(c)];
                    if (!cn.known) {
                        all_won = false;
                        continue;
                    }
                    if (cn.value.kind == SolvedValue::Loss && cn.value.distance == d - 1) win = true;
                    if (cn.value.kind != SolvedValue::Win) all_won = false;
                    longest = std::max(longest, cn.value.distance);
                }
                if (win)
                    decided.push_back({int(i), {SolvedValue::Win, d}});
                else if (all_won && longest == d - 1)
                    decided.push_back({int(i), {SolvedValue::Loss, d}});
            }
            if (decided.empty()) break;
            for (auto& [i, v] : decided) {
                r.nodes[size_t(i)].value = v;
                r.nodes[size_t(i)].known = true;
            }
        }
        for (const auto& n : r.nodes) {
            if (n.terminal != packed::Terminal::No) continue;
            ++r.nonterminal;
            if (!n.known) ++r.drawn;
            else if (n.value.kind == SolvedValue::Win) ++r.won;
            else ++r.lost;
        }
        return r;
    }();
    return ref;
}

struct SubgameTable {
    SolveSummary summary;
    std::string path;
    std::shared_ptr<const Tablebase> table;
    SubgameTable() = default;
    SubgameTable(SubgameTable&& o) noexcept
        : summary(o.summary), path(std::exchange(o.path, {})), table(std::move(o.table)) {}
    ~SubgameTable() {  // the file goes when the test process ends
        if (!path.empty()) std::remove(path.c_str());
    }
};

const SubgameTable& subgame() {
    static const SubgameTable t = [] {
        SubgameTable s;
        SolveOptions options;
        options.threads = 2;
        options.drops = false;
        SolvedSet set;
        s.summary = solve_dobutsu(options, set);
        s.path = (std::filesystem::temp_directory_path() / (std::string("menagerie-nodrops-") + std::to_string(getpid()) + ".mtb"))
                     .string();
        const auto error = write_tablebase(s.path, set, s.summary, "gle/1c1/1C1/ELG b - 1", false);
        REQUIRE_MESSAGE(!error, *error);
        auto loaded = Tablebase::load(s.path);
        REQUIRE_MESSAGE(loaded.ok(), loaded.error());
        s.table = loaded.value();
        return s;
    }();
    return t;
}

std::vector<char> file_bytes(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    return std::vector<char>(std::istreambuf_iterator<char>(in), {});
}
std::string write_bytes(const std::vector<char>& bytes, const std::string& name) {
    const std::string path =
        (std::filesystem::temp_directory_path() / (std::string("menagerie-") + name + "-" + std::to_string(getpid()) + ".mtb")).string();
    std::ofstream(path, std::ios::binary).write(bytes.data(), std::streamsize(bytes.size()));
    return path;
}

}  // namespace

// the subgame without drops equals a plain reference solution, position by position
void subgame_check_0() {
    const Reference& ref = reference();
    const SubgameTable& sub = subgame();
    CHECK(sub.summary.reachable == ref.nodes.size());
    CHECK(sub.summary.nonterminal == ref.nonterminal);
    CHECK(sub.summary.won == ref.won);
    CHECK(sub.summary.drawn == ref.drawn);
    CHECK(sub.summary.lost == ref.lost);
    CHECK(sub.table->info().members == ref.nonterminal);
    MESSAGE("subgame: " << ref.nodes.size() << " reachable, " << ref.won << " won, " << ref.drawn << " drawn, "
                        << ref.lost << " lost");
    uint64_t mismatches = 0;
    for (const auto& n : ref.nodes) {
        if (n.terminal != packed::Terminal::No) continue;
        const auto e = sub.table->entry(packed::from_position(n.pos));
        const SolvedValue want = n.known ? n.value : SolvedValue{};
        if (!e || e->kind != want.kind || e->distance != want.distance) {
            if (++mismatches <= 5) FAIL_CHECK(n.pos.sfen() << ": table " << (e ? int(e->kind) : -1) << "/"
                                                           << (e ? e->distance : -1) << ", reference " << int(want.kind)
                                                           << "/" << want.distance);
        }
    }
    CHECK(mismatches == 0);
    // Positions outside the subgame are not in the table: with a piece to drop, the start's sibling lines.
    CHECK(!sub.table->entry(packed::from_position(Position::from_sfen("gle/1c1/3/ELG b C 1").value())));
}

// every value is the best of its children, and the engine's choice keeps it
void subgame_check_1() {
    const Reference& ref = reference();
    const SubgameTable& sub = subgame();
    int checked = 0;
    for (const auto& n : ref.nodes) {
        if (n.terminal != packed::Terminal::No) continue;
        // Where Sente holds nothing the rules' moves are the subgame's moves.
        if (n.pos.hand(Sente, Chick) + n.pos.hand(Sente, Elephant) + n.pos.hand(Sente, Giraffe) != 0) continue;
        const auto v = sub.table->probe(n.pos);
        REQUIRE(v);
        const auto ranked = rank_moves<Dobutsu>(n.pos, {}, *sub.table);
        REQUIRE(ranked);
        REQUIRE(!ranked->empty());
        // The value is the best child's, one ply earlier; no other move does better.
        CHECK_MESSAGE(ranked->front().value == *v, n.pos.sfen());
        for (const auto& om : *ranked) CHECK(oracle_score(om.value) <= oracle_score(*v));
        // Our rules count one ply more than the convention's distance.
        if (n.known) CHECK(v->plies == n.value.distance + 1);
        else CHECK(v->outcome == Outcome::Draw);
        if (checked % 97 == 0) check_repetition_with_table(*sub.table, n.pos);
        ++checked;
    }
    CHECK(checked > 10000);
}

// a broken, truncated, foreign or missing file is refused with a reason
void subgame_check_2() {
    const SubgameTable& sub = subgame();
    const std::vector<char> good = file_bytes(sub.path);
    REQUIRE(good.size() > 400);
    auto refused = [](const std::string& path, const std::string& words) {
        auto r = Tablebase::load(path);
        REQUIRE(!r.ok());
        CHECK_MESSAGE(r.error().find(words) != std::string::npos, r.error());
        std::filesystem::remove(path);
    };
    {
        auto b = good;
        b.resize(b.size() - 1);
        refused(write_bytes(b, "short1"), "truncated");
        b.resize(b.size() / 2);
        refused(write_bytes(b, "short2"), "truncated");
        b.resize(100);
        refused(write_bytes(b, "short3"), "too short");
    }
    {
        auto b = good;
        b[b.size() - 3000] ^= 0x10;
        refused(write_bytes(b, "data"), "corrupt");
    }
    {
        auto b = good;
        b[200] ^= 1;  // inside the counts of the header
        refused(write_bytes(b, "header"), "corrupt");
    }
    {
        auto b = good;
        b[0] = 'X';
        refused(write_bytes(b, "magic"), "bad magic");
    }
    {
        auto b = good;
        b[8] = 9;  // the version
        refused(write_bytes(b, "version"), "format version 9");
    }
    refused(write_bytes({}, "empty"), "too short");
    CHECK(!Tablebase::load("/nonexistent/dobutsu.mtb").ok());
    CHECK(!Tablebase::load(std::filesystem::temp_directory_path().string()).ok());
    // The test table is not for play.
    auto o = load_oracle(sub.path);
    REQUIRE(!o.ok());
    CHECK(o.error().find("not for play") != std::string::npos);
}

namespace {
Result<std::shared_ptr<const Oracle<Dobutsu>>> load_any(const std::string& path) {
    auto t = Tablebase::load(path);
    if (!t) return Error{t.error()};
    return std::shared_ptr<const Oracle<Dobutsu>>(t.value());
}
std::string no_default() { return "/nonexistent/dobutsu.mtb"; }
}  // namespace

// a session with a table answers at once with the exact value and an optimal move
void subgame_check_3() {
    const Reference& ref = reference();
    const SubgameTable& sub = subgame();
    std::vector<std::string> lines;
    std::mutex m;
    Output out([&](std::string_view s) {
        std::lock_guard lock(m);
        lines.emplace_back(s);
    });
    DialectWriter usi(out, Dialect::Usi);
    GameSession<Dobutsu> session(usi, 1, OracleSource<Dobutsu>{&load_any, &no_default});
    CHECK(!session.set_tablebase("auto"));  // no file at the default place: search only
    CHECK(session.tablebase_status() == "no tablebase");
    REQUIRE(!session.set_tablebase(sub.path));
    CHECK(session.tablebase_status().find("Dobutsu tablebase") == 0);
    int won = 0, lost = 0, drawn = 0;
    for (const auto& n : ref.nodes) {
        if (n.terminal != packed::Terminal::No || won + lost + drawn >= 60) continue;
        if (n.pos.hand(Sente, Chick) + n.pos.hand(Sente, Elephant) + n.pos.hand(Sente, Giraffe) != 0) continue;
        const auto v = sub.table->probe(n.pos);
        int& counter = v->outcome == Outcome::Win ? won : v->outcome == Outcome::Loss ? lost : drawn;
        if (counter >= 20) continue;
        ++counter;
        lines.clear();
        REQUIRE(!session.set_position({"sfen", n.pos.sfen()}));
        Limits limits;
        limits.depth = 30;
        session.go(limits, SearchOptions{});
        session.wait();
        std::lock_guard lock(m);
        REQUIRE(!lines.empty());
        const std::string best = lines.back();
        REQUIRE(best.rfind("bestmove ", 0) == 0);
        const std::string want = v->outcome == Outcome::Draw ? "score cp 0"
                                 : v->outcome == Outcome::Win ? std::string("score mate ") + std::to_string(v->plies)
                                                              : std::string("score mate -") + std::to_string(v->plies);
        CHECK_MESSAGE(lines.front().find(want + " ") != std::string::npos, lines.front());
        // The move played keeps the value.
        auto mv = n.pos.parse_move(best.substr(9, best.find(' ', 9) - 9));
        REQUIRE(mv.ok());
        Position after = n.pos;
        after.play(mv.value());
        CHECK(before(*sub.table->probe(after)) == *v);
    }
    CHECK(won == 20);
    CHECK(lost == 20);
    CHECK(drawn == 20);
    // go searchmoves: the table answers among the moves listed only.
    for (const auto& n : ref.nodes) {
        if (n.terminal != packed::Terminal::No || n.children.size() < 3) continue;
        if (n.pos.hand(Sente, Chick) + n.pos.hand(Sente, Elephant) + n.pos.hand(Sente, Giraffe) != 0) continue;
        const auto ranked = rank_moves<Dobutsu>(n.pos, {}, *sub.table);
        REQUIRE(ranked);
        const std::string worst = n.pos.move_text(ranked->back().move);
        lines.clear();
        REQUIRE(!session.set_position({"sfen", n.pos.sfen()}));
        Limits limits;
        limits.depth = 30;  // a request without a limit searches until stop, as a bare `go` does
        limits.searchmoves = {worst};
        session.go(limits, SearchOptions{});
        session.wait();
        std::lock_guard lock(m);
        CHECK(lines.back().rfind("bestmove " + worst, 0) == 0);
        break;
    }
    CHECK(session.display().find("Tablebase: ") != std::string::npos);
}

// TablebaseFile through USI: none, auto, a bad file, another game
void subgame_check_4() {
    testing::Transcript t("dobutsu");
    t.send("usi");
    CHECK(t.has("option name TablebaseFile type string default "));
    t.send("setoption name TablebaseFile value /nonexistent/table.mtb");
    CHECK(t.has("info string error: tablebase '/nonexistent/table.mtb': cannot open"));
    t.send(std::string("setoption name TablebaseFile value ") + subgame().path);
    CHECK(t.has(std::string("info string error: tablebase '") + subgame().path + "': a test table"));
    t.send("setoption name TablebaseFile value none");
    t.send("position startpos");
    t.send("d");
    CHECK(!t.has("Tablebase:"));
    t.send("setoption name USI_Variant value jungle");
    t.clear();
    t.send("setoption name TablebaseFile value /some/file.mtb");
    CHECK(t.has("info string TablebaseFile is an option of dobutsu, not of jungle; kept for when that game is chosen"));
    t.send("setoption name TablebaseFile value auto");
    CHECK(t.count("info string") == 1);
    // Back in Dobutsu, a file set meanwhile is checked.
    t.send("setoption name TablebaseFile value /some/file.mtb");
    t.send("setoption name USI_Variant value dobutsu");
    CHECK(t.has("info string error: tablebase '/some/file.mtb': cannot open"));
}

// The browser board's move values (Session::view): every legal move with the table's value for its mover
void subgame_check_5() {
    const Reference& ref = reference();
    const SubgameTable& sub = subgame();
    Output out([](std::string_view) {});
    DialectWriter usi(out, Dialect::Usi);
    GameSession<Dobutsu> session(usi, 1, OracleSource<Dobutsu>{&load_any, &no_default});
    REQUIRE(!session.set_tablebase(sub.path));
    int checked = 0;
    for (const auto& n : ref.nodes) {
        if (n.terminal != packed::Terminal::No || checked >= 200) continue;
        if (n.pos.hand(Sente, Chick) + n.pos.hand(Sente, Elephant) + n.pos.hand(Sente, Giraffe) != 0) continue;
        REQUIRE(!session.set_position({"sfen", n.pos.sfen()}));
        const PositionView view = session.view();
        REQUIRE(view.values.size() == view.moves.size());
        for (const auto& [text, value] : view.values) {
            auto mv = n.pos.parse_move(text);
            REQUIRE(mv.ok());
            Position after = n.pos;
            after.play(mv.value());
            const OracleValue v = before(*sub.table->probe(after));
            const std::string want = v.outcome == Outcome::Draw  ? std::string("draw")
                                     : v.outcome == Outcome::Win ? "win in " + std::to_string(v.plies)
                                                                 : "loss in " + std::to_string(v.plies);
            CHECK_MESSAGE(value == want, n.pos.sfen() << " " << text);
        }
        ++checked;
    }
    CHECK(checked == 200);
    // Without a table, no values.
    REQUIRE(!session.set_tablebase("none"));
    CHECK(session.view().values.empty());
}

// One test case (one process under CTest): the subgame is solved and the reference built once for all parts.
TEST_CASE("dobutsu tablebase: the subgame without drops, solved, checked, written, read and played") {
    SUBCASE("the subgame without drops equals a plain reference solution, position by position") { subgame_check_0(); }
    SUBCASE("every value is the best of its children, and the engine's choice keeps it") { subgame_check_1(); }
    SUBCASE("a broken, truncated, foreign or missing file is refused with a reason") { subgame_check_2(); }
    SUBCASE("a session with a table answers at once with the exact value and an optimal move") { subgame_check_3(); }
    SUBCASE("TablebaseFile through USI: none, auto, a bad file, another game") { subgame_check_4(); }
    SUBCASE("the browser board's move values are the table's, for every legal move") { subgame_check_5(); }
}
