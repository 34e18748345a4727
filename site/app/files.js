// @ts-check
// The files the page was given, read one after the other: the queue, the questions asked about a file
// before it is read (a very large one, a password), the progress while it is read, the list of files and
// the ZIP of all their outputs. Every way of giving files (drop, the two pickers, the sample) ends in
// openFiles(). The first file read is shown (review.js).

import { applyStored } from "./choices.js";
import { outputs } from "./downloads.js";
import { showError, TITLES } from "./errors.js";
import { Review } from "./review.js";
import { missingWords, resultWords } from "./summary.js";
import { $, cell, focus, plural, saveAs, sentence, setState } from "./ui.js";

/** @typedef {import("../bridge.js").Pool} Pool */
/** @typedef {import("../bridge.js").WorkerError} WorkerError */
/** @typedef {import("./review.js").Result} Result */

/**
 * One file given to the page.
 * @typedef {object} Entry
 * @property {number} id  its key in the main worker
 * @property {File} file
 * @property {string} path  its path in a chosen or dropped folder, else its name
 * @property {string} label  its path, with " (2)" after the second file given under the same path, and so on
 * @property {number} order  its place among the files given (the list and the ZIP's manifest keep it)
 * @property {number} seconds  how long reading it took, or failing to
 * @property {"waiting" | "reading" | "done" | "password" | "error" | "skipped" | "stopped"} status
 * @property {number} pages  how many pages it has, once known
 * @property {number} done  how many of them are read
 * @property {Result | null} result  Python's answer, once it is read
 * @property {WorkerError | null} error
 * @property {string | null} password
 * @property {string | null} hash  its SHA-256, under which its choices are stored
 * @property {boolean} large  to be confirmed before it is read
 * @property {boolean} [forgotten]  the workers were restarted since it was read: it is read again to be shown
 * @property {boolean} [restored]  the choices stored for it were applied
 * @property {string | null} [restoreFailed]  why the stored choices could not be applied
 */

const LARGE = 100 * 1024 * 1024; // above this, ask before reading (memory and minutes)
const ANNOUNCE_EVERY = 3000; // ms between progress announcements to screen readers
const WAIT_FOR_ZIP = "The ZIP can be made once every file is read.";

export class Files {
  /** @param {Pool} pool */
  constructor(pool) {
    this.pool = pool;
    /** @type {Entry[]} */
    this.entries = []; // one per file, in the order they are read
    /** @type {Entry | null} */
    this.reading = null; // the entry being read
    this.nextId = 1;
    this.ready = false; // the main worker has booted
    this.announced = 0; // when the live region last spoke
    this.review = new Review(pool, this); // the file on show
    this.zipping = false; // the ZIP is being made
  }

  // Reads the files in turn; the first one read is shown. A new set replaces the files listed before.
  /** @param {Iterable<File>} given */
  openFiles(given) {
    const files = [...given];
    if (!files.length) {
      return showError({ kind: "no-file", message: "Nothing that was dropped is a file. Drop PDF files or a folder of them." });
    }
    // What the workers are doing for the files listed so far ends (a ZIP may be reading a file again).
    if (this.reading || this.zipping) this.pool.cancel();
    $("stopped").hidden = true;
    for (const entry of this.entries) this.pool.call("forget", { key: String(entry.id) }).catch(() => null);
    this.review.close();
    /** @type {Map<string, number>} */
    const under = new Map(); // how many files so far under each path
    this.entries = files.map((file, order) => {
      const path = file.webkitRelativePath || file.name;
      const copy = (under.get(path) ?? 0) + 1;
      under.set(path, copy);
      return {
        id: this.nextId++, file, path, label: copy > 1 ? `${path} (${copy})` : path, order, seconds: 0,
        status: "waiting", pages: 0, done: 0, result: null, error: null, password: null, hash: null,
        large: file.size > LARGE,
      };
    });
    this.reading = null;
    this.renderFiles();
    this.pump();
  }

  // Starts the next waiting file, unless one is being read or a question about one is open.
  pump() {
    if (this.reading || ["confirm", "password"].includes(document.body.dataset.state ?? "")) return;
    const entry = this.entries.find((e) => e.status === "waiting");
    if (!entry) {
      document.body.dataset.batch = this.entries.every((e) => e.status !== "waiting") ? "finished" : "waiting";
      this.renderFiles();
      if (!this.review.entry && document.body.dataset.state === "working") setState(this.ready ? "ready" : "booting");
      return;
    }
    document.body.dataset.batch = "reading";
    if (entry.large) return this.askLarge(entry);
    this.read(entry);
  }

