#pragma once
// Piece kinds of the large-board core, and their movement compiled into board offsets.
//
// A game lists its kinds (unpromoted types and promoted forms alike, each with a has-promoted flag) with a
// movement string, read once into per-colour tables that move generation and the attack test walk without
// knowing which game they belong to. The movement string is a list of words, each a group of directions
// followed by a range:
//   groups  f b l r (forward, back, left, right), s (left and right), o (the four orthogonals),
//           F B (the two forward or back diagonals), d (the four diagonals), a (all eight)
//   ranges  1-9 (up to that many squares, 1 = a step), * (a slide), j (a jump to the second square, over
//           anything), L (lion power along that line: step, jump, two steps capturing on the first, igui)
// and the word `lion` for full lion power (every square within two; two steps, each capturing), and the word
// `knight` for the shogi knight's two jumps (two forward and one to the side). Where two words give one
// direction a range, the longer counts ("a1 f* b*": the flying stag).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "engine/large/geometry.hpp"

namespace menagerie::large {

constexpr uint8_t kUnlimited = 255;

struct Kind {
    std::string_view code;     // SFEN letters of the type: "P", or "(KT)" for a two-letter code
    bool promoted;             // a promoted form: written with '+' before the code of its unpromoted type
    int promotes_to;           // index of the promoted form, or -1
    std::string_view moves;    // the movement string (above)
    bool royal;                // King, Crown Prince: a side that has none left loses
    uint8_t tags;              // the game's own flags
    std::string_view name;
};

// One kind's movement for one colour, as board offsets.
struct Movement {
    struct Slide {
        int16_t offset;
        uint8_t range;  // 2.. or kUnlimited; the first square is part of the slide
        uint8_t dir;    // board direction (as Sente sees it)
    };
    std::array<int16_t, 8> steps{};
    std::array<int16_t, 16> jumps{};  // to squares two away, over anything
    std::array<Slide, 8> slides{};
    std::array<int16_t, 8> lines{};  // lion power along these offsets
    uint8_t n_steps = 0, n_jumps = 0, n_slides = 0, n_lines = 0;
    bool lion = false;
    std::array<uint8_t, kDirs> range{};  // by board direction: how far it reaches, for the attack test
    uint32_t near = 0;                   // the 5x5 squares around it it attacks whatever stands between
    static constexpr int near_bit(int dc, int dr) { return (dr + 2) * 5 + (dc + 2); }
};

// The movement string read into ranges by the mover's directions. Throws on a malformed string (a game's
// table is fixed at build time; its unit test reads every kind).
struct MoveSpec {
    std::array<uint8_t, kDirs> range{};
    uint8_t jump2 = 0, lines = 0;
    bool lion = false;
    bool knight = false;
};
inline MoveSpec read_moves(std::string_view text) {
    MoveSpec m;
    size_t i = 0;
    auto fail = [&] { throw std::logic_error("bad movement string '" + std::string(text) + "'"); };
    while (i < text.size()) {
        if (text[i] == ' ') {
            ++i;
            continue;
        }
        if (text.substr(i, 4) == "lion") {
            m.lion = true;
            i += 4;
            continue;
        }
        if (text.substr(i, 6) == "knight") {
            m.knight = true;
            i += 6;
            continue;
        }
        uint8_t dirs = 0;
        for (; i < text.size(); ++i) {
            const char c = text[i];
            const uint8_t g = c == 'f' ? 1 << Fwd : c == 'b' ? 1 << Back : c == 'l' ? 1 << Left : c == 'r' ? 1 << Right
                            : c == 's' ? (1 << Left | 1 << Right) : c == 'o' ? 0x0f : c == 'd' ? 0xf0
                            : c == 'F' ? (1 << FwdLeft | 1 << FwdRight) : c == 'B' ? (1 << BackLeft | 1 << BackRight)
                            : c == 'a' ? 0xff : 0;
            if (!g) break;
            dirs |= g;
        }
        if (!dirs || i >= text.size()) fail();
        const char r = text[i++];
        for (int d = 0; d < kDirs; ++d) {
            if (!(dirs >> d & 1)) continue;
            if (r == 'j') m.jump2 |= uint8_t(1 << d);
            else if (r == 'L') m.lines |= uint8_t(1 << d);
            else if (r == '*') m.range[d] = kUnlimited;
            else if (r >= '1' && r <= '9') m.range[d] = std::max<uint8_t>(m.range[d], uint8_t(r - '0'));
            else fail();
        }
        if (i < text.size() && text[i] != ' ') fail();
    }
    return m;
}

// The per-colour movement tables of a game's kinds on geometry G.
template <class G>
std::vector<std::array<Movement, 2>> compile_moves(std::span<const Kind> kinds) {
    std::vector<std::array<Movement, 2>> out(kinds.size());
    for (size_t k = 0; k < kinds.size(); ++k) {
        const MoveSpec spec = read_moves(kinds[k].moves);
        for (int c = 0; c < 2; ++c) {
            Movement& mv = out[k][c];
            mv.lion = spec.lion;
            auto add_near = [&](int offset) {
                // offsets within two squares: recover (dc, dr) from the padded stride
                for (int dr = -2; dr <= 2; ++dr)
                    for (int dc = -2; dc <= 2; ++dc)
                        if (dr * G::stride + dc == offset) mv.near |= 1u << Movement::near_bit(dc, dr);
            };
            auto add_step = [&](int offset) {
                for (int i = 0; i < mv.n_steps; ++i)
                    if (mv.steps[size_t(i)] == offset) return;
                mv.steps[mv.n_steps++] = int16_t(offset);
                add_near(offset);
            };
            auto add_jump = [&](int offset) {
                for (int i = 0; i < mv.n_jumps; ++i)
                    if (mv.jumps[size_t(i)] == offset) return;
                mv.jumps[mv.n_jumps++] = int16_t(offset);
                add_near(offset);
            };
            for (int d = 0; d < kDirs; ++d) {
                const int off = G::offset(Dir(d), c);
                // the board direction (as Sente sees it) of this mover's direction d
                const int bd = c == 0 ? d : opposite(Dir(d));
                const uint8_t r = spec.lion ? std::max<uint8_t>(spec.range[d], 2) : spec.range[d];
                mv.range[size_t(bd)] = std::max(mv.range[size_t(bd)], r);
                if (spec.lines >> d & 1) mv.range[size_t(bd)] = std::max<uint8_t>(mv.range[size_t(bd)], 2);
                if (spec.jump2 >> d & 1) {
                    if (spec.range[d] >= 2 || (spec.lines >> d & 1))
                        throw std::logic_error("a jump along a slide or lion line (not needed yet)");
                    add_jump(2 * off);
                }
                if (spec.lines >> d & 1) {
                    if (spec.range[d]) throw std::logic_error("a lion line along a slide (not needed yet)");
                    mv.lines[mv.n_lines++] = int16_t(off);
                    add_step(off);
                    add_jump(2 * off);
                }
                if (spec.range[d] == 1) add_step(off);
                if (spec.range[d] >= 2) {
                    mv.slides[mv.n_slides++] = {int16_t(off), spec.range[d], uint8_t(bd)};
                    add_near(off);  // the first square of a slide is attacked whatever stands elsewhere
                }
            }
            if (spec.knight) {
                const int fwd = G::offset(Fwd, c);
                add_jump(2 * fwd + G::offset(Left, c));
                add_jump(2 * fwd + G::offset(Right, c));
            }
            if (spec.lion) {
                for (int dr = -2; dr <= 2; ++dr)
                    for (int dc = -2; dc <= 2; ++dc) {
                        if (!dr && !dc) continue;
                        const int off = dr * G::stride + dc;
                        if (std::abs(dr) <= 1 && std::abs(dc) <= 1) add_step(off);
                        else add_jump(off);
                    }
            }
        }
    }
    return out;
}

}  // namespace menagerie::large
