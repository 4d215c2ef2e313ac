// SFEN of every game. The first byte picks the game, the rest is the SFEN text.
// Invariants: an accepted SFEN prints back to a string that reads to the same position (same text, same key);
// every legal move's text reads back to that move; play then undo restores the position and its key; the key
// kept up by play equals the key of the same position read afresh; the bulk count equals the generated moves;
// the tactical moves are legal moves; a move is a capture exactly when it names a victim.
#include <algorithm>
#include <string>

#include "fuzz/fuzz_check.hpp"

using namespace menagerie;

namespace {

template <Game G>
void check(std::string_view text) {
    using Position = typename G::Position;
    auto read = Position::from_sfen(text);
    if (!read) {
        fuzz::expect(!read.error().empty(), "a refused SFEN without a reason");
        return;
    }
    Position pos = read.value();
    const std::string sfen = pos.sfen();
    const uint64_t key = pos.key();
    auto again = Position::from_sfen(sfen);
    fuzz::expect(again.ok(), std::string(G::name) + ": printed SFEN '" + sfen + "' refused: " +
                                 (again ? std::string() : again.error()));
    fuzz::expect(again.value().sfen() == sfen, std::string(G::name) + ": SFEN '" + sfen + "' reads back as '" +
                                                  again.value().sfen() + "'");
    fuzz::expect(again.value().key() == key, std::string(G::name) + ": SFEN '" + sfen + "' reads back with another key");

    MoveListOf<G> moves;
    pos.legal_moves(moves);
    fuzz::expect(pos.count_legal_moves() == moves.size(), std::string(G::name) + ": bulk count differs from the moves in '" + sfen + "'");
    MoveListOf<G> tactical;
    pos.tactical_moves(tactical);
    for (auto m : tactical)
        fuzz::expect(moves.contains(m), std::string(G::name) + ": tactical move " + pos.move_text(m) + " is not legal in '" + sfen + "'");
    for (auto m : moves) {
        const std::string mt = pos.move_text(m);
        auto parsed = pos.parse_move(mt);
        fuzz::expect(parsed.ok() && parsed.value() == m, std::string(G::name) + ": move text '" + mt + "' does not read back in '" + sfen + "'");
        int victims = 0;
        pos.for_each_captured(m, [&](int) { ++victims; });
        fuzz::expect(pos.is_capture(m) == (victims > 0), std::string(G::name) + ": is_capture disagrees with the victims of " + mt);
        typename G::Undo undo;
        pos.play(m, undo);
        const std::string after = pos.sfen();
        auto fresh = Position::from_sfen(after);
        fuzz::expect(fresh.ok(), std::string(G::name) + ": position after " + mt + " ('" + after + "') refused");
        fuzz::expect(fresh.value().key() == pos.key(), std::string(G::name) + ": incremental key differs after " + mt + " from '" + sfen + "'");
        pos.undo(m, undo);
        fuzz::expect(pos.sfen() == sfen && pos.key() == key, std::string(G::name) + ": undo of " + mt + " does not restore '" + sfen + "'");
    }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1 || size > 4096) return -1;
    const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
    fuzz::with_game(data[0], [&]<Game G>() { check<G>(text); });
    return 0;
}
