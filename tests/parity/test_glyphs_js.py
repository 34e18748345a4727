"""The kernel's placing of glyphs and making of lines (``site/kernel/glyphs.mjs``'s ``Glyphs``, driven by
``glyphs._Deferred``) against ``glyphs._Glyphs`` and ``lines.build_lines``, under node (``tests/helpers/native.py``).

Both devices are shown the same strings, in the same text states, and must give the same lines to the bit
(every float compared by its repr, so that -0.0 is not 0.0), or raise the same error. The strings are made
to meet Python's rules that JavaScript does not share: round() half to even, Python's white space, min()
and max() of equal zeros, an int's arithmetic without -0.0, strings drawn over each other. What the
browser leaves to ``_Glyphs`` (``_Again``) is checked to be left, and the pages of real PDFs to be placed
by the kernel itself, so that no test compares ``_Glyphs`` with itself.
"""

from __future__ import annotations

import math
import random

import content_cases as tc
import hostile as h
import pytest
from pagefurniture.errors import LimitExceeded
from pagefurniture.read import document, glyphs, kernel
from pagefurniture.read.limits import Limits, _Clock
from pdfminer.cmapdb import CMapBase, IdentityCMap, IdentityCMapByte
from pdfminer.pdffont import PDFCIDFont, PDFSimpleFont, PDFUnicodeNotDefined
from pdfminer.pdfinterp import PDFResourceManager, PDFTextState
from pdfminer.psparser import LIT

# Glyph texts with Python's own rules: white space JavaScript's \s has not (U+001C, U+0085) and has
# that Python's has not (U+FEFF), a lone surrogate, a ligature, an astral character, an empty text.
TEXTS = {32: " ", 65: "A", 66: "b", 67: "c", 68: "fi", 69: "\u00a0", 70: "\u3000", 71: "\ufeff", 72: "\x85",
         73: "\x1c", 74: "\ud800", 75: "\U0001f600", 76: "", 77: "e\u0301", 78: "1", 79: "\t",
         80: "\u05d0", 81: "\u05d1", 82: "(", 83: ")", 84: "\u0661"}  # Hebrew alef, bet; an Arabic-Indic one


class Simple(PDFSimpleFont):
    """A simple font (one byte a character id) without a font program: only what the devices ask."""

    def __init__(self, name: object, widths: dict, vertical: bool = False) -> None:
        self.fontname = name
        self.widths_ = widths

    def to_unichr(self, cid: int) -> str:
        if cid not in TEXTS:
            raise PDFUnicodeNotDefined(None, cid)
        return TEXTS[cid]

    def char_width(self, cid: int) -> float:
        return self.widths_.get(cid, 0.5)

    def is_vertical(self) -> bool:
        return False

    def is_multibyte(self) -> bool:
        return False


class Odd(CMapBase):
    """A character map only Python can read: pairs of bytes, the second first."""

    def decode(self, code: bytes):
        return iter(code[1::2])


class CID(PDFCIDFont):
    """A CID font: Identity-H (two bytes each), Identity-H of one byte, or a map only Python reads."""

    def __init__(self, name: str, widths: dict, cmap: CMapBase, vertical: bool = False) -> None:
        self.fontname = name
        self.widths_ = widths
        self.cmap = cmap
        self.vertical = vertical

    to_unichr = Simple.to_unichr
    char_width = Simple.char_width

    def is_vertical(self) -> bool:
        return self.vertical

    def is_multibyte(self) -> bool:
        return True


LIMITS = Limits()


def devices(node, limits: Limits = LIMITS) -> tuple:
    rsrc = PDFResourceManager()
    python = glyphs._Glyphs(rsrc, _Clock(limits), limits)
    browser = glyphs._Deferred(rsrc, _Clock(limits), limits, node.Glyphs.new(glyphs._glyphs_config(limits)))
    return python, browser


def shape(lines: tuple) -> list:
    return [(line.text, tuple(map(repr, line.box)), repr(line.size), type(line.font).__name__, line.font,
             line.angle, line.artifact) for line in lines]


