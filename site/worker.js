// @ts-check
// The module worker that runs the pagefurniture package in Pyodide. It boots as soon as it loads, in
// named steps that are each posted to the page; every request waits for the boot, and a failed boot answers
// every later request with the same error instead of leaving it hanging.
//
// The page runs one main worker and maybe helpers (see bridge.js); all run this file and answer the same
// requests, which map one to one onto pagefurniture.web's functions (HANDLERS below; web.HANDLERS has the
// same types):
//
// page → worker   {type: "open", id, name, bytes, password}   (bytes: a transferred ArrayBuffer)
//                 {type: "read", id, first, last, share}      (pages first..last, 1-based)
//                 {type: "finish", id, shared, key}           (shared: helpers' answers to "read")
//                 {type: "choose", id, key, keep, remove, keep_lines, remove_lines, since}   (since: the choices on show)
//                 {type: "outputs", id, key, keep, remove, keep_lines, remove_lines}   (the output files' text)
//                 {type: "clean", id, key, bytes, password, keep, remove, keep_lines, remove_lines}
//                                                             (the cleaned PDF; bytes: the file again, transferred)
//                 {type: "zip", id, files, clean_pdfs}        (files: [{file, path, texts, status, ..., pdf}], see web.zip_outputs)
//                 {type: "forget", key}                       (drop a file's Report; no answer)
//                 {type: "close"}                             (forget the open file; no answer)
// worker → page   {type: "boot", done, total, message}        (each step of the boot; while files come, bytes
//                                                              of bytes, total 0 when not known)
//                 {type: "ready", versions}
//                 {type: "result", id, result}                (Python's answer, parsed; a helper's "read": its
//                                                              JSON text, for "finish"; "clean", "zip": bytes)
//                 {type: "error", id, error: {kind, message, detail}}   (id null when the boot failed)
//
// Python answers {"ok": false, "error": ...} for bad input; that becomes an "error" message here, the same
// as a failure in JavaScript, so that the page has one way to receive errors.

/** @param {string} path */
const here = (path) => new URL(path, import.meta.url).href;

// What the boot downloads, counted as it arrives: on a slow line the first visit takes many seconds, and
// the page shows what is downloading and how much of it has come. Every fetch made until the boot ends
// (Python, its library, the lock file, our wheels) goes through here; its body is handed on unchanged.
/** @typedef {{name: string, loaded: number, total: number | null, done: boolean}} Download */
/** @type {Download[]} */
const downloads = [];
const SHOW_EVERY = 100; // ms between two posts of the same download's progress
let shown = 0; // when the progress was last posted
let booting = true;
let step = { done: 0, total: 3, message: "" }; // the boot's current step
const plainFetch = globalThis.fetch;
/** @type {typeof fetch} */
globalThis.fetch = async (input, init) => {
  const response = await plainFetch(input, init);
  if (!booting || !response.body) return response;
  const url = new URL(response.url || (input instanceof Request ? input.url : String(input)));
  // A compressed response's Content-Length counts other bytes than its body's: its size is not known.
  const size = Number(response.headers.get("content-length"));
  /** @type {Download} */
  const file = { name: url.pathname.split("/").pop() ?? "", loaded: 0, done: false,
    total: response.headers.has("content-encoding") || !size ? null : size };
  downloads.push(file);
  const counted = response.body.pipeThrough(new TransformStream({
    transform(chunk, controller) {
      file.loaded += chunk.byteLength;
      if (performance.now() - shown >= SHOW_EVERY) postStep();
      controller.enqueue(chunk);
    },
    flush() {
      file.done = true;
      postStep();
    },
  }));
  return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
};

/** @param {number} bytes */
const megabytes = (bytes) => (bytes / 1e6).toFixed(1);

