"""One PDF as the framework loaders hand it on: per page its cleaned text, label and removed lines.

``pagefurniture.langchain`` and ``pagefurniture.llama_index`` wrap what ``load`` returns in their
framework's ``Document``, ``pagefurniture.ray`` in rows. Nothing here imports a framework.

>>> loaded = load("site/sample.pdf", name="sample.pdf")
>>> loaded.pages[1].label, loaded.pages[1].removed
('2', ('Annual Report 2025', 'Northwind Trading', 'Company Confidential - do not distribute', 'Page 2 of 6'))
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .detect import PN_WRAP, page_number_tokens, roman_value
from .read import Reader, Source
from .report import Report, report_for

# The metadata keys every loader adds to its framework's (see our_metadata). Scalars, not lists: vector
# stores such as Chroma accept only those as metadata values.
OUR_KEYS = ("removed_lines", "removed_text", "page_error")


@dataclass(frozen=True, slots=True)
class LoadedPage:
    """One page, ready for a framework's Document."""

    number: int  # 1-based
    label: str  # the PDF's own page label, else the printed page number found, else str(number)
    text: str  # the cleaned text: Report.page_texts() for this page
    removed: tuple[str, ...]  # the removed lines' texts, in drawing order
    error: str | None  # why the page could not be read (completely), as in Page.error

    @property
    def removed_lines(self) -> int:
        return len(self.removed)

    @property
    def removed_text(self) -> str:
        """The removed lines, one per line."""
        return "\n".join(self.removed)


@dataclass(frozen=True, slots=True)
class Loaded:
    """A PDF read once: the Report, the document information and every page."""

    report: Report
    info: dict[str, object]  # Reader.info: the PDF's Title, Author, Producer, ... as found
    pages: tuple[LoadedPage, ...]


def load(pdf: Source, *, name: str, password: str | None = None) -> Loaded:
    """Read a PDF and find its furniture, as ``analyze`` does, keeping the facts loaders add to each page.

    ``name`` is the file name the report gives (``analyze`` takes it from a path itself).

    Raises a PageFurnitureError on input that cannot be read, and NoTextLayer for a PDF without any text
    (a scan), as the command line does: a loader that yields empty pages would hide that it needs OCR.
    """
    reader = Reader(pdf, password=password)
    report = report_for(name, [reader.read(n) for n in range(1, reader.page_count + 1)],
                        encrypted=reader.encrypted, cut_off=reader.cut_off).require_text()
    labels = page_labels(report, reader.page_labels)
    removed: dict[int, list[str]] = {}
    for row in report.removed():
        removed.setdefault(row.page, []).append(row.line.text)
    return Loaded(report=report, info=reader.info, pages=tuple(
        LoadedPage(number=page.number, label=label, text=text, removed=tuple(removed.get(page.number, ())),
                   error=page.error)
        for page, label, text in zip(report.pages, labels, report.page_texts(), strict=True)))


def our_metadata(pages: Sequence[LoadedPage]) -> dict[str, int | str]:
    """Our metadata for one page or, given several, for all of them together: ``removed_lines`` (how many
    lines were taken out), ``removed_text`` (those lines, one per line) and, only where a page could not be
    read completely, ``page_error`` (why), so that nothing is lost without a word."""
    out: dict[str, int | str] = {
        OUR_KEYS[0]: sum(page.removed_lines for page in pages),
        OUR_KEYS[1]: "\n".join(page.removed_text for page in pages if page.removed),  # still one line each
    }
    errors = [page.error for page in pages if page.error]
    if errors:
        out[OUR_KEYS[2]] = "; ".join(errors)
    return out


def page_labels(report: Report, pdf_labels: Sequence[str] | None) -> list[str]:
    """Each page's label: the PDF's own (``Reader.page_labels``) where it gives one, else the page number
    the detector found printed on the page, else the page's number counted from 1 (what a PDF without
    labels means, and what pypdf gives)."""
    printed = printed_numbers(report)
    return [(pdf_labels[i] if pdf_labels and i < len(pdf_labels) and pdf_labels[i] else
             printed.get(page.number, str(page.number))) for i, page in enumerate(report.pages)]


def printed_numbers(report: Report) -> dict[int, str]:
    """The page number printed on each page, as found by the detector's page-number groups: {3: "iii"}.

    In a line with several numbers ("Page 3 of 9") the one that counts with the pages is taken. Where
    several such lines share a page ("- 34 -" and "(Continued on page 35)"), the shortest line gives it.
    A running head or foot that holds the folio counts where its numbers count with the pages.
    """
    best: dict[int, tuple[int, str]] = {}  # page -> (length of the line, number as printed)
    for group in report.groups:
        if group.kind not in ("page-number", "header", "footer") or not group.remove:
            continue
        found = [(page, report.pages[page - 1].lines[index].text) for page, index in group.members]
        tokens = {page: page_number_tokens(text) for page, text in found}
        # The group's numbers run with the pages at one offset (number - page), or a few after restarts.
        offsets = Counter(value - page for page, found_tokens in tokens.items() for _, value, _ in found_tokens)
        if group.kind != "page-number" and (not offsets or offsets.most_common(1)[0][1] * 2 <= len(found)):
            continue  # a head or foot whose numbers do not count with the pages ("Annual Report 2025")
        for page, text in found:
            if not tokens[page]:
                continue
            index, value, is_roman = max(tokens[page], key=lambda token: offsets[token[1] - page])
            number = _roman_as_printed(text.split()[index], value) if is_roman else str(value)
            if page not in best or len(text) < best[page][0]:
                best[page] = (len(text), number)
    return {page: number for page, (_, number) in best.items()}


def _roman_as_printed(token: str, value: int) -> str:
    """The roman numeral in a token as printed ("xiv" from "[xiv]"), its case kept."""
    for part in re.split(r"[/|]", token):
        core = part.strip(PN_WRAP)
        if roman_value(core) == value:
            return core
    return token.strip(PN_WRAP)
