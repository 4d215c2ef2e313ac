#include "search/search.hpp"

#include <doctest/doctest.h>

#include <atomic>
#include <fstream>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "engine/core/zobrist.hpp"
#include "engine/chu/chu.hpp"
#include "engine/dobutsu/dobutsu.hpp"
#include "eval/dobutsu/eval.hpp"
#include "tests/search/forced_win.hpp"
#include "tests/search/every_switch.hpp"

using namespace menagerie;
using namespace menagerie::dobutsu;
using menagerie::testing::win_distance;
using menagerie::testing::wins_within;

namespace {

Position pos(const std::string& sfen) {
    auto p = Position::from_sfen(sfen);
    REQUIRE_MESSAGE(p.ok(), p.error());
    return p.value();
}

struct Searcher {
    TranspositionTable<Move> tt{16};
    std::unique_ptr<Search<Dobutsu>> search = std::make_unique<Search<Dobutsu>>(tt);
    Search<Dobutsu>::Report run(const Position& p, Limits l, const std::vector<Visit>& history = {},
                                const std::vector<Move>& only = {}) {
        return search->run(p, history, l, SearchOptions{}, {}, only);
    }
};

// Middlegames with a forced win (bench/dobutsu-mates.txt, shared with bench/mate-suite.sh).
std::vector<std::string> forced_wins() {
    std::ifstream in(MENAGERIE_SOURCE_DIR "/bench/dobutsu-mates.txt");
    std::vector<std::string> v;
    for (std::string line; std::getline(in, line);)
        if (!line.empty() && line[0] != '#') v.push_back(line);
    return v;
}

}  // namespace

TEST_CASE("search reports the exact forced-win distance that exhaustive search proves") {
    Searcher s;
    const auto wins = forced_wins();
    REQUIRE(wins.size() >= 15);
    int long_ones = 0;
    for (const auto& sfen : wins) {
        CAPTURE(sfen);
        Position p = pos(sfen);
        // Up to 9 plies the exhaustive search gives the exact distance here; for the longer ones it proves
        // there is none within 10, and the 11-ply proof is a long check (tests/long_checks.cpp).
        int exact = win_distance<Dobutsu>(p, 9);
        if (exact < 0) {
            CHECK_FALSE(wins_within<Dobutsu>(p, 10));
            exact = 11;
            ++long_ones;
        }
        Limits l;
        l.movetime = 20000;  // the search stops on its own once the win is proven
        s.tt.clear();
        auto r = s.run(p, l);
        CHECK(score_text(r.score) == "mate " + std::to_string(exact));
        if (exact <= 9) {
            // The move chosen keeps the win at the same distance.
            Position q = p;
            q.play(r.best);
            CHECK(menagerie::testing::loses_within<Dobutsu>(q, exact - 1));
        }
    }
    CHECK(long_ones == 3);
}

namespace {
// Dobutsu with every switch of SearchTuning on, including those no game keeps yet (continuation history,
// improving, time stretching): each must leave the search sound, whichever game turns it on later.
struct AllSwitches : Dobutsu {
    static constexpr SearchTuning search_tuning = menagerie::testing::kEverySwitch;
};
}  // namespace
template <>
struct menagerie::Evaluator<AllSwitches> : Evaluator<Dobutsu> {};

TEST_CASE("every search switch on at once: forced wins are still found and kept") {
    TranspositionTable<Move> tt{16};
    auto search = std::make_unique<Search<AllSwitches>>(tt);
    for (const auto& sfen : forced_wins()) {
        CAPTURE(sfen);
        const Position p = pos(sfen);
        Limits l;
        l.depth = 14;
        tt.clear();
        const auto r = search->run(p, {}, l, SearchOptions{}, {});
        REQUIRE(r.score > kMateBound);  // a win, found through every reduction and pruning
        const int distance = kMate - r.score;
        if (distance <= 9) {  // and the move chosen keeps a win (the exhaustive check, within reach)
            Position q = p;
            q.play(r.best);
            CHECK(menagerie::testing::loses_within<Dobutsu>(q, distance - 1));
        }
    }
    // On a clock, the stretched soft limit still ends the search within the hard maximum.
    Limits clock;
    clock.time[Sente] = clock.time[Gote] = 3000;
    const Position start = pos(std::string(Dobutsu::start_sfen));
    const auto t0 = Clock::now();
    const auto r = search->run(start, {}, clock, SearchOptions{}, {});
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - t0).count();
    CHECK_FALSE(r.best.is_null());
    CHECK(ms <= time_budget(clock, Sente, 0).maximum + 50);
}

TEST_CASE("the losing side sees the mate against it") {
    // After the winner's best move, the loser's search reports mate -(distance - 1).
    Searcher s;
    Position p = pos("1ge/l2/2L/EG1 b 2C 13");
    Limits l;
    l.depth = 12;
    auto r = s.run(p, l);
    REQUIRE(score_text(r.score) == "mate 5");
    p.play(r.best);
    s.tt.clear();
    auto r2 = s.run(p, l);
    CHECK(score_text(r2.score) == "mate -4");
}

