"""Detection's share of the reading time: ``python tests/bench/share.py [--against DIR] [PDF or folder ...]``.

Issue 25's figure: the CPU time of detection (everything after the last page is read, ``measure.py``'s
"detect") and of the outputs (the four output files and the table), against the CPU time of reading
(parsing the PDF and making its lines), over ``../shared/eval/real`` and ``real2`` by default. Each file
is measured in a fresh process (``measure.py analyze``), ``--runs`` times (default 3), keeping the best
of each stage. ``--against DIR`` measures the package in DIR too (a folder holding ``pagefurniture``, as
``git archive`` of another commit gives in its ``py/``), file by file in turn with the package on
``sys.path``, so that both are measured in one sitting under the same load.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
EVAL = HERE.parents[2] / "shared" / "eval"


def measure(pdf: Path, package: str | None) -> dict:
    """What ``measure.py analyze`` prints for one file (the CPU seconds of each stage in "stages"), run in a
    fresh process with ``package`` on its path (None: the environment's)."""
    env = dict(os.environ)
    if package is not None:
        env["PYTHONPATH"] = package
    proc = subprocess.run([sys.executable, str(HERE / "measure.py"), "analyze", str(pdf)], env=env,
                          capture_output=True, text=True, check=True)
    return json.loads(proc.stdout)


def shares(stages: dict[str, float]) -> str:
    reading = stages["parse"] + stages["lines"]
    return (f"reading {reading:.2f} s (parse {stages['parse']:.2f}, lines {stages['lines']:.2f}), "
            f"detect {stages['detect']:.3f} s, outputs {stages['outputs']:.3f} s: "
            f"detection {stages['detect'] / reading:.2%} of reading, "
            f"with the outputs {(stages['detect'] + stages['outputs']) / reading:.2%}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Detection's CPU time against reading's, file by file.")
    parser.add_argument("paths", nargs="*", type=Path, help="PDFs or folders (default: the kit's real and real2)")
    parser.add_argument("--runs", type=int, default=3, help="runs per file, the best of each stage kept (default 3)")
    parser.add_argument("--against", metavar="DIR", help="also measure the package in DIR, alternating file by file")
    args = parser.parse_args(argv)
    paths = args.paths or [EVAL / "real", EVAL / "real2"]
    files = sorted(f for p in paths for f in ([p] if p.is_file() else p.glob("*.pdf")))
    packages: list[str | None] = [None] + ([str(Path(args.against).resolve())] if args.against else [])
    totals = [dict.fromkeys(("parse", "lines", "detect", "outputs"), 0.0) for _ in packages]
    modules = [""] * len(packages)
    for n, pdf in enumerate(files, 1):
        print(f"[{n}/{len(files)}] {pdf.name}", file=sys.stderr)
        runs: list[list[dict]] = [[] for _ in packages]
        for run in range(args.runs):
            # The packages in turn, so that both see the same load, and each first in every other run: in
            # both runs of one day whichever package went second came out faster.
            order = list(enumerate(packages))
            for k, package in order if (run + n) % 2 else order[::-1]:
                runs[k].append(measure(pdf, package))
        for k, measured in enumerate(runs):
            modules[k] = measured[0]["module"]
            for stage in totals[k]:
                totals[k][stage] += min(run["stages"][stage] for run in measured)
    for module, stages in zip(modules, totals, strict=True):
        print(f"{Path(module).parent.parent}: {len(files)} files, {shares(stages)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
