// Shared by the browser tests: starts `menagerie serve` on a free port, talks to its WebSocket API as a
// second, independent client (to learn what the engine says a position's legal moves are), and launches
// Debian's Chromium through puppeteer-core.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
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
