"""The page in a real browser: open a PDF every way a user can, read the rows, download, flip, fail, cancel.

One booted page is shared by these tests (see conftest.py); at the end its every request is checked.
"""

from __future__ import annotations

import base64
import json
import re
from pathlib import Path

from conftest import DATA, open_pdf, wait_state
from pagefurniture import analyze
from pagefurniture.cli import main as cli

REPORT = DATA / "annual-report.pdf"  # 9 pages; header and "Page N of 9" on pages 2-9, a cover on page 1
SUFFIXES = {"clean.txt": "-o", "report.json": "--json", "removed.jsonl": "--removed", "pages.jsonl": "--pages"}
LINKS = {"clean.txt": "#dl-clean", "report.json": "#dl-report", "removed.jsonl": "#dl-removed",
         "pages.jsonl": "#dl-pages"}


def group_row(page, text: str):
    return page.locator("#groups tbody tr", has=page.locator(".printed", has_text=re.compile(f"^{re.escape(text)}$")))


def cli_outputs(pdf: Path, out: Path, *extra: str) -> dict[str, bytes]:
    """What the command line writes for the same PDF and the same choices."""
    out.mkdir(parents=True, exist_ok=True)
    args = [str(pdf), *extra]
    for suffix, option in SUFFIXES.items():
        args += [option, str(out / f"{pdf.stem}.{suffix}")]
    assert cli(args) == 0
    return {suffix: (out / f"{pdf.stem}.{suffix}").read_bytes() for suffix in SUFFIXES}


def download(page, suffix: str, tmp_path: Path) -> tuple[str, bytes]:
    with page.expect_download() as info:
        page.click(LINKS[suffix])
    target = tmp_path / f"download.{suffix}"
    info.value.save_as(target)
    return info.value.suggested_filename, target.read_bytes()


def test_boot_shows_versions_and_the_drop_zone(page):
    assert page.evaluate("document.body.dataset.state") == "ready"
    assert "pdfminer.six 20260107" in page.inner_text("#versions")
    assert page.is_visible("#drop") and page.is_visible("label[for=file]") and page.is_visible("#sample")


def test_picked_file_lists_every_repeated_line_with_its_pages(page):
    open_pdf(page, REPORT)
    assert page.inner_text("#result-title") == "annual-report.pdf"
    header = group_row(page, "Annual Report 2025")
    assert header.count() == 1
    cells = header.locator("td")
    assert cells.nth(1).inner_text() == "header"
    assert cells.nth(2).inner_text() == "top"
    assert cells.nth(3).inner_text().split("\n") == ["2-9", "on 8 of 9 pages"]
    assert header.locator("input[role=switch]").is_checked()
    folio = group_row(page, "Page 2 of 9")
    assert folio.locator("td").nth(1).inner_text() == "page number"
    assert folio.locator("td").nth(3).inner_text().split("\n")[0] == "2-9"
    summary = page.inner_text("#summary")
    assert "Pages\n9" in summary and "Pages without text\nnone" in summary
    # One small map per page; page 1 (the cover) has no furniture.
    assert page.locator("#thumbs button.thumb").count() == 9
    assert "repeated" not in page.get_attribute("#thumbs button.thumb >> nth=0", "aria-label")
    assert "repeated" in page.get_attribute("#thumbs button.thumb >> nth=1", "aria-label")


def test_dropped_file_is_read_like_a_picked_one(page):
    data = base64.b64encode(REPORT.read_bytes()).decode()
    page.evaluate("""([data, name]) => {
        const bytes = Uint8Array.from(atob(data), (c) => c.charCodeAt(0));
        const transfer = new DataTransfer();
        transfer.items.add(new File([bytes], name, {type: "application/pdf"}));
        const zone = document.getElementById("drop");
        zone.dispatchEvent(new DragEvent("dragover", {dataTransfer: transfer, bubbles: true, cancelable: true}));
        zone.dispatchEvent(new DragEvent("drop", {dataTransfer: transfer, bubbles: true, cancelable: true}));
    }""", [data, "dropped report.pdf"])
    wait_state(page, "done")
    assert page.inner_text("#result-title") == "dropped report.pdf"
    assert group_row(page, "Annual Report 2025").count() == 1
    assert page.get_attribute("#dl-clean", "download") == "dropped report.clean.txt"


