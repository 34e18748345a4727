"""The passes that decide the groups found so far, and revise those decisions on more evidence.

Each takes the context and returns the groups it decided or changed, by their place in ``ctx.groups``,
as new groups (``_Group.decided``): it changes nothing it is given, and the driver puts them in. ``_judge``
decides the repeated lines on the evidence of their place; the others revise: ``_require_support`` and
``_margin_columns`` keep some removals after all, ``_accept_companions`` removes some kept lines, and
``_confirm_edges`` keeps removals that are not at the page edge (and takes pages off groups that are at
the edge only on some of their pages).
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterator, Sequence
from collections.abc import Set as AbstractSet

from ..model import Box, Line, Page
from .edges import (
    _beside_sideways_headings,
    _cells_row,
    _edges,
    _face,
    _foot_notes,
    _labels_a_scale,
    _sideways_headings,
)
from .groups import (
    OTHER_END,
    Key,
    Place,
    Side,
    _apart_from_block,
    _chain,
    _cluster,
    _Context,
    _covers,
    _describe,
    _far_in,
    _furniture_mark,
    _Group,
    _kind_of,
    _Line,
    _merge_slots,
    _mid,
    _outside,
    _page_size,
    _quantile,
    _row_shape,
    _rows_under_text,
    _same_place,
    _titles,
    _under_larger,
    _where,
    _words,
    furniture_of,
)
from .numbers import CARRIED, CID_MARK, CLOCK, PUBLISHING, RIGHTS_NAMED
from .settings import Settings


def _judge(ctx: _Context) -> dict[int, _Group]:
    """Given the groups, decides those no pass has decided yet (the repeated lines) on their place."""
    grouped, furniture = ctx.grouped(), ctx.furniture()
    titles = _titles(ctx)
    mark = _furniture_mark(ctx, furniture)
    out = {}
    for k, g in enumerate(ctx.groups):
        if not g.reason:
            judged = _judgement(g, ctx, grouped, furniture, titles)
            # A head or foot the PDF marks as it marks the furniture found already, and nothing of its
            # text, is furniture where its place alone would keep it (a sheet's name over a workbook's
            # pages, set as large as a heading); a table's cells are the table's however marked.
            if mark and not judged.remove and g.place in ("top", "bottom") \
                    and all(m.line.artifact == mark for m in g.members) \
                    and sum(m.index in ctx.layouts[m.page].cells for m in g.members) * 2 <= len(g.members):
                judged = g.decided(_kind_of(g.place), True,
                                   f"marked in the PDF as its other furniture is, {_where(g.place)} of {{pages}}")
            out[k] = judged
    return out


def _beside_furniture(g: _Group, ctx: _Context, furniture: Collection[Key]) -> bool:
    """True when most of a group's lines share their row with furniture found already (a page number)."""
    beside = sum(any((m.page, i) in furniture for i in ctx.layouts[m.page].rows[m.row] if i != m.index)
                 for m in g.members if m.row >= 0)
    return beside * 2 > len(g.members)


def _judgement(g: _Group, ctx: _Context, grouped: set[tuple[int, int]], furniture: Collection[Key],
               titles: AbstractSet[Key]) -> _Group:
    """Given a group of repeated lines and the document, decides it on the evidence of its place
    (``titles``: the slides' titles their producer tags as headers, ``_titles``)."""
    if g.place == "diagonal":
        # A watermark is drawn large across the page; slanted labels in the text's size are a chart's.
        if _mid(m.line.size for m in g.members) < ctx.body * ctx.settings.heading_size:
            return g.decided("repeated-content", False, "slanted, but no larger than the text: a picture's label")
        return g.decided("watermark", True, "a diagonal line across {pages}, drawn over the text")
    if g.place == "body":
        return g.decided("repeated-content", False, "inside the text, not at a page edge")
    where = _where(g.place)
    marked = sum(m.named and m.index not in _foot_notes(ctx, m.page) for m in g.members)
    if marked * 2 > len(g.members) and sum(m.key in titles for m in g.members) * 2 <= len(g.members):
        what = {"top": "header", "bottom": "footer"}.get(g.place, "margin note")
        return g.decided(_kind_of(g.place), True, f"marked as a page {what} in the PDF, {where} of {{pages}}")
    if sum(m.index in ctx.layouts[m.page].cells for m in g.members) * 2 > len(g.members):
        return g.decided("repeated-content", False,
                         "a table's cell: its row shares its columns with the rows beside it")
    if g.place in ("left", "right"):
        return _side_judgement(g, ctx)
    if sum(_beside_sideways_headings(m, ctx.layouts[m.page], ctx.settings) for m in g.members) * 2 > len(g.members):
        return g.decided("repeated-content", False,
                         "in one row with a table's column headings set sideways: a heading of that row")
    if 2 * sum(_far_in(m, ctx) for m in g.members) > len(g.members):
        return g.decided("repeated-content", False, "in the middle of the page, far from its edge, on {pages}")
    size = _mid(m.line.size for m in g.members)
    beside = sum(bool(m.beside) for m in g.members) * 2 > len(g.members)
    # A heading: larger than the text and over it (a long table's title, a slide's), in words, unless it
    # says what it is, a web address or a copyright: the publication's masthead; or it shares its row with
    # the page's number: a running head set large, whose folio closes it. (Figures alone, a patent's number
    # over each page, head no text; nor does a code of letters and figures in one word, a document's number
    # in the corner, or a time of day, "2:51 PM" under a print stamp's date.)
    if g.place == "top" and size >= ctx.body * ctx.settings.heading_size and not beside \
            and any(ch.isalpha() for ch in g.shape) and not _code(g.members[0].line.text) \
            and not CLOCK.fullmatch(g.members[0].line.text) \
            and not PUBLISHING.search(g.members[0].line.text) and not _under_larger(g, ctx) \
            and not _beside_furniture(g, ctx, furniture) and not _over_head_rows(g, ctx) \
            and not _mirrored(g.members, ctx.settings) and not _apart_on_every_page(g, ctx, grouped) \
            and not _facing_heads(g, ctx):
        return g.decided("repeated-content", False,
                         "a heading (larger than the text, and nothing larger below it) repeated on {pages}")
    if not _aligned(g.members, ctx.settings):
        return g.decided("repeated-content", False, "its place on the line moves from page to page, with the content")
    if g.place == "top" and _most_of(g.members, lambda m: _heads_columns(m, ctx)):
        return g.decided("repeated-content", False,
                         "one of a row of headings, each as wide as a column of the text under it or centred "
                         "on it: a table's column headings")
    if g.numbers == "varying":
        # Accepted later if it shares its line with other furniture (a timestamp beside a page number).
        return g.decided("repeated-content", False,
                         "its numbers do not follow the pages (labels or values that change)")
    if len(g.pages) * 2 < ctx.n_text and sum(_in_block(m, ctx, grouped) for m in g.members) * 2 > len(g.members):
        # Where the other pages have their text, on a few pages only: a long table's title and headings
        # repeated over its pages. (Furniture there is on most pages: a slide's logo beside its title.)
        return g.decided("repeated-content", False,
                         f"inside the text block, on only {{n}} of {ctx.n_text} pages: like a long table's headings")
    if len(g.pages) * 2 < ctx.n_text and sum(_labels_heading(m, ctx, grouped) for m in g.members) * 2 > len(g.members):
        return g.decided("repeated-content", False,
                         f"in or right over the row of its page's heading, on only {{n}} of {ctx.n_text} pages: "
                         "the heading's label")
    if g.place == "top" and len(g.pages) * 2 < ctx.n_text \
            and _most_of(g.members, lambda m: CARRIED.fullmatch(m.line.text) is not None):
        return g.decided("repeated-content", False,
                         f"a heading carried over from the page before, on only {{n}} of {ctx.n_text} pages")
    if set(g.pages) <= _covers(ctx):
        # A cover and a title page repeat their publisher's line at the foot; the pages of text do not.
        return g.decided("repeated-content", False, "only on the pages with little text before the text begins: "
                                                    "a cover's and a title page's")
    return g.decided(_kind_of(g.place), True,
                     f"{where} of {{n}} of {ctx.n_text} pages, {_apart_from_block(g.place)}, same place and size")


