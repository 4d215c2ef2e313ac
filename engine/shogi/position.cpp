// Shogi positions: the SFEN and move checks of shogi's rules, attacks and pins (the board itself, SFEN,
// move text and play/undo are the shared core's, engine/family/board.hpp).
#include <cctype>
#include <string>

#include "engine/core/text.hpp"
#include "engine/shogi/attacks.hpp"

namespace menagerie::shogi {

namespace {
constexpr int kNoKing = 81;
}  // namespace

Result<Position> Position::from_sfen(std::string_view text) {
    Position p;
    auto fail = [&](const std::string& why) { return Error{"bad SFEN '" + std::string(text) + "': " + why}; };
    if (auto e = p.read_sfen(text)) return fail(*e);
    // Pieces that could never move again, and two pawns of a side on a file, cannot arise in a game.
    for (int sq = 0; sq < kSquares; ++sq) {
        const uint8_t pc = p.board_[sq];
        if (!pc) continue;
        const int rr = relative_rank(color_of(pc), sq);
        const int t = type_of(pc);
        if (((t == Pawn || t == Lance) && rr == 0) || (t == Knight && rr <= 1))
            return fail("a piece on " + square_text(sq) + " that can never move");
    }
    for (int c = 0; c < 2; ++c)
        for (int f = 0; f < 9; ++f)
            if ((p.pieces(Color(c), Pawn) & file_mask(f)).count() > 1)
                return fail("two pawns of one side on file " + std::to_string(f + 1));
    const Color them = ~p.stm_;
    if (p.king_[them] != kNoKing && p.attackers_to(p.king_[them], p.stm_).any())
        return fail("the side not to move is in check");
    return p;
}

// Both look up a slide only when a slider of `by` stands on its line (on an empty board): most squares are
// reached by no slider, and a lookup costs more than the test.
Bitboard Position::attackers_to(int sq, Color by, const Bitboard& occ) const {
    const Color c = ~by;  // the attacks of `by` reaching sq are the steps of the other side from sq
    const Bitboard theirs = occ_[by];
    const Bitboard kings = by_type_[King] | by_type_[Horse] | by_type_[Dragon];
    Bitboard a = (step_attacks(c, Pawn, sq) & by_type_[Pawn]) | (step_attacks(c, Knight, sq) & by_type_[Knight]) |
                 (step_attacks(c, Silver, sq) & by_type_[Silver]) | (step_attacks(c, Gold, sq) & golds()) |
                 (step_attacks(c, King, sq) & kings);
    const Bitboard lances = by_type_[Lance] & theirs & tables.forward[c][sq];
    const Bitboard bishops = (by_type_[Bishop] | by_type_[Horse]) & theirs & tables.bishop_empty[sq];
    const Bitboard rooks = (by_type_[Rook] | by_type_[Dragon]) & theirs & tables.rook_empty[sq];
    if (lances.any()) a |= lance_attacks(c, sq, occ) & lances;
    if (bishops.any()) a |= bishop_attacks(sq, occ) & bishops;
    if (rooks.any()) a |= rook_attacks(sq, occ) & rooks;
    return a & theirs;
}

bool Position::attacked(int sq, Color by, const Bitboard& occ) const {
    const Color c = ~by;
    const Bitboard theirs = occ_[by];
    const Bitboard steps =
        (step_attacks(c, Pawn, sq) & by_type_[Pawn]) | (step_attacks(c, Gold, sq) & golds()) |
        (step_attacks(c, Silver, sq) & by_type_[Silver]) | (step_attacks(c, Knight, sq) & by_type_[Knight]) |
        (step_attacks(c, King, sq) & (by_type_[King] | by_type_[Horse] | by_type_[Dragon]));
    if ((steps & theirs).any()) return true;
    const Bitboard rooks = (by_type_[Rook] | by_type_[Dragon]) & theirs & tables.rook_empty[sq];
    if (rooks.any() && (rook_attacks(sq, occ) & rooks).any()) return true;
    const Bitboard bishops = (by_type_[Bishop] | by_type_[Horse]) & theirs & tables.bishop_empty[sq];
    if (bishops.any() && (bishop_attacks(sq, occ) & bishops).any()) return true;
    const Bitboard lances = by_type_[Lance] & theirs & tables.forward[c][sq];
    return lances.any() && (lance_attacks(c, sq, occ) & lances).any();
}

Bitboard Position::pinned(Color c) const {
    Bitboard result;
    const int k = king_[c];
    if (k == kNoKing) return result;
    const Color them = ~c;
    const Bitboard none;
    Bitboard snipers = (lance_attacks(c, k, none) & pieces(them, Lance)) |
                       (bishop_attacks(k, none) & (pieces(them, Bishop) | pieces(them, Horse))) |
                       (rook_attacks(k, none) & (pieces(them, Rook) | pieces(them, Dragon)));
    const Bitboard occ = occupied();
    for (int s : snipers) {
        const Bitboard b = between(k, s) & occ;
        if (b.count() == 1 && (b & occ_[c]).any()) result |= b;
    }
    return result;
}

Result<Move> Position::parse_move(std::string_view text) const {
    auto fail = [&](const std::string& why) { return Error{"move '" + std::string(text) + "': " + why}; };
    const auto read = read_move(text);
    if (!read.ok()) return Error{read.error()};
    Moves legal;
    legal_moves(legal);
    if (read->is_drop()) {
        const Move m = *read;
        const int t = m.drop_type(), to = m.to();
        if (legal.contains(m)) return m;
        if (!hand_[stm_][t]) return fail("no such piece in hand");
        if (board_[to]) return fail(square_text(to) + " is not empty");
        const int rr = relative_rank(stm_, to);
        if (((t == Pawn || t == Lance) && rr == 0) || (t == Knight && rr <= 1))
            return fail("the piece could never move from " + square_text(to));
        if (t == Pawn && (pieces(stm_, Pawn) & file_mask(file_of(to))).any())
            return fail("two pawns on a file (nifu)");
        if (t == Pawn && pawn_drop_mates(to)) return fail("a pawn drop that mates (uchifuzume)");
        return fail("it leaves the king in check");
    }
    const int from = read->from(), to = read->to();
    const bool promo = read->promotes();
    const uint8_t pc = board_[from];
    if (!pc || color_of(pc) != stm_) return fail("no piece of the side to move on " + square_text(from));
    const Move m = Move::make(from, to, promo);
    if (legal.contains(m)) return m;
    // A promotion the rules make compulsory may be written without '+'.
    if (!promo && legal.contains(Move::make(from, to, true))) {
        const int t = type_of(pc), rr = relative_rank(stm_, to);
        if (((t == Pawn || t == Lance) && rr == 0) || (t == Knight && rr <= 1)) return Move::make(from, to, true);
    }
    if (board_[to] && color_of(board_[to]) == stm_) return fail(square_text(to) + " holds a piece of the side to move");
    if (!(attacks_of(pc, from, occupied()).test(to))) return fail("the piece on " + square_text(from) + " cannot reach " + square_text(to));
    if (promo) {
        if (!can_promote(type_of(pc))) return fail("the piece cannot promote");
        if (!promotion_zone(stm_).test(from) && !promotion_zone(stm_).test(to)) return fail("no promotion outside the zone");
    } else {
        const int t = type_of(pc), rr = relative_rank(stm_, to);
        if (((t == Pawn || t == Lance) && rr == 0) || (t == Knight && rr <= 1))
            return fail("the piece must promote on " + square_text(to));
    }
    return fail("it leaves the king in check");
}

}  // namespace menagerie::shogi
