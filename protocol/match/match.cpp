#include "protocol/match/match.hpp"

#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstring>
#include <ctime>
#include <fstream>

#include "engine/core/text.hpp"

namespace menagerie::match_detail {

namespace {
std::string utc_text(std::time_t t, const char* format) {
    char text[32];
    std::tm utc{};
    gmtime_r(&t, &utc);
    std::strftime(text, sizeof text, format, &utc);
    return text;
}
}  // namespace


Result<std::vector<Opening>> read_book(const std::string& path, const std::string& start_sfen,
                                       std::optional<std::string> (*check)(const Opening&, const RuleSettings&),
                                       const RuleSettings& rules) {
    std::ifstream in(path);
    if (!in) return Error{"cannot open the opening file '" + path + "': " + std::strerror(errno)};
    std::vector<Opening> book;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        const auto fields = split_fields(line);
        if (fields.empty() || fields[0][0] == '#') continue;
        Opening o;
        size_t i = 0;
        if (fields[0] == "startpos") {
            o.sfen = start_sfen;
            i = 1;
        } else {
            // The SFEN: every field up to "moves" (or the end).
            for (; i < fields.size() && fields[i] != "moves"; ++i) {
                if (!o.sfen.empty()) o.sfen += ' ';
                o.sfen.append(fields[i]);
            }
        }
        if (i < fields.size()) {
            if (fields[i] != "moves")
                return Error{path + ":" + std::to_string(number) + ": expected 'moves' after startpos"};
            for (++i; i < fields.size(); ++i) o.moves.emplace_back(fields[i]);
        }
        if (auto e = check(o, rules)) return Error{path + ":" + std::to_string(number) + ": " + *e};
        book.push_back(std::move(o));
    }
    if (book.empty()) return Error{"the opening file '" + path + "' holds no opening"};
    return book;
}

std::string record_line(int number, const GameRecord& g) {
    std::string s = "Game " + std::to_string(number) + ": " + g.sente + " vs " + g.gote + ": " + outcome_word(g.result) +
                    " {" + g.reason + "} start " + g.opening.sfen;
    if (!g.opening.moves.empty()) {
        s += " opening";
        for (const auto& m : g.opening.moves) s += " " + m;
    }
    s += " moves";
    for (const auto& m : g.moves) s += " " + m;
    return s;
}

