// The page: one entry point, openFiles(files), for drop, pickers and sample; one state object; one state
// attribute on <body> drives which panel is shown. The workers are reached only through the bridge
// (bridge.js), pages are drawn by pdf.js (pages.js, imported with pdf.js when the first page is drawn). Every decision, page range and word about a line
// comes from Python; PDF text is untrusted and is only ever set as textContent.

import { Pool } from "./bridge.js";
import { BUG_KIND, TITLES } from "./app/errors.js";

const $ = (id) => document.getElementById(id);
const LARGE = 100 * 1024 * 1024; // above this, ask before reading (memory and minutes)
const KINDS = {
  "page-number": "page number", header: "header", footer: "footer", margin: "margin text",
  watermark: "watermark", "repeated-content": "repeated content",
};
const COLOURS = 12; // group colours in style.css (--group-0 …); each box and swatch also carries the group's id
const RUNS_SHOWN = 4; // page runs shown in a row before "and N more"
const ANNOUNCE_EVERY = 3000; // ms between progress announcements to screen readers
const STORE = "pagefurniture.choices."; // + the file's sha256: the choices made for it, in this browser only

// "?workers=N" in the address sets the number of workers (1 reads with the main worker alone).
const WORKERS = Math.round(Number(new URLSearchParams(location.search).get("workers"))) ||
  Math.min(4, navigator.hardwareConcurrency || 1);

const state = {
  ready: false,
  entries: [], // one per file: {id, file, path, status, pages, done, result, error, password, hash, large}
  reading: null, // the entry being read
  current: null, // the entry on show
  nextId: 1,
  group: null, // the chosen group's id
  page: 1,
  filter: { kind: "", decision: "", text: "" },
  drawing: null, // {entry, drawing}: pdf.js's copy of the file on show
  urls: [],
  linked: null, // the result whose files the download links point to
  announced: 0, // when the live region last spoke
  painted: new Map(), // "entry:page" → the page drawn by pdf.js at thumbnail size
  observer: null, // starts drawing a thumbnail when it scrolls into sight
  painting: Promise.resolve(), // thumbnails are drawn one after the other
  drawn: 0, // the last drawing of the page on show, so that a slow one does not overwrite a newer one
};

const pool = new Pool({
  workers: WORKERS,
  on: {
    boot(done, total, message) {
      $("boot-progress").value = done;
      $("boot-status").textContent = message;
    },
    ready(versions) {
      state.ready = true;
      $("boot").hidden = true;
      $("versions").textContent = `pagefurniture ${versions.pagefurniture} · pdfminer.six ${versions["pdfminer.six"]} · Python ${versions.python} in your browser`;
      if (document.body.dataset.state === "booting") setState("ready");
      registerServiceWorker();
    },
    helpers(count) {
      document.body.dataset.helpers = String(count);
    },
    lost(error) {
      $("boot-status").textContent = error.message;
      if (!state.reading && ["booting", "working"].includes(document.body.dataset.state)) showError(error);
    },
  },
});

function setState(name) {
  document.body.dataset.state = name;
  const shown = {
    open: ["booting", "ready", "error", "done"], working: ["working"], confirm: ["confirm"],
    password: ["password"], error: ["error"], result: ["done"],
  };
  for (const [id, states] of Object.entries(shown)) $(id).hidden = !states.includes(name);
  $("files").hidden = state.entries.length < 2;
}

function registerServiceWorker() {
  // After the boot, so the cache fills from what the browser already holds instead of competing with it.
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").then(storeMapsWhenIdle,
      (error) => console.warn("offline use unavailable:", error));
  }
}

// -- character maps for offline use ---------------------------------------------------------------------
// Chinese, Japanese and Korean PDFs need pdfminer's character maps (149 files, 7.9 MB as served), which
// the site serves apart and the worker fetches when a PDF needs one. So that such PDFs also open offline,
// the service worker downloads the rest in the background once the page is ready and idle; it says how
// far it got ("maps" messages), shown in the footer and as <body data-maps="storing|stored|failed">.
const MAPS_IDLE_MS = 2000; // nothing read for this long counts as idle

function storeMapsWhenIdle() {
  if (navigator.connection?.saveData) {
    $("offline").textContent = "Character maps for Chinese, Japanese and Korean text are downloaded only when a PDF needs one (data saver is on).";
    return;
  }
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type === "maps") showMaps(event.data);
  });
  const ask = async () => {
    if (state.reading) return setTimeout(() => requestIdleCallback(ask), MAPS_IDLE_MS); // a file is being read
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: "store-maps" });
  };
  setTimeout(() => requestIdleCallback(ask), MAPS_IDLE_MS);
}

function showMaps({ done, total, failed }) {
  const shown = failed ? "failed" : total && done === total ? "stored" : "storing";
  document.body.dataset.maps = shown;
  $("offline").textContent = {
    storing: `Storing the character maps for Chinese, Japanese and Korean text, for use offline${total ? `: ${done} of ${total}` : ""}…`,
    stored: "Works offline, for text in every script.",
    failed: "The character maps for Chinese, Japanese and Korean text could not all be stored for use offline; they are downloaded when a PDF needs one.",
  }[shown];
}

// Focus moves to the heading of what is now shown, so that keyboard and screen reader users are taken there.
function focus(id) {
  requestAnimationFrame(() => $(id).focus());
}

// -- opening files ---------------------------------------------------------------------------------------

// Reads the files in turn; the first one read is shown. A new set replaces the files listed before.
export function openFiles(files) {
  files = [...files];
  if (!files.length) {
    return showError({ kind: "no-file", message: "Nothing that was dropped is a file. Drop PDF files or a folder of them." });
  }
  if (state.reading) pool.cancel();
  for (const entry of state.entries) pool.call("forget", { key: String(entry.id) }).catch(() => null);
  closeDrawing();
  state.entries = files.map((file) => ({
    id: state.nextId++, file, path: file.webkitRelativePath || file.name, status: "waiting", pages: 0, done: 0,
    result: null, error: null, password: null, hash: null, large: file.size > LARGE,
  }));
  state.reading = null;
  state.current = null;
  renderFiles();
  pump();
}
export const openFile = (file) => openFiles([file]);

