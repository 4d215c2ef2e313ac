// `menagerie serve`: the browser board's command line (protocol/web/server.hpp).
#include <algorithm>
#include <boost/program_options.hpp>

#include "protocol/web/server.hpp"
#include "search/limits.hpp"

namespace po = boost::program_options;

namespace menagerie::web {

int serve_command(const std::vector<std::string>& args, CommandMode mode) {
    po::options_description opts("serve options");
    opts.add_options()("port", po::value<int>()->default_value(8080), "TCP port (0: any free port)")(
        "host", po::value<std::string>()->default_value("127.0.0.1"),
        "address to listen on (127.0.0.1: this computer only; 0.0.0.0: every network)")(
        "hash", po::value<int>()->default_value(16), "hash size in MB of each board's search")(
        "max-movetime", po::value<int>()->default_value(60000), "the longest search a board may ask for, in ms")(
        "searches", po::value<int>()->default_value(2), "searches at once over every board")(
        "threads", po::value<int>()->default_value(1), "threads of each search (1 to 1024)")(
        "tabs", po::value<int>()->default_value(32), "boards (browser tabs) open at once")(
        "tablebase", po::value<std::string>()->default_value("auto"),
        "Dobutsu tablebase: a file, 'auto' (the default file if it exists) or 'none'")("help,h", "this help");
    po::variables_map vm;
    if (auto status = parse_options(args, opts, vm)) return *status;
    ServeConfig c;
    const int port = vm["port"].as<int>();
    if (port < 0 || port > 65535) return bad_usage("--port must be from 0 to 65535", &opts);
    c.port = uint16_t(port);
    c.host = vm["host"].as<std::string>();
    if (c.host.empty() || c.host.size() > 255) return bad_usage("--host needs an address or a host name", &opts);
    const int hash = vm["hash"].as<int>();
    if (hash < 1 || hash > 4096) return bad_usage("--hash must be from 1 to 4096 MB", &opts);
    c.limits.hash_mb = size_t(hash);
    const int movetime = vm["max-movetime"].as<int>();
    if (movetime < 10 || movetime > 3600000) return bad_usage("--max-movetime must be from 10 to 3600000 ms", &opts);
    c.limits.max_movetime_ms = movetime;
    const int searches = vm["searches"].as<int>();
    if (searches < 1 || searches > 64) return bad_usage("--searches must be from 1 to 64", &opts);
    c.limits.max_searches = searches;
    const int threads = vm["threads"].as<int>();
    if (threads < 1 || threads > kMaxThreads) return bad_usage("--threads must be from 1 to " + std::to_string(kMaxThreads), &opts);
    c.limits.threads = threads;
    const int tabs = vm["tabs"].as<int>();
    if (tabs < 1 || tabs > 1000) return bad_usage("--tabs must be from 1 to 1000", &opts);
    c.max_tabs = tabs;
    c.max_connections = std::max(256, 2 * tabs);
    c.limits.tablebase = vm["tablebase"].as<std::string>();
    if (c.limits.tablebase.empty()) return bad_usage("--tablebase needs a file, 'auto' or 'none'", &opts);
    if (mode == CommandMode::CheckOnly) return 0;
    return serve(c);
}

}  // namespace menagerie::web
