#pragma once
// Fixed-capacity move list: no allocation on the hot path.
#include <algorithm>
#include <cassert>
#include <cstddef>

namespace menagerie {

template <class Move, std::size_t Capacity>
class MoveList {
public:
    void push(Move m) {
        assert(size_ < Capacity);
        moves_[size_++] = m;
    }
    void clear() { size_ = 0; }
    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    Move& operator[](std::size_t i) { return moves_[i]; }
    const Move& operator[](std::size_t i) const { return moves_[i]; }
    Move* begin() { return moves_; }
    Move* end() { return moves_ + size_; }
    const Move* begin() const { return moves_; }
    const Move* end() const { return moves_ + size_; }
    bool contains(Move m) const { return std::find(begin(), end(), m) != end(); }
    static constexpr std::size_t capacity() { return Capacity; }

private:
    Move moves_[Capacity];
    std::size_t size_ = 0;
};

}  // namespace menagerie
