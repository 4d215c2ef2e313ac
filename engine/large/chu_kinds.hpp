#pragma once
// The 21 piece types chu shogi and dai shogi share (spec/chu.md, spec/dai.md), each with its promoted form:
// written once here, placed by each game among its own types. Their order is the order of both games'
// KindIndex enums: pawn, go-between, lance, reverse chariot, leopard, copper, silver, gold, drunk elephant,
// blind tiger, kirin, phoenix, side mover, vertical mover, bishop, rook, dragon horse, dragon king, free
// king, lion, king; then the 18 promoted forms of the first 18, in the same order.
#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/large/kinds.hpp"

namespace menagerie::large {

inline constexpr int kChuBaseKinds = 21, kChuPromotedKinds = 18;

// The unpromoted types. first_promoted: the index the game gives the tokin (the promoted forms follow it in
// this order); weak_bridge: the tag of the pieces whose capture on a lion's first leg does not let it take a
// protected lion with the second (chu: pawn and go-between; 0 for a game without that rule); lion: the tag
// of the lions.
constexpr std::array<Kind, kChuBaseKinds> chu_base_kinds(int first_promoted, uint8_t weak_bridge, uint8_t lion) {
    const int p = first_promoted;
    return {{
        {"P", false, p + 0, "f1", false, weak_bridge, "pawn"},
        {"I", false, p + 1, "f1 b1", false, weak_bridge, "go-between"},
        {"L", false, p + 2, "f*", false, 0, "lance"},
        {"A", false, p + 3, "f* b*", false, 0, "reverse chariot"},
        {"F", false, p + 4, "f1 b1 d1", false, 0, "ferocious leopard"},
        {"C", false, p + 5, "f1 F1 b1", false, 0, "copper general"},
        {"S", false, p + 6, "f1 d1", false, 0, "silver general"},
        {"G", false, p + 7, "o1 F1", false, 0, "gold general"},
        {"E", false, p + 8, "f1 s1 d1", false, 0, "drunk elephant"},
        {"T", false, p + 9, "b1 s1 d1", false, 0, "blind tiger"},
        {"O", false, p + 10, "d1 oj", false, 0, "kirin"},
        {"X", false, p + 11, "o1 dj", false, 0, "phoenix"},
        {"M", false, p + 12, "s* f1 b1", false, 0, "side mover"},
        {"V", false, p + 13, "f* b* s1", false, 0, "vertical mover"},
        {"B", false, p + 14, "d*", false, 0, "bishop"},
        {"R", false, p + 15, "o*", false, 0, "rook"},
        {"H", false, p + 16, "d* o1", false, 0, "dragon horse"},
        {"D", false, p + 17, "o* d1", false, 0, "dragon king"},
        {"Q", false, -1, "a*", false, 0, "free king"},
        {"N", false, -1, "lion", false, lion, "lion"},
        {"K", false, -1, "a1", true, 0, "king"},
    }};
}

// The promoted forms of the first 18, in their order.
constexpr std::array<Kind, kChuPromotedKinds> chu_promoted_kinds(uint8_t lion) {
    return {{
        {"P", true, -1, "o1 F1", false, 0, "tokin"},
        {"I", true, -1, "f1 s1 d1", false, 0, "promoted go-between"},
        {"L", true, -1, "f* b* F*", false, 0, "white horse"},
        {"A", true, -1, "f* b* B*", false, 0, "whale"},
        {"F", true, -1, "d*", false, 0, "promoted leopard (bishop)"},
        {"C", true, -1, "s* f1 b1", false, 0, "promoted copper (side mover)"},
        {"S", true, -1, "f* b* s1", false, 0, "promoted silver (vertical mover)"},
        {"G", true, -1, "o*", false, 0, "promoted gold (rook)"},
        {"E", true, -1, "a1", true, 0, "prince"},
        {"T", true, -1, "a1 f* b*", false, 0, "flying stag"},
        {"O", true, -1, "lion", false, lion, "promoted kirin (lion)"},
        {"X", true, -1, "a*", false, 0, "promoted phoenix (free king)"},
        {"M", true, -1, "s* d*", false, 0, "free boar"},
        {"V", true, -1, "f* b* d*", false, 0, "flying ox"},
        {"B", true, -1, "d* o1", false, 0, "promoted bishop (dragon horse)"},
        {"R", true, -1, "o* d1", false, 0, "promoted rook (dragon king)"},
        {"H", true, -1, "d* s* b* fL", false, 0, "horned falcon"},
        {"D", true, -1, "o* B* FL", false, 0, "soaring eagle"},
    }};
}

// The tables one after the other.
template <std::size_t... N>
constexpr std::array<Kind, (N + ...)> join_kinds(const std::array<Kind, N>&... parts) {
    std::array<Kind, (N + ...)> all{};
    std::size_t i = 0;
    ((([&] {
         for (const Kind& k : parts) all[i++] = k;
     })()),
     ...);
    return all;
}

}  // namespace menagerie::large