CTMS = [(1, 0, 0, 1, 0, 0), (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), (1, 0, 0, -1, 0, 792), (0, 1, -1, 0, 612, 0),
        (0.24, 0.0, 0.0, -0.24, 0.0, 792.0), (-1, 0, 0, -1, 612, 792), (0.7071, 0.7071, -0.7071, 0.7071, 300, 0)]


def page(rng: random.Random) -> tuple[tuple, list]:
    """A page's matrix and what it shows: (text state settings, elements, marked as an artifact, Td)."""
    fonts = [Simple("Serif", {65: 0.6, 66: 0.5, 32: 0.25}), Simple("Serif", {}), Simple("Sans", {65: 1, 32: 0}),
             CID("Mincho", {65: 1.0}, IdentityCMap()), CID("Mincho", {}, IdentityCMapByte()),
             CID("Gothic", {}, Odd()), CID("Tate", {}, IdentityCMap(), vertical=True)]
    shows = []
    for _ in range(rng.randint(1, 40)):
        font = rng.choice(fonts)
        width = 2 if isinstance(font, CID) and type(font.cmap) in (IdentityCMap, Odd) else 1
        state = {
            "font": font,
            "fontsize": rng.choice([12, 9, 10.5, 0.5, 1, 24, 7.25, -12]),  # negative: a page drawn upside down
            "charspace": rng.choice([0, 0, 0.5, -0.25, 1]),
            "wordspace": rng.choice([0, 0, 2, 0.125]),
            "scaling": rng.choice([100, 100, 90, 120.5, -100]),
            "rise": rng.choice([0, 0, 0, 2, -1.5]),
            "matrix": rng.choice([(1, 0, 0, 1, rng.randint(0, 500), rng.randint(0, 700)),
                                  (1.0, 0.0, 0.0, 1.0, rng.randint(0, 4000) / 8, rng.randint(0, 6000) / 8),
                                  (0, 1, -1, 0, rng.randint(0, 500), rng.randint(0, 700)),
                                  (-1, 0, 0, -1, 400, 400), (0.0, 0.0, 0.0, 0.0, 10.0, 10.0),
                                  (1.0, 0.0, 0.0, 1.0, 72.125, 700.375)]),
        }
        seq: list = []
        for _ in range(rng.randint(1, 6)):
            if rng.random() < 0.4:
                seq.append(rng.choice([-250, 120, 3000, -3000, 0.5, -1000.125, 0, True]))
            else:
                cids = [rng.choice([*TEXTS, 200]) for _ in range(rng.randint(0, 8))]
                seq.append(b"".join(bytes((0, c)) if width == 2 else bytes((c,)) for c in cids))
        shows.append((state, seq, rng.choice(["", "", "header", "pagination"]), rng.random() < 0.3))
        if rng.random() < 0.2:  # the same string again, over the first: a bold look, or a strand
            shows.append((dict(state), list(seq), "", False))
    return rng.choice(CTMS), shows


def draw(device, ctm: tuple, shows: list, crop=(0.0, 0.0, 612.0, 792.0)) -> tuple:
    device.begin_page(None, ctm)
    state = PDFTextState()
    for settings, seq, artifact, td in shows:
        for key, value in settings.items():
            setattr(state, key, value)
        device._artifact = artifact
        if td:
            state.linematrix = (0, 0)
        device.render_string(state, seq, None, None)
    return device.lines(crop)


def both(node, ctm: tuple, shows: list, limits: Limits = LIMITS) -> list:
    python, browser = devices(node, limits)
    expected = shape(draw(python, ctm, shows))
    assert shape(draw(browser, ctm, shows)) == expected
    return expected


def test_random_pages_make_the_same_lines(node_reader):
    rng = random.Random(20261201)
    made = 0
    for _ in range(300):
        made += len(both(node_reader, *page(rng)))
    assert made > 3000


