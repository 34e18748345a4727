"""The worker's Python side without a browser: pagefurniture.web's answers, the lazy character maps, and
the AES stand-in for `cryptography` checked against the real library."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from pdfs import DATA

from pagefurniture import analyze, cli, guard, web

REPO = Path(__file__).resolve().parents[1]


def run(data: bytes, name: str, password: str | None = None) -> str:
    """What the page does with a main worker and one helper: the helper reads every third page, the main
    worker the pages before the last, and finish() reads the rest itself."""
    opened = json.loads(web.open_pdf(data, name, password))
    if not opened["ok"]:
        return json.dumps(opened)
    helper = web.read_pages  # the same module plays the helper: shared pages are not kept
    shared = [helper(n, n, share=True) for n in range(1, opened["pages"] + 1, 3)]
    for n in range(1, opened["pages"]):
        if n % 3 != 1:
            assert json.loads(web.read_pages(n, n)) == {"ok": True}
    return web.finish(shared)


def test_pages_shared_out_give_the_same_answer_as_reading_in_one_go():
    data = (DATA / "annual-report.pdf").read_bytes()
    assert run(data, "annual-report.pdf") == (json.loads(web.open_pdf(data, "annual-report.pdf")) and web.finish())


def test_a_shared_page_comes_back_whole():
    report = analyze(DATA / "annual-report.pdf")
    json.loads(web.open_pdf((DATA / "annual-report.pdf").read_bytes(), "annual-report.pdf"))
    answer = json.loads(web.read_pages(2, 3, share=True))
    assert [web._page_from(page) for page in answer["pages"]] == list(report.pages[1:3])


def test_reading_needs_an_open_pdf():
    web.open_pdf(b"not a pdf", "x.pdf")
    assert json.loads(web.read_pages(1, 1))["ok"] is False
    assert json.loads(web.finish())["ok"] is False


def test_run_answers_with_everything_the_page_shows():
    answer = json.loads(run((DATA / "annual-report.pdf").read_bytes(), "annual-report.pdf"))
    assert answer["ok"] is True
    report = analyze(DATA / "annual-report.pdf")
    assert answer["files"] == {
        "clean": {"file_name": "annual-report.clean.txt", "media_type": "text/plain;charset=utf-8",
                  "text": report.cleaned_text()},
        "removed": {"file_name": "annual-report.removed.jsonl", "media_type": "application/jsonl;charset=utf-8",
                    "text": report.removed_jsonl()},
        "report": {"file_name": "annual-report.report.json", "media_type": "application/json;charset=utf-8",
                   "text": report.to_json()},
        "pages": {"file_name": "annual-report.pages.jsonl", "media_type": "application/jsonl;charset=utf-8",
                  "text": report.pages_jsonl()},
    }
    assert [p["page"] for p in answer["layout"]] == list(range(1, 10))
    for page, shown in zip(report.pages, answer["layout"]):
        assert [line[5] for line in shown["lines"]] == [line.text for line in page.lines]
        assert [tuple(line[:4]) for line in shown["lines"]] == [line.box for line in page.lines]
    members = {(p, i): g.id for g in report.groups for p, i in g.members}
    assert all(line[4] == members.get((page["page"], i), -1)
               for page in answer["layout"] for i, line in enumerate(page["lines"]))


def test_choose_starts_from_the_detector_and_applies_every_choice():
    json.loads(run((DATA / "annual-report.pdf").read_bytes(), "annual-report.pdf"))
    removed = [g.id for g in analyze(DATA / "annual-report.pdf").groups if g.remove]
    assert removed, "the test PDF has furniture"
    first = json.loads(web.choose([removed[0]], []))
    assert first["groups"][removed[0]]["remove"] is False
    # Choices are absolute: leaving a group out of both lists gives it back to the detector.
    again = json.loads(web.choose([], []))
    assert again["groups"][removed[0]]["remove"] is True
    assert again["files"]["clean"]["text"] == analyze(DATA / "annual-report.pdf").cleaned_text()
    assert json.loads(web.choose([999], []))["ok"] is False


@pytest.mark.parametrize("name", ["annual-report.pdf", " Annual Report 2025 .PDF", "notes.pdf.pdf", ".pdf"])
def test_the_page_offers_the_names_and_bytes_the_command_line_writes_with_out_dir(tmp_path, name):
    pdf = tmp_path / "in" / name
    pdf.parent.mkdir()
    pdf.write_bytes((DATA / "annual-report.pdf").read_bytes())
    assert cli.main([str(pdf), "--out-dir", str(tmp_path / "out")]) == 0
    written = {path.name: path.read_text(encoding="utf-8") for path in (tmp_path / "out").iterdir()}
    answer = json.loads(run(pdf.read_bytes(), name))
    assert {file["file_name"]: file["text"] for file in answer["files"].values()} == written
    assert len(written) == 4


@pytest.mark.parametrize(("name", "data", "kind"), [
    ("notes.pdf", b"just text", "not-a-pdf"),
    ("locked.pdf", (DATA / "password-secret.pdf").read_bytes(), "password-required"),
    ("scan.pdf", (DATA / "no-text.pdf").read_bytes(), "no-text"),
])
def test_errors_are_answers_not_exceptions(name, data, kind):
    answer = json.loads(run(data, name))
    assert answer == {"ok": False, "error": {"kind": kind, "message": answer["error"]["message"], "detail": ""}}
    assert answer["error"]["message"]
    assert json.loads(web.choose([], []))["ok"] is False  # no report is left over from an earlier file


def test_wrong_and_right_password():
    data = (DATA / "password-secret.pdf").read_bytes()
    assert json.loads(run(data, "a.pdf", "nope"))["error"]["kind"] == "wrong-password"
    assert json.loads(run(data, "a.pdf", "secret"))["ok"] is True


def test_character_maps_are_fetched_once_by_name_only(monkeypatch, tmp_path):
    from pdfminer import cmapdb
    from pdfminer.cmapdb import CMapDB

    real = Path(cmapdb.__file__).parent / "cmap"
    # pdfminer looks for a map beside its cmapdb module and in $CMAP_PATH: make both empty, as in the browser.
    monkeypatch.setattr(cmapdb, "__file__", str(tmp_path / "pdfminer" / "cmapdb.py"))
    monkeypatch.setenv("CMAP_PATH", str(tmp_path / "nowhere"))
    monkeypatch.setattr(guard, "_cmap_source", None)  # what the test registers is forgotten after it
    with pytest.raises(CMapDB.CMapNotFound):
        CMapDB._load_data("UniJIS-UCS2-H")
    asked = []

    def fetch(url):
        asked.append(url)
        name = url.rsplit("/", 1)[1]
        return (real / name).read_bytes() if (real / name).exists() else None

    web.install("https://site.invalid/app/cmap", fetch=fetch)
    assert CMapDB._load_data("UniJIS-UCS2-H").CODE2CID
    CMapDB._load_data("UniJIS-UCS2-H")
    assert asked == ["https://site.invalid/app/cmap/UniJIS-UCS2-H.json.gz"]
    assert (tmp_path / "pdfminer" / "cmap" / "UniJIS-UCS2-H.json.gz").read_bytes() == \
        (real / "UniJIS-UCS2-H.json.gz").read_bytes()
    for hostile in ("../../etc/passwd", "a/b", "", "Nothing-Like-This"):
        with pytest.raises(CMapDB.CMapNotFound):
            CMapDB._load_data(hostile)
    assert asked[1:] == ["https://site.invalid/app/cmap/Nothing-Like-This.json.gz"]


@pytest.fixture
def shim(monkeypatch):
    """The stand-in imported as `cryptography`, with an engine built on the real library's AES-CBC."""
    from cryptography.hazmat.primitives.ciphers import Cipher as RealCipher
    from cryptography.hazmat.primitives.ciphers import algorithms as real_algorithms
    from cryptography.hazmat.primitives.ciphers import modes as real_modes

    class Engine:
        def cbc(self, key, iv, encrypt):
            cipher = RealCipher(real_algorithms.AES(key), real_modes.CBC(iv))
            context = cipher.encryptor() if encrypt else cipher.decryptor()

            class Mode:
                @staticmethod
                def run(data):
                    assert len(data) % 16 == 0, "the engine only ever gets whole blocks"
                    return context.update(data)

            return Mode()

    saved = {name: mod for name, mod in sys.modules.items() if name == "cryptography" or name.startswith("cryptography.")}
    for name in saved:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(REPO / "py" / "shims"))
    import cryptography
    from cryptography.hazmat.backends import default_backend
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    assert cryptography.__file__.startswith(str(REPO / "py" / "shims"))
    cryptography.set_engine(Engine())
    yield Cipher, algorithms, modes, default_backend, (RealCipher, real_algorithms, real_modes)
    for name in [n for n in sys.modules if n == "cryptography" or n.startswith("cryptography.")]:
        del sys.modules[name]
    sys.modules.update(saved)


