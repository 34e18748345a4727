"""Making the lines: a page's glyphs grouped into lines of text, each with its box, size, font and angle.

pdfminer's own layout analysis (grouping characters into lines, boxes and a reading order) is most of its
cost and more than we need: furniture detection needs each line's text, box, size and font. So a small
device (``glyphs``) receives the characters and this module groups them into lines itself, in the visible
page's coordinates (pdfminer already applies /Rotate through the page's transformation matrix). The
JavaScript kernel makes the same lines in the browser, with the same operations in the same order
(``site/kernel/glyphs.mjs``; each of its functions names the one here it mirrors).
"""

from __future__ import annotations

import re
from array import array
from operator import itemgetter

from ..model import Line

# A gap wider than this many font sizes splits a baseline into separate lines (header parts on one
# baseline, table cells, columns); pdfminer's default char_margin of 2 glyph widths is about the same.
LINE_SPLIT_GAP = 1.0
# Glyphs drawn apart, with other glyphs drawn between them that stand elsewhere on the page, split at this
# narrower gap: pdfminer, grouping in drawing order, keeps them apart at any gap, and a word processor's
# line numbers, drawn in their own pass, stand less than a size before their line's first glyph.
DRAWN_APART_GAP = 0.5
# A gap wider than this many font sizes between two glyphs is a word space when the PDF drew none.
WORD_GAP = 0.12
# Glyphs whose baselines differ by less than this many font sizes share a line.
BASELINE_TOLERANCE = 0.35
# Strings drawn over each other on one baseline stay apart as lines when the drawing jumps back along the
# line by more than this many font sizes, both strings have at least STRAND_GLYPHS glyphs, and they cover
# more than STRAND_OVERLAP of the shorter one's length: an accent drawn after its letter, or a line's
# parts drawn in another order, do not.
STRAND_BACK = 0.5
STRAND_GLYPHS = 3
STRAND_OVERLAP = 0.5


# Right-to-left scripts, by code point (Hebrew to Arabic Extended, the Hebrew and Arabic presentation forms,
# the historic and Adlam blocks): a line of theirs drawn right to left is read in its words' order.
RIGHT_TO_LEFT = ((0x0590, 0x08FF), (0xFB1D, 0xFDFF), (0xFE70, 0xFEFF), (0x10800, 0x10FFF), (0x1E800, 0x1EFFF))
_RIGHT_TO_LEFT_CHARACTER = re.compile("[" + "".join(f"{chr(low)}-{chr(high)}" for low, high in RIGHT_TO_LEFT) + "]")
# Brackets as a right-to-left line shows them: read in its words' order, each is its mirror.
MIRRORED = {"(": ")", ")": "(", "[": "]", "]": "[", "{": "}", "}": "{", "<": ">", ">": "<", "\u00ab": "\u00bb",
            "\u00bb": "\u00ab"}

# The lines made so far: (the number of the line's first glyph drawn, the line, its glyphs, the number of its
# last glyph drawn).
_Made = list[tuple[int, Line, list[tuple], int]]


def build_lines(buckets: dict[int, list[tuple]], crop: tuple[float, float, float, float]) -> tuple[Line, ...]:
    """Group glyphs into lines: same writing direction, same baseline, no wide gap; keep drawing order.

    ``buckets`` holds the glyphs of each writing angle as ``_Glyphs`` records them. Works for any
    direction, so vertical margin text and diagonal watermarks become lines too. Glyphs outside the crop
    box are kept: their lines get boxes outside the visible page, and the detector reports them
    (printers' slugs and proof notes live there).
    """
    return tuple(line for _, line, _, _ in _grouped(buckets, crop))


def lines_with_glyphs(buckets: dict[int, list[tuple]],
                      crop: tuple[float, float, float, float]) -> tuple[tuple[Line, tuple[int, ...]], ...]:
    """``build_lines``' lines, each with the numbers (``seq``) of the glyphs it is made of: the cleaned PDF
    (``tracing``) takes exactly those glyphs out of the content streams."""
    return tuple((line, tuple(item[2] for item in segment)) for _, line, segment, _ in _grouped(buckets, crop))


def lines_and_spans(buckets: dict[int, list[tuple]],
                    crop: tuple[float, float, float, float]) -> tuple[tuple[Line, ...], array]:
    """``build_lines``' lines, and for each the number (``seq``) of its first glyph and how many it has, the
    first -1 when the numbers in between are not all its own: the cleaned PDF takes exactly those glyphs out
    of the content streams (``model.Places.lines``)."""
    lines = []
    spans: list[int] = []
    for first, line, segment, last in _grouped(buckets, crop):
        lines.append(line)
        count = len(segment)
        spans += (first if last - first + 1 == count else -1, count)  # numbers of one page's glyphs differ
    return tuple(lines), array("i", spans)


