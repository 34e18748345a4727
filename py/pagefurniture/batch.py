"""The command line's work on files: reading one and writing its outputs whole, and a batch of many.

``cli`` reads the arguments and shows one file's table; everything that reads a PDF, applies the choices,
writes the outputs (under a temporary name, renamed when complete), reports progress on stderr and runs a
batch (the files to read, the worker pool for ``--jobs``, the manifest, the outcome of each file) is here.

The worker pool lives here only: the package itself runs no threads or processes, so it stays usable in a
browser (Pyodide) where neither exists.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from . import analyze
from .choices import OPTIONS as CHOICE_OPTIONS
from .errors import PageFurnitureError, PasswordRequired, WrongPassword
from .manifest import Done
from .manifest import line as manifest_line
from .manifest import missing as _missing_parts
from .manifest import row as manifest_row
from .report import CLEANED_PDF, OUTPUTS, LineKey, Named, Report, stem

# Every file one PDF can give, in the order the command line writes them: the text outputs, then the PDF.
ALL_OUTPUTS: tuple[Named, ...] = (*OUTPUTS, CLEANED_PDF)

EXIT_OK, EXIT_FAILED, EXIT_USAGE = 0, 1, 2
# Cleaned what could be read: some text of the PDF could not be read (pages of a cut-off file, a page that
# failed half-way); the outputs hold the rest and the JSON report's summary says what is missing.
EXIT_PARTIAL = 3
EXIT_INTERRUPTED = 128 + 2  # stopped by Ctrl-C (SIGINT is 2), as shells report it
STDIN = "-"  # the input that means "read the PDF from stdin"
STDIN_NAME = "stdin"  # the name a PDF read from stdin has in the report
# At most this many pages are named one by one in warnings; the report's summary names them all.
PAGE_WARNINGS = 10


class UsageError(Exception):
    """The command line asks for something that cannot be done (exit status 2)."""



@dataclass(frozen=True, slots=True)
class Choices:
    """What the user overrules in one file: groups by id, single lines by (page, index)."""

    keep: tuple[int, ...] = ()
    remove: tuple[int, ...] = ()
    keep_lines: tuple[LineKey, ...] = ()
    remove_lines: tuple[LineKey, ...] = ()

    @classmethod
    def of(cls, args: argparse.Namespace) -> Choices:
        return cls(tuple(args.keep), tuple(args.remove), tuple(args.keep_lines), tuple(args.remove_lines))

    def __bool__(self) -> bool:
        return bool(self.keep or self.remove or self.keep_lines or self.remove_lines)

    def clash(self) -> str | None:
        """The first thing chosen both ways, in words, or None."""
        both = set(self.keep) & set(self.remove)
        if both:
            return (f"group {min(both)} cannot be both kept ({CHOICE_OPTIONS['keep']}) and removed "
                    f"({CHOICE_OPTIONS['remove']})")
        lines = set(self.keep_lines) & set(self.remove_lines)
        if lines:
            page, index = min(lines)
            return (f"line {page}:{index} cannot be both kept ({CHOICE_OPTIONS['keep_lines']}) and removed "
                    f"({CHOICE_OPTIONS['remove_lines']})")
        return None


# -- which files -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Job:
    """One input file and, in a batch, the folder its outputs go to (named by ``Output.file_name``)."""

    path: Path
    out_dir: Path | None = None
    pdf: bool = False  # its cleaned PDF is written too (--clean-pdf)

    @property
    def label(self) -> str:
        return str(self.path)

    @property
    def outputs(self) -> tuple[Named, ...]:
        """The files written for it."""
        return ALL_OUTPUTS if self.pdf else OUTPUTS


def find_pdfs(folder: Path) -> list[Path]:
    """Every ``*.pdf`` (any case) below a folder, sorted, so a batch is reproducible."""
    found = [p for p in folder.rglob("*") if p.suffix.lower() == ".pdf" and p.is_file()]
    return sorted(found)


def plan_batch(inputs: Sequence[str], out_dir: Path, *, pdf: bool = False) -> list[Job]:
    """Map each input to its outputs: NAME.pdf -> out_dir/NAME.*; files found in a folder keep their subfolder.
    ``pdf``: each cleaned PDF is written too."""
    jobs: list[Job] = []
    for raw in inputs:
        path = Path(raw)
        if path.is_dir():
            for found in find_pdfs(path):
                jobs.append(Job(found, out_dir / found.relative_to(path).parent, pdf))
        else:
            # Missing files stay in the plan: they fail like any other bad input and the batch goes on.
            jobs.append(Job(path, out_dir, pdf))
    seen: dict[Path, Path] = {}
    for job in jobs:
        assert job.out_dir is not None
        other = seen.setdefault(job.out_dir / stem(job.path.name), job.path)
        if other != job.path:
            raise UsageError(f"{other} and {job.path} would write the same outputs "
                             f"({stem(job.path.name)}.*); rename one or run them separately")
    return jobs


# -- status on stderr -----------------------------------------------------------------------------------------


class Status:
    """Lines on stderr for the pages read and the files done: rewritten in place on a terminal, one line
    each otherwise."""

    def __init__(self, stream: TextIO, *, enabled: bool) -> None:
        self.stream = stream
        self.enabled = enabled
        self.tty = _isatty(stream)
        self._open = 0  # length of the line that is still being rewritten

    def page(self, label: str, done: int, total: int) -> None:
        if self.enabled:
            self._say(f"{label}: page {done} of {total}", transient=True)

    def file(self, index: int, total: int, label: str, outcome: str) -> None:
        if self.enabled:
            self._say(f"[{index}/{total}] {label}: {outcome}", transient=False)

    def clear(self) -> None:
        """Wipe a half-written line before something else goes to stderr."""
        if self._open:
            self.stream.write("\r" + " " * self._open + "\r")
            self.stream.flush()
            self._open = 0

    def _say(self, text: str, *, transient: bool) -> None:
        if self.tty:
            self.clear()
            if transient:
                self.stream.write(text)
                self._open = len(text)
            else:
                self.stream.write(text + "\n")
        else:
            self.stream.write(text + "\n")
        self.stream.flush()


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False



# -- one file's outputs -------------------------------------------------------------------------------------


def _analyze(path: Path | bytes, password: str | None, on_page: Callable[[int, int], None] | None) -> Report:
    if isinstance(path, bytes):
        return analyze(path, password=password, on_progress=on_page, name=STDIN_NAME).require_text()
    if not path.exists():
        raise PageFurnitureError(f"{path} does not exist; check the name and the folder")
    if path.is_dir():
        raise PageFurnitureError(f"{path} is a folder, not a PDF file")
    return analyze(path, password=password, on_progress=on_page).require_text()


def _choose(report: Report, choices: Choices) -> Report:
    if not choices:
        return report
    try:
        return report.choose(keep=choices.keep, remove=choices.remove, keep_lines=choices.keep_lines,
                             remove_lines=choices.remove_lines)
    except ValueError as exc:
        raise UsageError(str(exc)) from None


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` in UTF-8, whole or not at all (``write_file``); lines end in "\n" on every
    system, as in the web page's downloads."""
    write_file(path, text.encode("utf-8"))