def test_every_download_is_what_the_command_line_writes(page, tmp_path):
    open_pdf(page, REPORT)
    # The same names and bytes as the command line's batch output.
    assert cli([str(REPORT), "--out-dir", str(tmp_path / "cli")]) == 0
    written = {path.name: path.read_bytes() for path in (tmp_path / "cli").iterdir()}
    assert dict(download(page, suffix, tmp_path) for suffix in LINKS) == written
    assert written["annual-report.clean.txt"].decode().count("Annual Report 2025") == 1  # only the cover's title


def test_a_partial_result_says_so_above_everything_and_in_the_downloads(page, tmp_path):
    cut = DATA / "cut-off.pdf"  # the first 60% of annual-report.pdf: pages 6-9 are beyond the cut
    open_pdf(page, cut)
    assert page.is_visible("#partial")
    assert page.inner_text("#partial") == (
        "Not all of this PDF could be read. 4 of 9 pages could not be read: the file is cut off after page 5. "
        "The downloads hold pages 1-5 only; the report says why each other page is missing.")
    summary = page.inner_text("#summary")
    assert "Pages without text\nnone" in summary  # pages not read are not pages without text
    assert "Pages not fully read\n4\npages 6, 7, 8, 9" in summary
    page.click("#thumbs button.thumb >> nth=6")
    page.wait_for_function("() => document.getElementById('text-title').textContent === 'Text of page 7'")
    assert page.inner_text("#page-text") == "page 7 could not be read: the file is cut off before its content"
    # The downloads are what the command line writes, which exits with its partial status.
    assert cli([str(cut), "--out-dir", str(tmp_path / "cli")]) == 3
    written = {path.name: path.read_bytes() for path in (tmp_path / "cli").iterdir()}
    assert dict(download(page, suffix, tmp_path) for suffix in LINKS) == written
    report = json.loads(written["cut-off.report.json"])
    assert report["summary"]["complete"] is False
    assert [entry["page"] for entry in report["summary"]["pages_unreadable"]] == [6, 7, 8, 9]
    open_pdf(page, REPORT)  # a complete result has no banner
    assert not page.is_visible("#partial")


def test_flipping_a_switch_changes_preview_and_downloads_at_once(page, tmp_path):
    open_pdf(page, REPORT)
    header = group_row(page, "Annual Report 2025")
    group_id = int(header.get_attribute("data-group"))
    page.click("#thumbs button.thumb >> nth=1")
    assert page.locator("#page-text del", has_text="Annual Report 2025").count() == 1
    before = download(page, "clean.txt", tmp_path)[1]

    header.locator("input[role=switch]").uncheck()
    page.wait_for_function("(id) => document.querySelector(`tr[data-group='${id}']`).classList.contains('kept')",
                           arg=group_id)
    # The preview shows the header as kept text, no longer struck through.
    assert page.locator("#page-text del", has_text="Annual Report 2025").count() == 0
    assert page.locator("#page-text li", has_text="Annual Report 2025").count() == 1
    expected = cli_outputs(REPORT, tmp_path / "cli", "--keep", str(group_id))
    # The decision in the words the JSON report has for it, as a sentence.
    words = json.loads(expected["report.json"])["groups"][group_id]["decision"]
    assert words.startswith("kept by you (the detector had removed it: ")
    assert header.locator("td.reason").inner_text() == words[0].upper() + words[1:] + "."
    after = download(page, "clean.txt", tmp_path)[1]
    assert after != before
    assert after == expected["clean.txt"]
    assert after.decode().count("Annual Report 2025") == 9  # the cover's title and 8 headers
    assert download(page, "report.json", tmp_path)[1] == expected["report.json"]
    assert download(page, "removed.jsonl", tmp_path)[1] == expected["removed.jsonl"]

    header.locator("input[role=switch]").check()
    page.wait_for_function("(id) => document.querySelector(`tr[data-group='${id}']`).classList.contains('removed')",
                           arg=group_id)
    assert download(page, "clean.txt", tmp_path)[1] == before


