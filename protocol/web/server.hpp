#pragma once
// `menagerie serve`: the browser board. An HTTP server (Boost.Beast) that serves the page embedded in the
// binary (protocol/web/page, embedded at build time) and one WebSocket per tab, /ws, each driving its own
// WebClient. One thread runs the network; searches run on their sessions' threads.
#include <cstdint>
#include <string>

#include <string>
#include <vector>

#include "protocol/core/command_line.hpp"
#include "protocol/web/client.hpp"

namespace menagerie::web {

struct ServeConfig {
    std::string host = "127.0.0.1";
    uint16_t port = 8080;        // 0: any free port (the address printed says which)
    int max_tabs = 32;           // WebSocket connections at once; one more is refused with 503
    int max_connections = 256;   // TCP connections at once, page loads included
    ServeLimits limits;
};

// Serves until SIGINT or SIGTERM. Prints the address on stdout once listening; errors on stderr. Returns
// the process's exit code.
int serve(const ServeConfig& config);

// The command: `menagerie serve [--port N] [--host H] ...`, its options read and checked, then serve().
int serve_command(const std::vector<std::string>& args, CommandMode mode);

// The embedded page: the file at a request path ("/" is "/index.html"), or nullptr.
struct Asset {
    const char* path;
    const char* type;
    const unsigned char* data;
    unsigned long size;
};
const Asset* find_asset(const std::string& path);

}  // namespace menagerie::web
