"""What the cleaned PDF needs from reading: where each glyph of a line is in the content streams, and the
file's objects as they are stored.

``pagefurniture.clean`` takes the removed lines' glyphs out of the content streams. To find them, ``Traced``
reads a page again as ``document`` reads it (the same device, the same lines), through ``_Tracer``, which
runs the content streams with ``_run_traced``: the loop of ``tokens._run_python``, keeping where each
operand begins, so that every text-showing operator is known by its stream (the page's content, or a Form
XObject drawn from it) and its bytes. Lines are made by ``lines.lines_with_glyphs``, which says which glyphs
each line is made of.

The page is read near its removed lines only (``Traced._near``): every operator runs, for the text state,
but a string written along the x axis at a height far from every removed line is not placed (its TJ array
not even read), runs of path operators (and q ... Q blocks of nothing else) are passed over in one step, and
text operators with plain operands are read a regular-expression match an operator (``_text_run``). The
removed lines must be made again, equal in every field, from the glyphs placed; and the characters of the
strings not placed, with those of the lines made, must be the page's characters in the report. When that
cannot tell, the page is read whole, and a page that does not read as it did for the report (other lines,
other text) is refused, never cleaned by guess. Both readings find the same glyphs
(``tests/pdf/test_cleaned.py``).

The rest is the file as stored, for writing it again: where each object is, its raw bytes, a stream's
decoded data, the trailer's entries, and the encryption of an encrypted file. This module hands all of it
over as plain data (bytes, numbers, the dataclasses below); only here is it pdfminer's.
"""

from __future__ import annotations

import bisect
import functools
import hashlib
import math
import re
import struct
import weakref
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Any

from pdfminer.cmapdb import CMap, IdentityCMap, IdentityCMapByte
from pdfminer.pdfdocument import PDFStandardSecurityHandler
from pdfminer.pdffont import PDFCIDFont, PDFFont, PDFSimpleFont
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import PDFObjRef, PDFStream, resolve1, stream_value
from pdfminer.psparser import KWD, PSLiteral, literal_name

from ..errors import NotCleaned
from ..model import Line
from . import decoding, page_tree
from .document import Reader, _frame
from .glyphs import _glyph, _Glyphs
from .interpreter import Interpreter
from .limits import DEFAULT_LIMITS, Limits, Source, read_bytes
from .lines import lines_with_glyphs
from .tokens import (
    _ARRAY,
    _ARRAY_END,
    _DICT,
    _DICT_END,
    _FLOAT,
    _GT,
    _HEX,
    _INT,
    _KEY,
    _NAMETOKEN,
    _NESTED,
    _OTHER,
    _PROC,
    _SIGN,
    _SPECIAL,
    _STRING,
    _TOKEN,
    _WS,
    Unsupported,
    _gap_end,
    _hex,
    _inline_end,
    _inline_image,
    _name,
    _nested_string,
    _open_at_end,
    _unescape,
)

# -- what is handed over --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Glyph:
    """One character code of a shown string."""

    code: bytes  # as the string holds it
    width: float  # its advance in text space units, as the font gives it (/Widths, W or W2, over 1000)
    text: bool  # reading saw it: a glyph with text, drawn (one without is part of no line)
    removed: bool  # it belongs to a removed line


@dataclass(frozen=True, slots=True)
class Show:
    """A text-showing operator (Tj, TJ, ' or ") whose glyphs are taken out in part or whole."""

    stream: int  # which stream of its context
    start: int  # where its first operand begins in the stream's decoded bytes
    end: int  # where the operator ends
    operator: bytes
    # The string (or TJ array) as drawn: numbers as they are, each string as its glyphs.
    elements: tuple[float | tuple[Glyph, ...], ...]
    size: float  # the text state: font size (Tfs), character spacing (Tc), word spacing (Tw)
    charspace: float
    wordspace: float


@dataclass(frozen=True, slots=True)
class Context:
    """Content streams run together: a page's, or a Form XObject's drawn from another context."""

    number: int  # its place in the page's PageTrace.contexts
    parent: int | None  # the context that drew this form (None: the page)
    name: str | None  # the form's name in that context's resources
    do: tuple[int, int, int] | None  # the Do operator that drew it: (stream, start, end) in the parent
    streams: tuple[int, ...]  # object numbers
    shows: tuple[Show, ...]  # the operators whose glyphs go, in the order they are drawn


@dataclass(frozen=True, slots=True)
class PageTrace:
    """A page read again: every context drawn on it, with the operators whose glyphs go."""

    number: int
    objid: int  # the page object's number
    contexts: tuple[Context, ...]  # contexts[0] is the page's own content


# -- reading a page again, with each glyph's source -------------------------------------------------------------

# The operators whose place is kept: the four that show text, and Do, which draws a form.
_TRACED = frozenset((b"TJ", b"Tj", b"'", b'"', b"Do"))
# A run of operations that change nothing text is placed by (path construction, painting, clipping, line
# width, cap, join, miter and flatness, an ExtGState, which pdfminer does not apply), each with exactly its
# operands, plain numbers (a name for gs) with white space after each: run or not, they leave the operand
# stack as it was. Colours are not among them: pdfminer's sc and scn take as many operands as the colour
# space that g, rg, k ... set has components. A q ... Q holding only those, cm and colours of plain numbers
# (two levels deep) changes nothing either: Q gives back the matrix, the colours and the text state.
_NUMBER = rb"[-+]?(?:[0-9]{1,64}(?:\.[0-9]*)?|\.[0-9]+)[" + _WS + rb"]++"  # (an int too long is not one)
_INERT = (rb"h|S|s|f\*?|F|B\*?|b\*?|n|W\*?|" + _NUMBER + rb"(?:w|J|j|M|i)|/[A-Za-z0-9_.-]+[" + _WS + rb"]++gs"
           rb"|(?:" + _NUMBER + rb"){2}(?:m|l)|(?:" + _NUMBER + rb"){4}(?:v|y|re)|(?:" + _NUMBER + rb"){6}c")
