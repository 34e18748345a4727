#!/usr/bin/env python3
"""The speed benchmark: CPython and the browser side by side, on the same PDFs, in one run.

    python tests/bench/bench.py                 # everything, medians of 3 runs (about half an hour)
    python tests/bench/bench.py --quick         # 1 run, a few real files, small batch (a few minutes)
    python tests/bench/bench.py --no-browser    # CPython figures only
    python tests/bench/bench.py --runs 5 --json tests/bench/out/result.json

Inputs: every PDF in ../shared/eval/real and real2 (or each --real DIR) plus generated documents of 10,
100, 320 and 1,000 pages and a batch of 50 small ones (tests/bench/gen.py, cached in tests/bench/out/). Every
CPython measurement runs in a fresh process (tests/bench/measure.py), so its peak RSS is its own and
no cache survives from one file to the next, as for a user who runs the CLI once per file. The browser
part builds the site with build.py into tests/bench/out/dist, serves it with build.py's own server on
127.0.0.1 and drives /usr/bin/chromium with Playwright: what it times is the page's file input, the
worker and the result view the user sees.

Machine noise: the figures that matter are ratios measured in the same run (analyze vs pdfminer, the
browser vs CPython, --jobs 2 vs --jobs 1); each is computed per run and the median over runs is
printed. The load average before and after is printed too: other work on the machine slows everything.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
OUT = HERE / "out"
EVAL = (ROOT / ".." / "shared" / "eval").resolve()
REAL = [EVAL / "real", EVAL / "real2"]
sys.path.insert(0, str(HERE))

import gen  # noqa: E402 - after the path set-up above

MB = 1024 * 1024
TARGETS = {
    "cpython": 2.5,  # analyze pages/s over plain pdfminer's
    "browser": 0.75,  # browser pages/s over CPython analyze's, the main worker alone (?workers=1)
    "cold_start": 2.2,  # seconds
    "payload": 7 * MB,  # bytes over the wire until ready
    "first_result": 4.0,  # seconds, 100-page PDF
    "memory": 500 * MB,
    "batch": 2.0,  # --jobs 2 over --jobs 1, on 2 cores ("about 2x")
}


# measure.py's stages of analyze, as the table names them.
STAGES = {"parse": "parse", "lines": "glyphs to lines", "detect": "detect", "outputs": "outputs"}


def log(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


SNAPSHOT = OUT / "snapshot"


def snapshot_package() -> str:
    """Copy the repository's package aside, so every run times the same code even while py/ is edited.

    Returns a description of the code: the commit, and whether py/ differed from it.
    """
    target = SNAPSHOT / "pagefurniture"
    shutil.rmtree(SNAPSHOT, ignore_errors=True)
    shutil.copytree(ROOT / "py" / "pagefurniture", target, ignore=shutil.ignore_patterns("__pycache__"))
    try:
        commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "py"], capture_output=True,
                               text=True).stdout.strip()
    except OSError:
        return "unknown"
    return f"{commit}{' with uncommitted changes in py/' if dirty else ''}"


def child_env() -> dict[str, str]:
    """The package as copied at the start of the benchmark first on the path, whatever else is installed."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(SNAPSHOT), env.get("PYTHONPATH")]))
    env.pop("PYTHONHASHSEED", None)
    return env


def measure(tool: str, pdf: Path) -> dict:
    """Run one measurement in a fresh interpreter and return what it printed."""
    proc = subprocess.run([sys.executable, str(HERE / "measure.py"), tool, str(pdf)], capture_output=True,
                          text=True, env=child_env())
    if proc.returncode != 0:
        raise SystemExit(f"error: {tool} failed on {pdf.name}: {proc.stderr.strip().splitlines()[-1:]}")
    result = json.loads(proc.stdout)
    if not result["module"].startswith(str(SNAPSHOT)):
        raise SystemExit(f"error: the measurement imported {result['module']}, not the copy in {SNAPSHOT}")
    return result


