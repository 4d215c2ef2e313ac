// Chu shogi rules: perft against the spec's tables (distinct moves, and every lishogi text counted), each
// piece's moves on an open and a crowded board, the lion-trading rules case by case, promotion, the game
// ends, repetition, SFEN and move text (every spelling parsed back), and random games played and undone.
#include <doctest/doctest.h>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "engine/chu/chu.hpp"
#include "search/perft.hpp"
#include "search/repetition.hpp"
#include "tests/engine/helpers.hpp"

using namespace menagerie;
using chu::Chu;
using menagerie::testing::has;
using menagerie::testing::legal_texts;
using menagerie::testing::play_cycle;

namespace {
chu::Position pos(const std::string& sfen) { return menagerie::testing::position<Chu>(sfen); }

struct Case {
    const char* name;
    const char* sfen;
    std::vector<uint64_t> distinct, texts, lishogi;
};
// spec/chu.md, "Perft": distinct moves, seed texts and lishogi texts (ChuRules lishogi), depths 1, 2 (3).
const std::vector<Case> kCases = {
    {"lions", "11k/12/4p7/3s8/3n4+o3/4p2ig3/5N2+O3/5P6/12/12/12/K11 b - 1", {72, 4254, 280508}, {161, 22881, 3633582},
     {161, 22881}},
    {"falcon-eagle", "10k1/12/9r1a/12/12/1n3pg5/2s3p5/3+D2+H2N1+O/11P/12/12/K11 b - 1", {100, 5893, 582549},
     {182, 18905, 3431193}, {182, 18905}},
    {"counter", "11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 b 7e 1", {74, 4297, 302792}, {75, 12636, 904909},
     {73, 12482}},
    {"lishogi-X", "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1", {7, 502, 6830}, {7, 1305, 18146}, {7, 1307}},
    {"promotion", "5k6/6P3p1/1P1L6G1/11S/4E3L1p1/7O4/12/7e4/9l2/12/2p9/K11 b - 1", {44, 954, 41753},
     {44, 954, 42877}, {45, 1021}},
    {"royal", "l5g4n/12/6k5/12/12/12/12/6R5/12/12/12/6K5 b - 1", {26, 880, 25425}, {26, 1288, 37140}, {26, 1288}},
    {"bare", "6k5/12/12/12/4g7/4G5G1/12/12/12/12/12/6K5 b - 1", {17, 176, 3105}, {17, 176, 3105}, {17, 176}},
    {"midgame", "lfcsg2gso1l/a1bdtet2fc1/2r2q1k1r1a/mv1x+P1+Pp1bvm/3p3d2pp/1Q4h1p2h/P1piD5PP/5B2iPV1/2HP1ONPP3/MCVTED1GBT1M/A1S4XH1RA/LF1RGK2SCFL w - 142",
     {113, 13869, 1556805}, {113, 15342, 1721986}, {113, 15342}},
    {"fixture-388", "4q1e3s1/l2g3d1kf1/svf1t7/3cmtn2+Pm1/1x1i3g4/4ph1K1F2/aD9C/1P1SM+oE1O2A/2M+h4N1VL/FV1C1DS5/L9G1/6XG3T w - 388",
     {177, 22707}, {251, 42521}, {251, 42512}},
};

chu::Position lishogi(const std::string& sfen) {
    chu::Position p = pos(sfen);
    REQUIRE_FALSE(p.set_rule("ChuRules", "lishogi"));
    return p;
}

// The moves of the piece on one square, as destinations with their middle square (promotion aside).
std::set<std::string> piece_moves(const chu::Position& p, const std::string& square) {
    std::set<std::string> s;
    for (const auto& m : legal_texts<Chu>(p))
        if (m.rfind(square, 0) == 0) {
            std::string t = m;
            if (t.back() == '+') t.pop_back();
            s.insert(t);
        }
    return s;
}
}  // namespace

TEST_CASE("chu perft: distinct moves from the start and the spec's nine positions") {
    chu::Position start = pos(std::string(Chu::start_sfen));
    const uint64_t expect[] = {36, 1296, 48315, 1801639};
    for (int d = 1; d <= 4; ++d) CHECK(perft<Chu>(start, d) == expect[d - 1]);
    for (const Case& c : kCases) {
        CAPTURE(c.name);
        chu::Position p = pos(c.sfen);
        for (size_t d = 1; d <= c.distinct.size(); ++d) CHECK(perft<Chu>(p, int(d)) == c.distinct[d - 1]);
    }
}

