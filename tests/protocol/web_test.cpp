// The browser board's server side without a socket: one
// tab's WebClient answering JSON requests.
#include <doctest/doctest.h>

#include <chrono>
#include <mutex>
#include <set>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "protocol/web/client.hpp"

using namespace menagerie;
using namespace menagerie::web;
using json = nlohmann::json;

namespace {
// A tab without a socket: its answers collected in order.
struct Tab {
    ServeLimits limits;
    SearchGate gate{1};
    std::mutex mutex;
    std::vector<json> answers;
    WebClient client{[this](std::string text) {
                         std::lock_guard lock(mutex);
                         answers.push_back(json::parse(text));
                     },
                     limits, gate};
    json ask(const json& request) {
        size_t n;
        {
            std::lock_guard lock(mutex);
            n = answers.size();
        }
        client.handle(request.dump());
        std::lock_guard lock(mutex);
        REQUIRE(answers.size() > n);
        return answers[n];
    }
    json wait_for(const std::string& op) {
        for (int i = 0; i < 2000; ++i) {
            {
                std::lock_guard lock(mutex);
                for (const json& a : answers)
                    if (a["op"] == op) return a;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        FAIL("no " << op);
        return {};
    }
};
}  // namespace

TEST_CASE("web client: positions, their moves and state, refused requests keep the position") {
    Tab tab;
    json hello = tab.ask({{"op", "hello"}});
    CHECK(hello["op"] == "hello");
    CHECK(hello["games"].size() >= 5);
    json p = tab.ask({{"op", "position"}, {"game", "dobutsu"}, {"sfen", "startpos"}, {"id", 7}});
    CHECK(p["op"] == "position");
    CHECK(p["id"] == 7);
    CHECK(p["moves"].size() == 4);
    CHECK(p["cells"][4] == "c");
    CHECK(p["over"] == false);
    // The lion taken: over, with the winner and the reason.
    json end = tab.ask({{"op", "position"}, {"game", "dobutsu"}, {"sfen", "1l1/1L1/3/3 b - 1"}, {"moves", {"2b2a"}}});
    CHECK(end["over"] == true);
    CHECK(end["winner"] == "b");
    CHECK(end["reason"] == "lion caught");
    CHECK(end["moves"].empty());
    // Refused: an illegal move, with its reason and the request's id.
    json bad = tab.ask({{"op", "position"}, {"game", "dobutsu"}, {"moves", {"2c2b", "2c2b"}}, {"id", 9}});
    CHECK(bad["op"] == "error");
    CHECK(bad["id"] == 9);
    CHECK(bad["request"] == "position");
    // The position kept is the finished one: a search there answers at once without a move.
    tab.client.handle(json({{"op", "go"}, {"id", 3}, {"movetime", 50}}).dump());
    json best = tab.wait_for("bestmove");
    CHECK(best["id"] == 3);
    CHECK(best["result"] == "resign");
    CHECK_FALSE(best.contains("move"));
    CHECK(tab.gate.running() == 0);
}

TEST_CASE("web client: a search answers once, under its id, and frees the gate") {
    Tab tab;
    tab.ask({{"op", "position"}, {"game", "jungle"}, {"sfen", "startpos"}});
    tab.client.handle(json({{"op", "go"}, {"id", 11}, {"movetime", 100}}).dump());
    json best = tab.wait_for("bestmove");
    CHECK(best["id"] == 11);
    CHECK(best["result"] == "move");
    CHECK(best["move"].is_string());
    CHECK(tab.gate.running() == 0);
    // Its progress came as values: the depth, the score, the line as moves and the cells its first move passes.
    json info = tab.wait_for("info");
    CHECK(info["id"] == 11);
    CHECK(info["depth"].get<int>() >= 1);
    CHECK((info["score"].contains("cp") || info["score"].contains("mate")));
    REQUIRE(info["pv"].size() >= 1);
    CHECK(info["path"].size() == 2);  // a Jungle move: from and to
    // The gate full: busy, and no search.
    SearchGate full(1);
    REQUIRE(full.enter());
    CHECK_FALSE(full.enter());
    full.leave();
    CHECK(full.enter());
}

TEST_CASE("web client: the moves played, with their squares and what each took (a lion's two)") {
    Tab tab;
    const auto cell = [](int file, char rank, int files) { return (rank - 'a') * files + (files - file); };
    // Shogi: a capture, a recapture of a promoted piece, a drop.
    json p = tab.ask({{"op", "position"},
                      {"game", "shogi"},
                      {"moves", {"7g7f", "3c3d", "8h2b+", "3a2b", "B*5e"}},
                      {"played", true}});
    REQUIRE(p["op"] == "position");
    REQUIRE(p["played"].size() == 5);
    CHECK(p["played"][0]["taken"].empty());
    CHECK(p["played"][0]["path"] == json::array({cell(7, 'g', 9), cell(7, 'f', 9)}));
    CHECK(p["played"][2]["taken"] == json::array({{{"cell", cell(2, 'b', 9)}, {"piece", "b"}}}));
    CHECK(p["played"][3]["taken"] == json::array({{{"cell", cell(2, 'b', 9)}, {"piece", "+B"}}}));
    CHECK(p["played"][4]["drop"] == "B");
    CHECK(p["played"][4]["path"] == json::array({cell(5, 'e', 9)}));
    CHECK(p["played"][4]["taken"].empty());
    // Without the flag, no list.
    CHECK_FALSE(tab.ask({{"op", "position"}, {"game", "shogi"}, {"moves", {"7g7f"}}})
                    .contains("played"));
    CHECK(tab.ask({{"op", "position"}, {"game", "shogi"}, {"played", 3}})["op"] == "error");
    // Chu: a lion taking two pawns in one move, both listed.
    const std::string sfen = "6k5/12/12/12/12/12/6p5/6p5/6N5/12/12/6K5 b - 1";
    json chu = tab.ask({{"op", "position"}, {"game", "chushogi"}, {"sfen", sfen}});
    REQUIRE(chu["op"] == "position");
    const int from = cell(6, 'i', 12), first = cell(6, 'h', 12), second = cell(6, 'g', 12);
    std::string twice;
    for (const json& m : chu["moves"])
        if (m["from"] == from && m["path"] == json::array({first, second})) twice = m["usi"];
    REQUIRE_FALSE(twice.empty());
    json after = tab.ask({{"op", "position"}, {"game", "chushogi"}, {"sfen", sfen}, {"moves", {twice}}, {"played", true}});
    REQUIRE(after["played"].size() == 1);
    CHECK(after["played"][0]["taken"] ==
          json::array({{{"cell", second}, {"piece", "p"}}, {{"cell", first}, {"piece", "p"}}}));
}

TEST_CASE("web client: a piece's moves on a board of its own, from the game's move generator") {
    Tab tab;
    const auto reach = [](const json& answer) {
        std::set<int> cells;
        for (const json& m : answer["moves"]) cells.insert(m["path"].back().get<int>());
        return cells.size();
    };
    // Dobutsu: every animal's full set of steps, though the board has 12 cells and two lions on it.
    for (auto [code, n] : std::vector<std::pair<std::string, size_t>>{{"L", 8}, {"G", 4}, {"E", 4}, {"C", 1}, {"+C", 6}}) {
        json a = tab.ask({{"op", "piece"}, {"game", "dobutsu"}, {"piece", code}});
        REQUIRE(a["op"] == "piece");
        CHECK(a["cells"][a["from"].get<int>()] == code);
        CHECK_MESSAGE(reach(a) == n, code);
    }
    // Shogi: a rook from the middle reaches 16 cells, three of them with a choice to promote.
    json rook = tab.ask({{"op", "piece"}, {"game", "shogi"}, {"piece", "R"}});
    CHECK(reach(rook) == 16);
    CHECK(rook["moves"].size() == 19);
    // Taikyoku: the king moves up to two cells in each of the eight directions (spec: Q2).
    json king = tab.ask({{"op", "piece"}, {"game", "taikyoku"}, {"piece", "K"}});
    CHECK(reach(king) == 16);
    // Jungle, with a piece to take in front: the rat takes the elephant, the elephant not the rat.
    const auto takes = [&](const std::string& a, const std::string& d) {
        json r = tab.ask({{"op", "piece"}, {"game", "jungle"}, {"piece", a}, {"target", d}});
        REQUIRE(r["op"] == "piece");
        for (const json& m : r["moves"])
            if (m["path"].back() == r["targetCell"]) return true;
        return false;
    };
    CHECK(takes("R", "e"));
    CHECK_FALSE(takes("E", "r"));
    CHECK(takes("L", "t"));
    CHECK_FALSE(takes("T", "l"));
    // Refused: unknown pieces and games, Gote's piece, a target of Sente's.
    CHECK(tab.ask({{"op", "piece"}, {"game", "shogi"}, {"piece", "Z"}})["op"] == "error");
    CHECK(tab.ask({{"op", "piece"}, {"game", "shogi"}, {"piece", "r"}})["op"] == "error");
    CHECK(tab.ask({{"op", "piece"}, {"game", "nope"}, {"piece", "R"}})["op"] == "error");
    CHECK(tab.ask({{"op", "piece"}, {"game", "jungle"}, {"piece", "R"}, {"target", "E"}})["op"] == "error");
    CHECK(tab.ask({{"op", "piece"}, {"game", "shogi"}})["op"] == "error");
}

TEST_CASE("web client: a search on a clock, capped by the server's longest movetime") {
    Tab tab;
    tab.limits.max_movetime_ms = 300;
    tab.ask({{"op", "position"}, {"game", "shogi"}});
    const auto t0 = std::chrono::steady_clock::now();
    // An hour on the clock: the cap still ends the search.
    tab.client.handle(json({{"op", "go"}, {"id", 5}, {"btime", 3600000}, {"wtime", 3600000}, {"byoyomi", 60000}}).dump());
    json best = tab.wait_for("bestmove");
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - t0).count();
    CHECK(best["id"] == 5);
    CHECK(best["result"] == "move");
    CHECK(ms < 2000);
    CHECK(tab.ask({{"op", "go"}, {"id", 6}, {"btime", "soon"}})["op"] == "error");
}

TEST_CASE("web client: a game's rules, as hello lists them; other rules are a fresh game, bad ones refused") {
    Tab tab;
    json hello = tab.ask({{"op", "hello"}});
    json chu;
    for (const json& g : hello["games"])
        if (g["name"] == "chushogi") chu = g;
    REQUIRE(chu.contains("rules"));
    CHECK(chu["rules"][0]["name"] == "ChuRules");
    CHECK(chu["rules"][0]["values"] == json::array({"seed", "lishogi"}));
    CHECK(chu["rules"][0]["default"] == "seed");
    for (const json& g : hello["games"])
        if (g["name"] == "dobutsu") CHECK_FALSE(g.contains("rules"));

    // A lance promoting on the far rank without a capture: lishogi's reading only.
    const std::string sfen = "5k6/6P3p1/1P1L6G1/11S/4E3L1p1/7O4/12/7e4/9l2/12/2p9/K11 b - 1";
    json seed = tab.ask({{"op", "position"}, {"game", "chushogi"}, {"sfen", sfen}});
    CHECK(seed["rules"].empty());
    const size_t seed_moves = seed["moves"].size();
    json lishogi = tab.ask({{"op", "position"}, {"game", "chushogi"}, {"sfen", sfen}, {"rules", {{"ChuRules", "lishogi"}}}});
    CHECK(lishogi["rules"] == json({{"ChuRules", "lishogi"}}));
    CHECK(lishogi["moves"].size() == seed_moves + 1);
    json moved = tab.ask({{"op", "position"}, {"game", "chushogi"}, {"sfen", sfen}, {"moves", {"9c9a+"}},
                          {"rules", {{"ChuRules", "lishogi"}}}});
    CHECK(moved["op"] == "position");
    // Refused, the lishogi position kept: the move under the seed's rules, a rule the game lacks, a bad value.
    for (const json& rules : {json(nullptr), json({{"EnteringKingRule", "CSARule27"}}), json({{"ChuRules", "hachu"}}),
                              json("lishogi")}) {
        CAPTURE(rules.dump());
        json bad = tab.ask({{"op", "position"}, {"game", "chushogi"}, {"sfen", sfen}, {"moves", {"9c9a+"}}, {"rules", rules}});
        CHECK(bad["op"] == "error");
    }
    tab.client.handle(json({{"op", "go"}, {"id", 4}, {"movetime", 50}}).dump());
    CHECK(tab.wait_for("bestmove")["id"] == 4);
    json again = tab.ask({{"op", "position"}, {"game", "chushogi"}, {"sfen", sfen}, {"rules", {{"ChuRules", "seed"}}}});
    CHECK(again["rules"].empty());
    CHECK(again["moves"].size() == seed_moves);
}

TEST_CASE("web client: shogi records read and written (KIF, KI2, CSA), other games have none") {
    Tab tab;
    json hello = tab.ask({{"op", "hello"}});
    for (const json& g : hello["games"])
        CHECK(g["records"] == (g["name"] == "shogi" ? json{"kif", "ki2", "csa", "usi"} : json::array()));
    // A KIF read: the USI line to load.
    json a = tab.ask({{"op", "record"}, {"id", 4}, {"game", "shogi"}, {"to", "usi"},
                      {"text", "手合割：香落ち\n手数----指手--\n   1 ３四歩(33)\n   2 ７六歩(77)\n   3 投了\n"}});
    CHECK(a["op"] == "record");
    CHECK(a["id"] == 4);
    CHECK(a["text"] == "position sfen lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d 7g7f\n");
    // A bad one: refused with its line.
    json bad = tab.ask({{"op", "record"}, {"id", 5}, {"game", "shogi"}, {"to", "usi"}, {"text", "手数----指手--\n   1 ７五歩(77)\n"}});
    CHECK(bad["op"] == "error");
    CHECK(bad["request"] == "record");
    CHECK(bad["id"] == 5);
    CHECK(bad["message"].get<std::string>().find("line 2") != std::string::npos);
    // The page's game written, with its players and end.
    json kif = tab.ask({{"op", "record"}, {"game", "shogi"}, {"to", "kif"}, {"moves", {"7g7f", "3c3d"}},
                        {"sente", "Player"}, {"gote", "Menagerie"}, {"end", "resignation"}, {"winner", "w"}});
    REQUIRE(kif["op"] == "record");
    const std::string k = kif["text"];
    CHECK(k.find("先手：Player\n後手：Menagerie\n") != std::string::npos);
    CHECK(k.find("   2 ３四歩(33)\n   3 投了\nまで2手で後手の勝ち\n") != std::string::npos);
    json csa = tab.ask({{"op", "record"}, {"game", "shogi"}, {"to", "csa"}, {"sfen", "startpos"}, {"moves", {"7g7f"}}});
    CHECK(csa["text"].get<std::string>().find("+7776FU\n") != std::string::npos);
    CHECK(tab.ask({{"op", "record"}, {"game", "shogi"}, {"to", "kif"}, {"moves", {"7g7e"}}})["op"] == "error");
    CHECK(tab.ask({{"op", "record"}, {"game", "shogi"}, {"to", "pgn"}, {"moves", json::array()}})["op"] == "error");
    CHECK(tab.ask({{"op", "record"}, {"game", "shogi"}, {"to", "kif"}, {"end", "mate"}})["op"] == "error");
    CHECK(tab.ask({{"op", "record"}, {"game", "shogi"}, {"to", "usi"}, {"text", 3}})["op"] == "error");
    CHECK(tab.ask({{"op", "record"}, {"game", "shogi"}, {"to", "usi"}, {"text", std::string(600 * 1024, 'x')}})["op"] == "error");
    json other = tab.ask({{"op", "record"}, {"game", "dobutsu"}, {"to", "kif"}});
    CHECK(other["op"] == "error");
    CHECK(other["message"].get<std::string>().find("no game record formats") != std::string::npos);
}
