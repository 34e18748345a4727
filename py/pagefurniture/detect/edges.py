"""Walking in from a page's top or bottom edge: which furniture is at the edge, and set apart from the text.

Furniture lies between the text and the page edge: from the edge inwards, row by row, only furniture
may come before the text begins, and the last furniture row must be set apart from the text beyond it
by a gap wider than the text's own line spacing (``Settings.apart``). ``_edges`` answers both questions
for a set of lines taken as furniture; the passes ask it of the groups decided so far (``_confirm_edges``)
and of single lines that would be furniture if their place allowed (``_edge_lines``).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Collection, Iterable
from itertools import pairwise

from ..model import Line
from .grouping import _raised_in, _typed_rule
from .groups import Key, Place, TextBlock, _chain, _cluster, _Context, _Layout, _Line, _mark, _mid, _on_page, _outside
from .numbers import ALNUM, NOTE_MARK, NUMBER_ALONE, shape_of
from .settings import Settings

# The rows of furniture reachable from an edge: the keys of their furniture lines, and the row's outer
# and inner edges (its side towards the page edge, and towards the text).
_Row = tuple[set[Key], float, float]
# Characters, spaces included, in the longest text that may be a speck's (most lines are longer: asked first).
SPECK_TEXT = 8


def _edges(ctx: _Context, furniture: Collection[Key], pages: Iterable[int] | None = None
           ) -> tuple[frozenset[Key], frozenset[Key]]:
    """Given the lines taken as furniture, returns those reachable from their page's top or bottom edge
    through furniture only, and of those the ones set apart from the text beyond them (on ``pages``, or
    on every page). The answer for every page is kept in the context, by the furniture asked about and
    the page numbers among it: the in-the-text pass and confirm-edges ask the same where the first keeps
    every removal."""
    numbered = frozenset(m.key for g in ctx.groups if g.remove and g.numbers == "page" for m in g.members)
    if pages is not None:
        return _edges_on(ctx, furniture, pages, numbered)
    key = frozenset(furniture), numbered
    known = ctx.edges.get(key)
    if known is None:
        # From a page without furniture, the walk meets none: only the pages with some are walked.
        known = ctx.edges[key] = _edges_on(ctx, key[0], {page for page, _ in key[0]}, numbered)
    return known


def _edges_on(ctx: _Context, furniture: Collection[Key], pages: Iterable[int], numbered: frozenset[Key]
              ) -> tuple[frozenset[Key], frozenset[Key]]:
    """``_edges`` on these pages, ``numbered`` the furniture's lines that count with the pages."""
    s = ctx.settings
    confirmed: set[Key] = set()
    apart: set[Key] = set()
    wide = ctx.apart()
    seen = _OwnRows(ctx)
    for layout in (ctx.layouts[n] for n in pages):
        for place in ("top", "bottom"):
            block, end_gap, text = _walk(layout, furniture, numbered, place, ctx.body, wide, s, seen)
            block, end_gap = _text_rows_off(block, end_gap, place, layout, numbered, wide, ctx.body, s)
            lines = layout.page.lines
            # A line of the other half of the page is at its own edge or none: on a page of a few lines the
            # walk from the foot may reach a line at the top (a contents page's only entry).
            other = "bottom" if place == "top" else "top"
            for ok, gap in _widest_gaps(block, end_gap, place):
                ok = {key for key in ok if (m := layout.lines.get(key[1])) is None or m.place != other}
                confirmed |= ok
                # Set apart by a gap wider than the text's leading, or by its type: a print header or a
                # head over a rule, close to the text, is in another typeface than the text it stands on
                # (a row of a few parts that has words: many parts, or numbers alone, are a table's or a
                # chart's labels, unless the row lies outside the text block in a typeface of its own).
                if gap is None or gap >= wide or (
                        text and not text & {_face(lines[i].font) for _, i in ok}
                        and (_few_words(ok, lines, s) or _own_row([i for _, i in ok], layout, s))):
                    apart |= ok
    return frozenset(confirmed), frozenset(apart)


def _face(font: str) -> str:
    """A font's typeface without its subset prefix, weight or style ("ABCDEF+Helvetica-Bold": "Helvetica")."""
    return font.split("+", 1)[-1].replace(",", "-").split("-", 1)[0]


