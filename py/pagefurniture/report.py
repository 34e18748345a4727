"""The result of an analysis and every output made from it: cleaned text, JSON report, JSONL logs, a table.

``OUTPUTS`` is the one list of the files made from a Report (name, file name, media type, how it is made):
the command line writes them and the web page offers them for download, under the same names.

A Report is immutable. ``report.choose(keep=..., remove=...)`` returns a new Report with some group
decisions overridden by the user, and ``keep_lines=``/``remove_lines=`` overrule single lines; it reads
nothing again, so it is cheap enough to call on every toggle.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, replace
from functools import cached_property

from ._version import __version__
from .detect import DEFAULT_SETTINGS, Settings, detect
from .errors import DamagedPDF, NoTextLayer
from .model import CutOff, Group, Line, Page
from .read import DEFAULT_LIMITS, Limits, Source

# One line of a document: (page number, 1-based; index of the line on its page in drawing order, 0-based),
# as the JSON's "lines", removed.jsonl's page and index, --explain's "#" column and --keep-line 12:3 name it.
LineKey = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Removed:
    """One line taken out of the text, and why."""

    page: int
    index: int  # position of the line on its page, in drawing order
    line: Line
    group: Group | None  # None: a line in no group that the user removed on its own
    by_line: bool = False  # removed by a choice for this line alone, not by its group's decision

    def to_dict(self) -> dict:
        group = self.group
        return {"page": self.page, "index": self.index, "text": self.line.text,
                "kind": group.kind if group else None, "group": group.id if group else None,
                "reason": group.reason if group else None,
                "decision": line_decision(group, removed=True, by_line=self.by_line), "box": list(self.line.box)}


_compact = json.JSONEncoder(ensure_ascii=False).encode


def json_layout(data: dict) -> str:
    """JSON with each top-level key on a line of its own, each key of a mapping under it too, and each
    item of a list (a group, a removed line) on one line, as in the JSONL files: it reads and diffs by
    line, and it is written by the json module's C encoder (an indenting one is Python, several times
    slower on a long document's thousands of removed lines).

    >>> print(json_layout({"file": "a.pdf", "summary": {"pages": 2}, "removed": [{"page": 1}, {"page": 2}]}))
    {
     "file": "a.pdf",
     "summary": {
      "pages": 2
     },
     "removed": [
      {"page": 1},
      {"page": 2}
     ]
    }
    <BLANKLINE>
    """
    parts = []
    for key, value in data.items():
        if isinstance(value, dict) and value:
            inner = ",\n  ".join(f"{_compact(k)}: {_compact(v)}" for k, v in value.items())
            parts.append(f" {_compact(key)}: {{\n  {inner}\n }}")
        elif isinstance(value, list) and value:
            inner = ",\n  ".join(_compact(item) for item in value)
            parts.append(f" {_compact(key)}: [\n  {inner}\n ]")
        else:
            parts.append(f" {_compact(key)}: {_compact(value)}")
    return "{\n" + ",\n".join(parts) + "\n}\n"


@dataclass(frozen=True)
class Report:
    """Pages read from one PDF, the repeated groups found on them, and the decision for each group."""

    name: str
    pages: tuple[Page, ...]
    groups: tuple[Group, ...]
    encrypted: bool = False
    # Single lines the user overruled: kept although their group is removed, or removed although their
    # group is kept (or they are in none). Only lines that differ from their group's decision are here.
    keep_lines: frozenset[LineKey] = frozenset()
    remove_lines: frozenset[LineKey] = frozenset()
    cut_off: CutOff | None = None  # the file is cut off: the pages it lost are named, or not known at all

    def require_text(self) -> Report:
        """Return self, or raise NoTextLayer when no page has any text (a scanned document)."""
        if not any(page.has_text for page in self.pages):
            lost = [page for page in self.pages if page.error]
            if lost:  # no text because it could not be read, not (only) because it is a scan
                more = f", and {len(lost) - 1} more of its {len(self.pages)} pages" if len(lost) > 1 else ""
                raise DamagedPDF(f"no text could be read from this PDF: {lost[0].error}{more}; get a complete copy "
                                 "of the file, or open it in a PDF viewer and save or print it again")
            raise NoTextLayer(f"no page of this PDF has a text layer ({len(self.pages)} page"
                              f"{'s' if len(self.pages) != 1 else ''} of images, probably a scan); "
                              "run OCR on it first, this tool does not read images")
        return self

    # -- decisions -------------------------------------------------------------------------------------

    def choose(self, *, keep: Iterable[int] = (), remove: Iterable[int] = (),
               keep_lines: Iterable[LineKey] = (), remove_lines: Iterable[LineKey] = ()) -> Report:
        """Override the decision of some groups (by id) or single lines (by page and index); return the new report.

        A group the user sets back to what the detector decided is the detector's again; a line set back
        to what its group decides follows its group again. Line choices made earlier stay, whatever
        happens to their group, until they are set back.

        >>> from pagefurniture import analyze
        >>> report = analyze("site/sample.pdf")
        >>> removed = next(group for group in report.groups if group.remove)
        >>> report.choose(keep=[removed.id]).groups[removed.id].remove
        False
        >>> page, index = removed.members[0]
        >>> chosen = report.choose(keep_lines=[(page, index)])
        >>> removed.text in chosen.page_texts()[page - 1], removed.text in report.page_texts()[page - 1]
        (True, False)
        """
        keep, remove = set(keep), set(remove)
        both = keep & remove
        if both:
            raise ValueError(f"group {min(both)} cannot be both kept and removed")
        known = {group.id for group in self.groups}
        unknown = (keep | remove) - known
        if unknown:
            if not self.groups:
                raise ValueError(f"there is no group {min(unknown)}; this file has no groups")
            raise ValueError(f"there is no group {min(unknown)}; the groups are 0-{len(self.groups) - 1}")
        groups = []
        for group in self.groups:
            wanted = False if group.id in keep else True if group.id in remove else group.remove
            if wanted != group.remove:
                # The user only ever turns a decision round, so turning it round again gives it back.
                group = replace(group, remove=wanted, decided_by="detector" if group.decided_by == "user" else "user")
            groups.append(group)
        keep_lines, remove_lines = set(map(self._line_key, keep_lines)), set(map(self._line_key, remove_lines))
        clash = keep_lines & remove_lines
        if clash:
            page, index = min(clash)
            raise ValueError(f"line {page}:{index} cannot be both kept and removed")
        # The lines chosen now replace earlier choices for the same lines; the others stay.
        wish = dict.fromkeys(self.keep_lines, False) | dict.fromkeys(self.remove_lines, True)
        wish |= dict.fromkeys(keep_lines, False) | dict.fromkeys(remove_lines, True)
        by_group = _removed_by_group(groups)
        differ = {key: remove for key, remove in wish.items() if remove != (key in by_group)}
        chosen = replace(self, groups=tuple(groups),
                         keep_lines=frozenset(key for key, remove in differ.items() if not remove),
                         remove_lines=frozenset(key for key, remove in differ.items() if remove))
        # The same pages: what they hold is counted once for every choice (the page asks at each switch).
        chosen.__dict__["_size"] = self._size
        return chosen

    def _line_key(self, key: Iterable[int]) -> LineKey:
        """A line's (page, index) after checking that the document has it."""
        page, index = (int(part) for part in key)
        if not 1 <= page <= len(self.pages):
            raise ValueError(f"there is no page {page}; the document has {len(self.pages)} "
                             f"page{'s' if len(self.pages) != 1 else ''}")
        count = len(self.pages[page - 1].lines)
        if not 0 <= index < count:
            lines = "no lines" if not count else f"its lines are 0-{count - 1}" if count > 1 else "its one line is 0"
            raise ValueError(f"page {page} has no line {index}; {lines}")
        return page, index

    @cached_property
    def _group_of(self) -> dict[LineKey, Group]:
        """The group each grouped line belongs to (the first, for a line two groups share)."""
        index: dict[LineKey, Group] = {}
        for group in self.groups:
            for member in group.members:
                index.setdefault(member, group)
        return index

    def line_decision(self, page: int, index: int) -> str:
        """What was decided for one line, in words (its group's decision, or the user's for this line).

        >>> from pagefurniture import analyze
        >>> report = analyze("site/sample.pdf")
        >>> report.line_decision(1, 0)
        'kept: in no group'
        >>> report.choose(remove_lines=[(1, 0)]).line_decision(1, 0)
        'removed by you, this line only (it is in no group)'
        """
        key = (page, index)
        group = self._group_of.get(key)
        by_line = key in self.keep_lines or key in self.remove_lines
        return line_decision(group, removed=key in self._removed_index, by_line=by_line)

    @cached_property
    def _removed_index(self) -> dict[LineKey, Group | None]:
        """Every removed line and the group it belongs to (None for a line in no group)."""
        index: dict[LineKey, Group | None] = _removed_by_group(self.groups)
        for key in self.keep_lines:
            index.pop(key, None)
        for key in self.remove_lines:
            index[key] = self._group_of.get(key)
        return index

    @cached_property
    def _removed_on(self) -> dict[int, list[int]]:
        """The indices of each page's removed lines, in drawing order (pages without any are absent); a key
        that names no line (a Report made by hand) is left out here, once, for every output."""
        count = {page.number: len(page.lines) for page in self.pages}
        on: dict[int, list[int]] = {}
        for page, index in self._removed_index:
            if 0 <= index < count.get(page, 0):
                on.setdefault(page, []).append(index)
        return {page: sorted(indices) for page, indices in on.items()}

    def removed(self) -> list[Removed]:
        """Every removed line, page by page in drawing order."""
        index, on = self._removed_index, self._removed_on
        return [Removed(page=page.number, index=i, line=page.lines[i], group=index[(page.number, i)],
                        by_line=(page.number, i) in self.remove_lines)
                for page in self.pages for i in on.get(page.number, ())]

    # -- text outputs ----------------------------------------------------------------------------------

    def page_texts(self) -> list[str]:
        """The cleaned text of each page: its kept lines in drawing order, one per text line."""
        return list(self._page_texts)

    @cached_property
    def _page_texts(self) -> tuple[str, ...]:
        # Made once: the cleaned text and the pages' JSON lines both read it.
        on = self._removed_on
        out = []
        for page in self.pages:
            gone = on.get(page.number)
            if gone:
                dropped = set(gone)
                out.append("\n".join([line.text for i, line in enumerate(page.lines) if i not in dropped]))
            else:
                out.append("\n".join([line.text for line in page.lines]))
        return tuple(out)

    def cleaned_text(self) -> str:
        """The whole cleaned text; a page break becomes a blank line."""
        return "\n\n".join(self._page_texts) + "\n"

    def pages_jsonl(self) -> str:
        """One JSON object per page, ``{"page": n, "text": ...}``, the form RAG loaders read; a page that could
        not be read (fully) also has its ``"error"``, so that it is never taken for an empty page."""
        return "".join(_compact({"page": page.number, "text": text, **({"error": page.error} if page.error else {})})
                       + "\n" for page, text in zip(self.pages, self._page_texts, strict=True))

    def removed_jsonl(self) -> str:
        """One JSON object per removed line: page, text, kind, reason, box and group."""
        return "".join(_compact(row.to_dict()) + "\n" for row in self.removed())

    # -- the cleaned PDF ---------------------------------------------------------------------------------

    def cleaned_pdf(self, pdf: Source, *, password: str | None = None, limits: Limits = DEFAULT_LIMITS) -> bytes:
        """The PDF this report was made from (``pdf``: a path, bytes or a binary file), without the lines the
        report removes: their glyphs taken out of its content streams, everything else as it was.

        Raises ``NotCleaned`` with the reason when that cannot be done exactly (a cut-off file, a file that
        reads otherwise than when the report was made, text drawn in a way that cannot be rewritten).

        >>> from pagefurniture import analyze
        >>> report = analyze("site/sample.pdf")
        >>> cleaned = analyze(report.cleaned_pdf("site/sample.pdf"))
        >>> cleaned.page_texts() == report.page_texts(), cleaned.removed()
        (True, [])
        """
        from .clean import cleaned_pdf  # the writer is imported only when a cleaned PDF is asked for

        return cleaned_pdf(pdf, self, password=password, limits=limits)

    # -- the report --------------------------------------------------------------------------------------

    @property
    def complete(self) -> bool:
        """True when every page of the PDF was read to the end: no page has an error, and the page list
        is the document's own (a cut-off file whose page list is lost may have had more pages)."""
        return not any(page.error for page in self.pages) and (self.cut_off is None or self.cut_off.pages_known)

    @cached_property
    def _size(self) -> tuple[int, int]:
        """The lines and the characters of every page."""
        return (sum(len(page.lines) for page in self.pages),
                sum(len(line.text) for page in self.pages for line in page.lines))

    def summary(self) -> dict:
        on = self._removed_on
        lines, chars = self._size
        lines_removed = chars_removed = 0
        for page in self.pages:
            gone = on.get(page.number)
            if gone:
                lines_removed += len(gone)
                chars_removed += sum(len(page.lines[i].text) for i in gone)
        return {
            "pages": len(self.pages),
            # Read, and without text (a scanned page, an empty one); a page that could not be read is not here.
            "pages_without_text": [page.number for page in self.pages if not page.has_text and not page.error],
            # False when some text could not be read; then each page below says why, and cut_off says
            # what is known of a file that is cut off (pages_known false: the pages after the last one
            # found are missing and how many there were is not known).
            "complete": self.complete,
            "pages_unreadable": [{"page": page.number, "error": page.error, "partial": page.has_text}
                                 for page in self.pages if page.error],
            "cut_off": None if self.cut_off is None else {
                "size": self.cut_off.size, "expected_size": self.cut_off.expected,
                "pages_known": self.cut_off.pages_known},
            "lines": lines,
            "lines_removed": lines_removed,
            "chars": chars,
            "chars_removed": chars_removed,
            "share_removed": round(chars_removed / chars, 4) if chars else 0.0,
            "groups": len(self.groups),
            "groups_removed": sum(group.remove for group in self.groups),
        }

    def to_dict(self) -> dict:
        return {
            "tool": {"name": "pagefurniture", "version": __version__},
            "file": self.name,
            "encrypted": self.encrypted,
            "summary": self.summary(),
            "groups": self.group_dicts(),
            "line_choices": self.line_choices(),
            "removed": [row.to_dict() for row in self.removed()],
        }

    def group_dicts(self, ids: Collection[int] | None = None) -> list[dict]:
        """The groups as report.json lists them; only those whose id is in ``ids``, when given."""
        total = len(self.pages)
        with_text = sum(page.has_text for page in self.pages)
        return [{"id": group.id, "text": group.text, "shape": group.shape, "kind": group.kind,
                 "position": group.position, "pages": list(group.pages), "page_ranges": page_ranges(group.pages),
                 "on": on_pages(len(group.pages), total, with_text=with_text), "remove": group.remove,
                 "reason": group.reason,
                 "decided_by": group.decided_by, "decision": decision(group),
                 "lines": [list(member) for member in group.members]}
                for group in self.groups if ids is None or group.id in ids]

    def line_choices(self) -> dict[str, list[list[int]]]:
        """The lines the user overruled one by one ([page, index]), as --keep-line and --remove-line take them."""
        return {"keep": sorted(map(list, self.keep_lines)), "remove": sorted(map(list, self.remove_lines))}

    def removed_keys(self) -> frozenset[LineKey]:
        """The (page, index) of every removed line."""
        return frozenset(self._removed_index)

    def to_json(self) -> str:
        """The report as JSON, laid out by ``json_layout``."""
        return json_layout(self.to_dict())

    def table(self, *, width: int = 60, ids: bool = False) -> str:
        """The repeated lines as a readable table: text, pages, count, kind, decision; ``ids`` puts each
        group's id in front (the number ``choose`` takes)."""
        total = len(self.pages)
        with_text = sum(page.has_text for page in self.pages)
        rows = [("text", "pages", "on", "kind", "decision")]
        for group in self.groups:
            text = group.text if len(group.text) <= width else group.text[: width - 1] + "…"
            on = on_pages(len(group.pages), total, with_text=with_text)
            rows.append((text, page_ranges(group.pages), on, group.kind, decision(group)))
        widths = [max(len(row[i]) for row in rows) for i in range(4)]
        lines = ["  ".join(cell.ljust(w) for cell, w in zip(row[:4], widths, strict=True)) + "  " + row[4]
                 for row in rows]
        if ids:
            numbers = ["id"] + [str(group.id) for group in self.groups]
            width = max(map(len, numbers))
            lines = [f"{number.rjust(width)}  {line}" for number, line in zip(numbers, lines, strict=True)]
        return "\n".join(lines) + "\n"


