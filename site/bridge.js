// @ts-check
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

/**
 * What a call rejects with: Python's error answer, or the same shape for a failure in JavaScript.
 * @typedef {{kind: string, message?: string, detail?: string}} WorkerError
 */
/**
 * What the pool tells the page.
 * @typedef {object} Hooks
 * @property {(done: number, total: number, message: string) => void} boot  each step of the main worker's boot
 * @property {(versions: Record<string, string>) => void} ready  the main worker is ready
 * @property {(count: number) => void} helpers  how many helpers are ready
 * @property {(error: WorkerError) => void} lost  the main worker failed to boot or stopped
 */
/**
 * A worker, whether it has booted, and (a helper) the file it was last given: a helper that moves on to
 * the next file must not be told to close that one when the last file's reading ends.
 * @typedef {{worker: Worker, ready: boolean, file?: object | null}} WorkerEntry
 */
/** @typedef {{resolve: (answer: any) => void, reject: (error: WorkerError) => void, entry: WorkerEntry}} Waiter */
/** @typedef {{join: (helper: WorkerEntry) => Promise<void>}} Run */

export class Pool {
  /** @param {{workers: number, on: Hooks}} options */
  constructor({ workers, on }) {
    this.helperCount = Math.max(0, Math.min(7, workers - 1));
    this.on = on;
    this.nextId = 1;
    /** @type {Map<number, Waiter>} */
    this.pending = new Map(); // id → {resolve, reject, entry}
    /** @type {Run | null} */
    this.run = null; // the file being read, for helpers that become ready meanwhile
    /** @type {WorkerEntry[]} */
    this.helpers = [];
    /** @type {Promise<void>} */
    this.ready = Promise.resolve();
    /** @type {WorkerEntry} */
    this.main = this.start();
  }

  // A fresh main worker (and, once it is ready, fresh helpers); `ready` resolves when the main one is.
  start() {
    this.helpers = [];
    this.on.helpers(0);
    /** @type {() => void} */
    let ready = () => {};
    this.ready = new Promise((resolve) => { ready = resolve; });
    this.main = this.spawn((versions) => {
      this.on.ready(versions);
      ready();
      for (let i = 0; i < this.helperCount; i++) this.startHelper();
    });
    return this.main;
  }

  // The first main worker is the one start.js started while the page loaded, if it did; every other
  // worker is new.
  /**
   * @param {(versions: Record<string, string>) => void} onReady
   * @returns {WorkerEntry}
   */
  spawn(onReady) {
    const started = window.pagefurnitureWorker;
    window.pagefurnitureWorker = null;
    const worker = started?.worker ?? new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    const entry = { worker, ready: false };
    /** @param {MessageEvent} event */
    const onmessage = (event) => this.message(entry, event.data, onReady);
    /** @param {ErrorEvent} event */
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
      for (const event of started.early) {
        if (event.type === "error") onerror(/** @type {ErrorEvent} */ (event));
        else onmessage(/** @type {MessageEvent} */ (event));
      }
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

  /**
   * @param {WorkerEntry} entry
   * @param {any} message  see worker.js for the messages
   * @param {(versions: Record<string, string>) => void} onReady
   */
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
  /**
   * @param {WorkerEntry} entry
   * @param {WorkerError} error
   */
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

  /**
   * @param {WorkerEntry} entry
   * @param {object} message
   * @param {Transferable[]} [transfer]
   * @returns {Promise<any>}
   */
  ask(entry, message, transfer = []) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, entry });
      entry.worker.postMessage({ ...message, id }, transfer);
    });
  }

  // One request to the main worker (see worker.js for the requests); resolves with Python's answer.
  /**
   * @param {string} type
   * @param {object} [args]
   * @param {Transferable[]} [transfer]
   * @returns {Promise<any>}
   */
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
  /**
   * @param {{key: string, name: string, bytes: ArrayBuffer, password: string | null,
   *   onPages: (done: number, total: number) => void}} file
   * @returns {Promise<any>}
   */
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
  /**
   * @param {string} key
   * @param {number} total
   * @param {ArrayBuffer | null} bytes  a copy for the helpers, or null when they do not join
   * @param {string | null} password
   * @param {(done: number, total: number) => void} onPages
   * @returns {Promise<any>}
   */
  async readPages(key, total, bytes, password, onPages) {
    // Runs small enough to keep every worker busy to the end and the progress bar moving.
    const size = Math.max(1, Math.min(8, Math.ceil(total / 40)));
    /** @type {[number, number][]} */
    const todo = [];
    for (let first = 1; first <= total; first += size) todo.push([first, Math.min(total, first + size - 1)]);
    /** @type {string[]} */
    const shared = []; // helpers' answers, handed to "finish"
    /** @type {Set<Promise<boolean>>} */
    const reading = new Set(); // runs being read now
    /** @type {Set<WorkerEntry>} */
    const readers = new Set(); // the workers that read at least one run
    let done = 0;
    /** @type {WorkerError | null} */
    let failed = null;
    let open = true; // until the main worker has run out of work
    const pace = { pages: 0, since: performance.now() }; // the main worker's, for the helpers' decision
    const pool = this;

    /**
     * @param {WorkerEntry} entry
     * @param {[number, number]} run
     */
    async function read(entry, [first, last]) {
      const share = entry !== pool.main;
      try {
        const answer = await pool.ask(entry, { type: "read", first, last, share });
        if (share) shared.push(answer);
        else pace.pages += last - first + 1;
      } catch (caught) {
        const error = /** @type {WorkerError} */ (caught);
        if (error.kind !== "helper-lost") failed ??= error;
        return false;
      }
      readers.add(entry);
      done += last - first + 1;
      onPages(done, total);
      return true;
    }

    /** @param {WorkerEntry} entry */
    async function drive(entry) {
      while (open && todo.length && !failed) {
        const step = read(entry, /** @type {[number, number]} */ (todo.shift()));
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

    /** @param {WorkerEntry} helper */
    async function join(helper) {
      if (!open || !bytes || !worthJoining()) return;
      helper.file = run;
      const own = bytes.slice(0);
      const opened = await pool.ask(helper, { type: "open", name: "", bytes: own, password }, [own]).then(() => true, () => false);
      if (opened) await drive(helper);
      // Its copy of the file is not needed any more, unless it was given the next file meanwhile: a worker
      // answers in order, so "close" would reach it after that file's "open" and close the wrong file.
      if (helper.file !== run) return;
      helper.file = null;
      helper.worker.postMessage({ type: "close" });
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
