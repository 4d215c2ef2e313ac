// Shogi positions: SFEN, move text, play/undo, attacks and pins.
// GCC 12 reports a false -Wrestrict inside std::string concatenation here (GCC bug 105329).
#pragma GCC diagnostic ignored "-Wrestrict"
#include <cctype>
#include <string>

#include "engine/core/text.hpp"
#include "engine/shogi/attacks.hpp"

namespace menagerie::shogi {

namespace {
constexpr int kNoKing = 81;
constexpr char kLetters[] = " PLNSBRGK";  // by unpromoted type
int type_of_letter(char upper) {
    for (int t = Pawn; t <= King; ++t)
        if (kLetters[t] == upper) return t;
    return 0;
}
// The most pieces of each kind in the set (hand index = type).
constexpr int kSetCount[] = {0, 18, 4, 4, 4, 2, 2, 4, 2};
}  // namespace

std::string square_text(int sq) { return {char('1' + file_of(sq)), char('a' + rank_of(sq))}; }

void Position::put(int sq, uint8_t p) {
    board_[sq] = p;
    occ_[color_of(p)].set(sq);
    by_type_[type_of(p)].set(sq);
    key_ ^= psq_key(p, sq);
    if (type_of(p) == King) king_[color_of(p)] = uint8_t(sq);
}

void Position::remove(int sq) {
    const uint8_t p = board_[sq];
    board_[sq] = 0;
    occ_[color_of(p)].reset(sq);
    by_type_[type_of(p)].reset(sq);
    key_ ^= psq_key(p, sq);
}

Result<Position> Position::from_sfen(std::string_view text) {
    const auto fields = split_fields(text);
    auto fail = [&](const std::string& why) { return Error{"bad SFEN '" + std::string(text) + "': " + why}; };
    if (fields.size() < 3 || fields.size() > 4) return fail("expected board, side, hands and an optional move number");
    Position p;
    p.king_[0] = p.king_[1] = kNoKing;
    int counts[kHandTypes + 1] = {};  // by unpromoted type, board and hands together
    // The board: ranks a..i, each from file 9 to file 1.
    int rank = 0, file = 8;
    bool promoted = false;
    for (char ch : fields[0]) {
        if (ch == '/') {
            if (file != -1) return fail("rank " + std::string(1, char('a' + rank)) + " does not have 9 squares");
            if (promoted) return fail("'+' before '/'");
            if (++rank > 8) return fail("more than 9 ranks");
            file = 8;
        } else if (ch >= '1' && ch <= '9') {
            if (promoted) return fail("'+' before a digit");
            file -= ch - '0';
            if (file < -1) return fail("rank " + std::string(1, char('a' + rank)) + " has more than 9 squares");
        } else if (ch == '+') {
            if (promoted) return fail("'++'");
            promoted = true;
        } else {
            const int t = type_of_letter(char(std::toupper(static_cast<unsigned char>(ch))));
            if (!t) return fail("unknown piece '" + std::string(1, ch) + "'");
            if (file < 0) return fail("rank " + std::string(1, char('a' + rank)) + " has more than 9 squares");
            if (promoted && !can_promote(t)) return fail("'+" + std::string(1, ch) + "' cannot be promoted");
            const Color c = std::isupper(static_cast<unsigned char>(ch)) ? Sente : Gote;
            const int sq = square(file, rank);
            if (t == King && p.king_[c] != kNoKing) return fail("two kings of one side");
            p.put(sq, piece(c, promoted ? t + kPromote : t));
            ++counts[t];
            promoted = false;
            --file;
        }
    }
    if (rank != 8 || file != -1) return fail("the board needs 9 ranks of 9 squares");
    if (fields[1] != "b" && fields[1] != "w") return fail("side to move must be 'b' or 'w'");
    p.stm_ = fields[1] == "b" ? Sente : Gote;
    if (p.stm_ == Gote) p.key_ ^= side_key();
    if (fields[2] != "-") {
        int n = 0;
        for (char ch : fields[2]) {
            if (std::isdigit(static_cast<unsigned char>(ch))) {
                n = n * 10 + (ch - '0');
                if (n > 18) return fail("too many pieces in hand");
                continue;
            }
            const int t = type_of_letter(char(std::toupper(static_cast<unsigned char>(ch))));
            if (!t || t == King) return fail("'" + std::string(1, ch) + "' cannot be in hand");
            const Color c = std::isupper(static_cast<unsigned char>(ch)) ? Sente : Gote;
            const int add = n ? n : 1;
            p.key_ ^= hand_key(c, t, p.hand_[c][t]);
            p.hand_[c][t] = uint8_t(p.hand_[c][t] + add);
            if (p.hand_[c][t] > kSetCount[t]) return fail("too many pieces in hand");
            p.key_ ^= hand_key(c, t, p.hand_[c][t]);
            counts[t] += add;
            n = 0;
        }
        if (n) return fail("a count without a piece in the hands");
    }
    for (int t = Pawn; t <= King; ++t)
        if (counts[t] > kSetCount[t])
            return fail(std::string("more ") + kLetters[t] + " than the set holds");
    if (fields.size() == 4) {
        uint16_t number = 0;
        if (auto e = parse_move_number(fields[3], number)) return fail(*e);
        p.move_number_ = number;
    }
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

std::string Position::sfen() const {
    std::string s;
    for (int r = 0; r < 9; ++r) {
        int empty = 0;
        for (int f = 8; f >= 0; --f) {
            const uint8_t pc = board_[square(f, r)];
            if (!pc) {
                ++empty;
                continue;
            }
            if (empty) s += char('0' + empty), empty = 0;
            const int t = type_of(pc);
            if (t > King) s += '+';
            const char letter = kLetters[unpromoted(t)];
            s += color_of(pc) == Sente ? letter : char(std::tolower(letter));
        }
        if (empty) s += char('0' + empty);
        if (r < 8) s += '/';
    }
    s += stm_ == Sente ? " b " : " w ";
    std::string hands;
    static constexpr int order[] = {Rook, Bishop, Gold, Silver, Knight, Lance, Pawn};
    for (int c = 0; c < 2; ++c)
        for (int t : order) {
            const int n = hand_[c][t];
            if (!n) continue;
            if (n > 1) hands += std::to_string(n);
            hands += c == Sente ? kLetters[t] : char(std::tolower(kLetters[t]));
        }
    s += hands.empty() ? "-" : hands;
    return s + " " + std::to_string(move_number_);
}

std::string Position::move_text(Move m) const {
    if (m.is_drop()) return std::string(1, kLetters[m.drop_type()]) + "*" + square_text(m.to());
    return square_text(m.from()) + square_text(m.to()) + (m.promotes() ? "+" : "");
}

Bitboard Position::attackers_to(int sq, Color by, const Bitboard& occ) const {
    const Color c = ~by;  // the attacks of `by` reaching sq are the steps of the other side from sq
    const Bitboard theirs = occ_[by];
    const Bitboard kings = by_type_[King] | by_type_[Horse] | by_type_[Dragon];
    Bitboard a = (step_attacks(c, Pawn, sq) & by_type_[Pawn]) | (step_attacks(c, Knight, sq) & by_type_[Knight]) |
                 (step_attacks(c, Silver, sq) & by_type_[Silver]) | (step_attacks(c, Gold, sq) & golds()) |
                 (step_attacks(c, King, sq) & kings);
    a |= lance_attacks(c, sq, occ) & by_type_[Lance];
    a |= bishop_attacks(sq, occ) & (by_type_[Bishop] | by_type_[Horse]);
    a |= rook_attacks(sq, occ) & (by_type_[Rook] | by_type_[Dragon]);
    return a & theirs;
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

void Position::play(Move m) {
    const Color us = stm_, them = ~us;
    const int to = m.to();
    if (m.is_drop()) {
        const int t = m.drop_type();
        key_ ^= hand_key(us, t, hand_[us][t]) ^ hand_key(us, t, hand_[us][t] - 1);
        --hand_[us][t];
        put(to, piece(us, t));
    } else {
        const int from = m.from();
        const uint8_t pc = board_[from];
        if (const uint8_t cap = board_[to]) {
            remove(to);
            const int ht = unpromoted(type_of(cap));
            key_ ^= hand_key(us, ht, hand_[us][ht]) ^ hand_key(us, ht, hand_[us][ht] + 1);
            ++hand_[us][ht];
        }
        remove(from);
        put(to, m.promotes() ? uint8_t(pc + kPromote) : pc);
    }
    stm_ = them;
    key_ ^= side_key();
    ++move_number_;
}

void Position::undo(Move m) {
    const Color them = stm_, us = ~them;
    const int to = m.to();
    stm_ = us;
    key_ ^= side_key();
    --move_number_;
    if (m.is_drop()) {
        const int t = m.drop_type();
        remove(to);
        key_ ^= hand_key(us, t, hand_[us][t]) ^ hand_key(us, t, hand_[us][t] + 1);
        ++hand_[us][t];
        return;
    }
    const uint8_t moved = board_[to];
    remove(to);
    put(m.from(), m.promotes() ? uint8_t(moved - kPromote) : moved);
    if (const uint8_t cap = m.captured()) {
        const int ht = unpromoted(type_of(cap));
        key_ ^= hand_key(us, ht, hand_[us][ht]) ^ hand_key(us, ht, hand_[us][ht] - 1);
        --hand_[us][ht];
        put(to, cap);
    }
}

Result<Move> Position::parse_move(std::string_view text) const {
    auto fail = [&](const std::string& why) { return Error{"move '" + std::string(text) + "': " + why}; };
    auto sq_at = [&](size_t i) -> int {
        if (i + 2 > text.size()) return -1;
        const char f = text[i], r = text[i + 1];
        if (f < '1' || f > '9' || r < 'a' || r > 'i') return -1;
        return square(f - '1', r - 'a');
    };
    Moves legal;
    legal_moves(legal);
    if (text.size() == 4 && text[1] == '*') {
        const int t = type_of_letter(text[0]);
        if (!t || t == King) return fail("'" + std::string(1, text[0]) + "' cannot be dropped");
        const int to = sq_at(2);
        if (to < 0) return fail("not a square: '" + std::string(text.substr(2)) + "'");
        const Move m = Move::drop(t, to);
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
    if (text.size() != 4 && !(text.size() == 5 && text[4] == '+')) return fail("expected a move like 7g7f, 8h2b+ or P*5e");
    const int from = sq_at(0), to = sq_at(2);
    if (from < 0 || to < 0) return fail("not a square");
    const bool promo = text.size() == 5;
    const uint8_t pc = board_[from];
    if (!pc || color_of(pc) != stm_) return fail("no piece of the side to move on " + square_text(from));
    const Move m = Move::make(from, to, promo, board_[to]);
    if (legal.contains(m)) return m;
    // A promotion the rules make compulsory may be written without '+'.
    if (!promo && legal.contains(Move::make(from, to, true, board_[to]))) {
        const int t = type_of(pc), rr = relative_rank(stm_, to);
        if (((t == Pawn || t == Lance) && rr == 0) || (t == Knight && rr <= 1)) return Move::make(from, to, true, board_[to]);
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

std::string Position::diagram() const {
    auto hand_text = [&](Color c) {
        static const char* names[] = {"", "P", "L", "N", "S", "B", "R", "G"};
        std::string h;
        for (int t : {int(Rook), int(Bishop), int(Gold), int(Silver), int(Knight), int(Lance), int(Pawn)})
            if (hand_[c][t]) h += std::string(names[t]) + (hand_[c][t] > 1 ? std::to_string(hand_[c][t]) : "") + " ";
        return h.empty() ? std::string("-") : h;
    };
    static const char* names[] = {"", " P", " L", " N", " S", " B", " R", " G", " K", "+P", "+L", "+N", "+S", "+B", "+R"};
    std::string s = "Gote hand: " + hand_text(Gote) + "\n";
    s += "   9   8   7   6   5   4   3   2   1\n";
    s += " +---+---+---+---+---+---+---+---+---+\n";
    for (int r = 0; r < 9; ++r) {
        s += " |";
        for (int f = 8; f >= 0; --f) {
            const uint8_t pc = board_[square(f, r)];
            if (!pc) {
                s += "   |";
                continue;
            }
            // Gote's pieces are marked with 'v' (pointing down the board), as shogi diagrams do.
            std::string name = names[type_of(pc)];
            if (color_of(pc) == Gote) name = (name[0] == '+' ? "+" : "v") + name.substr(1) + (name[0] == '+' ? "v" : "");
            s += (name.size() < 3 ? name + " " : name) + "|";
        }
        s += " " + std::string(1, char('a' + r)) + "\n";
        s += " +---+---+---+---+---+---+---+---+---+\n";
    }
    s += "Sente hand: " + hand_text(Sente) + "\n";
    s += std::string("Side to move: ") + (stm_ == Sente ? "Sente (b)" : "Gote (w)") + "\n";
    return s;
}

}  // namespace menagerie::shogi
