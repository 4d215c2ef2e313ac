// The referee with scripted engines (no processes): every way an engine can lose, the rules' own ends (with the
// reason the game gives), adjudication, and what the engines are told. The XBoard move translation and position conversion.
#include <doctest/doctest.h>

#include <unistd.h>

#include <deque>
#include <fstream>

#include "engine/chu/chu.hpp"
#include "engine/dobutsu/dobutsu.hpp"
#include "engine/jungle/jungle.hpp"
#include "engine/shogi/shogi.hpp"
#include "protocol/match/match.hpp"
#include "protocol/match/xboard_client.hpp"

using namespace menagerie;
using dobutsu::Dobutsu;

namespace {
// An engine that answers from a script: each go takes the next answer.
class Scripted final : public EngineClient {
public:
    Scripted(std::string name, std::deque<Result<EngineMove>> answers) : answers_(std::move(answers)) {
        name_ = std::move(name);
    }
    std::optional<std::string> new_game(const GameStart& s, std::chrono::milliseconds) override {
        start = s;
        return new_game_error;
    }
    Result<EngineMove> go(const Turn& t, std::chrono::milliseconds deadline) override {
        seen_moves.push_back(*t.moves);
        deadlines.push_back(deadline.count());
        clocks.push_back({t.clock_ms[0], t.clock_ms[1]});
        to_go.push_back(t.moves_to_go);
        if (answers_.empty()) return Error{"script ran out"};
        auto a = answers_.front();
        answers_.pop_front();
        return a;
    }
    void game_over(const std::string& result, int side, const std::string& reason) override {
        over = result + " " + std::to_string(side) + " " + reason;
    }
    void quit() override {}
    bool running() override { return true; }

    GameStart start;
    std::optional<std::string> new_game_error;
    std::vector<std::vector<std::string>> seen_moves;
    std::vector<int64_t> deadlines;
    std::vector<std::pair<int64_t, int64_t>> clocks;
    std::vector<int64_t> to_go;
    std::string over;

private:
    std::deque<Result<EngineMove>> answers_;
};

Result<EngineMove> mv(const std::string& m, std::optional<int> score = std::nullopt, int64_t ms = 1,
                      std::vector<std::string> pv = {}, int depth = 0) {
    return EngineMove{m, score, std::chrono::milliseconds(ms), std::move(pv), depth, 0};
}
std::deque<Result<EngineMove>> moves(std::initializer_list<const char*> list) {
    std::deque<Result<EngineMove>> d;
    for (const char* m : list) d.push_back(mv(m));
    return d;
}
const Opening kStart{std::string(Dobutsu::start_sfen), {}};
TimeControl depth_tc() {
    TimeControl tc;
    tc.depth = 3;
    return tc;
}
GameRecord play(Scripted& a, Scripted& b, const Opening& o = kStart, TimeControl tc = depth_tc(),
                Adjudication adj = {}) {
    const TimeControl tcs[2] = {tc, tc};
    return play_game<Dobutsu>(a, b, o, tcs, adj);
}
}  // namespace

TEST_CASE("referee: the rules end the game, and both engines hear the result") {
    Scripted a("a", moves({"2c2b", "2b2a+"})), b("b", moves({"3a3b"}));
    const auto g = play(a, b);
    CHECK(g.result == Outcome::Win);
    CHECK(g.reason == "lion caught");
    CHECK(g.end == PlayedEnd::Rules);
    CHECK(g.moves == std::vector<std::string>{"2c2b", "3a3b", "2b2a+"});
    CHECK(a.over == "1-0 0 lion caught");
    CHECK(b.over == "1-0 1 lion caught");
    // Each engine is given the whole game so far.
    REQUIRE(b.seen_moves.size() == 1);
    CHECK(b.seen_moves[0] == std::vector<std::string>{"2c2b"});
    CHECK(a.start.standard_start);
    CHECK(a.start.variant == "dobutsu");
}