// Starts the next waiting file, unless one is being read or a question about one is open.
function pump() {
  if (state.reading || ["confirm", "password"].includes(document.body.dataset.state)) return;
  const entry = state.entries.find((e) => e.status === "waiting");
  if (!entry) {
    document.body.dataset.batch = state.entries.every((e) => e.status !== "waiting") ? "finished" : "waiting";
    $("zip").disabled = !state.entries.some((e) => e.status === "done");
    renderFiles();
    if (!state.current && document.body.dataset.state === "working") setState(state.ready ? "ready" : "booting");
    return;
  }
  document.body.dataset.batch = "reading";
  if (entry.large) return askLarge(entry);
  read(entry);
}

function askLarge(entry) {
  const mb = Math.round(entry.file.size / (1024 * 1024));
  $("confirm-message").textContent = `"${entry.path}" is ${mb} MB. Reading it in the browser can take many minutes and a lot of memory; your computer may slow down meanwhile.`;
  setState("confirm");
  $("confirm-go").onclick = () => {
    entry.large = false;
    setState(state.current ? "done" : "working");
    pump();
  };
  $("confirm-stop").onclick = () => {
    entry.status = "skipped";
    entry.error = { kind: "limit", message: `Skipped: it is ${mb} MB.` };
    setState(state.current ? "done" : state.ready ? "ready" : "booting");
    pump();
  };
  focus("confirm-title");
}

async function read(entry) {
  state.reading = entry;
  entry.status = "reading";
  entry.done = entry.pages = 0;
  if (!state.current) {
    setState("working");
    $("work-title").textContent = entry.path;
    focus("work-title");
  }
  progress(entry, state.ready ? "Opening…" : "Opening as soon as the reader has started…");
  renderFiles();
  let bytes;
  try {
    bytes = await entry.file.arrayBuffer();
    entry.hash ??= await digest(bytes);
  } catch (error) {
    return failed(entry, { kind: "unreadable", message: `"${entry.path}" could not be read from your disk (${error.message}).` });
  }
  try {
    const result = await pool.read({
      key: String(entry.id), name: entry.file.name, bytes, password: entry.password,
      onPages: (done, total) => {
        entry.done = done;
        entry.pages = total;
        progress(entry, done < total ? `Reading page ${done} of ${total}` : `Read ${total} pages; finding repeated lines…`);
      },
    });
    if (state.reading !== entry) return; // cancelled meanwhile
    entry.result = result;
    entry.status = "done";
    await applyStored(entry);
    // In a batch, each file's outputs are made before the next file is read, so that one ZIP can hold
    // them all whatever the worker has forgotten since; one file's, when it has been on show a moment.
    if (state.entries.length > 1) await outputs(entry).catch(() => null);
    if (state.reading !== entry) return; // cancelled meanwhile
  } catch (error) {
    if (state.reading !== entry) return;
    return failed(entry, error);
  }
  state.reading = null;
  if (!state.current) show(entry);
  else renderFiles();
  pump();
}

// The text of each output file of the entry's result, made by Python when first wanted (a download, a
// copy, a ZIP, or the result on show for a moment): {output name: text}.
function outputs(entry) {
  const result = entry.result;
  result.texts ??= pool.call("outputs", { key: String(entry.id), ...result.choices }).then(
    (answer) => answer.texts,
    (error) => {
      result.texts = null; // asked again next time
      throw error;
    });
  return result.texts;
}

// Soon after a result is shown, its files are made while the user looks, unless another file is being
// read or has replaced it by then.
const OUTPUTS_AFTER = 500; // ms
function makeOutputsSoon(entry) {
  const result = entry.result;
  setTimeout(() => {
    if (state.current === entry && entry.result === result && !state.reading) outputs(entry).catch(() => null);
  }, OUTPUTS_AFTER);
}

function failed(entry, error) {
  state.reading = null;
  entry.error = error;
  const asking = error.kind === "password-required" || error.kind === "wrong-password";
  entry.status = asking ? "password" : "error";
  // One file: ask at once. In a batch the others go on, and the file waits in the list for its password.
  if (asking && state.entries.length === 1) askPassword(entry);
  else if (state.entries.length === 1) showError(error, entry);
  renderFiles();
  pump();
}

// The live region speaks at a calm pace; the bar and the visible line follow every page.
function progress(entry, text) {
  const bar = $("work-progress");
  if (entry.pages) {
    bar.max = entry.pages;
    bar.value = entry.done;
  } else {
    bar.removeAttribute("value");
  }
  const position = state.entries.length > 1 ? ` (file ${state.entries.indexOf(entry) + 1} of ${state.entries.length})` : "";
  $("work-status").textContent = text + position;
  const now = performance.now();
  if (now - state.announced >= ANNOUNCE_EVERY || entry.done === entry.pages) {
    state.announced = now;
    $("work-live").textContent = `${entry.path}: ${text}${position}`;
  }
  const row = document.querySelector(`#file-list tr[data-entry="${entry.id}"] .file-status`);
  if (row) row.textContent = text;
}

function cancel() {
  // Python cannot be interrupted from outside: the workers are ended at once and fresh ones started.
  pool.cancel();
  state.ready = false;
  for (const entry of state.entries) {
    if (entry.status === "reading" || entry.status === "waiting") {
      entry.status = "stopped";
      entry.error = { kind: "cancelled", message: "Stopped before it was read." };
    }
    if (entry.status === "done" && entry !== state.current) entry.forgotten = true; // the new worker does not have it
  }
  if (state.current) state.current.forgotten = true;
  state.reading = null;
  $("boot").hidden = false;
  $("boot-progress").value = 0;
  $("boot-status").textContent = "Stopped. Restarting the PDF reader…";
  renderFiles();
  setState(state.current ? "done" : "booting");
  document.body.dataset.batch = "finished";
  focus(state.current ? "result-title" : "open-title");
}