  /** @param {Entry} entry */
  askLarge(entry) {
    const mb = Math.round(entry.file.size / (1024 * 1024));
    $("confirm-message").textContent = `"${entry.label}" is ${mb} MB. Reading it in the browser can take many minutes and a lot of memory; your computer may slow down meanwhile.`;
    setState("confirm");
    $("confirm-go").onclick = () => {
      entry.large = false;
      setState(this.review.entry ? "done" : "working");
      this.pump();
    };
    $("confirm-stop").onclick = () => {
      entry.status = "skipped";
      entry.error = { kind: "limit", message: `skipped by you: it is ${mb} MB` };
      setState(this.review.entry ? "done" : this.ready ? "ready" : "booting");
      this.pump();
    };
    focus("confirm-title");
  }

  /** @param {Entry} entry */
  async read(entry) {
    this.reading = entry;
    entry.status = "reading";
    entry.done = entry.pages = 0;
    const started = performance.now();
    if (!this.review.entry) {
      setState("working");
      $("work-title").textContent = entry.label;
      focus("work-title");
    }
    this.progress(entry, this.ready ? "Opening…" : "Opening as soon as the reader has started…");
    this.renderFiles();
    let bytes;
    try {
      bytes = await this.bytes(entry);
      entry.hash ??= await digest(bytes);
    } catch (error) {
      return this.failed(entry, /** @type {WorkerError} */ (error));
    }
    try {
      const result = await this.pool.read({
        key: String(entry.id), name: entry.file.name, bytes, password: entry.password,
        onPages: (done, total) => {
          entry.done = done;
          entry.pages = total;
          this.progress(entry, done < total ? `Reading page ${done} of ${total}` : `Read ${total} pages; finding repeated lines…`);
        },
      });
      if (this.reading !== entry) return; // cancelled meanwhile
      entry.result = result;
      await applyStored(this.pool, entry);
      // In a batch, each file's outputs are made before the next file is read, so that one ZIP can hold
      // them all whatever the worker has forgotten since; one file's, when it has been on show a moment.
      // Until they are made the file is still being read: a Stop meanwhile leaves it stopped, not done.
      if (this.entries.length > 1) {
        this.progress(entry, "Making its outputs…");
        await outputs(this.pool, entry);
      }
      if (this.reading !== entry) return; // cancelled meanwhile
      entry.status = "done";
      entry.seconds = result.seconds;
    } catch (error) {
      if (this.reading !== entry) return;
      entry.seconds = (performance.now() - started) / 1000;
      return this.failed(entry, /** @type {WorkerError} */ (error));
    }
    this.reading = null;
    if (!this.review.entry) this.review.show(entry);
    else this.renderFiles();
    this.pump();
  }

  /**
   * @param {Entry} entry
   * @param {WorkerError} error
   */
  failed(entry, error) {
    this.reading = null;
    entry.error = error;
    const asking = error.kind === "password-required" || error.kind === "wrong-password";
    entry.status = asking ? "password" : "error";
    // One file: ask at once. In a batch the others go on, and the file waits in the list for its password;
    // a password just typed that is wrong is said at once, and asked for again.
    if (asking && (this.entries.length === 1 || entry.password !== null)) this.askPassword(entry);
    else if (this.entries.length === 1) showError(error, entry);
    this.renderFiles();
    this.pump();
  }

  // The live region speaks at a calm pace; the bar and the visible line follow every page.
  /**
   * @param {Entry} entry
   * @param {string} text
   */
  progress(entry, text) {
    const bar = $("work-progress");
    if (entry.pages) {
      bar.max = entry.pages;
      bar.value = entry.done;
    } else {
      bar.removeAttribute("value");
    }
    const position = this.entries.length > 1 ? ` (file ${entry.order + 1} of ${this.entries.length})` : "";
    $("work-status").textContent = text + position;
    const now = performance.now();
    if (now - this.announced >= ANNOUNCE_EVERY || entry.done === entry.pages) {
      this.announced = now;
      $("work-live").textContent = `${entry.label}: ${text}${position}`;
    }
    const row = document.querySelector(`#file-list tr[data-entry="${entry.id}"] .file-status`);
    if (row) row.textContent = text;
  }

