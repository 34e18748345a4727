"""The first passes: they group the lines that repeat or count, before anything is judged.

Each takes the context and returns new groups of lines no earlier pass has grouped: page numbers (which
are decided at once: a number that counts with the pages is one), text beyond the visible page (decided
at once too), and lines repeated in one place (left undecided, for ``_judge``). ``_runs`` says which
numbers count with the pages.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable
from difflib import SequenceMatcher
from itertools import pairwise

from ..model import Line
from .groups import (
    Key,
    Numbers,
    Place,
    Slot,
    _by_size,
    _cluster,
    _Context,
    _describe,
    _far_in,
    _Group,
    _kind_of,
    _Layout,
    _Line,
    _numbers,
    _numbers_itself,
    _where,
    _words,
)
from .numbers import ALNUM, CID, CID_MARK, PAGE_WORD, PN_WRAP, WORD_BREAK
from .settings import Settings

# A page number's candidates gathered by their edge, their words (or shape) and whether roman.
_SlotKey = tuple[Place, str | tuple[str, ...], bool]


def _page_number_groups(ctx: _Context) -> list[_Group]:
    """Given the lines, returns groups of lines whose number counts with the pages, in the same place."""
    s = ctx.settings
    shapes, edge_rows = ctx.numbering.shapes, s.edge_rows
    slots: dict[_SlotKey, list[tuple[_Line, int]]] = defaultdict(list)
    shapes_of: dict[_SlotKey, list[str]] = defaultdict(list)
    # Mirrored heads and feet put the number on the outer side ("Mnesia | 3", "4 | Mnesia"): the words beside
    # it, in their order, make the slot; a number with no words beside it is its shape. (Worked out once a
    # shape: most lines share a few.)
    slot_of: dict[str, str | tuple[str, ...]] = {}
    large: set[Key] = set()  # numbers set as large as a heading, beside other parts of their row ...
    alone: set[Key] = set()  # ... or alone in it
    first: dict[Key, bool] = {}  # for those, whether the number stands first in its line
    numbers: dict[int, list[tuple[int, Line, float]]] = {}  # each page's numbers alone (``_page_numbers``), when asked
    layouts, roman_tokens = ctx.layouts, s.roman_tokens
    for m in ctx.ungrouped():
        if "#" not in m.shape and len(m.shape.split(None, roman_tokens)) > roman_tokens:
            continue  # most lines: no digit, and too many words for a roman numeral (as ``shapes`` would say)
        if m.place not in ("top", "bottom", "left", "right") or m.beyond:
            continue
        if m.place in ("top", "bottom") and (m.rank >= edge_rows or _far_in(m, ctx)):
            continue
        if m.index in layouts[m.page].cells:
            continue  # a table's cell: its numbers are the table's
        readings = shapes(m.line.text, m.shape)
        if not readings:
            continue  # no token that may be a page number: most lines with a digit
        if m.shape.startswith("#"):
            if m.page not in numbers:
                numbers[m.page] = _page_numbers(layouts[m.page])
            if _on_a_scale(m, layouts[m.page], numbers[m.page], s):
                continue  # a chart's tick label
        if _raised_in(m.line, m.row, layouts[m.page]):
            continue  # a footnote's mark raised in a line of the text
        for shape, value, is_roman in readings:
            if _numbers_itself(m.line.size, shape, ctx) and not (m.place == "bottom" and m.rank == 0):
                # A heading that numbers itself stands alone in its row, over its text (never in the page's
                # last row, where a folio stands, however small the text is); a folio set as large as the running
                # head it closes ("King James Bible  Genesis  Page 44") shares the head's row, or stands on
                # the outer side of facing pages, and counts over half the pages or more (a title's count of
                # its slides, "Commands 1/3", does neither).
                if m.row < 0:
                    continue
                (alone if len(layouts[m.page].rows[m.row]) == 1 else large).add(m.key)
                first[m.key] = shape.startswith("{n}")
            slot = slot_of.get(shape)
            if slot is None:
                # (Glyphs the font does not map, glued to a word, are no part of the slot's words.)
                parts = (CID.sub("", w) if CID_MARK in w else w for w in shape.split() if w != "{n}")
                slot = slot_of[shape] = tuple(w for w in parts if w.strip(PN_WRAP)) or shape
            key: _SlotKey = (m.place, slot, is_roman)
            slots[key].append((m, value))
            shapes_of[key].append(shape)
            end = _folio_end(shape)
            if end is not None:
                slots[(m.place, end, is_roman)].append((m, value))
                shapes_of[(m.place, end, is_roman)].append(shape)
    # Longer runs first, so that a line is claimed by its best explanation.
    scored = []
    built = any(slide != page for page, slide in ctx.slide.items())  # some page is a state of the one before
    spreads = frozenset(n for n, layout in ctx.layouts.items() if layout.page.width > layout.page.height)
    for key, items in slots.items():
        if len(items) < 2 or items[0][0].page == items[-1][0].page:
            continue  # on one page only (items come page by page): no sequence
        copies = Counter((m.page, value) for m, value in items)
        if max(copies.values()) > s.folio_copies:
            items = [(m, value) for m, value in items if copies[m.page, value] <= s.folio_copies]
        for cl in _in_one_place(items, s):
            lone = not isinstance(key[1], tuple) and not key[1].replace("{n}", "").strip(PN_WRAP + " ")
            # A frame number counts with the slides; where each state of a slide has its own page's number
            # alone (a slideshow numbering its pages), the numbers count with the pages: the longer run
            # tells. (A notebook's "In [30]:", "In [31]:" over one chart printed twice counts cells.)
            run: list[_Line] = []
            for counted in (ctx.slide, None) if built and lone else (ctx.slide,):
                if _runs([items[k] for k in cl], ctx.n_text, s, lone=lone, slide=counted, spreads=spreads):
                    # Where a numbering restarts (documents collated in one file), it keeps its shape and
                    # place: there a shorter run counts too.
                    longer = _runs([items[k] for k in cl], ctx.n_text, s, lone=lone, slide=counted,
                                   spreads=spreads, min_run=s.short_run)
                    if len(longer) > len(run):
                        run = longer
            if run:
                scored.append((len(run), key, run))
    scored.sort(key=lambda item: -item[0])
    named = _page_named(slots, shapes_of, ctx)
    claimed: set[tuple[int, int]] = set()
    # Each page's numbers so far, with their edge and row.
    numbered: dict[int, set[tuple[int, Place, int]]] = defaultdict(set)
    folio_slots: list[Slot] = []  # where the numberings found so far stand
    found: list[_Group] = []
    for _, key, run in scored:
        place, shape = key[0], Counter(shapes_of[key]).most_common(1)[0][0]
        members = [m for m in run if m.key not in claimed]
        values = {m.key: value for m, value in slots[key]}
        pages = {m.page for m in members}
        worded = any(ch.isalpha() for ch in shape.replace("{n}", ""))
        if len(pages) < 2 or (worded and _labels(members, ctx)):
            continue
        if worded and len(pages) * 2 < ctx.n_text and sum(_over_its_text(m, ctx) for m in members) * 2 > len(members):
            continue  # a count in words on a few pages, joined to the text under it, heads that text ("Step 3:")
        wrapped = place in ("top", "bottom") and shape != "{n}" and not shape.replace("{n}", "").strip(PN_WRAP + " ")
        paged = _says_page(shape)
        if not wrapped and not paged and len(pages) * 2 < ctx.n_text and 2 * sum(
                any(value != values[m.key] and (edge != place or (row != m.row and values[m.key] != value + 1))
                    for value, edge, row in numbered[m.page])
                for m in members) > len(members) and not all(any(slot.near(m) for slot in folio_slots)
                                                             for m in members):
            # A page has one number: a count on a few pages, most of which have another at the other edge ("TABLE
            # 1/T.6" over each of three pages of tables, a form's sections numbered down the margin, their
            # folios at the foot), or at the same edge in another row ("Table 4" under the running head and
            # its folio), counts what those pages show. (Beside the page's number, "Continued on page 35"
            # names the next page: it is the page's furniture. Where the other pages' folios stand, a count is
            # theirs in another style however few its pages, under a filing's stamp that numbers every page:
            # a protocol's appendices, "B-1", "B-2", where its body has "2" and "A-43". A number in a folio's
            # dashes or brackets at the top or the foot, "- 2 -", is one however few its pages: each document
            # of a filing has its own under the stamp the court numbers them all with; so is a count that says
            # it numbers pages, a data sheet's "Addendum-Page 2" beside its folio. A page whose own number is
            # printed otherwise, "Page | 12" under "Page 11 of 12", tells nothing: a policy's annexures,
            # "Annexure III" on that page, count as they do on the pages before.)
            continue
        if worded and not paged and 2 * sum(any(other != m.key and values[m.key] not in named_values
                                                for other, named_values in named[m.page].items())
                                            for m in members) > len(members) \
                and not all(any(slot.near(m) for slot in folio_slots) for m in members):
            # A page has one number, and the word "page" names it: where most of a count's pages print another
            # so in one place ("2013-07-11 18:11 - Page 1" under each event's results, printed one by one), the
            # count in other words counts what those pages show ("Event 15"), however many pages it runs on
            # (but where the other folios stand, as above).
            continue
        if sum(m.key in large or m.key in alone for m in members) * 2 > len(members) and (
                len(pages) * 2 < ctx.n_text
                or (sum(m.key in alone for m in members) * 2 > len(members)
                    and len({first[m.key] for m in members if m.key in first}) < 2)):
            continue
        if len({m.line.text for m in members}) == 1:
            continue  # one line drawn again ("0 1 2 3 4 5 6 7 8 9", a specimen's figures): no page's own number
        claimed.update(m.key for m in members)
        for m in members:
            numbered[m.page].add((values[m.key], place, m.row))
        folio_slots.append(_describe(_Group(place, shape, members, "page"), s))
        # A running head or foot that holds the folio ("170 PART TWO Biological Foundations") is a header
        # or footer: its line holds more words than a page number's ("Page 3 of 9").
        words = len([w for w in shape.split() if w != "{n}" and any(ch.isalpha() for ch in w)])
        if words <= s.folio_words:
            found.append(_Group(place, shape.replace("{n}", "#"), members, "page", "page-number", True,
                                f"a page number: it counts with the pages, {_where(place)} of {{pages}}"))
        else:
            found.append(_Group(place, shape.replace("{n}", "#"), members, "page", _kind_of(place), True,
                                f"holds a page number: it counts with the pages, {_where(place)} of {{pages}}"))
    return found


def _over_its_text(m: _Line, ctx: _Context) -> bool:
    """True when a line at the top has text under it, across its own width, no farther from it than the
    text's own rows are from each other (``_Context.apart``): the first line of what follows (a table's
    caption over its second line, in one of two columns), not a head."""
    if m.place != "top" or m.row < 0:
        return False
    x0, top, x1, bottom = m.line.box
    middle = (top + bottom) / 2
    under = [ln.top for ln in ctx.layouts[m.page].page.lines
             if ln.angle == 0 and ln.top > middle and ln.box[0] < x1 and ln.box[2] > x0]
    return bool(under) and min(under) - bottom <= ctx.apart()


# What a number alone on a chart's scale starts with: a digit, a sign or a point (the plotting programs
# that set a scale's labels set them in ASCII digits).
SCALE_START = frozenset("0123456789-.\u2212")


def _raised_in(mark: Line, row: int, layout: _Layout) -> bool:
    """True when an upright line (in ``row`` of its page) lies within the width of a larger line of its page,
    its middle within that line's height: a mark raised or lowered in that line (a footnote's reference in
    the text's first line, under the running head). A folio stands beside the lines of its row, never
    within one. (``_mark``, which keeps marks out of a table's cells, asks a mark to lie within the line's
    height: a footnote's number raised in prose reaches above it.)"""
    if row < 0:
        return False  # not upright
    x0, top, x1, bottom = mark.box
    middle = (top + bottom) / 2
    lines, rows = layout.page.lines, layout.rows
    # Such a line has its baseline in the mark's row or the next (rows run by their lines' bottoms).
    return any(line.size > mark.size and line.box[0] < x0 and x1 < line.box[2] and line.box[1] < middle < line.box[3]
               for r in range(max(row - 1, 0), min(row + 2, len(rows))) for line in (lines[i] for i in rows[r]))


def _page_named(slots: dict[_SlotKey, list[tuple[_Line, int]]], shapes_of: dict[_SlotKey, list[str]], ctx: _Context
                ) -> dict[int, dict[Key, set[int]]]:
    """Each page's lines that hold a number a page word names ("Page 1", "Seite 3 von 9"), in one place on
    most pages with text, whether they count with the pages or not: by page, each line's key and numbers
    (``slots`` and ``shapes_of``: the page numbering's candidates, as ``_page_number_groups`` gathers them)."""
    out: dict[int, dict[Key, set[int]]] = defaultdict(lambda: defaultdict(set))
    for key, items in slots.items():
        if not any(_says_page(shape) for shape in set(shapes_of[key])):
            continue
        for cl in _in_one_place(items, ctx.settings):
            if len({items[k][0].page for k in cl}) >= ctx.most():
                for k in cl:
                    m, value = items[k]
                    out[m.page][m.key].add(value)
    return out


def _says_page(shape: str) -> bool:
    """True when a page number's shape says it numbers pages: one of its words is a word for a page
    ("Page {n} of #", "Addendum-Page {n}")."""
    return any(PAGE_WORD.fullmatch(word) for word in WORD_BREAK.split(shape))


def _in_one_place(items: list[tuple[_Line, int]], s: Settings) -> list[list[int]]:
    """A slot's candidates (by their place in ``items``) clustered by their distance from their edge, each
    within Settings.position_tolerance of its size."""
    return _cluster([(m.offset, s.position_tolerance * max(m.line.size, s.min_size), k)
                     for k, (m, _) in enumerate(items)])


def _page_numbers(layout: _Layout) -> list[tuple[int, Line, float]]:
    """The upright lines of a page that are a number alone (``_scale_value``), with its value."""
    # The first character asked here first: most lines start with a letter, and this runs for every line.
    return [(i, ln, v) for i, ln in enumerate(layout.page.lines)
            if ln.text[:1] in SCALE_START and ln.angle == 0 and (v := _scale_value(ln.text)) is not None]


def _on_a_scale(m: _Line, layout: _Layout, numbers: list[tuple[int, Line, float]], s: Settings) -> bool:
    """True when a number is the end of a scale: Settings.table_cells numbers or more in one column (their
    right edges or centres aligned) or in one row, at even steps apart (Settings.scale_pace), whose values
    step evenly too, the number first or last of them: a chart's tick labels ("3", "2", "1" up a plot's
    side, the first at the top of the page). A folio stands alone; a table's figures under it do not step
    evenly. ``numbers``: the page's numbers alone (``_page_numbers``)."""
    value = _scale_value(m.line.text)
    least = s.table_cells
    if value is None or m.line.angle != 0 or len(numbers) < least:
        return False
    box, near = m.line.box, max(s.align_min, s.align_size * m.line.size)
    row = set(layout.rows[m.row]) if m.row >= 0 else set()
    # (where along the scale, value) of the numbers in its column, by its right edge and by its centre, and
    # in its row
    scales: list[list[tuple[float, float]]] = [[], [], []]
    for i, ln, v in numbers:
        if abs(ln.box[2] - box[2]) <= near:
            scales[0].append((ln.box[1], v))
        if abs(ln.box[0] + ln.box[2] - box[0] - box[2]) <= 2 * near:
            scales[1].append((ln.box[1], v))
        if i in row:
            scales[2].append((ln.box[0], v))
    at = (box[1], box[1], box[0])
    for scale, here in zip(scales, at, strict=True):
        if len(scale) < least:
            continue
        if (here, value) not in scale:
            continue  # a number of its own shape ("3 " set with a space before it is no label of a scale)
        scale.sort()
        k = scale.index((here, value))
        for run in (scale[k:k + least], scale[k - least + 1:k + 1][::-1] if k >= least - 1 else []):
            if len(run) < least:
                continue
            steps = [(b[0] - a[0], b[1] - a[1]) for a, b in pairwise(run)]
            pace = max(near, s.scale_pace * steps[0][0])
            if steps[0][1] and all(abs(d - steps[0][0]) <= pace and abs(v - steps[0][1]) <= 1e-9 * abs(steps[0][1])
                                   for d, v in steps):
                return True
    return False


def _scale_value(text: str) -> float | None:
    """The value of a line that is a number alone, as a chart labels its scale ("3", "-0.5", "1,5")."""
    text = text.strip()
    if text[:1] not in SCALE_START:
        return None  # most lines: words
    try:
        return float(text.replace("\u2212", "-").replace(",", "."))
    except ValueError:
        return None


def _folio_end(shape: str) -> tuple[str, ...] | None:
    """The end of a line that holds its number after a separator, as a slot: ("{n}", "|") for "3 | Chapter
    One", ("|", "{n}") for "Getting started | 4". A running foot that names each page's section keeps its
    folio at the same end of its line, whatever the section's words (a footnote's number is followed by
    its words). None for other lines."""
    tokens = shape.split()
    if len(tokens) < 3:
        return None
    if tokens[0] == "{n}" and not tokens[1].strip(PN_WRAP):
        return ("{n}", tokens[1])
    if tokens[-1] == "{n}" and not tokens[-2].strip(PN_WRAP):
        return (tokens[-2], "{n}")
    return None


def _labels(members: list[_Line], ctx: _Context) -> bool:
    """True when most of a numbering's lines with words start a longer line of their own page: the label
    of what the page shows ("Supplemental Figure 3" over the caption "Supplemental Figure 3. Cells ..."),
    counting with the pages only because each page shows one. A page number names no line of its page."""
    def labels(m: _Line) -> bool:
        text = _words(m.line.text)
        if not any(ch.isalpha() for ch in text):
            return False
        first = text[0]
        for line in ctx.layouts[m.page].page.lines:
            if line.text.lstrip()[:1].casefold()[:1] != first:
                continue  # most lines: another first letter
            other = _words(line.text)
            if len(other) > len(text) and other.startswith(text) and not other[len(text)].isalnum():
                return True
        return False

    return sum(labels(m) for m in members) * 2 > len(members)


def _beyond_groups(ctx: _Context) -> list[_Group]:
    """Given the lines not yet grouped, returns the text beyond the visible page that recurs on pages.

    Printers' slugs and proof notes are printed beyond the crop box on every page, in the slug area
    around it. What runs off the page is content: a table that runs off its side shares its rows with
    the text on the page, and a listing that runs off its foot goes on from the page's text with the
    text's own spacing. Text farther out than the page is large (Settings.beyond_reach) is on no sheet
    at all, and one-off text beyond the edge is a clipped picture's: neither counts. Nor does a text block
    of its own out there (``_block_beyond``): a drawing program's artboards draw the page next to each.
    Nor, on fewer than most pages, does text whose shape no two of them share: the titles of charts cut
    off at the top of a few slides.
    """
    s = ctx.settings
    wide = ctx.apart()
    out: list[_Group] = []
    by_place: dict[Place, list[_Line]] = defaultdict(list)
    blocks: dict[tuple[int, Place], bool] = {}  # whether a page holds a text block beyond it on that side
    for m in ctx.ungrouped():
        if not m.beyond:
            continue
        layout = ctx.layouts[m.page]
        page = layout.page
        if -m.offset > s.beyond_reach * (page.height if m.place in ("top", "bottom") else page.width):
            continue  # far beyond the page: never printed on any sheet
        row = layout.rows[m.row] if m.row >= 0 else []
        if any(not layout.lines[i].beyond for i in row if i in layout.lines):
            continue  # shares its row with text on the page: content running off the edge
        if m.place in ("top", "bottom") and m.row >= 0 and _runs_on(layout, m, wide):
            continue  # goes on from the text on the page, with the text's spacing: content running off it
        if (m.page, m.place) not in blocks:
            blocks[m.page, m.place] = _block_beyond(layout, m.place, s)
        if blocks[m.page, m.place]:
            continue
        by_place[m.place].append(m)
    for place, members in by_place.items():
        for cl in _cluster([(m.offset, s.position_tolerance * max(m.line.size, s.min_size) + s.beyond_slack, k)
                            for k, m in enumerate(members)]):
            ms = [members[k] for k in cl]
            pages = {m.page for m in ms}
            if len(pages) < 2:
                continue
            if len(pages) < ctx.most() and max(Counter(m.shape for m in ms).values()) < 2:
                continue  # other words on each of a few pages: charts cut off at the edge of their slides
            out.append(_Group(place, ms[0].shape, ms, _numbers(ms), _kind_of(place), True,
                              "outside the visible page (beyond the crop box) on {pages}"))
    return out


def _block_beyond(layout: _Layout, place: Place, s: Settings) -> bool:
    """True when more than Settings.edge_rows rows lie wholly beyond the page on the side of ``place``: a
    page of text out there, where a printer's slug or a proof note is a row or two."""
    lines = layout.lines
    rows = sum(1 for row in layout.rows
               if all(i in lines and lines[i].beyond and lines[i].place == place for i in row))
    return rows > s.edge_rows


def _runs_on(layout: _Layout, m: _Line, wide: float) -> bool:
    """True when the rows between a line beyond the page's top or foot and the page's text follow each
    other with gaps no wider than the text's (``wide``): the text running off the page."""
    page, rows, gaps = layout.page, layout.rows, layout.gaps
    step = -1 if m.place == "bottom" else 1
    r = m.row
    while 0 <= r + step < len(rows):
        gap = gaps[min(r, r + step)]  # the gap between the two rows
        if gap > wide:
            return False
        r += step
        if any(page.lines[i].top >= 0 and page.lines[i].bottom <= page.height for i in rows[r]):
            return True
    return False


def _repeated_groups(ctx: _Context) -> list[_Group]:
    """Given the lines not yet grouped, returns the lines repeated in one place: same shape, same distance
    from the same edge, same size."""
    s = ctx.settings
    edge_rows = s.edge_rows
    by_shape: dict[tuple[Place, str], list[_Line]] = defaultdict(list)
    held: dict[int, Counter[str]] = {}  # each page's texts, counted when first asked
    same: dict[tuple[int, str], list[Line]] = {}  # the lines of a page with a text it holds more than twice
    for m in ctx.ungrouped():
        if m.beyond or (m.place in ("top", "bottom") and m.rank >= edge_rows):
            continue
        if not m.line.artifact and not ALNUM.search(m.line.text) and not _typed_rule(m.line.text, s):
            continue  # a bullet or a dash repeats wherever lists and tables are: no evidence
        if m.page not in held:
            held[m.page] = Counter(line.text for line in ctx.layouts[m.page].page.lines)
        if held[m.page][m.line.text] > s.folio_copies:
            key = (m.page, m.line.text)
            if key not in same:
                same[key] = [line for line in ctx.layouts[m.page].page.lines if line.text == m.line.text]
            if _in_column(m, same[key], s):
                continue  # a text its page holds more than twice in one column and size is the column's ("Dated")
        if m.place == "diagonal":
            # A watermark is a word drawn large across the text; single letters set along a curve (a
            # seal's lettering) are a picture's.
            if len(m.shape.replace(" ", "")) < 2 and m.line.size < s.watermark_size:
                continue
            by_shape[(m.place, m.shape.replace(" ", ""))].append(m)
            continue
        by_shape[(m.place, m.shape)].append(m)
    if any(layout.scanned for layout in ctx.layouts.values()):
        by_shape = _misreads(by_shape, ctx)
    out: list[_Group] = []
    tolerance, min_size = s.position_tolerance, s.min_size
    for (place, shape), members in by_shape.items():
        if members[0].page == members[-1].page:
            continue  # on one page only (the lines come page by page)
        if place == "diagonal":
            clusters = [members]
        else:
            spots = [(m.offset, tolerance * max(m.line.size, min_size), k) for k, m in enumerate(members)]
            clusters = [[members[k] for k in cl] for cl in _cluster(spots)]
        for cl in clusters:
            for ms in _by_size(cl, s):
                # On the states of one slide only (a title kept while the slide is built up), or on copies of
                # one page (a deck's outline shown before each section): not repeated.
                if ctx.shown(ms) >= 2:
                    out.append(_Group(place, shape, sorted(ms, key=lambda m: m.key), _numbers_read(ms)))
    return out


def _in_column(m: _Line, same: list[Line], s: Settings) -> bool:
    """True when more than Settings.folio_copies of the lines of its page with its text (``same``) start where
    a line starts (within Settings.position_tolerance of its size), in its size: a table column's value in
    every row."""
    x0, size = m.line.box[0], m.line.size
    reach = s.position_tolerance * max(size, s.min_size)
    return sum(abs(line.box[0] - x0) <= reach and abs(line.size - size) <= s.size_slack
               for line in same) > s.folio_copies


def _typed_rule(text: str, s: Settings) -> bool:
    """True when a line is a rule typed as text: one mark repeated, Settings.long_line times or more
    ("______", "- - - -"). It is grouped where it repeats, and judged as any line: right under a running
    head it is the head's (``places._typed_rules``); under a table's headings, the text's."""
    marks = text.replace(" ", "")
    return len(marks) >= s.long_line and len(set(marks)) == 1


def _misreads(by_shape: dict[tuple[Place, str], list[_Line]], ctx: _Context) -> dict[tuple[Place, str], list[_Line]]:
    """``by_shape`` with the shapes at the top or bottom of scanned pages joined to the first shape met at the
    same edge and distance that matches them in Settings.misread_match of their characters, where together
    they stand on half the pages with text or more: OCR reads a running line of a scan a little differently
    on each page ("Lexipol", "Lexlpol", "A[ Rights"). (A title repeated on a few pages, an amendment's over
    each of its sheets, stays as read.)"""
    s = ctx.settings
    firsts: list[tuple[Place, float, float, str]] = []  # the shapes others may join: edge, distance, reach, shape
    like: dict[tuple[Place, str], str] = {}  # each shape's first, for those that join one
    pages: dict[tuple[Place, str], set[int]] = defaultdict(set)
    for (place, shape), members in by_shape.items():
        if place not in ("top", "bottom") or len(shape) < s.misread_text \
                or not all(ctx.layouts[m.page].scanned for m in members):
            continue
        offset = members[0].offset
        first = next((first for edge, at, reach, first in firsts
                      if edge == place and abs(at - offset) <= reach and _misread(first, shape, s)), shape)
        if first == shape:
            firsts.append((place, offset, s.position_tolerance * max(members[0].line.size, s.min_size), shape))
        like[(place, shape)] = first
        pages[(place, first)].update(m.page for m in members)
    out: dict[tuple[Place, str], list[_Line]] = {}
    for (place, shape), members in by_shape.items():
        first = like.get((place, shape), shape)
        if first != shape and 2 * len(pages[(place, first)]) >= ctx.n_text:
            out[(place, first)] = sorted(out[(place, first)] + members, key=lambda m: m.key)
        else:
            out[(place, shape)] = members
    return out


def _numbers_read(members: list[_Line]) -> Numbers:
    """Whether the members' numbers change (``_numbers``), among lines of one shape (spaces aside, as a
    watermark's letters are grouped): lines that OCR misread into shapes of their own ("Po1ice") are the
    same line, not a number that changes."""
    texts: dict[str, set[str]] = defaultdict(set)
    for m in members:
        texts[m.shape.replace(" ", "")].add(m.line.text)
    return "constant" if all(len(read) == 1 for read in texts.values()) else "varying"


def _misread(a: str, b: str, s: Settings) -> bool:
    """True when two shapes match in Settings.misread_match of their characters."""
    if min(len(a), len(b)) < s.misread_match * max(len(a), len(b)):
        return False
    matcher = SequenceMatcher(None, a, b, autojunk=False)
    return matcher.quick_ratio() >= s.misread_match and matcher.ratio() >= s.misread_match


# -- counting with the pages -------------------------------------------------------------------------------


def _runs(items: list[tuple[_Line, int]], n_text: int, s: Settings, *, lone: bool = False,
          min_run: int | None = None, slide: dict[int, int] | None = None,
          spreads: frozenset[int] = frozenset()) -> list[_Line]:
    """Given lines with a number each, returns those whose number steps with the pages over a run.

    One number per page counts with the pages (value - page stays constant); two numbers per page, one
    each side of the sheet (two pages printed on one), count two per page, and so does one on a sheet
    wider than tall (``spreads``: facing pages saved as one, the other page's number left off where a
    picture runs across it) over half the pages or more (a slide's figures count two a page now and
    then). Each such chain is followed in page order and cut where it skips more than Settings.run_gap
    pages; a run of Settings.min_run pages (short_run in a short document) is a page-number sequence. A
    ``lone`` number (the line holds nothing else) may also count more slowly than the pages. Where pages
    are the states of slides (``slide``: each page's slide), a number counts with the slides: a frame
    number stays while its slide is built.
    """
    at = slide.__getitem__ if slide else (lambda page: page)
    halves: dict[int, set[bool]] = defaultdict(set)
    for m, _ in items:
        halves[m.page].add(m.left_half)
    # (step, value - step * page, which half of the sheet, whether one number stands for two pages)
    chains: dict[tuple[int, int, bool, bool], list[_Line]] = defaultdict(list)
    for m, v in sorted(items, key=lambda item: (item[0].page, item[0].line.box[0])):
        chains[(1, v - at(m.page), False, False)].append(m)
        if len(halves[m.page]) == 2 or m.page in spreads:
            chains[(2, v - 2 * m.page, m.left_half, len(halves[m.page]) < 2)].append(m)
    if min_run is None:
        min_run = s.short_run if n_text <= s.short_document else s.min_run
    most = max(min_run, math.ceil(n_text / 2))
    best: dict[tuple[int, int], _Line] = {}
    per_page: dict[int, int] = Counter()
    if lone:
        # A lone number in one place that never runs ahead of the pages and never goes back counts
        # slides or frames, where some pages (section dividers) go unnumbered.
        chains[(1, 0, True, False)] = _monotone(items, min_run, s, at)
    for (step, _, _, alone), chain in sorted(chains.items(), key=lambda kv: kv[0][0]):
        run: list[_Line] = []
        for nxt in [*chain, None]:
            if nxt is not None and (not run or 0 < nxt.page - run[-1].page <= s.run_gap):
                run.append(nxt)
                continue
            # (Over slides: a build alone counts nothing.)
            if len({at(m.page) for m in run}) >= (most if alone else min_run):
                for member in run:
                    if member.key not in best and per_page[member.page] < step:
                        best[member.key] = member
                        per_page[member.page] += 1
            run = [nxt] if nxt is not None else []
    return list(best.values())


def _monotone(items: list[tuple[_Line, int]], min_run: int, s: Settings, at: Callable[[int], int]) -> list[_Line]:
    """The longest stretch of one number per page that rises by no more than the pages (``at``: their
    slides) do, never falls, and rises in all; at least ``min_run`` pages long."""
    first: dict[int, tuple[_Line, int]] = {}
    for m, v in sorted(items, key=lambda item: item[0].key):
        first.setdefault(m.page, (m, v))
    best: list[tuple[_Line, int]] = []
    run: list[tuple[_Line, int]] = []
    for item in [*(first[page] for page in sorted(first)), None]:
        if item is not None and run:
            step, pages = item[1] - run[-1][1], item[0].page - run[-1][0].page
            if 0 <= step <= at(item[0].page) - at(run[-1][0].page) and 0 < pages <= s.run_gap:
                run.append(item)
                continue
        if run and len(run) > len(best) and run[-1][1] > run[0][1]:
            best = run
        run = [item] if item is not None else []
    return [m for m, _ in best] if len({at(m.page) for m, _ in best}) >= min_run else []