async function digest(bytes) {
  if (!crypto.subtle) return null; // not a secure context: choices are not kept
  const hash = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function askPassword(entry) {
  setState("password");
  const wrong = entry.error?.kind === "wrong-password";
  $("password-title").textContent = `"${entry.path}" needs a password`;
  $("password-message").textContent = "It is protected by a password. Enter it to open the file; the password stays in this page.";
  $("password-error").hidden = !wrong;
  $("password-error").textContent = wrong ? `${TITLES["wrong-password"]}: ${sentence(entry.error.message)}` : "";
  $("password-input").value = "";
  $("password-form").onsubmit = (event) => {
    event.preventDefault();
    entry.password = $("password-input").value;
    entry.status = "waiting";
    entry.error = null;
    setState(state.current ? "done" : "working");
    // This file next, before the others that wait.
    state.entries = [entry, ...state.entries.filter((e) => e !== entry)];
    pump();
  };
  $("password-cancel").onclick = () => skipPassword(entry);
  requestAnimationFrame(() => $("password-input").focus());
}

function skipPassword(entry) {
  entry.status = "error";
  entry.error ??= { kind: "password-required", message: "It needs a password." };
  setState(state.current ? "done" : state.ready ? "ready" : "booting");
  renderFiles();
  pump();
  focus(state.current ? "result-title" : "open-title");
}

function showError(error, entry = null) {
  $("error-title").textContent = TITLES[error.kind] ?? TITLES[BUG_KIND];
  $("error").dataset.kind = TITLES[error.kind] ? error.kind : BUG_KIND;
  $("error-file").textContent = entry ? entry.path : "";
  $("error-message").textContent = sentence(error.message);
  $("error-detail").textContent = error.detail ?? "";
  $("error-details").hidden = !error.detail;
  setState("error");
  focus("error-title");
}

function sentence(text) {
  text = String(text ?? "").trim();
  if (!text) return "";
  text = text[0].toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : text + ".";
}

// -- the list of files --------------------------------------------------------------------------------------

function statusOf(entry) {
  switch (entry.status) {
    case "waiting": return "waiting";
    case "reading": return entry.pages ? `reading page ${entry.done} of ${entry.pages}` : "opening…";
    case "done": {
      const s = entry.result.summary;
      return `${s.pages} page${s.pages === 1 ? "" : "s"}, ${s.groups_removed} of ${s.groups} repeated groups removed, ` +
        `${s.lines_removed} of ${s.lines} lines`;
    }
    case "password": return "needs a password";
    default: return sentence(entry.error?.message);
  }
}

function renderFiles() {
  $("files").hidden = state.entries.length < 2;
  const body = $("file-list").tBodies[0];
  body.replaceChildren();
  for (const entry of state.entries) {
    const row = document.createElement("tr");
    row.dataset.entry = entry.id;
    row.dataset.status = entry.status;
    if (entry === state.current) row.className = "current";
    const status = cell(statusOf(entry));
    status.className = "file-status";
    const action = document.createElement("td");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "button small";
    if (entry.status === "done") {
      button.textContent = entry === state.current ? "On show" : "Review";
      button.disabled = entry === state.current;
      button.onclick = () => review(entry);
    } else if (entry.status === "password") {
      button.textContent = "Enter the password";
      button.onclick = () => askPassword(entry);
    } else if (entry.status === "stopped") {
      button.textContent = "Read it";
      button.onclick = () => { entry.status = "waiting"; pump(); };
    }
    if (button.textContent) action.append(button);
    row.append(cell(entry.path), status, action);
    body.append(row);
  }
  const done = state.entries.filter((e) => e.status === "done").length;
  const bad = state.entries.filter((e) => ["error", "skipped"].includes(e.status)).length;
  $("files-summary").textContent = `${state.entries.length} files: ${done} read` + (bad ? `, ${bad} not read` : "") +
    (state.reading ? ", reading…" : "");
  $("zip").disabled = !done;
}

async function review(entry) {
  if (entry.forgotten) {
    // The workers were restarted since it was read: read it again (quickly, and with the same choices).
    entry.forgotten = false;
    entry.status = "waiting";
    state.current = null;
    closeDrawing();
    state.entries = [entry, ...state.entries.filter((e) => e !== entry)];
    return pump();
  }
  show(entry);
}

async function downloadZip() {
  const done = state.entries.filter((e) => e.status === "done");
  $("zip-status").textContent = "Packing…";
  try {
    const texts = await Promise.all(done.map(outputs));
    const files = done.map((e, i) => [e.path, Object.fromEntries(Object.entries(e.result.files)
      .map(([name, file]) => [file.file_name, texts[i][name]]))]);
    const bytes = await pool.call("zip", { files });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([bytes], { type: "application/zip" }));
    link.download = "pagefurniture-outputs.zip";
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
    $("zip-status").textContent = `${files.length} file${files.length === 1 ? "" : "s"}, ${files.length * 4} outputs.`;
  } catch (error) {
    $("zip-status").textContent = `The ZIP could not be made: ${sentence(error.message)}`;
  }
}

// -- choices ----------------------------------------------------------------------------------------------

function hasChoices(choices) {
  return Object.values(choices).some((list) => list.length);
}

async function choose(entry, choices) {
  try {
    const result = await pool.call("choose", { key: String(entry.id), ...choices });
    entry.result = { ...result, seconds: entry.result.seconds, readers: entry.result.readers };
  } catch (error) {
    if (error.kind === "forgotten") {
      entry.forgotten = true;
      store(entry, choices);
      return review(entry);
    }
    if (error.kind === "cancelled") return;
    $("saved-status").textContent = sentence(error.message);
    return;
  }
  store(entry, entry.result.choices); // as Python states them: only what differs from the detector
  if (entry === state.current) renderResult();
  if (state.entries.length > 1) outputs(entry).catch(() => null);
  else makeOutputsSoon(entry);
}

