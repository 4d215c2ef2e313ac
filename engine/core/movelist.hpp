#pragma once
// Where move generators write: MoveSink, a view of memory owned elsewhere (the search's move arena, or a
// MoveList) with a hard bound. A game that ever generates more moves than the bound it declared gets a
// MoveOverflow exception in every build, never a write past the end.
#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>

namespace menagerie {

struct MoveOverflow : std::length_error {
    explicit MoveOverflow(std::size_t capacity)
        : std::length_error("move list overflow: more than " + std::to_string(capacity) +
                            " moves generated (the game's max_moves is too small)") {}
};

// Out of line and cold, so that push() stays a compare and a store that inlines into every generator.
[[noreturn, gnu::cold, gnu::noinline]] inline void throw_move_overflow(std::size_t capacity) {
    throw MoveOverflow(capacity);
}

template <class Move>
class MoveSink {
public:
    MoveSink(Move* data, std::size_t capacity) : data_(data), capacity_(capacity) {}
    MoveSink(const MoveSink&) = delete;
    MoveSink& operator=(const MoveSink&) = delete;

    void push(Move m) {
        if (size_ >= capacity_) [[unlikely]]
            throw_move_overflow(capacity_);
        data_[size_++] = m;
    }
    void clear() { size_ = 0; }
    void truncate(std::size_t n) { size_ = std::min(size_, n); }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    std::size_t capacity() const { return capacity_; }
    Move& operator[](std::size_t i) { return data_[i]; }
    const Move& operator[](std::size_t i) const { return data_[i]; }
    Move* begin() { return data_; }
    Move* end() { return data_ + size_; }
    const Move* begin() const { return data_; }
    const Move* end() const { return data_ + size_; }
    bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }

    // A generator's write position for its inner loops: it lives in a register, where a push through the sink
    // loads and stores the sink's size each time (the compiler cannot prove that nothing else reads it).
    // The same hard bound; the sink's size is set when the cursor goes out of scope.
    class Cursor {
    public:
        explicit Cursor(MoveSink& sink)
            : sink_(sink), at_(sink.data_ + sink.size_), end_(sink.data_ + sink.capacity_) {}
        Cursor(const Cursor&) = delete;
        Cursor& operator=(const Cursor&) = delete;
        ~Cursor() { sink_.size_ = std::size_t(at_ - sink_.data_); }
        void push(Move m) {
            if (at_ == end_) [[unlikely]]
                throw_move_overflow(sink_.capacity_);
            *at_++ = m;
        }

    private:
        MoveSink& sink_;
        Move* at_;
        Move* end_;
    };

protected:
    Move* data_;
    std::size_t size_ = 0;
    std::size_t capacity_;
};

// A move list with its own fixed storage, for callers outside the search (perft, input checks, tests).
template <class Move, std::size_t Capacity>
class MoveList : public MoveSink<Move> {
public:
    MoveList() : MoveSink<Move>(storage_, Capacity) {}
    MoveList(const MoveList& other) : MoveSink<Move>(storage_, Capacity) { *this = other; }
    MoveList& operator=(const MoveList& other) {
        std::copy(other.begin(), other.end(), storage_);
        this->size_ = other.size();
        return *this;
    }

private:
    Move storage_[Capacity];
};

}  // namespace menagerie
