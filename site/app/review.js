// @ts-check
// The file on show: its summary, downloads and command, the table of repeated groups with its filters and
// switches, and the user's choices, which Python applies (web.choose) and which are kept in this browser.
// Every decision, page range and word about a line comes from Python; PDF text is untrusted and is only
// ever set as textContent. The pages themselves are drawn by drawing.js.

import { changed, hasChoices, store } from "./choices.js";
import { Downloads, outputs } from "./downloads.js";
import { PageView } from "./drawing.js";
import { renderPartial, renderSummary } from "./summary.js";
import { $, cell, focus, KINDS, sentence, setState, swatch } from "./ui.js";

/** @typedef {import("../bridge.js").Pool} Pool */
/** @typedef {import("../bridge.js").WorkerError} WorkerError */
/** @typedef {import("./files.js").Files} Files */
/** @typedef {import("./files.js").Entry} Entry */

/**
 * What Python answers for a file (pagefurniture.web: finish and choose), with what the bridge adds.
 * @typedef {object} Result
 * @property {string} name
 * @property {Summary} summary  as in report.json
 * @property {Group[]} groups
 * @property {string} command  the command line that gives the same outputs
 * @property {Choices} choices  what the user chose, only where it differs from the detector
 * @property {Record<string, {file_name: string, media_type: string}>} files  each output's file, by its name
 * @property {{file_name: string, media_type: string}} cleaned_pdf  the cleaned PDF's file (made apart: downloads.js)
 * @property {{status: string, error: string | null}} outcome  what --manifest says of it (pagefurniture.manifest)
 * @property {LayoutPage[]} layout  every page's size and lines
 * @property {number} seconds  how long reading took
 * @property {number} readers  on how many workers
 * @property {Promise<Record<string, string>> | null} [texts]  each output's text, once asked for (downloads.js)
 */
/** @typedef {{keep: number[], remove: number[], keep_lines: [number, number][], remove_lines: [number, number][]}} Choices */
/**
 * @typedef {object} Group
 * @property {number} id
 * @property {string} text  as first printed
 * @property {string} kind
 * @property {string} position
 * @property {number[]} pages
 * @property {string[]} runs  the runs of pages, in words ("2-9")
 * @property {string} on  "on 8 of 9 pages"
 * @property {boolean} remove
 * @property {string} decision  in words, with its reason
 */
/**
 * @typedef {object} Summary
 * @property {number} pages
 * @property {number[]} pages_without_text
 * @property {boolean} complete
 * @property {{page: number, error: string, partial: boolean}[]} pages_unreadable
 * @property {{size: number, expected_size: number | null, pages_known: boolean} | null} cut_off
 * @property {number} lines
 * @property {number} lines_removed
 * @property {number} share_removed
 * @property {number} groups
 * @property {number} groups_removed
 */
/**
 * A line: [x0, top, x1, bottom] in the visible page's points from its top-left corner, its group's id or
 * -1, its text, whether it is removed, its decision in words.
 * @typedef {[number, number, number, number, number, string, boolean, string]} Line
 */
/** @typedef {{page: number, width: number, height: number, error: string | null, lines: Line[]}} LayoutPage */
/** @typedef {Entry & {result: Result}} Shown */
/** @typedef {{groups: Set<number>, pages: Set<number>}} Changes  the ids and page numbers an answer changed */

const RUNS_SHOWN = 4; // page runs shown in a row before "and N more"
// Rows of the table listed at once; the next ones when asked for. Each change to a table of 1,600 rows had the
// browser lay all of them out again, for a few hundred milliseconds; the filters find any group.
const ROWS_AT_ONCE = 200;
// Soon after a result is shown, its files are made while the user looks (see makeOutputsSoon).
const OUTPUTS_AFTER = 500; // ms
// After a choice, only once no other choice has followed for this long: the worker makes one thing at a time,
// and a switch flipped while it makes the files of a long file (seconds, for 1,500 pages) waits for them.
const OUTPUTS_AFTER_CHOICE = 3000; // ms
// A choice that takes longer than this says so (the table is marked busy): on a long file Python may need a while.
const BUSY_AFTER = 100; // ms

export class Review {
  /**
   * @param {Pool} pool
   * @param {Files} files  the files it shows one of
   */
  constructor(pool, files) {
    this.pool = pool;
    this.files = files;
    /** @type {Entry | null} */
    this.entry = null; // the entry on show
    /** @type {number | null} */
    this.group = null; // the chosen group's id
    this.filter = { kind: "", decision: "", text: "" };
    this.listed = ROWS_AT_ONCE; // rows of the table listed
    this.pages = new PageView(this);
    this.downloads = new Downloads(pool, this);
    /** @type {Promise<unknown>} */
    this.choosing = Promise.resolve(); // choices are applied one after the other, each on the answer before it
  }

