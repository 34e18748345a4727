"""The data the passes share: lines as the detector sees them, groups with their decisions, the context.

Internal to detection: the public result is ``model.Group``, made from these by ``_finish`` at the end.
A ``_Line`` is one line of a page with its place (the page edge it belongs to and its distance from
it); a ``_Group`` is lines that belong together and the decision taken for them; the ``_Context`` is
what every pass is given: the pages' layouts, the body text's size and spacing, the settings, and the
groups found so far. A ``Slot`` is a place that holds furniture. The small helpers at the end are the
measures several passes take (medians, clusters, the phrases of a reason).
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from ..model import Kind, Line, Page
from .numbers import NAMED, PAGINATION, _Numbering
from .settings import Settings

Place = Literal["top", "bottom", "left", "right", "diagonal", "body"]
Numbers = Literal["page", "constant", "varying"]
Side = Literal["", "left", "right"]
Key = tuple[int, int]  # (page, index): a line's name in groups
OTHER_END: dict[Place, Place] = {"top": "bottom", "bottom": "top"}  # a page's head and foot, each to the other


@dataclass(slots=True)
class _Line:
    """One line with its place on the page."""

    page: int  # 1-based page number
    index: int  # index of the line on its page
    line: Line
    place: Place  # the page edge the line belongs to (or diagonal, or the body)
    offset: float  # distance from that edge in points; negative when beyond the visible page
    row: int  # the row (shared baseline) of an upright line on its page, else -1
    shape: str  # the text with digits masked
    beyond: bool  # wholly outside the visible page (beyond the crop box)
    beside: Side  # wholly left or right of the page's text column
    left_half: bool  # its centre is in the left half of the page (the left page of two printed on one sheet)
    rank: int  # how many rows lie between it and its edge (top or bottom; 0 for the outermost row)
    key: Key  # (page, index), the line's name in groups

    @property
    def named(self) -> bool:
        """True when the PDF marks the line as a page's header, footer or watermark (NAMED) where it
        stands: a "footer" at the top of the page or a "header" at its foot names nothing (a producer that
        marks a panel of notes beside each slide as its footer)."""
        mark = self.line.artifact
        return mark in NAMED and (mark, self.place) not in (("footer", "top"), ("header", "bottom"))


@dataclass(slots=True)
class _Group:
    """Lines that belong together (repeated, counting, or in one slot), and the decision taken for them."""

    place: Place
    shape: str
    members: list[_Line]
    numbers: Numbers
    kind: Kind = "repeated-content"
    remove: bool = False
    # The evidence for the decision, as a phrase; empty until judged. "{n}" and "{pages}" stand for the
    # group's own page count ("8", "8 pages"), filled in when the groups are handed out.
    reason: str = ""
    # The name of the pass that took the decision (see PASSES), filled in by the driver: for explaining
    # and testing, never part of the result.
    by: str = ""

    @property
    def pages(self) -> list[int]:
        return sorted({m.page for m in self.members})

    @property
    def beyond(self) -> bool:
        return all(m.beyond for m in self.members)

    def decided(self, kind: Kind, remove: bool, reason: str) -> _Group:
        """This group with another decision (a new group: the passes change nothing they are given)."""
        return _Group(self.place, self.shape, self.members, self.numbers, kind, remove, reason)

    def with_members(self, members: list[_Line]) -> _Group:
        """This group, its decision unchanged, with fewer lines."""
        return _Group(self.place, self.shape, members, self.numbers, self.kind, self.remove, self.reason, self.by)


@dataclass(frozen=True, slots=True)
class TextBlock:
    """The area a document's body text fills, for pages of one size (points, top-left origin)."""

    left: float
    top: float
    right: float
    bottom: float

    def outside(self, m: _Line, s: Settings) -> bool:
        """True when the line lies wholly beyond the block on the side of its place."""
        x0, top, x1, bottom = m.line.box
        slack = s.block_slack * max(m.line.size, s.unit_size)
        if m.place == "top":
            return bottom <= self.top + slack
        if m.place == "bottom":
            return top >= self.bottom - slack
        if m.place == "left":
            return x1 <= self.left + slack
        if m.place == "right":
            return x0 >= self.right - slack
        return False


