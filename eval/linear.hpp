#pragma once
// The evaluation of a linear evaluator (one whose Evaluator<G>::features describes it, eval/shogi/eval.hpp):
// the sum of weight times count over the features, named terms weighted by the Params, table entries by the
// fitted table. The tuner (eval/tuner.hpp) fits the same weights through the same description.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace menagerie {

template <class Params>
struct LinearSum {
    const Params& w;
    const int16_t* tables;
    int total = 0;
    void term(int t, int count) { total += w[std::size_t(t)] * count; }
    void table(int index, int count) { total += tables[index] * count; }
};

// The table entries of one piece, folded ahead of time. In shogi and tori shogi a piece on the board adds
// several entries (its value, its square, its place relative to its own king and to the enemy king) and the
// pieces in hand one entry each; the evaluator's piece_tables(sink, type, colour, square, own king, enemy
// king) and hand_tables(sink, colour, type, count) emit them. Their sums are tabled here once per king
// square (kings move rarely in a search, so the few slices in use stay in the cache): a piece then costs two
// loads, its own side's slice and the enemy's, and a hand one. The sums are exact (the same integers added in
// another order), so the evaluation does not change; the evaluators' tests compare it with the entries one
// by one. A king square of `Squares` stands for no king.
template <int Squares, int Types, int HandTypes, int HandMax>
struct FoldedTables {
    int32_t own[2][Squares + 1][Types][Squares];    // [colour][own king][type][square], signed for Sente's view
    int32_t enemy[2][Squares + 1][Types][Squares];  // [colour][enemy king][type][square]
    int32_t hand[2][HandTypes][HandMax + 1];        // [colour][type][count]

    // Evaluator E's entries with table weight `weights`.
    template <class E>
    static std::unique_ptr<const FoldedTables> build(const int16_t* weights) {
        auto f = std::make_unique<FoldedTables>();
        struct Sum {
            const int16_t* weights;
            int total = 0;
            void table(int index, int count) { total += weights[index] * count; }
        };
        const auto piece = [&](int t, int c, int sq, int own_king, int enemy_king) {
            Sum s{weights};
            E::piece_tables(s, t, c, sq, own_king, enemy_king);
            return s.total;
        };
        for (int c = 0; c < 2; ++c)
            for (int t = 0; t < Types; ++t)
                for (int sq = 0; sq < Squares; ++sq) {
                    const int alone = piece(t, c, sq, Squares, Squares);
                    for (int k = 0; k <= Squares; ++k) {
                        f->own[c][k][t][sq] = piece(t, c, sq, k, Squares);
                        f->enemy[c][k][t][sq] = piece(t, c, sq, Squares, k) - alone;
                    }
                }
        for (int c = 0; c < 2; ++c)
            for (int t = 0; t < HandTypes; ++t)
                for (int n = 0; n <= HandMax; ++n) {
                    Sum s{weights};
                    E::hand_tables(s, c, t, n);
                    f->hand[c][t][n] = s.total;
                }
        return f;
    }
};

// LinearSum with the pieces' entries taken from folded tables. The evaluators' features() use it when the
// sink has slices(): a side's two slices for the kings where they stand (a king square of `Squares` for
// none, as the positions' king_square gives it), then piece() for each of its pieces and hand() for its
// pieces in hand.
template <class Params, class Folded>
struct FoldedSum : LinearSum<Params> {
    const Folded& folded;
    static constexpr int kSquares = sizeof(Folded::own[0][0][0]) / sizeof(Folded::own[0][0][0][0]);
    struct Slices {
        const int32_t (*own)[kSquares];
        const int32_t (*enemy)[kSquares];
    };
    Slices slices(int c, int own_king, int enemy_king) const { return {folded.own[c][own_king], folded.enemy[c][enemy_king]}; }
    void piece(const Slices& s, int t, int sq) { this->total += s.own[t][sq] + s.enemy[t][sq]; }
    void hand(int c, int t, int n) {
        constexpr int cap = sizeof(Folded::hand[0][0]) / sizeof(Folded::hand[0][0][0]) - 1;
        this->total += folded.hand[c][t][std::min(n, cap)];
    }
};

}  // namespace menagerie
