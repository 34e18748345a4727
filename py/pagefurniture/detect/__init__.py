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
* the PDF's own tags: lines marked as /Artifact of type /Pagination (headers, footers, page numbers);
* slides: consecutive pages that are states of one slide (a presentation's builds) count as one, so that
  repetition and numbering are over slides, not pages; a page shown again (a deck's outline before each
  section) repeats nothing of its own.

How it decides, stage by stage (the stage is pure: pages in, groups with decisions out):

1. Layout (layout.py). A line drawn again over itself is read once, its copy handed back with it at the
   end (``layout._overprints``). Each page's upright lines are clustered into rows; its long lines give the text
   column; every line that may be furniture gets its place (top, bottom, left, right, diagonal or body)
   and its distance from that edge. Lines deep in the text (more than ``edge_rows`` rows from both
   edges) are never placed: they are the text. The body size and the text's typical line gap are
   measured over the whole document, the slide each page is a state of and the page each copies, if any
   (``layout._slides``).
2. The passes, in the order of ``PASSES`` below, each given the context (groups.py ``_Context``: the
   layouts, the body text, the settings, the groups so far). A pass that *finds* returns new groups,
   decided or not (their lines leave any kept group they were in); a pass that *revises* returns earlier
   groups with a new decision, by their place in the list; the text block is *measured* once, between
   the first groups and the judging, from the text no group explains. The driver, ``_analyse``, is the
   only code that changes the context, and it records in each group the pass that decided it.
3. The result (``_shown``, ``_finish``): the groups to remove first, then the kept groups worth a
   person's look, as ``model.Group``; a decision is data (remove or keep, a kind, and the evidence as a
   phrase); the verdict in front of the evidence is added where the decision is shown.

Where to change a threshold: settings.py, the ``Settings`` dataclass, where each has its reason. Pass
another to ``detect(pages, settings=...)`` (or ``pagefurniture.analyze``, ``report.report_for``) to try it.
What a pass uses as evidence is its docstring's "given ..., returns ..."; ``explain`` shows, line by
line, what the passes saw and which of them decided. The modules: settings.py (the thresholds),
numbers.py (the look of a page number), layout.py (rows, columns, places, the text block), edges.py
(walking in from the page edge), grouping.py (the first groups, and which numbers count with the
pages), judging.py and places.py (the other passes, in the order they run), groups.py (the data they
share). A new pass is a function of the context that returns groups, and a line in ``PASSES``.

Three pages of thirty lines of text each (the text of each page its own), numbered at the foot:

>>> from pagefurniture.model import Line, Page
>>> def page(n):
...     text = [Line(f"the text of page {'abc'[n - 1]}, its line {k}, long enough to be running text",
...                  (72.0, 100 + 14.0 * k, 500.0, 110 + 14.0 * k), 10.0, "Times") for k in range(30)]
...     return Page(n, 612.0, 792.0, (Line(str(n), (300.0, 750.0, 306.0, 760.0), 10.0, "Times"), *text))
>>> [(g.kind, g.members, g.reason) for g in detect([page(n) for n in (1, 2, 3)])]
[('page-number', ((1, 0), (2, 0), (3, 0)), 'a page number: it counts with the pages, at the bottom of 3 pages')]
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..model import Group, Line, Page, Position
from . import grouping, judging, layout, places
from .groups import Key, Place, Slot, TextBlock, _Context, _describe, _Group, _Layout, _merge_slots, _pages
from .groups import _mid as _mid  # the median, which tests compare with statistics.median
from .numbers import (
    DIGITS,
    PAGINATION,
    PN_WRAP,
    PUBLISHING,
    ROMAN,
    _numbering,
    page_number_tokens,
    roman_value,
    shape_of,
)
from .settings import DEFAULT_SETTINGS, Settings

__all__ = [
    "DEFAULT_SETTINGS",
    "DIGITS",
    "PAGINATION",
    "PASSES",
    "PN_WRAP",
    "PUBLISHING",
    "ROMAN",
    "LineEvidence",
    "PageEvidence",
    "Settings",
    "Slot",
    "TextBlock",
    "detect",
    "explain",
    "page_number_tokens",
    "roman_value",
    "shape_of",
]


# -- the passes ------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Finds:
    """A pass that returns new groups; the driver adds them, and their lines leave the kept groups."""

    name: str
    run: Callable[[_Context], list[_Group]]


@dataclass(frozen=True, slots=True)
class Revises:
    """A pass that returns earlier groups it decided or changed, by their place in the context's groups."""

    name: str
    run: Callable[[_Context], dict[int, _Group]]


