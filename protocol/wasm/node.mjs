#!/usr/bin/env node
// The WebAssembly engine as a command-line USI (and UCI) engine: `node menagerie.js` (scripts/wasm.sh copies
// this file there, beside menagerie-engine.js) reads commands on stdin and answers on stdout, as the native
// `menagerie` does with no arguments. A search runs in steps between the lines read, so stop, ponderhit and
// isready are read while it runs.
import { createInterface } from "node:readline";
import createMenagerie from "./menagerie-engine.js";

const usage = `Usage: node menagerie.js [--step MS]
  The Menagerie engine (WebAssembly): USI on stdin and stdout, or UCI when the first command is uci.
  --step MS   search steps of MS milliseconds between reads of the input (default 50)
  --help      this text; --version: the version`;

let stepMs = 50;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; ++i) {
  if (args[i] === "--help" || args[i] === "-h") {
    console.log(usage);
    process.exit(0);
  } else if (args[i] === "--step" && i + 1 < args.length && /^\d+$/.test(args[i + 1])) {
    stepMs = Math.min(Number(args[++i]), 10000);
  } else if (args[i] === "--version") {
    stepMs = -1;
  } else {
    process.stderr.write(`menagerie.js: unknown argument '${args[i]}'\n${usage}\n`);
    process.exit(2);
  }
}

const engine = await createMenagerie({
  stepMs,
  quietAfterQuit: false,
  printErr: (text) => process.stderr.write(text + "\n"),
});

if (stepMs < 0) {
  // The engine's own name line: "id name Menagerie <version>".
  let version = "";
  const grab = (line) => {
    if (line.startsWith("id name ")) version = line.slice(8);
  };
  engine.addMessageListener(grab);
  engine.postMessage("usi");
  engine.removeMessageListener(grab);
  console.log(version.replace(/^Menagerie /, "menagerie ") + " (WebAssembly)");
  process.exit(0);
}

// Output goes out in batches, so that a perft breakdown or a long search does not write line by line.
let pending = [];
engine.addMessageListener((line) => pending.push(line));
function flush() {
  if (pending.length === 0) return;
  process.stdout.write(pending.join("\n") + "\n");
  pending = [];
}

let stepping = false;
let ended = false;
function step() {
  if (engine.searching()) {
    engine.poll();
    flush();
    setImmediate(step);
  } else {
    stepping = false;
    flush();
  }
}

const input = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
input.on("line", (line) => {
  if (ended) return;
  engine.postMessage(line);
  flush();
  if (/^\s*quit\s*$/.test(line)) {
    ended = true;
    input.close();
    // The input may stay open (a GUI's pipe): the process ends once its output is written.
    process.stdout.write('', () => process.exit(0));
    return;
  }
  if (!stepping && engine.searching()) {
    stepping = true;
    setImmediate(step);
  }
});
input.on("close", () => {
  // The end of input: a bounded search still finishes and answers; an unbounded one is stopped.
  if (!ended) engine.finish();
  ended = true;
  flush();
});
