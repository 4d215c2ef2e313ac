#include <doctest/doctest.h>

#include "engine/core/zobrist.hpp"
#include "search/tablebase/dobutsu_index.hpp"

using namespace menagerie;
using namespace menagerie::dobutsu;

TEST_CASE("dobutsu index: the numbering covers exactly the published upper bound of arrangements") {
    // Tanaka's complete analysis bounds the positions with Sente to move at 1,567,925,964 under this encoding.
    CHECK(kIndexSize == 1'567'925'964ULL);
}

TEST_CASE("dobutsu index: numbers and positions correspond one to one") {
    KeyGenerator rng(2024);
    for (int i = 0; i < 20000; ++i) {
        const uint64_t n = rng.next() % kIndexSize;
        const Position p = position_at(n);
        CHECK(p.side() == Sente);
        REQUIRE(position_index(p) == n);
        // Every numbered position is a valid position string.
        auto back = Position::from_sfen(p.sfen());
        REQUIRE_MESSAGE(back.ok(), back.error());
        CHECK(back.value() == p);
    }
    CHECK(position_index(position_at(0)) == 0);
    CHECK(position_index(position_at(kIndexSize - 1)) == kIndexSize - 1);
}

TEST_CASE("dobutsu index: positions of real games, turned to Sente to move, round trip") {
    KeyGenerator rng(77);
    for (int game = 0; game < 200; ++game) {
        Position p = Position::start();
        for (int ply = 0; ply < 40 && p.decided() == Outcome::Ongoing; ++ply) {
            const Position sente = p.side() == Sente ? p : turned(p);
            const uint64_t n = position_index(sente);
            REQUIRE(n < kIndexSize);
            Position back = position_at(n);
            CHECK(back.sfen().substr(0, back.sfen().rfind(' ')) == sente.sfen().substr(0, sente.sfen().rfind(' ')));
            Moves list;
            p.legal_moves(list);
            p.play(list[rng.next() % list.size()]);
        }
    }
}

TEST_CASE("dobutsu index: turning and mirroring") {
    const Position start = Position::start();
    const Position t = turned(start);
    CHECK(t.sfen() == "gle/1c1/1C1/ELG w - 1");  // the start is symmetric under turning, Gote to move
    CHECK(turned(t) == start);
    CHECK(mirrored(start).sfen() == "elg/1c1/1C1/GLE b - 1");
    const Position p = Position::from_sfen("g2/1L1/2l/3 b C 1").value();
    CHECK(mirrored(p).sfen() == "2g/1L1/l2/3 b C 1");
    CHECK(mirrored(mirrored(p)) == p);
    CHECK(turned(p).sfen() == "3/L2/1l1/2G w c 1");
    // Legal move counts are the same seen from either side.
    CHECK(turned(p).count_legal_moves() == p.count_legal_moves());
    CHECK(mirrored(p).count_legal_moves() == p.count_legal_moves());
}