TEST_CASE("chu perft in lishogi's convention: every text of every move, counted as the spec's seed column") {
    chu::Position start = pos(std::string(Chu::start_sfen));
    CHECK(perft_texts<Chu>(start, 3) == 52599);
    CHECK(perft_texts<Chu>(start, 4) == 2134748);
    for (const Case& c : kCases) {
        CAPTURE(c.name);
        chu::Position p = pos(c.sfen);
        for (size_t d = 1; d <= std::min<size_t>(2, c.texts.size()); ++d) CHECK(perft_texts<Chu>(p, int(d)) == c.texts[d - 1]);
    }
}

TEST_CASE("chu perft under ChuRules lishogi: every text counted, as the spec's lishogi column") {
    chu::Position start = lishogi(std::string(Chu::start_sfen));
    CHECK(perft_texts<Chu>(start, 3) == 52599);
    for (const Case& c : kCases) {
        CAPTURE(c.name);
        chu::Position p = lishogi(c.sfen);
        for (size_t d = 1; d <= c.lishogi.size(); ++d) CHECK(perft_texts<Chu>(p, int(d)) == c.lishogi[d - 1]);
    }
}

TEST_CASE("chu rules option: lishogi's counter-strike and lance promotion, refused names and values") {
    chu::Position p = pos(std::string(Chu::start_sfen));
    CHECK(p.set_rule("ChuRules", "hachu").value() == "expected seed or lishogi");
    CHECK(p.set_rule("EnteringKingRule", "seed").value() == "no such rule");
    CHECK_FALSE(p.lishogi_rules());

    // The spec's counter position: the seed lets a non-lion take the unprotected lion on 3e, lishogi lets only
    // the lion on the third field's square (7e, a kirin that promoted as it took) be taken, protected or not.
    const chu::Position counter = lishogi("11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 b 7e 1");
    for (const std::string bad : {"3g3e", "3g3f3e", "6h3e"}) {
        CAPTURE(bad);
        const auto r = counter.parse_move(bad);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().find("ChuRules lishogi") != std::string::npos);
    }
    CHECK(counter.parse_move("7j7e").ok());
    const chu::Position x = lishogi("11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1");
    CHECK_FALSE(has(legal_texts<Chu>(x), "6l3i"));
    CHECK(has(legal_texts<Chu>(x), "6l8j"));

    // A lance reaching the far rank without a capture, from inside the zone, may promote in lishogi.
    const chu::Position promo = lishogi("5k6/6P3p1/1P1L6G1/11S/4E3L1p1/7O4/12/7e4/9l2/12/2p9/K11 b - 1");
    CHECK(has(legal_texts<Chu>(promo), "9c9a+"));
    CHECK(has(legal_texts<Chu>(promo), "9c9a"));

    // The setting travels with the position through play and undo, and back to the seed when set so.
    chu::Position q = lishogi("5k6/6P3p1/1P1L6G1/11S/4E3L1p1/7O4/12/7e4/9l2/12/2p9/K11 b - 1");
    chu::Undo u;
    const auto m = q.parse_move("9c9a+").value();
    q.play(m, u);
    CHECK(q.lishogi_rules());
    q.undo(m, u);
    REQUIRE_FALSE(q.set_rule("ChuRules", "seed"));
    CHECK_FALSE(q.parse_move("9c9a+").ok());
}