_RESTORED = (rb"(?:" + _NUMBER + rb"){6}cm|" + _NUMBER + rb"(?:g|G)|(?:" + _NUMBER + rb"){3}(?:rg|RG)"
             rb"|(?:" + _NUMBER + rb"){4}(?:k|K)")
_INNER = rb"(?:(?:" + _INERT + rb"|" + _RESTORED + rb")[" + _WS + rb"]++)*+"
_BLOCK = rb"q[" + _WS + rb"]++" + _INNER + rb"Q"
_BLOCK = rb"q[" + _WS + rb"]++(?:(?:" + _INERT + rb"|" + _RESTORED + rb"|" + _BLOCK + rb")[" + _WS + rb"]++)*+Q"
_UNSEEN_RUN = re.compile(rb"(?:(?:" + _INERT + rb"|" + _BLOCK + rb")[" + _WS + rb"]++)*+")
# The strings of such an array: (the literal's body, a hex string's digits); an empty literal gives nothing.
_STRINGS = re.compile(rb"\(((?:[^()\\]|\\.)*+)\)|<([0-9a-fA-F" + _WS + rb"]*)>", re.S)
# The operators after which such a run is looked for: those of drawing, which it often follows.
_DRAWING = frozenset((b"m", b"l", b"c", b"v", b"y", b"re", b"h", b"S", b"s", b"f", b"f*", b"F", b"B", b"B*", b"b",
                      b"b*", b"n", b"W", b"W*", b"cm", b"q", b"Q", b"w", b"J", b"j", b"M", b"d", b"i", b"gs", b"g",
                      b"G", b"rg", b"RG", b"k", b"K", b"cs", b"CS", b"sc", b"scn", b"SC", b"SCN"))
# A TJ array that holds only numbers, strings without nested parentheses (nor an octal escape over 255,
# which tokens refuses) and hex strings, with white space between them, shown by the TJ after it: its
# body (group 1), and the white space to the TJ.
_BLANK = rb"[\x00" + _WS + rb"]"
_LAZY_TJ = re.compile(
    rb"\[((?:" + _BLANK + rb"|[-+0-9.]|\((?:[^()\\]|\\(?![4-7][0-7][0-7]).)*+\)|<[0-9a-fA-F" + _WS + rb"]*>)*+)\]"
    + _BLANK + rb"*+(?=TJ(?![^#/%\[\]()<>{}" + _WS + rb"]))", re.S)

# One text operator with exactly its operands, plain numbers, a name without escapes (Tf), a string without
# nested parentheses (nor an octal escape over 255), a hex string or a TJ array as _LAZY_TJ takes it, with
# white space after each (an operator may end at a delimiter): read by _text_run as the loop would read its
# tokens. The operator is the last group of its alternative (``lastindex``).
_TEXT_NUMBER = rb"([-+]?(?:[0-9]{1,64}(?:\.[0-9]*)?|\.[0-9]+))[" + _WS + rb"]++"
_TEXT_OPERATION = re.compile(
    rb"(?:" + _TEXT_NUMBER * 2 + rb"(Td|TD)"  # 1, 2, 3
    rb"|" + _TEXT_NUMBER * 6 + rb"(Tm)"  # 4-9, 10
    rb"|/([A-Za-z0-9_.+-]+)[" + _WS + rb"]++" + _TEXT_NUMBER + rb"(Tf)"  # 11, 12, 13
    rb"|" + _TEXT_NUMBER + rb"(Tc|Tw|Tz|TL|Tr|Ts)"  # 14, 15
    rb"|(T\*)"  # 16
    rb"|\(((?:[^()\\]|\\(?![4-7][0-7][0-7]).)*+)\)[" + _WS + rb"]*+(Tj)"  # 17, 18
    rb"|<([0-9a-fA-F" + _WS + rb"]*)>[" + _WS + rb"]*+(Tj)"  # 19, 20
    rb"|\[((?:" + _BLANK + rb"|[-+0-9.]|\((?:[^()\\]|\\(?![4-7][0-7][0-7]).)*+\)|<[0-9a-fA-F" + _WS
    + rb"]*>)*+)\]" + _BLANK + rb"*+(TJ)"  # 21, 22
    # and around them: the state's save and restore, text objects, the matrix and colours of plain numbers
    rb"|(BT|ET|q|Q)"  # 23
    rb"|((?:" + _NUMBER + rb"){6})(cm)|(" + _NUMBER + rb")(g|G)|((?:" + _NUMBER + rb"){3})(rg|RG)"  # 24-29
    rb"|((?:" + _NUMBER + rb"){4})(k|K)"  # 30, 31
    rb")(?:[" + _WS + rb"]++|(?=[/\[(<]))", re.S)  # the operator ends at white space or a delimiter
_TEXTUAL = frozenset((b"BT", b"Td", b"TD", b"Tm", b"Tf", b"Tc", b"Tw", b"Tz", b"TL", b"Tr", b"Ts", b"T*", b"Tj",
                      b"TJ"))


class _Shown:
    """A text-showing operator as the device met it, with the glyphs it gave (numbers first to first + count)."""

    __slots__ = ("context", "count", "first", "font", "here", "seq", "state")

    def __init__(self, context: int, here: tuple, first: int, count: int, seq: list, font: PDFFont,
                 state: tuple[float, float, float]) -> None:
        self.context, self.here, self.first, self.count = context, here, first, count
        self.seq, self.font, self.state = seq, font, state


