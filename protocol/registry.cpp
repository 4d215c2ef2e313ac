#include "protocol/registry.hpp"

#include "engine/dobutsu/dobutsu.hpp"
#include "engine/jungle/jungle.hpp"
#include "engine/shogi/shogi.hpp"
#include "engine/tori/tori.hpp"
#include "eval/dobutsu/eval.hpp"
#include "eval/jungle/eval.hpp"
#include "eval/shogi/eval.hpp"
#include "eval/tori/eval.hpp"
#include "protocol/options.hpp"
#include "search/dobutsu_tablebase.hpp"

namespace menagerie {

namespace {
template <Game G>
std::unique_ptr<Session> make(Output& out, size_t hash_mb) {
    return std::make_unique<GameSession<G>>(out, hash_mb);
}
template <Game G, OracleLoader<G> Load, std::string (*DefaultPath)()>
std::unique_ptr<Session> make_with_tables(Output& out, size_t hash_mb) {
    return std::make_unique<GameSession<G>>(out, hash_mb, OracleSource<G>{Load, DefaultPath});
}
template <Game G>
Result<MatchSummary> self_play(const SelfPlayConfig& config, Output& out) {
    return SelfPlay<G>(config, out).run();
}
template <Game G>
std::string eval_terms() {
    const auto w = Evaluator<G>::defaults();
    std::string s;
    for (size_t i = 0; i < w.names.size(); ++i)
        s += (i ? "," : "") + std::string(w.names[i]) + "=" + std::to_string(w.values[i]);
    return s;
}
template <Game G>
Result<std::vector<Opening>> read_book(const std::string& path) {
    return match_detail::read_book(path, std::string(G::start_sfen), &opening_error<G>);
}
}  // namespace

const std::vector<GameEntry>& games() {
    static const std::vector<GameEntry> list = {
        {shogi::Shogi::name, "Shogi (9x9, the Japan Shogi Association rules)", &make<shogi::Shogi>,
         &self_play<shogi::Shogi>, &eval_terms<shogi::Shogi>, &run_match<shogi::Shogi>, &read_book<shogi::Shogi>},
        {dobutsu::Dobutsu::name, "Dobutsu shogi (3x4 animal shogi)",
         &make_with_tables<dobutsu::Dobutsu, &dobutsu::load_oracle, &dobutsu::default_tablebase_path>,
         &self_play<dobutsu::Dobutsu>, &eval_terms<dobutsu::Dobutsu>, &run_match<dobutsu::Dobutsu>, &read_book<dobutsu::Dobutsu>},
        {jungle::Jungle::name, "Jungle / Dou Shou Qi (7x9 animal chess)", &make<jungle::Jungle>,
         &self_play<jungle::Jungle>, &eval_terms<jungle::Jungle>, &run_match<jungle::Jungle>, &read_book<jungle::Jungle>},
        {tori::Tori::name, "Tori shogi (7x7 bird shogi, as Fairy-Stockfish's torishogi)", &make<tori::Tori>,
         &self_play<tori::Tori>, &eval_terms<tori::Tori>, &run_match<tori::Tori>, &read_book<tori::Tori>},
    };
    return list;
}

const GameEntry* find_game(std::string_view name) {
    for (const auto& g : games())
        if (iequals(g.name, name)) return &g;
    return nullptr;
}

std::string game_names(std::string_view separator) {
    std::string s;
    for (const auto& g : games()) s += (s.empty() ? "" : std::string(separator)) + std::string(g.name);
    return s;
}

// USI's default game is shogi where it exists, so a plain shogi GUI works unchanged; until then the first.
std::string_view default_game() { return find_game("shogi") ? "shogi" : games().front().name; }

}  // namespace menagerie
