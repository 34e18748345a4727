// @ts-check
// The pages of the file on show: the strip of thumbnails, the page drawn by pdf.js with a box over every
// line of a repeated group, and the page's text beside it. pages.js, which draws with pdf.js, is imported
// the first time a page is drawn. A click on a box or a line of the text keeps or removes that line alone.
//
// The frame of the page has the visible page's proportions and the width its column gives it; the boxes
// are placed in fractions of the page, so they stay on their lines at any width. The drawing is made for
// the frame's width once the frame is shown (a hidden frame has no width), and again when that changes.
// A thumbnail is made when it comes near the strip's view and dropped when it is far from it, so a file of
// a thousand pages holds a few dozen small pictures, not a thousand.

import { $, COLOURS, KINDS, sentence, swatch } from "./ui.js";

/** @typedef {import("../pages.js").Drawing} Drawing */
/** @typedef {import("./review.js").Review} Review */
/** @typedef {import("./review.js").Result} Result */
/** @typedef {import("./review.js").Group} Group */
/** @typedef {import("./review.js").LayoutPage} LayoutPage */
/** @typedef {import("./review.js").Line} Line */
/** @typedef {import("./files.js").Entry} Entry */
/** @typedef {{entry: Entry, drawing: Drawing | null, ready: Promise<Drawing>, failed: unknown}} Made */

const THUMB = 64; // CSS px wide
const NEAR = 300; // px: a thumbnail this near the strip's view is drawn by pdf.js
const KEEP = 1500; // px: one further away than this is dropped, its pictures' memory given back
const TAG = 26; // CSS px a group's tag needs beside its box
const REDRAW_AFTER = 150; // ms of a steady width before the page is drawn again for it
// Touch screens have no pointer to hover with: a tap first shows what a box is, a second one flips it.
const TOUCH = matchMedia("(hover: none)");

export class PageView {
  /** @param {Review} review  whose file on show it draws */
  constructor(review) {
    this.review = review;
    this.page = 1; // the page on show, from 1
    /** @type {Made | null} */
    this.made = null; // pdf.js's copy of the file on show
    /** @type {IntersectionObserver | null} */
    this.near = null; // draws a thumbnail's page when it comes near the strip's view
    /** @type {IntersectionObserver | null} */
    this.keep = null; // makes a thumbnail when it comes within KEEP of the view, drops it beyond
    /** @type {Promise<void>} */
    this.painting = Promise.resolve(); // thumbnails are drawn one after the other
    this.drawn = 0; // the last drawing of the page on show, so that a slow one does not overwrite a newer one
    this.width = 0; // the CSS width the page on show was last drawn at
    /** @type {number | null} */
    this.picked = null; // on a touch screen, the index of the line whose box was tapped once
  }

  close() {
    $("thumbs").dataset.entry = ""; // the strip and the page are made again for the next file
    this.clearSheet();
    const made = this.made;
    made?.ready.then((drawing) => drawing.destroy(), () => null);
    this.made = null;
  }

  // Nothing of another page or another file stays in the frame while this one is drawn, or when it cannot be.
  clearSheet() {
    const canvas = $("page-canvas");
    canvas.width = canvas.height = 0;
    const sheet = $("sheet");
    sheet.dataset.key = "";
    sheet.dataset.drawn = "";
    $("sheet-note").hidden = true;
    this.width = 0;
  }

  // pdf.js's copy of the file on show, made the first time a page of it is drawn.
  drawing() {
    const entry = this.review.shown;
    if (this.made?.entry !== entry) {
      this.close();
      const ready = Promise.all([import("../pages.js"), entry.file.arrayBuffer()]).then(([{ Drawing }, data]) => {
        made.drawing = new Drawing(data, entry.password);
        return made.drawing;
      });
      /** @type {Made} */
      const made = { entry, drawing: null, ready, failed: null };
      this.made = made;
    }
    return /** @type {Made} */ (this.made).ready;
  }