def _side(box: tuple[float, float, float, float], column: tuple[float, float, float, float] | None) -> Side:
    """Which side of a text column a box lies wholly on, if either ("" where there is no column)."""
    if column is None:
        return ""
    return "left" if box[2] <= column[0] else "right" if box[0] >= column[2] else ""


@dataclass(slots=True)
class _Layout:
    """One page: its rows, its lines as the detector sees them, and the text block of its page size."""

    page: Page
    rows: list[list[int]]  # indices of upright lines, row by row from the top of the page
    row_of: list[int]  # the row of each line, by index (-1: not upright)
    gaps: list[float]  # the gap above each row but the first (negative where rows overlap)
    long: list[int]  # the long upright lines (Settings.long_line), from the top
    # By line index. Left out: lines of unmapped glyph codes, and lines deep in the text (Settings.edge_rows)
    # unless every line is wanted: both are the page's text.
    lines: dict[int, _Line]
    block: TextBlock | None = None
    # Degrees the page was turned clockwise to read its text (layout._turn); ``page`` is the turned page.
    turned: int = 0
    table: set[int] = field(default_factory=set)  # the rows that are a table's (layout._table_cells) ...
    cells: set[int] = field(default_factory=set)  # ... and the indices of the lines that are its cells
    # The lines of the grids that are the pages' template, drawn cell for cell on most pages (layout._templates):
    # no table's, however many parts their rows have.
    template: set[int] = field(default_factory=set)
    # The text column its lines were placed against (layout._columns); a page without one has none beside it.
    column: tuple[float, float, float, float] | None = None
    # Its lines set sideways, up or down the page (a table's column headings, a stamp): most pages have none.
    sideways: tuple[Line, ...] = ()
    # Its text lies over a picture of the whole page (layout._backdrop): read by OCR from a scan, where a
    # line repeated on the pages may read a little differently on each.
    scanned: bool = False

    def beside(self, side: Side) -> int:
        """How many of the page's lines lie wholly on that side of its text column (``_side``)."""
        column = self.column
        if column is None or not side:
            return 0
        if side == "left":
            return sum(1 for line in self.page.lines if line.box[2] <= column[0])
        return sum(1 for line in self.page.lines if line.box[0] >= column[2])

    def gap_inwards(self, r: int, place: Place) -> float:
        """The gap between row ``r`` at the page's ``place`` edge and the next row towards the text (0.0
        where there is none)."""
        k = r if place == "top" else r - 1
        return self.gaps[k] if 0 <= k < len(self.gaps) else 0.0

    def band_gap(self, r: int, place: Place) -> float:
        """``gap_inwards`` past the rows that overlap row ``r`` towards the text: the gap under a band of
        rows across the page (a bar holding each page's title beside its number, a report's title set large
        beside two rows of small print)."""
        step = 1 if place == "top" else -1
        while 0 <= r + step < len(self.rows) and self.gap_inwards(r, place) < 0:
            r += step
        return self.gap_inwards(r, place)


# A column of numbers beside a page's text block that may be its line numbers: its side, the edge its
# numbers are aligned on (the box's index) and where, its step, its lines from the top, and whether it
# counts at one pace (places._number_columns).
NumberColumn = tuple[Literal["left", "right"], int, float, int, list[int], bool]