def test_clicking_a_group_highlights_its_pages(page):
    open_pdf(page, REPORT)
    row = group_row(page, "Annual Report 2025")
    row.locator("button.group-text").click()
    assert row.locator("button.group-text").get_attribute("aria-pressed") == "true"
    labels = page.eval_on_selector_all("#thumbs button.thumb", "els => els.map(e => e.getAttribute('aria-label'))")
    missing = [i + 1 for i, label in enumerate(labels) if "without the chosen line" in label]
    assert missing == [1]


def test_sample_button_opens_the_sample(page):
    page.click("#sample")
    wait_state(page, "done")
    assert page.inner_text("#result-title") == "sample.pdf"
    assert group_row(page, "Annual Report 2025").count() == 1


def test_password_pdf_asks_for_the_password(page):
    open_pdf(page, DATA / "password-secret.pdf", expect="password")
    assert page.is_visible("#password-input")
    assert page.inner_text("#password-title") == '"password-secret.pdf" needs a password'
    assert page.is_hidden("#password-error")
    page.fill("#password-input", "wrong")
    page.press("#password-input", "Enter")
    # A wrong password is an error, said in an alert, and the file stays named.
    page.wait_for_selector("#password-error:not([hidden])", timeout=60_000)
    assert page.inner_text("#password-error") == ("Wrong password: The password is not right for this PDF; "
                                                   "check it and try again.")
    assert page.get_attribute("#password-error", "role") == "alert"
    assert page.inner_text("#password-title") == '"password-secret.pdf" needs a password'
    assert page.evaluate("document.body.dataset.state") == "password"
    page.wait_for_function("() => document.activeElement.id === 'password-input'")  # focus moves on the next frame
    page.fill("#password-input", "secret")
    page.click("#password-form button[type=submit]")
    wait_state(page, "done")
    assert "Pages\n9" in page.inner_text("#summary")
    assert group_row(page, "Annual Report 2025").count() == 1  # AES-256 decrypted by aes-js


def test_owner_password_pdf_opens_without_a_prompt(page, tmp_path):
    pdf = DATA / "owner-password.pdf"
    open_pdf(page, pdf)
    report = json.loads(download(page, "report.json", tmp_path)[1])
    assert report["encrypted"] is True
    expected = analyze(pdf).cleaned_text()
    assert download(page, "clean.txt", tmp_path)[1].decode() == expected  # AES-128 decrypted by aes-js


def test_not_a_pdf_then_a_good_pdf(page):
    open_pdf(page, DATA / "not-a-pdf.pdf", expect="error")
    assert page.inner_text("#error-title") == "Wrong kind of file"
    assert "text file" in page.inner_text("#error-message")
    assert page.is_visible("#drop")
    open_pdf(page, REPORT)
    assert page.inner_text("#result-title") == "annual-report.pdf"


def test_scan_without_text_says_ocr_is_out_of_scope(page):
    open_pdf(page, DATA / "no-text.pdf", expect="error")
    assert page.inner_text("#error-title") == "Only pictures, no text"
    assert "run OCR on it first" in page.inner_text("#error-message")


def test_text_dropped_instead_of_a_file_says_so_once(page):
    page.evaluate("""() => {
        const transfer = new DataTransfer();
        transfer.setData("text/plain", "some words");
        document.getElementById("drop").dispatchEvent(new DragEvent("drop", {dataTransfer: transfer, bubbles: true, cancelable: true}));
    }""")
    wait_state(page, "error")
    assert page.inner_text("#error-title") == "Nothing to read"
    assert page.inner_text("#error-message") == "Nothing that was dropped is a file. Drop PDF files or a folder of them."
    page.wait_for_function("() => document.activeElement.id === 'error-title'")  # focus moves on the next frame


