"""The browser half of the benchmark: the built site in Chromium, driven by Playwright like a user.

What is timed is what a user waits for: the page's own file input (``set_input_files`` fires the same
``change`` event as choosing a file), the worker reading the PDF with Pyodide, and the result view; a
file counts as finished when the page sets ``body[data-state=done]`` (or ``error``). The times are taken
inside the page with ``performance.now()`` (an init script notes the file input's ``change`` event and
every change of ``data-state``), so Playwright's round trips are not part of them.

Bytes on the wire are counted by the server itself (every byte it writes, headers included), because
the browser's own accounting misses requests made from inside a module worker; a request counts as
part of the first visit when it arrived before the page said "ready" (afterwards the service worker
fills its offline cache, which the user does not wait for).

The WebAssembly heap is the size of the worker's WebAssembly.Memory after the 1,000-page document, on
a page that read nothing else (the heap only grows, so that is its peak); see Session._watch_memory
for how it is reached. The renderer process's peak RSS (VmHWM, which holds that heap, the JavaScript
heap and Chromium's own share) is read from /proc as a cross-check.
"""

from __future__ import annotations

import contextlib
import http.server
import os
import re
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]

# First visits per round, of which the first also measures the payload and the first result.
COLD_VISITS = 5

# Runs in the page before its own scripts.
INIT_SCRIPT = """
(() => {
  const bench = window.__bench = {states: [], change: null, end: null, endState: null, ready: null, boot: [],
                                  read: null};
  document.addEventListener("change", (event) => {
    if (event.target && event.target.type === "file") {
      bench.change = performance.now();
      bench.end = null;
      bench.endState = null;
    }
  }, true);
  new MutationObserver(() => {
    const state = document.body && document.body.dataset.state;
    const now = performance.now();
    const last = bench.states[bench.states.length - 1];
    if (last && last[0] === state) return;
    bench.states.push([state, now]);
    if (state === "ready" && bench.ready === null) bench.ready = now;
    if (state === "working") bench.read = null;
    if (bench.change !== null && bench.end === null && (state === "done" || state === "error")) {
      bench.end = now;
      bench.endState = state;
    }
  }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-state"]});
  // The boot's steps as the page shows them, to see where the cold start goes.
  const boot = new MutationObserver(() => {
    if (bench.ready !== null) return boot.disconnect();  // not watching while results are drawn
    const status = document.getElementById("boot-status");
    const text = status && status.textContent;
    const last = bench.boot[bench.boot.length - 1];
    if (text && (!last || last[0] !== text)) bench.boot.push([text, performance.now()]);
  });
  boot.observe(document, {subtree: true, childList: true, characterData: true});
  // When the worker has read the last page (its progress says so); what follows is detection, the
  // outputs, the JSON and drawing the result.
  const read = new MutationObserver(() => {
    const bar = document.getElementById("work-progress");
    if (bar && bench.read === null && bar.max > 0 && bar.value === bar.max && bar.hasAttribute("value")) {
      bench.read = performance.now();
    }
  });
  read.observe(document, {subtree: true, attributes: true, attributeFilter: ["value", "max"]});
})();
"""

# Put in front of worker.js for the memory visit only (see Session._watch_memory).
MEMORY_HOOK = """
{
  const keep = self.__benchMemories = [];
  const note = (result) => {
    const instance = result && (result.instance || result);
    for (const value of Object.values((instance && instance.exports) || {})) {
      if (value instanceof WebAssembly.Memory && !keep.includes(value)) keep.push(value);
    }
    return result;
  };
  for (const name of ["instantiate", "instantiateStreaming"]) {
    const original = WebAssembly[name];
    WebAssembly[name] = function (...args) { return original.apply(this, args).then(note); };
  }
  const Memory = WebAssembly.Memory;
  WebAssembly.Memory = new Proxy(Memory, {construct(target, args) {
    const memory = new target(...args);
    keep.push(memory);
    return memory;
  }});
}
"""

LONG = 1800_000  # ms: a 1,000-page PDF in a slow browser still finishes well within this


# -- the server ----------------------------------------------------------------------------------------


