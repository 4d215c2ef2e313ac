#include "search/dobutsu_reach.hpp"

#include "engine/dobutsu/index.hpp"

namespace menagerie::dobutsu {

namespace {

// The number of a position with Sente to move, mirror images identified.
uint64_t canonical_index(const Position& sente_to_move) {
    const uint64_t a = position_index(sente_to_move), b = position_index(mirrored(sente_to_move));
    return a < b ? a : b;
}

// Terminal under the convention: Sente can take Gote's lion, or Gote's lion stands on Sente's home rank.
bool terminal(const Position& p) {
    const int gote_lion = p.lion_square(Gote);
    return row_of(gote_lion) == 3 || p.attacked_by(gote_lion, Sente);
}

}  // namespace

ReachCounts reachable_positions(std::vector<uint64_t>& seen,
                                const std::function<void(int, const ReachCounts&)>& progress) {
    const size_t words = size_t((kIndexSize + 63) / 64);
    seen.assign(words, 0);
    std::vector<uint64_t> expanded(words, 0);
    ReachCounts counts;
    const uint64_t start = canonical_index(Position::start());
    seen[start >> 6] |= uint64_t(1) << (start & 63);
    counts.reachable = 1;
    // Each sweep expands every position found but not yet expanded, in index order; a position found below
    // the sweep's current index waits for the next sweep.
    for (int sweep = 1;; ++sweep) {
        bool found_behind = false;
        for (size_t w = 0; w < words; ++w) {
            for (uint64_t todo = seen[w] & ~expanded[w]; todo; todo &= todo - 1) {
                const int b = __builtin_ctzll(todo);
                expanded[w] |= uint64_t(1) << b;
                const uint64_t index = uint64_t(w) * 64 + uint64_t(b);
                const Position p = position_at(index);
                if (terminal(p)) {
                    ++counts.terminal;
                    continue;
                }
                Moves list;
                p.legal_moves(list);
                for (Move m : list) {
                    Position q = p;
                    q.play(m);
                    const uint64_t c = canonical_index(turned(q));
                    uint64_t& word = seen[c >> 6];
                    const uint64_t bit = uint64_t(1) << (c & 63);
                    if (word & bit) continue;
                    word |= bit;
                    ++counts.reachable;
                    if (c < index) found_behind = true;
                }
            }
            // Words already passed may have gained positions from this one; they wait for the next sweep.
        }
        if (progress) progress(sweep, counts);
        if (!found_behind) return counts;
    }
}

}  // namespace menagerie::dobutsu
