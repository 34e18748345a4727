// @ts-check
// Draws a PDF's pages with pdf.js, which the page imports the first time it shows a page (the first visit
// does not load it before the tool is ready). pdf.js only draws: the text, the boxes and every decision
// come from the pagefurniture package. Our boxes are in the visible page's points from its top-left
// corner, which is what a pdf.js viewport at scale 1 measures (the crop box clipped to the media box).

/** @typedef {import("./pdfjs/pdf.min.mjs")} PdfJs */
/** @typedef {import("./pdfjs/pdf.min.mjs").RenderTask} RenderTask */

/** @param {string} path */
const here = (path) => new URL(path, import.meta.url).href;
/** @type {Promise<PdfJs> | null} */
let library = null;

function pdfjs() {
  library ??= import("./pdfjs/pdf.min.mjs").then((lib) => {
    lib.GlobalWorkerOptions.workerSrc = here("./pdfjs/pdf.worker.min.mjs"); // a module worker
    return lib;
  });
  return library;
}

// One PDF opened in pdf.js. `bytes` is handed over to pdf.js's worker: the caller must not use it again
// (a copy would be one more copy of a large file in memory).
export class Drawing {
  /**
   * @param {ArrayBuffer} bytes
   * @param {string | null} password
   */
  constructor(bytes, password) {
    this.task = pdfjs().then((lib) => lib.getDocument({
      data: new Uint8Array(bytes),
      password: password ?? undefined,
      cMapUrl: here("./pdfjs/cmaps/"),
      cMapPacked: true,
      wasmUrl: here("./pdfjs/wasm/"),
      iccUrl: here("./pdfjs/wasm/"),
      enableXfa: false,
      isEvalSupported: false,
      verbosity: 0,
    }));
    this.document = this.task.then((task) => task.promise);
    /** @type {Map<HTMLCanvasElement, RenderTask>} */
    this.tasks = new Map(); // canvas → the render task drawing into it
  }

  // Draws page `number` into `canvas`, `width` CSS pixels wide at the screen's pixel ratio (the canvas's
  // CSS size is its caller's); resolves with the scale (CSS pixels per point) or null when this drawing
  // was replaced by a newer one into the same canvas.
  /**
   * @param {number} number
   * @param {HTMLCanvasElement} canvas
   * @param {number} width
   * @returns {Promise<number | null>}
   */
  async draw(number, canvas, width) {
    const doc = await this.document;
    const page = await doc.getPage(number);
    const scale = width / page.getViewport({ scale: 1 }).width;
    const viewport = page.getViewport({ scale: scale * (window.devicePixelRatio || 1) });
    this.tasks.get(canvas)?.cancel();
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    const context = /** @type {CanvasRenderingContext2D} */ (canvas.getContext("2d"));
    const task = page.render({ canvasContext: context, canvas, viewport, annotationMode: 0 });
    this.tasks.set(canvas, task);
    try {
      await task.promise;
    } catch (error) {
      if (/** @type {Error} */ (error)?.name === "RenderingCancelledException") return null;
      throw error;
    } finally {
      if (this.tasks.get(canvas) === task) this.tasks.delete(canvas);
      // What pdf.js kept to draw this page (its operators, its pictures) is given back: a page is drawn
      // again only when it is shown again, and a long file would otherwise keep every page it drew.
      page.cleanup(); // refused by pdf.js while another drawing of the page is under way
    }
    return scale;
  }

  destroy() {
    for (const task of this.tasks.values()) task.cancel();
    this.task.then((task) => task.destroy(), () => null);
  }
}
