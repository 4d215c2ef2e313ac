// The browser board's server side without a socket: the notation reader (protocol/web/notation.hpp) and one
// tab's WebClient answering JSON requests.
#include <doctest/doctest.h>

#include <chrono>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>
#include <vector>

#include "protocol/web/client.hpp"
#include "protocol/web/notation.hpp"

using namespace menagerie;
using namespace menagerie::web;
using json = nlohmann::json;

TEST_CASE("web notation: boards and hands as the SFEN writes them") {
    auto shogi = read_board("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w 2Pp+r 5", 9, 9, true);
    REQUIRE(shogi);
    CHECK(shogi->cells.size() == 81);
    CHECK(shogi->cells[0] == "l");
    CHECK(shogi->cells[10] == "r");
    CHECK(shogi->cells[80] == "L");
    CHECK(shogi->side == 'w');
    REQUIRE(shogi->hands[0].size() == 1);
    CHECK(shogi->hands[0][0] == std::pair<std::string, int>{"P", 2});
    REQUIRE(shogi->hands[1].size() == 2);
    CHECK(shogi->hands[1][1] == std::pair<std::string, int>{"+R", 1});
    // Chu: two-digit runs, and a third field that is the lion-capture square, not a hand.
    auto chu = read_board("11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 b 7e 1", 12, 12, false);
    REQUIRE(chu);
    CHECK(chu->cells[11] == "k");
    CHECK(chu->cells[4 * 12 + 5] == "+o");
    CHECK(chu->hands[0].empty());
    CHECK(chu->hands[1].empty());
    // Jungle: no hand field at all; parenthesised codes of the big games.
    auto jungle = read_board("l5t/1d3c1/r1p1w1e/7/7/7/E1W1P1R/1C3D1/T5L b 1", 7, 9, true);
    REQUIRE(jungle);
    CHECK(jungle->hands[0].empty());
    auto codes = read_board("(kt)1/+(GLG)1 b - 1", 2, 2, true);
    REQUIRE(codes);
    CHECK(codes->cells[0] == "(kt)");
    CHECK(codes->cells[2] == "+(GLG)");
    for (const char* bad : {"", "3/3/3 b", "3/3/3/3 x - 1", "4/3/3/3 b - 1", "3/3/3 b - 1", "3/3/3/3/3 b - 1",
                            "2/3/3/3 b - 1", "(ab/3/3/3 b - 1", "3/3/3/3 b 2 1", "3/3/3/3 b P( 1"}) {
        CAPTURE(bad);
        CHECK_FALSE(read_board(bad, 3, 4, true));
    }
}

TEST_CASE("web notation: the cells a move names") {
    auto step = read_move("7g7f", 9, 9, true);
    REQUIRE(step);
    CHECK(step->squares == std::vector<int>{6 * 9 + 2, 5 * 9 + 2});
    CHECK_FALSE(step->promote);
    auto promote = read_move("8h2b+", 9, 9, true);
    REQUIRE(promote);
    CHECK(promote->promote);
    CHECK(promote->squares == std::vector<int>{7 * 9 + 1, 1 * 9 + 7});
    auto drop = read_move("P*5e", 9, 9, true);
    REQUIRE(drop);
    CHECK(drop->drop == "P");
    CHECK(drop->squares == std::vector<int>{4 * 9 + 4});
    auto lion = read_move("12i11h12i", 12, 12, true);  // igui on a 12-file board
    REQUIRE(lion);
    CHECK(lion->squares == std::vector<int>{8 * 12 + 0, 7 * 12 + 1, 8 * 12 + 0});
    auto jungle = read_move("a3a4", 7, 9, false);
    REQUIRE(jungle);
    CHECK(jungle->squares == std::vector<int>{6 * 7 + 0, 5 * 7 + 0});
    auto far = read_move("36jj1a", 36, 36, true);  // doubled letters: the 36th rank
    REQUIRE(far);
    CHECK(far->squares == std::vector<int>{35 * 36 + 0, 0 * 36 + 35});
    for (const char* bad : {"", "7g", "10a9a", "7z7f", "*5e", "P*", "P*5e5d", "7g7f++", "g7f7", "7g-7f", "9999a1a"}) {
        CAPTURE(bad);
        CHECK_FALSE(read_move(bad, 9, 9, true));
    }
}

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
    CHECK(best["line"] == "bestmove resign");
    CHECK(tab.gate.running() == 0);
}

TEST_CASE("web client: a search answers once, under its id, and frees the gate") {
    Tab tab;
    tab.ask({{"op", "position"}, {"game", "jungle"}, {"sfen", "startpos"}});
    tab.client.handle(json({{"op", "go"}, {"id", 11}, {"movetime", 100}}).dump());
    json best = tab.wait_for("bestmove");
    CHECK(best["id"] == 11);
    CHECK(best["line"].get<std::string>().rfind("bestmove ", 0) == 0);
    CHECK(tab.gate.running() == 0);
    // The gate full: busy, and no search.
    SearchGate full(1);
    REQUIRE(full.enter());
    CHECK_FALSE(full.enter());
    full.leave();
    CHECK(full.enter());
}