def _most_of(members: Sequence[_Line], test: Callable[[_Line], bool]) -> bool:
    """True when more than half of the lines pass ``test``, asked only until the answer is known (a running
    head's every line fails a costly test: half of them tell)."""
    need, left = len(members) // 2 + 1, len(members)
    for m in members:
        if test(m):
            need -= 1
            if not need:
                return True
        left -= 1
        if left < need:
            return False
    return False


def _heads_columns(m: _Line, ctx: _Context) -> bool:
    """True when a line is one of two or more parts of its row, each over a column of the text under it
    (most of that column's lines under that part and no other), and either Settings.column_heading of the
    column's width or more (a table of prose, measured on its long lines) or centred on it within
    Settings.centred_heading of its width (a table's headings over its own columns, of any width), the
    columns together as wide as Settings.column_heading of the text block: a table repeating its column
    headings over each page. A running head in two parts, a title and the page's number, leaves most of a
    column bare beside one of them, or stands flush with the text's edges; the first row of a sidebar's
    labels and entries heads a strip of the page."""
    layout, s = ctx.layouts[m.page], ctx.settings
    if m.row < 0 or len(layout.rows[m.row]) < 2:
        return False
    lines, row = layout.page.lines, layout.rows[m.row]
    low = max(lines[i].bottom for i in row)
    end = layout.block.bottom if layout.block is not None else layout.page.height
    under = [lines[j].box for j in layout.long if lines[j].top >= low and lines[j].bottom <= end]
    below: list[Box] | None = None  # every line under the row, when a part is not as wide as its long lines
    lefts, rights = [], []
    for i in row:
        x0, _, x1, _ = lines[i].box
        others = [lines[k].box for k in row if k != i]
        wide = _under_alone(lines[i].box, others, under)
        if wide:
            left, right = min(box[0] for box in wide), max(box[2] for box in wide)
            if x1 - x0 >= s.column_heading * (right - left):
                lefts.append(left)
                rights.append(right)
                continue
        if below is None:
            below = [line.box for line in lines if line.top >= low and line.bottom <= end]
        every = _under_alone(lines[i].box, others, below)
        if not every:
            return False
        # The column's edges as a page's text column has them (layout._columns): a line may run on across
        # the gutter. It is one column: most of its lines overlap (a part over the gutter between two
        # columns, the middle of a newspaper's running head, has the ends of two under it).
        x0s, x1s = [box[0] for box in every], [box[2] for box in every]
        left, right = _quantile(x0s, s.column_quantile), _quantile(x1s, 1 - s.column_quantile)
        if _quantile(x0s, 1 - s.column_quantile) >= _quantile(x1s, s.column_quantile) \
                or abs(x0 + x1 - left - right) > 2 * s.centred_heading * (right - left):
            return False
        lefts.append(left)
        rights.append(right)
    block = layout.block
    span = block.right - block.left if block is not None else layout.page.width
    return max(rights) - min(lefts) >= s.column_heading * span


def _under_alone(part: Box, others: Sequence[Box], boxes: Sequence[Box]) -> list[Box]:
    """Of ``boxes`` (lines under a row), those under ``part`` of the row and no other part, if they are two
    or more and most of those under it (a heading of the text may run on under the next part, where that
    column is bare); else none."""
    column = [box for box in boxes if box[0] < part[2] and part[0] < box[2]]
    alone = [box for box in column if not any(box[0] < other[2] and other[0] < box[2] for other in others)]
    return alone if len(alone) >= 2 and 2 * len(alone) > len(column) else []


def _labels_heading(m: _Line, ctx: _Context, grouped: AbstractSet[Key]) -> bool:
    """True when a line shares its row with a heading of its page, or stands at the top right over it,
    closer than a line of the text is high: a line larger than the text (and than the line) in no group,
    whose words are that page's own (a finding's severity, "Low", in the margin beside the finding's title
    over each finding's first page; a profile's category, "Telecommunications company", over the name
    that opens each profile)."""
    layout = ctx.layouts[m.page]
    if m.row < 0:
        return False
    rows = [m.row]
    if m.place == "top" and m.row + 1 < len(layout.rows) and layout.gaps[m.row] < ctx.body:
        rows.append(m.row + 1)
    large = max(ctx.body * ctx.settings.heading_size, m.line.size)
    return any(i != m.index and (m.page, i) not in grouped and layout.page.lines[i].size > large
               and any(ch.isalpha() for ch in layout.page.lines[i].text) for r in rows for i in layout.rows[r])


