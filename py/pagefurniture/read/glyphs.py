"""Placing the glyphs: the pdfminer device that records where each glyph of a page lands, for ``lines``.

``_Glyphs`` receives each string the interpreter shows (Tj, TJ, ', ") and works out each glyph's place,
size, font and marked-content artifact as pdfminer's ``PDFTextDevice`` would, recording it as a small tuple
(``lines.build_lines`` groups them). ``_Deferred`` is its twin for the browser: it hands the same work to the
JavaScript kernel (``kernel.glyphs``, ``site/kernel/glyphs.mjs``), which does it with the same floating-point
operations in the same order, and falls back to ``_Glyphs`` (``_Again``) wherever that kernel could not be
exact.
"""

from __future__ import annotations

import functools
import itertools
import json
import logging
import math
import struct
import weakref
from array import array
from typing import Any

from pdfminer.cmapdb import IdentityCMap, IdentityCMapByte
from pdfminer.pdfdevice import PDFTextDevice
from pdfminer.pdffont import PDFCIDFont, PDFFont, PDFSimpleFont, PDFUnicodeNotDefined
from pdfminer.pdfinterp import PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.psexceptions import PSException
from pdfminer.utils import Matrix, mult_matrix

from ..errors import LimitExceeded
from ..model import SHOWS, STRING, Line, Places
from . import kernel
from .limits import Limits, _Clock
from .lines import (
    BASELINE_TOLERANCE,
    DRAWN_APART_GAP,
    LINE_SPLIT_GAP,
    MIRRORED,
    RIGHT_TO_LEFT,
    STRAND_BACK,
    STRAND_GLYPHS,
    STRAND_OVERLAP,
    WORD_GAP,
    build_lines,
    lines_and_spans,
)

_log = logging.getLogger("pdfminer.pdfdevice")  # where pdfminer's device warns about a bad string


@functools.cache
def _spaces() -> tuple[int, ...]:
    """The code points ``str.isspace`` and ``str.split`` take for white space (none is above U+3000)."""
    return tuple(c for c in range(0x3001) if chr(c).isspace())


def _glyphs_config(limits: Limits) -> str:
    """What the kernel's ``Glyphs`` takes from here, as JSON: the record's fields, the limit on
    characters, white space, and the constants of ``build_lines``."""
    return json.dumps({"fields": FIELDS, "ints": _INTS, "max_chars": limits.max_chars_per_page, "space": _spaces(),
                       "line_split_gap": LINE_SPLIT_GAP, "drawn_apart_gap": DRAWN_APART_GAP, "word_gap": WORD_GAP,
                       "baseline_tolerance": BASELINE_TOLERANCE, "strand_back": STRAND_BACK,
                       "strand_glyphs": STRAND_GLYPHS, "strand_overlap": STRAND_OVERLAP,
                       "right_to_left": RIGHT_TO_LEFT,
                       "mirrored": [[ord(a), ord(b)] for a, b in MIRRORED.items()]})


_OPERATOR = {operator: k for k, operator in enumerate(SHOWS)}  # model.STRING's "operator"
# model.STRING's fields of one string as _Glyphs.places gathers them: as Places.strings holds them (an array of
# C ints, 4 bytes each: the limits keep streams and pages far below 2**31).
_PACK = struct.Struct(f"{len(STRING)}i").pack


