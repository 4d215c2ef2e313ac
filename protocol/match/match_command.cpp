// `menagerie match` and `menagerie selfplay`: the command lines of the match runner (protocol/match/match.hpp,
// protocol/match/selfplay.hpp).
#include <unistd.h>

#include <charconv>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <map>

#include "engine/core/text.hpp"
#include "protocol/core/options.hpp"
#include "protocol/match/games.hpp"
#include "protocol/match/match_command.hpp"
#include "protocol/match/xboard_client.hpp"
#include "search/skill.hpp"

namespace po = boost::program_options;

namespace menagerie {

namespace {

const char* const kHelp =
    "An engine SPEC is a list of key=value items (quote a value with spaces: init=\"sd 3\"):\n"
    "  cmd=PROGRAM          the engine's program (looked up in PATH)\n"
    "  arg=A                an argument for it (repeat for more)\n"
    "  name=N               its name in the results (default engine1, engine2, ...)\n"
    "  proto=usi|xboard     its protocol (default usi)\n"
    "  option.NAME=VALUE    an engine option (USI setoption; XBoard option NAME=VALUE)\n"
    "  tc=TC                its own time control (a handicap), instead of --tc\n"
    "  margin=MS            its own grace beyond the allowed time, instead of --margin\n"
    "  variant=NAME         the engine's name for the game when it differs from ours\n"
    "  init=COMMAND         XBoard: a command sent after the handshake (repeat for more)\n"
    "  moves=usi|xboard     XBoard: how the engine writes moves: 7g7f (gnushogi) or c3c4 (default)\n"
    "  conf=NAME            the line with name=NAME of the --engines-file; later items add to it\n"
    "--each SPEC adds its items to every engine.\n"
    "\n"
    "TC: depth=N | nodes=N | movetime=MS | time=MS[,inc=MS][,byoyomi=MS][,moves=N]\n"
    "    (moves=N: the clock gets time=MS again every N moves, as in XBoard's level N)\n"
    "\n"
    "Openings: each is played twice, colours swapped; every pair of engines gets the same ones.\n"
    "  --openings plies=N [balance=CP]  N random plies from the start (default 4), kept when our search at depth 6\n"
    "                                   (taikyoku: 3) scores the position within +-CP (default 150; 0: any\n"
    "                                   opening)\n"
    "  --openings file=F [order=random] a file, one opening per line: SFEN [moves M ...] or startpos [moves M ...]\n"
    "\n"
    "Rules: --rule NAME=VALUE referees by one of the game's rule options (chu: ChuRules=seed|lishogi) and sets it\n"
    "  in every USI engine that declares that option; the other engines are taken to play by it (HaChu: lishogi).\n"
    "\n"
    "Examples:\n"
    "  menagerie match --variant dobutsu --engine \"cmd=menagerie name=d4 tc=depth=4\" \\\n"
    "      --engine \"cmd=menagerie name=d8 tc=depth=8\" --games 100\n"
    "  menagerie match --variant jungle --each \"cmd=menagerie\" --engine \"name=s4 option.Skill_Level=4\" \\\n"
    "      --engine \"name=s8 option.Skill_Level=8\" --engine \"name=s12 option.Skill_Level=12\" --tc movetime=50\n"
    "  menagerie match --variant chushogi --rule ChuRules=lishogi --engine \"cmd=menagerie\" \\\n"
    "      --engine \"cmd=hachu proto=xboard init=memory\" --tc movetime=1000\n";

// Splits a SPEC into items at spaces, keeping quoted values ("..." or '...') whole.
std::optional<std::string> split_spec(const std::string& text, std::vector<std::string>& items) {
    std::string item;
    bool in_item = false;
    char quote = 0;
    for (char ch : text) {
        if (quote) {
            if (ch == quote) quote = 0;
            else item += ch;
        } else if (ch == '"' || ch == '\'') {
            quote = ch;
            in_item = true;
        } else if (ch == ' ' || ch == '\t') {
            if (in_item) items.push_back(item);
            item.clear();
            in_item = false;
        } else {
            item += ch;
            in_item = true;
        }
    }
    if (quote) return "unterminated quote";
    if (in_item) items.push_back(item);
    return std::nullopt;
}

struct EngineItems {
    EngineSpec spec;
    std::string tc;
    int margin = -1;  // -1: --margin
};

std::optional<std::string> to_int(const std::string& text, int& v, int lo, int hi) {
    const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
    if (ec != std::errc() || ptr != text.data() + text.size() || v < lo || v > hi)
        return "'" + text + "': expected a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
    return std::nullopt;
}

std::optional<std::string> apply_items(const std::vector<std::string>& items, EngineItems& e,
                                       const std::map<std::string, std::vector<std::string>>& conf) {
    for (const std::string& w : items) {
        const auto eq = w.find('=');
        if (eq == std::string::npos) return "expected key=value, got '" + w + "'";
        const std::string key = w.substr(0, eq), value = w.substr(eq + 1);
        if (key == "cmd") {
            if (!e.spec.argv.empty()) return "cmd given twice";
            e.spec.argv.push_back(value);
        } else if (key == "arg") {
            if (e.spec.argv.empty()) return "arg before cmd";
            e.spec.argv.push_back(value);
        } else if (key == "name") {
            e.spec.name = value;
        } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
            e.spec.options.emplace_back(key.substr(7), value);
        } else if (key == "tc") {
            e.tc = value;
        } else if (key == "margin") {
            if (auto err = to_int(value, e.margin, 0, 3600000)) return "margin: " + *err;
        } else if (key == "proto") {
            if (value == "usi") e.spec.protocol = EngineProtocol::Usi;
            else if (value == "xboard" || value == "cecp") e.spec.protocol = EngineProtocol::Xboard;
            else return "proto=" + value + ": expected usi or xboard";
        } else if (key == "variant") {
            e.spec.variant = value;
        } else if (key == "init") {
            e.spec.init.push_back(value);
        } else if (key == "moves") {
            if (value != "usi" && value != "xboard") return "moves=" + value + ": expected usi or xboard";
            e.spec.usi_moves = value == "usi";
        } else if (key == "conf") {
            auto it = conf.find(value);
            if (it == conf.end())
                return conf.empty() ? "conf=" + value + " needs --engines-file" : "no engine named '" + value + "' in --engines-file";
            if (auto err = apply_items(it->second, e, {})) return "conf=" + value + ": " + *err;
        } else {
            return "unknown key '" + key + "' (cmd, arg, name, proto, option.NAME, tc, margin, variant, init, moves, conf)";
        }
    }
    return std::nullopt;
}

// --tc depth=N | nodes=N | movetime=MS | time=MS[,inc=MS][,byoyomi=MS]
std::optional<std::string> parse_tc(const std::string& text, TimeControl& tc) {
    std::string items = text;
    for (char& ch : items)
        if (ch == ',') ch = ' ';
    for (std::string_view part : split_fields(items)) {
        const auto eq = part.find('=');
        if (eq == std::string_view::npos) return "expected key=value, got '" + std::string(part) + "'";
        const std::string key(part.substr(0, eq));
        int64_t v = 0;
        const auto value = part.substr(eq + 1);
        const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
        if (ec != std::errc() || ptr != value.data() + value.size() || v < 0)
            return std::string("'").append(part).append("': expected a whole number");
        if (key == "depth") tc.depth = v;
        else if (key == "nodes") tc.nodes = v;
        else if (key == "movetime") tc.movetime_ms = v;
        else if (key == "time") tc.base_ms = v;
        else if (key == "inc") tc.inc_ms = v;
        else if (key == "byoyomi") tc.byoyomi_ms = v;
        else if (key == "moves") tc.moves = v;
        else return "unknown key '" + key + "' (depth, nodes, movetime, time, inc, byoyomi, moves)";
    }
    if (tc.clocked() && tc.base_ms == 0 && tc.inc_ms == 0 && tc.byoyomi_ms == 0) return "no time given";
    if (tc.moves && (!tc.clocked() || tc.base_ms == 0)) return "moves= needs time=";
    return std::nullopt;
}

// key=value items of --openings, --resign, --draw, --sprt.
std::optional<std::string> parse_keys(const std::vector<std::string>& items, std::map<std::string, std::string>& out,
                                      std::initializer_list<const char*> allowed) {
    for (const auto& item : items) {
        const auto eq = item.find('=');
        if (eq == std::string::npos) return "expected key=value, got '" + item + "'";
        const std::string key = item.substr(0, eq);
        bool ok = false;
        std::string names;
        for (const char* a : allowed) {
            ok = ok || key == a;
            if (!names.empty()) names += ", ";
            names += a;
        }
        if (!ok) return "unknown key '" + key + "' (" + names + ")";
        out[key] = item.substr(eq + 1);
    }
    return std::nullopt;
}
std::optional<std::string> to_double(const std::string& text, double& v) {
    char* end = nullptr;
    v = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !std::isfinite(v)) return "'" + text + "': expected a number";
    return std::nullopt;
}