function store(entry, choices) {
  if (!entry.hash) return;
  try {
    if (hasChoices(choices)) localStorage.setItem(STORE + entry.hash, JSON.stringify(choices));
    else localStorage.removeItem(STORE + entry.hash);
  } catch {
    // Storage is full or not allowed: the choices still hold until the page is closed.
  }
}

// The choices stored for this file (by its hash) when it was read before, applied to the new result.
async function applyStored(entry) {
  entry.restored = false;
  let stored = null;
  try {
    stored = entry.hash && JSON.parse(localStorage.getItem(STORE + entry.hash) ?? "null");
  } catch {
    stored = null;
  }
  if (!stored) return;
  try {
    const result = await pool.call("choose", { key: String(entry.id), ...stored });
    entry.result = { ...result, seconds: entry.result.seconds, readers: entry.result.readers };
    entry.restored = true;
  } catch (error) {
    if (error.kind === "cancelled") throw error;
    localStorage.removeItem(STORE + entry.hash); // they no longer fit this file
    entry.restoreFailed = sentence(error.message);
  }
}

function wish(change) {
  const entry = state.current;
  const now = entry.result.choices;
  const sets = Object.fromEntries(Object.entries(now).map(([name, list]) => [name, list.map((v) => JSON.stringify(v))]));
  const put = (name, value) => {
    for (const other of Object.keys(sets)) sets[other] = sets[other].filter((v) => v !== JSON.stringify(value));
    sets[name].push(JSON.stringify(value));
  };
  change(put);
  return choose(entry, Object.fromEntries(Object.entries(sets).map(([name, list]) => [name, list.map((v) => JSON.parse(v))])));
}

const flipGroup = (id, remove) => wish((put) => put(remove ? "remove" : "keep", id));
const flipLine = (page, index, remove) => wish((put) => put(remove ? "remove_lines" : "keep_lines", [page, index]));

// -- the file on show --------------------------------------------------------------------------------------

function show(entry) {
  state.current = entry;
  state.group = null;
  // Open on the first page with a removed line: a cover has nothing to check.
  const first = entry.result.layout.find((page) => page.lines.some((line) => line[6]));
  state.page = first ? first.page : 1;
  closeDrawing();
  renderResult();
  renderFiles();
  setState("done");
  showCurrentThumb();
  focus("result-title");
  makeOutputsSoon(entry);
}

function closeDrawing() {
  state.painted.clear(); // the thumbnails of the file that was on show
  $("thumbs").dataset.entry = ""; // both are drawn again from the new drawing
  $("sheet").dataset.key = "";
  const made = state.drawing;
  made?.ready.then((drawing) => drawing.destroy(), () => null);
  state.drawing = null;
}

function drawing() {
  const entry = state.current;
  if (state.drawing?.entry !== entry) {
    closeDrawing();
    const made = { entry, drawing: null };
    made.ready = Promise.all([import("./pages.js"), entry.file.arrayBuffer()]).then(([{ Drawing }, data]) => {
      made.drawing = new Drawing(data, entry.password);
      return made.drawing;
    });
    state.drawing = made;
  }
  return state.drawing.ready;
}

function renderResult() {
  const result = state.current.result;
  $("result-title").textContent = state.current.path;
  renderPartial(result);
  renderSummary(result);
  renderDownloads(result);
  renderCommand(result);
  renderFilters(result);
  renderGroups(result);
  renderThumbs(result);
  renderPage();
}

// A result that lacks some of the PDF's text says so above everything else, in the words of its summary.
function renderPartial(result) {
  const s = result.summary;
  $("partial").hidden = s.complete;
  if (s.complete) return;
  const lost = s.pages_unreadable.filter((p) => !p.partial).map((p) => p.page);
  const part = s.pages_unreadable.filter((p) => p.partial).map((p) => p.page);
  const read = [];
  for (let n = 1; n <= s.pages; n++) if (!lost.includes(n) && !part.includes(n)) read.push(n);
  const sentences = [];
  if (lost.length) {
    const last = Math.max(0, ...read, ...part);
    const tail = s.cut_off && lost.every((n) => n > last);
    sentences.push(`${lost.length} of ${s.pages} page${s.pages === 1 ? "" : "s"} could not be read` +
      (tail ? `: the file is cut off after page ${last}.` : s.cut_off ? ": the file is cut off." : "."));
  }
  if (part.length) sentences.push(`${part.length === 1 ? "Page" : "Pages"} ${pageRanges(part)} could be read only in part.`);
  if (s.cut_off && !s.cut_off.pages_known) {
    sentences.push(`The file is cut off and its list of pages is lost with its end: pages after page ${s.pages} may be missing, however many there were.`);
  }
  const held = read.length ? `pages ${pageRanges(read)}` : "no complete page";
  sentences.push(`The downloads hold ${held}${part.length ? ` and part of ${pageRanges(part)}` : ""} only; the report says why each other page is missing.`);
  $("partial-message").textContent = sentences.join(" ");
}