TEST_CASE("chu pieces: each kind's moves on an open board, counted by hand") {
    // The piece on 7g; from there it reaches 6 squares forward, 5 back, 5 left, 6 right, and diagonally
    // 5 forward-left, 6 forward-right, 5 back-left, 5 back-right. Kings on 11l and 2a and a gold on 12a (so
    // that Gote is not bare), off its lines.
    // Distinct destinations: promotion aside; a lion's 8 steps, 16 jumps and 1 pass; the falcon's 37 slides
    // plus its forward step, jump and pass; the eagle's 32 slides plus two steps, two jumps and a pass.
    const std::vector<std::pair<std::string, size_t>> kinds = {
        {"P", 1},   {"I", 2},   {"L", 6},   {"A", 11},  {"F", 6},   {"C", 4},   {"S", 5},   {"G", 6},
        {"E", 7},   {"T", 7},   {"O", 8},   {"X", 8},   {"M", 13},  {"V", 13},  {"B", 21},  {"R", 22},
        {"H", 25},  {"D", 26},  {"Q", 43},  {"N", 25},  {"+P", 6},  {"+I", 7},  {"+L", 22}, {"+A", 21},
        {"+F", 21}, {"+C", 13}, {"+S", 13}, {"+G", 22}, {"+E", 8},  {"+T", 17}, {"+O", 25}, {"+X", 43},
        {"+M", 32}, {"+V", 32}, {"+B", 25}, {"+R", 26}, {"+H", 40}, {"+D", 37},
    };
    for (const auto& [code, n] : kinds) {
        CAPTURE(code);
        const chu::Position p = pos("g9k1/12/12/12/12/12/5" + code + "6/12/12/12/12/1K10 b - 1");
        CHECK(piece_moves(p, "7g").size() == n);
    }
    // The lion's lishogi texts on an open board: 24 one-leg and 8 x 8 two-leg (spec: 88).
    const chu::Position lion = pos("g9k1/12/12/12/12/12/5N6/12/12/12/12/1K10 b - 1");
    chu::Moves list;
    lion.legal_moves(list);
    size_t texts = 0;
    for (auto m : list)
        if (m.from() == chu::Geo::square(6, 6)) texts += lion.spellings(m).size();
    CHECK(texts == 88);
}

TEST_CASE("chu pieces: moves on the crowded start board") {
    const chu::Position p = pos(std::string(Chu::start_sfen));
    CHECK(piece_moves(p, "7j") == std::set<std::string>{"7j5h", "7j6h", "7j7h", "7j8h", "7j9k"});  // the lion
    CHECK(piece_moves(p, "9h") == std::set<std::string>{"9h9g"});                                   // a go-between
    CHECK(piece_moves(p, "8k") == std::set<std::string>{"8k9k"});                                   // a blind tiger
    CHECK(piece_moves(p, "7k") == std::set<std::string>{"7k9k"});                                   // the kirin's jump
    CHECK(piece_moves(p, "6k").empty());                                                            // the phoenix
    CHECK(piece_moves(p, "6l").empty());                                                            // the drunk elephant
    CHECK(piece_moves(p, "5l") == std::set<std::string>{"5l4k"});                                   // a gold
}

TEST_CASE("chu lion rules: the protected lion (rule 1), as the spec's lions position shows") {
    const chu::Position p = pos("11k/12/4p7/3s8/3n4+o3/4p2ig3/5N2+O3/5P6/12/12/12/K11 b - 1");
    const auto moves = legal_texts<Chu>(p);
    CHECK(has(moves, "4g4f4e"));  // a gold bridge: the first leg took more than a pawn or go-between
    for (const char* bad : {"4g5f4e", "4g3f4e", "4g4e", "7g9e", "7g8f9e"}) {
        CAPTURE(bad);
        CHECK_FALSE(has(moves, bad));
        const auto r = p.parse_move(bad);
        REQUIRE_FALSE(r.ok());
        CHECK(r.error().find("protected-lion rule") != std::string::npos);
    }
}

TEST_CASE("chu lion rules: counter-strike (rule 2) as the seed words it, not as lishogi") {
    const chu::Position counter = pos("11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 b 7e 1");
    const auto moves = legal_texts<Chu>(counter);
    for (const std::string ok : {"3g3e", "3g3f3e", "6h3e"}) CHECK_MESSAGE(counter.parse_move(ok).ok(), ok);  // unprotected
    CHECK_FALSE(has(moves, "7j7e"));  // a protected lion, by a non-lion
    const auto r = counter.parse_move("7j7e");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().find("counter-strike rule") != std::string::npos);

    const chu::Position x = pos("11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1");
    CHECK(has(legal_texts<Chu>(x), "6l3i"));
    CHECK_FALSE(has(legal_texts<Chu>(x), "6l8j"));

    // The field is set when a non-lion takes a lion, and cleared by the next move.
    chu::Position p = pos("g10k/12/12/12/12/12/12/5n6/12/12/5R6/K11 b - 1");
    p.play(p.parse_move("7k7h").value());
    CHECK(p.sfen() == "g10k/12/12/12/12/12/12/5R6/12/12/12/K11 w 7h 2");
    p.play(p.parse_move("1a2a").value());
    CHECK(p.sfen() == "g9k1/12/12/12/12/12/12/5R6/12/12/12/K11 b - 3");
}

