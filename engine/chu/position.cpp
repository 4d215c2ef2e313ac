// Chu shogi: SFEN, move text with every lishogi spelling, legal moves under the seed's lion rules, promotion
// and the game end (spec/chu.md).
#include <algorithm>
#include <cctype>
#include <string>
#include <vector>

#include "engine/chu/chu.hpp"
#include "engine/core/text.hpp"

namespace menagerie::chu {

using large::Dir;
using large::kDirs;
using large::kEmpty;
using large::kind_of;
using large::color_of;
using large::is_piece;

std::string_view end_text(End e) {
    switch (e) {
        case End::None: return "ongoing";
        case End::RoyalsLost: return "the side to move has no king or prince left";
        case End::NoMove: return "the side to move has no legal move";
        case End::BaredUs: return "the side to move is bared (bare king)";
        case End::BaredThem: return "the side not to move is bared (bare king)";
        case End::LoneRoyals: return "only the two royals are left (draw)";
    }
    return "?";
}

Result<Position> Position::from_sfen(std::string_view text) {
    auto fail = [&](const std::string& why) { return Error{"bad SFEN '" + std::string(text) + "': " + why}; };
    const auto f = split_fields(text);
    if (f.size() < 2 || f.size() > 4) return fail("expected the board, the side to move, the lion field and a move number");
    Position p;
    if (auto e = p.read_board(f[0])) return fail(*e);
    if (f[1] != "b" && f[1] != "w") return fail("side to move must be 'b' or 'w', got '" + std::string(f[1]) + "'");
    p.stm_ = f[1] == "b" ? Sente : Gote;
    if (f.size() >= 3 && f[2] != "-") {
        size_t i = 0;
        const int sq = Geo::read_square(f[2], i);
        if (sq < 0 || i != f[2].size())
            return fail("the third field is '-' or the square where a lion was just taken, got '" + std::string(f[2]) + "'");
        // The lion was taken by the side not to move: the square is empty (a falcon or eagle passed through)
        // or holds the piece that took it.
        if (p.is_own(p.at(sq)))
            return fail("the lion taken on " + std::string(f[2]) + " was taken by the side to move's own piece");
        p.counter_ = Square(sq);
    }
    if (f.size() >= 4)
        if (auto e = parse_move_number(f[3], p.move_number_)) return fail(*e);
    p.key_ = p.compute_key();
    return p;
}

std::string Position::sfen() const {
    return board_sfen() + (stm_ == Sente ? " b " : " w ") + (counter_ ? square_text(counter_) : "-") + " " +
           std::to_string(move_number_);
}

// Cells are three characters: " P", "+P" for Sente; "vP", "+Pv" for Gote (pointing down the board).
std::string Position::diagram() const {
    std::string rule = "  +";
    for (int c = 0; c < Geo::files; ++c) rule += "---+";
    std::string s;
    for (int col = Geo::files - 1; col >= 0; --col) {
        const std::string n = std::to_string(col + 1);
        s += std::string(4 - n.size(), ' ') + n;
    }
    s += "\n" + rule + "\n";
    for (int row = 0; row < Geo::ranks; ++row) {
        s += "  |";
        for (int col = Geo::files - 1; col >= 0; --col) {
            const Piece p = at(Geo::square(col, row));
            std::string cell = "   ";
            if (is_piece(p)) {
                const bool promoted = kind(kind_of(p)).promoted;
                const char letter = base_code(kind_of(p))[0];
                cell = color_of(p) == Sente ? std::string{promoted ? '+' : ' ', letter, ' '}
                       : promoted          ? std::string{'+', letter, 'v'}
                                           : std::string{'v', letter, ' '};
            }
            s += cell + "|";
        }
        s += " " + Geo::rank_text(row) + "\n" + rule + "\n";
    }
    s += std::string("Side to move: ") + (stm_ == Sente ? "Sente (b)" : "Gote (w)") + "\n";
    s += "Lion taken last move on: " + (counter_ ? square_text(counter_) : std::string("-")) + "\n";
    s += "Pieces: P pawn, I go-between, L lance, A reverse chariot, F leopard, C copper, S silver, G gold,\n"
         "  E elephant (+E prince), T tiger, O kirin, X phoenix, M side mover, V vertical mover, B bishop,\n"
         "  R rook, H horse (+H falcon), D dragon (+D eagle), Q free king, N lion, K king\n";
    return s;
}

bool Position::may_promote(Piece p, int from, int to) const {
    const int k = kind_of(p);
    if (kind(k).promotes_to < 0) return false;
    const int c = color_of(p);
    if (!in_zone(from, c) && in_zone(to, c)) return true;                                      // entering the zone
    if (at(to) != kEmpty && (in_zone(from, c) || in_zone(to, c))) return true;                  // a capture touching it
    return k == Pawn && Geo::relative_row(to, c) == Geo::ranks - 1;                             // a pawn's far rank
}

// Rule 1 (protected lion) for lions, rule 2 (counter-strike) for the rest; protection is judged on the board
// before the move with the origin and the middle square seen through (a piece taken there still protects).
bool Position::lion_rules_allow(int from, int to, int mid) const {
    const bool lion_mover = is_lion(at(from));
    auto may_take = [&](int x) {
        if (lion_mover) {
            if (Geo::distance(from, x) == 1) return true;
            if (mid && x != mid && !(kind(kind_of(at(mid))).tags & kWeakBridge)) return true;
            return !attacked(x, ~stm_, from, mid);
        }
        return !counter_ || !attacked(x, ~stm_, from, mid);
    };
    if (mid && is_lion(at(mid)) && !may_take(mid)) return false;
    if (to != from && is_lion(at(to)) && is_enemy(at(to)) && !may_take(to)) return false;
    return true;
}

template <bool CapturesOnly>
void Position::generate_all(MoveSink<Move>& list) const {
    MoveSink<Move>::Cursor out(list);
    for_each_move<CapturesOnly>([&](int from, int to, int mid) {
        if (((mid && is_lion(at(mid))) || (to != from && is_lion(at(to)))) && !lion_rules_allow(from, to, mid)) return;
        if (mid) {
            out.push(Move::make(from, to, neighbour_dir(from, mid)));
            return;
        }
        if (to != from && may_promote(at(from), from, to)) out.push(Move::make(from, to, -1, true));
        out.push(Move::make(from, to));
    });
}

template <bool CapturesOnly>
void Position::generate(MoveSink<Move>& list) const {
    if (decided() != Outcome::Ongoing) return;
    generate_all<CapturesOnly>(list);
}
template void Position::generate<false>(MoveSink<Move>&) const;
template void Position::generate<true>(MoveSink<Move>&) const;

uint64_t Position::count_legal_moves() const {
    Moves list;
    legal_moves(list);
    return list.size();
}

int Position::royal_square(int color) const {
    for (const Square s : pieces(color))
        if (kind(kind_of(at(s))).royal) return s;
    return 0;
}

int Position::live_pieces(int color) const {
    int n = count(color);
    const int far_row = color == Sente ? 0 : Geo::ranks - 1;
    for (int col = 0; col < Geo::files; ++col) {
        const Piece p = at(Geo::square(col, far_row));
        if (is_piece(p) && color_of(p) == color && (kind_of(p) == Pawn || kind_of(p) == Lance)) --n;
    }
    return n;
}

// Bare king (lishogi's rule): `color` has one piece left, a royal (far-rank pawns and lances aside), and the
// other side has one royal, unattacked, and more than one piece besides pawns, go-betweens and far-rank
// lances, either more than two or none of them next to the bare royal.
bool Position::bare(int color) const {
    if (royals_[color] != 1 || count(color) > 1 + Geo::files) return false;
    if (live_pieces(color) != 1) return false;
    const int them = 1 - color;
    if (royals_[them] != 1) return false;
    int strong = 0;
    bool adjacent = false;
    const int our_royal = royal_square(color);
    const int far_row = them == Sente ? 0 : Geo::ranks - 1;
    for (const Square s : pieces(them)) {
        const int k = kind_of(at(s));
        if (k == Pawn || k == GoBetween || (k == Lance && Geo::row(s) == far_row)) continue;
        ++strong;
        adjacent |= Geo::distance(s, our_royal) == 1;
    }
    if (strong <= 1) return false;
    if (attacked(royal_square(them), color)) return false;
    return strong > 2 || !adjacent;
}

bool Position::lone_royals() const {
    if (royals_[0] != 1 || royals_[1] != 1 || count(0) + count(1) > 2 + 2 * Geo::files) return false;
    if (live_pieces(0) + live_pieces(1) != 2) return false;
    return !attacked(royal_square(0), 1) && !attacked(royal_square(1), 0);
}

End Position::end() const {
    if (royals_[stm_] == 0) return End::RoyalsLost;
    Moves list;
    generate_all<false>(list);
    if (list.empty()) return End::NoMove;  // judged before the bare royal, as lishogi does
    if (bare(stm_)) return End::BaredUs;
    if (bare(~stm_)) return End::BaredThem;
    if (lone_royals()) return End::LoneRoyals;
    return End::None;
}

Outcome Position::decided() const {
    if (royals_[stm_] == 0) return Outcome::Loss;
    if (count(stm_) <= 1 + Geo::files || count(~stm_) <= 1 + Geo::files) {
        if (bare(stm_)) return Outcome::Loss;
        if (bare(~stm_)) return Outcome::Win;
        if (lone_royals()) return Outcome::Draw;
    }
    return Outcome::Ongoing;
}

Outcome Position::outcome() const {
    switch (end()) {
        case End::None: return Outcome::Ongoing;
        case End::LoneRoyals: return Outcome::Draw;
        case End::BaredThem: return Outcome::Win;
        default: return Outcome::Loss;
    }
}

bool Position::in_check() const {
    if (royals_[stm_] != 1) return false;
    return attacked(royal_square(stm_), ~stm_);
}

bool Position::last_move_attacks() const {
    const int mover = ~stm_;
    for (const Square s : pieces(stm_))
        if (kind(kind_of(at(s))).royal && attacked(s, mover)) return true;
    if (!last_to_ || !is_piece(at(last_to_)) || color_of(at(last_to_)) != mover) return false;
    bool attacks = false;
    piece_moves<true>(last_to_, [&](int, int, int) { attacks = true; });
    return attacks;
}

std::string Position::move_text(Move m) const {
    const int from = m.from(), to = m.to();
    if (m.has_mid()) return square_text(from) + square_text(mid_square(m)) + square_text(to);
    if (to == from) {
        // A pass is printed through the first empty square its lion power reaches, in the order forward,
        // back, left, right, then the diagonals forward-left, forward-right, back-left, back-right.
        const Piece p = at(from);
        const large::Movement& mv = movement(p);
        for (int d = 0; d < kDirs; ++d) {
            const int off = Geo::offset(Dir(d), color_of(p));
            bool reach = mv.lion;
            for (int i = 0; i < mv.n_lines; ++i) reach |= mv.lines[size_t(i)] == off;
            if (reach && at(from + off) == kEmpty) return square_text(from) + square_text(from + off) + square_text(from);
        }
        return square_text(from) + square_text(from);
    }
    return square_text(from) + square_text(to) + (m.promotes() ? "+" : "");
}

// Every text lishogi writes for a move: the one-leg text and each two-leg path through an empty square to the
// same square; each path of a pass; the one text of a move that takes on its middle square.
std::vector<std::string> Position::spellings(Move m) const {
    const int from = m.from(), to = m.to();
    if (m.has_mid()) return {move_text(m)};
    std::vector<std::string> out;
    if (to != from) out.push_back(move_text(m));
    if (m.promotes()) return out;
    const Piece p = at(from);
    const large::Movement& mv = movement(p);
    auto path = [&](int mid) {
        if (at(mid) != kEmpty) return;
        if (to == from ? Geo::distance(mid, from) == 1 : Geo::distance(mid, to) == 1 && mid != to)
            out.push_back(square_text(from) + square_text(mid) + square_text(to));
    };
    if (mv.lion) {
        for (int d = 0; d < kDirs; ++d) path(from + Geo::sente_offset(Dir(d)));
    } else {
        for (int i = 0; i < mv.n_lines; ++i) {
            const int mid = from + mv.lines[size_t(i)];
            if (to == from || to == mid + mv.lines[size_t(i)]) path(mid);
        }
    }
    return out;
}

Result<Move> Position::parse_move(std::string_view text) const {
    const std::string t(text);
    auto fail = [&](const std::string& why) { return Error{"move '" + t + "': " + why}; };
    if (text == "pass") {
        // XBoard's null move (HaChu writes a lion's jitto as "@@@@"): every pass leaves the same position.
        Moves legal;
        legal_moves(legal);
        for (auto m : legal)
            if (m.to() == m.from() && !m.has_mid()) return m;
        return fail("no piece can pass here (a pass is a lion, horned falcon or soaring eagle going out to an "
                    "empty square and back)");
    }
    int sq[3];
    int n = 0;
    size_t i = 0;
    while (n < 3 && i < text.size() && std::isdigit((unsigned char)text[i])) {
        const size_t start = i;
        sq[n] = Geo::read_square(text, i);
        if (sq[n] < 0) return fail("'" + std::string(text.substr(start)) + "' does not start with a square of the 12x12 board");
        ++n;
    }
    const bool promo = i < text.size() && text[i] == '+';
    if (promo) ++i;
    if (n < 2 || i != text.size())
        return fail("expected <from><to>, or <from><middle><to> for a two-leg move, with + to promote (e.g. 7g7f, 6f5e6d)");
    const int from = sq[0];
    if (!is_own(at(from)))
        return fail("no piece of the side to move on " + square_text(from));
    Move m;
    if (n == 2) {
        m = Move::make(from, sq[1], -1, promo);
    } else {
        const int mid = sq[1], to = sq[2];
        if (Geo::distance(from, mid) != 1 || Geo::distance(mid, to) != 1)
            return fail("each leg of a two-leg move is a step to a neighbouring square");
        const large::Movement& mv = movement(at(from));
        bool path = mv.lion;
        for (int k = 0; k < mv.n_lines; ++k)
            path |= from + mv.lines[size_t(k)] == mid && (to == from || to == mid + mv.lines[size_t(k)]);
        if (!path) return fail("the " + std::string(kind(kind_of(at(from))).name) + " on " + square_text(from) + " has no such two-leg move");
        if (is_own(at(mid))) return fail("the first leg ends on the side's own piece on " + square_text(mid));
        if (promo) return fail("a two-leg move never promotes");
        // Through an empty square, a two-leg move is the one-leg move (or the pass) to the same square.
        m = at(mid) == kEmpty ? Move::make(from, to) : Move::make(from, to, neighbour_dir(from, mid));
    }
    Moves legal;
    legal_moves(legal);
    if (legal.contains(m)) return m;
    if (decided() != Outcome::Ongoing) return fail("the game is over (" + std::string(end_text(end())) + ")");
    // Say which rule the move breaks.
    bool pseudo = false;
    for_each_move<false>([&](int f, int to, int mid) {
        if (f == m.from() && to == m.to() && mid == mid_square(m)) pseudo = true;
    });
    if (pseudo) {
        if (m.promotes() && !may_promote(at(from), from, m.to()))
            return fail("the " + std::string(kind(kind_of(at(from))).name) + " cannot promote on this move");
        if (is_lion(at(from)))
            return fail("breaks the protected-lion rule: a lion may not take a protected lion two squares away "
                        "unless its first leg took a piece other than a pawn or go-between");
        return fail("breaks the counter-strike rule: right after losing its lion to a non-lion, a side may not "
                    "take a protected lion with a non-lion");
    }
    return fail("not a legal move of the " + std::string(kind(kind_of(at(from))).name) + " on " + square_text(from));
}

}  // namespace menagerie::chu
