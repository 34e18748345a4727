#!/usr/bin/env python3
"""Build the static web page into one self-contained folder, check it, or serve it on 127.0.0.1.

    python build.py                  # build dist/ from site/, py/ and the pinned inputs below
    python build.py --check          # re-hash dist/ against the manifest the build wrote
    python build.py --serve          # build, then serve dist/ on http://127.0.0.1:PORT/ (CSP header set)

Every input from outside this repository is pinned below by version and sha256 and is verified before
use; a file whose hash differs is refused (expected and actual are printed). Downloads are cached in
.cache/. Nothing in the built folder refers to any other origin, and every URL in it is relative, so
the folder works from any static host and any sub-path. Standard library only; node (if present) runs
Pyodide once at build time to precompile the Python modules the page imports.
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import gzip
import hashlib
import http.server
import importlib.util
import io
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import threading
import urllib.request
import zipfile
from dataclasses import dataclass, replace
from pathlib import Path
from typing import ClassVar

ROOT = Path(__file__).resolve().parent
SITE = ROOT / "site"
PY = ROOT / "py"
CACHE = ROOT / ".cache"
OUT = ROOT / "dist"
MANIFEST = "manifest.json"


@dataclass(frozen=True)
class Pin:
    """One input from outside this repository: where it is, the bytes it must have, and what it is."""

    name: str
    version: str
    url: str
    sha256: str
    licence: str  # SPDX id
    source: str  # where its source code is, for licences.txt

    @property
    def filename(self) -> str:
        return self.url.rsplit("/", 1)[1]


# -- pinned inputs ---------------------------------------------------------------------------------------
PYODIDE = Pin("pyodide", "314.0.7", "https://registry.npmjs.org/pyodide/-/pyodide-314.0.7.tgz",
              "66b7949e5a0cba2250b586d7e368bf12fb482800748d182c4618254b685ffaa0",
              "MPL-2.0", "https://github.com/pyodide/pyodide")
AES_JS = Pin("aes-js", "3.1.2", "https://registry.npmjs.org/aes-js/-/aes-js-3.1.2.tgz",
             "39fde7102536b528b7382bd27de3cb3196bd4d975397a3b64cecde6014c6c466",
             "MIT", "https://github.com/ricmoo/aes-js")
PDFMINER = Pin("pdfminer.six", "20260107",
               "https://files.pythonhosted.org/packages/20/8b/28c4eaec9d6b036a52cb44720408f26b1a143ca9bce76cc19e8f5de00ab4/"
               "pdfminer_six-20260107-py3-none-any.whl",
               "366585ba97e80dffa8f00cebe303d2f381884d8637af4ce422f1df3ef38111a9",
               "MIT", "https://github.com/pdfminer/pdfminer.six")
CHARSET_NORMALIZER = Pin("charset-normalizer", "3.5.3",
                         "https://files.pythonhosted.org/packages/d2/0d/07ab8eb9b7015274353eac2add4067bde1ab1b51912bbae505392905eedd/"
                         "charset_normalizer-3.5.3-py3-none-any.whl",
                         "96e268b0cbda016ac519513294fcd17032264085b600abaac58b93049477e132",
                         "MIT", "https://github.com/jawah/charset_normalizer")
# pdf.js draws the pages on the review view; the page imports it the first time it shows a page.
PDFJS = Pin("pdfjs-dist", "6.5.438", "https://registry.npmjs.org/pdfjs-dist/-/pdfjs-dist-6.5.438.tgz",
            "7461aefcd27c4ef0dd76f9ca5760f09466eb6b3f934432670c12132e7b3d6faa",
            "Apache-2.0", "https://github.com/mozilla/pdf.js")
# Not served: the licence texts for components whose package carries none (Pyodide's npm package has no
# licence file; the Python licence of the interpreter and standard library inside it).
SPDX_LICENCES = Pin("spdx-license-list", "6.12.0",
                    "https://registry.npmjs.org/spdx-license-list/-/spdx-license-list-6.12.0.tgz",
                    "54cc8d13086187333ca1457c8edaa06d9a412144f076aa7f7c1b59c4f3b0a1ef",
                    "CC0-1.0", "https://github.com/sindresorhus/spdx-license-list")
PINS = (PYODIDE, AES_JS, PDFMINER, CHARSET_NORMALIZER, PDFJS, SPDX_LICENCES)

# The parts of the Pyodide package the page runs; the console pages, source maps and type files stay out.
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
PYODIDE_LOCK = "pyodide-lock.json"  # read for its "info"; the site gets our own, listing our wheels
# The parts of pdf.js the page uses (in pdfjs/): the library and its module worker (the "legacy" build, which
# runs in browsers a few years old too; the other one needs this year's JavaScript), the character maps for
# text in CJK fonts that are not embedded, and the image and colour decoders (JPEG 2000, JBIG2, ICC). Its
# viewer, scripting sandbox, standard fonts (the browser's own stand in) and source maps stay out.
PDFJS_FILES = ("legacy/build/pdf.min.mjs", "legacy/build/pdf.worker.min.mjs", "wasm/openjpeg.wasm", "wasm/jbig2.wasm",
               "wasm/qcms_bg.wasm")
PDFJS_LICENCES = ("LICENSE", "cmaps/LICENSE", "wasm/LICENSE_OPENJPEG", "wasm/LICENSE_PDFJS_OPENJPEG",
                  "wasm/LICENSE_JBIG2", "wasm/LICENSE_PDFJS_JBIG2", "wasm/LICENSE_QCMS", "wasm/LICENSE_PDFJS_QCMS")
# Fetched the first time a PDF needs one, then kept by the service worker; not loaded on the first visit.
ON_USE = ("cmap/", "pdfjs/cmaps/", "pdfjs/wasm/")
LICENCES = "licences.txt"  # in the built folder: every component the site serves, with its licence
# The two scripts, and the kernel the page hands Python (site/kernel/, whose modules import each other by
# name from one folder), so that the run reads the sample as the page does.
PRECOMPILE = (ROOT / "py" / "browser" / "precompile.mjs", ROOT / "py" / "browser" / "precompile.py",
              *sorted((ROOT / "site" / "kernel").glob("*.mjs")))

# The title of each kind of error, which the page shows above the message: written by the build from
# py/pagefurniture/errors.py, where each kind has its title, so that no title is typed twice.
ERRORS = PY / "pagefurniture" / "errors.py"
ERROR_TITLES = "app/error-titles.js"

# Only the page's own origin. Pyodide compiles WebAssembly ('wasm-unsafe-eval'); downloads are blob: URLs.
CSP = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; connect-src 'self'; "
       "img-src 'self' data: blob:; style-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'none'; frame-ancestors 'none'")
CSP_META = CSP.replace("; frame-ancestors 'none'", "")  # frame-ancestors is ignored (and warned about) in <meta>

# Wheels are written with a fixed time stamp so the same sources give the same bytes.
ZIP_TIME = (1980, 1, 1, 0, 0, 0)


class BuildError(Exception):
    """A build input or output is wrong; the message says which and what to do."""


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


# -- inputs ----------------------------------------------------------------------------------------------

def fetch(pin: Pin, cache: Path = CACHE) -> bytes:
    """Return the pinned file's bytes, from the cache or the registry, after checking its sha256."""
    path = cache / pin.filename
    if path.exists():
        data = path.read_bytes()
    else:
        print(f"downloading {pin.name} {pin.version} ({pin.url})", file=sys.stderr)
        with urllib.request.urlopen(pin.url, timeout=120) as response:
            data = response.read()
    actual = sha256(data)
    if actual != pin.sha256:
        raise BuildError(f"{pin.name} {pin.version} ({path}) does not match its pin:\n"
                         f"  expected sha256 {pin.sha256}\n  actual   sha256 {actual}\n"
                         "the file was changed or the download was corrupted; delete it and build again, "
                         "or update the pin in build.py only after checking the new file")
    if not path.exists():
        cache.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".part")
        tmp.write_bytes(data)
        tmp.replace(path)
    return data