def _code(text: str) -> bool:
    """True when a line is one word of letters and figures: a code ("SLA0051"), no words. (Glyphs the font
    does not map, "(cid:4)(cid:5)", are unreadable text, not a code.)"""
    return len(text.split()) == 1 and CID_MARK not in text and any(ch.isdigit() for ch in text) \
        and any(ch.isalpha() for ch in text)


def _apart_on_every_page(g: _Group, ctx: _Context, grouped: AbstractSet[Key]) -> bool:
    """True when a group stands on every page with text (but perhaps the first and the last: a newsletter's
    cover and back page; or on more than half of them, over running text), in one text, each time in the
    outermost row, on most pages set apart from the rows under it and nothing in them set as large as it
    is: a running head set large over a manual's two columns, a data sheet's part number over each page's
    section (a table's column headings set as large are its row; a page's own heading set large under it,
    found on that page only, is that page's). So is each line of a head block, rows from the edge that
    hold only such texts or the page's number, set apart over the text's first row, of one line and not at
    the other edge: a running head of two lines set large (a document's name over its society's, a
    manual's title under "Página 3 de 16") over prose. A heading
    repeated so stands on some pages only, or over its own text (a report's title over the next lines of
    its title block, repeated with it), or wraps (a long table's title in two lines of one size, over a
    row of cells). ``grouped``: the lines in a group."""
    inner = sorted(ctx.layouts)[1:-1]  # the pages with text but the first and the last
    if g.numbers != "constant" or ctx.n_text < ctx.settings.min_run:
        return False
    pages = set(g.pages)
    # Or on more than half of the pages with text, over running text on most of its own: a manual's
    # chapters after front matter that has no head (a title over slides of pictures stands over none, and
    # a form's title over half its sheets is the form's).
    if not pages.issuperset(inner) and (
            2 * len(pages) <= ctx.n_text
            or 2 * sum(any(i != m.index for i in ctx.layouts[m.page].long) for m in g.members) <= len(g.members)):
        return False
    wide, s = ctx.apart(), ctx.settings
    step = 1 if g.place == "top" else -1
    every: set[Key] = set()  # the lines of the texts on every such page, gathered when a page has a block

    def in_block(page: int, row: list[int]) -> bool:
        if not every:
            every.update(h.key for other in ctx.groups
                         if (other.numbers == "constant" or (other.remove and other.numbers == "page"))
                         and set(inner) <= set(other.pages) for h in other.members)
        return all((page, i) in every for i in row)

    def under(m: _Line, last: int) -> tuple[bool, bool] | None:
        """Whether the rows under row ``last`` (the line's, or its block's innermost) are set apart from it,
        and whether they hold a line as large as the group's; None where the page ends there."""
        layout = ctx.layouts[m.page]
        inwards = last + step
        if not 0 <= inwards < len(layout.rows):
            return None
        if layout.gap_inwards(last, g.place) <= wide:
            return False, False  # (a maker's name set large, as close over some pages' prose as a heading)
        large = m.line.size * (1 - s.size_tolerance) - s.size_slack
        return True, inwards not in layout.table and any(
            layout.page.lines[i].size >= large and (m.page, i) in grouped for i in layout.rows[inwards])

    apart = as_large = 0
    for m in g.members:
        rows = ctx.layouts[m.page].rows
        if m.row < 0 or not all(in_block(m.page, rows[m.row - step * k]) for k in range(1, m.rank + 1)):
            return False
        # The line's own row first; past a block of such rows (or below those over it) where that row
        # does not set it apart as a head, over a row of one line (a table's title repeated with it stands
        # over a row of cells).
        found = under(m, m.row) if m.rank == 0 else (False, False)
        if found is None:
            return False
        if not found[0] or found[1]:
            last = m.row
            while 0 <= last + step < len(rows) and in_block(m.page, rows[last + step]):
                last += step
            if last != m.row or m.rank:
                # Over the text's first row: one line, not at the other edge (a page whose only line of
                # text lies between its head and its foot has no block over it).
                inwards, placed = last + step, ctx.layouts[m.page].lines
                block = under(m, last) if 0 <= inwards < len(rows) and len(rows[inwards]) == 1 and (
                    (first := placed.get(rows[inwards][0])) is None or first.place == g.place) else None
                if block is not None and block[0] and not block[1]:
                    found = block
        apart += found[0]
        as_large += found[0] and found[1]
    return 2 * apart > len(g.members) and 2 * as_large < apart


def _facing_heads(g: _Group, ctx: _Context) -> bool:
    """True when a group stands in one text at the top of every page with text of one hand (the odd pages or
    the even ones, two or more), and every page of the other hand holds, in its outermost row, another line
    of words at the same height, in the same size and typeface: the heads of facing pages, one text over
    the left-hand pages and another over the right-hand ones (a journal's chapter over its even pages, the
    section over its odd ones), however large, in an excerpt too short for either to repeat much."""
    if g.numbers != "constant" or g.place != "top" or len({page % 2 for page in g.pages}) != 1:
        return False
    hand = g.pages[0] % 2
    own = [page for page in ctx.layouts if page % 2 == hand]
    other = [page for page in ctx.layouts if page % 2 != hand]
    if len(own) < 2 or not other or not set(own) <= set(g.pages):
        return False
    s, head = ctx.settings, g.members[0].line
    near, face = s.position_tolerance * head.size, _face(head.font)
    return all(any(m.rank == 0 and m.place == "top" and any(ch.isalpha() for ch in m.line.text)
                   and abs(m.line.top - head.top) <= near and abs(m.line.size - head.size) <= s.size_slack
                   and _face(m.line.font) == face for m in ctx.layouts[page].lines.values()) for page in other)