// Per engine, under a clock or a fixed move time: its mean and slowest replies, the reply that came closest to its
// allowance (the runner's grace not counted), and the games it lost on time.
void print_time_use(const MatchConfig& c, const MatchResult& r, Output& out) {
    for (size_t e = 0; e < c.engines.size() && e < r.time.size(); ++e) {
        const TimeUse& t = r.time[e];
        const int forfeits = e < r.forfeits.size() ? r.forfeits[e] : 0;
        if (t.moves == 0 && forfeits == 0) continue;
        char line[320];
        if (t.moves == 0)
            std::snprintf(line, sizeof line, "Time of %s: no reply timed; %d lost on time", c.engines[e].name.c_str(),
                          forfeits);
        else
            std::snprintf(line, sizeof line,
                      "Time of %s: %llu replies, mean %lld ms, slowest %lld ms; least margin %lld ms (%lld of %lld "
                      "ms allowed, game %d); %d lost on time",
                      c.engines[e].name.c_str(), (unsigned long long)t.moves, (long long)t.mean_ms(),
                      (long long)t.slowest_ms,
                      (long long)t.margin_ms, (long long)(t.margin_allowed_ms - t.margin_ms),
                      (long long)t.margin_allowed_ms, t.margin_game, forfeits);
        out.line(line);
    }
    for (size_t e = 0; e < c.engines.size() && e < r.refused.size(); ++e) {
        if (!r.refused[e] && !r.illegal[e]) continue;
        out.line("Rules of " + c.engines[e].name + ": lost " + std::to_string(r.refused[e]) +
                 " refusing a move our rules allow and " + std::to_string(r.illegal[e]) +
                 " by a move they refuse (scored; the records give each rule)");
    }
}

