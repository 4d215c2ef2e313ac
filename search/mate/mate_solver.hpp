#pragma once
// MateSolver<G>: df-pn (depth-first proof-number search) for checkmate problems (tsume): the side to move
// checks with every move, the other side answers with any legal move, and a position where the defender is
// in check with no legal move is mate. Used for `go mate` in the games that ask for it (G::mate_solver).
//
// Proof and disproof numbers live in a hash table keyed by position. A position repeated on the current path
// counts as not mated (perpetual check does not win), and so does one deeper than the ply limit. Such values
// depend on the path but are stored like the others (the known graph-history problem of df-pn, accepted here:
// it can only make the solver miss a mate, never report a false one). Proven positions keep the length of
// their mate (the attacker's shortest proof found, the defender's longest answer), from which the principal
// variation is read.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <unordered_set>
#include <vector>

#include "engine/core/game.hpp"

namespace menagerie {

template <Game G>
class MateSolver {
public:
    using Position = typename G::Position;
    using Move = typename G::Move;
    enum class Verdict { Mate, NoMate, Timeout };
    struct Result {
        Verdict verdict = Verdict::Timeout;
        std::vector<Move> pv;
        uint64_t nodes = 0;
    };

    // A table of 2^bits buckets of four entries (16 bytes each): 2^20 buckets is 64 MB.
    explicit MateSolver(int bits = 20) : table_(size_t(1) << bits), mask_((size_t(1) << bits) - 1) {}

    // Solves for the side to move; stops at the deadline, at `stop`, or after max_nodes. fresh = false goes on
    // from the table of the last call on the same root (which stopped at its deadline): a solve in steps.
    Result solve(const Position& root, std::chrono::steady_clock::time_point deadline, const std::atomic<bool>& stop,
                 uint64_t max_nodes = UINT64_MAX, bool fresh = true) {
        if (fresh) {
            std::fill(table_.begin(), table_.end(), Bucket{});
            nodes_ = 0;
        }
        deadline_ = deadline;
        stop_ = &stop;
        max_nodes_ = max_nodes;
        aborted_ = false;
        Position pos = root;
        path_.clear();
        path_.insert(pos.key());
        Entry e = search(pos, kInfinite, kInfinite, 0, true);
        Result r;
        r.nodes = nodes_;
        if (e.pn == 0) {
            r.verdict = Verdict::Mate;
            r.pv = principal_variation(root);
        } else if (e.dn == 0) {
            r.verdict = Verdict::NoMate;
        } else {
            r.verdict = Verdict::Timeout;
        }
        return r;
    }

    // The nodes searched since the last fresh solve.
    uint64_t nodes() const { return nodes_; }

private:
    static constexpr uint32_t kInfinite = 1u << 30;
    static constexpr int kMaxPly = 96;
    struct Entry {
        uint32_t pn = 1, dn = 1;
        uint16_t length = 0;  // plies to mate, once proven
    };
    struct Slot {
        uint32_t check = 0;  // the key's high half (0: empty)
        uint32_t pn, dn;
        uint16_t length;
    };
    struct Bucket {
        Slot slots[4]{};
    };

    static uint32_t add(uint32_t a, uint32_t b) { return std::min(kInfinite, a + b); }

