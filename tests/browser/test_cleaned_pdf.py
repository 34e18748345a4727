"""The cleaned PDF: made only when asked for, with the choices on show, the bytes `pagefurniture FILE --pdf OUT`
writes; its error said under its button; in the batch ZIP on request, as `--out-dir --clean-pdf` writes it.
"""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

from conftest import DATA, boot, new_context, open_pdf
from pagefurniture import analyze
from pagefurniture.cli import main as cli
from pagefurniture.errors import NotCleaned

REPORT = DATA / "annual-report.pdf"  # 9 pages; header and "Page N of 9" on pages 2-9
CUT = DATA / "cut-off.pdf"  # annual-report.pdf cut after page 5: no PDF can be written from it


def save_pdf(page, tmp_path: Path, name: str) -> tuple[str, bytes]:
    with page.expect_download(timeout=120_000) as info:
        page.click("#dl-pdf")
    info.value.save_as(tmp_path / name)
    return info.value.suggested_filename, (tmp_path / name).read_bytes()


def cli_pdf(pdf: Path, out: Path, *choices: str) -> bytes:
    assert cli([str(pdf), *choices, "--pdf", str(out)]) == 0
    return out.read_bytes()


def test_the_cleaned_pdf_is_the_command_line_s_with_the_choices_on_show(page, tmp_path):
    open_pdf(page, REPORT)
    assert page.inner_text("#pdf-status") == ""
    assert save_pdf(page, tmp_path, "first.pdf") == ("annual-report.clean.pdf", cli_pdf(REPORT, tmp_path / "cli.pdf"))
    # A group kept, a line of a removed group put back, a body line taken out: the same bytes as those options.
    report = analyze(REPORT)
    header = next(g for g in report.groups if g.text == "Annual Report 2025")
    footer = next(g for g in report.groups if g.remove and g.id != header.id)
    footer_line = next(i for p, i in footer.members if p == 3)
    page.locator(f'tr[data-group="{header.id}"] input[role=switch]').uncheck()
    page.wait_for_selector(f'tr[data-group="{header.id}"].kept')
    page.click('#thumbs [data-page="3"]')
    page.click(f'#page-text button.line[data-index="{footer_line}"]')
    page.wait_for_function("() => document.getElementById('command').textContent.includes('--keep-line')")
    page.click('#thumbs [data-page="4"]')
    page.click('#page-text button.line[data-index="5"]')
    choices = ["--keep", str(header.id), "--keep-line", f"3:{footer_line}", "--remove-line", "4:5"]
    page.wait_for_function("(c) => document.getElementById('command').textContent.endsWith(c)", arg=" ".join(choices))
    name, made = save_pdf(page, tmp_path, "chosen.pdf")
    expected = cli_pdf(REPORT, tmp_path / "cli-chosen.pdf", *choices)
    assert made != (tmp_path / "cli.pdf").read_bytes()
    assert (name, made) == ("annual-report.clean.pdf", expected)


def test_a_file_no_pdf_can_be_made_of_says_why_under_the_button(page):
    open_pdf(page, CUT)
    page.click("#dl-pdf")
    page.wait_for_function("() => !document.getElementById('pdf-status').textContent.startsWith('Making')",
                           timeout=120_000)
    try:
        analyze(CUT).cleaned_pdf(CUT)
    except NotCleaned as exc:
        reason = str(exc)
    message = reason[0].upper() + reason[1:] + "."
    assert page.inner_text("#pdf-status") == f"{NotCleaned.title}: {message}"
    assert page.is_enabled("#dl-pdf")
    # The text downloads are still there; another file clears the error.
    assert page.get_attribute("#dl-clean", "download") == "cut-off.clean.txt"
    open_pdf(page, REPORT)
    assert page.inner_text("#pdf-status") == ""


def test_it_is_being_made_while_the_worker_makes_it(browser, base_url, tmp_path):
    # The writer is imported in the worker only when a cleaned PDF is asked for; meanwhile the button says
    # it is being made. The test reaches the worker's Python through its `booted` promise, and holds the
    # request back to see the button while it waits.
    context, recorder = new_context(browser, base_url, service_workers="block")
    context.add_init_script("""
      (() => {
        const post = Worker.prototype.postMessage;
        window.__held = [];
        Worker.prototype.postMessage = function (message, transfer) {
          if (message?.type === "clean" && !window.__let) return void window.__held.push([this, message, transfer]);
          return post.call(this, message, transfer);
        };
        window.__go = () => { window.__let = true; for (const [w, m, t] of window.__held) post.call(w, m, t); };
      })();""")

    def expose(route):
        worker = route.fetch().text() + "\nglobalThis.__booted = booted;\n"
        route.fulfill(body=worker, content_type="text/javascript")

    context.route("**/worker.js", expose)
    try:
        page = boot(context, base_url + "?workers=1")
        open_pdf(page, REPORT)
        worker = next(w for w in page.workers if w.url.split("?")[0].endswith("/worker.js"))
        imported = ("globalThis.__booted.then(({pyodide}) => pyodide.runPython("
                    "\"import sys; 'pagefurniture.clean' in sys.modules\"))")
        page.hover("#dl-clean")  # the text outputs are made; the PDF writer is not needed for them
        page.wait_for_function("() => document.getElementById('dl-clean').href.startsWith('blob:')")
        assert worker.evaluate(imported) is False
        page.click("#dl-pdf")
        page.wait_for_function("() => window.__held.length === 1")
        assert page.inner_text("#pdf-status") == "Making the cleaned PDF…"
        assert page.is_disabled("#dl-pdf")
        assert page.get_attribute("#dl-pdf", "aria-busy") == "true"
        with page.expect_download(timeout=120_000) as info:
            page.evaluate("window.__go()")
        info.value.save_as(tmp_path / "made.pdf")
        assert (tmp_path / "made.pdf").read_bytes() == cli_pdf(REPORT, tmp_path / "cli.pdf")
        assert worker.evaluate(imported) is True
        assert page.inner_text("#pdf-status") == ""
        assert page.is_enabled("#dl-pdf")
        # The page handed the file's bytes over and kept none: the request carried them, transferred.
        assert page.evaluate("window.__held[0][1].bytes.byteLength") == 0
        recorder.assert_private()
    finally:
        context.close()