TEST_CASE("a legal move from many random positions at small depth") {
    KeyGenerator rng(99);
    Searcher s;
    int searched = 0;
    for (int game = 0; game < 400; ++game) {
        Position p = Position::start();
        const int len = int(rng.next() % 24);
        for (int i = 0; i < len && p.outcome() == Outcome::Ongoing; ++i) {
            Moves list;
            p.legal_moves(list);
            p.play(list[rng.next() % list.size()]);
        }
        if (p.outcome() != Outcome::Ongoing) continue;
        Limits l;
        l.depth = 1 + int(rng.next() % 4);
        auto r = s.run(p, l);
        Moves list;
        p.legal_moves(list);
        CHECK(list.contains(r.best));
        if (!r.ponder.is_null()) {
            Position q = p;
            q.play(r.best);
            Moves replies;
            q.legal_moves(replies);
            CHECK(replies.contains(r.ponder));
        }
        ++searched;
    }
    CHECK(searched > 100);
}

TEST_CASE("repetition: a move into the third occurrence scores as a draw") {
    // Seed sequence 1 after seven moves: Gote's 3b3a would make the start position's third occurrence.
    Position p = Position::start();
    std::vector<Visit> history;
    for (const char* m : {"1d1c", "3a3b", "1c1d", "3b3a", "1d1c", "3a3b", "1c1d"}) {
        history.push_back(visit_of(p));
        p.play(p.parse_move(m).value());
    }
    Searcher s;
    Limits l;
    l.depth = 6;
    auto r = s.run(p, l, history, {p.parse_move("3b3a").value()});
    CHECK(p.move_text(r.best) == "3b3a");
    CHECK(r.score == 0);
    // After only three moves (no history of repeats) the same move is judged on its merits.
    Position early = Position::start();
    for (const char* m : {"1d1c", "3a3b", "1c1d"}) early.play(early.parse_move(m).value());
    s.tt.clear();
    CHECK(s.run(early, l, {}, {early.parse_move("3b3a").value()}).score != 0);
}

TEST_CASE("the search is deterministic: same input, same nodes and move") {
    Position p = pos("g1l/ce1/1E1/1LG w C 20");
    Limits l;
    l.depth = 9;
    Searcher a, b;
    auto ra = a.run(p, l);
    auto rb = b.run(p, l);
    CHECK(ra.nodes == rb.nodes);
    CHECK(ra.best == rb.best);
    CHECK(ra.score == rb.score);
}

TEST_CASE("mate scores are stored relative to the node and read back relative to the root") {
    for (int ply : {0, 1, 7, 40}) {
        for (int s : {mate_in(9), mated_in(12), 150, -20, 0}) {
            CHECK(score_from_tt(score_to_tt(s, ply), ply) == s);
        }
    }
    CHECK(score_to_tt(mate_in(9), 4) == mate_in(5));  // from the node four plies down, a mate in 5
    CHECK(score_text(mate_in(7)) == "mate 7");
    CHECK(score_text(mated_in(6)) == "mate -6");
    CHECK(score_text(-35) == "cp -35");
}

