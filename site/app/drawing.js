// @ts-check
// The pages of the file on show: the strip of thumbnails, the page drawn by pdf.js with a box over every
// line of a repeated group, and the page's text beside it. pages.js, which draws with pdf.js, is imported
// the first time a page is drawn. A click on a box or a line of the text keeps or removes that line alone.

import { $, COLOURS, KINDS, sentence, swatch } from "./ui.js";

/** @typedef {import("../pages.js").Drawing} Drawing */
/** @typedef {import("./review.js").Review} Review */
/** @typedef {import("./review.js").Result} Result */
/** @typedef {import("./review.js").Group} Group */
/** @typedef {import("./review.js").LayoutPage} LayoutPage */
/** @typedef {import("./review.js").Line} Line */
/** @typedef {import("./files.js").Entry} Entry */
/** @typedef {{entry: Entry, drawing: Drawing | null, ready: Promise<Drawing>}} Made */

const THUMB = 64; // px wide

export class PageView {
  /** @param {Review} review  whose file on show it draws */
  constructor(review) {
    this.review = review;
    this.page = 1; // the page on show, from 1
    /** @type {Made | null} */
    this.made = null; // pdf.js's copy of the file on show
    /** @type {Map<string, HTMLCanvasElement>} */
    this.painted = new Map(); // "entry:page" → the page drawn by pdf.js at thumbnail size
    /** @type {IntersectionObserver | null} */
    this.observer = null; // starts drawing a thumbnail when it scrolls into sight
    /** @type {Promise<void>} */
    this.painting = Promise.resolve(); // thumbnails are drawn one after the other
    this.drawn = 0; // the last drawing of the page on show, so that a slow one does not overwrite a newer one
  }