def test_a_tie_rounds_half_to_even_as_python_rounds_it(node_reader):
    # x0 = 72.125 - 0.2 * 0 and the like: half-way at two digits, which toFixed() would round up.
    font = Simple("Serif", {})
    for x in (72.125, 72.375, 0.625, -0.875, 3.25 / 4, 100.005):
        shows = [({"font": font, "fontsize": 10, "matrix": (1.0, 0.0, 0.0, 1.0, x, 500.125)}, [b"AAb"], "", False)]
        lines = both(node_reader, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), shows)
        assert lines[0][1][0] == repr(round(x, 2))


def test_an_int_s_zero_has_no_sign(node_reader):
    # x * a with x = 0 and a = -1, both ints, is 0 in Python and -0.0 in a double; through e and rise (both
    # -0.0) it reaches the box's right edge, which must be 0.0 as in Python, not -0.0.
    font = Simple("Serif", {})
    shows = [({"font": font, "fontsize": 10, "rise": 0.0, "matrix": (1, 0, 1, 1, 0.0, -0.0)}, [b"A"], "", False)]
    lines = both(node_reader, (-1, -0.0, 0, -1.0, -0.0, 700), shows)
    assert lines[0][1][2] == "0.0"


def test_a_long_line_drawn_twice_makes_the_same_lines(node_reader):
    # Two strings of 200,000 glyphs over each other (two strands of one baseline), the second a TJ array of
    # 40,000 elements: more than a pickle's batch of appends, more than a call's arguments.
    font = Simple("Serif", {65: 0.001, 32: 0.001})
    state = {"font": font, "fontsize": 1, "matrix": (1, 0, 0, 1, 0, 400)}
    tj = [item for _ in range(20000) for item in (b"AAAAAAAAA ", -0.0)]
    lines = both(node_reader, (1, 0, 0, 1, 0, 0), [(state, [b"AAAAAAAAA " * 20000], "", True), (state, tj, "", True)])
    assert len(lines) == 2


def shown(node, *shows: tuple[float, float, float, bytes, str]) -> list[str]:
    """The texts of the lines both sides make of strings shown in one serif font, each (x, y, size, bytes,
    artifact), in order."""
    font = Simple("Serif", {65: 0.6, 66: 0.5, 32: 0.25})
    states = [({"font": font, "fontsize": size, "matrix": (1, 0, 0, 1, x, y)}, [text], artifact, True)
              for x, y, size, text, artifact in shows]
    return [line[0] for line in both(node, (1, 0, 0, 1, 0, 0), states)]


def test_a_blank_drawn_later_over_a_word_makes_the_same_lines(node_reader):
    # The blank, drawn after the word over its first glyph, is no word space on either side.
    assert shown(node_reader, (72, 700, 10, b"ABBA", ""), (72, 699.3, 10, b" ", "header")) == ["AbbA"]


def test_a_small_number_beside_a_large_heading_makes_the_same_lines(node_reader):
    # 14 pt between a 10 pt number drawn after a 16 pt heading and the heading: two lines on both sides, the
    # gap in the smaller type; drawn before it, one line.
    heading, number = (50, 700, 16, b"ABBA", ""), (30, 700, 10, b"A", "")
    assert sorted(shown(node_reader, heading, number)) == ["A", "AbbA"]
    assert shown(node_reader, number, heading) == ["A AbbA"]


def test_line_numbers_drawn_after_their_lines_make_the_same_lines(node_reader):
    # Numbers 0.75 of a size before their lines, drawn after both lines: lines of their own on both sides;
    # each drawn just before its line, on it.
    lines, numbers = [(50, 700, 12, b"ABBA", ""), (50, 676, 12, b"ABBA", "")], [(33.8, 700, 12, b"A", ""),
                                                                               (33.8, 676, 12, b"A", "")]
    assert sorted(shown(node_reader, *lines, *numbers)) == ["A", "A", "AbbA", "AbbA"]
    assert shown(node_reader, numbers[0], lines[0], numbers[1], lines[1]) == ["A AbbA", "A AbbA"]