def median(values) -> float:
    values = [v for v in values if v is not None]
    return statistics.median(values) if values else float("nan")


def spread(values) -> str:
    """'median (min-max)' of a few runs, so the reader sees the noise."""
    values = [v for v in values if v is not None]
    if not values:
        return "n/a"
    if len(values) == 1:
        return f"{values[0]:.2f}"
    return f"{statistics.median(values):.2f} ({min(values):.2f}-{max(values):.2f})"


def loadavg() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:
        return "n/a"


# -- the inputs ----------------------------------------------------------------------------------------


@dataclass
class Inputs:
    corpus: list[Path]  # real PDFs + the long generated one: the throughput set
    scaling: dict[int, Path]  # pages -> generated document
    first: Path  # the 100-page document for time to first result
    batch_dir: Path
    pages: dict[str, int] = field(default_factory=dict)


def prepare(args: argparse.Namespace) -> Inputs:
    real: list[Path] = []
    for real_dir in map(Path, args.real or REAL):
        if not real_dir.is_dir():
            raise SystemExit(f"error: no folder {real_dir}; pass --real DIR with the real PDFs")
        real += sorted(real_dir.glob("*.pdf"))
    if args.quick:
        # The smallest few keep a quick run short but still cover several producers.
        real = sorted(real, key=lambda p: p.stat().st_size)[:5]
    log(f"generating documents into {OUT} (cached) ...")
    # --quick keeps the same shape with smaller documents; the table names the sizes it used.
    scaling = {n: gen.document(n, OUT) for n in args.sizes}
    long = gen.document(args.long_pages, OUT)
    batch_dir = OUT / f"batch{args.batch}"
    gen.batch(batch_dir, args.batch)
    first = gen.document(100, OUT)
    return Inputs(corpus=[*real, long], scaling=scaling, first=first, batch_dir=batch_dir)


# -- CPython ------------------------------------------------------------------------------------------


def cpython_corpus(files: list[Path], run: int) -> dict[str, dict]:
    """analyze and plain pdfminer on every file, alternating which goes first so drift hits both."""
    out: dict[str, dict] = {}
    for i, pdf in enumerate(files):
        order = ("pdfminer", "analyze") if (run + i) % 2 == 0 else ("analyze", "pdfminer")
        row = {tool: measure(tool, pdf) for tool in order}
        if row["pdfminer"]["pages"] != row["analyze"]["pages"]:
            raise SystemExit(f"error: {pdf.name}: analyze read {row['analyze']['pages']} pages, "
                             f"pdfminer {row['pdfminer']['pages']}")
        out[pdf.name] = {"pages": row["analyze"]["pages"],
                         "pdfminer": {"wall": row["pdfminer"]["seconds"], "cpu": row["pdfminer"]["cpu"]},
                         "analyze": {"wall": row["analyze"]["seconds"], "cpu": row["analyze"]["cpu"],
                                     "read": row["analyze"]["read"], "stages": row["analyze"]["stages"]},
                         "analyze_peak_rss": row["analyze"]["peak_rss"], "pdfminer_peak_rss": row["pdfminer"]["peak_rss"]}
        log(f"  cpython  {pdf.name:42} {out[pdf.name]['pages']:5d} p  pdfminer {row['pdfminer']['seconds']:7.2f} s"
            f"  analyze {row['analyze']['seconds']:7.2f} s")
    return out


def cpython_scaling(docs: dict[int, Path]) -> dict[int, dict]:
    out = {}
    for pages, pdf in docs.items():
        m = measure("analyze", pdf)
        out[pages] = {"wall": m["seconds"], "cpu": m["cpu"], "read": m["read"], "peak_rss": m["peak_rss"],
                      "rss_before": m["rss_before"]}
        log(f"  scaling  {pdf.name:42} {pages:5d} p  analyze {m['seconds']:7.2f} s (CPU {m['cpu']:.2f} s, "
            f"{m['read'].get('cpu', 0):.2f} s of it reading pages)  "
            f"peak RSS {m['peak_rss'] / MB:6.1f} MB")
    return out