void print_result(const MatchConfig& c, const MatchResult& r, Output& out) {
    char line[512];
    const size_t n = c.engines.size();
    auto score_line = [&](size_t a, size_t b) {
        const auto& t = r.vs[a][b];
        std::snprintf(line, sizeof line, "Score of %s vs %s: %llu - %llu - %llu [%.3f] %llu games",
                      c.engines[a].name.c_str(), c.engines[b].name.c_str(), (unsigned long long)t.wins,
                      (unsigned long long)t.losses, (unsigned long long)t.draws, t.sample().mean,
                      (unsigned long long)t.games());
        out.line(line);
    };
    auto elo_text = [&](const match::Trinomial& t) {
        auto est = match::estimate_elo(t.sample());
        if (std::abs(est.elo) < 0.05) est.elo = 0;  // no "-0.0"
        char text[64];
        if (!std::isfinite(est.elo)) std::snprintf(text, sizeof text, "%s", est.elo > 0 ? "+inf" : "-inf");
        else std::snprintf(text, sizeof text, "%+.1f +/- %.1f", est.elo, est.error);
        return std::string(text);
    };
    if (n == 2) {
        score_line(0, 1);
        const auto& t = r.vs[0][1];
        std::snprintf(line, sizeof line, "Elo difference: %s (95%%), LOS: %.1f%%", elo_text(t).c_str(),
                      100 * match::likelihood_of_superiority(t));
        out.line(line);
        const auto& p = r.pairs.pairs;
        std::snprintf(line, sizeof line, "Pairs (0, 1/2, 1, 3/2, 2 points): %llu %llu %llu %llu %llu",
                      (unsigned long long)p[0], (unsigned long long)p[1], (unsigned long long)p[2],
                      (unsigned long long)p[3], (unsigned long long)p[4]);
        out.line(line);
        if (c.sprt) {  // the verdict, or where the test stands when it stopped first (interrupted, --games reached)
            const std::string verdict = r.sprt_verdict.empty() ? "undecided" : r.sprt_verdict;
            if (r.pairs.count() == 0) {
                out.line("SPRT: " + verdict + " (no pair of games finished)");
            } else {
                out.line("SPRT: " + verdict + ", " + c.sprt->standing(r.pairs.sample()));
            }
        }
        print_time_use(c, r, out);
        return;
    }
    // A round robin: each pair, then the standings against the field.
    for (size_t a = 0; a < n; ++a)
        for (size_t b = a + 1; b < n; ++b) score_line(a, b);
    struct Row {
        size_t engine;
        match::Trinomial t;
    };
    std::vector<Row> rows;
    for (size_t a = 0; a < n; ++a) {
        Row row{a, {}};
        for (size_t b = 0; b < n; ++b) {
            row.t.wins += r.vs[a][b].wins;
            row.t.losses += r.vs[a][b].losses;
            row.t.draws += r.vs[a][b].draws;
        }
        rows.push_back(row);
    }
    std::stable_sort(rows.begin(), rows.end(), [](const Row& x, const Row& y) {
        return 2 * x.t.wins + x.t.draws > 2 * y.t.wins + y.t.draws;
    });
    size_t width = 4;
    for (const auto& e : c.engines) width = std::max(width, e.name.size());
    std::snprintf(line, sizeof line, "%4s  %-*s  %20s  %7s  %6s  %s", "Rank", int(width), "Name",
                  "Elo vs field (95%)", "Points", "Games", "W - L - D");
    out.line(line);
    for (size_t i = 0; i < rows.size(); ++i) {
        const auto& t = rows[i].t;
        std::snprintf(line, sizeof line, "%4zu  %-*s  %20s  %7.1f  %6llu  %llu - %llu - %llu", i + 1, int(width),
                      c.engines[rows[i].engine].name.c_str(), elo_text(t).c_str(), double(t.wins) + 0.5 * double(t.draws),
                      (unsigned long long)t.games(), (unsigned long long)t.wins, (unsigned long long)t.losses,
                      (unsigned long long)t.draws);
        out.line(line);
    }
    print_time_use(c, r, out);
}

}  // namespace