def _over_head_rows(g: _Group, ctx: _Context) -> bool:
    """True when, on every page of the group, the row under its line holds one line only, in the text's
    size, which repeats on most pages with text, or the page's number: the first row of a head block set
    large (an organisation's name over the title of its notes, a gazette's name over its date and folio),
    not a heading over the text (a title's next lines are set as large as it is, a table's column headings
    are many, a slide's bullets change; a statement's own title under the name on one page makes the name
    that statement's heading)."""
    s = ctx.settings
    least = ctx.most()
    common = {m.key for o in ctx.groups if len(o.pages) >= least for m in o.members}
    folios = {m.key for o in ctx.groups if o.remove and o.numbers == "page" for m in o.members}
    over = 0
    for m in g.members:
        rows, lines = ctx.layouts[m.page].rows, ctx.layouts[m.page].page.lines
        if 0 <= m.row < len(rows) - 1:
            under = rows[m.row + 1]
            if any(2 * lines[i].bottom > ctx.layouts[m.page].page.height for i in under):
                continue  # the row under it is the foot's (a slide's title alone over its number)
            named = len(under) == 1 and (m.page, under[0]) in common and lines[under[0]].size <= ctx.body + s.body_slack
            over += named or any((m.page, i) in folios for i in under)
    return over == len(g.members) or (len(g.pages) >= least and g.numbers == "constant"
                                      and 2 * len(_sections(g, ctx)) > len(g.members))


def _sections(g: _Group, ctx: _Context) -> set[Key]:
    """The lines alone in the row under a group's lines that repeat (in a group of their own), set smaller
    than the group's line by a heading's share, in two texts or more: a running head's second row, naming
    the section each page is in (a data sheet's part number set large over its chapter's name). One text
    under a title on every page is the title's subtitle (a report's period under its name)."""
    repeated = ctx.grouped() - set(ctx.furniture())
    out = {}
    for m in g.members:
        layout = ctx.layouts[m.page]
        if 0 <= m.row < len(layout.rows) - 1:
            under = layout.rows[m.row + 1]
            line = layout.page.lines[under[0]]
            # (In the head's half of the page: a slide's title alone over its number at the foot has none.)
            if len(under) == 1 and (m.page, under[0]) in repeated and 2 * line.bottom <= layout.page.height \
                    and line.size * ctx.settings.heading_size <= m.line.size:
                out[m.page, under[0]] = line.text
    return set(out) if len(set(out.values())) > 1 else set()


def _head_sections(ctx: _Context) -> dict[int, _Group]:
    """Given the judged groups, removes the kept groups whose lines are all the second rows of a running head
    set large, repeated letter for letter on most pages (``_sections``): its section's name. Returns the
    groups it removes after all."""
    least = ctx.most()
    second: set[Key] = set()
    for g in ctx.groups:
        if g.remove and g.place == "top" and g.numbers == "constant" and len(g.pages) >= least:
            second |= _sections(g, ctx)
    if not second:
        return {}
    return {k: g.decided(_kind_of(g.place), True,
                         "in the row under a running head set large, on {pages}: the section's name")
            for k, g in enumerate(ctx.groups)
            if not g.remove and g.place == "top" and all(m.key in second for m in g.members)}


def _in_block(m: _Line, ctx: _Context, grouped: set[tuple[int, int]]) -> bool:
    """True when a line lies within its page's text block (not beyond it on its edge's side), in a row
    of repeated lines only: a table's headings, unlike a side head beside the text's first line."""
    layout = ctx.layouts[m.page]
    if m.row < 0 or layout.block is None or layout.block.outside(m, ctx.settings):
        return False  # not upright (in no row), or beyond the block
    return all((m.page, i) in grouped for i in layout.rows[m.row])


def _side_judgement(g: _Group, ctx: _Context) -> _Group:
    """Given a group of repeated lines in a side margin, decides it: margin text on half of the pages or more."""
    # Side heads alternate between the outer margins of odd and even pages: a group on pages of one
    # parity only is measured against the pages of that parity.
    parities = {page % 2 for page in g.pages}
    of = ctx.n_text if len(parities) == 2 else sum(1 for page in ctx.layouts if page % 2 in parities)
    if len(g.pages) * 2 < of:
        return g.decided("repeated-content", False, f"beside the text on only {{n}} of {of} pages")
    columns = Counter(column for _, column in {(m.page, _glyph_column(m, ctx.layouts[m.page].page)) for m in g.members}
                      if column)
    if 2 * columns.total() > len(g.pages) and 2 * max(columns.values()) <= len(g.pages):
        # Vertical writing is read glyph by glyph: one glyph repeats at the side where the columns beside
        # the text begin with different words (a chapter's title); a running head so read repeats whole.
        return g.decided("repeated-content", False,
                         "one character of a column of vertical writing that reads differently from page to page")
    if sum(_labels_a_scale(m, ctx.layouts[m.page], ctx.settings) for m in g.members) * 2 > len(g.members):
        return g.decided("repeated-content", False, "beside a column of short labels, like a chart's axis title")
    if sum(_sideways_headings(m, ctx.layouts[m.page], ctx.settings) for m in g.members) * 2 > len(g.members):
        return g.decided("repeated-content", False,
                         "one of a row of lines set sideways that reaches over the text: a table's column headings")
    if g.numbers == "varying":
        return g.decided("repeated-content", False,
                         "beside the text, but its numbers change from page to page like a table column's")
    return g.decided("margin", True, f"{_where(g.place)}, beside the text, on {{pages}}")


def _glyph_column(m: _Line, page: Page) -> str:
    """The text of the column of one-glyph lines, running up or down the page, that a one-glyph line is
    drawn in, each glyph within its size of the next ("" when it stands alone or holds more)."""
    line = m.line
    if line.angle not in (90, 270) or len(line.text.strip()) != 1:
        return ""
    x0, _, x1, _ = line.box
    near = line.size / 2
    stack = sorted((other for other in page.lines if other.angle == line.angle and len(other.text.strip()) == 1
                    and abs(other.box[0] - x0) <= near and abs(other.box[2] - x1) <= near), key=lambda o: o.top)
    start, end = _chain([(other.top, other.bottom) for other in stack], stack.index(line), line.size)
    return "".join(other.text.strip() for other in stack[start:end + 1]) if end > start else ""


