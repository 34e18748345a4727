"""The worker's Python side without a browser: pagefurniture.web's answers, the lazy character maps, and
the AES stand-in for `cryptography` checked against the real library."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from pagefurniture import MissingCharacterMap, analyze, cli, web
from pagefurniture.read import cmaps, kernel
from pdfs import DATA

REPO = Path(__file__).resolve().parents[2]


def run(data: bytes, name: str, password: str | None = None, key: str = "") -> str:
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
    return web.finish(shared, key)


def texts(key: str = "", *choices: list) -> dict:
    """The output files' text the page is given for the file read under ``key``, with those choices."""
    answer = json.loads(web.outputs(key, *choices))
    assert answer["ok"], answer
    return answer["texts"]


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
        "clean": {"file_name": "annual-report.clean.txt", "media_type": "text/plain;charset=utf-8"},
        "removed": {"file_name": "annual-report.removed.jsonl", "media_type": "application/jsonl;charset=utf-8"},
        "report": {"file_name": "annual-report.report.json", "media_type": "application/json;charset=utf-8"},
        "pages": {"file_name": "annual-report.pages.jsonl", "media_type": "application/jsonl;charset=utf-8"},
    }
    # Their text is made when the page asks for it.
    assert texts() == {"clean": report.cleaned_text(), "removed": report.removed_jsonl(), "report": report.to_json(),
                       "pages": report.pages_jsonl()}
    assert [p["page"] for p in answer["layout"]] == list(range(1, 10))
    for page, shown in zip(report.pages, answer["layout"], strict=False):
        assert [line[5] for line in shown["lines"]] == [line.text for line in page.lines]
        assert [tuple(line[:4]) for line in shown["lines"]] == [line.box for line in page.lines]
        assert [line[7] for line in shown["lines"]] == [report.line_decision(page.number, i)
                                                         for i in range(len(page.lines))]
    members = {(p, i): g.id for g in report.groups for p, i in g.members}
    assert all(line[4] == members.get((page["page"], i), -1)
               for page in answer["layout"] for i, line in enumerate(page["lines"]))
    # Which lines are struck is said once, by Python: exactly the removed ones.
    struck = {(page["page"], i) for page in answer["layout"] for i, line in enumerate(page["lines"]) if line[6]}
    assert struck == {(row.page, row.index) for row in report.removed()}
    assert answer["command"] == "pagefurniture annual-report.pdf"
    header = next(g for g in answer["groups"] if g["text"] == "Annual Report 2025")
    assert header["runs"] == ["2-9"]


def test_choose_starts_from_the_detector_and_applies_every_choice():
    json.loads(run((DATA / "annual-report.pdf").read_bytes(), "annual-report.pdf", key="a"))
    report = analyze(DATA / "annual-report.pdf")
    removed = [g for g in report.groups if g.remove]
    assert removed, "the test PDF has furniture"
    first = json.loads(web.choose("a", [removed[0].id], []))
    assert first["groups"][removed[0].id]["remove"] is False
    assert first["command"] == f"pagefurniture annual-report.pdf --keep {removed[0].id}"
    # Choices are absolute: leaving a group out of both lists gives it back to the detector.
    again = json.loads(web.choose("a", [], []))
    assert again["groups"][removed[0].id]["remove"] is True
    assert texts("a", [], [])["clean"] == report.cleaned_text()
    assert texts("a", [removed[0].id], [])["clean"] == report.choose(keep=[removed[0].id]).cleaned_text()
    assert json.loads(web.choose("a", [999], []))["ok"] is False
    assert json.loads(web.outputs("a", [999], []))["ok"] is False


