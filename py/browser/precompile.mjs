// Run by build.py under node: start the site's Pyodide, run precompile.py in it, and copy out what it wrote.
//
//     node precompile.mjs DIR
//
// DIR holds Pyodide's files, precompile.py, and in/ (the standard library zip, the wheels and the sample
// PDF, which are copied to /work in Pyodide's file system); what precompile.py writes to /work/out comes
// back in DIR/out.
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const [dir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const py = await loadPyodide({ indexURL: dir + "/" });
py.FS.mkdirTree("/work/out");
for (const name of fs.readdirSync(dir + "/in")) py.FS.writeFile("/work/" + name, fs.readFileSync(dir + "/in/" + name));
py.runPython(fs.readFileSync(dir + "/precompile.py", "utf8"));
for (const name of py.FS.readdir("/work/out")) {
  if (!name.startsWith(".")) fs.writeFileSync(dir + "/out/" + name, py.FS.readFile("/work/out/" + name));
}
