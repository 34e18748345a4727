// @ts-check
// The four output files of a result (cleaned text, removed lines, report, pages): made by Python when first
// wanted, not with every result, since for a long file making and sending them took as long as finding the
// furniture. The files, their names and types come from Python (pagefurniture.report.OUTPUTS), the same as
// the command line writes; each has a link "dl-NAME" in the page.

import { $, sentence } from "./ui.js";

/** @typedef {import("../bridge.js").Pool} Pool */
/** @typedef {import("../bridge.js").WorkerError} WorkerError */
/** @typedef {import("./files.js").Entry} Entry */
/** @typedef {import("./review.js").Result} Result */
/** @typedef {import("./review.js").Review} Review */

// The text of each output file of the entry's result, made by Python when first wanted (a download, a
// copy, a ZIP, or the result on show for a moment): {output name: text}.
/**
 * @param {Pool} pool
 * @param {Entry} entry  one that was read
 * @returns {Promise<Record<string, string>>}
 */
export function outputs(pool, entry) {
  const result = /** @type {Result} */ (entry.result);
  result.texts ??= pool.call("outputs", { key: String(entry.id), ...result.choices }).then(
    (answer) => answer.texts,
    (error) => {
      result.texts = null; // asked again next time
      throw error;
    });
  return result.texts;
}

/** @param {string} name  an output's name */
const anchor = (name) => /** @type {HTMLAnchorElement} */ ($(`dl-${name}`));

// The download links and the copy button of the file on show.
export class Downloads {
  /**
   * @param {Pool} pool
   * @param {Review} review  whose file on show they are for
   */
  constructor(pool, review) {
    this.pool = pool;
    this.review = review;
    /** @type {string[]} */
    this.urls = []; // the object URLs the links point to
    /** @type {Result | null} */
    this.linked = null; // the result whose files the download links point to
  }

  // Each link points to its file once a pointer or the focus comes near the links (see link()).
  /** @param {Result} result */
  render(result) {
    for (const url of this.urls) URL.revokeObjectURL(url);
    this.urls = [];
    this.linked = null;
    for (const [name, file] of Object.entries(result.files)) {
      const a = anchor(name);
      a.href = "#";
      a.download = file.file_name;
      a.title = file.file_name;
    }
  }

  // Before a link is followed, copied or saved: each link gets its file. A click that comes before the
  // files are made is followed once they are.
  /** @param {Event} event */
  link(event) {
    const entry = this.review.entry;
    const result = entry?.result;
    if (!entry || !result || this.linked === result) return;
    const clicked = event.type === "click" ? /** @type {Element} */ (event.target).closest("a") : null;
    if (clicked) event.preventDefault();
    outputs(this.pool, entry).then((texts) => {
      if (entry.result !== result) return;
      if (this.linked !== result) {
        this.linked = result;
        for (const [name, file] of Object.entries(result.files)) {
          const url = URL.createObjectURL(new Blob([texts[name]], { type: file.media_type }));
          this.urls.push(url);
          anchor(name).href = url;
        }
      }
      clicked?.click();
    }, (error) => {
      if (error.kind === "forgotten") return this.review.files.showEntry(Object.assign(entry, { forgotten: true }));
      if (clicked) $("saved-status").textContent = `The file could not be made: ${sentence(error.message)}`;
    });
  }

  async copyText() {
    try {
      await navigator.clipboard.writeText((await outputs(this.pool, this.review.shown)).clean);
      $("copy-status").textContent = "Copied.";
    } catch {
      $("copy-status").textContent = "Copying is not allowed here; use the Cleaned text download.";
    }
  }

  wire() {
    const downloads = /** @type {HTMLElement} */ (document.querySelector(".downloads"));
    for (const type of ["pointerover", "focusin", "contextmenu", "click"]) {
      downloads.addEventListener(type, (event) => this.link(event), { capture: true });
    }
    // A copy must happen while the click still counts as the user's (some browsers allow little time):
    // the text is made as the pointer or the focus comes to the button.
    for (const type of ["pointerover", "focusin"]) {
      $("copy").addEventListener(type, () => this.review.entry?.result && outputs(this.pool, this.review.entry).catch(() => null));
    }
    $("copy").addEventListener("click", () => this.copyText());
  }
}
