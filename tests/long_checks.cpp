// Long checks (CTest label "long", run by scripts/long-checks.sh): deep perft cross-checks, the exhaustive
// proofs of the 11-ply forced wins, and the complete Dobutsu solution with perfect play from its table.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <mutex>

#include "engine/chu/chu.hpp"
#include "engine/dai/dai.hpp"
#include "engine/dobutsu/dobutsu.hpp"
#include "engine/jungle/jungle.hpp"
#include "engine/shogi/shogi.hpp"
#include "engine/taikyoku/taikyoku.hpp"
#include "engine/tori/tori.hpp"
#include "engine/core/zobrist.hpp"
#include "search/tablebase/dobutsu_full.hpp"
#include "search/tablebase/dobutsu_index.hpp"
#include "search/tablebase/dobutsu_solver.hpp"
#include "search/tablebase/dobutsu_tablebase.hpp"
#include "search/perft.hpp"
#include "tests/engine/dobutsu_reference.hpp"
#include "tests/engine/jungle_reference.hpp"
#include "tests/search/forced_win.hpp"
#include "tests/search/tablebase/dobutsu_full_checks.hpp"
#include "eval/dobutsu/eval.hpp"
#include "protocol/loop/dialect.hpp"
#include "protocol/core/session.hpp"

using namespace menagerie;
using namespace menagerie::dobutsu;

TEST_CASE("deep perft: bulk counting equals plain play/count/undo to depth 9 from the start") {
    Position p = Position::start();
    for (int d = 6; d <= 9; ++d) {
        CAPTURE(d);
        CHECK(perft<Dobutsu, true>(p, d) == perft<Dobutsu, false>(p, d));
    }
}

TEST_CASE("deep perft: the engine equals the reference implementation to depth 8 from the start") {
    Position p = Position::start();
    CHECK(perft<Dobutsu>(p, 8) == reference::perft(reference::parse(std::string(Dobutsu::start_sfen)), 8));
}

TEST_CASE("deep perft: shogi from the start to depth 6 and the matsuri position to depth 4 (spec table)") {
    auto start = shogi::Position::from_sfen(shogi::Shogi::start_sfen).value();
    CHECK(perft<shogi::Shogi>(start, 5) == 19861490);
    CHECK(perft<shogi::Shogi>(start, 6) == 547581517);
    auto matsuri =
        shogi::Position::from_sfen("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w GR5pnsg 1").value();
    CHECK(perft<shogi::Shogi>(matsuri, 4) == 516925165);
}

TEST_CASE("deep perft: tori shogi from the start to depth 6") {
    // Our own figures (the spec's table stops at depth 4), kept so that a change to the generator shows.
    auto p = tori::Position::from_sfen(tori::Tori::start_sfen).value();
    CHECK(perft<tori::Tori>(p, 5) == 2179749);
    CHECK(perft<tori::Tori>(p, 6) == 46867039);
}

TEST_CASE("the 11-ply forced wins are proven by exhaustive search") {
    // The last three positions of bench/dobutsu-mates.txt.
    for (const char* sfen : {"g1e/2C/lEG/1cL b - 15", "gle/2C/1cL/E1G b - 7", "gle/2C/LcG/E2 b - 9"}) {
        CAPTURE(sfen);
        Position p = Position::from_sfen(sfen).value();
        CHECK(menagerie::testing::win_distance<Dobutsu>(p, 11) == 11);
    }
}

TEST_CASE("deep perft: Jungle equals the reference implementation to depth 5 from the start") {
    jungle::Position p = jungle::Position::start();
    CHECK(perft<jungle::Jungle>(p, 5) ==
          reference_jungle::perft(reference_jungle::parse(std::string(jungle::Jungle::start_sfen)), 5));
}

namespace {
// A game from `start` where both sides play the table's best move (repetition applied): how it ended, for the
// side to move at the start, and after how many plies.
struct PlayedOut {
    Outcome result = Outcome::Ongoing;
    int plies = 0;
};
PlayedOut play_out(const Position& start, const Oracle<Dobutsu>& table, int max_plies) {
    Position p = start;
    std::vector<Visit> line;
    for (int ply = 0; ply <= max_plies; ++ply) {
        std::vector<Visit> with_current = line;
        with_current.push_back(visit_of(p));
        const auto rep = repetition<Dobutsu>(with_current);
        const Outcome o = rep ? *rep : p.outcome();
        if (o != Outcome::Ongoing) {
            // o is for the side to move now; turn it to the starting side's view.
            const Outcome for_start = ply % 2 == 0 ? o : opposite(o);
            return {for_start, ply};
        }
        const auto ranked = rank_moves<Dobutsu>(p, line, table);
        if (!ranked || ranked->empty()) return {Outcome::Ongoing, -1};
        line.push_back(visit_of(p));
        p.play(ranked->front().move);
    }
    return {Outcome::Ongoing, max_plies};
}
}  // namespace