def _grouped(buckets: dict[int, list[tuple]], crop: tuple[float, float, float, float]) -> _Made:
    """The lines in drawing order, each as (its first glyph's number, the line, its glyphs)."""
    cx0, _, _, cy1 = crop
    lines: _Made = []
    drawn = _Drawn(buckets)
    for angle, items in buckets.items():
        items.sort()
        run: list[tuple] = []
        base = first_size = 0.0
        for item in items:
            if run:
                # max(size, first_size, 1.0), spelled out: the same result, also for NaN, without a call
                limit = item[8]
                if first_size > limit:
                    limit = first_size
                if limit < 1.0:
                    limit = 1.0
                if item[0] - base > BASELINE_TOLERANCE * limit:
                    _split_run(run, angle, cx0, cy1, lines, drawn)
                    run = []
            if not run:
                base, first_size = item[0], item[8]
            run.append(item)
        if run:
            _split_run(run, angle, cx0, cy1, lines, drawn)
    lines.sort(key=_first)
    return lines


_first = itemgetter(0)
_along = itemgetter(1)
_first_drawn = itemgetter(2)


def _split_run(run: list[tuple], angle: int, left: float, top: float, out: _Made, drawn: _Drawn) -> None:
    """Cut one baseline's glyphs where a wide gap separates them; add each part's line to ``out``.

    Two strings drawn over each other on one baseline (text drawn twice for a bold look, a placed page's
    text under the page's own) stay two lines, as they were drawn, instead of one line of both strings'
    letters in turn.
    """
    run.sort(key=_along)
    previous = -1
    for item in run:
        if item[2] < previous:
            # Drawn out of order along the line: see whether strings lie over each other.
            for strand in _strands(run):
                _cut(strand, angle, left, top, out, False, drawn)
            return
        previous = item[2]
    _cut(run, angle, left, top, out, True, drawn)


def _strands(run: list[tuple]) -> list[list[tuple]]:
    """The glyphs of one baseline as the strings they were drawn in, sorted along the line: a string ends
    where the drawing jumps back along the line. Strings that do not lie over one another (parts of one
    line drawn in another order, an accent drawn after its letter) are joined again."""
    strings: list[list[tuple]] = []
    for item in sorted(run, key=_first_drawn):
        if strings and item[1] >= strings[-1][-1][1] - max(strings[-1][-1][8], 1.0) * STRAND_BACK:
            strings[-1].append(item)
        else:
            strings.append([item])
    if len(strings) == 1:
        # One string, as drawn: where a glyph steps back a little over the one before (a space kerned
        # under the next word's first letter, as XeTeX sets Persian), the drawing has the words' order.
        return [strings[0]]
    spans = [(min(g[1] for g in s), max(g[1] + g[9] for g in s)) for s in strings]
    # Union the strings that do not overlap much: only long strings that cover each other stay apart, and
    # no string joins two such (a page number drawn beside both copies of a foot drawn twice).
    group = list(range(len(strings)))
    long = [[k] if len(string) >= STRAND_GLYPHS else [] for k, string in enumerate(strings)]  # by group

    def find(k: int) -> int:
        while group[k] != k:
            k = group[k]
        return k

    def apart(a: int, b: int) -> bool:
        overlap = min(spans[a][1], spans[b][1]) - max(spans[a][0], spans[b][0])
        shorter = min(spans[a][1] - spans[a][0], spans[b][1] - spans[b][0])
        return overlap > STRAND_OVERLAP * shorter

    for a in range(len(strings)):
        for b in range(a + 1, len(strings)):
            ra, rb = find(a), find(b)
            if ra != rb and not any(apart(i, j) for i in long[ra] for j in long[rb]):
                group[rb] = ra
                long[ra] += long[rb]
    joined: dict[int, list[tuple]] = {}
    for k, string in enumerate(strings):
        joined.setdefault(find(k), []).extend(string)
    out = list(joined.values())
    for strand in out:
        strand.sort(key=_along)
    return out