TEST_CASE("referee: repetition draws by our rules, and the move cap") {
    Scripted a("a", moves({"1d1c", "1c1d", "1d1c", "1c1d"})), b("b", moves({"3a3b", "3b3a", "3a3b", "3b3a"}));
    auto g = play(a, b);
    CHECK(g.result == Outcome::Draw);
    CHECK(g.reason == "repetition");
    CHECK(g.end == PlayedEnd::Repetition);
    CHECK(g.moves.size() == 8);

    Scripted c("c", moves({"1d1c", "1c1d"})), d("d", moves({"3a3b", "3b3a"}));
    Adjudication adj;
    adj.max_plies = 3;
    g = play(c, d, kStart, depth_tc(), adj);
    CHECK(g.result == Outcome::Draw);
    CHECK(g.reason == "move cap");
    CHECK(g.end == PlayedEnd::MoveCap);
    CHECK(g.moves.size() == 3);
}

TEST_CASE("referee: each move keeps its mover's line after it, depth and nodes") {
    // a's line starts with its move: the rest is kept; b's does not: none is kept (it was for another move).
    Scripted a("a", {mv("2c2b", 40, 1, {"2c2b", "3a3b", "2b2a+"}, 5), mv("2b2a+")}),
        b("b", {mv("3a3b", -40, 1, {"1a1b", "2b2a+"}, 4)});
    const auto g = play(a, b);
    REQUIRE(g.reports.size() == 3);
    CHECK(g.reports[0].pv == std::vector<std::string>{"3a3b", "2b2a+"});
    CHECK(g.reports[0].depth == 5);
    CHECK(g.reports[1].pv.empty());
    CHECK(g.reports[1].depth == 4);
    CHECK(g.reports[2].pv.empty());
}

TEST_CASE("referee: each engine fault loses for that engine, with the reason") {
    SUBCASE("an illegal move") {
        Scripted a("a", moves({"2c2b"})), b("b", moves({"2a2c"}));
        const auto g = play(a, b);
        CHECK(g.result == Outcome::Win);
        CHECK(g.reason.rfind("b: illegal move '2a2c'", 0) == 0);
        CHECK(g.end == PlayedEnd::IllegalMove);
        CHECK(a.over.rfind("1-0 0 b: illegal move", 0) == 0);
    }
    SUBCASE("no answer, a crash or nonsense: the client's error") {
        Scripted a("a", {Error{"no move within 1100 ms"}}), b("b", {});
        auto g = play(a, b);
        CHECK(g.result == Outcome::Loss);
        CHECK(g.reason == "a: no move within 1100 ms");
        CHECK(g.end == PlayedEnd::TimeForfeit);
        Scripted c("c", moves({"2c2b"})), d("d", {Error{"d ended before move (killed by signal 11 (Segmentation fault))"}});
        g = play(c, d);
        CHECK(g.result == Outcome::Win);
        CHECK(g.reason == "d: d ended before move (killed by signal 11 (Segmentation fault))");
        CHECK(g.end == PlayedEnd::Other);
    }
    SUBCASE("resignation and a false win claim") {
        Scripted a("a", moves({"resign"})), b("b", {});
        CHECK(play(a, b).reason == "a: resigned");
        Scripted c("c", moves({"2c2b"})), d("d", moves({"win"}));
        const auto g = play(c, d);
        CHECK(g.result == Outcome::Win);
        CHECK(g.reason == "d: claimed a win the rules do not give");
    }
    SUBCASE("a failed new game") {
        Scripted a("a", {}), b("b", {});
        b.new_game_error = "b did not answer 'readyok' within 10000 ms";
        const auto g = play(a, b);
        CHECK(g.result == Outcome::Win);
        CHECK(g.reason == "b: b did not answer 'readyok' within 10000 ms");
    }
    SUBCASE("an interrupted game is no result") {
        Scripted a("a", {Error{"interrupted"}}), b("b", {});
        const auto g = play(a, b);
        CHECK(g.interrupted);
        CHECK(a.over.empty());
    }
}

