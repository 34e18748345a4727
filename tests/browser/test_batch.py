"""Many files at once: every file's state in its row and in the summary, Stop while they are read, and one
ZIP laid out as `pagefurniture FOLDER --out-dir OUT` writes it, with the same manifest as `--manifest`.
"""

from __future__ import annotations

import json
import zipfile

from conftest import DATA, HOLD, boot, new_context, wait_state
from pagefurniture import analyze
from pagefurniture.cli import main as cli
from pdfs import annual_report


def test_a_stop_while_a_file_s_outputs_are_made_leaves_it_stopped_and_the_zip_whole(browser, base_url, tmp_path):
    context, recorder = new_context(browser, base_url)
    context.add_init_script(HOLD)
    try:
        page = boot(context, base_url)
        # The first file is read; its outputs are asked for and held back: Stop lands while they are made.
        page.evaluate("() => { window.__hold = (m) => m.type === 'outputs'; }")
        page.set_input_files("#file", [str(DATA / "annual-report.pdf"), str(DATA / "japanese.pdf")])
        page.wait_for_function("() => window.__held() === 1", timeout=120_000)
        page.click("#cancel")
        page.evaluate("window.__release()")  # what was held goes to a worker that is gone
        rows = page.locator("#file-list tbody tr")
        assert [rows.nth(i).get_attribute("data-status") for i in range(2)] == ["stopped", "stopped"]
        assert page.locator("#zip").is_disabled()
        # Read again, it is whole, and the ZIP holds its outputs.
        rows.nth(0).locator("button", has_text="Read it").click()
        page.wait_for_selector('#file-list tr[data-status="done"]', state="attached", timeout=120_000)
        with page.expect_download() as info:
            page.click("#zip")
        info.value.save_as(tmp_path / "all.zip")
        names = zipfile.ZipFile(tmp_path / "all.zip").namelist()
        assert {"annual-report.clean.txt", "annual-report.report.json"} <= set(names)
        assert page.inner_text("#zip-status").startswith("The outputs of 1 file, ")
        recorder.assert_private()
    finally:
        context.close()


def manifest(data: bytes) -> list[dict]:
    """The manifest's lines, the time each file took aside."""
    return [{**row, "seconds": 0} for row in map(json.loads, data.decode().splitlines())]


def test_every_file_s_state_is_in_its_row_the_summary_and_the_zip_s_manifest(page, tmp_path, monkeypatch):
    # The batch of the report: a good file, a cut-off one, a password one, one that is not a PDF.
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("annual-report.pdf", "cut-off.pdf", "not-a-pdf.pdf", "password-secret.pdf"):
        (folder / name).write_bytes((DATA / name).read_bytes())
    page.set_input_files("#folder", str(folder))
    page.wait_for_selector("body[data-batch=finished]", state="attached", timeout=120_000)
    rows = {row.locator("td").nth(0).inner_text(): row for row in page.locator("#file-list tbody tr").all()}
    assert list(rows) == ["in/annual-report.pdf", "in/cut-off.pdf", "in/not-a-pdf.pdf", "in/password-secret.pdf"]
    status = {name: row.locator(".file-status").inner_text() for name, row in rows.items()}
    summary = analyze(DATA / "annual-report.pdf").summary()
    assert status["in/annual-report.pdf"] == (f"9 pages, 4 of 4 repeated groups removed ({summary['lines_removed']} of "
                                              f"{summary['lines']} lines)")
    # A partial result says so, and which pages are missing.
    assert status["in/cut-off.pdf"].startswith("Partial: pages 6-9 could not be read (the file is cut off). 9 pages, ")
    assert "partial" in rows["in/cut-off.pdf"].get_attribute("class")
    assert status["in/not-a-pdf.pdf"] == "This is not a PDF (it looks like a text file); choose a PDF file."
    assert status["in/password-secret.pdf"] == "needs a password"
    # Every state is counted, the file waiting for its password too.
    assert page.inner_text("#files-summary") == "4 files: 1 read, 1 read in part, 1 waiting for a password, 1 not read."
    with page.expect_download() as info:
        page.click("#zip")
    info.value.save_as(tmp_path / "all.zip")
    archive = zipfile.ZipFile(tmp_path / "all.zip")
    made = {name: archive.read(name) for name in archive.namelist()}
    # The command line over the same folder, as the page was given it.
    monkeypatch.chdir(tmp_path)
    assert cli(["in", "--out-dir", "out", "--manifest", "out/manifest.jsonl"]) == 1
    written = {p.relative_to(tmp_path / "out").as_posix(): p.read_bytes() for p in (tmp_path / "out").rglob("*")}
    ours, theirs = manifest(made.pop("manifest.jsonl")), manifest(written.pop("manifest.jsonl"))
    assert made == written  # the outputs of the good and the partial file, named and laid out alike
    # One line per file given, failed ones included, with the same columns and values.
    assert [row["status"] for row in ours] == ["ok", "partial", "failed", "failed"]
    assert [list(row) for row in ours] == [list(row) for row in theirs]
    # The command line says how to give a password there (--password); the rest of each line is the same.
    assert ours[:3] == theirs[:3]
    assert {**ours[3], "error": None} == {**theirs[3], "error": None}
    assert ours[3]["error"].startswith("this PDF is protected by a password")
    assert page.inner_text("#zip-status") == "The outputs of 2 files, and manifest.jsonl with a line for each of the 4 files."