class _Counter:
    """Wraps a handler's output stream and counts every byte written to the socket."""

    def __init__(self, raw, handler) -> None:
        self._raw = raw
        self._handler = handler

    def write(self, data) -> int:
        self._handler.sent += len(data)
        return self._raw.write(data)

    def __getattr__(self, name):
        return getattr(self._raw, name)


def counting(handler_class: type, log: list[dict], lock: threading.Lock) -> type:
    """A subclass of the site's handler that logs each request: path, bytes sent, encoding, time."""

    class Counting(handler_class):
        sent = 0
        encoding = ""

        def setup(self) -> None:
            super().setup()
            self.wfile = _Counter(self.wfile, self)

        def send_header(self, keyword: str, value: str) -> None:
            if keyword.lower() == "content-encoding":
                self.encoding = value
            super().send_header(keyword, value)

        def parse_request(self) -> bool:
            # When the request arrived: on a keep-alive connection, handle_one_request starts by waiting for
            # it, so the page's later requests (the service worker's, after "ready") would seem earlier.
            self.arrived = time.time()
            return super().parse_request()

        def handle_one_request(self) -> None:
            # requestline is cleared because a keep-alive connection's last call reads no request and keeps the
            # previous one's line, which would be counted again, with no bytes, when the browser closes it.
            self.sent, self.encoding, self.requestline = 0, "", ""
            super().handle_one_request()
            if self.requestline:
                path = getattr(self, "path", "?").split("?", 1)[0]
                with lock:
                    log.append({"path": path, "bytes": self.sent, "encoding": self.encoding, "time": self.arrived,
                                "sw": self.headers.get("Service-Worker", "") if self.headers else ""})

    return Counting


def build_site(out: Path) -> None:
    sys.path.insert(0, str(ROOT))
    try:
        import build
    except ImportError as exc:
        raise SystemExit(f"error: build.py cannot be imported ({exc}); run with --no-browser") from None
    try:
        build.build(out, quiet=True)
    except Exception as exc:
        raise SystemExit(f"error: the site could not be built ({exc}); run python build.py to see why, "
                         "or run the benchmark with --no-browser") from None


def start_server(out: Path, log: list[dict]) -> http.server.ThreadingHTTPServer:
    """build.py's own server (same headers and compression as `python build.py --serve`), counted."""
    import build

    server = build.make_server(out, 0, quiet=True)
    server.RequestHandlerClass = counting(server.RequestHandlerClass, log, threading.Lock())
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def server_url(server: http.server.ThreadingHTTPServer) -> str:
    return f"http://127.0.0.1:{server.server_address[1]}/"


# -- processes ------------------------------------------------------------------------------------------


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as fh:
                ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
        except (OSError, ValueError, IndexError):
            continue
        tree.setdefault(ppid, []).append(int(entry))
    return tree


def chromium_processes() -> dict[int, str]:
    """Every Chromium process started by this process, with its kind (browser, renderer, gpu-process...)."""
    tree = _children()
    todo, seen, found = [os.getpid()], set(), {}
    while todo:
        pid = todo.pop()
        if pid in seen:
            continue
        seen.add(pid)
        todo.extend(tree.get(pid, []))
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                # Chromium rewrites its children's command lines as one string: split on spaces too.
                args = re.split(rb"[\0 ]", fh.read())
        except OSError:
            continue
        if not args or b"chrom" not in Path(args[0].decode(errors="replace")).name.encode():
            continue
        kind = next((a.split(b"=", 1)[1].decode() for a in args if a.startswith(b"--type=")), "browser")
        found[pid] = kind
    return found


def _renderers() -> list[int]:
    """The Chromium renderer processes started by this process (the page and its worker run in one)."""
    return [pid for pid, kind in chromium_processes().items() if kind == "renderer"]


def renderer_peak_rss() -> int:
    """The largest VmHWM (peak RSS) of our renderer processes, in bytes."""
    best = 0
    for pid in _renderers():
        try:
            with open(f"/proc/{pid}/status") as fh:
                for line in fh:
                    if line.startswith("VmHWM:"):
                        best = max(best, int(line.split()[1]) * 1024)
        except OSError:
            continue
    return best


TICK = os.sysconf("SC_CLK_TCK")


