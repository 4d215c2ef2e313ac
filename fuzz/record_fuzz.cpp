// Shogi game records (KIF, KI2, CSA, USI). The first byte picks the format the text is read as, the rest is the
// text. Invariants: a refused record says why; an accepted one has
// only legal moves from a legal start; and written in each format it reads back to the same start, moves and
// end (the start's move number aside, which only USI keeps).
#include <string>

#include "engine/shogi/record.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace menagerie;
using namespace menagerie::shogi;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1 || size > 1 << 16) return 0;
    const RecordFormat format = RecordFormat(data[0] % 4);
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    auto read = read_record(text, format);
    if (!read) {
        fuzz::expect(!read.error().empty(), "a refused record without a reason");
        return 0;
    }
    const Record& r = read.value();
    auto start = Position::from_sfen(r.start_sfen);
    fuzz::expect(start.ok(), "an accepted record's start '" + r.start_sfen + "' does not read");
    Position pos = start.value();
    for (const RecordMove& m : r.moves) {
        fuzz::expect(pos.is_legal(m.move), "an accepted record holds an illegal move in '" + pos.sfen() + "'");
        pos.play(m.move);
    }
    // The game: the start but for its move number (which KIF, KI2 and CSA do not keep), and the moves.
    auto game = [](const Record& x) {
        const std::string usi = write_usi(x);
        const size_t moves = usi.find(" moves");
        std::string head = usi.substr(0, moves);
        if (head.rfind("position sfen ", 0) == 0) head = head.substr(0, head.find_last_of(' '));
        return head + (moves == std::string::npos ? "" : usi.substr(moves));
    };
    const std::string usi = game(r);
    for (RecordFormat f : {RecordFormat::Kif, RecordFormat::Ki2, RecordFormat::Csa, RecordFormat::Usi}) {
        const std::string out = write_record(r, f);
        auto back = read_record(out, f);
        fuzz::expect(back.ok(), "a written record does not read back (format " + std::to_string(int(f)) + "): " +
                                    (back ? std::string() : back.error()) + "\n" + out);
        fuzz::expect(game(back.value()) == usi, "a written record reads back to other moves:\n" + out);
        if (f != RecordFormat::Usi)
            fuzz::expect(back.value().end == r.end,
                         "a written record reads back with another end (format " + std::to_string(int(f)) + "):\n" + out);
    }
    return 0;
}
