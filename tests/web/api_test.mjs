// The server against bad and hostile requests: every one gets a 4xx or an error message, the tab's position
// is kept, searches stay bounded in time and in number, and the server keeps serving throughout.
//
//   node tests/web/api_test.mjs BINARY
import net from 'node:net';
import WebSocket from 'ws';
import { Api, check, fail, startServer } from './harness.mjs';

const binary = process.argv[2];
// Further arguments go to `menagerie serve` (the threads test gives --threads).
const serveArgs = process.argv.slice(3);
let step = '';
const log = (text) => console.log(`ok ${step}: ${text}`);

// One raw HTTP exchange (no client-side normalisation of the path): resolves to the status code, or 0 when
// the server closed without an answer.
function raw(server, text, { wait = 3000 } = {}) {
  return new Promise((resolve) => {
    const socket = net.connect(server.port, server.host);
    let data = '';
    socket.on('data', (d) => { data += d; });
    socket.on('error', () => {});
    const done = () => {
      const m = data.match(/^HTTP\/1\.[01] (\d{3})/);
      resolve({ status: m ? Number(m[1]) : 0, text: data });
    };
    socket.on('close', done);
    socket.setTimeout(wait, () => { socket.destroy(); });
    socket.write(text);
  });
}

const get = (server, path, headers = '') =>
  raw(server, `GET ${path} HTTP/1.1\r\nHost: ${server.host}:${server.port}\r\n${headers}Connection: close\r\n\r\n`);

function nextMessage(ws, predicate, timeoutMs = 10000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no such message in time')), timeoutMs);
    const on = (data) => {
      const m = JSON.parse(String(data));
      if (predicate(m)) {
        clearTimeout(timer);
        ws.off('message', on);
        resolve(m);
      }
    };
    ws.on('message', on);
  });
}

async function alive(server) {
  const r = await get(server, '/');
  check(r.status === 200, `the server stopped serving (status ${r.status})`);
}

async function http(server) {
  step = 'http';
  let r = await get(server, '/');
  check(r.status === 200 && r.text.includes('Content-Security-Policy') && r.text.includes('<!doctype html>'), 'GET / is not the page');
  r = await get(server, '/app.js');
  check(r.status === 200 && /Content-Type: text\/javascript/i.test(r.text), 'GET /app.js is not JavaScript');
  for (const path of ['/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/etc/passwd', '//index.html/..', '/index.html%00',
    '/ws/../index.html', '*']) {
    r = await get(server, path);
    check(r.status === 404 || r.status === 400, `${path}: status ${r.status}, expected 404`);
  }
  r = await raw(server, `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}`);
  check(r.status === 405, `POST: status ${r.status}`);
  r = await raw(server, `PUT /index.html HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`);
  check(r.status === 405, `PUT: status ${r.status}`);
  r = await raw(server, `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n${'x'.repeat(100000)}`);
  check(r.status === 413, `a 100 kB body: status ${r.status}`);
  r = await raw(server, `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(40000)}\r\n\r\n`);
  check(r.status === 413 || r.status === 400 || r.status === 431, `a 40 kB header: status ${r.status}`);
  r = await get(server, '/' + 'a'.repeat(3000));
  check(r.status === 414, `a 3000-character path: status ${r.status}`);
  r = await raw(server, '\x00\x01\x02 garbage \xff\r\n\r\n');
  check(r.status === 400, `garbage: status ${r.status}`);
  r = await raw(server, `GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\r\n`);
  check(r.status >= 400 && r.status < 500, `a WebSocket handshake without a key: status ${r.status}`);
  r = await raw(server, `GET /other HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`);
  check(r.status === 404, `a WebSocket elsewhere than /ws: status ${r.status}`);
  // A page of another site may not open the engine's socket through a visitor's browser.
  const refused = await Api.open(server.url, { origin: 'http://evil.example' }).then(() => 'open', (e) => e.message);
  check(refused.includes('403'), `a WebSocket from another origin: ${refused}`);
  // A half-sent request does not hold up the others.
  const slow = net.connect(server.port, server.host);
  slow.on('error', () => {});
  slow.write('GET / HTTP/1.1\r\nHost: x\r\n');
  await alive(server);
  slow.destroy();
  await alive(server);
  log('pages, bad paths, methods, sizes, garbage, foreign origins: all answered with the right status');
}

