// The parts of Pyodide (pyodide/pyodide.mjs, from its npm package) that worker.js uses. The build ships the
// module without its own type files; Python's objects stay `any`, as they are on the Python side.
export interface PyodideAPI {
  runPython(code: string): any;
  pyimport(name: string): any;
  unpackArchive(buffer: ArrayBuffer | ArrayBufferView, format: string, options?: { extractDir?: string }): void;
}

export function loadPyodide(options: { indexURL: string; lockFileContents?: unknown }): Promise<PyodideAPI>;
