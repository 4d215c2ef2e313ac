// Legal move generation for shogi: check evasions when in check, pins, king safety, and the drop rules (nifu,
// dead-end pieces, no pawn-drop mate). Every generated move is legal, so perft counts list sizes.
#include <algorithm>

#include "engine/family/see.hpp"
#include "engine/shogi/attacks.hpp"

namespace menagerie::shogi {

namespace {
constexpr int kNoKing = 81;
}

template <bool Count>
void Position::add_piece_moves(MoveSink<Move>& list, uint64_t& n, int from, Bitboard targets) const {
    const uint8_t pc = board_[from];
    const int t = type_of(pc);
    if (!can_promote(t)) {
        if constexpr (Count) {
            n += uint64_t(targets.count());
            return;
        }
        for (int to : targets) list.push(Move::make(from, to, false));
        return;
    }
    const Color us = stm_;
    const Bitboard zone = promotion_zone(us);
    // A pawn or lance may not stay unpromoted on the last rank, a knight on the last two.
    const Bitboard dead = t == Knight ? tables.dead2[us] : (t == Pawn || t == Lance) ? tables.dead1[us] : Bitboard();
    const Bitboard promoting = zone.test(from) ? targets : targets & zone;
    if constexpr (Count) {
        n += uint64_t(promoting.count() + (targets & ~dead).count());
        return;
    }
    for (int to : promoting) list.push(Move::make(from, to, true));
    for (int to : targets & ~dead) list.push(Move::make(from, to, false));
}

uint64_t Position::count_piece_moves(const Bitboard& movers, const Bitboard& targets) const {
    const Color us = stm_;
    const Bitboard occ = occupied(), zone = promotion_zone(us);
    const Bitboard dead1 = tables.dead1[us], dead2 = tables.dead2[us];
    uint64_t n = 0;
    // Pawns, all at once: a file's squares are consecutive bits and a pawn never stands on its last rank, so
    // one step forward is a shift by one that cannot leave the file. A pawn promotes exactly when it enters
    // the zone, and may stay a pawn anywhere but the last rank.
    const Bitboard pawns = movers & by_type_[Pawn];
    const Bitboard pawn_to = Bitboard(us == Sente ? pawns.word() >> 1 : pawns.word() << 1) & targets;
    n += uint64_t((pawn_to & zone).count() + (pawn_to & ~dead1).count());
    // Knights and lances move forward only: they promote exactly when they arrive in the zone.
    for (int from : movers & by_type_[Knight]) {
        const Bitboard to = step_attacks(us, Knight, from) & targets;
        n += uint64_t((to & zone).count() + (to & ~dead2).count());
    }
    for (int from : movers & by_type_[Lance]) {
        const Bitboard to = lance_attacks(us, from, occ) & targets;
        n += uint64_t((to & zone).count() + (to & ~dead1).count());
    }
    // Silvers, bishops and rooks: every move may stay unpromoted; each into, out of or inside the zone may also
    // promote.
    auto promoting = [&](int from, const Bitboard& to) {
        return uint64_t(to.count() + (zone.test(from) ? to : to & zone).count());
    };
    for (int from : movers & by_type_[Silver]) n += promoting(from, step_attacks(us, Silver, from) & targets);
    for (int from : movers & by_type_[Bishop]) n += promoting(from, bishop_attacks(from, occ) & targets);
    for (int from : movers & by_type_[Rook]) n += promoting(from, rook_attacks(from, occ) & targets);
    // The rest never promote.
    for (int from : movers & golds()) n += uint64_t((step_attacks(us, Gold, from) & targets).count());
    for (int from : movers & by_type_[Horse])
        n += uint64_t(((bishop_attacks(from, occ) | step_attacks(us, King, from)) & targets).count());
    for (int from : movers & by_type_[Dragon])
        n += uint64_t(((rook_attacks(from, occ) | step_attacks(us, King, from)) & targets).count());
    return n;
}

template <bool Count>
void Position::add_drops(MoveSink<Move>& list, uint64_t& n, Bitboard targets) const {
    const Color us = stm_, them = ~us;
    const uint8_t* h = hand_[us];
    auto add = [&](int type, const Bitboard& to) {
        if constexpr (Count) {
            n += uint64_t(to.count());
        } else {
            for (int s : to) list.push(Move::drop(type, s));
        }
    };
    if (h[Pawn]) {
        Bitboard to = targets & ~tables.dead1[us];
        for (int s : pieces(us, Pawn)) to &= ~file_mask(file_of(s));
        // The square a pawn would check the enemy king from: a drop there must not mate.
        if (king_[them] != kNoKing) {
            const Bitboard front = step_attacks(them, Pawn, king_[them]);
            if ((to & front).any() && pawn_drop_mates(front.lsb())) to &= ~front;
        }
        add(Pawn, to);
    }
    if (h[Lance]) add(Lance, targets & ~tables.dead1[us]);
    if (h[Knight]) add(Knight, targets & ~tables.dead2[us]);
    const int others = (h[Silver] > 0) + (h[Gold] > 0) + (h[Bishop] > 0) + (h[Rook] > 0);
    if constexpr (Count) {
        n += uint64_t(others) * uint64_t(targets.count());
    } else {
        for (int t : {int(Silver), int(Gold), int(Bishop), int(Rook)})
            if (h[t]) add(t, targets);
    }
}

template <bool Evasions, bool Count, bool Drops>
void Position::generate_all(MoveSink<Move>& list, uint64_t& n, const Bitboard& checkers) const {
    const Color us = stm_, them = ~us;
    const int k = king_[us];
    const Bitboard occ = occupied();
    Bitboard targets, drop_targets;
    if constexpr (Evasions) {
        Bitboard without_king = occ;
        without_king.reset(k);
        for (int to : step_attacks(us, King, k) & ~occ_[us])
            if (!attacked(to, them, without_king)) {
                if constexpr (Count) ++n;
                else list.push(Move::make(k, to, false));
            }
        if (checkers.count() > 1) return;  // a double check: only the king can move
        const int c = checkers.lsb();
        drop_targets = between(k, c);
        targets = drop_targets | checkers;
    } else {
        targets = ~occ_[us];
        drop_targets = ~occ;
    }
    const Bitboard pins = k != kNoKing ? pinned(us) : Bitboard();
    Bitboard movers = occ_[us];
    if (k != kNoKing) movers.reset(k);
    if constexpr (Count) {
        n += count_piece_moves(movers & ~pins, targets);
        movers &= pins;  // what is left: pinned pieces, which move along the pin (none in a check)
    }
    for (int from : movers) {
        Bitboard to = attacks_of(board_[from], from, occ) & targets;
        if (pins.test(from)) {
            if constexpr (Evasions) continue;  // a pinned piece cannot answer a check
            to &= line(k, from);
        }
        if (to.any()) add_piece_moves<Count>(list, n, from, to);
    }
    if constexpr (!Evasions) {
        if (k != kNoKing)
            for (int to : step_attacks(us, King, k) & ~occ_[us])
                if (!attacked(to, them, occ)) {
                    if constexpr (Count) ++n;
                    else list.push(Move::make(k, to, false));
                }
    }
    if constexpr (Drops)
        if (drop_targets.any()) add_drops<Count>(list, n, drop_targets);
}

void Position::legal_moves(MoveSink<Move>& list) const {
    const Bitboard c = king_[stm_] != kNoKing ? checkers() : Bitboard();
    uint64_t unused = 0;
    if (c.any()) generate_all<true, false>(list, unused, c);
    else generate_all<false, false>(list, unused, c);
}

uint64_t Position::count_legal_moves() const {
    const Bitboard c = king_[stm_] != kNoKing ? checkers() : Bitboard();
    Moves unused;  // not written: counting only
    uint64_t n = 0;
    if (c.any()) generate_all<true, true>(unused, n, c);
    else generate_all<false, true>(unused, n, c);
    return n;
}

void Position::tactical_moves(MoveSink<Move>& list) const {
    // The board moves only (a drop neither captures nor promotes), then those that do.
    const Bitboard c = king_[stm_] != kNoKing ? checkers() : Bitboard();
    Moves all;
    uint64_t unused = 0;
    if (c.any()) generate_all<true, false, false>(all, unused, c);
    else generate_all<false, false, false>(all, unused, c);
    // Captures, and the promotions that change a piece most: pawns, bishops and rooks.
    for (const Move m : all)
        if (is_capture(m) || (m.promotes() && (moving_type(m) == Pawn || moving_type(m) >= Bishop))) list.push(m);
}

bool Position::has_legal_move() const {
    const Color us = stm_, them = ~us;
    if (const int k = king_[us]; k != kNoKing) {
        // A safe square for the king settles it at once (the usual answer after a check).
        const Bitboard occ = occupied();
        Bitboard without_king = occ;
        without_king.reset(k);
        for (int to : step_attacks(us, King, k) & ~occ_[us])
            if (!attacked(to, them, without_king)) return true;
        // In check from one piece, two more answers need no move list: a drop between it and the king (the
        // squares between are empty; a gold, silver, bishop or rook may be dropped on any empty square, a
        // lance or knight where it can still move; pawns, with their extra rules, are left to the list), and
        // a capture of the checker by a piece that leaves no other attack on the king (some version of that
        // move is legal: where the piece could not move again, it may promote).
        if (const Bitboard checkers = attackers_to(k, them, occ); checkers.count() == 1) {
            const int checker = checkers.lsb();
            if (const Bitboard gap = between(k, checker); gap.any()) {
                if (hand_[us][Gold] || hand_[us][Silver] || hand_[us][Bishop] || hand_[us][Rook]) return true;
                if (hand_[us][Lance] && (gap & ~tables.dead1[us]).any()) return true;
                if (hand_[us][Knight] && (gap & ~tables.dead2[us]).any()) return true;
            }
            Bitboard capturers = attackers_to(checker, us, occ);
            capturers.reset(k);
            for (int from : capturers) {
                Bitboard after = occ;
                after.reset(from);
                Bitboard others = attackers_to(k, them, after);
                others.reset(checker);
                if (others.none()) return true;
            }
        }
    }
    Moves list;
    legal_moves(list);
    return !list.empty();
}

bool Position::pawn_drop_mates(int sq) const {
    Position p = *this;
    p.play(Move::drop(Pawn, sq));
    return !p.has_legal_move();
}

Move Position::mate_in_one() {
    const Color us = stm_, them = ~us;
    const int ek = king_[them], own = king_[us];
    if (ek == kNoKing) return Move{};
    const Bitboard occ = occupied();
    auto mates = [&](Move m) {
        Undo u;
        play(m, u);
        const bool mate = in_check() && (own == kNoKing || !attacked(own, them, occupied())) && !has_legal_move();
        undo(m, u);
        return mate;
    };
    // checks[t]: the squares from which a piece of ours of type t attacks the enemy king (the reverse of its
    // attacks from the king's square as a piece of theirs).
    // Two slide lookups serve every slider; the rest are steps.
    const Bitboard rook_lines = rook_attacks(ek, occ), bishop_lines = bishop_attacks(ek, occ);
    const Bitboard king_steps = step_attacks(them, King, ek);
    Bitboard checks[kPieceTypes];
    for (int t : {int(Pawn), int(Knight), int(Silver), int(Gold), int(ProPawn), int(ProLance), int(ProKnight),
                  int(ProSilver)})
        checks[t] = step_attacks(them, t, ek);
    checks[Lance] = rook_lines & tables.forward[them][ek];
    checks[Bishop] = bishop_lines;
    checks[Rook] = rook_lines;
    checks[Horse] = bishop_lines | king_steps;
    checks[Dragon] = rook_lines | king_steps;
    // The enemy king's flight squares that no piece of ours attacks now (found once, when first wanted). A move
    // that leaves one of them free, its own square aside, cannot mate and is not played out: a drop only adds
    // the dropped piece's attacks (its square can only cut our slides); a board move adds the moved piece's
    // attacks and those of slides it opens, which can reach only squares in line with the square it leaves.
    Bitboard without_king = occ;
    without_king.reset(ek);
    Bitboard free_flights;
    bool flights_known = false;
    auto flights = [&]() {
        if (!flights_known) {
            for (int f : king_steps & ~occ_[them])
                if (!attacked(f, us, without_king)) free_flights.set(f);
            flights_known = true;
        }
        return free_flights;
    };
    // Drops (a pawn drop that mates is illegal, so pawns are not tried).
    const Bitboard empty = ~occ;
    for (int t : {int(Gold), int(Silver), int(Rook), int(Bishop), int(Knight), int(Lance)})
        if (hand_[us][t])
            for (int s : checks[t] & empty) {
                Bitboard left = flights() & ~attacks_of(piece(us, t), s, without_king);
                left.reset(s);
                if (left.any()) continue;
                if (const Move m = Move::drop(t, s); mates(m)) return m;
            }
    // Board moves.
    const Bitboard zone = promotion_zone(us);
    const Bitboard discover = (bishop_lines | rook_lines) & occ_[us];
    // Only pieces that can check after one move: the sliders, one-step pieces within two squares of the king,
    // knights within two files and four ranks, and any piece whose leaving opens a slide onto the king.
    const Bitboard steppers = by_type_[Pawn] | by_type_[Silver] | golds();
    Bitboard movers = occ_[us] & ((by_type_[Lance] | by_type_[Bishop] | by_type_[Rook] | by_type_[Horse] |
                                   by_type_[Dragon]) |
                                  (steppers & tables.near2[ek]) | (by_type_[Knight] & tables.knight_near[ek]) |
                                  discover);
    if (own != kNoKing) movers.reset(own);
    for (int from : movers) {
        const uint8_t pc = board_[from];
        const int t = type_of(pc);
        const Bitboard targets = attacks_of(pc, from, occ) & ~occ_[us];
        const bool promotable = can_promote(t);
        const Bitboard direct = checks[t] | (promotable ? checks[t + kPromote] : Bitboard());
        const Bitboard cands = discover.test(from) ? targets : targets & direct;
        if (cands.none()) continue;
        const Bitboard dead =
            t == Knight ? tables.dead2[us] : (t == Pawn || t == Lance) ? tables.dead1[us] : Bitboard();
        Bitboard kept;  // the free flights that no slide through `from` can reach
        for (int f : flights())
            if (line(f, from).none()) kept.set(f);
        Bitboard after = without_king;
        after.reset(from);
        auto escapes = [&](int to, int type) {
            Bitboard left = kept & ~attacks_of(piece(us, type), to, after | Bitboard::square(to));
            left.reset(to);
            return left.any();
        };
        for (int to : cands) {
            const bool may_promote = promotable && (zone.test(from) || zone.test(to));
            if (may_promote && !escapes(to, t + kPromote))
                if (const Move m = Move::make(from, to, true); mates(m)) return m;
            if (!dead.test(to) && !escapes(to, t))
                if (const Move m = Move::make(from, to, false); mates(m)) return m;
        }
    }
    return Move{};
}

bool Position::can_declare() const {
    const Color us = stm_;
    const int k = king_[us];
    if (k == kNoKing) return false;
    const Bitboard camp = promotion_zone(us);
    if (!camp.test(k)) return false;
    Bitboard mine = occ_[us] & camp;
    mine.reset(k);
    if (mine.count() < 10) return false;
    const Bitboard big = by_type_[Bishop] | by_type_[Rook] | by_type_[Horse] | by_type_[Dragon];
    int points = mine.count() + 4 * (mine & big).count();
    for (int t = Pawn; t <= Gold; ++t) points += hand_[us][t] * (t == Bishop || t == Rook ? 5 : 1);
    if (points < (us == Sente ? 28 : 27)) return false;
    return !in_check();
}

int Position::see(Move m) const {
    // Types from the least valuable up, for choosing each recapture.
    static constexpr int order[] = {Pawn, Lance, Knight, ProPawn, ProLance, ProKnight, Silver, ProSilver, Gold,
                                    Bishop, Rook, Horse, Dragon, King};
    return family::see(*this, m, kSeeValue, order);
}

bool Position::is_legal(Move m) const {
    Moves list;
    legal_moves(list);
    return list.contains(m);
}

}  // namespace menagerie::shogi
