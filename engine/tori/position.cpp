// Tori shogi: the birds' moves, SFEN checks, move text with reasons, legal move generation and the drop rules.
#include <algorithm>
#include <bit>
#include <cctype>
#include <string>

#include "engine/family/see.hpp"
#include "engine/tori/attacks.hpp"

namespace menagerie::tori {

namespace {
constexpr int kFiles = 7, kRanks = 7;
constexpr int file_of(int sq) { return Board::file_of(sq); }
constexpr int rank_of(int sq) { return Board::rank_of(sq); }
constexpr int square(int f, int r) { return Board::square(f, r); }
bool on_board(int f, int r) { return f >= 0 && f < kFiles && r >= 0 && r < kRanks; }

// Directions as (file delta, rank delta) seen by Sente: rank delta -1 is forward (towards rank a), file delta
// -1 is to Sente's right (towards file 1). Gote's are the same turned round.
struct Dir {
    int df, dr;
};
constexpr Dir kForward{0, -1}, kBack{0, 1}, kBackRight{-1, 1}, kBackLeft{1, 1}, kForwardRight{-1, -1},
    kForwardLeft{1, -1};

}  // namespace

Tables::Tables() {
    auto steps_of = [&](int type, std::initializer_list<Dir> dirs, int distance = 1) {
        for (int c = 0; c < 2; ++c)
            for (int sq = 0; sq < kSquares; ++sq)
                for (const Dir& d : dirs) {
                    const int s = c == 0 ? 1 : -1;
                    const int f = file_of(sq) + s * d.df * distance, r = rank_of(sq) + s * d.dr * distance;
                    if (on_board(f, r)) steps[c][type][sq].set(square(f, r));
                }
    };
    auto slides_of = [&](int type, std::initializer_list<Dir> dirs) {
        for (int c = 0; c < 2; ++c) {
            ray_count[c][type] = int(dirs.size());
            for (int sq = 0; sq < kSquares; ++sq) {
                int i = 0;
                for (const Dir& d : dirs) {
                    const int s = c == 0 ? 1 : -1;
                    Ray& ray = rays[c][type][sq][i++];
                    ray.step = s * (d.df * kRanks + d.dr);
                    for (int f = file_of(sq) + s * d.df, r = rank_of(sq) + s * d.dr; on_board(f, r);
                         f += s * d.df, r += s * d.dr)
                        ray.squares.set(square(f, r));
                }
            }
        }
    };
    steps_of(Phoenix, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}});
    steps_of(Falcon, {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, 1}});
    steps_of(Crane, {{0, -1}, {1, -1}, {-1, -1}, {0, 1}, {1, 1}, {-1, 1}});
    steps_of(Pheasant, {kForward}, 2);
    steps_of(Pheasant, {kBackLeft, kBackRight});
    steps_of(Swallow, {kForward});
    steps_of(LeftQuail, {kBackLeft});
    slides_of(LeftQuail, {kForward, kBackRight});
    steps_of(RightQuail, {kBackRight});
    slides_of(RightQuail, {kForward, kBackLeft});
    steps_of(Goose, {kForwardLeft, kForwardRight}, 2);
    steps_of(Goose, {kBack}, 2);
    steps_of(Eagle, {{0, -1}, {1, 0}, {-1, 0}, kBackLeft, kBackRight});
    slides_of(Eagle, {kForwardLeft, kForwardRight, kBack});
    for (int c = 0; c < 2; ++c)
        for (int sq = 0; sq < kSquares; ++sq) {
            int i = 0;
            for (const Dir& d : {kBackLeft, kBackRight}) {
                const int s = c == 0 ? 1 : -1;
                const int f1 = file_of(sq) + s * d.df, r1 = rank_of(sq) + s * d.dr;
                const int f2 = f1 + s * d.df, r2 = r1 + s * d.dr;
                eagle_near[c][sq][i] = on_board(f1, r1) ? square(f1, r1) : -1;
                eagle_far[c][sq][i] = on_board(f2, r2) ? square(f2, r2) : -1;
                ++i;
            }
        }
    for (int c = 0; c < 2; ++c)
        for (int t = Swallow; t < kPieceTypes; ++t)
            for (int sq = 0; sq < kSquares; ++sq) {
                Bitboard& r = reach[c][t][sq];
                r = steps[c][t][sq];
                for (int i = 0; i < ray_count[c][t]; ++i) r |= rays[c][t][sq][i].squares;
                if (t == Eagle)
                    for (int far : eagle_far[c][sq])
                        if (far >= 0) r.set(far);
            }
    for (int sq = 0; sq < kSquares; ++sq) {
        if (rank_of(sq) <= 1) zone[Sente].set(sq);
        if (rank_of(sq) >= kRanks - 2) zone[Gote].set(sq);
        if (rank_of(sq) == 0) last_rank[Sente].set(sq);
        if (rank_of(sq) == kRanks - 1) last_rank[Gote].set(sq);
        files[file_of(sq)].set(sq);
    }
}

