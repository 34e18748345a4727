"""Throughput of pagefurniture.ray on a local Ray cluster, against analyze in one process, per core.

    python tests/bench/ray_bench.py               # medians of 3 runs, clusters of 1 and 2 CPUs
    python tests/bench/ray_bench.py --runs 1 --cpus 2

Needs ``ray[data]`` (tests/requirements.txt). Two sets of PDFs: every PDF of ../shared/eval/real (17
files of 8 to 155 pages; one of them takes a fifth of the time, so two cores wait on it at the end), and
the 50 generated documents of 4 to 16 pages that bench.py gives the command line (cached in
tests/bench/out/batch50), the shape of a large job. Each is read as the Ray Dataset
``read_binary_files(paths, include_paths=True)`` and mapped with ``analyze_dataset(rows="file")``; the
time runs from the start of the job to its last row (``materialize``). Each cluster first runs the job
once on one small file, so that starting the workers and importing the package is not counted: that
is paid once per worker, whatever the job's size. The one-process figure reads the same files with
``analyze`` in this process. Pages per second per core is pages / wall seconds / CPUs of the cluster.

On a shared machine the wall time moves with whatever else runs, so the CPU seconds are printed too: of
this process for the one-process figure, of every process of the cluster (the driver and all processes
it started, read from /proc) for Ray; pages per CPU second shows what Ray costs on top of the work.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REAL = (HERE.parent.parent / ".." / "shared" / "eval" / "real").resolve()
BATCH = HERE / "out" / "batch50"  # the folder bench.py uses for the same 50 documents


def cpu_seconds() -> float:
    """CPU time of this process and of every process it started, alive now (Linux /proc)."""
    tick = os.sysconf("SC_CLK_TCK")
    children: dict[int, list[int]] = {}
    times: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry))  # fields[1] is the parent's pid
        times[int(entry)] = (int(fields[11]) + int(fields[12])) / tick  # utime, stime
    total, todo = 0.0, [os.getpid()]
    while todo:
        pid = todo.pop()
        total += times.get(pid, 0.0)
        todo.extend(children.get(pid, ()))
    return total


Result = tuple[int, float, float]  # pages, wall seconds, CPU seconds


def one_process(paths: list[Path]) -> Result:
    from pagefurniture import PageFurnitureError, analyze

    pages = 0
    start, cpu = time.perf_counter(), time.process_time()
    for path in paths:
        with contextlib.suppress(PageFurnitureError):
            pages += len(analyze(path).require_text().pages)
    return pages, time.perf_counter() - start, time.process_time() - cpu


def on_ray(paths: list[Path], cpus: int, runs: int) -> list[Result]:
    """Start a cluster of ``cpus`` CPUs, run the job on ``paths`` ``runs`` times, stop the cluster."""
    import ray
    from pagefurniture.ray import analyze_dataset

    ray.init(address="local", num_cpus=cpus, include_dashboard=False, log_to_driver=False)
    ray.data.DataContext.get_current().enable_progress_bars = False
    try:
        def job(files: list[Path]) -> Result:
            start, cpu = time.perf_counter(), cpu_seconds()
            rows = analyze_dataset(ray.data.read_binary_files([str(p) for p in files], include_paths=True),
                                   rows="file").materialize().take_all()
            return sum(row["pages"] or 0 for row in rows), time.perf_counter() - start, cpu_seconds() - cpu

        job([min(paths, key=lambda p: p.stat().st_size)] * cpus)  # warm up every worker
        return [job(paths) for _ in range(runs)]
    finally:
        ray.shutdown()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--cpus", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args(argv)
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    real = sorted(REAL.glob("*.pdf"))
    if not real:
        print(f"no PDFs in {REAL}", file=sys.stderr)
        return 1
    sys.path.insert(0, str(HERE))
    import gen

    sets = {f"real ({len(real)} files)": real, "generated (50 files)": gen.batch(BATCH, 50)}
    print(f"load average before: {os.getloadavg()[0]:.2f}", file=sys.stderr)
    rows = []
    for label, paths in sets.items():
        rows.append((label, "analyze, one process", 1, [one_process(paths) for _ in range(args.runs)]))
        for cpus in args.cpus:
            rows.append((label, f"Ray, num_cpus={cpus}", cpus, on_ray(paths, cpus, args.runs)))
    print(f"| set | how | pages | wall s, median of {args.runs} (range) | pages/s | pages/s per core | CPU s "
          "| pages per CPU s |")
    print("|---|---|---|---|---|---|---|---|")
    for label, name, cpus, results in rows:
        pages = results[0][0]
        walls = [wall for _, wall, _ in results]
        wall, cpu = statistics.median(walls), statistics.median(cpu for _, _, cpu in results)
        print(f"| {label} | {name} | {pages} | {wall:.1f} ({min(walls):.1f}-{max(walls):.1f}) | {pages / wall:.1f} "
              f"| {pages / wall / cpus:.1f} | {cpu:.1f} | {pages / cpu:.1f} |")
    print(f"load average after: {os.getloadavg()[0]:.2f}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
