"""Measure time and peak memory of the big inputs: ``python tests/helpers/memory_budget.py [NAME ...]``.

Not a test (timings and memory depend on the machine); it prints the figures quoted under Limits in the
README. Each input is written to a temporary file and read by a fresh process, so the peak resident set
(VmHWM on Linux, which exec resets, unlike ``ru_maxrss``) is that of one ``analyze(path)`` call; "before" is the same process after importing the
package, before reading the file. ``--tracemalloc`` also reports the Python heap's peak (slower).
"""

from __future__ import annotations

import json
import resource
import subprocess
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parents[1] / "py")]

import hostile as h  # noqa: E402
from pagefurniture import LimitExceeded, analyze  # noqa: E402


def big_image_file() -> bytes:
    """About 100 MB: one incompressible 10240 x 10240 grey image and three pages of text."""
    noise = bytes(i * 7919 % 251 for i in range(1 << 16)) * 1600
    image = (b"<< /Type /XObject /Subtype /Image /Width 10240 /Height 10240 /ColorSpace /DeviceGray "
             b"/BitsPerComponent 8 /Length %d >>\nstream\n%s\nendstream" % (len(noise), noise))
    pages = [h.furniture_page(n, 3, h.body_text(n)) + (b"q 612 0 0 792 0 0 cm /Im1 Do Q\n" if n == 2 else b"")
             for n in (1, 2, 3)]
    return h.document(pages, extra_objects=[image], fonts=b"/F1 3 0 R >> /XObject << /Im1 4 0 R")


INPUTS = {
    "1000 pages": lambda: h.report_pdf(1000, compress=True),
    "1000 pages, uncompressed": lambda: h.report_pdf(1000),
    "50,000 characters on a page": lambda: h.many_chars_pdf(50_000),
    "100 MB file": big_image_file,
    "2 GB flate bomb": lambda: h.bomb_pdf(2048),
}


def peak_rss_mb() -> int:
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024)
    except OSError:
        pass
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)  # Linux: KB; inherited over exec


def measure(name: str, path: str, trace: bool) -> dict:
    data = Path(path)
    size = data.stat().st_size
    baseline = peak_rss_mb()
    if trace:
        tracemalloc.start()
    start = time.monotonic()
    outcome = "read"
    try:
        report = analyze(data)
        result = f"{len(report.pages)} pages, {len(report.groups)} groups"
    except LimitExceeded as exc:
        outcome, result = "stopped", str(exc)
    seconds = time.monotonic() - start
    row = {"input": name, "file_mb": round(size / 2**20, 1), "seconds": round(seconds, 1), "outcome": outcome,
           "result": result, "peak_rss_mb": peak_rss_mb(),
           "rss_before_mb": baseline}
    if trace:
        row["python_heap_peak_mb"] = round(tracemalloc.get_traced_memory()[1] / 2**20)
    return row


def main(argv: list[str]) -> int:
    trace = "--tracemalloc" in argv
    argv = [arg for arg in argv if arg != "--tracemalloc"]
    if argv[:1] == ["--one"]:
        print(json.dumps(measure(argv[1], argv[2], trace)))
        return 0
    names = argv or list(INPUTS)
    print(f"{'input':32} {'file MB':>8} {'seconds':>8} {'peak RSS MB':>12} {'(before)':>9}  result")
    for name in names:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "input.pdf"
            path.write_bytes(INPUTS[name]())
            child = subprocess.run([sys.executable, __file__, "--one", name, str(path)]
                                   + (["--tracemalloc"] if trace else []), capture_output=True, text=True)
        if child.returncode:
            print(f"{name:32} failed: {child.stderr.strip().splitlines()[-1:]}")
            continue
        row = json.loads(child.stdout.strip().splitlines()[-1])
        extra = f" heap {row['python_heap_peak_mb']} MB" if trace else ""
        print(f"{name:32} {row['file_mb']:8} {row['seconds']:8} {row['peak_rss_mb']:12} {row['rss_before_mb']:9}  "
              f"{row['outcome']}: {row['result'][:70]}{extra}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
