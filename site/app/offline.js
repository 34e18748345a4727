// @ts-check
// Offline use: the service worker (sw.js) keeps the site, and stores the character maps for later.
//
// Chinese, Japanese and Korean PDFs need character maps: pdfminer's to read them (149 files, 7.9 MB as
// served) and pdf.js's to draw them (168 files, 1.7 MB), which the site serves apart and fetches when a PDF
// needs one. So that such PDFs also open and are drawn offline, the service worker downloads them all in
// the background once the page is ready and idle; it says how far it got ("maps" messages), shown in the
// footer and as <body data-maps="storing|stored|failed">.

import { $ } from "./ui.js";

const MAPS_IDLE_MS = 2000; // nothing read for this long counts as idle

/**
 * After the boot, so the cache fills from what the browser already holds instead of competing with it.
 * @param {() => boolean} reading  whether a file is being read now
 */
export function registerServiceWorker(reading) {
  if ("serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register("sw.js").then(() => storeMapsWhenIdle(reading),
      (error) => console.warn("offline use unavailable:", error));
  }
}

/** @param {() => boolean} reading */
function storeMapsWhenIdle(reading) {
  if (navigator.connection?.saveData) {
    $("offline").textContent = "Character maps for Chinese, Japanese and Korean text are downloaded only when a PDF needs one (data saver is on).";
    return;
  }
  navigator.serviceWorker.addEventListener("message", (event) => {
    if (event.data?.type === "maps") showMaps(event.data);
  });
  const ask = async () => {
    if (reading()) return setTimeout(() => requestIdleCallback(ask), MAPS_IDLE_MS); // a file is being read
    const registration = await navigator.serviceWorker.ready;
    registration.active?.postMessage({ type: "store-maps" });
  };
  setTimeout(() => requestIdleCallback(ask), MAPS_IDLE_MS);
}

/** @param {{done: number, total: number | null, failed: boolean}} progress  from sw.js */
function showMaps({ done, total, failed }) {
  const shown = failed ? "failed" : total && done === total ? "stored" : "storing";
  document.body.dataset.maps = shown;
  $("offline").textContent = {
    storing: `Storing the character maps for Chinese, Japanese and Korean text, for use offline${total ? `: ${done} of ${total}` : ""}…`,
    stored: "Works offline, for text in every script.",
    failed: "The character maps for Chinese, Japanese and Korean text could not all be stored for use offline; they are downloaded when a PDF needs one.",
  }[shown];
}
