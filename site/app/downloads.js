// @ts-check
// The four output files of a result (cleaned text, removed lines, report, pages): made by Python when first
// wanted, not with every result, since for a long file making and sending them took as long as finding the
// furniture. The files, their names and types come from Python (pagefurniture.report.OUTPUTS), the same as
// the command line writes; each has a link "dl-NAME" in the page. The cleaned PDF ("dl-pdf") is made only
// when the user asks for it: it takes longer, and it is made from the PDF itself (web.cleaned_pdf).

import { BUG_KIND, TITLES } from "./errors.js";
import { $, saveAs, sentence } from "./ui.js";

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
    /** @type {{result: Result, blob: Blob} | null} */
    this.pdf = null; // the cleaned PDF made for a result, kept while that result is on show
    /** @type {Result | null} */
    this.making = null; // the result whose cleaned PDF is being made
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
    // Another result (a switch flipped, another file): its cleaned PDF is another one, made when asked for.
    if (this.pdf?.result !== result) this.pdf = null;
    $("dl-pdf").title = result.cleaned_pdf.file_name;
    if (this.making && this.making !== result) {
      this.showMaking(null);
      $("pdf-status").textContent = "What is on show changed while the cleaned PDF was made: press Cleaned PDF again for it.";
    }
  }

  // The file on show is gone: what was made for it goes too.
  close() {
    this.pdf = null;
    this.showMaking(null);
  }

  // The cleaned PDF of the file on show, with the choices on show: made by Python when asked for, then
  // saved. While it is made the button says so; an error is said under it, with its title.
  async savePdf() {
    const entry = this.review.shown;
    const result = entry.result;
    if (this.making === result) return;
    if (this.pdf?.result === result) return saveAs(this.pdf.blob, result.cleaned_pdf.file_name);
    this.showMaking(result);
    try {
      const bytes = await this.review.files.cleanedPdf(entry);
      if (this.making !== result) return; // the file or its choices changed meanwhile: it is not the one on show
      this.pdf = { result, blob: new Blob([bytes], { type: result.cleaned_pdf.media_type }) };
      this.showMaking(null);
      saveAs(this.pdf.blob, result.cleaned_pdf.file_name);
    } catch (caught) {
      const error = /** @type {WorkerError} */ (caught);
      if (this.making !== result) return;
      this.showMaking(null);
      if (error.kind === "cancelled") return; // Stop was pressed: the page says so
      if (error.kind === "forgotten") return this.review.files.showEntry(Object.assign(entry, { forgotten: true }));
      $("pdf-status").textContent = `${TITLES[error.kind] ?? TITLES[BUG_KIND]}: ${sentence(error.message)}`;
    }
  }

  // Whether a cleaned PDF is being made (for this result), or none.
  /** @param {Result | null} result */
  showMaking(result) {
    this.making = result;
    const button = $("dl-pdf");
    button.disabled = result !== null;
    if (result) button.setAttribute("aria-busy", "true");
    else button.removeAttribute("aria-busy");
    $("pdf-status").textContent = result ? "Making the cleaned PDF…" : "";
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
      if (error.kind === "cancelled") return; // Stop was pressed: the page says so
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
    $("dl-pdf").addEventListener("click", () => this.savePdf());
  }
}
