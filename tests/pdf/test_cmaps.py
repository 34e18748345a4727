"""Character maps are never silently missing: a map a CJK PDF needs that cannot be loaded is an error
naming the script, the map and the font; a map pdfminer does not have at all names the page.

"No maps" is pdfminer as installed without its ``cmap`` folder (and nothing in $CMAP_PATH); the browser's
side, where the maps are fetched from the site, is in test_web.py and tests/browser/test_offline.py.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from clirun import assert_one_error, run
from pagefurniture import MissingCharacterMap, analyze
from pagefurniture.read import cmaps, install
from pdfminer import cmapdb
from pdfminer.cmapdb import CMapDB

DATA = Path(__file__).resolve().parents[1] / "data"
# The checked-in CJK PDFs (tests/helpers/make_fixtures.py): reportlab's CID fonts in predefined encodings.
CJK = {
    "japanese.pdf": ("Japanese", "UniJIS-UCS2-H", "HeiseiMin-W3", "年次報告書 2025"),
    "chinese.pdf": ("Chinese (simplified)", "UniGB-UCS2-H", "STSong-Light", "二〇二五年年度报告"),
}


@pytest.fixture
def no_maps(monkeypatch, tmp_path) -> Path:
    """pdfminer without its character maps; returns where its cmap folder would be."""
    monkeypatch.setattr(cmapdb, "__file__", str(tmp_path / "pdfminer" / "cmapdb.py"))
    monkeypatch.setenv("CMAP_PATH", str(tmp_path / "nowhere"))
    monkeypatch.setattr(cmaps, "_cmap_source", None)
    # Maps loaded by earlier tests are cached by pdfminer, class-wide.
    monkeypatch.setattr(CMapDB, "_cmap_cache", {})
    monkeypatch.setattr(CMapDB, "_umap_cache", {})
    return tmp_path / "pdfminer" / "cmap"


@pytest.mark.parametrize("name", CJK)
def test_the_maps_give_the_text(name):
    _, _, _, heading = CJK[name]
    report = analyze(DATA / name)
    assert report.pages[0].lines[0].text == heading
    assert "(cid:" not in report.cleaned_text()


@pytest.mark.parametrize("name", CJK)
def test_without_the_maps_the_pdf_is_an_error_naming_script_map_and_font(no_maps, name):
    script, cmap, font, _ = CJK[name]
    with pytest.raises(MissingCharacterMap) as caught:
        analyze(DATA / name)
    assert str(caught.value) == (f"page 1 needs the {script} character map {cmap} for its font {font}, which is not "
                                 f"installed: pdfminer.six has no folder {no_maps}; install pdfminer.six again, "
                                 "with its character maps")
    assert caught.value.kind == "character-map"


def test_on_the_command_line_a_missing_map_is_one_error_line_and_no_output(no_maps, capsys, tmp_path):
    code, out, err = run(capsys, DATA / "japanese.pdf", "-o", tmp_path / "clean.txt")
    assert code == 1 and out == ""
    assert_one_error(err, "error: page 1 needs the Japanese character map UniJIS-UCS2-H for its font HeiseiMin-W3",
                     "install pdfminer.six again")
    assert not (tmp_path / "clean.txt").exists()


def test_a_damaged_map_file_is_an_error_too(no_maps):
    no_maps.mkdir(parents=True)
    (no_maps / "UniJIS-UCS2-H.json.gz").write_bytes(gzip.compress(b'{"CODE2CID": '))  # cut off JSON
    with pytest.raises(MissingCharacterMap, match=r"^page 1 needs the Japanese character map UniJIS-UCS2-H for its "
                                                  r"font HeiseiMin-W3, which cannot be read \(JSONDecodeError: "):
        analyze(DATA / "japanese.pdf")


def test_a_source_that_cannot_fetch_a_map_says_why(no_maps):
    def offline(name: str) -> bytes | None:
        raise OSError("is not stored for use offline; connect to the internet")

    install(cmaps=offline)
    with pytest.raises(MissingCharacterMap) as caught:
        analyze(DATA / "chinese.pdf")
    assert str(caught.value) == ("page 1 needs the Chinese (simplified) character map UniGB-UCS2-H for its font "
                                 "STSong-Light, which is not stored for use offline; connect to the internet")


def test_a_source_that_has_no_such_map_leaves_the_font_to_pdfminer(no_maps):
    asked = []

    def fetch(name: str) -> bytes | None:
        asked.append(name)
        return None  # the site has no such map

    install(cmaps=fetch)
    report = analyze(DATA / "japanese.pdf")  # read, but without its encoding: named on every page
    assert asked[0] == "UniJIS-UCS2-H"
    assert all(page.error == f"page {page.number} could not be read completely (its font HeiseiMin-W3 is encoded "
                             "with the character map UniJIS-UCS2-H, which pdfminer.six does not have)"
               for page in report.pages)
    assert report.summary()["complete"] is False


def test_a_map_pdfminer_does_not_have_names_the_pages_instead_of_dropping_their_text():
    data = (DATA / "japanese.pdf").read_bytes().replace(b"/UniJIS-UCS2-H", b"/UniJIS-XXXX-H")  # no such map
    report = analyze(data)
    assert [page.error for page in report.pages] == [
        f"page {n} could not be read completely (its font HeiseiMin-W3 is encoded with the character map "
        "UniJIS-XXXX-H, which pdfminer.six does not have)" for n in (1, 2, 3)]
    assert not report.complete
    # Only that font's text is lost: the folio in Helvetica under it is read on every page.
    assert [[line.text for line in page.lines] for page in report.pages] == [["- 1 -"], ["- 2 -"], ["- 3 -"]]
    rows = [json.loads(line) for line in report.pages_jsonl().splitlines()]
    assert [row["error"] for row in rows] == [page.error for page in report.pages]
