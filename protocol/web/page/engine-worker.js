// The board page's engine inside the page (the static site that scripts/wasm.sh builds): a module worker
// holding the WebAssembly engine, which answers the page's messages (protocol/web/client.hpp) exactly as
// `menagerie serve` does, its searches run in steps between them so that stop is read at once.
// Messages are JSON texts both ways; {"op":"ready"} says the engine is loaded.
import createMenagerie from './menagerie-engine.js';

let engine = null;
const waiting = [];
let stepping = false;
// A step is scheduled through a message channel: unlike setTimeout it is not held back 4 ms each time.
const tick = new MessageChannel();
tick.port1.onmessage = () => {
  stepping = false;
  if (engine.pageStep()) schedule();
};
function schedule() {
  if (stepping) return;
  stepping = true;
  tick.port2.postMessage(0);
}

function handle(text) {
  engine.pageMessage(text);
  // A search that the message started (or stopped) goes on, or answers, in steps.
  if (engine.pageStep(0)) schedule();
}

self.onmessage = (event) => {
  if (typeof event.data !== 'string') return;
  if (engine) handle(event.data);
  else waiting.push(event.data);
};

createMenagerie({ printErr: (text) => console.warn(`engine: ${text}`) }).then((m) => {
  engine = m;
  engine.addPageListener((text) => self.postMessage(text));
  self.postMessage(JSON.stringify({ op: 'ready' }));
  while (waiting.length) handle(waiting.shift());
}, (error) => {
  // The page restarts a worker that fails; this says why.
  throw new Error(`the engine did not load: ${error}`);
});