# The x of the text position after a string that was not placed (see _Trace.bands): unknown, and no number.
_UNKNOWN = math.nan


class _Unplaced(Exception):
    """A string to place begins where a string that was not placed ends: only a whole reading can say where.
    The reading stops there with an error (as on any exception), and the page is read whole."""


class _Lazy:
    """A TJ array of numbers and strings, read only if its glyphs are placed (see _Trace.bands)."""

    __slots__ = ("data", "end", "start")

    def __init__(self, data: bytes, start: int, end: int) -> None:
        self.data, self.start, self.end = data, start, end

    def items(self) -> list:
        """The array's elements, as ``_run_traced`` reads them token by token."""
        items: list = []
        for m in _TOKEN.finditer(self.data, _gap_end(self.data, self.start), self.end):
            k = m.lastindex
            if k == _INT or k == _FLOAT:  # noqa: SIM109 - as in tokens
                try:  # noqa: SIM105 - as in tokens
                    items.append(int(m.group(k)) if k == _INT else float(m.group(k)))
                except ValueError:  # as in tokens: pdfminer makes nothing of it
                    pass
            elif k == _STRING:
                body = m.group(_STRING)
                items.append(_unescape(body) if b"\\" in body else body)
            elif k == _HEX:
                items.append(_hex(m.group(_HEX)))
            elif k not in (_GT, _SIGN):  # _LAZY_TJ lets nothing else through
                raise AssertionError(f"token {k} in a TJ array read late")
        return items

    def strings(self) -> list[bytes]:
        """The array's strings alone, as ``items`` gives them."""
        return [(_unescape(body) if b"\\" in body else body) if body else _hex(digits)
                for body, digits in _STRINGS.findall(self.data, self.start, self.end)]


_UNSEEN, _SEEN = 1, 2  # a string not placed: whether its glyphs could be seen (_Trace._elsewhere)


@functools.cache
def _character(char: str) -> int:
    """A number for a character, the same in every run (``hash`` of a str is not)."""
    return int.from_bytes(hashlib.blake2b(char.encode("utf-8", "surrogatepass"), digest_size=8).digest(), "big")


def weight(text: str) -> int:
    """The characters of ``text`` but white space, as a sum of their numbers: the same for a page's lines and
    for the glyphs they are made of (a line's text is its glyphs' with the white space made again), and
    different for other characters, whatever their order (a collision is 1 in 2**64)."""
    return sum(map(_character, "".join(text.split())))  # split() takes what isspace() does


class _Weights(dict):
    """A font's character ids -> the weight of their text, as ``_glyph`` gives it (0 for one without text:
    reading records no glyph for it)."""

    def __init__(self, font: PDFFont) -> None:
        super().__init__()
        self.font = font

    def __missing__(self, cid: int) -> int:
        value = self[cid] = weight(_glyph(self.font, cid)[0])
        return value


class _Trace(_Glyphs):
    """``_Glyphs`` that also notes, for each string it is given, which operator in which stream showed it.

    ``here`` is set by ``_run_traced`` before each traced operator: (stream, start, end, operator).

    ``bands``, when set, are the only heights of the page (in device space) whose glyphs are placed: a string
    written along the x axis (its matrix's b is 0, so its glyphs all have the y it starts at) outside them
    is skipped, its TJ array not even read (``_Lazy``), and the text position's x after it becomes unknown.
    A string that would begin at an unknown x raises ``_Unplaced``.
    """

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.bands: tuple[tuple[float, float], ...] | None = None
        self._weights: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # font -> its _Weights
        self.forget()

    def begin_page(self, page: PDFPage, ctm: Any) -> None:
        super().begin_page(page, ctm)
        self.forget()

    def forget(self) -> None:
        self.here: tuple = ()
        self.pending: tuple[str, tuple] | None = None  # the form a Do is about to draw: its name, the Do
        self.contexts: list[tuple[int | None, str | None, tuple | None, tuple[int, ...]]] = []
        self.open: list[int] = []  # the contexts being run, innermost last
        self.shown: list[_Shown] = []
        self.made: tuple[tuple[Line, tuple[int, ...]], ...] = ()
        self.skipped = 0  # the weight of the characters of the strings not placed

    def enter(self, streams: tuple[int, ...]) -> None:
        """A context begins: the page's content, or the form a Do is drawing."""
        parent = self.open[-1] if self.open else None
        name, do = self.pending if self.pending is not None and parent is not None else (None, None)
        self.pending = None
        self.open.append(len(self.contexts))
        self.contexts.append((parent, name, do[:3] if do else None, streams))

    def leave(self) -> None:
        self.open.pop()

    def render_string(self, textstate: Any, seq: Any, ncs: Any, graphicstate: Any) -> None:
        if self.bands is not None:
            x, y = textstate.linematrix
            skipped = self._elsewhere(textstate, y)
            if skipped:
                if skipped is _SEEN:
                    self.skipped += self._weight(textstate.font, seq.strings() if type(seq) is _Lazy else seq)
                textstate.linematrix = (_UNKNOWN, y)
                return
            if x != x:  # NaN: after a string skipped on this line
                raise _Unplaced
            if type(seq) is _Lazy:
                seq = seq.items()
        first = self.count
        super().render_string(textstate, seq, ncs, graphicstate)
        if self.count > first:
            self.shown.append(_Shown(self.open[-1], self.here, first, self.count - first, list(seq), textstate.font,
                                     (textstate.fontsize, textstate.charspace, textstate.wordspace)))

    def _elsewhere(self, textstate: Any, y: float) -> int:
        """Whether a string drawn now is written along the x axis at a height outside every band (so that
        none of its glyphs can be one of theirs): 0 when it is not, else _SEEN when its glyphs can be seen
        (``setup``'s ``visible``), _UNSEEN when not. Its y is that of ``mult_matrix(textstate.matrix,
        self.ctm)``, where its b is 0."""
        if textstate.font.is_vertical():
            return 0
        a1, b1, c1, d1, e1, f1 = textstate.matrix
        a0, b0, c0, d0, _, f0 = self.ctm
        if b0 * a1 + d0 * b1 != 0:
            return 0
        d = b0 * c1 + d0 * d1
        oy = y * d + b0 * e1 + d0 * f1 + f0 + d * textstate.rise
        if not math.isfinite(oy):
            return 0
        for low, high in self.bands or ():
            if low <= oy <= high:
                return 0
        # As mult_matrix: the a and c of setup, whose direction (a, 0) and up (c, d) must not be nothing.
        return _SEEN if a0 * a1 + c0 * b1 != 0 and (a0 * c1 + c0 * d1 != 0 or d != 0) else _UNSEEN

    def _weight(self, font: PDFFont, seq: Any) -> int:
        """The weight (``weight``) of the characters the glyphs of ``seq`` have in ``font``, as reading
        them would record them."""
        weights = self._weights.get(font)
        if weights is None:
            weights = self._weights[font] = _Weights(font)
        strings = [obj for obj in seq if isinstance(obj, bytes)]
        if type(font).decode is PDFSimpleFont.decode:  # a byte a glyph: all the strings at once
            return sum(map(weights.__getitem__, b"".join(strings)))
        return sum(sum(map(weights.__getitem__, font.decode(obj))) for obj in strings)

    def lines(self, crop: tuple[float, float, float, float]) -> tuple[Line, ...]:
        self.made = lines_with_glyphs(self.buckets, crop)
        return tuple(line for line, _ in self.made)