// The boot's step, and while files are coming, which ones and how many bytes of how many: the bar counts
// bytes then (no total when a compressed file's size is not known), steps otherwise.
function postStep() {
  shown = performance.now();
  const coming = downloads.filter((file) => !file.done);
  if (!coming.length) return postMessage({ type: "boot", ...step });
  const loaded = downloads.reduce((sum, file) => sum + file.loaded, 0);
  const known = downloads.every((file) => file.total !== null);
  const total = known ? downloads.reduce((sum, file) => sum + (file.total ?? 0), 0) : 0;
  const amount = known ? `${megabytes(loaded)} of ${megabytes(total)} MB` : `${megabytes(loaded)} MB so far`;
  const names = coming.map((file) => file.name).join(", ");
  const message = [step.message, `Downloading ${names}: ${amount}.`].filter(Boolean).join(" ");
  postMessage({ type: "boot", done: loaded, total, message });
}

// Imported, not loaded with the module: a static import would hold back every fetch below until both
// modules had arrived, and the boot waits on those fetches.
const pyodideModule = import("./pyodide/pyodide.mjs");
const aesModule = import("./vendor/aes.mjs");
const contentModule = import("./kernel/index.mjs");

/**
 * @param {number} done
 * @param {number} total
 * @param {string} message
 */
function bootStep(done, total, message) {
  step = { done, total, message };
  postStep();
}

/**
 * @param {any} error  whatever was thrown
 * @param {string} [fallbackKind]
 */
function failure(error, fallbackKind = "boot") {
  return {
    kind: error?.kind ?? fallbackKind,
    message: error?.message ?? String(error),
    detail: error?.stack ?? "",
  };
}

// Our wheels, listed in our own lock file, are fetched while Python starts. The browser checks each one
// against the sha256 written there (a fetch with an integrity value fails on any other bytes); then they
// are unpacked into site-packages. That is what pyodide.loadPackage does, without starting its package
// manager, which took longer than unpacking four small wheels.
const lockFile = fetch(here("./pyodide/pyodide-lock.json")).then((response) => {
  if (!response.ok) throw new Error(`pyodide-lock.json: HTTP ${response.status}`);
  return response.json();
});
const wheels = lockFile.then((lock) => Promise.allSettled(Object.values(lock.packages).map(fetchWheel)));
// The character maps the site has, from the build's manifest: one of them that cannot be fetched later
// (offline, not stored yet) is an error that says so. Without the manifest, only a failed fetch is.
const cmaps = fetch(here("./manifest.json"))
  .then((response) => (response.ok ? response.json() : null))
  .then((manifest) => manifest && Object.keys(manifest.files).filter((path) => path.startsWith("cmap/"))
    .map((path) => path.slice("cmap/".length).replace(/\.json\.gz$/, "")))
  .catch(() => null);

/** @param {{name: string, file_name: string, sha256: string}} wheel  as the lock file lists it */
async function fetchWheel({ name, file_name, sha256 }) {
  const integrity = "sha256-" + btoa(String.fromCharCode(.../** @type {string[]} */ (sha256.match(/../g)).map((hex) => parseInt(hex, 16))));
  try {
    const response = await fetch(here(`./pyodide/${file_name}`), { integrity });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  } catch (error) {
    throw new Error(`${name} (${file_name}): ${/** @type {Error} */ (error).message}`);
  }
}

async function boot() {
  bootStep(0, 3, "Starting Python…");
  const { loadPyodide } = await pyodideModule;
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/"), lockFileContents: lockFile });
  bootStep(1, 3, "Loading the PDF reader…");
  const fetched = await wheels;
  const problems = fetched.filter((wheel) => wheel.status === "rejected").map((wheel) => wheel.reason.message);
  if (problems.length || !fetched.length) {
    throw new Error(`the Python packages could not be loaded: ${problems.join("; ") || "the lock file lists none"}`);
  }
  const site = pyodide.runPython("import sys; next(p for p in sys.path if p.endswith('site-packages'))");
  for (const wheel of fetched) pyodide.unpackArchive(/** @type {PromiseFulfilledResult<Uint8Array>} */ (wheel).value, "wheel", { extractDir: site });
  bootStep(2, 3, "Preparing…");
  const web = pyodide.pyimport("pagefurniture.web");
  const { default: aesjs } = await aesModule;
  const answer = JSON.parse(web.install.callKwargs({
    cmap_url: here("./cmap/"), aes: aesjs, cmaps: await cmaps, reader: await contentModule,
  }));
  bootStep(3, 3, "Ready");
  return { pyodide, web, versions: answer.versions };
}

