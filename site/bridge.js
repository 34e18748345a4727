// The bridge to the workers that run pagefurniture: it spawns them, calls them, shares a long PDF's pages
// out among them and cancels by ending them. Nothing else in the page touches a Worker or postMessage.
//
// Every call resolves with Python's answer (an object) or rejects with {kind, message, detail}: worker.js
// turns Python's {ok: false, error} answers into the same error a JavaScript failure gives, so that a
// caller has one catch for both.
//
// The main worker boots at once and keeps every result. When it is ready, helper workers boot (after it, so
// that they never slow its boot), up to one worker per core and four in all: each opens the PDF itself,
// the bridge hands out runs of pages to whichever worker is free, and the main worker puts them together.

// Files above this size are read by the main worker alone: each helper would hold another copy.
const SHARE_LIMIT = 100 * 1024 * 1024;
// A helper joins a file when the main worker has this many seconds of pages left (at its pace so far), or
// this many pages before the main worker has finished its first run.
const JOIN_SECONDS = 1;
const JOIN_PAGES = 12;

export class Pool {
  // on: {boot(done, total, message), ready(versions), helpers(count), lost(error)}
  constructor({ workers, on }) {
    this.helperCount = Math.max(0, Math.min(7, workers - 1));
    this.on = on;
    this.nextId = 1;
    this.pending = new Map(); // id → {resolve, reject, entry}
    this.run = null; // the file being read, for helpers that become ready meanwhile
    this.start();
  }

  // A fresh main worker (and, once it is ready, fresh helpers); `ready` resolves when the main one is.
  start() {
    this.helpers = [];
    this.on.helpers(0);
    let ready;
    this.ready = new Promise((resolve) => { ready = resolve; });
    this.main = this.spawn((versions) => {
      this.on.ready(versions);
      ready();
      for (let i = 0; i < this.helperCount; i++) this.startHelper();
    });
  }

  // The first main worker is the one start.js started while the page loaded, if it did; every other
  // worker is new.
  spawn(onReady) {
    const started = window.pagefurnitureWorker;
    window.pagefurnitureWorker = null;
    const worker = started?.worker ?? new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    const entry = { worker, ready: false };
    const onmessage = (event) => this.message(entry, event.data, onReady);
    const onerror = (event) => {
      event.preventDefault();
      this.lost(entry, { kind: "boot", message: "The PDF reader stopped unexpectedly. Reload the page.", detail: event.message ?? "" });
    };
    const listen = () => {
      worker.onmessage = onmessage;
      worker.onerror = onerror;
    };
    if (!started) listen();
    // What the worker said before is handed on once the caller has finished setting up (the Pool is
    // being constructed now); start.js keeps collecting until then, so nothing comes out of order.
    else setTimeout(() => {
      for (const event of started.early) (event.type === "error" ? onerror : onmessage)(event);
      listen();
    });
    return entry;
  }

  startHelper() {
    const helper = this.spawn(() => {
      this.countHelpers();
      this.run?.join(helper);
    });
    this.helpers.push(helper);
  }

  countHelpers() {
    this.on.helpers(this.helpers.filter((helper) => helper.ready).length);
  }

  message(entry, message, onReady) {
    if (message.type === "boot") {
      if (entry === this.main) this.on.boot(message.done, message.total, message.message);
    } else if (message.type === "ready") {
      entry.ready = true;
      onReady(message.versions);
    } else if (message.type === "result" || message.type === "error") {
      if (message.id === null) return this.lost(entry, message.error);
      const waiter = this.pending.get(message.id);
      if (!waiter) return; // an answer for a request that was cancelled
      this.pending.delete(message.id);
      if (message.type === "result") waiter.resolve(message.result);
      else waiter.reject(message.error);
    }
  }

  // A worker that failed to boot or stopped: a helper is simply dropped (the main worker reads the pages it
  // was reading when it finishes); the main worker takes everything waiting on it down with it.
  lost(entry, error) {
    entry.worker.terminate();
    if (entry !== this.main) {
      this.helpers = this.helpers.filter((helper) => helper !== entry);
      this.countHelpers();
      for (const [id, waiter] of this.pending) {
        if (waiter.entry !== entry) continue;
        this.pending.delete(id);
        waiter.reject({ kind: "helper-lost" });
      }
      return;
    }
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
    this.on.lost(error);
  }