    bool out_of_budget() {
        if (aborted_) return true;
        if (stop_->load(std::memory_order_relaxed) || nodes_ >= max_nodes_ ||
            ((nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= deadline_))
            aborted_ = true;
        return aborted_;
    }

    // The moves of a node: every legal move that gives check for the attacker, every legal move for the defender.
    static void children(const Position& pos, bool attacker, MoveListOf<G>& out) {
        MoveListOf<G> all;
        pos.legal_moves(all);
        if (!attacker) {
            out = all;
            return;
        }
        Position p = pos;
        for (const Move m : all) {
            typename G::Undo undo;
            p.play(m, undo);
            if (p.in_check()) out.push(m);
            p.undo(m, undo);
        }
    }

    Entry lookup(uint64_t key) const {
        const uint32_t check = uint32_t(key >> 32) | 1;
        for (const Slot& s : table_[key & mask_].slots)
            if (s.check == check) return {s.pn, s.dn, s.length};
        return {};
    }
    // Replaces the same position, else an empty slot, else the unfinished entry with the least work behind it
    // (finished ones, proofs and disproofs, are kept while there is a choice).
    void store(uint64_t key, const Entry& e) {
        const uint32_t check = uint32_t(key >> 32) | 1;
        Bucket& b = table_[key & mask_];
        Slot* target = nullptr;
        uint64_t least = UINT64_MAX;
        for (Slot& s : b.slots) {
            if (s.check == check || s.check == 0) {
                target = &s;
                break;
            }
            const uint64_t work = (s.pn == 0 || s.dn == 0) ? UINT64_MAX - 1 : uint64_t(s.pn) + s.dn;
            if (work < least) least = work, target = &s;
        }
        if (!target) target = &b.slots[key >> 62];
        *target = {check, e.pn, e.dn, e.length};
    }
    bool proven(uint64_t key, uint16_t& length) const {
        const Entry e = lookup(key);
        length = e.length;
        return e.pn == 0;
    }

    Entry search(Position& pos, uint32_t th_pn, uint32_t th_dn, int ply, bool attacker) {
        ++nodes_;
        const uint64_t key = pos.key();
        MoveListOf<G> moves;
        children(pos, attacker, moves);
        if (moves.empty()) {
            // No check to give: not a mate from here. No answer to a check: mate.
            Entry e = attacker ? Entry{kInfinite, 0, 0} : Entry{0, kInfinite, 0};
            store(key, e);
            return e;
        }
        std::vector<uint64_t> keys(moves.size());
        for (size_t i = 0; i < moves.size(); ++i) {
            typename G::Undo undo;
            pos.play(moves[i], undo);
            keys[i] = pos.key();
            pos.undo(moves[i], undo);
        }
        Entry node;
        std::vector<Entry> child(moves.size());  // the children's entries, read again on every pass
        for (;;) {
            // The node's numbers from its children's; a child on the path or past the ply limit cannot be proven.
            uint32_t best = kInfinite, second = kInfinite, sum = 0;
            size_t best_i = 0;
            uint16_t len_min = UINT16_MAX, len_max = 0;
            bool all_proven = true;
            for (size_t i = 0; i < moves.size(); ++i) {
                Entry c = (path_.count(keys[i]) || ply + 1 >= kMaxPly) ? Entry{kInfinite, 0, 0} : lookup(keys[i]);
                child[i] = c;
                // OR: the attacker needs one proven child (min pn), and disproof of all (sum dn); AND: the reverse.
                const uint32_t mine = attacker ? c.pn : c.dn, other = attacker ? c.dn : c.pn;
                if (mine < best) {
                    second = best;
                    best = mine;
                    best_i = i;
                } else if (mine < second) {
                    second = mine;
                }
                sum = add(sum, other);
                if (c.pn == 0) {
                    len_min = std::min<uint16_t>(len_min, c.length);
                    len_max = std::max<uint16_t>(len_max, c.length);
                } else {
                    all_proven = false;
                }
            }
            if (attacker) {
                node.pn = best;
                node.dn = sum;
                if (node.pn == 0) node.length = uint16_t(len_min + 1);
            } else {
                node.dn = best;
                node.pn = sum;
                if (node.pn == 0 && all_proven) node.length = uint16_t(len_max + 1);
            }
            if (node.pn >= th_pn || node.dn >= th_dn || node.pn == 0 || node.dn == 0 || out_of_budget()) break;
            // Search the most promising child within thresholds that keep it the most promising.
            const Entry& c = child[best_i];
            uint32_t c_pn, c_dn;
            // 1 + epsilon: the child may go a quarter beyond the second best before the search switches back,
            // which saves re-expanding the same nodes over and over.
            const uint32_t beyond_second = second >= kInfinite ? kInfinite : add(second + second / 4, 1);
            if (attacker) {
                c_pn = std::min(th_pn, beyond_second);
                c_dn = th_dn >= kInfinite ? kInfinite : th_dn - node.dn + c.dn;
            } else {
                c_dn = std::min(th_dn, beyond_second);
                c_pn = th_pn >= kInfinite ? kInfinite : th_pn - node.pn + c.pn;
            }
            typename G::Undo undo;
            pos.play(moves[best_i], undo);
            path_.insert(keys[best_i]);
            search(pos, c_pn, c_dn, ply + 1, !attacker);
            path_.erase(keys[best_i]);
            pos.undo(moves[best_i], undo);
        }
        if (node.pn == 0 || !aborted_) store(key, node);
        return node;
    }

    // From the root: the attacker's proven move with the shortest mate, the defender's answer with the longest.
    std::vector<Move> principal_variation(const Position& root) {
        std::vector<Move> pv;
        Position pos = root;
        bool attacker = true;
        std::unordered_set<uint64_t> seen{pos.key()};
        while (pv.size() < size_t(kMaxPly)) {
            MoveListOf<G> moves;
            children(pos, attacker, moves);
            if (moves.empty()) break;
            int best = -1;
            int best_len = attacker ? INT32_MAX : -1;
            for (size_t i = 0; i < moves.size(); ++i) {
                typename G::Undo undo;
                pos.play(moves[i], undo);
                const uint64_t k = pos.key();
                pos.undo(moves[i], undo);
                uint16_t length = 0;
                if (!proven(k, length) || seen.count(k)) continue;
                const int len = length;
                if (attacker ? len < best_len : len > best_len) best = int(i), best_len = len;
            }
            if (best < 0) break;
            pv.push_back(moves[size_t(best)]);
            pos.play(moves[size_t(best)]);
            seen.insert(pos.key());
            attacker = !attacker;
        }
        return pv;
    }

    std::vector<Bucket> table_;
    size_t mask_;
    std::unordered_set<uint64_t> path_;
    uint64_t nodes_ = 0, max_nodes_ = 0;
    std::chrono::steady_clock::time_point deadline_;
    const std::atomic<bool>* stop_ = nullptr;
    bool aborted_ = false;
};

}  // namespace menagerie