TEST_CASE("dobutsu solver: the complete analysis matches the published figures, and the table plays perfectly") {
    // About 60 s with two threads on the development machine, 400 MB; then the table is written and read back.
    const std::string path =
        (std::filesystem::temp_directory_path() / ("menagerie-full-" + std::to_string(getpid()) + ".mtb")).string();
    {
        dobutsu::SolveOptions options;
        options.threads = 2;
        options.log = [](const std::string& line) { MESSAGE(line); };
        dobutsu::SolvedSet set;
        const auto s = dobutsu::solve_dobutsu(options, set);
        CHECK(s.reachable == 246'803'167ULL);
        CHECK(s.nonterminal == 99'485'568ULL);
        CHECK(s.won == 56'474'473ULL);
        CHECK(s.drawn == 2'682'700ULL);
        CHECK(s.lost == 40'328'395ULL);
        CHECK(s.start.kind == dobutsu::SolvedValue::Loss);
        CHECK(s.start.distance + 1 == 78);  // our rules count the capture: one ply more than the table's distance
        const auto error = dobutsu::write_tablebase(path, set, s, std::string(Dobutsu::start_sfen));
        REQUIRE_MESSAGE(!error, *error);
    }
    CHECK(std::filesystem::file_size(path) <= 200'000'000ULL);
    auto loaded = dobutsu::Tablebase::load(path);
    std::filesystem::remove(path);
    REQUIRE_MESSAGE(loaded.ok(), loaded.error());
    const auto& table = *loaded.value();
    CHECK(table.info().members == 99'485'568ULL);

    // From the start: Gote wins in exactly 78 plies.
    const auto v = table.probe(Position::start());
    REQUIRE(v);
    CHECK(v->outcome == Outcome::Loss);
    CHECK(v->plies == 78);
    const PlayedOut g = play_out(Position::start(), table, 400);
    CHECK(g.result == Outcome::Loss);
    CHECK(g.plies == 78);

    // From random reachable positions: the announced result in the announced number of plies; draws end by
    // repetition.
    KeyGenerator rng(2026);
    int won = 0, lost = 0, drawn = 0, outside = 0;
    while (won + lost + drawn < 400) {
        // A random walk from the start, kept while its positions are in the table (the convention does not
        // expand a position where a lion can be taken, so what follows a lion left standing may be outside).
        Position p = Position::start();
        const int plies = int(rng.next() % 40);
        bool inside = true;
        for (int i = 0; i < plies && p.outcome() == Outcome::Ongoing && inside; ++i) {
            Moves list;
            p.legal_moves(list);
            p.play(list[rng.next() % list.size()]);
            inside = table.probe(p).has_value();
        }
        if (!inside) {
            ++outside;
            continue;
        }
        if (p.outcome() != Outcome::Ongoing) continue;
        const auto announced = table.probe(p);
        const PlayedOut played = play_out(p, table, 600);
        CHECK_MESSAGE(played.result == announced->outcome, p.sfen());
        if (announced->outcome != Outcome::Draw) CHECK_MESSAGE(played.plies == announced->plies, p.sfen());
        (announced->outcome == Outcome::Win ? won : announced->outcome == Outcome::Loss ? lost : drawn)++;
    }
    MESSAGE(outside << " random walks left the table (a lion left standing) and were not used");
    MESSAGE("self-play from random positions: " << won << " won, " << lost << " lost, " << drawn << " drawn as announced");
}