// A failed boot becomes one plain error that every later request gets too.
const booted = boot().catch((error) => {
  throw {
    kind: "boot",
    message: "The tool could not start in this browser. Reload the page; if that does not help, " +
      "try a current version of Chrome, Firefox or Safari.",
    detail: String(error?.stack ?? error),
  };
});
booted.finally(() => { booting = false; }).then(
  ({ versions }) => postMessage({ type: "ready", versions }),
  (error) => postMessage({ type: "error", id: null, error }),
);

// Each request's call into pagefurniture.web, by the request's type: the same types, and the same functions,
// as web.HANDLERS (a test checks the two tables against each other). A choice without `since` passes it as
// undefined, which Python gets as None (null would be a JsNull).
/** @type {Record<string, (web: any, message: any) => any>} */
const HANDLERS = {
  open: (web, m) => web.open_pdf(new Uint8Array(m.bytes), m.name, m.password ?? null),
  read: (web, m) => web.read_pages(m.first, m.last, m.share),
  finish: (web, m) => web.finish(m.shared, m.key),
  choose: (web, m) => web.choose(m.key, m.keep, m.remove, m.keep_lines, m.remove_lines, m.since ?? undefined),
  outputs: (web, m) => web.outputs(m.key, m.keep, m.remove, m.keep_lines, m.remove_lines),
  clean: (web, m) => web.cleaned_pdf(m.key, new Uint8Array(m.bytes), m.password ?? null, m.keep, m.remove, m.keep_lines, m.remove_lines),
  zip: (web, m) => web.zip_outputs(withoutNull(m.files), Boolean(m.clean_pdfs)), // a Uint8Array back
  forget: (web, m) => web.forget(m.key),
  close: (web, m) => web.close(),
};

// Data for Python with each null made undefined: Pyodide makes null a JsNull, which is not None, and
// undefined None. The cleaned PDFs in a ZIP's files stay bytes (JSON would make them lists of numbers).
/**
 * @param {any} value
 * @returns {any}
 */
function withoutNull(value) {
  if (value === null) return undefined;
  if (Array.isArray(value)) return value.map(withoutNull);
  if (value?.constructor !== Object) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, /** @type {any} */ (withoutNull(item))]));
}

/** @param {any} message  a request (see the top of this file) */
async function handle(message) {
  const { web } = await booted;
  if (!Object.hasOwn(HANDLERS, message.type)) throw new Error(`unknown request ${message.type}`);
  return HANDLERS[message.type](web, message);
}

onmessage = async (event) => {
  const message = event.data;
  try {
    const answer = await handle(message);
    if (message.id === undefined) return;
    if (answer instanceof Uint8Array) {
      postMessage({ type: "result", id: message.id, result: answer }, [answer.buffer]);
      return;
    }
    const result = JSON.parse(answer);
    if (!result.ok) postMessage({ type: "error", id: message.id, error: result.error });
    // A helper's pages go on to the main worker's "finish" as the text Python wrote: a trip through
    // JavaScript numbers would turn 72.0 into 72, and the report would differ from the command line's.
    else if (message.type === "read" && message.share) postMessage({ type: "result", id: message.id, result: answer });
    else postMessage({ type: "result", id: message.id, result });
  } catch (error) {
    if (message.id !== undefined) postMessage({ type: "error", id: message.id, error: failure(error, "bug") });
  }
};
