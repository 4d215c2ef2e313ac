#pragma once
// Oracles: exact knowledge of a game's positions (a tablebase), and how the engine plays from it. Generic over
// the game, so any game that gets a table plugs in the same way: the session holds an Oracle<G> and asks
// rank_moves() before it would search.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/result.hpp"
#include "search/repetition.hpp"
#include "engine/core/zobrist.hpp"
#include "search/score.hpp"

namespace menagerie {

// The exact value of a position for the side to move under the engine's rules: won, lost or drawn, and for a
// decided position the number of plies to the end of the game with best play (the winner hurrying, the loser
// resisting; 0 when the game is already over).
struct OracleValue {
    Outcome outcome = Outcome::Draw;
    int plies = 0;
    friend bool operator==(const OracleValue&, const OracleValue&) = default;
};

// Higher is better for the side to move: quicker wins, then draws, then slower losses.
inline int oracle_score(const OracleValue& v) {
    switch (v.outcome) {
        case Outcome::Win: return mate_in(v.plies);
        case Outcome::Loss: return -mate_in(v.plies);
        default: return 0;
    }
}
// The value one ply earlier, for the side that made the move leading to v.
inline OracleValue before(const OracleValue& v) {
    if (v.outcome == Outcome::Win) return {Outcome::Loss, v.plies + 1};
    if (v.outcome == Outcome::Loss) return {Outcome::Win, v.plies + 1};
    return v;
}

template <Game G>
class Oracle {
public:
    virtual ~Oracle() = default;
    // nullopt: the oracle does not know the position.
    virtual std::optional<OracleValue> probe(const typename G::Position& p) const = 0;
    virtual std::string describe() const = 0;  // one line: what is loaded, from where
};

template <Game G>
using OracleLoader = Result<std::shared_ptr<const Oracle<G>>> (*)(const std::string& path);

template <Game G>
struct OracleMove {
    typename G::Move move;
    OracleValue value;  // for the side to move at the root, after this move
    bool repeats = false;  // the move ends the game by repetition
};

// Every legal move whose value the oracle knows, with that value, best first (ties keep generation order). A
// move that completes a repetition takes the repetition's outcome rather than the table's: a drawn position
// whose drawing moves repeat still draws, a won one is converted without walking into a repetition when another
// win exists, and a lost side takes a draw by repetition when it can. Some children of a known position may be
// unknown (a table of the positions reachable under a convention that stops at a takable lion does not hold
// what follows when the lion is not taken); the ranking stands when the best known move reaches the position's
// own value, else nullopt, as for an unknown position. `line` holds the game's positions before pos (oldest
// first), as the search takes them.
template <Game G>
std::optional<std::vector<OracleMove<G>>> rank_moves(const typename G::Position& pos, const std::vector<Visit>& line,
                                                     const Oracle<G>& oracle) {
    const auto own = oracle.probe(pos);
    if (!own) return std::nullopt;
    typename G::Position p = pos;
    MoveListOf<G> list;
    p.legal_moves(list);
    std::vector<Visit> visits = line;
    visits.push_back(visit_of(pos));
    std::vector<OracleMove<G>> ranked;
    bool all_known = true;
    for (auto m : list) {
        typename G::Undo undo;
        p.play(m, undo);
        visits.push_back(visit_of(p));
        OracleMove<G> om{m, {}, false};
        bool known = true;
        if (auto r = repetition<G>(visits)) {
            om.repeats = true;
            // r is the outcome for the side to move after m; ours is its opposite.
            om.value = *r == Outcome::Draw ? OracleValue{Outcome::Draw, 0} : OracleValue{opposite(*r), 1};
        } else if (auto v = oracle.probe(p)) {
            om.value = before(*v);
        } else {
            known = all_known = false;
        }
        visits.pop_back();
        p.undo(m, undo);
        if (known) ranked.push_back(om);
    }
    std::stable_sort(ranked.begin(), ranked.end(), [](const OracleMove<G>& a, const OracleMove<G>& b) {
        return oracle_score(a.value) > oracle_score(b.value);
    });
    if (ranked.empty()) return std::nullopt;
    if (!all_known && oracle_score(ranked.front().value) < oracle_score(*own)) return std::nullopt;
    return ranked;
}

// The line of best moves from pos as the oracle sees it (repetition not considered), up to max_plies. A drawn
// line ends at the move that brings back a position of the line: from there it would only go round again.
template <Game G>
std::vector<typename G::Move> oracle_line(const typename G::Position& pos, const Oracle<G>& oracle, int max_plies) {
    std::vector<typename G::Move> pv;
    std::vector<uint64_t> seen{pos.key()};
    typename G::Position p = pos;
    for (int i = 0; i < max_plies && p.outcome() == Outcome::Ongoing; ++i) {
        auto ranked = rank_moves<G>(p, {}, oracle);
        if (!ranked || ranked->empty()) break;
        pv.push_back(ranked->front().move);
        p.play(ranked->front().move);
        if (std::find(seen.begin(), seen.end(), p.key()) != seen.end()) break;
        seen.push_back(p.key());
    }
    return pv;
}

// The move a playing level picks from the ranked moves: at the top level the best; below it a random move among
// those that keep the position's value (win, draw or loss) and whose distance is within a window that widens as
// the level falls (2 plies at level 19, 40 at level 0), and now and then (up to one move in five at level 0)
// one from the next value down, if that is not a loss within 4 plies. Moves that lose at once are never chosen
// while anything else exists.
template <Game G>
size_t oracle_choice(const std::vector<OracleMove<G>>& ranked, int skill, int max_skill, uint64_t& rng) {
    if (skill >= max_skill || ranked.size() < 2) return 0;
    auto next = [&rng] { return splitmix64(rng); };
    const int weakness = max_skill - skill;
    const OracleValue best = ranked.front().value;
    auto keeps = [&](const OracleValue& v) {
        if (v.outcome != best.outcome) return false;
        if (v.outcome == Outcome::Loss && v.plies <= 2 && best.plies > 2) return false;
        return v.outcome == Outcome::Draw || std::abs(v.plies - best.plies) <= 2 * weakness;
    };
    std::vector<size_t> pool, worse;
    for (size_t i = 0; i < ranked.size(); ++i) {
        const OracleValue& v = ranked[i].value;
        if (keeps(v))
            pool.push_back(i);
        else if (best.outcome != Outcome::Loss && v.outcome != best.outcome &&
                 (v.outcome == Outcome::Draw || (best.outcome == Outcome::Draw && v.plies > 4)))
            worse.push_back(i);
    }
    if (!worse.empty() && next() % 100 < uint64_t(weakness)) return worse[next() % worse.size()];
    return pool[next() % pool.size()];
}

}  // namespace menagerie