  // The strip is made once per file on show; a change of choices only relabels it and redraws the marks
  // of the thumbnails that are made: of the pages in `only` (those whose lines changed), when given.
  /**
   * @param {Result} result
   * @param {Set<number>} [only]
   */
  renderThumbs(result, only) {
    const strip = $("thumbs");
    const entry = this.review.shown;
    const fresh = strip.dataset.entry !== String(entry.id) || strip.children.length !== result.layout.length;
    if (fresh) {
      strip.replaceChildren();
      strip.dataset.entry = String(entry.id);
      this.near?.disconnect();
      this.keep?.disconnect();
      this.keep = new IntersectionObserver((seen) => {
        for (const item of seen) {
          const thumb = /** @type {HTMLButtonElement} */ (item.target);
          if (item.isIntersecting) this.makeThumb(thumb);
          else dropThumb(thumb);
        }
      }, { root: strip, rootMargin: `0px ${KEEP}px` });
      this.near = new IntersectionObserver((seen) => {
        for (const item of seen) if (item.isIntersecting) this.paintThumb(/** @type {HTMLButtonElement} */ (item.target));
      }, { root: strip, rootMargin: `0px ${NEAR}px` });
    }
    const chosen = result.groups.find((g) => g.id === this.review.group);
    for (const page of fresh || !only ? result.layout : [...only].map((n) => result.layout[n - 1])) {
      const button = fresh ? newThumb(page) : /** @type {HTMLButtonElement} */ (strip.children[page.page - 1]);
      button.tabIndex = page.page === this.page ? 0 : -1;
      button.classList.toggle("without", Boolean(chosen && !chosen.pages.includes(page.page)));
      this.labelThumb(button, page, chosen);
      if (fresh) {
        button.onclick = () => this.goTo(page.page, { scroll: true });
        strip.append(button);
      } else if (button.dataset.made) {
        this.markThumb(button);
      }
    }
    if (fresh) {
      for (const button of strip.children) {
        this.keep?.observe(button);
        this.near?.observe(button);
      }
      strip.scrollLeft = 0; // not where the last file's strip was
      this.showCurrentThumb();
    }
  }

  // The page on show's thumbnail in the strip's view (a strip still hidden is scrolled when shown, in show()).
  // Only the strip scrolls: the page stays where the reader is.
  showCurrentThumb() {
    const strip = $("thumbs");
    const thumb = strip.querySelector("[aria-current=true]");
    if (!thumb) return;
    const view = strip.getBoundingClientRect();
    const box = thumb.getBoundingClientRect();
    if (box.left < view.left) strip.scrollLeft += box.left - view.left;
    else if (box.right > view.right) strip.scrollLeft += box.right - view.right;
  }

  /**
   * @param {HTMLButtonElement} button
   * @param {LayoutPage} page
   * @param {Group | undefined} chosen
   */
  labelThumb(button, page, chosen) {
    const groups = new Set(page.lines.map((l) => l[4]).filter((g) => g >= 0));
    const removed = page.lines.filter((l) => l[6]).length;
    const without = chosen && !chosen.pages.includes(page.page);
    button.setAttribute("aria-label", `Page ${page.page}: ${page.lines.length} lines` +
      (removed ? `, ${removed} removed` : "") + (groups.size ? `, ${groups.size} repeated` : "") +
      (without ? ", without the chosen line" : ""));
    button.setAttribute("aria-current", String(page.page === this.page));
  }

  // A thumbnail near the view: its marks at once (a bar per line), and the real page under them once pdf.js
  // has drawn it (see paintThumb).
  /** @param {HTMLButtonElement} button */
  makeThumb(button) {
    if (button.dataset.made) return;
    button.dataset.made = "1";
    const marks = document.createElement("canvas");
    marks.className = "marks";
    /** @type {HTMLElement} */ (button.firstElementChild).append(marks);
    this.markThumb(button);
  }

  // The marks of a thumbnail: a bar per line of furniture in its group's colour, and grey bars for the
  // text until the real page is drawn beneath them.
  /** @param {HTMLButtonElement} button */
  markThumb(button) {
    const marks = /** @type {HTMLCanvasElement | null} */ (button.querySelector("canvas.marks"));
    if (!marks) return;
    const page = this.review.shown.result.layout[Number(button.dataset.page) - 1];
    const pictured = Boolean(button.querySelector("canvas.picture"));
    const ratio = window.devicePixelRatio || 1;
    const scale = THUMB / page.width;
    marks.width = Math.round(THUMB * ratio);
    marks.height = Math.round(page.height * scale * ratio);
    const ctx = /** @type {CanvasRenderingContext2D} */ (marks.getContext("2d"));
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const colours = palette();
    const chosen = this.review.group;
    for (const [x0, top, x1, bottom, group, , removed] of page.lines) {
      const x = Math.max(0, x0 * scale);
      const y = Math.max(0, top * scale);
      const w = Math.max(1, (x1 - x0) * scale);
      const h = Math.max(group < 0 ? 1 : 2, Math.min((bottom - top) * scale, 3));
      if (group < 0 && !removed) {
        if (pictured) continue; // the page itself shows its text
        ctx.globalAlpha = chosen === null ? 1 : 0.5;
        ctx.fillStyle = colours.body;
      } else {
        const dim = chosen !== null && chosen !== group;
        ctx.globalAlpha = dim ? 0.25 : removed ? 0.9 : 0.45;
        ctx.fillStyle = group < 0 ? colours.edge : colours.groups[group % COLOURS];
      }
      ctx.fillRect(x, y, w, h);
    }
  }

