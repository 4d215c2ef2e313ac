#include "engine/core/bitboard.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <vector>

#include "engine/core/movelist.hpp"

using namespace menagerie;

TEST_CASE_TEMPLATE("Bitboard<N> set, test, count, iteration and complement", BB, Bitboard<12>, Bitboard<63>,
                   Bitboard<81>, Bitboard<144>, Bitboard<225>, Bitboard<1296>) {
    constexpr int n = BB::squares;
    BB b;
    CHECK(b.none());
    std::vector<int> squares = {0, 1, n / 2, n - 1};
    if (n > 64) squares.push_back(64);
    for (int sq : squares) b.set(sq);
    CHECK(b.count() == int(squares.size()));
    for (int sq : squares) CHECK(b.test(sq));
    std::vector<int> seen;
    for (int sq : b) seen.push_back(sq);
    std::sort(squares.begin(), squares.end());
    CHECK(seen == squares);
    CHECK(BB::full().count() == n);  // complement keeps only real squares
    CHECK((~b).count() == n - int(squares.size()));
    CHECK((b & ~b).none());
    CHECK((b | ~b) == BB::full());
    b.reset(squares[0]);
    CHECK(b.lsb() == squares[1]);
}

TEST_CASE("Bitboard picks the smallest word") {
    CHECK(sizeof(Bitboard<12>) == 2);
    CHECK(sizeof(Bitboard<63>) == 8);
    CHECK(sizeof(Bitboard<81>) == 16);
    CHECK(sizeof(Bitboard<144>) == 24);
    CHECK(sizeof(Bitboard<1296>) == (1296 + 63) / 64 * 8);
}

TEST_CASE("MoveList") {
    MoveList<int, 8> l;
    CHECK(l.empty());
    l.push(3);
    l.push(5);
    CHECK(l.size() == 2);
    CHECK(l.contains(5));
    CHECK_FALSE(l.contains(4));
}
