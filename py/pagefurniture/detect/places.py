"""The last passes: lines that repeat nowhere, found in the places furniture holds.

Once the repeated furniture is decided, its places vouch for other lines: a line in the same row as
furniture, in a running head's slot, a lone number that fits the page numbering, a stamp up the margin,
what the PDF marks as pagination, a publisher's line at the foot of the first page. The document's own
headings vouch for a running head that names one of them. Each pass takes the
context and returns new groups; a line is taken only where it is at the page edge and set apart from the
text (``edges._edge_lines``), but for a note that the text goes on over the page ("Continued on next
page"), which ends the page's text however close it stands.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import replace
from itertools import islice, pairwise
from typing import Literal

from ..model import Line
from .edges import (
    _beside_sideways_headings,
    _cells_row,
    _edge_lines,
    _face,
    _foot_notes,
    _footnote,
    _labels_a_scale,
    _over,
    _referenced_note,
    _sideways_headings,
    _text_faces,
)
from .grouping import _runs, _typed_rule
from .groups import (
    OTHER_END,
    Key,
    NumberColumn,
    Place,
    Side,
    Slot,
    _apart_from_block,
    _by_edge,
    _by_size,
    _cluster,
    _Context,
    _covers,
    _describe,
    _family,
    _far_in,
    _furniture_mark,
    _Group,
    _kind_of,
    _Layout,
    _Line,
    _mark,
    _merge_slots,
    _mid,
    _numbers,
    _numbers_itself,
    _on_page,
    _outside,
    _page_size,
    _pages,
    _row_shape,
    _rows_under_text,
    _text_page,
    _titles,
    _where,
    _words,
)
from .layout import _at_foot, _in_margin, _upright
from .numbers import (
    CONTACT,
    CONTINUES,
    DIGITS,
    LEADER_NUMBER,
    NUMBER_ALONE,
    PAGINATION,
    PUBLISHING,
    RIGHTS_NAMED,
    STAMP,
    _count_of,
    _lone_number,
    _names_page,
)
from .settings import Settings


def _row_companions(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the other lines of rows that hold furniture outside the text
    block: the current section's title beside the page number, a date beside the running head. A short
    document's text block is no measure (its pages' own heads stretch it): at the edge and set apart
    will do there, as for its page numbers."""
    short = ctx.n_pages <= ctx.settings.short_document
    wanted = _companions(ctx, short)
    accepted = _edge_lines(ctx, wanted, block=not short) if wanted else []
    heads = _folio_heads(ctx)
    # A head in its folio's outermost row is the running head however close the page's text comes: a scan's
    # tight OCR boxes leave no gap under it.
    accepted += _edge_lines(ctx, heads, block=False, close=lambda m: m.rank == 0) if heads else []
    out = []
    for place in ("top", "bottom"):
        members = [m for m in accepted if m.place == place]
        if members:
            out.append(_Group(place, members[0].shape, members, _numbers(members), _kind_of(place), True,
                              f"on the same line as other furniture, {_apart_from_block(place)}, on {{pages}}"))
    return out


def _folio_heads(ctx: _Context) -> dict[Key, _Line]:
    """The lines of words beside page numbers that stand in the same words beside the page numbers of other
    pages: a running head in its folio's row, wherever each page puts that row (a scan's pages, each placed
    a few points higher or lower, put no head where the text block says the heads are). Rows whose head is
    found already are not asked (a placed page's own head drawn beside it is no second head), but the heads
    found there vouch for the others."""
    furniture = ctx.furniture()
    by_words: dict[str, list[_Line]] = defaultdict(list)
    rows = {(m.page, m.row) for g in ctx.groups if g.remove and g.numbers == "page" and g.place in ("top", "bottom")
            for m in g.members if m.row >= 0}
    for number, r in rows:
        layout = ctx.layouts[number]
        found = sum((number, i) in furniture for i in layout.rows[r]) > 1
        for i in layout.rows[r]:
            m = layout.lines.get(i)
            if m is not None and (m.key in furniture) == found and any(ch.isalpha() for ch in m.line.text):
                by_words[_words(m.line.text)].append(m)
    return {m.key: m for lines in by_words.values() if len({m.page for m in lines}) > 1
            for m in lines if m.key not in furniture}


def _companions(ctx: _Context, short: bool) -> dict[tuple[int, int], _Line]:
    """The lines of words that share a row with furniture, beside it and not over it, in rows wholly
    outside the text block (at the edge of a ``short`` document's page) that no line numbers count."""
    furniture = ctx.furniture()
    wanted: dict[tuple[int, int], _Line] = {}
    rows = {(m.page, m.row) for g in ctx.groups if g.remove for m in g.members if m.row >= 0}
    for number, r in sorted(rows):
        layout = ctx.layouts[number]
        placed = [layout.lines[i] for i in layout.rows[r] if i in layout.lines]
        # A line beside the text column stands at the edge with the rest of its row: a data sheet's folio
        # at the end of its footer's row, left in the margin where the page's long lines start further in.
        edge = next((m for m in placed if m.key in furniture and m.place in ("top", "bottom")), None)
        if edge is not None:
            placed = [_with_row(m, edge) if m.place in ("left", "right") and not m.beyond else m for m in placed]
        if len(placed) < len(layout.rows[r]) or _counted(ctx, number).intersection(layout.rows[r]) or \
                not all(m.place in ("top", "bottom") and (short or _outside(m, ctx)) for m in placed):
            continue
        fixed = [m.line for m in placed if m.key in furniture]
        # A title set as large as a heading beside small furniture (a report's title beside its logo's
        # caption) is the page's: its row's furniture is set no smaller than a heading's share of it.
        large = ctx.settings.heading_size * max([ctx.body, *(line.size for line in fixed)])
        # Beside it, not over it; or a mark raised in it (the "+" of a head's "Na+").
        wanted.update((m.key, m) for m in placed if m.key not in furniture and any(ch.isalnum() for ch in m.line.text)
                      and m.line.size < large
                      and (not any(_over(m.line, line, ctx.settings) for line in fixed)
                           or _mark(m.line, fixed, ctx.settings)))
    return wanted


def _with_row(m: _Line, mate: _Line) -> _Line:
    """A line placed at the edge that ``mate`` stands at, as far from it: ``mate`` is a line of its row, or
    the furniture it copies on another page of its size."""
    # (The page's height is the mate's offset from the foot and its bottom together.)
    offset = m.line.top if mate.place == "top" else mate.offset + mate.line.bottom - m.line.bottom
    return replace(m, place=mate.place, offset=offset, rank=mate.rank)


def _typed_rules(ctx: _Context) -> dict[int, _Group]:
    """Given the decided groups, removes a rule typed as text (``grouping._typed_rule``) that repeats in one
    place alone in its row, right under a row of furniture at the top, or right over one at the foot, on
    most of its pages: a word processor's header ruled off from the text with underscores. It lies nearer
    the text than the head, so the walk from the edge took it for the text's first row."""
    furniture = ctx.furniture()
    out: dict[int, _Group] = {}
    for k, g in enumerate(ctx.groups):
        if g.remove or g.place not in ("top", "bottom") \
                or not all(_typed_rule(m.line.text, ctx.settings) for m in g.members):
            continue
        ruling = [m for m in g.members if _rules_off(m, furniture, ctx)]
        if len(ruling) * 2 > len(g.members) and len({m.page for m in ruling}) >= ctx.settings.min_run:
            head = "under the running head" if g.place == "top" else "over the running foot"
            out[k] = g.decided(_kind_of(g.place), True, f"a rule typed as text {head}, on {{pages}}"
                               ).with_members(ruling)
    return out


def _rules_off(m: _Line, furniture: dict[Key, _Group], ctx: _Context) -> bool:
    """True when a line stands alone in its row and the next row towards its edge is all furniture."""
    rows = ctx.layouts[m.page].rows
    outer = m.row - 1 if m.place == "top" else m.row + 1
    return m.row >= 0 and len(rows[m.row]) == 1 and 0 <= outer < len(rows) \
        and all((m.page, i) in furniture for i in rows[outer])