def test_choose_since_answers_with_what_changed_and_the_rest_merges_into_the_full_answer():
    json.loads(run((DATA / "annual-report.pdf").read_bytes(), "annual-report.pdf", key="a"))
    report = analyze(DATA / "annual-report.pdf")
    group = next(g for g in report.groups if g.remove)
    page, index = next((3, i) for i in range(len(report.pages[2].lines)) if (3, i) not in report.removed_keys())
    grouped = {p for p, _ in group.members}
    # Each step's choices, and the pages whose lines differ from the step before.
    steps = [(([group.id], [], [], []), grouped), (([group.id], [], [], [[page, index]]), {page}),
             (([], [], [], [[1, 0]]), grouped | {page, 1})]
    shown = json.loads(web.choose("a"))
    for choices, pages in steps:
        full = json.loads(web.choose("a", *choices))
        part = json.loads(web.choose("a", *choices, since=shown["choices"]))
        assert part["partial"] is True and "partial" not in full
        assert {p["page"] for p in part["layout"]} == pages
        assert [g["id"] for g in part["groups"]] == ([] if pages == {page} else [group.id])
        merged = {**shown, **part, "groups": list(shown["groups"]), "layout": list(shown["layout"])}
        for item in part["groups"]:
            merged["groups"][item["id"]] = item
        for item in part["layout"]:
            merged["layout"][item["page"] - 1] = item
        del merged["partial"]
        assert merged == full
        shown = full
    assert json.loads(web.choose("a", [999], [], since={}))["ok"] is False


def test_choose_takes_single_lines_and_answers_with_the_lines_struck():
    json.loads(run((DATA / "annual-report.pdf").read_bytes(), "annual-report.pdf", key="a"))
    report = analyze(DATA / "annual-report.pdf")
    page, index = next(g for g in report.groups if g.remove).members[0]
    answer = json.loads(web.choose("a", [], [], [[page, index]], [[1, 0]]))
    expected = report.choose(keep_lines=[(page, index)], remove_lines=[(1, 0)])
    assert texts("a", [], [], [[page, index]], [[1, 0]])["report"] == expected.to_json()
    assert answer["command"] == f"pagefurniture annual-report.pdf --keep-line {page}:{index} --remove-line 1:0"
    lines = {(p["page"], i): line for p in answer["layout"] for i, line in enumerate(p["lines"])}
    assert lines[(page, index)][6] is False and lines[(page, index)][7].startswith("kept by you, this line only")
    assert lines[(1, 0)][6] is True
    assert json.loads(web.choose("a", [], [], [[99, 0]], []))["error"]["message"].startswith("there is no page 99")


def test_the_reports_of_several_files_are_kept_apart_and_the_oldest_forgotten():
    data = (DATA / "annual-report.pdf").read_bytes()
    for n in range(web.KEEP_REPORTS + 1):
        assert json.loads(run(data, f"file-{n}.pdf", key=f"k{n}"))["ok"]
    assert json.loads(web.choose("k0", [], []))["error"]["kind"] == "forgotten"
    assert json.loads(web.outputs("k0"))["error"]["kind"] == "forgotten"
    assert json.loads(web.choose("k1", [], []))["name"] == "file-1.pdf"
    assert json.loads(web.choose(f"k{web.KEEP_REPORTS}", [], []))["name"] == f"file-{web.KEEP_REPORTS}.pdf"
    web.forget("k1")
    assert json.loads(web.choose("k1", [], []))["error"]["kind"] == "forgotten"


def zip_entry(path: str, answer: dict, key: str = "") -> dict:
    """What the page hands zip_outputs for one file it was given, from Python's answer for that file."""
    if not answer["ok"]:
        return {"file": path, "path": path, "texts": None, "status": "failed", "pages": None, "removed_lines": None,
                "error": answer["error"]["message"], "seconds": 0.5}
    return {"file": path, "path": path, "texts": texts(key), "status": answer["outcome"]["status"],
            "pages": answer["summary"]["pages"], "removed_lines": answer["summary"]["lines_removed"],
            "error": answer["outcome"]["error"], "seconds": 0.5}