class _Tracer(Interpreter):
    """The interpreter ``document`` reads with, running content streams with ``_run_traced`` and noting the
    form each Do draws. pdfminer makes the interpreters of nested forms with ``self.__class__``."""

    device: _Trace

    def execute(self, streams: Any) -> None:
        device = self.device
        device.clock.check()
        # As Interpreter.execute: a stream without an object number, or one already being drawn, is skipped.
        self.stream_ids.clear()
        valid = []
        objids: list[int] = []
        for obj in streams:
            stream = stream_value(obj)
            if stream.objid is None or stream.objid in self.parent_stream_ids:
                continue
            valid.append(stream)
            objids.append(stream.objid)
            self.stream_ids.add(stream.objid)
        if not valid:
            return
        device.enter(tuple(objids))
        try:
            _run_traced(self, valid, device.clock.check)
        except Unsupported as exc:
            raise NotCleaned(f"page {device.clock.page} draws its text in a way the cleaned PDF cannot rewrite "
                             f"({exc})") from None
        finally:
            device.leave()

    def do_Do(self, xobjid_arg: Any) -> None:
        self.device.pending = (literal_name(xobjid_arg), self.device.here)
        try:
            super().do_Do(xobjid_arg)
        finally:
            self.device.pending = None


def _run_traced(interp: Any, streams: list, check: Any) -> None:
    """``tokens._run_python``, keeping where each operand on the stack begins, so that the device learns the
    place of every operator in ``_TRACED`` (``device.here``) before it runs.

    The same tokens with the same meaning; where that loop would leave the streams to pdfminer's parser
    (``Unsupported``), this one stops: the cleaned PDF can only rewrite what it can place.
    """
    device = interp.device
    sparse = device.bands is not None  # only what can place the bands' glyphs is read (_Trace.bands)
    ops = interp.operators
    stack = interp.argstack
    starts: list[int] = []  # where each operand on the stack begins (parallel to the stack)
    contexts: list[tuple[str, list, int]] = []  # open arrays and dictionaries: (kind, items, where it began)
    kind = ""
    items: list = stack
    opened = 0  # where the innermost open array or dictionary began
    count = 0
    last = len(streams) - 1
    for number, stream in enumerate(streams):
        data = stream_value(stream).get_data()
        end = len(data)
        pos = _gap_end(data, 0)
        m = None
        while pos < end:
            for m in _TOKEN.finditer(data, pos):
                count += 1
                if not count & 1023:
                    check()
                k = m.lastindex
                at = m.start()
                if k == _KEY or k == _OTHER:  # noqa: SIM109 - as in tokens
                    keyword = m.group(k)
                    if kind:
                        items.append(KWD(keyword))
                        continue
                    func, n = ops[keyword]
                    if n:
                        if len(stack) < n:
                            stack.clear()
                            starts.clear()
                            continue
                        args = stack[-n:]
                        if keyword in _TRACED:
                            device.here = (number, starts[-n], m.end(k), keyword)
                        del stack[-n:]
                        del starts[-n:]
                        if func is not None:
                            func(*args)
                    elif func is not None:
                        func()
                    if len(starts) > len(stack):  # an operator that takes its own operands took some
                        del starts[len(stack):]
                    if sparse:
                        after = m.end()
                        skip = after
                        if keyword in _DRAWING:
                            run = _UNSEEN_RUN.match(data, after)  # matches always, if only nothing
                            skip = run.end() if run is not None else after
                        if skip == after and (keyword in _TEXTUAL or keyword in _DRAWING):
                            skip = _text_run(interp, data, after, number, check)
                        if skip > after:
                            pos = _gap_end(data, skip)
                            break
                    continue
                if k == _INT:
                    try:
                        value: Any = int(m.group(_INT))
                    except ValueError:
                        continue
                elif k == _FLOAT:
                    try:
                        value = float(m.group(_FLOAT))
                    except ValueError:
                        continue
                elif k == _NAMETOKEN:
                    value = _name(m.group(_NAMETOKEN))
                elif k == _STRING:
                    body = m.group(_STRING)
                    value = _unescape(body) if b"\\" in body else body
                elif k == _ARRAY or k == _DICT:  # noqa: SIM109
                    if k == _ARRAY and sparse and not kind:
                        got = _LAZY_TJ.match(data, at)
                        if got is not None:
                            stack.append(_Lazy(data, got.start(1), got.end(1)))
                            starts.append(at)
                            pos = got.end()
                            break
                    contexts.append((kind, items, opened))
                    kind, items, opened = ("a" if k == _ARRAY else "d"), [], at
                    continue
                elif k == _ARRAY_END:
                    if kind != "a":
                        continue
                    value, at = items, opened
                    kind, items, opened = contexts.pop()
                elif k == _DICT_END:
                    if kind != "d":
                        continue
                    if len(items) % 2:
                        raise Unsupported("a dictionary with an odd number of entries")
                    value = {literal_name(key): v for key, v in zip(items[::2], items[1::2], strict=True)
                             if v is not None}
                    at = opened
                    kind, items, opened = contexts.pop()
                elif k == _HEX:
                    value = _hex(m.group(_HEX))
                elif k == _SPECIAL:
                    word = m.group(_SPECIAL)
                    if word in (b"true", b"false"):
                        value = word == b"true"
                    elif word == b"BI":
                        if kind:
                            raise Unsupported("BI inside an array or dictionary")
                        contexts.append((kind, items, opened))
                        kind, items, opened = "i", [], at
                        continue
                    else:  # ID
                        if kind != "i":
                            raise Unsupported("ID outside an inline image")
                        image, target = _inline_image(items)
                        at = opened
                        kind, items, opened = contexts.pop()
                        pos = _inline_end(data, m.start(_SPECIAL) + 3, target)
                        stack.append(image)
                        starts.append(at)
                        if target == b"EI":
                            pos -= 3
                        pos = _gap_end(data, pos)
                        break
                elif k == _NESTED:
                    body, pos = _nested_string(data, m.start(_NESTED))
                    items.append(_unescape(body) if b"\\" in body else body)
                    if not kind:
                        starts.append(at)
                    pos = _gap_end(data, pos)
                    break
                elif k == _PROC:
                    raise Unsupported("a PostScript procedure")
                else:  # _GT, _SIGN: nothing, as in pdfminer
                    continue
                items.append(value)
                if not kind:
                    starts.append(at)
            else:
                pos = end
        if number < last and m is not None and _open_at_end(m, end):
            raise Unsupported("a token cut by the end of a content stream")
        if kind:
            raise Unsupported("an array or dictionary open at the end of a content stream")