  // The entry on show, asked for only while there is one.
  get shown() {
    return /** @type {Shown} */ (this.entry);
  }

  /** @param {Entry} entry  one that was read */
  show(entry) {
    this.entry = entry;
    this.group = null;
    this.listed = ROWS_AT_ONCE;
    // Open on the first page with a removed line: a cover has nothing to check.
    const first = this.shown.result.layout.find((page) => page.lines.some((line) => line[6]));
    this.pages.page = first ? first.page : 1;
    this.pages.close();
    this.render();
    this.files.renderFiles();
    setState("done");
    this.pages.showCurrentThumb();
    focus("result-title");
    this.makeOutputsSoon(entry);
  }

  // Nothing on show (the file is read again, or new files replace it).
  close() {
    this.pages.close();
    this.downloads.close();
    this.entry = null;
  }

  // Everything on show; after a choice, with the groups and pages that changed, only those of the table and
  // the strip (a filter by decision needs the whole table, since a row may now be filtered out or in).
  /** @param {Changes | null} [changes] */
  render(changes = null) {
    const result = this.shown.result;
    $("result-title").textContent = this.shown.label;
    renderPartial(result);
    renderSummary(result);
    this.downloads.render(result);
    this.renderCommand(result);
    this.renderFilters(result);
    this.renderGroups(result, this.filter.decision ? undefined : changes?.groups);
    this.pages.renderThumbs(result, changes?.pages);
    this.pages.renderPage();
  }

  // Its files are made while the user looks, unless another file is being read, or another result (a choice)
  // has replaced it by then.
  /**
   * @param {Entry} entry
   * @param {number} [after]  ms
   */
  makeOutputsSoon(entry, after = OUTPUTS_AFTER) {
    const result = entry.result;
    setTimeout(() => {
      if (this.entry === entry && entry.result === result && !this.files.reading) outputs(this.pool, entry).catch(() => null);
    }, after);
  }

  /** @param {Result} result */
  renderCommand(result) {
    const entry = this.shown;
    $("command").textContent = result.command + (entry.password ? " --password …" : "");
    const chosen = hasChoices(result.choices);
    $("reset").hidden = !chosen;
    $("saved-status").textContent = entry.restoreFailed ? `${entry.restoreFailed} Your earlier choices were dropped.`
      : !entry.hash ? "Your choices are not kept here: this browser keeps them only for a page opened over HTTPS or on localhost."
      : chosen && entry.restored ? "Your earlier choices for this file are applied; they are kept in this browser only."
      : "Your choices are kept in this browser for this file, and only here.";
  }

  /** @param {Result} result */
  renderFilters(result) {
    const select = $("filter-kind");
    const kinds = [...new Set(result.groups.map((g) => g.kind))];
    const options = [...select.options].slice(1).map((o) => o.value);
    if (options.join() !== kinds.join()) {
      select.replaceChildren(select.options[0]);
      for (const kind of kinds) select.append(new Option(KINDS[kind] ?? kind, kind));
      if (!kinds.includes(this.filter.kind)) this.filter.kind = "";
    }
    select.value = this.filter.kind;
    $("filters").hidden = result.groups.length === 0;
  }

  /** @param {Result} result */
  shownGroups(result) {
    const { kind, decision, text } = this.filter;
    const needle = text.trim().toLowerCase();
    return result.groups.filter((g) => (!kind || g.kind === kind) &&
      (!decision || (decision === "removed") === g.remove) && (!needle || g.text.toLowerCase().includes(needle)));
  }

  // The table of groups: the first `listed` of those the filters show, then a button for the next ones. With
  // `only` (the ids of groups that changed), only their rows are made again, in place: a switch changes one
  // or a few rows. A row whose group no longer matches the filters stays until the filters are used again.
  /**
   * @param {Result} result
   * @param {Set<number>} [only]
   */
  renderGroups(result, only) {
    const body = $("groups").tBodies[0];
    if (only) {
      for (const group of result.groups) {
        if (!only.has(group.id)) continue;
        body.querySelector(`tr[data-group="${group.id}"]`)?.replaceWith(this.groupRow(group));
      }
      return;
    }
    body.replaceChildren();
    $("groups-empty").hidden = result.groups.length > 0;
    $("groups").hidden = result.groups.length === 0;
    const shown = this.shownGroups(result);
    const listed = shown.slice(0, this.listed);
    $("filter-count").textContent = `${shown.length} of ${result.groups.length} shown` +
      (listed.length < shown.length ? `, the first ${listed.length} listed` : "");
    $("keep-shown").disabled = $("remove-shown").disabled = !shown.length;
    body.append(...listed.map((group) => this.groupRow(group)));
    if (listed.length < shown.length) body.append(this.moreRow(shown.length - listed.length));
  }

