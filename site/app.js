// The page around the worker: one entry point, openFile(file), for drop, picker and sample; one state
// attribute on <body> drives what is shown. PDF text is untrusted and is only ever set as textContent.

const $ = (id) => document.getElementById(id);
const LARGE = 100 * 1024 * 1024; // above this, ask before reading (memory and minutes)
const KINDS = {
  "page-number": "page number", header: "header", footer: "footer", margin: "margin text",
  watermark: "watermark", "repeated-content": "repeated content",
};
// One sentence and one next step per kind of error.
const ERRORS = {
  "not-a-pdf": ["This is not a PDF", "Choose a PDF file."],
  "not-one-pdf": ["Drop one PDF at a time", "Drop or choose a single PDF file."],
  damaged: ["This PDF is damaged", "Open it in a PDF viewer, save it again, and drop the saved copy here."],
  "no-text": ["This PDF has no text", "It is probably a scan. Reading text from images (OCR) is out of scope: run OCR on it first, then drop the result here."],
  limit: ["This PDF is too large for the page", "Split it into smaller PDFs, or use the command line tool."],
  unreadable: ["The file cannot be opened", "Check that the file is still there and try again."],
  boot: ["The tool could not start", ""],
  bug: ["Something went wrong", "Try another file; if this one keeps failing, please report it."],
};

// The main worker boots at once and owns every result. When it is ready, helper workers boot (after it, so
// that they never slow its boot), up to one worker per core and four in all: a long PDF's pages are shared
// out among the workers that are ready, and the main worker puts them together.
// "?workers=N" in the address sets the number of workers (1 reads with the main worker alone).
const WORKERS = Math.round(Number(new URLSearchParams(location.search).get("workers"))) ||
  Math.min(4, navigator.hardwareConcurrency || 1);
const HELPERS = Math.max(0, Math.min(7, WORKERS - 1));
// Files above this size are read by the main worker alone: each helper would hold another copy.
const SHARE_LIMIT = LARGE;
// A helper joins a file when the main worker has this many seconds of pages left (at its pace so far), or
// this many pages before the main worker has finished its first run.
const JOIN_SECONDS = 1;
const JOIN_PAGES = 12;

let main = null; // {worker, ready}
let helpers = []; // the same, for helpers
let workerReady = false; // the main worker
let nextId = 1;
let jobs = 0;
let pending = new Map(); // id → {resolve, reject, entry}
let job = null; // {file, id, run}
let result = null; // what Python returned for the current file
let selectedGroup = null;
let selectedPage = 1;
let urls = [];

function setState(state) {
  document.body.dataset.state = state;
  for (const id of ["open", "working", "confirm", "password", "error", "result"]) {
    const shown = {
      open: ["booting", "ready", "error", "done"],
      working: ["working"],
      confirm: ["confirm"],
      password: ["password"],
      error: ["error"],
      result: ["done"],
    }[id].includes(state);
    $(id).hidden = !shown;
  }
}

// -- the workers --------------------------------------------------------------------------------------

function spawn(onReady) {
  const entry = { worker: new Worker(new URL("./worker.js", import.meta.url), { type: "module" }), ready: false };
  entry.worker.onmessage = (event) => onWorkerMessage(entry, event.data, onReady);
  entry.worker.onerror = (event) => {
    event.preventDefault();
    lost(entry, { kind: "boot", message: "The PDF reader stopped unexpectedly. Reload the page.", detail: event.message ?? "" });
  };
  return entry;
}

function startWorkers() {
  workerReady = false;
  for (const helper of helpers) helper.worker.terminate();
  helpers = [];
  countHelpers();
  main = spawn(() => {
    workerReady = true;
    if (document.body.dataset.state === "booting") setState("ready");
    registerServiceWorker();
    for (let i = 0; i < HELPERS; i++) startHelper();
  });
}

function startHelper() {
  const helper = spawn(() => {
    countHelpers();
    job?.run?.join(helper);
  });
  helpers.push(helper);
}

function countHelpers() {
  document.body.dataset.helpers = String(helpers.filter((helper) => helper.ready).length);
}