def _text_run(interp: Any, data: bytes, pos: int, number: int, check: Any) -> int:
    """Run the text operators that follow ``pos`` in stream ``number`` as ``_TEXT_OPERATION`` reads them, each
    called as ``_run_traced`` would call it (its operands never reach the stack, where they would have been
    taken off at once); where the next is not one of them, its position, for ``_run_traced`` to go on."""
    ops = interp.operators
    device = interp.device
    count = 0
    while True:
        m = _TEXT_OPERATION.match(data, pos)
        if m is None:
            return pos
        count += 1
        if not count & 255:
            check()
        k = m.lastindex or 0  # never 0: each alternative ends with its operator's group
        keyword = m.group(k)
        args: tuple
        if k == 3:
            args = (_number(m.group(1)), _number(m.group(2)))
        elif k == 10:
            args = tuple(_number(m.group(g)) for g in range(4, 10))
        elif k == 13:
            args = (_name(m.group(11)), _number(m.group(12)))
        elif k == 15:
            args = (_number(m.group(14)),)
        elif k == 16 or k == 23:
            args = ()
        elif k > 23:
            args = tuple(map(_number, m.group(k - 1).split()))
        else:
            if k == 18:
                body = m.group(17)
                args = (_unescape(body) if b"\\" in body else body,)
            elif k == 20:
                args = (_hex(m.group(19)),)
            else:
                args = (_Lazy(data, m.start(21), m.end(21)),)
            device.here = (number, m.start(), m.end(k), keyword)
        func = ops[keyword][0]
        if func is not None:
            func(*args)
        pos = m.end()


def _number(token: bytes) -> int | float:
    """A number as the loop reads it: a real when it has a point, else an integer."""
    return float(token) if b"." in token else int(token)


# -- the open file ---------------------------------------------------------------------------------------------


