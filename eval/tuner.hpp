#pragma once
// The evaluation tuner (`menagerie tune`): fits a linear evaluation's weights to game results by logistic
// regression (the Texel method). For games whose Evaluator describes its features (Evaluator<G>::features:
// eval/shogi/eval.hpp, eval/tori/eval.hpp): the positions of the given games, each labelled with its game's
// result, and a weight per feature chosen to minimise the mean squared difference between the result and
// 1 / (1 + 10^(-K e / 400)), e the evaluation from Sente's view. K is fitted first to the starting weights, then fixed; the weights
// move by Adam over the whole set, the tables pulled gently toward their starting values (a prior: piece
// values as set by hand, the positional tables at zero), so that rare features stay near them.
//
// Positions: every position of a game after its random opening and `skip` further plies, except those with
// the side to move in check and those where the move played took or promoted (not quiet: the static
// evaluation does not see the exchange in progress). One game in ten is kept out of the fit and reported as
// the validation loss.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <functional>
#include <map>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/core/game.hpp"
#include "engine/core/result.hpp"
#include "eval/eval.hpp"

namespace menagerie {

struct TuneConfig {
    std::vector<std::string> game_files;  // `menagerie selfplay` output: one "game N: ..." line per game
    // A reference engine's scores of some of those games' positions (bench/label-games.sh: "game N ply I score
    // S", S for the side to move): one file per games file, in the same order (the game numbers of two
    // selfplay listings overlap), or any number for a single games file. With them, only the scored positions
    // are fitted, each to lambda * 1 / (1 + 10^(-Kr S / 400)) + (1 - lambda) * result, Sente's view, Kr fitted to the results.
    std::vector<std::string> score_files;
    // One Kr for each scores file instead of one for all: for scores from different reference engines, whose
    // scales differ (a file with fewer than min_scale_scores training positions takes the common Kr).
    bool scale_per_file = false;
    size_t min_scale_scores = 1000;
    double lambda = 1.0;
    // Named terms left at their current values (for example to_move, which a fit to searched scores of
    // positions that are not quiet inflates: the side to move's pending captures are not a tempo).
    std::vector<std::string> keep;
    // Table entries left at their values, as inclusive index ranges (for example the tables fitted in earlier
    // rounds, when new ones are fitted alone).
    std::vector<std::pair<int, int>> keep_tables;
    std::string out;                      // the weights file to write
    int epochs = 400;
    int skip = 8;                  // plies after the opening before positions are taken
    double rate = 2.0;             // Adam's step, in centipawns
    double regularisation = 1e-8;  // pull of the tables toward their starting values
    std::string command;           // the command line, for the file's header
};

// One game of a selfplay listing: the result for Sente (1, 0.5, 0), the plies of its random opening, and
// its moves from the start. False for a line that is not a game, or a game ended by the move cap.
bool parse_selfplay_game(const std::string& line, double& result, int& opening, std::vector<std::string>& moves);

template <Game G>
class Tuner {
public:
    using E = Evaluator<G>;
    using Position = typename G::Position;
    static constexpr int kTerms = E::kTerms;
    static constexpr int kWeights = E::kTerms + E::kTableSize;

    using Progress = std::function<void(const std::string&)>;

