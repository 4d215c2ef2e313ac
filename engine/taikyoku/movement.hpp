#pragma once
// Taikyoku's movement notation (spec/taikyoku.md, "Movement notation") read into per-colour tables of board
// offsets that move generation walks. Every construct of the table has its own list: plain steps and slides,
// leaps, leap-then-slide, hook moves, slides that fly over up to three pieces, range capture, the Free Eagle's
// walks, lion double steps and igui. A string the reader does not know throws (the table is fixed at build time
// and a unit test reads all 301 rows), so an unsupported construct can never be silently ignored.
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/large/geometry.hpp"

namespace menagerie::taikyoku {

using large::Dir;
using large::kDirs;
using large::opposite;

constexpr uint8_t kUnlimited = 255;

// One colour's movement of one kind. Directions in `dir` fields are board directions as Sente sees them
// (engine/large/geometry.hpp), so that play() can tell a move's kind from its direction.
struct Movement {
    struct Line {
        int16_t step;   // board offset of one square
        uint8_t range;  // squares, or kUnlimited
        uint8_t dir;
    };
    struct LeapSlide {
        int16_t leap, step;  // the leap's offset (to an empty square), then the slide's step
        uint8_t range;       // squares after the leap square
    };
    struct Hook {
        int16_t step;     // the first leg's step
        int16_t turn[2];  // the two second-leg steps at a right angle to it
    };
    struct Walk {
        int16_t step;
        uint8_t n;     // squares walked, each empty or an enemy (taken)
        bool stop;     // may stop on the n-th square
        bool run_on;   // may slide on beyond it
        uint8_t dir;
    };
    std::array<Line, 8> lines{}, over3{}, ranged{};
    std::array<int16_t, 48> leaps{};
    std::array<LeapSlide, 32> leap_slides{};
    std::array<Hook, 8> hooks{};
    std::array<Walk, 8> walks{};
    uint8_t n_lines = 0, n_over3 = 0, n_ranged = 0, n_leaps = 0, n_leap_slides = 0, n_hooks = 0, n_walks = 0;
    bool lion = false;  // (cK-aK): two king steps, each may capture, back to the start included
    bool igui = false;  // (cK-bK): a king step out and straight back, capturing there or passing
    bool overlaps = false;  // two constructs may reach one square (generation then keeps each square once)
    uint8_t range_dirs = 0;           // board directions of range capture
    std::array<uint8_t, kDirs> walk_len{};  // by board direction: the walk's length (0: none)
    // For the attack estimate: how far the piece reaches along each board direction as if every construct
    // were a plain slide, and the squares of the 9x9 box around it that its steps and leaps reach.
    std::array<uint8_t, kDirs> reach{};
    std::array<uint64_t, 2> near{};
    static constexpr int near_bit(int dc, int dr) { return (dr + 4) * 9 + (dc + 4); }
    bool reaches_near(int dc, int dr) const {
        const int b = near_bit(dc, dr);
        return near[size_t(b >> 6)] >> (b & 63) & 1;
    }
};

namespace detail {

constexpr uint8_t bit(Dir d) { return uint8_t(1u << d); }
constexpr uint8_t kOrth = 0x0f, kDiag = 0xf0;

// The directions a prefix names for an atom of the given kind ('W' orthogonal, 'F' diagonal).
inline uint8_t prefix_dirs(std::string_view pre, char atom_kind, std::string_view term) {
    auto fail = [&] { throw std::logic_error("taikyoku movement: bad direction prefix in '" + std::string(term) + "'"); };
    if (pre.empty()) return atom_kind == 'W' ? kOrth : kDiag;
    uint8_t m = 0;
    if (atom_kind == 'W') {
        for (char c : pre) {
            const uint8_t g = c == 'f' ? bit(large::Fwd) : c == 'b' ? bit(large::Back) : c == 'l' ? bit(large::Left)
                            : c == 'r' ? bit(large::Right) : c == 'v' ? uint8_t(bit(large::Fwd) | bit(large::Back))
                            : c == 's' ? uint8_t(bit(large::Left) | bit(large::Right)) : 0;
            if (!g) fail();
            m |= g;
        }
        return m;
    }
    if (pre.size() == 1) {
        switch (pre[0]) {
            case 'f': return bit(large::FwdLeft) | bit(large::FwdRight);
            case 'b': return bit(large::BackLeft) | bit(large::BackRight);
            case 'l': return bit(large::FwdLeft) | bit(large::BackLeft);
            case 'r': return bit(large::FwdRight) | bit(large::BackRight);
        }
        fail();
    }
    if (pre.size() % 2) fail();
    for (size_t i = 0; i < pre.size(); i += 2) {
        const std::string_view p = pre.substr(i, 2);
        const uint8_t g = p == "fl" ? bit(large::FwdLeft) : p == "fr" ? bit(large::FwdRight) : p == "bl" ? bit(large::BackLeft)
                        : p == "br" ? bit(large::BackRight) : 0;
        if (!g) fail();
        m |= g;
    }
    return m;
}

// One leg: [prefix] atom [n | @n] [! | ^3 | ~n].
struct Leg {
    std::string_view prefix;
    char atom = 0;      // W F K Q R B N
    int range = 1;      // squares of a slide (kUnlimited), 1 for a step
    int leap = 0;       // @n
    char suffix = 0;    // '!', '^', '~'
    int walk = 0;       // ~n
    uint8_t dirs = 0;   // mover directions (not for N)
};

inline Leg read_leg(std::string_view text, std::string_view term) {
    auto fail = [&] { throw std::logic_error("taikyoku movement: cannot read '" + std::string(term) + "'"); };
    Leg leg;
    size_t i = 0;
    while (i < text.size() && text[i] >= 'a' && text[i] <= 'z') ++i;
    leg.prefix = text.substr(0, i);
    if (i >= text.size()) fail();
    leg.atom = text[i++];
    const bool sliding = leg.atom == 'R' || leg.atom == 'B' || leg.atom == 'Q';
    if (sliding) leg.range = kUnlimited;
    if (i < text.size() && text[i] >= '2' && text[i] <= '9') {
        if (!sliding) fail();
        leg.range = text[i++] - '0';
    } else if (i < text.size() && text[i] == '@') {
        if (leg.atom != 'W' && leg.atom != 'F') fail();
        ++i;
        if (i >= text.size() || text[i] < '2' || text[i] > '4') fail();
        leg.leap = text[i++] - '0';
    }
    if (i < text.size()) {
        leg.suffix = text[i++];
        if (!sliding || leg.range != kUnlimited) fail();
        if (leg.suffix == '^') {
            if (i >= text.size() || text[i++] != '3') fail();
        } else if (leg.suffix == '~') {
            if (i >= text.size() || text[i] < '2' || text[i] > '9') fail();
            leg.walk = text[i++] - '0';
        } else if (leg.suffix != '!') {
            fail();
        }
    }
    if (i != text.size()) fail();
    switch (leg.atom) {
        case 'W': case 'R': leg.dirs = prefix_dirs(leg.prefix, 'W', term); break;
        case 'F': case 'B': leg.dirs = prefix_dirs(leg.prefix, 'F', term); break;
        case 'K': case 'Q':
            if (!leg.prefix.empty()) fail();
            leg.dirs = 0xff;
            break;
        case 'N':
            if (leg.prefix != "" && leg.prefix != "ff" && leg.prefix != "v") fail();
            break;
        default: fail();
    }
    return leg;
}

// The two directions at a right angle to d (for orthogonals the sides, for diagonals the other diagonals that
// share a side with it).
constexpr std::array<Dir, 2> right_angles(Dir d) {
    switch (d) {
        case large::Fwd: case large::Back: return {large::Left, large::Right};
        case large::Left: case large::Right: return {large::Fwd, large::Back};
        case large::FwdLeft: return {large::FwdRight, large::BackLeft};
        case large::FwdRight: return {large::FwdLeft, large::BackRight};
        case large::BackLeft: return {large::FwdLeft, large::BackRight};
        case large::BackRight: return {large::FwdRight, large::BackLeft};
    }
    return {d, d};
}

}  // namespace detail

// Compiles a movement string for colour `color` on geometry Geo.
template <class Geo>
Movement compile_movement(std::string_view text, int color) {
    using namespace detail;
    Movement mv;
    auto board_dir = [&](int d) { return uint8_t(color == 0 ? d : opposite(Dir(d))); };
    auto off = [&](int d) { return Geo::offset(Dir(d), color); };
    auto add_near = [&](int offset) {
        for (int dr = -4; dr <= 4; ++dr)
            for (int dc = -4; dc <= 4; ++dc)
                if (dr * Geo::stride + dc == offset) {
                    const int b = Movement::near_bit(dc, dr);
                    mv.near[size_t(b >> 6)] |= uint64_t(1) << (b & 63);
                }
    };
    auto add_reach = [&](int d, int r) {
        uint8_t& x = mv.reach[board_dir(d)];
        x = uint8_t(std::max<int>(x, r));
    };
    auto add_line = [&](std::array<Movement::Line, 8>& list, uint8_t& n, int d, int range) {
        for (int i = 0; i < n; ++i)
            if (list[size_t(i)].dir == board_dir(d)) {
                list[size_t(i)].range = uint8_t(std::max<int>(list[size_t(i)].range, range));
                return;
            }
        list[n++] = {int16_t(off(d)), uint8_t(range), board_dir(d)};
    };
    auto add_leap = [&](int offset) {
        for (int i = 0; i < mv.n_leaps; ++i)
            if (mv.leaps[size_t(i)] == offset) return;
        if (mv.n_leaps == mv.leaps.size()) throw std::logic_error("taikyoku movement: too many leaps");
        mv.leaps[mv.n_leaps++] = int16_t(offset);
        add_near(offset);
    };
    size_t i = 0;
    while (i < text.size()) {
        if (text[i] == ' ') {
            ++i;
            continue;
        }
        size_t j = text.find(' ', i);
        if (j == std::string_view::npos) j = text.size();
        const std::string_view term = text.substr(i, j - i);
        i = j;
        if (term.front() == '(') {
            if (term.back() != ')') throw std::logic_error("taikyoku movement: unclosed '" + std::string(term) + "'");
            const std::string_view inner = term.substr(1, term.size() - 2);
            if (inner == "cK-aK") {
                mv.lion = true;
                for (int d = 0; d < kDirs; ++d) add_near(off(d)), add_reach(d, 2);
                continue;
            }
            if (inner == "cK-bK") {
                mv.igui = true;
                continue;
            }
            const size_t dash = inner.find('-');
            if (dash == std::string_view::npos) throw std::logic_error("taikyoku movement: bad two-leg term '" + std::string(term) + "'");
            const Leg first = read_leg(inner.substr(0, dash), term);
            std::string_view second_text = inner.substr(dash + 1);
            const bool turn = !second_text.empty() && second_text[0] == 's';
            if (turn) second_text.remove_prefix(1);
            const Leg second = read_leg(second_text, term);
            if (!second.prefix.empty() || second.suffix) throw std::logic_error("taikyoku movement: bad second leg in '" + std::string(term) + "'");
            for (int d = 0; d < kDirs; ++d) {
                if (!(first.dirs >> d & 1)) continue;
                if (turn) {  // a hook: slide, turn a right angle, slide
                    if (first.range != kUnlimited || second.range != kUnlimited || first.suffix)
                        throw std::logic_error("taikyoku movement: a hook with limited legs '" + std::string(term) + "'");
                    const auto r = right_angles(Dir(d));
                    mv.hooks[mv.n_hooks++] = {int16_t(off(d)), {int16_t(off(r[0])), int16_t(off(r[1]))}};
                    add_reach(d, kUnlimited);
                } else if (first.leap) {  // a leap to an empty square, then on along the line
                    const bool diag = d >= large::FwdLeft;
                    if ((second.atom == 'R') == diag || (second.atom != 'R' && second.atom != 'B'))
                        throw std::logic_error("taikyoku movement: the slide after a leap turns in '" + std::string(term) + "'");
                    mv.leap_slides[mv.n_leap_slides++] = {int16_t(first.leap * off(d)), int16_t(off(d)), uint8_t(second.range)};
                    add_reach(d, second.range == kUnlimited ? kUnlimited : first.leap + second.range);
                } else if (first.suffix == '~') {  // a walk that may run on
                    bool found = false;
                    for (int w = 0; w < mv.n_walks; ++w)
                        if (mv.walks[size_t(w)].dir == board_dir(d)) mv.walks[size_t(w)].run_on = found = true;
                    if (!found) mv.walks[mv.n_walks++] = {int16_t(off(d)), uint8_t(first.walk), false, true, board_dir(d)};
                    mv.walk_len[board_dir(d)] = uint8_t(first.walk);
                    add_reach(d, kUnlimited);
                } else {
                    throw std::logic_error("taikyoku movement: unknown two-leg term '" + std::string(term) + "'");
                }
            }
            continue;
        }
        const Leg leg = read_leg(term, term);
        if (leg.atom == 'N') {
            const int fwd = 1, dcs[2] = {-1, 1};
            for (int dr : {2 * fwd, -2 * fwd})
                for (int dc : dcs) {
                    if (leg.prefix == "ff" && dr < 0) continue;
                    // (dc, dr) in mover terms: dr > 0 forward, dc > 0 left
                    add_leap(dr * off(large::Fwd) + dc * off(large::Left));
                }
            if (leg.prefix.empty())
                for (int dr : {1, -1})
                    for (int dc : {2, -2}) add_leap(dr * off(large::Fwd) + dc * off(large::Left));
            continue;
        }
        for (int d = 0; d < kDirs; ++d) {
            if (!(leg.dirs >> d & 1)) continue;
            if (leg.leap) {
                add_leap(leg.leap * off(d));
            } else if (leg.suffix == '!') {
                add_line(mv.ranged, mv.n_ranged, d, kUnlimited);
                mv.range_dirs |= uint8_t(1u << board_dir(d));
                add_reach(d, kUnlimited);
            } else if (leg.suffix == '^') {
                add_line(mv.over3, mv.n_over3, d, kUnlimited);
                add_reach(d, kUnlimited);
            } else if (leg.suffix == '~') {
                bool found = false;
                for (int w = 0; w < mv.n_walks; ++w)
                    if (mv.walks[size_t(w)].dir == board_dir(d)) mv.walks[size_t(w)].stop = found = true;
                if (!found) mv.walks[mv.n_walks++] = {int16_t(off(d)), uint8_t(leg.walk), true, false, board_dir(d)};
                mv.walk_len[board_dir(d)] = uint8_t(leg.walk);
                add_reach(d, leg.walk);
            } else {
                add_line(mv.lines, mv.n_lines, d, leg.range);
                add_reach(d, leg.range);
                if (leg.range == 1) add_near(off(d));
            }
        }
    }
    mv.overlaps = mv.n_leaps || mv.n_leap_slides || mv.n_hooks || mv.lion;
    for (int a = 0; a < mv.n_over3; ++a)
        for (int b = 0; b < mv.n_lines; ++b) mv.overlaps |= mv.over3[size_t(a)].dir == mv.lines[size_t(b)].dir;
    // A range-capture direction has no other move (spec "Suffix operators"): play() relies on it.
    for (int k = 0; k < mv.n_lines; ++k)
        if (mv.range_dirs >> mv.lines[size_t(k)].dir & 1)
            throw std::logic_error("taikyoku movement: a range-capture line with another move in '" + std::string(text) + "'");
    return mv;
}

}  // namespace menagerie::taikyoku