def write_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: into ``.NAME.part`` beside it, then renamed over it.

    A run killed half-way leaves at most that .part file, never half an output (the next run that writes
    the output overwrites it). A path that is not a regular file (``/dev/null``, a pipe) is written directly.
    """
    try:
        if path.parent != Path(""):
            path.parent.mkdir(parents=True, exist_ok=True)
        direct = path.exists() and not path.is_file()
        target = path if direct else path.with_name(f".{path.name}.part")
        try:
            with open(target, "wb") as fh:
                fh.write(data)
            if not direct:
                os.replace(target, path)
        except BaseException:
            if not direct:
                with contextlib.suppress(OSError):
                    target.unlink()
            raise
    except OSError as exc:
        raise PageFurnitureError(f"cannot write {path}: {exc.strerror or exc}; "
                                 "check that the folder exists and can be written") from None


def summary_line(report: Report) -> str:
    s = report.summary()
    pages = s["pages"]
    return (f"{report.name}: {pages} page{'s' if pages != 1 else ''}, {s['groups']} repeated "
            f"group{'s' if s['groups'] != 1 else ''}, {s['groups_removed']} removed: "
            f"{s['lines_removed']} of {s['lines']} lines, {s['chars_removed']} of {s['chars']} characters "
            f"({s['share_removed']:.1%})" + ("" if s["complete"] else f"; partial: {_missing(s)}"))


def _missing(summary: dict) -> str:
    """What a partial result lacks, in a few words: "6 of 9 pages could not be read"."""
    lost = len(summary["pages_unreadable"])
    pages = summary["pages"]
    words = f"{lost} of {pages} page{'s' if pages != 1 else ''} could not be read" if lost else ""
    if summary["cut_off"] and not summary["cut_off"]["pages_known"]:
        words += (", and " if words else "") + f"pages after page {pages} may be missing"
    return words


def _warnings(report: Report) -> Iterator[str]:
    """What a partial result lacks: the cut, each page that could not be read (the first PAGE_WARNINGS)."""
    return _missing_parts(report, named=PAGE_WARNINGS)



# -- many files -------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outcome:
    """What became of one file in a batch; small, so it crosses the process boundary cheaply."""

    status: Done
    message: str  # a summary line when read, else the error sentence
    warnings: tuple[str, ...] = ()
    pages: int | None = None
    removed_lines: int | None = None
    seconds: float = 0.0
    clean_pdf: bool | None = None  # whether its cleaned PDF was written; None when it was not asked for

    def row(self, job: Job) -> dict:
        """The manifest's line for this file (pagefurniture.manifest, which the web page's ZIP uses too);
        "clean_pdf" (written or not) only when the batch writes them."""
        error = None if self.status in (Done.OK, Done.SKIPPED) else \
            self.message if self.status is Done.FAILED else "; ".join(self.warnings)
        return manifest_row(job.label, self.status, pages=self.pages, removed_lines=self.removed_lines, error=error,
                            seconds=self.seconds, clean_pdfs=job.pdf, clean_pdf=self.clean_pdf)


def process(job: Job, password: str | None, choices: Choices,
            on_page: Callable[[int, int], None] | None) -> Outcome:
    """Read one file and write all its outputs. Never raises: every failure becomes an Outcome.

    A cleaned PDF that cannot be made fails the file, with the text outputs written: nothing half done is
    left as if it were whole (--skip-existing tries the file again).
    """
    start = time.monotonic()
    try:
        report = _choose(_analyze(job.path, password, on_page), choices)
        assert job.out_dir is not None
        for output in OUTPUTS:
            write_text(job.out_dir / output.file_name(job.path.name), output.make(report))
        summary = report.summary()
        pages, removed = summary["pages"], summary["lines_removed"]
        if job.pdf:
            try:
                write_file(job.out_dir / CLEANED_PDF.file_name(job.path.name),
                           report.cleaned_pdf(job.path, password=password))
            except PageFurnitureError as exc:
                return Outcome(Done.FAILED, str(exc), (), pages, removed, time.monotonic() - start, clean_pdf=False)
        return Outcome(Done.OK if report.complete else Done.PARTIAL, summary_line(report), tuple(_warnings(report)),
                       pages, removed, time.monotonic() - start, clean_pdf=True if job.pdf else None)
    except (PageFurnitureError, UsageError) as exc:
        return Outcome(Done.FAILED, said(exc), seconds=time.monotonic() - start)
    except Exception as exc:
        return Outcome(Done.FAILED, _unexpected(job.path, exc), seconds=time.monotonic() - start)


def up_to_date(job: Job) -> bool:
    """True when every output of ``job`` is there and none is older than its PDF (``--skip-existing``)."""
    assert job.out_dir is not None
    try:
        made = job.path.stat().st_mtime_ns
        return all((job.out_dir / output.file_name(job.path.name)).stat().st_mtime_ns >= made
                   for output in job.outputs)
    except OSError:
        return False  # a missing PDF is tried, and fails as usual


# What to do about an error, on the command line: the library's messages cannot name the options.
WHAT_TO_DO: dict[type[Exception], str] = {
    PasswordRequired: "give it with --password PW",
    WrongPassword: "give the right one with --password PW",
}


def said(exc: Exception) -> str:
    """The error as the command line says it: its message, and the option that helps where there is one.

    >>> said(PasswordRequired("this PDF is protected by a password"))
    'this PDF is protected by a password; give it with --password PW'
    """
    hint = WHAT_TO_DO.get(type(exc))
    return f"{exc}; {hint}" if hint else str(exc)


def _unexpected(path: Path, exc: BaseException) -> str:
    detail = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
    return f"unexpected failure on {path}: {type(exc).__name__}" + (f": {detail}" if detail else "")


_queue = None  # per-page progress from worker processes to the parent, set in each worker


def _init_worker(queue) -> None:
    global _queue
    _queue = queue
    # Ctrl-C reaches every process of the terminal's group; the parent alone handles it (it stops the
    # workers), so a worker does not print a traceback of its own.
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _process_in_worker(job: Job, password: str | None, choices: Choices) -> Outcome:
    queue = _queue
    on_page = None
    if queue is not None:
        label = job.label

        def on_page(done: int, total: int) -> None:
            queue.put((label, done, total))
    return process(job, password, choices, on_page)


class Manifest:
    """``--manifest FILE``: one JSON line per file, appended (and flushed) as each finishes."""

    def __init__(self, path: Path | None) -> None:
        self.file = None
        if path is not None:
            try:
                if path.parent != Path(""):
                    path.parent.mkdir(parents=True, exist_ok=True)
                self.file = open(path, "a", encoding="utf-8", newline="\n")  # noqa: SIM115 - closed in close()
            except OSError as exc:
                raise PageFurnitureError(f"cannot write the manifest {path}: {exc.strerror or exc}; "
                                         "check that its folder can be written") from None

    def add(self, row: dict) -> None:
        if self.file is not None:
            # One write of one whole line: a run killed at any moment leaves whole lines only.
            self.file.write(manifest_line(row))
            self.file.flush()

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


def run_batch(args: argparse.Namespace, status: Status) -> int:
    jobs = plan_batch(args.inputs, args.out_dir, pdf=args.clean_pdf)
    if not jobs:
        raise UsageError("no PDF files found in " + ", ".join(args.inputs))
    choices = Choices.of(args)
    if choices and len(jobs) > 1:
        raise UsageError("--keep, --remove, --keep-line and --remove-line name groups and lines of one file; "
                         "give a single PDF to use them")
    total = len(jobs)
    counts = dict.fromkeys(Done, 0)
    manifest = Manifest(args.manifest)

    def report(job: Job, outcome: Outcome) -> None:
        counts[outcome.status] += 1
        done = sum(counts.values())
        status.clear()
        for warning in outcome.warnings:
            print(f"warning: {job.label}: {warning}", file=sys.stderr)
        if outcome.status is Done.FAILED:
            # Name the file once: some messages (a missing file) already start with it.
            named = outcome.message if outcome.message.startswith(job.label) else f"{job.label}: {outcome.message}"
            print(f"error: {named}", file=sys.stderr)
        else:
            status.file(done, total, job.label, outcome.message.split(": ", 1)[-1])
        manifest.add(outcome.row(job))

    try:
        todo = []
        for job in jobs:
            if args.skip_existing and up_to_date(job):
                report(job, Outcome(Done.SKIPPED, "skipped: its outputs are up to date"))
            else:
                todo.append(job)
        if args.jobs == 1 or len(todo) <= 1:
            for job in todo:
                on_page = (lambda d, t, label=job.label: status.page(label, d, t)) if status.enabled else None
                report(job, process(job, args.password, choices, on_page))
        else:
            _run_pool(todo, args, choices, status, report)
    except KeyboardInterrupt:
        status.clear()
        done = sum(counts.values())
        print(f"error: interrupted after {done} of {total} file{'s' if total != 1 else ''}; the outputs written "
              "are complete; run the same command with --skip-existing to do the rest", file=sys.stderr)
        return EXIT_INTERRUPTED
    finally:
        manifest.close()
    status.clear()
    print(batch_line(counts, skipping=args.skip_existing))
    return EXIT_FAILED if counts[Done.FAILED] else EXIT_PARTIAL if counts[Done.PARTIAL] else EXIT_OK


def batch_line(counts: dict[Done, int], *, skipping: bool) -> str:
    """The last line of a batch: how many files, and what became of them.

    >>> batch_line({Done.OK: 3, Done.PARTIAL: 1, Done.FAILED: 0, Done.SKIPPED: 2}, skipping=True)
    '6 files: 3 complete, 1 partial, 0 failed, 2 skipped (outputs up to date)'
    """
    total = sum(counts.values())
    line = (f"{total} file{'s' if total != 1 else ''}: {counts[Done.OK]} complete, {counts[Done.PARTIAL]} partial, "
            f"{counts[Done.FAILED]} failed")
    return line + (f", {counts[Done.SKIPPED]} skipped (outputs up to date)" if skipping else "")


def _run_pool(jobs: list[Job], args: argparse.Namespace, choices: Choices, status: Status,
              report: Callable[[Job, Outcome], None]) -> None:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    # "spawn" starts clean interpreters: no inherited locks or open files from the parent, the same on
    # every system (fork is unsafe with threads and is no longer the default from Python 3.14).
    context = multiprocessing.get_context("spawn")
    queue = context.Queue() if status.enabled else None
    workers = min(args.jobs, len(jobs))
    with ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=_init_worker,
                             initargs=(queue,)) as pool:
        # Largest files first, so that no worker is left with a long file while the others have finished.
        order = sorted(jobs, key=_size, reverse=True)
        pending = {pool.submit(_process_in_worker, job, args.password, choices): job for job in order}
        try:
            while pending:
                finished, _ = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
                _drain(queue, status)
                for future in finished:
                    job = pending.pop(future)
                    try:
                        outcome = future.result()
                    except Exception as exc:
                        outcome = Outcome(Done.FAILED, _unexpected(job.path, exc))
                    report(job, outcome)
        except BaseException:
            # Stop files that are being read now instead of waiting for them; there is no public way
            # to reach the workers before Python 3.14 (terminate_workers), hence the guarded attribute,
            # read before shutdown() forgets it.
            workers_now = list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
            for worker in workers_now:
                worker.terminate()
            raise
    _drain(queue, status)


def _size(job: Job) -> int:
    try:
        return os.path.getsize(job.path)
    except OSError:
        return 0  # reported when its turn comes


def _drain(queue, status: Status) -> None:
    if queue is None:
        return
    import queue as queue_module

    last: tuple[str, int, int] | None = None
    while True:
        try:
            last = queue.get_nowait()
        except queue_module.Empty:
            break
    if last is not None:
        status.page(*last)
