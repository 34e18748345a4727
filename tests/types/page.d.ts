// What the page's scripts add to the window, and what they use of the browser that TypeScript's DOM
// library does not declare.

interface Window {
  // The main worker start.js started while the page loaded, with what it said meanwhile, until bridge.js
  // takes it over (then null; undefined before start.js ran).
  pagefurnitureWorker?: { worker: Worker; early: (MessageEvent | ErrorEvent)[] } | null;
  // app/main.js: for tests and the console.
  openFile?: (file: File) => void;
  openFiles?: (files: Iterable<File>) => void;
}

interface Navigator {
  // The Network Information API, in Chromium only: the data saver.
  readonly connection?: { readonly saveData?: boolean };
}