  cancel() {
    // Python cannot be interrupted from outside: the workers are ended at once and fresh ones started.
    this.pool.cancel();
    this.ready = false;
    const shown = this.review.entry;
    // What was stopped stays said until other files are given, while the reader starts again under it: the
    // page must not look as if it had been reloaded.
    const stopped = this.entries.filter((e) => e.status === "reading" || e.status === "waiting");
    $("stopped").textContent = stopped.length === 1 ? `Stopped: "${stopped[0].label}" was not read. `
      : stopped.length ? `Stopped: ${plural(stopped.length, "file")} were not read. ` : "Stopped. ";
    $("stopped").textContent += `${shown || this.entries.length > 1 ? "What was read stays here. " : ""}` +
      "The PDF reader is starting again, and you can choose files meanwhile.";
    $("stopped").hidden = false;
    for (const entry of this.entries) {
      if (entry.status === "reading" || entry.status === "waiting") {
        entry.status = "stopped";
        entry.error = { kind: "cancelled", message: "stopped before it was read" };
      }
      if (entry.status === "done" && entry !== shown) entry.forgotten = true; // the new worker does not have it
    }
    if (shown) shown.forgotten = true;
    this.reading = null;
    $("boot").hidden = false;
    $("boot-progress").removeAttribute("value"); // moving, not empty, until the first step is done
    $("boot-status").textContent = "Restarting the PDF reader…";
    this.renderFiles();
    setState(shown ? "done" : "booting");
    document.body.dataset.batch = "finished";
    focus(shown ? "result-title" : "open-title");
  }

  /** @param {Entry} entry */
  askPassword(entry) {
    setState("password");
    const wrong = entry.error?.kind === "wrong-password";
    $("password-title").textContent = `"${entry.label}" needs a password`;
    $("password-message").textContent = "It is protected by a password. Enter it to open the file; the password stays in this page.";
    $("password-error").hidden = !wrong;
    $("password-error").textContent = wrong ? `${TITLES["wrong-password"]}: ${sentence(entry.error?.message)}` : "";
    $("password-input").value = "";
    $("password-form").onsubmit = (event) => {
      event.preventDefault();
      entry.password = $("password-input").value;
      entry.status = "waiting";
      entry.error = null;
      setState(this.review.entry ? "done" : "working");
      // This file next, before the others that wait.
      this.entries = [entry, ...this.entries.filter((e) => e !== entry)];
      this.pump();
    };
    $("password-cancel").onclick = () => this.skipPassword(entry);
    requestAnimationFrame(() => $("password-input").focus());
  }

  /** @param {Entry} entry */
  skipPassword(entry) {
    entry.status = "error";
    entry.error ??= { kind: "password-required", message: "It needs a password." };
    setState(this.review.entry ? "done" : this.ready ? "ready" : "booting");
    this.renderFiles();
    this.pump();
    focus(this.review.entry ? "result-title" : "open-title");
  }

  renderFiles() {
    $("files").hidden = this.entries.length < 2;
    const body = $("file-list").tBodies[0];
    body.replaceChildren();
    const shown = this.review.entry;
    for (const entry of [...this.entries].sort((a, b) => a.order - b.order)) {
      const row = document.createElement("tr");
      row.dataset.entry = String(entry.id);
      row.dataset.status = entry.status;
      if (entry.status === "done" && !result(entry).summary.complete) row.classList.add("partial");
      if (entry === shown) row.classList.add("current");
      const status = cell(statusOf(entry));
      status.className = "file-status";
      const action = document.createElement("td");
      const button = document.createElement("button");
      button.type = "button";
      button.className = "button small";
      if (entry.status === "done") {
        button.textContent = entry === shown ? "On show" : "Review";
        button.disabled = entry === shown;
        button.onclick = () => this.showEntry(entry);
      } else if (entry.status === "password") {
        button.textContent = "Enter the password";
        button.onclick = () => this.askPassword(entry);
      } else if (entry.status === "stopped") {
        button.textContent = "Read it";
        button.onclick = () => { entry.status = "waiting"; this.pump(); };
      }
      if (button.textContent) action.append(button);
      row.append(cell(entry.label), status, action);
      body.append(row);
    }
    $("files-summary").textContent = batchWords(this.entries);
    // The ZIP holds a line for every file given, so it waits until no file is waiting or being read.
    const busy = this.entries.some((e) => e.status === "waiting" || e.status === "reading");
    $("zip").disabled = busy || this.zipping || !this.entries.some((e) => e.status === "done");
    $("zip-pdf").disabled = this.zipping;
    if (busy) $("zip-status").textContent = WAIT_FOR_ZIP;
    else if ($("zip-status").textContent === WAIT_FOR_ZIP) $("zip-status").textContent = "";
  }

