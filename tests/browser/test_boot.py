"""The main worker starts while the page loads (start.js) and bridge.js takes it over: one worker either
way, whichever of the two scripts runs first, and nothing it says before the takeover is lost."""

from __future__ import annotations

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
