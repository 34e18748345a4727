"""Offline, Chinese and Japanese PDFs that were never opened online: the service worker stores every
character map (pdfminer's and pdf.js's) in the background once the page is ready and idle, so they are read
and drawn as online; a map that was not stored gives one clear message naming the script, and the page
stays usable."""

from __future__ import annotations

import json
import shutil
import threading
from pathlib import Path

from conftest import ARGS, BOOT_TIMEOUT, CHROMIUM, DATA, boot, new_context, open_pdf, wait_state
from pagefurniture import analyze

STORE_TIMEOUT = 300_000  # ms: 9.6 MB of maps, fetched one at a time from a server on this machine
CJK = {"japanese.pdf": "年次報告書 2025", "chinese.pdf": "二〇二五年年度报告"}


def served(build_module, root: Path):
    httpd = build_module.make_server(root, 0, quiet=True)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    return httpd, f"http://127.0.0.1:{httpd.server_address[1]}/"


def go_offline(httpd, context, page) -> None:
    """Take the site off the network (server stopped, browser offline) and load the page again."""
    httpd.shutdown()
    httpd.server_close()
    context.set_offline(True)
    page.reload()
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT)


def stored_maps(page) -> list[str]:
    return page.evaluate("""async () => {
        const names = (await caches.keys()).filter((name) => name.startsWith("pagefurniture-cmap-"));
        const cache = await caches.open(names[0]);
        return (await cache.keys()).map((request) => new URL(request.url).pathname);
    }""")


def test_after_one_visit_online_cjk_pdfs_never_opened_online_read_offline(browser, build_module, site, tmp_path):
    httpd, url = served(build_module, site)
    context, recorder = new_context(browser, url)
    try:
        page = boot(context, url)
        page.wait_for_selector("body[data-maps=stored]", state="attached", timeout=STORE_TIMEOUT)
        # pdfminer's maps, to read the text, and pdf.js's, to draw it in fonts that are not embedded.
        maps = sorted(f"/{path.relative_to(site).as_posix()}" for folder in ("cmap", "pdfjs/cmaps")
                      for path in (site / folder).iterdir())
        assert sorted(stored_maps(page)) == maps
        assert "Works offline, for text in every script." in page.inner_text("#offline")
        # Nothing was read online: every map was fetched by the service worker, none for a PDF.
        assert not any(name in request[1] for request in recorder.requests for name in CJK)
        go_offline(httpd, context, page)
        for name, heading in CJK.items():
            open_pdf(page, DATA / name)
            with page.expect_download() as info:
                page.click("#dl-clean")
            info.value.save_as(tmp_path / name)
            assert (tmp_path / name).read_text(encoding="utf-8") == analyze(DATA / name).cleaned_text()
            assert heading in page.inner_text("#groups")
            # And drawn: pdf.js's maps for the fonts these PDFs do not embed were stored too.
            page.wait_for_function("() => /^\\d+$/.test(document.getElementById('sheet').dataset.drawn)",
                                   timeout=60_000)
        recorder.assert_private()
    finally:
        context.close()


def test_offline_without_the_maps_a_cjk_pdf_names_the_script_it_needs(browser, build_module, site, tmp_path):
    # A site whose maps could not be stored (here: the server lacks them, as after a failed download).
    root = tmp_path / "site"
    shutil.copytree(site, root)
    shutil.rmtree(root / "cmap")
    httpd, url = served(build_module, root)
    context, recorder = new_context(browser, url)
    try:
        page = boot(context, url)
        page.wait_for_selector("body[data-maps=failed]", state="attached", timeout=STORE_TIMEOUT)
        assert "could not all be stored" in page.inner_text("#offline")
        go_offline(httpd, context, page)
        open_pdf(page, DATA / "japanese.pdf", expect="error")
        assert page.get_attribute("#error", "data-kind") == "character-map"
        assert page.inner_text("#error-title") == "A character map is missing"
        message = page.inner_text("#error-message")
        assert message.startswith("Page 1 needs the Japanese character map UniJIS-UCS2-H for its font HeiseiMin-W3, "
                                  "which is not stored in this browser for use offline")
        assert "connect to the internet and open the PDF again" in message
        assert page.is_visible("#drop")
        open_pdf(page, DATA / "annual-report.pdf")  # the page is still usable
        assert page.inner_text("#result-title") == "annual-report.pdf"
        recorder.assert_private()
    finally:
        context.close()


def test_the_maps_are_the_ones_the_manifest_lists(site):
    # What the worker passes to web.install: every map the build wrote, none more.
    manifest = json.loads((site / "manifest.json").read_text())
    listed = {path for path in manifest["files"] if path.startswith("cmap/")}
    assert listed == {f"cmap/{path.name}" for path in (site / "cmap").iterdir()}
    assert {"cmap/UniJIS-UCS2-H.json.gz", "cmap/UniGB-UCS2-H.json.gz"} <= listed


def test_over_plain_http_from_another_computer_the_page_says_it_works_neither_offline_nor_keeps_choices(
        playwright, server):
    # A name that is not this computer's (as a LAN address is not), mapped to this server: not a secure
    # context, so the browser gives the page no service worker and no crypto.subtle.
    port = server.server_address[1]
    url = f"http://lan.test:{port}/"
    browser = playwright.chromium.launch(executable_path=CHROMIUM,
                                         args=[*ARGS, "--host-resolver-rules=MAP lan.test 127.0.0.1"])
    context, recorder = new_context(browser, url)
    try:
        page = boot(context, url)
        assert page.evaluate("isSecureContext") is False
        notice = page.locator("#insecure")
        assert notice.is_visible()
        assert "neither work offline nor keep your choices" in notice.inner_text()
        assert "works offline" not in page.inner_text(".private")
        page.click("#sample")
        wait_state(page, "done")
        assert page.inner_text("#saved-status").startswith("Your choices are not kept here")
        recorder.assert_private()
    finally:
        browser.close()


def test_on_localhost_the_page_promises_offline_use_and_no_notice(page):
    assert page.evaluate("isSecureContext") is True
    assert page.locator("#insecure").is_hidden()
    assert "after the first visit the page works offline" in page.inner_text(".private")
