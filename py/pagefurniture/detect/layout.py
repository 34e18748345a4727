"""The layout of the pages: rows, the text column, each line's place, the body text, the text block.

Before any line is judged, each page is read as a layout: its upright lines clustered into rows by
baseline, the text column its long lines make, and for every line that may be furniture its place (the
page edge it belongs to and its distance from it). Lines deep in the text, more than ``edge_rows`` rows
from both edges, are the text's and are not placed at all. Once the first groups are found, the text
block of each page size is measured from what no group explains (``_type_areas``).
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, replace
from itertools import pairwise
from typing import Literal

from ..model import Line, Page
from .groups import (
    Key,
    Place,
    Slot,
    TextBlock,
    _by_edge,
    _Context,
    _describe,
    _Group,
    _Layout,
    _Line,
    _mid,
    _on_page,
    _page_size,
    _quantile,
    _side,
    _under_larger,
)
from .numbers import CID_MARK, DIGITS, NUMBER_ALONE, _is_garbage, _lone_number, _Numbering, shape_of
from .settings import Settings

# A page's rows: the row of each line (-1: not upright), the rows (line indices, from the top), the gap
# above each row but the first, and the long upright lines.
Rowed = tuple[list[int], list[list[int]], list[float], list[int]]
Column = tuple[float, float, float, float]  # left, top, right, bottom


# -- rows and the text column ------------------------------------------------------------------------------


def _rows(page: Page, s: Settings) -> Rowed:
    """Given a page, returns the row of each line, the rows (upright lines clustered by baseline, from the
    top), the gap above each row but the first (negative where rows overlap), and the long upright lines
    (Settings.long_line), which are the page's running text where it has any."""
    lines = page.lines
    row_of = [-1] * len(lines)
    # (bottom, index, top, size) of each upright line, from the top: plain tuples, as this runs per line
    order = sorted([(ln.box[3], i, ln.box[1], ln.size) for i, ln in enumerate(lines) if ln.angle == 0])
    long_line = s.long_line
    long = [i for _, i, _, _ in order if len(lines[i].text) > long_line]
    rows: list[list[int]] = []
    spans: list[list[float]] = []  # top and bottom of each row
    row: list[int] = []
    span = [0.0, 0.0]
    last = -math.inf
    descent, tolerance, unit = s.descent, s.row_tolerance, s.unit_size
    for bottom, i, top, size in order:
        base = bottom - descent * size
        if base - last <= tolerance * (size if size > unit else unit):
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
    gaps = [b[0] - a[1] for a, b in pairwise(spans)]
    return row_of, rows, gaps, long


def _turn(page: Page, usual: tuple[int, int] | None, stamps: AbstractSet[str], s: Settings) -> int:
    """How far a page must be turned for most of its text to read left to right: 90 (a quarter turn
    clockwise) when its text runs mostly up the page, 270 when down, else 0. A landscape page set
    sideways in a portrait document (a wide table) runs its foot along the long edge, which is its foot
    once the page is turned. A page the other way round from the document's ``usual`` size, read turned
    by the PDF (a page turned to hold a wide table), whose only text up or down it runs along a side,
    beyond all of its upright text, is turned back: its head and foot stayed with the paper. Unless that
    text runs up or down the pages of the usual size too (``stamps``; a part of one: a signature's stamp up
    the margin of every page, in two lines where the page is shorter): then the page is upright, its stamp
    where the others have theirs."""
    up = down = 0
    for line in page.lines:
        if line.angle == 90:
            up += len(line.text)
        elif line.angle == 270:
            down += len(line.text)
    if not up and not down:
        return 0  # nearly every page: only upright text
    total = sum(len(line.text) for line in page.lines)
    turn, chars = (90, up) if up >= down else (270, down)
    if _the_other_way(page, usual) and _along_side(page) \
            and not all(any(line.text in stamp for stamp in stamps) for line in page.lines if line.angle in (90, 270)):
        return turn
    if _at_ends(page):
        return 0  # a sideways table or figure on a page whose head and folio stayed upright, over and under it
    if chars <= s.vertical_page * total:
        return 0
    # Short labels set sideways (a chart's dates along its axis) may hold most of a page's characters: a
    # page set sideways runs its long lines that way too, and has fewer of them upright.
    long = {0: 0, turn: 0}  # the characters of the long lines upright and the long lines running that way
    for line in page.lines:
        if line.angle in long and len(line.text) >= s.long_line:
            long[line.angle] += len(line.text)
    return 0 if long[0] > long[turn] else turn


def _the_other_way(page: Page, usual: tuple[int, int] | None) -> bool:
    """True when a page is the document's ``usual`` size turned a quarter (and that size is no square)."""
    return usual is not None and (round(page.height), round(page.width)) == usual != usual[::-1]


def _along_side(page: Page) -> bool:
    """True when every line running up or down the page lies beyond all of its upright lines, on one side
    or the other: along the page's edge, not in its text."""
    upright = [line.box for line in page.lines if line.angle == 0]
    if not upright:
        return False
    left, right = min(b[0] for b in upright), max(b[2] for b in upright)
    return all(line.box[0] >= right or line.box[2] <= left for line in page.lines if line.angle in (90, 270))


def _at_ends(page: Page) -> bool:
    """True when every upright line of a page lies above or below all of its lines running up or down it,
    by its middle (a table's title set tight over its first column's heading may overlap it): a head and a
    folio printed the usual way over and under a table set sideways."""
    upright = [line.box for line in page.lines if line.angle == 0]
    vertical = [line.box for line in page.lines if line.angle in (90, 270)]
    if not upright or not vertical:
        return False
    top, bottom = min(b[1] for b in vertical), max(b[3] for b in vertical)
    return all(not top < (b[1] + b[3]) / 2 < bottom for b in upright)


