// cutechess-cli's exact command sequences (tests/protocol/cutechess/*.txt, captured from real matches by
// bench/cutechess-uci.sh) replayed against the engine: every line accepted, isready answered, every go answered
// by one bestmove whose move is legal where it was asked.
#include <doctest/doctest.h>

#include <fstream>
#include <thread>

#include "tests/protocol/transcript.hpp"

using menagerie::testing::Transcript;

namespace {

void replay(const std::string& file) {
    std::ifstream in(std::string(MENAGERIE_SOURCE_DIR "/tests/protocol/cutechess/") + file);
    REQUIRE(in);
    Transcript t;
    std::string position;
    int gos = 0, readies = 0, lines = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        ++lines;
        CAPTURE(line);
        if (line.rfind("position ", 0) == 0) position = line;
        const bool more = t.send(line);
        if (line == "isready") CHECK(t.count("readyok") == ++readies);
        if (line.rfind("go", 0) == 0) {
            ++gos;
            // cutechess waits for the answer before its next command.
            REQUIRE(t.wait_for("bestmove", std::chrono::seconds(60), 0) >= 0);
            for (int i = 0; i < 6000 && t.count("bestmove") < gos; ++i)
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            REQUIRE(t.count("bestmove") == gos);
            const auto words = menagerie::split_words(t.last("bestmove"));
            REQUIRE(words.size() >= 2);
            CHECK(words[1] != "(none)");
            // The move answered is legal there: the position with it appended is accepted.
            const size_t errors = t.count("info string error");
            t.send(position + (position.find(" moves ") == std::string::npos ? " moves " : " ") + words[1]);
            CHECK(t.count("info string error") == errors);
        }
        if (!more) break;
    }
    CHECK(lines > 50);
    CHECK(gos > 20);
    CHECK(t.count("info string error") == 0);
    CHECK(t.count("bestmove") == gos);
}

}  // namespace

TEST_CASE("cutechess: its shogi games' commands, replayed") { replay("shogi.txt"); }
TEST_CASE("cutechess: its Dobutsu games' commands, replayed") { replay("dobutsu.txt"); }