TEST_CASE("dobutsu complete table: every position solved, the published set's values, missed wins answered") {
    // About 30 s with two threads on the development machine, within 256 MB; then the table is written and read
    // back, the reachable set is solved again for its values (about 60 s, 400 MB), and positions that only
    // missed wins reach are checked against exhaustive search and played out.
    const std::string path =
        (std::filesystem::temp_directory_path() / ("menagerie-complete-" + std::to_string(getpid()) + ".mtb")).string();
    {
        dobutsu::full::FullOptions options;
        options.threads = 2;
        dobutsu::full::FullSet set;
        const auto s = dobutsu::full::solve_full(options, set);
        MESSAGE("complete table: " << s.members << " positions, " << s.seconds_count << " s + " << s.seconds_retro << " s");
        CHECK(s.members == 121'134'668ULL);
        CHECK(s.won == 64'279'992ULL);
        CHECK(s.drawn == 3'061'506ULL);
        CHECK(s.lost == 53'793'170ULL);
        CHECK(s.max_distance + 1 == 173);  // plies under our rules
        CHECK(s.max_children == 36);
        CHECK(s.start.kind == dobutsu::SolvedValue::Loss);
        CHECK(s.start.distance + 1 == 78);
        dobutsu::testing::check_against_children(set, true, 20000, 29);
        {
            dobutsu::SolveOptions ro;
            ro.threads = 2;
            dobutsu::SolvedSet reachable;
            const auto r = dobutsu::solve_dobutsu(ro, reachable);
            CHECK(r.nonterminal == 99'485'568ULL);
            dobutsu::testing::check_reachable_agrees(reachable, set);
        }
        const auto error = dobutsu::write_full_tablebase(path, set, s);
        REQUIRE_MESSAGE(!error, *error);
        // The file gives back every far position's value (decided beyond the solver's bytes) and a sample of
        // the others.
        auto written = dobutsu::Tablebase::load(path);
        REQUIRE_MESSAGE(written.ok(), written.error());
        KeyGenerator rng(41);
        std::vector<uint64_t> sample;
        for (uint64_t e : set.far()) sample.push_back(e >> 32);
        while (sample.size() < set.far().size() + 200000)
            if (const uint64_t i = rng.next() % dobutsu::full::kSize; set.member(i)) sample.push_back(i);
        uint64_t differ = 0;
        for (uint64_t i : sample) {
            const auto e = written.value()->entry(dobutsu::packed::state_at(dobutsu::full::to_dense(i)));
            const auto want = set.value(i);
            differ += !e || e->kind != want.kind || e->distance != want.distance;
        }
        MESSAGE(sample.size() << " entries of the file compared, " << set.far().size() << " of them far");
        CHECK(set.far().size() > 100000);
        CHECK(differ == 0);
    }
    MESSAGE("table file: " << std::filesystem::file_size(path) << " bytes");
    auto loaded = dobutsu::load_oracle(path);
    REQUIRE_MESSAGE(loaded.ok(), loaded.error());
    const Oracle<Dobutsu>& table = *loaded.value();

    // The positions a player reported: reached by games in which a win was missed, unknown to the
    // reachable-set table. Their values: a draw, lost in 28 and lost in 26 plies.
    const std::pair<const char*, int> reported[] = {
        {"gl1/1ec/1cL/E1G b - 1", 0}, {"lC1/ge1/L2/EGc b - 1", -28}, {"1l1/ge1/L2/E1G b Cc 1", -26}};
    std::vector<std::string> lines;
    std::mutex m;
    Output out([&](std::string_view text) {
        std::lock_guard lock(m);
        lines.emplace_back(text);
    });
    DialectWriter usi(out, Dialect::Usi);
    GameSession<Dobutsu> session(usi, 1, OracleSource<Dobutsu>{&dobutsu::load_oracle, nullptr});
    REQUIRE(!session.set_tablebase(path));
    for (const auto& [sfen, value] : reported) {
        CAPTURE(sfen);
        const auto v = table.probe(Position::from_sfen(sfen).value());
        REQUIRE(v);
        CHECK(v->outcome == (value == 0 ? Outcome::Draw : Outcome::Loss));
        if (value) CHECK(v->plies == -value);
        lines.clear();
        REQUIRE(!session.set_position({"sfen", sfen}));
        Limits limits;
        limits.depth = 2;
        session.go(limits, SearchOptions{});
        session.wait();
        std::lock_guard lock(m);
        REQUIRE(!lines.empty());
        CHECK(lines.back().rfind("bestmove ", 0) == 0);
        const std::string want = value == 0 ? "score cp 0 " : "score mate " + std::to_string(value) + " ";
        CHECK_MESSAGE(lines.front().find(want) != std::string::npos, lines.front());
    }

    // Positions only missed wins reach: every one in the table; short values equal exhaustive search's, and
    // the table's play from them ends as announced in the announced number of plies.
    int won = 0, lost = 0, drawn = 0, searched = 0;
    for (const Position& p : dobutsu::testing::missed_win_positions(400, 31)) {
        const auto v = table.probe(p);
        REQUIRE_MESSAGE(v, p.sfen());
        (v->outcome == Outcome::Win ? won : v->outcome == Outcome::Loss ? lost : drawn)++;
        Position q = p;
        if (searched < 150) {
            ++searched;
            const int w = menagerie::testing::win_distance<Dobutsu>(q, 5);
            CHECK_MESSAGE(w == (v->outcome == Outcome::Win && v->plies <= 5 ? v->plies : -1), p.sfen());
            const bool lost_within_4 = menagerie::testing::loses_within<Dobutsu>(q, 4);
            CHECK_MESSAGE(lost_within_4 == (v->outcome == Outcome::Loss && v->plies <= 4), p.sfen());
        }
        const PlayedOut played = play_out(p, table, 600);
        CHECK_MESSAGE(played.result == v->outcome, p.sfen());
        if (v->outcome != Outcome::Draw) CHECK_MESSAGE(played.plies == v->plies, p.sfen());
    }
    MESSAGE("positions after missed wins: " << won << " won, " << lost << " lost, " << drawn << " drawn, played as announced");
    std::filesystem::remove(path);
}