def manifest(data: bytes) -> list[dict]:
    return [{**row, "seconds": 0} for row in map(json.loads, data.decode().splitlines())]


def zip_with_pdfs(page, folder, names) -> zipfile.ZipFile:
    """The test files ``names`` put in ``folder`` and given to the page as a folder; its ZIP with each cleaned PDF."""
    folder.mkdir()
    for name in names:
        (folder / name).write_bytes((DATA / name).read_bytes())
    page.set_input_files("#folder", str(folder))
    page.wait_for_selector("body[data-batch=finished]", state="attached", timeout=120_000)
    page.check("#zip-pdf")
    with page.expect_download(timeout=120_000) as info:
        page.click("#zip")
    return zipfile.ZipFile(info.value.path())


def test_the_zip_with_cleaned_pdfs_is_what_clean_pdf_writes(page, tmp_path, monkeypatch):
    folder = tmp_path / "in"
    archive = zip_with_pdfs(page, folder, ("annual-report.pdf", "cut-off.pdf", "not-a-pdf.pdf", "japanese.pdf"))
    made = {name: archive.read(name) for name in archive.namelist()}
    monkeypatch.chdir(tmp_path)
    assert cli(["in", "--out-dir", "out", "--clean-pdf", "--manifest", "out/manifest.jsonl"]) == 1
    written = {p.relative_to(tmp_path / "out").as_posix(): p.read_bytes() for p in (tmp_path / "out").rglob("*")}
    ours, theirs = manifest(made.pop("manifest.jsonl")), manifest(written.pop("manifest.jsonl"))
    assert {"annual-report.clean.pdf", "japanese.clean.pdf"} <= set(made)
    assert made == written
    assert ours == theirs
    assert [row["clean_pdf"] for row in ours] == [True, False, True, None]  # the cut-off file: none, and why
    assert page.inner_text("#zip-status") == ("The outputs of 3 files, 2 cleaned PDFs (1 could not be made; the "
                                              "manifest says which), and manifest.jsonl with a line for each of "
                                              "the 4 files.")
    # Without the box ticked, the ZIP is the one --out-dir writes without --clean-pdf.
    page.uncheck("#zip-pdf")
    with page.expect_download(timeout=120_000) as info:
        page.click("#zip")
    info.value.save_as(tmp_path / "texts.zip")
    assert not [name for name in zipfile.ZipFile(tmp_path / "texts.zip").namelist() if name.endswith(".pdf")]


def test_a_file_the_worker_has_forgotten_is_read_again_for_its_cleaned_pdf_in_the_zip(browser, base_url, tmp_path):
    # The main worker keeps the last 16 files it read; an older one is forgotten. Here each file is made
    # forgotten just before its cleaned PDF is asked for: the ZIP must still hold them all, and the same ones.
    context, recorder = new_context(browser, base_url)
    context.add_init_script("""
      (() => {
        const post = Worker.prototype.postMessage;
        const forgotten = window.__forgotten = new Set();
        Worker.prototype.postMessage = function (message, transfer) {
          if (message?.type === "clean" && !forgotten.has(message.key)) {
            forgotten.add(message.key);
            post.call(this, { type: "forget", key: message.key });
          }
          return post.call(this, message, transfer);
        };
      })();""")
    try:
        page = boot(context, base_url)
        folder = tmp_path / "in"
        archive = zip_with_pdfs(page, folder, ("annual-report.pdf", "japanese.pdf"))
        out = tmp_path / "out"
        assert cli([str(folder), "--out-dir", str(out), "--clean-pdf"]) == 0
        written = {p.name: p.read_bytes() for p in out.iterdir()}
        made = {name: archive.read(name) for name in archive.namelist() if name != "manifest.jsonl"}
        assert made == written and len(written) == 10
        assert [row["clean_pdf"] for row in manifest(archive.read("manifest.jsonl"))] == [True, True]
        assert page.evaluate("window.__forgotten.size") == 2  # each file was forgotten once, and read again
        recorder.assert_private()
    finally:
        context.close()
