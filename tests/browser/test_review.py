"""The review: the real page drawn by pdf.js under boxes over its repeated lines, single lines put back or
taken out (with the command line's bytes), filters, the equivalent command line, choices that survive a
reload, many files with one ZIP, and the page used with the keyboard alone.

One booted page is shared by these tests (see conftest.py); at the end its every request is checked.
"""

from __future__ import annotations

import base64
import itertools
import json
import re
import shlex
import zipfile
from pathlib import Path

import pytest
from conftest import DATA, boot, new_context, open_pdf, wait_state
from pagefurniture import analyze
from pagefurniture.cli import main as cli
from pdfs import Text, annual_report, make_pdf
from test_page import REPORT, cli_outputs, download, group_row

DRAWN = 60_000


def wait_drawn(page, number: int) -> None:
    """Until pdf.js has drawn page ``number`` into the page view."""
    page.wait_for_function("(n) => document.getElementById('sheet').dataset.drawn === String(n)", arg=number,
                           timeout=DRAWN)


def boxes(page) -> list[dict]:
    """Every box over the page view: its place against the drawn page (CSS px), its classes and its words."""
    return page.evaluate("""() => {
        const sheet = document.getElementById('sheet').getBoundingClientRect();
        return [...document.querySelectorAll('#boxes .box')].map((box) => {
            const r = box.getBoundingClientRect();
            return {index: Number(box.dataset.index), left: r.left - sheet.left, top: r.top - sheet.top,
                    width: r.width, height: r.height, classes: box.className, title: box.title};
        });
    }""")


def ink(page, left: float, top: float, width: float, height: float) -> int:
    """How many pixels of the drawn page inside this rectangle are dark (print), not paper."""
    return page.evaluate("""([x, y, w, h]) => {
        const canvas = document.getElementById('page-canvas');
        const ratio = canvas.width / canvas.getBoundingClientRect().width;
        const data = canvas.getContext('2d').getImageData(Math.round(x * ratio), Math.round(y * ratio),
            Math.max(1, Math.round(w * ratio)), Math.max(1, Math.round(h * ratio))).data;
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] + data[i + 1] + data[i + 2] < 384) dark++;
        return dark;
    }""", [left, top, width, height])


def test_the_view_opens_on_the_first_page_with_furniture_drawn_with_a_box_on_each_line(page):
    open_pdf(page, REPORT)
    # Page 1 is the cover, with nothing repeated on it: the view starts on page 2.
    assert page.inner_text("#page-title") == "Page 2 of 9"
    wait_drawn(page, 2)
    report = analyze(REPORT)
    lines = report.pages[1].lines
    grouped = sorted({i for g in report.groups for p, i in g.members if p == 2})
    shown = boxes(page)
    assert [box["index"] for box in shown] == grouped and len(grouped) == 4
    width = page.evaluate("document.getElementById('sheet').getBoundingClientRect().width")
    scale = width / report.pages[1].width
    for box in shown:
        x0, top, x1, bottom = lines[box["index"]].box
        # Two pixels of margin round each line, so that the box does not cover its text.
        assert box["left"] == pytest.approx(x0 * scale - 2, abs=1.5)
        assert box["top"] == pytest.approx(top * scale - 2, abs=1.5)
        assert box["width"] == pytest.approx((x1 - x0) * scale + 4, abs=1.5)
        assert box["height"] == pytest.approx((bottom - top) * scale + 4, abs=1.5)
        assert "removed" in box["classes"]
        # pdf.js drew the line's print exactly under its box, and nothing where there is no text.
        assert ink(page, x0 * scale, top * scale, (x1 - x0) * scale, (bottom - top) * scale) > 20
    assert ink(page, 5, 5, 30, 30) == 0


def test_pointing_at_a_box_names_the_line_its_group_and_the_decision(page):
    open_pdf(page, REPORT)
    wait_drawn(page, 2)
    header = group_row(page, "Annual Report 2025")
    group_id = header.get_attribute("data-group")
    box = page.locator("#boxes .box", has=page.locator(f".tag:text-is('{group_id}')")).first
    box.hover()
    info = page.inner_text("#box-info")
    decision = header.locator("td.reason").inner_text()
    assert info == f'"Annual Report 2025" · group {group_id}, header · {decision}'
    assert box.get_attribute("title") == info


