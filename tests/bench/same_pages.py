#!/usr/bin/env python3
"""Show that a change to extraction keeps what it reads: every page and every line, before and after.

    python tests/bench/same_pages.py --save before.json      # with the old code: record
    python tests/bench/same_pages.py --compare before.json   # with the new code: list every difference
    python tests/bench/same_pages.py --parser pdfminer --save slow.json   # pdfminer's own content parser
    python tests/bench/same_pages.py --parser javascript --compare before.json   # the browser's reader

Reads every PDF in ../shared/eval/corpus, real and real2 (or the folders given with --dir) with
``extract`` and records each page (number, size, error, pictures) and each line (text, box, size, font,
angle, artifact), the fields the detector sees. ``--compare`` prints each file, page and line that differs and
exits 1 when any does. ``--parser pdfminer`` reads with pdfminer's own content-stream parser instead of
the fast path, so the two can be compared in one tree (``--parser fast`` is the default); ``--parser
javascript`` with the browser's reader, ``site/kernel/``, run by node (``tests/helpers/native.py``).

Not a test (pytest does not collect this folder): it takes minutes; ``tests/pdf/test_content.py`` compares
the two parsers on a sample of these files within the test suite's time.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
EVAL = (ROOT / ".." / "shared" / "eval").resolve()
DIRS = [EVAL / "corpus", EVAL / "real", EVAL / "real2"]


def pdfs(dirs: list[Path]) -> list[Path]:
    return [path for folder in dirs for path in sorted(folder.glob("*.pdf"))]


def record(path: Path) -> dict:
    """What extraction gives for one file, as plain JSON data (an error of the whole file included)."""
    from pagefurniture import PageFurnitureError
    from pagefurniture.read import extract

    try:
        doc = extract(path)
    except PageFurnitureError as exc:
        return {"error": f"{type(exc).__name__}: {exc}"}
    return {"encrypted": doc.encrypted,
            "pages": [{"number": page.number, "width": page.width, "height": page.height, "error": page.error,
                       "pictures": [list(box) for box in page.pictures],
                       "lines": [[line.text, list(line.box), line.size, line.font, line.angle, line.artifact]
                                 for line in page.lines]}
                      for page in doc.pages]}


def key(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def differences(name: str, old: dict, new: dict, limit: int = 20) -> list[str]:
    """Human-readable differences of one file, at most ``limit``."""
    out: list[str] = []
    if "error" in old or "error" in new or old.get("encrypted") != new.get("encrypted"):
        if {k: v for k, v in old.items() if k != "pages"} != {k: v for k, v in new.items() if k != "pages"}:
            return [f"{name}: {old.get('error', 'read')} -> {new.get('error', 'read')}"]
        if "error" in old:
            return []
    old_pages, new_pages = old["pages"], new["pages"]
    if len(old_pages) != len(new_pages):
        out.append(f"{name}: {len(old_pages)} pages -> {len(new_pages)}")
    for a, b in zip(old_pages, new_pages, strict=False):
        where = f"{name} page {a['number']}"
        for field in ("number", "width", "height", "error", "pictures"):
            if a[field] != b[field]:
                out.append(f"{where}: {field} {a[field]!r} -> {b[field]!r}")
        if a["lines"] != b["lines"]:
            if len(a["lines"]) != len(b["lines"]):
                out.append(f"{where}: {len(a['lines'])} lines -> {len(b['lines'])}")
            for i, (la, lb) in enumerate(zip(a["lines"], b["lines"], strict=False)):
                if la != lb:
                    out.append(f"{where} line {i + 1}: {la!r}\n{' ' * len(where)}      -> {lb!r}")
                    break  # the first differing line says enough; the rest usually follow from it
        if len(out) >= limit:
            out.append(f"{name}: ... (more differences)")
            break
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Record what extraction reads from the evaluation PDFs, or "
                                                 "compare it with a recording.")
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--save", metavar="FILE", help="record every page and line into FILE (JSON)")
    mode.add_argument("--compare", metavar="FILE", help="read again and list every difference from FILE")
    parser.add_argument("--parser", choices=("fast", "pdfminer", "javascript"), default="fast",
                        help="the content-stream parser to read with (default: fast)")
    parser.add_argument("--dir", action="append", type=Path,
                        help="a folder of PDFs (may be repeated; default: the evaluation corpus, real and real2)")
    args = parser.parse_args(argv)

    from pagefurniture.read import kernel
    from pagefurniture.read.interpreter import Interpreter

    Interpreter.fast = args.parser != "pdfminer"
    if args.parser == "javascript":
        sys.path.insert(0, str(ROOT / "tests" / "helpers"))
        import native

        kernel.use_native(native.NodeReader())
    files = pdfs(args.dir or DIRS)
    if not files:
        parser.error("no PDFs found; pass --dir FOLDER")
    old = json.loads(Path(args.compare).read_text()) if args.compare else None
    results: dict[str, dict] = {}
    changed = 0
    start = time.perf_counter()
    for path in files:
        t = time.perf_counter()
        results[key(path)] = record(path)
        print(f"  {key(path):55} {time.perf_counter() - t:6.2f} s", file=sys.stderr, flush=True)
        if old is not None:
            if key(path) not in old:
                print(f"{key(path)}: not in {args.compare}")
                changed += 1
                continue
            diff = differences(key(path), old[key(path)], results[key(path)])
            if diff:
                changed += 1
                print("\n".join(diff))
    seconds = time.perf_counter() - start
    pages = sum(len(r.get("pages", ())) for r in results.values())
    lines = sum(len(p["lines"]) for r in results.values() for p in r.get("pages", ()))
    summary = f"{len(files)} files, {pages} pages, {lines} lines in {seconds:.1f} s ({args.parser} parser)"
    if args.save:
        Path(args.save).write_text(json.dumps(results))
        print(f"{summary}: saved to {args.save}")
        return 0
    print(f"{summary}: {changed} of {len(files)} files differ from {args.compare}")
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main())
