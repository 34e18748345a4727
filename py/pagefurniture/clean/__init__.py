"""The cleaned PDF: the user's own PDF with the glyphs of the removed lines taken out of its content streams.

``cleaned_pdf(pdf, report)`` (also ``Report.cleaned_pdf``) finds where each glyph of the removed lines comes
from (``read.tracing``: in the places the report's reading kept, or else by reading the page again),
rewrites the operators that show them (``content``), decides which streams change in place and which are
copied for the pages that differ (``plan``), and writes the file with each changed object over its old
version (``file``). Everything else in the file stays byte for byte: links, the outline, page labels,
metadata, form fields, the tagged structure, the encryption.

Imported only when a cleaned PDF is asked for: the text path never pays for it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import NotCleaned
from ..read import DEFAULT_LIMITS, Limits, Source
from ..read.tracing import Traced
from . import plan
from .file import assemble

if TYPE_CHECKING:
    from ..report import Report


def cleaned_pdf(pdf: Source, report: Report, *, password: str | None = None, limits: Limits = DEFAULT_LIMITS) -> bytes:
    """The PDF ``pdf`` (the file ``report`` was made from) without the lines ``report`` removes.

    Raises NotCleaned, with the reason, for a file this cannot be done to without guessing (a cut-off
    file, a page that reads differently now, content it cannot place), and the errors of ``analyze`` for
    a file that cannot be read.
    """
    try:
        traced = Traced(pdf, password=password, limits=limits)
        if traced.cut_off is not None:
            raise NotCleaned(f"the file is cut off {traced.cut_off.where}, and a PDF cannot be written from part "
                             "of one; get a complete copy of the file")
        if traced.page_count != len(report.pages):
            raise NotCleaned(f"it has {traced.page_count} pages and the report {len(report.pages)}, which was "
                             "made from another file; make the report from this one")
        removed: dict[int, list[int]] = {}
        for row in report.removed():
            removed.setdefault(row.page, []).append(row.index)
        traces = {number: traced.trace(number, report.pages[number - 1].lines, indices,
                                       report.pages[number - 1].places)
                  for number, indices in sorted(removed.items())}
        made = plan.changes(traced, traces, traced.page_count)
        return assemble(traced, made.changed, made.added)
    except NotCleaned as exc:
        # The reason says what is wrong, and what to do when something can be done; else the text is left.
        reason = str(exc)
        action = "" if ";" in reason else "; its cleaned text and the other outputs can still be made"
        raise NotCleaned(f"no cleaned PDF can be made of {report.name}: {reason}{action}") from None
