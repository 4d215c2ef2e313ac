// The complete Dobutsu table (search/tablebase/dobutsu_full.hpp): its index, and its solver on the subgame
// without drops (every position, about 20 s with two threads), checked against the reachable-set solver from
// the start and from positions only missed wins reach, against each position's children, and through the file.
#include <doctest/doctest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "search/tablebase/dobutsu_tablebase.hpp"
#include "tests/search/tablebase/dobutsu_full_checks.hpp"

using namespace menagerie;
using namespace menagerie::dobutsu;
using namespace menagerie::dobutsu::testing;

TEST_CASE("dobutsu complete index: 21 lion pairs, numbers and positions one to one, mirror images together") {
    std::set<int> pairs;
    for (int slot = 0; slot < full::kPairs; ++slot) {
        const int pair = full::kPairTables.pair[slot];
        CHECK(full::kPairTables.slot[pair] == slot);
        pairs.insert(pair);
    }
    CHECK(pairs.size() == 21);
    CHECK(full::kSize == 249'442'767ULL);
    // A sample of numbers: each is a hole (a mirror image's duplicate, or Sente can take the lion at once) or
    // the number of its own position.
    KeyGenerator rng(7);
    int members = 0, holes = 0;
    for (int k = 0; k < 200000; ++k) {
        const uint64_t i = rng.next() % full::kSize;
        const packed::State s = packed::state_at(full::to_dense(i));
        CHECK(full::from_dense(full::to_dense(i)) == i);
        const bool hole = packed::mirror_is_lower(s) || packed::terminal(s) != packed::Terminal::No;
        if (hole) {
            ++holes;
            continue;
        }
        ++members;
        REQUIRE(full::index_of(s) == i);
        REQUIRE(full::index_of(packed::mirrored(s)) == i);
        CHECK(full::index_of(packed::from_position(mirrored(packed::to_position(s)))) == i);
    }
    CHECK(members > 50000);
    CHECK(holes > 50000);
    // Positions decided by rule are outside: a lion to take, a try pending, a try that has stood.
    for (const char* sfen : {"g1e/1lL/3/E1G b Cc 1",    // the lions side by side: Sente takes Gote's
                             "g1e/1c1/1CL/lEG b - 1",    // Gote's lion on Sente's home rank, safe: Sente loses
                             "gLe/1c1/1Cl/E2 b G 1"}) {  // Sente's lion on Gote's home rank: Sente has won
        const auto p = Position::from_sfen(sfen);
        REQUIRE_MESSAGE(p.ok(), sfen);
        CHECK_MESSAGE(full::index_of(packed::from_position(p.value())) == full::kNone, sfen);
    }
    // And positions missed wins lead to are inside.
    for (const Position& p : missed_win_positions(200, 11)) {
        const uint64_t i = full::index_of(packed::from_position(p));
        REQUIRE_MESSAGE(i != full::kNone, p.sfen());
        CHECK(i < full::kSize);
    }
}

namespace {

// The subgame without drops (pieces taken stay in hand), solved once for the cases below.
struct NoDrops {
    full::FullSet set;
    full::FullSummary summary;
};
const NoDrops& no_drops() {
    static const NoDrops* solved = [] {
        auto* n = new NoDrops;
        full::FullOptions options;
        options.threads = 2;
        options.drops = false;
        n->summary = full::solve_full(options, n->set);
        return n;
    }();
    return *solved;
}

std::string temp_path(const std::string& name) {
    return (std::filesystem::temp_directory_path() / ("menagerie-" + name + "-" + std::to_string(getpid()) + ".mtb"))
        .string();
}

}  // namespace

