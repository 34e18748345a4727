// Run by build.py under node: start the site's Pyodide, run precompile.py in it, and copy out what it wrote;
// then start Pyodide again on what it wrote (the trimmed standard library, the compiled wheels) and run
// precompile.py's check there, which fails the build if the trimmed library lacks anything that run needs.
//
//     node precompile.mjs DIR
//
// DIR holds Pyodide's files, precompile.py, the modules of the site's kernel (index.mjs, given to Python
// as READER, as the worker gives it) and in/ (the standard library zip, the wheels and the sample PDF, which are copied to /work in
// Pyodide's file system); what precompile.py writes to /work/out comes back in DIR/out.
import fs from "node:fs";
import { pathToFileURL } from "node:url";
const [dir] = process.argv.slice(2);
// Python's errors carry their traceback in the message; node would print a line of minified Pyodide first.
for (const event of ["unhandledRejection", "uncaughtException"]) process.on(event, (error) => {
  console.error(error?.message ?? error);
  process.exit(1);
});
const { loadPyodide } = await import(pathToFileURL(dir + "/pyodide.mjs").href);
const script = fs.readFileSync(dir + "/precompile.py", "utf8");
const reader = await import(pathToFileURL(dir + "/index.mjs").href);

const py = await loadPyodide({ indexURL: dir + "/" });
py.FS.mkdirTree("/work/out");
for (const name of fs.readdirSync(dir + "/in")) py.FS.writeFile("/work/" + name, fs.readFileSync(dir + "/in/" + name));
py.globals.set("READER", reader);
py.runPython(script);
for (const name of py.FS.readdir("/work/out")) {
  if (!name.startsWith(".")) fs.writeFileSync(dir + "/out/" + name, py.FS.readFile("/work/out/" + name));
}

const trimmed = await loadPyodide({ indexURL: dir + "/", stdLibURL: dir + "/out/python_stdlib.zip" });
trimmed.FS.mkdirTree("/work/out");
const site = trimmed.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
for (const name of fs.readdirSync(dir + "/in")) {
  const made = fs.existsSync(dir + "/out/" + name) ? dir + "/out/" + name : dir + "/in/" + name;
  if (name.endsWith(".whl")) trimmed.unpackArchive(new Uint8Array(fs.readFileSync(made)), "wheel", { extractDir: site });
  else trimmed.FS.writeFile("/work/" + name, fs.readFileSync(made));
}
trimmed.FS.writeFile("/work/out/stdlib.json", fs.readFileSync(dir + "/out/stdlib.json"));
trimmed.globals.set("CHECK", true);
trimmed.globals.set("READER", reader);
trimmed.runPython(script);
