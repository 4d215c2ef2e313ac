#pragma once
// The command line: `menagerie` (USI loop), `menagerie bench ...`, `menagerie perft ...`, --help, --version.
namespace menagerie {

// How far run_command_line goes. CheckOnly reads and checks the command line (and the files it names) exactly
// as Run does, then returns 0 where Run would begin the work: no search, no engine process, no read of stdin,
// no file written. The command-line fuzz target and tests use it.
enum class CommandMode { Run, CheckOnly };

// Returns the process exit status: 0 success, 1 runtime failure, 2 bad command line.
int run_command_line(int argc, char** argv, CommandMode mode = CommandMode::Run);

}  // namespace menagerie
