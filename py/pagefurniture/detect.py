"""Find the page furniture: the lines a page's layout adds around its text.

Every document has a text block that its body fills page after page. Running heads and feet, page
numbers and margin notes sit outside it, in slots whose place and type stay the same from page to page
even where their text changes. Each line is judged on the evidence together, never on one signal alone:

* place: the page edge a line belongs to and its distance from it; whether it lies outside the
  document's text block; whether only other furniture lies between it and the edge, set apart from the
  text by more than the text's own line spacing;
* repetition: lines with the same text (digits masked) in the same place, size and alignment;
* numbers: whether a line's number counts with the pages (arabic or roman, in runs, so front matter and
  restarts work), stays the same, or changes like content (table labels, cell values);
* slots: once a place holds furniture, a line in the same place and type on another page is furniture
  too, whatever its text (a running head naming a short section, a lone folio on a chapter opener);
* the PDF's own tags: lines marked as /Artifact of type /Pagination (headers, footers, page numbers).

The passes below run in this order; each has a "given ..., returns ..." line. The stage is pure: pages
in, groups with decisions out. A decision is data (remove or keep, a kind, and the evidence as a
phrase); the verdict in front of the evidence is added where the decision is shown.
"""

from __future__ import annotations

import functools
import math
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Literal

from .model import Group, Kind, Line, Page, Position

# -- the look of a page number --------------------------------------------------------------------------

