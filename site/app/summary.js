// @ts-check
// What the file on show holds: the tiles of its summary, and above everything else the banner of a result
// that lacks some of the PDF's text, in the words of its summary.

import { $, nouns, plural, sentence } from "./ui.js";

/** @typedef {import("./review.js").Result} Result */
/** @typedef {import("./review.js").Summary} Summary */

// A result that lacks some of the PDF's text says so above everything else, in the words of its summary.
/** @param {Result} result */
export function renderPartial(result) {
  const s = result.summary;
  $("partial").hidden = s.complete;
  if (s.complete) return;
  const lost = s.pages_unreadable.filter((p) => !p.partial).map((p) => p.page);
  const part = s.pages_unreadable.filter((p) => p.partial).map((p) => p.page);
  const read = [];
  for (let n = 1; n <= s.pages; n++) if (!lost.includes(n) && !part.includes(n)) read.push(n);
  const sentences = [];
  if (lost.length) {
    const last = Math.max(0, ...read, ...part);
    const tail = s.cut_off && lost.every((n) => n > last);
    sentences.push(`${lost.length} of ${plural(s.pages, "page")} could not be read` +
      (tail ? `: the file is cut off after page ${last}.` : s.cut_off ? ": the file is cut off." : "."));
  }
  if (part.length) sentences.push(sentence(`${pagesNamed(part)} could be read only in part`));
  if (s.cut_off && !s.cut_off.pages_known) {
    sentences.push(`The file is cut off and its list of pages is lost with its end: pages after page ${s.pages} may be missing, however many there were.`);
  }
  const held = read.length ? pagesNamed(read) : "no complete page";
  sentences.push(`The downloads hold ${held}${part.length ? ` and part of ${pageRanges(part)}` : ""} only; the report says why each other page is missing.`);
  $("partial-message").textContent = sentences.join(" ");
}

// What a result that lacks some text lacks, in a few words for the list of files: which pages.
/** @param {Summary} s */
export function missingWords(s) {
  const lost = s.pages_unreadable.filter((p) => !p.partial).map((p) => p.page);
  const part = s.pages_unreadable.filter((p) => p.partial).map((p) => p.page);
  const said = [];
  if (lost.length) said.push(`${pagesNamed(lost)} could not be read${s.cut_off ? " (the file is cut off)" : ""}`);
  if (part.length) said.push(`${pagesNamed(part)} could be read only in part`);
  if (s.cut_off && !s.cut_off.pages_known) said.push(`pages after page ${s.pages} may be missing`);
  return said.join("; ");
}

// What a file holds, in a few words: "9 pages, 4 of 4 repeated groups removed (12 of 84 lines)".
/** @param {Summary} s */
export function resultWords(s) {
  const groups = s.groups ? `${s.groups_removed} of ${plural(s.groups, "repeated group")} removed ` +
    `(${s.lines_removed} of ${plural(s.lines, "line")})` : "no repeated lines";
  return `${plural(s.pages, "page")}, ${groups}`;
}

/** @param {number[]} pages */
const pagesNamed = (pages) => `${nouns(pages.length, "page")} ${pageRanges(pages)}`;

/** @param {number[]} pages */
function pageRanges(pages) {
  /** @type {[number, number][]} */
  const out = [];
  for (const n of pages) {
    const last = out[out.length - 1];
    if (last && n === last[1] + 1) last[1] = n;
    else out.push([n, n]);
  }
  return out.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)).join(", ");
}

/** @param {Result} result */
export function renderSummary(result) {
  const s = result.summary;
  const empty = s.pages_without_text;
  const rows = [
    ["Pages", String(s.pages)],
    ["Lines removed", `${s.lines_removed} of ${s.lines}`],
    ["Text removed", `${(s.share_removed * 100).toFixed(1)} %`],
    // A count, with the pages it counts beside it.
    ["Pages without text", empty.length ? `${empty.length}`: "none", empty.length ? `${nouns(empty.length, "page")} ${compact(empty)}` : ""],
    ["Reading time", `${result.seconds.toFixed(1)} s`, result.readers > 1 ? `on ${result.readers} cores` : ""],
  ];
  if (s.pages_unreadable.length) {
    rows.push(["Pages not fully read", String(s.pages_unreadable.length), `${nouns(s.pages_unreadable.length, "page")} ${compact(s.pages_unreadable.map((p) => p.page))}`]);
  }
  const dl = $("summary");
  dl.replaceChildren();
  for (const [term, value, note] of rows) {
    const div = document.createElement("div");
    const dt = document.createElement("dt");
    const dd = document.createElement("dd");
    dt.textContent = term;
    dd.textContent = value;
    div.append(dt, dd);
    if (note) {
      const small = document.createElement("dd");
      small.className = "note";
      small.textContent = note;
      div.append(small);
    }
    dl.append(div);
  }
}

// A few page numbers for a summary tile: the first ones, then how many more.
/** @param {number[]} pages */
function compact(pages) {
  const shown = pages.slice(0, 6).join(", ");
  return pages.length > 6 ? `${shown} and ${pages.length - 6} more` : shown;
}
