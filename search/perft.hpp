#pragma once
// Perft: leaf positions N plies deep, game-over positions having no children; the last ply is bulk-counted.
#include <cstdint>
#include <string>
#include <vector>

#include "engine/core/game.hpp"

namespace menagerie {

// A game may count its children's moves without playing them (count_legal_moves_after); Shortcuts = false
// forces the plain play/count/undo path, which tests compare against.
template <Game G, bool Shortcuts = true>
uint64_t perft(typename G::Position& pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return pos.count_legal_moves();
    MoveListOf<G> list;
    pos.legal_moves(list);
    uint64_t n = 0;
    if constexpr (Shortcuts && requires { pos.count_legal_moves_after(list[0]); }) {
        if (depth == 2) {
            for (auto m : list) n += pos.count_legal_moves_after(m);
            return n;
        }
    }
    for (auto m : list) {
        typename G::Undo undo;
        pos.play(m, undo);
        n += perft<G, Shortcuts>(pos, depth - 1);
        pos.undo(m, undo);
    }
    return n;
}

// Every text the game accepts for a move: chu's lishogi spellings (a two-leg path through an empty square, each
// path of a pass) where the position lists them, one text a move elsewhere.
template <Game G>
std::vector<std::string> move_texts(const typename G::Position& pos, typename G::Move m) {
    if constexpr (requires { pos.spellings(m); }) return pos.spellings(m);
    else return {pos.move_text(m)};
}

// Perft in lishogi's convention: every accepted text of every move counted (each leads to the same child).
template <Game G>
uint64_t perft_texts(typename G::Position& pos, int depth) {
    if (depth <= 0) return 1;
    MoveListOf<G> list;
    pos.legal_moves(list);
    uint64_t n = 0;
    for (auto m : list) {
        const uint64_t texts = move_texts<G>(pos, m).size();
        if (depth == 1) {
            n += texts;
            continue;
        }
        typename G::Undo undo;
        pos.play(m, undo);
        n += texts * perft_texts<G>(pos, depth - 1);
        pos.undo(m, undo);
    }
    return n;
}

template <Game G>
struct PerftDivide {
    std::vector<std::pair<typename G::Move, uint64_t>> moves;
    uint64_t total = 0;
};

// Per-root-move counts, in generation order.
template <Game G>
PerftDivide<G> perft_divide(typename G::Position pos, int depth) {
    PerftDivide<G> d;
    if (depth <= 0) {
        d.total = 1;
        return d;
    }
    MoveListOf<G> list;
    pos.legal_moves(list);
    for (auto m : list) {
        typename G::Undo undo;
        pos.play(m, undo);
        uint64_t n = perft<G>(pos, depth - 1);
        pos.undo(m, undo);
        d.moves.emplace_back(m, n);
        d.total += n;
    }
    return d;
}

}  // namespace menagerie