def test_choosing_a_group_colours_its_boxes_and_scrolls_the_strip_to_its_first_page(page, tmp_path):
    pdf = tmp_path / "late-heads.pdf"
    # 40 pages; a running head only from page 30 on: its first page is far along the strip.
    make_pdf(pdf, [[*([Text("Appendix B: tables", 72, 50, 9)] if n >= 30 else []),
                    Text(f"Body text of page {n}, which differs from page to page ({n * 13}).", 72, 200, 11),
                    Text(str(n), 300, 760, 9)] for n in range(1, 41)])
    open_pdf(page, pdf)
    row = group_row(page, "Appendix B: tables")
    assert row.count() == 1
    group_id = int(row.get_attribute("data-group"))
    strip = page.locator("#thumbs")
    assert strip.evaluate("(el) => el.scrollLeft") == 0
    row.locator("button.group-text").click()
    assert row.locator("button.group-text").get_attribute("aria-pressed") == "true"
    # The view moves to a page the group is on, and the strip scrolls there.
    assert page.inner_text("#page-title") == "Page 30 of 40"
    page.wait_for_function("() => document.getElementById('thumbs').scrollLeft > 0")
    visible = page.evaluate("""() => {
        const strip = document.getElementById('thumbs').getBoundingClientRect();
        const thumb = document.querySelector('#thumbs [data-page="30"]').getBoundingClientRect();
        return thumb.left >= strip.left && thumb.right <= strip.right;
    }""")
    assert visible
    wait_drawn(page, 30)
    chosen = [box for box in boxes(page) if "chosen" in box["classes"]]
    assert len(chosen) == 1 and f"group-{group_id % 12}" in chosen[0]["classes"]
    # Pages without the group are quieter, not marked as if something were wrong with them.
    thumb = page.locator('#thumbs [data-page="3"]')
    assert "without" in thumb.get_attribute("class")
    colour = thumb.locator("span[aria-hidden=true]").evaluate("(el) => getComputedStyle(el).color")
    danger = page.evaluate("getComputedStyle(document.body).getPropertyValue('--danger').trim()")
    assert colour != danger and page.locator("#thumbs .missing").count() == 0


# What is drawn in a thumbnail (its page by pdf.js, or else its marks); a thumbnail far from the view has none.
THUMB_INK = """(number) => {
    const canvas = document.querySelector(`#thumbs [data-page="${number}"] canvas`);
    if (!canvas || !canvas.width) return 0;
    const { data } = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height);
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]) ink++;
    return ink;
}"""


def test_a_thumbnail_far_along_the_strip_is_drawn_when_it_comes_into_view(page, tmp_path):
    pdf = tmp_path / "long.pdf"
    make_pdf(pdf, [[Text(f"Body text of page {n} ({n * 7}).", 72, 200, 11), Text(str(n), 300, 760, 9)]
                   for n in range(1, 61)])
    open_pdf(page, pdf)
    page.wait_for_function(f"() => ({THUMB_INK})(1) > 0")
    assert page.evaluate(THUMB_INK, 60) == 0  # not drawn while out of view
    page.eval_on_selector("#thumbs", "(el) => { el.scrollLeft = el.scrollWidth; }")
    page.wait_for_function(f"() => ({THUMB_INK})(60) > 0")


WORDS = ["alder", "birch", "cedar", "douglas", "elm", "fir", "ginkgo"]


def test_a_result_opening_far_along_shows_that_page_s_thumbnail_in_the_strip(page, tmp_path):
    pdf = tmp_path / "late-furniture.pdf"
    # Nothing to remove before page 45: the view opens there, and the strip is scrolled to it.
    make_pdf(pdf, [[*([Text("Appendix C: maps", 72, 50, 9), Text(str(n), 300, 760, 9)] if n >= 45 else []),
                    *[Text(f"{WORDS[(n + k) % 7]} {WORDS[n // 7 % 7]} {WORDS[n // 49 % 7]} {WORDS[k]}, a line of"
                           " the body that no other page has.", 72, 200 + 14 * k, 11) for k in range(4)]]
                   for n in range(1, 61)])
    open_pdf(page, pdf)
    assert page.inner_text("#page-title") == "Page 45 of 60"
    assert page.evaluate("""() => {
        const strip = document.getElementById('thumbs').getBoundingClientRect();
        const thumb = document.querySelector('#thumbs [data-page="45"]').getBoundingClientRect();
        return thumb.left >= strip.left && thumb.right <= strip.right;
    }""")
    page.wait_for_function(f"() => ({THUMB_INK})(45) > 0")