def _aligned(members: Sequence[_Line], s: Settings) -> bool:
    """True when the lines keep one horizontal place (left edge, right edge or centre), or alternate
    between two (odd and even pages): running heads do, a title centred over tables of changing widths
    does not."""
    if len({m.page for m in members}) < s.align_pages:
        return True
    for spots in _places(members, s):
        big = sorted((len(spot) for spot in spots), reverse=True)
        if sum(big[:2]) >= s.align_share * len(members):
            return True
    return False


def _places(members: Sequence[_Line], s: Settings) -> Iterator[list[list[int]]]:
    """The lines' horizontal places, by each edge a line may keep (left, right, centre): the lines (by
    their index in ``members``) clustered within Settings.align_min, or align_size of their size."""
    for edge in (lambda b: b[0], lambda b: b[2], lambda b: (b[0] + b[2]) / 2):
        yield _cluster([(edge(m.line.box), max(s.align_min, s.align_size * m.line.size), k)
                        for k, m in enumerate(members)])


def _mirrored(members: Sequence[_Line], s: Settings) -> bool:
    """True when the lines stand in two horizontal places (by left edge, right edge or centre), one for the
    odd pages and one for the even, on Settings.align_pages pages or more: a running head on the outer side
    of facing pages, however large it is set (a heading over the text keeps its place)."""
    if len({m.page for m in members}) < s.align_pages:
        return False
    for places in _places(members, s):
        spots = sorted(places, key=len, reverse=True)
        if len(spots) >= 2 and len(spots[0]) + len(spots[1]) == len(members):
            parities = [{members[k].page % 2 for k in spot} for spot in spots[:2]]
            if all(len(p) == 1 for p in parities) and parities[0] != parities[1]:
                return True
    return False


def _require_support(ctx: _Context) -> dict[int, _Group]:
    """Given the judged groups, keeps a line repeated on only a few pages unless its place is a running
    head's place: other furniture (the next section's head) sits there too, in the same size, on a good
    share of the pages; or it says what it is at the foot, a copyright (a deck's title and closing
    slides share one layout, its notice under both). Returns the groups it keeps after all."""
    s = ctx.settings
    if ctx.n_text <= s.short_document:
        return {}
    candidates = [(k, g) for k, g in enumerate(ctx.groups) if g.remove and g.numbers == "constant"
                  and g.place in ("top", "bottom") and not g.beyond
                  and not (g.place == "bottom" and RIGHTS_NAMED.search(g.members[0].line.text))]
    slots = _merge_slots(_describe(g, s) for _, g in candidates)
    out = {}
    for k, g in candidates:
        n = len(g.pages)
        if n >= max(s.min_run, s.support_run_share * ctx.n_text):
            continue
        mine = _describe(g, s)
        support = max((len(slot.pages) for slot in slots if slot.place == mine.place and _same_place(slot, mine)),
                      default=n)
        if support < max(s.support_pages, s.support_share * ctx.n_text):
            out[k] = g.decided("repeated-content", False,
                               f"on only {{n}} of {ctx.n_text} pages, and no other running head shares its place")
    return out


def _words_of_the_text(ctx: _Context) -> dict[int, _Group]:
    """Given the judged groups, keeps a removal at the top or bottom on fewer than half of the pages whose
    words the text holds on more other pages, in kept groups' lines inside the text block and deeper than
    the rows running heads take (Settings.outer_rows): a table's row label that ends a few pages at one
    height (an analysis's "Documentation" row, the same analysis documented each time) is one of the
    text's labels. A running head's words stand in the text once or so, as its heading (and a head kept
    for now, in the outer rows of other pages, is no text: a web address on the outer side of facing
    pages). Returns the groups it keeps after all."""
    outer = ctx.settings.outer_rows
    kept: dict[str, set[int]] = defaultdict(set)
    for g in ctx.groups:
        if not g.remove:
            kept[_words(g.members[0].line.text)].update(m.page for m in g.members
                                                        if m.rank >= outer and not _outside(m, ctx))
    out = {}
    for k, g in enumerate(ctx.groups):
        if g.remove and g.place in ("top", "bottom") and g.numbers == "constant" and 2 * len(g.pages) < ctx.n_text:
            elsewhere = kept.get(_words(g.members[0].line.text), set()) - set(g.pages)
            if len(elsewhere) > len(g.pages):
                out[k] = g.decided("repeated-content", False,
                                   f"its words stand in the text of {len(elsewhere)} other pages: one of the "
                                   f"text's labels")
    return out


def _margin_columns(ctx: _Context) -> dict[int, _Group]:
    """Given the groups, keeps margin text whose column is not furniture: pleading numbers are all
    repeated, while a table column that sticks out beside the text has one repeated heading over values
    that change. Returns the groups it keeps after all."""
    column: Counter[tuple[int, Place]] = Counter(
        (m.page, m.place) for m in ctx.lines if m.place in ("left", "right") and m.line.angle == 0)
    kept: Counter[tuple[int, Place]] = Counter()
    margin = [(k, g) for k, g in enumerate(ctx.groups)
              if g.remove and g.kind == "margin" and g.place in ("left", "right")]
    for _, g in margin:
        for m in g.members:
            if m.line.angle == 0:
                kept[(m.page, g.place)] += 1
    furniture = ctx.furniture()
    out = {}
    for k, g in margin:
        upright = [m for m in g.members if m.line.angle == 0]
        mixed = sum(kept[(m.page, g.place)] * 2 < column[(m.page, g.place)] for m in upright)
        cells = sum(m.row >= 0 and _cells(m, ctx.layouts[m.page].rows[m.row], furniture) >= ctx.settings.cell_row
                    for m in upright)
        if mixed * 2 > len(g.members):
            out[k] = g.decided("repeated-content", False, "beside the text, over values that change from page to "
                                                          "page, like a table column's heading")
        elif cells * 2 > len(g.members):
            out[k] = g.decided("repeated-content", False,
                               "beside the text in a row of table cells, like a table column's heading")
    return out


