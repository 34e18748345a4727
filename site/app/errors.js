// @ts-check
// An error, shown with a title that names its kind without repeating the sentence under it; that sentence
// is Python's (what is wrong and what to do), or the page's own for a failure of the page itself.
// The package's kinds and their titles are in py/pagefurniture/errors.py, which build.py writes into
// error-titles.js; the kinds below are the page's alone, each a failure before Python is asked.

import { BUG_KIND, TITLES as PACKAGE_TITLES } from "./error-titles.js";
import { $, focus, sentence, setState } from "./ui.js";

/** @typedef {import("../bridge.js").WorkerError} WorkerError */

export const PAGE_TITLES = Object.freeze({
  "no-file": "Nothing to read",
  unreadable: "Cannot open the file",
  boot: "The tool could not start",
});

/** @type {Readonly<Record<string, string>>} */
export const TITLES = Object.freeze({ ...PACKAGE_TITLES, ...PAGE_TITLES });
export { BUG_KIND };

/**
 * @param {WorkerError} error
 * @param {{label: string} | null} [entry]  the file it is about, named above the message
 */
export function showError(error, entry = null) {
  $("error-title").textContent = TITLES[error.kind] ?? TITLES[BUG_KIND];
  $("error").dataset.kind = TITLES[error.kind] ? error.kind : BUG_KIND;
  $("error-file").textContent = entry ? entry.label : "";
  $("error-message").textContent = sentence(error.message);
  $("error-detail").textContent = error.detail ?? "";
  $("error-details").hidden = !error.detail;
  setState("error");
  focus("error-title");
}
