#include <doctest/doctest.h>

#include <sys/wait.h>

#include <cerrno>
#include <chrono>
#include <thread>

#include "protocol/match/engine_process.hpp"

using namespace menagerie;
using namespace std::chrono_literals;

namespace {
std::unique_ptr<EngineProcess> shell(const std::string& script) {
    auto p = EngineProcess::start({"/bin/sh", "-c", script});
    REQUIRE_MESSAGE(p.ok(), p.error());
    return std::move(p.value());
}
// Waits until the process has ended by itself.
bool ends(EngineProcess& p) {
    for (int i = 0; i < 500; ++i) {
        if (!p.running()) return true;
        std::this_thread::sleep_for(10ms);
    }
    return false;
}
}  // namespace

TEST_CASE("engine process: lines both ways, and a kill that is reaped") {
    auto p = shell("while read l; do echo \"got $l\"; done");
    CHECK(p->send("usi"));
    std::string line;
    REQUIRE(p->read_line(line, 5s) == EngineProcess::Read::Line);
    CHECK(line == "got usi");
    CHECK(p->running());
    const pid_t pid = p->pid();
    p->kill();
    CHECK(!p->running());
    CHECK(p->end_reason().find("killed by signal 9") == 0);
    // Reaped: no zombie is left.
    CHECK(waitpid(pid, nullptr, WNOHANG) == -1);
    CHECK(!p->send("quit"));  // the engine is gone: an error, not SIGPIPE
}

TEST_CASE("engine process: a silent engine times out, and the destructor kills and reaps it") {
    pid_t pid;
    {
        auto p = shell("sleep 30");
        pid = p->pid();
        std::string line;
        const auto t0 = std::chrono::steady_clock::now();
        CHECK(p->read_line(line, 50ms) == EngineProcess::Read::Timeout);
        CHECK(std::chrono::steady_clock::now() - t0 < 2s);
    }
    CHECK(waitpid(pid, nullptr, WNOHANG) == -1);
    CHECK(errno == ECHILD);
}

TEST_CASE("engine process: an engine that exits or crashes is seen as closed, with the reason") {
    {
        auto p = shell("echo bye; printf 'last'; exit 3");
        std::string line;
        REQUIRE(p->read_line(line, 5s) == EngineProcess::Read::Line);
        CHECK(line == "bye");
        REQUIRE(p->read_line(line, 5s) == EngineProcess::Read::Line);
        CHECK(line == "last");  // a last line without a newline still counts
        CHECK(p->read_line(line, 5s) == EngineProcess::Read::Closed);
        REQUIRE(ends(*p));
        CHECK(p->end_reason() == "exited with status 3");
    }
    {
        auto p = shell("kill -SEGV $$");
        std::string line;
        CHECK(p->read_line(line, 5s) == EngineProcess::Read::Closed);
        REQUIRE(ends(*p));
        CHECK(p->end_reason().find("killed by signal 11") == 0);
        CHECK(!p->send("isready"));
    }
}

TEST_CASE("engine process: a program that cannot be started is an error, not a process") {
    auto p = EngineProcess::start({"/nonexistent/engine", "--flag"});
    REQUIRE(!p.ok());
    CHECK(p.error() == "cannot start '/nonexistent/engine': No such file or directory");
    CHECK(!EngineProcess::start({}).ok());
}
