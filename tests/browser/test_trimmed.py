"""The page on the trimmed standard library: the paths that import modules late (a ZIP of several files,
an AES-encrypted PDF opened with its password, a CJK PDF that loads character maps, a cut-off file, a file
that is not a PDF) each give what the command line gives, and no module is ever missing.

build.py ships only the modules the worker can import (py/browser/precompile.py derives them); a module it
left out by mistake would show here as an error where the command line has a result.
"""

from __future__ import annotations

import io
import json
import zipfile
from urllib.request import urlopen

from conftest import DATA, open_pdf, wait_state
from pagefurniture.cli import main as cli
from test_page import cli_outputs, download
from test_review import drop_copies


def test_the_page_runs_on_the_trimmed_standard_library(base_url):
    with urlopen(base_url + "pyodide/python_stdlib.zip") as response:
        names = set(zipfile.ZipFile(io.BytesIO(response.read())).namelist())
    assert "pdb.py" not in names and "pydoc.py" not in names and "doctest.py" not in names
    assert {"zipfile/__init__.pyc", "encodings/cp1252.py", "traceback.pyc"} <= names


def test_the_late_imports_work_on_the_trimmed_standard_library(page, shared, tmp_path):
    _, recorder = shared
    # AES-256, decrypted by aes-js through the cryptography stand-in, after the password prompt.
    open_pdf(page, DATA / "password-secret.pdf", expect="password")
    page.fill("#password-input", "secret")
    page.press("#password-input", "Enter")
    wait_state(page, "done")
    expected = cli_outputs(DATA / "password-secret.pdf", tmp_path / "aes", "--password", "secret")
    assert download(page, "clean.txt", tmp_path)[1] == expected["clean.txt"]
    # Its cleaned PDF: the page hands the password over with the file again.
    with page.expect_download(timeout=120_000) as info:
        page.click("#dl-pdf")
    assert cli([str(DATA / "password-secret.pdf"), "--password", "secret", "--pdf", str(tmp_path / "aes.pdf")]) == 0
    assert info.value.path().read_bytes() == (tmp_path / "aes.pdf").read_bytes()

    # A CJK font: pdfminer's character map is fetched and read (gzip, json) when the page needs it.
    open_pdf(page, DATA / "japanese.pdf")
    assert download(page, "clean.txt", tmp_path)[1] == cli_outputs(DATA / "japanese.pdf", tmp_path / "cjk")["clean.txt"]
    assert any("/cmap/" in url for _, url, _, _ in recorder.requests)
    # Its cleaned PDF: the writer and what it imports, imported only now.
    with page.expect_download(timeout=120_000) as info:
        page.click("#dl-pdf")
    assert cli([str(DATA / "japanese.pdf"), "--pdf", str(tmp_path / "cjk.pdf")]) == 0
    assert info.value.path().read_bytes() == (tmp_path / "cjk.pdf").read_bytes()

    # A cut-off file and a file that is not a PDF: the error path, with its message made in Python.
    cut = tmp_path / "cut.pdf"
    cut.write_bytes((DATA / "annual-report.pdf").read_bytes()[:700])
    open_pdf(page, cut, expect="error")
    assert page.inner_text("#error-title") == "The file is cut off"
    open_pdf(page, DATA / "not-a-pdf.pdf", expect="error")
    assert page.inner_text("#error-title") == "Wrong kind of file"

    # Several files and one ZIP, written by zipfile in the worker, the same as the command line's folder.
    folder = tmp_path / "in"
    drop_copies(page, folder, ["annual-report.pdf", "japanese.pdf", "owner-password.pdf"])
    with page.expect_download() as info:
        page.click("#zip")
    archive = zipfile.ZipFile(io.BytesIO(info.value.path().read_bytes()))
    assert cli([str(folder), "--out-dir", str(tmp_path / "cli"), "--manifest", str(tmp_path / "cli" / "manifest.jsonl")]) == 0
    written = {p.name: p.read_bytes() for p in (tmp_path / "cli").iterdir()}
    made = {name: archive.read(name) for name in archive.namelist()}
    # The manifest's lines but for the seconds each file took, and the outputs byte for byte.
    ours, theirs = ([{**json.loads(line), "seconds": 0} for line in files.pop("manifest.jsonl").splitlines()]
                    for files in (made, written))
    assert [row["status"] for row in ours] == ["ok", "ok", "ok"]
    assert [{**row, "file": 0} for row in ours] == [{**row, "file": 0} for row in theirs]
    assert made == written
    assert len(written) == 12

    assert not [line for line in recorder.console if "ModuleNotFoundError" in line or "No module named" in line]