def _beyond_furniture(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns repeated lines between a page's edge and its furniture, outside
    the text block and stacked on the furniture as its own lines are: a head block that grows with the
    section (a newsletter's banner over its running head, in some sections only). Nothing but furniture
    lies between furniture and the page edge; where a line that repeats does, it belongs to it."""
    furniture = ctx.furniture()
    if not furniture:
        return []
    repeated = {m.key for g in ctx.groups if not g.remove for m in g.members}
    tight = ctx.apart()
    found: dict[Place, list[_Line]] = defaultdict(list)
    for layout in ctx.layouts.values():
        for place in ("top", "bottom"):
            found[place] += _stacked(layout, place, furniture, repeated, tight, ctx)
    out = []
    for place, members in found.items():
        if members:
            out.append(_Group(place, members[0].shape, members, _numbers(members), _kind_of(place), True,
                              f"stacked on other furniture, between it and the page edge, {_apart_from_block(place)}, "
                              f"on {{pages}}"))
    return out


def _head_blocks(ctx: _Context) -> list[_Group]:
    """Given the groups, returns the rest of the head and foot blocks: from a page's top or bottom edge, the
    rows stacked on each other no farther apart than the text's own lines, up to a gap that sets them apart
    from the text, in the text's size or smaller but for the outermost (a letterhead's name), two or more of
    them (and half or more) holding lines that repeat on most pages with text, or all their lines, in rows
    of a few parts, lines that repeat on Settings.min_run pages, on a page with text besides the block (a
    letter's head, its name, its number and its date, on the letter's pages of a file that holds others
    too; a table's or a chart's rows change; a thesis's title pages, each with the university's block at
    its foot and little else, are its cover's; where the other pages' text begins, over a row of many
    parts, such rows are a long table's headings). Past a block so found, the next is asked the same.
    Whatever the block's other rows say (a revision, a date, the page's number among words that change) is
    the block's: a tariff's or a procedure's head. A block of a few pages is the text's where it holds a
    paragraph (``_wraps``), or where half its rows or more stand on as many pages elsewhere as in such blocks:
    a resolution's title and address, at the top of the pages where one begins there, and in the middle of
    the others."""
    s = ctx.settings
    least = ctx.most()
    common = {m.key for g in ctx.groups if len(g.pages) >= least for m in g.members}
    # Past a block found, lines of one shape whose numbers change, not with the pages, are labels and values
    # ("Event 15", "Event 16", over each page's results, under the meet's title block): they repeat as the
    # text's do. (Outermost, they are a court's stamp: its document, page and page ID numbers.)
    steady = {m.key for g in ctx.groups if len(g.pages) >= least and (g.remove or g.numbers == "constant")
              for m in g.members}
    repeated = {m.key for g in ctx.groups if len(g.pages) >= s.min_run for m in g.members}
    if not repeated:
        return []
    furniture = ctx.furniture()
    blocks: list[tuple[Place, bool, list[_Line]]] = []
    for layout in ctx.layouts.values():
        counted = _counted(ctx, layout.page.number)
        for place in ("top", "bottom"):
            # Block after block from the edge while each is a head's: a filing's stamp over the tariff's
            # own head block, a gap between them.
            skip = 0
            while taken := _head_block(layout, place, skip, counted, steady if skip else common, repeated, ctx):
                rows, most = taken
                blocks.append((place, most, [m for row in rows for m in row]))
                skip += len(rows)
    # A block at the top with a row of Settings.table_cells parts or more that stands again under the text
    # of a page is a long table's heading rows, over each page the table runs onto: where the table
    # starts, they stand under the text before it (``_rows_under_text``, as for ``judging._table_headings``).
    shapes = {m.key: _row_shape(ctx.layouts[m.page], m.row) for place, _, members in blocks if place == "top"
              for m in members if len(ctx.layouts[m.page].rows[m.row]) >= s.table_cells}
    if shapes:
        within = _rows_under_text(ctx, set(shapes.values()), {m.key for _, _, members in blocks for m in members})
        blocks = [block for block in blocks if not any(shapes.get(m.key) in within for m in block[2])]
    # So is a block in the height of a row of column headings set sideways: their spanning headings ("Sex"
    # over "Male" and "Female", "Age" over the age groups, in three languages), as the judging keeps them.
    blocks = [block for block in blocks if not any(ctx.layouts[m.page].sideways and _beside_sideways_headings(
        m, ctx.layouts[m.page], s) for m in block[2])]
    # A block of a few pages, half or more of whose rows stand on as many pages elsewhere as in such blocks,
    # opens a section of the text wherever it falls: at the top of a page or in its middle (each
    # resolution's title in a county's agenda packet). A letter's head stands only at the top of its pages.
    few = [members for _, most, members in blocks if not most]
    where: dict[str, set[int]] = defaultdict(set)  # by text, the pages that hold it
    at_edge: dict[str, set[int]] = defaultdict(set)  # ... and those where a block holds it
    if few:
        wanted = {m.line.text for members in few for m in members}
        for layout in ctx.layouts.values():
            for line in layout.page.lines:
                if line.text in wanted:
                    where[line.text].add(layout.page.number)
        for members in few:
            for m in members:
                at_edge[m.line.text].add(m.page)
    found: dict[tuple[Place, bool], list[_Line]] = defaultdict(list)
    for place, most, members in blocks:
        if not most:
            firsts: dict[int, str] = {}
            for m in members:
                firsts.setdefault(m.row, m.line.text)  # a row's first line stands for it
            if 2 * sum(len(at_edge[text]) * 2 <= len(where[text]) for text in firsts.values()) >= len(firsts):
                continue
        found[place, most] += [m for m in members if m.key not in furniture]
    out = []
    for (place, most), members in found.items():
        # A few pages' block counts its slides: the pages of a form filled in again for each person are
        # copies of one page, whose every line repeats.
        if (len({m.page for m in members}) >= least) if most else (ctx.shown(members) >= s.min_run):
            out.append(_Group(place, members[0].shape, members, _numbers(members), _kind_of(place), True,
                              f"in the block of rows at the {place} of {{pages}} whose lines repeat, set apart "
                              f"from the text"))
    return out


def _head_block(layout: _Layout, place: Place, skip: int, counted: set[int], common: set[Key], repeated: set[Key],
                ctx: _Context) -> tuple[list[list[_Line]], bool] | None:
    """The rows of a page's block at its ``place`` edge, past the ``skip`` rows of the blocks before it
    (``_block_rows``), when it is a head's or a foot's (``_head_blocks``), and whether for holding lines that
    repeat on most pages; None when it is not."""
    s = ctx.settings
    tight, size = ctx.apart(), ctx.body + s.body_slack
    block = _block_rows(layout, place, tight, size, counted, ctx, skip)
    if len(block) < 2:
        # A block set larger than the text, every line of it repeated on most pages, in rows of a
        # few parts: a data sheet's part number and maker over each page. (Most pages' outermost
        # row at an edge holds a line that does not repeat so: nothing to ask.)
        if skip or not layout.rows or not all((layout.page.number, i) in common
                                              for i in layout.rows[0 if place == "top" else -1]):
            return None
        block = _block_rows(layout, place, tight, math.inf, counted, ctx)
        if len(block) >= 2 and all(len(row) < s.cell_row and all(m.key in common for m in row) for row in block):
            return block, True
        return None
    held = sum(any(m.key in common for m in row) for row in block)
    most = held >= 2 and held * 2 >= len(block) and all(m.line.size <= size for m in block[0])
    if most:
        # Its innermost rows that repeat on few pages, in a size none of its repeated lines has, are the
        # text's first rows come close: a database report's contest title under its title block. (A
        # procedure's revision in the head's own type is the head's.)
        sizes = [m.line.size for row in block for m in row if m.key in common]
        while not any(m.key in common or any(abs(m.line.size - z) <= s.size_tolerance * z + s.size_slack
                                                 for z in sizes) for m in block[-1]):
            block.pop()
    # On a few pages only, where the pages' text begins, rows that repeat over rows of many parts are a
    # long table's headings (a form's, ruled off from its rows).
    if most or (all(len(row) < s.cell_row and all(m.key in repeated for m in row) for row in block)
                and _text_page(layout, ctx, len(block)) and not _wraps(block, layout, ctx)
                and (layout.block is None or any(layout.block.outside(m, s) for m in block[0])
                     or len(_next_row(layout, place, skip + len(block))) < s.cell_row)):
        return block, most
    return None


def _wraps(block: list[list[_Line]], layout: _Layout, ctx: _Context) -> bool:
    """True when a block's rows hold a paragraph of the text: a line in the text's size across the page's
    column, from its left to its right, and under it the next in its font and size from the same left (a
    letter's address, its lines run on as the text's do). A head's lines stop short of one side."""
    s = ctx.settings
    if layout.column is None:
        return False
    left, _, right, _ = layout.column
    pad = 2 * s.column_pad
    down = block if block[0][0].place == "top" else block[::-1]  # the rows from the top
    for row, under in pairwise(down):
        for m in row:
            line = m.line
            if abs(line.size - ctx.body) <= s.body_slack and line.box[0] <= left + pad and line.box[2] >= right - pad \
                    and any(_starts_alike(o.line, line, s.align_min, s) for o in under):
                return True
    return False


def _next_row(layout: _Layout, place: Place, skip: int) -> list[int]:
    """The row of a page past its ``skip`` outermost rows at its ``place`` edge (none past the last)."""
    r = skip if place == "top" else len(layout.rows) - 1 - skip
    return layout.rows[r] if 0 <= r < len(layout.rows) else []


def _block_rows(layout: _Layout, place: Place, tight: float, size: float, counted: set[int], ctx: _Context,
                skip: int = 0) -> list[list[_Line]]:
    """The rows from a page's ``place`` edge, past its ``skip`` outermost rows, stacked within ``tight`` of
    each other, up to the first wider gap, while each holds upright lines placed at that edge, on the page,
    no larger than ``size`` (the page's outermost row in any size), within Settings.edge_reach of the edge,
    and is no table's row (past the outermost, no row of many cells in the text's size either: a long
    table's column headings boxed right under the head); none where no such gap ends them (the text begins
    at the edge), or a row that the margin's line numbers count (``counted``: the page's ``_counted``) ends
    them. A row's lines beside the text column count as at the edge with the rest of their row: a head's
    long lines stretch the column up beside its short ones (a data sheet's version number at the right end
    of the grid)."""
    rows = layout.rows
    order = range(skip, len(rows)) if place == "top" else range(len(rows) - 1 - skip, -1, -1)
    block: list[list[_Line]] = []
    for r in order:
        placed = [layout.lines.get(i) for i in rows[r]]
        if counted.intersection(rows[r]):
            return block
        if r in layout.table or ((block or skip) and _cells_row(rows[r], layout, ctx.body, ctx.settings)) \
                or not any(m is not None and m.place == place for m in placed) or not all(
                m is not None and m.place in (place, "left", "right") and not m.beyond and m.line.angle == 0
                and (m.line.size <= size or not (block or skip)) and not _far_in(m, ctx) for m in placed):
            return []
        block.append([m for m in placed if m is not None])
        if skip + len(block) > ctx.settings.edge_rows:
            return []
        gap = layout.gap_inwards(r, place)
        if gap > tight or (gap > ctx.settings.apart * ctx.gap and _text_begins(layout, block[-1], r, place, ctx)):
            return block
    return []


def _text_begins(layout: _Layout, row: list[_Line], r: int, place: Place, ctx: _Context) -> bool:
    """True when row ``r`` (``row``'s lines) lies beyond the text block in type smaller than the text's, and the
    next row inwards lies within the block in the text's own size: there the text begins, however close (a
    meeting's minutes run on to 5 pt over their three-line footer, where 7 pt would set it apart)."""
    block, s = layout.block, ctx.settings
    inner = r + 1 if place == "top" else r - 1
    if block is None or not 0 <= inner < len(layout.rows):
        return False
    lines = layout.page.lines
    return all(block.outside(m, s) and m.line.size < ctx.body - s.body_slack for m in row) and all(
        abs(lines[i].size - ctx.body) <= s.body_slack and not (place == "top" and lines[i].bottom <= block.top)
        and not (place == "bottom" and lines[i].top >= block.bottom) for i in layout.rows[inner])


def _stacked(layout: _Layout, place: Place, furniture: dict, repeated: set[tuple[int, int]], tight: float,
             ctx: _Context) -> list[_Line]:
    """The repeated lines outside the text block met from the page edge (``place``) before its first
    row of furniture, each row within ``tight`` of the next and of a few parts only, as a head's is."""
    order = range(len(layout.rows)) if place == "top" else range(len(layout.rows) - 1, -1, -1)
    outer: list[_Line] = []
    for r in order:
        row = layout.rows[r]
        if outer:
            gap = layout.gaps[r - 1] if place == "top" else layout.gaps[r]  # between this row and the last
            if gap > tight:
                return []
        if any((layout.page.number, i) in furniture for i in row):
            return outer
        placed = [layout.lines.get(i) for i in row]
        if len(row) >= ctx.settings.cell_row or not all(
                m is not None and m.key in repeated and m.place == place and not m.beyond and m.line.angle == 0
                and _outside(m, ctx) for m in placed):
            return []  # a row of many cells (a chart's axis, a table's row) or of lines that are not furniture's
        outer += [m for m in placed if m is not None]
    return []


def _copies(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the lines drawn letter for letter, in the same size and place
    (within Settings.align_min or align_size of their size, each edge), as furniture found on pages of
    their size, where it and they together stand on most of those pages: the same furniture on a page
    where something else is drawn among it (a receipt stamp over the first page's head block), which no
    walk from the edge or gap can show, or where the page's text column, reaching out under it, leaves it
    in the margin (a printed listing's date in the corner over its line numbers). A head moved or set
    otherwise is for the other passes; one letter for letter in the head's place is the head."""
    s = ctx.settings
    found: dict[str, list[_Line]] = defaultdict(list)
    for g in ctx.groups:
        if g.remove and g.place in ("top", "bottom") and not g.beyond:
            for m in g.members:
                found[m.line.text].append(m)
    # Furniture found on every page has no copy to find.
    found = {text: lines for text, lines in found.items() if len({m.page for m in lines}) < ctx.n_text}
    if not found:
        return []
    furniture = ctx.furniture()
    sizes = _size_counts(ctx)
    copies: dict[tuple[str, tuple[int, int]], list[_Line]] = defaultdict(list)
    for m in ctx.lines:
        same = found.get(m.line.text)  # most lines: no furniture's text
        if same is None or m.key in furniture or m.place in ("diagonal", "body") or m.beyond or m.line.angle != 0:
            continue
        size = _page_size(ctx.layouts[m.page].page)
        near = max(s.align_min, s.align_size * m.line.size)
        mate = next((n for n in same if _page_size(ctx.layouts[n.page].page) == size
                     and abs(n.line.size - m.line.size) <= s.size_slack
                     and all(abs(a - b) <= near for a, b in zip(n.line.box, m.line.box, strict=True))), None)
        if mate is not None:
            # (Left in the margin, it stands at the edge of the furniture it copies.)
            copies[m.line.text, size].append(m if m.place in ("top", "bottom") else _with_row(m, mate))
    wanted: dict[Place, list[_Line]] = defaultdict(list)
    for (text, size), members in copies.items():
        pages = {n.page for n in found[text] if _page_size(ctx.layouts[n.page].page) == size}
        if 2 * len(pages | {m.page for m in members}) > sizes[size]:
            for m in members:
                wanted[m.place].append(m)
    return [_Group(place, members[0].shape, members, _numbers(members), _kind_of(place), True,
                   f"letter for letter in the size and place of furniture on most pages, {_where(place)} of {{pages}}")
            for place, members in wanted.items()]


def _head_second_rows(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the row right under a running head, set in the head's own type
    (font and size) and smaller than the text, in one place on most slides or pages: the second line of a
    head whose text changes with the section (a slide's headline of section names over the current
    subsection's). Its text may repeat only within one section, so nothing else finds it. Under a head
    only: at the foot, the last line of a footnote is set in small type just as close to the folio."""
    s = ctx.settings
    furniture = ctx.furniture()
    if not furniture:
        return []
    found: dict[tuple[str, float, int], list[_Line]] = defaultdict(list)
    for layout in ctx.layouts.values():
        number, rows = layout.page.number, layout.rows
        r = 0
        head: list[Line] = []  # the furniture row nearest the text
        while r < len(rows) and all((number, i) in furniture or not _on_page(layout.page.lines[i], layout.page)
                                    for i in rows[r]):
            head = [layout.page.lines[i] for i in rows[r] if (number, i) in furniture] or head
            r += 1
        if not head or r == len(rows) or r in layout.table:
            continue  # (a long table in small type goes on under the head: its rows are content)
        row = [layout.lines[i] for i in rows[r] if i in layout.lines]
        if len(row) == len(rows[r]) and all(_in_head_type(m, head, ctx) and m.index not in layout.cells for m in row):
            for m in row:
                found[(_family(m.line.font), round(m.line.size, 1), round(m.offset))].append(m)
    slides = len({ctx.slide[number] for number in ctx.layouts})
    vouch = max(s.slot_pages, s.support_share * slides)
    members = [m for ms in found.values() if len({ctx.slide[m.page] for m in ms}) >= vouch for m in ms]
    if not members:
        return []
    return [_Group("top", members[0].shape, members, _numbers(members), "header", True,
                   "under the running head, in its type (smaller than the text) and in one place on {pages}; "
                   "its text changes with the section")]


def _in_head_type(m: _Line, head: list[Line], ctx: _Context) -> bool:
    """True when an upright line at the top, within the page, is set in the font and size of a line of
    ``head`` and smaller than the text."""
    s = ctx.settings
    size, family = m.line.size, _family(m.line.font)
    spread = s.size_tolerance * size + s.size_slack
    return (m.place == "top" and not m.beyond and m.line.angle == 0 and size + spread < ctx.body
            and any(_family(ln.font) == family and abs(ln.size - size) <= spread for ln in head))


def _heading_echoes(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the lines at the top of a page, outside the text block and set
    apart from it, in the text's size or smaller (but not the largest line of its page: a slide's title
    set a little larger than its text), whose words are a heading of the document set larger (on
    any page, its own too): a running head names its chapter or section, and the head of a short one is on
    one page only, so it repeats nothing. Outside the block: a contents page's last entry and a title page's
    title again over the copyright notice start the text. At the top only: the words of a heading near
    the foot are a table of contents' or the next page's, not a head's."""
    s = ctx.settings
    text_size = ctx.body + s.body_slack
    furniture = ctx.furniture()
    heads = [m for layout in ctx.layouts.values() for m in layout.lines.values()
             if m.place == "top" and m.line.size <= text_size and not m.beyond and m.line.angle == 0
             and m.key not in furniture and _outside(m, ctx) and any(ch.isalpha() for ch in m.line.text)
             and not _tops_its_page(m, ctx)]
    if not heads:
        return []
    headings = _headings(ctx)
    wanted = {m.key: m for m in heads if _names_heading(m, headings, ctx)}
    members = _edge_lines(ctx, wanted) if wanted else []
    if not members:
        return []
    return [_Group("top", members[0].shape, members, _numbers(members), "header", True,
                   f"names a heading of the document (the same words set larger), "
                   f"{_apart_from_block('top')}, on {{pages}}")]


def _headings(ctx: _Context) -> dict[str, list[tuple[int, float]]]:
    """The document's headings (lines set larger than the text) by what they name (``_named``): the pages
    and sizes each is set in."""
    text_size = ctx.body + ctx.settings.body_slack
    out: dict[str, list[tuple[int, float]]] = defaultdict(list)
    for layout in ctx.layouts.values():
        for line in layout.page.lines:
            if line.size > text_size:
                out[_named(line.text)].append((layout.page.number, line.size))
    return out


def _names_heading(m: _Line, headings: dict[str, list[tuple[int, float]]], ctx: _Context) -> bool:
    """True when a line names a heading set larger than it, on any page (its own too: a head names the
    section that opens under it): the heading's words, or their end (a head gives its section's title
    without the label and number the heading opens with: "Section 2 Moorings", "Moorings")."""
    named = _named(m.line.text)
    if not named:
        return False
    larger = m.line.size + ctx.settings.body_slack
    return any(size > larger for heading, found in headings.items() if heading == named or heading.endswith(" " + named)
               for _, size in found)


def _word_pairs(text: str) -> set[tuple[str, str]]:
    """A line's words two by two as they run ("Atelier Brisson SARL": atelier brisson, brisson sarl): what
    it names, where a firm's name comes back in other words around it."""
    return set(pairwise(text.casefold().split()))


def _named(text: str) -> str:
    """What a heading or a head names: its words without its numbers, which differ between the two (the
    heading's "3 Uitgifte", the head's "Uitgifte 9" with the folio)."""
    if not DIGITS.search(text):
        return _words(text)
    return " ".join(word for word in text.casefold().split() if not all(ch.isdigit() or ch in ".-" for ch in word))


def _recurring_rows(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the lines in no group nearest the top or bottom edge (or past
    furniture found already, within Settings.outer_rows of it, in a row across the text block: a
    dictionary's guide words under its tab) that sit at one distance from it, in one size no larger than the
    text's, outside the text block and set apart from it, on most pages with text, whatever they say: a
    running head that names each page's chapter changes with it and repeats nothing, but keeps its place.
    (Not the largest lines of their pages: the slides' titles, set a little larger than their text.) (A line
    that repeats was judged by its repetition: a table's label over each page's table. Set apart by its own
    row's gap too: a row of margin line numbers beside the text's first line ends the walk from the edge
    without a gap to measure.) Inside the text block (a head in every page's first row measures it) only
    when they share their first or last two words on as many pages (a fixed part beside the chapter's name,
    where a slide's or a page's first line has words of its own), hold the page's folio, or are set smaller
    than the text."""
    s = ctx.settings
    grouped = ctx.grouped()  # a line that repeats was judged by its repetition
    furniture = ctx.furniture()
    text_size, wide = ctx.body + s.body_slack, ctx.apart()
    least = max(s.min_run, math.ceil(ctx.shown() / 2))  # on most slides: a slide's builds show it once
    found: dict[Place, list[_Line]] = defaultdict(list)
    for layout in ctx.layouts.values():
        for m in layout.lines.values():
            if (m.rank == 0 or (m.rank < s.outer_rows and _past_furniture(m, layout, furniture)
                                and _across(m, layout, s))) \
                    and m.place in ("top", "bottom") and not m.beyond and m.line.angle == 0 \
                    and m.key not in grouped and m.line.size <= text_size and m.index not in layout.cells \
                    and any(ch.isalpha() for ch in m.line.text) \
                    and layout.gap_inwards(m.row, m.place) > wide:
                found[m.place].append(m)
    out = []
    offsets: set[tuple[int, bool]] | None = None  # the page numbering found, read where asked
    for place, lines in found.items():
        spots = [(m.offset, s.position_tolerance * max(m.line.size, s.min_size), k) for k, m in enumerate(lines)]
        for cluster in _cluster(spots):
            for members in _by_size([lines[k] for k in cluster], s):
                if ctx.shown(members) < least:
                    continue
                if offsets is None:
                    offsets = _page_offsets(ctx)
                members = _fixed_inside(members, least, offsets, ctx)
                if ctx.shown(members) < least:
                    continue
                # An entry's first or last line, again in the text: a list of records. A row of parts
                # across the text block is no record's line where one of them has no twin (a dictionary's
                # guide words, the page's first entry on the left and its last on the right); a numbered
                # heading's title beside its number is the heading's.
                twinned = {m.key for m in members if _twinned(m, ctx)}
                lone = {(m.page, m.row) for m in members
                        if m.key not in twinned and _across(m, ctx.layouts[m.page], s)}
                if 2 * sum(m.key in twinned and (m.page, m.row) not in lone for m in members) > len(members):
                    continue
                if 2 * sum(_tops_its_page(m, ctx) for m in members) > len(members):
                    continue  # each slide's title, set a little larger than its text
                members = _edge_lines(ctx, {m.key: m for m in members}, block=False)
                if ctx.shown(members) >= least:
                    apart = _apart_from_block(place) if all(_outside(m, ctx) for m in members) else \
                        "set apart from the text"
                    out.append(_Group(place, members[0].shape, members, _numbers(members), _kind_of(place), True,
                                      f"in one place at the {place} of {{pages}}, in the text's size or smaller, "
                                      f"{apart}, whatever it says"))
    return out


def _across(m: _Line, layout: _Layout, s: Settings) -> bool:
    """True when a line's row is in parts at both ends of the text block: they span Settings.head_span of
    its width, the first ending left of its middle and the last starting right of it. A head across the
    column (a dictionary's guide words, the page's first entry on the left and its last on the right);
    a caption, a table's title or the text's first line is one part, and a numbered heading's long title
    runs on from its number."""
    block, lines = layout.block, layout.page.lines
    row = sorted((lines[i].box for i in layout.rows[m.row]), key=lambda box: box[0]) if m.row >= 0 else []
    if len(row) < 2 or block is None:
        return False
    middle = (block.left + block.right) / 2
    return row[-1][2] - row[0][0] >= s.head_span * (block.right - block.left) \
        and row[0][2] < middle < row[-1][0]


def _past_furniture(m: _Line, layout: _Layout, furniture: Collection[Key]) -> bool:
    """True when only furniture found lies between a line's row and its edge (or lines beyond the visible
    page): the line is the page's outermost but for it (a dictionary's guide words under the tab naming
    the book)."""
    rows = layout.rows[:m.row] if m.place == "top" else layout.rows[m.row + 1:]
    page, lines = layout.page.number, layout.lines
    return all((page, i) in furniture or ((p := lines.get(i)) is not None and p.beyond) for row in rows for i in row)


def _tops_its_page(m: _Line, ctx: _Context) -> bool:
    """True when a line is set larger than the text and than every other line of its page: the page's
    title, however close to the text's size (a slide's in 12 pt over 11 pt bullets)."""
    slack, size = ctx.settings.size_slack, m.line.size
    return size > ctx.body + slack and all(line.size < size - slack
                                           for i, line in enumerate(ctx.layouts[m.page].page.lines) if i != m.index)


def _twinned(m: _Line, ctx: _Context, like: Callable[[str], object] = bool) -> bool:
    """True when a line at the top or bottom edge has a twin in its page's text: a line of another row in
    its font and size, starting where it starts, whose row is set apart from the text on the same side as
    the edge line's, and whose text is ``like`` its own (each record of a list opens with its name, or
    closes with its date and time, in the same style: the page's first or last record is one of them)."""
    layout, line, s = ctx.layouts[m.page], m.line, ctx.settings
    wide, near = ctx.apart(), max(s.align_min, s.align_size * line.size)
    for r, row in enumerate(layout.rows):
        if r == m.row or layout.gap_inwards(r, m.place) <= wide:
            continue
        for i in row:
            other = layout.page.lines[i]
            if _starts_alike(other, line, near, s) and like(other.text):
                return True
    return False


def _starts_alike(a: Line, b: Line, near: float, s: Settings) -> bool:
    """True when two lines are in one font and size and start within ``near`` points of each other: lines
    of one kind down a page (a record's name and the next record's, a paragraph's line and the next)."""
    return a.font == b.font and abs(a.size - b.size) <= s.size_slack and abs(a.box[0] - b.box[0]) <= near


def _moved_rows(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns lines of words that stay the same from page to page at a page's
    top or bottom edge, wherever the page puts them: met from that edge through furniture only and set
    apart from the text, in one width of the page (each shares some of it with the others; a head mirrored
    on facing pages, with those of its hand), however far from the edge. Either a running head's or foot's
    own words on the pages it is missing from, in its size or smaller (a menu's foot set higher and smaller
    on its last slides, a last page with other margins), at its own edge or, on the first page, at the other
    where that page has no furniture of its own (a letterhead that is the others' foot, a form's number);
    or words in type smaller than the text's on most pages, in the rows nearest the edge or in the run of
    rows of small type stacked there within the text's leading (a form's foot under its last row, which
    ends at another height on every page; a press notice's four rows of small print, higher on its second
    page). A heading in a running head's words is set larger, and a brand name centred on a copyright page
    is not where the running foot's stands. Words are compared without their spaces, which a reader may
    find inside a kerned word ("F orm"). The page's own number in a moved line's row, or between it and the
    edge, moves with it (a last page's "Page 6 of 6"; "Page 2" under a foot set higher on its page)."""
    s = ctx.settings
    furniture = ctx.furniture()
    heads: dict[tuple[Place, str], list[_Line]] = defaultdict(list)
    for g in ctx.groups:
        if g.remove and g.place in ("top", "bottom") and g.numbers == "constant" and not g.beyond:
            text = g.members[0].line.text
            if any(ch.isalpha() for ch in text):
                heads[g.place, "".join(text.split())] += g.members
    small = ctx.body - s.body_slack
    # On most pages; in a short document, on every page (a letter of two pages, its foot on both).
    least = ctx.most() if ctx.n_text > s.short_document else max(s.short_run, ctx.n_text)
    lengths = {len(text) for _, text in heads}
    fine = _small_print(ctx, small)
    same: dict[tuple[Place, str], list[_Line]] = defaultdict(list)
    for m in ctx.lines:
        if m.place not in ("top", "bottom") or m.beyond or m.line.angle != 0:
            continue
        # A head's or foot's words, or small type in the rows nearest the edge (Settings.outer_rows) or
        # stacked on them.
        text = m.line.text
        if (len(text) - text.count(" ") in lengths
                or (m.line.size < small and (m.rank < s.outer_rows or m.key in fine))) and m.key not in furniture:
            same[m.place, "".join(text.split())].append(m)
    first = next(iter(ctx.layouts))  # the first page with text
    first_edges = {g.place for (page, _), g in furniture.items() if page == first}
    wanted: dict[Key, _Line] = {}
    for key, lines in same.items():
        if not any(ch.isalpha() for ch in key[1]):
            continue
        members = heads.get(key)
        swapped = not members  # the other edge's furniture, on a first page without furniture at this edge
        if swapped:
            members = heads.get((OTHER_END[key[0]], key[1]))
            # The first page only, as a word processor's first page of its own has it, and nothing of its
            # own at this edge: a letterhead, or a form's number in its corner.
            if members:
                lines = [] if key[0] in first_edges else [m for m in lines if m.page == first]
        if members:
            size = max(n.line.size for n in members) + s.size_slack
            on = {n.page for n in members}
            # Where the head stands on the pages of the line's hand, if it stands on any: a chapter's title
            # centred on its opener is not where a head mirrored on facing pages is on either. A head of
            # one hand only, on Settings.min_run pages or more (the chapter's number on the left-hand pages,
            # its title on the right-hand ones), is on no page of the other: there its words are a heading's.
            hands = [n for n in members if n.page % 2 == 0], [n for n in members if n.page % 2]
            for m in lines:
                hand = hands[m.page % 2]
                if not hand and len(hands[1 - m.page % 2]) >= s.min_run:
                    continue
                if m.page not in on and m.line.size <= size and _shares_width(m, hand or members):
                    wanted[m.key] = m
        elif len({m.page for m in lines}) >= least:
            for m in lines:
                if m.line.size < small and _shares_width(m, lines):
                    wanted[m.key] = m
    if not wanted:
        return []
    # The page's own number in a moved line's row, or between it and the edge, moves with it ("Page 6 of 6"
    # beside the foot's words, "Page 2" under a form's foot set higher): it names its page, or counts with
    # the pages as the document's page numbers do.
    offsets = _page_offsets(ctx) | {(0, False)}
    folios: dict[Key, _Line] = {}
    for m in wanted.values():
        layout = ctx.layouts[m.page]
        for r in range(m.row, -1, -1) if m.place == "top" else range(m.row, len(layout.rows)):
            for i in layout.rows[r]:
                n = layout.lines.get(i)
                if n is not None and n.key not in furniture and n.key not in wanted and any(
                        (value - n.page, roman) in offsets for _, value, roman in ctx.numbering.tokens(n.line.text)):
                    folios[n.key] = n
    found: dict[tuple[Place, str], list[_Line]] = defaultdict(list)
    taken: list[_Line] = []
    for m in _edge_lines(ctx, {**wanted, **folios}, block=False):
        if m.key in folios:
            taken.append(m)
        else:
            found[m.place, "".join(m.line.text.split())].append(m)
    by_place: dict[tuple[Place, bool], list[_Line]] = defaultdict(list)
    for key, members in found.items():  # a head's words on any page it misses, others on most pages
        if key in heads or len({m.page for m in members}) >= least:
            by_place[key[0], False] += members
        elif (OTHER_END[key[0]], key[1]) in heads:
            by_place[key[0], True] += members
    moved = {(m.page, m.place) for members in by_place.values() for m in members}
    numbers = [n for n in taken if (n.page, n.place) in moved]
    return [_Group(place, members[0].shape, members, _numbers(members), _kind_of(place), True,
                   f"the words of the furniture {_where(OTHER_END[place])} of other pages, at the {place} edge of "
                   f"{{pages}}, set apart from the text" if swapped else
                   f"the same words at the {place} edge of {{pages}}, where they stand on the others, set apart "
                   f"from the text, however far from the edge")
            for (place, swapped), members in by_place.items()] + \
        _folios(numbers, lambda place: f"the page's number beside furniture's words moved {_where(place)}, "
                                       f"on {{pages}}")


def _small_print(ctx: _Context, small: float) -> set[Key]:
    """The lines of the runs of rows at each page's top and bottom edge set in type smaller than ``small``,
    each row within the text's leading (``_Context.apart``) of the next: a foot of small print, however
    many rows it has."""
    wide = ctx.apart()
    out: set[Key] = set()
    for layout in ctx.layouts.values():
        rows, lines = layout.rows, layout.page.lines
        edges: tuple[tuple[Place, range], ...] = (("top", range(len(rows))), ("bottom", range(len(rows) - 1, -1, -1)))
        for place, order in edges:
            for r in order:
                if not all(lines[i].size < small for i in rows[r]):
                    break
                out.update((layout.page.number, i) for i in rows[r])
                if layout.gap_inwards(r, place) > wide:
                    break
    return out


def _shares_width(m: _Line, others: list[_Line]) -> bool:
    """True when a line shares some of the width from the leftmost to the rightmost of ``others``."""
    x0, _, x1, _ = m.line.box
    return min(x1, max(n.line.box[2] for n in others)) > max(x0, min(n.line.box[0] for n in others))


def _fixed_inside(members: list[_Line], least: int, offsets: set[tuple[int, bool]], ctx: _Context) -> list[_Line]:
    """The lines outside the text block, and those inside it that share their first or last two words
    with such lines on ``least`` pages or more, or are set smaller than the text, or stand in a row of
    parts across the text block (``_across``), or whose row holds their page's folio (a number that fits
    the page numbering found, ``offsets``: ``_page_offsets``), with that folio."""
    def ends(m: _Line) -> set[tuple[bool, tuple[str, ...]]]:
        words = tuple(_words(m.line.text).split())
        return {(True, words[:2]), (False, words[-2:])} if len(words) >= 2 else set()

    inside = [m for m in members if not _outside(m, ctx)]
    if not inside:
        return members
    pages: dict[tuple[bool, tuple[str, ...]], set[int]] = defaultdict(set)
    for m in inside:
        for end in ends(m):
            pages[end].add(m.page)
    fixed = {end for end, on in pages.items() if len(on) >= least}

    def folios(m: _Line) -> list[_Line]:
        layout = ctx.layouts[m.page]
        return [layout.lines[i] for i in layout.rows[m.row] if i in layout.lines and any(
            (value - m.page, roman) in offsets for _, value, roman in ctx.numbering.tokens(layout.page.lines[i].text))]

    small = ctx.body - ctx.settings.body_slack
    out = []
    for m in members:
        if _outside(m, ctx) or ends(m) & fixed or m.line.size < small or _across(m, ctx.layouts[m.page], ctx.settings):
            out.append(m)
        elif beside := folios(m):
            out += [m, *(f for f in beside if f is not m)]  # the folio beside it goes with it
    return list({m.key: m for m in out}.values())


def _fill_slots(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the lines in a furniture slot (place, size and font of running
    heads on other pages) whose text is found nowhere else: the head of a short section, a lone folio.
    With a slot's line come the rows stacked on it towards the text, outside the text block: the head
    block some pages have in the head's place (a letterhead's address under its name on a section's
    first page, a registration note over the foot), set apart from the text as a whole."""
    s = ctx.settings
    slots = _by_edge(_merge_slots(
        _describe(g, s) for g in ctx.groups
        if g.remove and g.place in ("top", "bottom") and not g.beyond and g.kind != "watermark"))
    furniture = ctx.furniture()
    wanted: dict[tuple[int, int], _Line] = {}
    slot_of: dict[tuple[int, int], tuple[Slot, bool]] = {}
    vouch = max(s.slot_pages, s.support_share * ctx.n_text)
    tight = ctx.apart()
    headings: list[dict[str, list[tuple[int, float]]]] = []  # made when first asked: few lines need them
    offsets, slide_offsets = _page_offsets(ctx), _page_offsets(ctx, slides=True)

    def held(m: _Line, slot: Slot) -> bool:
        if not slot.holds(m, font=False):
            return False
        # A slot of page numbers alone holds a page's number, not a line of words (an abstract's keywords
        # at the foot of its page, where the other pages have their folio), unless the words hold the page's
        # number as the numbering found has it (not a contents line's number of another page).
        if not slot.words and any(ch.isalpha() for ch in m.line.text) \
                and _lone_number(m.line.text, ctx.numbering) is None and not any(
                (value - m.page, roman) in offsets or (value - ctx.slide[m.page], roman) in slide_offsets
                for _, value, roman in ctx.numbering.tokens(m.line.text)):
            return False
        # In another font, a head that names its section: a line's font is its most glyphs' (a head in two
        # scripts, "oblivoir와 xoblivoir", is in the Latin font where the others are in the Korean one).
        if _family(m.line.font) in slot.fonts:
            return True
        # In another style of the slot's typeface, on a page of the other hand than all of the slot's: the
        # head of the facing pages ("Brucella | 3.5." in bold italic where the odd pages' head is in bold).
        hands = {page % 2 for page in slot.pages}
        if len(hands) == 1 and m.page % 2 not in hands and _face(m.line.font) in {_face(font) for font in slot.fonts}:
            return True
        if not headings:
            headings.append(_headings(ctx))
        return _names_heading(m, headings[0], ctx)

    # A cover or a title page, with little text and no furniture found on it, fills a slot with its page's
    # number alone ("xii", "1 0"): its words in the running foot's place (a report's number, a contract's) are its own.
    bare = _covers(ctx) - {page for page, _ in furniture}
    for layout in ctx.layouts.values():
        for m in layout.lines.values():
            if m.key in furniture or m.beyond or m.line.angle != 0 or m.rank >= s.edge_rows:
                continue
            if m.page in bare and not NUMBER_ALONE.fullmatch(m.line.text) \
                    and _lone_number(m.line.text, ctx.numbering) is None:
                continue
            for slot in slots.get(m.place, ()):
                if held(m, slot) and len(slot.pages - {m.page}) >= vouch:
                    wanted[m.key], slot_of[m.key] = m, (slot, False)
                    for n in _stacked_on(layout, m, tight, ctx):
                        if n.key not in furniture and n.key not in wanted:
                            wanted[n.key], slot_of[n.key] = n, (slot, True)
                    break
    # Outside the text block, but for a line the PDF marks as it marks the furniture found (a lone sheet's
    # name over its table).
    by_slot: dict[tuple[Slot, bool], list[_Line]] = defaultdict(list)
    for m in _edge_lines(ctx, wanted, marked=_furniture_mark(ctx, furniture)):
        by_slot[slot_of[m.key]].append(m)
    out = []
    for (slot, stacked), members in by_slot.items():
        # A slot holds a page's number, or its two on a spread; more figures alone in it on one page are a
        # chart's scale along the foot ("2074-75", "2075-76", ...).
        figures = Counter(m.page for m in members if NUMBER_ALONE.fullmatch(m.line.text))
        members = [m for m in members if figures[m.page] <= s.folio_copies]
        if not members:
            continue
        numbers = all(_lone_number(m.line.text, ctx.numbering) for m in members)
        slot_name = "running-head" if slot.place == "top" else "running-foot"
        where = f"stacked on a line in the {slot_name} slot" if stacked else f"in the {slot_name} slot"
        out.append(_Group(slot.place, members[0].shape, members, "varying",
                          "page-number" if numbers else _kind_of(slot.place), True,
                          f"{where} of {_pages(len(slot.pages))} (same place, size and font), "
                          f"{_apart_from_block(slot.place)}; its text changes from page to page"))
    return out


def _stacked_on(layout: _Layout, m: _Line, tight: float, ctx: _Context) -> list[_Line]:
    """The rows after ``m``'s towards the text, each within ``tight`` of the one before and of a few
    parts, while they lie outside the text block at m's edge; none when the rows glued to m run on into
    the text block (a heading over its paragraph, a table's title over its rows)."""
    rows, top = layout.rows, m.place == "top"
    out: list[_Line] = []
    r = m.row + (1 if top else -1)
    while 0 <= r < len(rows):
        if (layout.gaps[r - 1] if top else layout.gaps[r]) > tight:
            return out
        placed = [layout.lines.get(i) for i in rows[r]]
        if len(placed) >= ctx.settings.cell_row or not all(
                n is not None and n.place == m.place and not n.beyond and n.line.angle == 0 and _outside(n, ctx)
                for n in placed):
            return []
        out += [n for n in placed if n is not None]
        r += 1 if top else -1
    return out


def _lone_page_numbers(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns lone page numbers elsewhere at the top or bottom edge: a number
    that fits the document's page numbering (a chapter opener's folio at the foot, where the other pages
    have it at the head). A numbering counts the pages, or the slides where slides are built up over
    several pages (a frame number): whichever gives it fewer offsets from its numbers."""
    by_page = _page_offsets(ctx)
    if not by_page:
        return []
    by_slide = _page_offsets(ctx, slides=True)
    at, offsets = (ctx.slide.__getitem__, by_slide) if len(by_slide) < len(by_page) else (lambda page: page, by_page)
    lone = _lone_numbers(ctx)
    # A page whose number is found has no other: a number over its foot is a footnote's mark.
    folios = [m for g in ctx.groups if g.remove and (g.kind == "page-number" or g.numbers == "page") for m in g.members]
    numbered = {m.page for m in folios}
    wanted = {m.key: m for m, value, roman in lone if (value - at(m.page), roman) in offsets and m.page not in numbered}
    # A page of a size no other page has (a scanned page cropped on its own) has a text block of its own,
    # which its folio lies in: there, at the edge and set apart will do.
    sizes = _size_counts(ctx)
    alone = {key: m for key, m in wanted.items() if sizes[_page_size(ctx.layouts[m.page].page)] == 1}
    fits = _edge_lines(ctx, {key: m for key, m in wanted.items() if key not in alone})
    fits += _edge_lines(ctx, alone, block=False) if alone and ctx.n_text > 1 else []
    # Where the folios stand in the outermost row, a number that fits them in the outermost row of a page
    # without one is its folio wherever the page puts that row: a scanned page lies higher or lower on the
    # glass, its folio as close over a figure as over the text, and a page cropped to a size of its own
    # has a text block of its own, which its folio's row is in. (Set no larger than the folios: a chapter's
    # number over its opening page is a heading.)
    outermost = {m.place for m in folios if m.rank == 0}
    numbered |= {m.page for m in fits}
    size = max((m.line.size for m in folios), default=0.0) * (1 + ctx.settings.size_tolerance) + ctx.settings.size_slack
    fits += [m for m in wanted.values() if m not in fits and m.rank == 0 and m.place in outermost
             and m.page not in numbered and m.line.size <= size]
    out = _folios(fits, lambda place: f"a lone page number {_where(place)} that fits the numbering of the "
                                      f"other pages, on {{pages}}")
    taken = {m.key for m in fits}
    return out + _other_numbering(ctx, [(m, value) for m, value, _ in lone if m.key not in taken], out)


def _restyled_folios(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the kept lines repeated in one place at the top or bottom edge,
    set apart from the text, that on each of their pages name the number the document's page numbering
    gives that page, where it found no page number: pages put in with folios of another style (a data
    sheet revised by replacing some of its pages, "Rev. C | Page 3" where the old pages have "-2-"). Few
    as they are, and skipping the pages between, they count with the numbering of the others."""
    offsets = _page_offsets(ctx)
    if not offsets:
        return []
    s = ctx.settings
    numbered = {m.page for g in ctx.groups if g.remove and (g.kind == "page-number" or g.numbers == "page")
                for m in g.members}
    out = []
    for g in ctx.groups:
        if g.remove or g.place not in ("top", "bottom") or len(g.members) < s.short_run \
                or any(m.page in numbered for m in g.members):
            continue
        # The shapes whose number fits the numbering on every one of its pages.
        fitting: set[str] | None = None
        for m in g.members:
            shapes = {shape for shape, value, roman in ctx.numbering.shapes(m.line.text, m.shape)
                      if (value - m.page, roman) in offsets}
            fitting = shapes if fitting is None else fitting & shapes
            if not fitting:
                break
        # (At the edge and set apart will do: kept until now, they stretched the text block over themselves.)
        if not fitting or len(_edge_lines(ctx, {m.key: m for m in g.members}, block=False)) < len(g.members):
            continue
        shape = min(fitting)
        words = len([w for w in shape.split() if w != "{n}" and any(ch.isalpha() for ch in w)])
        out.append(_Group(g.place, shape.replace("{n}", "#"), g.members, "page",
                          "page-number" if words <= s.folio_words else _kind_of(g.place), True,
                          f"holds the number the other pages' numbering gives its page, {_where(g.place)} of "
                          f"{{pages}}, where they have none: pages with folios of another style"))
    return out


def _closing_folios(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the lines that number their page in its last row, wherever the
    page ends: alone in the row, set apart from the text over it by more than the text's leading, in one
    place across the page, counting with the pages on most of them. A page broken where its source's page
    break falls (a filing converted from HTML) ends well above its bottom margin, at another height on
    every page, and its folio follows its last line there."""
    s = ctx.settings
    furniture = ctx.furniture()
    wide = ctx.apart()
    slots: dict[tuple[str, bool], list[tuple[_Line, int]]] = defaultdict(list)
    for layout in ctx.layouts.values():
        rows = layout.rows
        if len(rows) < 2 or len(rows[-1]) != 1 or layout.gap_inwards(len(rows) - 1, "bottom") <= wide:
            continue
        m = _at_foot(layout, rows[-1][0])  # (rows hold upright lines only)
        if not _on_page(m.line, layout.page):
            continue
        for shape, value, roman in ctx.numbering.shapes(m.line.text, m.shape):
            slots[shape, roman].append((m, value))
    found: dict[Key, _Line] = {}
    tolerance, min_size = s.position_tolerance, s.min_size
    for items in slots.values():
        # In one place across the page: the centres of the lines within their size's tolerance.
        spots = [((m.line.box[0] + m.line.box[2]) / 2, tolerance * max(m.line.size, min_size), k)
                 for k, (m, _) in enumerate(items)]
        for cl in _cluster(spots):
            run = _runs([items[k] for k in cl], ctx.n_text, s)
            if len({m.page for m in run}) >= ctx.most():
                found.update((m.key, m) for m in run if m.key not in furniture)
    return _folios(list(found.values()), lambda place: "the page's number in its last row, set apart under the "
                                                       "text wherever the page ends, counting with the pages, on "
                                                       "{pages}")


def _size_counts(ctx: _Context) -> dict[tuple[int, int], int]:
    """How many pages with text each page size has."""
    sizes: dict[tuple[int, int], int] = defaultdict(int)
    for layout in ctx.layouts.values():
        sizes[_page_size(layout.page)] += 1
    return sizes


def _page_offsets(ctx: _Context, *, slides: bool = False) -> set[tuple[int, bool]]:
    """The page numbering found so far: each number's offset from its page (or its slide), and whether it
    is roman. Of a group's numbers, those that count with its pages: an offset two of its lines share, or
    its line's own where it has one ("3 of 40" counts in its 3; the 40 gives each page an offset of its
    own)."""
    at = ctx.slide.__getitem__ if slides else (lambda page: page)
    out: set[tuple[int, bool]] = set()
    for g in ctx.groups:
        if g.remove and (g.kind == "page-number" or g.numbers == "page"):
            offsets = Counter((value - at(m.page), roman) for m in g.members
                              for _, value, roman in ctx.numbering.tokens(m.line.text))
            out.update(offset for offset, n in offsets.items() if n > 1 or len(g.members) == 1)
    return out


def _other_numbering(ctx: _Context, lone: list[tuple[_Line, int]], found: list[_Group]) -> list[_Group]:
    """Given the lone numbers left and the folios just ``found``, returns another numbering where the
    folios are, at their height in any size or face (the front matter's roman one beside the body's
    arabic): page numbers too where it counts with the pages over Settings.folio_run pages or more."""
    s = ctx.settings
    folios = _merge_slots(_describe(g, s) for g in [*ctx.groups, *found] if g.remove
                          and (g.kind == "page-number" or g.numbers == "page") and g.place in ("top", "bottom")
                          and not g.beyond)
    # At the folios' height, in any size or face: a front matter sets its numbers in its own type.
    in_slot = [(m, value) for m, value in lone if any(slot.near(m) for slot in folios)]
    counting = _runs(in_slot, ctx.n_text, s, min_run=s.folio_run) if in_slot else []
    counted = _edge_lines(ctx, {m.key: m for m in counting}) if counting else []
    return _folios(counted, lambda place: f"a page number: it counts with the pages in the place of the "
                                          f"other page numbers, {_where(place)} of {{pages}}")


def _lone_numbers(ctx: _Context) -> list[tuple[_Line, int, bool]]:
    """The lines at the top or bottom edge, not yet furniture, that are nothing but a short number: each
    with its value and whether it is roman. A footnote's mark, raised before its note's words in one row
    (``_footnote``), numbers the note."""
    s = ctx.settings
    furniture = ctx.furniture()
    lone: list[tuple[_Line, int, bool]] = []
    for layout in ctx.layouts.values():
        for m in layout.lines.values():
            if len(m.line.text) > s.margin_text or m.key in furniture or m.place not in ("top", "bottom") \
                    or m.beyond or m.rank >= s.edge_rows or _far_in(m, ctx):
                continue
            number = _lone_number(m.line.text, ctx.numbering)
            if number is not None and not _marks_a_note(m, layout, s):
                lone.append((m, *number))
    return lone


def _marks_a_note(m: _Line, layout: _Layout, s: Settings) -> bool:
    """True when a line is a footnote's mark: set smaller than the words after it in its row, the two a
    footnote (``_footnote``)."""
    if m.row < 0 or layout.block is None:
        return False
    row = [layout.lines[i] for i in layout.rows[m.row] if i in layout.lines]
    return len(row) == 2 and len(layout.rows[m.row]) == 2 and m.line.size < max(o.line.size for o in row) \
        and _footnote(row, layout.block, s)


def _page_of_pages(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the lines at the top or bottom edge that name their page and the
    number of pages the document has ("Page 2 of 2", "3/45"), or in a short document their page alone
    ("Page 2", or a continuation head in small type that ends with it: "Ms A. Ruiz - 12 March - Page 2"):
    a page number even where it is printed on one page only (a letter's second page), and so never
    repeats."""
    s = ctx.settings
    furniture = ctx.furniture()
    wanted: dict[tuple[int, int], _Line] = {}
    alone: dict[tuple[int, int], _Line] = {}
    total = str(ctx.n_pages)
    short = ctx.n_pages <= s.short_document  # too few pages for a numbering to repeat
    of_pages: list[_Line] = []  # those that name the document's pages
    for layout in ctx.layouts.values():
        for m in layout.lines.values():
            if (total not in m.line.text and not short) or m.key in furniture or m.place not in ("top", "bottom") \
                    or m.beyond or m.rank >= s.edge_rows or m.index in layout.cells:
                continue
            tokens = [(k, value) for k, value, roman in ctx.numbering.tokens(m.line.text) if not roman]
            values = [value for _, value in tokens]
            if len(values) == 2 and values == [m.page, ctx.n_pages] and ctx.n_pages > 1:
                (alone if short else wanted)[m.key] = m
                of_pages.append(m)
            elif short and m.page > 1 and values:
                # "Page 2": a letter's page 2, in the text's size or smaller, no words after its number (a
                # heading that names its number, "Part 3 Declarations", is set larger, or goes on after it:
                # "Rule 3 - No suicide")
                folio = values == [m.page] and _folio_words(m.shape) <= s.folio_words \
                    and m.line.size <= ctx.body + s.body_slack \
                    and not any(ch.isalpha() for word in m.line.text.split()[tokens[0][0] + 1:] for ch in word)
                # ... or its number closing a head in type smaller than the text's: "Ms A. Ruiz - 12 March - Page 2"
                closing = tokens[-1] == (len(m.line.text.split()) - 1, m.page) and m.line.size < ctx.body - s.body_slack
                if folio or closing:
                    alone[m.key] = m
    found = _edge_lines(ctx, wanted) if wanted else []
    if alone:
        # A short document's text block is no measure (each page's own foot stretches it): at the edge and
        # set apart will do.
        found += _edge_lines(ctx, alone, block=False)
    # Where short lines stand stacked on it in its own column, up to the edge (a report's date and time
    # over "Page 2 of 3" in its corner, a press notice's place and date over "Seite 2 von 2"), the stack
    # is the page's head, set apart from what lies under it in that column.
    stacked: list[_Line] = []
    for m in of_pages:
        if m not in found:
            stack = _corner_stack(m, ctx)
            if stack is not None:
                found.append(m)
                stacked += [o for o in stack if o.key not in furniture]
    counts = []
    for run in _counted_runs(ctx):
        # A run is one numbering: at the edge and set apart on most of its pages, it is on all (the last
        # sheet's one printed page may start its text close under its head). Most runs ("Page 2 of 9" in
        # a document of nine pages) are furniture already.
        if all(m.key in furniture or m.key in wanted or m.key in alone for m in run):
            continue
        edge = {m.key for m in _edge_lines(ctx, {m.key: m for m in run}, block=not short)}
        stacks = {m.key: stack for m in run if m.key not in edge and (stack := _corner_stack(m, ctx)) is not None}
        if 2 * (len(edge) + len(stacks)) > len(run):
            counts += [m for m in run if m.key not in furniture and m.key not in wanted and m.key not in alone]
            stacked += [o for stack in stacks.values() for o in stack if o.key not in furniture]
    heads = [_Group(place, members[0].shape, members, _numbers(members), _kind_of(place), True,
                    f"stacked on the page's number in its own column, {_where(place)} of {{pages}}, set apart")
             for place in ("top", "bottom") if (members := [o for o in stacked if o.place == place])]
    return heads + _folios(found, lambda place: f"names its page (and the document's {ctx.n_pages} pages), "
                                                f"{_where(place)} of {{pages}}") + \
        _folios(counts, lambda place: f"counts its pages from 1 to their number through the document, {_where(place)} "
                                      f"of {{pages}}")


def _counted_runs(ctx: _Context) -> list[list[_Line]]:
    """The lines at the top or bottom edge that name their place in a count ("Page 2/3") where, in the
    order of the pages, the counts of one wording and one total run from 1 to that total over more than
    one page: the pages of a file printed two to a sheet, each file counted anew, or of each letter in a
    file of letters, whatever the document's number of pages. (Lines found as furniture already are
    asked too: they carry the count on.)"""
    s = ctx.settings
    found: list[tuple[int, int, int, _Line]] = []  # page, count, total, line
    for layout in ctx.layouts.values():
        for m in layout.lines.values():
            if m.shape.count("#") < 2 or m.place not in ("top", "bottom") or m.beyond or m.rank >= s.edge_rows \
                    or m.index in layout.cells or _numbers_itself(m.line.size, m.shape, ctx):
                continue  # ... and a title that counts its own slides ("Commands 2/3") is no count of pages
            count = _count_of(m.line.text, ctx.numbering)
            if count is not None and count[1] > 1:
                found.append((m.page, *count, m))
    # In page order, and on one page (two printed pages side by side, or one over the other) by count.
    found.sort(key=lambda f: (f[0], f[1], f[3].index))
    running: dict[tuple[str, int], list[tuple[int, _Line]]] = {}  # the open runs: each line with its count
    out: list[list[_Line]] = []
    for page, n, total, m in found:
        run = running.get((m.shape, total))
        if run is not None and run[-1][0] == n - 1 and run[-1][1].page >= page - 1:
            run.append((n, m))
        elif n == 1:
            run = running[(m.shape, total)] = [(n, m)]
        else:
            continue
        if n == total:
            if run[0][1].page != page:
                out.append([line for _, line in run])
            del running[(m.shape, total)]
    return out


def _folio_words(shape: str) -> int:
    """The words of a line besides its numbers (digits masked in its shape)."""
    return len([w for w in shape.split() if any(ch.isalpha() for ch in w)])


def _corner_stack(m: _Line, ctx: _Context) -> list[_Line] | None:
    """The lines between a line at the top or bottom edge and that edge, in its own column (each over the
    ones before it), each nearer the next than a gap that sets furniture apart (``_Context.apart``), short
    (Settings.stamp_words), in the text's size or smaller and no table's cell, Settings.outer_rows + 1 of
    them at most: when the nearest line inwards in that column is farther than that gap. None otherwise."""
    s = ctx.settings
    layout = ctx.layouts[m.page]
    apart = ctx.apart()  # the stack's rows within it of each other, the text beyond it
    top = m.place == "top"
    x0, x1 = m.line.box[0], m.line.box[2]
    stack: list[_Line] = []
    edge = m.line.top if top else m.line.bottom
    others = sorted((o for o in layout.lines.values() if o.line.angle == 0 and o.key != m.key),
                    key=lambda o: -o.line.bottom if top else o.line.top)
    for o in others:  # outwards from the line, nearest first
        ln = o.line
        if not _inwards(m.line, ln, top):
            continue  # not between it and the edge
        if ln.box[0] >= x1 or ln.box[2] <= x0:
            continue  # not in its column
        gap = edge - ln.bottom if top else ln.top - edge
        if gap > apart or len(ln.text.split()) > s.stamp_words or ln.size > ctx.body + s.body_slack \
                or o.index in layout.cells or o.place != m.place or len(stack) >= s.outer_rows + 1:
            return None
        stack.append(o)
        x0, x1 = min(x0, ln.box[0]), max(x1, ln.box[2])
        edge = ln.top if top else ln.bottom
    inner = [o.line.top - m.line.bottom if top else m.line.top - o.line.bottom
             for o in layout.lines.values() if o.line.angle == 0 and o.key != m.key and o not in stack
             and o.line.box[0] < x1 and o.line.box[2] > x0 and _inwards(o.line, m.line, top)]
    return stack if stack and (not inner or min(inner) > apart) else None


def _inwards(line: Line, of: Line, top: bool) -> bool:
    """True when ``line`` lies on the text's side of ``of`` (below it at the top, above it at the foot),
    by more than half its height."""
    return line.top >= of.bottom - line.size / 2 if top else line.bottom <= of.top + line.size / 2


def _folios(members: list[_Line], reason: Callable[[Place], str]) -> list[_Group]:
    """Given page numbers found one by one, returns them as a page-number group per edge, with its reason."""
    out = []
    for place in ("top", "bottom"):
        ms = [m for m in members if m.place == place]
        if ms:
            out.append(_Group(place, "#", ms, "page", "page-number", True, reason(place)))
    return out


def _line_numbers(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the numbers of the text's lines down a side margin: on a page, a
    column of bare numbers wholly beside the text block with nothing else in it, Settings.line_numbers or
    more, counting down the page in one even step (every line, or every fifth) at one pace
    (Settings.line_pace), on Settings.short_run pages or more; then, on the other pages, the numbers in
    such a column's place that count in its step, whatever their pace and however few (a page of displays
    and figures numbers only its lines of text, a short last page may have one). A bill, a manuscript
    under review and a critical edition number their lines so; a table's column that sticks out beside the
    text holds its heading too, a list's numbers have their punctuation, a bill's clause numbers count
    clauses, however long each is, and a listing's numbers count its code (``_numbers_code``)."""
    s = ctx.settings
    furniture = ctx.furniture()
    # The columns as drawn, furniture or not: repetition may have taken the numbers that fall in one place
    # on every page (pleading's numbers, all of them), and the rest must still count with those.
    columns = {page: _columns_of(ctx, page) for page in ctx.layouts}
    face: list[str] = []  # the document's text face, worked out when a column would be taken
    listing: dict[tuple[int, int], bool] = {}  # by page and first line, each column asked once
    # A column drawn number for number at the same heights on Settings.short_run pages or more, at one pace
    # and about the size of its rows' text on one of them (``_set_as_its_rows``), counts the pages' lines,
    # whatever face its rows are in: a listing's numbers run on from page to page, or are set small beside
    # each listing that fills a page. (A filing's attached order sets its text in another face.)
    drawn = {page: [_drawn(ctx.layouts[page], column) for *_, column, _ in found] for page, found in columns.items()}
    copies = Counter(d for found in drawn.values() for d in found)
    templates = {d for page, found in columns.items() for d, (*_, column, even) in zip(drawn[page], found, strict=True)
                 if even and copies[d] >= s.short_run and _set_as_its_rows(ctx.layouts[page], column, s)}

    def code(page: int, column: list[int]) -> bool:
        if _drawn(ctx.layouts[page], column) in templates:
            return False
        if (page, column[0]) not in listing:
            if not face:
                face.append(_text_face(ctx))
            listing[page, column[0]] = _numbers_code(ctx.layouts[page], column, face[0], s)
        return listing[page, column[0]]

    paced = [(side, edge, x, step) for page, found in columns.items() for side, edge, x, step, column, even in found
             if (even or _runs_on(ctx, page, (side, edge, x, step, column, even))) and not code(page, column)]
    found: dict[Literal["left", "right"], list[_Line]] = defaultdict(list)
    for page, page_columns in columns.items():
        for side, edge, x, step, column, even in page_columns:
            layout = ctx.layouts[page]
            reach = max(s.align_min, s.align_size * layout.page.lines[column[0]].size)
            # In the place and step of the columns taken, it counts as they do, whatever face its rows are in.
            placed = any((side, edge) == (a, b) and step in (0, d) and abs(x - c) <= reach for a, b, c, d in paced)
            if (even or placed) and (placed or not code(page, column)):
                found[side] += [_in_margin(layout, i, side) for i in column if (page, i) not in furniture]
    if len({m.page for members in found.values() for m in members}) < s.short_run:
        return []
    return [_Group(side, "#", members, _numbers(members), "margin", True,
                   f"line numbers: a column of numbers {_where(side)}, beside the text block, that counts its "
                   f"lines down the page, on {{pages}}") for side, members in found.items()]


def _runs_on(ctx: _Context, number: int, found: NumberColumn) -> bool:
    """True when a page's column of numbers (``_number_columns``) goes on counting, in steps of one and in
    one place, from where a column on the page before ended, or the page after's goes on from it,
    Settings.line_numbers of them or more on each page, each level with a row (``_numbers_rows``): a word
    processor numbers the lines of its text right through the document, level with each line however far
    apart the paragraphs set them (no one pace down the page). They count past the document's pages:
    numbers that could all be its pages are as likely a contents list's references, one poem a page."""
    s = ctx.settings
    side, edge, x, step, column, _ = found
    if len(column) < s.line_numbers or not _numbers_rows(ctx.layouts[number], column):
        return False
    lines = ctx.layouts[number].page.lines
    reach = max(s.align_min, s.align_size * lines[column[0]].size)
    first, last = _line_count(lines[column[0]].text), _line_count(lines[column[-1]].text)
    if first is None or last is None:
        return False
    for other, before in ((number - 1, True), (number + 1, False)):
        if other not in ctx.layouts:
            continue
        other_lines = ctx.layouts[other].page.lines
        for o_side, o_edge, o_x, o_step, o_column, _ in _columns_of(ctx, other):
            if (o_side, o_edge, o_step, step) != (side, edge, 1, 1) or abs(o_x - x) > reach \
                    or len(o_column) < s.line_numbers or not _numbers_rows(ctx.layouts[other], o_column):
                continue
            o_first, o_last = _line_count(other_lines[o_column[0]].text), _line_count(other_lines[o_column[-1]].text)
            start, end = (o_last, first) if before else (last, o_first)
            if start is not None and end is not None and end == (start[0], start[1] + 1) \
                    and max(end[1], last[1]) > ctx.n_pages:
                return True
    return False


def _set_as_its_rows(layout: _Layout, column: list[int], s: Settings) -> bool:
    """True when a column's numbers are set at least Settings.line_number_size of the size of the longest
    lines of their rows."""
    lines = layout.page.lines
    rows = [[j for j in layout.rows[layout.row_of[i]] if j != i] for i in column if layout.row_of[i] >= 0]
    beside = [lines[max(row, key=lambda j: len(lines[j].text))].size for row in rows if row]
    return bool(beside) and _mid(lines[i].size for i in column) >= s.line_number_size * _mid(beside)


def _drawn(layout: _Layout, column: list[int]) -> tuple[tuple[str, int], ...]:
    """A column of numbers as drawn: each number with its height on the page, to the nearest two points."""
    return tuple((layout.page.lines[i].text, round(layout.page.lines[i].top / 2)) for i in column)


def _text_face(ctx: _Context) -> str:
    """The typeface most of the document's running text (its long lines, by characters) is set in
    (``_typeface``)."""
    fonts: Counter[str] = Counter()  # by font first: a document has a few, its pages many lines
    for layout in ctx.layouts.values():
        fonts.update(_text_faces(layout, str))
    faces: Counter[str] = Counter()
    for font, count in fonts.items():
        faces[_typeface(font)] += count
    return faces.most_common(1)[0][0] if faces else ""


def _typeface(font: str) -> str:
    """A font's typeface (``edges._face``) without a maker's "MT": "TimesNewRomanPSMT" and its bold,
    "TimesNewRomanPS-BoldMT", are one typeface."""
    return _face(font).removesuffix("MT")


def _numbers_code(layout: _Layout, column: list[int], face: str, s: Settings) -> bool:
    """True when most of the rows a column of numbers counts, Settings.line_numbers of them or more with
    text, hold their longest line in another typeface than the document's running text (``face``): a code
    listing's own lines, numbered down a page it fills, not the page's (a pleading's or a deposition's
    numbers count lines in its own typeface, a typewriter's too)."""
    lines = layout.page.lines
    same = []
    for i in column:
        r = layout.row_of[i]
        others = [j for j in layout.rows[r] if j != i] if r >= 0 else []
        if others:
            same.append(_typeface(lines[max(others, key=lambda j: len(lines[j].text))].font) == face)
    return len(same) >= s.line_numbers and 2 * sum(same) < len(same)


def _number_columns(layout: _Layout, s: Settings) -> Iterator[NumberColumn]:
    """The columns of numbers of one page that may be its line numbers (``_line_numbers``): each with its
    side, the edge its numbers are aligned on (the box's index) and where, its step, its lines from the top,
    and whether it counts at one pace."""
    block = layout.block
    if block is None:
        return
    lines = layout.page.lines
    # Beside the text block, or beside the page's own column where the page sets its text narrower (the
    # pages of one hand in a book with mirrored margins, a pleading bound with wider exhibits); there a
    # column has nothing else in its width over its height (a contents page's chapter entries start left
    # of its sections' numbers).
    left, right = block.left, block.right
    if layout.column is not None:
        left, right = max(left, layout.column[0]), min(right, layout.column[2])
    # The bare numbers first (a quick test of each line): most pages have none beside the text.
    counts = {i: count for i, line in enumerate(lines) if not line.angle and (line.box[2] < left or line.box[0] > right)
              and (count := _line_count(line.text)) is not None}
    if not counts:
        return
    beside: dict[Literal["left", "right"], list[int]] = {"left": [], "right": []}
    for i, line in enumerate(lines):
        if line.angle == 0 and line.text.strip():
            if line.box[2] < left:
                beside["left"].append(i)
            elif line.box[0] > right:
                beside["right"].append(i)
    for side, found in beside.items():
        numbers = [i for i in found if i in counts]
        taken: set[int] = set()
        # Aligned on the edge towards the text, or on the other (right-aligned in the left margin, or not)
        for edge in (2, 0) if side == "left" else (0, 2):
            spots = [(lines[i].box[edge], max(s.align_min, s.align_size * lines[i].size), i)
                     for i in numbers if i not in taken]
            for cluster in _cluster(spots):
                column = sorted(cluster, key=lambda i: lines[i].top)
                # One step between most numbers, the others a few of it: a number skipped here and there (a
                # specification's page that goes from line 53 to 55) still counts in that step.
                steps = [counts[b][1] - counts[a][1] for a, b in pairwise(column)]
                step = Counter(steps).most_common(1)[0][0] if steps else 0  # 0: one number alone, in any step
                if (steps and (step <= 0 or 2 * steps.count(step) <= len(steps)
                               or any(d <= 0 or d % step for d in steps))) \
                        or len({counts[i][0] for i in column}) > 1:
                    continue
                x0 = min(lines[i].box[0] for i in column)
                x1 = max(lines[i].box[2] for i in column)
                if any(j not in column and lines[j].box[0] < x1 and lines[j].box[2] > x0 for j in found):
                    continue  # something else in the column: a table's heading over its values
                if (x1 > block.left if side == "left" else x0 < block.right) and (
                        _crossed(layout, column, x0, x1) or _contents(layout, column)):
                    continue
                if 2 * sum(_beyond_in_row(layout, i, found, side) for i in column) > len(column):
                    continue  # line numbers end their lines: a column beyond them on most rows is a table's
                even = False
                # Down most of the text block: a listing between paragraphs numbers its own lines, not the page's.
                span = lines[column[-1]].bottom - lines[column[0]].top
                if len(column) >= s.line_numbers and span >= s.line_span * (block.bottom - block.top):
                    pace = [(lines[b].top - lines[a].top) / (counts[b][1] - counts[a][1]) for a, b in pairwise(column)]
                    usual = _mid(pace)
                    even = min(pace) >= (1 - s.line_pace) * usual and \
                        2 * sum(abs(p - usual) <= s.line_pace * usual for p in pace) > len(pace) \
                        and usual <= s.line_pitch * _mid(lines[i].size for i in column)
                taken.update(column)
                yield side, edge, _mid(lines[i].box[edge] for i in column), step, column, even


def _numbers_rows(layout: _Layout, column: list[int]) -> bool:
    """True when, between most two numbers of a column, the page has no more rows than the numbers step:
    a line's number stands level with it, on every line (or every fifth) of the text or an empty one; a
    bill numbers its clauses, however many lines each runs over, once."""
    rows = [layout.row_of[i] for i in column]
    values = [count[1] for i in column if (count := _line_count(layout.page.lines[i].text)) is not None]
    if len(values) != len(column):
        return False  # (a column holds counts only: never so)
    over = sum(b - a > v - u for (a, b), (u, v) in zip(pairwise(rows), pairwise(values), strict=True))
    return 2 * over < len(column) - 1


def _crossed(layout: _Layout, column: list[int], x0: float, x1: float) -> bool:
    """True when an upright line other than a column's own lies across its width, between its first and
    its last line."""
    lines = layout.page.lines
    top, bottom = lines[column[0]].top, lines[column[-1]].bottom
    own = set(column)
    return any(j not in own and line.angle == 0 and line.text.strip() and line.box[0] < x1 and line.box[2] > x0
               and line.bottom > top and line.top < bottom for j, line in enumerate(lines))


def _contents(layout: _Layout, column: list[int]) -> bool:
    """True when most of a column's entries end in a page's number, alone or after a leader of dots: a
    contents page, its entries' numbers down the left, their pages' down the right. An entry is a number's
    row, or those under it up to the next number's when a leader ends one (a talk's title over two lines,
    its number level with the first, its leader and page at the end of the last)."""
    lines = layout.page.lines
    ends = 0
    for i, below in zip(column, [*column[1:], None], strict=True):
        r = layout.row_of[i]
        if r < 0:
            continue
        last = layout.row_of[below] if below is not None and layout.row_of[below] > r else r + 1
        for k, row in enumerate(layout.rows[r:last]):
            others = [j for j in row if j != i]
            if others:
                text = lines[max(others, key=lambda j: lines[j].box[2])].text.strip()
                if (k == 0 and NUMBER_ALONE.fullmatch(text) is not None) or LEADER_NUMBER.search(text) is not None:
                    ends += 1
                    break
    return 2 * ends > len(column)


def _beyond_in_row(layout: _Layout, i: int, found: list[int], side: Literal["left", "right"]) -> bool:
    """True when one of the lines ``found`` beside the text stands in line ``i``'s row, farther out on its
    ``side`` (a schedule's times past its serial numbers)."""
    lines, row = layout.page.lines, layout.row_of[i]
    x0, _, x1, _ = lines[i].box
    return any(j != i and layout.row_of[j] == row
               and (lines[j].box[0] >= x1 if side == "right" else lines[j].box[2] <= x0) for j in found)


def _counted(ctx: _Context, number: int) -> set[int]:
    """The lines of a page's columns of line numbers that count at one pace, or run on from page to page
    (``_runs_on``): the rows they stand in are the text's, however close to the page's edge (a transcript's
    first lines, a pleading's last, with its footnotes among them)."""
    return {i for found in _columns_of(ctx, number) if found[5] or _runs_on(ctx, number, found) for i in found[4]}


def _columns_of(ctx: _Context, number: int) -> list[NumberColumn]:
    """``_number_columns`` of a page, worked out once."""
    known = ctx.number_columns.get(number)
    if known is None:
        known = ctx.number_columns[number] = list(_number_columns(ctx.layouts[number], ctx.settings))
    return known


def _line_count(text: str) -> tuple[str, int] | None:
    """A line's number if it may number a line of the text: a bare number ("12"), or one after its page's
    number and a point ("3.12", a bill's twelfth line on its third page); with that page's part ("" for
    none), which a column keeps on all its lines. Decimal digits only: a circled "①" or a raised "²" is a
    digit to ``str.isdigit`` but no number ``int`` reads."""
    if text.isdecimal():
        return "", int(text)
    page, point, line = text.partition(".")
    return (page, int(line)) if point and page.isdecimal() and line.isdecimal() else None


Margin = Literal["left", "right"]


def _side_templates(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns a column beside the text block drawn the same on most pages: its
    upright lines in type smaller than the text's, wholly beside the block, each in words and drawn letter
    for letter in one place (to Settings.align_min) on most pages with text, Settings.side_column of them
    or more on a page and most of what that page has beside the block on that side. A slide theme's navigation
    sidebar lists the talk's sections and subsections down every frame, the current one set apart only by
    its colour; its lines lie as deep in the page as the text's, where no walk from an edge reaches them.
    A newsletter's sidebar changes from page to page; a table's column beside the text holds its values,
    and a chart drawn beside the text on every page its scale's numbers."""
    s = ctx.settings
    furniture = ctx.furniture()
    small = ctx.body - s.body_slack
    step = s.align_min
    # Each page's small lines beside its block, each with where it is drawn; and the pages drawing each.
    beside: dict[tuple[int, Margin], list[tuple[int, tuple[Margin, str, int, int]]]] = defaultdict(list)
    pages: dict[tuple[Margin, str, int, int], set[int]] = defaultdict(set)
    for number, layout in ctx.layouts.items():
        block = layout.block
        if block is None:
            continue
        for i, line in enumerate(layout.page.lines):
            if line.angle != 0 or line.size >= small or not _on_page(line, layout.page):
                continue
            if line.box[0] >= block.right:
                side: Margin = "right"
            elif line.box[2] <= block.left:
                side = "left"
            else:
                continue
            spot = (side, line.text, round(line.box[0] / step), round(line.box[1] / step))
            beside[number, side].append((i, spot))
            pages[spot].add(number)
    least = ctx.most()
    found: dict[Margin, list[_Line]] = defaultdict(list)
    for (number, side), drawn in beside.items():
        layout = ctx.layouts[number]
        # (In words: a chart drawn beside the text on every page labels its scale with numbers.)
        same = [i for i, spot in drawn if any(ch.isalpha() for ch in spot[1]) and len(pages[spot]) >= least]
        if len(same) >= s.side_column and 2 * len(same) > len(drawn):
            found[side] += [m for m in (_in_margin(layout, i, side) for i in same) if m.key not in furniture]
    return [_Group(side, members[0].shape, members, _numbers(members), "margin", True,
                   f"in a column beside the text in the {side} margin, drawn the same on most pages: "
                   f"a navigation sidebar, on {{pages}}")
            for side, members in found.items() if members]


def _margin_stamps(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns vertical text running along a side margin, wholly outside the
    text block (an archive's identifier stamp up the first page, chapter tabs), even on one page."""
    furniture = ctx.furniture()
    found: dict[Place, list[_Line]] = defaultdict(list)
    for layout in ctx.layouts.values():
        for m in _stamps(layout, furniture, ctx.settings):
            found[m.place].append(m)
    out = []
    first = min(ctx.layouts)
    for place, members in found.items():
        # One-off vertical text beside the text is a stamp only on the first page (an archive's identifier),
        # where that page has text (a cover's spine title is the cover's); elsewhere it must recur (a stamp
        # on every page, chapter tabs), else it is a page's own decoration.
        if len({m.page for m in members}) < 2:
            members = [m for m in members if m.page == first and _text_page(ctx.layouts[first], ctx)]
            if not members:
                continue
        out.append(_Group(place, members[0].shape, members, _numbers(members), "margin", True,
                          f"runs up the {place} margin, outside the text block, on {{pages}}"))
    return out


def _stamps(layout: _Layout, furniture: dict, s: Settings) -> list[_Line]:
    """One page's vertical lines in a side margin with nothing but furniture or other stamps between them
    and the page's edge: beside the text block, or beside the page's own text column where the page sets
    its text narrower than the block (a newsletter's section pages, a tab down the space left)."""
    block = layout.block
    if block is None:
        return []
    column = layout.column
    left, right = block.left, block.right
    if column is not None:
        left, right = max(left, column[0]), min(right, column[2])
    upwards = [m for m in layout.lines.values() if m.line.angle in (90, 270)]
    if not upwards or sum(len(m.line.text) for m in upwards) > s.vertical_page * sum(
            len(ln.text) for ln in layout.page.lines):
        return []  # no vertical text, or so much that it is the page's content, not a stamp beside it
    found: list[_Line] = []
    taken: set[tuple[int, int]] = set()  # the stamps found on this page so far
    # From the edge inwards, so that a stamp's second column counts the first as margin, not as text.
    for m in sorted(upwards, key=lambda m: m.offset):
        if m.key in furniture or m.place not in ("left", "right"):
            continue
        x0, _, x1, _ = m.line.box
        if not ((m.place == "left" and x1 <= left) or (m.place == "right" and x0 >= right)):
            continue
        # In the margin means between the page's edge and all of its text.
        if all((m.page, i) in furniture or (m.page, i) in taken for i, ln in enumerate(layout.page.lines)
               if ln is not m.line and (ln.box[2] <= x0 if m.place == "left" else ln.box[0] >= x1)) and \
                not _labels_a_scale(m, layout, s) and not _sideways_headings(m, layout, s):
            found.append(m)
            taken.add(m.key)
    return found


def _marked_artifacts(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the lines the PDF itself marks as page headers, footers or page
    numbers (/Artifact /Pagination) at the page's edges, where nothing else has explained them. A bare
    /Pagination mark names no furniture (a long table's repeated headings get it too): such a line must
    also be at the page edge, outside the text block and set apart; and in a side margin it counts only
    where the document marks none of its text so (an OCR layer tagged by its engine marks formulas, and
    an equation's number beside them, as pagination). A bare /Artifact is read so where the document marks
    all its furniture found with it (``_furniture_mark``): at the top or the foot, set apart."""
    furniture = ctx.furniture()
    found: dict[tuple[Place, str], list[_Line]] = defaultdict(list)
    bare: dict[tuple[int, int], _Line] = {}
    side: list[_Line] = []
    # A bare /Artifact mark counts at the top or the foot where the document marks all its furniture found
    # so far with it, and none of its text (``_furniture_mark``), but on a cover: a cover's ISBN is the
    # cover's.
    mark = _furniture_mark(ctx, furniture)
    covers = _covers(ctx) if mark else frozenset()
    for layout in ctx.layouts.values():
        for m in layout.lines.values():
            if m.key not in furniture and m.place not in ("diagonal", "body") and (
                    m.line.artifact in PAGINATION or (mark and m.line.artifact == mark and m.place in ("top", "bottom")
                                                      and m.page not in covers)):
                if m.line.artifact == "footer" and m.index in _foot_notes(ctx, m.page):
                    continue
                if m.named:
                    found[(m.place, m.line.artifact)].append(m)
                elif m.place in ("top", "bottom"):
                    bare[m.key] = m
                else:
                    side.append(m)
    if side and not any(line.artifact == "pagination" and _deep(layout.lines.get(i), ctx.settings)
                        for layout in ctx.layouts.values() for i, line in enumerate(layout.page.lines)):
        for m in side:
            found[(m.place, m.line.artifact)].append(m)
    # At the edge and set apart; outside the text block too, unless the PDF marks the line as it marks the
    # furniture found.
    for m in _edge_lines(ctx, bare, marked=mark) if bare else []:
        found[(m.place, m.line.artifact)].append(m)
    out = []
    titles = _titles(ctx)
    for (place, artifact), members in found.items():
        members = [m for m in members if m.key not in titles]
        if not members:
            continue
        what = {"top": "header", "bottom": "footer"}.get(place, "margin note") if artifact == "pagination" else artifact
        numbers = all(_lone_number(m.line.text, ctx.numbering) for m in members)
        reason = f"marked in the PDF as its other furniture is, {_where(place)} of {{pages}}" if artifact == mark \
            else f"marked as a page {what} in the PDF, {_where(place)} of {{pages}}"
        out.append(_Group(place, members[0].shape, members, _numbers(members),
                          "page-number" if numbers else "watermark" if artifact == "watermark" else _kind_of(place),
                          True, reason))
    return out


def _deep(m: _Line | None, s: Settings) -> bool:
    """True when a line lies in its page's text: placed in the body, more than Settings.edge_rows rows
    from the page's top or bottom edge, or not placed at all."""
    return m is None or m.place == "body" or (m.place in ("top", "bottom") and m.rank >= s.edge_rows)


def _print_stamps(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the print stamps at a page's top or bottom edge: a line of a few
    words (on a page of a few lines, a sentence: a cover's download notice) that holds a date with a time
    of day, or a date with a word of printing (STAMP), in the text's size or smaller (its page's, where
    that is larger), met from the edge through furniture only and set apart from the text, on any page,
    even once (a report's "Printed on: 8/26/2019", a cover sheet's "Document généré le 6 déc. 2023
    14:03", a court's filing stamp), with the rows stacked on them outside the text block (the case number
    under the filing's time) and the count of pages beside them in their row. With them, on
    a document of one page, whose number no numbering can vouch for, its own number alone in its
    outermost row."""
    s = ctx.settings
    furniture = ctx.furniture()
    sizes: dict[int, float] = {}

    def size(number: int) -> float:
        """The text's size, its page's where that sets its text larger (a report of its own in a merged
        file), with the slack; worked out for the few pages with a stamp's words."""
        if number not in sizes:
            sizes[number] = max(ctx.body, _mid(line.size for line in ctx.layouts[number].page.lines)) + s.body_slack
        return sizes[number]

    def stamp(m: _Line) -> bool:
        # A filing stamp that names its page among the document's ("Page 8 of 34") may be set larger than
        # the text (a transcript's) and run to a sentence on any page.
        named = _names_page(m.line.text, m.page, ctx.n_pages, ctx.numbering)
        if m.line.size > size(m.page) and not named:
            return False
        words = len(m.line.text.split())
        return words <= s.stamp_words or (
            words <= s.stamp_sentence and (named or not _text_page(ctx.layouts[m.page], ctx)))

    stamps = {m.key: m for m in ctx.lines  # in the rows nearest the edge (Settings.outer_rows)
              if m.rank < s.outer_rows and m.place in ("top", "bottom") and not m.beyond
              and m.line.angle == 0 and m.key not in furniture and STAMP.search(m.line.text) and stamp(m)
              and not _twinned(m, ctx, STAMP.search)}
    own: dict[Key, _Line] = {}
    if ctx.n_text == 1 and not any(g.remove and g.kind == "page-number" for g in ctx.groups):
        own = {m.key: m for m, value, roman in _lone_numbers(ctx) if m.rank == 0 and value == m.page and not roman}
    if not stamps and not own:
        return []
    tight = ctx.apart()
    stacked = {n.key: n for m in stamps.values() for n in _stacked_on(ctx.layouts[m.page], m, tight, ctx)
               if n.key not in furniture}
    # Beside a stamp in its row, the count of the pages printed ("1/1", "Page 2 of 5"): a report of its
    # own in a merged file counts its own pages.
    for m in stamps.values():
        layout = ctx.layouts[m.page]
        for i in layout.rows[m.row]:
            n = layout.lines.get(i)
            if n is not None and n.key not in furniture and _folio_words(n.shape) <= s.folio_words \
                    and _count_of(n.line.text, ctx.numbering) is not None:
                stacked[n.key] = n
    found = _edge_lines(ctx, {**stacked, **stamps, **own}, block=False)
    out = _folios([m for m in found if m.key in own], lambda place: f"the page's own number alone {_where(place)}, "
                                                                    f"set apart from the text, on its only page")
    by_place: dict[Place, list[_Line]] = defaultdict(list)
    for m in found:
        if m.key not in own:
            by_place[m.place].append(m)
    return out + [_Group(place, members[0].shape, members, _numbers(members), _kind_of(place), True,
                         f"a date and time of printing {_where(place)}, and what is stacked on it, set apart "
                         f"from the text, on {{pages}}")
                  for place, members in by_place.items()]


def _page_turns(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the notes at a page's foot that its text goes on over the page
    (CONTINUES: "(Continued on next page)", "Fortsetzung auf Seite 2", "CONTINUED"), on any page, even once:
    with nothing across their width in their row or under it to the bottom edge but furniture, however
    close under the text (the last row of a table's box), the page read as the note reads (a landscape
    table's, set sideways on a sheet turned for its folio); the page's other columns may run on lower (a
    newsletter's story jumps to page 3 from the foot of its first column). The reader's cue to
    turn the page, not the text's: a table's "(continued)" caption heads the next page's text, and a
    note that ends a column over more text stays."""
    furniture = ctx.furniture()
    found = []
    for m in ctx.lines:
        if m.place == "bottom" and m.row >= 0 and not m.beyond and m.key not in furniture \
                and CONTINUES.fullmatch(m.line.text):
            layout = ctx.layouts[m.page]
            x0, _, x1, _ = m.line.box
            if all(i == m.index or (m.page, i) in furniture or not (layout.page.lines[i].box[0] < x1
                                                                     and layout.page.lines[i].box[2] > x0)
                   for row in layout.rows[m.row:] for i in row):
                found.append(m)
    # A page whose text is set sideways (a landscape table turned on a portrait sheet, the sheet turned
    # back for its folio): the note stands at the foot of the text as the text reads.
    for layout in ctx.layouts.values():
        number = layout.page.number
        for i, line in enumerate(layout.page.lines):
            if line.angle not in (90, 270) or (number, i) in furniture or not CONTINUES.fullmatch(line.text) \
                    or not _on_page(line, layout.page):
                continue
            read = _upright(layout.page, line.angle).lines  # the page as the note reads
            x0, top, x1, _ = read[i].box
            if all(j == i or (number, j) in furniture or other.angle != 0 or other.bottom <= top
                   or not (other.box[0] < x1 and other.box[2] > x0) for j, other in enumerate(read)):
                found.append(_at_foot(layout, i))
    return [_Group("bottom", found[0].shape, found, _numbers(found), "footer", True,
                   "a note at the foot of the page's text that it goes on over the page, on {pages}")] if found else []


def _first_page_foot(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the lines alone at the foot of the first page, printed once where
    the footer goes on the other pages: a publisher's copyright or DOI line, a journal's address, a
    company's registration and bank details under a letter. A footnote there is the text's. So either
    one of the foot's rows says what it is (PUBLISHING), and the other rows below the text block go with
    it (the date beside "Preprint submitted to ..."); or the foot lies where no other page of its size
    has text, in type smaller than the text's, set apart from the text above it, and none of its rows is
    a footnote (``_footnote``): a first page's footnotes lie in the text block, where the other pages'
    text runs down to, unless those pages are short; or the page's last row alone, set apart, prints a
    line that furniture on the other pages prints (a form's number, which heads the pages after it)."""
    s = ctx.settings
    # The first page of text: past a cover (a download service's, a few lines), the next page's foot is
    # the first page's.
    layout = next((layout for layout in islice(ctx.layouts.values(), 2) if _text_page(layout, ctx)), None)
    if layout is None or layout.block is None or ctx.n_text <= 1:
        return []
    furniture = ctx.furniture()
    small = ctx.body - s.body_slack
    rows = _foot_rows(layout, lambda m: _outside(m, ctx))
    members: list[_Line] = []
    named = max((k for k, row in enumerate(rows) if any(PUBLISHING.search(m.line.text) for m in row)), default=None)
    if named is not None:
        # The rows stacked on the innermost such row within the text's leading, up to a wider gap: past it,
        # a figure's caption.
        rows = rows[:next((k for k in range(named + 1, len(rows))
                           if layout.gaps[len(layout.rows) - 1 - k] > ctx.apart()), len(rows))]
        # A footnote the text refers to may cite a web address too: the text's.
        if not any(_referenced_note(row, layout) for row in rows):
            members = _edge_lines(ctx, {m.key: m for row in rows for m in row if m.key not in furniture},
                                  block=False)
        reason = "alone at the foot of the first page, below the text block, where the footer goes"
    if not members:
        # In the text block, the rows at the very foot in smaller type, stacked within the text's leading,
        # half of them or more naming the publication, set apart from the footnotes over them: a journal's
        # DOI, the article's dates and its copyright under its first column. The page's text runs down to
        # them (within Settings.edge_rows lines): a notice alone at the foot of a title page, far under its
        # text, is the title page's.
        rows = _publisher_rows(layout, ctx.body, ctx.apart())
        gap = _gap_over(layout, rows)
        if gap is not None and gap <= s.edge_rows * (ctx.body + ctx.gap) \
                and not any(_footnote(row, layout.block, s) for row in rows):
            members = _edge_lines(ctx, {m.key: m for row in rows for m in row if m.key not in furniture},
                                  block=False)
            reason = "alone at the foot of the first page, under its text, naming the publication"
    if not members:
        # The page's last row, set apart from the text over it, holding a line in words that furniture on
        # the other pages prints letter for letter: a form's number and revision under its first page
        # ("Form W-4 (2023)"), which heads the pages after it. (A folio's number is any page's.)
        printed = {m.line.text for g in ctx.groups if g.remove for m in g.members
                   if m.page != layout.page.number and any(ch.isalpha() for ch in m.line.text)}
        rows = _foot_rows(layout, lambda m: True)[:1]
        gap = _gap_over(layout, rows)
        if gap is not None and gap > ctx.apart() and any(m.line.text in printed for m in rows[0]) \
                and not _footnote(rows[0], layout.block, s):
            members = _edge_lines(ctx, {m.key: m for m in rows[0] if m.key not in furniture}, block=False)
            reason = "alone at the foot of the first page, set apart, printing what furniture prints on the other pages"
    if not members:
        # The rows of the page's own foot zone, from the page edge: nothing but them lies between the text
        # and the edge, so only the gap over them is asked, whatever they hold (columns of small print are
        # no table of the text's). Furniture found already (the page number under the foot) is of it.
        reach = _text_reach(ctx, layout, furniture)
        rows = [] if reach is None else _foot_rows(
            layout, lambda m: m.key in furniture or (m.line.top > reach[1] and m.line.size < small))
        gap = _gap_over(layout, rows)
        if gap is None or gap <= ctx.apart() or _under_picture(rows[-1], layout) \
                or any(_footnote(row, layout.block, s) for row in rows):
            return []
        members = [m for row in rows for m in row if m.key not in furniture]
        reason = "alone at the foot of the first page, in small type where no other page has text"
    if not members:
        return []
    return [_Group("bottom", members[0].shape, members, _numbers(members), "footer", True, reason)]


def _publisher_feet(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns a page's own foot that names the publication's rights: the rows
    from the bottom edge in type smaller than the text's, set apart from the text above them, the outermost
    below the text block, one of them a copyright or a DOI (RIGHTS_NAMED) not found already, none a
    footnote nor a caption. A book prints its copyright under each chapter's first page; footnotes lie
    where the other pages' text runs and start with their mark; a running foot's copyright names no notes
    set small over it (a data sheet's table notes); a title page's notice under its few lines is the title
    page's (``_text_page``), and the last page's foot the document's closing block (a data sheet's
    trademarks, copyright and distributors under its back page). (The first page's foot is its own
    pass's.)"""
    s = ctx.settings
    small = ctx.body - s.body_slack
    furniture = ctx.furniture()
    wide = ctx.apart()
    ends = (min(ctx.layouts), max(ctx.layouts))
    wanted: dict[Key, _Line] = {}
    for layout in ctx.layouts.values():
        if layout.block is None or layout.page.number in ends or not layout.rows:
            continue
        # In type no larger than the outermost row's: an article's abstract over its citation is small too.
        foot = max(layout.page.lines[i].size for i in layout.rows[-1]) + s.size_slack

        def inside(m: _Line, foot: float = foot) -> bool:
            return m.line.size < small and m.line.size <= foot

        rows = _foot_rows(layout, inside)
        gap = _gap_over(layout, rows)
        if gap is None or gap <= wide or not _outside(rows[0][0], ctx) \
                or not any(RIGHTS_NAMED.search(m.line.text) for row in rows for m in row if m.key not in furniture) \
                or any(_footnote(row, layout.block, s) for row in rows) or _under_picture(rows[-1], layout) \
                or not _text_page(layout, ctx, len(rows)):
            continue
        wanted.update((m.key, m) for row in rows for m in row if m.key not in furniture)
    members = _edge_lines(ctx, wanted, block=False) if wanted else []
    if not members:
        return []
    return [_Group("bottom", members[0].shape, members, _numbers(members), "footer", True,
                   "a page's own foot in small type, under the text block, naming the publication's rights")]


def _first_page_head(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the first page's own head: the rows from its top edge that begin
    above where the other pages' text starts, in the place of their running head, with the rows stacked
    tight on them, up to the gap that sets them apart from the text. Printed once (a letter's letterhead,
    its address block beside it, a journal's citation block), they repeat nothing; the other pages' head
    says the page's top margin is the furniture's, and a page of running text under it says the page is no
    cover."""
    layout = next(iter(ctx.layouts.values()))  # the first page with text
    first = layout.page.number
    # The other pages' heads: the lines of the furniture at their top.
    others = [m.line for g in ctx.groups if g.remove and g.place == "top" for m in g.members if m.page != first]
    if layout.block is None or ctx.n_text <= 1 or not _text_page(layout, ctx):
        return []
    if not others:
        return _named_in_foot(layout, ctx)
    furniture = ctx.furniture()
    block, wide, lines = layout.block, ctx.apart(), layout.page.lines
    small = ctx.body - ctx.settings.body_slack
    # Where the text starts on the other pages, under their furniture: the head begins above it.
    reach = _text_reach(ctx, layout, furniture)
    start = block.top if reach is None else reach[0]
    head: list[_Line] = []
    for r, placed in _top_rows(layout):
        if placed is None:
            return []
        if not head and not all(m.line.top < start for m in placed):
            return []  # the text, or a title, starts the page: no head of its own
        head += placed
        # It goes on over the rows stacked tight on it, and past a wider gap over a row that lies wholly
        # above the other pages' text, or over a row of small print set apart from the rows under it too
        # (its contact line under the name).
        if r + 1 < len(layout.rows) and layout.gaps[r] > wide and \
                max(lines[i].bottom for i in layout.rows[r + 1]) > start and \
                not (r + 2 < len(layout.rows) and layout.gaps[r + 1] > wide
                     and all(lines[i].size < small for i in layout.rows[r + 1])):
            break
    # All in small print, it cites the publication (its DOI, its volume): a journal's citation block,
    # naming the journal the running heads name.
    cited = _cites(head, ctx)
    # Else, laid out on the page, not in the text's column: some of it reaches into a side margin, past the
    # column by more than the text's size, in type no larger than the text's (a title set large may run
    # past the column too; a letterhead's address ranged into the margin is small); or it says what it is,
    # a contact line (``_contact``) beside the name and the street; or it names what the page's own foot
    # names (the firm's name over its registration details); or, ending above where the other pages' text
    # starts (within a line of the text's size), it has small print (the street under the name; a draft's
    # date over a paper's title). A title over the text, however high it starts, does none; and the running
    # heads of the other pages repeat a title's words, not a letterhead's (they name the addressee and the
    # date).
    if not cited and not any(((m.line.box[0] < block.left - ctx.body or m.line.box[2] > block.right + ctx.body)
                              and m.line.size <= ctx.body + ctx.settings.body_slack)
                             or _contact(m.line.text, ctx.settings) for m in head) \
            and not _names_foot(head, layout, ctx, others) \
            and not (max(m.line.bottom for m in head) < start + ctx.body
                     and any(m.line.size < small for m in head)):
        return []
    if not cited and any(_words(m.line.text) in {_words(line.text) for line in others} for m in head):
        return []
    # Where the other pages have their head: the first page's own head shares some of its height (a
    # publisher's banner over an article whose running heads stand beside the text is the article's). A
    # citation block says what it is wherever it stands over the text (a journal's, a line under the
    # height of the other pages' heads).
    if not cited and (max(m.line.bottom for m in head) <= min(line.top for line in others)
                      or min(m.line.top for m in head) >= max(line.bottom for line in others)):
        return []
    return _head(ctx, head, "the first page's own head, above the text block where the other pages have their head")


def _first_page_column(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the first page's own column down a side margin: a letterhead set
    beside the text (the firm's name at the top, its address, numbers and partners under it). Every line
    of the page wholly in that margin, past the text's column by more than the text's size, is of it; it
    begins above the text block, in the head's place, and says what it is (an e-mail or a web address);
    and no other page of its size has text there. A margin note begins beside the text it notes and
    comes back on other pages; a table wider than the column has cells there."""
    layout = next(iter(ctx.layouts.values()))  # the first page with text
    block = layout.block
    if block is None or ctx.n_text <= 1 or not _text_page(layout, ctx):
        return []
    furniture = ctx.furniture()
    reach = ctx.body

    def side(line: Line) -> Side:
        if line.angle != 0:
            return ""
        return "left" if line.box[2] < block.left - reach else "right" if line.box[0] > block.right + reach else ""

    size = _page_size(layout.page)
    out = []
    sides: tuple[Literal["left", "right"], ...] = ("left", "right")
    for place in sides:
        column = [i for i, line in enumerate(layout.page.lines) if side(line) == place and _on_page(line, layout.page)
                  and (layout.page.number, i) not in furniture]
        members = [_in_margin(layout, i, place) for i in column if i not in layout.cells]
        if not members or len(members) < len(column) or min(m.line.top for m in members) >= block.top or \
                not any(_contact(m.line.text, ctx.settings) for m in members):
            continue
        if any(side(line) == place for other in ctx.layouts.values() if other is not layout
               and _page_size(other.page) == size
               for i, line in enumerate(other.page.lines) if (other.page.number, i) not in furniture):
            continue
        members.sort(key=lambda m: m.line.top)
        out.append(_Group(place, members[0].shape, members, _numbers(members), "margin", True,
                          f"the first page's own column down the {place} margin, from above the text block, "
                          "with an address in it: a letterhead"))
    return out


def _contact(text: str, s: Settings) -> bool:
    """True when a line is a contact line: an e-mail or a web address (CONTACT) with few other words
    (Settings.contact_words), addresses and numbers aside ("Tel: 301.530.2900 Fax: 607.273.8752
    www.grammatech.com")."""
    return CONTACT.search(text) is not None and sum(
        any(ch.isalpha() for ch in word) and CONTACT.search(word) is None for word in text.split()) <= s.contact_words


def _own_heads(ctx: _Context) -> list[_Group]:
    """Given the decided groups, returns the heads a short document prints on one page only (a first page
    printed without the header, a memo's continuation head, a paper's band over its title): with two or
    three pages nothing repeats. Such a head is the rows from a page's top edge that end above where every
    other page's text starts, set apart from the page's own text under them, and in type smaller than the
    text's or in parts across the column (the name on the left, the reference on the right), or naming the
    letterhead's firm: a heading or a title that opens a page is set as large as the text or larger, in one
    part, and a page that starts lower than the others (under a title) gives the others' first rows no
    head."""
    s = ctx.settings
    if not 2 <= ctx.n_text <= s.short_document:
        return []
    furniture = ctx.furniture()
    members: list[_Line] = []
    for layout in ctx.layouts.values():
        if layout.block is None or not _text_page(layout, ctx):
            continue
        reach = _text_reach(ctx, layout, furniture)
        if reach is not None:
            members += _own_head(layout, reach[0], ctx)
    return _head(ctx, members, "a page's own head, above where the other pages' text starts, set apart from the text")


def _own_head(layout: _Layout, start: float, ctx: _Context) -> list[_Line]:
    """The rows at the top of a page that end above ``start``, stacked tight, set apart from the rows under
    them, each in small type, or in parts that are no table's row, or no larger than the text and naming
    what furniture on another page names, two words running (a continuation head naming the letterhead's
    firm) (none: [])."""
    s, lines, wide = ctx.settings, layout.page.lines, ctx.apart()
    small = ctx.body - s.body_slack
    named = {pair for g in ctx.groups if g.remove for m in g.members if m.page != layout.page.number
             for pair in _word_pairs(m.line.text)}
    head: list[_Line] = []
    for r, placed in _top_rows(layout):
        if placed is None or not all(m.line.bottom < start for m in placed) or r + 1 == len(layout.rows):
            return []
        if not (all(m.line.size < small for m in placed) or (len(placed) > 1 and r not in layout.table)
                or all(m.line.size <= ctx.body and named & _word_pairs(m.line.text)
                       for m in placed)):
            return []
        head += placed
        if layout.gaps[r] > wide:
            # Words, and no picture beside or under them: a chart's scale or title opening a page is the
            # chart's.
            top, below = min(m.line.top for m in head), min(lines[i].bottom for i in layout.rows[r + 1])
            if not any(c.isalpha() for m in head for c in m.line.text) or \
                    any(picture[1] < below and picture[3] > top for picture in layout.page.pictures):
                return []
            return head
    return []


def _named_in_foot(layout: _Layout, ctx: _Context) -> list[_Group]:
    """The first page's own head where no other page has one: the rows from its top edge stacked tight, up
    to the wide gap that sets them apart from the text, when one of them names what the first page's own
    foot names (``_names_foot``), or when all of them are small print that cites the publication (a
    journal's citation line over an article's title: its volume, pages and DOI)."""
    head: list[_Line] = []
    wide = ctx.apart()
    for r, placed in _top_rows(layout):
        if placed is None or r + 1 == len(layout.rows):
            return []
        head += placed
        if layout.gaps[r] > wide:
            break
    else:
        return []
    if _cites(head, ctx):
        return _head(ctx, head, "the first page's own head, citing the publication in small print, set apart "
                                "from the text")
    if _marked(head):
        return _head(ctx, head, "the first page's own head, marked as furniture in the PDF, set apart from the text")
    if not _names_foot(head, layout, ctx):
        return []
    return _head(ctx, head, "the first page's own head, naming what its own foot names, set apart from the text")


def _marked(head: list[_Line]) -> bool:
    """True when the PDF marks every line of a first page's head as an artifact, one of them as page
    furniture (PAGINATION): a letterhead typed into the first page's own header. A title block is the
    document's structure; no producer marks it so."""
    return all(m.line.artifact for m in head) and any(m.line.artifact in PAGINATION for m in head)


def _cites(head: list[_Line], ctx: _Context) -> bool:
    """True when a first page's head is all in small print and cites the publication (its DOI, its volume,
    its rights): a journal's citation block or line."""
    small = ctx.body - ctx.settings.body_slack
    return all(m.line.size < small for m in head) and any(RIGHTS_NAMED.search(m.line.text) for m in head)


def _names_foot(head: list[_Line], layout: _Layout, ctx: _Context, others: Sequence[Line] = ()) -> bool:
    """True when a line of the first page's head names what the page's own foot names: two words running
    (the firm's name over its registration details). A title set over the text names no foot printed on
    its page only; where that foot cites the article (its DOI, its rights), it names the title: a line
    set as large as a heading is the title then, not a head. What the ``others`` pages' heads print names
    the document, not a letterhead's firm (a form's number heads each page and closes the first: its title
    block names it too); a letter's continuation heads name the addressee and the date."""
    first = layout.page.number
    foot = [m.line.text for g in ctx.groups
            if g.remove and g.place == "bottom" and all(m.page == first for m in g.members) for m in g.members]
    heads = {pair for line in others for pair in _word_pairs(line.text)}
    pairs = {pair for text in foot for pair in _word_pairs(text)} - heads
    large = math.inf if not any(RIGHTS_NAMED.search(text) for text in foot) else ctx.body * ctx.settings.heading_size
    return any(pairs & _word_pairs(m.line.text) for m in head if m.line.size < large)


def _head(ctx: _Context, lines: list[_Line], reason: str) -> list[_Group]:
    """A page's own head of these lines, as many of them as are at the edge and set apart (the text block
    is no measure of a head printed once), those not furniture already."""
    furniture = ctx.furniture()
    members = _edge_lines(ctx, {m.key: m for m in lines if m.key not in furniture}, block=False) if lines else []
    return [_Group("top", members[0].shape, members, _numbers(members), "header", True, reason)] if members else []


def _top_rows(layout: _Layout) -> Iterator[tuple[int, list[_Line] | None]]:
    """A page's rows from the top down, each with its lines as placed while it holds only upright lines
    placed at the top, on the page; then that row with None, and no more."""
    for r, row in enumerate(layout.rows):
        placed = [layout.lines.get(i) for i in row]
        if not all(m is not None and m.place == "top" and not m.beyond and m.line.angle == 0 for m in placed):
            yield r, None
            return
        yield r, [m for m in placed if m is not None]


def _publisher_rows(layout: _Layout, size: float, tight: float) -> list[list[_Line]]:
    """A page's rows from the bottom up in type smaller than ``size``, each within ``tight`` of the next,
    up to a wider gap over them, where half of them or more name the publication (PUBLISHING), the
    innermost among them (a licence's last row only ends its sentence); none where they do not."""
    rows = _foot_rows(layout, lambda m: m.line.size < size)
    block: list[list[_Line]] = []
    for k, row in enumerate(rows):
        inner = len(layout.rows) - 1 - k
        block.append(row)
        if inner == 0 or layout.gaps[inner - 1] > tight:
            break
    else:
        return []  # the small type runs on into larger, or the rows are set closer than the text's leading
    named = [any(PUBLISHING.search(m.line.text) is not None for m in row) for row in block]
    if not block or not named[-1] or 2 * sum(named) < len(block):
        return []
    return block


def _foot_rows(layout: _Layout, inside: Callable[[_Line], bool]) -> list[list[_Line]]:
    """A page's rows from the bottom up while each holds only lines placed at the bottom, on the page and
    ``inside`` the zone asked about."""
    rows: list[list[_Line]] = []
    for r in range(len(layout.rows) - 1, -1, -1):
        row = [layout.lines[i] for i in layout.rows[r] if i in layout.lines]
        if not row or not all(m.place == "bottom" and not m.beyond and inside(m) for m in row):
            break
        rows.append(row)
    return rows


def _gap_over(layout: _Layout, rows: list[list[_Line]]) -> float | None:
    """The gap between a page's foot rows (``_foot_rows``) and the row over them: None where there are
    none, or nothing lies over them."""
    inner = len(layout.rows) - len(rows)  # the foot's innermost row
    return layout.gaps[inner - 1] if rows and inner > 0 else None


def _under_picture(row: list[_Line], layout: _Layout) -> bool:
    """True when a picture ends between a row and the text above it: the row is its caption."""
    top = min(m.line.top for m in row)
    above = max((line.bottom for line in layout.page.lines if line.bottom <= top), default=0.0)
    return any(above < picture[3] <= top for picture in layout.page.pictures)


def _text_reach(ctx: _Context, first: _Layout, furniture: dict) -> tuple[float, float] | None:
    """How high and how low the text goes on the pages of the first page's size other than it: the highest
    top of their first rows and the lowest bottom of their last rows that hold a line on the page that is
    not furniture (None when there are no such pages)."""
    size = _page_size(first.page)
    tops, bottoms = [], []
    for layout in ctx.layouts.values():
        if layout is not first and _page_size(layout.page) == size:
            top = _text_row(layout, layout.rows, furniture)
            bottom = _text_row(layout, reversed(layout.rows), furniture)
            if top and bottom:
                tops.append(min(line.top for line in top))
                bottoms.append(max(line.bottom for line in bottom))
    return (min(tops), max(bottoms)) if tops else None


def _text_row(layout: _Layout, rows: Iterable[list[int]], furniture: dict) -> list[Line]:
    """The lines on the page that are not furniture of the first of ``rows`` that holds any (none: [])."""
    page = layout.page
    for row in rows:
        lines = [page.lines[i] for i in row if (page.number, i) not in furniture and _on_page(page.lines[i], page)]
        if lines:
            return lines
    return []