  close() {
    this.painted.clear(); // the thumbnails of the file that was on show
    $("thumbs").dataset.entry = ""; // both are drawn again from the new drawing
    $("sheet").dataset.key = "";
    const made = this.made;
    made?.ready.then((drawing) => drawing.destroy(), () => null);
    this.made = null;
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
      const made = { entry, drawing: null, ready };
      this.made = made;
    }
    return /** @type {Made} */ (this.made).ready;
  }

  // The strip is made once per file on show; a change of choices only relabels and redraws its thumbnails.
  // A thumbnail is drawn when it comes near the strip's view: a long file has hundreds.
  /** @param {Result} result */
  renderThumbs(result) {
    const strip = $("thumbs");
    const entry = this.review.shown;
    const made = strip.dataset.entry === String(entry.id) && strip.children.length === result.layout.length;
    if (!made) {
      strip.replaceChildren();
      strip.dataset.entry = String(entry.id);
      this.observer?.disconnect();
      this.observer = new IntersectionObserver((seen) => {
        for (const item of seen) {
          if (!item.isIntersecting) continue;
          const thumb = /** @type {HTMLButtonElement} */ (item.target);
          if (!thumb.dataset.drawn) this.drawThumb(thumb);
          this.paintThumb(thumb);
        }
      }, { root: strip, rootMargin: "200px" });
    }
    const tallest = Math.max(...result.layout.map((p) => p.height / p.width), 1);
    const chosen = result.groups.find((g) => g.id === this.review.group);
    for (const page of result.layout) {
      const button = made ? /** @type {HTMLButtonElement} */ (strip.children[page.page - 1]) : document.createElement("button");
      button.tabIndex = page.page === this.page ? 0 : -1;
      button.classList.toggle("without", Boolean(chosen && !chosen.pages.includes(page.page)));
      this.labelThumb(button, page, chosen);
      if (made) {
        if (button.dataset.drawn) this.drawThumb(button);
        continue;
      }
      button.type = "button";
      button.classList.add("thumb");
      button.dataset.page = String(page.page);
      const canvas = document.createElement("canvas");
      canvas.width = THUMB * (window.devicePixelRatio || 1);
      canvas.height = Math.round(THUMB * tallest) * (window.devicePixelRatio || 1);
      canvas.style.width = `${THUMB}px`;
      canvas.style.height = `${Math.round(THUMB * tallest)}px`;
      const number = document.createElement("span");
      number.textContent = String(page.page);
      number.setAttribute("aria-hidden", "true");
      button.append(canvas, number);
      button.onclick = () => this.goTo(page.page, { scroll: true });
      strip.append(button);
      this.observer?.observe(button);
    }
    if (!made) {
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

  // The bar map at once (a bar per line), then the real page under the same boxes once pdf.js has drawn it.
  /** @param {HTMLButtonElement} button */
  drawThumb(button) {
    const entry = this.review.shown;
    const number = Number(button.dataset.page);
    const page = entry.result.layout[number - 1];
    const canvas = /** @type {HTMLCanvasElement} */ (button.querySelector("canvas"));
    button.dataset.drawn = "1";
    const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
    const ratio = window.devicePixelRatio || 1;
    const colours = palette();
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    const scale = Math.min(THUMB / page.width, canvas.height / ratio / page.height);
    const pw = page.width * scale;
    const ph = page.height * scale;
    const picture = this.painted.get(`${entry.id}:${number}`);
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (picture) ctx.drawImage(picture, 0, 0, pw, ph);
    else {
      ctx.fillStyle = colours.paper;
      ctx.fillRect(0.5, 0.5, pw - 1, ph - 1);
    }
    ctx.strokeStyle = colours.edge;
    ctx.lineWidth = 1;
    ctx.strokeRect(0.5, 0.5, pw - 1, ph - 1);
    const chosen = this.review.group;
    for (const [x0, top, x1, bottom, group, , removed] of page.lines) {
      const x = Math.max(0, x0 * scale);
      const y = Math.max(0, top * scale);
      const w = Math.max(1, (x1 - x0) * scale);
      const h = Math.max(group < 0 ? 1 : 2, Math.min((bottom - top) * scale, 3));
      if (group < 0 && !removed) {
        if (picture) continue; // the page itself shows its text
        ctx.globalAlpha = chosen === null ? 1 : 0.5;
        ctx.fillStyle = colours.body;
      } else {
        const dim = chosen !== null && chosen !== group;
        ctx.globalAlpha = dim ? 0.25 : removed ? 0.9 : 0.45;
        ctx.fillStyle = group < 0 ? colours.edge : colours.groups[group % COLOURS];
      }
      ctx.fillRect(x, y, w, h);
    }
    ctx.globalAlpha = 1;
  }

  /** @param {HTMLButtonElement} button */
  paintThumb(button) {
    const entry = this.review.shown;
    const number = Number(button.dataset.page);
    const key = `${entry.id}:${number}`;
    if (this.painted.has(key) || button.dataset.painting) return;
    button.dataset.painting = "1";
    // One at a time, so that the page on show is not kept waiting behind a row of thumbnails.
    this.painting = this.painting.then(async () => {
      if (this.review.entry !== entry) return;
      const canvas = document.createElement("canvas");
      try {
        const scale = await (await this.drawing()).draw(number, canvas, THUMB * 2);
        if (scale === null || this.review.entry !== entry) return;
        this.painted.set(key, canvas);
        if (button.isConnected) this.drawThumb(button);
      } catch (error) {
        if (this.review.entry === entry) console.warn(`page ${number} could not be drawn:`, error);
      }
    });
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

  async renderPage() {
    const entry = this.review.shown;
    const result = entry.result;
    const page = result.layout[this.page - 1];
    $("page-title").textContent = `Page ${page.page} of ${result.layout.length}`;
    $("text-title").textContent = `Text of page ${page.page}`;
    this.renderText(page, result);
    const sheet = $("sheet");
    const width = Math.min(/** @type {HTMLElement} */ (sheet.parentElement).clientWidth || 600, 720);
    const height = width * page.height / page.width;
    sheet.style.width = `${width}px`;
    sheet.style.height = `${height}px`;
    this.placeBoxes(page, result, width / page.width);
    // A change of choices moves boxes only: the page drawn already stays.
    const key = `${entry.id}:${page.page}:${width}`;
    if (sheet.dataset.key === key && sheet.dataset.drawn === String(page.page)) return;
    sheet.dataset.key = key;
    const ticket = ++this.drawn;
    sheet.dataset.drawn = "";
    try {
      const scale = await (await this.drawing()).draw(page.page, $("page-canvas"), width);
      if (scale === null || ticket !== this.drawn) return;
      sheet.dataset.drawn = String(page.page);
    } catch (error) {
      if (ticket !== this.drawn) return;
      sheet.dataset.drawn = "failed";
      $("box-info").textContent = `This page could not be drawn (${/** @type {Error} */ (error)?.message ?? error}); its lines are still listed beside it.`;
    }
  }

  /**
   * @param {LayoutPage} page
   * @param {Result} result
   * @param {number} scale  CSS pixels per point
   */
  placeBoxes(page, result, scale) {
    const layer = $("boxes");
    layer.replaceChildren();
    $("box-info").textContent = "";
    page.lines.forEach((line, index) => {
      const [x0, top, x1, bottom, group, , removed, decision] = line;
      const chosenByLine = decision.includes("this line only");
      if (group < 0 && !chosenByLine) return; // body text: no box, the page shows it
      const box = document.createElement("div");
      box.className = `box ${removed ? "removed" : "kept"}${group === this.review.group && group >= 0 ? ` chosen group-${group % COLOURS}` : ""}`;
      box.dataset.index = String(index);
      box.style.left = `${x0 * scale - 2}px`;
      box.style.top = `${top * scale - 2}px`;
      box.style.width = `${(x1 - x0) * scale + 4}px`;
      box.style.height = `${(bottom - top) * scale + 4}px`;
      box.title = describe(line, result);
      if (group >= 0) {
        const tag = swatch({ id: group });
        tag.classList.add("tag");
        box.append(tag);
      }
      box.onmouseenter = () => { $("box-info").textContent = box.title; };
      box.onclick = () => this.review.flipLine(page.page, index, !removed);
      layer.append(box);
    });
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
      const [, , , , group, text, removed] = line;
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.className = `line ${removed ? "removed" : "kept"}`;
      button.dataset.index = String(index);
      button.tabIndex = index === 0 ? 0 : -1;
      button.setAttribute("aria-pressed", String(removed));
      button.title = describe(line, result);
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
  // the colour scheme and the width of the window.
  wire() {
    roving($("thumbs"), "button.thumb", (thumb) => this.goTo(Number(thumb.dataset.page), { focusThumb: true }));
    roving($("page-text"), "button.line", (line) => {
      for (const other of $("page-text").querySelectorAll("button.line")) /** @type {HTMLElement} */ (other).tabIndex = other === line ? 0 : -1;
      line.focus();
    });
    // Colours come from the stylesheet; redraw when the colour scheme changes, and fit the page to the width.
    matchMedia("(prefers-color-scheme: dark)").addEventListener("change", () => this.review.entry && this.renderThumbs(this.review.shown.result));
    let width = innerWidth;
    addEventListener("resize", () => {
      if (this.review.entry && Math.abs(innerWidth - width) > 40 && document.body.dataset.state === "done") {
        width = innerWidth;
        this.renderPage();
      }
    });
  }
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
