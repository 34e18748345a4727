"""Read a PDF into pages of lines. With ``guard`` (its patches), the only module that imports pdfminer; its errors
become ours here.

pdfminer's own layout analysis (grouping characters into lines, boxes and a reading order) is most of its
cost and more than we need: furniture detection needs each line's text, box, size and font. So a small
device receives the characters and this module groups them into lines itself, in the visible page's
coordinates (pdfminer already applies /Rotate through the page's transformation matrix).
"""

from __future__ import annotations

import codecs
import functools
import io
import itertools
import json
import logging
import math
import os
import time
import weakref
from array import array
from collections.abc import Callable
from dataclasses import dataclass, replace
from operator import itemgetter
from typing import BinaryIO, Union

from pdfminer.cmapdb import IdentityCMap, IdentityCMapByte
from pdfminer.pdfdevice import PDFTextDevice
from pdfminer.pdfdocument import PDFDocument, PDFEncryptionError, PDFPasswordIncorrect
from pdfminer.pdffont import PDFCIDFont, PDFFont, PDFSimpleFont, PDFUnicodeNotDefined
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import dict_value, resolve1
from pdfminer.psexceptions import PSException
from pdfminer.psparser import PSLiteral
from pdfminer.utils import decode_text, mult_matrix

from . import content, guard
from .errors import (
    Cancelled,
    DamagedPDF,
    LimitExceeded,
    NotAPDF,
    PageFurnitureError,
    PasswordRequired,
    TruncatedPDF,
    WrongPassword,
)
from .model import CutOff, Document, Line, Page

Source = Union[str, os.PathLike, bytes, bytearray, memoryview, BinaryIO]
Progress = Callable[[int, int], object]

_log = logging.getLogger("pdfminer.pdfdevice")  # where pdfminer's device warns about a bad string


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds that protect the user from hostile files without refusing real documents."""

    max_bytes: int = 512 * 1024 * 1024
    max_pages: int = 20_000
    max_chars_per_page: int = 1_000_000
    max_seconds_per_page: float = 60.0
    max_seconds: float = 1800.0
    # One decoded stream (a page's content, a font, a form); real ones are a few MB at most.
    max_stream_bytes: int = 256 * 1024 * 1024
    # All decoded streams of one file together: pdfminer keeps them in memory until the end.
    max_decoded_bytes: int = 1024 * 1024 * 1024


DEFAULT_LIMITS = Limits()

# Decompression, reference chains and the page tree are bounded by guard.py (pdfminer alone is not).
guard.install()

# A gap wider than this many font sizes splits a baseline into separate lines (header parts on one
# baseline, table cells, columns); pdfminer's default char_margin of 2 glyph widths is about the same.
LINE_SPLIT_GAP = 1.0
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


@functools.cache
def _spaces() -> tuple[int, ...]:
    """The code points ``str.isspace`` and ``str.split`` take for white space (none is above U+3000)."""
    return tuple(c for c in range(0x3001) if chr(c).isspace())


def _glyphs_config(limits: Limits) -> str:
    """What ``content.mjs``'s ``Glyphs`` takes from here, as JSON: the record's fields, the limit on
    characters, white space, and the constants of ``build_lines``."""
    return json.dumps({"fields": FIELDS, "ints": _INTS, "max_chars": limits.max_chars_per_page, "space": _spaces(),
                       "line_split_gap": LINE_SPLIT_GAP, "word_gap": WORD_GAP,
                       "baseline_tolerance": BASELINE_TOLERANCE, "strand_back": STRAND_BACK,
                       "strand_glyphs": STRAND_GLYPHS, "strand_overlap": STRAND_OVERLAP})


def read_bytes(pdf: Source, limits: Limits = DEFAULT_LIMITS) -> bytes:
    """Return the file's bytes, from a path, a bytes-like object or a binary file."""
    if isinstance(pdf, (bytes, bytearray, memoryview)):
        data = bytes(pdf)
    elif isinstance(pdf, (str, os.PathLike)):
        try:
            size = os.path.getsize(pdf)
            if size > limits.max_bytes:
                raise LimitExceeded(_too_big(size, limits))
            with open(pdf, "rb") as fh:
                data = fh.read()
        except OSError as exc:
            raise PageFurnitureError(f"cannot read {os.fspath(pdf)!s}: {exc.strerror or exc}") from None
    elif hasattr(pdf, "read"):
        data = pdf.read(limits.max_bytes + 1)
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("the file must be opened in binary mode ('rb')")
        data = bytes(data)
    else:
        raise TypeError(f"expected a path, bytes or a binary file, not {type(pdf).__name__}")
    if len(data) > limits.max_bytes:
        raise LimitExceeded(_too_big(len(data), limits))
    return data


def _too_big(size: int, limits: Limits) -> str:
    return (f"the file is {size / 2**20:.0f} MB, over the limit of {limits.max_bytes / 2**20:.0f} MB; "
            "split it into smaller PDFs")