class _Glyphs(PDFTextDevice):
    """A pdfminer device that records each glyph as a small tuple and skips everything else."""

    python = True  # places the glyphs itself (see _Deferred)
    ctm: Matrix  # set by begin_page, before anything is drawn

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
        # Where the page's strings are (``places``), when ``source`` is set (see model.Places): the
        # interpreter tells the device each context it enters and, before each text operator or Do runs,
        # the operator's place (``here``: its stream in the context, where its operands begin and where it
        # ends, the operator).
        self.source: bytes | None = None  # the SHA-256 of the file, when places are kept
        self.places: bytearray | None = None  # model.STRING for each string, packed by _PACK
        self._font_objects: dict[PDFFont, int] = {}
        self._forget_places()

    def _forget_places(self) -> None:
        self.places = bytearray() if self.source is not None else None
        self.here: tuple = ()
        self.pending: tuple[str, tuple] | None = None  # the form a Do is about to draw: its name, the Do's here
        self.contexts: list[tuple[int | None, str | None, tuple | None, tuple[int, ...]]] = []
        self.open: list[int] = []  # the contexts being run, innermost last
        self.line_spans = array("i")
        # The text states strings were shown in, (font, size, Tc, Tw), by value (a number of either type
        # is written and counts alike: 12 and 12.0, -0.0 and 0) -> their number; the last one, and its number.
        self._states: dict[tuple, int] = {}
        self._shown_in: tuple = (None, None, None, None)
        self._state = -1

    def enter(self, streams: tuple[int, ...]) -> None:
        """A context begins: the page's content, or the form a Do is drawing."""
        parent = self.open[-1] if self.open else None
        name, do = self.pending if self.pending is not None and parent is not None else (None, None)
        self.pending = None
        self.open.append(len(self.contexts))
        self.contexts.append((parent, name, do[:3] if do else None, streams))

    def leave(self) -> None:
        self.open.pop()

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
        self._forget_places()

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
            # A size is a size whichever way the glyphs are mirrored: a page drawn upside down (cm 1 0 0 -1)
            # sets its text in a negative font size and horizontal scaling to put the glyphs back.
            # A Type 3 font's size is scaled to its glyphs' height (``interpreter._type3_scale``).
            dx, dy, size = dx / dn, dy / dn, abs(fontsize) * un * getattr(font, "size_scale", 1.0)
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
            try:
                bucket = self.buckets[angle]
            except KeyError:  # the page's first glyph at this angle
                bucket = self.buckets[angle] = []
        known = self._fonts.get(font)
        if known is None:
            known = self._fonts[font] = {}
        fontname = font.fontname
        artifact = self._artifact
        count = first = self.count
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
        places = self.places
        if places is not None and count > first:
            # The text state by its number on the page, looked up only when it is not the last string's (the
            # same objects), which most strings are.
            state = self._shown_in
            size, charspace, wordspace = textstate.fontsize, textstate.charspace, textstate.wordspace
            if font is not state[0] or size is not state[1] or charspace is not state[2] or wordspace is not state[3]:
                self._shown_in = state = (font, size, charspace, wordspace)
                self._state = self._states.setdefault(state, len(self._states))
            stream, start, end, operator = self.here
            try:  # packed: extending an array from a tuple took four times as long
                places += _PACK(self.open[-1], stream, start, end, _OPERATOR[operator], self._state, first)
            except struct.error:  # past 2**31: limits raised that far
                self.places = None

    def lines(self, crop: tuple[float, float, float, float]) -> tuple[Line, ...]:
        """The lines of the page drawn since ``begin_page`` (``crop`` as ``build_lines`` takes it)."""
        if self.places is None:
            return build_lines(self.buckets, crop)
        lines, self.line_spans = lines_and_spans(self.buckets, crop)
        return lines

    def take_places(self) -> Places | None:
        """Where the strings of the page read are (None when they were not kept, or not all of them were),
        compacted; forgotten here."""
        shown, spans, source = self.places, self.line_spans, self.source
        if shown is None or source is None:
            return None
        contexts, states = tuple(self.contexts), self._states
        self._forget_places()
        strings = array("i")
        strings.frombytes(shown)
        return Places(contexts=contexts, strings=strings, states=tuple(
            (self._font_object(font), size, charspace, wordspace) for font, size, charspace, wordspace in states),
            lines=spans, glyphs=self.count, source=source)

    def _font_object(self, font: PDFFont) -> int:
        """The object number of ``font`` in the file (-1 for a font given in place in the resources)."""
        objects = self._font_objects
        if font not in objects:
            cached = self.rsrcmgr._cached_fonts  # pdfminer's: object number -> font
            if len(cached) != len(objects):
                objects.clear()
                objects.update((font, objid) for objid, font in cached.items() if isinstance(objid, int))
        return objects.get(font, -1)

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
    """The page holds something the kernel does not place exactly as ``_Glyphs`` does (a number too
    big to be exact in JavaScript, a value that is not finite, a glyph whose width pdfminer cannot give):
    the page is read again, by ``_Glyphs`` itself."""


class _After:
    """``textstate.linematrix`` after a string ``_Deferred`` handed over: where the string ends, which only
    the kernel knows."""

    __slots__ = ("index",)

    def __init__(self, index: int) -> None:
        self.index = index


# What _Deferred hands over for each string, in this order (the kernel takes the order from here): its
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
    """How the kernel reads the character ids of a string's bytes in ``font``, as ``font.decode`` does:
    1 a byte each (simple fonts, and CID fonts with Identity-H of one byte), 2 two bytes each, big-endian,
    a last odd byte left out (Identity-H); 0 when only ``font.decode`` can: the elements are then handed
    over decoded, as tuples."""
    kind = type(font)
    if kind.decode is PDFSimpleFont.decode:
        return 1
    if kind.decode is PDFCIDFont.decode:
        cmap: Any = getattr(font, "cmap", None)  # a PDFCIDFont always has one
        decode = type(cmap).decode
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
    the kernel's ``Glyphs``, which does what ``render_string`` and ``build_lines`` do with the same
    floating-point operations in the same order; Pyodide runs that Python at half CPython's speed, and it
    is half of all the time a page takes there.

    ``render_string`` keeps what ``setup`` works out, as numbers, and the string's elements as they are
    (numbers and bytes), and hands them over in batches, the elements as one pickle; the kernel asks
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
        """Hand the strings held to the kernel, with the characters it does not know yet."""
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
                raise AssertionError(f"the kernel stopped at glyph {got}, under the limit")
            if isinstance(got, str):
                raise _Again
            self.js.define(self._characters(array("d", kernel.as_bytes(got))))
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
                     for text, box, size, font, angle, artifact in kernel.unpickle(kernel.as_bytes(got)))


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