// Chu perft from the start to depth 5, in both conventions: distinct moves (this engine's, 71,548,181; no
// published number) and every lishogi text counted (the spec's seed column, 109,394,035), which checks the
// distinct count's spellings at every ply.

TEST_CASE("deep perft: dai shogi from the start to depth 4 (spec table, distinct moves)") {
    auto start = dai::Position::from_sfen(dai::Dai::start_sfen).value();
    CHECK(perft<dai::Dai>(start, 4) == 25421252);
}

TEST_CASE("deep perft: taikyoku shogi from the start to depth 3 (distinct outcomes)") {
    // The spec's independent implementation counts 509 / 258,172 / 141,640,927.
    auto start = taikyoku::Position::from_sfen(taikyoku::Taikyoku::start_sfen).value();
    CHECK(perft<taikyoku::Taikyoku>(start, 3) == 141640927);
}

TEST_CASE("deep perft: chu shogi from the start to depth 5, distinct moves and lishogi texts") {
    auto start = chu::Position::from_sfen(chu::Chu::start_sfen).value();
    CHECK(perft<chu::Chu>(start, 5) == 71548181);
    CHECK(perft_texts<chu::Chu>(start, 5) == 109394035);
    // The spec's positions at depth 3 in lishogi texts (the default tests stop at depth 2).
    const std::pair<const char*, uint64_t> cases[] = {
        {"11k/12/4p7/3s8/3n4+o3/4p2ig3/5N2+O3/5P6/12/12/12/K11 b - 1", 3633582},
        {"10k1/12/9r1a/12/12/1n3pg5/2s3p5/3+D2+H2N1+O/11P/12/12/K11 b - 1", 3431193},
        {"11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 b 7e 1", 904909},
        {"11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 18146},
        {"5k6/6P3p1/1P1L6G1/11S/4E3L1p1/7O4/12/7e4/9l2/12/2p9/K11 b - 1", 42877},
        {"l5g4n/12/6k5/12/12/12/12/6R5/12/12/12/6K5 b - 1", 37140},
        {"lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/"
         "MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142",
         1721986},
    };
    for (const auto& [sfen, texts] : cases) {
        CAPTURE(sfen);
        auto p = chu::Position::from_sfen(sfen).value();
        CHECK(perft_texts<chu::Chu>(p, 3) == texts);
    }
}

TEST_CASE("deep perft: chu shogi under ChuRules lishogi, the spec's lishogi texts") {
    auto start = chu::Position::from_sfen(chu::Chu::start_sfen).value();
    REQUIRE_FALSE(start.set_rule("ChuRules", "lishogi"));
    CHECK(perft_texts<chu::Chu>(start, 4) == 2134748);
    const std::pair<const char*, uint64_t> cases[] = {
        {"11k/12/4p7/3s8/3n4+o3/4p2ig3/5N2+O3/5P6/12/12/12/K11 b - 1", 3633582},
        {"10k1/12/9r1a/12/12/1n3pg5/2s3p5/3+D2+H2N1+O/11P/12/12/K11 b - 1", 3431183},
        {"11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 b 7e 1", 894451},
        {"11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", 17922},
        {"5k6/6P3p1/1P1L6G1/11S/4E3L1p1/7O4/12/7e4/9l2/12/2p9/K11 b - 1", 47127},
        {"l5g4n/12/6k5/12/12/12/12/6R5/12/12/12/6K5 b - 1", 37140},
        {"6k5/12/12/12/4g7/4G5G1/12/12/12/12/12/6K5 b - 1", 3105},
        {"lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/"
         "MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142",
         1721986},
    };
    for (const auto& [sfen, texts] : cases) {
        CAPTURE(sfen);
        auto p = chu::Position::from_sfen(sfen).value();
        REQUIRE_FALSE(p.set_rule("ChuRules", "lishogi"));
        CHECK(perft_texts<chu::Chu>(p, 3) == texts);
    }
}
