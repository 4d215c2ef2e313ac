// The WebAssembly engine's interface to its hosts, added to the Emscripten module (--pre-js): the Node front
// (protocol/wasm/node.mjs), the board page's worker (protocol/web/page/engine-worker.js) and ShogiHome's
// worker, whose WebAssembly engine ABI (shogihome-wasm-engine/1) names these methods:
//   postMessage(text)        one or more command lines; a search they start runs in steps (poll)
//   addMessageListener(f)    f(line) for every line the engine writes; removeMessageListener(f)
//   poll()                   advances a running search by one step (about stepMs milliseconds)
//   terminate()              ends the engine: nothing is written after it, nor after `quit`
// and, for our own fronts, searching() (whether a search runs) and finish() (the end of input: a bounded
// search runs to its end, an unbounded one is stopped; it answers in both cases).
// Options, given to the module's factory: stepMs (default 20), and quietAfterQuit (default true: the ABI's
// silence after quit; the Node front sets false and prints a stopped search's answer, as the native engine).
(function () {
  // Under Node the module's file is read here: Node 20's fetch does not take file URLs, which Emscripten
  // 3.1.6 would give it. (require and __dirname come from protocol/wasm/node_header.cmake.)
  if (typeof process == "object" && typeof process.versions == "object" && process.versions.node &&
      typeof require == "function" && !Module["wasmBinary"]) {
    let file = Module["locateFile"] ? Module["locateFile"]("menagerie-engine.wasm", __dirname + "/")
                                    : __dirname + "/menagerie-engine.wasm";
    if (String(file).startsWith("file:")) file = require("node:url").fileURLToPath(file);
    Module["wasmBinary"] = require("node:fs").readFileSync(file);
  }

  const listeners = new Set();
  let closed = false;
  const maxLine = 1 << 20; // the engine refuses longer lines (kMaxLineLength); they are not copied in whole

  Module["menagerieLine"] = (line) => {
    if (closed) return;
    for (const f of Array.from(listeners)) f(line);
  };

  // Copies a text into the engine's memory for the call take(address), then frees it; a text longer than
  // limit bytes is not copied: tooLong(bytes) answers it.
  function handOver(text, limit, take, tooLong) {
    const bytes = lengthBytesUTF8(text);
    if (bytes > limit) {
      tooLong(bytes);
      return;
    }
    const at = Module["_malloc"](bytes + 1);
    stringToUTF8(text, at, bytes + 1);
    try {
      take(at);
    } finally {
      Module["_free"](at);
    }
  }

  // A line through the engine's command; a line too long is refused by its length.
  function send(line) {
    handOver(line, maxLine, (at) => Module["_usi_command"](at), (bytes) => Module["_usi_overlong"](bytes));
  }

  function stepMs() {
    const ms = Number(Module["stepMs"]);
    return Number.isFinite(ms) && ms >= 0 ? ms : 20;
  }

  Module["postMessage"] = (text) => {
    if (closed) return;
    for (const line of String(text).split(/\r?\n/)) {
      if (closed) return;
      if (line.trim() === "") continue;
      if (/^\s*quit\s*$/.test(line) && Module["quietAfterQuit"] !== false) closed = true;
      send(line);
      // A command during a search is followed by a step of no length, so that a stopped search answers at
      // once (stop, go, quit), as with a search thread.
      if (Module["_usi_searching"]()) Module["_usi_step"](0);
    }
  };
  Module["addMessageListener"] = (f) => {
    if (typeof f === "function") listeners.add(f);
  };
  Module["removeMessageListener"] = (f) => {
    listeners.delete(f);
  };
  Module["poll"] = () => {
    if (!closed && Module["_usi_searching"]()) Module["_usi_step"](stepMs());
  };
  Module["searching"] = () => !closed && Module["_usi_searching"]() !== 0;
  Module["finish"] = () => {
    if (!closed) Module["_usi_finish"]();
  };
  // The board page's JSON messages (protocol/web/client.hpp), for the page's worker
  // (protocol/web/page/engine-worker.js): pageMessage(text), addPageListener(f), pageStep(ms) (whether a
  // search still runs).
  const pageListeners = new Set();
  Module["menagerieWeb"] = (text) => {
    for (const f of Array.from(pageListeners)) f(text);
  };
  Module["addPageListener"] = (f) => {
    if (typeof f === "function") pageListeners.add(f);
  };
  Module["pageMessage"] = (text) => {
    handOver(String(text), 8 * maxLine, (at) => Module["_web_message"](at), (bytes) =>
      Module["menagerieWeb"](JSON.stringify({ op: "error", message: `a message of ${bytes} bytes is too long` })));
  };
  Module["pageStep"] = (ms) => Module["_web_step"](ms === undefined ? stepMs() : ms) !== 0;

  Module["terminate"] = () => {
    if (closed) return;
    closed = true;
    listeners.clear();
    send("quit");
  };
})();
