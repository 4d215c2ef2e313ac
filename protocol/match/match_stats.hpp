#pragma once
// Match statistics for the tournament runner (issue 5 groundwork): score, Elo difference with its 95%
// interval, likelihood of superiority, and the sequential probability ratio test, from game results
// (trinomial: wins, draws, losses) or from results of game pairs played with colours swapped (pentanomial:
// pairs scoring 0, 1/2, 1, 3/2 and 2 points). The SPRT uses the usual normal approximation of the generalised
// log-likelihood ratio (logistic Elo bounds): LLR = N (s1 - s0) (2 s - s0 - s1) / (2 var), with s the mean
// score per game or per pair, var its variance and s0, s1 the scores the two hypotheses expect.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>

namespace menagerie::match {

// The expected score of a side that is `elo` points stronger, and its inverse.
inline double score_of_elo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }
inline double elo_of_score(double s) {
    s = std::clamp(s, 1e-6, 1.0 - 1e-6);
    return -400.0 * std::log10(1.0 / s - 1.0);
}

// A sample of scores in [0, 1]: counts per possible score.
struct ScoreSample {
    double n = 0, mean = 0.5, variance = 0;  // per unit (a game or a pair)
};

struct Trinomial {
    uint64_t wins = 0, draws = 0, losses = 0;
    uint64_t games() const { return wins + draws + losses; }
    ScoreSample sample() const {
        ScoreSample r;
        r.n = double(games());
        if (r.n == 0) return r;
        r.mean = (double(wins) + 0.5 * double(draws)) / r.n;
        const double s = r.mean;
        r.variance = (double(wins) * (1 - s) * (1 - s) + double(draws) * (0.5 - s) * (0.5 - s) +
                      double(losses) * s * s) /
                     r.n;
        return r;
    }
};

// Pairs of games on one opening with colours swapped, by the pair's points: 0, 1/2, 1, 3/2, 2.
struct Pentanomial {
    std::array<uint64_t, 5> pairs{};
    uint64_t count() const { return pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4]; }
    ScoreSample sample() const {
        ScoreSample r;
        r.n = double(count());
        if (r.n == 0) return r;
        double sum = 0;
        for (int i = 0; i < 5; ++i) sum += double(pairs[size_t(i)]) * i / 4.0;
        r.mean = sum / r.n;
        for (int i = 0; i < 5; ++i) {
            const double d = i / 4.0 - r.mean;
            r.variance += double(pairs[size_t(i)]) * d * d;
        }
        r.variance /= r.n;
        return r;
    }
};

struct EloEstimate {
    double elo = 0, error = INFINITY;  // error: half-width of the 95% interval
};
inline EloEstimate estimate_elo(const ScoreSample& s) {
    EloEstimate e;
    e.elo = elo_of_score(s.mean);
    if (s.n < 2 || s.variance <= 0) return e;
    const double se = std::sqrt(s.variance / s.n);
    e.error = (elo_of_score(s.mean + 1.96 * se) - elo_of_score(s.mean - 1.96 * se)) / 2;
    return e;
}

// Likelihood of superiority from decisive games (draws carry no information about who is stronger).
inline double likelihood_of_superiority(const Trinomial& t) {
    const double decisive = double(t.wins + t.losses);
    if (decisive == 0) return 0.5;
    return 0.5 * (1.0 + std::erf((double(t.wins) - double(t.losses)) / std::sqrt(2.0 * decisive)));
}

struct Sprt {
    double elo0 = 0, elo1 = 5, alpha = 0.05, beta = 0.05;
    double lower() const { return std::log(beta / (1 - alpha)); }
    double upper() const { return std::log((1 - beta) / alpha); }
    double llr(const ScoreSample& s) const {
        if (s.n == 0 || s.variance <= 0) return 0;
        const double s0 = score_of_elo(elo0), s1 = score_of_elo(elo1);
        return s.n * (s1 - s0) * (2 * s.mean - s0 - s1) / (2 * s.variance);
    }
    enum class Verdict { Continue, AcceptH0, AcceptH1 };
    Verdict verdict(const ScoreSample& s) const {
        const double l = llr(s);
        if (l >= upper()) return Verdict::AcceptH1;
        if (l <= lower()) return Verdict::AcceptH0;
        return Verdict::Continue;
    }
    // Where the test stands, as the runner prints it: "LLR x (bounds a, b), elo0 e elo1 e".
    std::string standing(const ScoreSample& s) const {
        char text[128];
        std::snprintf(text, sizeof text, "LLR %.3f (bounds %.3f, %.3f), elo0 %g elo1 %g", llr(s), lower(), upper(),
                      elo0, elo1);
        return text;
    }
};

}  // namespace menagerie::match
