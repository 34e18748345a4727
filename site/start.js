// @ts-check
// Starts the main worker while the page is still loading: its boot takes seconds and everything waits for
// it, and the page's modules run only once the document and its style sheet are in. bridge.js takes the
// worker over (Pool.spawn); what the worker says before that is kept here and handed over with it.
// A classic script, loaded async from the head, so that it runs as soon as it arrives.
"use strict";
if (window.pagefurnitureWorker === undefined) { // null: bridge.js came first and started its own
  try {
    const worker = new Worker(new URL("worker.js", /** @type {HTMLScriptElement} */ (document.currentScript).src), { type: "module" });
    /** @type {(MessageEvent | ErrorEvent)[]} */
    const early = [];
    worker.onmessage = (event) => early.push(event);
    worker.onerror = (event) => {
      event.preventDefault();
      early.push(event);
    };
    window.pagefurnitureWorker = { worker, early };
  } catch {
    // Not here (a page opened from a file, say): bridge.js tries again and the page says what went wrong.
  }
}
