// @ts-check
// The small pieces every part of the page uses: its elements by id, the panel on show, focus, sentences,
// table cells and a group's swatch. None of them keeps any state.

/**
 * The elements whose kind the code relies on, by their id in index.html; any other id is an HTMLElement.
 * @typedef {{
 *   "boot-progress": HTMLProgressElement, "work-progress": HTMLProgressElement,
 *   "file": HTMLInputElement, "folder": HTMLInputElement, "password-input": HTMLInputElement,
 *   "filter-text": HTMLInputElement, "filter-kind": HTMLSelectElement, "filter-decision": HTMLSelectElement,
 *   "password-form": HTMLFormElement, "file-list": HTMLTableElement, "groups": HTMLTableElement,
 *   "page-canvas": HTMLCanvasElement, "zip": HTMLButtonElement, "zip-pdf": HTMLInputElement,
 *   "dl-pdf": HTMLButtonElement, "keep-shown": HTMLButtonElement,
 *   "remove-shown": HTMLButtonElement,
 * }} Elements
 */

/**
 * The page's element with this id (every id the code asks for is in index.html).
 * @template {string} Id
 * @param {Id} id
 * @returns {Id extends keyof Elements ? Elements[Id] : HTMLElement}
 */
export function $(id) {
  return /** @type {any} */ (document.getElementById(id));
}

// The furniture kinds' names in words, by Python's names for them.
/** @type {Readonly<Record<string, string>>} */
export const KINDS = {
  "page-number": "page number", header: "header", footer: "footer", margin: "margin text",
  watermark: "watermark", "repeated-content": "repeated content",
};
export const COLOURS = 12; // group colours in style.css (--group-0 …); each box and swatch also carries the group's id

// One state attribute on <body> drives which panel is shown.
/** @param {string} name */
export function setState(name) {
  document.body.dataset.state = name;
  /** @type {Record<string, string[]>} */
  const shown = {
    open: ["booting", "ready", "error", "done"], working: ["working"], confirm: ["confirm"],
    password: ["password"], error: ["error"], result: ["done"],
  };
  for (const [id, states] of Object.entries(shown)) $(id).hidden = !states.includes(name);
}

// Focus moves to the heading of what is now shown, so that keyboard and screen reader users are taken there.
/** @param {string} id */
export function focus(id) {
  requestAnimationFrame(() => $(id).focus());
}

// Python's messages and the page's own are shown as sentences: a capital first, a full stop last.
/** @param {unknown} text */
export function sentence(text) {
  const said = String(text ?? "").trim();
  if (!said) return "";
  const whole = said[0].toUpperCase() + said.slice(1);
  return /[.!?]$/.test(whole) ? whole : whole + ".";
}

// "file" or "files": the noun for so many (every plural of the page is made here).
/**
 * @param {number} count
 * @param {string} noun
 */
export function nouns(count, noun) {
  return count === 1 ? noun : `${noun}s`;
}

// "1 file", "2 files": a count with its noun.
/**
 * @param {number} count
 * @param {string} noun
 */
export function plural(count, noun) {
  return `${count} ${nouns(count, noun)}`;
}

// Saves a file the page made: the browser downloads it under that name.
/**
 * @param {Blob} blob
 * @param {string} name
 */
export function saveAs(blob, name) {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000); // the download has started long before
}

/** @param {string} text */
export function cell(text) {
  const td = document.createElement("td");
  td.textContent = text;
  return td;
}

// The coloured mark of a group, with its id, in the table and on the boxes of the drawing.
/** @param {{id: number}} group */
export function swatch(group) {
  const mark = document.createElement("span");
  mark.className = `swatch group-${group.id % COLOURS}`;
  mark.textContent = String(group.id);
  mark.setAttribute("aria-hidden", "true");
  return mark;
}
