"""Nothing leaves the page's origin, the request check can fail, the page works offline, and its size and
start-up time are measured on a fresh visit."""

from __future__ import annotations

import gzip
import os
import shutil
import threading
import time
from pathlib import Path
from urllib.request import Request, urlopen

import pytest
from conftest import BOOT_TIMEOUT, DATA, boot, new_context, open_pdf, origin_of, serve, wait_state

FIRST_VISIT_LIMIT = 8 * 1024 * 1024  # bytes on the wire before the page is ready
LATER = ("pdfjs/", "pages.js")  # what the page imports when it first draws a page, not before it is ready
# Seconds from navigation to ready. The goal is 3 s on an idle machine; a test run shares two cores with
# everything else, so the bound checked here is loose unless COLD_START_LIMIT sets it.
COLD_START_LIMIT = float(os.environ.get("COLD_START_LIMIT", "60"))


@pytest.fixture
def own_server(build_module, site):
    """A server of its own, so a test can stop it to take the site off the network."""
    yield from serve(build_module, site)


def test_whole_run_stays_on_the_origin_and_sends_nothing(browser, base_url, tmp_path):
    context, recorder = new_context(browser, base_url)
    page = boot(context, base_url)
    open_pdf(page, DATA / "annual-report.pdf")
    for link in ("#dl-clean", "#dl-removed", "#dl-report", "#dl-pages", "#dl-pdf"):
        with page.expect_download(timeout=120_000) as info:
            page.click(link)
        info.value.save_as(tmp_path / info.value.suggested_filename)
    page.locator("#groups input[role=switch] >> nth=0").uncheck()
    page.wait_for_function("() => document.querySelector('#groups tr.kept') !== null")
    # The review: pdf.js draws the pages (a CJK one needs its character maps), lines are chosen one by
    # one, choices are stored, several files are read and packed into one ZIP.
    page.wait_for_function("() => /^\\d+$/.test(document.getElementById('sheet').dataset.drawn)", timeout=60_000)
    page.click("#boxes .box >> nth=0")
    page.wait_for_function("() => document.getElementById('command').textContent.includes('--')")
    page.set_input_files("#file", [str(DATA / "japanese.pdf"), str(DATA / "not-a-pdf.pdf"), str(DATA / "annual-report.pdf")])
    page.wait_for_selector("body[data-batch=finished]", state="attached", timeout=120_000)
    page.wait_for_function("() => document.getElementById('sheet').dataset.drawn === '1'", timeout=60_000)
    page.check("#zip-pdf")
    with page.expect_download(timeout=120_000) as info:
        page.click("#zip")
    info.value.save_as(tmp_path / "all.zip")
    recorder.assert_private()
    urls = {url for _, url, _, _ in recorder.requests}
    # The recorder sees the workers' requests too (Pyodide's, pdf.js's), not only the page's.
    assert any(url.endswith("/pyodide/pyodide.asm.wasm") for url in urls)
    assert any(url.endswith(".whl") for url in urls)
    assert any(url.endswith("/pdfjs/pdf.worker.min.mjs") for url in urls)
    assert any("/pdfjs/cmaps/" in url and url.endswith(".bcmap") for url in urls)
    assert page.evaluate("window.__cspViolations") == []
    context.close()


def test_the_request_check_fails_when_a_request_leaves_the_origin(browser, base_url):
    # With the page's CSP bypassed, a script can reach another origin: the recorder must catch it.
    context, recorder = new_context(browser, base_url, bypass_csp=True)
    page = context.new_page()
    page.goto(base_url)
    page.evaluate("() => fetch('http://127.0.0.2:9/leak').catch(() => null)")
    page.evaluate(f"() => fetch('{base_url}', {{method: 'POST', body: 'the text'}}).catch(() => null)")
    with pytest.raises(AssertionError) as caught:
        recorder.assert_private()
    assert "request to another origin: GET http://127.0.0.2:9/leak" in str(caught.value)
    assert f"request that sends something: POST {base_url}" in str(caught.value)
    context.close()


def test_a_file_opened_during_boot_waits_for_it_and_the_csp_blocks_other_origins(browser, base_url):
    context, recorder = new_context(browser, base_url)
    page = context.new_page()
    page.goto(base_url)
    page.set_input_files("#file", str(DATA / "annual-report.pdf"))  # long before Python has started
    assert page.evaluate("document.body.dataset.state") == "working"
    wait_state(page, "done", timeout=BOOT_TIMEOUT)
    assert page.inner_text("#result-title") == "annual-report.pdf"
    outcome = page.evaluate("() => fetch('http://127.0.0.2:9/leak').then(() => 'sent', () => 'blocked')")
    assert outcome == "blocked"
    page.wait_for_function("() => window.__cspViolations.length > 0")
    assert page.evaluate("window.__cspViolations")[0].startswith("connect-src http://127.0.0.2:9")
    assert all(origin_of(url) == origin_of(base_url) for _, url, _, _ in recorder.requests)
    context.close()


def test_csp_header_and_meta(base_url):
    with urlopen(base_url) as response:
        csp = response.headers["Content-Security-Policy"]
        html = response.read().decode()
    assert "default-src 'self'" in csp and "'wasm-unsafe-eval'" in csp and "unsafe-inline" not in csp
    assert '<meta http-equiv="Content-Security-Policy" content="default-src \'self\';' in html
    with urlopen(base_url + "worker.js") as response:  # a <meta> policy does not reach the worker
        assert response.headers["Content-Security-Policy"] == csp
        assert response.headers["Content-Type"].startswith("text/javascript")