class Traced:
    """A PDF opened for cleaning: its pages read again with each glyph's source, and its objects as stored.

    Opens the file as ``Reader`` does (the same errors for a file that cannot be read).
    """

    def __init__(self, pdf: Source, *, password: str | None = None, limits: Limits = DEFAULT_LIMITS) -> None:
        self.data = read_bytes(pdf, limits)
        self._reader = reader = Reader(self.data, password=password, limits=limits)
        # The Reader's own device and interpreter, traced (its _read_page uses whatever they are).
        rsrcmgr = reader._interpreter.rsrcmgr
        self._device = _Trace(rsrcmgr, reader._clock, limits)
        reader._device = self._device
        reader._interpreter = _Tracer(rsrcmgr, self._device)
        self._doc: Any = reader._document
        self._budget = reader._budget
        self.encrypted = reader.encrypted
        self.cut_off = reader.cut_off
        self._where: dict[int, tuple[int, int, int]] | None = None
        self._object_streams: dict[int, tuple[bytes, list[int]]] = {}

    @property
    def page_count(self) -> int:
        return self._reader.page_count

    # -- pages ---------------------------------------------------------------------------------------------

    def trace(self, number: int, expected: tuple[Line, ...], removed: Collection[int]) -> PageTrace:
        """Page ``number`` read again, with the operators that show the glyphs of lines ``removed`` (indices
        into its lines). ``expected`` are the page's lines as the report has them; a page that reads
        otherwise now raises NotCleaned."""
        device = self._device
        glyphs = self._near(number, expected, removed)
        if glyphs is None:
            device.forget()  # in case the page fails before it begins
            page = self._reader.read(number)
            if page.lines != expected:
                raise NotCleaned(f"page {number} does not read now as it did for the report (it has "
                                 f"{len(page.lines)} lines, the report {len(expected)}); make the report again "
                                 "from this same file")
            glyphs = {index: device.made[index][1] for index in removed}
        gone: dict[int, set[int]] = {}  # shown string -> the ordinals of its glyphs to take out
        firsts = [shown.first for shown in device.shown]
        for index in removed:
            for seq in glyphs[index]:
                at = bisect.bisect_right(firsts, seq) - 1
                gone.setdefault(at, set()).add(seq - firsts[at])
        shows: dict[int, list[Show]] = {}
        with decoding.budget(self._budget):
            for at in sorted(gone):
                shown = device.shown[at]
                shows.setdefault(shown.context, []).append(_show(shown, gone[at]))
        contexts = tuple(Context(number=k, parent=parent, name=name, do=do, streams=streams,
                                 shows=tuple(shows.get(k, ())))
                         for k, (parent, name, do, streams) in enumerate(device.contexts))
        return PageTrace(number=number, objid=self.page_objid(number), contexts=contexts)

    def _near(self, number: int, expected: tuple[Line, ...],
              removed: Collection[int]) -> dict[int, tuple[int, ...]] | None:
        """The glyphs of each of lines ``removed``, found by placing only the strings drawn near their heights:
        the page's other text is run for the text state, not placed. None when that cannot tell (a string
        to place after one that was not, a page with an error, a removed line not found as often as the
        report has it): the whole page must be read.

        Each removed line must be made again, equal in every field, from the glyphs near it; a line the
        report has several times (text drawn twice in one place) is told apart by drawing order, as the
        report's indices are."""
        page = self._page(number)
        if page is None or not removed:
            return None
        device = self._device
        top = _frame(page)[2][3]
        bands = []
        for index in removed:
            _, y0, _, y1 = expected[index].box
            low, high = top - y1, top - y0
            pad = high - low + 1.0  # wider than any glyph of the line can stray from its box
            bands.append((low - pad, high + pad))
        device.forget()
        device.bands = tuple(bands)
        try:
            read = self._reader.read(number)  # _Unplaced stops it with an error
        finally:
            device.bands = None
        if read.error is not None:
            return None
        made = [line for line, _ in device.made]
        # The page as a whole: the characters of the strings not placed and of the lines made must be those of
        # the report's lines (a file other than the report's, with the same running heads, is not cleaned).
        if device.skipped + sum(map(weight, (line.text for line in made))) != sum(
                map(weight, (line.text for line in expected))):
            return None
        glyphs = {}
        for index in removed:
            line = expected[index]
            ours = [k for k, other in enumerate(made) if other == line]
            theirs = [k for k, other in enumerate(expected) if other == line]
            if len(ours) != len(theirs):
                return None
            glyphs[index] = device.made[ours[theirs.index(index)]][1]
        return glyphs

    def _page(self, number: int) -> PDFPage | None:
        page = self._reader._page_objects[number - 1]
        if isinstance(page, page_tree.Incomplete):
            return page.page
        return page if isinstance(page, PDFPage) else None

    def page_objid(self, number: int) -> int:
        page = self._page(number)
        objid = getattr(page, "pageid", None)
        if not isinstance(objid, int):
            raise NotCleaned(f"page {number} cannot be found in the file's objects, so it cannot be rewritten")
        return objid

    def page_contents(self, number: int) -> tuple[int, ...]:
        """The object numbers of the content streams page ``number`` draws (none when it cannot be read)."""
        page = self._page(number)
        if page is None:
            return ()
        return tuple(obj.objid for obj in page.contents if isinstance(obj, (PDFObjRef, PDFStream))
                     and obj.objid is not None)

    def forms_reached(self, number: int) -> tuple[set[int], set[int]]:
        """The Form XObjects page ``number`` may draw, found in its resources (and theirs, form by form); and
        those that other things on it may draw: patterns, Type 3 glyphs, annotations' appearances."""
        page = self._page(number)
        drawn: set[int] = set()
        other: set[int] = set()
        if page is None:
            return drawn, other
        with decoding.budget(self._budget):
            _reach(page.resources, drawn, other, set(), False)
            annots = resolve1(page.attrs.get("Annots"))
            for annot in annots if isinstance(annots, list) else ():
                annot = resolve1(annot)
                appearance = resolve1(annot.get("AP")) if isinstance(annot, dict) else None
                for state in appearance.values() if isinstance(appearance, dict) else ():
                    state = resolve1(state)
                    for stream in state.values() if isinstance(state, dict) else (state,):
                        _reach_form(stream, drawn, other, set(), True)
        return drawn, other

    # -- objects -------------------------------------------------------------------------------------------

    def where(self) -> dict[int, tuple[int, int, int]]:
        """Every object the cross-reference sections know, where its latest version is: (1, offset,
        generation) in the file, or (2, object stream, index) inside an object stream."""
        if self._where is None:
            where: dict[int, tuple[int, int, int]] = {}
            for xref in self._doc.xrefs:
                for objid in list(xref.get_objids()):
                    if objid in where:
                        continue
                    try:
                        strmid, index, genno = xref.get_pos(objid)
                    except Exception:
                        continue
                    where[objid] = (1, int(index), int(genno)) if strmid is None else (2, int(strmid), int(index))
            self._where = where
        return self._where

    def superseded(self, objid: int) -> list[int]:
        """Where earlier versions of object ``objid`` are in the file: those the cross-reference sections of
        earlier revisions (before incremental updates) point at."""
        live = self.where().get(objid)
        found = []
        for xref in self._doc.xrefs:
            try:
                strmid, index, _ = xref.get_pos(objid)
            except Exception:
                continue
            if strmid is None and live is not None and (live[0] != 1 or live[1] != index) and index not in found:
                found.append(int(index))
        return found

    def generation(self, objid: int) -> int:
        place = self.where().get(objid)
        return place[2] if place is not None and place[0] == 1 else 0

    def raw(self, objid: int) -> tuple[bytes, int, bool]:
        """Where object ``objid``'s bytes are: (the bytes, the offset they start at, True when they are the
        file's own, starting with ``N G obj``; False inside an object stream, starting with the value)."""
        place = self.where().get(objid)
        if place is None:
            raise NotCleaned(f"object {objid} is not in the file's cross-reference table")
        if place[0] == 1:
            return self.data, place[1], True
        data, offsets = self._object_stream(place[1])
        if place[2] >= len(offsets):
            raise NotCleaned(f"object {objid} is not in its object stream {place[1]}")
        return data, offsets[place[2]], False

    def _object_stream(self, strmid: int) -> tuple[bytes, list[int]]:
        """An object stream's decoded data and where each of its objects begins in it."""
        got = self._object_streams.get(strmid)
        if got is None:
            with decoding.budget(self._budget):
                stream = self._doc.getobj(strmid)
                if not isinstance(stream, PDFStream):
                    raise NotCleaned(f"object stream {strmid} cannot be read")
                data = stream.get_data()
                first = resolve1(stream.get("First"))
                count = resolve1(stream.get("N"))
            numbers = [int(n) for n in re.findall(rb"\d+", data[:first])] if isinstance(first, int) else []
            if not isinstance(count, int) or len(numbers) < 2 * count:
                raise NotCleaned(f"object stream {strmid} cannot be read")
            got = (data, [first + numbers[2 * i + 1] for i in range(count)])
            self._object_streams[strmid] = got
        return got

    def stream(self, objid: int) -> tuple[bytes, int]:
        """Stream ``objid``'s decoded data, and its /Length (the bytes it takes in the file)."""
        with decoding.budget(self._budget):
            stream = self._doc.getobj(objid)
            if not isinstance(stream, PDFStream):
                raise NotCleaned(f"object {objid} should be a stream and is not")
            try:
                data = stream.get_data()
            except NotCleaned:
                raise
            except Exception as exc:
                raise NotCleaned(f"stream {objid} cannot be decoded ({type(exc).__name__})") from None
            length = resolve1(stream.get("Length"))
        return data, length if isinstance(length, int) else -1

    def trailer(self) -> dict[str, bytes]:
        """The trailer's Root, Info, ID and Encrypt, each written as PDF syntax."""
        out: dict[str, bytes] = {}
        for xref in self._doc.xrefs:
            trailer = xref.get_trailer()
            for key in ("Root", "Info", "ID", "Encrypt"):
                if key not in out and trailer.get(key) is not None:
                    out[key] = self._syntax(trailer[key])
        if "Root" not in out:
            raise NotCleaned("the file has no catalog in its trailer (it is damaged), so it cannot be written again")
        return out

    def _syntax(self, value: object) -> bytes:
        """A trailer value as PDF syntax: references, names, numbers, strings, arrays and dictionaries."""
        if isinstance(value, PDFObjRef):
            return b"%d %d R" % (value.objid, self.generation(value.objid))
        if isinstance(value, PSLiteral):
            name = value.name if isinstance(value.name, bytes) else str(value.name).encode()
            return b"/" + re.sub(rb"[^!-~]|[#()<>\[\]{}/%]", lambda m: b"#%02X" % m.group()[0], name)
        if isinstance(value, bool):
            return b"true" if value else b"false"
        if isinstance(value, int):
            return b"%d" % value
        if isinstance(value, float):
            return (b"%.6f" % value).rstrip(b"0").rstrip(b".") or b"0"
        if isinstance(value, bytes):
            return b"<" + value.hex().encode() + b">"
        if isinstance(value, list):
            return b"[" + b" ".join(self._syntax(item) for item in value) + b"]"
        if isinstance(value, dict):
            return b"<<" + b"".join(self._syntax(PSLiteral(key)) + b" " + self._syntax(item)
                                    for key, item in value.items()) + b">>"
        return b"null"

    def cipher(self) -> tuple[Callable[[int, int, bytes], bytes], Callable[[int, int, bytes], bytes]] | None:
        """For an encrypted file, (encrypt, decrypt) of a string or stream of object (number, generation);
        None for a file that is not encrypted."""
        decipher = getattr(self._doc, "decipher", None)
        if decipher is None:
            return None
        handler = getattr(decipher, "__self__", None)
        if not isinstance(handler, PDFStandardSecurityHandler):
            raise NotCleaned("the file's encryption is not one this tool can write again")
        method = getattr(handler, "cfm", {}).get(getattr(handler, "stmf", None), handler.decrypt_rc4)
        name = getattr(method, "__name__", "")
        if name == "decrypt_identity":
            return (lambda objid, genno, data: data), (lambda objid, genno, data: data)
        if name == "decrypt_rc4":  # RC4 is its own inverse
            return handler.decrypt_rc4, handler.decrypt_rc4
        if name == "decrypt_aes128":
            def key128(objid: int, genno: int) -> bytes:
                assert handler.key is not None
                key = handler.key + struct.pack("<L", objid)[:3] + struct.pack("<L", genno)[:2] + b"sAlT"
                return hashlib.md5(key).digest()[:min(len(key), 16)]

            return (lambda objid, genno, data: _aes_encrypt(key128(objid, genno), data)), method
        if name == "decrypt_aes256":
            return (lambda objid, genno, data: _aes_encrypt(bytes(handler.key or b""), data)), method
        raise NotCleaned("the file's encryption is not one this tool can write again")