def _text_rows_off(block: list[_Row], end_gap: float | None, place: Place, layout: _Layout,
                   numbered: frozenset[Key], wide: float, body: float, s: Settings
                   ) -> tuple[list[_Row], float | None]:
    """The walk's rows without the innermost run of them that lies nearer the text than the furniture on the
    page before it (a run of two or more rows far nearer), its rows nearer each other too: a diagram's
    first row of labels far below a running head is the diagram's, however it repeats, and so are the last
    rows of a form's table far over its foot, where every page is the same form. (A printer's slug beyond
    the page is as far from the head as the page's margin makes it; a run that holds the page's number is
    no diagram's; nor is a row of a few words right under that row, set apart from the text and outside the
    text block, where the text block begins, in the text's size or larger: the part of a court's opinion
    under its running head, "Syllabus"; a diagram's labels are set smaller, and a section's heading
    continued under a head block follows rows of its own.) ``wide``: the gap that sets furniture apart
    from the text; ``body``: the text's size."""
    height, text, lines = layout.page.height, layout.block, layout.page.lines
    while len(block) > 1 and end_gap is not None:
        last = len(block) - 1
        # One row nearer the text than the furniture before it is the text's (gaps within
        # Settings.gap_tolerance of each other are one spacing: a head of two lines spaced as the text is
        # from them); a run of them must lie
        # Settings.head_gap times as far from that furniture (a head block under a stamp at the edge is
        # spaced as widely as the text's own headings).
        start = next((k for k in range(last, 0, -1)
                      if _gap(block, k, place) > (end_gap * (1 + s.gap_tolerance) if k == last
                                                  else s.head_gap * end_gap)
                      and all(_gap(block, k, place) > _gap(block, j, place) for j in range(k + 1, last + 1))), None)
        if start is None:
            break
        outer, inner = block[start - 1], block[last]
        if ((outer[2] <= 0) if place == "top" else (outer[2] >= height)) \
                or any(row[0] & numbered for row in block[start:]) \
                or (start == last and _across_in_small_print(inner[0], lines, text, body, s)):
            break
        if start == last and end_gap >= wide and text is not None and outer[0] & numbered \
                and (text.top - wide <= inner[2] + end_gap and inner[2] <= text.top if place == "top"
                     else inner[2] - end_gap <= text.bottom + wide and inner[2] >= text.bottom) \
                and _few_words(inner[0], lines, s) \
                and all(len(layout.rows[layout.row_of[i]]) == len(inner[0])
                        and lines[i].size >= body - s.body_slack for _, i in inner[0]):
            break
        block, end_gap = block[:start], _gap(block, start, place)
    return _text_run_off(block, end_gap, place, height, numbered, wide, s)


def _across_in_small_print(keys: set[Key], lines: tuple[Line, ...], text: TextBlock | None, body: float,
                           s: Settings) -> bool:
    """True when a row's lines are set smaller than the text and reach from the text block's left edge to
    its right one, in two parts or more: a head's second row (a data sheet's number and date on the left,
    the publisher's address on the right, over the rule that ends the head); a diagram's labels stand
    where its parts are."""
    if text is None or len(keys) < 2:
        return False
    row = [lines[i] for _, i in keys]
    reach = max(s.align_min, s.align_size * max(line.size for line in row))
    return all(line.size < body - s.size_slack for line in row) \
        and abs(min(line.box[0] for line in row) - text.left) <= reach \
        and abs(max(line.box[2] for line in row) - text.right) <= reach


def _gap(block: list[_Row], k: int, place: Place) -> float:
    """The gap between the walk's rows k - 1 and k."""
    return (block[k][1] - block[k - 1][2]) if place == "top" else (block[k - 1][2] - block[k][1])