TEST_CASE("referee: time forfeits under movetime and under a clock") {
    TimeControl mt;
    mt.movetime_ms = 100;
    mt.margin_ms = 50;
    Scripted a("a", {mv("2c2b", {}, 140)}), b("b", {mv("3a3b", {}, 151)});
    auto g = play(a, b, kStart, mt);
    CHECK(g.result == Outcome::Win);
    CHECK(g.reason == "b: time forfeit");
    CHECK(a.deadlines.at(0) == 150);  // the engine's time plus the margin
    CHECK(g.time[0].moves == 1);
    CHECK(g.time[0].slowest_ms == 140);
    CHECK(g.time[0].margin_ms == -40);  // within the grace, but over the allowance
    CHECK(g.time[1].margin_ms == -51);  // the forfeiting reply is counted too
    CHECK(g.time[1].margin_allowed_ms == 100);

    TimeControl clock;
    clock.base_ms = 1000;
    clock.inc_ms = 100;
    clock.margin_ms = 0;
    // Sente: 1000 - 600 + 100 = 500 left; then 600 > 500 + 100.
    Scripted c("c", {mv("1d1c", {}, 600), mv("1c1d", {}, 601)}), d("d", {mv("3a3b", {}, 10), mv("3b3a", {}, 10)});
    g = play(c, d, kStart, clock);
    CHECK(g.result == Outcome::Loss);
    CHECK(g.reason == "c: time forfeit");
    REQUIRE(c.clocks.size() == 2);
    CHECK(c.clocks[1] == std::pair<int64_t, int64_t>{500, 1090});  // both clocks as the engine is told them
    // Each reply against what it was allowed: the clock plus the increment.
    CHECK(g.time[0].moves == 2);
    CHECK(g.time[0].slowest_ms == 601);
    CHECK(g.time[0].total_ms == 1201);
    CHECK(g.time[0].margin_ms == -1);  // 601 of 500 + 100
    CHECK(g.time[0].margin_allowed_ms == 600);
    CHECK(g.time[1].moves == 1);  // Gote's second answer is never asked for
    CHECK(g.time[1].margin_ms == 1090);
    CHECK(g.time[1].margin_allowed_ms == 1100);
}

TEST_CASE("referee: replies timed only against a time allowance, and a match keeps the closest call") {
    // Depth and node limits allow no time to measure against.
    Scripted e("e", moves({"2c2b"})), f("f", moves({"3a3b"}));
    const auto g = play(e, f);
    CHECK(g.time[0].moves == 0);
    CHECK(g.time[1].moves == 0);

    // A match keeps each engine's closest call and the game it was in.
    TimeUse total, one, two;
    one.add(30, 100);
    one.add(70, 100);
    two.add(95, 1000);
    two.add(20, 50);
    total.merge(one, 1);
    total.merge(TimeUse{}, 2);
    CHECK(total.margin_game == 1);
    total.merge(two, 3);
    CHECK(total.moves == 4);
    CHECK(total.slowest_ms == 95);
    CHECK(total.total_ms == 215);  // 30 + 70 + 95 + 20
    CHECK(total.mean_ms() == 54);  // 53.75, rounded
    CHECK(TimeUse{}.mean_ms() == 0);
    CHECK(total.margin_ms == 30);
    CHECK(total.margin_allowed_ms == 100);
    CHECK(total.margin_game == 1);
}

TEST_CASE("referee: moves per session refill the clock") {
    TimeControl tc;
    tc.base_ms = 1000;
    tc.moves = 2;
    tc.margin_ms = 0;
    Scripted a("a", {mv("1d1c", {}, 600), mv("1c1d", {}, 300), mv("1d1c", {}, 10)}),
        b("b", {mv("3a3b", {}, 10), mv("3b3a", {}, 10), mv("3a3b", {}, 10)});
    Adjudication adj;
    adj.max_plies = 6;
    const auto g = play(a, b, kStart, tc, adj);
    CHECK(g.reason == "move cap");
    REQUIRE(a.clocks.size() == 3);
    CHECK(a.to_go == std::vector<int64_t>{2, 1, 2});
    CHECK(a.clocks[1].first == 400);
    CHECK(a.clocks[2].first == 1100);  // 1000 - 600 - 300, and a new session of 1000
}

