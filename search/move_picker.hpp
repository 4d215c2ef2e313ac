#pragma once
// Staged move ordering: the moves of one node, handed out best first, in the stages of Stockfish's move
// picker, with costs that grow with the moves tried rather than with the moves generated (a taikyoku node
// has thousands):
//
//   1. the transposition table's move;
//   2. winning and even captures, most valuable victim first (MVV-LVA); exchange evaluation (SEE), in games
//      that have it, runs only on the capture about to be tried, and a losing one drops to stage 5;
//   3. the two killer moves of this ply;
//   4. quiet moves by history (plus, in games that keep it, the continuation history of the quiet after the
//      last move and after our own move before it);
//   5. the captures that lose material.
//
// Each stage scores its moves when it is reached: the table's move needs no score; the captures are scored
// (MVV-LVA) and picked by selection when the table's move has not refuted the node; the quiets are scored by
// killers and history only once the captures are done. In the last stage the first few moves are found by
// selection, one pass each; a node that goes on past them (an all-node, which will try most moves) sorts the
// rest once, so the quiets never cost O(n^2). The captures are picked by selection throughout, which costs the
// captures tried times the captures generated: small in the games we have, and the place to add the same
// selection-then-sort cut-off if a big game's nodes turn out to have hundreds of captures.
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

// A capture's place in the order (MVV-LVA): what it takes (its capture_gain, given), most first, then the
// mover, least valuable first.
template <Game G>
int mvv_lva(const typename G::Position& pos, typename G::Move m, int gain) {
    return gain * 16 - Evaluator<G>::piece_value(pos.moving_type(m)) / 16;
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
    // cont1/cont2: the continuation-history rows of the previous move and of the one before it (by
    // history_index), or null. counter: the countermove to the last move, or Move{}. Inlined into the search (a call per node and per move costs the cheap-node
    // games several percent).
    [[gnu::always_inline]] MovePicker(const Position& pos, Move* moves, int* scores, std::size_t n, Move tt_move,
                                      const Move* killers, const int* history, Scratch& scratch,
                                      const int16_t* cont1 = nullptr, const int16_t* cont2 = nullptr,
                                      Move counter = Move{})
        : pos_(pos), moves_(moves), scores_(scores), n_(n), tt_move_(tt_move), killers_(killers), history_(history),
          cont1_(cont1), cont2_(cont2), counter_(counter), scratch_(scratch.sorting) {}

    // The next move to try, or Move{} when none is left. Each stage scores its moves only when it is reached:
    // a node refuted by the table's move scores nothing, one refuted by a capture never scores its quiets.
    [[gnu::always_inline]] Move next() {
        for (;;) {
            switch (stage_) {
                case Stage::Table:
                    stage_ = Stage::CaptureSetup;
                    if (!tt_move_.is_null())
                        for (std::size_t i = 0; i < n_; ++i)
                            if (moves_[i] == tt_move_) {
                                std::swap(moves_[0], moves_[i]);
                                scores_[0] = last_score_ = kTable;
                                cur_ = 1;
                                return moves_[0];
                            }
                    break;
                case Stage::CaptureSetup:
                    stage_ = Stage::Captures;
                    captures_end_ = cur_;
                    for (std::size_t i = cur_; i < n_; ++i)
                        if (pos_.is_capture(moves_[i])) {
                            std::swap(moves_[i], moves_[captures_end_]);
                            scores_[captures_end_] = kUncheckedCapture + mvv_lva(moves_[captures_end_]);
                            ++captures_end_;
                        }
                    quiets_from_ = captures_end_;
                    break;
                case Stage::Captures:
                    while (cur_ < captures_end_) {
                        std::size_t best = cur_;
                        for (std::size_t j = cur_ + 1; j < captures_end_; ++j)
                            if (scores_[j] > scores_[best]) best = j;
                        std::swap(moves_[cur_], moves_[best]);
                        std::swap(scores_[cur_], scores_[best]);
                        if (losing(moves_[cur_])) {  // to stage 5: out of the capture region
                            scores_[cur_] += kLosingCapture - kUncheckedCapture;
                            --captures_end_;
                            std::swap(moves_[cur_], moves_[captures_end_]);
                            std::swap(scores_[cur_], scores_[captures_end_]);
                            continue;
                        }
                        last_score_ = scores_[cur_];
                        return moves_[cur_++];
                    }
                    stage_ = Stage::Rest;
                    for (std::size_t i = quiets_from_; i < n_; ++i) {
                        const Move m = moves_[i];
                        if (m == killers_[0])
                            scores_[i] = kKiller + 1;
                        else if (m == killers_[1])
                            scores_[i] = kKiller;
                        else if (m == counter_ && !counter_.is_null())
                            scores_[i] = kKiller - 1;
                        else
                            scores_[i] = quiet_score(m);
                    }
                    break;
                case Stage::Rest:
                    return pick();
            }
        }
    }

    // Whether the move last returned is a capture that loses material (stage 5).
    bool losing_capture() const { return last_score_ < kLosingCapture + kBand && last_score_ >= kLosingCapture; }

private:
    enum class Stage { Table, CaptureSetup, Captures, Rest };

    // The rest (quiets by killer and history, then the losing captures): the first few by selection, then the
    // remainder sorted once.
    [[gnu::always_inline]] Move pick() {
        while (cur_ < n_) {
            if (picks_ < kSelections) {
                ++picks_;
                std::size_t best = cur_;
                for (std::size_t j = cur_ + 1; j < n_; ++j)
                    if (scores_[j] > scores_[best]) best = j;
                std::swap(moves_[cur_], moves_[best]);
                std::swap(scores_[cur_], scores_[best]);
                if (picks_ == kSelections) sort_rest();
            }
            last_score_ = scores_[cur_];
            return moves_[cur_++];
        }
        return Move{};
    }

    // The stages as bands of scores; history stays below kKiller, MVV-LVA within kBand.
    static constexpr int kBand = 1 << 22;
    static constexpr int kTable = 1 << 30;
    static constexpr int kUncheckedCapture = 1 << 26;  // a capture whose exchange is not yet evaluated
    static constexpr int kKiller = 1 << 24;
    static constexpr int kLosingCapture = -(1 << 26);
    static constexpr int kSelections = 16;  // picks by selection before the rest is sorted once

    int quiet_score(Move m) const {
        const int h = pos_.history_index(m);
        int s = history_[h];
        if (cont1_) s += cont1_[h];
        if (cont2_) s += cont2_[h];
        return s;
    }
    int mvv_lva(Move m) const { return menagerie::mvv_lva<G>(pos_, m, capture_gain<G>(pos_, m)); }
    bool losing(Move m) const {
        if constexpr (requires { pos_.see(m); })
            return pos_.see(m) < 0;
        else
            return false;
    }
    // The rest of the list, sorted once by score, equal scores keeping their order (its captures were all
    // judged in the capture stage: what is left of them loses).
    void sort_rest() {
        const std::size_t from = cur_ + 1;
        if (n_ - from < 2) return;
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
    Move tt_move_;
    const Move* killers_;
    const int* history_;
    const int16_t* cont1_;
    const int16_t* cont2_;
    Move counter_;
    Stage stage_ = Stage::Table;
    std::size_t captures_end_ = 0, quiets_from_ = 0;  // [cur_, captures_end_): captures still to try
    std::vector<typename Scratch::Entry>& scratch_;
    std::size_t cur_ = 0;  // moves_[0, cur_) have been handed out
    int picks_ = 0;
    int last_score_ = 0;
};

}  // namespace menagerie
