"""Reading on several cores: helper workers share a long PDF's pages, and the answer does not change.

The page is opened with ``?workers=3`` (a main worker and two helpers) so that the tests do the same on
any machine, whatever its number of cores.
"""

from __future__ import annotations

import re

import pytest
from conftest import HOLD, boot, new_context, open_pdf
from pdfs import PASSWORD, annual_report, image_only
from test_page import cli_outputs, download

PAGES = 60


def three_workers(browser, base_url):
    context, recorder = new_context(browser, base_url)
    page = boot(context, base_url + "?workers=3")
    page.wait_for_selector("body[data-helpers='2']", state="attached", timeout=120_000)
    yield page
    recorder.assert_private()
    assert page.evaluate("window.__cspViolations") == []
    context.close()


@pytest.fixture(scope="module")
def pool(browser, base_url):
    yield from three_workers(browser, base_url)


@pytest.fixture
def own_pool(browser, base_url):
    """For a test that stops a helper: the others keep all three workers."""
    yield from three_workers(browser, base_url)


@pytest.fixture(scope="module")
def long_pdf(tmp_path_factory):
    path = tmp_path_factory.mktemp("long") / "long-report.pdf"
    annual_report(path, pages=PAGES)
    return path


def test_pages_shared_out_give_what_the_command_line_writes(pool, long_pdf, tmp_path):
    open_pdf(pool, long_pdf)
    summary = pool.inner_text("#summary")
    assert f"Pages\n{PAGES}" in summary
    assert re.search(r"Reading time\n[\d.]+ s\non 3 cores", summary), summary
    expected = cli_outputs(long_pdf, tmp_path / "cli")
    for suffix, data in expected.items():
        assert download(pool, suffix, tmp_path)[1] == data, suffix


def test_helpers_open_a_password_pdf_with_the_password_given_once(pool, tmp_path):
    pdf = tmp_path / "locked-report.pdf"
    annual_report(pdf, pages=40, password=PASSWORD)
    open_pdf(pool, pdf, expect="password")
    pool.fill("#password-input", PASSWORD)
    pool.click("#password-form button[type=submit]")
    pool.wait_for_selector("body[data-state=done]", state="attached", timeout=120_000)
    assert "\non 3 cores" in pool.inner_text("#summary")
    expected = cli_outputs(pdf, tmp_path / "cli", "--password", PASSWORD)
    assert download(pool, "clean.txt", tmp_path)[1] == expected["clean.txt"]


def test_a_helper_that_stops_leaves_its_pages_to_the_others(own_pool, long_pdf, tmp_path):
    own_pool.set_input_files("#file", str(long_pdf))
    own_pool.wait_for_function("() => document.getElementById('work-progress').value > 0", timeout=120_000)
    helper = [worker for worker in own_pool.workers if worker.url.endswith("/worker.js")][-1]
    # An error nobody catches ends the worker as a crash would; the page sees it as the worker's error event.
    helper.evaluate("setTimeout(() => { throw new Error('helper stopped'); })")
    own_pool.wait_for_selector("body[data-state=done]", state="attached", timeout=120_000)
    assert own_pool.get_attribute("body", "data-helpers") == "1"
    expected = cli_outputs(long_pdf, tmp_path / "cli")
    assert download(own_pool, "clean.txt", tmp_path)[1] == expected["clean.txt"]
    assert download(own_pool, "pages.jsonl", tmp_path)[1] == expected["pages.jsonl"]


def test_a_file_read_at_once_after_a_failed_one_is_not_told_there_is_no_open_pdf(browser, base_url, tmp_path):
    # A file fails (here: no text at all) while a helper is still opening it; the next file is given at
    # once, and the helper is given it too. The helper's "close" for the failed file must not close the
    # next one, which it would meet first: "There is no open PDF; open a PDF first."
    scan = tmp_path / "scan.pdf"
    image_only(scan, pages=20)
    report = tmp_path / "report.pdf"
    annual_report(report, pages=60)
    context, recorder = new_context(browser, base_url)
    context.add_init_script(HOLD)
    try:
        page = boot(context, base_url + "?workers=2")
        page.wait_for_selector("body[data-helpers='1']", state="attached", timeout=120_000)
        # A helper's "open" (it opens the file under no name of its own) waits until released.
        page.evaluate("() => { window.__hold = (m) => m.type === 'open' && m.name === ''; }")
        open_pdf(page, scan, expect="error")
        assert page.inner_text("#error-title") == "Only pictures, no text"
        assert page.evaluate("window.__held()") == 1
        page.set_input_files("#file", str(report))
        page.wait_for_function("() => window.__held() === 2")
        page.evaluate("window.__release()")
        page.wait_for_function("""() => document.getElementById('result-title').textContent === 'report.pdf' ||
            document.getElementById('error-file').textContent === 'report.pdf'""", timeout=120_000)
        assert page.evaluate("document.body.dataset.state") == "done", page.inner_text("#error-message")
        assert "Pages\n60" in page.inner_text("#summary")
        recorder.assert_private()
    finally:
        context.close()