@dataclass(slots=True)
class _Context:
    """What the passes share: the pages, the text size and spacing, the settings and the groups found so far.

    Only the driver (``detect.__init__``) changes it: it adds the groups a pass finds, puts in the groups
    a pass revises and sets the text blocks once they are measured. (Answers kept for asking again, like
    ``edges``, are no change: the same question has the same answer.)"""

    layouts: dict[int, _Layout]
    body: float  # the body text's font size
    gap: float  # the body text's typical gap between rows
    n_text: int  # pages with text
    n_pages: int  # pages in all, with text or not
    lines: list[_Line]  # every placed line, page by page
    settings: Settings
    numbering: _Numbering  # how the settings read page numbers (numbers.py), with its caches
    slide: dict[int, int]  # the slide each page is a state of, from 1 (layout._builds); the page's place without builds
    copy: dict[int, int]  # the slide each page shows: its own, or that of an earlier page it copies (layout._copies)
    groups: list[_Group] = field(default_factory=list)
    # What edges._edges answered for every page, by the lines taken as furniture and the page numbers among them.
    edges: dict[tuple[frozenset[Key], frozenset[Key]], tuple[frozenset[Key], frozenset[Key]]] = \
        field(default_factory=dict)
    # Each page's columns of numbers that may be its line numbers (places._columns_of), once asked: they
    # stand beside its text block, which is measured once.
    number_columns: dict[int, list[NumberColumn]] = field(default_factory=dict)
    # The cover and title pages (``_covers``), once asked: they depend on the pages' rows alone.
    covers: frozenset[int] | None = None
    # Each page's footer-marked lines that are its footnotes (edges._foot_notes), once asked.
    foot_notes: dict[int, frozenset[int]] = field(default_factory=dict)

    def add(self, found: list[_Group], by: str) -> None:
        """Add groups found by a pass; their lines leave the kept groups they were in."""
        taken = {m.key for g in found for m in g.members}
        if taken:
            for k, g in enumerate(self.groups):
                if not g.remove:
                    members = [m for m in g.members if m.key not in taken]
                    if len(members) < len(g.members):
                        self.groups[k] = g.with_members(members)
        for g in found:
            g.by = g.by or by
        self.groups += found

    def revise(self, changed: dict[int, _Group], by: str) -> None:
        """Put in the groups a pass changed, by their place in ``groups``."""
        for k, g in changed.items():
            g.by = g.by or by
            self.groups[k] = g

    def furniture(self) -> dict[Key, _Group]:
        return furniture_of(self.groups)

    def most(self) -> int:
        """On how many pages a line stands that stands on most pages: half of the pages with text, never
        fewer than Settings.min_run."""
        return max(self.settings.min_run, math.ceil(self.n_text / 2))

    def apart(self) -> float:
        """The gap that sets furniture apart from the text: wider than the text's own (Settings.apart
        times its typical gap between rows), and never less than Settings.apart_min body sizes."""
        return max(self.settings.apart_min * self.body, self.settings.apart * self.gap)

    def shown(self, members: Iterable[_Line] | None = None) -> int:
        """On how many slides the lines are shown (every page's, by default): the states of one slide and
        the copies of one page show one."""
        if members is None:
            return len(set(self.copy.values()))
        return len({self.copy[m.page] for m in members})

    def grouped(self) -> set[Key]:
        """The lines in a group, decided or not."""
        return {m.key for g in self.groups for m in g.members}

    def ungrouped(self) -> list[_Line]:
        """The placed lines that are in no group yet, page by page."""
        if not self.groups:
            return self.lines
        grouped = self.grouped()
        return [m for m in self.lines if m.key not in grouped]


def furniture_of(groups: Iterable[_Group]) -> dict[Key, _Group]:
    """The lines to be removed, each with its group."""
    return {m.key: g for g in groups if g.remove for m in g.members}


def _page_size(page: Page) -> tuple[int, int]:
    """A page's size to the point: the pages of one size share a text block and a column."""
    return round(page.width), round(page.height)


def _on_page(line: Line, page: Page) -> bool:
    """True when a line lies at least partly on the visible page. Text beyond it (a slide's later points,
    parked far off the page until they appear) is no part of the page's text column or of the slide it
    shows, nothing in the way of its edges."""
    x0, top, x1, bottom = line.box
    return bottom > 0 and top < page.height and x1 > 0 and x0 < page.width


# A row by what it says where: each line's text and left edge (to the point), in order.
RowShape = tuple[tuple[str, int], ...]


def _row_shape(layout: _Layout, r: int) -> RowShape:
    """Row ``r`` of a page as ``RowShape``: the same row drawn again elsewhere has the same shape."""
    lines = layout.page.lines
    return tuple(sorted((lines[i].text, round(lines[i].box[0])) for i in layout.rows[r]))


