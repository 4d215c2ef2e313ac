// The XBoard client against small engines written in sh: the handshake, the game flow (force, moves,
// go, move), the translation of moves, the older xshogi dialect, and engines that refuse or claim.
#include <doctest/doctest.h>

#include <unistd.h>

#include <fstream>
#include <sstream>

#include "engine/dobutsu/dobutsu.hpp"
#include "protocol/match/xboard_client.hpp"

using namespace menagerie;
using namespace std::chrono_literals;

namespace {
const BoardNotation kDobutsu{3, 4, true};

// A protocol-2 engine: logs every command to `log`, plays `moves` in order whenever it is its turn (after go,
// or after a move while not in force mode), answers ping. `features` replaces its feature line.
std::string engine_script(const std::string& log, const std::string& moves, const std::string& features,
                          const std::string& reply = "move") {
    return "log='" + log + "'; moves='" + moves + "'; forced=0\n"
           "play() { set -- $moves; echo \"" + reply + " $1\"; shift; moves=\"$*\"; }\n"
           "while read -r cmd rest; do\n"
           "  echo \"$cmd $rest\" >> \"$log\"\n"
           "  case \"$cmd\" in\n"
           "    protover) echo '" + features + "' ;;\n"
           "    ping) echo \"pong $rest\" ;;\n"
           "    new) forced=0 ;;\n"
           "    force) forced=1 ;;\n"
           "    go) forced=0; play ;;\n"
           "    usermove) [ $forced = 0 ] && play ;;\n"
           "    quit) exit 0 ;;\n"
           "  esac\n"
           "done\n";
}
std::string temp_log() {
    static int n = 0;
    const std::string path = "/tmp/menagerie-xboard-test-" + std::to_string(getpid()) + "-" + std::to_string(++n);
    std::remove(path.c_str());
    return path;
}
std::string read_all(const std::string& path) {
    std::ifstream f(path);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}
EngineSpec spec(const std::string& script) {
    EngineSpec s;
    s.name = "x";
    s.argv = {"/bin/sh", "-c", script};
    s.protocol = EngineProtocol::Xboard;
    return s;
}
const std::string kFeatures = "feature ping=1 setboard=1 usermove=1 variants=\"dobutsu,shogi\" myname=\"fake\" done=1";
GameStart start_with(std::vector<std::string> opening, int64_t depth = 3) {
    GameStart g{"dobutsu", std::string(dobutsu::Dobutsu::start_sfen), true, std::move(opening), {}};
    g.tc.depth = depth;
    return g;
}
}  // namespace

TEST_CASE("xboard client: handshake, game flow and translated moves") {
    const std::string log = temp_log();
    auto e = XboardEngine::start(spec(engine_script(log, "b4b3 C@c2", kFeatures)), "dobutsu", kDobutsu, 5s);
    REQUIRE_MESSAGE(e.ok(), e.error());
    auto& x = *e.value();
    CHECK(x.features().at("variants") == "dobutsu,shogi");
    CHECK(x.features().at("myname") == "fake");
    REQUIRE_FALSE(x.new_game(start_with({"2c2b"}), 5s));
    std::vector<std::string> moves{"2c2b"};
    auto m = x.go(Turn{&moves, {0, 0}, 1}, 5s);
    REQUIRE_MESSAGE(m.ok(), m.error());
    CHECK(m.value().move == "2a2b");  // b4b3
    moves.insert(moves.end(), {"2a2b", "3d2c"});
    m = x.go(Turn{&moves, {0, 0}, 1}, 5s);
    REQUIRE_MESSAGE(m.ok(), m.error());
    CHECK(m.value().move == "C*1c");  // C@c2
    x.game_over("0-1", 1, "rules");
    x.quit();
    CHECK_FALSE(x.running());
    const std::string text = read_all(log);
    // The order of what it was told: the handshake, the new game in force mode with the opening, go, then the
    // opponent's move as it came (no force: the engine plays on).
    const char* expected[] = {"xboard", "protover 2", "accepted ping", "accepted usermove", "ping 1", "new",
                              "variant dobutsu", "force", "sd 3", "usermove b2b3", "go", "usermove a1b2",
                              "result 0-1 {rules}", "quit"};
    size_t at = 0;
    for (const char* line : expected) {
        const size_t found = text.find(std::string(line) + " ", at) != std::string::npos
                                 ? text.find(std::string(line) + " ", at)
                                 : text.find(std::string(line) + "\n", at);
        CHECK_MESSAGE(found != std::string::npos, "missing or out of order: " << line << "\nlog:\n" << text);
        if (found != std::string::npos) at = found;
    }
    std::remove(log.c_str());
}