def test_clicking_a_thumbnail_shows_that_page(page):
    open_pdf(page, REPORT)
    page.click('#thumbs [data-page="5"]')
    assert page.inner_text("#page-title") == "Page 5 of 9"
    assert page.get_attribute('#thumbs [data-page="5"]', "aria-current") == "true"
    wait_drawn(page, 5)
    assert "Page 5 of 9" in page.inner_text("#page-text")
    in_view = page.evaluate("""() => {
        const r = document.getElementById('sheet').getBoundingClientRect();
        return r.top < innerHeight && r.bottom > 0;
    }""")
    assert in_view


def test_more_than_eight_groups_are_told_apart_by_colour_and_id(page):
    open_pdf(page, REPORT)
    colours = page.evaluate("""() => Array.from({length: 12}, (_, i) => {
        const mark = document.createElement('span');
        mark.className = `swatch group-${i}`;
        document.body.append(mark);
        const colour = getComputedStyle(mark).backgroundColor;
        mark.remove();
        return colour;
    })""")
    assert len(set(colours)) == 12
    # Every swatch carries its group's id as well.
    for row in page.locator("#groups tbody tr").all():
        assert row.locator(".swatch").inner_text() == row.get_attribute("data-group")


def test_a_line_put_back_on_the_drawn_page_gives_the_command_line_s_bytes(page, tmp_path):
    open_pdf(page, REPORT)
    page.click('#thumbs [data-page="3"]')
    wait_drawn(page, 3)
    report = analyze(REPORT)
    header = next(g for g in report.groups if g.text == "Annual Report 2025")
    index = next(i for p, i in header.members if p == 3)
    page.click(f'#boxes .box[data-index="{index}"]')
    page.wait_for_function("(i) => document.querySelector(`#boxes .box[data-index='${i}']`)?.classList.contains('kept')",
                           arg=index)
    assert page.locator(f'#page-text button[data-index="{index}"] del').count() == 0
    expected = cli_outputs(REPORT, tmp_path / "cli", "--keep-line", f"3:{index}")
    for suffix in expected:
        assert download(page, suffix, tmp_path)[1] == expected[suffix], suffix
    clean = expected["clean.txt"].decode()
    assert clean.count("Annual Report 2025") == 2  # the cover's title and this one line
    # The hover words say it was this line alone.
    assert "Kept by you, this line only (its group is removed: " in page.get_attribute(
        f'#boxes .box[data-index="{index}"]', "title")
    assert page.inner_text("#command") == f"pagefurniture annual-report.pdf --keep-line 3:{index}"


def test_a_body_line_taken_out_in_the_page_text_gives_the_command_line_s_bytes(page, tmp_path):
    open_pdf(page, REPORT)
    page.click('#thumbs [data-page="4"]')
    line = page.locator('#page-text button.line[data-index="5"]')
    text = line.inner_text().strip()
    line.click()
    page.wait_for_selector('#page-text button.line[data-index="5"] del')
    # A line in no group gets a box of its own once it is taken out.
    page.wait_for_selector('#boxes .box[data-index="5"].removed')
    expected = cli_outputs(REPORT, tmp_path / "cli", "--remove-line", "4:5")
    assert download(page, "removed.jsonl", tmp_path)[1] == expected["removed.jsonl"]
    assert download(page, "clean.txt", tmp_path)[1] == expected["clean.txt"]
    assert text not in expected["clean.txt"].decode()
    command = page.inner_text("#command")
    assert command == "pagefurniture annual-report.pdf --remove-line 4:5"
    # The command shown runs as it is and writes the same report.
    argv = shlex.split(command)
    argv[1] = str(REPORT)
    assert cli([*argv[1:], "--json", str(tmp_path / "shown.json")]) == 0
    assert (tmp_path / "shown.json").read_bytes() == download(page, "report.json", tmp_path)[1]
    page.click("#reset")
    page.wait_for_function("() => document.getElementById('command').textContent === 'pagefurniture annual-report.pdf'")