  // The last row of a long table: a button that lists the next rows, and takes the focus to the first of them.
  /** @param {number} rest  rows not listed */
  moreRow(rest) {
    const row = document.createElement("tr");
    row.className = "more";
    const cell = document.createElement("td");
    cell.colSpan = 6;
    const more = document.createElement("button");
    more.type = "button";
    more.className = "button small";
    more.textContent = `List ${Math.min(rest, ROWS_AT_ONCE)} more (${rest} not listed yet)`;
    more.onclick = () => {
      const first = this.listed;
      this.listed += ROWS_AT_ONCE;
      this.renderGroups(this.shown.result);
      /** @type {HTMLElement | null} */ ($("groups").tBodies[0].rows[first]?.querySelector("button.group-text"))?.focus();
    };
    cell.append(more);
    row.append(cell);
    return row;
  }

  /** @param {Group} group */
  groupRow(group) {
    const row = document.createElement("tr");
    row.dataset.group = String(group.id);
    row.className = `${group.remove ? "removed" : "kept"}${this.group === group.id ? " selected" : ""}`;

    const text = document.createElement("td");
    const pick = document.createElement("button");
    pick.type = "button";
    pick.className = "group-text";
    pick.setAttribute("aria-pressed", String(this.group === group.id));
    pick.title = "Show its lines on the pages";
    const printed = document.createElement("span");
    printed.className = "printed";
    printed.textContent = group.text;
    pick.append(swatch(group), printed);
    pick.onclick = () => {
      this.selectGroup(this.group === group.id ? null : group.id);
      // The row was made again: the focus stays on this group, as it does for its switch.
      /** @type {HTMLElement | null} */ (document.querySelector(`tr[data-group="${group.id}"] button.group-text`))?.focus();
    };
    text.append(pick);

    const pages = document.createElement("td");
    pages.append(runs(group));
    const on = document.createElement("span");
    on.className = "on";
    on.textContent = group.on;
    pages.append(on);
    const decision = cell(sentence(group.decision));
    decision.className = "reason";

    const toggle = document.createElement("td");
    const label = document.createElement("label");
    label.className = "switch";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.setAttribute("role", "switch");
    box.checked = group.remove;
    box.setAttribute("aria-label", `Remove "${group.text.slice(0, 60)}"`);
    box.onchange = async () => {
      await this.flipGroup(group.id, box.checked);
      /** @type {HTMLElement | null} */ (document.querySelector(`tr[data-group="${group.id}"] input[role=switch]`))?.focus();
    };
    const word = document.createElement("span");
    word.textContent = group.remove ? "removed" : "kept";
    label.append(box, word);
    toggle.append(label);

    const kind = cell(KINDS[group.kind] ?? group.kind);
    const position = cell(group.position);
    // Labels for the narrow layout, where each row becomes a card without the table's header.
    kind.dataset.label = "Kind";
    position.dataset.label = "Position";
    pages.dataset.label = "Pages";
    decision.dataset.label = "Decision";
    row.append(text, kind, position, pages, decision, toggle);
    return row;
  }

  /** @param {number | null} id */
  selectGroup(id) {
    const was = this.group;
    this.group = id;
    const result = this.shown.result;
    this.renderGroups(result, new Set([was, id].filter((g) => g !== null)));
    const group = result.groups.find((g) => g.id === id);
    if (group && !group.pages.includes(this.pages.page)) this.pages.page = group.pages[0];
    this.pages.renderThumbs(result);
    this.pages.renderPage();
    // The strip scrolls to the group's first page, where its lines are.
    if (group) $("thumbs").querySelector(`[data-page="${group.pages[0]}"]`)?.scrollIntoView({ block: "nearest", inline: "center" });
  }

  // -- choices ----------------------------------------------------------------------------------------------

  /**
   * All the choices for the entry, applied by Python; kept in this browser as Python states them. A function
   * gives them from the choices on show when the choice before has been applied, so that a quick second
   * switch does not undo the first.
   * @param {Shown} entry
   * @param {Choices | (() => Choices)} choices
   */
  choose(entry, choices) {
    const done = this.choosing.then(() => this.chooseNow(entry, typeof choices === "function" ? choices() : choices));
    this.choosing = done.catch(() => null);
    return done;
  }