def decision(group: Group) -> str:
    """A group's decision in words: the verdict, who took it and the detector's evidence.

    The one place these words are made: the table, the JSON report, the removed log and the web page
    (which shows the JSON's) all say it this way.

    >>> header = Group(0, "Acme", "Acme", "header", "top", ((1, 0), (2, 0)), True, "at the top of 2 of 2 pages")
    >>> decision(header)
    'removed: at the top of 2 of 2 pages'
    >>> decision(replace(header, remove=False, decided_by="user"))
    'kept by you (the detector had removed it: at the top of 2 of 2 pages)'
    """
    verdict = "removed" if group.remove else "kept"
    if group.decided_by == "user":
        return f"{verdict} by you (the detector had {'kept' if group.remove else 'removed'} it: {group.reason})"
    return f"{verdict}: {group.reason}"


def line_decision(group: Group | None, *, removed: bool, by_line: bool) -> str:
    """One line's decision in words: its group's (``decision``), or the user's for this line alone.

    >>> header = Group(0, "Acme", "Acme", "header", "top", ((1, 0), (2, 0)), True, "at the top of 2 of 2 pages")
    >>> line_decision(header, removed=False, by_line=True)
    'kept by you, this line only (its group is removed: at the top of 2 of 2 pages)'
    >>> line_decision(None, removed=False, by_line=False)
    'kept: in no group'
    """
    if not by_line:
        return decision(group) if group else ("removed" if removed else "kept") + ": in no group"
    verdict = "removed" if removed else "kept"
    if group is None:
        return f"{verdict} by you, this line only (it is in no group)"
    return f"{verdict} by you, this line only (its group is {'removed' if group.remove else 'kept'}: {group.reason})"


