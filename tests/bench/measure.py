"""One measurement in a fresh process, so its peak memory is its own: ``python measure.py TOOL PDF``.

TOOL is ``analyze`` (``pagefurniture.analyze``, what the library, the CLI and the web page call) or
``pdfminer`` (plain ``pdfminer.high_level.extract_pages`` with default settings, consuming every page).
Prints one JSON object: pages, seconds (the call only, imports excluded), the CPU seconds of the call
(far less disturbed than wall time when other work shares the machine), the resident memory before
the call and the peak resident memory of the process (``ru_maxrss``), in bytes.
"""

from __future__ import annotations

import json
import resource
import sys
import time


def _rss_now() -> int:
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def main(argv: list[str]) -> int:
    tool, path = argv
    # Import both libraries in every child so the memory before the call is comparable.
    from pdfminer.high_level import extract_pages

    import pagefurniture

    rss_before = _rss_now()
    cpu = time.process_time()
    start = time.perf_counter()
    if tool == "analyze":
        pages = len(pagefurniture.analyze(path).pages)
    elif tool == "pdfminer":
        pages = sum(1 for _ in extract_pages(path))
    else:
        raise SystemExit(f"error: unknown tool {tool!r}; use analyze or pdfminer")
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux
    print(json.dumps({"tool": tool, "pages": pages, "seconds": seconds, "cpu": cpu, "rss_before": rss_before, "peak_rss": peak,
                      "module": pagefurniture.__file__}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