def cli_batch(folder: Path, jobs: int) -> dict:
    """Wall time of the CLI over a folder, as a pipeline would run it (a fresh process, outputs written)."""
    out_dir = OUT / f"batch-out-j{jobs}"
    shutil.rmtree(out_dir, ignore_errors=True)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "pagefurniture", str(folder), "--out-dir", str(out_dir),
                           "--jobs", str(jobs)], capture_output=True, text=True, env=child_env())
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if proc.returncode != 0:
        raise SystemExit(f"error: the CLI failed with --jobs {jobs} (exit {proc.returncode}): "
                         f"{proc.stderr.strip()[-300:]}")
    made = len(list(out_dir.glob("*.clean.txt")))
    expected = len(list(folder.glob("*.pdf")))
    if made != expected:
        raise SystemExit(f"error: the CLI with --jobs {jobs} wrote {made} cleaned texts for {expected} PDFs")
    return {"wall": seconds, "cpu": cpu}


def batch_round(folder: Path, run: int) -> dict[int, dict]:
    order = (1, 2) if run % 2 == 0 else (2, 1)
    out = {}
    for jobs in order:
        out[jobs] = cli_batch(folder, jobs)
        log(f"  batch    --jobs {jobs}: {out[jobs]['wall']:.2f} s (CPU {out[jobs]['cpu']:.2f} s)")
    return out


# -- the run -------------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Time pagefurniture in CPython and in the browser.")
    parser.add_argument("--runs", type=int, default=None, help="runs to take the median of (default 3, 1 with --quick)")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke test: 1 run, the 5 smallest real PDFs, documents of 10-200 pages, a batch of 20")
    parser.add_argument("--no-browser", action="store_true", help="skip the browser part")
    parser.add_argument("--real", action="append",
                        help=f"a folder of real PDFs (may be repeated; default {' and '.join(map(str, REAL))})")
    parser.add_argument("--long-pages", type=int, default=None,
                        help="pages of the long generated document (default 320, 200 with --quick)")
    parser.add_argument("--sizes", default=None,
                        help="page counts for scaling, the largest also for memory (default 10,100,1000; 10,50,200 "
                             "with --quick)")
    parser.add_argument("--batch", type=int, default=None, help="PDFs in the CLI batch (default 50, 20 with --quick)")
    parser.add_argument("--chromium", default="/usr/bin/chromium", help="the Chromium binary")
    parser.add_argument("--json", metavar="FILE",
                        help="write every measurement as JSON to FILE (default tests/bench/out/last.json)")
    parser.add_argument("--table", metavar="FILE", help="only print the table again from a saved JSON file")
    parser.add_argument("--cold", type=int, metavar="N",
                        help="only the cold start: N first visits, their median and each boot step's median")
    parser.add_argument("--against", metavar="DIR",
                        help="with --cold: also N first visits of the site built in DIR (python build.py --out DIR "
                             "at another commit), alternating with this tree's, and the paired difference")
    args = parser.parse_args(argv)
    if args.table:
        return reprint(args.table)
    args.runs = args.runs or (1 if args.quick else 3)
    args.batch = args.batch or (20 if args.quick else 50)
    args.long_pages = args.long_pages or (200 if args.quick else 320)
    try:
        args.sizes = sorted({int(n) for n in (args.sizes or ("10,50,200" if args.quick else "10,100,1000")).split(",")})
    except ValueError:
        parser.error("--sizes takes page counts separated by commas, e.g. 10,100,1000")
    if args.runs < 1:
        parser.error("--runs must be 1 or more")
    if len(args.sizes) < 2 or min(args.sizes) < 1:
        parser.error("--sizes needs at least two page counts of 1 or more")

    if args.cold:
        return cold_starts(args)
    load_before = loadavg()
    inputs = prepare(args)
    code = snapshot_package()  # the site below is built from py/ at the same moment
    results: dict = {"runs": [], "machine": {"cpus": os.cpu_count(), "python": sys.version.split()[0]},
                     "load_before": load_before, "code": code}
    session = None
    if not args.no_browser:
        import browser  # only now: Playwright is not needed for --no-browser

        session = browser.Session(chromium=args.chromium, out=OUT, log=log)
        session.start()
        results["server"] = session.server_info
    try:
        for run in range(args.runs):
            log(f"run {run + 1} of {args.runs}  (load average {loadavg()})")
            r: dict = {}
            r["corpus"] = cpython_corpus(inputs.corpus, run)
            r["scaling"] = cpython_scaling(inputs.scaling)
            r["batch"] = batch_round(inputs.batch_dir, run)
            if session is not None:
                r["browser"] = session.run_round(corpus=inputs.corpus, scaling=inputs.scaling, first=inputs.first)
            results["runs"].append(r)
            save(results, args)  # after every run, so a long benchmark that is stopped keeps what it measured
    finally:
        if session is not None:
            session.stop()
    results["load_after"] = loadavg()
    save(results, args)
    print(summarize(results, args))
    return 0