def test_one_zip_holds_what_out_dir_and_manifest_write_for_a_folder(tmp_path, monkeypatch):
    import io
    import zipfile

    import pdfs

    folder = tmp_path / "docs"
    (folder / "sub").mkdir(parents=True)
    (folder / "annual-report.pdf").write_bytes((DATA / "annual-report.pdf").read_bytes())
    (folder / "sub" / "japanese.pdf").write_bytes((DATA / "japanese.pdf").read_bytes())
    pdfs.truncated(folder / "cut.pdf")
    pdfs.not_a_pdf(folder / "notes.pdf")
    monkeypatch.chdir(tmp_path)
    assert cli.main(["docs", "--out-dir", "out", "--manifest", "out/manifest.jsonl"]) == cli.EXIT_FAILED
    written = {path.relative_to(tmp_path / "out").as_posix(): path.read_bytes()
               for path in (tmp_path / "out").rglob("*") if path.is_file()}
    cli_rows = [json.loads(line) for line in written.pop("manifest.jsonl").decode().splitlines()]
    files = [zip_entry(path, json.loads(run((tmp_path / path).read_bytes(), path.rsplit("/", 1)[1])))
             for path in ("docs/annual-report.pdf", "docs/cut.pdf", "docs/notes.pdf", "docs/sub/japanese.pdf")]
    archive = zipfile.ZipFile(io.BytesIO(web.zip_outputs(files)))
    made = {name: archive.read(name) for name in archive.namelist()}
    rows = [json.loads(line) for line in made.pop("manifest.jsonl").decode().splitlines()]
    # The outputs as --out-dir lays them out (the folder's own name is not kept), the failed file has none.
    assert made == written
    # One line per file, failed ones included, with --manifest's columns and values (but for the time taken).
    assert [{**row, "seconds": 0} for row in rows] == [{**row, "seconds": 0} for row in cli_rows]
    assert [row["status"] for row in rows] == ["ok", "partial", "failed", "ok"]
    assert [list(row) for row in rows] == [list(web.manifest.COLUMNS)] * 4


def test_in_the_zip_two_files_that_would_write_the_same_outputs_both_stay():
    import io
    import zipfile

    answer = json.loads(run((DATA / "annual-report.pdf").read_bytes(), "annual-report.pdf"))
    files = [zip_entry("annual-report.pdf", answer), {**zip_entry("a/annual-report.pdf", answer), "file": "x (2)"}]
    archive = zipfile.ZipFile(io.BytesIO(web.zip_outputs(files)))
    suffixes = ["clean.txt", "removed.jsonl", "report.json", "pages.jsonl"]
    assert sorted(archive.namelist()) == sorted(["manifest.jsonl", *[f"annual-report.{s}" for s in suffixes],
                                                 *[f"annual-report (2).{s}" for s in suffixes]])
    assert [json.loads(line)["file"] for line in archive.read("manifest.jsonl").decode().splitlines()] == [
        "annual-report.pdf", "x (2)"]


def test_a_zip_refuses_a_status_the_manifest_does_not_have():
    with pytest.raises(ValueError, match="'done' is not a valid Done"):
        web.zip_outputs([{"file": "a.pdf", "path": "a.pdf", "texts": None, "status": "done", "pages": None,
                          "removed_lines": None, "error": None, "seconds": 0}])


@pytest.mark.parametrize("name", ["annual-report.pdf", " Annual Report 2025 .PDF", "notes.pdf.pdf", ".pdf"])
def test_the_page_offers_the_names_and_bytes_the_command_line_writes_with_out_dir(tmp_path, name):
    pdf = tmp_path / "in" / name
    pdf.parent.mkdir()
    pdf.write_bytes((DATA / "annual-report.pdf").read_bytes())
    assert cli.main([str(pdf), "--out-dir", str(tmp_path / "out")]) == 0
    written = {path.name: path.read_text(encoding="utf-8") for path in (tmp_path / "out").iterdir()}
    answer = json.loads(run(pdf.read_bytes(), name))
    made = texts()
    assert {file["file_name"]: made[n] for n, file in answer["files"].items()} == written
    assert len(written) == 4


def test_the_cleaned_pdf_is_the_command_line_s_bytes_for_the_same_choices(tmp_path):
    data = (DATA / "annual-report.pdf").read_bytes()
    answer = json.loads(run(data, "annual-report.pdf", key="c"))
    assert answer["cleaned_pdf"] == {"file_name": "annual-report.clean.pdf", "media_type": "application/pdf"}
    report = analyze(DATA / "annual-report.pdf")
    header = next(g.id for g in report.groups if g.remove)
    pdf = tmp_path / "annual-report.pdf"
    pdf.write_bytes(data)
    for choices, argv in [((), []), (([header], [], [[2, 1]], [[3, 4]]), ["--keep", header, "--keep-line", "2:1",
                                                                          "--remove-line", "3:4"])]:
        assert cli.main([str(pdf), *map(str, argv), "--pdf", str(tmp_path / "cli.pdf")]) == 0
        assert web.cleaned_pdf("c", data, None, *choices) == (tmp_path / "cli.pdf").read_bytes()
    # Made from the bytes the page hands over again; a file no longer kept is read again, as for choose().
    assert json.loads(web.cleaned_pdf("gone", data))["error"]["kind"] == "forgotten"
    refused = json.loads(web.cleaned_pdf("c", (DATA / "japanese.pdf").read_bytes()))
    assert refused["ok"] is False and refused["error"]["kind"] == "not-cleaned"