    // Reads the games; returns the number of positions or an error.
    Result<size_t> load(const TuneConfig& c, const Progress& progress) {
        size_t games = 0, skipped = 0;
        for (const auto& [first, last] : c.keep_tables)
            if (first < 0 || first > last || last >= E::kTableSize)
                return Error{"--keep-tables: " + std::to_string(first) + "-" + std::to_string(last) +
                             " is not a range of the table's indices (0 to " + std::to_string(E::kTableSize - 1) + ")"};
        if (auto e = load_scores(c)) return Error{*e};
        // With scores: the scored positions' results and Sente-view scores, by set, turned into labels below.
        std::vector<double> results[2], scores[2];
        std::vector<int> sources[2];  // the scores file of each
        for (size_t f = 0; f < c.game_files.size(); ++f) {
            const std::string& file = c.game_files[f];
            std::ifstream in(file);
            if (!in) return Error{"cannot read " + file};
            std::string line;
            std::vector<std::string> moves;
            size_t line_no = 0;
            while (std::getline(in, line)) {
                ++line_no;
                double result;
                int opening;
                if (line.rfind("game ", 0) != 0) continue;
                if (!parse_selfplay_game(line, result, opening, moves)) {
                    ++skipped;
                    continue;
                }
                const long number = std::atol(line.c_str() + 5);
                Position pos = Position::from_sfen(G::start_sfen).value();
                const int which = games % 10 == 9;
                Set& set = which ? validation_ : training_;
                for (size_t i = 0; i < moves.size(); ++i) {
                    auto m = pos.parse_move(moves[i]);
                    if (!m) return Error{file + ":" + std::to_string(line_no) + ": move " + std::to_string(i + 1) + " '" + moves[i] + "': " + m.error()};
                    const bool quiet = !pos.is_capture(m.value()) && !m.value().promotes();
                    if (int(i) >= opening + c.skip && quiet && !pos.in_check()) {
                        if (scores_.empty()) {
                            add(set, pos, result);
                        } else if (auto it = scores_.find({long(f), number, int(i)}); it != scores_.end()) {
                            add(set, pos, result);
                            results[which].push_back(result);
                            const int score = it->second.first;
                            scores[which].push_back(i % 2 == 0 ? score : -score);
                            sources[which].push_back(it->second.second);
                        }
                    }
                    pos.play(m.value());
                }
                if (++games % 1000 == 0) progress(std::to_string(games) + " games read, " + std::to_string(size()) + " positions");
            }
        }
        if (size() == 0)
            return Error{scores_.empty() ? "no positions: the files hold no decided selfplay games"
                                         : "no positions: no scored position is a quiet one of a decided game"};
        if (!scores_.empty()) {
            ref_k_ = fit_reference_k(results[0], scores[0]);
            ref_ks_.assign(c.scale_per_file ? c.score_files.size() : 1, ref_k_);
            if (c.scale_per_file)
                for (size_t f = 0; f < ref_ks_.size(); ++f) {
                    std::vector<double> r, s;
                    for (size_t p = 0; p < sources[0].size(); ++p)
                        if (sources[0][p] == int(f)) r.push_back(results[0][p]), s.push_back(scores[0][p]);
                    if (r.size() >= c.min_scale_scores) ref_ks_[f] = fit_reference_k(r, s);
                }
            for (int which : {0, 1}) {
                Set& set = which ? validation_ : training_;
                for (size_t p = 0; p < set.labels.size(); ++p) {
                    const double kr = ref_ks_[c.scale_per_file ? size_t(sources[which][p]) : 0];
                    set.labels[p] = float(c.lambda / (1.0 + std::pow(10.0, -kr * scores[which][p] / 400.0)) +
                                          (1 - c.lambda) * results[which][p]);
                }
            }
            std::ostringstream o;
            o << scores_.size() << " scores read; the reference's scale Kr = " << reference_scales() << " (fitted to the results), lambda = " << c.lambda;
            progress(o.str());
        }
        progress(std::to_string(games) + " games (" + std::to_string(skipped) + " left out: not decided), " +
                 std::to_string(training_.labels.size()) + " positions to fit, " +
                 std::to_string(validation_.labels.size()) + " to validate");
        return size();
    }

    size_t size() const { return training_.labels.size() + validation_.labels.size(); }