int match_command(const std::vector<std::string>& args, CommandMode mode) {
    po::options_description opts("match options");
    opts.add_options()("variant", po::value<std::string>(), "game")(
        "engine", po::value<std::vector<std::string>>(), "an engine SPEC (two or more; see below)")(
        "each", po::value<std::string>(), "a SPEC whose items every engine gets first")(
        "engines-file", po::value<std::string>(), "a file of engine SPECs, one per line, for conf=NAME")(
        "games", po::value<int>()->default_value(2), "games per pair of engines (rounded up to an even number)")(
        "tc", po::value<std::string>()->default_value("movetime=100"), "time control TC (see below)")(
        "margin", po::value<int>()->default_value(1000), "ms beyond the allowed time before a forfeit")(
        "openings", po::value<std::vector<std::string>>()->multitoken(),
        "plies=N [balance=CP] | file=F [order=sequential|random] (see below)")(
        "seed", po::value<uint64_t>()->default_value(1), "random seed of the openings")(
        "rule", po::value<std::vector<std::string>>()->composing(),
        "NAME=VALUE: referee by this rule option of the game (chu: ChuRules=lishogi); repeatable")(
        "max-plies", po::value<int>()->default_value(400), "a game with this many moves (after the opening) is a draw")(
        "resign", po::value<std::vector<std::string>>()->multitoken(),
        "moves=K score=CP: a side whose engine reports <= -CP while the other reports >= CP, K moves each, loses")(
        "draw", po::value<std::vector<std::string>>()->multitoken(),
        "from=PLY moves=K score=CP: a draw when both report |score| <= CP for K moves each from PLY on")(
        "concurrency", po::value<int>()->default_value(1), "games played at the same time")(
        "record", po::value<std::string>(), "append every game to this file (format in README); shogi: FILE.kif, .kifu, .ki2, .ki2u or .csa "
        "writes each game as a record of its own, FILE-001.kif, ..., with the engines' scores and lines")(
        "csa", po::value<std::string>(), "shogi: append every game to this file as a CSA record")(
        "sprt", po::value<std::vector<std::string>>()->multitoken(),
        "two engines: stop when decided: elo0=E elo1=E [alpha=A] [beta=B] (game pairs)")(
        "no-live", "no live progress line on a terminal")("quiet", "only the final result")("help", "this help");
    po::variables_map vm;
    if (std::find(args.begin(), args.end(), "--help") != args.end()) {
        std::cout << usage() << "\n" << opts << "\n" << kHelp;
        return 0;
    }
    if (auto r = parse_options(args, opts, vm)) return *r;
    if (!vm.count("variant")) return bad_usage("match needs --variant", &opts);
    const MatchGame* g = find_match_game(vm["variant"].as<std::string>());
    if (!g) return bad_usage("unknown variant '" + vm["variant"].as<std::string>() + "'", &opts);
    MatchConfig c;
    if (vm.count("rule")) {
        for (const std::string& r : vm["rule"].as<std::vector<std::string>>()) {
            const size_t eq = r.find('=');
            if (eq == std::string::npos || eq == 0) return bad_usage("--rule: expected NAME=VALUE, got '" + r + "'", &opts);
            std::erase_if(c.rules, [&](const auto& x) { return x.first == r.substr(0, eq); });
            c.rules.emplace_back(r.substr(0, eq), r.substr(eq + 1));
        }
        if (auto e = g->rules_error(c.rules)) return bad_usage("--rule " + *e, &opts);
    }

    // Engines: --engines-file, --each, --engine.
    std::map<std::string, std::vector<std::string>> conf;
    if (vm.count("engines-file")) {
        const std::string path = vm["engines-file"].as<std::string>();
        std::ifstream in(path);
        if (!in) return bad_usage("--engines-file: cannot open '" + path + "'", &opts);
        std::string text;
        for (int number = 1; std::getline(in, text); ++number) {
            std::vector<std::string> items;
            if (auto e = split_spec(text, items)) return bad_usage(path + ":" + std::to_string(number) + ": " + *e, &opts);
            if (items.empty() || items[0][0] == '#') continue;
            EngineItems probe;
            if (auto e = apply_items(items, probe, {}))
                return bad_usage(path + ":" + std::to_string(number) + ": " + *e, &opts);
            if (probe.spec.name.empty()) return bad_usage(path + ":" + std::to_string(number) + ": no name=", &opts);
            conf[probe.spec.name] = items;
        }
    }
    std::vector<std::string> each;
    if (vm.count("each"))
        if (auto e = split_spec(vm["each"].as<std::string>(), each)) return bad_usage("--each: " + *e, &opts);
    const auto engines = vm.count("engine") ? vm["engine"].as<std::vector<std::string>>() : std::vector<std::string>{};
    if (engines.size() < 2) return bad_usage("match needs two --engine (or more, for a round robin)", &opts);
    if (engines.size() > 64) return bad_usage("at most 64 engines", &opts);
    if (TimeControl check; auto e = parse_tc(vm["tc"].as<std::string>(), check)) return bad_usage("--tc: " + *e, &opts);
    for (size_t i = 0; i < engines.size(); ++i) {
        const std::string which = std::string("--engine ") + std::to_string(i + 1) + ": ";
        std::vector<std::string> items;
        if (auto e = split_spec(engines[i], items)) return bad_usage(which + *e, &opts);
        EngineItems e;
        e.tc = vm["tc"].as<std::string>();
        // conf= first, so that the other items add to it; then --each, then the rest.
        std::vector<std::string> ordered;
        for (const auto& item : items)
            if (item.rfind("conf=", 0) == 0) ordered.push_back(item);
        ordered.insert(ordered.end(), each.begin(), each.end());
        for (const auto& item : items)
            if (item.rfind("conf=", 0) != 0) ordered.push_back(item);
        if (auto err = apply_items(ordered, e, conf)) return bad_usage(which + *err, &opts);
        if (e.spec.argv.empty()) return bad_usage(which + "no cmd=PROGRAM", &opts);
        if (e.spec.name.empty()) e.spec.name = std::string("engine") + std::to_string(i + 1);
        TimeControl tc;
        if (auto err = parse_tc(e.tc, tc)) return bad_usage(which + "tc: " + *err, &opts);
        tc.margin_ms = e.margin >= 0 ? e.margin : vm["margin"].as<int>();
        if (e.spec.protocol == EngineProtocol::Xboard)
            if (auto err = xboard_time_control_error(tc)) return bad_usage(which + *err, &opts);
        for (const auto& other : c.engines)
            if (other.name == e.spec.name) return bad_usage(which + "two engines are named '" + other.name + "'", &opts);
        e.spec.rules = c.rules;
        c.engines.push_back(e.spec);
        c.tc.push_back(tc);
    }

    c.games = vm["games"].as<int>();
    c.seed = vm["seed"].as<uint64_t>();
    c.adjudication.max_plies = vm["max-plies"].as<int>();
    c.concurrency = vm["concurrency"].as<int>();
    c.quiet = vm.count("quiet") > 0;
    c.live = !vm.count("no-live") && isatty(2);
    if (c.games < 1 || c.games > 1000000) return bad_usage("--games must be from 1 to 1000000", &opts);
    if (c.adjudication.max_plies < 1) return bad_usage("--max-plies must be at least 1", &opts);
    if (vm["margin"].as<int>() < 0) return bad_usage("--margin must not be negative", &opts);
    if (c.concurrency < 1 || c.concurrency > 64) return bad_usage("--concurrency must be from 1 to 64", &opts);
    if (vm.count("record")) c.record_path = vm["record"].as<std::string>();
    if (vm.count("csa")) c.csa_path = vm["csa"].as<std::string>();

    if (vm.count("openings")) {
        std::map<std::string, std::string> o;
        if (auto e = parse_keys(vm["openings"].as<std::vector<std::string>>(), o, {"plies", "balance", "file", "order"}))
            return bad_usage("--openings: " + *e, &opts);
        if (o.count("plies") && o.count("file")) return bad_usage("--openings: plies= or file=, not both", &opts);
        if (o.count("plies"))
            if (auto e = to_int(o["plies"], c.opening_plies, 0, 40)) return bad_usage("--openings plies: " + *e, &opts);
        if (o.count("balance"))
            if (auto e = to_int(o["balance"], c.balance, 0, 100000)) return bad_usage("--openings balance: " + *e, &opts);
        if (o.count("file") && o.count("balance")) return bad_usage("--openings: balance= is for random openings", &opts);
        if (o.count("order") && o["order"] != "random" && o["order"] != "sequential")
            return bad_usage("--openings order: expected random or sequential", &opts);
        c.book_random = o.count("order") && o["order"] == "random";
        if (o.count("file")) {
            auto book = g->read_book(o["file"], c.rules);
            if (!book) return bad_usage("--openings: " + book.error(), &opts);
            c.book = std::move(book.value());
        }
    }
    if (vm.count("resign")) {
        std::map<std::string, std::string> o;
        if (auto e = parse_keys(vm["resign"].as<std::vector<std::string>>(), o, {"moves", "score"}))
            return bad_usage("--resign: " + *e, &opts);
        if (!o.count("moves") || !o.count("score")) return bad_usage("--resign needs moves= and score=", &opts);
        if (auto e = to_int(o["moves"], c.adjudication.resign_moves, 1, 1000)) return bad_usage("--resign moves: " + *e, &opts);
        if (auto e = to_int(o["score"], c.adjudication.resign_score, 1, 100000)) return bad_usage("--resign score: " + *e, &opts);
    }
    if (vm.count("draw")) {
        std::map<std::string, std::string> o;
        if (auto e = parse_keys(vm["draw"].as<std::vector<std::string>>(), o, {"from", "moves", "score"}))
            return bad_usage("--draw: " + *e, &opts);
        if (!o.count("moves") || !o.count("score")) return bad_usage("--draw needs moves= and score= (from= optional)", &opts);
        if (o.count("from"))
            if (auto e = to_int(o["from"], c.adjudication.draw_from, 0, 100000)) return bad_usage("--draw from: " + *e, &opts);
        if (auto e = to_int(o["moves"], c.adjudication.draw_moves, 1, 1000)) return bad_usage("--draw moves: " + *e, &opts);
        if (auto e = to_int(o["score"], c.adjudication.draw_score, 0, 100000)) return bad_usage("--draw score: " + *e, &opts);
    }
    if (vm.count("sprt")) {
        if (c.engines.size() != 2) return bad_usage("--sprt needs exactly two engines", &opts);
        std::map<std::string, std::string> o;
        if (auto e = parse_keys(vm["sprt"].as<std::vector<std::string>>(), o, {"elo0", "elo1", "alpha", "beta"}))
            return bad_usage("--sprt: " + *e, &opts);
        match::Sprt sprt;
        for (auto& [key, value] : o) {
            double v = 0;
            if (auto e = to_double(value, v)) return bad_usage("--sprt " + key + ": " + *e, &opts);
            (key == "elo0" ? sprt.elo0 : key == "elo1" ? sprt.elo1 : key == "alpha" ? sprt.alpha : sprt.beta) = v;
        }
        if (!o.count("elo0") || !o.count("elo1") || sprt.elo1 <= sprt.elo0)
            return bad_usage("--sprt needs elo0 and elo1 with elo0 < elo1", &opts);
        if (sprt.alpha <= 0 || sprt.alpha >= 0.5 || sprt.beta <= 0 || sprt.beta >= 0.5)
            return bad_usage("--sprt: alpha and beta must be between 0 and 0.5", &opts);
        c.sprt = sprt;
    }

    if (mode == CommandMode::CheckOnly) return 0;
    Output& out = stdout_output();
    auto r = g->match(c, out);
    if (!r) {
        std::cerr << "menagerie: match: " << r.error() << std::endl;
        return 1;
    }
    if (r.value().interrupted)
        out.line(std::string("Interrupted: the result of the ") + std::to_string(r.value().games_played) + " finished games");
    print_result(c, r.value(), out);
    return r.value().interrupted ? 130 : 0;
}