def _cells(m: _Line, row: list[int], furniture: dict) -> int:
    """How many parts of a line's row are not other furniture: a slide's headline of section names is
    no row of table cells, though it has as many parts."""
    return sum(i == m.index or (m.page, i) not in furniture for i in row)


def _accept_companions(ctx: _Context) -> dict[int, _Group]:
    """Given the groups, removes kept lines whose numbers change (a time, a file id) where they share
    their line with furniture on most of their pages. Returns the groups it removes after all."""
    furniture = ctx.furniture()
    out = {}
    for k, g in enumerate(ctx.groups):
        if g.remove or g.numbers != "varying" or g.place not in ("top", "bottom") or \
                len(g.pages) < ctx.settings.support_share * ctx.n_text:
            continue
        if _beside_furniture(g, ctx, furniture):
            out[k] = g.decided(_kind_of(g.place), True, f"changes from page to page but sits on the same line as "
                                                        f"other furniture, {_where(g.place)} of {{pages}}")
    return out


def _table_headings(ctx: _Context) -> dict[int, _Group]:
    """Given the groups, keeps removals at the top whose row, of Settings.table_cells parts or more, stands
    again the same (its texts where they were) under other text on a page: a long table's heading row,
    repeated at the top of each page the table runs onto, first stands where the table starts, in the
    text. A running head's row never comes again under the text. Returns the groups it keeps after all."""
    least = ctx.settings.table_cells
    # The rows at the top that removals sit in, of table cells: most documents have none.
    heads = {(k, m.key): _row_shape(ctx.layouts[m.page], m.row) for k, g in enumerate(ctx.groups)
             if g.remove and g.place == "top"
             for m in g.members if m.row >= 0 and len(ctx.layouts[m.page].rows[m.row]) >= least}
    if not heads:
        return {}
    # Those rows where a table starts in the text, other than the removals themselves. (A head's grid
    # under the head's title, kept, is those removals on every page.)
    within = _rows_under_text(ctx, set(heads.values()), {key for _, key in heads})
    out = {}
    for k, g in enumerate(ctx.groups):
        starts = sum(heads.get((k, m.key)) in within for m in g.members)
        if g.remove and g.place == "top" and 2 * starts > len(g.members):
            out[k] = g.decided("repeated-content", False, "a table's heading row, repeated at the top of {pages}: "
                                                          "the same row starts the table under the text")
    return out


def _banners(ctx: _Context) -> dict[int, _Group]:
    """Given the groups, removes kept lines at the top or the bottom of their pages whose words are those
    of furniture at the other edge, most of the pages of each being pages of the other: a marking printed
    at the head and the foot of every page ("CUI (when filled in)", "CONFIDENTIAL"), in type larger than
    the text's. A heading is printed again at the foot of some of its pages only, where the foot names
    the report or the section on every page (a report's title over each of its parts, a section's heading
    on the pages it begins). Returns the groups it removes after all."""
    removed = [g for g in ctx.groups if g.remove and g.place in OTHER_END]
    out = {}
    for k, g in enumerate(ctx.groups):
        if g.remove or g.place not in OTHER_END:
            continue
        words, pages = _words(g.shape), set(g.pages)
        if not any(ch.isalpha() for ch in words):
            continue  # numbers alone are the page's numbers or its text's, said nowhere in words
        if any(h.place == OTHER_END[g.place] and _words(h.shape) == words
               and 2 * len(pages & set(h.pages)) > max(len(pages), len(h.pages)) for h in removed):
            out[k] = g.decided(_kind_of(g.place), True, f"{_where(g.place)} of {{pages}}, in the words of the "
                                                        f"furniture {_where(OTHER_END[g.place])} of them: a marking at "
                                                        f"head and foot")
    return out


def _in_the_text(ctx: _Context) -> dict[int, _Group]:
    """Given the groups, keeps a removal at the top or bottom whose place is where the text runs on most
    other pages of the same size: a chapter's heading set low on its opening page, a note in the middle of
    an empty page. Lines the PDF marks as a page header or footer, text beyond the page, the pages' fine
    print (``_fine_print``) and text beside the text column are left be. Returns the groups it keeps after all."""
    s = ctx.settings
    # What is taken for furniture so far and reachable from its page's edge: a removal deep in the text
    # (a slide's bullet repeated elsewhere, which confirm-edges will keep) is still where the text runs.
    edge, _ = _edges(ctx, ctx.furniture())
    text = _TextPlaces(ctx, edge)
    out = {}
    for k, g in enumerate(ctx.groups):
        if not g.remove or g.place not in ("top", "bottom") or g.beyond or \
                sum(m.named for m in g.members) * 2 > len(g.members) or _fine_print(g, ctx):
            continue
        members = _spread(g.members, s.text_sample)
        inside = sum(not m.beside and not _outside(m, ctx) and text.runs_through(m) for m in members)
        if inside * 2 > len(members):
            out[k] = g.decided("repeated-content", False, "where the text runs on most other pages, inside the "
                                                          "text block")
    return out