def _removed_by_group(groups: Iterable[Group]) -> dict[LineKey, Group | None]:
    """The lines the groups' decisions remove, each with its (first removed) group."""
    index: dict[LineKey, Group | None] = {}
    for group in groups:
        if group.remove:
            for member in group.members:
                index.setdefault(member, group)
    return index


@dataclass(frozen=True, slots=True)
class Named:
    """A file made for a PDF: its name, as the command line writes it and the web page offers it."""

    name: str  # "clean", "removed", "report", "pages", "pdf": what the page's download and the CLI's option say
    suffix: str  # the file name after the stem: NAME.clean.txt
    media_type: str

    def file_name(self, pdf_name: str) -> str:
        """The name of this output for the PDF ``pdf_name``: ``stem(pdf_name)`` + "." + suffix."""
        return f"{stem(pdf_name)}.{self.suffix}"


@dataclass(frozen=True, slots=True)
class Output(Named):
    """One text file made from a Report: written by the command line, offered for download by the web page."""

    make: Callable[[Report], str]


OUTPUTS: tuple[Output, ...] = (
    Output("clean", "clean.txt", "text/plain;charset=utf-8", Report.cleaned_text),
    Output("removed", "removed.jsonl", "application/jsonl;charset=utf-8", Report.removed_jsonl),
    Output("report", "report.json", "application/json;charset=utf-8", Report.to_json),
    Output("pages", "pages.jsonl", "application/jsonl;charset=utf-8", Report.pages_jsonl),
)


