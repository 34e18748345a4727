"""Typed data shared by every stage: pages of lines in, groups with decisions out.

Coordinates are PDF points on the page as a viewer shows it (the crop box clipped to the media box, after
/Rotate), with the origin at its top-left corner: a box is ``(x0, top, x1, bottom)``. Page numbers are 1-based.
"""

from __future__ import annotations

from array import array
from dataclasses import dataclass, field
from typing import Literal

Box = tuple[float, float, float, float]
Kind = Literal["page-number", "header", "footer", "margin", "watermark", "repeated-content"]
Position = Literal["top", "bottom", "left", "right", "body"]


@dataclass(frozen=True, slots=True)
class Line:
    """One line of text as drawn: characters on one baseline, split where a wide gap separates them."""

    text: str
    box: Box
    size: float  # font size in points
    font: str
    angle: int = 0  # writing direction on the visible page in degrees, 0 = left to right, 90 = upwards
    # What the PDF's own tags say: "" when the line is not marked as an /Artifact, else the artifact's
    # subtype or type in lower case ("header", "footer", "pagination", "layout", ...) or "artifact".
    artifact: str = ""

    @property
    def top(self) -> float:
        return self.box[1]

    @property
    def bottom(self) -> float:
        return self.box[3]


@dataclass(frozen=True, slots=True)
class Page:
    """One page of the PDF, its lines in the order they are drawn."""

    number: int
    width: float
    height: float
    lines: tuple[Line, ...]
    error: str | None = None  # why this page could not be read; its text is then missing
    # The boxes of the pictures drawn on the page: text set along a picture (a photo credit) is the
    # picture's, not the page's furniture.
    pictures: tuple[Box, ...] = ()
    # Where its text is in the content streams, as reading found it, for the cleaned PDF (None when not kept:
    # a report read back from JSON, a page read by the browser's kernel or with an error). Not part of what
    # the page is: pages read with and without places are equal.
    places: Places | None = field(default=None, compare=False, repr=False)

    @property
    def has_text(self) -> bool:
        return any(line.text.strip() for line in self.lines)


@dataclass(frozen=True, slots=True)
class Places:
    """Where each string a page shows is in its content streams: what the cleaned PDF needs to take a line's
    glyphs out without reading the page again (``read.tracing`` makes a ``PageTrace`` of it). Plain numbers,
    a few per string and per line, kept for every page read."""

    # Each context drawn, in order: the page's content (first) and each Form XObject drawn from it, as
    # (the context that drew it, its name there, its Do's (stream, start, end) there, its streams' objects).
    contexts: tuple[tuple[int | None, str | None, tuple[int, int, int] | None, tuple[int, ...]], ...]
    # STRING fields for each string with glyphs, in drawing order (see read.glyphs).
    strings: array
    # The text states the strings are shown with: (font's object, size, character spacing, word spacing); the
    # font's object is -1 for a font given in place in the resources.
    states: tuple[tuple[int, float, float, float], ...]
    # For each line, the number of its first glyph and how many it has (glyphs are numbered in drawing
    # order); -1 for the first when its glyphs are not all those in between.
    lines: array
    glyphs: int  # how many glyphs the page has
    source: bytes  # the SHA-256 of the file read: the places are those of these bytes only


# The fields of ``Places.strings`` for each string: its context, its stream there, where its operator's first
# operand begins and where it ends (-1 for a start not known), the operator (an index into SHOWS), its text
# state (an index into ``states``), and its first glyph.
STRING = ("context", "stream", "start", "end", "operator", "state", "first")
SHOWS = (b"TJ", b"Tj", b"'", b'"')  # the operators that show text


@dataclass(frozen=True, slots=True)
class Group:
    """Lines repeated across pages (or a page-number sequence), with the decision taken for them."""

    id: int
    text: str  # as first printed
    shape: str  # the text with digits and page numbers masked
    kind: Kind
    position: Position
    members: tuple[tuple[int, int], ...]  # (page number, line index on that page)
    remove: bool
    # The evidence only ("at the top of 5 of 5 pages, same place and size"), never the verdict: the words
    # "removed" or "kept by you" are added where the decision is shown (report.decision).
    reason: str
    decided_by: Literal["detector", "user"] = "detector"  # "user": the detector decided the other way

    @property
    def pages(self) -> tuple[int, ...]:
        return tuple(sorted({page for page, _ in self.members}))


@dataclass(frozen=True, slots=True)
class CutOff:
    """A file that ends before its end (a download or copy that stopped): what can be told about the rest."""

    size: int  # bytes the file has
    expected: int | None = None  # bytes it should have, where the file says (a linearised file's /L)
    # False when the page list is lost with the end of the file: the pages found are numbered in the order
    # they are stored, and pages after the last one found may be missing, however many there were.
    pages_known: bool = True

    @property
    def where(self) -> str:
        """Where the file ends, for a message: "at 40% (412 KB of 1,030 KB)", or "after 412 KB" when the
        file does not say how long it should be."""
        if self.expected:
            return f"at {self.size / self.expected:.0%} ({_amount(self.size)} of {_amount(self.expected)})"
        return f"after {_amount(self.size)}"


def _amount(size: int) -> str:
    if size < 10_000:
        return f"{size:,} bytes"
    if size < 10_000_000:
        return f"{size / 1000:,.0f} KB"
    return f"{size / 1e6:,.1f} MB"


@dataclass(frozen=True, slots=True)
class Document:
    """What the extractor read: the pages, plus facts about the file."""

    pages: tuple[Page, ...]
    encrypted: bool = False
    cut_off: CutOff | None = None  # set when the file is cut off
