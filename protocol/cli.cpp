#include "protocol/cli.hpp"

#include <boost/program_options.hpp>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "protocol/registry.hpp"
#include "protocol/usi.hpp"

namespace po = boost::program_options;

namespace menagerie {

namespace {

Output& stdout_output() {
    static Output out([](std::string_view s) { std::cout << s << '\n' << std::flush; });
    return out;
}

std::string usage() {
    return "Usage:\n"
           "  menagerie                      run the USI engine on stdin/stdout\n"
           "  menagerie bench [--variant V] [--depth N] [--hash MB]\n"
           "                                 fixed-depth search over fixed positions; prints the node signature\n"
           "  menagerie perft --variant V --depth N [--sfen S]\n"
           "                                 count leaf positions, with a per-move breakdown and speed\n"
           "  menagerie --help | --version\n"
           "\n"
           "Games (V): " +
           game_names(", ") + "\n";
}

int bad_usage(const std::string& why, const po::options_description* opts) {
    std::cerr << "menagerie: " << why << "\n\n" << usage();
    if (opts) std::cerr << "\n" << *opts;
    return 2;
}

// Parses a subcommand's options; returns an exit status when the command should end here (bad input, --help).
std::optional<int> parse_options(const std::vector<std::string>& args, const po::options_description& opts,
                                 po::variables_map& vm) {
    try {
        po::store(po::command_line_parser(args).options(opts).run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        return bad_usage(e.what(), &opts);
    }
    if (vm.count("help")) {
        std::cout << usage() << "\n" << opts;
        return 0;
    }
    return std::nullopt;
}

int bench_command(const std::vector<std::string>& args) {
    po::options_description opts("bench options");
    opts.add_options()("variant", po::value<std::string>(), "game to bench (default: every game, with a total)")(
        "depth", po::value<int>(), "search depth (default: each game's own)")(
        "hash", po::value<int>()->default_value(16), "hash size in MB")("help,h", "this help");
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

    Output& out = stdout_output();
    BenchResult total;
    for (const GameEntry* g : which) {
        auto session = g->make_session(out, size_t(hash));
        BenchResult r = session->bench(depth, size_t(hash));
        if (which.size() > 1) {
            out.line(std::string("--- ") + std::string(g->name));
            print_bench_summary(out, r);
        }
        total.nodes += r.nodes;
        total.ms += r.ms;
        total.positions += r.positions;
    }
    print_bench_summary(out, total);
    return 0;
}

int perft_command(const std::vector<std::string>& args) {
    po::options_description opts("perft options");
    opts.add_options()("variant", po::value<std::string>(), "game (required)")("depth", po::value<int>(),
                                                                               "plies (required)")(
        "sfen", po::value<std::string>(), "start from this position (default: the game's start)")("help,h",
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
    auto session = g->make_session(out, 1);
    std::vector<std::string> pos = {"startpos"};
    if (vm.count("sfen")) pos = {"sfen", vm["sfen"].as<std::string>()};
    if (auto e = session->set_position(pos)) {
        std::cerr << "menagerie: " << *e << "\n";
        return 2;
    }
    if (auto e = session->perft(depth, true)) {
        std::cerr << "menagerie: " << *e << "\n";
        return 1;
    }
    return 0;
}

}  // namespace

int run_command_line(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) {
        std::ios::sync_with_stdio(false);
        run_usi_loop(std::cin, stdout_output());
        return 0;
    }
    const std::string& first = args[0];
    const std::vector<std::string> rest(args.begin() + 1, args.end());
    if (first == "bench") return bench_command(rest);
    if (first == "perft") return perft_command(rest);
    if (first == "--help" || first == "-h" || first == "help") {
        std::cout << "Menagerie " MENAGERIE_VERSION
                     ": a USI engine for Dobutsu shogi and other animal and shogi-family games.\n\n"
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
