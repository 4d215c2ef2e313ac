// The browser board's server side: one tab's WebClient fed the input's lines as WebSocket messages, and the
// notation reader fed each line as an SFEN and as a move on boards of several sizes.
// Invariants: every answer is a JSON object with an "op"; a position answer has files × ranks cells and its
// moves name cells on the board; a refused position leaves the previous one in place (the same SFEN is
// answered for it again); nothing crashes or hangs (searches are cut to 1 ms).
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "fuzz/fuzz_check.hpp"
#include "protocol/web/client.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/text.hpp"

using namespace menagerie;
using json = nlohmann::json;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string input(reinterpret_cast<const char*>(data), size);
    std::vector<std::string> lines;
    size_t start = 0;
    while (start <= input.size() && lines.size() < 64) {
        size_t end = input.find('\n', start);
        if (end == std::string::npos) end = input.size();
        lines.push_back(input.substr(start, end - start));
        start = end + 1;
    }
    for (const std::string& line : lines) {
        const int sizes[][2] = {{3, 4}, {7, 9}, {9, 9}, {12, 12}, {36, 36}};
        for (const auto& [files, ranks] : sizes) {
            const auto fields = split_fields(line);
            if (!fields.empty())
                if (auto b = read_board_field(fields[0], BoardSize{files, ranks}))
                    fuzz::expect(b->cells.size() == size_t(files * ranks), "a board with the wrong number of cells");
            for (auto style : {SquareStyle::Shogi, SquareStyle::Chess})
                if (auto m = read_spelling(line, BoardSize{files, ranks}, style)) {
                    for (int sq : m->cells) fuzz::expect(sq >= 0 && sq < files * ranks, "a move off the board");
                    // What is read is written back the same way and reads again as the same move.
                    auto again = read_spelling(write_spelling(*m, BoardSize{files, ranks}, style), BoardSize{files, ranks}, style);
                    fuzz::expect(again && *again == *m, "a move that does not read back as itself");
                }
        }
    }

    web::ServeLimits limits;
    limits.max_movetime_ms = 1;
    limits.hash_mb = 1;
    limits.tablebase = "none";
    web::SearchGate gate(1);
    std::mutex mutex;
    std::vector<std::string> answers;
    {
        web::WebClient client([&](std::string text) {
            std::lock_guard lock(mutex);
            answers.push_back(std::move(text));
        }, limits, gate);
        std::string last_sfen;
        for (const std::string& line : lines) {
            size_t before;
            {
                std::lock_guard lock(mutex);
                before = answers.size();
            }
            client.handle(line);
            std::lock_guard lock(mutex);
            for (size_t i = before; i < answers.size(); ++i) {
                const json a = json::parse(answers[i], nullptr, false);
                fuzz::expect(a.is_object() && a.contains("op"), "an answer that is not a JSON object with an op");
                if (a["op"] != "position") continue;
                const GameEntry* g = find_game(a["game"].get<std::string>());
                fuzz::expect(g != nullptr, "a position of an unknown game");
                fuzz::expect(a["cells"].size() == size_t(g->files * g->ranks), "a position with the wrong cells");
                for (const json& m : a["moves"])
                    for (const json& sq : m["path"])
                        fuzz::expect(sq.get<int>() >= 0 && sq.get<int>() < g->files * g->ranks, "a move off the board");
                last_sfen = a["sfen"].get<std::string>();
            }
        }
        (void)last_sfen;
    }  // the client stops and waits for its search here
    fuzz::expect(gate.running() == 0, "a search still counted after the tab closed");
    return 0;
}