async function badMessages(server) {
  step = 'messages';
  const api = await Api.open(server.url);
  const ws = api.ws;
  const errorAfter = async (text) => {
    const next = nextMessage(ws, (m) => m.op === 'error');
    ws.send(text);
    return (await next).message;
  };
  check((await errorAfter('{not json')).includes('not JSON'), 'bad JSON');
  check((await errorAfter('[1,2,3]')).includes('object'), 'an array');
  check((await errorAfter('"hello"')).includes('object'), 'a string');
  check((await errorAfter('{"op":42}')).includes('op'), 'a number as op');
  check((await errorAfter('{"op":"format c:"}')).includes('unknown op'), 'an unknown op');
  check((await errorAfter('{"op":"go"}')).includes('no position'), 'go before a position');
  check((await errorAfter('[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[')).length > 0, 'deep nesting');
  {
    const next = nextMessage(ws, (m) => m.op === 'error');
    ws.send(Buffer.from([1, 2, 3]), { binary: true });
    check((await next).message.includes('text'), 'a binary message');
  }
  log('bad JSON, wrong types, unknown ops, binary frames: each answered with an error');

  // A good position, then bad ones: each refused with the reason, the good one kept.
  const good = await api.position('shogi', 'startpos', ['7g7f', '3c3d']);
  check(good.op === 'position', 'a good position refused');
  const bad = [
    [{ op: 'position', game: 'shogi', moves: ['7g7f', '7g7f'] }, 'move'],
    [{ op: 'position', game: 'shogi', moves: ['1a1b'] }, 'move'],
    [{ op: 'position', game: 'shogi', moves: [5] }, 'string'],
    [{ op: 'position', game: 'shogi', moves: '7g7f' }, 'array'],
    [{ op: 'position', game: 'shogi', sfen: 'lnsgkgsnl/9/9 b - 1' }, 'position'],
    [{ op: 'position', game: 'shogi', sfen: 'x'.repeat(100000) }, 'at most'],
    [{ op: 'position', game: 'shogi', sfen: 42 }, 'string'],
    [{ op: 'position', game: 'shogi', sfen: 'startpos moves 7g7f' }, ''],
    [{ op: 'position', game: 'shogi', moves: new Array(20000).fill('7g7f') }, 'at most'],
    [{ op: 'position', game: 'nosuchgame' }, 'unknown game'],
    [{ op: 'position' }, 'game'],
    [{ op: 'position', game: 'chushogi', moves: ['8h7g6f5e'] }, 'move'],
  ];
  for (const [request, words] of bad) {
    const answer = await api.ask(request);
    check(answer.op === 'error' && answer.message.includes(words),
      `${JSON.stringify(request).slice(0, 80)}: ${JSON.stringify(answer).slice(0, 200)}`);
  }
  // The kept position is the good one: a search from it plays one of its legal moves.
  const done = await api.ask({ op: 'go', movetime: 50 });
  const move = done.move;
  check(good.moves.some((m) => m.usi === move), `after refused positions the engine played ${move}, not a move of the kept position`);
  log(`${bad.length} bad positions refused with their reasons; the position kept (the engine then played ${move})`);

  // A message over the size limit closes that tab alone.
  const closed = new Promise((resolve) => ws.on('close', resolve));
  ws.send('x'.repeat(2 * 1024 * 1024));
  await closed;
  await alive(server);
  log('a 2 MB message closes its own connection; the server goes on');
}

async function searches(server) {
  step = 'searches';
  const api = await Api.open(server.url);
  await api.position('chushogi', 'startpos');
  // An absurd time is cut to the server's maximum (300 ms here).
  const t0 = Date.now();
  const answer = await api.ask({ op: 'go', movetime: 1e15, skill: 99, multipv: -3 });
  const ms = Date.now() - t0;
  check(answer.op === 'bestmove' && ms < 3000, `go movetime 1e15 took ${ms} ms`);
  const wrong = await api.ask({ op: 'go', movetime: 'soon' });
  check(wrong.op === 'error', 'go with a text time');
  // Every go ends with exactly one bestmove, however often it is interrupted.
  const ws = api.ws;
  let finals = 0;
  const count = (data) => { if (JSON.parse(String(data)).op === 'bestmove') ++finals; };
  ws.on('message', count);
  const n = 200;
  for (let i = 0; i < n; ++i) {
    ws.send(JSON.stringify({ op: 'go', id: 100000 + i, movetime: 300 }));
    if (i % 3 === 0) ws.send(JSON.stringify({ op: 'stop' }));
    if (i % 7 === 0) ws.send(JSON.stringify({ op: 'position', game: 'chushogi', sfen: 'startpos' }));
  }
  const last = await nextMessage(ws, (m) => m.op === 'bestmove' && m.id === 100000 + n - 1, 10000);
  check(last, 'the last go never answered');
  await new Promise((r) => setTimeout(r, 300));
  ws.off('message', count);
  check(finals === n, `${n} go requests, ${finals} bestmove answers`);
  log(`absurd limits clamped (${ms} ms); ${n} interrupted searches gave ${finals} answers, one each`);

  // The number of searches at once is bounded: with --searches 1 a second board hears "busy".
  const other = await Api.open(server.url);
  await other.position('shogi', 'startpos');
  const long = api.ask({ op: 'go', movetime: 300 });
  await new Promise((r) => setTimeout(r, 50));
  const refused = await other.ask({ op: 'go', movetime: 300 });
  check(refused.op === 'busy', `a second search at once: ${refused.op}`);
  await long;
  const later = await other.ask({ op: 'go', movetime: 50 });
  check(later.op === 'bestmove', 'a search after the first ended was refused');
  log('a second simultaneous search is refused as busy, and runs once the first is done');

  // A tab that closes mid-search frees its search.
  api.ws.send(JSON.stringify({ op: 'go', id: 1, movetime: 300 }));
  api.close();
  await new Promise((r) => setTimeout(r, 500));
  const after = await other.ask({ op: 'go', movetime: 50 });
  check(after.op === 'bestmove', 'a closed tab kept its search');
  other.close();
  log('closing a tab mid-search frees the search');
}