def cold_starts(args: argparse.Namespace) -> int:
    """--cold N: the site built from the tree as it is, N cold starts, the medians printed. With --against
    DIR, the site in DIR too: the visits alternate (the order turned round each time), so that both sites
    see the same changes in the machine's load, and each pair's difference is printed as well."""
    import browser

    if args.against and not (Path(args.against) / "index.html").is_file():
        raise SystemExit(f"error: {args.against} holds no built site (no index.html); build one there with "
                         "python build.py --out DIR")
    load_before = loadavg()
    snapshot_package()
    session = browser.Session(chromium=args.chromium, out=OUT, log=log)
    session.start()
    sites = {"this tree": None}
    try:
        if args.against:
            sites[args.against] = session.serve_also(Path(args.against))
        visits: dict[str, list[dict]] = {name: [] for name in sites}
        for n in range(args.cold):
            for name in (list(sites) if n % 2 == 0 else list(reversed(sites))):
                visit = session.cold_start(sites[name])
                visits[name].append(visit)
                log(f"  cold start {n + 1} ({name}): {visit['ready']:.2f} s (CPU {visit['cpu']:.2f} s); " +
                    ", ".join(f"{text!r} at {t:.2f}" for text, t in visit["steps"]))
    finally:
        session.stop()
    for name, runs in visits.items():
        print(f"cold start of {name}, median (min-max) of {len(runs)}: {spread([v['ready'] for v in runs])} s, "
              f"renderer CPU {spread([v['cpu'] for v in runs])} s")
        steps: dict[str, list[float]] = {}
        for visit in runs:
            for text, t in visit["steps"]:
                steps.setdefault(text, []).append(t)
        for text, times in steps.items():
            print(f"  {text!r:32} at {median(times):.2f} s (median of {len(times)})")
    if args.against:
        ours, theirs = visits["this tree"], visits[args.against]
        pairs = [a["ready"] - b["ready"] for a, b in zip(ours, theirs, strict=False)]
        print(f"this tree minus {args.against}, paired: median {median(pairs):+.2f} s; this tree faster in "
              f"{sum(d < 0 for d in pairs)} of {len(pairs)} pairs")
    print(f"load average before: {load_before}, after: {loadavg()}")
    return 0


def save(results: dict, args: argparse.Namespace) -> None:
    results["args"] = {"batch": args.batch, "quick": args.quick}
    path = Path(args.json) if args.json else OUT / "last.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(results, indent=1, default=str))


def reprint(path: str) -> int:
    """Print the table again from a saved run (keys that were numbers come back as strings)."""
    results = json.loads(Path(path).read_text())
    for r in results["runs"]:
        r["scaling"] = {int(k): v for k, v in r["scaling"].items()}
        r["batch"] = {int(k): v for k, v in r["batch"].items()}
        if "browser" in r:
            r["browser"]["scaling"] = {int(k): v for k, v in r["browser"]["scaling"].items()}
    results.setdefault("load_after", "n/a (stopped early)")
    print(summarize(results, argparse.Namespace(**results["args"])))
    return 0


