#include "protocol/cli/cli.hpp"

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <chrono>
#include <filesystem>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <string>
#include <vector>

#include "engine/core/text.hpp"
#include "protocol/core/encoding.hpp"
#include "protocol/core/options.hpp"
#include "protocol/core/catalogue.hpp"
#include "protocol/cli/tune_games.hpp"
#include "protocol/loop/loop.hpp"
#include "protocol/match/match_command.hpp"
#include "search/tablebase/dobutsu_index.hpp"
#include "search/tablebase/dobutsu_solver.hpp"
#include "search/tablebase/dobutsu_tablebase.hpp"
#include "search/skill.hpp"
#include "protocol/web/server.hpp"

namespace po = boost::program_options;

namespace menagerie {

namespace {

int bench_command(const std::vector<std::string>& args, CommandMode mode) {
    po::options_description opts("bench options");
    opts.add_options()("variant", po::value<std::string>(), "game to bench (default: every game, with a total)")(
        "depth", po::value<int>(), "search depth (default: each game's own)")(
        "hash", po::value<int>()->default_value(16), "hash size in MB")(
        "threads", po::value<int>()->default_value(1),
        "search threads; with more than one the node count varies and the time is the time to depth")(
        "help,h", "this help");
    po::variables_map vm;
    if (auto status = parse_options(args, opts, vm)) return *status;
    std::vector<const GameEntry*> which;
    if (vm.count("variant")) {
        const GameEntry* g = find_game(vm["variant"].as<std::string>());
        if (!g) return bad_usage("unknown variant '" + vm["variant"].as<std::string>() + "'", &opts);
        which.push_back(g);
    } else {
        for (const auto& g : games()) which.push_back(&g);
    }
    const int depth = vm.count("depth") ? vm["depth"].as<int>() : 0;
    if (vm.count("depth") && (depth < 1 || depth > 30)) return bad_usage("--depth must be from 1 to 30", &opts);
    const int hash = vm["hash"].as<int>();
    if (hash < 1 || hash > 32768) return bad_usage("--hash must be from 1 to 32768 MB", &opts);
    const int threads = vm["threads"].as<int>();
    if (threads < 1 || threads > kMaxThreads)
        return bad_usage("--threads must be from 1 to " + std::to_string(kMaxThreads), &opts);
    if (mode == CommandMode::CheckOnly) return 0;

    Output& out = stdout_output();
    DialectWriter writer(out, Dialect::Usi);
    BenchResult total;
    for (const GameEntry* g : which) {
        auto session = g->make_session(writer, size_t(hash));
        BenchResult r = session->bench(depth, size_t(hash), threads);
        if (which.size() > 1) {
            out.line(std::string("--- ") + std::string(g->name));
            for (const std::string& line : bench_summary(r)) out.line(line);
        }
        total.nodes += r.nodes;
        total.ms += r.ms;
        total.positions += r.positions;
    }
    for (const std::string& line : bench_summary(total)) out.line(line);
    return 0;
}

int perft_command(const std::vector<std::string>& args, CommandMode mode) {
    po::options_description opts("perft options");
    opts.add_options()("variant", po::value<std::string>(), "game (required)")("depth", po::value<int>(),
                                                                               "plies (required)")(
        "sfen", po::value<std::string>(), "start from this position (default: the game's start)")(
        "rule", po::value<std::vector<std::string>>()->composing(),
        "NAME=VALUE: one of the game's rule options (e.g. ChuRules=lishogi); repeatable")(
        "texts", "count every text the engine accepts for a move (lishogi's convention for chu)")("help,h",
                                                                                                   "this help");
    po::variables_map vm;
    if (auto status = parse_options(args, opts, vm)) return *status;
    if (!vm.count("variant")) return bad_usage("perft needs --variant", &opts);
    if (!vm.count("depth")) return bad_usage("perft needs --depth", &opts);
    const GameEntry* g = find_game(vm["variant"].as<std::string>());
    if (!g) return bad_usage("unknown variant '" + vm["variant"].as<std::string>() + "'", &opts);
    const int depth = vm["depth"].as<int>();
    if (depth < 1 || depth > 30) return bad_usage("--depth must be from 1 to 30", &opts);
    Output& out = stdout_output();
    DialectWriter writer(out, Dialect::Usi);
    auto session = g->make_session(writer, 1);
    if (vm.count("rule"))
        for (const std::string& r : vm["rule"].as<std::vector<std::string>>()) {
            const size_t eq = r.find('=');
            if (eq == std::string::npos || eq == 0) return bad_usage("--rule: expected NAME=VALUE, got '" + r + "'", &opts);
            if (auto e = session->set_rule(r.substr(0, eq), r.substr(eq + 1))) return bad_usage("--rule " + *e, &opts);
        }
    std::vector<std::string> pos = {"startpos"};
    if (vm.count("sfen")) pos = {"sfen", vm["sfen"].as<std::string>()};
    if (auto e = session->set_position(pos)) {
        std::cerr << "menagerie: " << *e << "\n";
        return 2;
    }
    if (mode == CommandMode::CheckOnly) return 0;
    auto counts = session->perft(depth, vm.count("texts") > 0);
    if (!counts) {
        std::cerr << "menagerie: " << counts.error() << "\n";
        return 1;
    }
    for (const auto& [m, n] : counts->moves) out.line(m.text + ": " + std::to_string(n));
    out.line("");
    out.line("Nodes searched: " + std::to_string(counts->total));
    const double sec = counts->seconds;
    out.line("Time (ms)     : " + std::to_string(int64_t(sec * 1000)));
    out.line("Leaves/second : " + std::to_string(uint64_t(sec > 0 ? double(counts->total) / sec : 0)));
    return 0;
}

int convert_command(const std::vector<std::string>& args, CommandMode mode) {
    po::options_description opts("convert options");
    opts.add_options()("variant", po::value<std::string>(), "game (required)")(
        "to-sfen", po::value<std::string>(), "a position in the game's other format, or '-' for stdin")(
        "from-sfen", po::value<std::string>(), "an SFEN, or '-' for stdin")(
        "to", po::value<std::string>(), "a game record's format to write (shogi: kif, ki2, csa, usi)")(
        "from", po::value<std::string>(), "the record's format (default: told from its content)")(
        "encoding", po::value<std::string>()->default_value("utf8"), "the output's: utf8 or sjis (Shift-JIS)")(
        "file", po::value<std::string>(), "the record (or '-' for stdin, the default); also the first argument")(
        "help,h", "this help");
    po::positional_options_description positional;
    positional.add("file", 1);
    po::variables_map vm;
    if (auto status = parse_options(args, opts, vm, &positional)) return *status;
    if (!vm.count("variant")) return bad_usage("convert needs --variant", &opts);
    const GameEntry* g = find_game(vm["variant"].as<std::string>());
    if (!g) return bad_usage("unknown variant '" + vm["variant"].as<std::string>() + "'", &opts);

    // A game record: --to (and --from), from a file or stdin.
    if (vm.count("to") || vm.count("from")) {
        if (vm.count("to-sfen") || vm.count("from-sfen")) return bad_usage("--to/--from convert records, --to-sfen/--from-sfen positions: one or the other", &opts);
        if (!g->convert_record) return bad_usage(std::string(g->name) + " has no game record formats", &opts);
        if (!vm.count("to")) return bad_usage("convert needs --to (" + std::string(g->record_formats) + ")", &opts);
        const std::string encoding = vm["encoding"].as<std::string>();
        if (encoding != "utf8" && encoding != "sjis") return bad_usage("--encoding must be utf8 or sjis", &opts);
        if (mode == CommandMode::CheckOnly) return 0;
        const std::string path = vm.count("file") ? vm["file"].as<std::string>() : "-";
        std::string bytes;
        if (path == "-") {
            bytes.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
        } else {
            std::ifstream in(path, std::ios::binary);
            if (!in) {
                std::cerr << "menagerie: cannot open '" << path << "': " << std::strerror(errno) << "\n";
                return 1;
            }
            bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
        }
        constexpr size_t kMaxRecord = 64u << 20;
        if (bytes.size() > kMaxRecord) {
            std::cerr << "menagerie: " << path << ": a record of " << bytes.size() << " bytes is more than 64 MB\n";
            return 1;
        }
        auto text = text_as_utf8(bytes);
        auto out = text ? g->convert_record(text.value(), vm.count("from") ? vm["from"].as<std::string>() : "",
                                            vm["to"].as<std::string>())
                        : Result<std::string>(Error{text.error()});
        if (out && encoding == "sjis") out = utf8_to_sjis(out.value());
        if (!out) {
            std::cerr << "menagerie: " << (path == "-" ? std::string("stdin") : path) << ": " << out.error() << "\n";
            return 1;
        }
        std::cout << out.value();
        return 0;
    }

    if (!g->foreign_to_sfen) return bad_usage(std::string(g->name) + " has no other position format to convert", &opts);
    if (vm.count("to-sfen") == vm.count("from-sfen")) return bad_usage("convert needs one of --to-sfen and --from-sfen", &opts);
    if (mode == CommandMode::CheckOnly) return 0;
    const bool to_sfen = vm.count("to-sfen");
    std::string text = vm[to_sfen ? "to-sfen" : "from-sfen"].as<std::string>();
    if (text == "-" && !std::getline(std::cin, text)) text.clear();
    auto r = to_sfen ? g->foreign_to_sfen(text) : g->sfen_to_foreign(text);
    if (!r) {
        std::cerr << "menagerie: " << r.error() << "\n";
        return 1;
    }
    std::cout << r.value() << "\n";
    return 0;
}

// The items of a comma-separated option value, empty ones included (the caller rejects them).
std::vector<std::string> comma_list(const std::string& list) {
    std::vector<std::string> items;
    for (size_t from = 0; from <= list.size();) {
        const size_t to = std::min(list.find(',', from), list.size());
        items.push_back(list.substr(from, to - from));
        from = to + 1;
    }
    return items;
}

int tune_command(const std::vector<std::string>& args, CommandMode mode) {
    po::options_description opts("tune options");
    TuneConfig defaults;
    opts.add_options()("variant", po::value<std::string>(), "game (required; shogi or torishogi)")(
        "games", po::value<std::vector<std::string>>(), "`menagerie selfplay` output (repeat for more files)")(
        "scores", po::value<std::vector<std::string>>(),
        "a reference engine's scores of those games' positions (bench/label-games.sh; with several games files, one "
        "scores file for each, in the same order); only they are fitted")(
        "scale-per-file", "with --scores: fit the score's scale Kr for each scores file apart (scores from different "
        "reference engines), not one for all")(
        "lambda", po::value<double>()->default_value(defaults.lambda),
        "with --scores: the target's share from the score (the rest from the result)")(
        "keep", po::value<std::string>(), "named terms left at their values, comma-separated (to_move,...)")(
        "keep-tables", po::value<std::string>(),
        "table entries left at their values, inclusive index ranges, comma-separated (0-2077,...)")(
        "out", po::value<std::string>(), "the weights file to write (eval/<game>/tuned.inc)")(
        "epochs", po::value<int>()->default_value(defaults.epochs), "passes of Adam over the positions")(
        "skip", po::value<int>()->default_value(defaults.skip), "plies after a game's opening before positions are taken")(
        "rate", po::value<double>()->default_value(defaults.rate), "Adam's step, in centipawns")(
        "regularisation", po::value<double>()->default_value(defaults.regularisation),
        "pull of the tables toward their starting values")("help,h", "this help");
    po::variables_map vm;
    if (auto status = parse_options(args, opts, vm)) return *status;
    if (!vm.count("variant")) return bad_usage("tune needs --variant", &opts);
    const TuneGame* g = find_tune_game(vm["variant"].as<std::string>());
    if (!g) return bad_usage("unknown variant '" + vm["variant"].as<std::string>() + "'", &opts);
    if (!g->tune) return bad_usage(std::string(g->name) + "'s evaluation has no tunable features (shogi and torishogi have)", &opts);
    if (!vm.count("games")) return bad_usage("tune needs --games FILE", &opts);
    if (!vm.count("out")) return bad_usage("tune needs --out FILE", &opts);
    TuneConfig c;
    c.game_files = vm["games"].as<std::vector<std::string>>();
    c.out = vm["out"].as<std::string>();
    c.epochs = vm["epochs"].as<int>();
    c.skip = vm["skip"].as<int>();
    c.rate = vm["rate"].as<double>();
    c.regularisation = vm["regularisation"].as<double>();
    if (vm.count("scores")) c.score_files = vm["scores"].as<std::vector<std::string>>();
    c.lambda = vm["lambda"].as<double>();
    c.scale_per_file = vm.count("scale-per-file") > 0;
    if (c.scale_per_file && c.score_files.size() < 2) return bad_usage("--scale-per-file needs two or more --scores files", &opts);
    if (vm.count("keep")) {
        const std::string known = g->eval_terms();
        for (const std::string& name : comma_list(vm["keep"].as<std::string>())) {
            if (name.empty() || ("," + known).find("," + name + "=") == std::string::npos)
                return bad_usage("--keep: unknown evaluation term '" + name + "' (terms: " + known + ")", &opts);
            c.keep.push_back(name);
        }
    }
    if (vm.count("keep-tables")) {
        for (const std::string& range : comma_list(vm["keep-tables"].as<std::string>())) {
            int first = -1, last = -1;
            char dash = 0, extra = 0;
            if (std::sscanf(range.c_str(), "%d%c%d%c", &first, &dash, &last, &extra) != 3 || dash != '-' || first < 0 || first > last)
                return bad_usage("--keep-tables: '" + range + "' is not a range FIRST-LAST of table indices", &opts);
            c.keep_tables.emplace_back(first, last);
        }
    }
    if (!(c.lambda >= 0 && c.lambda <= 1)) return bad_usage("--lambda must be from 0 to 1", &opts);
    if (c.epochs < 0 || c.epochs > 100000) return bad_usage("--epochs must be from 0 to 100000", &opts);
    if (c.skip < 0 || c.skip > 1000) return bad_usage("--skip must be from 0 to 1000", &opts);
    if (!(c.rate > 0 && c.rate <= 1000)) return bad_usage("--rate must be above 0 and at most 1000", &opts);
    if (!(c.regularisation >= 0 && c.regularisation <= 1)) return bad_usage("--regularisation must be from 0 to 1", &opts);
    c.command = "menagerie tune";
    for (const std::string& a : args) c.command += " " + a;
    if (mode == CommandMode::CheckOnly) return 0;
    auto text = g->tune(c, [](const std::string& line) { std::cerr << line << std::endl; });
    if (!text) {
        std::cerr << "menagerie: " << text.error() << "\n";
        return 1;
    }
    const std::string tmp = c.out + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        out << text.value();
        if (!out.flush()) {
            std::cerr << "menagerie: cannot write " << tmp << "\n";
            return 1;
        }
    }
    if (std::rename(tmp.c_str(), c.out.c_str()) != 0) {
        std::cerr << "menagerie: cannot write " << c.out << "\n";
        return 1;
    }
    std::cerr << "wrote " << c.out << "\n";
    return 0;
}

void print_peak_memory_and_file(const std::string& out_path) {
    rusage usage_now{};
    getrusage(RUSAGE_SELF, &usage_now);
    std::cout << "Peak memory         : " << usage_now.ru_maxrss / 1024 << " MB (resident)\n";
    std::error_code ec;
    std::cout << "Table file          : " << out_path << " (" << with_commas(std::filesystem::file_size(out_path, ec))
              << " bytes)" << std::endl;
}

// The complete table (search/tablebase/dobutsu_full.hpp): every position not decided by rule.
int solve_complete(const std::string& out_path, int threads, bool drops) {
    std::cerr << "solving every dobutsu position" << (drops ? "" : " without drops") << " with " << threads
              << " thread(s), table to " << out_path << std::endl;
    const auto t0 = std::chrono::steady_clock::now();
    dobutsu::full::FullOptions fo;
    fo.threads = threads;
    fo.drops = drops;
    fo.log = [](const std::string& line) { std::cerr << line << std::endl; };
    dobutsu::full::FullSet set;
    dobutsu::full::FullSummary sum;
    try {
        sum = dobutsu::full::solve_full(fo, set);
    } catch (const std::exception& e) {
        std::cerr << "menagerie: solve: " << e.what() << std::endl;
        return 1;
    }
    const auto t1 = std::chrono::steady_clock::now();
    std::cerr << "writing " << out_path << std::endl;
    if (auto e = dobutsu::write_full_tablebase(out_path, set, sum, drops)) {
        std::cerr << "menagerie: solve: " << *e << std::endl;
        return 1;
    }
    const auto t2 = std::chrono::steady_clock::now();
    auto secs = [](auto a, auto b) { return std::chrono::duration<double>(b - a).count(); };
    const auto commas = with_commas;
    char line[256];
    std::cout << "Dobutsu shogi solved: every position" << (drops ? "" : ", without drops") << "\n";
    std::cout << "Set                 : Sente to move, mirror images identified; every position the rules do not\n"
                 "                      decide at once (no lion to take, no try standing or pending)\n";
    std::cout << "Positions           : " << commas(sum.members) << " (index of " << commas(dobutsu::full::kSize)
              << ", " << commas(sum.holes) << " holes)\n";
    std::cout << "  won / drawn / lost: " << commas(sum.won) << " / " << commas(sum.drawn) << " / " << commas(sum.lost)
              << " (for the side to move)\n";
    if (sum.start.kind == dobutsu::SolvedValue::Draw) {
        std::cout << "Start position      : drawn\n";
    } else {
        std::cout << "Start position      : " << (sum.start.kind == dobutsu::SolvedValue::Win ? "won" : "lost")
                  << " for Sente in " << sum.start.distance + 1 << " plies\n";
    }
    std::cout << "Longest win or loss : " << sum.max_distance + 1 << " plies (under our rules)\n";
    std::snprintf(line, sizeof line,
                  "Time                : %.1f s (child counts %.1f s, retrograde %.1f s, writing %.1f s), %d thread(s)\n",
                  secs(t0, t2), sum.seconds_count, sum.seconds_retro, secs(t1, t2), threads);
    std::cout << line;
    print_peak_memory_and_file(out_path);
    return 0;
}

int solve_command(const std::vector<std::string>& args, CommandMode mode) {
    po::options_description opts("solve options");
    opts.add_options()("out", po::value<std::string>(), "table file to write (default: the default table location)")(
        "threads", po::value<int>()->default_value(2), "threads (1 to 64)")(
        "reachable",
        "solve the positions reachable from the start under the published convention (the published counts), "
        "not every position")(
        "root", po::value<std::string>(), "with --reachable: what is reachable from this SFEN instead of the start")(
        "no-drops", "the subgame without drops (a small closed game, for tests)")("help", "this help");
    po::positional_options_description positional;
    positional.add("game", 1);
    opts.add_options()("game", po::value<std::string>(), "the game to solve: dobutsu");
    po::variables_map vm;
    if (auto status = parse_options(args, opts, vm, &positional)) return *status;
    if (!vm.count("game")) return bad_usage("solve needs the game: 'menagerie solve dobutsu'", &opts);
    if (vm["game"].as<std::string>() != "dobutsu")
        return bad_usage("only dobutsu can be solved, not '" + vm["game"].as<std::string>() + "'", &opts);
    const int threads = vm["threads"].as<int>();
    if (threads < 1 || threads > 64) return bad_usage("--threads must be from 1 to 64", &opts);
    const std::string out_path = vm.count("out") ? vm["out"].as<std::string>() : dobutsu::default_tablebase_path();
    if (out_path.empty()) return bad_usage("--out needs a file name", &opts);
    dobutsu::SolveOptions so;
    so.threads = threads;
    so.log = [](const std::string& line) { std::cerr << line << std::endl; };
    std::string root = std::string(dobutsu::Dobutsu::start_sfen);
    dobutsu::packed::State root_state{};
    so.drops = !vm.count("no-drops");
    if (vm.count("root")) {
        auto p = dobutsu::Position::from_sfen(vm["root"].as<std::string>());
        if (!p) return bad_usage("--root: " + p.error(), &opts);
        if (p.value().outcome() != Outcome::Ongoing) return bad_usage("--root: the game is already over there", &opts);
        const dobutsu::Position sente = p.value().side() == Sente ? p.value() : dobutsu::turned(p.value());
        root_state = dobutsu::packed::from_position(sente);
        if (dobutsu::packed::terminal(root_state) != dobutsu::packed::Terminal::No)
            return bad_usage("--root: a terminal position under the convention (a lion can be taken, or a try stands)",
                             &opts);
        so.roots.push_back(root_state);
        root = p.value().sfen();
    }
    if (vm.count("root") && !vm.count("reachable"))
        return bad_usage("--root goes with --reachable (the complete table has every position already)", &opts);
    if (mode == CommandMode::CheckOnly) return 0;
    // A table that cannot be written is refused now, not after the work.
    {
        std::error_code ec;
        const std::filesystem::path target(out_path);
        if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path(), ec);
        const std::string probe = out_path + ".tmp" + std::to_string(getpid());
        if (!std::ofstream(probe, std::ios::binary | std::ios::trunc)) {
            std::cerr << "menagerie: solve: cannot write '" << probe << "': " << std::strerror(errno) << std::endl;
            return 1;
        }
        std::filesystem::remove(probe, ec);
    }
    if (!vm.count("reachable")) return solve_complete(out_path, threads, so.drops);
    std::cerr << "solving dobutsu from '" << root << "' with " << threads << " thread(s), table to " << out_path
              << std::endl;
    const auto t0 = std::chrono::steady_clock::now();
    dobutsu::SolvedSet set;
    dobutsu::SolveSummary sum;
    try {
        sum = dobutsu::solve_dobutsu(so, set);
    } catch (const std::exception& e) {
        std::cerr << "menagerie: solve: " << e.what() << std::endl;
        return 1;
    }
    const auto t1 = std::chrono::steady_clock::now();
    std::cerr << "writing " << out_path << std::endl;
    if (auto e = dobutsu::write_tablebase(out_path, set, sum, root, so.drops)) {
        std::cerr << "menagerie: solve: " << *e << std::endl;
        return 1;
    }
    const auto t2 = std::chrono::steady_clock::now();
    auto secs = [](auto a, auto b) { return std::chrono::duration<double>(b - a).count(); };
    const auto commas = with_commas;
    char line[256];
    std::cout << "Dobutsu shogi solved from " << root << (so.drops ? "" : ", without drops") << "\n";
    std::cout << "Convention: Sente to move, mirror images identified; positions where the side to move can take\n"
                 "the enemy lion, or where the enemy lion stands on its home rank, are terminal (not expanded)\n";
    std::cout << "Reachable positions : " << commas(sum.reachable) << " (" << commas(sum.terminal) << " terminal)\n";
    std::cout << "Non-terminal        : " << commas(sum.nonterminal) << "\n";
    std::cout << "  won / drawn / lost: " << commas(sum.won) << " / " << commas(sum.drawn) << " / " << commas(sum.lost)
              << " (for the side to move)\n";
    const char* kind = sum.start.kind == dobutsu::SolvedValue::Win    ? "won"
                       : sum.start.kind == dobutsu::SolvedValue::Loss ? "lost"
                                                                      : "drawn";
    if (sum.start.kind == dobutsu::SolvedValue::Draw) {
        std::cout << "Root position       : drawn\n";
    } else {
        std::snprintf(line, sizeof line,
                      "Root position       : %s for the side to move in %d plies (%d to a terminal position, plus the\n"
                      "                      capture or the reply that ends the game; our rules count the same %d)\n",
                      kind, sum.start.distance + 1, sum.start.distance, sum.start.distance + 1);
        std::cout << line;
    }
    std::cout << "Longest win or loss : " << sum.max_distance + 1 << " plies\n";
    std::snprintf(line, sizeof line,
                  "Time                : %.1f s (reachable set %.1f s, child counts %.1f s, retrograde %.1f s, "
                  "writing %.1f s), %d thread(s)\n",
                  secs(t0, t2), sum.seconds_reach, sum.seconds_count, sum.seconds_retro, secs(t1, t2), threads);
    std::cout << line;
    print_peak_memory_and_file(out_path);
    return 0;
}