@dataclass(frozen=True, slots=True)
class Measures:
    """The step that returns each page's text block, from the groups found so far."""

    name: str
    run: Callable[[_Context], dict[int, TextBlock | None]]


PASSES: tuple[Finds | Revises | Measures, ...] = (
    # Lines whose number counts with the pages (arabic or roman, in runs), in one place: page numbers.
    Finds("page-numbers", grouping._page_number_groups),
    # Text beyond the visible page (the crop box) that recurs in one place: printers' slugs, proof notes.
    Finds("beyond", grouping._beyond_groups),
    # Lines of one shape repeated in one place and size: left undecided for the judging.
    Finds("repeated", grouping._repeated_groups),
    # The text block of each page size, from the text no group explains (not a pass: it finds no lines).
    Measures("text-block", layout._type_areas),
    # Decides the repeated lines on their place: edge, size against the body, alignment, numbers, tags.
    Revises("judge", judging._judge),
    # Removes the section's name in the row under a running head set large (a data sheet's part number).
    Revises("head-sections", judging._head_sections),
    # Keeps a head on only a few pages unless other furniture shares its place (the next section's head).
    Revises("require-support", judging._require_support),
    # Keeps a head on a few pages whose words the text holds on more pages: a table's row label.
    Revises("words-of-the-text", judging._words_of_the_text),
    # Keeps margin text whose column is a table's (one heading over changing values, or table cells).
    Revises("margin-columns", judging._margin_columns),
    # Removes changing lines (a time, a file id) that share their row with furniture on most pages.
    Revises("accept-companions", judging._accept_companions),
    # Keeps a row at the top whose parts stand the same under the text elsewhere: a long table's headings.
    Revises("table-headings", judging._table_headings),
    # Removes lines at the head of the pages in the words of furniture at their foot, or the other way, on
    # most of the same pages: a marking printed at both ("CONFIDENTIAL").
    Revises("banners", judging._banners),
    # Keeps removals where the text runs on most other pages (a chapter's heading set low on its opener).
    Revises("in-the-text", judging._in_the_text),
    # Keeps removals not at the page edge or not set apart from the text; drops the pages where they are not.
    Revises("confirm-edges", judging._confirm_edges),
    # A line that names its page and the document's pages ("Page 2 of 2", "3/45"), even on one page.
    Finds("page-of-pages", places._page_of_pages),
    # The other lines of furniture rows outside the text block: a section title beside the page number.
    Finds("row-companions", places._row_companions),
    # Lines between the page edge and furniture, outside the text block: a head block that grows.
    Finds("beyond-furniture", places._beyond_furniture),
    # The rows of a block at the page edge, set apart from the text, most of whose rows repeat on most pages
    # (the rest of a tariff's head: its revision, its date), or all of whose lines repeat on a few (a letter's
    # head on its pages of a merged file).
    Finds("head-blocks", places._head_blocks),
    # Lines letter for letter in the size and place of furniture on most pages: the same furniture where
    # something else is drawn among it on one page (a receipt stamp over a tariff's head).
    Finds("copies", places._copies),
    # The row under a running head in its own small type, in one place on most slides: a subsection's name.
    Finds("head-second-rows", places._head_second_rows),
    # Lines at the top, outside the text block, that name a heading of the document: a short chapter's head.
    Finds("heading-echoes", places._heading_echoes),
    # Lines in a running head's or foot's slot whose text is found nowhere else: a short section's head;
    # with them the rows stacked on them outside the text block: a letterhead in the head's place.
    Finds("fill-slots", places._fill_slots),
    # The rows nearest the edge in one place and size on most pages, outside the text block and set apart,
    # whatever they say: a running head that changes with every chapter.
    Finds("recurring-rows", places._recurring_rows),
    # Words that stay the same at a page's edge wherever the page puts them: a running foot's own words set
    # higher or smaller on the pages it is missing from (a menu's last slides), a form's name in small type
    # under its last row, which ends at another height on every page.
    Finds("moved-rows", places._moved_rows),
    # Lone numbers at the edge that fit the page numbering, or count in the folios' place.
    Finds("lone-page-numbers", places._lone_page_numbers),
    # Repeated lines at the edge that name the number the page numbering gives their pages, where it found
    # none: pages put in with folios of another style.
    Finds("restyled-folios", places._restyled_folios),
    # Numbers in each page's last row that count with the pages, wherever the page's text ends.
    Finds("closing-folios", places._closing_folios),
    # Again, for the rows that the slots and the lone numbers made furniture: the school's name beside the
    # term on a test's first page, whose head is its own.
    Finds("row-companions", places._row_companions),
    # A rule typed as text right under a running head or over a foot, on most pages: the head's own.
    Revises("typed-rules", places._typed_rules),
    # Vertical text up a side margin, outside the text block: an archive's stamp, chapter tabs.
    Finds("margin-stamps", places._margin_stamps),
    # A column beside the text block, in small type, drawn the same on most pages: a slide theme's sidebar.
    Finds("side-templates", places._side_templates),
    # A column of bare numbers beside the text block that counts its lines, on two pages or more.
    Finds("line-numbers", places._line_numbers),
    # Lines the PDF marks as pagination artifacts (header, footer, page number, watermark).
    Finds("marked-artifacts", places._marked_artifacts),
    # Print stamps at a page's edge, even once: a date with a time of day or a word of printing; and the own
    # number of a document of one page.
    Finds("print-stamps", places._print_stamps),
    # A note at the foot of a page's text that it goes on over the page ("Continued on next page"), even once.
    Finds("page-turns", places._page_turns),
    # The first page's own foot: a publisher's line (a copyright, a DOI), or small print where no other page
    # has text (a letter's registration and bank details).
    Finds("first-page-foot", places._first_page_foot),
    # Another page's own foot in small type under the text block that names the publication's rights: a
    # book's copyright under each chapter's first page.
    Finds("publisher-feet", places._publisher_feet),
    # The first page's own head, beginning above where the other pages' text starts, in their head's place:
    # a letterhead.
    Finds("first-page-head", places._first_page_head),
    # The first page's own column down a side margin, from above the text, with an address: a letterhead
    # set beside the text.
    Finds("first-page-column", places._first_page_column),
    # A short document's head printed on one page only, above where the other pages' text starts: a memo's
    # continuation head, a first page printed without the header, a paper's band over its title.
    Finds("own-heads", places._own_heads),
)


