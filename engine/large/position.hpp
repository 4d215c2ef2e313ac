#pragma once
// What every game of the large-board core shares above the board (engine/large/board.hpp): the SFEN and the
// `d` diagram, the move text with every lishogi spelling of a two-leg move, move generation under the game's
// own promotion and legality rules, and chu's game end (spec/chu.md, which dai's spec adopts): no royal or no
// move loses, lishogi's bare-king and lone-royal tests.
//
// A game's Position D derives from GamePosition<R, D> (R: the traits of Board<R>) and provides:
//   static constexpr int kMaxDead;            at most how many of a side's pieces can be dead (the bare-king
//                                             tests look further only when a side is down to 1 + that many)
//   bool may_promote(Piece p, int from, int to) const;    the game's promotion rule for a one-leg move
//   bool move_allowed(int from, int to, int mid) const;   its legality rules beyond movement (chu: lion trading)
//   bool dead(Piece p, int sq) const;          a piece that can never move again (it does not count as live)
//   bool minor(Piece p, int sq) const;         a piece that does not count against a bare royal
//   std::string explain_illegal(Move m) const; why a move the movement allows is refused
//   static int value(int kind);               piece values (pawn 100), for the exchange estimate
#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/movelist.hpp"
#include "engine/core/outcome.hpp"
#include "engine/core/result.hpp"
#include "engine/core/text.hpp"
#include "engine/large/board.hpp"