TEST_CASE("referee: adjudication needs both engines to agree") {
    Adjudication adj;
    adj.resign_moves = 2;
    adj.resign_score = 500;
    // a (Sente) thinks it wins, b agrees: after two moves each, b loses.
    Scripted a("a", {mv("1d1c", 600), mv("1c1d", 700), mv("1d1c", 800)}),
        b("b", {mv("3a3b", -600), mv("3b3a", -900), mv("3a3b", -900)});
    auto g = play(a, b, kStart, depth_tc(), adj);
    CHECK(g.result == Outcome::Win);
    CHECK(g.reason == "b: adjudicated lost (both engines' scores)");
    CHECK(g.moves.size() == 4);
    // One engine disagreeing is not enough: the game goes on (here into a repetition).
    Scripted c("c", {mv("1d1c", 600), mv("1c1d", 700), mv("1d1c", 800), mv("1c1d", 800)}),
        d("d", {mv("3a3b", -600), mv("3b3a", 0), mv("3a3b", -900), mv("3b3a", -900)});
    g = play(c, d, kStart, depth_tc(), adj);
    CHECK(g.reason == "repetition");

    Adjudication draw;
    draw.draw_from = 2;
    draw.draw_moves = 1;
    draw.draw_score = 10;
    Scripted e("e", {mv("1d1c", 50), mv("1c1d", 5)}), f("f", {mv("3a3b", -5), mv("3b3a", 0)});
    g = play(e, f, kStart, depth_tc(), draw);
    CHECK(g.result == Outcome::Draw);
    CHECK(g.reason == "adjudicated draw (both engines' scores)");
    CHECK(g.moves.size() == 3);  // from ply 2 on; the scores of plies 2 and 3 (-5 and +5) agree
}

TEST_CASE("referee: openings are checked, passed on and kept apart from the game") {
    Opening o{std::string(Dobutsu::start_sfen), {"2c2b", "3a3b"}};
    CHECK_FALSE(opening_error<Dobutsu>(o));
    CHECK(*opening_error<Dobutsu>({std::string(Dobutsu::start_sfen), {"2c2b", "3a3b", "2b2a+"}}) ==
          "the game is over after it");
    CHECK(opening_error<Dobutsu>({std::string(Dobutsu::start_sfen), {"9z9z"}})->rfind("move '9z9z'", 0) == 0);
    CHECK(opening_error<Dobutsu>({"xyz", {}})->rfind("bad position", 0) == 0);
    Scripted a("a", moves({"2b2a+"})), b("b", {});
    const auto g = play(a, b, o);
    CHECK(g.result == Outcome::Win);
    CHECK(g.moves == std::vector<std::string>{"2b2a+"});
    CHECK(a.start.opening_moves == o.moves);
    CHECK(a.seen_moves.at(0) == o.moves);
    const std::string line = match_detail::record_line(7, g);
    CHECK(line == "Game 7: a vs b: 1-0 {lion caught} start gle/1c1/1C1/ELG b - 1 opening 2c2b 3a3b moves 2b2a+");
}

TEST_CASE("match: the game file block and the opening file") {
    GameRecord g{"a", "b", {std::string(Dobutsu::start_sfen), {"2c2b"}}, Outcome::Loss, "a: resigned",
                 {"3a3b", "resign"}, {std::optional<int>(35), std::nullopt}, {12, 3}, false, {}, {}, PlayedEnd::Resignation, 0};
    g.moves.pop_back();
    TimeControl x, y;
    x.depth = 4;
    y.depth = 8;
    const std::string block = match_detail::game_file_block(3, "dobutsu", g, x, y);
    CHECK(block.find("[Game \"3\"]\n[Variant \"dobutsu\"]\n[Sente \"a\"]\n[Gote \"b\"]\n") == 0);
    CHECK(block.find("[Start \"gle/1c1/1C1/ELG b - 1\"]\n[Opening \"2c2b\"]\n") != std::string::npos);
    CHECK(block.find("[TimeControl \"Sente depth=4; Gote depth=8\"]\n[Result \"0-1\"]\n[Reason \"a: resigned\"]\n") !=
          std::string::npos);
    CHECK(block.find("\n1. 3a3b {+35 12ms}\n\n") != std::string::npos);

    const std::string path = "/tmp/menagerie-book-test-" + std::to_string(getpid()) + ".txt";
    {
        std::ofstream f(path);
        f << "# openings\n\nstartpos moves 2c2b 3a3b\ngle/1c1/1C1/ELG w - 1\n   \ngle/1c1/1C1/ELG b - 1 moves 1d1c\n";
    }
    auto book = match_detail::read_book(path, std::string(Dobutsu::start_sfen), &opening_error<Dobutsu>);
    REQUIRE_MESSAGE(book.ok(), book.error());
    REQUIRE(book.value().size() == 3);
    CHECK(book.value()[0].moves == std::vector<std::string>{"2c2b", "3a3b"});
    CHECK(book.value()[1].sfen == "gle/1c1/1C1/ELG w - 1");
    CHECK(book.value()[2].moves == std::vector<std::string>{"1d1c"});
    {
        std::ofstream f(path);
        f << "startpos moves 2c2b\nstartpos moves 2c2b 3a3b 2b2a+\n";
    }
    book = match_detail::read_book(path, std::string(Dobutsu::start_sfen), &opening_error<Dobutsu>);
    REQUIRE_FALSE(book.ok());
    CHECK(book.error() == path + ":2: the game is over after it");
    {
        std::ofstream f(path);
        f << "# nothing\n";
    }
    book = match_detail::read_book(path, std::string(Dobutsu::start_sfen), &opening_error<Dobutsu>);
    CHECK(book.error().find("holds no opening") != std::string::npos);
    std::remove(path.c_str());
    CHECK(match_detail::read_book(path, "", &opening_error<Dobutsu>).error().find("cannot open") == 0);
}