function pageRanges(pages) {
  const out = [];
  for (const n of pages) {
    const last = out[out.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else out.push([n, n]);
  }
  return out.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(", ");
}

function renderSummary(result) {
  const s = result.summary;
  const empty = s.pages_without_text;
  const rows = [
    ["Pages", String(s.pages)],
    ["Lines removed", `${s.lines_removed} of ${s.lines}`],
    ["Text removed", `${(s.share_removed * 100).toFixed(1)} %`],
    // A count, with the pages it counts beside it.
    ["Pages without text", empty.length ? `${empty.length}`: "none", empty.length ? `page${empty.length === 1 ? "" : "s"} ${compact(empty)}` : ""],
    ["Reading time", `${result.seconds.toFixed(1)} s`, result.readers > 1 ? `on ${result.readers} cores` : ""],
  ];
  if (s.pages_unreadable.length) {
    rows.push(["Pages not fully read", String(s.pages_unreadable.length), `page${s.pages_unreadable.length === 1 ? "" : "s"} ${compact(s.pages_unreadable.map((p) => p.page))}`]);
  }
  const dl = $("summary");
  dl.replaceChildren();
  for (const [term, value, note] of rows) {
    const div = document.createElement("div");
    const dt = document.createElement("dt");
    const dd = document.createElement("dd");
    dt.textContent = term;
    dd.textContent = value;
    div.append(dt, dd);
    if (note) {
      const small = document.createElement("dd");
      small.className = "note";
      small.textContent = note;
      div.append(small);
    }
    dl.append(div);
  }
}

// A few page numbers for a summary tile: the first ones, then how many more.
function compact(pages) {
  const shown = pages.slice(0, 6).join(", ");
  return pages.length > 6 ? `${shown} and ${pages.length - 6} more` : shown;
}

function renderDownloads(result) {
  for (const url of state.urls) URL.revokeObjectURL(url);
  state.urls = [];
  state.linked = null;
  // The files, their names and types come from Python (pagefurniture.report.OUTPUTS), the same as the
  // command line writes; each has a link "dl-NAME" in the page. It points to its file once a pointer or
  // the focus comes near the links (see linkDownloads).
  for (const [name, file] of Object.entries(result.files)) {
    const link = $(`dl-${name}`);
    link.href = "#";
    link.download = file.file_name;
    link.title = file.file_name;
  }
}

// Before a link is followed, copied or saved: each link gets its file. A click that comes before the
// files are made is followed once they are.
function linkDownloads(event) {
  const entry = state.current;
  const result = entry?.result;
  if (!result || state.linked === result) return;
  const link = event.type === "click" ? event.target.closest("a") : null;
  if (link) event.preventDefault();
  outputs(entry).then((texts) => {
    if (entry.result !== result) return;
    if (state.linked !== result) {
      state.linked = result;
      for (const [name, file] of Object.entries(result.files)) {
        const url = URL.createObjectURL(new Blob([texts[name]], { type: file.media_type }));
        state.urls.push(url);
        $(`dl-${name}`).href = url;
      }
    }
    link?.click();
  }, (error) => {
    if (error.kind === "forgotten") return review(Object.assign(entry, { forgotten: true }));
    if (link) $("saved-status").textContent = `The file could not be made: ${sentence(error.message)}`;
  });
}

function renderCommand(result) {
  const entry = state.current;
  $("command").textContent = result.command + (entry.password ? " --password …" : "");
  const chosen = hasChoices(result.choices);
  $("reset").hidden = !chosen;
  $("saved-status").textContent = entry.restoreFailed ? `${entry.restoreFailed} Your earlier choices were dropped.`
    : !chosen ? "Your choices are kept in this browser for this file, and only here."
    : entry.hash ? (entry.restored ? "Your earlier choices for this file are applied; they are kept in this browser only."
      : "Your choices are kept in this browser for this file, and only here.")
    : "Your choices are not kept here (this browser does not allow it on this address).";
}

function renderFilters(result) {
  const select = $("filter-kind");
  const kinds = [...new Set(result.groups.map((g) => g.kind))];
  const options = [...select.options].slice(1).map((o) => o.value);
  if (options.join() !== kinds.join()) {
    select.replaceChildren(select.options[0]);
    for (const kind of kinds) select.append(new Option(KINDS[kind] ?? kind, kind));
    if (!kinds.includes(state.filter.kind)) state.filter.kind = "";
  }
  select.value = state.filter.kind;
  $("filters").hidden = result.groups.length === 0;
}

function shownGroups(result) {
  const { kind, decision, text } = state.filter;
  const needle = text.trim().toLowerCase();
  return result.groups.filter((g) => (!kind || g.kind === kind) &&
    (!decision || (decision === "removed") === g.remove) && (!needle || g.text.toLowerCase().includes(needle)));
}

function swatch(group) {
  const mark = document.createElement("span");
  mark.className = `swatch group-${group.id % COLOURS}`;
  mark.textContent = String(group.id);
  mark.setAttribute("aria-hidden", "true");
  return mark;
}

function renderGroups(result) {
  const body = $("groups").tBodies[0];
  body.replaceChildren();
  $("groups-empty").hidden = result.groups.length > 0;
  $("groups").hidden = result.groups.length === 0;
  const shown = shownGroups(result);
  $("filter-count").textContent = `${shown.length} of ${result.groups.length} shown`;
  $("keep-shown").disabled = $("remove-shown").disabled = !shown.length;
  for (const group of shown) {
    const row = document.createElement("tr");
    row.dataset.group = group.id;
    row.className = `${group.remove ? "removed" : "kept"}${state.group === group.id ? " selected" : ""}`;

    const text = document.createElement("td");
    const pick = document.createElement("button");
    pick.type = "button";
    pick.className = "group-text";
    pick.setAttribute("aria-pressed", String(state.group === group.id));
    pick.title = "Show its lines on the pages";
    const printed = document.createElement("span");
    printed.className = "printed";
    printed.textContent = group.text;
    pick.append(swatch(group), printed);
    pick.onclick = () => selectGroup(state.group === group.id ? null : group.id);
    text.append(pick);

    const pages = document.createElement("td");
    pages.append(runs(group));
    const on = document.createElement("span");
    on.className = "on";
    on.textContent = group.on;
    pages.append(on);
    const decision = cell(sentence(group.decision));
    decision.className = "reason";

    const toggle = document.createElement("td");
    const label = document.createElement("label");
    label.className = "switch";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.setAttribute("role", "switch");
    box.checked = group.remove;
    box.setAttribute("aria-label", `Remove "${group.text.slice(0, 60)}"`);
    box.onchange = async () => {
      await flipGroup(group.id, box.checked);
      document.querySelector(`tr[data-group="${group.id}"] input[role=switch]`)?.focus();
    };
    const word = document.createElement("span");
    word.textContent = group.remove ? "removed" : "kept";
    label.append(box, word);
    toggle.append(label);

    const kind = cell(KINDS[group.kind] ?? group.kind);
    const position = cell(group.position);
    // Labels for the narrow layout, where each row becomes a card without the table's header.
    kind.dataset.label = "Kind";
    position.dataset.label = "Position";
    pages.dataset.label = "Pages";
    decision.dataset.label = "Decision";
    row.append(text, kind, position, pages, decision, toggle);
    body.append(row);
  }
}

// The runs of pages a group is on (from Python): the first few, then the rest behind "and N more".
function runs(group) {
  const list = document.createElement("span");
  list.className = "pages";
  const head = group.runs.slice(0, RUNS_SHOWN).join(", ");
  if (group.runs.length <= RUNS_SHOWN) {
    list.textContent = head;
    return list;
  }
  const more = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = `${head} and ${group.runs.length - RUNS_SHOWN} more`;
  const rest = document.createElement("span");
  rest.className = "more-runs";
  rest.textContent = group.runs.join(", ");
  more.append(summary, rest);
  list.append(more);
  return list;
}

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

function selectGroup(id) {
  state.group = id;
  const result = state.current.result;
  renderGroups(result);
  const group = result.groups.find((g) => g.id === id);
  if (group && !group.pages.includes(state.page)) state.page = group.pages[0];
  renderThumbs(result);
  renderPage();
  // The strip scrolls to the group's first page, where its lines are.
  if (group) $("thumbs").querySelector(`[data-page="${group.pages[0]}"]`)?.scrollIntoView({ block: "nearest", inline: "center" });
}

function actOnShown(remove) {
  const ids = shownGroups(state.current.result).map((g) => g.id);
  return wish((put) => ids.forEach((id) => put(remove ? "remove" : "keep", id)));
}

async function reset() {
  const entry = state.current;
  await choose(entry, { keep: [], remove: [], keep_lines: [], remove_lines: [] });
  entry.restored = false;
  entry.restoreFailed = null;
  renderCommand(entry.result);
  $("saved-status").textContent = "Your choices were reset: every decision is the detector's again.";
}

// -- thumbnails and the page ----------------------------------------------------------------------------------

function palette() {
  const style = getComputedStyle(document.body);
  const colour = (name) => style.getPropertyValue(name).trim();
  return {
    groups: Array.from({ length: COLOURS }, (_, i) => colour(`--group-${i}`)),
    body: colour("--map-line"), paper: colour("--map-paper"), edge: colour("--map-edge"),
  };
}

const THUMB = 64; // px wide

// The strip is made once per file on show; a change of choices only relabels and redraws its thumbnails.
// A thumbnail is drawn when it comes near the strip's view: a long file has hundreds.
function renderThumbs(result) {
  const strip = $("thumbs");
  const made = strip.dataset.entry === String(state.current.id) && strip.children.length === result.layout.length;
  if (!made) {
    strip.replaceChildren();
    strip.dataset.entry = state.current.id;
    state.observer?.disconnect();
    state.observer = new IntersectionObserver((seen) => {
      for (const item of seen) {
        if (!item.isIntersecting) continue;
        if (!item.target.dataset.drawn) drawThumb(item.target);
        paintThumb(item.target);
      }
    }, { root: strip, rootMargin: "200px" });
  }
  const tallest = Math.max(...result.layout.map((p) => p.height / p.width), 1);
  const chosen = result.groups.find((g) => g.id === state.group);
  for (const page of result.layout) {
    const button = made ? strip.children[page.page - 1] : document.createElement("button");
    button.tabIndex = page.page === state.page ? 0 : -1;
    button.classList.toggle("without", Boolean(chosen && !chosen.pages.includes(page.page)));
    labelThumb(button, page, chosen);
    if (made) {
      if (button.dataset.drawn) drawThumb(button);
      continue;
    }
    button.type = "button";
    button.classList.add("thumb");
    button.dataset.page = page.page;
    const canvas = document.createElement("canvas");
    canvas.width = THUMB * (window.devicePixelRatio || 1);
    canvas.height = Math.round(THUMB * tallest) * (window.devicePixelRatio || 1);
    canvas.style.width = `${THUMB}px`;
    canvas.style.height = `${Math.round(THUMB * tallest)}px`;
    const number = document.createElement("span");
    number.textContent = page.page;
    number.setAttribute("aria-hidden", "true");
    button.append(canvas, number);
    button.onclick = () => goTo(page.page, { scroll: true });
    strip.append(button);
    state.observer.observe(button);
  }
  if (!made) {
    strip.scrollLeft = 0; // not where the last file's strip was
    showCurrentThumb();
  }
}

// The page on show's thumbnail in the strip's view (a strip still hidden is scrolled when shown, in show()).
// Only the strip scrolls: the page stays where the reader is.
function showCurrentThumb() {
  const strip = $("thumbs");
  const thumb = strip.querySelector("[aria-current=true]");
  if (!thumb) return;
  const view = strip.getBoundingClientRect();
  const box = thumb.getBoundingClientRect();
  if (box.left < view.left) strip.scrollLeft += box.left - view.left;
  else if (box.right > view.right) strip.scrollLeft += box.right - view.right;
}

function labelThumb(button, page, chosen) {
  const groups = new Set(page.lines.map((l) => l[4]).filter((g) => g >= 0));
  const removed = page.lines.filter((l) => l[6]).length;
  const without = chosen && !chosen.pages.includes(page.page);
  button.setAttribute("aria-label", `Page ${page.page}: ${page.lines.length} lines` +
    (removed ? `, ${removed} removed` : "") + (groups.size ? `, ${groups.size} repeated` : "") +
    (without ? ", without the chosen line" : ""));
  button.setAttribute("aria-current", String(page.page === state.page));
}

// The bar map at once (a bar per line), then the real page under the same boxes once pdf.js has drawn it.
function drawThumb(button) {
  const number = Number(button.dataset.page);
  const page = state.current.result.layout[number - 1];
  const canvas = button.querySelector("canvas");
  button.dataset.drawn = "1";
  const ctx = canvas.getContext("2d");
  const ratio = window.devicePixelRatio || 1;
  const colours = palette();
  ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
  const scale = Math.min(THUMB / page.width, canvas.height / ratio / page.height);
  const pw = page.width * scale;
  const ph = page.height * scale;
  const picture = state.painted.get(`${state.current.id}:${number}`);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (picture) ctx.drawImage(picture, 0, 0, pw, ph);
  else {
    ctx.fillStyle = colours.paper;
    ctx.fillRect(0.5, 0.5, pw - 1, ph - 1);
  }
  ctx.strokeStyle = colours.edge;
  ctx.lineWidth = 1;
  ctx.strokeRect(0.5, 0.5, pw - 1, ph - 1);
  for (const [x0, top, x1, bottom, group, , removed] of page.lines) {
    const x = Math.max(0, x0 * scale);
    const y = Math.max(0, top * scale);
    const w = Math.max(1, (x1 - x0) * scale);
    const h = Math.max(group < 0 ? 1 : 2, Math.min((bottom - top) * scale, 3));
    if (group < 0 && !removed) {
      if (picture) continue; // the page itself shows its text
      ctx.globalAlpha = state.group === null ? 1 : 0.5;
      ctx.fillStyle = colours.body;
    } else {
      const dim = state.group !== null && state.group !== group;
      ctx.globalAlpha = dim ? 0.25 : removed ? 0.9 : 0.45;
      ctx.fillStyle = group < 0 ? colours.edge : colours.groups[group % COLOURS];
    }
    ctx.fillRect(x, y, w, h);
  }
  ctx.globalAlpha = 1;
}

function paintThumb(button) {
  const entry = state.current;
  const number = Number(button.dataset.page);
  const key = `${entry.id}:${number}`;
  if (state.painted.has(key) || button.dataset.painting) return;
  button.dataset.painting = "1";
  // One at a time, so that the page on show is not kept waiting behind a row of thumbnails.
  state.painting = state.painting.then(async () => {
    if (state.current !== entry) return;
    const canvas = document.createElement("canvas");
    try {
      const scale = await (await drawing()).draw(number, canvas, THUMB * 2);
      if (scale === null || state.current !== entry) return;
      state.painted.set(key, canvas);
      if (button.isConnected) drawThumb(button);
    } catch (error) {
      if (state.current === entry) console.warn(`page ${number} could not be drawn:`, error);
    }
  });
}

function goTo(number, { scroll = false, focusThumb = false } = {}) {
  state.page = number;
  for (const thumb of $("thumbs").children) {
    const on = Number(thumb.dataset.page) === number;
    thumb.setAttribute("aria-current", String(on));
    thumb.tabIndex = on ? 0 : -1;
    if (on && focusThumb) {
      thumb.focus();
      thumb.scrollIntoView({ block: "nearest", inline: "nearest" });
    }
  }
  renderPage();
  if (scroll) $("sheet").scrollIntoView({ block: "nearest" });
}

// One Tab stop for the strip (and for the lines of the page text): arrow keys move inside it.
function roving(container, selector, onMove) {
  container.addEventListener("keydown", (event) => {
    const items = [...container.querySelectorAll(selector)];
    const at = items.indexOf(document.activeElement);
    if (at < 0) return;
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    let next = null;
    if (step) next = Math.max(0, Math.min(items.length - 1, at + step));
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else return;
    event.preventDefault();
    onMove(items[next], next);
  });
}

async function renderPage() {
  const result = state.current.result;
  const page = result.layout[state.page - 1];
  $("page-title").textContent = `Page ${page.page} of ${result.layout.length}`;
  $("text-title").textContent = `Text of page ${page.page}`;
  renderText(page, result);
  const sheet = $("sheet");
  const width = Math.min(sheet.parentElement.clientWidth || 600, 720);
  const height = width * page.height / page.width;
  sheet.style.width = `${width}px`;
  sheet.style.height = `${height}px`;
  placeBoxes(page, result, width / page.width);
  // A change of choices moves boxes only: the page drawn already stays.
  const key = `${state.current.id}:${page.page}:${width}`;
  if (sheet.dataset.key === key && sheet.dataset.drawn === String(page.page)) return;
  sheet.dataset.key = key;
  const ticket = ++state.drawn;
  sheet.dataset.drawn = "";
  try {
    const scale = await (await drawing()).draw(page.page, $("page-canvas"), width);
    if (scale === null || ticket !== state.drawn) return;
    sheet.dataset.drawn = String(page.page);
  } catch (error) {
    if (ticket !== state.drawn) return;
    sheet.dataset.drawn = "failed";
    $("box-info").textContent = `This page could not be drawn (${error?.message ?? error}); its lines are still listed beside it.`;
  }
}

function describe(line, result) {
  const [, , , , group, text, , decision] = line;
  const g = result.groups.find((item) => item.id === group);
  return `"${text}" · ${g ? `group ${g.id}, ${KINDS[g.kind] ?? g.kind}` : "in no group"} · ${sentence(decision)}`;
}

function placeBoxes(page, result, scale) {
  const layer = $("boxes");
  layer.replaceChildren();
  $("box-info").textContent = "";
  page.lines.forEach((line, index) => {
    const [x0, top, x1, bottom, group, , removed, decision] = line;
    const chosenByLine = decision.includes("this line only");
    if (group < 0 && !chosenByLine) return; // body text: no box, the page shows it
    const box = document.createElement("div");
    box.className = `box ${removed ? "removed" : "kept"}${group === state.group && group >= 0 ? ` chosen group-${group % COLOURS}` : ""}`;
    box.dataset.index = index;
    box.style.left = `${x0 * scale - 2}px`;
    box.style.top = `${top * scale - 2}px`;
    box.style.width = `${(x1 - x0) * scale + 4}px`;
    box.style.height = `${(bottom - top) * scale + 4}px`;
    box.title = describe(line, result);
    if (group >= 0) {
      const tag = swatch({ id: group });
      tag.classList.add("tag");
      box.append(tag);
    }
    box.onmouseenter = () => { $("box-info").textContent = box.title; };
    box.onclick = () => flipLine(page.page, index, !removed);
    layer.append(box);
  });
}

function renderText(page, result) {
  const list = $("page-text");
  list.replaceChildren();
  if (!page.lines.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = page.error ?? "This page has no text.";
    list.append(li);
    return;
  }
  page.lines.forEach((line, index) => {
    const [, , , , group, text, removed] = line;
    const li = document.createElement("li");
    const button = document.createElement("button");
    button.type = "button";
    button.className = `line ${removed ? "removed" : "kept"}`;
    button.dataset.index = index;
    button.tabIndex = index === 0 ? 0 : -1;
    button.setAttribute("aria-pressed", String(removed));
    button.title = describe(line, result);
    if (group >= 0) button.append(swatch({ id: group }));
    const words = document.createElement(removed ? "del" : "span");
    words.textContent = text;
    button.append(words);
    button.onclick = async () => {
      await flipLine(page.page, index, !removed);
      $("page-text").querySelector(`[data-index="${index}"]`)?.focus();
    };
    li.append(button);
    list.append(li);
  });
}

async function copyText() {
  try {
    await navigator.clipboard.writeText((await outputs(state.current)).clean);
    $("copy-status").textContent = "Copied.";
  } catch {
    $("copy-status").textContent = "Copying is not allowed here; use the Cleaned text download.";
  }
}

// -- wiring -------------------------------------------------------------------------------------------

// Every file given, and the PDFs inside dropped folders (any depth, like the command line's folders).
async function dropped(transfer) {
  const items = [...(transfer?.items ?? [])].map((item) => item.webkitGetAsEntry?.()).filter(Boolean);
  if (!items.some((item) => item.isDirectory)) return [...(transfer?.files ?? [])];
  const files = [];
  async function walk(item, path) {
    if (item.isFile) {
      const file = await new Promise((resolve, reject) => item.file(resolve, reject));
      const inFolder = path.includes("/");
      if (!inFolder || /\.pdf$/i.test(file.name)) {
        files.push(new File([file], file.name, { type: file.type, lastModified: file.lastModified }));
        Object.defineProperty(files.at(-1), "webkitRelativePath", { value: path });
      }
    } else if (item.isDirectory) {
      const reader = item.createReader();
      for (;;) {
        const batch = await new Promise((resolve, reject) => reader.readEntries(resolve, reject));
        if (!batch.length) break;
        for (const child of batch) await walk(child, `${path}/${child.name}`);
      }
    }
  }
  for (const item of items) await walk(item, item.name);
  return files.sort((a, b) => a.webkitRelativePath.localeCompare(b.webkitRelativePath));
}

function wire() {
  const downloads = document.querySelector(".downloads");
  for (const type of ["pointerover", "focusin", "contextmenu", "click"]) {
    downloads.addEventListener(type, linkDownloads, { capture: true });
  }
  // A copy must happen while the click still counts as the user's (some browsers allow little time):
  // the text is made as the pointer or the focus comes to the button.
  for (const type of ["pointerover", "focusin"]) {
    $("copy").addEventListener(type, () => state.current?.result && outputs(state.current).catch(() => null));
  }
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
    openFiles(await dropped(event.dataTransfer));
  });
  $("file").addEventListener("change", (event) => {
    const files = [...event.target.files];
    event.target.value = ""; // choosing the same file again must fire change again
    if (files.length) openFiles(files);
  });
  $("folder").addEventListener("change", (event) => {
    // Like the command line given a folder: the PDFs in it and its subfolders.
    const files = [...event.target.files].filter((file) => /\.pdf$/i.test(file.name))
      .sort((a, b) => a.webkitRelativePath.localeCompare(b.webkitRelativePath));
    const all = event.target.files.length;
    event.target.value = "";
    if (files.length) openFiles(files);
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
      openFile(new File([blob], "sample.pdf", { type: "application/pdf" }));
    } catch (error) {
      showError({ kind: "unreadable", message: `The sample PDF could not be loaded (${error.message}).` });
    }
  });
  $("cancel").addEventListener("click", cancel);
  $("zip").addEventListener("click", downloadZip);
  $("copy").addEventListener("click", copyText);
  $("reset").addEventListener("click", reset);
  $("keep-shown").addEventListener("click", () => actOnShown(false));
  $("remove-shown").addEventListener("click", () => actOnShown(true));
  for (const [id, field] of [["filter-kind", "kind"], ["filter-decision", "decision"], ["filter-text", "text"]]) {
    $(id).addEventListener("input", () => {
      state.filter[field] = $(id).value;
      renderGroups(state.current.result);
    });
  }
  // Escape leaves the password prompt as "Skip this file" does.
  $("password").addEventListener("keydown", (event) => {
    if (event.key === "Escape") $("password-cancel").click();
  });
  roving($("thumbs"), "button.thumb", (thumb) => goTo(Number(thumb.dataset.page), { focusThumb: true }));
  roving($("page-text"), "button.line", (line) => {
    for (const other of $("page-text").querySelectorAll("button.line")) other.tabIndex = other === line ? 0 : -1;
    line.focus();
  });
  // Colours come from the stylesheet; redraw when the colour scheme changes, and fit the page to the width.
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => state.current && renderThumbs(state.current.result));
  let width = innerWidth;
  addEventListener("resize", () => {
    if (state.current && Math.abs(innerWidth - width) > 40 && document.body.dataset.state === "done") {
      width = innerWidth;
      renderPage();
    }
  });
}

wire();
setState("booting");
window.openFile = openFile; // for tests and the console
window.openFiles = openFiles;