class _TextPlaces:
    """Where each page's text runs: its lines that are not furniture, by height."""

    def __init__(self, ctx: _Context, furniture: Collection[Key]) -> None:
        self.ctx, self.furniture = ctx, furniture
        self.by_size: dict[tuple[int, int], list[int]] = defaultdict(list)
        for number, layout in ctx.layouts.items():
            self.by_size[_page_size(layout.page)].append(number)
        self.pages: dict[int, _Text] = {}
        self.answers: dict[tuple[int, Place, float, float], bool] = {}

    def runs_through(self, m: _Line) -> bool:
        """True when, on most other pages of the line's size (Settings.text_sample of them at most), the
        text runs through the line's place: a line of text shares a good part of its height, and another
        lies wholly between it and its edge (where a page's text only begins at that height, as a slide's
        title does beside a logo, the place is the text's first row, not its middle). The lines of a group
        mostly share one place, which is asked about once."""
        page = self.ctx.layouts[m.page].page
        key = (m.page, m.place, round(m.line.top), round(m.line.bottom))
        size = _page_size(page)
        shared = (0, m.place, round(m.line.top), round(m.line.bottom))
        if shared in self.answers and len(self.by_size[size]) > self.ctx.settings.text_sample:
            return self.answers[shared]  # many pages: the sample is the same whichever page asks
        if key not in self.answers:
            self.answers[key] = self.answers[shared] = self._runs_through(m, size)
        return self.answers[key]

    def _runs_through(self, m: _Line, size: tuple[int, int]) -> bool:
        others = _spread([n for n in self.by_size[size] if n != m.page], self.ctx.settings.text_sample)
        if not others:
            return False
        top, bottom = m.line.top, m.line.bottom
        least = self.ctx.settings.text_overlap * (bottom - top)
        hits = misses = 0
        for number in others:
            text = self._text(number)
            through = False
            if any(min(bottom, line.bottom) - max(top, line.top) > least for line in text.near(top, bottom)):
                through = text.first <= m.line.top if m.place == "top" else text.last >= m.line.bottom
            hits += through
            misses += not through
            if hits * 2 > len(others) or misses * 2 >= len(others):
                break  # the majority is known
        return hits * 2 > len(others)

    def _text(self, number: int) -> _Text:
        text = self.pages.get(number)
        if text is None:
            page = self.ctx.layouts[number].page
            # Upright text on the page (text beyond it is not where the page's text runs).
            text = self.pages[number] = _Text([line for i, line in enumerate(page.lines) if line.angle == 0
                                               and (number, i) not in self.furniture and line.text.strip()
                                               and line.box[1] >= 0 and line.box[3] <= page.height])
        return text


class _Text:
    """One page's lines of text, from the top, so that those near a height are found by bisection."""

    def __init__(self, lines: list[Line]) -> None:
        self.lines = sorted(lines, key=lambda line: line.box[1])
        self.tops = [line.box[1] for line in self.lines]
        # The tallest line: a line reaching down into a place starts at most this far above it.
        self.tallest = max((line.box[3] - line.box[1] for line in lines), default=0.0)
        # The highest bottom of the lines, and the lowest top: a line that lies wholly above a place, or
        # wholly below it, reaches past these.
        self.first = min((line.box[3] for line in lines), default=math.inf)
        self.last = max(self.tops, default=-math.inf)

    def near(self, top: float, bottom: float) -> list[Line]:
        """The lines that may share some of the height from ``top`` to ``bottom`` (and a few that do not)."""
        return self.lines[bisect_left(self.tops, top - self.tallest):bisect_right(self.tops, bottom)]


