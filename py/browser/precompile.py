"""Run by py/browser/precompile.mjs inside Pyodide under node, at build time: make bytecode for the page's Python.

Pyodide ships its standard library as source, so every start of the page compiles each module it imports
again. This installs the wheels from /work, imports the package and reads the sample PDF as the page
does, then writes to /work/out the standard library zip with the modules that touched as bytecode (.pyc
only; the others stay source, which is smaller) and our wheels and pdfminer's with every module as
bytecode. The bytecode is made by Pyodide's own Python, so it matches the interpreter the page runs.
"""

import importlib._bootstrap_external as be
import importlib.util
import os
import sys
import sysconfig
import zipfile

WORK = "/work"
STAMP = (1980, 1, 1, 0, 0, 0)
site_packages = sysconfig.get_paths()["purelib"]
wheels = sorted(n for n in os.listdir(WORK) if n.endswith(".whl"))
for name in wheels:
    zipfile.ZipFile(f"{WORK}/{name}").extractall(site_packages)
from pagefurniture import web  # noqa: E402 - importable only once the wheels are unpacked

web.open_pdf(open(f"{WORK}/sample.pdf", "rb").read(), "sample.pdf")
web.finish([web.read_pages(1, 1, share=True)])
hot = {m.__spec__.origin for m in list(sys.modules.values())
       if getattr(m, "__spec__", None) is not None and isinstance(m.__spec__.origin, str)}


def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    return bytes(be._code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def rewrite(src_path, out_path, prefix, only_hot):
    src = zipfile.ZipFile(src_path)
    with zipfile.ZipFile(out_path, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in src.infolist():
            data = src.read(info)
            name = info.filename
            if name.endswith(".py") and (not only_hot or prefix + name in hot):
                entry = zipfile.ZipInfo(name + "c", STAMP)
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = 0o644 << 16
                out.writestr(entry, pyc(data, prefix + name))
            else:
                entry = zipfile.ZipInfo(name, STAMP)
                entry.compress_type = zipfile.ZIP_DEFLATED
                entry.external_attr = info.external_attr
                out.writestr(entry, data)


zip_prefix = os.__file__[: os.__file__.index(".zip/") + 5]  # where the standard library zip is mounted
rewrite(f"{WORK}/python_stdlib.zip", f"{WORK}/out/python_stdlib.zip", zip_prefix, True)
for name in wheels:
    if name.startswith(("pdfminer", "charset_normalizer", "pagefurniture")):
        rewrite(f"{WORK}/{name}", f"{WORK}/out/{name}", site_packages + "/", False)
