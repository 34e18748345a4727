"""Reading a page again with where each glyph comes from: the part of ``tracing`` that interprets.

``_Tracer`` runs the content streams with ``_run_traced`` (the loop of ``tokens._run_python``, keeping where
each operand begins) and ``_Trace``, the glyph device that records each text-showing operator by its stream
and its bytes; near the removed lines only, as ``tracing.Traced._near`` asks (see ``tracing``'s docstring for
the whole). The dataclasses here are what is handed over to ``pagefurniture.clean``.
"""

from __future__ import annotations

import functools
import hashlib
import math
import re
import weakref
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from pdfminer.cmapdb import CMap, IdentityCMap, IdentityCMapByte
from pdfminer.pdffont import PDFCIDFont, PDFFont, PDFSimpleFont
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import stream_value
from pdfminer.psparser import KWD, literal_name

from ..errors import NotCleaned
from ..model import Line
from .glyphs import _glyph, _Glyphs
from .interpreter import Interpreter
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
    PLACED,
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
# The operators after which such a run is looked for: those of drawing, which it often follows.
_DRAWING = frozenset((b"m", b"l", b"c", b"v", b"y", b"re", b"h", b"S", b"s", b"f", b"f*", b"F", b"B", b"B*", b"b",
                      b"b*", b"n", b"W", b"W*", b"cm", b"q", b"Q", b"w", b"J", b"j", b"M", b"d", b"i", b"gs", b"g",
                      b"G", b"rg", b"RG", b"k", b"K", b"cs", b"CS", b"sc", b"scn", b"SC", b"SCN"))
# A TJ array that holds only numbers, strings without nested parentheses (nor an octal escape over 255,
# which tokens refuses) and hex strings, with white space between them, shown by the TJ after it: its
# body (group 1), and the white space to the TJ. Runs of bytes of one kind are matched whole (``++``): over
# the pages of debian-reference-de, three times faster than a byte at a time.
_BLANK = rb"[\x00" + _WS + rb"]"
_STRING_BODY = rb"(?:[^()\\]++|\\(?![4-7][0-7][0-7]).)*+"
_HEX_BODY = rb"[0-9a-fA-F" + _WS + rb"]*+"
_TJ_ARRAY = (rb"\[((?:[-+0-9.\x00" + _WS + rb"]++|\(" + _STRING_BODY + rb"\)|<" + _HEX_BODY + rb">)*+)\]" + _BLANK
             + rb"*+")
_LAZY_TJ = re.compile(_TJ_ARRAY + rb"(?=TJ(?![^#/%\[\]()<>{}" + _WS + rb"]))", re.S)
# The strings of such an array: (the literal's body, a hex string's digits); an empty literal gives nothing.
_STRINGS = re.compile(rb"\(((?:[^()\\]++|\\.)*+)\)|<(" + _HEX_BODY + rb")>", re.S)

# One text operator with exactly its operands, plain numbers, a name without escapes (Tf), a string without
# nested parentheses (nor an octal escape over 255), a hex string or a TJ array as _LAZY_TJ takes it, with
# white space after each (an operator may end at a delimiter): read by _text_run as the loop would read its
# tokens. The operator is the last group of its alternative (``lastindex``); one of numbers alone comes after
# the run of its operands (group 1), which must be as many as it takes (``_ARITY``).
_TEXT_OPERATION = re.compile(
    rb"(?:((?:" + _NUMBER + rb")*+)(Td|TD|Tm|Tc|Tw|Tz|TL|Tr|Ts|cm|g|G|rg|RG|k|K)"  # 1, 2
    rb"|/([A-Za-z0-9_.+-]+)[" + _WS + rb"]++([-+]?(?:[0-9]{1,64}(?:\.[0-9]*)?|\.[0-9]+))[" + _WS + rb"]++(Tf)"  # 3-5
    rb"|(BT|ET|q|Q|T\*)"  # 6
    rb"|\((" + _STRING_BODY + rb")\)[" + _WS + rb"]*+(Tj)"  # 7, 8
    rb"|<(" + _HEX_BODY + rb")>[" + _WS + rb"]*+(Tj)"  # 9, 10
    rb"|" + _TJ_ARRAY + rb"(TJ)"  # 11, 12
    rb")(?:[" + _WS + rb"]++|(?=[/\[(<]))", re.S)  # the operator ends at white space or a delimiter
