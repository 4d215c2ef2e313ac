// Taikyoku shogi: move generation (distinct outcomes), play/undo, game end, move text and the two position
// formats. The rules are spec/taikyoku.md; where a line below applies one of its decisions it says which.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <string>
#include <vector>

#include "engine/core/text.hpp"
#include "engine/taikyoku/taikyoku.hpp"

namespace menagerie::taikyoku {

using large::color_of;
using large::is_piece;
using large::kEmpty;
using large::kGuard;
using large::kind_of;
using large::make_piece;

static_assert(kKinds == 356, "209 starting types and 147 promotion targets");

std::vector<std::array<Movement, 2>> Position::build_table() {
    std::vector<std::array<Movement, 2>> v(kKinds);
    for (int k = 0; k < kKinds; ++k)
        for (int c = 0; c < 2; ++c) v[size_t(k)][size_t(c)] = compile_movement<Geo>(kKindTable[size_t(k)].moves, c);
    return v;
}

std::vector<std::array<Parts, 36>> build_parts() {
    static constexpr int pawn = kind_of_row(row_of("P"), false);
    const auto& values = piece_values();
    std::vector<std::array<Parts, 36>> t(kKinds);
    for (int k = 0; k < kKinds; ++k) {
        const int to = kKindTable[size_t(k)].promotes_to;
        const int gain = to >= 0 ? std::max(0, values[size_t(to)] - values[size_t(k)]) : 0;
        for (int row = 0; row < 36; ++row) {
            Parts& p = t[size_t(k)][size_t(row)];
            p[Material] = kKindTable[size_t(k)].royal ? 0 : values[size_t(k)];
            // the zone starts on row 25 (11 far ranks)
            p[PromotionProspect] = row >= 19 ? gain * std::min(row - 18, 7) / 7 : 0;
            p[PawnAdvance] = k == pawn && row > 12 ? row - 12 : 0;
            p[Forward] = k == pawn || kKindTable[size_t(k)].royal ? 0 : row;
        }
    }
    return t;
}

namespace {

// Destinations a piece reaches, each once: a stamp per square (bit 0: reached, bit 1: some path to it may
// promote) and the list of squares stamped, so that many paths to one square make one move (spec "Move
// identity"). One per thread: generation is const and several searches may run at once.
struct Marks {
    std::array<uint32_t, Geo::size> mark{};
    std::array<Square, Geo::size> list{};
    uint32_t stamp = 0;
    uint32_t next() {
        if (++stamp >= (1u << 29)) {
            mark.fill(0);
            stamp = 1;
        }
        return stamp;
    }
};
thread_local Marks marks;

Move make(int from, int to, int mid_dir = -1, bool promo = false, uint32_t flags = 0) {
    return Move{Move::make(from, to, mid_dir, promo).v | flags};
}

}  // namespace

template <bool CapturesOnly, class Emit>
void Position::piece_moves(int s, Emit&& emit) const {
    const Piece p = board_[size_t(s)];
    const int us = color_of(p);
    const Movement& mv = moves_of(p);
    const bool can_promote = kind(kind_of(p)).promotes_to >= 0;
    // Promotion (spec "Promotion", decision 8): the origin, the destination or a square where a leg ends lies
    // in the zone.
    auto zone = [&](int sq) { return can_promote && in_zone(sq, us); };
    const bool pz = zone(s);
    auto enemy = [&](Piece q) { return is_piece(q) && color_of(q) != us; };
    Marks& mk = marks;
    const uint32_t stamp = mk.next();
    int n = 0;
    const bool overlaps = mv.overlaps;
    auto mark = [&](int t, bool promo) {
        if constexpr (CapturesOnly)
            if (board_[size_t(t)] == kEmpty) return;
        if (!overlaps) {  // each square is reached once: no need to keep it
            emit(make(s, t));
            if (promo) emit(make(s, t, -1, true));
            return;
        }
        uint32_t& m = mk.mark[size_t(t)];
        if ((m >> 2) != stamp) {
            m = stamp << 2;
            mk.list[size_t(n++)] = Square(t);
        }
        m |= 1u | (promo ? 2u : 0u);
    };
    auto emit_both = [&](int to, int mid_dir, bool promo, uint32_t flags) {
        emit(make(s, to, mid_dir, false, flags));
        if (promo) emit(make(s, to, mid_dir, true, flags));
    };
    // A slide from `t` by `step` for up to `range` squares through empty squares, taking an enemy at its end.
    auto slide = [&](int t, int step, int range, bool leg_zone) {
        for (; range > 0; --range, t += step) {
            const Piece q = board_[size_t(t)];
            if (q == kEmpty) {
                mark(t, leg_zone || zone(t));
                continue;
            }
            if (enemy(q)) mark(t, leg_zone || zone(t));
            break;
        }
    };
    for (int i = 0; i < mv.n_lines; ++i) slide(s + mv.lines[size_t(i)].step, mv.lines[size_t(i)].step, mv.lines[size_t(i)].range, pz);
    for (int i = 0; i < mv.n_leaps; ++i) {
        const int t = s + mv.leaps[size_t(i)];
        const Piece q = board_[size_t(t)];
        if (q == kEmpty || enemy(q)) mark(t, pz || zone(t));
    }
    // Leap to an empty square, then on along the line (the leap square counts for promotion).
    for (int i = 0; i < mv.n_leap_slides; ++i) {
        const auto& ls = mv.leap_slides[size_t(i)];
        const int m = s + ls.leap;
        if (board_[size_t(m)] != kEmpty) continue;
        slide(m + ls.step, ls.step, ls.range, pz || zone(m));
    }
    // Hooks: any empty square of the first line is a corner; the corner counts for promotion.
    for (int i = 0; i < mv.n_hooks; ++i) {
        const auto& h = mv.hooks[size_t(i)];
        for (int m = s + h.step; board_[size_t(m)] == kEmpty; m += h.step) {
            const bool zm = pz || zone(m);
            slide(m + h.turn[0], h.turn[0], kUnlimited, zm);
            slide(m + h.turn[1], h.turn[1], kUnlimited, zm);
        }
    }
    // Flying over up to three pieces: any empty square, or an enemy among the first four pieces met
    // (decision 10: the fourth may be taken, and ends the line).
    for (int i = 0; i < mv.n_over3; ++i) {
        const int step = mv.over3[size_t(i)].step;
        int met = 0;
        for (int t = s + step;; t += step) {
            const Piece q = board_[size_t(t)];
            if (q == kGuard) break;
            if (q == kEmpty) {
                mark(t, pz || zone(t));
                continue;
            }
            if (enemy(q)) mark(t, pz || zone(t));
            if (++met == 4) break;
        }
    }
    // Lion double steps (cK-aK) and igui (cK-bK). Through an empty first square a double step is the leap to
    // the same square (every lion-type piece also leaps to every square two away), but that square may let it
    // promote; back to the start it is the one pass (jitto).
    bool pass = false, pass_promo = false;
    if (mv.lion || mv.igui) {
        for (int d = 0; d < large::kDirs; ++d) {
            const int m = s + Geo::sente_offset(Dir(d));
            const Piece q = board_[size_t(m)];
            if (q == kEmpty) {
                pass = true;
                pass_promo |= zone(m);
                if (mv.lion)
                    for (int e = 0; e < large::kDirs; ++e) {
                        const int t = m + Geo::sente_offset(Dir(e));
                        const Piece r = board_[size_t(t)];
                        if (t != s && (r == kEmpty || enemy(r))) mark(t, pz || zone(m) || zone(t));
                    }
            } else if (enemy(q)) {
                const bool zm = pz || zone(m);
                emit_both(s, d, zm, 0);  // igui
                if (mv.lion)
                    for (int e = 0; e < large::kDirs; ++e) {
                        const int t = m + Geo::sente_offset(Dir(e));
                        const Piece r = board_[size_t(t)];
                        if (t != s && (r == kEmpty || enemy(r))) emit_both(t, d, zm || zone(t), 0);
                    }
            }
        }
    }
    // The Free Eagle's walks: n squares, each empty or an enemy (taken), then stop or run on (decision 9). A
    // walk that takes nothing but the square it ends on is the leap there, and one that takes nothing is the
    // plain slide: only the others are new outcomes.
    for (int i = 0; i < mv.n_walks; ++i) {
        const auto& w = mv.walks[size_t(i)];
        int sq = s;
        bool early = false, last = false, ok = true, walk_zone = pz;
        for (int k = 1; k <= w.n; ++k) {
            sq += w.step;
            const Piece q = board_[size_t(sq)];
            if (q != kEmpty && !enemy(q)) {
                ok = false;
                break;
            }
            if (q != kEmpty) (k < w.n ? early : last) = true;
            walk_zone |= zone(sq);
        }
        if (!ok) continue;
        if (w.stop && early) emit_both(sq, -1, walk_zone, kWalkBit | kTakesBit);
        if (w.run_on && (early || last)) {
            for (int t = sq + w.step;; t += w.step) {
                const Piece q = board_[size_t(t)];
                if (q != kEmpty && !enemy(q)) break;
                // Captures only: running on over empty squares takes nothing more than stopping.
                if (!CapturesOnly || q != kEmpty) emit_both(t, -1, walk_zone || zone(t), kWalkBit | kTakesBit);
                if (q != kEmpty) break;
            }
        }
    }
    // Range capture (spec "Range capture", decisions 2 and 3): pieces of lower rank, of either side, are taken
    // as the slide passes them; one of equal or higher rank stops it in front.
    if (mv.n_ranged) {
        const int rank = rank_of(p);
        for (int i = 0; i < mv.n_ranged; ++i) {
            const int step = mv.ranged[size_t(i)].step;
            bool took_enemy = false, took = false;
            for (int t = s + step;; t += step) {
                const Piece q = board_[size_t(t)];
                if (q == kGuard) break;
                if (q != kEmpty && rank_of(q) <= rank) break;
                const bool e = enemy(q);
                const uint32_t flags = kRangeBit | (took || q != kEmpty ? kTakesBit : 0);
                // Captures only: the moves that take an enemy, each set of pieces once (ending on the last piece
                // taken, not on the empty squares after it, which take nothing more).
                if (!CapturesOnly || (q != kEmpty && (took_enemy || e))) emit_both(t, -1, pz || zone(t), flags);
                took_enemy |= e;
                took |= q != kEmpty;
            }
        }
    }
    for (int i = 0; i < n; ++i) {
        const int t = mk.list[size_t(i)];
        emit_both(t, -1, mk.mark[size_t(t)] & 2, 0);
    }
    if (!CapturesOnly && pass) emit_both(s, -1, pz || pass_promo, 0);
}

template <bool CapturesOnly>
void Position::generate(MoveSink<Move>& list) const {
    if (decided() != Outcome::Ongoing) return;
    typename MoveSink<Move>::Cursor out(list);
    for (const Square s : pieces(stm_)) piece_moves<CapturesOnly>(s, [&](Move m) { out.push(m); });
}

void Position::legal_moves(MoveSink<Move>& list) const { generate<false>(list); }
void Position::all_moves(MoveSink<Move>& list) const {
    typename MoveSink<Move>::Cursor out(list);
    for (const Square s : pieces(stm_)) piece_moves<false>(s, [&](Move m) { out.push(m); });
}
void Position::tactical_moves(MoveSink<Move>& list) const { generate<true>(list); }
uint64_t Position::count_legal_moves() const {
    if (decided() != Outcome::Ongoing) return 0;
    uint64_t n = 0;
    for (const Square s : pieces(stm_)) piece_moves<false>(s, [&](Move) { ++n; });
    return n;
}

void Position::take(int sq, Undo& u) {
    add_parts(board_[size_t(sq)], sq, -1);
    u.square[u.n] = Square(sq);
    u.piece[u.n] = board_[size_t(sq)];
    u.slot[u.n] = lift(sq);
    ++u.n;
}

void Position::play(Move m, Undo& u) {
    const int from = m.from(), to = m.to();
    const Piece p = board_[size_t(from)];
    const Color us = stm_;
    u.key = key_;
    u.parts = parts_;
    u.moved = p;
    u.n = 0;
    for_each_capture_square(m, [&](int sq) { take(sq, u); });
    if (to != from || m.promotes()) {
        const Piece np = m.promotes() ? make_piece(us, kind(kind_of(p)).promotes_to) : p;
        const auto& psq = tables().psq;
        key_ ^= psq[size_t(p) * kSize + size_t(from)] ^ psq[size_t(np) * kSize + size_t(to)];
        board_[size_t(from)] = kEmpty;
        board_[size_t(to)] = np;
        const uint16_t slot = slot_[size_t(from)];
        slot_[size_t(to)] = slot;
        list_[us][slot] = Square(to);
        if (kind(kind_of(np)).royal && !kind(kind_of(p)).royal) ++royals_[us];  // a Drunken Elephant crowned
        add_parts(p, from, -1);
        add_parts(np, to, 1);
    }
    key_ ^= tables().side;
    stm_ = ~stm_;
    ++move_number_;
}

void Position::undo(Move m, const Undo& u) {
    const int from = m.from(), to = m.to();
    stm_ = ~stm_;
    --move_number_;
    const Color us = stm_;
    if (to != from || m.promotes()) {
        if (kind(kind_of(board_[size_t(to)])).royal && !kind(kind_of(u.moved)).royal) --royals_[us];
        board_[size_t(to)] = kEmpty;
        board_[size_t(from)] = u.moved;
        const uint16_t slot = slot_[size_t(to)];
        slot_[size_t(from)] = slot;
        list_[us][slot] = Square(from);
    }
    for (int i = u.n - 1; i >= 0; --i) unlift(u.square[size_t(i)], u.piece[size_t(i)], u.slot[size_t(i)]);
    key_ = u.key;
    parts_ = u.parts;
}

End Position::end() const {
    if (royals_[stm_] == 0) return End::RoyalsLost;
    bool any = false;
    for (const Square s : pieces(stm_)) {
        piece_moves<false>(s, [&](Move) { any = true; });
        if (any) break;
    }
    return any ? End::None : End::NoMove;  // decision 5: no legal move loses
}
Outcome Position::outcome() const { return end() == End::None ? Outcome::Ongoing : Outcome::Loss; }
std::string Position::outcome_reason() const {
    switch (end()) {
        case End::None: return "ongoing";
        case End::RoyalsLost: return "the side to move has no king or crown prince left";
        case End::NoMove: return "the side to move has no legal move";
    }
    return "?";
}

int Position::royal_square(int color) const {
    for (const Square s : pieces(color))
        if (kind(kind_of(board_[s])).royal) return s;
    return 0;
}

bool Position::attacked(int sq, int by) const {
    for (int dr = -4; dr <= 4; ++dr)
        for (int dc = -4; dc <= 4; ++dc) {
            const Piece q = board_[size_t(sq + dr * Geo::stride + dc)];
            if (is_piece(q) && color_of(q) == by && moves_of(q).reaches_near(-dc, -dr)) return true;
        }
    for (int d = 0; d < large::kDirs; ++d) {
        const int off = Geo::sente_offset(Dir(d));
        int x = sq + off, dist = 1;
        while (board_[size_t(x)] == kEmpty) x += off, ++dist;
        const Piece q = board_[size_t(x)];
        if (is_piece(q) && color_of(q) == by && moves_of(q).reach[opposite(Dir(d))] >= dist) return true;
    }
    return false;
}

bool Position::in_check() const {
    if (royals_[stm_] != 1) return false;
    return attacked(royal_square(stm_), ~stm_);
}

int Position::see(Move m) const {
    int gain = 0;
    for_each_capture_square(m, [&](int sq) {
        const Piece q = board_[size_t(sq)];
        gain += color_of(q) == stm_ ? -value(kind_of(q)) : value(kind_of(q));
    });
    if (m.to() == m.from() || !attacked(m.to(), ~stm_)) return gain;
    const int mover = kind_of(board_[size_t(m.from())]);
    return gain - value(m.promotes() ? kind(mover).promotes_to : mover);
}

// Piece values from the table (spec: "piece values from the table's ranks and mobility"): 100 times the square
// root of the squares a kind reaches on an empty board (the mean of four squares), a lion's double capture and
// the range-capture ranks above that; royals 2,000 (they are the game).
std::array<int, kKinds> Position::build_values() {
    return [] {
        std::array<int, kKinds> out{};
        const int squares[4][2] = {{17, 17}, {8, 26}, {27, 9}, {3, 31}};
        for (int k = 0; k < kKinds; ++k) {
            if (kKindTable[size_t(k)].royal) {
                out[size_t(k)] = 2000;
                continue;
            }
            double mobility = 0;
            for (const auto& sq : squares) {
                auto p = Position::from_sfen("36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36/36 b - 1");
                Position pos = std::move(p).value();
                pos.put(Geo::square(sq[0], sq[1]), make_piece(0, k));  // without the parts, which need these values
                MoveList<Move, 4096> list;
                pos.all_moves(list);
                for (Move m : list) mobility += !m.promotes();
            }
            mobility /= 4;
            const Movement& mv = Position::table()[size_t(k)][0];
            int value = int(std::lround(100 * std::sqrt(std::max(1.0, mobility))));
            if (mv.lion) value += 300;
            const int rank = row(k).rank;
            value += rank == 2 ? 800 : rank == 3 ? 500 : rank == 4 ? 250 : 0;
            out[size_t(k)] = value;
        }
        return out;
    }();
}

// ---- Text ----------------------------------------------------------------------------------------------------

Result<Position> Position::from_sfen(std::string_view text) {
    auto fail = [&](const std::string& why) {
        const std::string shown = text.size() > 120 ? std::string(text.substr(0, 120)) + "..." : std::string(text);
        return Error{"bad SFEN '" + shown + "': " + why};
    };
    const auto f = split_fields(text);
    if (f.size() < 2 || f.size() > 4) return fail("expected the board, the side to move, '-' and a move number");
    Position p;
    if (auto e = p.read_board(f[0])) return fail(*e);
    if (f[1] != "b" && f[1] != "w") return fail("side to move must be 'b' or 'w', got '" + std::string(f[1]) + "'");
    p.stm_ = f[1] == "b" ? Sente : Gote;
    if (f.size() >= 3 && f[2] != "-") return fail("the third field is '-' (there are no drops), got '" + std::string(f[2]) + "'");
    if (f.size() >= 4)
        if (auto e = parse_move_number(f[3], p.move_number_)) return fail(*e);
    p.key_ = p.compute_key();
    for (int c = 0; c < 2; ++c)
        for (const Square s : p.pieces(c)) p.add_parts(p.board_[s], s, 1);
    return p;
}

std::string Position::sfen() const {
    return board_sfen() + (stm_ == Sente ? " b - " : " w - ") + std::to_string(move_number_);
}

std::string Position::atsi() const {
    std::string s;
    for (int row = 0; row < Geo::ranks; ++row) {
        if (row) s += '/';
        std::vector<std::string> cells;
        std::string run;  // the code of the current run of equal pieces, or "" for empty squares
        int count = 0;
        auto flush = [&] {
            if (!count) return;
            cells.push_back(run.empty() ? std::to_string(count) : run + (count > 1 ? std::to_string(count) : ""));
        };
        for (int col = Geo::files - 1; col >= 0; --col) {
            const Piece q = board_[Geo::square(col, row)];
            std::string code;
            if (is_piece(q)) {
                code = std::string(taikyoku::row(kind_of(q)).code);
                // that site writes the first player (Sente) in lower case
                if (color_of(q) == Sente)
                    for (char& c : code) c = char(std::tolower((unsigned char)c));
            }
            if (count && code == run) {
                ++count;
                continue;
            }
            flush();
            run = code;
            count = 1;
        }
        flush();
        for (size_t i = 0; i < cells.size(); ++i) s += (i ? "," : "") + cells[i];
    }
    // Its move counter counts the moves played; its parity says who moves.
    int counter = move_number_ - 1;
    if ((counter % 2 == 0) != (stm_ == Sente)) ++counter;
    return s + " " + std::to_string(counter);
}

Result<Position> Position::from_atsi(std::string_view text) {
    auto fail = [&](const std::string& why) {
        const std::string shown = text.size() > 120 ? std::string(text.substr(0, 120)) + "..." : std::string(text);
        return Error{"bad ATSI position '" + shown + "': " + why};
    };
    const auto f = split_fields(text);
    if (f.size() != 2) return fail("expected two fields, the board and the move counter");
    uint16_t counter = 0;
    for (char c : f[1])
        if (!std::isdigit((unsigned char)c)) return fail("the move counter is a number, got '" + std::string(f[1]) + "'");
    if (f[1].empty() || f[1].size() > 4) return fail("the move counter is a number up to 9999");
    counter = uint16_t(std::stoi(std::string(f[1])));
    std::string board;
    size_t start = 0;
    int row = 0;
    const std::string_view b = f[0];
    while (true) {
        size_t slash = b.find('/', start);
        const std::string_view rank = b.substr(start, slash == std::string_view::npos ? std::string_view::npos : slash - start);
        if (row == Geo::ranks) return fail("more than 36 rows");
        if (row) board += '/';
        size_t c0 = 0;
        while (true) {
            size_t comma = rank.find(',', c0);
            const std::string_view cell = rank.substr(c0, comma == std::string_view::npos ? std::string_view::npos : comma - c0);
            size_t i = 0;
            while (i < cell.size() && std::isalpha((unsigned char)cell[i])) ++i;
            const std::string_view letters = cell.substr(0, i), digits = cell.substr(i);
            if (cell.empty() || digits.size() > 2 || !std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit((unsigned char)c); }))
                return fail("cannot read the cell '" + std::string(cell) + "' in row " + std::to_string(row + 1));
            const int n = digits.empty() ? 1 : std::stoi(std::string(digits));
            if (n < 1 || n > 36) return fail("a run of " + std::to_string(n) + " in row " + std::to_string(row + 1));
            if (letters.empty()) {
                board += std::to_string(n);
            } else {
                const bool lower = std::all_of(letters.begin(), letters.end(), [](char c) { return std::islower((unsigned char)c); });
                const bool upper = std::all_of(letters.begin(), letters.end(), [](char c) { return std::isupper((unsigned char)c); });
                if (!lower && !upper) return fail("mixed case in '" + std::string(cell) + "'");
                std::string code(letters);
                for (char& c : code) c = lower ? char(std::toupper((unsigned char)c)) : char(std::tolower((unsigned char)c));
                if (code.size() > 1) code = "(" + code + ")";
                for (int k = 0; k < n; ++k) board += code;
            }
            if (comma == std::string_view::npos) break;
            c0 = comma + 1;
        }
        ++row;
        if (slash == std::string_view::npos) break;
        start = slash + 1;
    }
    if (row != Geo::ranks) return fail("expected 36 rows, got " + std::to_string(row));
    auto p = from_sfen(board + (counter % 2 == 0 ? " b - " : " w - ") + std::to_string(counter + 1));
    if (!p) return fail(p.error());
    return p;
}