def check_header(data: bytes) -> None:
    """Refuse input that is not a PDF before pdfminer tries to parse it."""
    if not data:
        raise NotAPDF("the file is empty; choose a PDF file")
    # Readers accept the header anywhere in the first 1024 bytes (some files start with junk).
    if b"%PDF-" not in data[:1024] or (not data.startswith(b"%PDF-") and _sniff(data).startswith("it is a")):
        # The second case: a known other format (a ZIP that stores a PDF has "%PDF-" near its start too).
        raise NotAPDF(f"this is not a PDF ({_sniff(data)}); choose a PDF file")


def _sniff(data: bytes) -> str:
    signatures = {
        b"\x89PNG": "it is a PNG image", b"\xff\xd8\xff": "it is a JPEG image", b"PK\x03\x04": "it is a ZIP archive",
        b"GIF8": "it is a GIF image", b"II*\x00": "it is a TIFF image", b"MM\x00*": "it is a TIFF image",
        b"\xd0\xcf\x11\xe0": "it is an old Office document", b"{\\rtf": "it is an RTF document",
    }
    for magic, what in signatures.items():
        if data.startswith(magic):
            return what
    head = data[:512]
    if b"<html" in head.lower() or b"<!doctype" in head.lower():
        return "it is a web page"
    try:
        head.decode("utf-8")
        return "it looks like a text file"
    except UnicodeDecodeError:
        return "it does not start with %PDF-"


