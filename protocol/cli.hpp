#pragma once
// The command line: `menagerie` (USI loop), `menagerie bench ...`, `menagerie perft ...`, --help, --version.
namespace menagerie {

// Returns the process exit status: 0 success, 1 runtime failure, 2 bad command line.
int run_command_line(int argc, char** argv);

}  // namespace menagerie