std::string Position::diagram() const {
    // Two halves of 18 files, four characters a square ('+' for a promoted piece, then its code; lower case
    // is Gote), so that each line fits an 80-column terminal.
    std::string s;
    for (int half = 0; half < 2; ++half) {
        const int hi = half == 0 ? Geo::files - 1 : Geo::files / 2 - 1, lo = hi - Geo::files / 2 + 1;
        std::string header;
        for (int col = hi; col >= lo; --col) {
            const std::string n = std::to_string(col + 1);
            header += std::string(4 - n.size(), ' ') + n;
        }
        s += header + "\n";
        for (int row = 0; row < Geo::ranks; ++row) {
            for (int col = hi; col >= lo; --col) {
                const Piece q = board_[Geo::square(col, row)];
                if (!is_piece(q)) {
                    s += " .  ";
                    continue;
                }
                std::string code(taikyoku::row(kind_of(q)).code);
                if (color_of(q) == Gote)
                    for (char& c : code) c = char(std::tolower((unsigned char)c));
                code.insert(0, kind(kind_of(q)).promoted ? "+" : " ");
                s += code + std::string(4 - code.size(), ' ');
            }
            s += "  " + Geo::rank_text(row) + "\n";
        }
        s += "\n";
    }
    s += std::string("Side to move: ") + (stm_ == Sente ? "Sente (b, upper case)" : "Gote (w, lower case)") +
         "; + promoted; codes as in engine/taikyoku/pieces.csv\n";
    return s;
}

