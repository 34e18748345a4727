"""The main worker starts while the page loads (start.js) and bridge.js takes it over: one worker either
way, whichever of the two scripts runs first, and nothing it says before the takeover is lost."""

from __future__ import annotations

import re

import pytest
from conftest import BOOT_TIMEOUT, new_context

ONE_WORKER = "?workers=1"  # no helpers: every worker.js request is a main worker's


def _worker_starts(recorder) -> int:
    """How many workers were started: worker.js loaded as a script (the service worker fetches it too)."""
    return sum(1 for _, url, kind, _ in recorder.requests if url.split("?")[0].endswith("/worker.js") and kind == "script")


def _held(page, pattern: str) -> list:
    """Hold back the responses for ``pattern`` until the caller lets them go (``route.continue_()``)."""
    held: list = []
    page.route(pattern, lambda route: held.append(route))
    return held


def _boot_with(browser, base_url, pattern: str, wait_ms: int):
    context, recorder = new_context(browser, base_url)
    page = context.new_page()
    held = _held(page, pattern)
    page.goto(base_url + ONE_WORKER, wait_until="commit")
    page.wait_for_timeout(wait_ms)
    assert held, f"{pattern} was never asked for"
    for route in held:
        route.continue_()
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT)
    return context, recorder, page


def test_the_worker_start_js_started_is_the_one_the_page_uses(browser, base_url):
    context, recorder = new_context(browser, base_url)
    page = context.new_page()
    page.goto(base_url + ONE_WORKER)
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT)
    assert _worker_starts(recorder) == 1
    assert page.evaluate("window.pagefurnitureWorker === null")  # taken over, not left beside the page's own
    recorder.assert_private()
    context.close()


def test_what_the_worker_says_before_the_page_script_runs_reaches_the_page(browser, base_url):
    # The page's script (app/main.js) held back for 4 s: the worker boots meanwhile (its steps, often "ready"
    # too, come before bridge.js listens); the page must still get to "ready" and show the versions it sent.
    context, recorder, page = _boot_with(browser, base_url, "**/app/main.js", 4000)
    assert "pdfminer.six" in page.inner_text("#versions")
    assert _worker_starts(recorder) == 1
    context.close()


def test_a_start_js_that_comes_after_the_page_script_starts_no_second_worker(browser, base_url):
    context, recorder, page = _boot_with(browser, base_url, "**/start.js", 2000)
    page.wait_for_timeout(1000)  # time for a second worker to be asked for, if start.js started one
    assert _worker_starts(recorder) == 1
    assert page.evaluate("window.pagefurnitureWorker === null")
    context.close()


def test_on_a_slow_line_the_page_says_what_it_downloads_and_how_much(browser, base_url):
    # 8 Mbit/s: the boot downloads for seconds; meanwhile the line under the bar names the files coming and
    # counts their bytes, and the bar is never left empty.
    context, recorder = new_context(browser, base_url, service_workers="block")
    try:
        page = context.new_page()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.send("Network.emulateNetworkConditions", {"offline": False, "latency": 20, "downloadThroughput": 1_000_000,
                                                      "uploadThroughput": 1_000_000})
        page.goto(base_url + ONE_WORKER, wait_until="commit")
        seen = []
        while page.evaluate("document.body.dataset.state") in (None, "booting"):
            seen.append(page.evaluate("""() => {
                const bar = document.getElementById('boot-progress');
                return bar && [document.getElementById('boot-status').textContent,
                               bar.hasAttribute('value') ? bar.value : null, bar.max];
            }"""))
            page.wait_for_timeout(100)
        assert all(value != 0 for _, value, _ in filter(None, seen)), seen  # never an empty bar
        coming = [(text, value, top) for text, value, top in filter(None, seen) if "Downloading" in text]
        counted = [re.search(r"Downloading ([^:]+): (\d+\.\d) (?:of (\d+\.\d) )?MB", text) for text, _, _ in coming]
        assert len(coming) >= 5 and all(counted), seen
        assert any("pyodide.asm.wasm" in match[1] for match in counted)  # Python itself, the largest
        megabytes = [float(match[2]) for match in counted]
        assert megabytes == sorted(megabytes) and megabytes[-1] > megabytes[0]
        for (_, value, top), match in zip(coming, counted, strict=True):
            if match[3]:  # every size known: the bar counts the bytes
                assert value == pytest.approx(float(match[2]) * 1e6, rel=0.01) and top == pytest.approx(float(match[3]) * 1e6, rel=0.01)
            else:  # a compressed file's size is not known: the bar moves without a value, never empty
                assert value is None
        recorder.assert_private()
    finally:
        context.close()