TEST_CASE("dobutsu complete table, the subgame without drops: solved, checked against other solutions, written and read") {
    const NoDrops& n = no_drops();
    const full::FullSummary& s = n.summary;
    MESSAGE("without drops: " << s.members << " positions, " << s.won << " won, " << s.drawn << " drawn, " << s.lost
                              << " lost, longest " << s.max_distance << "; " << s.seconds_count << " s + "
                              << s.seconds_retro << " s");
    CHECK(s.members + s.holes == full::kSize);
    CHECK(s.won + s.drawn + s.lost == s.members);
    CHECK(s.won > 0);
    CHECK(s.drawn > 0);
    CHECK(s.lost > 0);
    CHECK(s.max_children <= 16);  // without drops: a lion's 8 steps and at most 8 by the other pieces
    CHECK(s.max_distance > full::kByteLevels - 60);

    SUBCASE("the reachable-set solver from the start gives every one of its positions the same value") {
        SolveOptions options;
        options.threads = 2;
        options.drops = false;
        SolvedSet reachable;
        const SolveSummary r = solve_dobutsu(options, reachable);
        CHECK(r.nonterminal == reachable.size());
        check_reachable_agrees(reachable, n.set);
    }

    SUBCASE("so does it from positions that only missed wins reach") {
        SolveOptions options;
        options.threads = 2;
        options.drops = false;
        for (const Position& p : missed_win_positions(3, 5)) options.roots.push_back(packed::from_position(p));
        SolvedSet reachable;
        solve_dobutsu(options, reachable);
        for (const auto& root : options.roots) CHECK(reachable.contains(packed::canonical_index(root)));
        check_reachable_agrees(reachable, n.set);
    }

    SUBCASE("every value is the one its children's values give (the engine's own moves)") {
        check_against_children(n.set, false, 20000, 17);
    }

    SUBCASE("the file: written, read back with the same values, and refused when damaged") {
        const std::string path = temp_path("complete-nodrops");
        const auto error = write_full_tablebase(path, n.set, s, false);
        REQUIRE_MESSAGE(!error, *error);
        auto loaded = Tablebase::load(path);
        REQUIRE_MESSAGE(loaded.ok(), loaded.error());
        const Tablebase& table = *loaded.value();
        CHECK(table.info().complete);
        CHECK(!table.info().drops);
        CHECK(table.info().members == s.members);
        CHECK(table.info().max_distance == s.max_distance);
        // Every far position (beyond the bytes' reach while solving) and a sample of the others.
        KeyGenerator rng(3);
        int compared = 0;
        auto compare = [&](uint64_t i) {
            const packed::State st = packed::state_at(full::to_dense(i));
            const auto e = table.entry(st);
            const SolvedValue want = n.set.value(i);
            REQUIRE_MESSAGE(e, packed::to_position(st).sfen());
            CHECK_MESSAGE((e->kind == want.kind && e->distance == want.distance), packed::to_position(st).sfen());
            ++compared;
        };
        for (uint64_t e : n.set.far()) compare(e >> 32);
        for (int k = 0; k < 100000; ++k)
            if (const uint64_t i = rng.next() % full::kSize; n.set.member(i)) compare(i);
        MESSAGE(compared << " entries compared, " << n.set.far().size() << " of them far");
        // A table of the subgame is for tests, not for play.
        CHECK(!load_oracle(path).ok());
        // Damaged copies: cut short, one value changed, one far entry's byte changed.
        const auto size = std::filesystem::file_size(path);
        std::filesystem::copy_file(path, path + ".cut");
        std::filesystem::resize_file(path + ".cut", size - 8);
        const auto cut = Tablebase::load(path + ".cut");
        CHECK(!cut.ok());
        if (!cut.ok()) CHECK(cut.error().find("truncated") != std::string::npos);
        {
            std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
            f.seekp(std::streamoff(size / 2));
            char c = 0;
            f.read(&c, 1);
            f.seekp(std::streamoff(size / 2));
            c = char(c ^ 0x10);
            f.write(&c, 1);
        }
        const auto flipped = Tablebase::load(path);
        CHECK(!flipped.ok());
        if (!flipped.ok()) CHECK(flipped.error().find("corrupt") != std::string::npos);
        std::filesystem::remove(path);
        std::filesystem::remove(path + ".cut");
    }
}