    // Fits and returns the weights (named terms first, then the table).
    std::vector<double> fit(const TuneConfig& c, const Progress& progress) {
        std::vector<double> w = start_weights();
        k_ = fit_k(w);
        {
            std::ostringstream o;
            o << "K = " << k_ << "; loss at the start: training " << loss(training_, w) << ", validation " << loss(validation_, w);
            progress(o.str());
        }
        const std::vector<double> prior = w;
        std::vector<bool> frozen(w.size());
        const auto names = E::defaults().names;
        for (int i = 0; i < kTerms; ++i)
            frozen[size_t(i)] = std::find(c.keep.begin(), c.keep.end(), names[size_t(i)]) != c.keep.end();
        for (const auto& [first, last] : c.keep_tables)
            for (int i = std::max(first, 0); i <= std::min(last, E::kTableSize - 1); ++i) frozen[size_t(kTerms + i)] = true;
        std::vector<double> m(w.size()), v(w.size()), g(w.size());
        const double b1 = 0.9, b2 = 0.999;
        for (int epoch = 1; epoch <= c.epochs; ++epoch) {
            gradient(training_, w, g);
            for (size_t i = 0; i < w.size(); ++i) {
                if (frozen[i]) continue;
                if (int(i) >= kTerms) g[i] += 2 * c.regularisation * (w[i] - prior[i]);
                m[i] = b1 * m[i] + (1 - b1) * g[i];
                v[i] = b2 * v[i] + (1 - b2) * g[i] * g[i];
                const double mh = m[i] / (1 - std::pow(b1, epoch)), vh = v[i] / (1 - std::pow(b2, epoch));
                w[i] -= c.rate * mh / (std::sqrt(vh) + 1e-12);
            }
            if (epoch % 50 == 0 || epoch == c.epochs) {
                std::ostringstream o;
                o << "epoch " << epoch << ": training " << loss(training_, w) << ", validation " << loss(validation_, w);
                progress(o.str());
            }
        }
        return w;
    }

    double k() const { return k_; }
    double reference_k() const { return ref_k_; }  // the common Kr
    const std::vector<double>& reference_ks() const { return ref_ks_; }  // the Kr of each scores file (or the common one)
    std::string reference_scales() const {  // "0.21", or "0.21, 0.24 (one for each scores file)"
        std::ostringstream o;
        for (size_t f = 0; f < ref_ks_.size(); ++f) o << (f ? ", " : "") << ref_ks_[f];
        if (ref_ks_.size() > 1) o << " (one for each scores file)";
        return o.str();
    }
    // The starting weights (the evaluation's own), and the loss of weights on the training positions.
    static std::vector<double> start_weights() {
        std::vector<double> w(kWeights);
        const auto d = E::defaults();
        for (int i = 0; i < kTerms; ++i) w[size_t(i)] = d[size_t(i)];
        for (int i = 0; i < E::kTableSize; ++i) w[size_t(kTerms + i)] = E::table_weight(i);
        return w;
    }
    double training_loss(const std::vector<double>& w) const { return loss(training_, w); }

    // The weights as eval/<game>/tuned.inc: the named terms, then the table, rounded (the table to 16 bits).
    static std::string weights_file(const std::vector<double>& w, const std::string& header) {
        std::ostringstream o;
        o << header << "inline constexpr int kTunedTerms[] = {";
        for (int i = 0; i < kTerms; ++i) o << (i ? ", " : "") << std::lround(w[size_t(i)]);
        o << "};\ninline constexpr int16_t kTunedTable[] = {";
        for (int i = 0; i < E::kTableSize; ++i)
            o << (i % 20 == 0 ? "\n    " : " ") << std::clamp<long>(std::lround(w[size_t(kTerms + i)]), -32768, 32767) << ",";
        o << "\n};\n";
        return o.str();
    }

    // The positions' features, packed: position i has [begin[i], begin[i + 1]).
    struct Set {
        std::vector<uint32_t> begin{0};  // features of position i: [begin[i], begin[i + 1])
        std::vector<uint16_t> index;
        std::vector<int16_t> count;
        std::vector<float> labels;
    };

    // What features() is given: counts per named term and per table index.
    struct Collector {
        Set& set;
        void term(int t, int n) { push(t, n); }
        void table(int i, int n) { push(kTerms + i, n); }
        void push(int i, int n) {
            if (n == 0) return;
            set.index.push_back(uint16_t(i));
            set.count.push_back(int16_t(std::clamp(n, -32768, 32767)));
        }
    };

private:
    static void add(Set& set, const Position& pos, double result) {
        Collector c{set};
        E::features(pos, c);
        set.begin.push_back(uint32_t(set.index.size()));
        set.labels.push_back(float(result));
    }

    static double eval(const Set& s, size_t p, const std::vector<double>& w) {
        double e = 0;
        for (uint32_t j = s.begin[p]; j < s.begin[p + 1]; ++j) e += w[s.index[j]] * s.count[j];
        return e;
    }
    double sigmoid(double e) const { return 1.0 / (1.0 + std::pow(10.0, -k_ * e / 400.0)); }

