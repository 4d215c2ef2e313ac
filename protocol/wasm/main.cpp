// The engine as a WebAssembly module: no main loop and no thread of its own. Its host (protocol/wasm/
// interface.js, which every front uses) hands it one command line at a time and advances its search in
// steps between them, so that `stop` and `isready` are read while a search runs, as the native engine's
// reading thread reads them.
#include <emscripten/emscripten.h>

#include <cstdio>
#include <exception>
#include <memory>
#include <string>
#include <string_view>

#include "protocol/core/output.hpp"
#include "protocol/loop/loop.hpp"
#include "protocol/web/client.hpp"

namespace {

// Each line the engine writes goes to the host's listeners (interface.js: Module.menagerieLine).
EM_JS(void, menagerie_line, (const char* text, int length), { Module["menagerieLine"](UTF8ToString(text, length)); });

// The browser's memory is the limit: a table larger than this is refused (the ShogiHome ABI asks for a cap).
constexpr int kWasmHashMb = 16;

struct Host {
    menagerie::Output out{[](std::string_view s) { menagerie_line(s.data(), int(s.size())); }};
    menagerie::Engine engine{out, "none", kWasmHashMb};
    bool quit = false;
    Host() { engine.set_stepped(true); }
};

Host& host() {
    static Host h;
    return h;
}

// The board page's engine (protocol/web/page/engine-worker.js): the page's JSON messages, answered by the
// same WebClient that `menagerie serve` runs for each tab, its searches in steps.
EM_JS(void, menagerie_web, (const char* text, int length), { Module["menagerieWeb"](UTF8ToString(text, length)); });

struct Page {
    menagerie::web::ServeLimits limits = [] {
        menagerie::web::ServeLimits l;
        l.max_searches = 1;
        l.tablebase = "none";
        l.stepped = true;
        return l;
    }();
    menagerie::web::SearchGate gate{limits.max_searches};
    menagerie::web::WebClient client{[](std::string text) { menagerie_web(text.data(), int(text.size())); }, limits,
                                     gate};
};

Page& page() {
    static Page p;
    return p;
}

}  // namespace

extern "C" {

// One command line (without its newline). Lines after `quit` are ignored.
EMSCRIPTEN_KEEPALIVE void usi_command(const char* line) {
    Host& h = host();
    if (h.quit || !line) return;
    try {
        if (!h.engine.command(line)) h.quit = true;
    } catch (const std::exception& e) {
        h.out.error(std::string("internal error: ") + e.what());
    }
}

// Advances the running search by about `ms` milliseconds; returns 1 while a search runs, 0 once it has
// answered (or when none runs).
EMSCRIPTEN_KEEPALIVE int usi_step(int ms) {
    Host& h = host();
    if (h.quit) return 0;
    try {
        return h.engine.step(ms) ? 1 : 0;
    } catch (const std::exception& e) {
        h.out.error(std::string("internal error: ") + e.what());
        return h.engine.searching() ? 1 : 0;
    }
}

EMSCRIPTEN_KEEPALIVE int usi_searching() { return !host().quit && host().engine.searching() ? 1 : 0; }

// A line longer than the engine takes, refused by its length without being copied in.
EMSCRIPTEN_KEEPALIVE void usi_overlong(double bytes) {
    if (!host().quit) host().out.error(menagerie::overlong_line(size_t(bytes)));
}

// The end of input, as the native loop ends: a bounded search runs to its end, an unbounded one is stopped;
// either answers.
EMSCRIPTEN_KEEPALIVE void usi_finish() {
    Host& h = host();
    if (h.quit) return;
    if (h.engine.session().unbounded()) h.engine.session().stop();
    h.engine.wait();
}

// One message of the board page (a JSON text; protocol/web/client.hpp lists them).
EMSCRIPTEN_KEEPALIVE void web_message(const char* text) {
    if (!text) return;
    try {
        page().client.handle(text);
    } catch (const std::exception&) {
        // The client answers every bad request itself; this is a failure inside the engine.
        const std::string error = R"({"op":"error","message":"internal error in the engine"})";
        menagerie_web(error.data(), int(error.size()));
    }
}

// Advances the page's running search by about `ms` milliseconds; 1 while it runs.
EMSCRIPTEN_KEEPALIVE int web_step(int ms) {
    try {
        return page().client.step(ms) ? 1 : 0;
    } catch (const std::exception&) {
        return 0;
    }
}

}  // extern "C"
