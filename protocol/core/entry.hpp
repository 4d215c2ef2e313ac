#pragma once
// make_entry<G>: the catalogue's entry of one game, compiled once in that game's instantiation file,
// protocol/core/games/<game>.cpp, which instantiates its session (and so its search) on its own, in parallel with
// the other games.
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/rule_option.hpp"
#include "protocol/core/catalogue.hpp"

namespace menagerie {

// The game's entry. Tables, when the game has them, come from OracleSource (loader and default file); the
// USI options the game declares are its G::rule_options, as combos, and the tablebase file option if it has
// tables. anchors: GameEntry::anchors.
template <Game G, OracleLoader<G> Load = nullptr, std::string (*DefaultPath)() = nullptr>
GameEntry make_entry(std::string_view title, std::vector<std::string_view> anchors) {
    GameEntry e;
    e.name = G::name;
    e.title = title;
    e.anchors = std::move(anchors);
    e.files = G::files;
    e.ranks = G::ranks;
    e.shogi_squares = G::shogi_squares;
    e.start_sfen = G::start_sfen;
    if constexpr (requires { G::hands; }) e.hands = G::hands;
    e.make_session = [](Listener& out, size_t hash_mb) -> std::unique_ptr<Session> {
        return std::make_unique<GameSession<G>>(out, hash_mb, OracleSource<G>{Load, DefaultPath});
    };
    if constexpr (requires { G::rule_options; }) {
        for (const RuleOption& r : G::rule_options) {
            Option o{std::string(r.name), Option::Type::Combo, std::string(r.values[0]), 0, 0, {}, ""};
            for (std::string_view v : r.values)
                if (!v.empty()) o.choices.emplace_back(v);
            e.options.push_back(o);
        }
    }
    if constexpr (requires { G::piece_looks(); })
        for (const auto& [code, kanji, name] : G::piece_looks()) e.pieces.push_back({code, kanji, name});
    if constexpr (requires { G::record_formats; }) {
        e.record_formats = G::record_formats;
        e.convert_record = &G::convert_record;
    }
    if constexpr (requires(const PlayedGame& p, std::string_view f) { G::write_played_game(p, f); })
        e.write_played_game = &G::write_played_game;
    if constexpr (requires { G::foreign_format; }) {
        e.foreign_format = G::foreign_format;
        e.foreign_to_sfen = [](std::string_view text) -> Result<std::string> {
            auto p = G::from_foreign(text);
            if (!p) return Error{p.error()};
            return p.value().sfen();
        };
        e.sfen_to_foreign = [](std::string_view sfen) -> Result<std::string> {
            auto p = G::Position::from_sfen(sfen);
            if (!p) return Error{p.error()};
            return G::to_foreign(p.value());
        };
    }
    if (Load != nullptr)
        e.options.push_back({std::string(kTablebaseOption), Option::Type::String, "auto", 0, 0, {}, ""});
    return e;
}

}  // namespace menagerie
