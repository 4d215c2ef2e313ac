// Shared by the browser tests: starts `menagerie serve` on a free port, talks to its WebSocket API as a
// second, independent client (to learn what the engine says a position's legal moves are), serves the static
// site of the WebAssembly build as a plain file server would, and launches Debian's Chromium through
// puppeteer-core.
import { spawn } from 'node:child_process';
import { existsSync, readFile, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import WebSocket from 'ws';

export function fail(message) {
  console.error(`FAIL: ${message}`);
  process.exitCode = 1;
  throw new Error(message);
}

export function check(condition, message) {
  if (!condition) fail(message);
}

// Starts the server; resolves to {url, process, output()} once it prints its address.
export function startServer(binary, args = []) {
  if (!existsSync(binary)) fail(`no engine binary at ${binary}`);
  const child = spawn(binary, ['serve', '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server printed no address in 10 s: ${out} ${err}`)), 10000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/http:\/\/([0-9.]+):(\d+)\//);
      if (m) {
        clearTimeout(timer);
        resolve({ url: `http://${m[1]}:${m[2]}/`, host: m[1], port: Number(m[2]), process: child, output: () => out + err });
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}): ${out} ${err}`)));
  });
}

// A plain static file server for a folder (the WebAssembly site): the usual types, no other headers (so no
// cross-origin isolation, as on a simple host); resolves to {url, close()}.
export function startStaticServer(folder) {
  if (!existsSync(join(folder, 'index.html'))) fail(`no site at ${folder} (scripts/wasm.sh builds it)`);
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.mjs': 'text/javascript',
    '.css': 'text/css', '.wasm': 'application/wasm', '.woff2': 'font/woff2', '.txt': 'text/plain; charset=utf-8',
    '.json': 'application/json' };
  const server = createServer((req, res) => {
    let path;
    try {
      path = normalize(join(folder, decodeURIComponent(new URL(req.url, 'http://site').pathname)));
    } catch {
      res.writeHead(400).end();
      return;
    }
    if (!path.startsWith(normalize(folder))) return res.writeHead(403).end();
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
    readFile(path, (error, data) => {
      if (error) return res.writeHead(404).end();
      res.writeHead(200, { 'Content-Type': types[extname(path)] || 'application/octet-stream' }).end(data);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () =>
    resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() })));
}

// A WebSocket client of the API: ask() sends a request with a fresh id and resolves to its answer.
export class Api {
  static open(url, options = {}) {
    const api = new Api();
    api.ws = new WebSocket(url.replace('http', 'ws') + 'ws', options);
    api.waiting = new Map();
    api.messages = [];
    api.nextId = 1;
    api.ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      api.messages.push(m);
      if (m.id !== undefined && api.waiting.has(m.id) && m.op !== 'info') {
        api.waiting.get(m.id)(m);
        api.waiting.delete(m.id);
      }
    });
    return new Promise((resolve, reject) => {
      api.ws.on('open', () => resolve(api));
      api.ws.on('error', reject);
      api.ws.on('unexpected-response', (req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    });
  }

  ask(request, timeoutMs = 20000) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${JSON.stringify(request).slice(0, 200)}`)), timeoutMs);
      this.waiting.set(id, (m) => { clearTimeout(timer); resolve(m); });
      this.ws.send(JSON.stringify({ ...request, id }));
    });
  }

  position(game, sfen, moves = []) {
    return this.ask({ op: 'position', game, sfen, moves });
  }

  close() {
    this.ws.close();
  }
}

export async function launchBrowser(puppeteer) {
  const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
  if (!existsSync(executablePath)) fail(`no Chromium at ${executablePath} (scripts/setup.sh --tests installs Debian's)`);
  return puppeteer.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'],
  });
}
