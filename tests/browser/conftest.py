"""Browser fixtures: the site built into a temporary folder, served on a free port, and Debian's Chromium.

Every browser context records every request it makes (the page's, the worker's and the service
worker's), every WebSocket and every CSP violation; ``privacy_check`` asserts at the end of each test
that nothing left the page's origin and nothing was sent.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

import pytest

REPO = Path(__file__).resolve().parents[2]
DATA = REPO / "tests" / "data"  # the checked-in test PDFs
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
BOOT_TIMEOUT = 120_000  # ms; a cold boot takes a few seconds, far more on a busy 2-core machine
WORK_TIMEOUT = 120_000

sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
if not Path(CHROMIUM).exists():
    pytest.skip(f"{CHROMIUM} is missing (apt-get install chromium)", allow_module_level=True)


def load_build():
    spec = importlib.util.spec_from_file_location("site_build", REPO / "build.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules["site_build"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def build_module():
    return load_build()


@pytest.fixture(scope="session")
def site(build_module, tmp_path_factory) -> Path:
    """The site built from the current sources (downloads are cached in .cache/)."""
    out = tmp_path_factory.mktemp("site") / "dist"
    build_module.build(out, quiet=True)
    return out


def serve(build_module, site: Path) -> Iterator:
    """build.py's server for the site on a free port, in a thread, until the generator is closed."""
    httpd = build_module.make_server(site, 0, quiet=True)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield httpd
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="session")
def server(build_module, site):
    yield from serve(build_module, site)


@pytest.fixture(scope="session")
def base_url(server) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def playwright():
    """One Playwright for the session: a second one cannot start while the first runs."""
    with sync_api.sync_playwright() as playwright:
        yield playwright


@pytest.fixture(scope="session")
def browser(playwright):
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
    yield browser
    browser.close()


@dataclass
class Recorder:
    """Everything a browser context sent out."""

    origin: str
    requests: list = field(default_factory=list)  # (method, url, resource type, post data)
    websockets: list = field(default_factory=list)
    console: list = field(default_factory=list)
    by_service_worker: set = field(default_factory=set)  # the URLs the service worker asked for

    def attach(self, context) -> None:
        context.on("request", self._request)
        context.on("page", self.attach_page)

    def attach_page(self, page) -> None:
        page.on("websocket", lambda ws: self.websockets.append(ws.url))
        page.on("console", lambda msg: self.console.append(f"{msg.type}: {msg.text}"))
        page.on("pageerror", lambda exc: self.console.append(f"pageerror: {exc}"))
        page.on("worker", lambda worker: worker.on("console", lambda msg: self.console.append(f"worker {msg.type}: {msg.text}")))

    def _request(self, request) -> None:
        self.requests.append((request.method, request.url, request.resource_type, request.post_data_buffer))
        if request.service_worker is not None:
            self.by_service_worker.add(request.url)

    def problems(self) -> list[str]:
        """Requests to another origin, requests that send something, WebSockets."""
        out = []
        for method, url, kind, body in self.requests:
            scheme = urlsplit(url).scheme
            if scheme in ("data", "blob"):
                continue  # made inside the page, nothing goes out
            if origin_of(url) != self.origin:
                out.append(f"request to another origin: {method} {url}")
            if method not in ("GET", "HEAD") or body or kind in ("ping", "eventsource", "websocket"):
                out.append(f"request that sends something: {method} {url} ({kind})")
        out += [f"WebSocket: {url}" for url in self.websockets]
        return out

    def assert_private(self) -> None:
        problems = self.problems()
        assert not problems, "\n".join(problems)
        assert self.requests, "no request was recorded at all: the recorder is not attached"


def origin_of(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


# Records CSP violations in the page; init scripts run before the page's own scripts.
CSP_SPY = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation",
  (e) => window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI));
"""


# Messages to the workers that the test holds back (those `window.__hold(message)` is true for) until it
# lets them go with `window.__release()`, in the order they were posted: a way to make the workers meet
# messages in an order that depends on timing otherwise.
HOLD = """
(() => {
  const post = Worker.prototype.postMessage;
  const held = [];
  window.__hold = () => false;
  window.__held = () => held.length;
  Worker.prototype.postMessage = function (message, transfer) {
    if (window.__hold(message)) return void held.push([this, message, transfer]);
    return post.call(this, message, transfer);
  };
  window.__release = () => {
    window.__hold = () => false;
    for (const [worker, message, transfer] of held.splice(0)) post.call(worker, message, transfer);
  };
})();
"""


def new_context(browser, base_url: str, **options):
    context = browser.new_context(accept_downloads=True, **options)
    recorder = Recorder(origin_of(base_url))
    recorder.attach(context)
    context.add_init_script(CSP_SPY)
    return context, recorder


def boot(context, base_url: str):
    page = context.new_page()
    page.goto(base_url)
    page.wait_for_selector("body[data-state=ready]", state="attached", timeout=BOOT_TIMEOUT)
    return page


@pytest.fixture(scope="module")
def shared(browser, base_url):
    """One booted page shared by the tests of a module (a boot costs seconds); its requests are checked."""
    context, recorder = new_context(browser, base_url, permissions=["clipboard-read", "clipboard-write"])
    page = boot(context, base_url)
    yield page, recorder
    recorder.assert_private()
    assert page.evaluate("window.__cspViolations") == []
    context.close()


@pytest.fixture
def page(shared, request) -> Iterator:
    page, recorder = shared
    # Choices are kept per file in the browser: each test starts without those an earlier one made.
    page.evaluate("localStorage.clear()")
    yield page
    if request.node.rep_call.failed if hasattr(request.node, "rep_call") else False:
        print("\n".join(recorder.console[-40:]))
    # Each test leaves the page as a user would find it: no result pending.
    assert not recorder.problems(), "\n".join(recorder.problems())


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    setattr(item, "rep_" + report.when, report)


def open_pdf(page, path: Path, *, expect: str = "done") -> None:
    """Pick a file with the file input and wait until the page has answered."""
    page.set_input_files("#file", str(path))
    wait_state(page, expect)


def wait_state(page, state: str, timeout: int = WORK_TIMEOUT) -> None:
    page.wait_for_function("([s]) => document.body.dataset.state === s", arg=[state], timeout=timeout)


def copy_data(name: str, target: Path) -> Path:
    shutil.copyfile(DATA / name, target)
    return target
