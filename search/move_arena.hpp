#pragma once
// One move arena per search, used as a stack: each node's moves (and their ordering scores) sit above its
// parent's, taking only the room actually generated, and are released when the node returns. A node is
// given the game's bound (G::max_moves) to write into; where the current chunk has less room left, the next
// chunk is used (allocated once, then kept), so no array of the worst case lives in any frame and a game
// with thousands of moves a node (taikyoku) costs memory for the moves it generates, not for the bound
// times the depth.
#include <cstddef>
#include <memory>
#include <vector>

#include "engine/core/movelist.hpp"

namespace menagerie {

template <class Move>
class MoveArena {
public:
    // bound: the most moves one node may generate (MoveOverflow beyond it).
    explicit MoveArena(std::size_t bound) : bound_(bound), chunk_size_(std::max<std::size_t>(bound * 8, 4096)) {
        add_chunk();
    }

    // The moves of one node: open it, let the game write into sink(), then commit() before any child opens
    // its own frame. Leaving the scope releases the room.
    class Frame {
    public:
        // Inlined into the search: a call per node costs the cheap-node games about one percent.
        [[gnu::always_inline]] explicit Frame(MoveArena& arena)
            : arena_(arena), chunk_(arena.chunk_), top_(arena.top_), sink_(arena.room(), arena.bound_),
              scores_(arena.chunks_[arena.chunk_].scores.get() + arena.top_) {}
        [[gnu::always_inline]] ~Frame() {
            arena_.chunk_ = chunk_;
            arena_.top_ = top_;
        }
        Frame(const Frame&) = delete;
        Frame& operator=(const Frame&) = delete;

        MoveSink<Move>& sink() { return sink_; }
        // Keeps the generated moves: the arena's top moves past them.
        void commit() { arena_.top_ += sink_.size(); }
        Move* moves() { return sink_.begin(); }
        int* scores() { return scores_; }
        std::size_t size() const { return sink_.size(); }

    private:
        MoveArena& arena_;
        std::size_t chunk_, top_;  // where the arena stood before this frame
        MoveSink<Move> sink_;
        int* scores_;
    };

    std::size_t chunks() const { return chunks_.size(); }

private:
    struct Chunk {
        std::unique_ptr<Move[]> moves;
        std::unique_ptr<int[]> scores;
    };

    void add_chunk() {
        chunks_.push_back({std::make_unique<Move[]>(chunk_size_), std::make_unique<int[]>(chunk_size_)});
    }
    // Room for bound_ moves at the top, moving to the next chunk when this one has less.
    [[gnu::always_inline]] Move* room() {
        if (chunk_size_ - top_ < bound_) [[unlikely]]
            next_chunk();
        return chunks_[chunk_].moves.get() + top_;
    }
    [[gnu::noinline]] void next_chunk() {
        if (++chunk_ == chunks_.size()) add_chunk();
        top_ = 0;
    }

    std::size_t bound_;
    std::size_t chunk_size_;
    std::vector<Chunk> chunks_;
    std::size_t chunk_ = 0;  // the chunk in use
    std::size_t top_ = 0;    // the first free entry in it
};

}  // namespace menagerie