  /** @param {HTMLButtonElement} button */
  paintThumb(button) {
    if (button.dataset.painting || button.querySelector("canvas.picture")) return;
    this.makeThumb(button); // near the view is within KEEP of it too, whichever observer spoke first
    const entry = this.review.shown;
    button.dataset.painting = "1";
    // One at a time, so that the page on show is not kept waiting behind a row of thumbnails.
    this.painting = this.painting.then(() => this.paintNow(entry, button)).catch(() => undefined).then(() => {
      delete button.dataset.painting;
    });
  }

  /**
   * @param {Entry} entry  the file on show when the thumbnail asked to be drawn
   * @param {HTMLButtonElement} button
   */
  async paintNow(entry, button) {
    // Dropped meanwhile (scrolled far away), or another file is on show: nothing to draw.
    if (this.review.entry !== entry || !button.dataset.made || !button.isConnected) return;
    if (this.made?.entry === entry && this.made.failed) return; // pdf.js cannot read this file: the marks are all there is
    const canvas = document.createElement("canvas");
    canvas.className = "picture";
    try {
      const drawing = await this.drawing();
      const scale = await drawing.draw(Number(button.dataset.page), canvas, THUMB);
      if (scale === null || this.review.entry !== entry || !button.dataset.made) return;
      /** @type {HTMLElement} */ (button.firstElementChild).prepend(canvas);
      this.markThumb(button); // without the grey text bars now
    } catch (error) {
      if (this.made?.entry === entry) this.made.failed ??= error;
    }
  }

  /**
   * @param {number} number
   * @param {{scroll?: boolean, focusThumb?: boolean}} [how]
   */
  goTo(number, { scroll = false, focusThumb = false } = {}) {
    this.page = number;
    for (const thumb of /** @type {HTMLCollectionOf<HTMLButtonElement>} */ ($("thumbs").children)) {
      const on = Number(thumb.dataset.page) === number;
      thumb.setAttribute("aria-current", String(on));
      thumb.tabIndex = on ? 0 : -1;
      if (on && focusThumb) {
        thumb.focus();
        thumb.scrollIntoView({ block: "nearest", inline: "nearest" });
      }
    }
    this.renderPage();
    if (scroll) $("sheet").scrollIntoView({ block: "nearest" });
  }

  renderPage() {
    const result = this.review.shown.result;
    const page = result.layout[this.page - 1];
    $("page-title").textContent = `Page ${page.page} of ${result.layout.length}`;
    $("text-title").textContent = `Text of page ${page.page}`;
    this.renderText(page, result);
    $("sheet").style.aspectRatio = `${page.width} / ${page.height}`;
    this.placeBoxes(page, result);
    this.drawPage();
  }

  // Draws the page on show for the frame's width. A change of choices moves boxes only: the page drawn
  // already stays. A frame that is hidden has no width yet: it is drawn when it is shown (see wire()).
  async drawPage() {
    const entry = this.review.shown;
    const number = this.page;
    const sheet = $("sheet");
    const canvas = $("page-canvas");
    const key = `${entry.id}:${number}`;
    if (sheet.dataset.key !== key) {
      this.clearSheet();
      sheet.dataset.key = key;
    }
    const width = sheet.clientWidth;
    if (!width || (this.width === width && sheet.dataset.drawn !== "")) return;
    this.width = width;
    const ticket = ++this.drawn;
    try {
      const scale = await (await this.drawing()).draw(number, canvas, width);
      if (scale === null || ticket !== this.drawn) return;
      sheet.dataset.drawn = String(number);
    } catch (error) {
      if (ticket !== this.drawn) return;
      if (this.made?.entry === entry) this.made.failed ??= error;
      canvas.width = canvas.height = 0; // never a picture of another page or file under this one's name
      sheet.dataset.drawn = "failed";
      const note = $("sheet-note");
      const why = /** @type {Error} */ (error)?.message?.replace(/\.$/, "") || String(error);
      note.textContent = `This page cannot be drawn: the part of this page that draws PDFs could not read the file ` +
        `("${why}"). Its text was read all the same: the lines are listed beside it, and the boxes show where they lie.`;
      note.hidden = false;
    }
  }