def npm_files(tarball: bytes, names: tuple[str, ...], folders: tuple[str, ...] = ()) -> dict[str, bytes]:
    """The files ``names`` of an npm package, and every file in ``folders`` (names ending in "/")."""
    out = {}
    with tarfile.open(fileobj=io.BytesIO(tarball), mode="r:gz") as tar:
        for member in tar.getmembers():
            name = member.name.removeprefix("package/")
            if member.isfile() and (name in names or name.startswith(folders)):
                out[name] = tar.extractfile(member).read()
    missing = set(names) - set(out)
    if missing:
        raise BuildError(f"the npm package lacks {', '.join(sorted(missing))}")
    return out


# -- wheels ----------------------------------------------------------------------------------------------

def write_wheel(name: str, version: str, files: dict[str, bytes], requires: tuple[str, ...] = ()) -> tuple[str, bytes]:
    """Make a pure-Python wheel from {path in site-packages: bytes}; returns (file name, bytes)."""
    dist = re.sub(r"[-_.]+", "_", name)
    info = f"{dist}-{version}.dist-info"
    files = dict(sorted(files.items()))
    files[f"{info}/METADATA"] = ("Metadata-Version: 2.1\nName: " + name + "\nVersion: " + version + "\n"
                                 + "".join(f"Requires-Dist: {r}\n" for r in requires)).encode()
    files[f"{info}/WHEEL"] = (b"Wheel-Version: 1.0\nGenerator: pagefurniture-build\nRoot-Is-Purelib: true\n"
                              b"Tag: py3-none-any\n")
    files[f"{info}/top_level.txt"] = "".join(sorted({p.split("/")[0] + "\n" for p in files if "/" in p
                                                     and not p.startswith(info)})).encode()
    record = [_record_entry(path, data) for path, data in files.items()]
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = ("\n".join(record) + "\n").encode()
    return f"{dist}-{version}-py3-none-any.whl", _zip(files)


