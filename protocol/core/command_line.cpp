#include "protocol/core/command_line.hpp"

#include <algorithm>
#include <iostream>

#include "engine/core/text.hpp"
#include "protocol/core/catalogue.hpp"

namespace po = boost::program_options;

namespace menagerie {

Output& stdout_output() {
    static Output out([](std::string_view s) { std::cout << s << '\n' << std::flush; });
    return out;
}

std::string usage() {
    return "Usage:\n"
           "  menagerie                      run the engine on stdin/stdout: USI, or UCI when the first command is uci\n"
           "  menagerie bench [--variant V] [--depth N] [--hash MB]\n"
           "                                 fixed-depth search over fixed positions; prints the node signature\n"
           "  menagerie perft --variant V --depth N [--sfen S] [--rule NAME=VALUE] [--texts]\n"
           "                                 count leaf positions, with a per-move breakdown and speed\n"
           "  menagerie selfplay --variant V [--a PLAYER] [--b PLAYER] [--games N] [--depth N | --nodes N |\n"
           "                     --movetime MS] [--openings PLIES] [--seed S] [--concurrency K] [--max-plies N] [--quiet]\n"
           "                                 two settings of this engine play each other; prints the score and Elo\n"
           "  menagerie match --variant V --engine SPEC --engine SPEC [--engine SPEC ...] [--games N] [--tc TC]\n"
           "                  [--openings plies=N [balance=CP] | file=F [order=random]] [--concurrency N]\n"
           "                  [--record FILE] [--resign moves=K score=CP] [--draw from=PLY moves=K score=CP]\n"
           "                  [--max-plies N] [--no-live]\n"
           "                  [--sprt elo0=E elo1=E [alpha=A beta=B]] [--seed S] [--margin MS] [--quiet]\n"
           "                                 engine processes (USI or XBoard) play a match or a round robin,\n"
           "                                 refereed by our rules; `menagerie match --help` for SPEC and TC\n"
           "  menagerie solve dobutsu [--out FILE] [--threads N] [--reachable [--root SFEN]] [--no-drops]\n"
           "                                 solve Dobutsu shogi completely and write the tablebase (every\n"
           "                                 position; --reachable: those reachable under the published\n"
           "                                 convention, whose counts it reports)\n"
           "  menagerie serve [--port N] [--host H] [--hash MB] [--max-movetime MS] [--searches N]\n"
           "                  [--tabs N] [--tablebase FILE]\n"
           "                                 the browser board: play and analyse every game at http://H:N/\n"
           "  menagerie convert --variant V (--to-sfen POSITION | --from-sfen SFEN)\n"
           "                                 a position between our SFEN and another program's format\n"
           "                                 (taikyoku: taikyoku-shogi.github.io's); '-' reads it from stdin\n"
           "  menagerie convert --variant shogi [--from kif|ki2|csa|usi] --to usi|kif|ki2|csa [--encoding sjis]\n"
           "                    [FILE|-]\n"
           "                                 a game record in another format (the input's told from its\n"
           "                                 content, UTF-8 or Shift-JIS); a bad record is refused whole\n"
           "  menagerie tune --variant V --games FILE [--games FILE ...] --out FILE [--epochs N]\n"
           "                 [--skip N] [--rate CP] [--regularisation L] [--scores FILE [--lambda L]] [--keep TERMS]\n"
           "                 [--keep-tables FIRST-LAST,...] [--scale-per-file]\n"
           "                                 fit the evaluation's weights to the results of selfplay games\n"
           "                                 (or to a reference engine's scores of their positions)\n"
           "                                 (eval/tuner.hpp); writes them as eval/<game>/tuned.inc\n"
           "  menagerie [--tablebase FILE]   the USI engine with that Dobutsu tablebase (or 'none')\n"
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

// Boost's message for a bad option. Boost fills the offending text into a template with a loop that never
// ends when that text itself holds a placeholder such as %canonical_option% (the command-line fuzz target
// found `menagerie match --%canonical_option%` hanging), so when an argument holds a '%' the message is
// made here from the option's name alone.
static std::string option_error(const po::error& e, const std::vector<std::string>& args) {
    const bool percent = std::any_of(args.begin(), args.end(), [](const std::string& a) { return a.find('%') != std::string::npos; });
    if (!percent) return e.what();
    if (const auto* named = dynamic_cast<const po::error_with_option_name*>(&e)) {
        const std::string name = named->get_option_name();
        if (dynamic_cast<const po::unknown_option*>(&e)) return "unrecognised option '" + printable(name) + "'";
        if (dynamic_cast<const po::validation_error*>(&e)) return "a bad value for option '" + printable(name) + "'";
        return "bad use of option '" + printable(name) + "'";
    }
    return "bad command line";
}

// Parses a subcommand's options; returns an exit status when the command should end here (bad input, --help).
std::optional<int> parse_options(const std::vector<std::string>& args, const po::options_description& opts,
                                 po::variables_map& vm, const po::positional_options_description* positional) {
    try {
        auto parser = po::command_line_parser(args).options(opts);
        if (positional) parser.positional(*positional);
        po::store(parser.run(), vm);
        po::notify(vm);
    } catch (const po::error& e) {
        return bad_usage(option_error(e, args), &opts);
    }
    if (vm.count("help")) {
        std::cout << usage() << "\n" << opts;
        return 0;
    }
    return std::nullopt;
}

}  // namespace menagerie
