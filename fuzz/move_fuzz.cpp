// Move text of every game. The first byte picks the game; the input's first line is a position (the game's
// start if it does not read), the rest the move text.
// Invariants: a move the reader accepts is one of the legal moves, and its printed text reads back to it;
// a refused text says why; reading never changes the position.
#include <string>

#include "fuzz/fuzz_check.hpp"

using namespace menagerie;

namespace {

template <Game G>
void check(std::string_view input) {
    using Position = typename G::Position;
    const size_t nl = input.find('\n');
    const std::string_view sfen = nl == std::string_view::npos ? std::string_view() : input.substr(0, nl);
    const std::string_view text = nl == std::string_view::npos ? input : input.substr(nl + 1);
    auto read = Position::from_sfen(sfen);
    const Position pos = read ? read.value() : Position::from_sfen(G::start_sfen).value();
    const std::string before = pos.sfen();
    auto m = pos.parse_move(text);
    fuzz::expect(pos.sfen() == before, "reading a move changed the position");
    if (!m) {
        fuzz::expect(!m.error().empty(), "a refused move without a reason");
        return;
    }
    MoveListOf<G> moves;
    pos.legal_moves(moves);
    fuzz::expect(moves.contains(m.value()), std::string(G::name) + ": '" + std::string(text) + "' read as a move that is not legal in '" + before + "'");
    const std::string printed = pos.move_text(m.value());
    auto again = pos.parse_move(printed);
    fuzz::expect(again.ok() && again.value() == m.value(), std::string(G::name) + ": printed move '" + printed + "' does not read back");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1 || size > 4096) return -1;
    const std::string_view input(reinterpret_cast<const char*>(data) + 1, size - 1);
    fuzz::with_game(data[0], [&]<Game G>() { check<G>(input); });
    return 0;
}
