#pragma once
// What every command of the command line shares: how far a command goes, the usage text, and the reading of a
// command's options (Boost.Program_options). Each application's command (protocol/cli for bench, perft, serve,
// convert, tune, solve; protocol/match for match and selfplay) uses these.
#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "protocol/core/output.hpp"

namespace menagerie {

// How far a command goes. CheckOnly reads and checks the command line (and the files it names) exactly as Run
// does, then returns 0 where Run would begin the work: no search, no engine process, no read of stdin, no file
// written. The command-line fuzz target and tests use it.
enum class CommandMode { Run, CheckOnly };

Output& stdout_output();
std::string usage();
// Prints why and the usage to stderr; returns 2, the status of a bad command line.
int bad_usage(const std::string& why, const boost::program_options::options_description* opts);
// Parses a subcommand's options (and its positional arguments, if it has some); returns an exit status when the command should end here (bad input, --help).
std::optional<int> parse_options(const std::vector<std::string>& args,
                                 const boost::program_options::options_description& opts,
                                 boost::program_options::variables_map& vm,
                                 const boost::program_options::positional_options_description* positional = nullptr);

}  // namespace menagerie
