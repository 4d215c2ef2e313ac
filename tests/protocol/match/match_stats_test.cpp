#include <doctest/doctest.h>

#include "protocol/match/match_stats.hpp"

using namespace menagerie::match;

// Expected values computed separately (a short script written apart from this code) with the same formulas.
TEST_CASE("match statistics: Elo, interval and likelihood of superiority of a game sample") {
    const Trinomial t{1200, 2000, 1100};
    const auto e = estimate_elo(t.sample());
    CHECK(e.elo == doctest::Approx(8.0814).epsilon(1e-4));
    CHECK(e.error == doctest::Approx(7.5964).epsilon(1e-4));
    CHECK(likelihood_of_superiority(t) == doctest::Approx(0.98147).epsilon(1e-4));
    CHECK(likelihood_of_superiority(Trinomial{5, 10, 5}) == doctest::Approx(0.5));
    CHECK(estimate_elo(Trinomial{10, 0, 10}.sample()).elo == doctest::Approx(0.0));
    CHECK(estimate_elo(Trinomial{}.sample()).error == INFINITY);
    // 75% is +190.85 Elo; stronger scores give larger differences.
    CHECK(elo_of_score(0.75) == doctest::Approx(190.85).epsilon(1e-4));
    CHECK(score_of_elo(elo_of_score(0.6)) == doctest::Approx(0.6));
}

TEST_CASE("match statistics: SPRT bounds and log-likelihood ratios") {
    const Sprt sprt{0, 5, 0.05, 0.05};
    CHECK(sprt.lower() == doctest::Approx(-std::log(19.0)));
    CHECK(sprt.upper() == doctest::Approx(std::log(19.0)));
    const Sprt other{0, 10, 0.05, 0.10};
    CHECK(other.lower() == doctest::Approx(-2.2513).epsilon(1e-4));
    CHECK(other.upper() == doctest::Approx(2.8904).epsilon(1e-4));
    CHECK(sprt.llr(Trinomial{1200, 2000, 1100}.sample()) == doctest::Approx(1.85986).epsilon(1e-4));
    CHECK(sprt.llr(Trinomial{100, 50, 120}.sample()) == doctest::Approx(-0.39015).epsilon(1e-4));
    CHECK(sprt.llr(Pentanomial{{100, 400, 900, 500, 150}}.sample()) == doctest::Approx(5.34939).epsilon(1e-4));
    CHECK(sprt.verdict(Pentanomial{{100, 400, 900, 500, 150}}.sample()) == Sprt::Verdict::AcceptH1);
    CHECK(sprt.verdict(Trinomial{1200, 2000, 1100}.sample()) == Sprt::Verdict::Continue);
    CHECK(sprt.verdict(Trinomial{1000, 2000, 1300}.sample()) == Sprt::Verdict::AcceptH0);
    // No information yet: no decision.
    CHECK(sprt.llr(Trinomial{}.sample()) == 0);
    CHECK(sprt.llr(Trinomial{0, 7, 0}.sample()) == 0);
    // The line the runner prints, per pair and at the end.
    CHECK(sprt.standing(Pentanomial{{100, 400, 900, 500, 150}}.sample()) ==
          "LLR 5.349 (bounds -2.944, 2.944), elo0 0 elo1 5");
    CHECK(other.standing(Trinomial{}.sample()) == "LLR 0.000 (bounds -2.251, 2.890), elo0 0 elo1 10");
}