class _Clock:
    """Raises LimitExceeded when a page or the whole run takes too long; checked every few hundred glyphs."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.start = self.page_start = time.monotonic()
        self.page = 0

    def begin(self, page: int) -> None:
        self.page = page
        self.page_start = time.monotonic()

    def check(self) -> None:
        now = time.monotonic()
        if now - self.page_start > self.limits.max_seconds_per_page:
            raise LimitExceeded(f"page {self.page} took longer than {self.limits.max_seconds_per_page:.0f} s to read, "
                                "the limit for one page; the file may be damaged or built to be slow")
        if now - self.start > self.limits.max_seconds:
            raise LimitExceeded(f"reading stopped at page {self.page}: the whole file took longer than "
                                f"{self.limits.max_seconds:.0f} s, the limit for one file")


class _Glyphs(PDFTextDevice):
    """A pdfminer device that records each glyph as a small tuple and skips everything else."""

    python = True  # places the glyphs itself (see _Deferred)

    def __init__(self, rsrcmgr: PDFResourceManager, clock: _Clock, limits: Limits) -> None:
        super().__init__(rsrcmgr)
        self.clock = clock
        self.limits = limits
        # The page's glyphs so far, as build_lines wants them: one list per writing angle, each glyph
        # (perp, along, seq, text, x, y, dx, dy, size, advance, font, artifact), seq counting from 0.
        self.buckets: dict[int, list[tuple]] = {}
        self.count = 0
        # Per font: cid -> (text, width), each looked up once. Weak keys: a font made for one page (one
        # given in place in the resources, not by reference) goes with its page.
        self._fonts: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._marks: list[str] = []
        self._artifact = ""
        self._forms = 0  # depth of Form XObjects being drawn
        self.pictures: list[tuple[float, float, float, float]] = []  # in device space

    def clear(self) -> None:
        """Forget what was drawn: a new page begins."""
        self.buckets = {}
        self.count = 0
        self.pictures = []

    def begin_page(self, page: PDFPage, ctm) -> None:
        self.clear()
        self.ctm = ctm
        self._marks = []
        self._artifact = ""
        self._forms = 0

    # The interpreter sets the device back when its fast parser hands a stream to pdfminer's.
    def checkpoint(self) -> tuple:
        return (self.count, {angle: len(items) for angle, items in self.buckets.items()}, len(self.pictures),
                list(self._marks), self._artifact, self._forms)

    def restore(self, state: tuple) -> None:
        self.count, sizes, pictures, marks, self._artifact, self._forms = state
        self.buckets = {angle: items[:sizes[angle]] for angle, items in self.buckets.items() if angle in sizes}
        del self.pictures[pictures:]
        self._marks = list(marks)

    # Tagged PDFs mark page furniture as /Artifact marked content, often with its type: the glyphs drawn
    # inside carry the innermost artifact's name to their lines, as evidence for the detector. Marks made
    # inside a Form XObject are the form's own: a page of another PDF placed as a figure brings its
    # running head along, which is this page's content.
    def begin_figure(self, name, bbox, matrix) -> None:
        self._forms += 1

    def end_figure(self, name) -> None:
        self._forms = max(0, self._forms - 1)

    def render_image(self, name, stream) -> None:
        # Only where the picture is: the unit square through the current matrix. Nothing is decoded.
        a, b, c, d, e, f = self.ctm
        xs, ys = (e, a + e, c + e, a + c + e), (f, b + f, d + f, b + d + f)
        self.pictures.append((min(xs), min(ys), max(xs), max(ys)))

    def begin_tag(self, tag, props=None) -> None:
        self._marks.append(artifact_name(tag, props) if not self._forms else "")
        self._artifact = next((mark for mark in reversed(self._marks) if mark), "")

    def end_tag(self) -> None:
        if self._marks:  # an unbalanced EMC is ignored, as viewers do
            self._marks.pop()
            self._artifact = next((mark for mark in reversed(self._marks) if mark), "")

    def setup(self, textstate) -> tuple:
        """What one Tj/TJ's glyphs share, worked out once per string, as ``render_string`` uses it: the
        matrix (a, b, c, d, e, f), size, scaling, spacings, the writing direction in device space (dx, dy,
        its length dn), the glyphs' size on the page and whether they can be seen at all, the angle."""
        font = textstate.font
        a, b, c, d, e, f = mult_matrix(textstate.matrix, self.ctm)
        fontsize = textstate.fontsize
        scaling = textstate.scaling * 0.01
        charspace = textstate.charspace * scaling
        wordspace = 0 if font.is_multibyte() else textstate.wordspace * scaling
        rise = textstate.rise
        dxscale = 0.001 * fontsize * scaling
        vertical = font.is_vertical()
        # The writing direction and the glyph's up direction in device space; vertical writing runs down
        # the text space's y axis.
        dx, dy, ux, uy = (-c, -d, a, b) if vertical else (a, b, c, d)
        dn = math.hypot(dx, dy)
        un = math.hypot(ux, uy)
        visible = dn != 0 and un != 0
        size = angle = 0
        if visible:
            dx, dy, size = dx / dn, dy / dn, fontsize * un
            # Upright text is nearly all glyphs: skip the trigonometry for it.
            angle = 0 if dy == 0.0 and dx > 0 else round(math.degrees(math.atan2(dy, dx))) % 360
        return (a, b, c, d, e, f, c * rise, d * rise, fontsize, scaling, charspace, wordspace, dxscale, vertical,
                visible, dx, dy, size, dn, angle)

    def render_string(self, textstate, seq, ncs, graphicstate) -> None:
        """Record the glyphs of one Tj/TJ: the positions of pdfminer's PDFTextDevice, computed alike.

        pdfminer calls ``render_char`` once per glyph with a new matrix; here what is the same for the whole
        string (direction, size, spacing) is worked out once and each glyph costs a few multiplications.
        """
        font = textstate.font
        (a, b, c, d, e, f, crise, drise, fontsize, scaling, charspace, wordspace, dxscale, vertical, visible,
         dx, dy, size, dn, angle) = self.setup(textstate)
        if visible:
            bucket = self.buckets.get(angle)
            if bucket is None:
                bucket = self.buckets[angle] = []
        known = self._fonts.get(font)
        if known is None:
            known = self._fonts[font] = {}
        fontname = font.fontname
        artifact = self._artifact
        count = self.count
        x, y = textstate.linematrix
        spaced = False
        for obj in seq:
            if isinstance(obj, (int, float)):
                if vertical:
                    y -= obj * dxscale
                else:
                    x -= obj * dxscale
                spaced = True
            elif isinstance(obj, bytes):
                for cid in font.decode(obj):
                    if spaced:
                        if vertical:
                            y += charspace
                        else:
                            x += charspace
                    glyph = known.get(cid)
                    if glyph is None:
                        glyph = known[cid] = _glyph(font, cid)
                    text, width = glyph
                    adv = width * fontsize * scaling
                    if not count & 255:
                        self._check(count)
                    if visible and text:
                        ox = x * a + y * c + e + crise
                        oy = x * b + y * d + f + drise
                        # perp: the baseline's offset from the origin along its normal; along: the place on it
                        bucket.append((dx * oy - dy * ox, dx * ox + dy * oy, count, text, ox, oy, dx, dy, size,
                                       adv * dn, fontname, artifact))
                        count += 1
                        self.count = count
                    if vertical:
                        y += adv
                        if cid == 32 and wordspace:
                            y += wordspace
                    else:
                        x += adv
                        if cid == 32 and wordspace:
                            x += wordspace
                    spaced = True
            else:
                _log.warning("Cannot render string because %r is not a valid int, float or bytes.", obj)
        textstate.linematrix = (x, y)

    def lines(self, crop: tuple[float, float, float, float]) -> tuple[Line, ...]:
        """The lines of the page drawn since ``begin_page`` (``crop`` as ``build_lines`` takes it)."""
        return build_lines(self.buckets, crop)

    def _check(self, count: int) -> None:
        """Every 256 glyphs: the clock, and the characters-per-page limit."""
        self.clock.check()
        if count >= self.limits.max_chars_per_page:
            raise LimitExceeded(f"page {self.clock.page} has more than {self.limits.max_chars_per_page:,} "
                                "characters, the limit for one page")


def _glyph(font: PDFFont, cid: int) -> tuple[str, float]:
    """A glyph's text ("(cid:N)" when the font does not say) and its width in text space units."""
    try:
        text = font.to_unichr(cid)
    except (PDFUnicodeNotDefined, PSException, KeyError, ValueError, TypeError, IndexError):
        text = f"(cid:{cid})"
    return text, font.char_width(cid)


class _Again(Exception):
    """The page holds something ``content.mjs`` does not place exactly as ``_Glyphs`` does (a number too
    big to be exact in JavaScript, a value that is not finite, a glyph whose width pdfminer cannot give):
    the page is read again, by ``_Glyphs`` itself."""