TEST_CASE("transposition table: store, probe, replacement keeps the deeper entry, hashfull") {
    TranspositionTable<Move> tt(1);
    const Move m = Move::make(7, 4, false);
    tt.store(0x1234'5678'9ABC'DEF0ULL, 55, 10, m, 6, BoundExact);
    const auto e = tt.probe(0x1234'5678'9ABC'DEF0ULL);
    REQUIRE(e.has_value());
    CHECK(e->score == 55);
    CHECK(e->move == m);
    CHECK(e->depth == 6);
    CHECK(!tt.probe(0x1234'5678'9ABC'DEF1ULL));
    // Fill one cluster (same high bits, different low bits) past its size: the deepest entry survives.
    const uint64_t hi = 0xABCD'0000'0000'0000ULL;
    tt.store(hi | 1, 1, 0, Move{}, 20, BoundLower);
    for (uint64_t k = 2; k < 10; ++k) tt.store(hi | k, 1, 0, Move{}, 1, BoundLower);
    CHECK(tt.probe(hi | 1).has_value());
    CHECK(tt.hashfull() >= 0);
    tt.clear();
    CHECK(!tt.probe(hi | 1));
    CHECK(tt.hashfull() == 0);
}

TEST_CASE("transposition table: threads storing into one cluster at once never make an entry read as another's") {
    // Two writers store entries whose every field follows from the key into the same cluster (same high bits),
    // so slots are overwritten while a third thread reads them. A hit must carry exactly its own key's fields;
    // with a torn slot accepted, a reader sees one key's check word with another's data.
    TranspositionTable<Move> tt(1);
    const uint64_t hi = 0x7777'0000'0000'0000ULL;
    auto score_of = [](uint64_t k) { return int(k % 2000) - 1000; };
    auto move_of = [](uint64_t k) { return Move::make(int(k % 12), int((k / 12) % 12), false); };
    auto depth_of = [](uint64_t k) { return int(k % 40) + 1; };
    std::atomic<bool> done{false};
    std::atomic<int> wrong{0};
    std::atomic<uint64_t> hits{0};
    // The writers keep going until the reader has seen enough hits while they write (a fast machine may finish
    // 200,000 stores before the reader thread is first scheduled), within a bound on the stores.
    auto writer = [&](uint64_t seed) {
        uint64_t x = seed;
        for (int i = 0; i < 200000 || (hits < 1000 && i < 50'000'000); ++i) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            const uint64_t k = hi | ((x >> 40) % 64);
            tt.store(k, score_of(k), -score_of(k), move_of(k), depth_of(k), BoundExact);
        }
    };
    std::thread reader([&] {
        uint64_t x = 99;
        while (!done) {
            x = x * 6364136223846793005ULL + 1442695040888963407ULL;
            const uint64_t k = hi | ((x >> 40) % 64);
            if (const auto e = tt.probe(k)) {
                ++hits;
                if (e->score != score_of(k) || e->eval != -score_of(k) || !(e->move == move_of(k)) ||
                    e->depth != depth_of(k))
                    ++wrong;
            }
        }
    });
    std::thread a(writer, 1), b(writer, 2);
    a.join();
    b.join();
    done = true;
    reader.join();
    CHECK(hits >= 1000);
    CHECK(wrong == 0);
}

TEST_CASE("time budget: never beyond clock + byoyomi - overhead") {
    for (int64_t time : {0, 50, 1000, 60000, 600000}) {
        for (int64_t byo : {0, 100, 1000}) {
            for (int64_t inc : {0, 500}) {
                Limits l;
                l.time[Sente] = time;
                l.byoyomi = byo;
                l.inc[Sente] = inc;
                const auto b = time_budget(l, Sente, 30);
                CAPTURE(time);
                CAPTURE(byo);
                CHECK(b.optimum >= 1);
                CHECK(b.optimum <= b.maximum);
                CHECK(b.maximum <= std::max<int64_t>(1, time + byo - 30));
                CHECK(b.soft >= 1);
                CHECK(b.soft <= b.maximum);
            }
        }
    }
    Limits mt;
    mt.movetime = 500;
    CHECK(time_budget(mt, Gote, 20).maximum == 480);
}

TEST_CASE("time budget: new iterations until half the clock's share, and with spend_byoyomi through the whole byoyomi") {
    Limits l;
    l.time[Sente] = 30000;
    const auto clock = time_budget(l, Sente, 50);
    CHECK(clock.soft == clock.optimum / 2);
    l.byoyomi = 1000;  // the byoyomi's 950 ms come on top, spent whole: left unused they are lost
    const auto both = time_budget(l, Sente, 50, 30, true);
    CHECK(both.optimum == clock.optimum + 1000);
    CHECK(both.soft == (both.optimum - 950) / 2 + 950);
    CHECK(time_budget(l, Sente, 50).soft == both.optimum / 2);  // without spend_byoyomi: the half rule
    l.time[Sente] = 0;  // byoyomi alone: iterations may start until the hard limit
    const auto byo = time_budget(l, Sente, 50, 30, true);
    CHECK(byo.maximum == 950);
    CHECK(byo.soft == 950);
    Limits mt;  // a fixed movetime keeps the half rule
    mt.movetime = 500;
    CHECK(time_budget(mt, Sente, 20).soft == 240);
}

TEST_CASE("time budget: a game planning more moves spends less of a sudden-death clock now") {
    Limits l;
    l.time[Sente] = 20000;
    const auto usual = time_budget(l, Sente, 10);      // 30 moves planned
    const auto longer = time_budget(l, Sente, 10, 50);  // 50 moves planned
    CHECK(usual.optimum == 20000 / 30 - 10);
    CHECK(longer.optimum == 20000 / 50 - 10);
    CHECK(longer.maximum <= usual.maximum);
    l.movestogo = 10;  // a moves-to-go from the GUI wins over the plan
    CHECK(time_budget(l, Sente, 10, 50).optimum == time_budget(l, Sente, 10).optimum);
    CHECK(search_tuning_of<chu::Chu>().moves_to_plan == 100);
    CHECK(search_tuning_of<Dobutsu>().moves_to_plan == 30);
}

TEST_CASE("the clock runs from when the request arrived, not from when the search started") {
    Searcher s;
    const Position start = pos(std::string(Dobutsu::start_sfen));
    Limits l;
    l.movetime = 1000;
    l.received = Clock::now() - std::chrono::seconds(10);  // the whole second went before the search began
    const auto late = s.run(start, l);
    CHECK(late.depth == 0);  // stopped at once, without finishing an iteration
    Moves list;
    start.legal_moves(list);
    CHECK(list.contains(late.best));  // and still a legal move to play

    l.received = Clock::now();
    l.movetime = 200;
    const auto on_time = s.run(start, l);
    CHECK(on_time.depth >= 1);
}