# -- the table -----------------------------------------------------------------------------------------


def pps(rows: dict[str, dict], tool: str, clock: str) -> float | None:
    """Pages per second over a whole set of files: total pages over total seconds."""
    seconds = [row[tool][clock] for row in rows.values() if row.get(tool)]
    if len(seconds) != len(rows) or not all(seconds):
        return None
    return sum(row["pages"] for row in rows.values()) / sum(seconds)


def ratios(runs: list[dict], top, bottom, clock: str) -> list[float]:
    """top/bottom pages-per-second ratio within each run."""
    out = []
    for r in runs:
        a, b = top(r, clock), bottom(r, clock)
        if a and b:
            out.append(a / b)
    return out


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("yes" if ok else "NO")


def summarize(results: dict, args: argparse.Namespace) -> str:
    runs = results["runs"]
    files = list(runs[0]["corpus"])
    total_pages = sum(runs[0]["corpus"][name]["pages"] for name in files)
    has_browser = "browser" in runs[0]
    # Each run's per-file rows with the browser's times beside CPython's.
    sets = []
    for r in runs:
        rows = {name: dict(r["corpus"][name]) for name in files}
        if has_browser:
            for name in files:
                rows[name]["browser"] = r["browser"]["corpus"].get(name)
                rows[name]["browser1"] = r["browser"].get("corpus_one_worker", {}).get(name)
        sets.append(rows)

    def tp(tool):
        return lambda r, clock: pps(sets[runs.index(r)], tool, clock)

    lines: list[str] = []
    n = len(runs)
    lines.append(f"Per file, median wall seconds of {n} run{'s' if n != 1 else ''} (CPU seconds in brackets):")
    lines.append(f"  {'file':34} {'pages':>5} {'pdfminer':>15} {'analyze':>15} {'browser':>15} {'one worker':>15}")
    for name in files:
        cells = []
        for tool in ("pdfminer", "analyze", "browser", "browser1"):
            vals = [s[name].get(tool) for s in sets]
            if not all(vals):
                cells.append(f"{'-':>15}")
                continue
            cells.append(f"{median(v['wall'] for v in vals):7.2f} ({median(v['cpu'] for v in vals):5.2f})")
        lines.append(f"  {name[:34]:34} {sets[0][name]['pages']:5d} " + " ".join(cells))

    rows: list[tuple[str, str, str, str]] = []
    wall = ratios(runs, tp("analyze"), tp("pdfminer"), "wall")
    cpu = ratios(runs, tp("analyze"), tp("pdfminer"), "cpu")
    rows.append(("CPython throughput",
                 f"analyze {median(tp('analyze')(r, 'wall') for r in runs):.1f} p/s, plain pdfminer "
                 f"{median(tp('pdfminer')(r, 'wall') for r in runs):.1f} p/s ({len(files)} PDFs, {total_pages} pages): "
                 f"{spread(wall)}x; by CPU time {spread(cpu)}x",
                 f">= {TARGETS['cpython']}x", verdict(median(wall) >= TARGETS["cpython"])))

    if has_browser:
        wall = ratios(runs, tp("browser"), tp("analyze"), "wall")
        cpu = ratios(runs, tp("browser"), tp("analyze"), "cpu")
        one = ratios(runs, tp("browser1"), tp("analyze"), "wall")
        one_cpu = ratios(runs, tp("browser1"), tp("analyze"), "cpu")
        workers = f"{1 + runs[0]['browser'].get('helpers', 0)} workers on {runs[0]['browser'].get('cores', '?')} cores"
        rows.append(("browser throughput",
                     f"Chromium {median(tp('browser')(r, 'wall') for r in runs):.1f} p/s (file input to results shown, "
                     f"{workers}), CPython analyze {median(tp('analyze')(r, 'wall') for r in runs):.1f} p/s: "
                     f"{spread(wall)}x; by CPU time {spread(cpu)}x. The main worker alone (?workers=1): "
                     + (f"{median(tp('browser1')(r, 'wall') for r in runs):.1f} p/s, {spread(one)}x; by CPU time "
                        f"{spread(one_cpu)}x" if one else "not measured"), f"one: >= {TARGETS['browser']}x",
                     verdict(median(one) >= TARGETS["browser"]) if one else "n/a"))
        # Every first visit of every run (runs saved before there were several per run have one).
        cold = [t for r in runs for t in r["browser"].get("cold_starts", [r["browser"]["cold_start"]])]
        cold_cpu = [t for r in runs for t in r["browser"].get("cold_starts_cpu", [r["browser"].get("cold_start_cpu")])]
        visits = f"{len(cold)} first visit{'s' if len(cold) != 1 else ''}"
        rows.append(("cold start", f"{spread(cold)} s over {visits} (navigation start to data-state=ready, fresh "
                     f"browser context; renderer CPU {spread(cold_cpu)} s)",
                     f"<= {TARGETS['cold_start']} s", verdict(median(cold) <= TARGETS["cold_start"])))
        wire = [r["browser"]["payload_wire"] for r in runs]
        body = median(r["browser"]["payload_body"] for r in runs)
        served = results.get("server", {})
        rows.append(("first-visit payload",
                     f"{median(wire) / MB:.2f} MB on the wire in {median(r['browser']['requests'] for r in runs):.0f} "
                     f"requests, headers included ({served.get('compression', '?')}; the files are {body / MB:.2f} MB)",
                     f"<= {TARGETS['payload'] / MB:.0f} MB", verdict(median(wire) <= TARGETS["payload"])))
        first = [r["browser"]["first_result"]["wall"] for r in runs]
        first_cpu = [r["browser"]["first_result"]["cpu"] for r in runs]
        rows.append(("time to first result",
                     f"{spread(first)} s for a 100-page text PDF, file input to data-state=done, right after ready "
                     f"(renderer CPU {spread(first_cpu)} s)",
                     f"<= {TARGETS['first_result']} s", verdict(median(first) <= TARGETS["first_result"])))

    # Where the time goes: reading the pages (pdfminer) versus everything after the last page.
    def split(tool: str) -> str | None:
        read = after = 0.0
        for name in files:
            vals = [st[name].get(tool) for st in sets]
            if not all(v and v.get("read") for v in vals):
                return None
            r_wall = median((v["read"]["wall"] if isinstance(v["read"], dict) else v["read"]) for v in vals)
            read += r_wall
            after += median(v["wall"] for v in vals) - r_wall
        return f"{read:.1f} s reading pages + {after:.1f} s after the last page"

    parts = [f"{label}: {text}" for label, text in (("CPython analyze", split("analyze")),
                                                     ("browser", split("browser") if has_browser else None)) if text]
    if parts:
        rows.append(("where the time goes", "; ".join(parts) + " (same set, wall medians)", "-", "-"))

    # The same for CPython by stage, from measure.py: the first thing to look at before a profile.
    totals: dict[str, float] = {}
    for name in files:
        vals = [st[name]["analyze"].get("stages") for st in sets]
        if not all(vals):
            totals = {}
            break
        for stage in vals[0]:
            totals[stage] = totals.get(stage, 0.0) + median(v[stage] for v in vals)
    if totals:
        whole = sum(totals.values()) or 1.0
        rows.append(("CPython stages", ", ".join(f"{STAGES.get(k, k)} {v:.1f} s ({v / whole:.0%})" for k, v in totals.items())
                     + " (CPU seconds over the set, medians per file; outputs: the four files and the table)", "-", "-"))

    # Scaling: flat means the 1,000-page rate is not far below the 100-page rate (a step that grows
    # with the square of the pages would make it about 10 times lower).
    sizes = sorted(runs[0]["scaling"])
    big, mid = sizes[-1], sizes[-2]

    def scale(get) -> tuple[str, float]:  # the text, and the better of the wall and CPU big/mid ratios
        rates = {k: median(k / get(r, k)["wall"] for r in runs) for k in sizes}
        cpu_rates = {k: median(k / get(r, k)["cpu"] for r in runs if get(r, k)["cpu"]) for k in sizes}
        ratio = median((big / get(r, big)["wall"]) / (mid / get(r, mid)["wall"]) for r in runs)
        cpu_ratio = median((big / get(r, big)["cpu"]) / (mid / get(r, mid)["cpu"]) for r in runs
                           if get(r, big)["cpu"] and get(r, mid)["cpu"])
        text = (", ".join(f"{k}: {rates[k]:.1f}" for k in sizes) + f" p/s ({big} vs {mid}: {ratio:.2f}x; CPU "
                + ", ".join(f"{cpu_rates[k]:.1f}" for k in sizes) + f" p/s, {cpu_ratio:.2f}x)")
        return text, max(ratio, cpu_ratio)

    text, flat_cpu = scale(lambda r, k: r["scaling"][k])
    text = "CPython " + text
    flat = flat_cpu >= 0.8
    if has_browser:
        btext, bflat = scale(lambda r, k: r["browser"]["scaling"][k])
        text += "; browser " + btext
        flat = flat and bflat >= 0.8
    rows.append(("scaling", text, "flat", verdict(flat)))

    rss = median(r["scaling"][big]["peak_rss"] for r in runs)
    base = median(r["scaling"][big]["rss_before"] for r in runs)
    text = f"CPython peak RSS {rss / MB:.0f} MB ({base / MB:.0f} MB of it before reading)"
    worst = rss
    if has_browser:
        heap = median(r["browser"]["wasm_heap"] for r in runs)
        heap0 = median(r["browser"]["wasm_heap_ready"] for r in runs)
        renderer = median(r["browser"]["renderer_peak_rss"] for r in runs)
        text += (f"; browser WebAssembly heap {heap / MB:.0f} MB ({heap0 / MB:.0f} MB when ready), "
                 f"renderer process peak RSS {renderer / MB:.0f} MB")
        worst = max(rss, heap)
    rows.append((f"memory ({big} pages)", text, f"< {TARGETS['memory'] / MB:.0f} MB", verdict(worst < TARGETS["memory"])))

    j1 = [r["batch"][1]["wall"] for r in runs]
    j2 = [r["batch"][2]["wall"] for r in runs]
    speedup = [a / b for a, b in zip(j1, j2, strict=False)]
    # CPU seconds over wall seconds: about 2 when two cores were really ours; less when other work
    # on the machine took them (then the speedup says more about the machine than about --jobs).
    busy = {j: median(r["batch"][j]["cpu"] / r["batch"][j]["wall"] for r in runs) for j in (1, 2)}
    rows.append(("batch", f"CLI over {args.batch} PDFs: --jobs 1 {median(j1):.1f} s, --jobs 2 {median(j2):.1f} s: "
                 f"{spread(speedup)}x (cores kept busy: {busy[1]:.2f} with 1 job, {busy[2]:.2f} with 2)",
                 "~2x", verdict(median(speedup) >= 1.7)))

    width = max(len(r[0]) for r in rows)
    lines.append("")
    lines.append(f"Medians of {n} run{'s' if n != 1 else ''}; ratios are taken within each run, shown as "
                 "median (min-max). Load average before: " + results["load_before"] + ", after: " +
                 results["load_after"] + f"; {results['machine']['cpus']} CPUs, Python {results['machine']['python']}; "
                 f"code {results.get('code', 'unknown')}.")
    lines.append(f"  {'figure':{width}}  {'target':>9}  {'met':3}  measured")
    for figure, measured, target, ok in rows:
        lines.append(f"  {figure:{width}}  {target:>9}  {ok:3}  {measured}")
    return "\n".join(lines)


if __name__ == "__main__":
    raise SystemExit(main())