function onWorkerMessage(entry, message, onReady) {
  if (message.type === "boot") {
    if (entry !== main) return;
    $("boot-progress").value = message.done;
    $("boot-status").textContent = message.message;
  } else if (message.type === "ready") {
    entry.ready = true;
    if (entry === main) {
      $("boot").hidden = true;
      $("versions").textContent = `pagefurniture ${message.versions.pagefurniture} · pdfminer.six ${message.versions["pdfminer.six"]} · Python ${message.versions.python} in your browser`;
    }
    onReady();
  } else if (message.type === "result" || message.type === "error") {
    if (message.id === null) {
      lost(entry, message.error);
      return;
    }
    const waiter = pending.get(message.id);
    if (!waiter) return; // an answer for a request that was cancelled
    pending.delete(message.id);
    if (message.type === "result") waiter.resolve(message.result);
    else waiter.reject(message.error);
  }
}

// A worker that failed to boot or stopped: a helper is simply dropped (the main worker reads the pages it
// was reading when it finishes); the main worker takes everything waiting on it down with it.
function lost(entry, error) {
  entry.worker.terminate();
  if (entry !== main) {
    helpers = helpers.filter((helper) => helper !== entry);
    countHelpers();
    for (const [id, waiter] of pending) {
      if (waiter.entry !== entry) continue;
      pending.delete(id);
      waiter.reject({ kind: "helper-lost" });
    }
    return;
  }
  $("boot-status").textContent = error.message;
  for (const waiter of pending.values()) waiter.reject(error);
  pending.clear();
  if (["booting", "working"].includes(document.body.dataset.state)) showError(error);
}

// Resolves with the JSON text Python answered.
function ask(entry, message, transfer = []) {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject, entry });
    entry.worker.postMessage({ ...message, id }, transfer);
  });
}

async function call(entry, message, transfer = []) {
  return JSON.parse(await ask(entry, message, transfer));
}

// Reads every page of the file the main worker has open, sharing runs of pages out to the helpers, and
// resolves with the main worker's finished answer. Throws the first error a worker answers with. Pages
// that no worker has read when the main worker runs out of work (a helper stopped) are read by "finish".
function readPages(total, bytes, password) {
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

  async function read(entry, range) {
    const share = entry !== main;
    let text;
    try {
      text = await ask(entry, { type: "read", first: range[0], last: range[1], share });
    } catch (error) {
      if (error.kind !== "helper-lost") failed ??= error;
      return false;
    }
    const answer = JSON.parse(text);
    if (!answer.ok) {
      failed ??= answer.error;
      return false;
    }
    if (share) shared.push(text);
    else pace.pages += range[1] - range[0] + 1;
    readers.add(entry);
    done += range[1] - range[0] + 1;
    showProgress(done, total);
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
    const opened = await call(helper, { type: "open", name: "", bytes: own, password }, [own]).catch(() => null);
    if (opened?.ok) await drive(helper);
    helper.worker.postMessage({ type: "close" }); // its copy of the file is not needed any more
  }

  return {
    run: { join },
    finished: (async () => {
      for (const helper of helpers) if (helper.ready) join(helper);
      await drive(main);
      open = false;
      while (reading.size) await Promise.all(reading);
      if (failed) throw failed;
      const answer = await call(main, { type: "finish", shared });
      return { ...answer, readers: readers.size };
    })(),
  };
}

function registerServiceWorker() {
  // After the boot, so the cache fills from what the browser already holds instead of competing with it.
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").catch((error) => console.warn("offline use unavailable:", error));
  }
}

// -- opening a file -----------------------------------------------------------------------------------

export async function openFile(file) {
  if (!file) return;
  if (job) cancel(); // a new file replaces the one being read
  if (file.size > LARGE) {
    const mb = Math.round(file.size / (1024 * 1024));
    $("confirm-message").textContent = `"${file.name}" is ${mb} MB. Reading it in the browser can take many minutes and a lot of memory; your computer may slow down meanwhile.`;
    setState("confirm");
    $("confirm-go").onclick = () => start(file, null);
    $("confirm-go").focus();
    return;
  }
  start(file, null);
}

async function start(file, password) {
  setState("working");
  $("work-status").textContent = workerReady ? `Opening ${file.name}…` : `Opening ${file.name} as soon as the reader has started…`;
  $("work-progress").removeAttribute("value");
  let bytes;
  try {
    bytes = await file.arrayBuffer();
  } catch (error) {
    showError({ kind: "unreadable", message: `"${file.name}" could not be read from your disk (${error.message}).` });
    return;
  }
  const id = ++jobs;
  job = { file, id };
  const started = performance.now();
  const copy = HELPERS && file.size <= SHARE_LIMIT ? bytes.slice(0) : null; // for helpers; the original is transferred
  let answer;
  try {
    answer = await call(main, { type: "open", name: file.name, bytes, password }, [bytes]);
    if (answer.ok && job?.id === id) {
      showProgress(0, answer.pages);
      const reading = readPages(answer.pages, copy, password);
      job.run = reading.run;
      answer = await reading.finished;
    }
  } catch (error) {
    if (job?.id === id) {
      job = null;
      showError(error);
    }
    return;
  }
  if (job?.id !== id) return; // cancelled meanwhile
  job = null;
  if (!answer.ok) {
    const kind = answer.error.kind;
    if (kind === "password-required" || kind === "wrong-password") return askPassword(file, kind);
    showError(answer.error);
    return;
  }
  result = answer;
  result.seconds = (performance.now() - started) / 1000;
  choices = new Map();
  selectedGroup = null;
  selectedPage = 1;
  showResult();
}

