// The move arena, its hard bound, and staged move ordering.
#include <doctest/doctest.h>

#include <set>
#include <string>
#include <vector>

#include "tests/engine/helpers.hpp"
#include "engine/shogi/shogi.hpp"
#include "eval/shogi/eval.hpp"
#include "search/move_arena.hpp"
#include "search/move_picker.hpp"

using namespace menagerie;
using shogi::Shogi;

namespace {
shogi::Position pos(std::string_view sfen) { return testing::position<Shogi>(std::string(sfen)); }
}  // namespace

TEST_CASE("move lists: a game that generates more moves than the bound gets a hard error in every build") {
    const auto p = pos(Shogi::start_sfen);
    shogi::Move storage[5];
    MoveSink<shogi::Move> small(storage, 5);
    CHECK_THROWS_AS(p.legal_moves(small), MoveOverflow);
    CHECK(small.size() == 5);  // nothing written past the end
    MoveList<shogi::Move, 30> exact;
    CHECK_NOTHROW(p.legal_moves(exact));
    CHECK(exact.size() == 30);
    MoveList<shogi::Move, 29> short_by_one;
    CHECK_THROWS_AS(p.legal_moves(short_by_one), MoveOverflow);
}

TEST_CASE("move arena: frames nest, span chunks and keep their moves until released") {
    MoveArena<int> arena(1000);  // chunks of 8000 entries
    std::vector<std::unique_ptr<MoveArena<int>::Frame>> frames;
    for (int f = 0; f < 40; ++f) {  // 40 frames of 700 moves: several chunks
        frames.push_back(std::make_unique<MoveArena<int>::Frame>(arena));
        for (int i = 0; i < 700; ++i) frames.back()->sink().push(f * 1000 + i + 1);
        frames.back()->commit();
    }
    CHECK(arena.chunks() > 1);
    for (int f = 0; f < 40; ++f)
        for (int i = 0; i < 700; ++i) REQUIRE(frames[size_t(f)]->moves()[i] == f * 1000 + i + 1);
    // A frame cannot take more than the bound.
    {
        MoveArena<int>::Frame extra(arena);
        for (int i = 0; i < 1000; ++i) extra.sink().push(i + 1);
        CHECK_THROWS_AS(extra.sink().push(1), MoveOverflow);
    }
    const size_t chunks = arena.chunks();
    while (!frames.empty()) frames.pop_back();  // released innermost first
    // The room is reused: the same frames again need no new chunk.
    for (int f = 0; f < 40; ++f) {
        frames.push_back(std::make_unique<MoveArena<int>::Frame>(arena));
        for (int i = 0; i < 700; ++i) frames.back()->sink().push(1);
        frames.back()->commit();
    }
    CHECK(arena.chunks() == chunks);
    while (!frames.empty()) frames.pop_back();
}

TEST_CASE("staged ordering: table move, winning captures by value, killers, quiets by history, losing captures") {
    // Sente's rook on 5e can take the pawns on 8e and 2e (undefended) or the gold on 5c (defended by the king
    // on 5b: a losing capture).
    const auto p = pos("9/4k4/4g4/9/1p2R2p1/9/9/9/4K4 b - 1");
    shogi::Moves all;
    p.legal_moves(all);
    std::vector<shogi::Move> moves(all.begin(), all.end());
    std::vector<int> scores(moves.size());
    std::vector<int> history(Shogi::history_size, 0);
    auto parse = [&](const char* text) { return p.parse_move(text).value(); };
    const shogi::Move tt = parse("5i4h");
    const shogi::Move killers[2] = {parse("5i6h"), parse("5e5c")};  // the second is a capture here: no killer
    history[size_t(p.history_index(parse("5e6e")))] = 50;
    history[size_t(p.history_index(parse("5e5d")))] = 40;
    MovePicker<Shogi>::Scratch scratch;
    MovePicker<Shogi> picker(p, moves.data(), scores.data(), moves.size(), tt, killers, history.data(), scratch);
    std::vector<shogi::Move> order;
    std::vector<bool> losing;
    for (auto m = picker.next(); !m.is_null(); m = picker.next()) {
        order.push_back(m);
        losing.push_back(picker.losing_capture());
    }
    REQUIRE(order.size() == all.size());
    std::set<std::string> seen;
    for (auto m : order) seen.insert(p.move_text(m));
    CHECK(seen.size() == order.size());  // each move once
    CHECK(order[0] == tt);
    size_t i = 1;
    int last_value = 1 << 30;
    for (; i < order.size() && p.is_capture(order[i]) && !losing[i]; ++i) {
        CHECK(p.see(order[i]) >= 0);
        const int value = capture_gain<Shogi>(p, order[i]) * 16 - Evaluator<Shogi>::piece_value(p.moving_type(order[i])) / 16;
        CHECK(value <= last_value);
        last_value = value;
    }
    CHECK(i == 3);  // the two pawns
    REQUIRE(i < order.size());
    CHECK(order[i++] == killers[0]);
    CHECK(p.move_text(order[i++]) == "5e6e");
    CHECK(p.move_text(order[i++]) == "5e5d");
    for (; i < order.size() && !p.is_capture(order[i]); ++i) CHECK(history[size_t(p.history_index(order[i]))] == 0);
    // The rest: the losing captures (5e5c and 5e5c+), flagged as such.
    CHECK(order.size() - i == 2);
    for (; i < order.size(); ++i) {
        CHECK(p.move_text(order[i]).rfind("5e5c", 0) == 0);
        CHECK(losing[i]);
        CHECK(p.see(order[i]) < 0);
    }
}