TEST_CASE("chu promotion: entering the zone, capturing in it, a pawn's last rank; never forced") {
    const chu::Position p = pos("5k6/6P3p1/1P1L6G1/11S/4E3L1p1/7O4/12/7e4/9l2/12/2p9/K11 b - 1");
    const auto moves = legal_texts<Chu>(p);
    CHECK(has(moves, "6b6a+"));     // a pawn reaching the far rank
    CHECK(has(moves, "6b6a"));      // or not
    CHECK_FALSE(has(moves, "9c9a+"));  // a lance inside the zone to the far rank, no capture (lishogi differs)
    CHECK(has(moves, "9c9a"));
    CHECK(has(moves, "8e8d+"));     // the elephant entering the zone
    CHECK_FALSE(has(moves, "8e8f+"));  // leaving it... it was never in it
    const auto r = p.parse_move("9c9a+");
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().find("cannot promote") != std::string::npos);
}

TEST_CASE("chu game end: royals lost, a bare royal, lone royals, with the reason") {
    // Gote's king is taken: Gote, to move, has lost.
    chu::Position p = pos("6k4g/12/12/12/12/12/12/12/12/12/6R5/6K5 b - 1");
    p.play(p.parse_move("6k6a").value());
    CHECK(p.outcome() == Outcome::Loss);
    CHECK(p.end() == chu::End::RoyalsLost);
    CHECK(p.count_legal_moves() == 0);
    // A prince keeps the side alive.
    chu::Position prince = pos("6k3g+e/12/12/12/12/12/12/12/12/12/6R5/6K5 b - 1");
    prince.play(prince.parse_move("6k6a").value());
    CHECK(prince.outcome() == Outcome::Ongoing);
    // Bare: Gote has only its king; Sente has a king and two golds, unattacked.
    const chu::Position bare = pos("6k5/12/12/12/12/12/4G1G5/12/12/12/12/6K5 w - 1");
    CHECK(bare.outcome() == Outcome::Loss);
    CHECK(bare.end() == chu::End::BaredUs);
    // Lone royals: a draw; far-rank pawns do not count.
    const chu::Position lone = pos("P5k5/12/12/12/12/12/12/12/12/12/12/6K5 b - 1");
    CHECK(lone.outcome() == Outcome::Draw);
    CHECK(lone.outcome_reason().find("two royals") != std::string::npos);
}

TEST_CASE("chu repetition: the fourth occurrence draws, unless one side attacked with every move") {
    // Kings walking to and fro, attacking nothing: a draw.
    chu::Position p = pos("g10k/12/12/12/12/12/12/12/12/12/12/G10K b - 1");
    auto end = play_cycle<Chu>(p, {"1l1k", "1a1b", "1k1l", "1b1a"}, 5);
    REQUIRE(end.outcome);
    CHECK(*end.outcome == Outcome::Draw);
    CHECK(end.plies == 12);
    // Sente's rook attacks Gote's gold with every move, Gote's gold only flees: Sente loses.
    chu::Position q = pos("11k/12/12/12/12/g11/12/12/12/12/1R10/K11 b - 1");
    end = play_cycle<Chu>(q, {"11k12k", "12f11f", "12k11k", "11f12f"}, 5);
    REQUIRE(end.outcome);
    CHECK(*end.outcome == Outcome::Loss);  // for Sente, to move at the fourth occurrence
    CHECK(end.plies == 12);
}

TEST_CASE("chu text: every spelling of every legal move parses to that move; the printed form is one of them") {
    for (const Case& c : kCases) {
        CAPTURE(c.name);
        const chu::Position p = pos(c.sfen);
        chu::Moves list;
        p.legal_moves(list);
        for (auto m : list) {
            const auto texts = p.spellings(m);
            CHECK(std::find(texts.begin(), texts.end(), p.move_text(m)) != texts.end());
            for (const auto& t : texts) {
                const auto r = p.parse_move(t);
                CHECK_MESSAGE(r.ok(), (t + ": " + r.error()));
                if (r.ok()) CHECK_MESSAGE(r.value() == m, t);
            }
        }
    }
    // A pass is printed through the first empty square in the mover's order: forward, back, left, right...
    const chu::Position lion = pos("g9k1/12/12/12/12/6p5/6N5/12/12/12/12/1K10 b - 1");
    CHECK(lion.move_text(lion.parse_move("6g6h6g").value()) == "6g6h6g");
    CHECK(lion.move_text(lion.parse_move("6g5f6g").value()) == "6g6h6g");  // the same pass (6f holds a pawn)
    CHECK(lion.move_text(lion.parse_move("6g6f6g").value()) == "6g6f6g");  // igui
    const chu::Position gote = pos("10k1/12/12/12/12/12/6n5/12/12/12/12/GK10 w - 1");
    CHECK(gote.move_text(gote.parse_move("6g7g6g").value()) == "6g6h6g");  // Gote's forward is rank l's way
}