  /**
   * @param {LayoutPage} page
   * @param {Result} result
   */
  placeBoxes(page, result) {
    const layer = $("boxes");
    layer.replaceChildren();
    this.picked = null;
    showInfo("");
    const across = $("sheet").clientWidth || 1; // CSS px, to keep the tags inside the frame
    const { width, height } = page;
    /** @param {number} part */
    const share = (part) => `${(part * 100).toFixed(4)}%`;
    page.lines.forEach((line, index) => {
      const [x0, top, x1, bottom, group, , removed, decision] = line;
      const chosenByLine = decision.includes("this line only");
      if (group < 0 && !chosenByLine) return; // body text: no box, the page shows it
      // A line beyond the visible page (a printer's slug) has nothing drawn to lie over; the text lists it.
      const left = Math.max(0, x0);
      const right = Math.min(width, x1);
      const upper = Math.max(0, top);
      const lower = Math.min(height, bottom);
      if (right <= left || lower <= upper) return;
      const box = document.createElement("div");
      box.className = `box ${removed ? "removed" : "kept"}${group === this.review.group && group >= 0 ? ` chosen group-${group % COLOURS}` : ""}`;
      box.dataset.index = String(index);
      box.style.left = `calc(${share(left / width)} - 2px)`;
      box.style.top = `calc(${share(upper / height)} - 2px)`;
      box.style.width = `calc(${share((right - left) / width)} + 4px)`;
      box.style.height = `calc(${share((lower - upper) / height)} + 4px)`;
      box.title = describe(line, result);
      if (group >= 0) {
        const tag = swatch({ id: group });
        // Beside the box on its left, or on its right where the page's edge is too near: never outside the frame.
        const room = left / width * across;
        tag.classList.add("tag", room >= TAG ? "before" : (width - right) / width * across >= TAG ? "after" : "inside");
        box.append(tag);
      }
      box.onmouseenter = () => showInfo(box.title);
      box.onclick = () => {
        if (TOUCH.matches && this.picked !== index) return this.pick(page, index, box);
        this.review.flipLine(page.page, index, !removed);
      };
      layer.append(box);
    });
  }

  // A touch screen's first tap on a box: the box is marked and its line, group and decision are shown with
  // a button that keeps or removes that line (a second tap on the box does the same).
  /**
   * @param {LayoutPage} page
   * @param {number} index
   * @param {HTMLElement} box
   */
  pick(page, index, box) {
    this.picked = index;
    for (const other of $("boxes").children) other.classList.toggle("picked", other === box);
    const removed = page.lines[index][6];
    const flip = document.createElement("button");
    flip.type = "button";
    flip.className = "button small";
    flip.textContent = removed ? "Keep this line" : "Remove this line";
    flip.onclick = () => this.review.flipLine(page.page, index, !removed);
    showInfo(box.title, flip);
  }

  /**
   * @param {LayoutPage} page
   * @param {Result} result
   */
  renderText(page, result) {
    const list = $("page-text");
    list.replaceChildren();
    if (!page.lines.length) {
      const li = document.createElement("li");
      li.className = "empty";
      li.textContent = page.error ?? "This page has no text.";
      list.append(li);
      return;
    }
    page.lines.forEach((line, index) => {
      const [x0, top, x1, bottom, group, text, removed] = line;
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = `line ${removed ? "removed" : "kept"}`;
      button.dataset.index = String(index);
      button.tabIndex = index === 0 ? 0 : -1;
      button.setAttribute("aria-pressed", String(removed));
      const beyond = x1 <= 0 || x0 >= page.width || bottom <= 0 || top >= page.height;
      button.title = describe(line, result) + (beyond ? " · Beyond the visible page." : "");
      if (group >= 0) button.append(swatch({ id: group }));
      const words = document.createElement(removed ? "del" : "span");
      words.textContent = text;
      button.append(words);
      button.onclick = async () => {
        await this.review.flipLine(page.page, index, !removed);
        /** @type {HTMLElement | null} */ ($("page-text").querySelector(`[data-index="${index}"]`))?.focus();
      };
      li.append(button);
      list.append(li);
    });
  }