def _spread(items: list, most: int) -> list:
    """At most ``most`` of the items, evenly spread over them."""
    if len(items) <= most:
        return items
    return [items[k * len(items) // most] for k in range(most)]


def _confirm_edges(ctx: _Context) -> dict[int, _Group]:
    """Given the groups, keeps a removal only where nothing but furniture lies between the line and its
    page edge, and the furniture is set apart from the text by a gap wider than the text's line spacing.

    Each removal it takes back changes what is furniture, and so what lies between the others and their
    edge: it walks the edges again until nothing changes. Returns the groups it kept after all or took
    pages off (those where the line is not at the edge), as they end up."""
    columns: dict[tuple[int, Side], list[_Line]] = defaultdict(list)
    for m in ctx.lines:
        if m.beside:
            columns[(m.page, m.beside)].append(m)
    # How many lines of its page each column holds, placed or not (a chart's labels deep in the page),
    # counted where asked.
    sizes: dict[tuple[int, Side], int] = {}

    def size(where: tuple[int, Side]) -> int:
        if where not in sizes:
            sizes[where] = ctx.layouts[where[0]].beside(where[1])
        return sizes[where]

    groups = list(ctx.groups)  # this pass's own view: the groups as it has revised them so far
    out: dict[int, _Group] = {}
    changed = True
    while changed:
        changed = False
        furniture = furniture_of(groups)
        confirmed, apart = _edges(ctx, furniture)
        side = _side_heads(columns, size, furniture, ctx.settings)
        flanks = _flanking_heads(ctx, furniture, confirmed)
        fine = {m.key for g in groups if _fine_print(g, ctx) for m in g.members}
        confirmed |= side | flanks | fine
        apart |= side | flanks | fine | _beside_folios(groups, ctx) | _heads_over_changing_text(groups, ctx)
        for k, g in enumerate(groups):
            revised = _at_the_edge(g, confirmed, apart)
            if revised is not None:
                groups[k] = out[k] = revised
                changed = True
    return out


def _beside_folios(groups: list[_Group], ctx: _Context) -> set[Key]:
    """The lines in the rows of page numbers that count with the pages: a running head that its folio
    closes is where the folio is, set apart or not (a head over a rule, as tight on the text as its lines
    are on each other)."""
    return {(m.page, i) for g in groups if g.remove and g.numbers == "page" for m in g.members if m.row >= 0
            for i in ctx.layouts[m.page].rows[m.row] if i != m.index}


def _fine_print(g: _Group, ctx: _Context) -> bool:
    """True when a removal is of words in small print (Settings.fine_print of the text's size), letter for
    letter in one place on every page with text: the pages' template wherever it stands, at the edge or in
    the text's place (a newsletter's column of editors, addresses and version beside its text). A
    footnote's mark, "1" on every page, has no words."""
    s = ctx.settings
    return g.remove and g.numbers == "constant" and g.place in ("top", "bottom") \
        and len(g.pages) == ctx.n_text >= s.min_run and any(ch.isalpha() for ch in g.shape) \
        and _mid(m.line.size for m in g.members) <= s.fine_print * ctx.body


def _heads_over_changing_text(groups: list[_Group], ctx: _Context) -> set[Key]:
    """The lines of a group that stands in one text in the top row of every page with text (past the
    cover, ``_covers``), over a first row of the text that changes from page to page and is no table's: a
    running head as close on the text as its lines are on each other. (A long table's headings stand over
    rows that share their columns; a title block repeated with the table is over a row that repeats too.
    At the foot, the same last row on every page is as likely a listing or a table running on past the
    page.)"""
    out: set[Key] = set()
    covers = _covers(ctx)
    for g in groups:
        if not g.remove or g.numbers != "constant" or g.place != "top" or ctx.n_text < ctx.settings.min_run \
                or len(g.pages) != ctx.n_text - len(covers) or not covers.isdisjoint(g.pages):
            continue
        under: set[str] = set()
        for m in g.members:
            layout = ctx.layouts[m.page]
            inwards = m.row + 1
            if m.rank != 0 or not 0 <= inwards < len(layout.rows) or inwards in layout.table:
                break
            under.add(" ".join(layout.page.lines[i].text for i in layout.rows[inwards]))
        else:
            if 2 * len(under) > len(g.members):
                out.update(m.key for m in g.members)
    return out


def _flanking_heads(ctx: _Context, furniture: dict[Key, _Group], confirmed: AbstractSet[Key]) -> set[Key]:
    """The furniture lines at the top or bottom, outside the text block, that the walk of rows in from the
    edge did not reach because text lies between them and the edge elsewhere across the page, with nothing
    but furniture between them and the edge across their own width, and set apart (``_Context.apart``)
    from the first other line under them there: a report's head in three columns, its logo's caption and
    its print date beside and under a title set large in the middle. Text beside a line on its own line
    (a table's totals beside their label), or a table's row, joins it to the text."""
    wide, s = ctx.apart(), ctx.settings
    out: set[Key] = set()
    for number in {page for page, _ in furniture}:
        layout = ctx.layouts[number]
        if layout.block is None:
            continue
        lines = layout.page.lines
        text: list[Line] | None = None  # the page's text, worked out when first asked
        for m in layout.lines.values():
            if m.key not in furniture or m.key in confirmed or m.place not in ("top", "bottom") or m.beyond \
                    or m.line.angle != 0 or m.row < 0:
                continue
            inside = not _outside(m, ctx)
            if inside and furniture[m.key].numbers != "page":
                continue
            if text is None:
                text = [ln for i, ln in enumerate(lines)
                        if (number, i) not in furniture and ln.angle == 0 and ln.text.strip()]
            row, line, top = layout.rows[m.row], m.line, m.place == "top"
            beside = [ln for ln in text
                      if 2 * (min(ln.bottom, line.bottom) - max(ln.top, line.top)) > line.bottom - line.top]
            # In a band of rows set apart from the text, beside lines no smaller than the text's (a bar
            # holding each page's title and its number), a page number is the bar's, though the titles
            # there draw the text block around it. (A footnote's mark beside its small text is the text's.)
            band = bool(beside) and all(ln.size >= ctx.body for ln in beside) \
                and layout.band_gap(m.row, m.place) >= wide
            if inside and not band:
                continue
            if m.row in layout.table or _cells_row(row, layout, ctx.body, s) \
                    or (beside and not band) \
                    or not any(ln.top < line.top and ln.bottom <= line.bottom if top else
                               ln.bottom > line.bottom and ln.top >= line.top for ln in text):
                continue  # joined to the text on its line, or nothing of the text between it and the edge
            x0, x1 = line.box[0], line.box[2]
            # The lines across its width, from the edge inwards.
            across = sorted((ln.top if top else -ln.bottom, i) for i, ln in enumerate(lines)
                            if ln.angle == 0 and ln.text.strip() and ln.box[0] < x1 and ln.box[2] > x0)
            edge: float | None = None  # the inner edge of the furniture met so far
            passed = False  # the line itself met
            for _, i in across:
                near = lines[i]
                if (number, i) in furniture:
                    inner = near.bottom if top else near.top
                    edge = inner if edge is None else max(edge, inner) if top else min(edge, inner)
                    passed = passed or i == m.index
                    continue
                if passed and edge is not None and (near.top - edge if top else edge - near.bottom) >= wide:
                    out.add(m.key)
                break
    return out


def _side_heads(columns: dict[tuple[int, Side], list[_Line]], size: Callable[[tuple[int, Side]], int],
                furniture: dict, s: Settings) -> set[tuple[int, int]]:
    """The furniture lines beside the text column with nothing but furniture between them and the page edge.

    A side head (running heads in the outer margin, beside the text column) shares rows with the text;
    what matters is that nothing but furniture lies between it and the edge in its own column. ``size``:
    how many lines a column holds, placed or not."""
    out: set[tuple[int, int]] = set()
    for where, column in columns.items():
        if any(m.key not in furniture for m in column):
            if len(column) > s.side_column or size(where) > s.side_column:
                continue  # a column of many lines beside the text is a table's or a chart's, not a side head's
        elif size(where) > max(s.side_column, len(column)):
            continue  # ... and so it is where only its lines at the edge are placed
        # Lines beside the column on its other side, in a row of its own, make it a row across the page: a
        # table's headings, some over the columns left of the text and some right of it.
        across = {o.row for o in columns.get((where[0], "right" if where[1] == "left" else "left"), ())
                  if o.key not in furniture}
        for m in column:
            if m.key not in furniture or m.place not in ("top", "bottom") or m.row in across:
                continue
            outward = [o for o in column if (o.line.top < m.line.top if m.place == "top" else o.line.top > m.line.top)]
            if all(o.key in furniture for o in outward):
                out.add(m.key)
    return out


def _at_the_edge(g: _Group, confirmed: AbstractSet[Key], apart: AbstractSet[Key]) -> _Group | None:
    """A removal at the top or bottom revised on where its lines are: kept when most are not at the page
    edge or not set apart from the text, without the pages where it is not at the edge; None: unchanged."""
    if not g.remove or g.place not in ("top", "bottom") or g.beyond:
        return None
    inside = [m for m in g.members if m.key in confirmed]
    if len(inside) * 2 <= len(g.members):
        return g.decided("repeated-content", False, "inside the text on most of its pages, not at the page edge")
    if g.numbers != "page" and sum(m.key in apart for m in inside) * 2 <= len(inside):
        return g.decided("repeated-content", False,
                         "joined to the text below or above it, like a table heading or the text's first line")
    # A number that counts with the pages, in the place it has on most of them, is the folio even where
    # something is drawn between it and the edge (a figure that is a page of another document).
    if len(inside) < len(g.members) and g.numbers != "page":
        return g.with_members(inside)
    return None