std::string game_file_block(int number, const std::string& variant, const GameRecord& g, const TimeControl& sente,
                            const TimeControl& gote, const RuleSettings& rules) {
    auto tag = [](const std::string& name, const std::string& value) {
        std::string v;
        for (char ch : value) v += ch == '"' ? '\'' : ch;
        return "[" + name + " \"" + v + "\"]\n";
    };
    std::string opening;
    for (const auto& m : g.opening.moves) opening += (opening.empty() ? "" : " ") + m;
    std::string tc = sente.text();
    if (tc != gote.text()) tc = std::string("Sente ") + tc + "; Gote " + gote.text();
    const std::string date = utc_text(std::time(nullptr), "%Y-%m-%d %H:%M:%S");
    std::string settings;
    for (const auto& [name, value] : rules) settings += (settings.empty() ? "" : " ") + name + "=" + value;
    std::string s = tag("Game", std::to_string(number)) + tag("Variant", variant) +
                    (settings.empty() ? "" : tag("Rules", settings)) + tag("Sente", g.sente) +
                    tag("Gote", g.gote) + tag("Start", g.opening.sfen) + tag("Opening", opening) +
                    tag("TimeControl", tc) + tag("Result", outcome_word(g.result)) + tag("Reason", g.reason) +
                    tag("Date", date);
    std::string line;
    for (size_t i = 0; i < g.moves.size(); ++i) {
        std::string item = std::to_string(i + 1) + ". " + g.moves[i] + " {";
        if (i < g.scores.size() && g.scores[i]) {
            if (*g.scores[i] > 0) item += '+';
            item += std::to_string(*g.scores[i]);
            item += ' ';
        }
        item += std::to_string(i < g.times_ms.size() ? g.times_ms[i] : 0) + "ms}";
        if (!line.empty() && line.size() + item.size() + 1 > 100) {
            s += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + item;
    }
    if (!line.empty()) s += line + "\n";
    return s + "\n";
}

std::optional<RecordFile> record_file_kind(const std::string& path) {
    const size_t dot = path.rfind('.'), slash = path.rfind('/');
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return std::nullopt;
    std::string ext = path.substr(dot + 1);
    for (char& ch : ext) ch = char(std::tolower(static_cast<unsigned char>(ch)));
    if (ext == "kif") return RecordFile{"kif", true};
    if (ext == "kifu") return RecordFile{"kif", false};
    if (ext == "ki2") return RecordFile{"ki2", true};
    if (ext == "ki2u") return RecordFile{"ki2", false};
    if (ext == "csa") return RecordFile{"csa", false};
    return std::nullopt;
}

std::string numbered_path(const std::string& path, int number, int games) {
    const size_t dot = path.rfind('.');
    int width = 3;
    for (int g = games; g >= 1000; g /= 10) ++width;
    std::string n = std::to_string(number);
    if (int(n.size()) < width) n.insert(0, size_t(width) - n.size(), '0');
    return path.substr(0, dot) + "-" + n + path.substr(dot);
}

PlayedGame played_game(int number, const GameRecord& g, const TimeControl& sente, const TimeControl& gote) {
    PlayedGame p;
    p.sente = g.sente;
    p.gote = g.gote;
    p.event = "menagerie match, game " + std::to_string(number);
    if (g.started) p.started = utc_text(g.started, "%Y/%m/%d %H:%M:%S");
    p.ended = utc_text(std::time(nullptr), "%Y/%m/%d %H:%M:%S");
    p.time_control = sente.text();
    if (p.time_control != gote.text()) p.time_control = "Sente " + p.time_control + "; Gote " + gote.text();
    p.start_sfen = g.opening.sfen;
    for (const auto& m : g.opening.moves) p.moves.push_back({m, -1, std::nullopt, {}, 0, 0});
    for (size_t i = 0; i < g.moves.size(); ++i) {
        PlayedMove m{g.moves[i], i < g.times_ms.size() ? g.times_ms[i] : -1, i < g.scores.size() ? g.scores[i] : std::nullopt,
                     {}, 0, 0};
        if (i < g.reports.size()) {
            m.pv = g.reports[i].pv;
            m.depth = g.reports[i].depth;
            m.nodes = g.reports[i].nodes;
        }
        p.moves.push_back(std::move(m));
    }
    p.result = g.result;
    p.end = g.end;
    p.reason = g.reason;
    return p;
}

namespace {
volatile std::sig_atomic_t signalled_ = 0;
void on_signal(int) {
    signalled_ = 1;
    EngineProcess::interrupt_all();
}
}  // namespace

InterruptGuard::InterruptGuard() {
    signalled_ = 0;
    struct sigaction sa {};
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int_);
    sigaction(SIGTERM, &sa, &old_term_);
}
InterruptGuard::~InterruptGuard() {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
}
bool InterruptGuard::signalled() { return signalled_ != 0; }

void Reporter::line(const std::string& text) {
    std::lock_guard lock(mutex_);
    if (live_ && !status_.empty()) std::fputs("\r\033[K", stderr);
    out_.line(text);
    if (live_ && !status_.empty()) {
        std::fputs(status_.c_str(), stderr);
        std::fflush(stderr);
    }
}

void Reporter::status(const std::string& text, bool force) {
    if (!live_) return;
    std::lock_guard lock(mutex_);
    const int64_t now = std::chrono::duration_cast<std::chrono::milliseconds>(
                            std::chrono::steady_clock::now().time_since_epoch())
                            .count();
    if (!force && now - last_ms_ < 100) return;
    last_ms_ = now;
    status_ = text;
    std::fputs(("\r\033[K" + status_).c_str(), stderr);
    std::fflush(stderr);
}

void Reporter::end_status() {
    std::lock_guard lock(mutex_);
    if (live_ && !status_.empty()) std::fputs("\r\033[K", stderr);
    status_.clear();
}

std::string live_status(const MatchResult& r, const std::vector<EngineSpec>& engines, int running, int moves,
                        const std::optional<match::Sprt>& sprt) {
    char text[256];
    std::snprintf(text, sizeof text, "[%d/%d games, %d running, %d moves]", r.games_played, r.games_scheduled, running,
                  moves);
    std::string s = text;
    if (engines.size() == 2) {
        const auto& t = r.vs[0][1];
        const auto est = match::estimate_elo(t.sample());
        std::snprintf(text, sizeof text, " %s %llu - %llu - %llu %s", engines[0].name.c_str(),
                      (unsigned long long)t.wins, (unsigned long long)t.losses, (unsigned long long)t.draws,
                      engines[1].name.c_str());
        s += text;
        if (t.games() > 0 && std::isfinite(est.elo)) {
            std::snprintf(text, sizeof text, "  Elo %+.0f +/- %.0f", est.elo, est.error);
            s += text;
        }
        if (sprt && r.pairs.count() > 0) {
            std::snprintf(text, sizeof text, "  LLR %.2f [%.2f, %.2f]", sprt->llr(r.pairs.sample()), sprt->lower(),
                          sprt->upper());
            s += text;
        }
    }
    return s;
}

}  // namespace menagerie::match_detail