def test_a_superscript_drawn_between_two_words_makes_the_same_lines(node_reader):
    # A raised string drawn between two words, in the gap between them: one line and the superscript; drawn
    # far along the line instead, the words part.
    assert sorted(shown(node_reader, (50, 700, 12, b"A", ""), (57.5, 705, 6, b"BB", ""), (66, 700, 12, b"ABBA", ""))) \
        == ["A AbbA", "bb"]
    assert sorted(shown(node_reader, (50, 700, 12, b"A", ""), (300, 705, 6, b"BB", ""), (66, 700, 12, b"ABBA", ""))) \
        == ["A", "AbbA", "bb"]


def test_a_line_drawn_twice_beside_a_number_makes_the_same_lines(node_reader):
    # A number beside a line, then both again: the number joins neither copy of the line to the other.
    number, foot = (500, 30, 12, b"A", ""), (100, 30, 12, b"ABBA BABA", "")
    assert sorted(shown(node_reader, number, foot, number, foot)) == ["AA", "AbbA bAbA", "AbbA bAbA"]


def test_hebrew_drawn_right_to_left_reads_in_its_words_order_on_both_sides(node_reader):
    # Glyphs that stand, from the left, as "\u05d1\u05d0 (Ab) \u05d0" (bet, alef, the Latin word in brackets,
    # alef). Drawn as LuaTeX draws Hebrew, each glyph from the right and the Latin word left to right, the
    # line reads in its words' order, its brackets mirrored; drawn from the left, it is left as drawn.
    alef, bet, space, opening, closing = b"P", b"Q", b" ", b"R", b"S"
    drawn = [(x, 700, 10, text, "") for x, text in [(10, bet), (15, alef), (20, space), (22.5, opening), (27.5, b"AB"),
                                                     (38.5, closing), (43.5, space), (46, alef)]]
    right_to_left = [*reversed(drawn[5:]), drawn[4], *reversed(drawn[:4])]
    assert shown(node_reader, *right_to_left) == ["\u05d0 (Ab) \u05d0\u05d1"]
    assert shown(node_reader, *drawn) == ["\u05d1\u05d0 (Ab) \u05d0"]


def test_strings_handed_over_in_batches_make_the_same_lines(node_reader, monkeypatch):
    monkeypatch.setattr(glyphs._Deferred, "FLUSH", 3)
    rng = random.Random(7)
    for _ in range(40):
        both(node_reader, *page(rng))


def test_what_the_interpreter_takes_back_is_taken_back_once_handed_over(node_reader, monkeypatch):
    monkeypatch.setattr(glyphs._Deferred, "FLUSH", 2)
    font = Simple("Serif", {})
    shows = [({"font": font, "fontsize": 10, "matrix": (1, 0, 0, 1, 72, 700 - 20 * k)}, [b"AB C"], "", True)
             for k in range(8)]
    results = []
    for device in devices(node_reader):
        device.begin_page(None, (1, 0, 0, 1, 0, 0))
        state = PDFTextState()
        saved = None
        for k, (settings, seq, _, _) in enumerate(shows):
            if k == 3:
                saved = device.checkpoint()
            for key, value in settings.items():
                setattr(state, key, value)
            state.linematrix = (0, 0)
            device.render_string(state, seq, None, None)
        device.restore(saved)
        state.linematrix = (0, 0)
        device.render_string(state, [b"ABC"], None, None)
        results.append(shape(device.lines((0.0, 0.0, 612.0, 792.0))))
    assert results[0] == results[1]
    assert [line[0] for line in results[0]] == ["Ab c", "Ab c", "Ab c", "Abc"]


def test_the_limit_on_characters_stops_both_at_the_same_glyph(node_reader):
    limits = Limits(max_chars_per_page=600)
    font = Simple("Serif", {})
    shows = [({"font": font, "fontsize": 10, "matrix": (1, 0, 0, 1, 72, 700 - k)}, [b"Abc " * 8], "", True)
             for k in range(30)]
    messages = []
    for device in devices(node_reader, limits):
        with pytest.raises(LimitExceeded) as caught:
            draw(device, (1, 0, 0, 1, 0, 0), shows)
        messages.append(str(caught.value))
    assert messages[0] == messages[1] and "600" in messages[0]
    fewer = [({"font": font, "fontsize": 10, "matrix": (1, 0, 0, 1, 72, 700 - k)}, [b"Abc " * 8], "", True)
             for k in range(18)]  # 576 glyphs: under the limit
    assert len(both(node_reader, (1, 0, 0, 1, 0, 0), fewer, limits)) == 18


