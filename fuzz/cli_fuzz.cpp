// The command line. The input is the arguments, separated by newlines (at most 32); they are read and checked
// as `menagerie` does, stopping where the work would begin (CommandMode::CheckOnly).
// Invariants: the status is 0 (accepted) or 2 (refused); a refused command line says why on stderr, starting
// with "menagerie: "; an accepted one prints nothing to stderr; no exception escapes.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "fuzz/fuzz_check.hpp"
#include "protocol/cli/cli.hpp"

using namespace menagerie;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > 4096) return -1;
    const std::string input(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> args = {"menagerie"};
    size_t start = 0;
    while (start < input.size() && args.size() <= 32) {
        size_t end = input.find('\n', start);
        if (end == std::string::npos) end = input.size();
        args.push_back(input.substr(start, end - start));
        start = end + 1;
    }
    if (args.size() > 33) return -1;
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);

    std::ostringstream out, err;
    auto* old_out = std::cout.rdbuf(out.rdbuf());
    auto* old_err = std::cerr.rdbuf(err.rdbuf());
    const int status = run_command_line(int(args.size()), argv.data(), CommandMode::CheckOnly);
    std::cout.rdbuf(old_out);
    std::cerr.rdbuf(old_err);

    fuzz::expect(status == 0 || status == 2, "status " + std::to_string(status));
    if (status == 2) fuzz::expect(err.str().rfind("menagerie: ", 0) == 0, "a refusal without a reason: '" + err.str() + "'");
    if (status == 0) fuzz::expect(err.str().empty(), "an accepted command line wrote to stderr: '" + err.str() + "'");
    return 0;
}