function showProgress(done, total) {
  const bar = $("work-progress");
  bar.max = total;
  bar.value = done;
  $("work-status").textContent = done < total ? `Reading page ${done} of ${total}` : `Read ${total} pages; finding repeated lines…`;
}

function cancel() {
  // Python cannot be interrupted from outside, so the workers are ended at once and fresh ones started.
  job = null;
  main.worker.terminate();
  for (const waiter of pending.values()) waiter.reject({ kind: "cancelled", message: "Stopped." });
  pending.clear();
  startWorkers();
  $("boot").hidden = false;
  $("boot-progress").value = 0;
  $("boot-status").textContent = "Stopped. Restarting the PDF reader…";
  setState("booting");
}

function askPassword(file, kind) {
  setState("password");
  $("password-message").textContent = kind === "wrong-password"
    ? "That password does not open this PDF. Check it and try again."
    : `"${file.name}" is protected by a password. Enter it to open the file; the password stays in this page.`;
  $("password-input").value = "";
  $("password-form").onsubmit = (event) => {
    event.preventDefault();
    start(file, $("password-input").value);
  };
  $("password-input").focus();
}

function showError(error) {
  const [title, next] = ERRORS[error.kind] ?? ERRORS.bug;
  $("error-title").textContent = title;
  $("error-message").textContent = sentence(error.message);
  $("error-next").textContent = next;
  $("error-detail").textContent = error.detail ?? "";
  $("error-details").hidden = !error.detail;
  setState("error");
}

function sentence(text) {
  text = String(text ?? "").trim();
  if (!text) return "";
  text = text[0].toUpperCase() + text.slice(1);
  return /[.!?]$/.test(text) ? text : text + ".";
}

// -- the result -----------------------------------------------------------------------------------------

function showResult() {
  $("result-title").textContent = result.name;
  renderSummary();
  renderDownloads();
  renderGroups();
  renderMaps();
  renderPage();
  setState("done");
  $("result-title").tabIndex = -1;
  $("result-title").focus();
}

function renderSummary() {
  const s = result.summary;
  const rows = [
    ["Pages", String(s.pages)],
    ["Lines removed", `${s.lines_removed} of ${s.lines}`],
    ["Text removed", `${(s.share_removed * 100).toFixed(1)} %`],
    ["Pages without text", s.pages_without_text.length ? ranges(s.pages_without_text) : "none"],
    ["Time", `${result.seconds.toFixed(1)} s` + (result.readers > 1 ? `, reading on ${result.readers} cores` : "")],
  ];
  if (s.pages_unreadable.length) rows.push(["Pages not fully read", ranges(s.pages_unreadable.map((p) => p.page))]);
  const dl = $("summary");
  dl.replaceChildren();
  for (const [term, value] of rows) {
    const div = document.createElement("div");
    const dt = document.createElement("dt");
    const dd = document.createElement("dd");
    dt.textContent = term;
    dd.textContent = value;
    div.append(dt, dd);
    dl.append(div);
  }
}

function ranges(pages) {
  const out = [];
  let start = null;
  let prev = null;
  for (const p of [...pages].sort((a, b) => a - b)) {
    if (prev !== null && p === prev + 1) { prev = p; continue; }
    if (start !== null) out.push(start === prev ? `${start}` : `${start}-${prev}`);
    start = prev = p;
  }
  if (start !== null) out.push(start === prev ? `${start}` : `${start}-${prev}`);
  return out.join(", ");
}

function renderDownloads() {
  for (const url of urls) URL.revokeObjectURL(url);
  urls = [];
  // The files, their names and types come from Python (pagefurniture.report.OUTPUTS), the same as the
  // command line writes; each has a link "dl-NAME" in the page.
  for (const [name, file] of Object.entries(result.files)) {
    const url = URL.createObjectURL(new Blob([file.text], { type: file.media_type }));
    urls.push(url);
    const link = $(`dl-${name}`);
    link.href = url;
    link.download = file.file_name;
    link.title = file.file_name;
  }
}