def _rows_under_text(ctx: _Context, wanted: set[RowShape], exclude: set[Key]) -> set[RowShape]:
    """Of the ``wanted`` row shapes, those drawn on some page under a line of its text (none of the
    furniture found, on the visible page), in a row none of whose lines is in ``exclude``: where a long
    table starts in the text, its heading row stands under the text before it. A running head's row never
    comes again under the text."""
    sizes = {len(row) for row in wanted}
    furniture = ctx.furniture()
    within: set[RowShape] = set()
    for page, layout in ctx.layouts.items():
        text_above = False
        for r, row in enumerate(layout.rows):
            if text_above and len(row) in sizes and (found := _row_shape(layout, r)) in wanted \
                    and not any((page, i) in exclude for i in row):
                within.add(found)
            text_above = text_above or any((page, i) not in furniture and _on_page(layout.page.lines[i], layout.page)
                                           for i in row)
    return within


def _mark(line: Line, others: Iterable[Line], s: Settings) -> bool:
    """True when a line is a mark raised or lowered in one of ``others``: set smaller than it
    (Settings.mark_size), within its height and its width (a superscript "+" the reader keeps apart)."""
    x0, top, x1, bottom = line.box
    slack = line.size * s.descent
    return any(line.size <= s.mark_size * o.size and o.box[1] - slack <= top and bottom <= o.box[3] + slack
               and o.box[0] <= x0 and x1 <= o.box[2] for o in others)


def _outside(m: _Line, ctx: _Context) -> bool:
    """True when the line lies outside its page's text block (or no block is known)."""
    block = ctx.layouts[m.page].block
    return block is None or block.outside(m, ctx.settings)


# -- slots: the places furniture holds ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Slot:
    """A place that holds furniture: an edge, a distance from it, a font size and the fonts used there,
    and how far a line's distance and size may be from the slot's and the line still in it."""

    place: Place
    offset: float
    size: float
    fonts: frozenset[str]
    pages: frozenset[int]
    reach: float  # points a line's distance from the edge may differ by (Settings.position_tolerance)
    spread: float  # points its font size may differ by (Settings.size_tolerance)
    words: bool = True  # whether its lines hold words, not only page numbers ("Page 3 of 9" does, "- 3 -" not)

    def holds(self, m: _Line, *, font: bool = True) -> bool:
        return self.near(m) and abs(m.line.size - self.size) <= self.spread \
            and (not font or _family(m.line.font) in self.fonts)

    def near(self, m: _Line) -> bool:
        """True when the line stands at the slot's edge and distance from it, in whatever size."""
        return m.place == self.place and abs(m.offset - self.offset) <= self.reach


def _describe(g: _Group, s: Settings) -> Slot:
    """The slot a group's lines hold: their median distance and size, their fonts and pages."""
    offset, size = _mid(m.offset for m in g.members), _mid(m.line.size for m in g.members)
    return Slot(g.place, offset, size, frozenset(_family(m.line.font) for m in g.members), frozenset(g.pages),
                s.position_tolerance * max(size, s.min_size), s.size_tolerance * size + s.size_slack,
                g.kind != "page-number" or any(ch.isalpha() for ch in g.shape))  # "Page # of #" has words


def _by_edge(slots: Iterable[Slot]) -> dict[Place, list[Slot]]:
    """Slots by the edge they are at: a line is asked about the slots of its own edge only."""
    out: dict[Place, list[Slot]] = defaultdict(list)
    for slot in slots:
        out[slot.place].append(slot)
    return out


def _merge_slots(slots: Iterable[Slot]) -> list[Slot]:
    """Given the slots of several groups, returns them merged where they are one place: the running heads
    of successive sections share the slot, and vouch for it together."""
    merged: list[Slot] = []
    for slot in slots:
        for k, other in enumerate(merged):
            if other.place == slot.place and _same_place(other, slot):
                merged[k] = Slot(other.place, other.offset, other.size, other.fonts | slot.fonts,
                                 other.pages | slot.pages, other.reach, other.spread, other.words or slot.words)
                break
        else:
            merged.append(slot)
    return merged


