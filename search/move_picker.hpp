#pragma once
// Staged move ordering: the moves of one node, handed out best first, in the stages of Stockfish's move
// picker, with costs that grow with the moves tried rather than with the moves generated (a taikyoku node
// has thousands):
//
//   1. the transposition table's move;
//   2. winning and even captures, most valuable victim first (MVV-LVA); exchange evaluation (SEE), in games
//      that have it, runs only on the capture about to be tried, and a losing one drops to stage 5;
//   3. the two killer moves of this ply;
//   4. quiet moves by history;
//   5. the captures that lose material.
//
// One pass scores every move into its stage's band (nothing is sorted then). The first few moves are found
// by selection, one pass each; a node that goes on past them (an all-node, which will try most moves) checks
// its remaining captures and sorts the rest once, so a node never costs O(n^2).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"
#include "eval/eval.hpp"

namespace menagerie {

// The material a move takes: the sum of its victims' values (a lion move in chu takes two, a range capture in
// taikyoku many).
template <Game G>
int capture_gain(const typename G::Position& pos, typename G::Move m) {
    int gain = 0;
    pos.for_each_captured(m, [&](int type) { gain += Evaluator<G>::piece_value(type); });
    return gain;
}

template <Game G>
class MovePicker {
public:
    using Position = typename G::Position;
    using Move = typename G::Move;

    struct Scratch {  // the search's sorting buffer, reused by every node and only used inside one call
        struct Entry {
            int score;
            uint32_t order;  // position in the list, so that equal scores keep their order
            Move move;
        };
        std::vector<Entry> sorting;
    };

    // moves/scores: the node's generated moves and room for a score each (the move arena's frame).
    // Inlined into the search (a call per node and per move costs the cheap-node games several percent).
    [[gnu::always_inline]] MovePicker(const Position& pos, Move* moves, int* scores, std::size_t n, Move tt_move,
                                      const Move* killers, const int* history, Scratch& scratch)
        : pos_(pos), moves_(moves), scores_(scores), n_(n), scratch_(scratch.sorting) {
        for (std::size_t i = 0; i < n_; ++i) {
            const Move m = moves_[i];
            if (m == tt_move)
                scores_[i] = kTable;
            else if (pos_.is_capture(m))
                scores_[i] = kUncheckedCapture + mvv_lva(m);
            else if (m == killers[0])
                scores_[i] = kKiller + 1;
            else if (m == killers[1])
                scores_[i] = kKiller;
            else
                scores_[i] = history[pos_.history_index(m)];
        }
    }

    // The next move to try, or Move{} when none is left.
    [[gnu::always_inline]] Move next() {
        while (cur_ < n_) {
            if (picks_ < kSelections) {
                ++picks_;
                std::size_t best = cur_;
                for (std::size_t j = cur_ + 1; j < n_; ++j)
                    if (scores_[j] > scores_[best]) best = j;
                std::swap(moves_[cur_], moves_[best]);
                std::swap(scores_[cur_], scores_[best]);
                if (unchecked_capture(scores_[cur_]) && losing(moves_[cur_])) {
                    scores_[cur_] += kLosingCapture - kUncheckedCapture;  // back to the pool, in stage 5
                    --picks_;
                    continue;
                }
                if (picks_ == kSelections) sort_rest();
            }
            last_score_ = scores_[cur_];
            return moves_[cur_++];
        }
        return Move{};
    }

    // Whether the move last returned is a capture that loses material (stage 5).
    bool losing_capture() const { return last_score_ < kLosingCapture + kBand && last_score_ >= kLosingCapture; }

private:
    // The stages as bands of scores; history stays below kKiller, MVV-LVA within kBand.
    static constexpr int kBand = 1 << 22;
    static constexpr int kTable = 1 << 30;
    static constexpr int kUncheckedCapture = 1 << 26;  // a capture whose exchange is not yet evaluated
    static constexpr int kKiller = 1 << 24;
    static constexpr int kLosingCapture = -(1 << 26);
    static constexpr int kSelections = 16;  // picks by selection before the rest is sorted once

    static bool unchecked_capture(int score) { return score >= kUncheckedCapture && score < kUncheckedCapture + kBand; }
    int mvv_lva(Move m) const {
        return capture_gain<G>(pos_, m) * 16 - Evaluator<G>::piece_value(pos_.moving_type(m)) / 16;
    }
    bool losing(Move m) const {
        if constexpr (requires { pos_.see(m); })
            return pos_.see(m) < 0;
        else
            return false;
    }
    // The rest of the list, sorted once: its captures are judged first (they fall to stage 5 if they lose),
    // then everything is ordered by score, equal scores keeping their order.
    void sort_rest() {
        const std::size_t from = cur_ + 1;
        if (n_ - from < 2) return;
        for (std::size_t i = from; i < n_; ++i)
            if (unchecked_capture(scores_[i]) && losing(moves_[i])) scores_[i] += kLosingCapture - kUncheckedCapture;
        scratch_.clear();
        for (std::size_t i = from; i < n_; ++i) scratch_.push_back({scores_[i], uint32_t(i), moves_[i]});
        std::sort(scratch_.begin(), scratch_.end(), [](const auto& a, const auto& b) {
            return a.score != b.score ? a.score > b.score : a.order < b.order;
        });
        for (std::size_t i = from; i < n_; ++i) {
            scores_[i] = scratch_[i - from].score;
            moves_[i] = scratch_[i - from].move;
        }
    }

    const Position& pos_;
    Move* moves_;
    int* scores_;
    std::size_t n_;
    std::vector<typename Scratch::Entry>& scratch_;
    std::size_t cur_ = 0;  // moves_[0, cur_) have been handed out
    int picks_ = 0;
    int last_score_ = 0;
};

}  // namespace menagerie
