// Shogi's evaluation and the tuner: the evaluation is exactly its features times their weights, the same
// position seen from the other side scores the negation, and the tuner reads selfplay games and lowers the
// loss on them.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "engine/core/zobrist.hpp"
#include "engine/shogi/shogi.hpp"
#include "eval/shogi/eval.hpp"
#include "eval/tuner.hpp"
#include "tests/eval/eval_helpers.hpp"

using namespace menagerie;
using shogi::Shogi;
using E = Evaluator<Shogi>;

namespace {

shogi::Position pos(const std::string& sfen) { return eval_test::position<Shogi>(sfen); }
std::string turned(const std::string& sfen) { return eval_test::turned(sfen, 9, 9); }
std::vector<shogi::Position> random_positions(int games, int plies) { return eval_test::random_positions<Shogi>(games, plies); }
using eval_test::Count;

}  // namespace

TEST_CASE("shogi evaluation: the sum of its features times their weights") {
    eval_test::check_sum_of_features<Shogi>(random_positions(4, 120));
    // Without one king or both (the evaluation's tables fold a missing king in as a square of its own), and
    // with more pieces in hand than the hand tables count.
    eval_test::check_sum_of_features<Shogi>({pos("4k4/9/4p4/4S4/9/9/9/9/9 b G 1"), pos("9/9/4p4/4S4/9/9/9/9/4K4 w Bs 1"),
                                             pos("9/9/4p4/4S4/2+R6/9/9/9/9 b 2L 1"),
                                             pos("4k4/9/9/9/9/9/9/9/4K4 b RB4G4S4N4L18P 1")});
}