def _text_run_off(block: list[_Row], end_gap: float | None, place: Place, height: float,
                  numbered: frozenset[Key], wide: float, s: Settings) -> tuple[list[_Row], float | None]:
    """The walk's rows without its innermost run of two or more that the text's own spacing joins: each set
    apart from the next as the text's headings and paragraphs are (``wide`` or more), none farther from it
    than the last is from the text, and the gap over the run Settings.head_gap times the widest of theirs.
    A section's heading continued at the top of each page, under a head block, repeats as a head does, but
    it is spaced as the text it opens is; a head's own rows lie close together. (A run that holds the
    page's number is the head's, as is one under a row beyond the page.)"""
    if end_gap is None:
        return block, end_gap
    for k in range(1, len(block) - 1):
        inner = [_gap(block, j, place) for j in range(k + 1, len(block))]
        outer = block[k - 1][2]
        if min(inner) < wide or max(inner) > end_gap or _gap(block, k, place) < s.head_gap * end_gap \
                or any(row[0] & numbered for row in block[k:]) or (outer <= 0 if place == "top" else outer >= height):
            continue
        return block[:k], _gap(block, k, place)
    return block, end_gap


class _OwnRows:
    """The outermost rows at each edge that are rows of their own (``_own_row``) on some page, by their look
    (``_look``), worked out when first asked: a page without running text (a slide of a diagram) cannot
    tell a row of its own from a table's by its typeface, and the same row there is the same row."""

    def __init__(self, ctx: _Context) -> None:
        self.ctx = ctx
        self.known: dict[Place, set[tuple[str, ...]]] = {}

    def has(self, place: Place, row: list[int], lines: tuple[Line, ...]) -> bool:
        """True when a row at this edge looks like a row of its own at it on some page."""
        known = self.known.get(place)
        if known is None:
            known = self.known[place] = set()
            ctx, s = self.ctx, self.ctx.settings
            for layout in ctx.layouts.values():
                if layout.rows:
                    edge = layout.rows[0 if place == "top" else -1]
                    if _table_row(edge, layout.page.lines, ctx.body, s) and _own_row(edge, layout, s):
                        known.add(_look(edge, layout.page.lines))
        return _look(row, lines) in known


def _look(row: list[int], lines: tuple[Line, ...]) -> tuple[str, ...]:
    """A row's parts, digits masked, each with its left edge where it has no digits (a number that
    changes moves the part it is in, centred or set to the right)."""
    return tuple(sorted(shape if shape == lines[i].text else f"{shape} @{round(lines[i].box[0])}"
                        for i in row for shape in (shape_of(lines[i].text),)))