namespace menagerie::large {

// Why a game is over (or Ongoing), for the protocol and the match records.
enum class End : uint8_t { None, RoyalsLost, NoMove, BaredUs, BaredThem, LoneRoyals };

inline std::string_view end_text(End e) {
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

// Chu's repetition rule, which dai adopts: the fourth occurrence draws, unless exactly one side attacked with
// every move of the cycle, which then loses.
constexpr Outcome attack_repetition_outcome(bool attacks_by_us, bool attacks_by_them) {
    if (attacks_by_us && !attacks_by_them) return Outcome::Loss;
    if (attacks_by_them && !attacks_by_us) return Outcome::Win;
    return Outcome::Draw;
}

template <class R, class D, size_t MaxMoves>
class GamePosition : public Board<R> {
    using B = Board<R>;

public:
    using Geo = typename R::Geo;
    using Moves = menagerie::MoveList<Move, MaxMoves>;
    using B::at;
    using B::attacked;
    using B::count;
    using B::is_enemy;
    using B::is_own;
    using B::kind;
    using B::mid_square;
    using B::movement;
    using B::pieces;

    static Result<D> from_sfen(std::string_view text) {
        auto fail = [&](const std::string& why) { return Error{"bad SFEN '" + std::string(text) + "': " + why}; };
        const auto f = split_fields(text);
        if (f.size() < 2 || f.size() > 4)
            return fail(R::lion_trading ? "expected the board, the side to move, the lion field and a move number"
                                        : "expected the board, the side to move, '-' and a move number");
        D p;
        if (auto e = p.read_board(f[0])) return fail(*e);
        if (f[1] != "b" && f[1] != "w") return fail("side to move must be 'b' or 'w', got '" + std::string(f[1]) + "'");
        p.stm_ = f[1] == "b" ? Sente : Gote;
        if (f.size() >= 3 && f[2] != "-") {
            if constexpr (R::lion_trading) {
                size_t i = 0;
                const int sq = Geo::read_square(f[2], i);
                if (sq < 0 || i != f[2].size())
                    return fail("the third field is '-' or the square where a lion was just taken, got '" +
                                std::string(f[2]) + "'");
                // The lion was taken by the side not to move: the square is empty (a falcon or eagle passed
                // through) or holds the piece that took it.
                if (p.is_own(p.at(sq)))
                    return fail("the lion taken on " + std::string(f[2]) + " was taken by the side to move's own piece");
                p.counter_ = Square(sq);
            } else {
                return fail("the third field is '-' (there are no hands), got '" + std::string(f[2]) + "'");
            }
        }
        if (f.size() >= 4)
            if (auto e = parse_move_number(f[3], p.move_number_)) return fail(*e);
        p.key_ = p.compute_key();
        return p;
    }

    std::string sfen() const {
        return this->board_sfen() + (this->stm_ == Sente ? " b " : " w ") +
               (this->counter_ ? square_text(this->counter_) : "-") + " " + std::to_string(this->move_number_);
    }
    static std::string square_text(int sq) { return Geo::square_text(sq); }

    // Cells as wide as the longest code plus two: " P ", "+P ", "vP ", "+Pv" for one letter; " KT ", "vKT "…
    std::string diagram() const {
        // A code's letters without the parentheses of a two-letter code.
        auto letters = [](int k) {
            std::string c(B::base_code(k));
            std::erase_if(c, [](char ch) { return ch == '(' || ch == ')'; });
            return c;
        };
        size_t width = 1;
        for (int k = 0; k < B::kKinds; ++k) width = std::max(width, letters(k).size());
        const size_t cell = width + 2;
        std::string rule = "  +";
        for (int c = 0; c < Geo::files; ++c) rule += std::string(cell, '-') + "+";
        std::string s;
        for (int col = Geo::files - 1; col >= 0; --col) {
            const std::string n = std::to_string(col + 1);
            s += std::string(cell + 1 - n.size(), ' ') + n;
        }
        s += "\n" + rule + "\n";
        for (int row = 0; row < Geo::ranks; ++row) {
            s += "  |";
            for (int col = Geo::files - 1; col >= 0; --col) {
                const Piece p = at(Geo::square(col, row));
                std::string text(cell, ' ');
                if (is_piece(p)) {
                    const bool promoted = kind(kind_of(p)).promoted;
                    std::string code = letters(kind_of(p));
                    code.resize(width, ' ');
                    text = color_of(p) == Sente ? std::string(promoted ? "+" : " ") + code + " "
                           : promoted          ? "+" + code + "v"
                                               : "v" + code + " ";
                }
                s += text + "|";
            }
            s += " " + Geo::rank_text(row) + "\n" + rule + "\n";
        }
        s += std::string("Side to move: ") + (this->stm_ == Sente ? "Sente (b)" : "Gote (w)") + "\n";
        if constexpr (R::lion_trading)
            s += "Lion taken last move on: " + (this->counter_ ? square_text(this->counter_) : std::string("-")) + "\n";
        return s + D::legend();
    }

    void legal_moves(MoveSink<Move>& list) const { generate<false>(list); }
    void tactical_moves(MoveSink<Move>& list) const { generate<true>(list); }
    uint64_t count_legal_moves() const {
        Moves list;
        legal_moves(list);
        return list.size();
    }

    using B::play;
    void play(Move m) {
        Undo u;
        B::play(m, u);
    }

    // Game end visible without generating moves (royals lost, a bare royal, lone royals).
    Outcome decided() const {
        const int us = this->stm_;
        if (this->royals_[us] == 0) return Outcome::Loss;
        if (count(us) <= 1 + D::kMaxDead || count(1 - us) <= 1 + D::kMaxDead) {
            if (bare(us)) return Outcome::Loss;
            if (bare(1 - us)) return Outcome::Win;
            if (lone_royals()) return Outcome::Draw;
        }
        return Outcome::Ongoing;
    }
    Outcome outcome() const {
        switch (end()) {
            case End::None: return Outcome::Ongoing;
            case End::LoneRoyals: return Outcome::Draw;
            case End::BaredThem: return Outcome::Win;
            default: return Outcome::Loss;
        }
    }
    End end() const {  // the reason outcome() gives
        const int us = this->stm_;
        if (this->royals_[us] == 0) return End::RoyalsLost;
        Moves list;
        generate_all<false>(list);
        if (list.empty()) return End::NoMove;  // judged before the bare royal, as lishogi does
        if (bare(us)) return End::BaredUs;
        if (bare(1 - us)) return End::BaredThem;
        if (lone_royals()) return End::LoneRoyals;
        return End::None;
    }
    std::string outcome_reason() const { return std::string(end_text(end())); }
    // The side to move has one royal and it is attacked: a threat the search may not stand pat on.
    bool in_check() const {
        if (this->royals_[this->stm_] != 1) return false;
        return attacked(royal_square(this->stm_), ~this->stm_);
    }
    // Whether the last move "attacked" for the repetition rule: it leaves an enemy royal attacked, or the
    // piece it moved attacks an enemy piece.
    bool last_move_attacks() const {
        const int mover = ~this->stm_;
        for (const Square s : pieces(this->stm_))
            if (kind(kind_of(at(s))).royal && attacked(s, mover)) return true;
        const int last = this->last_to_;
        if (!last || !is_piece(at(last)) || color_of(at(last)) != mover) return false;
        bool attacks = false;
        this->template piece_moves<true>(last, [&](int, int, int) { attacks = true; });
        return attacks;
    }

    // A quick exchange estimate: what the move takes, less the mover if the enemy then attacks its square
    // (igui and passes leave the piece where it stood).
    int see(Move m) const {
        int gain = 0;
        for_each_captured(m, [&](int k) { gain += D::value(k); });
        if (m.to() == m.from()) return gain;
        if (!attacked(m.to(), ~this->stm_, m.from(), mid_square(m))) return gain;
        const int mover = kind_of(at(m.from()));
        return gain - D::value(m.promotes() ? kind(mover).promotes_to : mover);
    }

    bool is_pass(Move m) const { return m.to() == m.from() && !m.has_mid(); }
    bool is_capture(Move m) const { return m.has_mid() || (m.to() != m.from() && at(m.to()) != kEmpty); }
    template <class F>
    void for_each_captured(Move m, F&& f) const {
        if (m.has_mid()) f(kind_of(at(mid_square(m))));
        if (m.to() != m.from() && at(m.to()) != kEmpty) f(kind_of(at(m.to())));
    }
    int moving_type(Move m) const { return kind_of(at(m.from())); }
    int history_index(Move m) const { return (int(this->stm_) * B::kKinds + moving_type(m)) * Geo::size + m.to(); }

    static bool in_zone(int sq, int color) { return Geo::relative_row(sq, color) >= Geo::ranks - D::kZoneRanks; }
    int royal_square(int color) const {  // one royal's square (0 if none)
        for (const Square s : pieces(color))
            if (kind(kind_of(at(s))).royal) return s;
        return 0;
    }

    // The squares a move names, for the notation codec: origin, the middle square of a two-leg move, then
    // the destination, and '+' for a promotion.
    MoveSpelling spelling(Move m) const {
        const int from = m.from(), to = m.to();
        MoveSpelling sp;
        auto add = [&](int sq) { sp.cells.push_back(Geo::cell_of(sq)); };
        add(from);
        if (m.has_mid()) {
            add(mid_square(m));
        } else if (to == from) {
            // A pass names the first empty square its lion power reaches, in the order forward, back, left,
            // right, then the diagonals forward-left, forward-right, back-left, back-right.
            const Piece p = at(from);
            const Movement& mv = movement(p);
            for (int d = 0; d < kDirs; ++d) {
                const int off = Geo::offset(Dir(d), color_of(p));
                bool reach = mv.lion;
                for (int i = 0; i < mv.n_lines; ++i) reach |= mv.lines[size_t(i)] == off;
                if (reach && at(from + off) == kEmpty) {
                    add(from + off);
                    break;
                }
            }
        }
        add(to);
        sp.promote = m.promotes() && !m.has_mid() && to != from;
        return sp;
    }
    std::string move_text(Move m) const { return write_spelling(spelling(m), Geo::kSize, SquareStyle::Shogi); }

    // Every text lishogi writes for a move: the one-leg text and each two-leg path through an empty square to
    // the same square; each path of a pass; the one text of a move that takes on its middle square.
    std::vector<std::string> spellings(Move m) const {
        const int from = m.from(), to = m.to();
        if (m.has_mid()) return {move_text(m)};
        std::vector<std::string> out;
        if (to != from) out.push_back(move_text(m));
        if (m.promotes()) return out;
        const Piece p = at(from);
        const Movement& mv = movement(p);
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

    Result<Move> parse_move(std::string_view text) const {
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
            if (sq[n] < 0)
                return fail("'" + std::string(text.substr(start)) + "' does not start with a square of the " +
                            std::to_string(Geo::files) + "x" + std::to_string(Geo::ranks) + " board");
            ++n;
        }
        const bool promo = i < text.size() && text[i] == '+';
        if (promo) ++i;
        if (n < 2 || i != text.size())
            return fail("expected <from><to>, or <from><middle><to> for a two-leg move, with + to promote (e.g. 7g7f, 6f5e6d)");
        const int from = sq[0];
        if (!is_own(at(from))) return fail("no piece of the side to move on " + square_text(from));
        Move m;
        if (n == 2) {
            m = Move::make(from, sq[1], -1, promo);
        } else {
            const int mid = sq[1], to = sq[2];
            if (Geo::distance(from, mid) != 1 || Geo::distance(mid, to) != 1)
                return fail("each leg of a two-leg move is a step to a neighbouring square");
            const Movement& mv = movement(at(from));
            bool path = mv.lion;
            for (int k = 0; k < mv.n_lines; ++k)
                path |= from + mv.lines[size_t(k)] == mid && (to == from || to == mid + mv.lines[size_t(k)]);
            if (!path)
                return fail("the " + std::string(kind(kind_of(at(from))).name) + " on " + square_text(from) +
                            " has no such two-leg move");
            if (is_own(at(mid))) return fail("the first leg ends on the side's own piece on " + square_text(mid));
            if (promo) return fail("a two-leg move never promotes");
            // Through an empty square, a two-leg move is the one-leg move (or the pass) to the same square.
            m = at(mid) == kEmpty ? Move::make(from, to) : Move::make(from, to, B::neighbour_dir(from, mid));
        }
        Moves legal;
        legal_moves(legal);
        if (legal.contains(m)) return m;
        if (decided() != Outcome::Ongoing) return fail("the game is over (" + std::string(end_text(end())) + ")");
        // Say which rule the move breaks.
        bool pseudo = false;
        this->template for_each_move<false>([&](int f, int to, int mid) {
            if (f == m.from() && to == m.to() && mid == mid_square(m)) pseudo = true;
        });
        if (pseudo) {
            if (m.promotes() && !self().may_promote(at(from), from, m.to()))
                return fail("the " + std::string(kind(kind_of(at(from))).name) + " cannot promote on this move");
            return fail(self().explain_illegal(m));
        }
        return fail("not a legal move of the " + std::string(kind(kind_of(at(from))).name) + " on " + square_text(from));
    }

protected:
    const D& self() const { return static_cast<const D&>(*this); }

    template <bool CapturesOnly>
    void generate(MoveSink<Move>& list) const {
        if (decided() != Outcome::Ongoing) return;
        generate_all<CapturesOnly>(list);
    }
    template <bool CapturesOnly>
    void generate_all(MoveSink<Move>& list) const {  // whether or not the game is over
        typename MoveSink<Move>::Cursor out(list);
        this->template for_each_move<CapturesOnly>([&](int from, int to, int mid) {
            if (!self().move_allowed(from, to, mid)) return;
            if (mid) {
                out.push(Move::make(from, to, B::neighbour_dir(from, mid)));
                return;
            }
            if (to != from && self().may_promote(at(from), from, to)) out.push(Move::make(from, to, -1, true));
            out.push(Move::make(from, to));
        });
    }

    // Pieces of a side not counting its dead ones.
    int live_pieces(int color) const {
        int n = count(color);
        for (const Square s : pieces(color))
            if (self().dead(at(s), s)) --n;
        return n;
    }

    // Bare king (lishogi's rule): `color` has one live piece left, a royal, and the other side has one royal,
    // unattacked, and more than one piece that counts (not minor), either more than two or none of them next
    // to the bare royal.
    bool bare(int color) const {
        if (this->royals_[color] != 1 || count(color) > 1 + D::kMaxDead) return false;
        if (live_pieces(color) != 1) return false;
        const int them = 1 - color;
        if (this->royals_[them] != 1) return false;
        int strong = 0;
        bool adjacent = false;
        const int our_royal = royal_square(color);
        for (const Square s : pieces(them)) {
            if (self().minor(at(s), s)) continue;
            ++strong;
            adjacent |= Geo::distance(s, our_royal) == 1;
        }
        if (strong <= 1) return false;
        if (attacked(royal_square(them), color)) return false;
        return strong > 2 || !adjacent;
    }

    bool lone_royals() const {
        if (this->royals_[0] != 1 || this->royals_[1] != 1 || count(0) + count(1) > 2 + 2 * D::kMaxDead) return false;
        if (live_pieces(0) + live_pieces(1) != 2) return false;
        return !attacked(royal_square(0), 1) && !attacked(royal_square(1), 0);
    }
};

}  // namespace menagerie::large