  ask(entry, message, transfer = []) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, entry });
      entry.worker.postMessage({ ...message, id }, transfer);
    });
  }

  // One request to the main worker (see worker.js for the requests); resolves with Python's answer.
  call(type, args = {}, transfer = []) {
    return this.ask(this.main, { type, ...args }, transfer);
  }

  // Ends every worker at once (Python cannot be interrupted from outside) and starts fresh ones; whatever
  // was asked of them rejects with {kind: "cancelled"}.
  cancel() {
    this.run = null;
    this.main.worker.terminate();
    for (const helper of this.helpers) helper.worker.terminate();
    for (const waiter of this.pending.values()) waiter.reject({ kind: "cancelled", message: "Stopped." });
    this.pending.clear();
    this.start();
  }

  // Reads one PDF on every worker that is ready and resolves with the main worker's finished answer (kept
  // there under `key`), plus `readers` (how many workers read pages) and `seconds` (from the moment the
  // main worker was free to open it). onPages(done, total) follows the reading.
  async read({ key, name, bytes, password, onPages }) {
    await this.ready;
    const started = performance.now();
    const copy = this.helperCount && bytes.byteLength <= SHARE_LIMIT ? bytes.slice(0) : null;
    const opened = await this.call("open", { name, bytes, password }, [bytes]);
    onPages(0, opened.pages);
    const answer = await this.readPages(key, opened.pages, copy, password, onPages);
    return { ...answer, seconds: (performance.now() - started) / 1000 };
  }

  // Pages that no worker has read when the main worker runs out of work (a helper stopped) are read by
  // "finish". Throws the first error a worker answers with.
  async readPages(key, total, bytes, password, onPages) {
    // Runs small enough to keep every worker busy to the end and the progress bar moving.
    const size = Math.max(1, Math.min(8, Math.ceil(total / 40)));
    const todo = [];
    for (let first = 1; first <= total; first += size) todo.push([first, Math.min(total, first + size - 1)]);
    const shared = []; // helpers' answers, handed to "finish"
    const reading = new Set(); // runs being read now
    const readers = new Set(); // the workers that read at least one run
    let done = 0;
    let failed = null;
    let open = true; // until the main worker has run out of work
    const pace = { pages: 0, since: performance.now() }; // the main worker's, for the helpers' decision
    const pool = this;

    async function read(entry, [first, last]) {
      const share = entry !== pool.main;
      try {
        const answer = await pool.ask(entry, { type: "read", first, last, share });
        if (share) shared.push(answer);
        else pace.pages += last - first + 1;
      } catch (error) {
        if (error.kind !== "helper-lost") failed ??= error;
        return false;
      }
      readers.add(entry);
      done += last - first + 1;
      onPages(done, total);
      return true;
    }

    async function drive(entry) {
      while (open && todo.length && !failed) {
        const step = read(entry, todo.shift());
        reading.add(step);
        const ok = await step;
        reading.delete(step);
        if (!ok) return;
      }
    }

    // A helper opens the file itself first and reads its fonts again, which costs about as much as reading a
    // few pages: it joins only when the pages left would keep the main worker busy for a while yet.
    function worthJoining() {
      const left = todo.reduce((sum, [first, last]) => sum + last - first + 1, 0);
      if (!pace.pages) return left >= JOIN_PAGES;
      return left * ((performance.now() - pace.since) / 1000 / pace.pages) >= JOIN_SECONDS;
    }

    async function join(helper) {
      if (!open || !bytes || !worthJoining()) return;
      const own = bytes.slice(0);
      const opened = await pool.ask(helper, { type: "open", name: "", bytes: own, password }, [own]).then(() => true, () => false);
      if (opened) await drive(helper);
      helper.worker.postMessage({ type: "close" }); // its copy of the file is not needed any more
    }

    const run = { join };
    this.run = run;
    try {
      for (const helper of this.helpers) if (helper.ready) join(helper);
      await drive(this.main);
      open = false;
      while (reading.size) await Promise.all(reading);
      if (failed) throw failed;
      const answer = await this.call("finish", { shared, key });
      return { ...answer, readers: readers.size };
    } finally {
      if (this.run === run) this.run = null;
    }
  }
}
