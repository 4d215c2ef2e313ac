#pragma once
// What the subcommands of the command line share (protocol/cli.cpp).
#include <boost/program_options.hpp>
#include <optional>
#include <string>
#include <vector>

#include "protocol/cli.hpp"
#include "protocol/output.hpp"

namespace menagerie {

Output& stdout_output();
std::string usage();
// Prints why and the usage to stderr; returns 2, the status of a bad command line.
int bad_usage(const std::string& why, const boost::program_options::options_description* opts);
// Parses a subcommand's options; returns an exit status when the command should end here (bad input, --help).
std::optional<int> parse_options(const std::vector<std::string>& args,
                                 const boost::program_options::options_description& opts,
                                 boost::program_options::variables_map& vm);
int match_command(const std::vector<std::string>& args, CommandMode mode);

}  // namespace menagerie
