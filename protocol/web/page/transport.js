// How the page reaches the engine: the messages of protocol/web/client.hpp, as JSON objects. Served by
// `menagerie serve`, over a WebSocket that reconnects by itself; on the static site (scripts/wasm.sh), to the
// WebAssembly engine in a worker, restarted if it fails. The page sees only send(), `connected` and the
// callbacks (onOpen after each (re)connection, onClose when one is lost, onMessage), whichever it is.

// The transport the page was built for: index.html's <meta name="menagerie-engine"> says "server" (menagerie
// serve) or "worker" (the static site).
export function engineTransport(callbacks) {
  const kind = document.querySelector('meta[name="menagerie-engine"]')?.content;
  return kind === 'worker' ? workerTransport(callbacks) : webSocketTransport(callbacks);
}

// What each transport gives the page: send(message) (false while not connected) and `connected`; post(text)
// delivers a message's JSON.
function endpoint(post) {
  const t = {
    connected: false,
    send(message) {
      if (!t.connected) return false;
      post(JSON.stringify(message));
      return true;
    },
  };
  return t;
}

// A message's object, or null for text that is not JSON.
function parse(text) {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function workerTransport({ onOpen, onClose, onMessage }) {
  const t = endpoint((text) => t.worker.postMessage(text));
  t.worker = null;
  function start() {
    const worker = new Worker(new URL('engine-worker.js', import.meta.url), { type: 'module' });
    t.worker = worker;
    worker.onmessage = (event) => {
      const m = parse(event.data);
      if (!m) return;
      if (m.op === 'ready') {
        t.connected = true;
        onOpen();
      } else {
        onMessage(m);
      }
    };
    // A worker that fails (the engine aborted, or did not load) is replaced; the page keeps its game and
    // sends it again once the new one is ready.
    worker.onerror = (event) => {
      event.preventDefault();
      if (t.worker !== worker) return;
      const was = t.connected;
      t.connected = false;
      worker.terminate();
      onClose(was);
      setTimeout(start, 500);
    };
  }
  start();
  return t;
}

export function webSocketTransport({ onOpen, onClose, onMessage }) {
  const t = endpoint((text) => t.ws.send(text));
  t.ws = null;
  function connect() {
    const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`);
    t.ws = ws;
    ws.onopen = () => {
      t.connected = true;
      onOpen();
    };
    ws.onclose = () => {
      const was = t.connected;
      t.connected = false;
      onClose(was);
      setTimeout(connect, 1500);
    };
    ws.onmessage = (event) => {
      const m = parse(event.data);
      if (m) onMessage(m);
    };
  }
  connect();
  return t;
}