# The cleaned PDF is made from the PDF as well as the Report (``Report.cleaned_pdf``), so it is not one of
# OUTPUTS; the command line writes it when asked (--pdf, --clean-pdf), named as they are.
CLEANED_PDF = Named("pdf", "clean.pdf", "application/pdf")


def stem(name: str) -> str:
    """What every output's file name starts with, for a PDF called ``name``.

    The file name without its folders (after the last ``/`` or ``\\``: a browser may give a Windows path),
    without a final ``.pdf`` in any case and without spaces around it; "document" when nothing is left,
    so that no output is a hidden file with no name.

    >>> stem("C:\\\\reports\\\\Annual Report.PDF")
    'Annual Report'
    >>> stem("scans/.pdf")
    'document'
    """
    base = re.split(r"[\\/]", name)[-1]
    base = re.sub(r"\.pdf$", "", base, flags=re.I)
    return base.strip() or "document"


def report_for(name: str, pages: Sequence[Page], *, encrypted: bool = False, cut_off: CutOff | None = None,
               settings: Settings = DEFAULT_SETTINGS) -> Report:
    """The Report for pages already read (in order, all of them): the detector's decisions on them, taken
    with ``settings`` (its thresholds; see ``detect.Settings``)."""
    pages = tuple(pages)
    return Report(name=name, pages=pages, groups=detect(pages, settings=settings), encrypted=encrypted,
                  cut_off=cut_off)