const Tables tables;

namespace {
std::string sq_text(int sq) { return Board::square_text(sq); }
}  // namespace

Bitboard promotion_zone(Color c) { return tables.zone[c]; }

Bitboard Position::attackers_to(int sq, Color by, const Bitboard& occ) const {
    // A piece of `by` reaches sq exactly when the same piece of the other side would reach it from sq; only
    // the pieces within that piece's empty-board reach can, and for the steppers those are the answer.
    const Color c = ~by;
    Bitboard a;
    for (int t = Swallow; t < kPieceTypes; ++t) {
        const Bitboard near = pieces(by, t) & tables.reach[c][t][sq];
        if (near.any()) a |= tables.ray_count[c][t] ? attacks_of(piece(c, t), sq, occ) & near : near;
    }
    return a;
}

int Position::see(Move m) const {
    static constexpr int order[] = {Swallow, Pheasant, Goose, Crane, Falcon, LeftQuail, RightQuail, Eagle, Phoenix};
    return family::see(*this, m, kSeeValue, order);
}

Result<Position> Position::from_sfen(std::string_view text) {
    Position p;
    auto fail = [&](const std::string& why) { return Error{"bad SFEN '" + std::string(text) + "': " + why}; };
    if (auto e = p.read_sfen(text)) return fail(*e);
    for (int sq = 0; sq < kSquares; ++sq) {
        const uint8_t pc = p.board_[sq];
        if (pc && type_of(pc) == Swallow && tables.last_rank[color_of(pc)].test(sq))
            return fail("an unpromoted swallow on " + sq_text(sq) + " (it would have promoted)");
    }
    for (int c = 0; c < 2; ++c)
        for (int f = 0; f < kFiles; ++f)
            if ((p.pieces(Color(c), Swallow) & tables.files[f]).count() > 2)
                return fail("more than two swallows of one side on file " + std::to_string(f + 1));
    const Color them = ~p.stm_;
    if (p.king_[them] != kNoKing && p.attackers_to(p.king_[them], p.stm_).any())
        return fail("the side not to move is in check");
    return p;
}

bool Position::leaves_king_safe(Move m) const {
    int k = king_[stm_];
    if (k == kNoKing) return true;
    Bitboard occ = occupied();
    occ.set(m.to());
    if (!m.is_drop()) {
        occ.reset(m.from());
        if (m.from() == k) k = m.to();
    }
    Bitboard a = attackers_to(k, ~stm_, occ);
    a.reset(m.to());  // a captured piece attacks no more
    return a.none();
}

Bitboard Position::swallow_drop_squares() const {
    const Color us = stm_;
    if (!hand_[us][Swallow]) return Bitboard();
    Bitboard to = ~occupied() & ~tables.last_rank[us];
    const Bitboard mine = pieces(us, Swallow);
    for (int f = 0; f < kFiles; ++f)
        if ((mine & tables.files[f]).count() >= 2) to &= ~tables.files[f];
    return to;
}

bool Position::swallow_drop_mates(int sq) const {
    const Color them = ~stm_;
    const int k = king_[them];
    // Only a drop that checks can mate: a swallow checks from the square in front of the king.
    if (k == kNoKing || !(tables.steps[stm_][Swallow][sq].test(k))) return false;
    Position p = *this;
    p.play(Move::drop(Swallow, sq));
    return !p.has_legal_move();
}

void Position::pseudo_moves(MoveSink<Move>& list, bool tactical) const {
    const Color us = stm_;
    const Bitboard occ = occupied(), own = occ_[us];
    const Bitboard zone = tables.zone[us];
    for (int from : own) {
        const uint8_t pc = board_[from];
        const int t = type_of(pc);
        const Bitboard targets = attacks_of(pc, from, occ) & ~own;
        // Swallow and falcon promote on every move that enters, moves within or leaves the zone.
        const bool promotes = t == Swallow || t == Falcon;
        for (int to : targets) {
            const bool promo = promotes && (zone.test(from) || zone.test(to));
            if (tactical && !board_[to] && !(promo && t == Falcon)) continue;
            list.push(Move::make(from, to, promo));
        }
    }
    if (tactical) return;
    const Bitboard empty = ~occ;
    for (int t : Traits::drop_order) {
        if (!hand_[us][t]) continue;
        if (t == Swallow) {
            for (int to : swallow_drop_squares())
                if (!swallow_drop_mates(to)) list.push(Move::drop(Swallow, to));
        } else {
            for (int to : empty) list.push(Move::drop(t, to));
        }
    }
}

