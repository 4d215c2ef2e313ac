#include "protocol/loop/dialect.hpp"

#include <algorithm>
#include <cctype>

#include "engine/core/text.hpp"

namespace menagerie {

namespace {

bool all_digits(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (c < '0' || c > '9') return false;
    return true;
}

// The SFEN's third field (a square or "-") in the other style.
Result<std::string> respell_field(std::string_view field, const GameNotation& game, SquareStyle from, SquareStyle to) {
    if (field == "-") return std::string("-");
    size_t i = 0;
    const int cell = read_square(field, i, game.size, from);
    if (cell < 0 || i != field.size()) return Error{"unreadable square '" + std::string(field) + "'"};
    return square_text(cell, game.size, to);
}

}  // namespace

std::string DialectWriter::move(const MoveNote& m) const {
    if (dialect_ == Dialect::Usi || game_.style == SquareStyle::Chess || m.spelling.cells.empty()) return m.text;
    return write_spelling(m.spelling, game_.size, SquareStyle::Chess);
}

std::string DialectWriter::info_text(const SearchInfo& info) const {
    std::string s = "info depth " + std::to_string(info.depth) + " seldepth " + std::to_string(info.seldepth) +
                    " multipv " + std::to_string(info.multipv) + " score ";
    if (!info.score.mate) {
        s += "cp " + std::to_string(info.score.value);
    } else if (dialect_ == Dialect::Usi) {
        s += "mate " + std::to_string(info.score.value);  // plies
    } else {
        // UCI counts moves: mate in 5 plies is mate 3, mated in 6 plies is mate -3.
        const int plies = info.score.value;
        s += "mate " + std::to_string(plies > 0 ? (plies + 1) / 2 : -((1 - plies) / 2));
    }
    if (info.score.bound == Score::Bound::Lower) s += " lowerbound";
    if (info.score.bound == Score::Bound::Upper) s += " upperbound";
    s += " nodes " + std::to_string(info.nodes) + " nps " + std::to_string(info.nps) + " time " +
         std::to_string(info.time_ms);
    if (info.hashfull >= 0) s += " hashfull " + std::to_string(info.hashfull);
    s += " pv";
    for (const MoveNote& m : info.pv) s += " " + move(m);
    return s;
}

std::string DialectWriter::result_text(const SearchResult& r) const {
    using Kind = SearchResult::Kind;
    auto best = [&] {
        std::string s = "bestmove " + move(r.moves[0]);
        if (r.moves.size() > 1) s += " ponder " + move(r.moves[1]);
        return s;
    };
    if (dialect_ == Dialect::Uci) {
        // UCI has no resign, win or checkmate answers: a move, or (none) where there is none to play.
        if ((r.kind == Kind::Move || r.kind == Kind::Mate) && !r.moves.empty()) return best();
        return "bestmove (none)";
    }
    switch (r.kind) {
        case Kind::Move:
            return r.moves.empty() ? "bestmove resign" : best();
        case Kind::Resign:
            return "bestmove resign";
        case Kind::Win:
            return "bestmove win";
        case Kind::Mate: {
            std::string s = "checkmate";
            for (const MoveNote& m : r.moves) s += " " + move(m);
            return s;
        }
        case Kind::NoMate:
            return "checkmate nomate";
        case Kind::MateTimeout:
            return "checkmate timeout";
    }
    return "bestmove resign";
}

void DialectWriter::info(const SearchInfo& info) { out_.line(info_text(info)); }
void DialectWriter::result(const SearchResult& result) { out_.line(result_text(result)); }
void DialectWriter::note(std::string_view text, bool error) {
    if (error)
        out_.error(text);
    else
        out_.info(text);
}

Result<std::string> sfen_to_fen(std::string_view sfen, const GameNotation& game) {
    const auto f = split_fields(sfen);
    if (f.size() < 2) return Error{"expected a board and a side to move"};
    std::string fen(f[0]);
    size_t next = 2;
    if (game.hands) {
        BoardCells cells;
        if (f.size() > 2) {
            if (auto e = read_hands_field(f[2], cells)) return Error{*e};
            next = 3;
        }
        std::string hand;
        for (int side = 0; side < 2; ++side)
            for (const auto& [piece, count] : cells.hands[side])
                for (int k = 0; k < count; ++k) {
                    std::string p = piece;
                    if (side == 1)
                        for (char& c : p) c = char(std::tolower(static_cast<unsigned char>(c)));
                    hand += p;
                }
        fen += "[" + (hand.empty() ? std::string("-") : hand) + "]";
    }
    if (f[1] != "b" && f[1] != "w") return Error{"the side to move must be 'b' or 'w'"};
    fen += f[1] == "b" ? " w" : " b";
    std::string third = "-";
    if (!game.hands && game.third_field && f.size() > 2) {
        auto t = respell_field(f[2], game, game.style, SquareStyle::Chess);
        if (!t) return Error{t.error()};
        third = *t;
        next = 3;
    }
    int ply = 1;
    if (f.size() > next && all_digits(f[next]) && f[next].size() < 7) ply = std::max(1, std::stoi(std::string(f[next])));
    fen += " " + third + " " + std::to_string((ply + 1) / 2);
    return fen;
}

Result<std::string> fen_to_sfen(std::string_view fen, const GameNotation& game) {
    const auto f = split_fields(fen);
    if (f.size() < 2) return Error{"FEN: expected a board and a side to move"};
    std::string_view board = f[0];
    std::string hands = "-";
    if (const size_t open = board.find('['); open != std::string_view::npos) {
        if (!game.hands) return Error{"FEN: this game has no pieces in hand ('[' in the board)"};
        if (board.back() != ']') return Error{"FEN: the hand must end with ']'"};
        const std::string_view inside = board.substr(open + 1, board.size() - open - 2);
        board = board.substr(0, open);
        if (!inside.empty() && inside != "-") {
            // Pieces one by one (a count before a piece is read too); Sente's upper case, Gote's lower case.
            BoardCells cells;
            if (auto e = read_hands_field(inside, cells)) return Error{"FEN: " + *e};
            std::string h;
            for (int side = 0; side < 2; ++side) {
                std::vector<std::pair<std::string, int>> merged;
                for (const auto& entry : cells.hands[side]) {
                    auto it = std::find_if(merged.begin(), merged.end(), [&](const auto& e) { return e.first == entry.first; });
                    if (it == merged.end())
                        merged.push_back(entry);
                    else
                        it->second += entry.second;
                }
                for (auto [piece, count] : merged) {
                    if (side == 1)
                        for (char& c : piece) c = char(std::tolower(static_cast<unsigned char>(c)));
                    h += (count > 1 ? std::to_string(count) : std::string()) + piece;
                }
            }
            hands = h.empty() ? "-" : h;
        }
    }
    if (f[1] != "w" && f[1] != "b") return Error{"FEN: the side to move must be 'w' (Sente) or 'b' (Gote)"};
    const bool sente = f[1] == "w";
    std::string sfen = std::string(board) + (sente ? " b" : " w");
    // Between the side and the numbers: "-" fields (chess's castling and en passant, which cutechess and
    // Fairy-Stockfish write), or for chu and dai the square of a lion just taken.
    std::string third = "-";
    size_t next = 2;
    for (; next < f.size() && !all_digits(f[next]); ++next) {
        if (next > 3) return Error{"FEN: unexpected field '" + std::string(f[next]) + "'"};
        if (f[next] == "-") continue;
        if (game.hands || !game.third_field || third != "-")
            return Error{"FEN: unexpected field '" + std::string(f[next]) + "' after the side to move"};
        auto t = respell_field(f[next], game, SquareStyle::Chess, game.style);
        if (!t) return Error{"FEN: " + t.error()};
        third = *t;
    }
    // Then the full-move number, after a half-move clock when there are two numbers.
    int full = 1;
    const size_t numbers = f.size() - next;
    if (numbers > 2) return Error{"FEN: unexpected text after the move number"};
    if (numbers > 0) {
        const std::string_view last = f[f.size() - 1];
        if (numbers == 2 && !all_digits(f[next])) return Error{"FEN: unreadable half-move clock '" + std::string(f[next]) + "'"};
        if (!all_digits(last) || last.size() > 5) return Error{"FEN: unreadable move number '" + std::string(last) + "'"};
        full = std::max(1, std::stoi(std::string(last)));
    }
    const int ply = std::min(65535, 2 * full - (sente ? 1 : 0));
    if (game.hands)
        sfen += " " + hands;
    else if (game.third_field)
        sfen += " " + third;
    sfen += " " + std::to_string(ply);
    return sfen;
}

}  // namespace menagerie