// The squares a move's text writes between its origin and destination (spec "Intermediate squares"): where it
// takes something before its destination, except a range capture's victims, which follow from the two ends.
static std::vector<int> written_squares(const Position& pos, Move m) {
    std::vector<int> out;
    if (is_range(m)) return out;
    pos.for_each_capture_square(m, [&](int sq) {
        if (sq != m.to() || m.to() == m.from()) out.push_back(sq);
    });
    return out;
}

MoveSpelling Position::spelling(Move m) const {
    MoveSpelling sp;
    sp.cells.push_back(Geo::cell_of(m.from()));
    for (int sq : written_squares(*this, m)) sp.cells.push_back(Geo::cell_of(sq));
    sp.cells.push_back(Geo::cell_of(m.to()));
    sp.promote = m.promotes();
    return sp;
}

std::string Position::move_text(Move m) const { return write_spelling(spelling(m), Geo::kSize, SquareStyle::Shogi); }

Result<Move> Position::parse_move(std::string_view text) const {
    const std::string t(text);
    auto fail = [&](const std::string& why) { return Error{"move '" + t + "': " + why}; };
    if (text == "pass") {
        // USI's pass, as the match runner sends a jitto (<sq><sq> in our own text): every jitto leaves the same
        // position, so any piece's will do.
        if (decided() != Outcome::Ongoing) return fail("the game is over (" + outcome_reason() + ")");
        Moves legal;
        legal_moves(legal);
        for (const Move m : legal)
            if (is_pass(m)) return m;
        return fail("no piece can pass here (a jitto is a lion-type piece or the Free Eagle stepping out to an empty "
                    "square and back)");
    }
    std::vector<int> sq;
    size_t i = 0;
    while (i < text.size() && std::isdigit((unsigned char)text[i])) {
        const size_t start = i;
        const int x = Geo::read_square(text, i);
        if (x < 0) return fail("'" + std::string(text.substr(start)) + "' does not start with a square of the 36x36 board (1a to 36jj)");
        if (sq.size() == 8) return fail("more squares than any move names");
        sq.push_back(x);
    }
    const bool promo = i < text.size() && text[i] == '+';
    if (promo) ++i;
    if (sq.size() < 2 || i != text.size())
        return fail("expected <from>[<captured squares>]<to>, with + to promote (e.g. 18z18y, 17hh17gg16ff), or pass");
    const int from = sq.front(), to = sq.back();
    if (!is_own(at(from))) return fail("no piece of the side to move on " + square_text(from));
    const std::vector<int> between(sq.begin() + 1, sq.end() - 1);
    const std::string name(kind(kind_of(at(from))).name);
    if (decided() != Outcome::Ongoing) return fail("the game is over (" + outcome_reason() + ")");
    Moves legal;
    legal_moves(legal);
    bool same_ends = false, promo_elsewhere = false;
    for (const Move m : legal) {
        if (m.from() != from || m.to() != to) continue;
        same_ends = true;
        if (m.promotes() != promo) {
            promo_elsewhere |= m.promotes();
            continue;
        }
        if (written_squares(*this, m) == between) return m;
        // The lishogi habit: a lion's two steps written through an empty middle square.
        const Movement& mv = moves_of(at(from));
        if (between.size() == 1 && (mv.lion || mv.igui) && at(between[0]) == kEmpty && !m.has_mid() && !is_walk(m) &&
            Geo::distance(from, between[0]) == 1 && (to == from || Geo::distance(between[0], to) == 1) &&
            (to == from || mv.lion))
            return m;
    }
    if (same_ends && promo && !promo_elsewhere)
        return fail("the " + name + " cannot promote on this move (no square of it lies in the promotion zone, or it has promoted already or never promotes)");
    if (same_ends)
        return fail("the squares between " + square_text(from) + " and " + square_text(to) +
                    " must be exactly those where the move takes a piece before its end");
    return fail("not a legal move of the " + name + " on " + square_text(from));
}

}  // namespace menagerie::taikyoku