@pytest.mark.parametrize("key_size", [16, 32])
def test_aes_stand_in_matches_the_real_library(shim, key_size):
    Cipher, algorithms, modes, default_backend, (RealCipher, real_algorithms, real_modes) = shim
    key, iv = os.urandom(key_size), os.urandom(16)
    data = os.urandom(16 * 37)
    expected = RealCipher(real_algorithms.AES(key), real_modes.CBC(iv)).encryptor().update(data)
    encryptor = Cipher(algorithms.AES(key), modes.CBC(iv), backend=default_backend()).encryptor()
    # Pieces that are not whole blocks are kept until the block is complete, as in the real library.
    out = b"".join(encryptor.update(data[a:b]) for a, b in [(0, 5), (5, 40), (40, 41), (41, 600), (600, 592)])
    out += encryptor.update(data[600:]) + encryptor.finalize()
    assert out == expected
    decryptor = Cipher(algorithms.AES(key), modes.CBC(iv)).decryptor()
    assert decryptor.update(expected[:100]) + decryptor.update(expected[100:]) == data
    with pytest.raises(ValueError):  # finalize with a partial block left over
        _finalize_with_leftover(Cipher, algorithms, modes, key, iv)
    with pytest.raises(ValueError):
        algorithms.AES(b"short")


def _finalize_with_leftover(Cipher, algorithms, modes, key, iv):  # noqa: N803 - classes passed in
    context = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    context.update(b"x" * 17)
    return context.finalize()