def _walk(layout: _Layout, furniture: Collection[Key], numbered: Collection[Key], place: Place, body: float,
          wide: float, s: Settings, seen: _OwnRows) -> tuple[list[_Row], float | None, set[str]]:
    """From the page edge inwards, the rows of furniture met before the text, the gap between the last of
    them and the text (None when the walk ends in a row that holds both), and the typefaces of the text's
    row it ends on (empty when it ends otherwise). ``numbered``: the furniture that counts with the pages."""
    page, rows = layout.page, layout.rows
    number = page.number
    order = range(len(rows)) if place == "top" else range(len(rows) - 1, -1, -1)
    lines = page.lines
    block: list[_Row] = []
    # The first text met beside a row of furniture of a few parts with words, not under it (a slide's title
    # below a logo in the corner): the walk ends there unless text under the furniture follows, farther
    # from it. (Many parts, or numbers alone, are a table's or a chart's labels.)
    beside: tuple[float, set[str]] | None = None
    for r in order:
        row = rows[r]
        fur = [i for i in row if (number, i) in furniture]
        if not fur and not any(_on_page(lines[i], page) for i in row):
            continue  # not on the page at all (a presentation's overlays parked far off it): nothing in the way
        if not fur and _specks(row, lines, layout.block, place):
            continue  # a scan's specks read as marks beyond the text block: nothing in the way either
        # Content, or a table row: never furniture. (A row of many parts wholly outside the text block,
        # sharing no columns with its neighbours and in none of the running text's typefaces, is no
        # table's: two pages printed on one sheet, each with its head; nor is that row on another page.)
        # (A row of furniture beyond the visible page, a printer's slug in parts, is no table's either.)
        # (Nor is the outermost row, all of it furniture, its parts far apart, set apart from the rows under
        # it: a head of several parts, its date, its title and its folio; a table's cells stand closer. Nor
        # such a row, set apart, that holds the page's number and words beside it: it is the head they
        # stand in, a program's section mark and name beside the section's title and the folio, a data
        # sheet's labels and their values, a date among them; beside figures alone, a number that counts
        # is a table's first row's cell. Past other furniture, only such a row with the page's number is
        # one: a foot bar over a tagline, under a table; a table's column headings under a head block, or
        # a chart's labels over its footer, hold no folio.)
        folio = any((number, i) in numbered for i in fur)
        if folio:
            parts = [lines[i].text for i in row if (number, i) not in numbered and ALNUM.search(lines[i].text)]
            folio = not (parts and all(NUMBER_ALONE.fullmatch(text) for text in parts))
        content = not fur or (any(_on_page(lines[i], page) for i in row) and (
            r in layout.table or (_cells_row(row, layout, body, s) and not seen.has(place, row, lines)
                                  and (layout.band_gap(r, place) < wide or (not folio and (
                                      block or len(fur) < len(row) or not _spread_out(row, lines, s)))))))
        if content and not block:
            return block, None, set()  # the text begins at the edge (most pages at one edge)
        near = min(lines[i].top for i in row) if place == "top" else max(lines[i].bottom for i in row)
        if content:
            faces = {_face(lines[i].font) for i in row}
            gap = (near - block[-1][2]) if place == "top" else (block[-1][2] - near)
            if _ruled_off(block, lines, s):
                gap = math.inf
            if beside is None and _few_words(block[-1][0], lines, s) and not _under(block[-1][0], row, lines):
                beside = gap, faces
                continue
            return block, gap, faces
        if beside is not None:
            return block, *beside
        # (Marks without a letter or a digit between furniture's parts, a label's colon, are the row's.)
        other = [i for i in row if (number, i) not in furniture and ALNUM.search(lines[i].text)]
        if other:
            # A line sharing its row with text is furniture only when far from that text (a logo beside a
            # slide title), never when glued to it (a footnote marker, a table cell).
            # A row wholly outside the text block (a date beside the footer, the current subsection beside
            # the section in a slide's headline) is the margin's, whatever its other lines turn out to be:
            # the edge reaches on past it.
            if _beyond_block(layout, other, s) and _beyond_block(layout, fur, s):
                block.append(({(number, i) for i in fur}, near, _inner(row, lines, place)))
                continue
            others = [lines[j] for j in other]
            far = {(number, i) for i in fur if _far(lines[i], others, s)}
            if far:
                block.append((far, near, near))
            return block, None, set()
        block.append(({(number, i) for i in fur}, near, _inner(row, lines, place)))
    return (block, *beside) if beside is not None else (block, None, set())


def _spread_out(row: list[int], lines: tuple[Line, ...], s: Settings) -> bool:
    """True when a row's parts stand Settings.far of their size or more apart, in Settings.table_cells
    places or more: parts closer than that are one place (a folio beside the box of its language code)."""
    parts = sorted((lines[i].box[0], lines[i].box[2], lines[i].size) for i in row)
    places = 1 + sum(b[0] - a[1] >= s.far * max(a[2], b[2]) for a, b in pairwise(parts))
    return places >= s.table_cells


def _specks(row: list[int], lines: tuple[Line, ...], block: TextBlock | None, place: Place) -> bool:
    """True when a row beyond the text block (on the side of ``place``) holds only marks of one or two
    characters without a figure: what OCR reads in a scan's specks and smudges ("r", "'"), no folio."""
    if block is None:
        return False
    return all(len(lines[i].text) <= SPECK_TEXT and len("".join(lines[i].text.split())) <= 2
               and not any(ch.isdigit() for ch in lines[i].text)
               and (lines[i].bottom <= block.top if place == "top" else lines[i].top >= block.bottom) for i in row)


def _ruled_off(block: list[_Row], lines: tuple[Line, ...], s: Settings) -> bool:
    """True when the walk's last row is a rule typed as text alone in its row (``grouping._typed_rule``)
    and the row before it has a few words: the rule rules the head off from the text (the foot, at the
    bottom) as a drawn rule does, however tight its underscores' box sits on the text. (Under a table's
    headings of many parts, the rule is the table's.)"""
    last = block[-1][0]
    return len(block) > 1 and len(last) == 1 and _typed_rule(lines[next(iter(last))[1]].text, s) \
        and _few_words(block[-2][0], lines, s)