def test_works_offline_after_the_first_visit(browser, own_server):
    url = f"http://127.0.0.1:{own_server.server_address[1]}/"
    context, recorder = new_context(browser, url)
    page = boot(context, url)
    cached = page.evaluate("""async () => {
        const registration = await navigator.serviceWorker.ready;
        const keys = await caches.keys();
        const cache = await caches.open(keys.find((k) => k.startsWith("pagefurniture-")));
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
    }""")
    assert "/pyodide/pyodide.asm.wasm" in cached and "/sample.pdf" in cached
    own_server.shutdown()  # the site is gone from the network
    own_server.server_close()
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT)
    page.click("#sample")
    wait_state(page, "done")
    assert page.inner_text("#result-title") == "sample.pdf"
    assert page.locator("#groups tbody tr").count() > 0
    # pdf.js was never used on the first visit, yet it draws the pages offline: it was kept with the rest.
    page.wait_for_function("() => /^\\d+$/.test(document.getElementById('sheet').dataset.drawn)", timeout=60_000)
    recorder.assert_private()
    context.close()


def test_first_visit_payload_and_cold_start(browser, build_module, own_server, site):
    url = f"http://127.0.0.1:{own_server.server_address[1]}/"
    context, recorder = new_context(browser, url)
    page = context.new_page()
    start = time.monotonic()
    page.goto(url)
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT)
    cold = time.monotonic() - start
    # What the page needed to be ready: not what the service worker, started at "ready", fetches for
    # later (pdf.js, kept for offline use), which may already be on its way.
    later = {path: sent for path, sent in own_server.sent.items() if path.startswith(LATER)}
    payload = own_server.bytes_sent - sum(later.values())
    print(f"\nfirst visit: {payload / 1e6:.2f} MB on the wire, ready after {cold:.2f} s")
    assert payload <= FIRST_VISIT_LIMIT, f"{payload} bytes"
    assert not any("/cmap/" in u for _, u, _, _ in recorder.requests), "character maps are not part of the start"
    assert not [u for _, u, _, _ in recorder.requests if u.startswith(tuple(url + path for path in LATER))
                and u not in recorder.by_service_worker], "the page loads pdf.js only when it draws a page"
    # The service worker's copy revalidates what the browser already has instead of fetching it again; it
    # fetches only what the page has not needed yet (pdf.js), to have it offline, and then, the page being
    # idle, the character maps, each once.
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.wait_for_function("""async () => {
        const keys = await caches.keys();
        const cache = await caches.open(keys.find((k) => k.startsWith("pagefurniture-")));
        return (await cache.keys()).some((r) => r.url.endsWith("/pdfjs/pdf.worker.min.mjs"));
    }""")
    page.wait_for_selector("body[data-maps=stored]", state="attached", timeout=300_000)
    lazy = sum(len(gzip.compress((site / path).read_bytes(), 6))
               for path in ("pages.js", "pdfjs/pdf.min.mjs", "pdfjs/pdf.worker.min.mjs"))
    maps = {path: sent for path, sent in own_server.sent.items() if path.startswith(("cmap/", "pdfjs/cmaps/"))}

    def served(path: Path) -> int:  # the bytes one request for it puts on the wire (text is gzipped)
        data = path.read_bytes()
        return len(gzip.compress(data, 6, mtime=0)) if path.suffix in build_module.COMPRESS else len(data)

    assert maps == {path.relative_to(site).as_posix(): served(path) for folder in ("cmap", "pdfjs/cmaps")
                    for path in (site / folder).iterdir()}, "each map once, pdfminer's and pdf.js's"
    print(f"then, in the background: {sum(maps.values()) / 1e6:.2f} MB of character maps ({len(maps)} files)")
    assert own_server.bytes_sent - payload - sum(later.values()) - sum(maps.values()) < 512 * 1024 + lazy
    context.close()
    assert cold < COLD_START_LIMIT


def test_the_server_accepts_no_uploads(base_url):
    with pytest.raises(Exception) as caught:
        urlopen(Request(base_url, data=b"x", method="POST"))
    assert getattr(caught.value, "code", None) == 405


def test_the_folder_works_from_a_sub_path(browser, build_module, site, tmp_path):
    root = tmp_path / "host"
    shutil.copytree(site, root / "tools" / "pagefurniture")
    httpd = build_module.make_server(root, 0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{httpd.server_address[1]}/tools/pagefurniture/"
        context, recorder = new_context(browser, url)
        page = boot(context, url)
        page.click("#sample")
        wait_state(page, "done")
        assert page.inner_text("#result-title") == "sample.pdf"
        recorder.assert_private()
        assert all("/tools/pagefurniture/" in u for _, u, _, _ in recorder.requests if u.startswith("http"))
        context.close()
    finally:
        httpd.shutdown()
        httpd.server_close()


def test_a_changed_wheel_is_refused_by_the_browser(browser, build_module, site, tmp_path):
    # The browser checks each wheel against the sha256 in our lock file; a swapped wheel must not run.
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    wheel = next((copy / "pyodide").glob("pagefurniture-*.whl"))
    wheel.write_bytes(wheel.read_bytes() + b"\0")
    httpd = build_module.make_server(copy, 0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        url = f"http://127.0.0.1:{httpd.server_address[1]}/"
        context, _recorder = new_context(browser, url)
        page = context.new_page()
        page.goto(url)
        wait_state(page, "error", timeout=BOOT_TIMEOUT)
        assert page.inner_text("#error-title") == "The tool could not start"
        detail = page.text_content("#error-detail")
        # A wheel that fails its integrity check is a failed fetch to the browser.
        assert "packages could not be loaded" in detail and "pagefurniture" in detail
        context.close()
    finally:
        httpd.shutdown()
        httpd.server_close()
