#pragma once
// What the evaluation tests of several games share: positions from SFEN, the position turned round, random
// positions, and a sink that counts the features.
#include <doctest/doctest.h>

#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "engine/core/zobrist.hpp"
#include "eval/eval.hpp"
#include "tests/engine/helpers.hpp"

namespace menagerie::eval_test {

using testing::position;  // tests/engine/helpers.hpp

inline char swap_case(char ch) {
    const auto u = static_cast<unsigned char>(ch);
    return std::isupper(u) ? char(std::tolower(u)) : std::islower(u) ? char(std::toupper(u)) : ch;
}

// The position turned round: every piece on the square opposite, of the other colour, hands swapped, the
// other side to move (a board of files x ranks, single-digit runs of empty squares).
inline std::string turned(const std::string& sfen, int files, int ranks) {
    std::vector<std::string> f;
    size_t s = 0;
    for (size_t e; (e = sfen.find(' ', s)) != std::string::npos; s = e + 1) f.push_back(sfen.substr(s, e - s));
    f.push_back(sfen.substr(s));
    REQUIRE(f.size() == 4);
    // The board as cells of text (with '+' kept on its piece), reversed, colours swapped.
    std::vector<std::string> cells;
    for (size_t i = 0; i < f[0].size(); ++i) {
        const char ch = f[0][i];
        if (ch == '/') continue;
        if (std::isdigit(static_cast<unsigned char>(ch))) {
            for (int k = 0; k < ch - '0'; ++k) cells.emplace_back("");
        } else if (ch == '+') {
            cells.push_back(std::string("+") + f[0][++i]);
        } else {
            cells.emplace_back(1, ch);
        }
    }
    const size_t n = size_t(files * ranks);
    REQUIRE(cells.size() == n);
    std::string board;
    for (int r = 0; r < ranks; ++r) {
        int empty = 0;
        for (int c = 0; c < files; ++c) {
            std::string cell = cells[n - 1 - size_t(r * files + c)];
            if (cell.empty()) {
                ++empty;
                continue;
            }
            if (empty) board += std::to_string(empty), empty = 0;
            for (char& ch : cell) ch = swap_case(ch);
            board += cell;
        }
        if (empty) board += std::to_string(empty);
        if (r < ranks - 1) board += '/';
    }
    std::string hand = f[2];
    if (hand != "-")
        for (char& ch : hand) ch = swap_case(ch);
    return board + (f[1] == "b" ? " w " : " b ") + hand + " " + f[3];
}

// The positions of a few random games from the start.
template <class G>
std::vector<typename G::Position> random_positions(int games, int plies) {
    std::vector<typename G::Position> out;
    KeyGenerator rng(12345);
    for (int g = 0; g < games; ++g) {
        auto p = position<G>(std::string(G::start_sfen));
        for (int i = 0; i < plies; ++i) {
            MoveListOf<G> list;
            p.legal_moves(list);
            if (list.empty()) break;
            p.play(list[rng.next() % list.size()]);
            out.push_back(p);
        }
    }
    return out;
}

// Counts the features an evaluator describes.
struct Count {
    std::map<int, int> terms, tables;
    void term(int t, int n) { terms[t] += n; }
    void table(int i, int n) { tables[i] += n; }
};

// The evaluation is exactly the sum of its features times their weights, from the side to move.
template <class G>
void check_sum_of_features(const std::vector<typename G::Position>& positions) {
    using E = Evaluator<G>;
    const auto w = E::defaults();
    for (const auto& p : positions) {
        Count c;
        E::features(p, c);
        long sum = 0;
        for (auto [t, n] : c.terms) sum += long(w[size_t(t)]) * n;
        for (auto [i, n] : c.tables) {
            REQUIRE(i >= 0);
            REQUIRE(i < E::kTableSize);
            sum += long(E::table_weight(i)) * n;
        }
        CHECK(E::evaluate(p, w) == (p.side() == Sente ? sum : -sum));
    }
}

// The position turned round scores the same for the other side; returns how many positions were checked.
template <class G>
int check_turned_round(const std::vector<typename G::Position>& positions, int files, int ranks) {
    using E = Evaluator<G>;
    const auto w = E::defaults();
    int checked = 0;
    for (const auto& p : positions) {
        const std::string t = turned(p.sfen(), files, ranks);
        CAPTURE(p.sfen());
        CAPTURE(t);
        CHECK(E::evaluate(position<G>(t), w) == E::evaluate(p, w));
        ++checked;
    }
    return checked;
}

}  // namespace menagerie::eval_test