// --engine "cmd=PROGRAM [arg=A ...] [name=N] [option.NAME=VALUE ...] [tc=TC]"
}  // namespace

int run_command_line(int argc, char** argv, CommandMode mode) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        if (mode == CommandMode::CheckOnly) return 0;
        std::ios::sync_with_stdio(false);
        run_usi_loop(std::cin, stdout_output());
        return 0;
    }
    const std::string& first = args[0];
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (first == "--tablebase") {
        if (rest.size() != 1 || rest[0].empty())
            return bad_usage("--tablebase needs one value: a file, 'auto' or 'none'", nullptr);
        if (mode == CommandMode::CheckOnly) return 0;
        std::ios::sync_with_stdio(false);
        run_usi_loop(std::cin, stdout_output(), rest[0]);
        return 0;
    }
    if (first == "bench") return bench_command(rest, mode);
    if (first == "perft") return perft_command(rest, mode);
    if (first == "selfplay") return selfplay_command(rest, mode);
    if (first == "solve") return solve_command(rest, mode);
    if (first == "match") return match_command(rest, mode);
    if (first == "serve") return web::serve_command(rest, mode);
    if (first == "convert") return convert_command(rest, mode);
    if (first == "tune") return tune_command(rest, mode);
    if (first == "--help" || first == "-h" || first == "help") {
        std::cout << "Menagerie " MENAGERIE_VERSION
                     ": a USI (and UCI) engine for Dobutsu shogi and other animal and shogi-family games.\n\n"
                  << usage();
        return 0;
    }
    if (first == "--version" || first == "-v") {
        std::cout << "menagerie " MENAGERIE_VERSION "\n";
        return 0;
    }
    return bad_usage("unknown command or option '" + first + "'", nullptr);
}

}  // namespace menagerie
