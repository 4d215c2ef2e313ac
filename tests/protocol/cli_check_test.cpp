// The command line's CheckOnly mode (what the command-line fuzz target runs): everything read and checked as a
// real run would, nothing done.
#include <doctest/doctest.h>

#include <chrono>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "protocol/cli/cli.hpp"

using namespace menagerie;

namespace {
int check_only(std::vector<std::string> args, std::string* err = nullptr) {
    args.insert(args.begin(), "menagerie");
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::ostringstream out, e;
    auto* o = std::cout.rdbuf(out.rdbuf());
    auto* r = std::cerr.rdbuf(e.rdbuf());
    const int status = run_command_line(int(args.size()), argv.data(), CommandMode::CheckOnly);
    std::cout.rdbuf(o);
    std::cerr.rdbuf(r);
    if (err) *err = e.str();
    return status;
}
}  // namespace

TEST_CASE("command line, check only: accepted lines start no work, refused ones say why") {
    const auto t0 = std::chrono::steady_clock::now();
    CHECK(check_only({"bench"}) == 0);                                          // would search for seconds
    CHECK(check_only({"perft", "--variant", "shogi", "--depth", "9"}) == 0);  // would count for hours
    CHECK(check_only({"solve", "dobutsu"}) == 0);                              // would solve for minutes
    CHECK(check_only({"match", "--variant", "dobutsu", "--engine", "cmd=/nonexistent/a", "--engine",
                      "cmd=/nonexistent/b"}) == 0);                             // would start two processes
    CHECK(check_only({}) == 0);                                                  // would read stdin
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
    std::string err;
    CHECK(check_only({"perft", "--variant", "shogi", "--depth", "0"}, &err) == 2);
    CHECK(err.find("--depth must be") != std::string::npos);
    CHECK(check_only({"bench", "--%canonical_option%"}, &err) == 2);
    CHECK(err.find("unrecognised option '--%canonical_option%'") != std::string::npos);
}
