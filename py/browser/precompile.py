"""Run by py/browser/precompile.mjs inside Pyodide under node, at build time: the page's Python, trimmed and compiled.

Pyodide ships its whole standard library as source, so every start of the page compiles each module it
imports again, and every first visit downloads modules the page never imports. This installs the wheels
from /work, imports the package and reads the sample PDF as the page does, then writes to /work/out:

- python_stdlib.zip holding only the modules the page can import: the static import closure (every
  ``import`` in every module, function bodies and ``try`` blocks included, ``if TYPE_CHECKING:`` left out)
  of our wheels, pdfminer.six, charset_normalizer and Pyodide's own ``pyodide`` and ``_pyodide`` packages,
  with what the run imported and every ``encodings`` codec (``bytes.decode`` may be handed any codec name)
  added. The modules the run touched are bytecode (.pyc only); the others stay source, which is smaller.
- our wheels and pdfminer's with every module as bytecode. The bytecode is made by Pyodide's own Python,
  so it matches the interpreter the page runs.
- stdlib.json: the closure (the standard library modules the zip must hold), the ones of them that import
  here, and the sample's result, which the second run (``CHECK`` set) compares with what it gets on the
  trimmed zip; build.py checks the zip against the closure.
"""

import ast
import importlib
import importlib._bootstrap_external as be
import importlib.util
import json
import os
import sys
import sysconfig
import zipfile

WORK = "/work"
STAMP = (1980, 1, 1, 0, 0, 0)
# Where the imports are followed from: the modules the worker imports by name (pagefurniture.web, and the
# stand-in for cryptography that web.install() hands the AES engine to), and every module of Pyodide's own
# packages, which its JavaScript imports by name.
ENTRIES = ("pagefurniture.web", "cryptography")
ROOTS = ("pyodide", "_pyodide")
# The code the page calls into, whose imports inside functions are followed too. In the standard library a
# function's import is how a module defers what only some of its uses need (pydoc for help(), _pyrepl for
# an interactive prompt, a test runner for __main__): there only the imports a module makes when it is
# imported are followed, and those inside the functions the page calls come from the run above, which
# goes through the page's late paths (a choice, a ZIP, refused files, an error's traceback).
CALLED = [*ENTRIES[0].split(".")[:1], "cryptography", "pdfminer", "charset_normalizer", *ROOTS]
# A codec is found by name at run time (bytes.decode, codecs.lookup), out of sight of any import statement.
BY_NAME = ("encodings",)
site_packages = sysconfig.get_paths()["purelib"]
CHECK = globals().get("CHECK", False)  # set by precompile.mjs for the run on the trimmed zip
READER = globals().get("READER")  # site/kernel/index.mjs, set by precompile.mjs


def sample_result() -> str:
    """What the page does with the sample, a choice, a ZIP of its outputs, and files it refuses (not a PDF,
    cut off), with a traceback formatted as for an unexpected error: the answers, joined."""
    import traceback

    from pagefurniture import web

    web.install(reader=READER)  # read as in the page, by the kernel (site/kernel/)
    with open(f"{WORK}/sample.pdf", "rb") as fh:
        sample = fh.read()
    answers = [web.open_pdf(sample, "sample.pdf"), web.finish([web.read_pages(1, 1, share=True)], "s"),
               web.choose("s", [0], [], [], [[2, 0]]), web.outputs("s", [0], [], [], [[2, 0]])]
    texts = json.loads(answers[-1])["texts"]
    answers.append(str(len(web.zip_outputs([
        {"file": "sample.pdf", "path": "sample.pdf", "texts": texts, "status": "ok", "pages": 6, "removed_lines": 1,
         "error": None, "seconds": 0.5},
        {"file": "notes.txt", "path": "notes.txt", "texts": None, "status": "failed", "pages": None,
         "removed_lines": None, "error": "this is not a PDF", "seconds": 0.1}]))))
    answers += [web.open_pdf(b"hello", "notes.txt"), web.open_pdf(sample[: len(sample) // 2], "cut.pdf"),
                web.finish()]
    try:
        raise ValueError("a traceback")
    except ValueError:
        answers.append(traceback.format_exc().splitlines()[-1])
    return "\n".join(answers)


def module_name(path: str) -> str | None:
    """``a/b/__init__.py`` -> ``a.b``, ``a/b.py`` -> ``a.b``; None for anything else."""
    if not path.endswith(".py"):
        return None
    parts = path[:-3].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts) or None


def sources(zip_path: str) -> dict[str, tuple[str, bytes]]:
    """{module name: (path in the zip, source)} of the .py files in a zip."""
    out = {}
    with zipfile.ZipFile(zip_path) as zf:
        for name in zf.namelist():
            module = module_name(name)
            if module is not None:
                out[module] = (name, zf.read(name))
    return out


def _never_on_import(test: ast.expr) -> bool:
    """``if TYPE_CHECKING:`` (true only under a type checker) and ``if __name__ == "__main__":`` (true only
    when the module is run as a script), whose bodies never run when a module is imported."""
    if isinstance(test, ast.Compare) and isinstance(test.left, ast.Name) and test.left.id == "__name__":
        return any(isinstance(c, ast.Constant) and c.value == "__main__" for c in test.comparators)
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def imported_names(module: str, source: bytes, is_package: bool, in_functions: bool) -> set[str]:
    """Every module name an import in ``source`` may load (a name that is no module is harmless); with
    ``in_functions``, the imports inside functions too."""
    names: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    todo = [ast.parse(source, module)]
    while todo:
        node = todo.pop()
        if not in_functions and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            continue
        if isinstance(node, ast.If) and _never_on_import(node.test):
            todo.extend(node.orelse)
            continue
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1] if package else []
                prefix = ".".join(base + ([node.module] if node.module else []))
            else:
                prefix = node.module or ""
            if prefix:
                names.add(prefix)
            names.update(f"{prefix}.{alias.name}" if prefix else alias.name for alias in node.names)
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in ("import_module", "__import__"):
                names.add(node.args[0].value)
        todo.extend(ast.iter_child_nodes(node))
    # Importing a.b.c imports a and a.b first.
    return {".".join(name.split(".")[:i]) for name in names for i in range(1, name.count(".") + 2)}