def _cut(run: list[tuple], angle: int, left: float, top: float, out: _Made, ordered: bool, drawn: _Drawn) -> None:
    """``_split_run`` for glyphs sorted along the line (``ordered``: drawn in that order too)."""
    segment: list[tuple] = []
    end = 0.0
    for item in run:
        along, adv = item[1], item[9]
        if segment:
            gap = along - end
            # The least the gap must be (most are not, and cost nothing more): a size of 1 pt at least, and
            # half of it only between glyphs not drawn one after the other.
            if gap > DRAWN_APART_GAP and (gap > LINE_SPLIT_GAP or item[2] != segment[-1][2] + 1):
                # Across a gap between glyphs not drawn one after the other, the gap is measured in the
                # smaller type of the two: a word processor's line numbers, drawn in their own pass in the
                # text's size beside a heading, are no part of the heading (a listing's numbers, drawn each
                # before its line, stay on it, as pdfminer keeps them). Where the glyphs drawn between them
                # stand elsewhere, a narrower gap parts them: a pleading's line number from its line.
                size, before = item[8], segment[-1]
                not_next = item[2] != before[2] + 1
                if not_next and before[8] < size:
                    size = before[8]
                unit = 1.0 if size < 1.0 else size
                # (Whether the glyphs between stand in the gap is asked only where it decides.)
                if gap > LINE_SPLIT_GAP * unit or (not_next and gap > DRAWN_APART_GAP * unit
                                                      and not drawn.along(before[2], item[2], angle, end, along)):
                    _make_line(segment, angle, left, top, out, ordered)
                    segment = [item]
                    end = along + adv
                    continue
            if along + adv > end:
                end = along + adv
        else:
            end = along + adv
        segment.append(item)
    if segment:
        _make_line(segment, angle, left, top, out, ordered)


class _Drawn:
    """A page's glyphs by the number they were drawn in (``seq``), gathered when first asked: few pages ask."""

    __slots__ = ("buckets", "by_seq")

    def __init__(self, buckets: dict[int, list[tuple]]) -> None:
        self.buckets = buckets
        self.by_seq: dict[int, tuple[int, float]] | None = None

    def along(self, a: int, b: int, angle: int, start: float, stop: float) -> bool:
        """True when every glyph drawn between glyphs ``a`` and ``b`` stands, by its middle, between
        ``start`` and ``stop`` along their line: a superscript drawn in its place ("4th October", a footnote
        mark) keeps the words on either side one line, as drawing along the line does."""
        if self.by_seq is None:
            self.by_seq = {item[2]: (ang, item[1] + item[9] / 2)
                           for ang, items in self.buckets.items() for item in items}
        by_seq = self.by_seq
        for seq in range(min(a, b) + 1, max(a, b)):
            found = by_seq.get(seq)
            if found is not None and (found[0] != angle or not start <= found[1] <= stop):
                return False
        return True


def _most_common_size(sizes: dict[float, int]) -> float:
    """The size most glyphs have, to 0.1 (the first met on a tie), from the count of each exact size.

    Rounded once per size, not per glyph: ``round(x, 1)`` converts through decimal digits, and per glyph
    it cost a quarter of all the time spent making lines (in Pyodide, more). A NaN size is never equal to
    another, so each glyph of one counts on its own, as it did when every glyph's size was rounded.
    """
    rounded: dict[float, int] = {}
    for size, count in sizes.items():
        if size != size:
            for _ in range(count):
                rounded[round(size, 1)] = 1
            continue
        key = round(size, 1)
        rounded[key] = rounded.get(key, 0) + count
    return max(rounded, key=rounded.__getitem__) if rounded else 0.0


def _next_seq(segment: list[tuple], item: tuple) -> float:
    """The number of the glyph after ``item`` among a line's glyphs (infinity after the last). Asked only of
    white space that starts over the glyph before it: looked up then."""
    k = segment.index(item) + 1
    return segment[k][2] if k < len(segment) else float("inf")