// A player: a preset name (beginner, easy, normal, hard, expert, master) and/or key=value settings
// separated by commas: skill=N, depth=N, nodes=N, movetime=MS, name=TEXT, and evaluation weights as
// eval.TERM=N (for example eval.rat_bonus=0).
namespace {
std::optional<std::string> parse_player(const std::string& spec, Player& p) {
    size_t start = 0;
    while (start <= spec.size()) {
        size_t end = spec.find(',', start);
        if (end == std::string::npos) end = spec.size();
        const std::string item = spec.substr(start, end - start);
        start = end + 1;
        if (item.empty()) continue;
        const size_t eq = item.find('=');
        if (eq == std::string::npos) {
            bool found = false;
            for (const auto& preset : kSkillPresets)
                if (iequals(preset.name, item)) p.skill = preset.level, found = true;
            if (!found) return "unknown preset '" + item + "'";
            if (p.name.empty()) p.name = item;
            continue;
        }
        const std::string key = item.substr(0, eq), value = item.substr(eq + 1);
        if (key == "name") {
            p.name = value;
            continue;
        }
        if (key.rfind("eval.", 0) == 0) {
            p.eval += (p.eval.empty() ? "" : ",") + key.substr(5) + "=" + value;
            continue;
        }
        auto v = parse_int(value);
        if (!v || *v < 0) return "bad value in '" + item + "'";
        if (key == "skill" && *v <= kMaxSkill)
            p.skill = int(*v);
        else if (key == "depth" && *v <= 100)
            p.depth = int(*v);
        else if (key == "nodes")
            p.nodes = uint64_t(*v);
        else if (key == "movetime")
            p.movetime = *v;
        else
            return "bad setting '" + item + "' (skill=0-20, depth=N, nodes=N, movetime=MS, name=TEXT, eval.TERM=N)";
    }
    return std::nullopt;
}

}  // namespace

