// The parts of pdf.js (pdfjs/pdf.min.mjs, from pdfjs-dist) that pages.js uses, as pdfjs-dist's own type
// files declare them; the build ships the module without those files.
export const GlobalWorkerOptions: { workerSrc: string };

export interface PageViewport {
  width: number;
  height: number;
}

export interface RenderTask {
  promise: Promise<void>;
  cancel(extraDelay?: number): void;
}

export interface PDFPageProxy {
  getViewport(options: { scale: number }): PageViewport;
  render(options: {
    canvasContext?: CanvasRenderingContext2D;
    canvas: HTMLCanvasElement | null;
    viewport: PageViewport;
    annotationMode?: number;
  }): RenderTask;
  cleanup(resetStats?: boolean): boolean;
}

export interface PDFDocumentProxy {
  getPage(pageNumber: number): Promise<PDFPageProxy>;
}

export interface PDFDocumentLoadingTask {
  promise: Promise<PDFDocumentProxy>;
  destroy(): Promise<void>;
}

export function getDocument(source: {
  data: Uint8Array;
  password?: string;
  cMapUrl?: string;
  cMapPacked?: boolean;
  wasmUrl?: string;
  iccUrl?: string;
  enableXfa?: boolean;
  isEvalSupported?: boolean;
  verbosity?: number;
}): PDFDocumentLoadingTask;
