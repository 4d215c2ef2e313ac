#pragma once
// The board geometry of the large-board core (chu 12x12, dai 15x15, taikyoku 36x36): a mailbox with a guard
// band `Pad` squares wide around the board, so that steps and jumps up to Pad squares need no bounds test
// (they land on a guard). Squares are indices into that padded array; one codec writes and reads them as
// the specs do: the file from Sente's right as a number, then the rank from the top as a letter, doubled
// past 26 ranks ("12l", "15o", "36jj").
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/notation.hpp"

namespace menagerie::large {

using Square = uint16_t;

// Directions as the mover sees the board, in the order the specs list neighbours: forward, back, left,
// right, forward-left, forward-right, back-left, back-right.
enum Dir : uint8_t { Fwd, Back, Left, Right, FwdLeft, FwdRight, BackLeft, BackRight };
constexpr int kDirs = 8;
// The direction pointing the other way (what Gote's forward is on the board).
constexpr Dir opposite(Dir d) {
    constexpr Dir o[kDirs] = {Back, Fwd, Right, Left, BackRight, BackLeft, FwdRight, FwdLeft};
    return o[d];
}

template <int Files, int Ranks, int Pad>
struct Geometry {
    static constexpr int files = Files, ranks = Ranks, pad = Pad;
    static constexpr int stride = Files + 2 * Pad;
    static constexpr int size = stride * (Ranks + 2 * Pad);
    static_assert(size <= 2048, "moves keep squares in 11 bits");

    // col 0 is file 1 (Sente's right), row 0 is rank a (the top, Sente's far rank).
    static constexpr Square square(int col, int row) { return Square((row + Pad) * stride + col + Pad); }
    static constexpr int col(int sq) { return sq % stride - Pad; }
    static constexpr int row(int sq) { return sq / stride - Pad; }
    static constexpr bool on_board(int sq) {
        return sq >= 0 && sq < size && col(sq) >= 0 && col(sq) < Files && row(sq) >= 0 && row(sq) < Ranks;
    }
    // The board offset of a direction, as Sente sees it (Sente moves toward rank a; its left is file 12).
    static constexpr int sente_offset(Dir d) {
        constexpr int o[kDirs] = {-stride, stride, 1, -1, -stride + 1, -stride - 1, stride + 1, stride - 1};
        return o[d];
    }
    static constexpr int offset(Dir d, int color) { return color == 0 ? sente_offset(d) : -sente_offset(d); }
    // Chebyshev distance: how many king steps apart.
    static constexpr int distance(int a, int b) {
        const int dc = col(a) > col(b) ? col(a) - col(b) : col(b) - col(a);
        const int dr = row(a) > row(b) ? row(a) - row(b) : row(b) - row(a);
        return dc > dr ? dc : dr;
    }
    // Rows counted from a side's own back rank: 0 at its back, Ranks - 1 at the far rank.
    static constexpr int relative_row(int sq, int color) { return color == 0 ? Ranks - 1 - row(sq) : row(sq); }

    // Squares are written and read by the notation codec every board shares (engine/core/notation.hpp):
    // "7g", "12l", "36jj" (rank letters doubled after z).
    static constexpr BoardSize kSize{Files, Ranks};
    static constexpr int cell_of(int sq) { return row(sq) * Files + (Files - 1 - col(sq)); }
    static std::string rank_text(int row) { return letters_of(row); }
    static std::string square_text(int sq) { return menagerie::square_text(cell_of(sq), kSize, SquareStyle::Shogi); }
    // Reads a square at text[i] and advances i; -1 (and i unchanged) when there is none.
    static int read_square(std::string_view text, std::size_t& i) {
        const int cell = menagerie::read_square(text, i, kSize, SquareStyle::Shogi);
        return cell < 0 ? -1 : square(Files - 1 - cell % Files, cell / Files);
    }

};

}  // namespace menagerie::large
