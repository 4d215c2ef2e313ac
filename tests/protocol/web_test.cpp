// The browser board's server side without a socket: one
// tab's WebClient answering JSON requests.
#include <doctest/doctest.h>

#include <chrono>
#include <mutex>
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
