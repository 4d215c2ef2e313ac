// Tori shogi's evaluation: exactly its features times their weights, the position turned round scores the
// same for the other side, the threats and the phoenix's safety count what they say, and the tuner fits it.
#include <doctest/doctest.h>

#include <fstream>
#include <string>
#include <vector>

#include "engine/core/zobrist.hpp"
#include "engine/tori/tori.hpp"
#include "eval/tori/eval.hpp"
#include "eval/tuner.hpp"
#include "tests/eval/eval_helpers.hpp"

using namespace menagerie;
using tori::Tori;
using E = Evaluator<Tori>;

namespace {

tori::Position pos(const std::string& sfen) { return eval_test::position<Tori>(sfen); }

std::map<int, int> terms(const std::string& sfen) {
    eval_test::Count c;
    E::features(pos(sfen), c);
    return c.terms;
}

}  // namespace

TEST_CASE("tori evaluation: the sum of its features times their weights") {
    eval_test::check_sum_of_features<Tori>(eval_test::random_positions<Tori>(6, 100));
    // Without one phoenix or both, and with more swallows in hand than the hand tables count.
    eval_test::check_sum_of_features<Tori>({pos("3k3/7/2s4/3S3/7/7/7 b F 1"), pos("7/7/2s4/3S3/7/7/3K3 w c 1"),
                                            pos("7/7/2s4/3S3/7/7/7 b 10S 1")});
}

TEST_CASE("tori evaluation: the position turned round scores the same for the other side") {
    // The start position turned round is itself, with the other side to move.
    CHECK(eval_test::turned(std::string(Tori::start_sfen), 7, 7) == "rpckcpl/3f3/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR w - 1");
    CHECK(eval_test::check_turned_round<Tori>(eval_test::random_positions<Tori>(6, 100), 7, 7) > 400);
    const auto w = E::defaults();
    // A falcon more in hand is worth something to its owner.
    CHECK(E::evaluate(pos("rpckcpl/7/sssssss/2s1S2/SSSSSSS/3F3/LPCKCPR b F 1"), w) >
          E::evaluate(pos(std::string(Tori::start_sfen)), w));
}

TEST_CASE("tori evaluation: threats and the phoenix's safety") {
    // Sente's crane on 4d is attacked by Gote's swallow on 4c and undefended (rough value 4); the swallow,
    // attacked by the crane, is defended by the phoenix on 4b.
    auto t = terms("7/3k3/3s3/3C3/7/7/3K3 b - 1");
    CHECK(t[E::HangingToMove] == -4);
    CHECK(t[E::HangingWaiting] == 0);
    // Seen by Gote to move, the same crane is the waiting side's.
    t = terms("7/3k3/3s3/3C3/7/7/3K3 w - 1");
    CHECK(t[E::HangingWaiting] == -4);
    CHECK(t[E::HangingToMove] == 0);
    // A lone phoenix in the middle: eight empty squares around it, none attacked, all escapes; a falcon in
    // the enemy's hand can be dropped with check on an undefended square that is not next to the phoenix.
    t = terms("k6/7/7/3K3/7/7/7 b - 1");
    CHECK(t[E::KingExposed] == -8 + 3);  // Sente's eight; Gote's phoenix in the corner has three
    CHECK(t[E::KingEscape] == 8 - 3);
    CHECK(t[E::SafeDropChecks] == 0);
    t = terms("k6/7/7/3K3/7/7/7 b f 1");
    CHECK(t[E::SafeDropChecks] == 0);  // every falcon-check square is next to the phoenix, which takes it
    t = terms("k6/7/7/3K3/7/7/7 b p 1");  // a pheasant checks from two squares away, out of reach
    CHECK(t[E::SafeDropChecks] == -1);
    CHECK(t[E::KingDanger] == -1);
}

TEST_CASE("tuner: fits tori shogi's evaluation") {
    const std::string file = "tuner_test_tori_games.txt";
    {
        std::ofstream out(file);
        KeyGenerator rng(11);
        for (int g = 0; g < 40; ++g) {
            tori::Position p = pos(std::string(Tori::start_sfen));
            std::string line;
            int plies = 0;
            for (; plies < 30; ++plies) {
                tori::Moves list;
                p.legal_moves(list);
                if (list.empty()) break;
                const auto m = list[rng.next() % list.size()];
                line += " " + p.move_text(m);
                p.play(m);
            }
            out << "game " << g + 1 << ": a - b  " << (g % 3 ? "1-0" : "0-1") << " (decided, " << plies
                << " plies, opening 0)  " << line.substr(1) << "\n";
        }
    }
    TuneConfig c;
    c.game_files = {file};
    c.epochs = 30;
    c.skip = 0;
    Tuner<Tori> tuner;
    const auto n = tuner.load(c, [](const std::string&) {});
    REQUIRE(n.ok());
    CHECK(n.value() > 400);
    const auto w = tuner.fit(c, [](const std::string&) {});
    CHECK(w.size() == size_t(E::kTerms + E::kTableSize));
    CHECK(tuner.training_loss(w) < tuner.training_loss(Tuner<Tori>::start_weights()));
    std::remove(file.c_str());
}