def closure(known: dict[str, tuple[str, bytes]], start: set[str]) -> set[str]:
    """The modules of ``known`` reachable from ``start`` by imports."""
    seen: set[str] = set()
    todo = [name for name in start if name in known]
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        path, source = known[module]
        parents = {".".join(module.split(".")[:i]) for i in range(1, module.count(".") + 1)}
        deep = module.split(".")[0] in CALLED
        found = imported_names(module, source, path.endswith("/__init__.py"), deep) | parents
        todo.extend(name for name in found if name in known and name not in seen)
    return seen


def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(be._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def rewrite(src_path, out_path, prefix, compiled, keep=None):
    """Copy a zip, writing the .py files in ``compiled`` (or all when it is None) as .pyc; with ``keep``,
    only the modules it names, their packages' data files and the folders."""
    src = zipfile.ZipFile(src_path)
    with zipfile.ZipFile(out_path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in src.infolist():
            name = info.filename
            module = module_name(name)
            if keep is not None and not info.is_dir():
                owner = module if module is not None else name.rpartition("/")[0].replace("/", ".")
                if owner not in keep:
                    continue
            data = src.read(info)
            if module is not None and (compiled is None or prefix + name in compiled):
                entry = zipfile.ZipInfo(name + "c", STAMP)
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = 0o644 << 16
                out.writestr(entry, pyc(data, prefix + name))
            else:
                entry = zipfile.ZipInfo(name, STAMP)
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = info.external_attr
                out.writestr(entry, data)


def importable(names):
    ok = []
    for name in sorted(names):
        try:
            importlib.import_module(name)
        except BaseException:
            continue
        ok.append(name)
    return ok


def check():
    """On the trimmed zip: the sample gives the same result, and every module of the closure that imported
    with the whole standard library imports."""
    with open(f"{WORK}/out/stdlib.json") as fh:
        made = json.load(fh)
    if sample_result() != made["sample"]:
        raise SystemExit("the sample PDF gives a different result on the trimmed standard library")
    lost = sorted(set(made["importable"]) - set(importable(made["importable"])))
    if lost:
        raise SystemExit("these modules import with the whole standard library but not with the trimmed one: "
                         + ", ".join(lost))


def make():
    wheels = sorted(n for n in os.listdir(WORK) if n.endswith(".whl"))
    for name in wheels:
        zipfile.ZipFile(f"{WORK}/{name}").extractall(site_packages)
    result = sample_result()
    # The modules the package defers are imported by the pages that need them, and looked up at every
    # start: for a module in the zip, zipimport's find_spec reads its code, so it must be bytecode too, or
    # each start compiles its source (gzip's took 46 ms under node).
    from pagefurniture.read import _deferred

    for name in _deferred.DEFERRED:
        _deferred.load(name)
    traced = set(sys.modules)
    hot = {m.__spec__.origin for m in list(sys.modules.values())
           if getattr(m, "__spec__", None) is not None and isinstance(m.__spec__.origin, str)}

    stdlib = sources(f"{WORK}/python_stdlib.zip")
    ours: dict[str, tuple[str, bytes]] = {}
    for name in wheels:
        ours.update(sources(f"{WORK}/{name}"))
    known = {**stdlib, **ours}
    start = {m for m in known if m.split(".")[0] in ROOTS + BY_NAME} | set(ENTRIES) | traced
    needed = sorted(closure(known, start) & stdlib.keys())

    zip_prefix = os.__file__[: os.__file__.index(".zip/") + 5]  # where the standard library zip is mounted
    rewrite(f"{WORK}/python_stdlib.zip", f"{WORK}/out/python_stdlib.zip", zip_prefix, hot, set(needed))
    for name in wheels:  # every wheel the page installs, the stand-in for cryptography too
        rewrite(f"{WORK}/{name}", f"{WORK}/out/{name}", site_packages + "/", None)
    with open(f"{WORK}/out/stdlib.json", "w") as fh:
        json.dump({"closure": needed, "importable": importable(needed), "sample": result}, fh, indent=0)


if CHECK:
    check()
else:
    make()