@pytest.mark.parametrize("settings, seq", [
    ({"fontsize": float("nan")}, [b"Ab"]),
    ({"fontsize": 2 ** 40}, [b"Ab"]),
    ({"matrix": (1, 0, 0, 1, 2 ** 30, 0)}, [b"Ab"]),
    ({"matrix": (1.0, 0.0, 0.0, 1.0, 1e200, 0.0)}, [b"Ab"]),
    ({}, [2 ** 1100, b"Ab"]),
    ({}, [float("inf"), b"Ab"]),
    ({}, [LIT("Name"), b"Ab"]),
], ids=["nan size", "big int size", "big int matrix", "huge place", "huge int", "infinite move", "a name"])
def test_what_only_python_places_exactly_is_left_to_python(node_reader, settings, seq):
    font = Simple("Serif", {})
    state = {"font": font, "fontsize": 10, "matrix": (1, 0, 0, 1, 72, 700), **settings}
    _, browser = devices(node_reader)
    with pytest.raises(glyphs._Again):
        draw(browser, (1, 0, 0, 1, 0, 0), [(state, seq, "", False)])


def test_a_font_whose_width_python_cannot_give_is_left_to_python(node_reader):
    class Broken(Simple):
        def char_width(self, cid: int) -> float:
            return "wide"  # a /MissingWidth that is a string

    _, browser = devices(node_reader)
    with pytest.raises(glyphs._Again):
        draw(browser, (1, 0, 0, 1, 0, 0), [({"font": Broken("B", {}), "fontsize": 10}, [b"A"], "", False)])


def through_kernel(node, source: object, monkeypatch: pytest.MonkeyPatch) -> list[bool]:
    """Read ``source`` through the kernel and check that it reads as the command line reads it; for each
    page drawn, whether ``_Glyphs`` drew it (read again) rather than the kernel."""
    python = tc.read(source, True, monkeypatch)
    drawn = []
    real = document._draw
    monkeypatch.setattr(document, "_draw", lambda *args: drawn.append(args[3].python) or real(*args))
    kernel.use_native(node)
    try:
        assert tc.read(source, True, monkeypatch) == python
    finally:
        kernel.use_native(None)
    return drawn


def _pdf(page: bytes) -> bytes:
    return h.document([page, h.text_ops([(72, 700, 12, "A second page, placed in JavaScript.")])])


@pytest.mark.parametrize("page", [
    b"BT /F1 12 Tf 1" + b"0" * 200 + b" 0 0 1 72 700 Tm (Too far to be exact) Tj ET",
    b"BT /F1 12 Tf 72 700 Td [(Kerned) /Name (on) 10 (ward)] TJ ET",
], ids=["a huge matrix", "a name in a TJ array"])
def test_a_page_left_to_python_is_read_again_by_it_and_reads_as_the_command_line_reads_it(node_reader, page,
                                                                                            monkeypatch):
    drawn = through_kernel(node_reader, _pdf(page), monkeypatch)
    assert drawn == [False, True, False]  # page 1 twice, the second time by _Glyphs; page 2 once


@pytest.mark.parametrize("name", tc.SAMPLE)
def test_evaluation_pdf_pages_read_the_same_and_are_placed_by_the_kernel(node_reader, name, monkeypatch):
    # The pages as the kernel reads their streams and objects and places their glyphs: as the command line.
    path = tc.EVAL / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    drawn = through_kernel(node_reader, path, monkeypatch)
    assert drawn and not any(drawn)


def test_python_white_space_is_what_the_kernel_is_told():
    assert all(not chr(c).isspace() for c in range(0x3001, 0x110000))
    assert glyphs._spaces() == tuple(c for c in range(0x110000) if chr(c).isspace())
    assert math.isfinite(glyphs._EXACT) and glyphs._EXACT ** 2 * 4 < 2 ** 53