  // Shows a file that was read; one that the workers have forgotten since (they were restarted) is read
  // again first, quickly and with the same choices.
  /** @param {Entry} entry */
  async showEntry(entry) {
    if (entry.forgotten) {
      entry.forgotten = false;
      entry.status = "waiting";
      this.review.close();
      this.entries = [entry, ...this.entries.filter((e) => e !== entry)];
      return this.pump();
    }
    this.review.show(entry);
  }

  // The file's bytes, read from the File the page was given. The page keeps no copy of them: they go to the
  // worker, which keeps none either, so the cleaned PDF reads them again. A File picked or dropped is the
  // browser's handle on the file on disk; the sample's is its one copy, dropped with its entry.
  /**
   * @param {Entry} entry
   * @returns {Promise<ArrayBuffer>}
   */
  async bytes(entry) {
    try {
      return await entry.file.arrayBuffer();
    } catch (error) {
      throw { kind: "unreadable", message: `"${entry.label}" could not be read from your disk (${/** @type {Error} */ (error).message}).` };
    }
  }

  // The cleaned PDF of a file that was read, with its current choices (web.cleaned_pdf), made from its bytes
  // handed over again. With `again`, a file the main worker has forgotten is read again first (only when no
  // other file is being read: the ZIP); otherwise that rejects with the kind "forgotten", as choose() does.
  /**
   * @param {Entry} entry
   * @param {boolean} [again]
   * @returns {Promise<Uint8Array<ArrayBuffer>>}
   */
  async cleanedPdf(entry, again = false) {
    const key = String(entry.id);
    const ask = async () => {
      const bytes = await this.bytes(entry);
      return this.pool.call("clean", { key, bytes, password: entry.password, ...result(entry).choices }, [bytes]);
    };
    try {
      return await ask();
    } catch (error) {
      if (!again || /** @type {WorkerError} */ (error).kind !== "forgotten") throw error;
    }
    await this.pool.read({ key, name: entry.file.name, bytes: await this.bytes(entry), password: entry.password, onPages: () => {} });
    return ask();
  }

  // One ZIP of the batch, laid out as `pagefurniture FOLDER --out-dir OUT` writes it, with the manifest
  // `--manifest` writes: a line for every file given, in the order given (web.zip_outputs).
  // With "with each file's cleaned PDF" ticked, each file's cleaned PDF too, as `--clean-pdf` adds it: made
  // one file after the other. A file of which none can be made is "failed" in the manifest with the reason,
  // its text outputs kept, as `--clean-pdf` writes it (the command line's process()).
  async downloadZip() {
    const given = [...this.entries].sort((a, b) => a.order - b.order);
    const done = given.filter((e) => e.status === "done");
    const withPdfs = $("zip-pdf").checked;
    const status = $("zip-status");
    this.zipping = true;
    this.renderFiles();
    $("zip").setAttribute("aria-busy", "true");
    status.textContent = "Packing…";
    try {
      const texts = await Promise.all(done.map((entry) => outputs(this.pool, entry)));
      /** @type {{pdf: Uint8Array<ArrayBuffer> | null, error?: WorkerError}[]} */
      const pdfs = [];
      for (const entry of withPdfs ? done : []) {
        status.textContent = `Making the cleaned PDFs: ${pdfs.length + 1} of ${done.length}…`;
        pdfs.push(await this.cleanedPdf(entry, true).then((pdf) => ({ pdf }), (/** @type {WorkerError} */ error) => {
          if (error.kind === "cancelled") throw error;
          return { pdf: null, error };
        }));
      }
      status.textContent = "Packing…";
      const files = given.map((entry) => {
        const i = done.indexOf(entry);
        const { pdf = null, error } = pdfs[i] ?? {};
        const row = error ? { ...manifestRow(entry), status: "failed", error: error.message ?? null } : manifestRow(entry);
        return { file: entry.label, path: entry.path, texts: i < 0 ? null : texts[i], pdf, ...row };
      });
      const made = pdfs.flatMap(({ pdf }) => (pdf ? [pdf] : []));
      // The PDFs go over to the worker, not copied: the page keeps none of them.
      const bytes = await this.pool.call("zip", { files, clean_pdfs: withPdfs }, made.map((pdf) => pdf.buffer));
      saveAs(new Blob([bytes], { type: "application/zip" }), "pagefurniture-outputs.zip");
      const missing = pdfs.length - made.length;
      status.textContent = `The outputs of ${plural(done.length, "file")}` +
        (withPdfs ? `, ${plural(made.length, "cleaned PDF")}${missing ? ` (${missing} could not be made; the manifest says which)` : ""}` : "") +
        `, and manifest.jsonl with a line for each of the ${plural(given.length, "file")}.`;
    } catch (caught) {
      const error = /** @type {WorkerError} */ (caught);
      // Stopped because other files were given: the ZIP of these is not wanted any more.
      status.textContent = error.kind === "cancelled" ? "" : `The ZIP could not be made: ${sentence(error.message)}`;
    } finally {
      this.zipping = false;
      $("zip").removeAttribute("aria-busy");
      this.renderFiles();
    }
  }

