#pragma once
// The match runner's commands: `menagerie match` (engine processes against each other) and `menagerie selfplay`
// (two settings of this engine), each reading its own options.
#include <string>
#include <vector>

#include "protocol/core/command_line.hpp"

namespace menagerie {

int match_command(const std::vector<std::string>& args, CommandMode mode);
int selfplay_command(const std::vector<std::string>& args, CommandMode mode);

}  // namespace menagerie
