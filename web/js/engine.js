// The page's side of the engine's Web Worker: requests with their answers
// as promises. `cancel` stops whatever the engine is doing (a new worker:
// a search cannot be interrupted inside WebAssembly) and rejects what was
// pending with `cancelled`, so that a stale answer is never played.

export class Engine {
  constructor(onError) {
    this.onError = onError;
    this.pending = new Map();
    this.queue = [];
    this.nextId = 1;
    this.start();
  }

  start() {
    this.ready = false;
    this.worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    this.worker.onmessage = ({ data }) => {
      if (data.ready) {
        this.ready = true;
        for (const message of this.queue.splice(0)) this.worker.postMessage(message);
        return;
      }
      const pending = this.pending.get(data.id);
      if (!pending) return;
      this.pending.delete(data.id);
      if (data.ok) pending.resolve(data.result);
      else pending.reject(new Error(data.error));
    };
    this.worker.onerror = (event) => this.onError?.(`The engine stopped: ${event.message ?? "unknown error"}`);
  }

  /** Whether a request is under way. */
  get busy() {
    return this.pending.size > 0;
  }

  ask(message) {
    const id = this.nextId++;
    const full = { ...message, id };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      if (this.ready) this.worker.postMessage(full);
      else this.queue.push(full);
    });
  }

  /** Stops the engine's work: every pending request is rejected as cancelled. */
  cancel() {
    if (this.pending.size === 0) return;
    this.worker.terminate();
    for (const pending of this.pending.values()) {
      pending.reject(Object.assign(new Error("cancelled"), { cancelled: true }));
    }
    this.pending.clear();
    this.queue = [];
    this.start();
  }
}