def test_cjk_character_map_is_fetched_when_needed(page, shared):
    _, recorder = shared
    open_pdf(page, DATA / "japanese.pdf")
    page.click("#thumbs button.thumb >> nth=0")
    assert "年次報告書 2025" in page.inner_text("#page-text")
    assert any("/cmap/" in url and url.endswith(".json.gz") for _, url, _, _ in recorder.requests)


def test_very_large_file_asks_first(page):
    page.evaluate("""() => window.openFile(new File([new Uint8Array(101 * 1024 * 1024)], "huge.pdf"))""")
    wait_state(page, "confirm")
    assert "101 MB" in page.inner_text("#confirm-message")
    page.click("#confirm-stop")
    wait_state(page, "ready")


def test_cancel_stops_at_once_and_the_next_file_works(page, tmp_path):
    from reportlab.pdfgen import canvas

    pdf = tmp_path / "long.pdf"
    c = canvas.Canvas(str(pdf), invariant=1)
    for n in range(1, 1201):
        c.setFont("Helvetica", 9)
        c.drawString(72, 800, "A long document")
        for i in range(30):
            c.drawString(72, 760 - 20 * i, f"Line {i} of page {n}, with enough words to be read as a line.")
        c.drawString(300, 40, str(n))
        c.showPage()
    c.save()
    open_pdf(page, pdf, expect="working")
    page.wait_for_function("() => document.getElementById('work-status').textContent.startsWith('Reading page')",
                           timeout=60_000)
    page.click("#cancel")
    assert page.evaluate("document.body.dataset.state") in ("booting", "ready")
    stopped = ('Stopped: "long.pdf" was not read. The PDF reader is starting again, and you can choose files '
               "meanwhile.")
    assert page.inner_text("#stopped") == stopped
    wait_state(page, "ready", timeout=120_000)
    # The old worker is gone: nothing it was doing comes back.
    page.wait_for_timeout(500)
    assert page.evaluate("document.body.dataset.state") == "ready"
    # What was stopped is still said once the reader has started again: the page was not reloaded.
    assert page.is_visible("#stopped") and page.inner_text("#stopped") == stopped
    open_pdf(page, REPORT)
    assert page.inner_text("#result-title") == "annual-report.pdf"
    assert page.is_hidden("#stopped")


def test_cut_off_pdf_says_so_and_what_to_do(page, tmp_path):
    pdf = tmp_path / "cut.pdf"
    pdf.write_bytes(REPORT.read_bytes()[:700])  # the header survives, the rest is gone
    open_pdf(page, pdf, expect="error")
    assert page.inner_text("#error-title") == "The file is cut off"
    message = page.inner_text("#error-message")
    assert message.startswith("The file is cut off after 700 bytes; no page could be read") and "complete copy" in message
    assert page.is_visible("#drop")


def test_damaged_pdf_says_so_and_what_to_do(page, tmp_path):
    pdf = tmp_path / "damaged.pdf"
    pdf.write_bytes(b"%PDF-1.4\n" + bytes(2000) + b"\n%%EOF\n")  # ends as a PDF does, holds nothing
    open_pdf(page, pdf, expect="error")
    assert page.inner_text("#error-title") == "Cannot read this file"
    assert page.is_visible("#drop")


def test_copy_button_puts_the_cleaned_text_on_the_clipboard(page, tmp_path):
    open_pdf(page, REPORT)
    page.click("#copy")
    page.wait_for_function("() => document.getElementById('copy-status').textContent === 'Copied.'")
    assert page.evaluate("() => navigator.clipboard.readText()") == download(page, "clean.txt", tmp_path)[1].decode()