  /**
   * Python answers with what changed since the choices on show (web.choose's `since`), which is merged in;
   * only the rows, thumbnails and page that changed are drawn again.
   * @param {Shown} entry
   * @param {Choices} choices
   */
  async chooseNow(entry, choices) {
    const base = entry.result;
    const busy = setTimeout(() => entry === this.entry && showBusy(true), BUSY_AFTER);
    /** @type {Changes | null} */
    let changes = null;
    try {
      const answer = await this.pool.call("choose", { key: String(entry.id), ...choices, since: base.choices });
      changes = answer.partial ? { groups: new Set(answer.groups.map((/** @type {Group} */ g) => g.id)),
        pages: new Set(answer.layout.map((/** @type {LayoutPage} */ p) => p.page)) } : null;
      entry.result = { ...merged(base, answer), seconds: base.seconds, readers: base.readers };
    } catch (caught) {
      const error = /** @type {WorkerError} */ (caught);
      if (error.kind === "forgotten") {
        entry.forgotten = true;
        store(entry, choices);
        return this.files.showEntry(entry);
      }
      if (error.kind === "cancelled") return;
      $("saved-status").textContent = sentence(error.message);
      return;
    } finally {
      clearTimeout(busy);
      showBusy(false);
    }
    store(entry, entry.result.choices); // as Python states them: only what differs from the detector
    if (entry === this.entry) this.render(changes);
    if (this.files.entries.length > 1) outputs(this.pool, entry).catch(() => null);
    else this.makeOutputsSoon(entry, OUTPUTS_AFTER_CHOICE);
  }

  /** @param {Parameters<typeof changed>[1]} change  see choices.changed */
  wish(change) {
    const entry = this.shown;
    return this.choose(entry, () => changed(entry.result.choices, change));
  }

  /**
   * @param {number} id
   * @param {boolean} remove
   */
  flipGroup(id, remove) {
    return this.wish((put) => put(remove ? "remove" : "keep", id));
  }

  /**
   * @param {number} page
   * @param {number} index
   * @param {boolean} remove
   */
  flipLine(page, index, remove) {
    return this.wish((put) => put(remove ? "remove_lines" : "keep_lines", [page, index]));
  }

  /** @param {boolean} remove */
  actOnShown(remove) {
    const ids = this.shownGroups(this.shown.result).map((g) => g.id);
    return this.wish((put) => ids.forEach((id) => put(remove ? "remove" : "keep", id)));
  }

  async reset() {
    const entry = this.shown;
    await this.choose(entry, { keep: [], remove: [], keep_lines: [], remove_lines: [] });
    entry.restored = false;
    entry.restoreFailed = null;
    this.renderCommand(entry.result);
    $("saved-status").textContent = "Your choices were reset: every decision is the detector's again.";
  }

  // The filters and the buttons over the table.
  wire() {
    $("reset").addEventListener("click", () => this.reset());
    $("keep-shown").addEventListener("click", () => this.actOnShown(false));
    $("remove-shown").addEventListener("click", () => this.actOnShown(true));
    for (const [id, field] of /** @type {const} */ ([["filter-kind", "kind"], ["filter-decision", "decision"], ["filter-text", "text"]])) {
      $(id).addEventListener("input", () => {
        this.filter[field] = $(id).value;
        this.listed = ROWS_AT_ONCE;
        this.renderGroups(this.shown.result);
      });
    }
  }
}

// The answer to a choice merged into the result it was asked on: a partial answer (web.choose's `since`)
// holds only the groups and pages that changed.
/**
 * @param {Result} base
 * @param {Result & {partial?: boolean}} answer
 * @returns {Result}
 */
function merged(base, answer) {
  if (!answer.partial) return answer;
  const { partial, ...rest } = answer;
  const groups = base.groups.slice();
  const at = new Map(groups.map((g, i) => [g.id, i]));
  for (const group of answer.groups) groups[/** @type {number} */ (at.get(group.id))] = group;
  const layout = base.layout.slice();
  for (const page of answer.layout) layout[page.page - 1] = page;
  return { ...rest, groups, layout };
}

// While a choice is applied for longer than BUSY_AFTER: the table says it is busy, to the eye and to a screen reader.
/** @param {boolean} on */
function showBusy(on) {
  const table = $("groups");
  const count = $("filter-count");
  if (on === (table.getAttribute("aria-busy") === "true")) return;
  table.setAttribute("aria-busy", String(on));
  $("sheet").setAttribute("aria-busy", String(on));
  if (on) {
    count.dataset.was = count.textContent ?? "";
    count.textContent = "Applying your choice…";
  } else {
    count.textContent = count.dataset.was ?? count.textContent;
  }
}

// The runs of pages a group is on (from Python): the first few, then the rest behind "and N more".
/** @param {Group} group */
function runs(group) {
  const list = document.createElement("span");
  list.className = "pages";
  const head = group.runs.slice(0, RUNS_SHOWN).join(", ");
  if (group.runs.length <= RUNS_SHOWN) {
    list.textContent = head;
    return list;
  }
  const more = document.createElement("details");
  const summary = document.createElement("summary");
  summary.textContent = `${head} and ${group.runs.length - RUNS_SHOWN} more`;
  const rest = document.createElement("span");
  rest.className = "more-runs";
  rest.textContent = group.runs.join(", ");
  more.append(summary, rest);
  list.append(more);
  return list;
}