function renderGroups() {
  const body = $("groups").tBodies[0];
  body.replaceChildren();
  $("groups-empty").hidden = result.groups.length > 0;
  $("groups").hidden = result.groups.length === 0;
  for (const group of result.groups) {
    const row = document.createElement("tr");
    row.dataset.group = group.id;
    row.className = `swatch-${group.id % 8}${group.remove ? " removed" : " kept"}${selectedGroup === group.id ? " selected" : ""}`;

    const text = document.createElement("td");
    const show = document.createElement("button");
    show.type = "button";
    show.className = "group-text";
    show.setAttribute("aria-pressed", String(selectedGroup === group.id));
    show.title = "Show on the page maps";
    const swatch = document.createElement("span");
    swatch.className = "swatch";
    swatch.setAttribute("aria-hidden", "true");
    const q = document.createElement("span");
    q.className = "printed";
    q.textContent = group.text;
    show.append(swatch, q);
    show.onclick = () => selectGroup(selectedGroup === group.id ? null : group.id);
    text.append(show);

    const kind = cell(KINDS[group.kind] ?? group.kind);
    const position = cell(group.position);
    const pages = cell("");
    const list = document.createElement("span");
    list.className = "pages";
    list.textContent = group.page_ranges;
    const on = document.createElement("span");
    on.className = "on";
    on.textContent = group.on;
    pages.append(list, on);
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
    box.onchange = () => flip(group.id, box.checked);
    const word = document.createElement("span");
    word.textContent = group.remove ? "removed" : "kept";
    label.append(box, word);
    toggle.append(label);

    // Labels for the narrow layout, where each row becomes a card without the table's header.
    kind.dataset.label = "Kind";
    position.dataset.label = "Position";
    pages.dataset.label = "Pages";
    decision.dataset.label = "Decision";
    row.append(text, kind, position, pages, decision, toggle);
    body.append(row);
  }
}

function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

let choices = new Map(); // group id → remove?
async function flip(groupId, remove) {
  choices.set(groupId, remove);
  const keep = [];
  const drop = [];
  for (const [id, value] of choices) (value ? drop : keep).push(id);
  const answer = await call(main, { type: "choose", keep, remove: drop });
  if (!answer.ok) return showError(answer.error);
  Object.assign(result, answer);
  renderSummary();
  renderDownloads();
  renderGroups();
  renderMaps();
  renderPage();
  document.querySelector(`tr[data-group="${groupId}"] input[role=switch]`)?.focus();
}

function removedGroups() {
  return new Set(result.groups.filter((g) => g.remove).map((g) => g.id));
}

function selectGroup(id) {
  selectedGroup = id;
  for (const row of $("groups").tBodies[0].rows) {
    const on = Number(row.dataset.group) === id;
    row.classList.toggle("selected", on);
    row.querySelector(".group-text").setAttribute("aria-pressed", String(on));
  }
  renderMaps();
}