# -- the detector ----------------------------------------------------------------------------------------


def detect(pages: Sequence[Page], *, settings: Settings = DEFAULT_SETTINGS) -> tuple[Group, ...]:
    """Return every group of repeated or furniture lines with its decision, furniture first.

    >>> detect([])
    ()
    """
    return _analyse(pages, settings).groups


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
    decided_by: str | None  # the name of the pass that decided that group (see PASSES)


@dataclass(frozen=True, slots=True)
class PageEvidence:
    """One page as the detector judged it: its text block and the evidence for each of its lines."""

    number: int
    block: TextBlock | None  # in the page's points as it was read, turned by ``turned``
    body_size: float  # of the whole document
    lines: tuple[LineEvidence, ...]
    turned: int = 0  # degrees the page was turned clockwise to read its text running up (90) or down (270)


def explain(pages: Sequence[Page], number: int, *, settings: Settings = DEFAULT_SETTINGS) -> PageEvidence:
    """The evidence for every line of page ``number`` (1-based), with the group ids ``detect`` gives.

    >>> explain([], 1)
    Traceback (most recent call last):
    ...
    ValueError: there is no page 1; the document has 0 pages
    """
    page = next((p for p in pages if p.number == number), None)
    if page is None:
        raise ValueError(f"there is no page {number}; the document has {len(pages)} pages")
    analysis = _analyse(pages, settings, every_line=True)
    held = {key: at for at, key in analysis.origin.items()}  # the lines read elsewhere, where they were read
    held |= {twin: held.get(key, key) for key, copies in analysis.twins.items() for twin in copies}
    group_of = {key: g.id for g in analysis.groups for key in g.members}
    by = dict(zip((g.id for g in analysis.groups), analysis.decided_by, strict=True))
    first = held.get((number, 0), (number, 0))[0]
    lay = analysis.layouts.get(first)  # (the block of the upper page of a sheet that holds two)
    out = []
    for i, line in enumerate(page.lines):
        at, index = held.get((number, i), (number, i))
        here = analysis.layouts.get(at)
        m = here.lines.get(index) if here else None
        slot = next((s for s in analysis.slots if m is not None and s.holds(m)), None)
        outside = None if m is None or here is None or here.block is None else here.block.outside(m, settings)
        group = group_of.get((number, i))
        out.append(LineEvidence(i, line, m.place if m else None, m.offset if m else 0.0, outside, slot, group,
                                None if group is None else by[group]))
    return PageEvidence(number, lay.block if lay else None, analysis.body, tuple(out), lay.turned if lay else 0)


