#include "eval/tuner.hpp"

namespace menagerie {

// "game 12: A - B  1-0 (decided, 133 plies, opening 4)  7g7f 3c3d ..." (protocol/match/selfplay.hpp): the
// result is the first player's, and the first player is Sente (games start from the start position).
bool parse_selfplay_game(const std::string& line, double& result, int& opening, std::vector<std::string>& moves) {
    const size_t open = line.find(" (");
    const size_t close = line.find(")  ", open == std::string::npos ? 0 : open);
    if (open == std::string::npos || close == std::string::npos || open < 4) return false;
    const std::string score = line.substr(open - 3, 3);
    if (score == "1-0")
        result = 1;
    else if (score == "0-1")
        result = 0;
    else if (score == "1/2")
        result = 0.5;
    else
        return false;
    const std::string info = line.substr(open + 2, close - open - 2);  // reason, N plies, opening K
    if (info.rfind("move cap", 0) == 0) return false;
    const size_t o = info.rfind("opening ");
    if (o == std::string::npos) return false;
    opening = std::atoi(info.c_str() + o + 8);
    moves.clear();
    std::istringstream in(line.substr(close + 3));
    for (std::string m; in >> m;) moves.push_back(m);
    return !moves.empty();
}

}  // namespace menagerie
