"""Find the page furniture: lines the page layout repeats, and the page-number sequence.

Every signal the page gives is used together, never a window of "first N lines" or a length cap:

* geometry: each line's distance from the nearest page edge on the visible page, its font and size, and
  whether only other furniture lies between it and the edge;
* repetition: lines with the same text (digits masked) at the same distance from the same edge;
* numbers: whether the numbers of a repeated shape count with the pages (arabic or roman, in runs, so
  front matter and restarts work), stay constant, or vary like content (table labels, cell values);
* the layout of the group: odd/even alternation and runs of section headers share one slot (edge, distance,
  font), which gives support to headers that change every section.

The stage is pure: pages in, groups with decisions out. Decisions carry a reason a person can read.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from .model import Group, Line, Page

DIGITS = re.compile(r"\d+")
ROMAN = re.compile(r"^(?=[mdclxvi])m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
# Punctuation that may wrap or follow a page number: "- 3 -", "[3]", "(3)", "3.", "3 |", "3/12".
PN_WRAP = "-–—[](){}|/.:·,•*<>«»"
CID = re.compile(r"\(cid:\d+\)")

# How far (in font sizes) the same furniture may move between pages and still be one group.
POSITION_TOLERANCE = 0.9
# A heading is at least this much larger than the body text; running headers rarely are.
HEADING_SIZE = 1.15


@dataclass(slots=True)
class _Cand:
    """One line seen by the detector."""

    page: int  # 1-based page number
    index: int  # index of the line on its page
    line: Line
    zone: str  # top, bottom, left, right, body, diagonal
    dist: float  # distance from the zone's edge, in points
    row: int  # row id on the page (lines sharing a baseline)
    shape: str
    side: str = ""  # "left" or "right" when wholly beside the page's text column (a side head)

    @property
    def beside(self) -> bool:
        return bool(self.side)


@dataclass(slots=True)
class _Group:
    zone: str
    shape: str
    members: list[_Cand] = field(default_factory=list)
    kind: str = "repeated-content"
    remove: bool = False
    reason: str = ""
    numbers: str = ""  # "page", "constant", "varying", "none"

    @property
    def pages(self) -> list[int]:
        return sorted({m.page for m in self.members})


def shape_of(text: str) -> str:
    """The text with every run of digits masked.

    >>> shape_of("Page 12 of 40")
    'Page # of #'
    """
    return DIGITS.sub("#", text)


def roman_value(token: str) -> int | None:
    """>>> roman_value("xiv")
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
    """
    out = []
    tokens = text.split()
    for i, raw in enumerate(tokens):
        for part in re.split(r"[/|]", raw):
            core = part.strip(PN_WRAP)
            if not core:
                continue
            if core.isdigit() and core.isascii():
                if len(core) <= 5 and (core == "0" or not core.startswith("0")) and core == part.strip(PN_WRAP):
                    if not any(ch.isalpha() for ch in part):
                        out.append((i, int(core), False))
            elif core.isalpha() and len(tokens) <= 4:
                value = roman_value(core)
                if value is not None and (core.islower() or core.isupper()):
                    out.append((i, value, True))
    return out


def _is_garbage(text: str) -> bool:
    """Text made of unmapped glyph codes repeats without meaning anything; never call it furniture."""
    if "(cid:" not in text:
        return False
    return len(CID.sub("", text).strip()) < len(text) / 3


def _body_size(pages: Sequence[Page]) -> float:
    sizes: Counter[float] = Counter()
    for page in pages:
        for line in page.lines:
            if line.angle == 0:
                sizes[round(line.size)] += len(line.text)
    return float(sizes.most_common(1)[0][0]) if sizes else 10.0


def _rows(page: Page) -> tuple[list[int], list[list[int]]]:
    """Cluster the horizontal lines of a page into rows by baseline; returns row of each line and rows."""
    row_of = [-1] * len(page.lines)
    order = sorted((i for i, l in enumerate(page.lines) if l.angle == 0), key=lambda i: page.lines[i].bottom)
    rows: list[list[int]] = []
    last = None
    for i in order:
        line = page.lines[i]
        base = line.bottom - 0.2 * line.size
        if last is not None and base - last <= 0.45 * max(line.size, 1.0):
            rows[-1].append(i)
        else:
            rows.append([i])
            last = base
        row_of[i] = len(rows) - 1
    return row_of, rows


def _cluster(values: list[tuple[float, float, int]]) -> list[list[int]]:
    """Split items (position, tolerance, id) sorted by position where the gap exceeds the tolerance."""
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


def detect(pages: Sequence[Page]) -> tuple[Group, ...]:
    """Return every repeated group of lines with its decision, furniture first.

    >>> detect([])
    ()
    """
    text_pages = [p for p in pages if p.has_text]
    if not text_pages:
        return ()
    n_text = len(text_pages)
    body = _body_size(text_pages)

    cands: list[_Cand] = []
    page_rows: dict[int, list[list[int]]] = {}
    by_key: dict[tuple[int, int], _Cand] = {}
    for page in text_pages:
        row_of, rows = _rows(page)
        page_rows[page.number] = rows
        # The text column, from the page's long lines: short lines wholly left or right of it and
        # within its height (pleading line numbers) are margin text. Pages with few long lines have none.
        long_lines = [l for l in page.lines if l.angle == 0 and len(l.text) > 20]
        if len(long_lines) >= 5:
            body_left = min(l.box[0] for l in long_lines) - 4
            body_right = max(l.box[2] for l in long_lines) + 4
            body_top = min(l.top for l in long_lines)
            body_bottom = max(l.bottom for l in long_lines)
        else:
            body_left, body_right, body_top, body_bottom = -1.0, page.width + 1, 0.0, -1.0
        for i, line in enumerate(page.lines):
            if _is_garbage(line.text):
                continue
            x0, top, x1, bottom = line.box
            if bottom <= 0 or top >= page.height or x1 <= 0 or x0 >= page.width:
                zone, dist = "outside", page.height
            elif line.angle % 90:
                zone, dist = "diagonal", 0.0
            elif line.angle in (90, 270):
                cx = (x0 + x1) / 2
                zone = "left" if cx < page.width / 2 else "right"
                dist = x0 if zone == "left" else page.width - x1
                if min(cx, page.width - cx) > page.width * 0.2:
                    zone = "body"
            elif x1 <= min(body_left, page.width * 0.12) and len(line.text) <= 12 and body_top <= top <= body_bottom:
                zone, dist = "left", top
            elif x0 >= max(body_right, page.width * 0.88) and len(line.text) <= 12 and body_top <= top <= body_bottom:
                zone, dist = "right", top
            elif (top + bottom) / 2 < page.height / 2:
                zone, dist = "top", top
            else:
                zone, dist = "bottom", page.height - bottom
            side = "left" if x1 <= body_left else "right" if x0 >= body_right else ""
            c = _Cand(page.number, i, line, zone, dist, row_of[i], shape_of(line.text), side)
            cands.append(c)
            by_key[(page.number, i)] = c

    groups: list[_Group] = []
    claimed: set[tuple[int, int]] = set()

    # 1. Page numbers: a shape whose number counts with the pages, in runs.
    groups += _page_number_groups(cands, claimed, n_text)

    # 2. Text outside the visible page (beyond the crop box): printers' slugs, proof notes, never content.
    outside = [c for c in cands if c.zone == "outside" and (c.page, c.index) not in claimed]
    if outside:
        side = Counter("top" if c.line.bottom <= 0 else "bottom" if c.line.top >= c.dist else "side"
                       for c in outside).most_common(1)[0][0]
        zone, kind = {"top": ("top", "header"), "bottom": ("bottom", "footer"), "side": ("left", "margin")}[side]
        groups.append(_Group(zone, "", outside, kind=kind, remove=True, numbers="outside",
                             reason=f"outside the visible page (beyond the crop box) on {len({c.page for c in outside})} pages"))
        claimed.update((c.page, c.index) for c in outside)

    # 3. Repeated shapes at the same distance from the same edge.
    by_shape: dict[tuple[str, str], list[_Cand]] = defaultdict(list)
    for c in cands:
        if (c.page, c.index) in claimed:
            continue
        key_shape = c.shape if c.zone != "diagonal" else c.shape.replace(" ", "")
        by_shape[(c.zone, key_shape)].append(c)
    for (zone, shape), members in by_shape.items():
        if len({m.page for m in members}) < 2:
            continue
        if zone == "diagonal":
            clusters = [list(range(len(members)))]
        else:
            clusters = _cluster([(m.dist, POSITION_TOLERANCE * max(m.line.size, 4.0), k)
                                 for k, m in enumerate(members)])
        for cl in clusters:
            ms = [members[k] for k in cl]
            # One line per page: keep the first drawn. The same text twice on one row of a page is a
            # column structure (a table heading per column), which furniture never is.
            seen: dict[int, _Cand] = {}
            repeated_in_row = 0
            for m in sorted(ms, key=lambda m: (m.page, m.index)):
                first = seen.setdefault(m.page, m)
                if first is not m and first.row == m.row:
                    repeated_in_row += 1
            ms = list(seen.values())
            if len(ms) < 2:
                continue
            group = _Group(zone, shape, ms)
            if repeated_in_row * 2 > len(ms):
                group.reason = "the same text several times on one line of the page, like a table heading"
            groups.append(group)

    for g in groups:
        if not g.reason:
            _judge(g, n_text, body)

    _require_support(groups, n_text)
    _margin_columns(groups, cands)
    _accept_companions(groups, page_rows, n_text)
    _confirm_edges(groups, text_pages, page_rows, body, cands)
    notice = _first_page_notice(groups, text_pages[0], page_rows[text_pages[0].number], by_key)
    if notice is not None:
        groups.append(notice)
    return _finish(groups, n_text)


def _page_number_groups(cands: list[_Cand], claimed: set[tuple[int, int]], n_text: int) -> list[_Group]:
    slots: dict[tuple[str, str, bool], list[tuple[_Cand, int]]] = defaultdict(list)
    for c in cands:
        if c.zone not in ("top", "bottom", "left", "right"):
            continue
        tokens = c.line.text.split()
        if len(tokens) > 14:
            continue
        for ti, value, is_roman in page_number_tokens(c.line.text):
            masked = tokens[:ti] + ["{n}"] + tokens[ti + 1:]
            slots[(c.zone, shape_of(" ".join(masked)), is_roman)].append((c, value))
    found: list[_Group] = []
    # Longer runs first, so a line is claimed by its best explanation.
    scored = []
    for key, items in slots.items():
        clusters = _cluster([(c.dist, POSITION_TOLERANCE * max(c.line.size, 4.0), k) for k, (c, _) in enumerate(items)])
        for cl in clusters:
            run_members = _runs([items[k] for k in cl], n_text)
            if run_members:
                scored.append((len(run_members), key, run_members))
    scored.sort(key=lambda s: -s[0])
    for _, (zone, shape, _roman), members in scored:
        members = [c for c in members if (c.page, c.index) not in claimed]
        if len({c.page for c in members}) < 2:
            continue
        for c in members:
            claimed.add((c.page, c.index))
        g = _Group(zone, shape.replace("{n}", "#"), members, kind="page-number", remove=True, numbers="page",
                   reason=f"a page number: it counts with the pages, at the {zone} of "
                          f"{len({c.page for c in members})} pages")
        found.append(g)
    return found


def _runs(items: list[tuple[_Cand, int]], n_text: int) -> list[_Cand]:
    """Members whose number minus the page number stays constant over a run of pages.

    Each offset (value - page) is followed as a chain in page order and cut where it skips more than
    three pages; a run of three pages (two in a document of up to four) is a page-number sequence.
    """
    chains: dict[int, list[_Cand]] = defaultdict(list)
    for c, v in sorted(items, key=lambda item: item[0].page):
        chains[v - c.page].append(c)
    min_run = 2 if n_text <= 4 else 3
    best: dict[int, _Cand] = {}
    for chain in chains.values():
        run: list[_Cand] = []
        for c in chain + [None]:
            if c is not None and (not run or 0 < c.page - run[-1].page <= 3):
                run.append(c)
                continue
            if len(run) >= min_run:
                for member in run:
                    best.setdefault(member.page, member)
            run = [c] if c is not None else []
    return list(best.values())


def _judge(g: _Group, n_text: int, body: float) -> None:
    n = len(g.pages)
    sizes = sorted(m.line.size for m in g.members)
    size = sizes[len(sizes) // 2]
    texts = {m.line.text for m in g.members}
    if g.zone == "diagonal":
        g.kind, g.remove = "watermark", True
        g.reason = f"a diagonal line across {n} pages, drawn over the text"
        return
    if g.zone in ("left", "right"):
        if n * 2 < n_text:
            g.reason = f"beside the text on only {n} of {n_text} pages"
            return
        if len(texts) > 1:
            g.numbers = "varying"
            g.reason = "beside the text, but its numbers change from page to page like a table column's"
            return
        g.kind, g.remove = "margin", True
        g.reason = f"in the {g.zone} margin, beside the text, on {n} pages"
        return
    if g.zone == "body":
        g.reason = "inside the text, not at a page edge"
        return
    if len(texts) > 1:
        g.numbers = "varying"
    else:
        g.numbers = "constant"
    where = "top" if g.zone == "top" else "bottom"
    beside = sum(m.beside for m in g.members) * 2 > len(g.members)
    if size >= body * HEADING_SIZE and not beside:
        g.reason = f"a heading (larger than the body text) repeated on {n} pages"
        return
    if g.numbers == "varying":
        # Accepted later if it shares its line with other furniture (a timestamp beside a page number).
        g.reason = "its numbers do not follow the pages (labels or values that change)"
        return
    g.kind = "header" if g.zone == "top" else "footer"
    g.remove = True
    g.reason = f"at the {where} of {n} of {n_text} pages, same place and size"


def _margin_columns(groups: list[_Group], cands: list[_Cand]) -> None:
    """Margin text is furniture when its column is: pleading numbers are all repeated, while a table
    column that sticks out beside the text has one repeated heading over values that change."""
    column: dict[tuple[int, str], int] = Counter(
        (c.page, c.zone) for c in cands if c.zone in ("left", "right") and c.line.angle == 0)
    kept: dict[tuple[int, str], int] = Counter()
    margin = [g for g in groups if g.remove and g.kind == "margin" and g.zone in ("left", "right")]
    for g in margin:
        for m in g.members:
            if m.line.angle == 0:
                kept[(m.page, g.zone)] += 1
    for g in margin:
        mixed = sum(kept[(m.page, g.zone)] * 2 < column[(m.page, g.zone)] for m in g.members if m.line.angle == 0)
        if mixed * 2 > len(g.members):
            g.remove, g.kind = False, "repeated-content"
            g.reason = "beside the text, over values that change from page to page, like a table column's heading"


def _require_support(groups: list[_Group], n_text: int) -> None:
    """A line repeated on only a few pages is a header only if its place is a header's place: other
    headers (the next section's) sit there too, with the same font size, on a good share of the pages."""
    slots: dict[tuple[str, int, int], set[int]] = defaultdict(set)

    def slot(g: _Group) -> tuple[str, int, int]:
        dists = sorted(m.dist for m in g.members)
        sizes = sorted(m.line.size for m in g.members)
        return g.zone, round(dists[len(dists) // 2] / 4), round(sizes[len(sizes) // 2])

    candidates = [g for g in groups if g.remove and g.numbers == "constant" and g.zone in ("top", "bottom")]
    for g in candidates:
        slots[slot(g)].update(g.pages)
    if n_text <= 4:
        return
    for g in candidates:
        n = len(g.pages)
        if n >= max(3, 0.1 * n_text):
            continue
        support = len(slots[slot(g)])
        if support < max(4, 0.3 * n_text):
            g.remove, g.kind = False, "repeated-content"
            g.reason = f"on only {n} of {n_text} pages, and no other running header shares its place"


def _accept_companions(groups: list[_Group], page_rows: dict, n_text: int) -> None:
    """Lines whose numbers change (a time, a file id) are furniture when they sit on the furniture's line."""
    furniture = {(m.page, m.index) for g in groups if g.remove for m in g.members}
    row_index: dict[tuple[int, int], list[int]] = {}
    for page, rows in page_rows.items():
        for row in rows:
            for i in row:
                row_index[(page, i)] = row
    for g in groups:
        if g.remove or g.numbers != "varying":
            continue
        beside = sum(any((m.page, i) in furniture for i in row_index.get((m.page, m.index), ()) if i != m.index)
                     for m in g.members)
        if beside * 2 > len(g.members) and len(g.pages) >= 0.3 * n_text:
            g.kind = "header" if g.zone == "top" else "footer"
            g.remove = True
            g.reason = (f"changes from page to page but sits on the same line as other furniture, "
                        f"at the {g.zone} of {len(g.pages)} pages")


def _confirm_edges(groups: list[_Group], pages: Sequence[Page], page_rows: dict, body: float,
                   cands: list[_Cand]) -> None:
    """Keep a removal only where nothing but furniture lies between the line and its page edge, and the
    furniture is set apart from the text by a gap wider than the text's own line spacing."""
    page_by_number = {page.number: page for page in pages}
    columns: dict[tuple[int, str], list[_Cand]] = defaultdict(list)
    for c in cands:
        if c.side:
            columns[(c.page, c.side)].append(c)
    changed = True
    while changed:
        changed = False
        furniture: dict[tuple[int, int], _Group] = {}
        for g in groups:
            if g.remove:
                for m in g.members:
                    furniture[(m.page, m.index)] = g
        confirmed: set[tuple[int, int]] = set()
        apart: set[tuple[int, int]] = set()
        for number, rows in page_rows.items():
            page = page_by_number[number]
            gaps = _row_gaps(page, rows)
            typical = sorted(gaps)[len(gaps) // 2] if gaps else body
            for zone in ("top", "bottom"):
                for ok, gap in _edge_block(page, rows, furniture, zone, body):
                    confirmed |= ok
                    if gap is None or gap >= max(0.6 * body, 1.2 * typical):
                        apart |= ok
        # A side head (running heads in the outer margin, beside the text column) shares rows with the
        # text; what matters is that nothing but furniture lies between it and the edge in its own column.
        for (number, side), column in columns.items():
            if len(column) > 4:
                continue  # a column of many lines beside the text is a table's, not a side head's
            for c in column:
                key = (c.page, c.index)
                if key not in furniture or c.zone not in ("top", "bottom"):
                    continue
                outward = [o for o in column if (o.line.top < c.line.top if c.zone == "top" else o.line.top > c.line.top)]
                if all((o.page, o.index) in furniture for o in outward):
                    confirmed.add(key)
                    apart.add(key)
        for g in groups:
            if not g.remove or g.zone not in ("top", "bottom") or g.numbers == "outside":
                continue
            inside = [m for m in g.members if (m.page, m.index) in confirmed]
            if len(inside) * 2 <= len(g.members):
                g.remove, g.kind = False, "repeated-content"
                g.reason = "inside the text on most of its pages, not at the page edge"
                changed = True
                continue
            if g.numbers != "page" and sum((m.page, m.index) in apart for m in inside) * 2 <= len(inside):
                g.remove, g.kind = False, "repeated-content"
                g.reason = "joined to the text below or above it, like a table heading or the text's first line"
                changed = True
                continue
            if len(inside) < len(g.members):
                g.members = inside
                changed = True


COPYRIGHT = re.compile(r"©|\(c\)\s*\d{4}|\bcopyright\b", re.IGNORECASE)


def _first_page_notice(groups: list[_Group], page: Page, rows: list[list[int]], by_key: dict) -> _Group | None:
    """A copyright line (often with the DOI) at the foot of the first page is furniture even though it is
    printed once: journals put it where the running footer goes on the other pages."""
    furniture = {(m.page, m.index) for g in groups if g.remove for m in g.members}
    found: list[_Cand] = []
    for row in reversed(rows):
        rest = [i for i in row if (page.number, i) not in furniture]
        if not rest:
            continue
        cand = by_key.get((page.number, rest[0]))
        # one line alone on its row (a copyright box beside a column of text, or of several lines, is
        # the publisher's block on the page, content)
        if len(rest) > 1 or cand is None or not COPYRIGHT.search(cand.line.text):
            break
        found.append(cand)
    return _notice(found) if len(found) == 1 else None


def _notice(found: list[_Cand]) -> _Group | None:
    if not found:
        return None
    return _Group("bottom", found[0].shape, found, kind="footer", remove=True, numbers="notice",
                  reason="a copyright notice at the foot of the first page, where the footer goes")


def _row_gaps(page: Page, rows: list[list[int]]) -> list[float]:
    spans = [(min(page.lines[i].top for i in row), max(page.lines[i].bottom for i in row)) for row in rows]
    return [b[0] - a[1] for a, b in zip(spans, spans[1:]) if b[0] - a[1] > 0]


def _edge_block(page: Page, rows: list[list[int]], furniture: dict, zone: str, body: float
                ) -> list[tuple[set[tuple[int, int]], float | None]]:
    """The furniture rows reachable from the page edge, each with the widest gap between it and the text
    beyond the block (None when nothing but furniture follows)."""
    order = list(range(len(rows))) if zone == "top" else list(range(len(rows) - 1, -1, -1))
    lines = page.lines
    block: list[tuple[set[tuple[int, int]], float, float]] = []  # (lines, outer edge, inner edge)
    end_gap: float | None = None
    for r in order:
        row = rows[r]
        fur = [i for i in row if (page.number, i) in furniture]
        other = [i for i in row if (page.number, i) not in furniture]
        near = min(lines[i].top for i in row) if zone == "top" else max(lines[i].bottom for i in row)
        if block:
            gap = (near - block[-1][2]) if zone == "top" else (block[-1][2] - near)
        if not fur or (len(row) >= 4 and sorted(lines[i].size for i in row)[len(row) // 2] >= 0.85 * body):
            # Content, or a table row: four or more separate cells on one line in the text's size are
            # never furniture (a print slug in small type may have as many parts).
            if block:
                end_gap = gap
            break
        if other:
            # A line sharing its row with text is furniture only when far from that text (a logo beside a
            # slide title), never when glued to it (a footnote marker, a table cell).
            far = {(page.number, i) for i in fur
                   if all(abs(_hgap(lines[i], lines[j])) >= 2 * max(lines[i].size, lines[j].size) for j in other)}
            if far:
                block.append((far, near, near))
            end_gap = None
            break
        inner = max(lines[i].bottom for i in row) if zone == "top" else min(lines[i].top for i in row)
        block.append(({(page.number, i) for i in fur}, near, inner))
    out = []
    widest = end_gap
    for k in range(len(block) - 1, -1, -1):
        out.append((block[k][0], widest))
        if k > 0:
            gap = (block[k][1] - block[k - 1][2]) if zone == "top" else (block[k - 1][2] - block[k][1])
            widest = None if widest is None else max(widest, gap)
    return out


def _hgap(a: Line, b: Line) -> float:
    return max(a.box[0] - b.box[2], b.box[0] - a.box[2])


def _finish(groups: list[_Group], n_text: int) -> tuple[Group, ...]:
    # Kept groups are listed so a person sees what was left in on purpose (repeated headings, table
    # headings); a cell value that happens to recur on a few pages is not worth a row.
    shown = max(2 if n_text <= 4 else 3, -(-n_text // 5))
    groups = [g for g in groups if g.remove or (len(g.pages) >= shown and any(ch.isalpha() for ch in g.shape))]
    order = sorted(groups, key=lambda g: (not g.remove, g.zone != "top", g.pages[0], g.members[0].index))
    out = []
    for gid, g in enumerate(order):
        members = tuple(sorted((m.page, m.index) for m in g.members))
        first = min(g.members, key=lambda m: (m.page, m.index))
        position = g.zone if g.zone in ("top", "bottom", "left", "right") else "body"
        out.append(Group(id=gid, text=first.line.text, shape=g.shape, kind=g.kind, position=position,
                         members=members, remove=g.remove, reason=("removed: " if g.remove else "kept: ") + g.reason))
    return tuple(out)