def _record_entry(path: str, data: bytes) -> str:
    """A wheel's RECORD line for one file."""
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def _zip(files: dict[str, bytes]) -> bytes:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as zf:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, ZIP_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            zf.writestr(info, data)
    return buf.getvalue()


def package_files(directory: Path, prefix: str) -> dict[str, bytes]:
    files = {}
    for path in sorted(directory.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix in (".py", ".typed"):
            files[f"{prefix}/{path.relative_to(directory).as_posix()}"] = path.read_bytes()
    return files


def module_version(path: Path) -> str:
    """The ``__version__ = "..."`` a module sets (read as text: the build does not import the package)."""
    match = re.search(r'^__version__ = "([^"]+)"', path.read_text(), re.M)
    if not match:
        raise BuildError(f"{path.relative_to(ROOT)} has no __version__")
    return match.group(1)


# pdfminer's __init__ finds its own version with importlib.metadata, which scans every folder on sys.path
# and imports the email package: a quarter of the time the page spends importing pagefurniture.web. The
# page ships exactly PDFMINER.version, so the build writes that in instead.
PDFMINER_INIT = "pdfminer/__init__.py"
PDFMINER_VERSION_LOOKUP = b'__version__ = version("pdfminer.six")'


def split_pdfminer(wheel: bytes) -> tuple[bytes, dict[str, bytes]]:
    """Repack pdfminer.six without its CJK character maps (6.4 of its 6.6 MB), with its version written
    into its __init__ (see PDFMINER_INIT); return the maps apart.

    pdfminer reads cmap/NAME.json.gz from its package folder only when a PDF uses that encoding, so the
    page serves them as static files and the worker fetches the one a PDF needs (see pagefurniture.web).
    """
    kept: dict[str, bytes] = {}
    cmaps: dict[str, bytes] = {}
    record = ""
    with zipfile.ZipFile(io.BytesIO(wheel)) as zf:
        for info in zf.infolist():
            name = info.filename
            if name.startswith("pdfminer/cmap/"):
                if not info.is_dir():
                    cmaps[name.removeprefix("pdfminer/cmap/")] = zf.read(info)
            elif name.endswith("/RECORD"):
                record = name
                kept[name] = zf.read(info)
            elif not info.is_dir() and ".data/scripts/" not in name:
                kept[name] = zf.read(info)
    if PDFMINER_VERSION_LOOKUP not in kept.get(PDFMINER_INIT, b""):
        raise BuildError(f"{PDFMINER.filename}: {PDFMINER_INIT} no longer looks its version up as this build "
                         "expects; see PDFMINER_INIT in build.py")
    kept[PDFMINER_INIT] = (f'"""pdfminer.six {PDFMINER.version}; the version is written in by pagefurniture\'s '
                           f'build.py."""\n\n__version__ = "{PDFMINER.version}"\n').encode()
    lines = [line for line in kept[record].decode().splitlines() if not line.startswith("pdfminer/cmap/")]
    kept[record] = "".join((_record_entry(PDFMINER_INIT, kept[PDFMINER_INIT]) if line.startswith(PDFMINER_INIT + ",")
                            else line) + "\n" for line in lines).encode()
    return _zip(kept), cmaps



# -- precompiling -----------------------------------------------------------------------------------------
# Pyodide ships its standard library as source, so every start compiles each module it imports again:
# measured here, most of the start-up time. The build runs the same Pyodide under node (py/browser/precompile.mjs
# and .py), imports the package and reads the sample PDF, and stores the modules that this touched as
# bytecode (.pyc only). Modules that are never imported stay as source: bytecode is larger, and the
# first-visit payload counts. Modules the worker cannot import at all (pdb, pydoc, _pyrepl, xml, ...) are
# left out; precompile.py says how that set is found.


def precompile_key(inputs: dict[str, bytes]) -> str:
    """The cache key of a precompile run: the name and sha256 of every input, the two scripts included."""
    key = hashlib.sha256()
    for name, data in sorted(inputs.items()):
        key.update(name.encode() + b"\0" + hashlib.sha256(data).digest())
    return key.hexdigest()[:24]


def precompile(pyodide: dict[str, bytes], wheels: dict[str, bytes], sample: bytes, cache: Path,
               *, quiet: bool = False) -> dict[str, bytes]:
    """Return {file name: bytes} for the standard library zip and the wheels, as bytecode.

    Needs node; without it the sources are shipped unchanged (the page then starts more slowly). The
    result is cached under a key made of every input, so a build from the same inputs gives the same bytes.
    """
    inputs = {**{path.name: path.read_bytes() for path in PRECOMPILE}, **pyodide, **wheels, "sample.pdf": sample}
    cached = cache / f"precompiled-{precompile_key(inputs)}.zip"
    if cached.exists():
        with zipfile.ZipFile(cached) as zf:
            return {name: zf.read(name) for name in zf.namelist()}
    node = shutil.which("node")
    if node is None:
        print("note: node is not installed, so Python modules are shipped as source; "
              "the page will start more slowly", file=sys.stderr)
        return {}
    if not quiet:
        print("precompiling Python modules with Pyodide under node…", file=sys.stderr)
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        (work / "in").mkdir()
        (work / "out").mkdir()
        for name in (*PYODIDE_FILES, PYODIDE_LOCK):
            (work / name).write_bytes(pyodide[name])
        (work / "in" / "python_stdlib.zip").write_bytes(pyodide["python_stdlib.zip"])
        for name, data in wheels.items():
            (work / "in" / name).write_bytes(data)
        (work / "in" / "sample.pdf").write_bytes(sample)
        for path in PRECOMPILE:
            shutil.copyfile(path, work / path.name)
        done = subprocess.run([node, str(work / PRECOMPILE[0].name), str(work)], capture_output=True, text=True,
                              timeout=900)
        if done.returncode != 0:
            raise BuildError("precompiling the Python modules failed:\n" + done.stderr[-3000:])
        out = {path.name: path.read_bytes() for path in sorted((work / "out").iterdir())}
    cache.mkdir(parents=True, exist_ok=True)
    for old in cache.glob("precompiled-*.zip"):  # results for earlier sources are not needed again
        old.unlink()
    with zipfile.ZipFile(cached, "w", zipfile.ZIP_STORED) as zf:
        for name, data in out.items():
            zf.writestr(zipfile.ZipInfo(name, ZIP_TIME), data)
    return out


def trimmed_stdlib(stdlib: bytes, made: bytes) -> bytes:
    """The trimmed standard library zip, after checking that it holds every module of the import closure
    precompile.py found (a module the page may import and cannot find would be an error in the browser)."""
    with zipfile.ZipFile(io.BytesIO(stdlib)) as zf:
        present = set(zf.namelist())
    needed = json.loads(made)["closure"]
    missing = [name for name in needed
               if not {f"{name.replace('.', '/')}{tail}" for tail in (".py", ".pyc", "/__init__.py", "/__init__.pyc")}
               & present]
    if missing or not needed:
        raise BuildError("the trimmed standard library lacks modules the page may import: "
                         f"{', '.join(missing) or 'all of them'}; delete .cache/precompiled-*.zip and build again")
    return stdlib


# -- the error titles ------------------------------------------------------------------------------------

def error_titles(source: Path = ERRORS) -> bytes:
    """app/error-titles.js: {kind: title} for the bug kind and every kind of error ``source`` defines.

    The module is run on its own (it imports nothing of the package). A class that names a kind of its own
    needs a title of its own (one that names none is its parent's kind); a kind without one, or two
    classes of the same kind, fail the build.
    """
    spec = importlib.util.spec_from_file_location("pagefurniture_errors", source)
    if spec is None or spec.loader is None:
        raise BuildError(f"cannot load {source}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    titles = {module.BUG_KIND: module.BUG_TITLE}
    todo = list(module.PageFurnitureError.__subclasses__())
    while todo:
        kind = todo.pop(0)
        todo.extend(kind.__subclasses__())
        if "kind" not in kind.__dict__:
            continue
        title = kind.__dict__.get("title")
        if not isinstance(title, str) or not title:
            raise BuildError(f"{source.name}: {kind.__name__} needs a title of its own, which the web page shows "
                             "above the message of its kind")
        if kind.kind in titles:
            raise BuildError(f"{source.name}: {kind.__name__} has the kind {kind.kind!r} of another error")
        titles[kind.kind] = title
    return (f"// Written by build.py from py/pagefurniture/errors.py, where each kind of error has its title.\n"
            f"export const BUG_KIND = {json.dumps(module.BUG_KIND)};\n"
            f"export const TITLES = Object.freeze({json.dumps(titles, indent=2, ensure_ascii=False)});\n").encode()


# -- the build -------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Wheel:
    """A wheel the page installs, as our lock file lists it (the worker fetches and checks each one)."""

    key: str  # the lock file's name for it, which "depends" refers to
    name: str
    version: str
    file_name: str
    data: bytes
    imports: tuple[str, ...]
    depends: tuple[str, ...] = ()

    def lock_entry(self) -> dict:
        return {"name": self.name, "version": self.version, "file_name": self.file_name, "install_dir": "site",
                "sha256": sha256(self.data), "package_type": "package", "imports": list(self.imports),
                "depends": list(self.depends), "unvendored_tests": False, "shared_library": False, "tool": {}}


@dataclass(frozen=True)
class Licence:
    """A component the site serves, as licences.txt lists it."""

    name: str
    version: str
    licence: str  # SPDX id
    source: str
    text: str
    files: tuple[str, ...]  # the files of the built folder it covers (patterns with * for a folder's files)
    text_from: str = ""  # where the licence text was taken from, when not from the component itself

    @classmethod
    def of(cls, pin: Pin, text: bytes | str, files: tuple[str, ...], text_from: str = "") -> Licence:
        text = text.decode() if isinstance(text, bytes) else text
        return cls(pin.name, pin.version, pin.licence, pin.source, text, files, text_from)


@dataclass
class Collected:
    """Everything the site is made of, checked: served files by path, the wheels and the licences."""

    files: dict[str, bytes]
    wheels: list[Wheel]
    lock_info: dict  # Pyodide's own lock file's "info" (its Python version and ABI), which ours repeats
    licences: list[Licence]


def build(out: Path = OUT, cache: Path = CACHE, *, quiet: bool = False) -> dict:
    """Assemble the deployable folder; return the manifest."""
    collected = collect(cache, quiet=quiet)
    files = dict(collected.files)
    files[f"pyodide/{PYODIDE_LOCK}"] = lock(collected.wheels, collected.lock_info)
    files[LICENCES] = licences_text(collected.licences)
    return write(out, files, quiet=quiet)


def collect(cache: Path, *, quiet: bool = False) -> Collected:
    """Fetch and check every pinned input, build our own wheels, precompile, and read site/."""
    files: dict[str, bytes] = {}

    pyodide = npm_files(fetch(PYODIDE, cache), (*PYODIDE_FILES, PYODIDE_LOCK))
    for name in PYODIDE_FILES:
        files[f"pyodide/{name}"] = pyodide[name]
    lock_info = json.loads(pyodide[PYODIDE_LOCK])["info"]

    # aes-js is a UMD script; a module worker has no `this` to attach it to, so it is given a CommonJS
    # `module` and re-exported. Its code is used unchanged.
    aes = npm_files(fetch(AES_JS, cache), ("index.js", "LICENSE.txt"))
    files["vendor/aes.mjs"] = (f"// aes-js {AES_JS.version} ({AES_JS.licence}, see {LICENCES}), unchanged, wrapped "
                               "as an ES module.\n".encode() + b"const module = { exports: {} };\n"
                               b"const exports = module.exports;\n" + aes["index.js"]
                               + b"\nexport default module.exports;\n")

    pdfjs = npm_files(fetch(PDFJS, cache), PDFJS_FILES + PDFJS_LICENCES, ("cmaps/",))
    for name, data in pdfjs.items():
        if name in PDFJS_LICENCES:
            continue
        files["pdfjs/" + name.removeprefix("legacy/build/")] = data

    pdfminer, cmaps = split_pdfminer(fetch(PDFMINER, cache))
    charset = fetch(CHARSET_NORMALIZER, cache)
    wheels = [
        Wheel("pdfminer-six", PDFMINER.name, PDFMINER.version, PDFMINER.filename, pdfminer, ("pdfminer",),
              ("charset-normalizer", "cryptography")),
        Wheel("charset-normalizer", CHARSET_NORMALIZER.name, CHARSET_NORMALIZER.version, CHARSET_NORMALIZER.filename,
              charset, ("charset_normalizer",)),
        # The stand-in for `cryptography` (AES through aes-js), which pdfminer imports for encrypted files.
        own_wheel("cryptography", PY / "shims" / "cryptography", "__init__.py"),
        own_wheel("pagefurniture", PY / "pagefurniture", "_version.py", depends=("pdfminer-six",),
                  requires=(f"pdfminer.six=={PDFMINER.version}",)),
    ]
    sample = (SITE / "sample.pdf").read_bytes()
    compiled = precompile(pyodide, {wheel.file_name: wheel.data for wheel in wheels}, sample, cache, quiet=quiet)
    if "python_stdlib.zip" in compiled:
        files["pyodide/python_stdlib.zip"] = trimmed_stdlib(compiled["python_stdlib.zip"], compiled["stdlib.json"])
    wheels = [replace(wheel, data=compiled.get(wheel.file_name, wheel.data)) for wheel in wheels]
    for wheel in wheels:
        files[f"pyodide/{wheel.file_name}"] = wheel.data
    for name, data in cmaps.items():
        files[f"cmap/{name}"] = data

    for path in sorted(SITE.rglob("*")):
        # The folder's README documents the site's code; it is not part of the site.
        if path.is_file() and not path.name.startswith(".") and path.name != "README.md":
            files[path.relative_to(SITE).as_posix()] = path.read_bytes()
    if "index.html" not in files:
        raise BuildError("site/index.html is missing")
    if ERROR_TITLES in files:
        raise BuildError(f"site/{ERROR_TITLES} is written by the build from {ERRORS.relative_to(ROOT)}; remove it")
    files[ERROR_TITLES] = error_titles()

    licences = collect_licences(cache, lock_info, aes["LICENSE.txt"], pdfminer, charset, pdfjs)
    return Collected(files, wheels, lock_info, licences)


def collect_licences(cache: Path, lock_info: dict, aes_licence: bytes, pdfminer: bytes, charset: bytes,
                     pdfjs: dict[str, bytes]) -> list[Licence]:
    """Each third-party component the site serves, with the licence text its package carries, or else the
    one from the pinned SPDX list."""
    spdx = npm_files(fetch(SPDX_LICENCES, cache), ("licenses/MPL-2.0.json", "licenses/Python-2.0.json"))
    from_spdx = f"{SPDX_LICENCES.name} {SPDX_LICENCES.version} ({SPDX_LICENCES.url})"
    return [
        Licence.of(PYODIDE, json.loads(spdx["licenses/MPL-2.0.json"])["licenseText"],
                   tuple(f"pyodide/{name}" for name in PYODIDE_FILES), from_spdx),
        # The interpreter and standard library Pyodide is built from.
        Licence("Python", lock_info["python"], "Python-2.0", "https://github.com/python/cpython",
                json.loads(spdx["licenses/Python-2.0.json"])["licenseText"],
                ("pyodide/pyodide.asm.wasm", "pyodide/python_stdlib.zip"), from_spdx),
        Licence.of(PDFMINER, _wheel_licence(pdfminer), (f"pyodide/{PDFMINER.filename}", "cmap/*")),
        Licence.of(CHARSET_NORMALIZER, _wheel_licence(charset), (f"pyodide/{CHARSET_NORMALIZER.filename}",)),
        Licence.of(AES_JS, aes_licence, ("vendor/aes.mjs",)),
        Licence.of(PDFJS, pdfjs["LICENSE"], ("pdfjs/pdf.min.mjs", "pdfjs/pdf.worker.min.mjs")),
        # The parts of the pdf.js package made elsewhere, each with the licence the package carries for it.
        Licence("Adobe CMap resources (in pdfjs-dist)", PDFJS.version, "BSD-3-Clause", "https://github.com/adobe-type-tools/cmap-resources",
                pdfjs["cmaps/LICENSE"].decode(), ("pdfjs/cmaps/*",)),
        Licence("OpenJPEG (in pdfjs-dist)", PDFJS.version, "BSD-2-Clause", "https://github.com/uclouvain/openjpeg",
                (pdfjs["wasm/LICENSE_OPENJPEG"] + b"\n\n" + pdfjs["wasm/LICENSE_PDFJS_OPENJPEG"]).decode(),
                ("pdfjs/wasm/openjpeg.wasm",)),
        Licence("PDFium JBIG2 decoder (in pdfjs-dist)", PDFJS.version, "BSD-3-Clause AND Apache-2.0", "https://pdfium.googlesource.com/pdfium",
                (pdfjs["wasm/LICENSE_JBIG2"] + b"\n\n" + pdfjs["wasm/LICENSE_PDFJS_JBIG2"]).decode(),
                ("pdfjs/wasm/jbig2.wasm",)),
        Licence("qcms (in pdfjs-dist)", PDFJS.version, "MIT", "https://github.com/FirefoxGraphics/qcms",
                (pdfjs["wasm/LICENSE_QCMS"] + b"\n\n" + pdfjs["wasm/LICENSE_PDFJS_QCMS"]).decode(),
                ("pdfjs/wasm/qcms_bg.wasm",)),
    ]


def own_wheel(name: str, folder: Path, version_module: str, *, depends: tuple[str, ...] = (),
              requires: tuple[str, ...] = ()) -> Wheel:
    """A wheel of one of our packages in py/, at the version its module ``version_module`` sets."""
    version = module_version(folder / version_module)
    file_name, data = write_wheel(name, version, package_files(folder, name), requires)
    return Wheel(name, name, version, file_name, data, (name,), depends)


def _wheel_licence(wheel: bytes) -> bytes:
    """The licence file a wheel carries in its .dist-info folder."""
    with zipfile.ZipFile(io.BytesIO(wheel)) as zf:
        names = [name for name in zf.namelist() if re.fullmatch(r"[^/]+\.dist-info/(licenses/)?LICEN[CS]E[^/]*", name)]
        if len(names) != 1:
            raise BuildError(f"expected one licence file in the wheel's .dist-info, found {names or 'none'}")
        return zf.read(names[0])


def lock(wheels: list[Wheel], info: dict) -> bytes:
    """Our lock file: exactly the wheels we ship, with their sha256; the worker fetches each one it lists,
    and the browser refuses bytes that differ."""
    packages = {wheel.key: wheel.lock_entry() for wheel in wheels}
    return (json.dumps({"info": info, "packages": packages}, indent=1, sort_keys=True) + "\n").encode()


def licences_text(licences: list[Licence]) -> bytes:
    """licences.txt: each component the site serves, its version, licence, source, files and licence text."""
    rule = "=" * 78
    parts = ["Licences of the components this site serves\n\n"
             "The page runs pagefurniture in your browser with these components. Each is listed with its version,\n"
             "its licence, where its source is, the files of this site it covers, and its licence's text.\n"]
    for item in licences:
        head = [f"{item.name} {item.version}", f"Licence: {item.licence}", f"Source: {item.source}",
                f"Files: {', '.join(item.files)}"]
        if item.text_from:
            head.append(f"Licence text from: {item.text_from}")
        parts.append(f"{rule}\n" + "\n".join(head) + f"\n{rule}\n\n{item.text.strip()}\n")
    return "\n\n".join(parts).encode()


def write(out: Path, files: dict[str, bytes], *, quiet: bool = False) -> dict:
    """Finish the files that name the others (the CSP, the service worker's build id), write the folder
    and its manifest, and replace ``out`` with it in one step; return the manifest."""
    files = dict(files)
    files["index.html"] = files["index.html"].replace(b"__CSP__", CSP_META.encode())
    # The service worker's bytes must change when anything it caches changes, or browsers keep the old one.
    digest = sha256(json.dumps({p: sha256(d) for p, d in sorted(files.items()) if p != "sw.js"}).encode())[:16]
    if "sw.js" in files:
        files["sw.js"] = files["sw.js"].replace(b"__BUILD__", digest.encode())
    manifest = {
        "build": digest,
        "inputs": [{"name": p.name, "version": p.version, "url": p.url, "sha256": p.sha256} for p in PINS],
        "precache": sorted(p for p in files if not p.startswith(ON_USE) and p != "sw.js"),
        "files": {p: sha256(d) for p, d in sorted(files.items())},
    }
    tmp = out.with_name(out.name + ".tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    for path, data in files.items():
        target = tmp / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
    (tmp / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    if out.exists():
        shutil.rmtree(out)
    tmp.replace(out)
    if not quiet:
        first = sum(len(files[p]) for p in manifest["precache"])
        print(f"built {out} ({len(files)} files, {sum(map(len, files.values())) / 1e6:.1f} MB; "
              f"{first / 1e6:.1f} MB before compression are loaded on the first visit)", file=sys.stderr)
    return manifest


def check(out: Path = OUT) -> list[str]:
    """Re-hash the built folder against its manifest; return the problems (empty when all is well)."""
    try:
        manifest = json.loads((out / MANIFEST).read_text())
    except (OSError, ValueError) as exc:
        return [f"cannot read {out / MANIFEST}: {exc}"]
    problems = []
    listed = manifest["files"]
    for path, expected in listed.items():
        target = out / path
        if not target.is_file():
            problems.append(f"missing: {path}")
            continue
        actual = sha256(target.read_bytes())
        if actual != expected:
            problems.append(f"changed: {path}\n  expected sha256 {expected}\n  actual   sha256 {actual}")
    for target in sorted(out.rglob("*")):
        path = target.relative_to(out).as_posix()
        if target.is_file() and path != MANIFEST and path not in listed:
            problems.append(f"not in the manifest: {path}")
    return problems


# -- the local server ------------------------------------------------------------------------------------

TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".json": "application/json", ".wasm": "application/wasm", ".zip": "application/zip",
         ".whl": "application/zip", ".pdf": "application/pdf", ".gz": "application/gzip",
         ".txt": "text/plain; charset=utf-8", ".png": "image/png", ".svg": "image/svg+xml",
         ".ico": "image/x-icon", ".webmanifest": "application/manifest+json"}
COMPRESS = {".html", ".js", ".mjs", ".css", ".json", ".wasm", ".txt", ".svg", ".pdf"}


class Handler(http.server.BaseHTTPRequestHandler):
    """Serves the built folder: GET and HEAD only, the CSP header, gzip, ETags from the manifest."""

    root: Path = OUT
    hashes: ClassVar[dict[str, str]] = {}
    gzipped: ClassVar[dict[str, bytes]] = {}
    lock = threading.Lock()
    quiet = False
    protocol_version = "HTTP/1.1"

    def do_HEAD(self) -> None:
        self._send(body=False)

    def do_GET(self) -> None:
        self._send(body=True)

    def _send(self, body: bool) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        path = urllib.request.url2pathname(path).lstrip("/")
        if path == "" or path.endswith("/"):
            path += "index.html"
        target = (self.root / path).resolve()
        if self.root.resolve() not in target.parents or not target.is_file():
            return self._plain(404, "not found")
        rel = target.relative_to(self.root.resolve()).as_posix()
        data = target.read_bytes()
        etag = '"' + (self.hashes.get(rel) or sha256(data))[:32] + '"'
        headers = {"Content-Type": TYPES.get(target.suffix, "application/octet-stream"),
                   "Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
                   "Referrer-Policy": "no-referrer", "Cache-Control": "no-cache", "ETag": etag}
        if self.headers.get("If-None-Match") == etag:
            self.send_response(304)
            for key, value in headers.items():
                self.send_header(key, value)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        if target.suffix in COMPRESS and "gzip" in self.headers.get("Accept-Encoding", ""):
            with self.lock:
                packed = self.gzipped.get(etag)
                if packed is None:
                    packed = self.gzipped[etag] = gzip.compress(data, 6, mtime=0)
            data = packed
            headers["Content-Encoding"] = "gzip"
            headers["Vary"] = "Accept-Encoding"
        self.send_response(200)
        for key, value in headers.items():
            self.send_header(key, value)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        if body:
            self.wfile.write(data)
            with self.lock:
                self.server.bytes_sent += len(data)
                self.server.sent[rel] = self.server.sent.get(rel, 0) + len(data)

    def _plain(self, code: int, text: str) -> None:
        data = text.encode()
        self.send_response(code)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self) -> None:  # a static site receives nothing
        self._plain(405, "this site accepts no uploads")

    do_PUT = do_DELETE = do_PATCH = do_POST

    def log_message(self, format: str, *args) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    bytes_sent = 0  # response bodies sent, as compressed on the wire; the tests measure the payload

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.sent: dict[str, int] = {}  # the same by file of the folder

    def handle_error(self, request, client_address) -> None:
        # A browser that closes a connection it no longer needs is normal, not an error worth a traceback.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def make_server(out: Path = OUT, port: int = 0, *, quiet: bool = False) -> Server:
    """A server for the built folder on 127.0.0.1 (port 0 picks a free one); call serve_forever()."""
    try:
        hashes = json.loads((out / MANIFEST).read_text())["files"]
    except (OSError, ValueError):
        hashes = {}
    handler = type("SiteHandler", (Handler,), {"root": out, "hashes": hashes, "gzipped": {}, "quiet": quiet})
    return Server(("127.0.0.1", port), handler)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build, check or serve the pagefurniture web page.")
    parser.add_argument("--out", type=Path, default=OUT, help="output folder (default: dist/)")
    parser.add_argument("--cache", type=Path, default=CACHE, help="download cache (default: .cache/)")
    parser.add_argument("--check", action="store_true", help="re-hash the built folder against its manifest")
    parser.add_argument("--serve", action="store_true", help="build, then serve the folder on 127.0.0.1")
    parser.add_argument("--no-build", action="store_true", help="with --serve: serve what is already built")
    parser.add_argument("--port", type=int, default=8000, help="port for --serve (default 8000, 0 = any free)")
    args = parser.parse_args(argv)
    try:
        if args.check:
            problems = check(args.out)
            for problem in problems:
                print(f"error: {problem}", file=sys.stderr)
            if problems:
                print(f"error: {args.out} does not match its manifest ({len(problems)} problem"
                      f"{'s' if len(problems) != 1 else ''}); build it again", file=sys.stderr)
                return 1
            print(f"{args.out}: every file matches {MANIFEST}", file=sys.stderr)
            return 0
        if not (args.serve and args.no_build):
            build(args.out, args.cache)
        if args.serve:
            server = make_server(args.out, args.port)
            print(f"serving {args.out} at http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C stops)", flush=True)
            with contextlib.suppress(KeyboardInterrupt):
                server.serve_forever()
        return 0
    except BuildError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