@dataclass(frozen=True, slots=True)
class _Analysis:
    groups: tuple[Group, ...]
    layouts: dict[int, _Layout]
    body: float
    slots: tuple[Slot, ...]  # the places the document's furniture holds
    decided_by: tuple[str, ...]  # for each group, the pass that decided it (for tests and explaining)
    origin: dict[Key, Key]  # the PDF's line of each line read elsewhere (layout._stacked, layout._overprints)
    twins: dict[Key, tuple[Key, ...]]  # the PDF's lines drawn over each of its lines (layout._overprints)


def _analyse(pages: Sequence[Page], settings: Settings, *, every_line: bool = False) -> _Analysis:
    """Given the pages, places their lines, runs every pass in order and returns the groups with what was
    learnt on the way."""
    text_pages = [p for p in pages if p.has_text]
    if not text_pages:
        return _Analysis((), {}, settings.default_body, (), (), {}, {})
    n_pages = len(pages)
    # A line drawn twice over itself is read once; its copy goes with it.
    drawn = layout._overprints(text_pages, settings)
    once: dict[Key, Key] = {}
    twins: dict[Key, tuple[Key, ...]] = {}
    if drawn is not None:
        text_pages, once, twins = drawn
    # Sheets that each hold two pages one above the other are read as the pages they hold.
    stacked = layout._stacked(text_pages, settings)
    origin = once
    if stacked is not None:
        text_pages, held = stacked
        origin = {at: once.get(key, key) for at, key in held.items()}
        n_pages *= 2
    layouts = layout._place_lines(text_pages, settings, every_line=every_line)
    body = layout._body_size(layouts.values(), settings)
    lines = [m for lay in layouts.values() for m in lay.lines.values()]
    gap = layout._typical_gap(layouts.values(), body, settings)
    slides, copies = layout._slides(text_pages, settings)
    ctx = _Context(layouts, body, gap, len(text_pages), n_pages, lines, settings, _numbering(settings),
                   slides, copies)
    for step in PASSES:
        if isinstance(step, Finds):
            ctx.add(step.run(ctx), step.name)
        elif isinstance(step, Revises):
            ctx.revise(step.run(ctx), step.name)
        else:
            for number, block in step.run(ctx).items():
                layouts[number].block = block
    slots = tuple(_merge_slots(_describe(g, settings) for g in ctx.groups if g.remove and g.members
                               and g.place in ("top", "bottom")))
    shown = _shown(ctx.groups, ctx.n_text, settings)
    return _Analysis(_finish(shown, origin, twins), layouts, body, slots, tuple(g.by for g in shown), origin, twins)


# -- the result --------------------------------------------------------------------------------------------


def _shown(groups: list[_Group], n_text: int, s: Settings) -> list[_Group]:
    """Given every group with its decision, returns those handed out, in order: furniture first, then the
    kept groups worth a person's look (repeated on a fair share of the pages and holding words)."""
    least = max(s.short_shown if n_text <= s.short_document else s.shown_pages, math.ceil(n_text * s.shown_share))
    groups = [g for g in groups
              if g.members and (g.remove or (len(g.pages) >= least and any(ch.isalpha() for ch in g.shape)))]
    return sorted(groups, key=lambda g: (not g.remove, g.place != "top", g.pages[0], min(m.index for m in g.members)))


def _finish(groups: list[_Group], origin: dict[Key, Key], twins: dict[Key, tuple[Key, ...]]) -> tuple[Group, ...]:
    """Given the groups handed out, in order, returns them as the public groups, numbered, their lines
    named by the page of the PDF they are on (``origin``: the PDF's line for each line read elsewhere, on
    a page of a sheet that holds several or after a copy taken out), each with the copies drawn over it
    (``twins``)."""
    out = []
    for gid, g in enumerate(groups):
        keys = [origin.get(m.key, m.key) for m in g.members]
        members = tuple(sorted([*keys, *(twin for key in keys for twin in twins.get(key, ()))]))
        first = min(g.members, key=lambda m: m.key)
        position: Position = g.place if g.place in ("top", "bottom", "left", "right") else "body"
        # The group's own page count is filled in last: an earlier pass may have taken pages off it. (The
        # pages as read: those a sheet holds, where it holds two.)
        pages = len({m.page for m in g.members})
        out.append(Group(id=gid, text=first.line.text, shape=g.shape, kind=g.kind, position=position, members=members,
                         remove=g.remove, reason=g.reason.format(n=pages, pages=_pages(pages))))
    return tuple(out)