def _aes_encrypt(key: bytes, data: bytes) -> bytes:
    """AES-CBC with PKCS#7 padding, the initialisation vector first, as PDF encryption stores it. The vector
    is made from the key and the data, so the same choices give the same file every time."""
    from cryptography.hazmat.backends import default_backend
    from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

    iv = hashlib.sha256(key + data).digest()[:16]
    pad = 16 - len(data) % 16
    encryptor = Cipher(algorithms.AES(key), modes.CBC(iv), backend=default_backend()).encryptor()
    return iv + encryptor.update(data + bytes((pad,)) * pad) + encryptor.finalize()


def _reach(resources: object, drawn: set[int], other: set[int], seen: set[int], elsewhere: bool) -> None:
    """Add the forms ``resources`` can draw to ``drawn`` (or to ``other`` when ``elsewhere``), and those its
    patterns and Type 3 fonts can draw to ``other``; ``seen`` stops cycles."""
    resources = resolve1(resources)
    if not isinstance(resources, dict):
        return
    xobjects = resolve1(resources.get("XObject"))
    for ref in xobjects.values() if isinstance(xobjects, dict) else ():
        _reach_form(ref, drawn, other, seen, elsewhere)
    for category in ("Pattern", "Font"):
        entries = resolve1(resources.get(category))
        for ref in entries.values() if isinstance(entries, dict) else ():
            owner = resolve1(ref)
            if isinstance(owner, PDFStream):
                owner = owner.attrs
            if isinstance(owner, dict) and "Resources" in owner:
                _reach(owner["Resources"], drawn, other, seen, True)