def _same_place(a: Slot, b: Slot) -> bool:
    """True when slot ``b`` lies within slot ``a``'s reach and spread."""
    return abs(a.offset - b.offset) <= a.reach and abs(a.size - b.size) <= a.spread


# -- small helpers -----------------------------------------------------------------------------------------


def _family(font: str) -> str:
    """A font's name without the subset prefix ("ABCDEF+Helvetica" is "Helvetica")."""
    return font.split("+", 1)[-1]


def _numbers_itself(size: float, shape: str, ctx: _Context) -> bool:
    """True when a line of this size and ``shape`` (its numbers masked, as "#" or "{n}") is a heading that
    numbers itself ("Results: part 2", "Commands 1/3" on a deck's slides): set larger than the text, with
    words beside its number. Never a page's number or its count of pages."""
    return size > ctx.body * ctx.settings.heading_size and any(ch.isalpha() for ch in shape.replace("{n}", ""))


def _far_in(m: _Line, ctx: _Context) -> bool:
    """True when a line at the top or the bottom stands farther from that edge than Settings.edge_reach of
    its page's height: in the middle of the page, where furniture never is (a screenplay's scene numbers
    set large on its cards, under a short page's text)."""
    return m.offset > ctx.settings.edge_reach * ctx.layouts[m.page].page.height


def _under_larger(g: _Group, ctx: _Context) -> bool:
    """True when, on most of its pages, larger text lies between the group's line and the text block's
    far side: a slide master's title line above each slide's own larger title is no heading."""
    larger = 0
    for m in g.members:
        page = ctx.layouts[m.page].page
        bigger = m.line.size * ctx.settings.heading_size
        if g.place == "top":
            larger += any(ln.size >= bigger and ln.angle == 0 and ln.top >= m.line.bottom for ln in page.lines)
        else:
            larger += any(ln.size >= bigger and ln.angle == 0 and ln.bottom <= m.line.top for ln in page.lines)
    return larger * 2 > len(g.members)


def _titles(ctx: _Context) -> set[Key]:
    """The lines the PDF tags as a page's header or footer at the top, set larger than the text
    (Settings.heading_size), in texts that each stand on fewer than half the pages with such lines, when
    they head half the pages with text or more: each slide's own title, which its producer draws in the
    page's header band and tags so. (A tag supports a decision; it does not make one. A running head set
    large says the same on most pages, in one line or in several; a handbook's "Exhibit 1" to "5" over its
    last pages heads a few.)"""
    big = [m for m in ctx.lines if m.place == "top" and m.named
           and m.line.size >= ctx.body * ctx.settings.heading_size]
    pages: dict[str, set[int]] = defaultdict(set)
    for m in big:
        pages[_words(m.line.text)].add(m.page)
    headed = len({m.page for m in big})
    own = [m for m in big if 2 * len(pages[_words(m.line.text)]) < headed]
    if 2 * len({m.page for m in own}) < ctx.n_text:
        return set()
    return {m.key for m in own}


def _chain(spans: Sequence[tuple[float, float]], at: int, reach: float) -> tuple[int, int]:
    """The first and last of the spans (start, end; in order along one direction) chained to span ``at``,
    each starting within ``reach`` of the end of the one before it."""
    lo = hi = at
    while lo > 0 and spans[lo][0] - spans[lo - 1][1] <= reach:
        lo -= 1
    while hi + 1 < len(spans) and spans[hi + 1][0] - spans[hi][1] <= reach:
        hi += 1
    return lo, hi


def _words(text: str) -> str:
    """A line's words, whatever their case and spacing: a head may set its heading in capitals."""
    return " ".join(text.casefold().split())


def _mid(values: Iterable[float]) -> float:
    """The median, as ``statistics.median`` gives it (importing that module costs the page's start more
    than this); there is always at least one value."""
    ordered = sorted(values)
    half = len(ordered) // 2
    return ordered[half] if len(ordered) % 2 else (ordered[half - 1] + ordered[half]) / 2