class _After:
    """``textstate.linematrix`` after a string ``_Deferred`` handed over: where the string ends, which only
    ``content.mjs`` knows."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index


# What _Deferred hands over for each string, in this order (content.mjs takes the order from here): its
# number on the page, the font's number, the font name's and the artifact's numbers, setup()'s values,
# where it starts (kind 0: at x, y; kind 1: where string x ended), which of the numbers are Python ints
# (bits in _INTS' order; an int has no -0.0), and how its strings' bytes are character ids (_decoding).
FIELDS = ("index", "font", "name", "artifact", "a", "b", "c", "d", "e", "f", "crise", "drise", "fontsize",
          "scaling", "charspace", "wordspace", "dxscale", "vertical", "visible", "dx", "dy", "size", "dn",
          "angle", "start", "x", "y", "ints", "decoding")
_INTS = ("a", "b", "c", "d", "e", "f", "crise", "drise", "fontsize", "x", "y")
_EXACT = 2**24  # an int this small stays exact in a double through every product and sum made of it
_PLAIN = frozenset((int, float, bool, bytes))  # what a TJ array holds, when it is well made
_FLOAT = frozenset((float,))


def _decoding(font: PDFFont) -> int:
    """How ``content.mjs`` reads the character ids of a string's bytes in ``font``, as ``font.decode`` does:
    1 a byte each (simple fonts, and CID fonts with Identity-H of one byte), 2 two bytes each, big-endian,
    a last odd byte left out (Identity-H); 0 when only ``font.decode`` can: the elements are then handed
    over decoded, as tuples."""
    kind = type(font)
    if kind.decode is PDFSimpleFont.decode:
        return 1
    if kind.decode is PDFCIDFont.decode:
        decode = type(getattr(font, "cmap", None)).decode
        if decode is IdentityCMapByte.decode:
            return 1
        if decode is IdentityCMap.decode:
            return 2
    return 0


def _ints(values: tuple, first: int = 0) -> int:
    """The bits of ``values`` (in _INTS' order, from ``first``) that are ints (or bools); _Again for a big
    int or a value that is no number."""
    bits = 0
    for k, value in enumerate(values, first):
        kind = type(value)
        if kind is float:
            continue
        if (kind is int or kind is bool) and -_EXACT <= value <= _EXACT:
            bits |= 1 << k
        else:
            raise _Again
    return bits


class _Numbers(dict):
    """Each key's number, counting from 0 in the order the keys are first asked for: ``list()`` of it
    gives the keys by number."""

    def __missing__(self, key: object) -> int:
        number = self[key] = len(self)
        return number


class _Deferred(_Glyphs):
    """``_Glyphs`` in the browser: each string's glyphs are placed, and the page's lines made, by
    ``content.mjs``'s ``Glyphs``, which does what ``render_string`` and ``build_lines`` do with the same
    floating-point operations in the same order; Pyodide runs that Python at half CPython's speed, and it
    is half of all the time a page takes there.

    ``render_string`` keeps what ``setup`` works out, as numbers, and the string's elements as they are
    (numbers and bytes), and hands them over in batches, the elements as one pickle; ``content.mjs`` asks
    for the text and width of each character id the first time a font uses it. Where it cannot place a page as
    ``_Glyphs`` would (``_Again``), ``_read_page`` reads the page again with ``python`` set.
    """

    FLUSH = 1 << 14  # elements held before they are handed over

    def __init__(self, rsrcmgr: PDFResourceManager, clock: _Clock, limits: Limits, glyphs) -> None:
        super().__init__(rsrcmgr, clock, limits)
        self.js = glyphs
        self.python = False
        self._keys: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # font -> its number
        self._numbers = itertools.count()
        self._fonts_held: dict[int, PDFFont] = {}  # the fonts of the strings not handed over yet, by number
        self._decoding: dict[int, int] = {}  # font number -> _decoding(font)
        self._names = _Numbers()  # font name -> its number
        self._artifacts = _Numbers()  # artifact name -> its number; "" (none) is 0
        self._artifacts[""]
        self._records: list = []  # FIELDS of each string held
        self._seqs: list = []  # the elements of each string held
        self._held = 0  # elements held
        self._index = self._sent = 0  # strings on this page; of them, handed over

    def clear(self) -> None:
        super().clear()
        self._records, self._seqs, self._fonts_held = [], [], {}
        self._held = self._index = self._sent = 0
        if not self.python:
            self.js.begin()

    def checkpoint(self) -> tuple:
        if self.python:
            return super().checkpoint()
        return (self._index, len(self._records), len(self._seqs), len(self.pictures), list(self._marks),
                self._artifact, self._forms)

    def restore(self, state: tuple) -> None:
        if self.python:
            super().restore(state)
            return
        index, records, seqs, pictures, marks, self._artifact, self._forms = state
        if self._sent > index:  # handed over since: all that is held came after the checkpoint
            self.js.truncate(index)
            self._sent = index
            records = seqs = 0
        del self._records[records:]
        del self._seqs[seqs:]
        self._index = index
        del self.pictures[pictures:]
        self._marks = list(marks)

    def render_string(self, textstate, seq, ncs, graphicstate) -> None:
        if self.python:
            super().render_string(textstate, seq, ncs, graphicstate)
            return
        font = textstate.font
        values = self.setup(textstate)
        # pdfminer makes the text matrix of floats, so that all of these are floats but for odd devices.
        ints = 0 if _FLOAT.issuperset(map(type, values[:9])) else _ints(values[:9])
        start = textstate.linematrix
        if type(start) is _After:
            place = (1, start.index, 0.0)
        else:
            x, y = start
            place = (0, x, y)
            ints |= _ints((x, y), 9)
        key = self._keys.get(font)
        if key is None:
            key = self._keys[font] = next(self._numbers)
        self._fonts_held[key] = font
        try:
            name = self._names[font.fontname]
        except TypeError:  # a font name that is no name: only _Glyphs knows what to make of it
            raise _Again from None
        artifact = self._artifacts[self._artifact]
        if not _PLAIN.issuperset(map(type, seq)):
            raise _Again  # a TJ element that is no number or string: only _Glyphs knows what to make of it
        decoding = self._decoding.get(key)
        if decoding is None:
            decoding = self._decoding[key] = _decoding(font)
        if not decoding:
            try:
                seq = [tuple(font.decode(obj)) if type(obj) is bytes else obj for obj in seq]
            except Exception:
                raise _Again from None
        self._seqs.append(seq)
        self._held += len(seq)
        index = self._index
        self._records += (index, key, name, artifact, *values, *place, ints, decoding)
        self._index = index + 1
        textstate.linematrix = _After(index)
        if self._held > self.FLUSH:
            self._hand_over()

    def _hand_over(self) -> None:
        """Hand the strings held to ``content.mjs``, with the characters it does not know yet."""
        if self._index == self._sent:
            return
        try:
            records = array("d", self._records)
        except OverflowError:  # an int too big for a double
            raise _Again from None
        import pickle  # here: the browser needs it for its first page, not to start

        seqs = pickle.dumps(self._seqs, 4)
        self.clock.check()
        while True:
            got = self.js.run(records, seqs)
            if got is None:
                break
            if isinstance(got, int):  # the glyph at which render_string would find the page too long
                self._check(got)
                raise AssertionError(f"content.mjs stopped at glyph {got}, under the limit")
            if isinstance(got, str):
                raise _Again
            self.js.define(self._characters(array("d", got.to_bytes())))
        self._records, self._seqs, self._fonts_held = [], [], {}
        self._held = 0
        self._sent = self._index

    def _characters(self, wanted: array) -> array:
        """(font, character id, width, 1 if the width is an int, number of code points, code points...) for
        each (font, character id) pair in ``wanted``, as ``_glyph`` gives them."""
        out = array("d")
        for k in range(0, len(wanted), 2):
            key, cid = int(wanted[k]), int(wanted[k + 1])
            try:
                text, width = _glyph(self._fonts_held[key], cid)
            except Exception:
                raise _Again from None
            kind = type(width)
            if kind is not float and not ((kind is int or kind is bool) and -_EXACT <= width <= _EXACT):
                raise _Again
            points = array("I", text.encode("utf-32-le", "surrogatepass"))
            out.extend((key, cid, width, kind is not float, len(points)))
            out.extend(map(float, points))
        return out

    def lines(self, crop: tuple[float, float, float, float]) -> tuple[Line, ...]:
        if self.python:
            return super().lines(crop)
        self._hand_over()
        got = self.js.lines(crop[0], crop[3])
        if isinstance(got, str):
            raise _Again
        names, artifacts = list(self._names), list(self._artifacts)
        return tuple(Line(text=text, box=box, size=size, font=names[font] if font >= 0 else "", angle=angle,
                          artifact=artifacts[artifact])
                     for text, box, size, font, angle, artifact in content.unpickle(got.to_bytes()))


def artifact_name(tag: object, props: object) -> str:
    """The kind of artifact a marked-content tag opens: "" when it is no /Artifact.

    ``/Artifact <</Type /Pagination /Subtype /Header>>`` gives "header"; without a subtype the type
    ("pagination", "layout", "page", "background"); without either "artifact".
    """
    if getattr(tag, "name", None) != "Artifact":
        return ""
    if isinstance(props, dict):
        for key in ("Subtype", "Type"):
            name = getattr(props.get(key), "name", None)
            if isinstance(name, str) and name:
                return name.lower()
    return "artifact"


def _open(data: bytes, password: str | None) -> tuple[PDFDocument, bool]:
    parser = PDFParser(io.BytesIO(data))
    try:
        doc = guard.SafePDFDocument(parser, password=password or "")
    except PDFPasswordIncorrect:
        if password:
            raise WrongPassword("the password is not right for this PDF; check it and try again") from None
        raise PasswordRequired("this PDF is protected by a password; enter the password to open it") from None
    except PDFEncryptionError:
        # pdfminer's message is a dump of the /Encrypt dictionary; name the scheme instead.
        raise DamagedPDF(f"this PDF uses an encryption this tool cannot open ({_scheme(parser)}); open it in a "
                         "PDF viewer that can, and save or print an unprotected copy") from None
    except PageFurnitureError:
        raise
    except MemoryError:
        raise LimitExceeded("the file needs more memory to open than this computer can give; "
                            "split it into smaller PDFs") from None
    except Exception as exc:
        raise DamagedPDF(f"this PDF is damaged and cannot be read ({_brief(exc)}); "
                         "try opening and saving it again with a PDF viewer") from None
    return doc, bool(doc.encryption)


def _scheme(parser: PDFParser) -> str:
    """A short name for the encryption of a file pdfminer refused, e.g. "Adobe.PubSec, version 4"."""
    try:
        from pdfminer.pdftypes import resolve1

        encrypt = resolve1(parser.doc.xrefs[0].get_trailer().get("Encrypt")) if parser.doc else None
        name = getattr(resolve1(encrypt.get("Filter")), "name", "unknown")
        return f"{name}, version {resolve1(encrypt.get('V', 0))}"
    except Exception:
        return "an unknown scheme"


# pdfminer parses untrusted bytes and, on a hostile file, raises nearly any built-in exception:
# struct.error from a broken font, RuntimeError from a truncated RunLength stream, RecursionError,
# UnicodeDecodeError, zlib.error... All of them mean the same to the user (this part of the file is
# damaged), so the boundary catches Exception; our own errors (limits, cancel) pass through first.
PARSER_ERRORS = (Exception,)


def _brief(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:120]


def extract(pdf: Source, *, password: str | None = None, on_progress: Progress | None = None,
            limits: Limits = DEFAULT_LIMITS) -> Document:
    """Read every page's lines.

    >>> doc = extract("site/sample.pdf")
    >>> [page.number for page in doc.pages]
    [1, 2, 3, 4, 5, 6]
    >>> doc.pages[1].lines[0].text
    'Annual Report 2025'
    """
    reader = Reader(pdf, password=password, limits=limits)
    total = reader.page_count
    pages = []
    for number in range(1, total + 1):
        pages.append(reader.read(number))
        if on_progress is not None and on_progress(number, total) is False:
            raise Cancelled("stopped on request")
    return Document(pages=tuple(pages), encrypted=reader.encrypted, cut_off=reader.cut_off)


class Reader:
    """An open PDF whose pages are read one call at a time, in any order.

    ``extract`` reads them all in order; the web page opens one Reader per worker and shares the pages out,
    so that a long PDF is read on several cores. The limits hold for each Reader (its clock starts when it
    opens the file). ``cut_off`` says what is known of a file that is cut off (None for a whole file).
    """

    def __init__(self, pdf: Source, *, password: str | None = None, limits: Limits = DEFAULT_LIMITS) -> None:
        data = read_bytes(pdf, limits)
        check_header(data)
        self._budget = guard.Budget(limits.max_stream_bytes, limits.max_decoded_bytes)
        with guard.budget(self._budget):
            doc, self.encrypted = _open(data, password)
            self._document = doc  # for info and page_labels
            self._page_objects, self.cut_off = _list_pages(doc, limits)
        self._clock = _Clock(limits)
        rsrcmgr = PDFResourceManager(caching=True)
        glyphs = content.glyphs(lambda: _glyphs_config(limits))
        self._device = (_Glyphs(rsrcmgr, self._clock, limits) if glyphs is None
                        else _Deferred(rsrcmgr, self._clock, limits, glyphs))
        self._interpreter = guard.Interpreter(rsrcmgr, self._device)

    @property
    def page_count(self) -> int:
        return len(self._page_objects)

    def read(self, number: int) -> Page:
        """Page ``number`` (1-based) with its lines; an unreadable page comes back empty, with its error."""
        if not 1 <= number <= self.page_count:
            raise ValueError(f"page {number} is not in this PDF (it has {self.page_count} pages)")
        page_object = self._page_objects[number - 1]
        self._clock.begin(number)
        self._budget.page = number
        with guard.budget(self._budget):
            if isinstance(page_object, guard.Missing):
                # Listed by the page tree but unreadable: keep its place and name it, never drop it silently.
                width, height = self._size_near(number)
                return Page(number=number, width=width, height=height, lines=(),
                            error=f"page {number} could not be read: {page_object.reason}")
            if isinstance(page_object, guard.Incomplete):
                # Its text is read; what a missing form would have drawn is not, and the page says so.
                page = _read_page(number, page_object.page, self._interpreter, self._device)
                return page if page.error else replace(
                    page, error=f"page {number} could not be read completely: {page_object.reason}")
            return _read_page(number, page_object, self._interpreter, self._device)

    @property
    def info(self) -> dict[str, object]:
        """The document information dictionary (Title, Author, Producer, CreationDate, ...), as Python values.

        Text strings are decoded, names read ``/Name``, numbers stay numbers, arrays and dictionaries become
        lists and dicts (four levels deep at most). Empty when the file has none or it cannot be read.
        """
        with guard.budget(self._budget):
            try:
                return {str(key): _info_value(value, 4) for key, value in
                        dict_value(self._document.info[0] if self._document.info else {}).items()}
            except PageFurnitureError:
                raise
            except PARSER_ERRORS:  # metadata only: a broken dictionary is as good as none
                return {}

    @property
    def page_labels(self) -> tuple[str, ...] | None:
        """The PDF's own label of every page ("i", "ii", "1", "A-1"), or None when it defines none.

        A page the labels leave unnamed gets "". A damaged label tree counts as none.
        """
        with guard.budget(self._budget):
            try:
                return tuple(itertools.islice(self._document.get_page_labels(), self.page_count))
            except PageFurnitureError:
                raise
            except PARSER_ERRORS:  # PDFNoPageLabels, or a broken tree
                return None

    def _size_near(self, number: int) -> tuple[float, float]:
        """A missing page gets the size of the nearest earlier page that was read, else Letter."""
        for earlier in range(number - 1, 0, -1):
            page_object = self._page_objects[earlier - 1]
            if not isinstance(page_object, guard.Missing):
                width, height, _ = _frame(getattr(page_object, "page", page_object))
                return round(width, 2), round(height, 2)
        return 612.0, 792.0


def _info_value(value: object, depth: int) -> object:
    value = resolve1(value)
    if isinstance(value, bytes):
        # PDF text strings: UTF-16 with a byte order mark, UTF-8 with one (PDF 2.0), else PDFDocEncoding.
        return value[3:].decode("utf-8", "replace") if value.startswith(codecs.BOM_UTF8) else decode_text(value)
    if isinstance(value, PSLiteral):
        return "/" + str(value.name)
    if isinstance(value, (bool, int, float)):
        return value
    if depth > 0 and isinstance(value, list):
        return [_info_value(item, depth - 1) for item in value]
    if depth > 0 and isinstance(value, dict):
        return {str(key): _info_value(item, depth - 1) for key, item in value.items()}
    return "..." if isinstance(value, (list, dict)) else str(value)


def _list_pages(doc: PDFDocument, limits: Limits) -> tuple[list, CutOff | None]:
    try:
        found = guard.list_pages(doc, max_pages=limits.max_pages)
    except PageFurnitureError:
        raise
    except PARSER_ERRORS as exc:
        raise DamagedPDF(f"the page list of this PDF is damaged ({_brief(exc)}); "
                         "try opening and saving it again with a PDF viewer") from None
    page_objects = found.pages
    cut = CutOff(doc.size, doc.expected, found.count_known) if getattr(doc, "cut", False) else None
    if not any(isinstance(page, (PDFPage, guard.Incomplete)) for page in page_objects):
        if cut is not None:
            listed = "it lists" if found.from_tree or found.count_known else "found in it"
            count = len(page_objects)
            what = ("what is left of it holds no complete page" if not count else
                    f"the one page {listed} is not complete ({page_objects[0].reason})" if count == 1 else
                    f"none of the {count} pages {listed} is complete ({page_objects[0].reason})")
            raise TruncatedPDF(f"the file is cut off {cut.where}; no page could be read: {what}; "
                               "get a complete copy of the file (download or copy it again)")
        if not page_objects:
            raise DamagedPDF("this PDF has no pages, so it has no text to read; check that it is the file you meant")
        reason = page_objects[0].reason
        raise DamagedPDF(f"none of the {len(page_objects)} pages of this PDF can be read ({reason}); "
                         "get a complete copy of the file, or open and save it again with a PDF viewer")
    if len(page_objects) > limits.max_pages:
        raise LimitExceeded(f"the PDF has {len(page_objects):,} pages, over the limit of {limits.max_pages:,}; "
                            "split it into smaller PDFs")
    return page_objects, cut


def _read_page(number: int, page_object: PDFPage, interpreter: PDFPageInterpreter, device: _Glyphs) -> Page:
    width, height, crop = _frame(page_object)
    try:
        lines, error = _draw(number, page_object, interpreter, device, crop)
    except _Again:
        device.python = True
        try:
            lines, error = _draw(number, page_object, interpreter, device, crop)
        finally:
            device.python = False
    cx0, _, _, cy1 = crop
    pictures = tuple((round(x0 - cx0, 2), round(cy1 - y1, 2), round(x1 - cx0, 2), round(cy1 - y0, 2))
                     for x0, y0, x1, y1 in device.pictures)
    device.clear()
    return Page(number=number, width=round(width, 2), height=round(height, 2), lines=lines, error=error,
                pictures=pictures)


def _draw(number: int, page_object: PDFPage, interpreter: PDFPageInterpreter, device: _Glyphs,
          crop: tuple[float, float, float, float]) -> tuple[tuple[Line, ...], str | None]:
    """The page's lines, and what stopped it being read completely (None when nothing did)."""
    error = None
    device.clear()  # in case pdfminer fails before it begins the page
    try:
        interpreter.process_page(page_object)
    except (PageFurnitureError, _Again):
        raise
    except PARSER_ERRORS as exc:
        # Keep what was read before the failure and say so: the page is named in the report.
        error = f"page {number} could not be read completely ({_brief(exc)})"
    return device.lines(crop), error


def _frame(page_object: PDFPage) -> tuple[float, float, tuple[float, float, float, float]]:
    """The visible page's size, and the crop box in the device space pdfminer draws into."""
    try:
        mx0, my0, mx1, my1 = (float(v) for v in page_object.mediabox)
        cx0, cy0, cx1, cy1 = (float(v) for v in (page_object.cropbox or page_object.mediabox))
    except (TypeError, ValueError):
        mx0, my0, mx1, my1 = 0.0, 0.0, 612.0, 792.0
        cx0, cy0, cx1, cy1 = mx0, my0, mx1, my1
    rotate = (page_object.rotate or 0) % 360
    w, h = abs(mx1 - mx0), abs(my1 - my0)
    # Device space: pdfminer moves the media box's lower-left corner to the origin and rotates.
    if rotate == 90:
        crop = (cy0 - my0, mx1 - cx1, cy1 - my0, mx1 - cx0)
        w, h = h, w
    elif rotate == 180:
        crop = (mx1 - cx1, my1 - cy1, mx1 - cx0, my1 - cy0)
    elif rotate == 270:
        crop = (my1 - cy1, cx0 - mx0, my1 - cy0, cx1 - mx0)
        w, h = h, w
    else:
        crop = (cx0 - mx0, cy0 - my0, cx1 - mx0, cy1 - my0)
    x0, y0, x1, y1 = crop
    crop = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    if crop[2] - crop[0] < 1 or crop[3] - crop[1] < 1:
        crop = (0.0, 0.0, w, h)
    return crop[2] - crop[0], crop[3] - crop[1], crop


def build_lines(buckets: dict[int, list[tuple]], crop: tuple[float, float, float, float]) -> tuple[Line, ...]:
    """Group glyphs into lines: same writing direction, same baseline, no wide gap; keep drawing order.

    ``buckets`` holds the glyphs of each writing angle as ``_Glyphs`` records them. Works for any
    direction, so vertical margin text and diagonal watermarks become lines too. Glyphs outside the crop
    box are kept: their lines get boxes outside the visible page, and the detector reports them
    (printers' slugs and proof notes live there).
    """
    cx0, cy0, cx1, cy1 = crop
    lines: list[tuple[int, Line]] = []
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
                    _split_run(run, angle, cx0, cy1, lines)
                    run = []
            if not run:
                base, first_size = item[0], item[8]
            run.append(item)
        if run:
            _split_run(run, angle, cx0, cy1, lines)
    lines.sort(key=_first)
    return tuple(line for _, line in lines)


_first = itemgetter(0)
_along = itemgetter(1)
_first_drawn = itemgetter(2)


def _split_run(run: list[tuple], angle: int, left: float, top: float, out: list[tuple[int, Line]]) -> None:
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
                _cut(strand, angle, left, top, out)
            return
        previous = item[2]
    _cut(run, angle, left, top, out)


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
        return [run]
    spans = [(min(g[1] for g in s), max(g[1] + g[9] for g in s)) for s in strings]
    # Union the strings that do not overlap much: only long strings that cover each other stay apart.
    group = list(range(len(strings)))

    def find(k: int) -> int:
        while group[k] != k:
            k = group[k]
        return k

    for a in range(len(strings)):
        for b in range(a + 1, len(strings)):
            overlap = min(spans[a][1], spans[b][1]) - max(spans[a][0], spans[b][0])
            shorter = min(spans[a][1] - spans[a][0], spans[b][1] - spans[b][0])
            apart = (len(strings[a]) >= STRAND_GLYPHS and len(strings[b]) >= STRAND_GLYPHS
                     and overlap > STRAND_OVERLAP * shorter)
            if not apart:
                group[find(b)] = find(a)
    joined: dict[int, list[tuple]] = {}
    for k, string in enumerate(strings):
        joined.setdefault(find(k), []).extend(string)
    out = list(joined.values())
    for strand in out:
        strand.sort(key=_along)
    return out


def _cut(run: list[tuple], angle: int, left: float, top: float, out: list[tuple[int, Line]]) -> None:
    """``_split_run`` for glyphs sorted along the line."""
    segment: list[tuple] = []
    end = 0.0
    for item in run:
        along, size, adv = item[1], item[8], item[9]
        if segment:
            if size < 1.0:
                size = 1.0
            if along - end > LINE_SPLIT_GAP * size:
                _make_line(segment, angle, left, top, out)
                segment = [item]
                end = along + adv
                continue
            if along + adv > end:
                end = along + adv
        else:
            end = along + adv
        segment.append(item)
    if segment:
        _make_line(segment, angle, left, top, out)


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


def _make_line(segment: list[tuple], angle: int, left: float, top: float, out: list[tuple[int, Line]]) -> None:
    parts: list[str] = []
    sizes: dict[float, int] = {}
    fonts: dict[str, int] = {}
    artifacts: dict[str, int] = {}
    big = 0.0
    end = far = 0.0
    last_glyph = segment[0]
    first = last_glyph[2]
    blank = True  # whether the previous glyph was white space (none before the first)
    for item in segment:
        _, along, seq, text, _, _, _, _, size, adv, font, artifact = item
        space = text.isspace()
        if parts:
            if along - end > WORD_GAP * size and not blank and not space:
                parts.append(" ")
            if along + adv > far:  # the glyph that ends last, the first of them on a tie (as max() picks)
                far, last_glyph = along + adv, item
            if seq < first:
                first = seq
        else:
            far = along + adv
        parts.append(text)
        blank = space
        end = along + adv
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
    out.append((first, Line(text=text, box=box, size=size, font=font, angle=angle, artifact=artifact)))