def _make_line(segment: list[tuple], angle: int, left: float, top: float, out: _Made, ordered: bool) -> None:
    parts: list[str] = []
    sizes: dict[float, int] = {}
    fonts: dict[str, int] = {}
    artifacts: dict[str, int] = {}
    big = 0.0
    end = far = 0.0
    last_glyph = segment[0]
    first = last_glyph[2]
    blank = True  # whether the previous glyph was white space (none before the first)
    previous = first
    for item in segment:
        _, along, seq, text, _, _, _, _, size, adv, font, artifact = item
        space = text.isspace()
        if parts:
            if seq < first:
                first = seq
            if space:
                if along < end and not previous < seq < _next_seq(segment, item):
                    # White space drawn at another time than the glyphs on either side of it, over the one
                    # before it (a form field's blank, a tagged blank laid over a word): no break between
                    # words. pdfminer, which keeps the drawing order, finds none there either.
                    continue
            elif along - end > WORD_GAP * size and not blank:
                parts.append(" ")
            if along + adv > far:  # the glyph that ends last, the first of them on a tie (as max() picks)
                far, last_glyph = along + adv, item
        else:
            far = along + adv
        parts.append(text)
        blank = space
        end = along + adv
        previous = seq
        if not space:
            sizes[size] = sizes.get(size, 0) + 1
            fonts[font] = fonts.get(font, 0) + 1
            if size > big:
                big = size
            if artifact:
                artifacts[artifact] = artifacts.get(artifact, 0) + 1
    text = " ".join("".join(parts).split())
    if not text:
        return
    if _RIGHT_TO_LEFT_CHARACTER.search(text) and _drawn_right_to_left(segment):  # most lines: no such script
        text = _words_order(text)
    size = _most_common_size(sizes)
    font = max(fonts, key=fonts.__getitem__) if fonts else ""
    # A line is an artifact when most of its glyphs are.
    artifact = max(artifacts, key=artifacts.__getitem__) if sum(artifacts.values()) * 2 > sum(fonts.values()) else ""
    # The box spans from the first glyph's origin to the last glyph's end along the writing direction,
    # and from the descender to the ascender of the largest glyph across it: four corners, any angle.
    _, _, _, _, sx, sy, dx, dy, _, _, _, _ = segment[0]
    ex = last_glyph[4] + dx * last_glyph[9]
    ey = last_glyph[5] + dy * last_glyph[9]
    ux, uy = -dy * big, dx * big
    xs = (sx - 0.2 * ux, sx + 0.8 * ux, ex - 0.2 * ux, ex + 0.8 * ux)
    ys = (sy - 0.2 * uy, sy + 0.8 * uy, ey - 0.2 * uy, ey + 0.8 * uy)
    box = (round(min(xs) - left, 2), round(top - max(ys), 2), round(max(xs) - left, 2), round(top - min(ys), 2))
    # Glyphs drawn in order along the line are numbered in that order: the last is the highest.
    last = segment[-1][2] if ordered else max(map(_first_drawn, segment))
    out.append((first, Line(text=text, box=box, size=size, font=font, angle=angle, artifact=artifact), segment, last))


def _right_to_left(text: str) -> bool:
    """True when a text starts with a character of a right-to-left script."""
    return _RIGHT_TO_LEFT_CHARACTER.match(text) is not None


def _drawn_right_to_left(segment: list[tuple]) -> bool:
    """True when a line's right-to-left glyphs, in their order along the line, were mostly drawn each
    before the one on its left: in their words' order (as LuaTeX draws Hebrew), which the order along the
    line reverses. Glyphs drawn left to right (as most producers draw Arabic) are left as pdfminer gives
    them."""
    back = ahead = 0
    before = None
    for item in segment:
        if _right_to_left(item[3]):
            if before is not None:
                if item[2] < before:
                    back += 1
                else:
                    ahead += 1
            before = item[2]
    return back > ahead


def _words_order(text: str) -> str:
    """A right-to-left line's text, given from left to right, in its words' order: its runs of left-to-right
    letters and figures (with what lies between two of their characters) keep their order within, every
    other run is read from right to left with its brackets mirrored, and the runs come from right to left."""
    # Each character's direction: a letter or a figure is left to right unless of a right-to-left script;
    # anything else takes the direction of the letters on both sides where they agree on left to right.
    strong = ["R" if _right_to_left(ch) else "L" if ch.isalpha() or ch.isdecimal() else "" for ch in text]
    after = ""
    for k in range(len(text) - 1, -1, -1):
        if strong[k]:
            after = strong[k]
        elif after == "L":
            strong[k] = "l"  # a neutral before a left-to-right character: left to right if one comes before too
    before = ""
    runs: list[list[str]] = []
    for ch, direction in zip(text, strong, strict=True):
        ltr = direction == "L" or (direction == "l" and before == "L")
        if direction in ("L", "R"):
            before = direction
        if not runs or runs[-1][0] != ("L" if ltr else "R"):
            runs.append(["L" if ltr else "R"])
        runs[-1].append(ch)
    out = []
    for run in reversed(runs):
        chars = run[1:]
        out.append("".join(chars) if run[0] == "L" else "".join(MIRRORED.get(ch, ch) for ch in reversed(chars)))
    return "".join(out)