def _few_words(keys: set[Key], lines: tuple[Line, ...], s: Settings) -> bool:
    """True when a row's lines of ``keys`` are fewer than Settings.cell_row and hold words."""
    return len(keys) < s.cell_row and any(ch.isalpha() for _, i in keys for ch in lines[i].text)


def _under(keys: set[Key], row: list[int], lines: tuple[Line, ...]) -> bool:
    """True when a line of the row shares some width with a line of ``keys`` (the page's): it lies under
    (or over) them, not only beside them."""
    spans = [lines[i].box for _, i in keys]
    return any(min(b[2], lines[i].box[2]) > max(b[0], lines[i].box[0]) for b in spans for i in row)


def _table_row(row: list[int], lines: tuple[Line, ...], body: float, s: Settings) -> bool:
    """True when a row is a table's: Settings.cell_row or more separate cells on one line in the text's
    size (a print slug in small type may have as many parts). Marks raised in a line of the row, set
    smaller (Settings.mark_size), are no cells."""
    if len(row) < s.cell_row:
        return False
    parts = [lines[i] for i in row]
    sizes = sorted(line.size for line in parts if not _mark(line, parts, s))
    return len(sizes) >= s.cell_row and sizes[len(sizes) // 2] >= s.cell_size * body


def _cells_row(row: list[int], layout: _Layout, body: float, s: Settings) -> bool:
    """True when a row is a table's by its cells (``_table_row``) and no row of its own (``_own_row``)."""
    return _table_row(row, layout.page.lines, body, s) and not _own_row(row, layout, s)


def _own_row(row: list[int], layout: _Layout, s: Settings) -> bool:
    """True when a row's lines lie outside the text block, in none of the running text's main typeface,
    or are the pages' template: however many its parts, no table's row (two pages printed on one sheet,
    each with its head; a data sheet's foot grid, cell for cell on every page)."""
    return all(i in layout.template for i in row) or (_beyond_block(layout, row, s) and _own_faces(row, layout))


def _own_faces(row: list[int], layout: _Layout) -> bool:
    """True when a page has running text (long lines) and none of a row's typefaces is the one most of it
    is set in."""
    faces = _text_faces(layout)
    return bool(faces) and faces.most_common(1)[0][0] not in {_face(layout.page.lines[i].font) for i in row}


def _text_faces(layout: _Layout, face: Callable[[str], str] = _face) -> Counter[str]:
    """The typefaces of a page's running text (its long lines), each with its count of characters."""
    lines = layout.page.lines
    faces: Counter[str] = Counter()
    for i in layout.long:
        faces[face(lines[i].font)] += len(lines[i].text)
    return faces


def _beyond_block(layout: _Layout, indices: list[int], s: Settings) -> bool:
    """True when the page's lines of these indices all lie outside its text block (a block is known)."""
    block = layout.block
    return block is not None and all(i in layout.lines and block.outside(layout.lines[i], s) for i in indices)


def _far(line: Line, others: list[Line], s: Settings) -> bool:
    """True when a line is far from every other line of its row (Settings.far font sizes). Text drawn over
    the line (another layer: a placed page's own head, a copy for a bold look) is not beside it."""
    return all(_over(line, o, s) or abs(_hgap(line, o)) >= s.far * max(line.size, o.size) for o in others)


def _inner(row: list[int], lines: tuple[Line, ...], place: Place) -> float:
    """A row's edge towards the text: its lowest bottom at the top of the page, its highest top at the foot."""
    return max(lines[i].bottom for i in row) if place == "top" else min(lines[i].top for i in row)


def _widest_gaps(block: list[_Row], end_gap: float | None, place: Place) -> list[tuple[set[Key], float | None]]:
    """Each row of the walk, from the innermost out, with the widest gap between it and the text: a row
    is set apart when any gap between it and the text is wide."""
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


def _over(a: Line, b: Line, s: Settings) -> bool:
    """True when two lines of one row are drawn over each other: they share more than Settings.over_share
    of the narrower one's width."""
    shared = min(a.box[2], b.box[2]) - max(a.box[0], b.box[0])
    return shared > s.over_share * min(a.box[2] - a.box[0], b.box[2] - b.box[0])


def _edge_lines(ctx: _Context, wanted: dict[Key, _Line], *, block: bool = True,
                close: Callable[[_Line], bool] | None = None, marked: str = "") -> list[_Line]:
    """Given lines that would be furniture if their place allowed, returns those at the page edge (only
    furniture or other such lines between them and the edge), set apart (unless ``close`` says a line may
    stand close to the text), and outside the text block (unless ``block`` is False: a short document's
    block is no measure, nor the first page's own; or the line carries ``marked``, the mark the PDF puts on
    the furniture found, ``groups._furniture_mark``: the block is drawn around every line no group
    explains, a head that changes on every page among them)."""
    taken = set(ctx.furniture()) | set(wanted)
    confirmed, apart = _edges(ctx, taken, {page for page, _ in wanted})
    return [m for key, m in wanted.items() if key in confirmed and (key in apart or (close is not None and close(m)))
            and (not block or (marked and m.line.artifact == marked) or _outside(m, ctx))]


def _labels_a_scale(m: _Line, layout: _Layout, s: Settings) -> bool:
    """True when a vertical line runs along a column of short labels close beside it (Settings.far of its
    size), set no more than Settings.axis_title times as large: a chart's axis title beside its tick
    labels (Settings.table_cells of them or more, their near or their far edges in one column: a scale's
    numbers are set flush right). A journal's or an archive's stamp up the margin is set large, beside the
    text's own columns of numbers (its contents' page numbers, its equations'). The labels' size is the
    measure, not the body's: a page of charts may have no text of its own. (An upright line in the side
    margin runs along nothing: a letterhead's last line over a table's column.)"""
    if m.line.angle not in (90, 270):
        return False
    x0, _, x1, _ = m.line.box
    reach = s.far * m.line.size
    near = [ln for ln in layout.page.lines
            if ln.angle == 0 and len(ln.text) <= s.margin_text
            and (0 <= ln.box[0] - x1 <= reach if m.place == "left" else 0 <= x0 - ln.box[2] <= reach)]
    tolerance = max(s.align_min, s.align_size * m.line.size)
    for edge in (0, 2):
        columns = _cluster([(ln.box[edge], tolerance, k) for k, ln in enumerate(near)])
        if any(len(column) >= s.table_cells and m.line.size < s.axis_title * _mid(near[k].size for k in column)
               for column in columns):
            return True
    return False


def _sideways_headings(m: _Line, layout: _Layout, s: Settings) -> bool:
    """True when a line runs up or down the page in a row of a table's column headings set sideways
    (``_sideways_row``)."""
    return _sideways_row(m.line, layout, s)


def _sideways_row(line: Line, layout: _Layout, s: Settings) -> bool:
    """True when a line running up or down the page stands in a row of Settings.table_cells or more such
    lines side by side (each within Settings.far of its size of the next, or of its own length), their
    first letters or their middles level, and the row reaches in over the text column or stands over
    columns of cells (upright lines under it in Settings.table_cells rows or more): a table's column
    headings set sideways over its narrow columns of boxes or of figures, from the foot of their boxes or
    centred in them. A stamp up the margin stands there alone, or with its own lines, beside the text,
    nothing under it."""
    if line.angle not in (90, 270) or layout.column is None:
        return False
    first = 3 if line.angle == 90 else 1  # the edge of the box its first letter is at: bottom going up
    near = max(s.align_min, s.align_size * line.size)
    middle = line.box[1] + line.box[3]
    level = sorted((other for other in layout.sideways if other.angle == line.angle
                    and (abs(other.box[first] - line.box[first]) <= near
                         or abs(other.box[1] + other.box[3] - middle) <= 2 * near)), key=lambda other: other.box[0])
    # Side by side: within Settings.far of its size of the next, or nearer than it is long (a heading is
    # set sideways because it is longer than its column is wide: a sheet's 3.7 pt headings 22.5 pt apart).
    reach = max(s.far * line.size, line.box[3] - line.box[1])
    lo, hi = _chain([(other.box[0], other.box[2]) for other in level],
                    next(k for k, other in enumerate(level) if other is line), reach)
    if hi - lo + 1 < s.table_cells:
        return False
    row = level[lo:hi + 1]
    left, _, right, _ = layout.column
    if any(other.box[0] < right and other.box[2] > left for other in row):
        return True
    x0, x1, low = row[0].box[0], max(other.box[2] for other in row), max(other.box[3] for other in row)
    under = {layout.row_of[i] for i, other in enumerate(layout.page.lines)
             if other.angle == 0 and other.top >= low and other.box[0] < x1 and other.box[2] > x0}
    return len(under) >= s.table_cells


def _beside_sideways_headings(m: _Line, layout: _Layout, s: Settings) -> bool:
    """True when an upright line's middle lies within the height of a row of column headings set sideways
    (``_sideways_row``): the upright headings of the same row of boxes over a table. (A running head over
    the boxes may touch their top.)"""
    middle = (m.line.top + m.line.bottom) / 2
    return any(other.top < middle < other.bottom and _sideways_row(other, layout, s) for other in layout.sideways)


def _footnote(row: list[_Line], block: TextBlock, s: Settings) -> bool:
    """True when a row of small print is a footnote: one line that starts at the text's left edge with a
    note's mark (a number of a few digits, or a sign such as * or a dagger) before its words, or that mark
    alone, raised (set smaller), before one line of its words. The mark may stand in from the edge by two
    of its sizes: LaTeX sets it flush right in a box 1.8 em wide. (An ISSN starts with a longer number.)"""
    parts = sorted(row, key=lambda m: m.line.box[0])
    if len(parts) == 2 and parts[0].line.size < parts[1].line.size:
        if NOTE_MARK.fullmatch(parts[0].line.text.strip()) is None:
            return False
    elif len(parts) > 1:
        return False
    line = parts[0].line
    reach = max(s.align_min, s.align_size * line.size)
    return -reach <= line.box[0] - block.left <= reach + 2 * line.size \
        and NOTE_MARK.match(line.text.lstrip()) is not None


def _referenced_note(row: list[_Line], layout: _Layout) -> bool:
    """True when a row opens with a footnote's mark that the page's text carries raised in one of its
    lines: the note the text refers to, however large its mark is set (a word processor sets it as large
    as the note's words) and wherever the note stands."""
    first = min(row, key=lambda m: m.line.box[0]).line
    mark = NOTE_MARK.match(first.text.lstrip())
    number = mark.group().strip("([") if mark else ""
    return number.isdigit() and any(line.text.strip() == number and _raised_in(line, layout.row_of[i], layout)
               for i, line in enumerate(layout.page.lines))


def _foot_notes(ctx: _Context, page: int) -> frozenset[int]:
    """The lines of a page's foot that the PDF marks as its footer but that are footnotes: from the first
    row marked so that is a footnote (``_footnote``, with words after its mark) down to the page's edge,
    every line marked as the footer. Notes typed into a word processor's page footer are tagged so; they
    explain the marks in the page's text and change with it: content. (A footer repeated under them is
    judged as a group, over all its pages.) Worked out once a page, kept in the context."""
    known = ctx.foot_notes.get(page)
    if known is None:
        known = ctx.foot_notes[page] = _foot_notes_on(ctx.layouts[page], ctx.settings)
    return known


def _foot_notes_on(layout: _Layout, s: Settings) -> frozenset[int]:
    """``_foot_notes`` of one page."""
    if layout.block is None:
        return frozenset()
    rows = layout.rows
    for r, row in enumerate(rows):
        if any(layout.page.lines[i].artifact != "footer" for i in row):
            continue
        parts = [layout.lines[i] for i in row if i in layout.lines]
        if len(parts) == len(row) and all(m.place == "bottom" for m in parts) and _footnote(parts, layout.block, s) \
                and any(ch.isalpha() for m in parts for ch in m.line.text):  # a note's words, not a folio
            below = [i for lower in rows[r:] for i in lower]
            if all(layout.page.lines[i].artifact == "footer" for i in below):
                return frozenset(below)
            return frozenset()
    return frozenset()