def test_filters_narrow_the_groups_and_act_on_what_they_show(page, tmp_path):
    open_pdf(page, REPORT)
    assert page.inner_text("#filter-count") == "4 of 4 shown"
    page.fill("#filter-text", "page")
    assert page.locator("#groups tbody tr").count() == 1
    assert page.inner_text("#filter-count") == "1 of 4 shown"
    page.fill("#filter-text", "")
    page.select_option("#filter-kind", "header")
    headers = [int(r.get_attribute("data-group")) for r in page.locator("#groups tbody tr").all()]
    assert len(headers) == 2
    page.click("#keep-shown")  # "keep all page headers"
    page.wait_for_function("() => document.querySelectorAll('#groups tbody tr.kept').length === 2")
    page.select_option("#filter-decision", "removed")
    assert page.locator("#groups tbody tr").count() == 0
    page.select_option("#filter-kind", "")
    assert page.locator("#groups tbody tr").count() == 2  # the footer and the page number
    args = [arg for group in headers for arg in ("--keep", str(group))]
    expected = cli_outputs(REPORT, tmp_path / "cli", *args)
    assert download(page, "clean.txt", tmp_path)[1] == expected["clean.txt"]
    assert page.inner_text("#command") == "pagefurniture annual-report.pdf " + " ".join(args)
    page.select_option("#filter-decision", "")
    page.click("#reset")
    page.wait_for_function("() => document.querySelectorAll('#groups tbody tr.kept').length === 0")


def test_a_group_on_many_runs_of_pages_shows_the_first_few_and_the_rest_on_request(page, tmp_path):
    pdf = tmp_path / "odd-pages.pdf"
    # "Chapter notes" on every other page: 15 runs of one page each.
    make_pdf(pdf, [[*([Text("Chapter notes", 72, 50, 9)] if n % 2 else []),
                    Text(f"Body text of page {n}, which differs from page to page ({n * 13}).", 72, 200, 11)]
                   for n in range(1, 31)])
    open_pdf(page, pdf)
    row = group_row(page, "Chapter notes")
    assert row.count() == 1
    summary = row.locator(".pages summary")
    assert summary.inner_text() == "1, 3, 5, 7 and 11 more"
    assert row.locator(".more-runs").is_hidden()
    summary.click()
    assert row.locator(".more-runs").inner_text() == ", ".join(str(n) for n in range(1, 31, 2))


def test_the_text_column_does_not_break_inside_words(page):
    open_pdf(page, DATA / "annual-report.pdf")
    printed = group_row(page, "Company Confidential - do not distribute").locator(".printed")
    words = printed.evaluate("""(el) => {
        // Each word's characters on one line: a word split over two lines would have two tops.
        const range = document.createRange();
        const out = [];
        const text = el.firstChild;
        let at = 0;
        for (const word of text.textContent.split(' ')) {
            range.setStart(text, at);
            range.setEnd(text, at + word.length);
            out.push(range.getClientRects().length);
            at += word.length + 1;
        }
        return out;
    }""")
    assert set(words) == {1}


def test_choices_survive_a_reload_for_the_same_file_and_reset_clears_them(browser, base_url, tmp_path):
    context, recorder = new_context(browser, base_url)
    page = boot(context, base_url)
    open_pdf(page, REPORT)
    header = group_row(page, "Annual Report 2025")
    header.locator("input[role=switch]").uncheck()
    page.wait_for_selector("#groups tr.kept")
    page.click('#thumbs [data-page="4"]')
    page.click('#page-text button.line[data-index="3"]')
    page.wait_for_selector('#page-text button.line[data-index="3"] del')
    command = page.inner_text("#command")
    before = download(page, "report.json", tmp_path)[1]
    stored = page.evaluate("Object.keys(localStorage)")
    assert len(stored) == 1 and stored[0].startswith("pagefurniture.choices.")

    page.reload()
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=120_000)
    open_pdf(page, REPORT)
    assert page.inner_text("#command") == command
    assert "earlier choices for this file are applied" in page.inner_text("#saved-status")
    assert download(page, "report.json", tmp_path)[1] == before
    # The same bytes under another name are the same file: the choices follow its contents.
    copy = tmp_path / "renamed.pdf"
    copy.write_bytes(REPORT.read_bytes())
    open_pdf(page, copy)
    assert page.inner_text("#command") == command.replace("annual-report.pdf", "renamed.pdf")

    page.click("#reset")
    page.wait_for_function("() => document.getElementById('command').textContent === 'pagefurniture renamed.pdf'")
    assert page.evaluate("Object.keys(localStorage)") == []
    assert download(page, "clean.txt", tmp_path)[1] == cli_outputs(REPORT, tmp_path / "plain")["clean.txt"]
    page.reload()
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=120_000)
    open_pdf(page, REPORT)
    assert page.inner_text("#command") == "pagefurniture annual-report.pdf"
    recorder.assert_private()
    context.close()