    double loss(const Set& s, const std::vector<double>& w) const {
        double sum = 0;
        for (size_t p = 0; p < s.labels.size(); ++p) {
            const double d = s.labels[p] - sigmoid(eval(s, p, w));
            sum += d * d;
        }
        return s.labels.empty() ? 0 : sum / double(s.labels.size());
    }

    void gradient(const Set& s, const std::vector<double>& w, std::vector<double>& g) const {
        std::fill(g.begin(), g.end(), 0.0);
        const double scale = k_ * std::log(10.0) / 400.0;
        for (size_t p = 0; p < s.labels.size(); ++p) {
            const double q = sigmoid(eval(s, p, w));
            // d/dw of (r - q)^2 = -2 (r - q) q (1 - q) * scale * count
            const double f = -2.0 * (s.labels[p] - q) * q * (1 - q) * scale / double(s.labels.size());
            for (uint32_t j = s.begin[p]; j < s.begin[p + 1]; ++j) g[s.index[j]] += f * s.count[j];
        }
    }

    // The scale K that best fits the starting weights (golden-section search on the training set).
    double fit_k(const std::vector<double>& w) {
        double lo = 0.05, hi = 5.0;
        const double phi = (std::sqrt(5.0) - 1) / 2;
        for (int i = 0; i < 60; ++i) {
            const double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
            k_ = a;
            const double la = loss(training_, w);
            k_ = b;
            const double lb = loss(training_, w);
            (la < lb ? hi : lo) = la < lb ? b : a;
        }
        return k_ = (lo + hi) / 2;
    }

    // Reads the reference's scores: (games file, game number, ply) -> score for the side to move, mates clamped
    // to +-3000. The games file is 0 for every scores file when there is one games file.
    std::optional<std::string> load_scores(const TuneConfig& c) {
        const bool paired = c.game_files.size() > 1;
        if (paired && !c.score_files.empty() && c.score_files.size() != c.game_files.size())
            return "with " + std::to_string(c.game_files.size()) + " games files, give one scores file for each, in the same order (" +
                   std::to_string(c.score_files.size()) + " given)";
        for (size_t f = 0; f < c.score_files.size(); ++f) {
            const std::string& file = c.score_files[f];
            std::ifstream in(file);
            if (!in) return "cannot read " + file;
            std::string line;
            size_t line_no = 0;
            while (std::getline(in, line)) {
                ++line_no;
                std::istringstream words(line);
                std::string g, p, s;
                long number;
                int ply, score;
                if (!(words >> g >> number >> p >> ply >> s >> score) || g != "game" || p != "ply" || s != "score" || ply < 0)
                    return file + ":" + std::to_string(line_no) + ": not \"game N ply I score S\"";
                scores_[{paired ? long(f) : 0L, number, ply}] = {std::clamp(score, -3000, 3000), int(f)};
            }
        }
        return std::nullopt;
    }
    // The reference's scale: the Kr for which 1 / (1 + 10^(-Kr s / 400)) best predicts the results (least
    // squares, golden-section search).
    static double fit_reference_k(const std::vector<double>& results, const std::vector<double>& scores) {
        const auto loss = [&](double k) {
            double sum = 0;
            for (size_t i = 0; i < results.size(); ++i) {
                const double d = results[i] - 1.0 / (1.0 + std::pow(10.0, -k * scores[i] / 400.0));
                sum += d * d;
            }
            return sum;
        };
        double lo = 0.001, hi = 5.0;
        const double phi = (std::sqrt(5.0) - 1) / 2;
        for (int i = 0; i < 80; ++i) {
            const double a = hi - phi * (hi - lo), b = lo + phi * (hi - lo);
            const bool left = loss(a) < loss(b);
            (left ? hi : lo) = left ? b : a;
        }
        return (lo + hi) / 2;
    }

    Set training_, validation_;
    // (games file, game, ply) -> (score, scores file)
    std::map<std::tuple<long, long, int>, std::pair<int, int>> scores_;
    double k_ = 1.0, ref_k_ = 0;
    std::vector<double> ref_ks_;
};

}  // namespace menagerie
