// How the page reaches the engine: the messages of protocol/web/client.hpp, as JSON objects. Served by
// `menagerie serve`, over a WebSocket that reconnects by itself. The page sees only send() and the callbacks,
// so another transport (an engine running inside the page) can take this one's place.

export function webSocketTransport({ onOpen, onClose, onMessage }) {
  const t = {
    ws: null,
    connected: false,
    send(message) {
      if (!t.connected) return false;
      t.ws.send(JSON.stringify(message));
      return true;
    },
  };
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
      let m;
      try {
        m = JSON.parse(event.data);
      } catch {
        return;
      }
      onMessage(m);
    };
  }
  connect();
  return t;
}
