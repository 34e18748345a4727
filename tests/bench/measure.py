"""One measurement in a fresh process, so its peak memory is its own: ``python measure.py TOOL PDF``.

TOOL is ``analyze`` (``pagefurniture.analyze``, what the library, the CLI and the web page call) or
``pdfminer`` (plain ``pdfminer.high_level.extract_pages`` with default settings, consuming every page).
Prints one JSON object: pages, seconds (the call only, imports excluded), the CPU seconds of the call
(far less disturbed than wall time when other work shares the machine), when the last page was read
(analyze only: what follows is detection), the CPU seconds of each stage (analyze only: parse, glyphs
to lines, detect, and the outputs written after it), the resident memory before
the call and the peak resident memory of the process (VmHWM), in bytes.
"""

from __future__ import annotations

import json
import resource
import sys
import time


def _status(field: str) -> int:
    """A memory figure of this process from /proc/self/status, in bytes."""
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(field + ":"):
                return int(line.split()[1]) * 1024
    return 0


def _time_build_lines() -> dict[str, float]:
    """Add up the CPU time spent in lines.build_lines (turning a page's glyphs into lines), or in
    lines.lines_and_spans, which the device calls instead when it keeps where each string is."""
    from pagefurniture.read import glyphs  # where the device calls them

    spent = {"cpu": 0.0}

    def timed(make):
        def timing(*args):
            start = time.process_time()
            try:
                return make(*args)
            finally:
                spent["cpu"] += time.process_time() - start
        return timing

    for name in ("build_lines", "lines_and_spans"):
        if hasattr(glyphs, name):  # an older package has no lines_and_spans
            setattr(glyphs, name, timed(getattr(glyphs, name)))
    return spent


def main(argv: list[str]) -> int:
    tool, path = argv
    # Import both libraries in every child so the memory before the call is comparable.
    import pagefurniture
    from pdfminer.high_level import extract_pages

    if tool == "analyze":
        lines = _time_build_lines()
    rss_before = _status("VmRSS")
    cpu = time.process_time()
    start = time.perf_counter()
    read = {}
    stages = {}
    if tool == "analyze":
        def on_progress(done: int, total: int) -> None:
            if done == total:  # every page read; detection and the report come next
                read["wall"], read["cpu"] = time.perf_counter() - start, time.process_time() - cpu

        report = pagefurniture.analyze(path, on_progress=on_progress)
        pages = len(report.pages)
    elif tool == "pdfminer":
        pages = sum(1 for _ in extract_pages(path))
    else:
        raise SystemExit(f"error: unknown tool {tool!r}; use analyze or pdfminer")
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    if tool == "analyze":
        # Stages, in CPU seconds: parse (opening the file, content streams, glyphs), glyphs to lines
        # (build_lines or lines_and_spans), detect (after the last page: the detector and the Report), and outputs (what the
        # CLI and the page write, timed after analyze returned, so not part of its figure).
        outputs = time.process_time()
        report.cleaned_text(), report.pages_jsonl(), report.removed_jsonl(), report.to_json(), report.table()
        stages = {"parse": read["cpu"] - lines["cpu"], "lines": lines["cpu"], "detect": cpu - read["cpu"],
                  "outputs": time.process_time() - outputs}
    # VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the parent when it starts a program
    # (subprocess uses vfork), so a child of a big parent would report the parent's size.
    peak = _status("VmHWM") or resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"tool": tool, "pages": pages, "seconds": seconds, "cpu": cpu, "read": read, "stages": stages,
                      "rss_before": rss_before, "peak_rss": peak, "module": pagefurniture.__file__}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