function renderMaps() {
  const maps = $("maps");
  maps.replaceChildren();
  const removed = removedGroups();
  const style = getComputedStyle(document.body);
  const colour = (name) => style.getPropertyValue(name).trim();
  const palette = Array.from({ length: 8 }, (_, i) => colour(`--group-${i}`));
  const body = colour("--map-line");
  const paper = colour("--map-paper");
  const edge = colour("--map-edge");
  const tallest = Math.max(...result.layout.map((p) => p.height / p.width), 1);
  const chosen = result.groups.find((g) => g.id === selectedGroup);
  const groupPages = chosen ? new Set(chosen.pages) : null;
  for (const page of result.layout) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "map";
    button.dataset.page = page.page;
    const inGroups = [...new Set(page.lines.map((l) => l[4]).filter((g) => g >= 0))];
    const missing = groupPages && !groupPages.has(page.page);
    button.setAttribute("aria-label", `Page ${page.page}: ${page.lines.length} lines` +
      (inGroups.length ? `, ${inGroups.length} repeated` : "") + (missing ? ", without the chosen line" : ""));
    button.setAttribute("aria-pressed", String(page.page === selectedPage));
    if (missing) button.classList.add("missing");
    const canvas = document.createElement("canvas");
    const w = 60;
    const h = Math.round(60 * tallest);
    const ratio = window.devicePixelRatio || 1;
    canvas.width = w * ratio;
    canvas.height = h * ratio;
    canvas.style.width = `${w}px`;
    canvas.style.height = `${h}px`;
    const ctx = canvas.getContext("2d");
    ctx.scale(ratio, ratio);
    const scale = Math.min(w / page.width, h / page.height);
    const pw = page.width * scale;
    const ph = page.height * scale;
    ctx.fillStyle = paper;
    ctx.fillRect(0.5, 0.5, pw - 1, ph - 1);
    ctx.strokeStyle = edge;
    ctx.lineWidth = 1;
    ctx.strokeRect(0.5, 0.5, pw - 1, ph - 1);
    for (const [x0, top, x1, bottom, group] of page.lines) {
      const x = Math.max(0, x0 * scale);
      const y = Math.max(0, top * scale);
      const lw = Math.max(1, (x1 - x0) * scale);
      const lh = Math.max(1, Math.min((bottom - top) * scale, 3));
      if (group < 0) {
        ctx.globalAlpha = selectedGroup === null ? 1 : 0.5;
        ctx.fillStyle = body;
      } else {
        const dim = selectedGroup !== null && selectedGroup !== group;
        ctx.globalAlpha = dim ? 0.25 : removed.has(group) ? 1 : 0.45;
        ctx.fillStyle = palette[group % 8];
      }
      ctx.fillRect(x, y, lw, Math.max(lh, group < 0 ? 1 : 2));
    }
    ctx.globalAlpha = 1;
    const number = document.createElement("span");
    number.textContent = page.page;
    number.setAttribute("aria-hidden", "true");
    button.append(canvas, number);
    button.onclick = () => {
      selectedPage = page.page;
      for (const b of maps.children) b.setAttribute("aria-pressed", String(b === button));
      renderPage();
    };
    maps.append(button);
  }
}

function renderPage() {
  const page = result.layout[selectedPage - 1];
  const removed = removedGroups();
  $("page-title").textContent = `Page ${page.page} of ${result.layout.length}`;
  const list = $("page-text");
  list.replaceChildren();
  if (!page.lines.length) {
    const li = document.createElement("li");
    li.className = "empty";
    li.textContent = page.error ?? "This page has no text.";
    list.append(li);
    return;
  }
  for (const [, , , , group, text] of page.lines) {
    const li = document.createElement("li");
    if (group >= 0 && removed.has(group)) {
      const del = document.createElement("del");
      del.textContent = text;
      li.append(del);
      li.className = `swatch-${group % 8} removed`;
    } else {
      li.textContent = text;
      if (group >= 0) li.className = `swatch-${group % 8} kept`;
    }
    list.append(li);
  }
}

async function copyText() {
  try {
    await navigator.clipboard.writeText(result.files.clean.text);
    $("copy-status").textContent = "Copied.";
  } catch {
    $("copy-status").textContent = "Copying is not allowed here; use the Cleaned text download.";
  }
}

// -- wiring -------------------------------------------------------------------------------------------

function filesFrom(list) {
  const files = [...(list ?? [])];
  if (files.length !== 1) {
    showError({ kind: "not-one-pdf", message: files.length ? `You dropped ${files.length} files.` : "Nothing was dropped that is a file." });
    return null;
  }
  return files[0];
}

function wire() {
  const drop = $("drop");
  drop.addEventListener("dragover", (event) => {
    event.preventDefault();
    drop.classList.add("dragover");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("dragover"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("dragover");
    const file = filesFrom(event.dataTransfer?.files);
    if (file) openFile(file);
  });
  // A file dropped anywhere else must not make the browser navigate away from the page.
  window.addEventListener("dragover", (event) => event.preventDefault());
  window.addEventListener("drop", (event) => {
    event.preventDefault();
    const file = filesFrom(event.dataTransfer?.files);
    if (file) openFile(file);
  });
  $("file").addEventListener("change", (event) => {
    const file = event.target.files[0];
    event.target.value = ""; // choosing the same file again must fire change again
    if (file) openFile(file);
  });
  $("sample").addEventListener("click", async () => {
    setState("working");
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
  $("confirm-stop").addEventListener("click", () => setState(workerReady ? "ready" : "booting"));
  $("password-cancel").addEventListener("click", () => setState(workerReady ? "ready" : "booting"));
  $("copy").addEventListener("click", copyText);
  // Maps use colours from the stylesheet; redraw them when the colour scheme changes.
  matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => result && renderMaps());
}

wire();
setState("booting");
startWorkers();
window.openFile = openFile; // for tests and the console
