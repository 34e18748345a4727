"""What a cleaned PDF costs: time against the analysis, size against the original, over real documents.

    python tests/bench/cleaned_pdf.py                  # every PDF of ../shared/eval/real, real2, real3
    python tests/bench/cleaned_pdf.py --set real       # one set (repeatable)
    python tests/bench/cleaned_pdf.py --json tests/bench/out/cleaned.json

Each document is measured in a fresh interpreter (``--one PDF``), as the command line runs it: CPU seconds
of ``analyze``, then of ``Report.cleaned_pdf`` for the detector's decisions, and the cleaned file's size.
For the choice of writer, two others are measured on the same files: pypdf writing the whole file again
(``PdfWriter(clone_from=...)``, nothing changed: what its writer alone costs) and an incremental update
(the original with the same changed objects appended, computed, not written). The table gives, per set and
over all, the cleaning time as a share of the analysis time (the sum over the documents, and the median and
worst document) and the size growth (median, worst, and how many documents exceed 5% + 10 KB).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
EVAL = REPO.parent / "shared" / "eval"
SETS = ("real", "real2", "real3")
TIME_TARGET = 1 / 3  # cleaning time over analysis time
SIZE_TARGET = (0.05, 10_000)  # growth: 5% of the original plus 10 KB


def one(path: str) -> dict:
    """Measure one document in this process (the child's side)."""
    import io

    import pypdf
    from pagefurniture import analyze
    from pagefurniture.clean import plan
    from pagefurniture.read.tracing import Traced

    data = Path(path).read_bytes()
    cpu = time.process_time()
    report = analyze(data)
    analysed = time.process_time() - cpu
    cpu = time.process_time()
    cleaned = report.cleaned_pdf(data)
    cleaning = time.process_time() - cpu
    # The incremental update: the same new objects, appended with a cross-reference section of their own.
    traced = Traced(data)
    removed: dict[int, list[int]] = {}
    for row in report.removed():
        removed.setdefault(row.page, []).append(row.index)
    pages = report.pages
    traces = {n: traced.trace(n, pages[n - 1].lines, i, pages[n - 1].places) for n, i in removed.items()}
    made = plan.changes(traced, traces, traced.page_count)
    objects = {**made.changed, **made.added}
    incremental = len(data) + (sum(len(w) + 1 for w in objects.values()) + 20 * len(objects) + 120 if objects else 0)
    cpu = time.process_time()
    try:
        out = io.BytesIO()
        pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(data))).write(out)
        pypdf_size, pypdf_cpu = len(out.getvalue()), time.process_time() - cpu
    except Exception:
        pypdf_size, pypdf_cpu = None, None
    return {"file": path, "pages": len(report.pages), "removed": len(report.removed()), "size": len(data),
            "analyze": analysed, "clean": cleaning, "cleaned": len(cleaned), "incremental": incremental,
            "pypdf": pypdf_size, "pypdf_cpu": pypdf_cpu}


def measure(paths: list[Path]) -> list[dict]:
    rows = []
    for k, path in enumerate(paths, start=1):
        done = subprocess.run([sys.executable, __file__, "--one", str(path)], capture_output=True, text=True,
                              cwd=REPO, env={"PYTHONPATH": str(REPO / "py"), "PATH": "/usr/bin:/bin"})
        if done.returncode:
            print(f"[{k}/{len(paths)}] {path.name}: failed: {done.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
            continue
        row = json.loads(done.stdout)
        row["set"] = path.parent.name
        rows.append(row)
        print(f"[{k}/{len(paths)}] {path.name}: {row['clean'] / row['analyze']:.2f} of the analysis time, "
              f"{row['cleaned'] - row['size']:+,} bytes", file=sys.stderr)
    return rows


def over(row: dict, size: int | None) -> bool:
    share, extra = SIZE_TARGET
    return size is not None and size > row["size"] * (1 + share) + extra


def table(rows: list[dict]) -> str:
    lines = ["| set | documents (pages) | cleaning time / analysis time: sum, median, worst | size growth: median, "
             "worst | over 5% + 10 KB | incremental update: worst, over | pypdf rewrite: time / analysis, worst "
             "size, over |", "|---|---|---|---|---|---|---|"]
    for name in (*SETS, "all"):
        part = [row for row in rows if name in ("all", row["set"])]
        if not part:
            continue
        ratios = [row["clean"] / row["analyze"] for row in part]
        growth = [row["cleaned"] / row["size"] - 1 for row in part]
        incremental = [row["incremental"] / row["size"] - 1 for row in part]
        pypdf = [row for row in part if row["pypdf"] is not None]
        lines.append(
            f"| {name} | {len(part)} ({sum(row['pages'] for row in part):,}) "
            f"| {sum(row['clean'] for row in part) / sum(row['analyze'] for row in part):.2f}, "
            f"{statistics.median(ratios):.2f}, {max(ratios):.2f} "
            f"| {statistics.median(growth):+.2%}, {max(growth):+.2%} "
            f"| {sum(over(row, row['cleaned']) for row in part)} "
            f"| {max(incremental):+.1%}, {sum(over(row, row['incremental']) for row in part)} "
            f"| {sum(row['pypdf_cpu'] for row in pypdf) / sum(row['analyze'] for row in pypdf):.2f}, "
            f"{max(row['pypdf'] / row['size'] - 1 for row in pypdf):+.0%}, "
            f"{sum(over(row, row['pypdf']) for row in pypdf)} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", action="append", choices=SETS, help="a set of the evaluation kit (repeatable)")
    parser.add_argument("--json", type=Path, help="write every measurement to this file")
    parser.add_argument("--table", type=Path, help="print the table of a --json file again")
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one:
        print(json.dumps(one(args.one)))
        return 0
    if args.table:
        print(table(json.loads(args.table.read_text())))
        return 0
    paths = sorted(path for name in (args.set or SETS) for path in (EVAL / name).glob("*.pdf"))
    if not paths:
        print(f"error: no PDFs in {EVAL}; the evaluation kit belongs beside the repository", file=sys.stderr)
        return 1
    rows = measure(paths)
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(rows, indent=1))
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