  // The strip and the page text are one Tab stop each, with the arrow keys inside; the drawing follows
  // the colour scheme and the width of its frame.
  wire() {
    roving($("thumbs"), "button.thumb", (thumb) => this.goTo(Number(thumb.dataset.page), { focusThumb: true }));
    roving($("page-text"), "button.line", (line) => {
      for (const other of $("page-text").querySelectorAll("button.line")) /** @type {HTMLElement} */ (other).tabIndex = other === line ? 0 : -1;
      line.focus();
    });
    // Colours come from the stylesheet; the marks are drawn again when the colour scheme changes.
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => this.review.entry && this.renderThumbs(this.review.shown.result));
    // The frame gets its width when it is shown and whenever its column changes: the boxes' tags are
    // placed for it at once, the page is drawn for it once the width holds still.
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let later;
    new ResizeObserver(() => {
      const entry = this.review.entry;
      if (!entry?.result) return;
      const page = entry.result.layout[this.page - 1];
      if (!page) return;
      this.placeBoxes(page, entry.result);
      clearTimeout(later);
      later = setTimeout(() => this.review.entry === entry && this.drawPage(), this.width ? REDRAW_AFTER : 0);
    }).observe($("sheet"));
  }
}

/**
 * A thumbnail's button: its page's number, and a frame of the page's proportions that holds its pictures
 * while it is near the view.
 * @param {LayoutPage} page
 */
function newThumb(page) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "thumb";
  button.dataset.page = String(page.page);
  const frame = document.createElement("span");
  frame.className = "thumb-page";
  frame.style.width = `${THUMB}px`;
  frame.style.height = `${Math.round(THUMB * page.height / page.width)}px`;
  const number = document.createElement("span");
  number.textContent = String(page.page);
  number.setAttribute("aria-hidden", "true");
  button.append(frame, number);
  return button;
}

// A thumbnail far from the view gives its pictures back; it is made again when it comes near.
/** @param {HTMLButtonElement} button */
function dropThumb(button) {
  if (!button.dataset.made) return;
  delete button.dataset.made;
  const frame = /** @type {HTMLElement} */ (button.firstElementChild);
  for (const canvas of frame.querySelectorAll("canvas")) canvas.width = canvas.height = 0;
  frame.replaceChildren();
}

/**
 * The line under the drawing that says what a box is; on a touch screen with the button that flips it.
 * @param {string} text
 * @param {HTMLElement} [action]
 */
function showInfo(text, action) {
  const info = $("box-info");
  info.textContent = text;
  if (action) info.append(" ", action);
}

function palette() {
  const style = getComputedStyle(document.body);
  /** @param {string} name */
  const colour = (name) => style.getPropertyValue(name).trim();
  return {
    groups: Array.from({ length: COLOURS }, (_, i) => colour(`--group-${i}`)),
    body: colour("--map-line"), paper: colour("--map-paper"), edge: colour("--map-edge"),
  };
}

// One Tab stop for the strip (and for the lines of the page text): arrow keys move inside it.
/**
 * @param {HTMLElement} container
 * @param {string} selector  its items
 * @param {(item: HTMLElement, at: number) => void} onMove
 */
function roving(container, selector, onMove) {
  container.addEventListener("keydown", (event) => {
    const items = /** @type {HTMLElement[]} */ ([...container.querySelectorAll(selector)]);
    const at = items.indexOf(/** @type {HTMLElement} */ (document.activeElement));
    if (at < 0) return;
    const step = /** @type {Record<string, number>} */ ({ ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 })[event.key];
    let next = null;
    if (step) next = Math.max(0, Math.min(items.length - 1, at + step));
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    else return;
    event.preventDefault();
    onMove(items[next], next);
  });
}

/**
 * @param {Line} line
 * @param {Result} result
 */
function describe(line, result) {
  const [, , , , group, text, , decision] = line;
  const g = result.groups.find((item) => item.id === group);
  return `"${text}" · ${g ? `group ${g.id}, ${KINDS[g.kind] ?? g.kind}` : "in no group"} · ${sentence(decision)}`;
}