_ARITY = {b"Td": 2, b"TD": 2, b"Tm": 6, b"Tc": 1, b"Tw": 1, b"Tz": 1, b"TL": 1, b"Tr": 1, b"Ts": 1, b"cm": 6,
          b"g": 1, b"G": 1, b"rg": 3, b"RG": 3, b"k": 4, b"K": 4}
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

    def strings(self) -> list[tuple[bytes, bytes]]:
        """The array's strings alone, as written: (a literal's body, a hex string's digits)."""
        return _STRINGS.findall(self.data, self.start, self.end)


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
        self.simple = type(font).decode is PDFSimpleFont.decode  # a byte a glyph
        # The weight of each string met as written in a TJ array (_Lazy.strings): words come back often.
        self.written: dict[tuple[bytes, bytes], int] = {}

    def __missing__(self, cid: int) -> int:
        value = self[cid] = weight(_glyph(self.font, cid)[0])
        return value

    def of(self, data: bytes) -> int:
        """The weight of the glyphs of string ``data``, as reading them would record them."""
        return sum(map(self.__getitem__, data if self.simple else self.font.decode(data)))

    def of_written(self, item: tuple[bytes, bytes]) -> int:
        """``of`` a string as written: (a literal's body, a hex string's digits)."""
        value = self.written.get(item)
        if value is None:
            body, digits = item
            value = self.written[item] = self.of((_unescape(body) if b"\\" in body else body) if body else _hex(digits))
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
        self._forget_places()  # the contexts (and where the Do drawing each one is)
        self.shown: list[_Shown] = []
        self.made: tuple[tuple[Line, tuple[int, ...]], ...] = ()
        self.skipped = 0  # the weight of the characters of the strings not placed

    def render_string(self, textstate: Any, seq: Any, ncs: Any, graphicstate: Any) -> None:
        if self.bands is not None:
            x, y = textstate.linematrix
            skipped = self._elsewhere(textstate, y)
            if skipped:
                if skipped is _SEEN:
                    self.skipped += self._weight(textstate.font, seq)
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
        """The weight (``weight``) of the characters the glyphs of ``seq`` (a list, or a _Lazy array) have
        in ``font``, as reading them would record them."""
        weights = self._weights.get(font)
        if weights is None:
            weights = self._weights[font] = _Weights(font)
        if type(seq) is _Lazy:
            return sum(map(weights.of_written, seq.strings()))
        return sum(weights.of(obj) for obj in seq if isinstance(obj, bytes))

    def lines(self, crop: tuple[float, float, float, float]) -> tuple[Line, ...]:
        self.made = lines_with_glyphs(self.buckets, crop)
        return tuple(line for line, _ in self.made)


class _Tracer(Interpreter):
    """The interpreter ``document`` reads with, running content streams with ``_run_traced`` (``Interpreter``
    notes the form each Do draws). pdfminer makes the interpreters of nested forms with ``self.__class__``."""

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
                        if keyword in PLACED:
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
        if k == 2:
            args = tuple(map(_number, m.group(1).split()))
            if len(args) != _ARITY[keyword]:
                return pos
        elif k == 12:
            args = (_Lazy(data, m.start(11), m.end(11)),)
            device.here = (number, m.start(), m.end(k), keyword)
        elif k == 6:
            args = ()
        elif k == 5:
            args = (_name(m.group(3)), _number(m.group(4)))
        else:
            if k == 8:
                body = m.group(7)
                args = (_unescape(body) if b"\\" in body else body,)
            else:
                args = (_hex(m.group(9)),)
            device.here = (number, m.start(), m.end(k), keyword)
        func = ops[keyword][0]
        if func is not None:
            func(*args)
        pos = m.end()


def _operands(data: bytes, start: int, end: int, operator: bytes) -> list | None:
    """What the text operator ``operator`` written at ``data[start:end]`` shows, as ``_run_traced`` reads it:
    its TJ array's numbers and strings, or its one string (after the two numbers of "). None when the bytes
    are not that alone (other tokens, a nested array, a number pdfminer makes nothing of), or begin with a
    token pdfminer passes over (then the operands begin after it)."""
    seq: list = []
    numbers = 2 if operator == b'"' else 0  # the spacings before the string of ", not shown
    array = operator == b"TJ"
    opened = closed = False  # the TJ array's brackets
    pos = start
    while pos < end:
        for m in _TOKEN.finditer(data, pos, end):
            k = m.lastindex
            if k == _KEY or k == _OTHER:  # noqa: SIM109 - as in tokens
                done = closed if array else len(seq) == 1 and not numbers
                return seq if done and m.group(k) == operator and m.end(k) == end else None
            if k == _GT or k == _SIGN:  # noqa: SIM109 - nothing, as in tokens (but not first)
                if m.start() == start:
                    return None
                continue
            if closed or (seq and not array):
                return None
            if array and not opened:
                if k != _ARRAY:
                    return None
                opened = True
            elif k == _ARRAY_END and array:
                closed = True
            elif (k == _INT or k == _FLOAT) and (array or numbers):  # noqa: SIM109
                try:
                    value = int(m.group(k)) if k == _INT else float(m.group(k))
                except ValueError:
                    return None
                if numbers:
                    numbers -= 1
                else:
                    seq.append(value)
            elif numbers:
                return None
            elif k == _STRING:
                body = m.group(_STRING)
                seq.append(_unescape(body) if b"\\" in body else body)
            elif k == _HEX:
                seq.append(_hex(m.group(_HEX)))
            elif k == _NESTED:
                body, pos = _nested_string(data, m.start(_NESTED))
                seq.append(_unescape(body) if b"\\" in body else body)
                pos = _gap_end(data, pos)
                break
            else:
                return None
        else:
            return None
    return None


def _number(token: bytes) -> int | float:
    """A number as the loop reads it: a real when it has a point, else an integer."""
    return float(token) if b"." in token else int(token)


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