def test_two_files_of_one_name_are_told_apart_and_both_kept_in_the_zip(page, tmp_path):
    copy = tmp_path / "copy"
    copy.mkdir()
    (copy / "annual-report.pdf").write_bytes(annual_report(pages=7))  # another file under the same name
    page.set_input_files("#file", [str(DATA / "annual-report.pdf"), str(copy / "annual-report.pdf")])
    page.wait_for_selector("body[data-batch=finished]", state="attached", timeout=120_000)
    names = page.locator("#file-list tbody tr td:first-child").all_inner_texts()
    assert names == ["annual-report.pdf", "annual-report.pdf (2)"]
    with page.expect_download() as info:
        page.click("#zip")
    info.value.save_as(tmp_path / "all.zip")
    archive = zipfile.ZipFile(tmp_path / "all.zip")
    suffixes = ("clean.txt", "removed.jsonl", "report.json", "pages.jsonl")
    assert sorted(archive.namelist()) == sorted(["manifest.jsonl", *(f"annual-report.{s}" for s in suffixes),
                                                 *(f"annual-report (2).{s}" for s in suffixes)])
    assert [row["file"] for row in manifest(archive.read("manifest.jsonl"))] == names
    assert [row["pages"] for row in manifest(archive.read("manifest.jsonl"))] == [9, 7]
    assert '"text": "Page 7 of 7"' in archive.read("annual-report (2).removed.jsonl").decode()


def test_stop_is_there_while_a_batch_is_read_with_a_result_on_show(page, tmp_path):
    long = tmp_path / "long.pdf"
    annual_report(long, pages=400)
    page.set_input_files("#file", [str(DATA / "annual-report.pdf"), str(long)])
    page.wait_for_function("() => document.body.dataset.state === 'done' && "
                           "document.querySelector('#file-list tr[data-status=reading]')", timeout=120_000)
    assert page.is_hidden("#cancel")  # the reading panel is not on show: the result is
    assert page.is_visible("#stop")
    page.click("#stop")
    page.wait_for_selector('#file-list tr[data-status="stopped"]', state="attached")
    assert page.inner_text('#file-list tr[data-status="stopped"] .file-status') == "Stopped before it was read."
    assert page.is_hidden("#stop")
    assert page.inner_text("#result-title") == "annual-report.pdf"  # the result stays on show
    assert page.inner_text("#files-summary") == "2 files: 1 read, 1 stopped."


def test_a_wrong_password_in_a_batch_is_said_at_once(page):
    page.set_input_files("#file", [str(DATA / "annual-report.pdf"), str(DATA / "password-secret.pdf")])
    page.wait_for_selector("body[data-batch=finished]", state="attached", timeout=120_000)
    row = page.locator("#file-list tbody tr >> nth=1")
    row.locator("button", has_text="Enter the password").click()
    wait_state(page, "password")
    page.fill("#password-input", "wrong")
    page.press("#password-input", "Enter")
    # Asked again at once, with the error; and the row says it too.
    page.wait_for_selector("#password-error:not([hidden])", timeout=60_000)
    assert page.evaluate("document.body.dataset.state") == "password"
    assert page.inner_text("#password-error") == ("Wrong password: The password is not right for this PDF; "
                                                   "check it and try again.")
    assert row.locator(".file-status").inner_text() == ("Wrong password: The password is not right for this PDF; "
                                                        "check it and try again.")
    page.keyboard.press("Escape")
    wait_state(page, "done")
    assert row.locator(".file-status").inner_text().startswith("Wrong password: ")


def test_counts_are_said_in_plain_words_one_and_none_included(page, tmp_path):
    from pdfs import Text, _body_items, make_pdf

    one = tmp_path / "one.pdf"  # a header on every page: one repeated group
    make_pdf(one, [[Text("Field Notes", 72, 50, 9), *_body_items(n)] for n in range(1, 5)])
    none = tmp_path / "none.pdf"  # one page: nothing repeats
    make_pdf(none, [_body_items(1)])
    cut = tmp_path / "cut.pdf"  # three pages, cut off inside the second: page 1 alone is whole
    data = annual_report(pages=3)
    cut.write_bytes(data[: len(data) * 55 // 100])
    page.set_input_files("#file", [str(one), str(none), str(cut)])
    page.wait_for_selector("body[data-batch=finished]", state="attached", timeout=120_000)
    status = page.locator("#file-list .file-status").all_inner_texts()
    lines = [analyze(path).summary() for path in (one, none)]
    assert status[0] == f"4 pages, 1 of 1 repeated group removed ({lines[0]['lines_removed']} of {lines[0]['lines']} lines)"
    assert status[1] == "1 page, no repeated lines"
    assert status[2].startswith("Partial: pages 2-3 could not be read (the file is cut off). 3 pages, ")
    page.locator("#file-list tbody tr >> nth=2").locator("button", has_text="Review").click()
    page.wait_for_function("() => document.getElementById('result-title').textContent === 'cut.pdf'")
    assert page.inner_text("#partial-message").startswith("2 of 3 pages could not be read: the file is cut off "
                                                          "after page 1. The downloads hold page 1 only;")
