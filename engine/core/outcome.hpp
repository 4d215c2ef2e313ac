#pragma once
#include <cstdint>
#include <string_view>

namespace menagerie {

// The two players: Sente (first, "b" in SFEN) and Gote ("w").
enum Color : uint8_t { Sente = 0, Gote = 1 };
constexpr Color operator~(Color c) { return Color(c ^ 1); }

// A game's state as seen from the side to move.
enum class Outcome : uint8_t { Ongoing, Win, Loss, Draw };

// The same state seen from the other side: a win is the opponent's loss; draws and ongoing games stay.
constexpr Outcome opposite(Outcome o) {
    return o == Outcome::Win ? Outcome::Loss : o == Outcome::Loss ? Outcome::Win : o;
}

constexpr std::string_view outcome_name(Outcome o) {
    switch (o) {
        case Outcome::Ongoing:
            return "ongoing";
        case Outcome::Win:
            return "win";
        case Outcome::Loss:
            return "loss";
        case Outcome::Draw:
            return "draw";
    }
    return "?";
}

}  // namespace menagerie
