// @ts-check
// The page's entry point: it starts the workers (through the bridge, bridge.js), makes the parts of the
// page and wires them. Each part keeps its own state and is handed what it needs: the files and their
// queue (files.js), the file on show (review.js) with its pages (drawing.js) and downloads (downloads.js).
// Every way of giving files ends in one entry point, Files.openFiles; one state attribute on <body>
// drives which panel is shown (ui.js).

import { Pool } from "../bridge.js";
import { showError } from "./errors.js";
import { Files } from "./files.js";
import { registerServiceWorker } from "./offline.js";
import { $, setState } from "./ui.js";

// "?workers=N" in the address sets the number of workers (1 reads with the main worker alone).
const WORKERS = Math.round(Number(new URLSearchParams(location.search).get("workers"))) ||
  Math.min(4, navigator.hardwareConcurrency || 1);

const pool = new Pool({
  workers: WORKERS,
  on: {
    boot(done, total, message) {
      const bar = $("boot-progress");
      if (total && done) {
        bar.max = total;
        bar.value = done;
      } else {
        bar.removeAttribute("value"); // nothing done yet, or a size not known: the bar moves, never empty
      }
      $("boot-status").textContent = message;
    },
    ready(versions) {
      files.ready = true;
      $("boot").hidden = true;
      $("versions").textContent = `pagefurniture ${versions.pagefurniture} · pdfminer.six ${versions["pdfminer.six"]} · Python ${versions.python} in your browser`;
      if (document.body.dataset.state === "booting") setState("ready");
      registerServiceWorker(() => files.reading !== null);
    },
    helpers(count) {
      document.body.dataset.helpers = String(count);
    },
    lost(error) {
      $("boot-status").textContent = error.message ?? "";
      if (!files.reading && ["booting", "working"].includes(document.body.dataset.state ?? "")) showError(error);
    },
  },
});

// Over plain HTTP from another computer the browser gives the page no service worker and no digest to
// key stored choices by: the page says so instead of promising them.
if (!window.isSecureContext) {
  document.body.classList.add("insecure");
  $("insecure").hidden = false;
}

const files = new Files(pool);
files.wire();
files.review.wire();
files.review.pages.wire();
files.review.downloads.wire();
setState("booting");
// For tests and the console.
window.openFile = (file) => files.openFiles([file]);
window.openFiles = (given) => files.openFiles(given);