def test_the_file_picker_is_reachable_with_the_keyboard(page):
    page.click("h1")  # moves the keyboard's starting point to the top of the page
    reached = []
    for _ in range(6):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("() => document.activeElement.id"))
        if reached[-1] == "file":
            break
    assert "file" in reached, reached
    assert reached.index("file") < reached.index("sample") if "sample" in reached else True


def test_enter_opens_either_picker_and_both_show_where_the_focus_is(page):
    choosers = []

    def chosen(chooser) -> None:
        choosers.append(chooser)

    # Listening before anything is pressed: Playwright starts catching file choosers when first asked to.
    page.on("filechooser", chosen)
    page.click("h1")
    for name in ("file", "folder"):
        while page.evaluate("() => document.activeElement.id") != name:
            page.keyboard.press("Tab")
        # The focus ring is drawn on the label the user sees; the input itself is hidden.
        ring = page.evaluate("(id) => getComputedStyle(document.querySelector(`label[for=${id}]`)).outlineStyle", name)
        assert ring == "solid", name
        before = len(choosers)
        page.keyboard.press("Enter")
        for _ in range(50):
            if len(choosers) > before:
                break
            page.wait_for_timeout(100)
        assert len(choosers) == before + 1, name
        assert choosers[-1].element.get_attribute("id") == name
    page.remove_listener("filechooser", chosen)


def test_pdf_text_is_shown_as_text_never_as_html(page, tmp_path):
    from reportlab.pdfgen import canvas

    markup = '<img src=x onerror="document.title=\'owned\'"> <b>Bold</b> &amp;'
    pdf = tmp_path / "markup.pdf"
    c = canvas.Canvas(str(pdf), invariant=1)
    for n in range(1, 5):
        c.setFont("Helvetica", 9)
        c.drawString(72, 800, markup)
        c.setFont("Helvetica", 11)
        c.drawString(72, 700, f"Body text of page {n} that differs from page to page, number {n * 7}.")
        c.showPage()
    c.save()
    open_pdf(page, pdf)
    assert page.locator("#groups img, #groups b, #page-text img, #page-text b").count() == 0
    assert page.locator("#groups .printed", has_text="<b>Bold</b>").count() == 1
    assert markup in page.inner_text("#page-text")
    assert page.title() != "owned"


def test_a_download_clicked_as_soon_as_the_result_shows_is_the_command_line_s_file(page, tmp_path):
    # The output files are made when first wanted: a click that comes before they are is followed once
    # they are (dispatched at once, with no pointer coming near the links first).
    open_pdf(page, REPORT)
    with page.expect_download() as info:
        page.dispatch_event(LINKS["report.json"], "click")
    target = tmp_path / "report.json"
    info.value.save_as(target)
    assert info.value.suggested_filename == "annual-report.report.json"
    assert target.read_bytes() == cli_outputs(REPORT, tmp_path / "cli")["report.json"]


def test_the_download_links_point_to_their_files_once_a_pointer_comes_near(page, tmp_path):
    # So that "Save link as" and copying the link work as on any link.
    open_pdf(page, REPORT)
    page.hover(LINKS["clean.txt"])
    page.wait_for_function("() => [...document.querySelectorAll('.downloads a')].every((a) => a.href.startsWith('blob:'))")
    assert download(page, "clean.txt", tmp_path)[1] == analyze(REPORT).cleaned_text().encode()


def test_each_download_says_what_it_is_for_in_plain_words(page):
    open_pdf(page, REPORT)
    items = page.locator(".downloads li").all()
    named = {item.locator(".button").inner_text(): item.locator(".what").inner_text() for item in items
             if item.locator(".what").count()}
    assert list(named) == ["Cleaned text", "Cleaned PDF", "Lines taken out", "Text page by page", "Every decision"]
    assert all(len(words.split()) >= 6 for words in named.values())
    # No programmer's words on the buttons; the formats are said in the lines under them, where they help.
    assert not any(word in " ".join(named) for word in ("JSON", "Report", "Removed lines"))
