#pragma once
// Staged move ordering: the moves of one node, handed out best first in stages, so that ordering costs grow
// with the moves tried rather than with the moves generated (a taikyoku node has thousands).
//
//   1. the transposition table's move;
//   2. good captures, most valuable victims first (MVV-LVA); exchange evaluation (SEE), in games that have
//      it, runs only on the capture about to be tried, and a losing one waits for stage 5;
//   3. the two killer moves of this ply;
//   4. quiet moves by history;
//   5. the captures that lose material, in the order they were found.
//
// Within a stage the first few moves are found by selection (one pass each); a node that goes on past them
// (an all-node) sorts the rest of the stage once. Ties keep the order of generation.
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

    struct Scratch {  // the search's buffers, reused by every node and only used inside one call
        std::vector<Move> quiets;
        struct Entry {
            int score;
            uint32_t order;  // position in the stage, so that equal scores keep the order of generation
            Move move;
        };
        std::vector<Entry> sorting;
    };

    // moves/scores: the node's generated moves and room for a score each (the move arena's frame).
    MovePicker(const Position& pos, Move* moves, int* scores, std::size_t n, Move tt_move, const Move* killers,
               const int* history, Scratch& scratch)
        : pos_(pos), moves_(moves), scores_(scores), n_(n), tt_move_(tt_move), killers_(killers),
          history_(history), quiet_buffer_(scratch.quiets), scratch_(scratch.sorting) {
        // One pass: the table's move out of the list (it is tried first), captures to the front and quiet
        // moves after them, each group in the order of generation (the quiet ones through the scratch buffer).
        std::size_t caps = 0;
        quiet_buffer_.clear();
        for (std::size_t i = 0; i < n_; ++i) {
            const Move m = moves_[i];
            if (m == tt_move_)
                found_tt_ = true;
            else if (pos_.is_capture(m))
                moves_[caps++] = m;
            else
                quiet_buffer_.push_back(m);
        }
        std::copy(quiet_buffer_.begin(), quiet_buffer_.end(), moves_ + caps);
        end_captures_ = caps;
        end_ = caps + quiet_buffer_.size();
        for (std::size_t i = 0; i < caps; ++i)
            scores_[i] = capture_gain<G>(pos_, moves_[i]) * 16 - Evaluator<G>::piece_value(pos_.moving_type(moves_[i])) / 16;
        stage_ = found_tt_ ? Stage::Table : Stage::GoodCaptures;
    }

    // The next move to try, or Move{} when none is left.
    Move next() {
        switch (stage_) {
            case Stage::Table:
                stage_ = Stage::GoodCaptures;
                return tt_move_;
            case Stage::GoodCaptures:
                while (cur_ < end_captures_) {
                    const Move m = select(cur_, end_captures_);
                    ++cur_;
                    if constexpr (requires { pos_.see(m); }) {
                        if (pos_.see(m) < 0) {
                            moves_[bad_end_++] = m;  // a slot already handed out: room for the losing ones
                            continue;
                        }
                    }
                    return m;
                }
                stage_ = Stage::Killers;
                killer_ = 0;
                [[fallthrough]];
            case Stage::Killers:
                while (killer_ < 2) {
                    const Move k = killers_[killer_++];
                    if (k.is_null() || k == tt_move_) continue;
                    // A killer is tried only where it is one of this node's quiet moves.
                    Move* at = std::find(moves_ + cur_, moves_ + end_, k);
                    if (at == moves_ + end_) continue;
                    std::move_backward(moves_ + cur_, at, at + 1);
                    moves_[cur_++] = k;
                    return k;
                }
                stage_ = Stage::Quiets;
                for (std::size_t i = cur_; i < end_; ++i) scores_[i] = history_[pos_.history_index(moves_[i])];
                picks_ = 0;
                [[fallthrough]];
            case Stage::Quiets:
                if (cur_ < end_) {
                    const Move m = select(cur_, end_);
                    ++cur_;
                    return m;
                }
                stage_ = Stage::BadCaptures;
                cur_ = 0;
                [[fallthrough]];
            case Stage::BadCaptures:
                if (cur_ < bad_end_) return moves_[cur_++];
                stage_ = Stage::Done;
                [[fallthrough]];
            case Stage::Done:
                break;
        }
        return Move{};
    }

    // Whether the move last returned is a capture that loses material (stage 5).
    bool losing_capture() const { return stage_ == Stage::BadCaptures; }

private:
    enum class Stage { Table, GoodCaptures, Killers, Quiets, BadCaptures, Done };
    static constexpr int kSelections = 4;  // picks by selection in a stage before its rest is sorted once

    // Brings the best-scored move of [from, to) to `from` and returns it: by selection for the first few picks
    // of a stage (the first of equal scores wins), then by one stable sort of what remains.
    Move select(std::size_t from, std::size_t to) {
        if (sorted_from_ != to) {
            if (picks_ < kSelections) {
                ++picks_;
                std::size_t best = from;
                for (std::size_t j = from + 1; j < to; ++j)
                    if (scores_[j] > scores_[best]) best = j;
                if (best != from) {
                    // Shift instead of swap, so that the order of the others is kept.
                    const Move m = moves_[best];
                    const int s = scores_[best];
                    std::move_backward(moves_ + from, moves_ + best, moves_ + best + 1);
                    std::move_backward(scores_ + from, scores_ + best, scores_ + best + 1);
                    moves_[from] = m;
                    scores_[from] = s;
                }
                if (picks_ == kSelections) sort_rest(from + 1, to);
                return moves_[from];
            }
        }
        return moves_[from];
    }
    void sort_rest(std::size_t from, std::size_t to) {
        sorted_from_ = to;
        if (to - from < 2) return;
        scratch_.clear();
        for (std::size_t i = from; i < to; ++i) scratch_.push_back({scores_[i], uint32_t(i - from), moves_[i]});
        std::sort(scratch_.begin(), scratch_.end(), [](const auto& a, const auto& b) {
            return a.score != b.score ? a.score > b.score : a.order < b.order;
        });
        for (std::size_t i = from; i < to; ++i) {
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
    std::vector<Move>& quiet_buffer_;
    std::vector<typename Scratch::Entry>& scratch_;
    Stage stage_ = Stage::GoodCaptures;
    bool found_tt_ = false;
    std::size_t end_ = 0;           // the end of the moves still to order (the table's move taken out)
    std::size_t end_captures_ = 0;  // captures are [0, end_captures_), quiets [end_captures_, end_)
    std::size_t cur_ = 0;           // the next move of the current stage
    std::size_t bad_end_ = 0;       // losing captures, kept in [0, bad_end_)
    std::size_t sorted_from_ = 0;   // the end of the stage whose rest is sorted (then no more selection)
    int picks_ = 0;
    int killer_ = 0;
};

}  // namespace menagerie