def _quantile(values: list[float], q: float) -> float:
    """The value a share ``q`` of the others lie below (the nearest one: no value is made up)."""
    ordered = sorted(values)
    return ordered[round(q * (len(ordered) - 1))]


def _cluster(values: list[tuple[float, float, int]]) -> list[list[int]]:
    """Split items (position, tolerance, id), sorted by position, where the gap exceeds the tolerance."""
    values.sort()
    out: list[list[int]] = []
    last = None
    for pos, tol, ident in values:
        if last is not None and pos - last <= tol:
            out[-1].append(ident)
        else:
            out.append([ident])
        last = pos
    return out


def _by_size(members: list[_Line], s: Settings) -> list[list[_Line]]:
    """Split lines where their font sizes differ by more than Settings.size_tolerance."""
    ordered = sorted(members, key=lambda m: m.line.size)
    out: list[list[_Line]] = []
    for m in ordered:
        if out and m.line.size <= out[-1][0].line.size * (1 + s.size_tolerance) + s.size_slack:
            out[-1].append(m)
        else:
            out.append([m])
    return out


def _numbers(members: Sequence[_Line]) -> Numbers:
    return "constant" if len({m.line.text for m in members}) == 1 else "varying"


def _where(place: Place) -> str:
    return {"top": "at the top", "bottom": "at the bottom", "left": "in the left margin",
            "right": "in the right margin"}.get(place, "inside the text")


def _apart_from_block(place: Place) -> str:
    return {"top": "above the text block", "bottom": "below the text block"}.get(place, "beside the text block")


def _kind_of(place: Place) -> Kind:
    return "header" if place == "top" else "footer" if place == "bottom" else "margin"


def _pages(n: int) -> str:
    return f"{n} page{'s' if n != 1 else ''}"


def _text_page(layout: _Layout, ctx: _Context, besides: int = 0) -> bool:
    """True when a page holds Settings.text_page_rows rows of text in the body's size, more than
    ``besides`` (the rows of a block in question): a cover, a title page has little text, and no head or
    foot zone to speak of."""
    s, lines, body = ctx.settings, layout.page.lines, ctx.body
    left = s.text_page_rows + besides  # rows still to find: most pages have them in their first rows
    for row in layout.rows:
        if any(abs(lines[i].size - body) <= s.body_slack for i in row):
            left -= 1
            if left <= 0:
                return True
    return left <= 0


def _furniture_mark(ctx: _Context, furniture: Collection[Key]) -> str:
    """The one bare /Artifact mark (no type: not PAGINATION) the PDF puts on every line of the furniture
    found already and on no line of the text (placed in the body, or not placed at all), or "": a producer
    that marks its heads and feet alike without naming them (a spreadsheet's sheet name over each page,
    "Page 2" under it), so a line at the edge marked so is furniture too, but for a table's cells: a
    word processor marks a long table's headings repeated over each page as it marks its page numbers.
    A /Pagination mark is read on its own terms (``places._marked_artifacts``)."""
    marks = {ctx.layouts[page].page.lines[i].artifact for page, i in furniture if page in ctx.layouts}
    if len(marks) != 1:
        return ""
    mark = marks.pop()
    if mark in PAGINATION:
        return ""
    if mark and any(line.artifact == mark and (i not in layout.lines or layout.lines[i].place == "body")
                    for layout in ctx.layouts.values() for i, line in enumerate(layout.page.lines)):
        return ""
    return mark


def _covers(ctx: _Context) -> frozenset[int]:
    """The pages with little text (``_text_page``) before the first page of text, in a document whose
    pages are mostly pages of text: a report's cover and title page. (A deck's slides hold little text
    each: none of them is a cover so.)"""
    if ctx.covers is None:
        text = [number for number, layout in ctx.layouts.items() if _text_page(layout, ctx)]
        ctx.covers = frozenset(number for number in ctx.layouts if number < text[0]) \
            if text and len(text) * 2 > len(ctx.layouts) else frozenset()
    return ctx.covers