DIGITS = re.compile(r"\d+")
ROMAN = re.compile(r"^(?=[mdclxvi])m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
# Punctuation that may wrap or follow a page number: "- 3 -", "[3]", "(3)", "3.", "3 |", "3/12".
PN_WRAP = "-–—[](){}|/.:·,•*<>«»"
ALNUM = re.compile(r"[^\W_]")  # a letter or a digit, in any script
NUMBER_PARTS = re.compile(r"[/|]")  # "3/12" and "3|Title" hold two tokens
CID = re.compile(r"\(cid:\d+\)")
# What a publisher prints once at the foot of a first page: a copyright, a DOI, an ISSN or ISBN, a web
# address, an archive's identifier, a preprint note.
PUBLISHING = re.compile(r"©|\(c\)\s*\d{4}|\bcopyright\b|\bdoi\b|\bissn\b|\bisbn\b|https?://|\bwww\.|\barxiv\b|"
                        r"\bpreprint\b|\bsubmitted to\b", re.IGNORECASE)

# -- thresholds: each has its one home here, with the reason for its value -----------------------------

# Font sizes the same furniture may move between pages and still be in one place (baseline jitter).
POSITION_TOLERANCE = 0.9
# Lines of one slot have the same size within this share: a 28 pt masthead is not the 10 pt running head.
SIZE_TOLERANCE = 0.12
# A heading is at least this much larger than the body text; running heads rarely are.
HEADING_SIZE = 1.15
# Furniture at the top or bottom lies in one of this many rows nearest the edge (a page number below a
# legal notice of several lines, a proof block), never deeper in the text: lines deeper in are the text's,
# and are not looked at as furniture at all.
EDGE_ROWS = 8
# Documents of up to this many pages accept a run of two pages (a letter with its footer on both).
SHORT_DOCUMENT = 4
# Elsewhere a page-number sequence needs this many pages, and may skip this many (pictures, openers).
MIN_RUN = 3
RUN_GAP = 3
# A line of more words than this is running text, never a page number's line; a long footer with its
# counter ("... Global Dividends - Pag. 3 di 9") has up to about twenty.
PN_TOKENS = 24
# A line on only a few pages is furniture only where other furniture shares its place on this share of
# the pages (the next section's running head), or on at least this many pages itself.
SUPPORT_SHARE = 0.3
SUPPORT_PAGES = 4
# Lines wholly beside the text column and this short are margin text (pleading numbers, side heads) ...
MARGIN_TEXT = 12
# ... lying within this share of the page width from its side edge.
SIDE_BAND = 0.12
# A column of more lines than this beside the text is a table's, not a side head's.
SIDE_COLUMN = 4
# Lines this long make up the text column of a page; all but this share of them lie within it (the rest
# are notes in the margin).
LONG_LINE = 20
COLUMN_QUANTILE = 0.15
# Baselines closer than this many font sizes share a row.
ROW_TOLERANCE = 0.45
# Furniture is set apart from the text by a gap wider than this many times the text's typical line gap,
# and at least this many body sizes.
APART = 1.2
APART_MIN = 0.6
# A row of this many separate cells in the body size is a table row, never furniture.
CELL_ROW = 4
# A line sharing its row with text is furniture only when at least this many font sizes away from it.
FAR = 2.0
# Points: a single letter drawn at a slant is a watermark only this large (a seal's lettering is small).
WATERMARK_SIZE = 36
# A vertical line farther than this share of the page width from both side edges is in the text.
VERTICAL_BODY = 0.2
# The text block reaches as far as the text does on all but this share of the pages of one size.
BLOCK_QUANTILE = 0.1
# Points: text this close to a picture's side is set along the picture (its credit).
PICTURE_GAP = 6.0
# Pages whose text runs mostly upwards (a table turned on its side) have no side margins to judge.
VERTICAL_PAGE = 0.5
# A kept group is listed when it is on this share of the pages (a cell value recurring on a few pages
# is not worth a row), and always when on this many.
SHOWN_SHARE = 0.2
SHOWN_PAGES = 3
# The first page has a footer zone to speak of only when it holds this many rows of body text (a cover
# does not, and everything on a cover is content).
TEXT_PAGE_ROWS = 8

# What the PDF's tags say, as extraction reports it (``Line.artifact``): these name page furniture. A
# bare /Artifact without a type also marks decoration (bullets, photo credits), so it only supports.
PAGINATION = frozenset({"header", "footer", "pagination", "watermark"})

Place = Literal["top", "bottom", "left", "right", "diagonal", "body"]
Numbers = Literal["page", "constant", "varying"]
Side = Literal["", "left", "right"]


# -- the lines as the detector sees them ---------------------------------------------------------------


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
    key: tuple[int, int]  # (page, index), the line's name in groups


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

    @property
    def pages(self) -> list[int]:
        return sorted({m.page for m in self.members})

    @property
    def beyond(self) -> bool:
        return all(m.beyond for m in self.members)

    def decide(self, kind: Kind, remove: bool, reason: str) -> None:
        self.kind, self.remove, self.reason = kind, remove, reason


@dataclass(frozen=True, slots=True)
class TextBlock:
    """The area a document's body text fills, for pages of one size (points, top-left origin)."""

    left: float
    top: float
    right: float
    bottom: float

    def outside(self, m: _Line) -> bool:
        """True when the line lies wholly beyond the block on the side of its place."""
        x0, top, x1, bottom = m.line.box
        slack = 0.25 * max(m.line.size, 1.0)
        if m.place == "top":
            return bottom <= self.top + slack
        if m.place == "bottom":
            return top >= self.bottom - slack
        if m.place == "left":
            return x1 <= self.left + slack
        if m.place == "right":
            return x0 >= self.right - slack
        return False


@dataclass(slots=True)
class _Layout:
    """One page: its rows, its lines as the detector sees them, and the text block of its page size."""

    page: Page
    rows: list[list[int]]  # indices of upright lines, row by row from the top of the page
    gaps: list[float]  # the gap above each row but the first (negative where rows overlap)
    long: list[int]  # the long upright lines (LONG_LINE), from the top
    # By line index. Left out: lines of unmapped glyph codes, and lines deep in the text (EDGE_ROWS) unless
    # every line is wanted: both are the page's text.
    lines: dict[int, _Line]
    block: TextBlock | None = None


@dataclass(slots=True)
class _Context:
    """What the passes share: the pages, the text size and spacing, and the groups found so far."""

    layouts: dict[int, _Layout]
    body: float  # the body text's font size
    gap: float  # the body text's typical gap between rows
    n_text: int  # pages with text
    groups: list[_Group] = field(default_factory=list)

    def add(self, found: list[_Group]) -> None:
        """Add groups found by a later pass; their lines leave the kept groups they were in."""
        taken = {m.key for g in found for m in g.members}
        for g in self.groups:
            if not g.remove:
                g.members = [m for m in g.members if m.key not in taken]
        self.groups += found

    def furniture(self) -> dict[tuple[int, int], _Group]:
        return {m.key: g for g in self.groups if g.remove for m in g.members}

    def grouped(self) -> set[tuple[int, int]]:
        return {m.key for g in self.groups for m in g.members}


# -- small helpers ---------------------------------------------------------------------------------------


@functools.lru_cache(maxsize=4096)
def shape_of(text: str) -> str:
    """The text with every run of digits masked.

    >>> shape_of("Page 12 of 40")
    'Page # of #'
    """
    return DIGITS.sub("#", text)


def roman_value(token: str) -> int | None:
    """The value of a roman numeral, or None.

    >>> roman_value("xiv")
    14
    """
    t = token.lower()
    if not t or len(t) > 9 or not ROMAN.match(t):
        return None
    values = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
    total = 0
    for a, b in zip(t, t[1:] + " "):
        v = values[a]
        total += -v if b != " " and values[b] > v else v
    return total


def page_number_tokens(text: str) -> list[tuple[int, int, bool]]:
    """Tokens of a line that can be a page number: (token index, value, is_roman).

    A page number is a whole token, maybe wrapped in punctuation ("-3-", "[3]", "3/12" gives 3 and 12),
    without letters glued to it ("A-1" is a label) and without a leading zero ("025" is an id).

    >>> page_number_tokens("Page 3 of 12")
    [(1, 3, False), (3, 12, False)]
    """
    return list(_number_tokens(text))


@functools.lru_cache(maxsize=4096)
def _number_tokens(text: str) -> tuple[tuple[int, int, bool], ...]:
    # Cached: running heads and feet repeat their text on every page, and several passes ask.
    out = []
    tokens = text.split()
    short = len(tokens) <= 4  # roman numerals count only in short lines
    for i, raw in enumerate(tokens):
        if not short and raw.isalpha():
            continue  # a word: no digit, and no roman numeral in a line this long
        for part in (NUMBER_PARTS.split(raw) if "/" in raw or "|" in raw else (raw,)):
            core = part.strip(PN_WRAP)
            if not core:
                continue
            if core.isdigit() and core.isascii():
                if len(core) <= 5 and (core == "0" or not core.startswith("0")) and core == part.strip(PN_WRAP):
                    if not any(ch.isalpha() for ch in part):
                        out.append((i, int(core), False))
            elif core.isalpha() and short:
                value = roman_value(core)
                if value is not None and (core.islower() or core.isupper()):
                    out.append((i, value, True))
    return tuple(out)


def _lone_number(text: str) -> tuple[int, bool] | None:
    """The value of a line that is nothing but a page number ("7", "- 7 -", "xii"), else None."""
    tokens = _number_tokens(text)
    if len(tokens) != 1 or any(t.strip(PN_WRAP) for k, t in enumerate(text.split()) if k != tokens[0][0]):
        return None
    return tokens[0][1], tokens[0][2]


def _is_garbage(text: str) -> bool:
    """Text made of unmapped glyph codes repeats without meaning anything; never call it furniture."""
    if "(cid:" not in text:
        return False
    return len(CID.sub("", text).strip()) < len(text) / 3


def _family(font: str) -> str:
    """A font's name without the subset prefix ("ABCDEF+Helvetica" is "Helvetica")."""
    return font.split("+", 1)[-1]


def _mid(values: Iterable[float]) -> float:
    """The median, as ``statistics.median`` gives it (importing that module costs the page's start more
    than this); there is always at least one value."""
    ordered = sorted(values)
    half = len(ordered) // 2
    return ordered[half] if len(ordered) % 2 else (ordered[half - 1] + ordered[half]) / 2


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


def _by_size(members: list[_Line]) -> list[list[_Line]]:
    """Split lines where their font sizes differ by more than SIZE_TOLERANCE."""
    ordered = sorted(members, key=lambda m: m.line.size)
    out: list[list[_Line]] = []
    for m in ordered:
        if out and m.line.size <= out[-1][0].line.size * (1 + SIZE_TOLERANCE) + 0.1:
            out[-1].append(m)
        else:
            out.append([m])
    return out


def _where(place: Place) -> str:
    return {"top": "at the top", "bottom": "at the bottom", "left": "in the left margin",
            "right": "in the right margin"}.get(place, "inside the text")


def _apart_from_block(place: Place) -> str:
    return {"top": "above the text block", "bottom": "below the text block"}.get(place, "beside the text block")


def _kind_of(place: Place) -> Kind:
    return "header" if place == "top" else "footer" if place == "bottom" else "margin"


def _pages(n: int) -> str:
    return f"{n} page{'s' if n != 1 else ''}"


# -- the detector ----------------------------------------------------------------------------------------


def detect(pages: Sequence[Page]) -> tuple[Group, ...]:
    """Return every group of repeated or furniture lines with its decision, furniture first.

    >>> detect([])
    ()
    """
    return _analyse(pages).groups


@dataclass(frozen=True, slots=True)
class LineEvidence:
    """What the detector saw of one line: where it is, against the text block and the furniture slots."""

    index: int  # the line's index on its page
    line: Line
    place: Place | None  # the page edge it belongs to, or diagonal, or the body; None: not judged (unmapped glyphs)
    offset: float  # its distance from that edge in points (negative beyond the visible page)
    outside_block: bool | None  # wholly beyond the text block on its edge's side (None: no block known)
    slot: Slot | None  # the furniture slot it sits in, if any
    group: int | None  # the id of its group in ``detect``'s result


@dataclass(frozen=True, slots=True)
class PageEvidence:
    """One page as the detector judged it: its text block and the evidence for each of its lines."""

    number: int
    block: TextBlock | None
    body_size: float  # of the whole document
    lines: tuple[LineEvidence, ...]


def explain(pages: Sequence[Page], number: int) -> PageEvidence:
    """The evidence for every line of page ``number`` (1-based), with the group ids ``detect`` gives.

    >>> explain([], 1)
    Traceback (most recent call last):
    ...
    ValueError: there is no page 1; the document has 0 pages
    """
    page = next((p for p in pages if p.number == number), None)
    if page is None:
        raise ValueError(f"there is no page {number}; the document has {len(pages)} pages")
    analysis = _analyse(pages, every_line=True)
    layout = analysis.layouts.get(number)
    group_of = {key: g.id for g in analysis.groups for key in g.members}
    slots = [s for s in analysis.slots]
    out = []
    for i, line in enumerate(page.lines):
        m = layout.lines.get(i) if layout else None
        slot = next((s for s in slots if m is not None and s.holds(m)), None)
        outside = None if m is None or layout is None or layout.block is None else layout.block.outside(m)
        out.append(LineEvidence(i, line, m.place if m else None, m.offset if m else 0.0, outside, slot,
                                group_of.get((number, i))))
    return PageEvidence(number, layout.block if layout else None, analysis.body, tuple(out))


@dataclass(frozen=True, slots=True)
class _Analysis:
    groups: tuple[Group, ...]
    layouts: dict[int, _Layout]
    body: float
    slots: tuple[Slot, ...]  # the places the document's furniture holds


def _analyse(pages: Sequence[Page], *, every_line: bool = False) -> _Analysis:
    """Given the pages, runs every pass in order and returns the groups with what was learnt on the way."""
    text_pages = [p for p in pages if p.has_text]
    if not text_pages:
        return _Analysis((), {}, 10.0, ())
    layouts = _place_lines(text_pages, every_line=every_line)
    body = _body_size(layouts.values())
    ctx = _Context(layouts, body, _typical_gap(layouts.values(), body), len(text_pages))
    lines = [m for layout in layouts.values() for m in layout.lines.values()]

    ctx.groups += _page_number_groups(lines, ctx.n_text)
    claimed = ctx.grouped()
    ctx.groups += _beyond_groups([m for m in lines if m.key not in claimed], layouts)
    claimed = ctx.grouped()
    ctx.groups += _repeated_groups([m for m in lines if m.key not in claimed])
    _type_areas(layouts, ctx.groups, body)

    for g in ctx.groups:
        if not g.reason:
            _judge(g, ctx)
    _require_support(ctx)
    _margin_columns(ctx, lines)
    _accept_companions(ctx)
    _confirm_edges(ctx, lines)
    for later in (_row_companions, _fill_slots, _lone_page_numbers, _margin_stamps, _marked_artifacts):
        ctx.add(later(ctx))
    ctx.add(_first_page_foot(ctx, text_pages[0].number))
    slots = tuple(_merge_slots(_describe(g) for g in ctx.groups if g.remove and g.members and g.place in ("top", "bottom")))
    return _Analysis(_finish(ctx.groups, ctx.n_text), layouts, body, slots)


def _body_size(layouts: Iterable[_Layout]) -> float:
    """Given the pages, returns the font size most of the running text is set in: that of the long upright
    lines (a diagram's many short labels are no body text), or of all upright lines if none is long."""
    sizes: Counter[float] = Counter()
    layouts = list(layouts)
    for layout in layouts:
        lines = layout.page.lines
        for i in layout.long:
            sizes[round(lines[i].size)] += len(lines[i].text)
    if not sizes:
        for layout in layouts:
            for line in layout.page.lines:
                if line.angle == 0:
                    sizes[round(line.size)] += len(line.text)
    return float(sizes.most_common(1)[0][0]) if sizes else 10.0


def _rows(page: Page) -> tuple[list[int], list[list[int]], list[float], list[int]]:
    """Given a page, returns the row of each line, the rows (upright lines clustered by baseline, from the
    top), the gap above each row but the first (negative where rows overlap), and the long upright lines
    (LONG_LINE), which are the page's running text where it has any."""
    lines = page.lines
    row_of = [-1] * len(lines)
    # (bottom, index, top, size) of each upright line, from the top: plain tuples, as this runs per line
    order = sorted([(l.box[3], i, l.box[1], l.size) for i, l in enumerate(lines) if l.angle == 0])
    long = [i for _, i, _, _ in order if len(lines[i].text) > LONG_LINE]
    rows: list[list[int]] = []
    spans: list[list[float]] = []  # top and bottom of each row
    row: list[int] = []
    span = [0.0, 0.0]
    last = -math.inf
    for bottom, i, top, size in order:
        base = bottom - 0.2 * size
        if base - last <= ROW_TOLERANCE * (size if size > 1.0 else 1.0):
            row.append(i)
            if top < span[0]:
                span[0] = top
            if bottom > span[1]:
                span[1] = bottom
        else:
            row = [i]
            span = [top, bottom]
            rows.append(row)
            spans.append(span)
            last = base
        row_of[i] = len(rows) - 1
    gaps = [b[0] - a[1] for a, b in zip(spans, spans[1:])]
    return row_of, rows, gaps, long


def _place_lines(pages: Sequence[Page], *, every_line: bool = False) -> dict[int, _Layout]:
    """Given the pages with text, returns each page's rows and the lines that may be furniture, each with
    its edge and distance (``every_line``: all lines, for explaining a page)."""
    rowed = {page.number: _rows(page) for page in pages}
    columns = _columns(pages, rowed)
    layouts: dict[int, _Layout] = {}
    for page in pages:
        row_of, rows, gaps, long = rowed[page.number]
        w, h = page.width, page.height
        # Short lines wholly left or right of the text column and within its height (pleading line
        # numbers, side heads) are margin text.
        col_left, col_top, col_right, col_bottom = columns.get(page.number) or (-1.0, 0.0, w + 1, -1.0)
        left_margin, right_margin = min(col_left, w * SIDE_BAND), max(col_right, w * (1 - SIDE_BAND))
        last_row = len(rows) - 1
        placed: dict[int, _Line] = {}
        deep = range(EDGE_ROWS, last_row - EDGE_ROWS + 1) if not every_line else range(0)
        for i, line in enumerate(page.lines):
            x0, top, x1, bottom = line.box
            if (row_of[i] in deep and left_margin < x1 and x0 < right_margin and bottom > 0 and top < h
                    and not line.artifact):
                continue  # deep in the text, within the page and its margins: never furniture, not placed
            if line.angle not in (90, 270) and _is_garbage(line.text):
                # Unmapped glyph codes repeat without meaning anything: never furniture by repetition.
                # Upright text only: vertical text in the side margin is judged by its place alone.
                continue
            beyond = bottom <= 0 or top >= h or x1 <= 0 or x0 >= w
            place: Place
            if beyond:
                place = "top" if bottom <= 0 else "bottom" if top >= h else "left" if x1 <= 0 else "right"
            elif line.angle % 90:
                place = "diagonal"
            elif line.angle in (90, 270):
                cx = (x0 + x1) / 2
                place = "left" if cx < w / 2 else "right"
                if min(cx, w - cx) > w * VERTICAL_BODY or any(_beside_picture(line.box, pic) for pic in page.pictures):
                    place = "body"  # in the text, or a credit set along a photo: the photo's
            elif x1 <= left_margin and len(line.text) <= MARGIN_TEXT and col_top <= top <= col_bottom:
                place = "left"
            elif x0 >= right_margin and len(line.text) <= MARGIN_TEXT and col_top <= top <= col_bottom:
                place = "right"
            else:
                place = "top" if (top + bottom) / 2 < h / 2 else "bottom"
            if place == "top":
                offset = top
            elif place == "bottom":
                offset = h - bottom
            elif place in ("left", "right"):
                # Margin text is placed by its height on the page, like a line number; vertical text and
                # text beyond the page by its distance from the side edge.
                offset = top if not beyond and line.angle == 0 else x0 if place == "left" else w - x1
            else:
                offset = 0.0
            side: Side = "left" if x1 <= col_left else "right" if x0 >= col_right else ""
            r = row_of[i]
            rank = (r if place == "top" else last_row - r) if r >= 0 else 0
            if rank >= EDGE_ROWS and place in ("top", "bottom") and not every_line and not line.artifact:
                continue  # deep in the text: never looked at as furniture, so not placed at all
            placed[i] = _Line(page.number, i, line, place, offset, r, shape_of(line.text), beyond, side,
                              x0 + x1 < w, rank, (page.number, i))
        layouts[page.number] = _Layout(page, rows, gaps, long, placed)
    return layouts


def _columns(pages: Sequence[Page], rowed: dict[int, tuple[list[int], list[list[int]], list[float], list[int]]]
             ) -> dict[int, tuple[float, float, float, float]]:
    """Given the pages and their rows, returns each page's text column (left, top, right, bottom) from
    its long lines; a page with too few of them (a slide, a picture page) gets the column of the other
    pages of its size."""
    columns: dict[int, tuple[float, float, float, float]] = {}
    for page in pages:
        _, rows, gaps, long = rowed[page.number]
        head = _head_rows(rows, gaps)
        long_lines = [page.lines[i] for i in long if i not in head]
        if len(long_lines) >= 5:
            # Where most long lines start and end: a margin note's lines are long too, but few.
            columns[page.number] = (_quantile([l.box[0] for l in long_lines], COLUMN_QUANTILE) - 4,
                                    min(l.top for l in long_lines),
                                    _quantile([l.box[2] for l in long_lines], 1 - COLUMN_QUANTILE) + 4,
                                    max(l.bottom for l in long_lines))
    by_size: dict[tuple[int, int], list[tuple[float, float, float, float]]] = defaultdict(list)
    for page in pages:
        if page.number in columns:
            by_size[(round(page.width), round(page.height))].append(columns[page.number])
    for page in pages:
        found = by_size.get((round(page.width), round(page.height)))
        if page.number not in columns and found:
            columns[page.number] = tuple(_mid(c[k] for c in found) for k in range(4))  # type: ignore[assignment]
    return columns


def _head_rows(rows: list[list[int]], gaps: list[float]) -> set[int]:
    """The lines of the page's first and last rows where a wide gap sets them apart from the rest: a long
    running head must not stretch the text column up to the page number beside it."""
    positive = [gap for gap in gaps if gap > 0]
    if len(rows) < 3 or not positive:
        return set()
    wide = 2 * _mid(positive)
    out: set[int] = set()
    if gaps[0] > wide:
        out.update(rows[0])
    if gaps[-1] > wide:
        out.update(rows[-1])
    return out


def _typical_gap(layouts: Iterable[_Layout], body: float) -> float:
    """Given the pages, returns the typical gap between rows of text: the leading furniture must exceed."""
    gaps = [gap for layout in layouts for gap in layout.gaps if gap > 0]
    return _mid(gaps) if gaps else body


# -- groups: page numbers, text beyond the page, repeated lines ---------------------------------------


def _page_number_groups(lines: list[_Line], n_text: int) -> list[_Group]:
    """Given the lines, returns groups of lines whose number counts with the pages, in the same place."""
    slots: dict[tuple[Place, str, bool], list[tuple[_Line, int]]] = defaultdict(list)
    for m in lines:
        if m.place not in ("top", "bottom", "left", "right") or m.beyond:
            continue
        if m.place in ("top", "bottom") and m.rank >= EDGE_ROWS:
            continue
        for shape, value, is_roman in _numbered_shapes(m.line.text, m.shape):
            slots[(m.place, shape, is_roman)].append((m, value))
    # Longer runs first, so that a line is claimed by its best explanation.
    scored = []
    for key, items in slots.items():
        if len(items) < 2 or items[0][0].page == items[-1][0].page:
            continue  # on one page only (items come page by page): no sequence
        for cl in _cluster([(m.offset, POSITION_TOLERANCE * max(m.line.size, 4.0), k) for k, (m, _) in enumerate(items)]):
            lone = not key[1].replace("{n}", "").strip(PN_WRAP + " ")
            run = _runs([items[k] for k in cl], n_text, lone=lone)
            if run:
                scored.append((len(run), key, run))
    scored.sort(key=lambda s: -s[0])
    claimed: set[tuple[int, int]] = set()
    found: list[_Group] = []
    for _, (place, shape, _roman), members in scored:
        members = [m for m in members if m.key not in claimed]
        pages = {m.page for m in members}
        if len(pages) < 2:
            continue
        claimed.update(m.key for m in members)
        g = _Group(place, shape.replace("{n}", "#"), members, "page")
        g.decide("page-number", True, f"a page number: it counts with the pages, {_where(place)} of {{pages}}")
        found.append(g)
    return found


@functools.lru_cache(maxsize=4096)
def _numbered_shapes(text: str, shape: str) -> tuple[tuple[str, int, bool], ...]:
    """Given a line's text and its shape, returns for each token that may be its page number the shape
    with that token as ``{n}``, the number and whether it is roman. Cached: heads and feet repeat."""
    # Roman numerals count only in short lines; otherwise a page number needs a digit.
    tokens = shape.split()  # digits never join tokens, so the shape has the text's tokens, masked
    if len(tokens) > PN_TOKENS or (len(tokens) > 4 and not DIGITS.search(text)):
        return ()
    return tuple((" ".join(tokens[:ti] + ["{n}"] + tokens[ti + 1:]), value, is_roman)
                 for ti, value, is_roman in _number_tokens(text))


def _runs(items: list[tuple[_Line, int]], n_text: int, *, lone: bool = False, min_run: int | None = None
          ) -> list[_Line]:
    """Given lines with a number each, returns those whose number steps with the pages over a run.

    One number per page counts with the pages (value - page stays constant); two numbers per page, one
    each side of the sheet (two pages printed on one), count two per page. Each such chain is followed in
    page order and cut where it skips more than RUN_GAP pages; a run of MIN_RUN pages (two in a short
    document) is a page-number sequence. A ``lone`` number (the line holds nothing else) may also count
    more slowly than the pages.
    """
    halves: dict[int, set[bool]] = defaultdict(set)
    for m, _ in items:
        halves[m.page].add(m.left_half)
    chains: dict[tuple[int, int, bool], list[_Line]] = defaultdict(list)
    for m, v in sorted(items, key=lambda item: (item[0].page, item[0].line.box[0])):
        chains[(1, v - m.page, False)].append(m)
        if len(halves[m.page]) == 2:
            chains[(2, v - 2 * m.page, m.left_half)].append(m)
    if min_run is None:
        min_run = 2 if n_text <= SHORT_DOCUMENT else MIN_RUN
    best: dict[tuple[int, int], _Line] = {}
    per_page: dict[int, int] = Counter()
    if lone:
        # A lone number in one place that never runs ahead of the pages and never goes back counts
        # slides or frames, where some pages (section dividers) go unnumbered.
        chains[(1, 0, True)] = _monotone(items, min_run)
    for (step, _, _), chain in sorted(chains.items(), key=lambda kv: kv[0][0]):
        run: list[_Line] = []
        for m in chain + [None]:
            if m is not None and (not run or 0 < m.page - run[-1].page <= RUN_GAP):
                run.append(m)
                continue
            if len(run) >= min_run:
                for member in run:
                    if member.key not in best and per_page[member.page] < step:
                        best[member.key] = member
                        per_page[member.page] += 1
            run = [m] if m is not None else []
    return list(best.values())


def _monotone(items: list[tuple[_Line, int]], min_run: int) -> list[_Line]:
    """The longest stretch of one number per page that rises by no more than the pages do, never falls,
    and rises in all; at least ``min_run`` pages long."""
    first: dict[int, tuple[_Line, int]] = {}
    for m, v in sorted(items, key=lambda item: item[0].key):
        first.setdefault(m.page, (m, v))
    best: list[tuple[_Line, int]] = []
    run: list[tuple[_Line, int]] = []
    for item in [first[page] for page in sorted(first)] + [None]:
        if item is not None and run:
            step, pages = item[1] - run[-1][1], item[0].page - run[-1][0].page
            if 0 <= step <= pages <= RUN_GAP:
                run.append(item)
                continue
        if run and len(run) > len(best) and run[-1][1] > run[0][1]:
            best = run
        run = [item] if item is not None else []
    return [m for m, _ in best] if len(best) >= min_run else []


def _beyond_groups(lines: list[_Line], layouts: dict[int, _Layout]) -> list[_Group]:
    """Given the lines not yet grouped, returns the text beyond the visible page that recurs on pages.

    Printers' slugs and proof notes are printed beyond the crop box on every page; a table that runs off
    the page's side shares its rows with the text on the page, and one-off text beyond the edge is a
    clipped picture's, so neither counts.
    """
    out: list[_Group] = []
    beyond = []
    for m in lines:
        if not m.beyond:
            continue
        layout = layouts[m.page]
        row = layout.rows[m.row] if m.row >= 0 else []
        if any(not layout.lines[i].beyond for i in row if i in layout.lines):
            continue  # shares its row with text on the page: content running off the edge
        beyond.append(m)
    by_place: dict[Place, list[_Line]] = defaultdict(list)
    for m in beyond:
        by_place[m.place].append(m)
    for place, members in by_place.items():
        for cl in _cluster([(m.offset, POSITION_TOLERANCE * max(m.line.size, 4.0) + 2, k) for k, m in enumerate(members)]):
            ms = [members[k] for k in cl]
            pages = {m.page for m in ms}
            if len(pages) < 2:
                continue
            g = _Group(place, ms[0].shape, ms, _numbers(ms))
            g.decide(_kind_of(place), True, "outside the visible page (beyond the crop box) on {pages}")
            out.append(g)
    return out


def _numbers(members: Sequence[_Line]) -> Numbers:
    return "constant" if len({m.line.text for m in members}) == 1 else "varying"


def _repeated_groups(lines: list[_Line]) -> list[_Group]:
    """Given the lines not yet grouped, returns the lines repeated in one place: same shape, same distance
    from the same edge, same size."""
    by_shape: dict[tuple[Place, str], list[_Line]] = defaultdict(list)
    for m in lines:
        if m.beyond or (m.place in ("top", "bottom") and m.rank >= EDGE_ROWS):
            continue
        if not m.line.artifact and not ALNUM.search(m.line.text):
            continue  # a bullet or a rule drawn as text repeats wherever lists and tables are: no evidence
        if m.place == "diagonal":
            # A watermark is a word drawn large across the text; single letters set along a curve (a
            # seal's lettering) are a picture's.
            if len(m.shape.replace(" ", "")) < 2 and m.line.size < WATERMARK_SIZE:
                continue
            by_shape[(m.place, m.shape.replace(" ", ""))].append(m)
            continue
        by_shape[(m.place, m.shape)].append(m)
    out: list[_Group] = []
    for (place, shape), members in by_shape.items():
        if members[0].page == members[-1].page:
            continue  # on one page only (the lines come page by page)
        if place == "diagonal":
            clusters = [members]
        else:
            clusters = [[members[k] for k in cl] for cl in
                        _cluster([(m.offset, POSITION_TOLERANCE * max(m.line.size, 4.0), k) for k, m in enumerate(members)])]
        for cl in clusters:
            for ms in _by_size(cl):
                if len({m.page for m in ms}) >= 2:
                    out.append(_Group(place, shape, sorted(ms, key=lambda m: m.key), _numbers(ms)))
    return out


# -- the text block --------------------------------------------------------------------------------------


def _type_areas(layouts: dict[int, _Layout], groups: list[_Group], body_size: float) -> None:
    """Given the pages and the groups found so far, sets each page's text block: the area the body text of
    pages of its size fills. It is taken from the rows that hold text no group explains, leaving out the
    lines in the same place, size and font as a group at the page edge (a running head whose text
    changes, in the body's size or smaller); over the pages it reaches as far as the text does on most
    of them (BLOCK_QUANTILE), so that picture pages, chapter openers and short last pages do not move it."""
    grouped = {m.key for g in groups for m in g.members}
    # Only places of text no larger than the body's: a slide's title is the first line of its text.
    slots = [_describe(g) for g in groups if _at_edge(g, layouts)
             and _mid(m.line.size for m in g.members) < body_size * HEADING_SIZE]
    extents: dict[tuple[int, int], list[tuple[float, float, float, float]]] = defaultdict(list)
    for layout in layouts.values():
        page = layout.page

        outer = set(i for row in layout.rows[:2] + layout.rows[-2:] for i in row)
        # The lines that are not the page's text; a line not placed (deep in the text, or unmapped glyph
        # codes) is the page's text all the same.
        other = {i for i, m in layout.lines.items()
                 if m.key in grouped or m.beyond or (i in outer and any(slot.holds(m) for slot in slots))}
        first = next((row for row in layout.rows if any(i not in other for i in row)), None)
        if first is None:
            continue
        last = next(row for row in reversed(layout.rows) if any(i not in other for i in row))
        top = min(page.lines[i].top for i in first)
        bottom = max(page.lines[i].bottom for i in last)
        lines = [page.lines[i] for i in layout.long if i not in other] or \
                [page.lines[i] for row in layout.rows for i in row if i not in other]
        extents[(round(page.width), round(page.height))].append(
            (min(l.box[0] for l in lines), top, max(l.box[2] for l in lines), bottom))
    blocks = {}
    for size, spans in extents.items():
        lo, hi = BLOCK_QUANTILE, 1 - BLOCK_QUANTILE
        blocks[size] = TextBlock(_quantile([e[0] for e in spans], lo), _quantile([e[1] for e in spans], lo),
                                 _quantile([e[2] for e in spans], hi), _quantile([e[3] for e in spans], hi))
    for layout in layouts.values():
        layout.block = blocks.get((round(layout.page.width), round(layout.page.height)))


def _quantile(values: list[float], q: float) -> float:
    """The value a share ``q`` of the others lie below (the nearest one: no value is made up)."""
    ordered = sorted(values)
    return ordered[round(q * (len(ordered) - 1))]


@dataclass(frozen=True, slots=True)
class Slot:
    """A place that holds furniture: an edge, a distance from it, a font size and the fonts used there."""

    place: Place
    offset: float
    size: float
    fonts: frozenset[str]
    pages: frozenset[int]

    def holds(self, m: _Line) -> bool:
        return (m.place == self.place and abs(m.offset - self.offset) <= POSITION_TOLERANCE * max(self.size, 4.0)
                and abs(m.line.size - self.size) <= SIZE_TOLERANCE * self.size + 0.1
                and _family(m.line.font) in self.fonts)


def _describe(g: _Group) -> Slot:
    return Slot(g.place, _mid(m.offset for m in g.members), _mid(m.line.size for m in g.members),
                 frozenset(_family(m.line.font) for m in g.members), frozenset(g.pages))


def _merge_slots(slots: Iterable[Slot]) -> list[Slot]:
    """Given the slots of several groups, returns them merged where they are one place: the running heads
    of successive sections share the slot, and vouch for it together."""
    merged: list[Slot] = []
    for slot in slots:
        for k, other in enumerate(merged):
            if other.place == slot.place and _same_place(other, slot):
                merged[k] = Slot(other.place, other.offset, other.size, other.fonts | slot.fonts, other.pages | slot.pages)
                break
        else:
            merged.append(slot)
    return merged


def _same_place(a: Slot, b: Slot) -> bool:
    return (abs(a.offset - b.offset) <= POSITION_TOLERANCE * max(a.size, 4.0)
            and abs(a.size - b.size) <= SIZE_TOLERANCE * a.size + 0.1)


def _at_edge(g: _Group, layouts: dict[int, _Layout]) -> bool:
    """True when the group's lines are in the outermost two rows of their pages (top or bottom) on most
    of its pages: the lines that may be running heads or feet, unlike a heading inside the text."""
    if g.place not in ("top", "bottom") or g.beyond:
        return False
    near = 0
    for m in g.members:
        rows = layouts[m.page].rows
        rank = m.row if g.place == "top" else len(rows) - 1 - m.row
        near += 0 <= rank <= 1
    return near * 2 > len(g.members)


# -- judging the groups ------------------------------------------------------------------------------------


def _judge(g: _Group, ctx: _Context) -> None:
    """Given a group of repeated lines and the document, decides it on the evidence of its place."""
    n = len(g.pages)
    where = _where(g.place)
    if g.place == "diagonal":
        g.decide("watermark", True, "a diagonal line across {pages}, drawn over the text")
        return
    if g.place == "body":
        g.decide("repeated-content", False, "inside the text, not at a page edge")
        return
    marked = sum(m.line.artifact in PAGINATION for m in g.members)
    if marked * 2 > len(g.members):
        what = {"top": "header", "bottom": "footer"}.get(g.place, "margin note")
        g.decide(_kind_of(g.place), True, f"marked as a page {what} in the PDF, {where} of {{pages}}")
        return
    if g.place in ("left", "right"):
        # Side heads alternate between the outer margins of odd and even pages: a group on pages of one
        # parity only is measured against the pages of that parity.
        parities = {page % 2 for page in g.pages}
        of = ctx.n_text if len(parities) == 2 else sum(1 for page in ctx.layouts if page % 2 in parities)
        if n * 2 < of:
            g.decide("repeated-content", False, f"beside the text on only {{n}} of {of} pages")
        elif g.numbers == "varying":
            g.decide("repeated-content", False, "beside the text, but its numbers change from page to page like a table column's")
        else:
            g.decide("margin", True, f"{where}, beside the text, on {{pages}}")
        return
    size = _mid(m.line.size for m in g.members)
    beside = sum(bool(m.beside) for m in g.members) * 2 > len(g.members)
    if size >= ctx.body * HEADING_SIZE and not beside and not _under_larger(g, ctx):
        g.decide("repeated-content", False, "a heading (larger than the text, and nothing larger below it) repeated on {pages}")
        return
    if not _aligned(g.members):
        g.decide("repeated-content", False, "its place on the line moves from page to page, with the content")
        return
    if g.numbers == "varying":
        # Accepted later if it shares its line with other furniture (a timestamp beside a page number).
        g.decide("repeated-content", False, "its numbers do not follow the pages (labels or values that change)")
        return
    g.decide(_kind_of(g.place), True, f"{where} of {{n}} of {ctx.n_text} pages, {_apart_from_block(g.place)}, same place and size")


def _outside(m: _Line, ctx: _Context) -> bool:
    block = ctx.layouts[m.page].block
    return block is None or block.outside(m)


def _under_larger(g: _Group, ctx: _Context) -> bool:
    """True when, on most of its pages, larger text lies between the group's line and the text block's
    far side: a slide master's title line above each slide's own larger title is no heading."""
    larger = 0
    for m in g.members:
        page = ctx.layouts[m.page].page
        bigger = m.line.size * HEADING_SIZE
        if g.place == "top":
            larger += any(l.size >= bigger and l.angle == 0 and l.top >= m.line.bottom for l in page.lines)
        else:
            larger += any(l.size >= bigger and l.angle == 0 and l.bottom <= m.line.top for l in page.lines)
    return larger * 2 > len(g.members)


def _aligned(members: Sequence[_Line]) -> bool:
    """True when the lines keep one horizontal place (left edge, right edge or centre), or alternate
    between two (odd and even pages): running heads do, a title centred over tables of changing widths
    does not."""
    if len({m.page for m in members}) < 3:
        return True
    for edge in (lambda b: b[0], lambda b: b[2], lambda b: (b[0] + b[2]) / 2):
        spots = _cluster([(edge(m.line.box), max(2.0, 0.5 * m.line.size), k) for k, m in enumerate(members)])
        big = sorted((len(s) for s in spots), reverse=True)
        if sum(big[:2]) >= 0.8 * len(members):
            return True
    return False


def _require_support(ctx: _Context) -> None:
    """Given the judged groups, keeps a line repeated on only a few pages unless its place is a running
    head's place: other furniture (the next section's head) sits there too, in the same size, on a good
    share of the pages."""
    if ctx.n_text <= SHORT_DOCUMENT:
        return
    candidates = [g for g in ctx.groups if g.remove and g.numbers == "constant" and g.place in ("top", "bottom")
                  and not g.beyond]
    slots = _merge_slots(_describe(g) for g in candidates)
    for g in candidates:
        n = len(g.pages)
        if n >= max(MIN_RUN, 0.1 * ctx.n_text):
            continue
        mine = _describe(g)
        support = max((len(slot.pages) for slot in slots if slot.place == mine.place and _same_place(slot, mine)), default=n)
        if support < max(SUPPORT_PAGES, SUPPORT_SHARE * ctx.n_text):
            g.decide("repeated-content", False, f"on only {{n}} of {ctx.n_text} pages, and no other running head shares its place")


def _margin_columns(ctx: _Context, lines: list[_Line]) -> None:
    """Given the groups, keeps margin text whose column is not furniture: pleading numbers are all
    repeated, while a table column that sticks out beside the text has one repeated heading over values
    that change."""
    column: Counter[tuple[int, Place]] = Counter(
        (m.page, m.place) for m in lines if m.place in ("left", "right") and m.line.angle == 0)
    kept: Counter[tuple[int, Place]] = Counter()
    margin = [g for g in ctx.groups if g.remove and g.kind == "margin" and g.place in ("left", "right")]
    for g in margin:
        for m in g.members:
            if m.line.angle == 0:
                kept[(m.page, g.place)] += 1
    for g in margin:
        upright = [m for m in g.members if m.line.angle == 0]
        mixed = sum(kept[(m.page, g.place)] * 2 < column[(m.page, g.place)] for m in upright)
        cells = sum(m.row >= 0 and len(ctx.layouts[m.page].rows[m.row]) >= CELL_ROW for m in upright)
        if mixed * 2 > len(g.members):
            g.decide("repeated-content", False, "beside the text, over values that change from page to page, like a table column's heading")
        elif cells * 2 > len(g.members):
            g.decide("repeated-content", False, "beside the text in a row of table cells, like a table column's heading")


def _accept_companions(ctx: _Context) -> None:
    """Given the groups, removes kept lines whose numbers change (a time, a file id) where they share
    their line with furniture on most of their pages."""
    furniture = ctx.furniture()
    for g in ctx.groups:
        if g.remove or g.numbers != "varying" or g.place not in ("top", "bottom") or \
                len(g.pages) < SUPPORT_SHARE * ctx.n_text:
            continue
        beside = sum(any((m.page, i) in furniture for i in ctx.layouts[m.page].rows[m.row] if i != m.index)
                     for m in g.members if m.row >= 0)
        if beside * 2 > len(g.members):
            g.decide(_kind_of(g.place), True, f"changes from page to page but sits on the same line as other "
                                              f"furniture, {_where(g.place)} of {{pages}}")


def _confirm_edges(ctx: _Context, lines: list[_Line]) -> None:
    """Given the groups, keeps a removal only where nothing but furniture lies between the line and its
    page edge, and the furniture is set apart from the text by a gap wider than the text's line spacing."""
    columns: dict[tuple[int, Side], list[_Line]] = defaultdict(list)
    for m in lines:
        if m.beside:
            columns[(m.page, m.beside)].append(m)
    changed = True
    while changed:
        changed = False
        furniture = ctx.furniture()
        confirmed, apart = _edges(ctx, furniture)
        # A side head (running heads in the outer margin, beside the text column) shares rows with the
        # text; what matters is that nothing but furniture lies between it and the edge in its own column.
        for column in columns.values():
            if len(column) > SIDE_COLUMN and not all(m.key in furniture for m in column):
                continue  # a column of many lines beside the text is a table's, not a side head's
            for m in column:
                if m.key not in furniture or m.place not in ("top", "bottom"):
                    continue
                outward = [o for o in column if (o.line.top < m.line.top if m.place == "top" else o.line.top > m.line.top)]
                if all(o.key in furniture for o in outward):
                    confirmed.add(m.key)
                    apart.add(m.key)
        for g in ctx.groups:
            if not g.remove or g.place not in ("top", "bottom") or g.beyond:
                continue
            inside = [m for m in g.members if m.key in confirmed]
            if len(inside) * 2 <= len(g.members):
                g.decide("repeated-content", False, "inside the text on most of its pages, not at the page edge")
                changed = True
                continue
            if g.numbers != "page" and sum(m.key in apart for m in inside) * 2 <= len(inside):
                g.decide("repeated-content", False, "joined to the text below or above it, like a table heading or the text's first line")
                changed = True
                continue
            # A number that counts with the pages, in the place it has on most of them, is the folio even
            # where something is drawn between it and the edge (a figure that is a page of another document).
            if len(inside) < len(g.members) and g.numbers != "page":
                g.members = inside
                changed = True


def _edges(ctx: _Context, furniture: dict | set, pages: Iterable[int] | None = None
           ) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """Given the lines taken as furniture, returns those reachable from their page's top or bottom edge
    through furniture only, and of those the ones set apart from the text beyond them (on ``pages``, or
    on every page)."""
    confirmed: set[tuple[int, int]] = set()
    apart: set[tuple[int, int]] = set()
    for layout in (ctx.layouts.values() if pages is None else (ctx.layouts[n] for n in pages)):
        for place in ("top", "bottom"):
            for ok, gap in _edge_block(layout, furniture, place, ctx.body):
                confirmed |= ok
                if gap is None or gap >= max(APART_MIN * ctx.body, APART * ctx.gap):
                    apart |= ok
    return confirmed, apart


def _edge_block(layout: _Layout, furniture: dict | set, place: Place, body: float
                ) -> list[tuple[set[tuple[int, int]], float | None]]:
    """The furniture rows reachable from the page edge, each with the widest gap between it and the text
    beyond the block (None when nothing but furniture follows)."""
    page, rows = layout.page, layout.rows
    order = list(range(len(rows))) if place == "top" else list(range(len(rows) - 1, -1, -1))
    lines = page.lines
    block: list[tuple[set[tuple[int, int]], float, float]] = []  # (lines, outer edge, inner edge)
    end_gap: float | None = None
    for r in order:
        row = rows[r]
        fur = [i for i in row if (page.number, i) in furniture]
        other = [i for i in row if (page.number, i) not in furniture]
        near = min(lines[i].top for i in row) if place == "top" else max(lines[i].bottom for i in row)
        if block:
            gap = (near - block[-1][2]) if place == "top" else (block[-1][2] - near)
        if not fur or (len(row) >= CELL_ROW and sorted(lines[i].size for i in row)[len(row) // 2] >= 0.85 * body):
            # Content, or a table row: four or more separate cells on one line in the text's size are
            # never furniture (a print slug in small type may have as many parts).
            if block:
                end_gap = gap
            break
        if other:
            # A line sharing its row with text is furniture only when far from that text (a logo beside a
            # slide title), never when glued to it (a footnote marker, a table cell). Text drawn over the
            # line (another layer: a placed page's own head, a copy for a bold look) is not beside it.
            far = {(page.number, i) for i in fur
                   if all(_over(lines[i], lines[j]) or abs(_hgap(lines[i], lines[j])) >= FAR * max(lines[i].size, lines[j].size)
                          for j in other)}
            # A row wholly outside the text block (a date beside the footer) is the margin's, whatever its
            # other lines turn out to be: the edge reaches on past it.
            if far and layout.block is not None and all(
                    i in layout.lines and layout.block.outside(layout.lines[i]) for i in other):
                inner = max(lines[i].bottom for i in row) if place == "top" else min(lines[i].top for i in row)
                block.append((far, near, inner))
                continue
            if far:
                block.append((far, near, near))
            end_gap = None
            break
        inner = max(lines[i].bottom for i in row) if place == "top" else min(lines[i].top for i in row)
        block.append(({(page.number, i) for i in fur}, near, inner))
    out = []
    widest = end_gap
    for k in range(len(block) - 1, -1, -1):
        out.append((block[k][0], widest))
        if k > 0:
            gap = (block[k][1] - block[k - 1][2]) if place == "top" else (block[k - 1][2] - block[k][1])
            widest = None if widest is None else max(widest, gap)
    return out


def _hgap(a: Line, b: Line) -> float:
    return max(a.box[0] - b.box[2], b.box[0] - a.box[2])


def _over(a: Line, b: Line) -> bool:
    """True when two lines of one row are drawn over each other: they share more than half of the
    narrower one's width."""
    shared = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
    return shared > 0.5 * min(a.box[2] - a.box[0], b.box[2] - b.box[0])


# -- lines that repeat nowhere, in furniture's places -----------------------------------------------------


def _edge_lines(ctx: _Context, wanted: dict[tuple[int, int], _Line]) -> list[_Line]:
    """Given lines that would be furniture if their place allowed, returns those at the page edge (only
    furniture or other such lines between them and the edge), outside the text block and set apart."""
    taken = set(ctx.furniture()) | set(wanted)
    confirmed, apart = _edges(ctx, taken, {page for page, _ in wanted})
    return [m for key, m in wanted.items() if key in confirmed and key in apart and _outside(m, ctx)]


def _row_companions(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the other lines of rows that hold furniture outside the text
    block: the current section's title beside the page number, a date beside the running head."""
    furniture = ctx.furniture()
    wanted: dict[tuple[int, int], _Line] = {}
    rows = {(m.page, m.row) for g in ctx.groups if g.remove for m in g.members if m.row >= 0}
    for number, r in sorted(rows):
        layout = ctx.layouts[number]
        placed = [layout.lines[i] for i in layout.rows[r] if i in layout.lines]
        if len(placed) < len(layout.rows[r]) or not all(m.place in ("top", "bottom") and _outside(m, ctx) for m in placed):
            continue
        fixed = [m.line for m in placed if m.key in furniture]
        wanted.update((m.key, m) for m in placed if m.key not in furniture and any(ch.isalnum() for ch in m.line.text)
                      and not any(_over(m.line, line) for line in fixed))  # beside the furniture, not over it
    accepted = _edge_lines(ctx, wanted) if wanted else []
    out = []
    for place in ("top", "bottom"):
        members = [m for m in accepted if m.place == place]
        if members:
            g = _Group(place, members[0].shape, members, _numbers(members))
            g.decide(_kind_of(place), True, f"on the same line as other furniture, {_apart_from_block(place)}, "
                                            f"on {{pages}}")
            out.append(g)
    return out


def _fill_slots(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the lines in a furniture slot (place, size and font of running
    heads on other pages) whose text is found nowhere else: the head of a short section, a lone folio."""
    slots = _merge_slots(_describe(g) for g in ctx.groups
                         if g.remove and g.place in ("top", "bottom") and not g.beyond and g.kind != "watermark")
    furniture = ctx.furniture()
    wanted: dict[tuple[int, int], _Line] = {}
    slot_of: dict[tuple[int, int], Slot] = {}
    for layout in ctx.layouts.values():
        for m in layout.lines.values():
            if m.key in furniture or m.beyond or m.line.angle != 0 or m.rank >= EDGE_ROWS:
                continue
            for slot in slots:
                if slot.holds(m) and len(slot.pages - {m.page}) >= max(2, SUPPORT_SHARE * ctx.n_text):
                    wanted[m.key], slot_of[m.key] = m, slot
                    break
    by_slot: dict[Slot, list[_Line]] = defaultdict(list)
    for m in _edge_lines(ctx, wanted):
        by_slot[slot_of[m.key]].append(m)
    out = []
    for slot, members in by_slot.items():
        numbers = all(_lone_number(m.line.text) for m in members)
        g = _Group(slot.place, members[0].shape, members, "varying")
        slot_name = "running-head" if slot.place == "top" else "running-foot"
        g.decide("page-number" if numbers else _kind_of(slot.place), True,
                 f"in the {slot_name} slot of {_pages(len(slot.pages))} (same place, size and font), "
                 f"{_apart_from_block(slot.place)}; its text changes from page to page")
        out.append(g)
    return out


def _lone_page_numbers(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns lone page numbers elsewhere at the top or bottom edge: a number
    that fits the document's page numbering (a chapter opener's folio at the foot, where the other pages
    have it at the head)."""
    offsets: set[tuple[int, bool]] = set()
    for g in ctx.groups:
        if g.remove and g.kind == "page-number":
            for m in g.members:
                for _, value, roman in page_number_tokens(m.line.text):
                    offsets.add((value - m.page, roman))
    if not offsets:
        return []
    furniture = ctx.furniture()
    lone: list[tuple[_Line, int, bool]] = []
    for layout in ctx.layouts.values():
        for m in layout.lines.values():
            if m.key in furniture or m.place not in ("top", "bottom") or m.beyond or m.rank >= EDGE_ROWS:
                continue
            number = _lone_number(m.line.text) if len(m.line.text) <= MARGIN_TEXT else None
            if number is not None:
                lone.append((m, *number))
    fits = _edge_lines(ctx, {m.key: m for m, value, roman in lone if (value - m.page, roman) in offsets})
    out = _folios(fits, lambda place: f"a lone page number {_where(place)} that fits the numbering of the "
                                      f"other pages, on {{pages}}")
    # Where the folios are, those just found included, another numbering (the front matter's roman one
    # beside the body's arabic) is page numbers too where it counts with the pages over two or more.
    folios = _merge_slots(_describe(g) for g in [*ctx.groups, *out] if g.remove and g.kind == "page-number"
                          and g.place in ("top", "bottom") and not g.beyond)
    taken = {m.key for m in fits}
    in_slot = [(m, value) for m, value, _ in lone if m.key not in taken and any(slot.holds(m) for slot in folios)]
    counted = _edge_lines(ctx, {m.key: m for m in _runs(in_slot, ctx.n_text, min_run=2)}) if in_slot else []
    return out + _folios(counted, lambda place: f"a page number: it counts with the pages in the place of the "
                                                f"other page numbers, {_where(place)} of {{pages}}")


def _folios(members: list[_Line], reason: Callable[[Place], str]) -> list[_Group]:
    """Given page numbers found one by one, returns them as a page-number group per edge, with its reason."""
    out = []
    for place in ("top", "bottom"):
        ms = [m for m in members if m.place == place]
        if ms:
            g = _Group(place, "#", ms, "page")
            g.decide("page-number", True, reason(place))
            out.append(g)
    return out


def _margin_stamps(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns vertical text running along a side margin, wholly outside the
    text block (an archive's identifier stamp up the first page, chapter tabs), even on one page."""
    furniture = ctx.furniture()
    found: dict[Place, list[_Line]] = defaultdict(list)
    for layout in ctx.layouts.values():
        block = layout.block
        if block is None:
            continue
        upwards = [m for m in layout.lines.values() if m.line.angle in (90, 270)]
        if not upwards or sum(len(m.line.text) for m in upwards) > VERTICAL_PAGE * sum(
                len(l.text) for l in layout.page.lines):
            continue  # no vertical text, or so much that it is the page's content, not a stamp beside it
        taken: set[tuple[int, int]] = set()  # the stamps found on this page so far
        # From the edge inwards, so that a stamp's second column counts the first as margin, not as text.
        for m in sorted(upwards, key=lambda m: m.offset):
            if m.key in furniture or m.place not in ("left", "right"):
                continue
            x0, _, x1, _ = m.line.box
            if not ((m.place == "left" and x1 <= block.left) or (m.place == "right" and x0 >= block.right)):
                continue
            # In the margin means between the page's edge and all of its text.
            if all((m.page, i) in furniture or (m.page, i) in taken for i, l in enumerate(layout.page.lines)
                   if l is not m.line and (l.box[2] <= x0 if m.place == "left" else l.box[0] >= x1)):
                found[m.place].append(m)
                taken.add(m.key)
    out = []
    first = min(ctx.layouts)
    for place, members in found.items():
        # One-off vertical text beside the text is a stamp only on the first page (an archive's identifier);
        # elsewhere it must recur (a stamp on every page, chapter tabs), else it is a page's own decoration.
        if len({m.page for m in members}) < 2:
            members = [m for m in members if m.page == first]
            if not members:
                continue
        g = _Group(place, members[0].shape, members, _numbers(members))
        g.decide("margin", True, f"runs up the {place} margin, outside the text block, on {{pages}}")
        out.append(g)
    return out


def _beside_picture(box: tuple[float, float, float, float], picture: tuple[float, float, float, float]) -> bool:
    """True when a line runs along a picture's side: beside it (or over it) within PICTURE_GAP, and
    within its height."""
    x0, top, x1, bottom = box
    px0, ptop, px1, pbottom = picture
    return (x1 >= px0 - PICTURE_GAP and x0 <= px1 + PICTURE_GAP
            and bottom >= ptop - PICTURE_GAP and top <= pbottom + PICTURE_GAP)


def _marked_artifacts(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the lines the PDF itself marks as page headers, footers or page
    numbers (/Artifact /Pagination) at the page's edges, where nothing else has explained them."""
    furniture = ctx.furniture()
    found: dict[tuple[Place, str], list[_Line]] = defaultdict(list)
    for layout in ctx.layouts.values():
        for m in layout.lines.values():
            if m.key not in furniture and m.line.artifact in PAGINATION and m.place in ("top", "bottom", "left", "right"):
                found[(m.place, m.line.artifact)].append(m)
    out = []
    for (place, artifact), members in found.items():
        what = {"top": "header", "bottom": "footer"}.get(place, "margin note") if artifact == "pagination" else artifact
        g = _Group(place, members[0].shape, members, _numbers(members))
        numbers = all(_lone_number(m.line.text) for m in members)
        g.decide("page-number" if numbers else "watermark" if artifact == "watermark" else _kind_of(place), True,
                 f"marked as a page {what} in the PDF, {_where(place)} of {{pages}}")
        out.append(g)
    return out


def _first_page_foot(ctx: _Context, first: int) -> list[_Group]:
    """Given the decided groups, returns the publisher's lines alone at the foot of the first page, below
    the text block (a copyright or DOI line, a journal's address): printed once, where the footer goes on
    the other pages, and furniture all the same. A footnote there is the text's, so the line must also
    say what it is (PUBLISHING)."""
    layout = ctx.layouts[first]
    if layout.block is None or ctx.n_text <= 1:
        return []
    furniture = ctx.furniture()
    wanted = {}
    for r in range(len(layout.rows) - 1, -1, -1):
        row = [layout.lines[i] for i in layout.rows[r] if i in layout.lines]
        if not row or not all(m.place == "bottom" and not m.beyond and _outside(m, ctx) for m in row):
            break
        wanted.update((m.key, m) for m in row if m.key not in furniture and PUBLISHING.search(m.line.text))
    # A cover has little text: only a page of the document's text has a footer zone to speak of.
    text_rows = sum(1 for row in layout.rows if any(abs(layout.page.lines[i].size - ctx.body) <= 1 for i in row))
    if not wanted or text_rows < TEXT_PAGE_ROWS:
        return []
    members = _edge_lines(ctx, wanted)
    if not members:
        return []
    g = _Group("bottom", members[0].shape, members, _numbers(members))
    g.decide("footer", True, "alone at the foot of the first page, below the text block, where the footer goes")
    return [g]


# -- the result --------------------------------------------------------------------------------------------


def _finish(groups: list[_Group], n_text: int) -> tuple[Group, ...]:
    """Given every group with its decision, returns the public groups: furniture first, then the kept
    groups worth a person's look (repeated on a fair share of the pages and holding words)."""
    shown = max(2 if n_text <= SHORT_DOCUMENT else SHOWN_PAGES, math.ceil(n_text * SHOWN_SHARE))
    groups = [g for g in groups if g.members and (g.remove or (len(g.pages) >= shown and any(ch.isalpha() for ch in g.shape)))]
    order = sorted(groups, key=lambda g: (not g.remove, g.place != "top", g.pages[0], min(m.index for m in g.members)))
    out = []
    for gid, g in enumerate(order):
        members = tuple(sorted(m.key for m in g.members))
        first = min(g.members, key=lambda m: m.key)
        position: Position = g.place if g.place in ("top", "bottom", "left", "right") else "body"
        # The group's own page count is filled in last: an earlier pass may have taken pages off it.
        pages = len({page for page, _ in members})
        out.append(Group(id=gid, text=first.line.text, shape=g.shape, kind=g.kind, position=position, members=members,
                         remove=g.remove, reason=g.reason.format(n=pages, pages=_pages(pages))))
    return tuple(out)
