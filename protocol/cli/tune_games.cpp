#include "protocol/cli/tune_games.hpp"

#include <sstream>
#include <vector>

#include "engine/chu/chu.hpp"
#include "engine/dai/dai.hpp"
#include "engine/dobutsu/dobutsu.hpp"
#include "engine/jungle/jungle.hpp"
#include "engine/shogi/shogi.hpp"
#include "engine/taikyoku/taikyoku.hpp"
#include "engine/tori/tori.hpp"
#include "eval/chu/eval.hpp"
#include "eval/dai/eval.hpp"
#include "eval/dobutsu/eval.hpp"
#include "eval/jungle/eval.hpp"
#include "eval/shogi/eval.hpp"
#include "eval/taikyoku/eval.hpp"
#include "eval/tori/eval.hpp"
#include "protocol/core/options.hpp"

namespace menagerie {

namespace {

template <Game G>
TuneGame make_tune_game() {
    TuneGame t;
    t.name = G::name;
    t.eval_terms = [] { return Evaluator<G>::defaults().spec(); };
    if constexpr (requires(const typename G::Position& p, typename Tuner<G>::Collector& c) { Evaluator<G>::features(p, c); }) {
        t.tune = [](const TuneConfig& config, const std::function<void(const std::string&)>& progress) -> Result<std::string> {
            Tuner<G> tuner;
            if (auto n = tuner.load(config, progress); !n) return Error{n.error()};
            const auto w = tuner.fit(config, progress);
            std::ostringstream header;
            header << "// " << G::name << "'s evaluation weights, fitted to "
                   << (config.score_files.empty() ? "game results" : "a reference engine's scores and game results")
                   << " by `menagerie tune` (eval/tuner.hpp):\n"
                   << "//   " << config.command << "\n// " << tuner.size() << " positions, K = " << tuner.k();
            if (!config.score_files.empty()) header << ", the reference's Kr = " << tuner.reference_scales();
            header << ". The named terms, then the tables, in the layout of the game's eval.hpp under eval/.\n";
            return Tuner<G>::weights_file(w, header.str());
        };
    }
    return t;
}

}  // namespace

const TuneGame* find_tune_game(std::string_view name) {
    static const std::vector<TuneGame> list = {make_tune_game<shogi::Shogi>(),     make_tune_game<dobutsu::Dobutsu>(),
                                               make_tune_game<jungle::Jungle>(),   make_tune_game<tori::Tori>(),
                                               make_tune_game<chu::Chu>(),         make_tune_game<dai::Dai>(),
                                               make_tune_game<taikyoku::Taikyoku>()};
    for (const auto& g : list)
        if (iequals(g.name, name)) return &g;
    return nullptr;
}

}  // namespace menagerie