// Keeps the moves of `pseudo` that do not leave the phoenix attacked; with `first_only`, stops at the first.
void Position::keep_legal(const MoveSink<Move>& pseudo, MoveSink<Move>& list, bool first_only) const {
    const int k = king_[stm_];
    if (k == kNoKing) {
        for (const Move m : pseudo) {
            list.push(m);
            if (first_only) return;
        }
        return;
    }
    const bool check = in_check();
    // Out of check, a drop is always safe, and so is a move of a piece that no enemy slider could see the king
    // through (every other piece's reach ignores what stands between): exposed holds, for each enemy slider
    // that reaches the king's square on an empty board, its slides stopped at the king, within the lines a
    // slider could see the king along (a superset of the squares between it and the king).
    Bitboard exposed;
    if (!check) {
        const Bitboard none, king = Bitboard::square(k);
        Bitboard lines;
        for (int t : {int(LeftQuail), int(RightQuail), int(Eagle)})
            lines |= attacks_of(piece(stm_, t), k, none) | attacks_of(piece(~stm_, t), k, none);
        for (int t : {int(LeftQuail), int(RightQuail), int(Eagle)}) {
            const uint8_t p = piece(~stm_, t);
            for (int s : pieces(~stm_, t))
                if (attacks_of(p, s, none).test(k)) exposed |= attacks_of(p, s, king) & lines;
        }
    }
    for (const Move m : pseudo) {
        const bool safe = !check && (m.is_drop() || (m.from() != k && !exposed.test(m.from())));
        if (safe || leaves_king_safe(m)) {
            list.push(m);
            if (first_only) return;
        }
    }
}

void Position::legal_moves(MoveSink<Move>& list) const {
    Moves pseudo;
    pseudo_moves(pseudo, false);
    keep_legal(pseudo, list, false);
}

uint64_t Position::count_legal_moves() const {
    Moves list;
    legal_moves(list);
    return list.size();
}

bool Position::has_legal_move() const {
    // A safe square for the phoenix settles it at once (the usual answer to a check).
    if (const int k = king_[stm_]; k != kNoKing) {
        Bitboard without_king = occupied();
        without_king.reset(k);
        for (int to : tables.steps[stm_][Phoenix][k] & ~occ_[stm_])
            if (attackers_to(to, ~stm_, without_king).none()) return true;
        // Out of check, any drop of a piece other than a swallow is legal.
        if (!in_check() && occupied().count() < kSquares)
            for (int t : Traits::hand_order)
                if (t != Swallow && hand_[stm_][t]) return true;
    }
    Moves pseudo, list;
    pseudo_moves(pseudo, false);
    keep_legal(pseudo, list, true);
    return !list.empty();
}

bool Position::is_legal(Move m) const {
    Moves list;
    legal_moves(list);
    return list.contains(m);
}

void Position::tactical_moves(MoveSink<Move>& list) const {
    Moves pseudo;
    pseudo_moves(pseudo, true);
    keep_legal(pseudo, list, false);
}

Result<Move> Position::parse_move(std::string_view text) const {
    auto fail = [&](const std::string& why) { return Error{"move '" + std::string(text) + "': " + why}; };
    auto read = read_move(text);
    if (!read.ok()) return Error{read.error()};
    const Move m = read.value();
    Moves legal;
    legal_moves(legal);
    if (legal.contains(m)) return m;
    const Color us = stm_;
    const int to = m.to();
    if (m.is_drop()) {
        const int t = m.drop_type();
        if (!hand_[us][t]) return fail("no such piece in hand");
        if (board_[to]) return fail(sq_text(to) + " is not empty");
        if (t == Swallow) {
            if (tables.last_rank[us].test(to)) return fail("a swallow may not be dropped on the last rank");
            if ((pieces(us, Swallow) & tables.files[file_of(to)]).count() >= 2)
                return fail("a third swallow on one file");
            if (swallow_drop_mates(to)) return fail("a swallow drop that mates");
        }
        return fail("it leaves the phoenix in check");
    }
    const int from = m.from();
    const uint8_t pc = board_[from];
    if (!pc || color_of(pc) != us) return fail("no piece of the side to move on " + sq_text(from));
    // A promotion the rules make compulsory may be written without '+'.
    if (!m.promotes() && legal.contains(Move::make(from, to, true))) return Move::make(from, to, true);
    if (board_[to] && color_of(board_[to]) == us) return fail(sq_text(to) + " holds a piece of the side to move");
    if (!attacks_of(pc, from, occupied()).test(to)) return fail("the piece on " + sq_text(from) + " cannot reach " + sq_text(to));
    const int t = type_of(pc);
    if (m.promotes()) {
        if (t != Swallow && t != Falcon) return fail("the piece cannot promote");
        return fail("no promotion outside the zone");
    }
    return fail("it leaves the phoenix in check");
}

}  // namespace menagerie::tori