  // The file pickers, the drop zone, the sample, and the buttons of the reading and the files panels.
  wire() {
    const drop = $("drop");
    drop.addEventListener("dragover", (event) => {
      event.preventDefault();
      drop.classList.add("dragover");
    });
    drop.addEventListener("dragleave", () => drop.classList.remove("dragover"));
    // A drop anywhere on the page counts, and must not make the browser navigate away from it.
    window.addEventListener("dragover", (event) => event.preventDefault());
    window.addEventListener("drop", async (event) => {
      event.preventDefault();
      drop.classList.remove("dragover");
      this.openFiles(await dropped(event.dataTransfer));
    });
    const file = $("file");
    file.addEventListener("change", () => {
      const files = [...picked(file)];
      file.value = ""; // choosing the same file again must fire change again
      if (files.length) this.openFiles(files);
    });
    // Enter opens a picker as Space does (a focused file input answers only Space in some browsers).
    for (const input of [$("file"), $("folder")]) {
      input.addEventListener("keydown", (event) => {
        if (event.key !== "Enter") return;
        event.preventDefault();
        input.click();
      });
    }
    const folder = $("folder");
    folder.addEventListener("change", () => {
      // Like the command line given a folder: the PDFs in it and its subfolders.
      const files = [...picked(folder)].filter((file) => /\.pdf$/i.test(file.name))
        .sort((a, b) => a.webkitRelativePath.localeCompare(b.webkitRelativePath));
      const all = picked(folder).length;
      folder.value = "";
      if (files.length) this.openFiles(files);
      else showError({ kind: "no-file", message: all ? `The folder holds ${all} files and no PDF.` : "The folder is empty." });
    });
    $("sample").addEventListener("click", async () => {
      setState("working"); // at once: the sample is fetched first
      $("work-title").textContent = "sample.pdf";
      $("work-status").textContent = "Opening the sample PDF…";
      try {
        const response = await fetch("sample.pdf");
        if (!response.ok) throw new Error(`the server answered ${response.status}`);
        const blob = await response.blob();
        this.openFiles([new File([blob], "sample.pdf", { type: "application/pdf" })]);
      } catch (error) {
        showError({ kind: "unreadable", message: `The sample PDF could not be loaded (${/** @type {Error} */ (error).message}).` });
      }
    });
    $("cancel").addEventListener("click", () => this.cancel());
    $("stop").addEventListener("click", () => this.cancel());
    $("zip").addEventListener("click", () => this.downloadZip());
    // Escape leaves the password prompt as "Skip this file" does.
    $("password").addEventListener("keydown", (event) => {
      if (event.key === "Escape") $("password-cancel").click();
    });
  }
}

/** @param {Entry} entry  one that was read */
const result = (entry) => /** @type {Result} */ (entry.result);

/** @param {HTMLInputElement} input  a file picker */
const picked = (input) => /** @type {FileList} */ (input.files);