def drop_files(page, files: list[tuple[str, bytes]]) -> None:
    page.evaluate("""(files) => {
        const transfer = new DataTransfer();
        for (const [name, data] of files) {
            const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
            transfer.items.add(new File([bytes], name, {type: "application/pdf"}));
        }
        document.getElementById("drop").dispatchEvent(new DragEvent("drop", {dataTransfer: transfer, bubbles: true, cancelable: true}));
    }""", [[name, base64.b64encode(data).decode()] for name, data in files])


def drop_copies(page, folder: Path, names: list[str]) -> None:
    """Copy the test PDFs ``names`` into ``folder`` (for the command line to read too), drop them on the page
    and wait until the batch is finished."""
    folder.mkdir()
    for name in names:
        (folder / name).write_bytes((DATA / name).read_bytes())
    drop_files(page, [(name, (folder / name).read_bytes()) for name in names])
    page.wait_for_selector("body[data-batch=finished]", state="attached", timeout=120_000)


def test_three_files_dropped_with_one_bad_are_all_listed_and_one_zip_holds_the_good_ones(page, tmp_path):
    folder = tmp_path / "in"
    names = ["annual-report.pdf", "not-a-pdf.pdf", "japanese.pdf"]
    drop_copies(page, folder, names)
    assert page.is_visible("#files")
    rows = page.locator("#file-list tbody tr")
    assert rows.count() == 3
    statuses = [rows.nth(i).get_attribute("data-status") for i in range(3)]
    assert statuses == ["done", "error", "done"]
    assert rows.nth(1).locator(".file-status").inner_text() == "This is not a PDF (it looks like a text file); choose a PDF file."
    assert rows.nth(0).locator(".file-status").inner_text().startswith("9 pages, 4 of 4 repeated groups removed")
    # The first file read is on show; the others open on request.
    assert page.inner_text("#result-title") == "annual-report.pdf"
    rows.nth(2).locator("button").click()
    page.wait_for_function("() => document.getElementById('result-title').textContent === 'japanese.pdf'")

    with page.expect_download() as info:
        page.click("#zip")
    assert info.value.suggested_filename == "pagefurniture-outputs.zip"
    info.value.save_as(tmp_path / "all.zip")
    archive = zipfile.ZipFile(tmp_path / "all.zip")
    # The command line over the same files: the bad one fails, and the others are written alike, with the
    # manifest of all three (the time each took aside).
    assert cli([str(folder), "--out-dir", str(tmp_path / "cli"), "--manifest", str(tmp_path / "cli" / "manifest.jsonl")]) == 1
    written = {p.name: p.read_bytes() for p in (tmp_path / "cli").iterdir()}
    made = {name: archive.read(name) for name in archive.namelist()}
    assert {name: data for name, data in made.items() if name != "manifest.jsonl"} == {
        name: data for name, data in written.items() if name != "manifest.jsonl"}
    assert len(written) == 9

    def rows(data: bytes) -> list[dict]:
        return sorted(({**row, "file": Path(row["file"]).name, "seconds": 0}
                       for row in map(json.loads, data.decode().splitlines())), key=lambda row: row["file"])

    assert rows(made["manifest.jsonl"]) == rows(written["manifest.jsonl"])


def test_in_a_batch_a_password_file_waits_for_its_password_while_the_others_are_read(page, tmp_path):
    names = ["annual-report.pdf", "password-secret.pdf", "japanese.pdf"]
    page.set_input_files("#file", [str(DATA / name) for name in names])
    page.wait_for_selector("body[data-batch=finished]", state="attached", timeout=120_000)
    rows = page.locator("#file-list tbody tr")
    assert [rows.nth(i).get_attribute("data-status") for i in range(3)] == ["done", "password", "done"]
    assert rows.nth(1).locator(".file-status").inner_text() == "needs a password"
    rows.nth(1).locator("button").click()
    wait_state(page, "password")
    assert page.inner_text("#password-title") == '"password-secret.pdf" needs a password'
    page.fill("#password-input", "secret")
    page.press("#password-input", "Enter")
    page.wait_for_selector('#file-list tr[data-status="done"] >> nth=2', state="attached", timeout=120_000)
    assert page.locator('#file-list tr[data-status="done"]').count() == 3
    assert page.evaluate("document.body.dataset.state") == "done"


