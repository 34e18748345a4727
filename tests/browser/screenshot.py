"""Take screenshots of the page: the sample PDF under review (desktop and 360 px wide, light and dark) and
three files read at once, one of them not a PDF.

    python tests/browser/screenshot.py [OUT_DIR]      # default tests/browser/screenshots/
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from conftest import ARGS, BOOT_TIMEOUT, CHROMIUM, DATA, REPO, load_build, wait_state
from playwright.sync_api import sync_playwright


def booted(browser, url: str, **options):
    page = browser.new_page(device_scale_factor=1, **options)
    page.goto(url)
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT)
    return page


def drawn(page, number: int) -> None:
    page.wait_for_function("(n) => document.getElementById('sheet').dataset.drawn === String(n)", arg=number,
                           timeout=60_000)
    page.wait_for_timeout(500)  # the thumbnails are drawn one after the other


def main() -> int:
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).resolve().parent / "screenshots"
    out.mkdir(parents=True, exist_ok=True)
    build = load_build()
    site = REPO / "dist"
    build.build(site, quiet=True)
    server = build.make_server(site, 0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        for scheme in ("light", "dark"):
            for name, viewport in (("desktop", {"width": 1280, "height": 900}), ("phone", {"width": 360, "height": 780})):
                page = booted(browser, url, viewport=viewport, color_scheme=scheme)
                page.click("#sample")
                wait_state(page, "done")
                page.locator("#groups button.group-text >> nth=0").click()
                drawn(page, 2)
                page.locator("#boxes .box.chosen >> nth=0").hover()
                page.screenshot(path=str(out / f"{name}-{scheme}.png"), full_page=True)
                page.close()
        page = booted(browser, url, viewport={"width": 1280, "height": 900})
        page.set_input_files("#file", [str(DATA / name) for name in ("annual-report.pdf", "not-a-pdf.pdf", "japanese.pdf")])
        page.wait_for_selector("body[data-batch=finished]", state="attached", timeout=120_000)
        drawn(page, 2)
        page.screenshot(path=str(out / "files-light.png"), full_page=False)
        page.close()
        browser.close()
    server.shutdown()
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