def renderer_cpu() -> dict[int, float]:
    """CPU seconds (user + system, all threads) used so far by each of our renderer processes."""
    out = {}
    for pid in _renderers():
        try:
            with open(f"/proc/{pid}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            out[pid] = (int(fields[11]) + int(fields[12])) / TICK  # utime, stime
        except (OSError, ValueError, IndexError):
            continue
    return out


IDLE_CPU = 0.03  # of one core, over IDLE_WINDOW seconds: Chromium counts as idle
IDLE_WINDOW = 0.2
IDLE_LONGEST = 10.0  # seconds to wait at most; then the visit goes ahead anyway


def wait_idle() -> None:
    """Wait until our renderer processes together use less than IDLE_CPU of a core."""
    end = time.monotonic() + IDLE_LONGEST
    last = sum(renderer_cpu().values())
    while time.monotonic() < end:
        time.sleep(IDLE_WINDOW)
        now = sum(renderer_cpu().values())
        if now - last < IDLE_CPU * IDLE_WINDOW:
            return
        last = now


def cpu_since(before: dict[int, float]) -> float:
    """Renderer CPU seconds used since ``before`` (renderers started meanwhile count from zero)."""
    return sum(now - before.get(pid, 0.0) for pid, now in renderer_cpu().items())


# -- the session ---------------------------------------------------------------------------------------


class Session:
    """One Chromium and one local server for the whole benchmark; a fresh browser context per visit."""

    def __init__(self, *, chromium: str, out: Path, log: Callable[[str], None]) -> None:
        self.chromium = chromium
        self.dist = out / "dist"
        self.log = log
        self.requests: list[dict] = []
        self.server_info: dict = {}
        self.others: list[http.server.ThreadingHTTPServer] = []  # sites served beside this one

    def start(self) -> None:
        if not Path(self.chromium).exists():
            raise SystemExit(f"error: no Chromium at {self.chromium}; install it (apt-get install chromium) "
                             "or run with --no-browser")
        self.log(f"building the site into {self.dist} ...")
        build_site(self.dist)
        self.server = start_server(self.dist, self.requests)
        self.url = server_url(self.server)
        from playwright.sync_api import sync_playwright

        self._pw = sync_playwright().start()
        self.browser = self._pw.chromium.launch(executable_path=self.chromium, args=CHROMIUM_ARGS)
        self._warm_up(self.url)
        self.server_info = {"url": self.url, "compression": self._compression()}
        self.log(f"serving {self.dist} at {self.url} ({self.server_info['compression']})")

    def stop(self) -> None:
        closers = [lambda: self.browser.close(), lambda: self._pw.stop(), lambda: self.server.shutdown()]
        closers += [other.shutdown for other in self.others]
        for closer in closers:
            with contextlib.suppress(Exception):
                closer()

    def _compression(self) -> str:
        encodings = {r["encoding"] for r in self.requests if r["encoding"]}
        if not encodings:
            return "the server does not compress"
        return f"the server compresses with {', '.join(sorted(encodings))} (build.py's server)"

    # -- one visit ------------------------------------------------------------------------------------

    def _open(self, *, watch_memory: bool = False, query: str = "", url: str | None = None):
        """A fresh context (nothing cached) whose page goes to the site once Chromium is idle; also the
        renderers' CPU seconds at that moment, for cpu_since.

        A new context is a new window, and headless Chromium draws a window's toolbar in a renderer of its
        own (the "WebUI Top Renderer"): about 1.2 CPU seconds, mostly after the navigation has begun. A
        user opening a link has their browser running already, so the page is first opened on
        about:blank and the site visited only when that work is over; on 2 cores it had taken about a
        third of the cold start."""
        context = self.browser.new_context()
        if watch_memory:
            self._watch_memory(context)
        page = context.new_page()
        page.add_init_script(INIT_SCRIPT)
        page.on("pageerror", lambda exc: self.log(f"  page error: {exc}"))
        page.on("console", lambda msg: msg.type == "error" and self.log(f"  console error: {msg.text}"))
        page.goto("about:blank")
        wait_idle()
        cpu = renderer_cpu()
        page.goto((url or self.url) + query)
        return context, page, cpu

    def _wait_ready(self, page) -> float:
        """Seconds from navigation start to data-state=ready."""
        page.wait_for_function("() => window.__bench && (window.__bench.ready !== null || "
                               "document.body.dataset.state === 'error')", timeout=120_000, polling=50)
        bench = page.evaluate("window.__bench")
        if bench["ready"] is None:
            raise SystemExit("error: the page did not start: " + page.inner_text("#boot-status"))
        return bench["ready"] / 1000

    def _drop(self, page, pdf: Path) -> dict:
        """Seconds from the file input's change event to data-state=done, and the renderer's CPU seconds."""
        cpu = renderer_cpu()
        page.set_input_files("#file", str(pdf))
        page.wait_for_function("() => window.__bench.end !== null", timeout=LONG, polling=100)
        cpu = cpu_since(cpu)
        bench = page.evaluate("window.__bench")
        if bench["endState"] != "done":
            message = page.inner_text("#error-message")
            self.log(f"  browser  {pdf.name}: the page shows an error: {message}")
        read = (bench["read"] - bench["change"]) / 1000 if bench["read"] else None
        return {"wall": (bench["end"] - bench["change"]) / 1000, "cpu": cpu, "state": bench["endState"], "read": read}

    # -- WebAssembly heap ------------------------------------------------------------------------------

    def _watch_memory(self, context) -> None:
        """Serve worker.js with a few lines in front that keep a reference to every WebAssembly.Memory.

        The worker keeps Pyodide in module scope, out of reach from outside, and the DevTools protocol's
        Runtime.queryObjects crashes the renderer on Pyodide's heap, so this is how the benchmark can ask
        for the heap size. It only notes objects; the code that runs is the site's own.
        """

        def handle(route) -> None:
            response = route.fetch()
            headers = {k: v for k, v in response.headers.items()
                       if k.lower() not in ("content-encoding", "content-length")}
            route.fulfill(status=response.status, headers=headers, body=MEMORY_HOOK + response.text())

        context.route("**/worker.js", handle)

    def wasm_heap(self, page) -> int:
        """Total size of every WebAssembly.Memory the page's workers (main and helpers) made, in bytes."""
        workers = [w for w in page.workers if w.url.endswith("/worker.js")]
        if not workers:
            raise SystemExit("error: the page has no worker")
        size = sum(w.evaluate("(self.__benchMemories || []).reduce((sum, m) => sum + m.buffer.byteLength, 0)")
                   for w in workers)
        if not size:
            raise SystemExit("error: no WebAssembly memory found in the workers; has the way they load Pyodide changed?")
        return int(size)

    def serve_also(self, dist: Path) -> str:
        """Serve another built site beside this one (for --against); its URL, after one untimed visit."""
        server = start_server(dist, [])
        self.others.append(server)
        url = server_url(server)
        self._warm_up(url)
        return url

    def _warm_up(self, url: str) -> None:
        """One visit that is not timed: the server compresses each file on first request and keeps it, and
        the OS caches the files, as on any real host after its first visitor."""
        context, page, _ = self._open(url=url)
        self._wait_ready(page)
        context.close()

    def cold_start(self, url: str | None = None) -> dict:
        """One first visit in a fresh browser context (of this site, or of the one at ``url``): seconds to
        "ready", the renderer's CPU seconds, and the boot steps the page showed with the second each
        appeared."""
        context, page, cpu = self._open(url=url)
        try:
            ready = self._wait_ready(page)
            cpu = cpu_since(cpu)
            steps = [(text, t / 1000) for text, t in page.evaluate("window.__bench.boot")]
        finally:
            context.close()
        return {"ready": ready, "cpu": cpu, "steps": steps}

    # -- one round -------------------------------------------------------------------------------------

    def run_round(self, *, corpus: list[Path], scaling: dict[int, Path], first: Path) -> dict:
        out: dict = {"corpus": {}, "scaling": {}}

        # 1. First visit: cold start, payload, then the first file a user would drop.
        mark = len(self.requests)
        context, page, cpu = self._open()
        out["cold_start"] = self._wait_ready(page)
        out["cold_start_cpu"] = cpu_since(cpu)
        start_epoch, ready_epoch = (t / 1000 for t in page.evaluate(
            "[performance.timeOrigin, performance.timeOrigin + window.__bench.ready]"))
        # Between navigation and "ready": a request of the closed context before can end after `mark`.
        first_visit = [r for r in self.requests[mark:] if start_epoch <= r["time"] <= ready_epoch]
        out["requests"] = len(first_visit)
        out["payload_wire"] = sum(r["bytes"] for r in first_visit)
        out["payload_body"] = sum(self._file_size(r["path"]) for r in first_visit)
        out["first_result"] = self._drop(page, first)
        for pages, pdf in scaling.items():
            if pdf == first:  # the 100-page document is also a point of the scaling curve
                out["scaling"][pages] = out["first_result"]
        out["boot_stages"] = page.evaluate("window.__bench.boot")
        self.log(f"  browser  cold start {out['cold_start']:.2f} s (CPU {out['cold_start_cpu']:.2f} s), "
                 f"{out['payload_wire'] / 2**20:.2f} MB in "
                 f"{out['requests']} requests; first result ({first.name}) {out['first_result']['wall']:.2f} s")
        self.log("           boot: " + ", ".join(f"{text!r} at {t / 1000:.2f} s" for text, t in out["boot_stages"]))
        context.close()
        # More first visits: one alone moves by half a second with this machine's load.
        visits = [self.cold_start() for _ in range(COLD_VISITS - 1)]
        out["cold_starts"] = [out["cold_start"]] + [visit["ready"] for visit in visits]
        out["cold_starts_cpu"] = [out["cold_start_cpu"]] + [visit["cpu"] for visit in visits]
        self.log("  browser  cold starts " + ", ".join(f"{t:.2f}" for t in out["cold_starts"]) + " s")

        # 2. Memory: the largest document alone on a fresh page.
        biggest = max(scaling)
        context, page, _ = self._open(watch_memory=True)
        self._wait_ready(page)
        out["wasm_heap_ready"] = self.wasm_heap(page)
        out["scaling"][biggest] = self._drop(page, scaling[biggest])
        out["wasm_heap"] = self.wasm_heap(page)
        out["renderer_peak_rss"] = renderer_peak_rss()
        self.log(f"  browser  {scaling[biggest].name}: {out['scaling'][biggest]['wall']:.2f} s, WebAssembly heap "
                 f"{out['wasm_heap'] / 2**20:.0f} MB (ready: {out['wasm_heap_ready'] / 2**20:.0f} MB), "
                 f"renderer peak RSS {out['renderer_peak_rss'] / 2**20:.0f} MB")
        context.close()

        # 3. Throughput: every file of the set, one after another on one page, as a user would.
        context, page, _ = self._open()
        self._wait_ready(page)
        for pdf in corpus:
            out["corpus"][pdf.name] = self._drop(page, pdf)
            self.log(f"  browser  {pdf.name:42} {out['corpus'][pdf.name]['wall']:7.2f} s  "
                     f"(CPU {out['corpus'][pdf.name]['cpu']:.2f} s)")
        for pages, pdf in sorted(scaling.items()):
            if pages not in out["scaling"]:
                out["scaling"][pages] = self._drop(page, pdf)
                self.log(f"  browser  {pdf.name:42} {out['scaling'][pages]['wall']:7.2f} s  "
                         f"(CPU {out['scaling'][pages]['cpu']:.2f} s)")
        out["cores"] = page.evaluate("navigator.hardwareConcurrency")
        out["helpers"] = int(page.get_attribute("body", "data-helpers") or 0)
        context.close()

        # 4. The same files read by the main worker alone (?workers=1): one core's worth of Pyodide.
        context, page, _ = self._open(query="?workers=1")
        self._wait_ready(page)
        out["corpus_one_worker"] = {}
        for pdf in corpus:
            out["corpus_one_worker"][pdf.name] = self._drop(page, pdf)
            self.log(f"  browser  {pdf.name:42} {out['corpus_one_worker'][pdf.name]['wall']:7.2f} s  "
                     f"(CPU {out['corpus_one_worker'][pdf.name]['cpu']:.2f} s), one worker")
        context.close()
        return out

    def _file_size(self, path: str) -> int:
        rel = urllib.request.url2pathname(path).lstrip("/") or "index.html"
        if rel.endswith("/"):
            rel += "index.html"
        target = self.dist / rel
        return target.stat().st_size if target.is_file() else 0