def test_the_zip_holds_a_cleaned_pdf_as_the_batch_writes_it(tmp_path):
    import io
    import zipfile

    data = (DATA / "annual-report.pdf").read_bytes()
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "annual-report.pdf").write_bytes(data)
    (tmp_path / "in" / "notes.pdf").write_bytes(b"just text")
    out = tmp_path / "out"
    assert cli.main([str(tmp_path / "in"), "--out-dir", str(out), "--clean-pdf", "--manifest",
                     str(out / "manifest.jsonl")]) == cli.EXIT_FAILED
    written = {path.name: path.read_bytes() for path in out.iterdir()}
    cli_rows = [json.loads(line) for line in written.pop("manifest.jsonl").decode().splitlines()]
    entries = [{**zip_entry("in/annual-report.pdf", json.loads(run(data, "annual-report.pdf", key="z")), "z"),
                "pdf": web.cleaned_pdf("z", data)},
               zip_entry("in/notes.pdf", json.loads(run(b"just text", "notes.pdf")))]
    archive = zipfile.ZipFile(io.BytesIO(web.zip_outputs(entries, clean_pdfs=True)))
    made = {name: archive.read(name) for name in archive.namelist()}
    rows = [json.loads(line) for line in made.pop("manifest.jsonl").decode().splitlines()]
    assert made == written
    assert [{**row, "seconds": 0, "file": 0} for row in rows] == [{**row, "seconds": 0, "file": 0} for row in cli_rows]
    assert [row["clean_pdf"] for row in rows] == [True, None]
    twice = zipfile.ZipFile(io.BytesIO(web.zip_outputs([entries[0], entries[0]], clean_pdfs=True)))
    assert "annual-report (2).clean.pdf" in twice.namelist()


@pytest.mark.parametrize(("name", "data", "kind"), [
    ("notes.pdf", b"just text", "not-a-pdf"),
    ("locked.pdf", (DATA / "password-secret.pdf").read_bytes(), "password-required"),
    ("scan.pdf", (DATA / "no-text.pdf").read_bytes(), "no-text"),
])
def test_errors_are_answers_not_exceptions(name, data, kind):
    answer = json.loads(run(data, name, key="failed"))
    assert answer == {"ok": False, "error": {"kind": kind, "message": answer["error"]["message"], "detail": ""}}
    assert answer["error"]["message"]
    assert json.loads(web.choose("failed", [], []))["error"]["kind"] == "forgotten"  # nothing kept for it


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
    monkeypatch.setattr(cmaps, "_cmap_source", None)  # what the test registers is forgotten after it
    with pytest.raises(MissingCharacterMap, match="UniJIS-UCS2-H, which is not installed"):
        CMapDB._load_data("UniJIS-UCS2-H")  # without a source, no folder means a broken install
    asked = []

    def fetch(url):
        asked.append(url)
        name = url.rsplit("/", 1)[1]
        return (real / name).read_bytes() if (real / name).exists() else None

    web.install(cmap_url="https://site.invalid/app/cmap", fetch=fetch)
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


def _finalize_with_leftover(Cipher, algorithms, modes, key, iv):
    context = Cipher(algorithms.AES(key), modes.CBC(iv)).encryptor()
    context.update(b"x" * 17)
    return context.finalize()


@pytest.fixture
def browser_maps(monkeypatch, tmp_path):
    """pdfminer as the browser has it: no cmap folder, maps only from the site (registered by each test)."""
    from pdfminer import cmapdb
    from pdfminer.cmapdb import CMapDB

    real = Path(cmapdb.__file__).parent / "cmap"
    monkeypatch.setattr(cmapdb, "__file__", str(tmp_path / "pdfminer" / "cmapdb.py"))
    monkeypatch.setenv("CMAP_PATH", str(tmp_path / "nowhere"))
    monkeypatch.setattr(cmaps, "_cmap_source", None)
    monkeypatch.setattr(CMapDB, "_cmap_cache", {})
    monkeypatch.setattr(CMapDB, "_umap_cache", {})
    return sorted(path.name.removesuffix(".json.gz") for path in real.glob("*.json.gz"))