TEST_CASE("referee: a match's rule settings (chu's ChuRules) decide which moves are legal") {
    // A lance promoting on the far rank without a capture: legal under lishogi's reading only.
    const Opening o{"5k6/6P3p1/1P1L6G1/11S/4E3L1p1/7O4/12/7e4/9l2/12/2p9/K11 b - 1", {"9c9a+"}};
    const RuleSettings lishogi = {{"ChuRules", "lishogi"}};
    CHECK(opening_error<chu::Chu>(o)->find("cannot promote") != std::string::npos);
    CHECK_FALSE(opening_error<chu::Chu>(o, lishogi));
    CHECK(*opening_error<chu::Chu>(o, {{"ChuRules", "hachu"}}) == "bad position: ChuRules: expected seed or lishogi");
    CHECK(*opening_error<Dobutsu>(kStart, lishogi) == "bad position: ChuRules: not a rule of dobutsu");
    CHECK(referee_position<chu::Chu>(chu::Chu::start_sfen, lishogi).value().lishogi_rules());

    // The referee plays by them: the engine's lishogi-only move stands, and the game file says so.
    Scripted a("a", moves({"9c9a+"})), b("b", {});
    const TimeControl tcs[2] = {depth_tc(), depth_tc()};
    const Opening start{o.sfen, {}};
    GameRecord g = play_game<chu::Chu>(a, b, start, tcs, {}, {}, lishogi);
    CHECK(g.moves == std::vector<std::string>{"9c9a+"});
    CHECK(g.reason == "b: script ran out");
    Scripted c("a", moves({"9c9a+"})), d("b", {});
    g = play_game<chu::Chu>(c, d, start, tcs, {});
    CHECK(g.reason.find("a: illegal move '9c9a+'") == 0);
    CHECK(match_detail::game_file_block(1, "chushogi", g, tcs[0], tcs[1], lishogi)
              .find("[Variant \"chushogi\"]\n[Rules \"ChuRules=lishogi\"]\n") != std::string::npos);
}

