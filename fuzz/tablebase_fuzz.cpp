// The Dobutsu tablebase file reader. The input is a file's bytes. In this build a wrong checksum is let
// through (see kChecksumsChecked), so the fuzzer reaches the structure checks behind the checksums.
// Invariants: the reader gives a table or an error with a reason, never a crash or an exception; a table it
// gives answers probes of its root, of every position two plies from it and of the start position without
// reading outside its data (the sanitizers watch) and with values that are wins or losses at a distance of
// at least one ply, or draws.
#include <sstream>
#include <string>

#include "fuzz/fuzz_check.hpp"
#include "search/tablebase/dobutsu_tablebase.hpp"

using namespace menagerie;
using namespace menagerie::dobutsu;

namespace {

void probe(const Tablebase& tb, const Position& p) {
    const auto v = tb.probe(p);
    if (!v) return;
    fuzz::expect(v->plies >= 0, "a negative distance");
    if (v->outcome == Outcome::Draw) fuzz::expect(v->plies == 0, "a draw with a distance");
    if (p.decided() == Outcome::Ongoing && v->outcome != Outcome::Draw) fuzz::expect(v->plies >= 1, "a game going on, decided at distance 0");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size > (1 << 20)) return -1;
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    auto tb = Tablebase::read(in, size, "fuzz input");
    if (!tb) {
        fuzz::expect(!tb.error().empty(), "a refused table without a reason");
        return 0;
    }
    const Tablebase& t = *tb.value();
    fuzz::expect(!t.describe().empty(), "no description");
    std::vector<Position> roots = {Position::from_sfen(Dobutsu::start_sfen).value()};
    if (auto r = Position::from_sfen(t.info().root)) roots.push_back(r.value());
    for (const Position& root : roots) {
        probe(t, root);
        MoveListOf<Dobutsu> first;
        root.legal_moves(first);
        for (auto m : first) {
            Position a = root;
            a.play(m);
            probe(t, a);
            MoveListOf<Dobutsu> second;
            a.legal_moves(second);
            for (auto n : second) {
                Position b = a;
                b.play(n);
                probe(t, b);
            }
        }
    }
    return 0;
}
