"""What became of each file of a batch, one JSON line per file: the command line's ``--manifest`` and the
``manifest.jsonl`` in the web page's ZIP are written here, so the two have the same columns and values.

>>> done = row("docs/a.pdf", Done.FAILED, error="this is not a PDF", seconds=0.01234)
>>> tuple(done) == COLUMNS, done["status"], done["seconds"]
(True, 'failed', 0.012)
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from enum import StrEnum

from .report import Report

# The manifest's columns, in the order each line has them.
COLUMNS = ("file", "pages", "removed_lines", "status", "error", "seconds")
# The column a batch that writes cleaned PDFs adds after "removed_lines": whether this file's was written.
CLEAN_PDF = "clean_pdf"


class Done(StrEnum):
    """What became of one file in a batch: the manifest's "status", and what a batch's last line counts."""

    OK = "ok"
    PARTIAL = "partial"  # some text could not be read; "error" says what is missing
    FAILED = "failed"  # nothing could be read; "error" says why
    SKIPPED = "skipped"  # not read: its outputs were up to date (--skip-existing), or the user skipped it


def row(file: str, status: Done | str, *, pages: int | None = None, removed_lines: int | None = None,
        error: str | None = None, seconds: float = 0.0, clean_pdfs: bool = False,
        clean_pdf: bool | None = None) -> dict:
    """One manifest line: ``file`` as it was given, what became of it, and for a file that was read its
    pages and removed lines (with the choices made). A status that is not a ``Done`` is refused. In a batch
    that writes cleaned PDFs (``clean_pdfs``), ``clean_pdf`` says whether this file's was written (None: not
    read)."""
    values = [file, pages, removed_lines, Done(status).value, error, round(seconds, 3)]
    line = list(zip(COLUMNS, values, strict=True))
    if clean_pdfs:
        line.insert(COLUMNS.index("removed_lines") + 1, (CLEAN_PDF, clean_pdf))
    return dict(line)


def outcome(report: Report) -> tuple[Done, str | None]:
    """A read file's status and "error": OK, or PARTIAL with what is missing (``missing``, joined)."""
    if report.complete:
        return Done.OK, None
    return Done.PARTIAL, "; ".join(missing(report))


def missing(report: Report, *, named: int = 10) -> Iterator[str]:
    """What a partial result lacks, one sentence each: the cut, each page that could not be read (the first
    ``named``; the report's summary names them all), a page list lost with the file's end."""
    cut = report.cut_off
    if cut is not None:
        yield f"the file is cut off {cut.where}"
    errors = [page.error for page in report.pages if page.error]
    yield from errors[:named]
    if len(errors) > named:
        more = len(errors) - named
        yield f"{more} more page{'s' if more != 1 else ''} could not be read; the report's summary names each"
    if cut is not None and not cut.pages_known:
        found = len(report.pages)
        yield (f"its page list is lost with its end: the {found} page{'s' if found != 1 else ''} found are "
               "numbered in the order they are stored, and pages after them may be missing, however many")


def line(values: dict) -> str:
    """One manifest line as written: JSON on one line, ending in a newline."""
    return json.dumps(values, ensure_ascii=False) + "\n"


def jsonl(rows: Iterable[dict]) -> str:
    return "".join(map(line, rows))