def test_a_map_the_site_has_but_cannot_send_is_an_error_the_page_shows(browser_maps):
    asked = []

    def offline(url: str) -> bytes | None:
        asked.append(url)
        raise OSError(kernel.OFFLINE)

    web.install(cmap_url="https://site.invalid/cmap/", fetch=offline, cmaps=browser_maps)
    answer = json.loads(open_and_finish(DATA / "japanese.pdf"))
    assert answer["ok"] is False and answer["error"]["kind"] == "character-map"
    assert answer["error"]["message"] == ("page 1 needs the Japanese character map UniJIS-UCS2-H for its font "
                                          f"HeiseiMin-W3, which {kernel.OFFLINE}")
    assert asked == ["https://site.invalid/cmap/UniJIS-UCS2-H.json.gz"]


def test_a_map_the_site_lists_but_answers_404_for_is_an_error(browser_maps):
    web.install(cmap_url="https://site.invalid/cmap/", fetch=lambda url: None, cmaps=browser_maps)
    answer = json.loads(open_and_finish(DATA / "chinese.pdf"))
    assert answer["error"]["kind"] == "character-map"
    assert "UniGB-UCS2-H for its font STSong-Light, which is missing from this site" in answer["error"]["message"]


def test_only_maps_the_site_lists_are_asked_for(browser_maps):
    asked = []
    listed = [name for name in browser_maps if "GB" not in name]  # as if the site had no Chinese maps

    def fetch(url: str) -> bytes | None:
        asked.append(url.rsplit("/", 1)[1])
        raise AssertionError("not asked for")

    web.install(cmap_url="https://site.invalid/cmap/", fetch=fetch, cmaps=listed)
    answer = json.loads(open_and_finish(DATA / "chinese.pdf"))
    assert asked == []  # UniGB-UCS2-H is not listed: pdfminer reads the font without it, and says so
    # That font's text is lost on every page, and each page says so; the folios in Helvetica are read.
    assert answer["outcome"]["status"] == "partial"
    assert [(p["page"], p["error"], p["partial"]) for p in answer["summary"]["pages_unreadable"]] == [
        (n, f"page {n} could not be read completely (its font STSong-Light is encoded with the character map "
            "UniGB-UCS2-H, which pdfminer.six does not have)", True) for n in (1, 2, 3)]
    assert [[line[5] for line in page["lines"]] for page in answer["layout"]] == [["- 1 -"], ["- 2 -"], ["- 3 -"]]


def open_and_finish(pdf: Path) -> str:
    """What the page does with the main worker alone."""
    opened = json.loads(web.open_pdf(pdf.read_bytes(), pdf.name))
    return web.finish() if opened["ok"] else json.dumps(opened)


def test_a_cut_off_file_says_so_in_what_the_page_shows():
    data = (DATA / "cut-off.pdf").read_bytes()
    answer = json.loads(run(data, "cut-off.pdf"))
    whole = analyze(DATA / "cut-off.pdf")
    assert answer["summary"] == whole.summary()
    assert answer["summary"]["complete"] is False
    assert answer["summary"]["cut_off"] == {"size": len(data), "expected_size": None, "pages_known": True}
    assert [entry["page"] for entry in answer["summary"]["pages_unreadable"]] == [6, 7, 8, 9]
    assert json.loads(texts()["report"])["summary"]["complete"] is False


def test_the_worker_passes_on_every_request_web_handles_to_the_function_web_names():
    """site/worker.js's table of requests and web.HANDLERS: the same types, each calling the same function."""
    import re

    worker = (REPO / "site" / "worker.js").read_text()
    table = worker[worker.index("const HANDLERS = {"):]
    table = table[:table.index("\n};")]
    calls = dict(re.findall(r"^  (\w+): \(web(?:, m)?\) => web\.(\w+)\(", table, re.M))
    assert len(calls) == table.count("\n  ")  # every entry is one line of that form
    assert calls == {kind: handler.__name__ for kind, handler in web.HANDLERS.items()}