def test_a_chosen_folder_is_read_with_its_subfolders(page, tmp_path, monkeypatch):
    folder = tmp_path / "reports"
    (folder / "2025").mkdir(parents=True)
    (folder / "a.pdf").write_bytes((DATA / "annual-report.pdf").read_bytes())
    (folder / "2025" / "b.pdf").write_bytes((DATA / "owner-password.pdf").read_bytes())
    (folder / "notes.txt").write_text("not a PDF, and not one the folder is read for")
    page.set_input_files("#folder", str(folder))
    page.wait_for_selector("body[data-batch=finished]", state="attached", timeout=120_000)
    listed = page.locator("#file-list tbody tr td:first-child").all_inner_texts()
    assert listed == ["reports/2025/b.pdf", "reports/a.pdf"]
    with page.expect_download() as info:
        page.click("#zip")
    info.value.save_as(tmp_path / "all.zip")
    monkeypatch.chdir(tmp_path)  # the command line given the folder as the page was: "reports"
    assert cli(["reports", "--out-dir", "cli", "--manifest", "cli/manifest.jsonl"]) == 0
    written = {p.relative_to(tmp_path / "cli").as_posix(): p.read_bytes()
               for p in (tmp_path / "cli").rglob("*") if p.is_file()}
    archive = zipfile.ZipFile(tmp_path / "all.zip")
    # The ZIP is what --out-dir writes for the folder (not under the folder's own name), with its manifest.
    made = {name: archive.read(name) for name in archive.namelist()}

    def rows(data: bytes) -> list[dict]:
        return [{**row, "seconds": 0} for row in map(json.loads, data.decode().splitlines())]

    assert rows(made.pop("manifest.jsonl")) == rows(written.pop("manifest.jsonl"))
    assert made == written


def test_the_keyboard_alone_reaches_everything_with_few_presses(page, tmp_path):
    pdf = tmp_path / "long-report.pdf"
    annual_report(pdf, pages=60)
    open_pdf(page, pdf)
    page.wait_for_function("() => document.activeElement.id === 'result-title'")  # focus moves on the next frame
    # From the title to the first switch without passing 60 page maps.
    presses = 0
    while page.evaluate("document.activeElement.getAttribute('role')") != "switch":
        page.keyboard.press("Tab")
        presses += 1
        assert presses < 25, page.evaluate("document.activeElement.outerHTML")
    # The strip of pages is one Tab stop; arrow keys move inside it.
    stops = []
    for _ in range(60):
        page.keyboard.press("Tab")
        stops.append(page.evaluate("document.activeElement.className"))
        if stops[-1] == "thumb":
            break
    assert stops[-1] == "thumb"
    current = int(page.evaluate("document.activeElement.dataset.page"))
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.page") == str(current + 1)
    assert page.inner_text("#page-title") == f"Page {current + 1} of 60"
    page.keyboard.press("End")
    assert page.inner_text("#page-title") == "Page 60 of 60"
    page.keyboard.press("Tab")
    assert "line" in page.evaluate("document.activeElement.className")  # past the strip at once
    # In the page text, arrows move between lines and Enter takes one out.
    page.keyboard.press("ArrowDown")
    index = page.evaluate("document.activeElement.dataset.index")
    assert index == "1"
    page.keyboard.press("Enter")
    page.wait_for_selector('#page-text button.line[data-index="1"] del')
    assert page.evaluate("document.activeElement.dataset.index") == "1"
    assert page.inner_text("#command").endswith("--remove-line 60:1")
    page.click("#reset")


def test_enter_on_a_group_s_text_chooses_it_and_the_focus_stays_on_it(page):
    open_pdf(page, REPORT)
    row = group_row(page, "Page 2 of 9")
    group_id = row.get_attribute("data-group")
    row.locator("button.group-text").focus()
    page.keyboard.press("Enter")
    chosen = page.locator(f'tr[data-group="{group_id}"] button.group-text')
    assert chosen.get_attribute("aria-pressed") == "true"
    assert page.evaluate("() => document.activeElement.closest('tr')?.dataset.group") == group_id
    assert page.evaluate("() => document.activeElement.className") == "group-text"
    page.keyboard.press("Enter")  # and again, to let it go
    assert chosen.get_attribute("aria-pressed") == "false"
    assert page.evaluate("() => document.activeElement.closest('tr')?.dataset.group") == group_id


