#pragma once
// The command line: `menagerie` (the USI/UCI loop), `menagerie bench ...`, `menagerie perft ...`, --help,
// --version, and each application's command (the match runner's, the web server's).
#include "protocol/core/command_line.hpp"

namespace menagerie {

// Returns the process exit status: 0 success, 1 runtime failure, 2 bad command line.
int run_command_line(int argc, char** argv, CommandMode mode = CommandMode::Run);

}  // namespace menagerie