def _upright(page: Page, turn: int) -> Page:
    """The page turned by ``turn`` degrees clockwise (``_turn``), its lines in their order, so that a
    line's index still names it on the page as drawn."""
    if not turn:
        return page
    w, h = page.width, page.height

    def box(b: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        x0, top, x1, bottom = b
        return (h - bottom, x0, h - top, x1) if turn == 90 else (top, w - x1, bottom, w - x0)

    lines = tuple(replace(line, box=box(line.box), angle=(line.angle - turn) % 360) for line in page.lines)
    return replace(page, width=h, height=w, lines=lines, pictures=tuple(box(b) for b in page.pictures))


def _columns(pages: Sequence[Page], rowed: dict[int, Rowed], s: Settings) -> dict[int, Column]:
    """Given the pages and their rows, returns each page's text column (left, top, right, bottom) from
    its long lines; a page with too few of them (a slide, a picture page) gets the column of the other
    pages of its size."""
    columns: dict[int, Column] = {}
    for page in pages:
        _, rows, gaps, long = rowed[page.number]
        head = _head_rows(rows, gaps, s)
        # The long lines' boxes on the visible page (``_on_page``, spelt out: this runs for every long line).
        w, h, lines = page.width, page.height, page.lines
        boxes = [b for b in (lines[i].box for i in long if i not in head)
                 if b[3] > 0 and b[1] < h and b[2] > 0 and b[0] < w]
        if len(boxes) >= s.column_lines:
            # Where most long lines start and end: a margin note's lines are long too, but few.
            x0s, tops, x1s, bottoms = zip(*boxes, strict=True)
            columns[page.number] = (_quantile(list(x0s), s.column_quantile) - s.column_pad, min(tops),
                                    _quantile(list(x1s), 1 - s.column_quantile) + s.column_pad, max(bottoms))
    by_size: dict[tuple[int, int], list[Column]] = defaultdict(list)
    for page in pages:
        if page.number in columns:
            by_size[_page_size(page)].append(columns[page.number])
    for page in pages:
        found = by_size.get(_page_size(page))
        if page.number not in columns and found:
            columns[page.number] = tuple(_mid(c[k] for c in found) for k in range(4))  # type: ignore[assignment]
    return columns


def _shown(page: Page) -> list[Line]:
    """The page's lines on the visible page (``_on_page``), in one pass over them."""
    w, h = page.width, page.height
    return [line for line in page.lines if line.box[3] > 0 and line.box[1] < h and line.box[2] > 0 and line.box[0] < w]


def _head_rows(rows: list[list[int]], gaps: list[float], s: Settings) -> set[int]:
    """The lines of the page's first and last rows where a wide gap sets them apart from the rest: a long
    running head must not stretch the text column up to the page number beside it."""
    positive = [gap for gap in gaps if gap > 0]
    if len(rows) < s.head_page_rows or not positive:
        return set()
    wide = s.head_gap * _mid(positive)
    out: set[int] = set()
    if gaps[0] > wide:
        out.update(rows[0])
    if gaps[-1] > wide:
        out.update(rows[-1])
    return out


def _table_cells(page: Page, rows: list[list[int]], s: Settings) -> tuple[set[int], set[int]]:
    """The rows of a page that are a table's, and the lines that are its cells. A row of
    Settings.table_cells cells or more, that many of them starting or ending where cells of the row
    above or below do, is a table's (the columns a table's rows share); its cells are the lines in those
    columns. A running head or foot has its parts where no neighbour has cells; a printer's slug of many
    parts has no neighbour of many cells; a folio in the margin beside a table's row is in no column; a
    sheet's footer far under its last row (Settings.table_gap) is no neighbour of it, but column headings
    over the first row, each over one of its columns, are its own however far a rule sets them apart."""
    lines = page.lines
    table: set[int] = set()
    cells: set[int] = set()
    least = s.table_cells
    # Only rows where a line may be placed (Settings.edge_rows from an edge) are asked about.
    edge = s.edge_rows + 1
    last = len(rows) - 1
    pairs = range(last) if len(rows) <= 2 * edge else [*range(edge), *range(last - edge, last)]
    for r in pairs:
        a = rows[r]
        if len(a) < least:
            continue
        # The next row of as many cells, past the rows whose lines each lie under one of the row's own (the
        # rest of a heading's cells, wrapped over several lines; a line of text across the page lies under
        # several, or under none).
        k = r + 1
        if len(rows[k]) < least:
            spans = [(lines[i].box[0], lines[i].box[2]) for i in a]
            while k < last and len(rows[k]) < least and all(
                    sum(x0 < lines[j].box[2] and lines[j].box[0] < x1 for x0, x1 in spans) == 1 for j in rows[k]):
                k += 1
            if len(rows[k]) < least:
                continue
        b = rows[k]
        low = max(lines[i].bottom for q in rows[r:k] for i in q)
        shared = _same_columns(lines, a, b, s)
        heads, feet = {i for i, _ in shared}, {j for _, j in shared}
        if min(lines[j].top for j in b) - low > s.table_gap * max(lines[i].size for i in (*a, *b)) and not (
                len(heads) == len(a) and low < page.height / 2) and not (
                len(feet) >= s.cell_row and len(feet) + 1 >= len(b) and low >= page.height / 2):
            # Far apart: a footer under the table's last row. A table's column headings, each over a column
            # of its first row, head it however wide the rule between them (a list's headings on each page);
            # its totals, Settings.cell_row or more, each under a column of its last row but their label,
            # close it (a statistics table's "TOTAL" row ruled off at the foot of each page).
            continue
        if len(heads) >= least:
            table.update(range(r, k + 1))
            cells.update(i for pair in shared for i in pair)
            cells.update(i for q in rows[r + 1:k] for i in q)
    return table, cells



def _same_columns(lines: tuple[Line, ...], a: list[int], b: list[int], s: Settings) -> list[tuple[int, int]]:
    """The pairs of cells of rows ``a`` and ``b`` that start or end at one place (left- or right-aligned in
    one column)."""
    align_min, align_size = s.align_min, s.align_size
    # Each cell's ends and size read once: this runs for every pair of cells of two rows.
    bs = [(j, lines[j].box[0], lines[j].box[2], lines[j].size) for j in b]
    out = []
    for i in a:
        ax0, _, ax1, _ = lines[i].box
        size = lines[i].size
        for j, bx0, bx1, bsize in bs:
            reach = align_size * (size if size < bsize else bsize)
            if reach < align_min:
                reach = align_min
            if -reach <= ax0 - bx0 <= reach or -reach <= ax1 - bx1 <= reach:
                out.append((i, j))
    return out


# -- each line's place -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Frame:
    """What places the lines of one page: its size, its text column and the margins beside it."""

    width: float
    height: float
    column: Column  # left, top, right, bottom; a page without one gets a column no line is beside
    left_margin: float  # margin text lies left of this ...
    right_margin: float  # ... or right of this


def _frame(page: Page, column: Column | None, s: Settings) -> _Frame:
    w = page.width
    # Short lines wholly left or right of the text column and within its height (pleading line numbers,
    # side heads) are margin text.
    col = column or (-1.0, 0.0, w + 1, -1.0)
    return _Frame(w, page.height, col, min(col[0], w * s.side_band), max(col[2], w * (1 - s.side_band)))


def _overprints(pages: Sequence[Page], s: Settings
                ) -> tuple[list[Page], dict[Key, Key], dict[Key, tuple[Key, ...]]] | None:
    """Given the pages with text, returns, when a line is drawn again over an earlier line of the same text
    and size (a bold look printed twice, a report's second layer of the same words), the pages without
    the copies, for each line that moved the page's line it is (as ``_stacked`` does), and for each line
    kept the lines drawn over it: the copies go wherever it goes. None when no line is drawn twice. A
    copy counts for nothing on its own: two copies of a head's three parts are no table row of six."""
    twins: dict[Key, list[Key]] = {}
    for page in pages:
        drawn = page.lines
        first: dict[str, int] = {}
        # The lines of a text met more than once, by where they are: cells as wide as the distance a copy
        # may lie from its line, so that a copy lies in the cell of its line or in one beside it.
        cells: dict[tuple[str, float, int, int], int] = {}
        heights: dict[str, set[int]] = {}  # the rows of cells each such text is in
        for i, line in enumerate(drawn):
            text = line.text
            if first.setdefault(text, i) == i or not text.strip():
                continue  # most lines: a text met first (and no copy of nothing counts)
            if first[text] >= 0:
                k = first[text]
                cells[key := _cell(drawn[k], s)] = k
                heights[text] = {key[3]}
                first[text] = -1  # in the cells from now on
            text, size, x, y = key = _cell(line, s)
            kept = None
            if not heights[text].isdisjoint((y - 1, y, y + 1)):  # (most: a column's figures, each in its row)
                near = s.descent * max(size, s.min_size)
                kept = next((j for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                             if (j := cells.get((text, size, x + dx, y + dy))) is not None
                             and all(abs(a - b) <= near for a, b in zip(drawn[j].box, line.box, strict=True))), None)
            if kept is None:
                cells.setdefault(key, i)
                heights[text].add(y)
            else:
                twins.setdefault((page.number, kept), []).append((page.number, i))
    if not twins:
        return None
    dropped = {key for copies in twins.values() for key in copies}
    out: list[Page] = []
    origin: dict[Key, Key] = {}
    for page in pages:
        lines: list[Line] = []
        for i, line in enumerate(page.lines):
            if (page.number, i) not in dropped:
                if i != len(lines):
                    origin[(page.number, len(lines))] = (page.number, i)
                lines.append(line)
        out.append(replace(page, lines=tuple(lines)) if len(lines) < len(page.lines) else page)
    return out, origin, {key: tuple(copies) for key, copies in twins.items()}


def _cell(line: Line, s: Settings) -> tuple[str, float, int, int]:
    """A line's text and size, and the cell its top left corner lies in (``_overprints``)."""
    near = s.descent * max(line.size, s.min_size)
    return line.text, line.size, int(line.box[0] // near), int(line.box[1] // near)


def _stacked(pages: Sequence[Page], s: Settings) -> tuple[list[Page], dict[Key, Key]] | None:
    """Given the pages with text, returns, when they are sheets that each hold two pages one above the
    other, the pages they hold (sheet k's upper part page 2k - 1, its lower part page 2k) and, for each of
    their lines, the sheet's line it is; else None. The evidence: no line across any sheet's middle, and
    on two sheets or more the first lines of its two halves, or their last, of one shape half a sheet
    apart (a footer printed on both pages of the sheet); or, where the pages are not halves of the sheet
    (a handout of slides, whose text may reach past the middle), on most sheets, two or more, the sheet's
    first line again letter for letter near the middle, as far down on each (``_period``): the lower page
    begins there. Pages printed side by side keep their rows at one
    height, and are read as they are."""
    def halves(page: Page) -> bool:
        mid = page.height / 2
        upper = [line for line in page.lines if line.bottom <= mid]
        lower = [line for line in page.lines if line.top >= mid]
        if not upper or not lower:
            return False
        tolerance = s.position_tolerance
        for edge in (lambda line: line.top, lambda line: -line.bottom):  # the halves' first lines, their last
            a, b = min(upper, key=edge), min(lower, key=edge)
            if shape_of(a.text) == shape_of(b.text) and \
                    abs(b.top - mid - a.top) <= tolerance * max(a.size, b.size, s.min_size):
                return True
        return False

    if not any(line.top < page.height / 2 < line.bottom for page in pages for line in page.lines) \
            and sum(halves(page) for page in pages) >= 2:
        # Each half its page: a line by its middle.
        parts = {page.number: (page.height / 2, page.height / 2, True) for page in pages}
    else:
        period = _period(pages, s)
        if period is None:
            return None
        # The lower page begins a period down, and holds the lines from its first line on (where the
        # sheet's first line comes again): a line of the upper page may reach down past the lower page's
        # top margin.
        parts = {}
        for page in pages:
            first = _first_line(page)
            top = first.top - s.position_tolerance * max(first.size, s.min_size) if first is not None else 0.0
            parts[page.number] = (period, top + period, False)
    out: list[Page] = []
    origin: dict[Key, Key] = {}
    for page in pages:
        shift, cut, by_middle = parts[page.number]
        for half in (0, 1):
            number = 2 * page.number - 1 + half
            lines: list[Line] = []
            for i, line in enumerate(page.lines):
                if _lower(line.box, cut, by_middle) == bool(half):
                    origin[(number, len(lines))] = (page.number, i)
                    x0, top, x1, bottom = line.box
                    lines.append(replace(line, box=(x0, top - shift * half, x1, bottom - shift * half)))
            pictures = tuple((x0, top - shift * half, x1, bottom - shift * half)
                             for x0, top, x1, bottom in page.pictures
                             if _lower((x0, top, x1, bottom), cut, by_middle) == bool(half))
            if lines:
                out.append(Page(number, page.width, shift if not half else page.height - shift, tuple(lines),
                                pictures=pictures))
    return out, origin


def _lower(box: tuple[float, float, float, float], cut: float, by_middle: bool) -> bool:
    """True when a line or a picture is the lower page's of its sheet: its middle (or its top) below the cut."""
    return ((box[1] + box[3]) / 2 if by_middle else box[1]) >= cut


def _first_line(page: Page) -> Line | None:
    """A sheet's first upright line of text, nearest its top (None on a sheet without one)."""
    return min((line for line in page.lines if line.angle == 0 and line.text.strip()), key=lambda line: line.top,
               default=None)


def _period(pages: Sequence[Page], s: Settings) -> float | None:
    """How far down a sheet its first line comes again, letter for letter, near the sheet's middle
    (Settings.sheet_band), as far on most sheets (two or more, within Settings.position_tolerance of its
    size): where the lower of two pages printed one above the other begins, measured from the sheet's top
    by the first line's own place. None where the sheets show no such repeat."""
    found: list[tuple[float, float]] = []
    misses = 0
    for page in pages:
        first = _first_line(page)
        if first is not None:
            again = [line.top - first.top for line in page.lines if line.text == first.text
                     and abs(line.top - first.top - page.height / 2) <= s.sheet_band * page.height]
            if again:
                found.append((min(again), s.position_tolerance * max(first.size, s.min_size)))
                continue
        misses += 1
        if 2 * misses >= len(pages):
            return None  # not on most sheets, whatever the others show (most documents: at once)
    if len(found) < 2:
        return None
    offsets = sorted(offset for offset, _ in found)
    if offsets[-1] - offsets[0] > max(tolerance for _, tolerance in found):
        return None
    return offsets[len(offsets) // 2]


def _place_lines(pages: Sequence[Page], s: Settings, *, every_line: bool = False) -> dict[int, _Layout]:
    """Given the pages with text, returns each page's rows and the lines that may be furniture, each with
    its edge and distance (``every_line``: all lines, for explaining a page). A page whose text runs
    mostly up or down it is read turned the way its text reads (``_turn``)."""
    sizes = Counter(_page_size(page) for page in pages)
    usual = sizes.most_common(1)[0][0] if sizes else None
    # The text running up or down the pages of the usual size, where some page is the other way round.
    stamps = {line.text for page in pages if _page_size(page) == usual for line in page.lines
              if line.angle in (90, 270)} if any(_the_other_way(page, usual) for page in pages) else set()
    turned = {page.number: _turn(page, usual, stamps, s) for page in pages}
    pages = [_upright(page, turned[page.number]) for page in pages]
    rowed = {page.number: _rows(page, s) for page in pages}
    columns = _columns(pages, rowed, s)
    tables = _templates(pages, rowed, {page.number: _table_cells(page, rowed[page.number][1], s) for page in pages}, s)
    layouts: dict[int, _Layout] = {}
    for page in pages:
        row_of, rows, gaps, long = rowed[page.number]
        column = columns.get(page.number)
        placed = _place_page(page, row_of, _ends(page, rows), _frame(page, column, s), s, every_line)
        table, cells, template = tables[page.number]
        layouts[page.number] = _Layout(page, rows, row_of, gaps, long, placed, turned=turned[page.number], table=table,
                                       cells=cells, template=template, column=column,
                                       sideways=tuple(line for line in page.lines if line.angle in (90, 270)),
                                       scanned=any(_backdrop(pic, page.width, page.height, s) for pic in page.pictures))
    return layouts


def _templates(pages: Sequence[Page], rowed: dict[int, Rowed], tables: dict[int, tuple[set[int], set[int]]],
               s: Settings) -> dict[int, tuple[set[int], set[int], set[int]]]:
    """Given the pages, their rows and their tables (``_table_cells``), returns the tables without those
    that are the pages' template, and the lines of those: a grid whose every row holds a cell drawn in
    the same place on most pages with text (at its height, overlapping itself), and Settings.template_share
    of its cells are (a data sheet's head or foot: title, revision, version, the page's number). A long
    table repeats its column headings over each page, but the rows under them hold other values: its rows
    stay a table's."""
    if len(pages) < 2 or not any(table for table, _ in tables.values()):
        return {number: (table, cells, set()) for number, (table, cells) in tables.items()}
    # Where each text of a table stands on each page, by its height (to Settings.align_min: a template is
    # drawn at one height), and across the page: a grid laid out anew on each page from a web page's table
    # moves its cells by a few points with their neighbours' widths, but a cell still overlaps itself.
    step = s.align_min
    seen: dict[tuple[str, int], list[tuple[int, float, float]]] = defaultdict(list)
    for page in pages:
        rows = rowed[page.number][1]
        for r in tables[page.number][0]:
            for i in rows[r]:
                line = page.lines[i]
                seen[line.text, round(line.box[1] / step)].append((page.number, line.box[0], line.box[2]))

    def repeated(line: Line) -> bool:
        y, x0, x1 = round(line.box[1] / step), line.box[0], line.box[2]
        on = {number for dy in (-1, 0, 1) for number, a, b in seen.get((line.text, y + dy), ()) if a < x1 and x0 < b}
        return 2 * len(on) > len(pages)

    out = {}
    for page in pages:
        table, cells = tables[page.number]
        rows = rowed[page.number][1]
        kept, template = set(table), set[int]()
        for run in _runs_of(sorted(table)):
            marks = [[repeated(page.lines[i]) for i in rows[r]] for r in run]
            if all(any(row) for row in marks) and sum(map(sum, marks)) >= s.template_share * sum(map(len, marks)):
                kept.difference_update(run)
                template.update(i for r in run for i in rows[r])
        out[page.number] = kept, cells - template, template
    return out


def _runs_of(numbers: list[int]) -> list[list[int]]:
    """Given sorted numbers, returns their runs of consecutive numbers."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return runs


def _ends(page: Page, rows: list[list[int]]) -> tuple[int, int]:
    """The first and the last of a page's rows on the visible page: a slide's later points, parked far off
    it, are no rows of its edges. (All of them when none is.)"""
    def on(r: int) -> bool:
        return any(_on_page(page.lines[i], page) for i in rows[r])

    first = next((r for r in range(len(rows)) if on(r)), None)
    if first is None:
        return 0, len(rows) - 1
    return first, next(r for r in range(len(rows) - 1, first - 1, -1) if on(r))


def _place_page(page: Page, row_of: list[int], ends: tuple[int, int], frame: _Frame, s: Settings, every_line: bool
                ) -> dict[int, _Line]:
    """Given a page, its rows, its first and last row on the visible page and its frame, returns the lines
    that may be furniture, placed, by index."""
    h = frame.height
    left_margin, right_margin = frame.left_margin, frame.right_margin
    edge_rows = s.edge_rows
    placed: dict[int, _Line] = {}
    first_row, last_row = ends
    deep = range(first_row + edge_rows, last_row - edge_rows + 1) if not every_line else range(0)
    for i, line in enumerate(page.lines):
        x0, top, x1, bottom = line.box
        if (row_of[i] in deep and left_margin < x1 and x0 < right_margin and bottom > 0 and top < h
                and not line.artifact):
            continue  # deep in the text, within the page and its margins: never furniture, not placed
        place, beyond, offset = _place(line, page, frame, s)
        r = row_of[i]
        rank = max(r - first_row if place == "top" else last_row - r, 0) if r >= 0 else 0
        if CID_MARK in line.text and line.angle not in (90, 270) and rank > 0 \
                and (rank >= s.outer_rows or line.text.count(CID_MARK) < 2) \
                and _is_garbage(line.text, s) and not _side(line.box, frame.column):
            # Unmapped glyph codes repeat without meaning anything (a score's clefs, system after system):
            # never furniture by repetition. Upright text in the text column only, past the page's outermost
            # row: a head or foot in unmapped glyphs is still one, and so is a run of them in the next row
            # (a download stamp's address and time between its other lines; one glyph there is a mark, a
            # symbol or a clef). Vertical text in the side margin is judged by its place alone, and marks
            # beside the column (a form's registration marks in its corners) by their place on each page.
            continue
        if rank >= edge_rows and place in ("top", "bottom") and not every_line and not line.artifact:
            continue  # deep in the text: never looked at as furniture, so not placed at all
        side = _side(line.box, frame.column)
        placed[i] = _Line(page.number, i, line, place, offset, r, shape_of(line.text), beyond, side,
                          x0 + x1 < frame.width, rank, (page.number, i))
    return placed


def _in_margin(layout: _Layout, i: int, side: Literal["left", "right"]) -> _Line:
    """Line ``i`` of a page, placed in its ``side`` margin by its height, as margin text is: for a column
    beside the text whose lines the text's rows kept from being placed."""
    placed = layout.lines.get(i)
    if placed is not None:
        return placed
    page, line = layout.page, layout.page.lines[i]
    return _Line(page.number, i, line, side, line.top, layout.row_of[i], shape_of(line.text), False, side,
                 side == "left", 0, (page.number, i))


def _at_foot(layout: _Layout, i: int) -> _Line:
    """Line ``i`` of a page, placed at its foot by its distance from the bottom edge however high it lies:
    for a line in the page's last row, where the page's text ends far above its bottom margin."""
    placed = layout.lines.get(i)
    if placed is not None and placed.place == "bottom":
        return placed
    page, line = layout.page, layout.page.lines[i]
    return _Line(page.number, i, line, "bottom", page.height - line.bottom, layout.row_of[i], shape_of(line.text),
                 False, _side(line.box, layout.column), line.box[0] + line.box[2] < page.width, 0, (page.number, i))


def _place(line: Line, page: Page, frame: _Frame, s: Settings) -> tuple[Place, bool, float]:
    """Where a line is: the page edge it belongs to (or diagonal, or the body), whether it is beyond the
    visible page, and its distance from that edge (0 for diagonal lines and the body). Margin text is
    placed by its height on the page, like a line number; vertical text and text beyond the page by its
    distance from the side edge."""
    x0, top, x1, bottom = line.box
    w, h = frame.width, frame.height
    if not line.angle and bottom > 0 and top < h and x1 > 0 and x0 < w and x1 > frame.left_margin \
            and x0 < frame.right_margin:
        # Most lines asked about: upright, on the page and within its margins. (What the tests below come to.)
        return ("top", False, top) if (top + bottom) / 2 < h / 2 else ("bottom", False, h - bottom)
    if bottom <= 0:
        return "top", True, top
    if top >= h:
        return "bottom", True, h - bottom
    if x1 <= 0:
        return "left", True, x0
    if x0 >= w:
        return "right", True, w - x1
    angle = line.angle
    if angle % 90:
        return "diagonal", False, 0.0
    if angle in (90, 270):
        cx = (x0 + x1) / 2
        left, col_top, right, col_bottom = frame.column
        if min(cx, w - cx) > w * s.vertical_body or (col_top < col_bottom and left <= x0 and x1 <= right) \
                or any(_beside_picture(line.box, pic, s) for pic in page.pictures if not _backdrop(pic, w, h, s)):
            # In the text (within its column: a chart's axis title), or a credit set along a photo: the photo's.
            # A picture as large as the page is its backdrop, along which every margin runs.
            return "body", False, 0.0
        return ("left", False, x0) if cx < w / 2 else ("right", False, w - x1)
    _, col_top, _, col_bottom = frame.column
    short = len(shape_of(line.text)) <= s.margin_text
    if x1 <= frame.left_margin and short and col_top <= top <= col_bottom:
        return "left", False, top if angle == 0 else x0
    if x0 >= frame.right_margin and short and col_top <= top <= col_bottom:
        return "right", False, top if angle == 0 else w - x1
    return ("top", False, top) if (top + bottom) / 2 < h / 2 else ("bottom", False, h - bottom)


def _backdrop(picture: tuple[float, float, float, float], width: float, height: float, s: Settings) -> bool:
    """True when a picture covers Settings.backdrop of the page's width and height: the page's own image
    (a scan under its OCR text, a slide's background), not a photo on it."""
    return picture[2] - picture[0] >= s.backdrop * width and picture[3] - picture[1] >= s.backdrop * height


def _beside_picture(box: tuple[float, float, float, float], picture: tuple[float, float, float, float],
                    s: Settings) -> bool:
    """True when a line runs along a picture's side: beside it (or over it) within Settings.picture_gap,
    and within its height."""
    x0, top, x1, bottom = box
    px0, ptop, px1, pbottom = picture
    gap = s.picture_gap
    return x1 >= px0 - gap and x0 <= px1 + gap and bottom >= ptop - gap and top <= pbottom + gap


# -- slides and their builds -------------------------------------------------------------------------------


Spot = tuple[str, int, int]  # a line's text and where it starts, to the point: (text, left, top)


class _Sketch:
    """A page as ``_built_on`` compares it with others, taken once: each page is compared with the page
    before it and with the earlier pages that share its longest line, and most comparisons end at the texts."""

    __slots__ = ("_spots", "lines", "longest", "number", "page", "size", "texts")

    def __init__(self, page: Page) -> None:
        self.page, self.number = page, page.number
        self.size = _page_size(page)
        shown = _shown(page)
        self.texts = {line.text for line in shown}
        self.lines = [line for line in shown if line.text.strip()]  # those that hold text
        self.longest = max(self.lines, key=lambda line: len(line.text)) if self.lines else None  # the first longest
        self._spots: set[Spot] | None = None

    def spots(self) -> set[Spot]:
        """Where each line is, made when first asked: only pages whose texts agree get this far."""
        if self._spots is None:
            self._spots = {_spot(line) for line in self.lines}
        return self._spots


def _spot(line: Line) -> Spot:
    return line.text, round(line.box[0]), round(line.top)


def _counted_on(line: Line) -> Spot | None:
    """Where a number without words would stand, one more, on the next page: each state of a slide may
    carry its own page's number ("4", then "5"). None for other lines."""
    if not NUMBER_ALONE.fullmatch(line.text):
        return None
    return DIGITS.sub(lambda number: str(int(number.group()) + 1), line.text, count=1), \
        round(line.box[0]), round(line.top)


def _slides(pages: Sequence[Page], s: Settings) -> tuple[dict[int, int], dict[int, int]]:
    """Given the pages with text, returns the slide each is a state of (``_builds``) and the slide each
    shows (``_copies``)."""
    sketches = [_Sketch(page) for page in pages]
    slide = _builds(sketches, s)
    return slide, _copies(sketches, slide, s)


def _builds(pages: list[_Sketch], s: Settings) -> dict[int, int]:
    """Given the pages with text, returns the slide each is a state of, numbered as the pages are but for
    the builds: a page that holds most of the page before it, in the same places (Settings.build_share of
    its lines, at least Settings.build_lines), is that page built on (a presentation's build, a beamer
    overlay) and has its slide; every other page begins a slide. Without builds, a page's slide is its
    number."""
    slides: dict[int, int] = {}
    before: _Sketch | None = None
    builds = 0
    for page in pages:
        if before is not None and before.number == page.number - 1 and _built_on(before, page, s):
            builds += 1
        slides[page.number] = page.number - builds
        before = page
    return slides


def _built_on(before: _Sketch, page: _Sketch, s: Settings, placed: bool = True) -> bool:
    """True when ``page`` holds Settings.build_share of the lines of the page ``before`` it (at least
    Settings.build_lines), its longest line among them, in the same places (unless not ``placed``) and
    size of page. On a page of so few lines that one missing would fall short of that share, a number
    without words counts as kept where the next page's number stands in its place (each state of a slide
    numbered as a page)."""
    if before.size != page.size or before.longest is None:
        return False
    earlier = before.lines
    least = max(s.build_lines, s.build_share * len(earlier))
    few = len(earlier) * (1 - s.build_share) < 1
    # The texts first: on the pages of a book they differ at once, and strings are quick to compare.
    missing = len(earlier) - least  # how many of them may be missing
    texts = page.texts
    for line in earlier:
        if line.text not in texts:
            counted = _counted_on(line) if few else None
            if counted is None or counted[0] not in texts:
                missing -= 1
                if missing < 0:
                    return False
    if not placed:
        # Texts tell pages apart only where most of them differ from each other: not a glyph a line.
        return len(before.texts) >= least
    spots = page.spots()
    # The page before's longest line stays too: pages drawn on one template (a chart report's pages, with
    # the same scales) share most lines, but each has its own caption or title, which a build keeps.
    if _spot(before.longest) not in spots:
        return False
    kept = sum(_spot(line) in spots or (few and _counted_on(line) in spots) for line in earlier)
    return kept >= least


def _copies(pages: list[_Sketch], slide: dict[int, int], s: Settings) -> dict[int, int]:
    """Given the pages with text and the slide of each, returns for each page the slide of the first page it
    is a copy of, or its own: a deck shows its outline again before each section, a form its section for
    each person, and a line repeated only because its page is (the outline's last item, at the slide's
    foot) repeats nothing. A copy holds Settings.build_share of the other page's lines, and the other page
    as much of its own (at least Settings.build_lines), the longest line among them in its place; the rest
    may have moved (a form's fields under an answer that took more room)."""
    copies: dict[int, int] = {}
    earlier: dict[Spot, list[_Sketch]] = defaultdict(list)
    for page in pages:
        copies[page.number] = slide[page.number]
        if len(page.lines) < s.build_lines or page.longest is None:
            continue
        spot = _spot(page.longest)
        for other in earlier[spot]:
            if slide[other.number] != slide[page.number] and _built_on(other, page, s, placed=False) \
                    and _built_on(page, other, s, placed=False):
                copies[page.number] = copies[other.number]
                break
        earlier[spot].append(page)
    return copies


# -- the body text -----------------------------------------------------------------------------------------


def _body_size(layouts: Iterable[_Layout], s: Settings) -> float:
    """Given the pages, returns the font size most of the running text is set in: that of the long upright
    lines (a diagram's many short labels are no body text), or of all upright lines if none is long, to the
    half point: 8.5 and 10.5 pt are common sizes, and rounded to 8 and 10 a smaller foot is no longer small.
    A page counts its characters up to Settings.body_page_weight times a middling page's."""
    layouts = list(layouts)
    pages = [[layout.page.lines[i] for i in layout.long] for layout in layouts]
    if not any(pages):
        pages = [[line for line in layout.page.lines if line.angle == 0] for layout in layouts]
    chars = [sum(len(line.text) for line in lines) for lines in pages]
    most = s.body_page_weight * _mid(n for n in chars if n) if any(chars) else 0.0
    sizes: dict[int, float] = defaultdict(float)  # characters by size in half points
    for lines, n in zip(pages, chars, strict=True):
        scale = min(1.0, most / n) if n else 0.0
        for line in lines:
            sizes[round(line.size * 2)] += len(line.text) * scale
    return max(sizes, key=sizes.__getitem__) / 2 if sizes else s.default_body


def _typical_gap(layouts: Iterable[_Layout], body: float, s: Settings) -> float:
    """Given the pages, returns the typical gap between rows of text: the leading furniture must exceed.
    It is measured between rows of running text (each holding a long line in the body's size), and is 0
    where there are none: the rows of a chart's or a slide's short labels lie far apart, and are no
    measure of a leading (a footer 16 pt under a chart's labels is set apart; Settings.apart_min still
    asks a gap of it). Rows that overlap count nowhere but on a scan, as no gap: its OCR makes each line's
    box taller than the leading, most rows overlap, and the gaps left are the paragraphs'. (Elsewhere
    rows overlap where a line is raised or a cell's lines are drawn close: no measure of the leading.)"""
    running = []
    for layout in layouts:
        lines = layout.page.lines
        long_rows = {layout.row_of[i] for i in layout.long if abs(lines[i].size - body) <= s.body_slack}
        least = -math.inf if layout.scanned else 0.0
        running += [max(gap, 0.0) for r, gap in enumerate(layout.gaps)
                    if gap > least and r in long_rows and r + 1 in long_rows]
    return _mid(running) if running else 0.0


# -- the text block ----------------------------------------------------------------------------------------


def _type_areas(ctx: _Context) -> dict[int, TextBlock | None]:
    """Given the pages and the groups found so far, returns each page's text block: the area the body text
    of pages of its size fills. It is taken from the rows that hold text no group explains, leaving out
    the lines in the same place, size and font as a group at the page edge (a running head whose text
    changes, in the body's size or smaller); over the pages it reaches as far as the text does on most
    of them (Settings.block_quantile), so that picture pages, chapter openers and short last pages do not
    move it."""
    s = ctx.settings
    grouped = ctx.grouped()
    slots = _edge_slots(ctx)
    wide = ctx.apart()
    extents: dict[tuple[int, int], list[tuple[int, Column]]] = defaultdict(list)
    for layout in ctx.layouts.values():
        extent = _text_extent(layout, grouped, slots, s, wide, ctx.numbering)
        if extent is not None:
            extents[_page_size(layout.page)].append((layout.page.number, extent))
    # The document's first page may start low (a title, a letterhead) and its last page stop short: where
    # other pages of the size say where the text starts or ends, those two are not asked.
    skip = {1: min(ctx.layouts), 3: max(ctx.layouts)}  # by side: left, top, right, bottom

    def reach(spans: list[tuple[int, Column]], side: int) -> float:
        asked = [e for n, e in spans if n != skip.get(side)] or [e for _, e in spans]
        return _reach([e[side] for e in asked], s) if side < 2 else -_reach([-e[side] for e in asked], s)

    blocks = {size: TextBlock(*(reach(spans, side) for side in range(4))) for size, spans in extents.items()}
    return {number: blocks.get(_page_size(layout.page))
            for number, layout in ctx.layouts.items()}


def _reach(values: list[float], s: Settings) -> float:
    """How far the text reaches on the side whose values grow inwards (tops, lefts; give the others
    negated): the value that all pages but Settings.block_quantile of them reach, and that at least
    Settings.block_pages pages reach, so that one page alone never stretches the block."""
    ordered = sorted(values)
    k = max(round(s.block_quantile * (len(ordered) - 1)), s.block_pages - 1)
    return ordered[min(k, len(ordered) - 1)]


def _edge_slots(ctx: _Context) -> dict[Place, list[Slot]]:
    """The places of the groups at the page edge, in text no larger than the body's (a slide's title is
    the first line of its text) or over larger text (a newsletter's section tab over its headlines), by
    edge: a line is asked about the slots of its own edge only."""
    s = ctx.settings
    limit = ctx.body * s.heading_size
    return _by_edge(_describe(g, s) for g in ctx.groups
                    if _at_edge(g, s) and (_mid(m.line.size for m in g.members) < limit or _under_larger(g, ctx)))


def _text_extent(layout: _Layout, grouped: set[tuple[int, int]], slots: dict[Place, list[Slot]], s: Settings,
                 wide: float, numbering: _Numbering) -> Column | None:
    """The extent of one page's text (left, top, right, bottom): the rows from the first to the last that
    hold a line no group explains, as wide as its long lines reach (or all its lines, if none is long)."""
    page = layout.page
    other = _not_text(layout, grouped, slots, s, wide, numbering)
    first = next((row for row in layout.rows if any(i not in other for i in row)), None)
    if first is None:
        return None
    last = next(row for row in reversed(layout.rows) if any(i not in other for i in row))
    top = min(page.lines[i].top for i in first)
    bottom = max(page.lines[i].bottom for i in last)
    lines = [page.lines[i] for i in layout.long if i not in other] or \
            [page.lines[i] for row in layout.rows for i in row if i not in other]
    return min(ln.box[0] for ln in lines), top, max(ln.box[2] for ln in lines), bottom


def _not_text(layout: _Layout, grouped: set[tuple[int, int]], slots: dict[Place, list[Slot]], s: Settings,
              wide: float, numbering: _Numbering) -> set[int]:
    """The lines of a page that are not its text: grouped, beyond the page, the pages' template (a grid drawn
    cell for cell on most pages, its colons and marks too), or in one of its outer rows in the place of a
    group at the edge, or beside such a line in a row set apart from the text. A line not placed (deep in
    the text, or unmapped glyph codes) is the page's text all the same."""
    k = s.outer_rows
    # A number alone at the height of the page numbers is one of them in any size or face (the front
    # matter's roman folios in their own type, before the body's are found).
    outer = [(i, m) for i, m in layout.lines.items() if m.row >= 0 and m.rank < k]
    in_slot = {i for i, m in outer if any(slot.holds(m) for slot in slots.get(m.place, ()))}
    held = in_slot | {i for i, m in outer if i not in in_slot and any(
        not slot.words and slot.near(m) and _lone_number(m.line.text, numbering) for slot in slots.get(m.place, ()))}
    other = held | {i for i, m in layout.lines.items() if m.key in grouped or m.beyond or i in layout.template}
    # The rest of such a row, in the size of its words, where the row is set apart from the rows beyond it
    # (``wide``) or holds the page's number: a running head in two faces, the document's title in one and
    # the current section's name, changing from page to page, in another; a songbook's date, folio and
    # song title, as close over the song as its lines are to each other; a manual's folio in the Latin
    # font, in the folios' size and face, beside the section's name in the Hangul one. (A slide's title
    # beside a logo is larger; a footnote beside its mark has no words in the slot, and its mark is not in
    # the folios' size and face.)
    rows, lines = layout.rows, layout.lines
    for r in {lines[i].row for i in held if i in in_slot or any(ch.isalpha() for ch in lines[i].line.text)}:
        place = lines[rows[r][0]].place if rows[r][0] in lines else None
        size = max(lines[i].line.size for i in rows[r] if i in held)
        folio = any(i in held and _lone_number(lines[i].line.text, numbering) for i in rows[r])
        if place in ("top", "bottom") and (folio or layout.gap_inwards(r, place) > wide) and all(
                i in lines and lines[i].place == place and lines[i].line.size <= size * (1 + s.size_tolerance)
                + s.size_slack for i in rows[r]):
            other.update(rows[r])
    return other


def _at_edge(g: _Group, s: Settings) -> bool:
    """True when the group's lines are in the outermost rows of their pages (Settings.outer_rows, top or
    bottom) on most of its pages: the lines that may be running heads or feet, unlike a heading inside
    the text."""
    if g.place not in ("top", "bottom") or g.beyond:
        return False
    near = sum(m.row >= 0 and m.rank < s.outer_rows for m in g.members)
    return near * 2 > len(g.members)