def test_escape_leaves_the_password_prompt_and_the_next_file_can_be_chosen(page):
    open_pdf(page, DATA / "password-secret.pdf", expect="password")
    page.keyboard.press("Escape")
    wait_state(page, "ready")
    page.wait_for_function("() => document.activeElement.id === 'open-title'")  # focus moves on the next frame
    open_pdf(page, REPORT)


def test_focus_goes_to_what_is_shown_when_reading_starts_and_after_cancel_and_error(page, tmp_path):
    pdf = tmp_path / "long.pdf"
    annual_report(pdf, pages=400)
    page.set_input_files("#file", str(pdf))
    wait_state(page, "working")
    page.wait_for_function("() => document.activeElement.id === 'work-title'")
    page.click("#cancel")
    page.wait_for_function("() => document.activeElement.id === 'open-title'")
    wait_state(page, "ready")
    open_pdf(page, DATA / "not-a-pdf.pdf", expect="error")
    page.wait_for_function("() => document.activeElement.id === 'error-title'")
    # One voice: the title for the kind, then Python's one sentence, and nothing said twice.
    assert page.inner_text("#error-title") == "Wrong kind of file"
    message = page.inner_text("#error-message")
    assert message == "This is not a PDF (it looks like a text file); choose a PDF file."
    assert page.inner_text("#error-file") == "not-a-pdf.pdf"
    assert page.locator("#error p").all_inner_texts() == ["not-a-pdf.pdf", message]


def test_progress_is_announced_at_a_calm_pace(page, tmp_path):
    pdf = tmp_path / "long.pdf"
    annual_report(pdf, pages=150)
    page.evaluate("""() => {
        window.__spoken = [];
        window.__shown = 0;
        new MutationObserver(() => window.__spoken.push([performance.now(), document.getElementById('work-live').textContent]))
            .observe(document.getElementById('work-live'), {childList: true, characterData: true, subtree: true});
        new MutationObserver(() => window.__shown++)
            .observe(document.getElementById('work-status'), {childList: true, characterData: true, subtree: true});
    }""")
    open_pdf(page, pdf)
    spoken = page.evaluate("window.__spoken")
    shown = page.evaluate("window.__shown")
    assert shown > 20  # the visible line follows every run of pages
    assert spoken[-1][1].endswith("Read 150 pages; finding repeated lines…")
    # The last one ("Read 150 pages") is said as soon as it is true, however soon after the one before;
    # every other is at least the pace apart, so the region speaks far less often than the line changes.
    gaps = [b[0] - a[0] for a, b in itertools.pairwise(spoken[:-1])]
    assert all(gap >= 2900 for gap in gaps), gaps


def test_pages_without_text_are_counted_and_named(page, tmp_path):
    pdf = tmp_path / "with-blank.pdf"
    pages = [[Text("Running head", 72, 50, 9), Text(f"Body of page {n}, words {n * 7}.", 72, 200, 11)] for n in range(1, 6)]
    pages.insert(3, [])
    make_pdf(pdf, pages)
    open_pdf(page, pdf)
    tile = page.locator("#summary div", has_text="Pages without text")
    assert tile.locator("dd").all_inner_texts() == ["1", "page 4"]


def test_the_reading_time_leaves_out_the_wait_for_the_reader(browser, base_url):
    import time

    context, recorder = new_context(browser, base_url)
    page = context.new_page()
    page.goto(base_url)
    chosen = time.monotonic()
    page.set_input_files("#file", str(REPORT))  # long before Python has started
    # The footer names the versions when the reader is ready.
    page.wait_for_function("() => document.getElementById('versions').textContent !== ''", timeout=120_000, polling=50)
    ready = time.monotonic()
    wait_state(page, "done", timeout=120_000)
    done = time.monotonic()
    tile = page.locator("#summary div", has_text="Reading time").locator("dd").first.inner_text()
    seconds = float(re.fullmatch(r"([\d.]+) s", tile).group(1))
    assert ready - chosen > 0.5, "the reader was ready at once: this test shows nothing"
    assert 0 < seconds <= done - ready + 0.3, (seconds, ready - chosen, done - ready)
    recorder.assert_private()
    context.close()