/** @param {ArrayBuffer} bytes */
async function digest(bytes) {
  if (!crypto.subtle) return null; // not a secure context: choices are not kept
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** @param {Entry} entry */
function statusOf(entry) {
  switch (entry.status) {
    case "waiting": return "waiting";
    case "reading": return entry.pages ? `reading page ${entry.done} of ${entry.pages}` : "opening…";
    case "done": {
      const s = result(entry).summary;
      return s.complete ? resultWords(s) : `Partial: ${missingWords(s)}. ${sentence(resultWords(s))}`;
    }
    case "password": if (entry.error?.kind !== "wrong-password") return "needs a password";
    // A wrong password is said as such, also once the file was skipped.
    // falls through
    default:
      return (entry.error?.kind === "wrong-password" ? `${TITLES["wrong-password"]}: ` : "") + sentence(entry.error?.message);
  }
}

// What became of the files, every state counted: "9 files: 6 read, 1 read in part, 2 not read".
/** @param {Entry[]} entries */
function batchWords(entries) {
  /** @param {(e: Entry) => boolean} test */
  const count = (test) => entries.filter(test).length;
  const complete = (/** @type {Entry} */ e) => e.status === "done" && result(e).summary.complete;
  const parts = [
    [count(complete), "read"],
    [count((e) => e.status === "done" && !complete(e)), "read in part"],
    [count((e) => e.status === "password"), "waiting for a password"],
    [count((e) => e.status === "error"), "not read"],
    [count((e) => e.status === "skipped"), "skipped"],
    [count((e) => e.status === "stopped"), "stopped"],
    [count((e) => e.status === "reading"), "being read"],
    [count((e) => e.status === "waiting"), "waiting"],
  ].filter(([n]) => n).map(([n, words]) => `${n} ${words}`);
  return `${plural(entries.length, "file")}: ${parts.join(", ")}.`;
}

// A file's line in the ZIP's manifest, but for its name and place: its status as `--manifest` writes it
// (pagefurniture.manifest.Done), the pages it has and the lines removed with the choices made, the error or
// what is missing, and the seconds it took. Only files no longer waiting or being read have one.
/**
 * @param {Entry} entry
 * @returns {{status: string, pages: number | null, removed_lines: number | null, error: string | null, seconds: number}}
 */
function manifestRow(entry) {
  const seconds = entry.seconds;
  if (entry.status === "done") {
    const { summary, outcome } = result(entry);
    return { ...outcome, pages: summary.pages, removed_lines: summary.lines_removed, seconds };
  }
  // Not read: a file the user skipped or stopped was left out by choice; any other could not be read.
  const status = entry.status === "skipped" || entry.status === "stopped" ? "skipped" : "failed";
  return { status, pages: null, removed_lines: null, error: entry.error?.message ?? null, seconds };
}

// Every file given, and the PDFs inside dropped folders (any depth, like the command line's folders).
/**
 * @param {DataTransfer | null} transfer
 * @returns {Promise<File[]>}
 */
async function dropped(transfer) {
  const items = [...(transfer?.items ?? [])].map((item) => item.webkitGetAsEntry?.()).filter((item) => !!item);
  if (!items.some((item) => item.isDirectory)) return [...(transfer?.files ?? [])];
  /** @type {File[]} */
  const files = [];
  /**
   * @param {FileSystemEntry} item
   * @param {string} path
   */
  async function walk(item, path) {
    if (item.isFile) {
      const file = await new Promise((resolve, reject) => /** @type {FileSystemFileEntry} */ (item).file(resolve, reject));
      const inFolder = path.includes("/");
      if (!inFolder || /\.pdf$/i.test(file.name)) {
        files.push(new File([file], file.name, { type: file.type, lastModified: file.lastModified }));
        Object.defineProperty(files.at(-1), "webkitRelativePath", { value: path });
      }
    } else if (item.isDirectory) {
      const reader = /** @type {FileSystemDirectoryEntry} */ (item).createReader();
      for (;;) {
        /** @type {FileSystemEntry[]} */
        const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
        if (!batch.length) break;
        for (const child of batch) await walk(child, `${path}/${child.name}`);
      }
    }
  }
  for (const item of items) await walk(item, item.name);
  return files.sort((a, b) => a.webkitRelativePath.localeCompare(b.webkitRelativePath));
}