TEST_CASE("xboard client: variants, positions and refusals") {
    const std::string log = temp_log();
    SUBCASE("a game the engine does not list") {
        auto e = XboardEngine::start(spec(engine_script(log, "", kFeatures)), "jungle", BoardNotation{7, 9, false}, 5s);
        REQUIRE_FALSE(e.ok());
        CHECK(e.error() == "x does not play jungle (its variants: dobutsu,shogi)");
    }
    SUBCASE("a position is set with setboard") {
        auto e = XboardEngine::start(spec(engine_script(log, "b4b3", kFeatures)), "dobutsu", kDobutsu, 5s);
        REQUIRE(e.ok());
        GameStart g = start_with({});
        g.sfen = "gle/1c1/1C1/ELG w - 1";
        g.standard_start = false;
        REQUIRE_FALSE(e.value()->new_game(g, 5s));
        e.value()->quit();
        CHECK(read_all(log).find("setboard gle/1c1/1C1/ELG[] b - - 0 1") != std::string::npos);
    }
    SUBCASE("an engine without setboard cannot take a position") {
        auto e = XboardEngine::start(spec(engine_script(log, "", "feature ping=1 variants=\"dobutsu\" done=1")),
                                     "dobutsu", kDobutsu, 5s);
        REQUIRE(e.ok());
        GameStart g = start_with({});
        g.standard_start = false;
        CHECK(e.value()->new_game(g, 5s)->find("no setboard") != std::string::npos);
    }
    SUBCASE("a move off the board") {
        auto e = XboardEngine::start(spec(engine_script(log, "z9z9", kFeatures)), "dobutsu", kDobutsu, 5s);
        REQUIRE(e.ok());
        REQUIRE_FALSE(e.value()->new_game(start_with({}), 5s));
        std::vector<std::string> moves;
        auto m = e.value()->go(Turn{&moves, {0, 0}, 0}, 5s);
        REQUIRE_FALSE(m.ok());
        CHECK(m.error().rfind("illegal move 'z9z9'", 0) == 0);
    }
    SUBCASE("a result instead of a move") {
        auto e = XboardEngine::start(spec(engine_script(log, "{White", kFeatures, "1-0")), "dobutsu", kDobutsu, 5s);
        REQUIRE(e.ok());
        REQUIRE_FALSE(e.value()->new_game(start_with({}), 5s));
        std::vector<std::string> moves;
        auto m = e.value()->go(Turn{&moves, {0, 0}, 0}, 5s);
        REQUIRE_FALSE(m.ok());
        CHECK(m.error() == "claimed the game over ('1-0 {White') where the rules go on");
    }
    SUBCASE("a result conceding its own loss is a resignation") {
        auto e = XboardEngine::start(spec(engine_script(log, "{resign}", kFeatures, "0-1")), "dobutsu", kDobutsu, 5s);
        REQUIRE(e.ok());
        REQUIRE_FALSE(e.value()->new_game(start_with({}), 5s));
        std::vector<std::string> moves;
        auto m = e.value()->go(Turn{&moves, {0, 0}, 0}, 5s);
        REQUIRE(m.ok());
        CHECK(m.value().move == "resign");
    }
    SUBCASE("a two-leg move written on two lines") {
        const std::string script = "while read -r cmd rest; do case \"$cmd\" in protover) echo '" + kFeatures +
                                   "' ;; ping) echo \"pong $rest\" ;; go) echo 'move a1b2,'; echo 'move b2c3' ;; "
                                   "quit) exit 0 ;; esac; done\n";
        auto e = XboardEngine::start(spec(script), "dobutsu", kDobutsu, 5s);
        REQUIRE(e.ok());
        REQUIRE_FALSE(e.value()->new_game(start_with({}), 5s));
        std::vector<std::string> moves;
        auto m = e.value()->go(Turn{&moves, {0, 0}, 0}, 5s);
        REQUIRE(m.ok());
        CHECK(m.value().move == "3d2c1b");
    }
    SUBCASE("silence is a timeout") {
        auto e = XboardEngine::start(spec(engine_script(log, "thinking", kFeatures, "#")), "dobutsu", kDobutsu, 5s);
        REQUIRE(e.ok());
        REQUIRE_FALSE(e.value()->new_game(start_with({}), 5s));
        std::vector<std::string> moves;
        auto m = e.value()->go(Turn{&moves, {0, 0}, 0}, 200ms);
        REQUIRE_FALSE(m.ok());
        CHECK(m.error() == "no move within 200 ms");
    }
    std::remove(log.c_str());
}

TEST_CASE("xboard client: the xshogi dialect (no features, USI-style moves, numbered answers)") {
    // Like gnushogi: refuses protover as an illegal move, answers "N. ... MOVE", refuses moves it thinks illegal.
    const std::string script =
        "forced=0\n"
        "while read -r cmd rest; do\n"
        "  case \"$cmd\" in\n"
        "    xboard|protover) echo \"Illegal move (no match) $cmd\" ;;\n"
        "    new) forced=0 ;;\n"
        "    force) forced=1 ;;\n"
        "    go) forced=0; echo '1. ... 2a2b -40' ;;\n"
        "    3d2c) [ $forced = 0 ] && echo 'Illegal move (no match) 3d2c' ;;\n"
        "    quit) exit 0 ;;\n"
        "  esac\n"
        "done\n";
    EngineSpec s = spec(script);
    s.variant = "shogi";  // it plays what it plays: the runner is told its name for the game
    s.usi_moves = true;
    const auto t0 = std::chrono::steady_clock::now();
    auto e = XboardEngine::start(s, "dobutsu", kDobutsu, 5s);
    REQUIRE_MESSAGE(e.ok(), e.error());
    CHECK(e.value()->features().empty());
    CHECK(std::chrono::steady_clock::now() - t0 < 1500ms);  // its refusal of protover ends the wait
    REQUIRE_FALSE(e.value()->new_game(start_with({"2c2b"}), 5s));
    std::vector<std::string> moves{"2c2b"};
    auto m = e.value()->go(Turn{&moves, {0, 0}, 1}, 5s);
    REQUIRE_MESSAGE(m.ok(), m.error());
    CHECK(m.value().move == "2a2b");
    moves.insert(moves.end(), {"2a2b", "3d2c"});
    m = e.value()->go(Turn{&moves, {0, 0}, 1}, 5s);
    REQUIRE_FALSE(m.ok());
    CHECK(m.error() == "rejected the legal move 3d2c: Illegal move (no match) 3d2c");
}
