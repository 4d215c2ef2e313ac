#pragma once
// Taikyoku shogi's piece table (spec/taikyoku.md, "Pieces"): the rows of engine/taikyoku/pieces.csv, turned into
// C++ by the build (engine/taikyoku/table.cmake), and the kinds the large-board core stores on the board:
// every type that starts on the board as an unpromoted kind, then every type some type promotes to as a
// promoted kind (a piece that has promoted never promotes again, so a Gold General that was a Pawn is not the
// Gold General that started). 209 + 147 = 356 kinds, all computed here from the rows at compile time.
#include <array>
#include <cstddef>
#include <string_view>

#include "engine/large/kinds.hpp"

namespace menagerie::taikyoku {

struct Row {
    std::string_view code;         // ATSI code: "P", "GLG"
    std::string_view sfen;         // as the SFEN writes it: "P", "(GLG)"
    std::string_view name, kanji;  // English name (title case) and kanji
    std::string_view movement;     // the spec's movement notation (engine/taikyoku/movement.hpp reads it)
    std::string_view promotes_to;  // a code, or empty
    int count;                     // pieces a side at the start (0: reached only by promotion)
    int rank;                      // range-capture rank class, 1 (royals) to 5
};

inline constexpr Row kRows[] = {
#include "taikyoku_table.inc"
};
inline constexpr int kTypes = int(std::size(kRows));

constexpr int row_of(std::string_view code) {
    for (int i = 0; i < kTypes; ++i)
        if (kRows[i].code == code) return i;
    return -1;
}
// Whether some type promotes to each row (one pass over the table, so that compilers' constexpr step limits
// are far away).
inline constexpr std::array<bool, kTypes> kIsTarget = [] {
    std::array<bool, kTypes> t{};
    for (const Row& r : kRows)
        if (!r.promotes_to.empty())
            if (const int j = row_of(r.promotes_to); j >= 0) t[size_t(j)] = true;
    return t;
}();
constexpr bool is_target(int row) { return kIsTarget[size_t(row)]; }

// Each row's kind, unpromoted (a type on the board at the start) and promoted (a promotion target), or -1.
struct RowKinds {
    std::array<int, kTypes> unpromoted{}, promoted{};
    int start = 0, targets = 0;
};
inline constexpr RowKinds kRowKinds = [] {
    RowKinds r;
    for (int i = 0; i < kTypes; ++i) r.unpromoted[size_t(i)] = kRows[i].count > 0 ? r.start++ : -1;
    for (int i = 0; i < kTypes; ++i) r.promoted[size_t(i)] = is_target(i) ? r.start + r.targets++ : -1;
    return r;
}();
inline constexpr int kStartKinds = kRowKinds.start, kPromotedKinds = kRowKinds.targets;
inline constexpr int kKinds = kStartKinds + kPromotedKinds;

// The kind of a row, unpromoted or promoted; -1 if the row has no such kind.
constexpr int kind_of_row(int row, bool promoted) {
    if (row < 0) return -1;
    return promoted ? kRowKinds.promoted[size_t(row)] : kRowKinds.unpromoted[size_t(row)];
}

struct KindInfo {
    int row;
    bool promoted;
};
inline constexpr std::array<KindInfo, kKinds> kKindRows = [] {
    std::array<KindInfo, kKinds> t{};
    for (int i = 0; i < kTypes; ++i) {
        if (kRows[i].count > 0) t[size_t(kind_of_row(i, false))] = {i, false};
        if (is_target(i)) t[size_t(kind_of_row(i, true))] = {i, true};
    }
    return t;
}();

// The core's kinds (engine/large/kinds.hpp): the SFEN code is the current type's ('+' marks a promoted kind,
// spec "Positions"); the movement string is the spec's notation, which the game compiles itself.
inline constexpr std::array<large::Kind, kKinds> kKindTable = [] {
    std::array<large::Kind, kKinds> t{};
    for (int k = 0; k < kKinds; ++k) {
        const Row& r = kRows[kKindRows[size_t(k)].row];
        const bool promoted = kKindRows[size_t(k)].promoted;
        const int promotes_to = promoted || r.promotes_to.empty() ? -1 : kind_of_row(row_of(r.promotes_to), true);
        t[size_t(k)] = {r.sfen, promoted, promotes_to, r.movement, r.code == "K" || r.code == "CP", 0, r.name};
    }
    return t;
}();

constexpr const Row& row(int kind) { return kRows[kKindRows[size_t(kind)].row]; }

}  // namespace menagerie::taikyoku
