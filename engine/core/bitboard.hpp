#pragma once
// Bitboard<N>: a set of squares 0..N-1 stored in the smallest word that holds N bits.
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <type_traits>

namespace menagerie {

namespace detail {
template <int N>
struct BitWord {
    // Boards above 128 squares (chu 144, dai 225, taikyoku 1296) use an array of 64-bit words.
    using type = std::array<uint64_t, (N + 63) / 64>;
};
template <int N>
requires(N <= 16) struct BitWord<N> {
    using type = uint16_t;
};
template <int N>
requires(N > 16 && N <= 32) struct BitWord<N> {
    using type = uint32_t;
};
template <int N>
requires(N > 32 && N <= 64) struct BitWord<N> {
    using type = uint64_t;
};
template <int N>
requires(N > 64 && N <= 128) struct BitWord<N> {
    using type = unsigned __int128;
};

inline int popcount128(unsigned __int128 v) {
    return std::popcount(static_cast<uint64_t>(v)) + std::popcount(static_cast<uint64_t>(v >> 64));
}
inline int lsb128(unsigned __int128 v) {
    auto lo = static_cast<uint64_t>(v);
    return lo ? std::countr_zero(lo) : 64 + std::countr_zero(static_cast<uint64_t>(v >> 64));
}
}  // namespace detail

template <int N>
class Bitboard {
public:
    using Word = typename detail::BitWord<N>::type;
    static constexpr int squares = N;
    static constexpr bool is_array = !std::is_integral_v<Word> && !std::is_same_v<Word, unsigned __int128>;

    constexpr Bitboard() : w_{} {}
    constexpr explicit Bitboard(Word w) : w_(w) { mask_tail(); }

    static constexpr Bitboard square(int sq) {
        Bitboard b;
        b.set(sq);
        return b;
    }
    static constexpr Bitboard full() { return ~Bitboard(); }

    constexpr Word word() const { return w_; }

    constexpr bool test(int sq) const {
        if constexpr (is_array)
            return (w_[sq >> 6] >> (sq & 63)) & 1;
        else
            return (w_ >> sq) & 1;
    }
    constexpr void set(int sq) {
        if constexpr (is_array)
            w_[sq >> 6] |= uint64_t{1} << (sq & 63);
        else
            w_ |= Word{1} << sq;
    }
    constexpr void reset(int sq) {
        if constexpr (is_array)
            w_[sq >> 6] &= ~(uint64_t{1} << (sq & 63));
        else
            w_ &= static_cast<Word>(~(Word{1} << sq));
    }
    constexpr bool any() const {
        if constexpr (is_array) {
            for (auto x : w_)
                if (x) return true;
            return false;
        } else {
            return w_ != 0;
        }
    }
    constexpr bool none() const { return !any(); }
    constexpr explicit operator bool() const { return any(); }

    constexpr int count() const {
        if constexpr (is_array) {
            int n = 0;
            for (auto x : w_) n += std::popcount(x);
            return n;
        } else if constexpr (std::is_same_v<Word, unsigned __int128>) {
            return detail::popcount128(w_);
        } else {
            return std::popcount(w_);
        }
    }
    // Lowest square in the set; the set must not be empty.
    constexpr int lsb() const {
        if constexpr (is_array) {
            for (int i = 0; i < int(w_.size()); ++i)
                if (w_[i]) return i * 64 + std::countr_zero(w_[i]);
            return N;
        } else if constexpr (std::is_same_v<Word, unsigned __int128>) {
            return detail::lsb128(w_);
        } else {
            return std::countr_zero(w_);
        }
    }
    constexpr int pop_lsb() {
        int sq = lsb();
        if constexpr (is_array)
            reset(sq);
        else
            w_ &= w_ - 1;
        return sq;
    }

    constexpr Bitboard operator~() const {
        Bitboard r;
        if constexpr (is_array)
            for (std::size_t i = 0; i < w_.size(); ++i) r.w_[i] = ~w_[i];
        else
            r.w_ = static_cast<Word>(~w_);
        r.mask_tail();
        return r;
    }
#define MENAGERIE_BB_OP(op)                                                   \
    constexpr Bitboard& operator op##=(const Bitboard& o) {                   \
        if constexpr (is_array)                                               \
            for (std::size_t i = 0; i < w_.size(); ++i) w_[i] op## = o.w_[i]; \
        else                                                                  \
            w_ op## = o.w_;                                                   \
        return *this;                                                         \
    }                                                                         \
    friend constexpr Bitboard operator op(Bitboard a, const Bitboard& b) { return a op## = b; }
    MENAGERIE_BB_OP(&)
    MENAGERIE_BB_OP(|)
    MENAGERIE_BB_OP(^)
#undef MENAGERIE_BB_OP
    friend constexpr bool operator==(const Bitboard&, const Bitboard&) = default;

    // Iteration over the squares of the set, lowest first.
    struct Iterator {
        Bitboard b;
        constexpr int operator*() const { return b.lsb(); }
        constexpr Iterator& operator++() {
            b.pop_lsb();
            return *this;
        }
        constexpr bool operator!=(std::default_sentinel_t) const { return b.any(); }
    };
    constexpr Iterator begin() const { return {*this}; }
    constexpr std::default_sentinel_t end() const { return {}; }

private:
    constexpr void mask_tail() {
        if constexpr (is_array) {
            if constexpr (N % 64 != 0) w_.back() &= (uint64_t{1} << (N % 64)) - 1;
        } else if constexpr (N < int(sizeof(Word) * 8)) {
            w_ &= static_cast<Word>((Word{1} << N) - 1);
        }
    }
    Word w_;
};

}  // namespace menagerie