TEST_CASE("chu bad input: SFEN and move errors name the fault") {
    auto sfen_error = [](const std::string& s) {
        auto r = chu::Position::from_sfen(s);
        REQUIRE_FALSE(r.ok());
        return r.error();
    };
    CHECK(sfen_error("11k/12/12/12/12/12/12/12/12/12/12 b - 1").find("expected 12 ranks") != std::string::npos);
    CHECK(sfen_error("11k/13/12/12/12/12/12/12/12/12/12/K11 b - 1").find("rank b has") != std::string::npos);
    CHECK(sfen_error("11k/12/12/12/12/12/12/12/12/12/12/Z11 b - 1").find("unknown piece 'Z'") != std::string::npos);
    CHECK(sfen_error("11k/12/12/12/12/12/12/12/12/12/12/+K11 b - 1").find("does not promote") != std::string::npos);
    CHECK(sfen_error("11k/12/12/12/12/12/12/12/12/12/12/K11 b 13a 1").find("third field") != std::string::npos);
    CHECK(sfen_error("11k/12/12/12/12/12/12/12/12/12/12/K11 b 12l 1").find("own piece") != std::string::npos);
    CHECK(sfen_error("11k/12/12/12/12/12/12/12/12/12/12/K11 x - 1").find("side to move") != std::string::npos);
    const chu::Position p = pos(std::string(Chu::start_sfen));
    auto move_error = [&](const std::string& m) {
        auto r = p.parse_move(m);
        REQUIRE_FALSE(r.ok());
        return r.error();
    };
    CHECK(move_error("7j").find("expected <from><to>") != std::string::npos);      // a missing leg
    CHECK(move_error("7j7i7").find("does not start with a square") != std::string::npos);
    CHECK(move_error("7j7h7f").find("each leg") != std::string::npos);
    CHECK(move_error("7j7i7h").find("own piece") != std::string::npos);
    CHECK(move_error("8j8i8h").find("no such two-leg move") != std::string::npos);  // a dragon has no lion power
    CHECK(move_error("1a1b").find("no piece of the side to move") != std::string::npos);
    CHECK(move_error("9h9f").find("not a legal move of the go-between") != std::string::npos);
    CHECK(move_error("13a12a").find("square") != std::string::npos);
}

TEST_CASE("chu random games: play and undo restore the position; keys, SFEN and moves round-trip") {
    std::mt19937 rng(2026);
    for (int game = 0; game < 6; ++game) {
        chu::Position p = pos(std::string(Chu::start_sfen));
        for (int ply = 0; ply < 300; ++ply) {
            chu::Moves list;
            p.legal_moves(list);
            if (list.empty()) break;
            const chu::Move m = list[rng() % list.size()];
            const std::string before = p.sfen();
            const uint64_t key = p.key();
            CHECK(p.parse_move(p.move_text(m)).value() == m);
            chu::Undo u;
            p.play(m, u);
            CHECK(p.key() == p.compute_key());
            CHECK(chu::Position::from_sfen(p.sfen()).value().key() == p.key());
            p.undo(m, u);
            CHECK(p.sfen() == before);
            CHECK(p.key() == key);
            p.play(m);
        }
    }
}

TEST_CASE("chu null move: the pass the search may make clears the counter-strike square and is undone exactly") {
    // A counter-strike square set, so that the pass has something to clear.
    chu::Position p = pos("11k/12/2p9/5g6/5+o3n2/12/9+H2/6B5/12/5R6/12/K11 b 7e 1");
    const std::string before = p.sfen();
    const uint64_t key = p.key();
    p.play_null();
    CHECK(p.side() == Gote);
    CHECK(p.key() == p.compute_key());
    CHECK(p.sfen().find(" w - ") != std::string::npos);  // Gote to move, no counter-strike square
    // Nested passes, as the search makes them down a line, unwind in order.
    chu::Moves list;
    p.legal_moves(list);
    REQUIRE(!list.empty());
    chu::Undo u;
    p.play(list[0], u);
    const uint64_t inner = p.key();
    p.play_null();
    CHECK(p.key() == p.compute_key());
    p.undo_null();
    CHECK(p.key() == inner);
    p.undo(list[0], u);
    p.undo_null();
    CHECK(p.sfen() == before);
    CHECK(p.key() == key);
}