TEST_CASE("XBoard notation: our USI moves and back") {
    const BoardNotation d{3, 4, true};
    CHECK(usi_to_xboard_move("2c2b", d).value() == "b2b3");
    CHECK(usi_to_xboard_move("C*1c", d).value() == "C@c2");
    CHECK(usi_to_xboard_move("2b2a+", d).value() == "b3b4+");
    CHECK(xboard_to_usi_move("b2b3", d).value() == "2c2b");
    CHECK(xboard_to_usi_move("C@c2", d).value() == "C*1c");
    CHECK_FALSE(usi_to_xboard_move("4a3a", d).ok());
    CHECK_FALSE(usi_to_xboard_move("2c2e", d).ok());
    CHECK_FALSE(xboard_to_usi_move("d1a1", d).ok());
    CHECK_FALSE(xboard_to_usi_move("b2b3x", d).ok());
    CHECK_FALSE(xboard_to_usi_move("", d).ok());
    const BoardNotation shogi{9, 9, true};
    CHECK(usi_to_xboard_move("7g7f", shogi).value() == "c3c4");
    CHECK(usi_to_xboard_move("P*5e", shogi).value() == "P@e5");
    CHECK(usi_to_xboard_move("8h2b+", shogi).value() == "b2h8+");
    const BoardNotation chu{12, 12, true};
    CHECK(usi_to_xboard_move("12a1l", chu).value() == "a12l1");
    CHECK(xboard_to_usi_move("a12l1", chu).value() == "12a1l");
    // Chu's two-leg moves (HaChu writes the legs apart, the second from where the first ended) and the pass.
    CHECK(usi_to_xboard_move("6f5e6d", chu).value() == "g7h8,h8g9");
    CHECK(usi_to_xboard_move("6f5e6f", chu).value() == "g7h8,h8g7");
    CHECK(xboard_to_usi_move("g7h8,h8g9", chu).value() == "6f5e6d");
    CHECK_FALSE(xboard_to_usi_move("g7h8,h7g9", chu).ok());  // the second leg must start where the first ended
    CHECK_FALSE(xboard_to_usi_move("g7h8,", chu).ok());
    CHECK(usi_to_xboard_move("pass", chu).value() == "@@@@");
    CHECK(xboard_to_usi_move("@@@@", chu).value() == "pass");
    CHECK(xboard_variant_name("chushogi") == "chu");
    const BoardNotation jungle{7, 9, false};
    CHECK(usi_to_xboard_move("a1b1", jungle).value() == "a1b1");
    CHECK_FALSE(usi_to_xboard_move("h1b1", jungle).ok());

    // Every legal move of positions along random games goes there and back unchanged.
    uint64_t seed = 7;
    for (int game = 0; game < 20; ++game) {
        auto p = dobutsu::Position::from_sfen(Dobutsu::start_sfen).value();
        for (int ply = 0; ply < 30 && p.outcome() == Outcome::Ongoing; ++ply) {
            MoveListOf<Dobutsu> list;
            p.legal_moves(list);
            for (const auto& m : list) {
                const std::string text = p.move_text(m);
                auto x = usi_to_xboard_move(text, d);
                REQUIRE(x.ok());
                CHECK(xboard_to_usi_move(x.value(), d).value() == text);
            }
            seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
            p.play(list[(seed >> 33) % list.size()]);
        }
    }
}

TEST_CASE("XBoard notation: positions as FEN, and time controls an XBoard engine can take") {
    CHECK(sfen_to_xboard_fen("gle/1c1/1C1/ELG b - 1").value() == "gle/1c1/1C1/ELG[] w - - 0 1");
    CHECK(sfen_to_xboard_fen("g1e/1l1/1C1/EL1 w 2Cg 7").value() == "g1e/1l1/1C1/EL1[CCg] b - - 0 7");
    CHECK(sfen_to_xboard_fen(std::string(jungle::Jungle::start_sfen)).value() ==
          "l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L w - - 0 1");
    CHECK_FALSE(sfen_to_xboard_fen("gle").ok());
    CHECK_FALSE(sfen_to_xboard_fen("gle/1c1/1C1/ELG x - 1").ok());
    TimeControl tc;
    tc.nodes = 1000;
    CHECK(xboard_time_control_error(tc));
    tc = {};
    tc.movetime_ms = 1500;
    CHECK(xboard_time_control_error(tc));
    tc.movetime_ms = 2000;
    CHECK_FALSE(xboard_time_control_error(tc));
    tc = {};
    tc.base_ms = 60000;
    tc.byoyomi_ms = 1000;
    CHECK(xboard_time_control_error(tc));
    tc.base_ms = 0;
    CHECK_FALSE(xboard_time_control_error(tc));
}

TEST_CASE("referee: a declaration win is accepted where the entering-king rule allows it, and only there") {
    const TimeControl tcs[2] = {depth_tc(), depth_tc()};
    Scripted a("a", moves({"win"})), b("b", {});
    auto g = play_game<shogi::Shogi>(a, b, {"RBGGGGSS1/SS2K4/9/9/9/9/9/9/4k4 b 10P 1", {}}, tcs, {});
    CHECK(g.result == Outcome::Win);
    CHECK(g.reason == "a: declared a win (entering king)");
    Scripted c("c", moves({"win"})), d("d", {});
    g = play_game<shogi::Shogi>(c, d, {"RBGGGGSS1/SS2K4/9/9/9/9/9/9/4k4 b 9P 1", {}}, tcs, {});
    CHECK(g.result == Outcome::Loss);
    CHECK(g.reason == "c: claimed a win the rules do not give");
}