def _reach_form(ref: object, drawn: set[int], other: set[int], seen: set[int], elsewhere: bool) -> None:
    objid = ref.objid if isinstance(ref, PDFObjRef) else None
    form = resolve1(ref)
    if not isinstance(form, PDFStream) or getattr(form.get("Subtype"), "name", None) != "Form":
        return
    objid = form.objid if form.objid is not None else objid
    if objid is None or objid in seen:
        return
    seen.add(objid)
    (other if elsewhere else drawn).add(objid)
    if "Resources" in form:
        _reach(form["Resources"], drawn, other, seen, elsewhere)


def _show(shown: _Shown, gone: set[int]) -> Show:
    """The operator ``shown`` as the cleaned PDF rewrites it: its strings split into glyphs, each one marked
    if it goes (``gone``: the ordinals, among the glyphs reading saw, of those that go)."""
    font = shown.font
    stream, start, end, operator = shown.here
    size, charspace, wordspace = shown.state
    elements: list[float | tuple[Glyph, ...]] = []
    ordinal = 0
    for obj in shown.seq:
        if isinstance(obj, (int, float)) and not isinstance(obj, bool):
            elements.append(obj)
        elif isinstance(obj, bytes):
            glyphs = []
            for code, cid in _codes(font, obj):
                if cid is None:  # bytes the font maps to no glyph
                    glyphs.append(Glyph(code, 0.0, False, False))
                    continue
                text, width = _glyph(font, cid)
                seen = bool(text)
                glyphs.append(Glyph(code, float(width), seen, seen and ordinal in gone))
                ordinal += seen
            elements.append(tuple(glyphs))
        else:
            raise NotCleaned(f"a text operator holds {type(obj).__name__}, which the cleaned PDF cannot rewrite")
    if ordinal != shown.count:
        raise NotCleaned("a string's glyphs cannot be told apart in its bytes, so it cannot be rewritten")
    return Show(stream=stream, start=start, end=end, operator=operator, elements=tuple(elements), size=size,
                charspace=charspace, wordspace=wordspace)


def _codes(font: PDFFont, data: bytes) -> Iterator[tuple[bytes, int | None]]:
    """Each character code of ``data`` in ``font`` with its character id, as ``font.decode`` reads them; bytes
    that make no character come with None."""
    kind = type(font)
    if kind.decode is PDFSimpleFont.decode:
        for k in range(len(data)):
            yield data[k:k + 1], data[k]
        return
    cmap = getattr(font, "cmap", None)
    if kind.decode is PDFCIDFont.decode and cmap is not None:
        decode = type(cmap).decode
        if decode is IdentityCMapByte.decode:
            for k in range(len(data)):
                yield data[k:k + 1], data[k]
            return
        if decode is IdentityCMap.decode:
            for k in range(0, len(data) - 1, 2):
                yield data[k:k + 2], data[k] << 8 | data[k + 1]
            if len(data) % 2:
                yield data[-1:], None
            return
        if decode is CMap.decode and isinstance(cmap, CMap):
            yield from _cmap_codes(cmap.code2cid, data)
            return
    # Any other font: cut the bytes where decoding one byte more gives one character more.
    done = 0
    start = 0
    for k in range(1, len(data) + 1):
        cids = tuple(font.decode(data[:k]))
        if len(cids) > done:
            yield data[start:k], cids[-1]
            done, start = len(cids), k
    if start < len(data):
        yield data[start:], None


def _cmap_codes(root: dict, data: bytes) -> Iterator[tuple[bytes, int | None]]:
    """pdfminer's ``CMap.decode``, giving each code's bytes too: a byte the map does not continue with is
    dropped with what led to it."""
    node = root
    start = 0
    for k, byte in enumerate(data):
        if node is root:
            start = k
        step = node.get(byte)
        if isinstance(step, int):
            yield data[start:k + 1], step
            node = root
        elif step is not None:
            node = step
        else:
            yield data[start:k + 1], None
            node = root
    if node is not root:
        yield data[start:], None