def page_ranges(pages: Iterable[int]) -> str:
    """Compress page numbers into ranges.

    >>> page_ranges([1, 2, 3, 5, 7, 8])
    '1-3, 5, 7-8'
    """
    return ", ".join(page_runs(pages))


def page_runs(pages: Iterable[int]) -> list[str]:
    """The runs of successive page numbers, each as ``page_ranges`` writes it.

    >>> page_runs([9, 1, 2, 3, 5])
    ['1-3', '5', '9']
    """
    out: list[str] = []
    run: list[int] = []
    for page in sorted(set(pages)):
        if run and page == run[-1] + 1:
            run.append(page)
            continue
        if run:
            out.append(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}")
        run = [page]
    if run:
        out.append(str(run[0]) if len(run) == 1 else f"{run[0]}-{run[-1]}")
    return out


def on_pages(count: int, total: int, *, with_text: int | None = None) -> str:
    """How many of the pages a group is on, in words.

    When some pages have no text, the count is of the pages with text, as the detector's reasons count
    them ("at the top of 3 of 17 pages"), and says so: one count with one meaning beside the other.

    >>> on_pages(38, 40)
    'on 38 of 40 pages'
    >>> on_pages(3, 18, with_text=17)
    'on 3 of 17 pages with text'
    """
    if with_text is not None and with_text < total:
        return f"on {count} of {with_text} page{'s' if with_text != 1 else ''} with text"
    return f"on {count} of {total} page{'s' if total != 1 else ''}"