async function floods(server) {
  step = 'floods';
  // Thousands of requests on one connection, all answered in order.
  const api = await Api.open(server.url);
  const n = 3000;
  const answers = [];
  for (let i = 0; i < n; ++i) answers.push(api.ask({ op: 'position', game: 'dobutsu', moves: i % 2 ? ['2c2b'] : [] }, 60000));
  const all = await Promise.all(answers);
  check(all.every((a) => a.op === 'position'), 'some of the requests were not answered');
  api.close();
  log(`${n} requests on one connection answered`);
  // More tabs than allowed (--tabs 8): the extra ones are refused with 503, the first ones keep working.
  const tabs = [];
  let refused = 0;
  for (let i = 0; i < 12; ++i) {
    try {
      tabs.push(await Api.open(server.url));
    } catch (e) {
      check(e.message.includes('503'), `an extra tab: ${e.message}`);
      ++refused;
    }
  }
  check(tabs.length === 8 && refused === 4, `${tabs.length} tabs opened, ${refused} refused`);
  const ok = await tabs[0].position('jungle', 'startpos');
  check(ok.op === 'position', 'an open tab stopped working');
  for (const t of tabs) t.close();
  await new Promise((r) => setTimeout(r, 300));
  const again = await Api.open(server.url);
  again.close();
  // Many page loads at once.
  const loads = await Promise.all(Array.from({ length: 300 }, () => get(server, '/app.js')));
  check(loads.filter((r) => r.status === 200).length >= 250, 'page loads failed under load');
  await alive(server);
  log(`12 tabs: 8 served, 4 refused with 503; 300 page loads at once; the server still serves`);
}

// Every kind a game lists (taikyoku's 356, promoted forms included) has a move diagram from the engine.
async function pieces(server) {
  step = 'pieces';
  const api = await Api.open(server.url);
  const hello = await api.ask({ op: 'hello' });
  let kinds = 0;
  for (const game of hello.games.filter((g) => g.pieces)) {
    for (const [code] of game.pieces) {
      const a = await api.ask({ op: 'piece', game: game.name, piece: code });
      check(a.op === 'piece' && a.moves.length > 0 && a.cells[a.from] === code, `${game.name} ${code}: ${a.message || 'no moves'}`);
      ++kinds;
    }
  }
  api.close();
  check(kinds >= 356, `only ${kinds} kinds listed`);
  log(`${kinds} kinds, each with its moves from the middle of an empty board`);
}

async function main() {
  if (!binary) fail('usage: node tests/web/api_test.mjs BINARY');
  const server = await startServer(binary, ['--searches', '1', '--tabs', '8', '--max-movetime', '300', '--hash', '4', ...serveArgs]);
  try {
    await http(server);
    await badMessages(server);
    await searches(server);
    await floods(server);
    await pieces(server);
    await alive(server);
  } finally {
    server.process.kill('SIGTERM');
  }
  const code = await new Promise((resolve) => server.process.on('exit', (c, signal) => resolve(c ?? signal)));
  check(code === 0, `the server ended with ${code} on SIGTERM`);
  console.log('api tests passed');
}

main().catch((e) => {
  console.error(`FAIL (${step}): ${e.message}`);
  process.exit(1);
});
