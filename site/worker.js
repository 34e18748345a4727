// The module worker that runs the pagefurniture package in Pyodide. It boots as soon as it loads, in
// named stages that each post progress; every request waits for the boot, and a failed boot answers
// every later request with the same error instead of leaving it hanging.
//
// page → worker   {type: "run", id, name, bytes, password}   (bytes: a transferred ArrayBuffer)
//                 {type: "choose", id, keep, remove}
// worker → page   {type: "progress", stage, done, total, message}
//                 {type: "ready", versions}
//                 {type: "result", id, result}                (result: JSON text made by Python)
//                 {type: "error", id, error: {kind, message, detail}}   (id null when the boot failed)

import { loadPyodide } from "./pyodide/pyodide.mjs";
import aesjs from "./vendor/aes.mjs";

const here = (path) => new URL(path, import.meta.url).href;

function progress(stage, done, total, message) {
  postMessage({ type: "progress", stage, done, total, message });
}

function failure(error, fallbackKind = "boot") {
  return {
    kind: error?.kind ?? fallbackKind,
    message: error?.message ?? String(error),
    detail: error?.stack ?? "",
  };
}

async function boot() {
  progress("boot", 0, 3, "Starting Python…");
  const pyodide = await loadPyodide({ indexURL: here("./pyodide/") });
  progress("boot", 1, 3, "Loading the PDF reader…");
  // Only wheels listed in our own lock file, checked by Pyodide against the sha256 written there.
  // loadPackage reports a failed wheel (a wrong hash, a missing file) to errorCallback and carries on,
  // so the failures are collected and make the boot fail here, with the reason.
  const problems = [];
  const loaded = await pyodide.loadPackage(["pagefurniture"], {
    messageCallback: () => {},
    errorCallback: (message) => problems.push(message),
  });
  const names = new Set((loaded ?? []).map((p) => p.name));
  if (problems.length || !["pagefurniture", "pdfminer.six", "charset-normalizer", "cryptography"].every((n) => names.has(n))) {
    throw new Error(`the Python packages could not be loaded: ${problems.join("; ") || [...names].join(", ")}`);
  }
  progress("boot", 2, 3, "Preparing…");
  const web = pyodide.pyimport("pagefurniture.web");
  const answer = JSON.parse(web.install(here("./cmap/"), aesjs));
  progress("boot", 3, 3, "Ready");
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
booted.then(
  ({ versions }) => postMessage({ type: "ready", versions }),
  (error) => postMessage({ type: "error", id: null, error }),
);

async function handle(message) {
  const { web } = await booted;
  if (message.type === "run") {
    const bytes = new Uint8Array(message.bytes);
    const onProgress = (done, total) => {
      progress("extract", done, total, `Reading page ${done} of ${total}`);
    };
    return web.run.callKwargs(bytes, message.name, { password: message.password ?? null, progress: onProgress });
  }
  if (message.type === "choose") {
    return web.choose(message.keep, message.remove);
  }
  throw new Error(`unknown request ${message.type}`);
}

onmessage = async (event) => {
  const message = event.data;
  try {
    const result = await handle(message);
    postMessage({ type: "result", id: message.id, result });
  } catch (error) {
    postMessage({ type: "error", id: message.id, error: failure(error, "bug") });
  }
};