TEST_CASE("shogi evaluation: the position turned round scores the same for the other side") {
    const auto w = E::defaults();
    CHECK(turned(std::string(Shogi::start_sfen)) == "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
    CHECK(eval_test::check_turned_round<Shogi>(random_positions(4, 120), 9, 9) > 300);
    // A piece more is worth something to its owner.
    CHECK(E::evaluate(pos("lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b R 1"), w) >
          E::evaluate(pos(std::string(Shogi::start_sfen)), w));
}

TEST_CASE("shogi evaluation: threats") {
    // Sente's silver on 5d is attacked by Gote's pawn and undefended; the pawn, attacked by the silver, is
    // undefended too. Counted for the side to move and for the side waiting, by rough value (silver 5, pawn 1).
    const auto terms = [](const std::string& sfen) {
        Count c;
        E::features(pos(sfen), c);
        return c.terms;
    };
    auto t = terms("4k4/9/4p4/4S4/9/9/9/9/4K4 b - 1");
    CHECK(t[E::HangingToMove] == -5);
    CHECK(t[E::HangingWaiting] == 1);
    t = terms("4k4/9/4p4/4S4/9/9/9/9/4K4 w - 1");
    CHECK(t[E::HangingToMove] == 1);
    CHECK(t[E::HangingWaiting] == -5);
    // Defended by a pawn behind it, the silver is no longer hanging.
    CHECK(terms("4k4/9/4p4/4S4/4P4/9/9/9/4K4 b - 1")[E::HangingToMove] == 0);
    // A rook attacked by a pawn is threatened; attacked by a rook, not (the exchange is even).
    CHECK(terms("4k4/9/4p4/4R4/4P4/9/9/9/4K4 b - 1")[E::MajorThreatened] == -1);
    CHECK(terms("4k4/9/4r4/4R4/4P4/9/9/9/4K4 b - 1")[E::MajorThreatened] == 0);
}

TEST_CASE("shogi evaluation: the ranging pieces' safe mobility") {
    // The entries of the safe-mobility table (kMobility: [ranger][squares]) a position counts, as
    // (ranger, squares) -> count from Sente's view.
    const auto mobility = [](const std::string& sfen) {
        Count c;
        E::features(pos(sfen), c);
        std::map<std::pair<int, int>, int> m;
        for (const auto& [i, n] : c.tables) {
            const int j = i - shogi_eval::kMobility;
            if (j >= 0 && j < shogi_eval::kRangers * (shogi_eval::kMobilityCap + 1) && n)
                m[{j / (shogi_eval::kMobilityCap + 1), j % (shogi_eval::kMobilityCap + 1)}] += n;
        }
        return m;
    };
    using M = std::map<std::pair<int, int>, int>;
    // A rook on 5e, checking: four squares up to the king, three down to its own king, eight across.
    CHECK(mobility("4k4/9/9/9/4R4/9/9/9/4K4 w - 1") == M{{{2, 15}, 1}});
    // A Gote pawn on 5c: the rook reaches 5c and 5d, and the pawn attacks 5d; the side to move changes nothing.
    CHECK(mobility("4k4/9/4p4/9/4R4/9/9/9/4K4 b - 1") == M{{{2, 12}, 1}});
    // Gote's lance on 9a reaches 9b to Sente's pawn on 9g, which guards 9f; Gote's bishop on 1a reaches the
    // diagonal to 9i (Sente's rook attacks 8h, but a rook is no small piece); Sente's rook on 2h, sixteen
    // squares, none attacked by the lance, which the pawn stops.
    CHECK(mobility("l3k3b/9/9/9/9/9/P8/7R1/8K w - 1") == M{{{2, 16}, 1}, {{0, 5}, -1}, {{1, 8}, -1}});
}

TEST_CASE("shogi evaluation: the shapes of the king's danger") {
    // The entries of the two danger tables a position counts, from Sente's view: kAttackShape as
    // (attack units, hand band) and kWeakShape as (weak squares, kinds of safe checking drops).
    using M = std::map<std::pair<int, int>, int>;
    const auto shapes = [](const std::string& sfen) {
        Count c;
        E::features(pos(sfen), c);
        M attack, weak;
        for (const auto& [i, n] : c.tables) {
            if (!n) continue;
            if (i >= shogi_eval::kWeakShape)
                weak[{(i - shogi_eval::kWeakShape) / shogi_eval::kDropKinds,
                      (i - shogi_eval::kWeakShape) % shogi_eval::kDropKinds}] += n;
            else if (i >= shogi_eval::kAttackShape)
                attack[{(i - shogi_eval::kAttackShape) / shogi_eval::kHandBands,
                        (i - shogi_eval::kAttackShape) % shogi_eval::kHandBands}] += n;
        }
        return std::pair{attack, weak};
    };
    // Gote holds a rook (hand weight 2, band 2): it can drop with check on 5g to 5b, which nothing guards and
    // which are not next to Sente's king (5h, 4i and 6i are, and Gote does not attack them). Gote's king sees
    // no danger (band 0, nothing weak, no drops): its entries count -1.
    auto [attack, weak] = shapes("4k4/9/9/9/9/9/9/9/4K4 b r 1");
    CHECK(attack == M{{{0, 2}, 1}, {{0, 0}, -1}});
    CHECK(weak == M{{{0, 1}, 1}, {{0, 0}, -1}});
    // A Gote gold on 5g attacks 4h, 5h and 6h next to Sente's king: three attack units, three weak squares
    // (no Sente piece but the king defends them).
    std::tie(attack, weak) = shapes("4k4/9/9/9/9/9/4g4/9/4K4 b - 1");
    CHECK(attack == M{{{3, 0}, 1}, {{0, 0}, -1}});
    CHECK(weak == M{{{3, 0}, 1}, {{0, 0}, -1}});
    // The hand's weight in bands: 0, 1, 2-3, 4-5, 6-8, 9 and more.
    CHECK(shogi_eval::hand_band(0) == 0);
    CHECK(shogi_eval::hand_band(1) == 1);
    CHECK(shogi_eval::hand_band(3) == 2);
    CHECK(shogi_eval::hand_band(4) == 3);
    CHECK(shogi_eval::hand_band(8) == 4);
    CHECK(shogi_eval::hand_band(9) == 5);
}

TEST_CASE("tuner: reads selfplay games, leaves out undecided ones, and lowers the loss") {
    double result = -1;
    int opening = -1;
    std::vector<std::string> moves;
    CHECK(parse_selfplay_game("game 3: a - b  0-1 (decided, 5 plies, opening 2)  7g7f 3c3d 8h2b+ 3a2b B*4e", result,
                              opening, moves));
    CHECK(result == 0);
    CHECK(opening == 2);
    CHECK(moves.size() == 5);
    CHECK(parse_selfplay_game("game 4: b - a  1/2 (repetition, 12 plies, opening 0)  7g7f", result, opening, moves));
    CHECK(result == 0.5);
    CHECK_FALSE(parse_selfplay_game("game 5: a - b  1/2 (move cap, 400 plies, opening 4)  7g7f", result, opening, moves));
    CHECK_FALSE(parse_selfplay_game("Score of a vs b: 1 - 0 - 0", result, opening, moves));

    // Random games with results: the fit lowers the loss on them.
    const std::string file = "tuner_test_games.txt";
    auto write_games = [&](bool bad_move) {
        std::ofstream out(file);
        KeyGenerator rng(7);
        for (int g = 0; g < 40; ++g) {
            shogi::Position p = pos(std::string(Shogi::start_sfen));
            std::string line;
            for (int i = 0; i < 30; ++i) {
                shogi::Moves list;
                p.legal_moves(list);
                const auto m = list[rng.next() % list.size()];
                line += " " + p.move_text(m);
                p.play(m);
            }
            out << "game " << g + 1 << ": a - b  " << (g % 3 ? "1-0" : "0-1") << " (decided, 30 plies, opening 0)  "
                << line.substr(1) << "\n";
        }
        out << "game 41: a - b  1/2 (move cap, 400 plies, opening 0)  7g7f 3c3d\n";
        if (bad_move) out << "game 42: a - b  1-0 (decided, 2 plies, opening 0)  7g7f 9z9z\n";
    };
    TuneConfig c;
    c.game_files = {file};
    c.epochs = 30;
    c.skip = 0;
    std::vector<std::string> said;
    const auto note = [&](const std::string& s) { said.push_back(s); };
    write_games(false);
    Tuner<Shogi> tuner;
    const auto n = tuner.load(c, note);
    REQUIRE(n.ok());
    CHECK(n.value() > 500);  // 40 games of 30 plies, less checks, captures and promotions
    CHECK(said.back().find("1 left out") != std::string::npos);
    const auto w = tuner.fit(c, note);
    CHECK(w.size() == size_t(E::kTerms + E::kTableSize));
    CHECK(tuner.training_loss(w) < tuner.training_loss(Tuner<Shogi>::start_weights()));
    const std::string text = Tuner<Shogi>::weights_file(w, "// test\n");
    CHECK(text.find("inline constexpr int16_t kTunedTable[] = {") != std::string::npos);

    // Table entries kept (here all but the king zone's) stay at their starting values while the others move;
    // a range beyond the table is an error.
    {
        TuneConfig k = c;
        k.keep_tables = {{0, shogi_eval::kKingZone - 1}};
        Tuner<Shogi> kept;
        REQUIRE(kept.load(k, note).ok());
        const auto wk = kept.fit(k, note);
        const auto start = Tuner<Shogi>::start_weights();
        int moved_kept = 0, moved_free = 0;
        for (int i = 0; i < E::kTableSize; ++i)
            (i < shogi_eval::kKingZone ? moved_kept : moved_free) += wk[size_t(E::kTerms + i)] != start[size_t(E::kTerms + i)];
        CHECK(moved_kept == 0);
        CHECK(moved_free > 10);
        CHECK(kept.training_loss(wk) < kept.training_loss(start));
        k.keep_tables = {{0, E::kTableSize}};
        const auto beyond = Tuner<Shogi>().load(k, note);
        REQUIRE_FALSE(beyond.ok());
        CHECK(beyond.error().find("--keep-tables") != std::string::npos);
    }

    write_games(true);
    Tuner<Shogi> again;
    const auto bad = again.load(c, note);
    REQUIRE_FALSE(bad.ok());  // the bad move is reported with its game and move
    CHECK(bad.error().find("tuner_test_games.txt:42: move 2 '9z9z'") != std::string::npos);
    c.game_files = {"no/such/file.txt"};
    CHECK_FALSE(Tuner<Shogi>().load(c, note).ok());

    // A reference's scores of every third position (for the side to move; the winner's side mostly ahead):
    // only those positions are fitted, the reference's scale comes out positive, and the fit lowers the loss.
    write_games(false);
    const std::string scores = "tuner_test_scores.txt";
    {
        std::ofstream out(scores);
        for (int g = 0; g < 40; ++g)
            for (int i = 0; i < 30; i += 3) {
                const int sente = (g % 3 ? 1 : -1) * (i % 4 == 0 ? -50 : 200);  // Sente's view; wrong a third of the time
                out << "game " << g + 1 << " ply " << i << " score " << (i % 2 ? -sente : sente) << "\n";
            }
    }
    c.game_files = {file};
    c.score_files = {scores};
    c.lambda = 0.75;
    Tuner<Shogi> scored;
    const auto m = scored.load(c, note);
    REQUIRE(m.ok());
    CHECK(m.value() > 100);
    CHECK(m.value() <= 400);  // 40 games, 10 scored plies each, less the checks, captures and promotions
    CHECK(std::any_of(said.begin(), said.end(), [](const std::string& s) { return s.find("400 scores read") == 0; }));
    CHECK(scored.reference_k() > 0.01);
    const auto ws = scored.fit(c, note);
    CHECK(scored.training_loss(ws) < scored.training_loss(Tuner<Shogi>::start_weights()));
    // Two listings number their games alike: each scores file belongs to its own games file, in order.
    const std::string none = "tuner_test_no_scores.txt";
    std::ofstream(none).flush();
    c.game_files = {file, file};
    c.score_files = {scores, none};
    const auto first_only = Tuner<Shogi>().load(c, note);
    REQUIRE(first_only.ok());
    CHECK(first_only.value() == m.value());  // the second listing's games have no scores of their own
    c.score_files = {scores, scores};
    const auto both = Tuner<Shogi>().load(c, note);
    REQUIRE(both.ok());
    CHECK(both.value() == 2 * m.value());
    // Scores from a second reference on twice the scale: with a scale for each file, its Kr is half the first's.
    const std::string doubled = "tuner_test_scores_doubled.txt";
    {
        std::ifstream in(scores);
        std::ofstream out(doubled);
        std::string g, p, s;
        long n;
        int ply, score;
        while (in >> g >> n >> p >> ply >> s >> score) out << g << ' ' << n << ' ' << p << ' ' << ply << ' ' << s << ' ' << 2 * score << "\n";
    }
    c.score_files = {scores, doubled};
    c.scale_per_file = true;
    c.min_scale_scores = 50;
    Tuner<Shogi> per_file;
    REQUIRE(per_file.load(c, note).ok());
    REQUIRE(per_file.reference_ks().size() == 2);
    CHECK(per_file.reference_ks()[0] == doctest::Approx(scored.reference_k()).epsilon(1e-3));
    CHECK(per_file.reference_ks()[1] == doctest::Approx(scored.reference_k() / 2).epsilon(0.02));
    c.min_scale_scores = 100000;  // too few scores for a scale of their own: both take the common one
    Tuner<Shogi> common;
    REQUIRE(common.load(c, note).ok());
    CHECK(common.reference_ks()[0] == common.reference_k());
    CHECK(common.reference_ks()[1] == common.reference_k());
    c.scale_per_file = false;
    c.score_files = {scores};
    const auto unpaired = Tuner<Shogi>().load(c, note);
    REQUIRE_FALSE(unpaired.ok());
    CHECK(unpaired.error().find("one scores file for each") != std::string::npos);
    std::remove(none.c_str());
    c.game_files = {file};
    c.score_files = {scores};
    {
        std::ofstream out(scores, std::ios::app);
        out << "game 3 ply x score 10\n";
    }
    const auto wrong = Tuner<Shogi>().load(c, note);
    REQUIRE_FALSE(wrong.ok());
    CHECK(wrong.error().find("tuner_test_scores.txt:401") != std::string::npos);
    std::remove(scores.c_str());
    std::remove(doubled.c_str());
    std::remove(file.c_str());
}
