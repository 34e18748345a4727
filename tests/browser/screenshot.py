"""Take screenshots of the page with the sample PDF open: desktop and 360 px wide, light and dark.

    python tests/browser/screenshot.py [OUT_DIR]      # default tests/browser/screenshots/
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from conftest import ARGS, BOOT_TIMEOUT, CHROMIUM, REPO, load_build, wait_state
from playwright.sync_api import sync_playwright


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
                page = browser.new_page(viewport=viewport, color_scheme=scheme, device_scale_factor=1)
                page.goto(url)
                page.wait_for_selector("body[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT)
                page.click("#sample")
                wait_state(page, "done")
                page.click("#thumbs button.thumb >> nth=1")
                page.locator("#groups button.group-text >> nth=0").click()
                page.evaluate("document.activeElement.blur()")
                page.screenshot(path=str(out / f"{name}-{scheme}.png"), full_page=True)
                page.close()
        browser.close()
    server.shutdown()
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