int selfplay_command(const std::vector<std::string>& args, CommandMode mode) {
    po::options_description opts("selfplay options");
    opts.add_options()("variant", po::value<std::string>(), "game (required)")(
        "a", po::value<std::string>()->default_value("master"), "first player: preset and/or key=value,...")(
        "b", po::value<std::string>()->default_value("master"), "second player")(
        "games", po::value<int>()->default_value(2), "number of games (openings are played twice)")(
        "depth", po::value<int>(), "depth limit for both players")("nodes", po::value<uint64_t>(),
                                                                   "node limit per move for both players")(
        "movetime", po::value<int>(), "ms per move for both players")("openings", po::value<int>()->default_value(4),
                                                                      "random plies before the players take over")(
        "seed", po::value<uint64_t>()->default_value(1), "seed of the openings and the level randomness")(
        "concurrency", po::value<int>()->default_value(1), "games played at once")(
        "max-plies", po::value<int>()->default_value(400), "plies after which a game is scored a draw")(
        "hash", po::value<int>()->default_value(16), "hash size in MB per player")("quiet", "no per-game lines")(
        "terms", "print the game's evaluation terms with their defaults, and exit")("help,h", "this help");
    po::variables_map vm;
    if (auto status = parse_options(args, opts, vm)) return *status;
    if (!vm.count("variant")) return bad_usage("selfplay needs --variant", &opts);
    const MatchGame* g = find_match_game(vm["variant"].as<std::string>());
    if (!g) return bad_usage("unknown variant '" + vm["variant"].as<std::string>() + "'", &opts);
    if (vm.count("terms")) {
        std::cout << g->eval_terms() << "\n";
        return 0;
    }
    SelfPlayConfig c;
    c.a.depth = c.b.depth = vm.count("depth") ? vm["depth"].as<int>() : 0;
    c.a.nodes = c.b.nodes = vm.count("nodes") ? vm["nodes"].as<uint64_t>() : 0;
    c.a.movetime = c.b.movetime = vm.count("movetime") ? vm["movetime"].as<int>() : 0;
    if (!c.a.depth && !c.a.nodes && !c.a.movetime) c.a.movetime = c.b.movetime = 100;
    if (auto e = parse_player(vm["a"].as<std::string>(), c.a)) return bad_usage("--a: " + *e, &opts);
    if (auto e = parse_player(vm["b"].as<std::string>(), c.b)) return bad_usage("--b: " + *e, &opts);
    if (c.a.name.empty()) c.a.name = "A";
    if (c.b.name.empty()) c.b.name = "B";
    if (c.a.name == c.b.name) c.a.name += "(a)", c.b.name += "(b)";
    c.games = vm["games"].as<int>();
    c.opening_plies = vm["openings"].as<int>();
    c.seed = vm["seed"].as<uint64_t>();
    c.concurrency = vm["concurrency"].as<int>();
    c.max_plies = vm["max-plies"].as<int>();
    if (c.max_plies < 1 || c.max_plies > 100000) return bad_usage("--max-plies must be from 1 to 100000", &opts);
    const int hash = vm["hash"].as<int>();
    if (c.games < 1 || c.games > 1000000) return bad_usage("--games must be from 1 to 1000000", &opts);
    if (c.opening_plies < 0 || c.opening_plies > 40) return bad_usage("--openings must be from 0 to 40", &opts);
    if (c.concurrency < 1 || c.concurrency > 256) return bad_usage("--concurrency must be from 1 to 256", &opts);
    if (hash < 1 || hash > 4096) return bad_usage("--hash must be from 1 to 4096 MB", &opts);
    c.hash_mb = size_t(hash);
    c.verbose = !vm.count("quiet");
    if (mode == CommandMode::CheckOnly) return 0;
    Output& out = stdout_output();
    const auto result = g->self_play(c, out);
    if (!result) return bad_usage(result.error(), &opts);
    const MatchSummary& m = result.value();
    char line[256];
    std::snprintf(line, sizeof line, "Score of %s vs %s: %d - %d - %d  [%.3f] %d games", c.a.name.c_str(),
                  c.b.name.c_str(), m.wins, m.losses, m.draws, m.score(), m.games());
    out.line(line);
    std::snprintf(line, sizeof line, "Elo difference: %+.1f +/- %.1f (95%%)", m.elo(), m.elo_error());
    out.line(line);
    return 0;
}

}  // namespace menagerie
