"""A fast reader of page content streams for the text path, with pdfminer's own meaning for every token.

pdfminer tokenises content streams with ``PSBaseParser``, a state machine that costs several Python calls
(and a few ``logging.debug`` calls) per byte run, and builds objects with ``PSStackParser``, which adds as
many again per token; on most PDFs that is more than half of all the time spent reading. Here one compiled
regular expression finds each token and one loop builds the operands and calls the interpreter's
operators, the way pdfminer's ``PDFPageInterpreter.execute`` does: the same objects (ints, floats, bools,
bytes, interned ``PSLiteral``/``PSKeyword``, lists, dicts), the same operand stack, the same ``do_*``
methods looked up by the same names. What the text path cannot see is not computed: path construction,
painting and clipping operators only take their operands off the stack, text is shown without copying the
graphic state, and inline-image data is skipped without being copied (the device learns where the image
is, as from pdfminer; image XObjects are never decoded, by either).

Anything this reader does not understand exactly as pdfminer does (a procedure ``{ }``, an odd dictionary,
an inline image whose end is not found in its own stream, a string or name cut by the end of a stream,
an octal escape over 255 ...) raises ``Unsupported``: ``interpreter.Interpreter`` then undoes what was drawn
and reads the same streams with pdfminer's parser. Only ``interpreter`` (and ``kernel``) use this module.

In the browser the JavaScript kernel reads the same tokens with the same meaning (``kernel.use_native``
sets ``native``): ``run`` hands the streams to it first, and where it stops short of this loop, this loop
reads them. ``site/kernel/tokens.mjs`` is this module's twin; each of its functions names the one here it
mirrors.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import partial
from typing import Any

from pdfminer.pdfinterp import PDFPageInterpreter
from pdfminer.pdftypes import LITERALS_ASCII85_DECODE, PDFStream, stream_value
from pdfminer.psparser import KWD, LIT, PSLiteral, literal_name


class Unsupported(Exception):
    """The content uses something this reader leaves to pdfminer's parser."""


# pdfminer's token classes (psparser.py): whitespace is \s (space, \t, \n, \v, \f, \r); a NUL between
# tokens is skipped; names and keywords end at a delimiter or whitespace. A '#' ends a keyword but not
# a name, where it starts an escape.
_WS = rb"\t\n\x0b\x0c\r "
_NAME = rb"[^/%\[\]()<>{}" + _WS + rb"]*"
_KEYWORD = rb"[A-Za-z][^#/%\[\]()<>{}" + _WS + rb"]*"
# Whitespace, NULs and comments between tokens, never given back (a possessive repeat, Python 3.11+).
_GAP = rb"(?:[\x00" + _WS + rb"]|%[^\r\n]*)*+"
_SPACE = re.compile(_GAP)
# One token and the gap after it; every byte that is not in a gap starts some token.
_TOKEN = re.compile(
    rb"(?:([-+]?[0-9]*\.[0-9]*)"  # 1 a real number (pdfminer makes nothing of "." or "-.")
    rb"|([-+]?[0-9]+)"  # 2 an integer
    rb"|((?:true|false|BI|ID)(?![^#/%\[\]()<>{}" + _WS + rb"]))"  # 3 keywords the parser itself acts on
    rb"|(" + _KEYWORD + rb")"  # 4 an operator (or a keyword operand inside an array or dictionary)
    rb"|/(" + _NAME + rb")"  # 5 a name
    rb"|\(([^()\\]*(?:\\.[^()\\]*)*)\)"  # 6 a string without nested parentheses
    rb"|(<<)"  # 7
    rb"|<([0-9a-fA-F" + _WS + rb"]*)"  # 8 a hex string; its '>' is left to group 10, as pdfminer does
    rb"|(>>)"  # 9
    rb"|(>)"  # 10 a lone '>' is skipped
    rb"|(\[)"  # 11
    rb"|(\])"  # 12
    rb"|(\()"  # 13 a string with nested parentheses (or one that does not end)
    rb"|([{}])"  # 14 a PostScript procedure: not content-stream syntax
    rb"|([-+])"  # 15 a sign alone: pdfminer makes nothing of it
    rb"|(.))"  # 16 any other byte is a one-character keyword (the ' and " operators among them)
    + _GAP, re.S)
_FLOAT, _INT, _SPECIAL, _KEY, _NAMETOKEN, _STRING, _DICT, _HEX, _DICT_END, _GT, _ARRAY, _ARRAY_END, \
    _NESTED, _PROC, _SIGN, _OTHER = range(1, 17)

_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|.)", re.S)
_ESCAPES = {b"b": b"\b", b"t": b"\t", b"n": b"\n", b"f": b"\f", b"r": b"\r", b"(": b"(", b")": b")", b"\\": b"\\"}
_NAME_ESCAPE = re.compile(rb"#([0-9a-fA-F]{0,2})")
_HEX_WS = re.compile(rb"[" + _WS + rb"]")
_STRING_STOP = re.compile(rb"[()\\]")
_INLINE_WS = frozenset(b"\t\n\x0b\x0c\r ")  # bytes.isspace(), which ends an inline image's EI

# Operators whose effect the text device never sees: they only take their operands off the stack. Used
# only while the interpreter has pdfminer's own method, so a subclass that overrides one is still called.
_UNSEEN = ("do_m", "do_l", "do_c", "do_v", "do_y", "do_h", "do_re", "do_S", "do_s", "do_f", "do_F", "do_f_a",
           "do_B", "do_B_a", "do_b", "do_b_a", "do_n", "do_W", "do_W_a", "do_BX", "do_EX", "do_sh", "do_ET")


def _unescape(body: bytes) -> bytes:
    """A literal string's escapes as pdfminer reads them: octal, the named ones, and a backslash before
    any other character (a line end included) drops both."""
    def one(m: re.Match) -> bytes:
        code = m.group(1)
        if code[0] in b"01234567":
            value = int(code, 8)
            if value > 255:
                raise Unsupported("an octal escape over 255")  # pdfminer fails an assertion here
            return bytes((value,))
        return _ESCAPES.get(code, b"")

    return _ESCAPE.sub(one, body)


def _nested_string(data: bytes, start: int) -> tuple[bytes, int]:
    """The body of the string whose '(' is at ``start`` when it nests parentheses, and where it ends."""
    depth = 1
    pos = start + 1
    while True:
        m = _STRING_STOP.search(data, pos)
        if m is None:
            raise Unsupported("a string that does not end in its stream")
        pos = m.end()
        c = data[m.start()]
        if c == 0x5C:  # a backslash: the next byte is never a parenthesis that counts
            pos += 1
        elif c == 0x28:
            depth += 1
        else:
            depth -= 1
            if not depth:
                return data[start + 1:pos - 1], pos


def _hex(body: bytes) -> bytes:
    digits = _HEX_WS.sub(b"", body)
    if len(digits) % 2:  # pdfminer reads a last lone digit as a byte of its own value, not as d0
        return bytes.fromhex(digits[:-1].decode()) + bytes((int(digits[-1:], 16),))
    return bytes.fromhex(digits.decode())


def _name(raw: bytes) -> PSLiteral:
    if b"#" in raw:
        raw = _NAME_ESCAPE.sub(lambda m: bytes((int(m.group(1), 16),)) if m.group(1) else b"", raw)
    try:
        return LIT(str(raw, "utf-8"))
    except UnicodeDecodeError:
        return LIT(raw)


def _inline_end(data: bytes, start: int, target: bytes) -> int:
    """Where pdfminer resumes after an inline image whose data starts at ``start``: past ``target`` (EI or
    ~>) and one whitespace byte, found with its own scan (which, for one, misses the EI of "EEI ")."""
    matched = 0
    pos = start
    n = len(data)
    while matched <= len(target):
        if matched:
            if pos >= n:
                raise Unsupported("an inline image that runs past its stream")
            c = data[pos]
            pos += 1
            if (matched == len(target) and c in _INLINE_WS) or (matched < len(target) and c == target[matched]):
                matched += 1
            else:
                matched = 0
        else:
            j = data.find(target[:1], pos)
            if j < 0:
                raise Unsupported("an inline image that runs past its stream")
            pos = j + 1
            matched = 1
    return pos


def _inline_image(items: list) -> tuple[PDFStream, bytes]:
    """The inline image pdfminer puts on the stack for a dictionary BI ... ID, without its data (no one
    reads it: the device only notes where the image is), and the end marker it looks for after ID."""
    if len(items) % 2:
        raise Unsupported("an inline image with an odd dictionary")
    params = {literal_name(k): v for k, v in zip(items[::2], items[1::2], strict=True)}
    image = PDFStream(params, b"")
    filters = params.get("F")
    if filters is None:
        return image, b"EI"
    if isinstance(filters, PSLiteral):
        filters = [filters]
    try:
        first = filters[0]
    except Exception as exc:
        raise Unsupported("an inline image with a strange filter") from exc
    return image, b"~>" if first in LITERALS_ASCII85_DECODE else b"EI"


class Operators(dict):
    """Keyword bytes -> (callable or None, number of operands) for one interpreter, filled as met.

    The name rule is pdfminer's (``T*`` -> ``do_T_a``, ``'`` -> ``do__q``, ``"`` -> ``do__w``); the
    operand count is the method's, as pdfminer's ``execute`` takes it. None means: take the operands off
    the stack and do nothing (an unknown operator takes none).
    """

    def __init__(self, interp: PDFPageInterpreter) -> None:
        super().__init__()
        self.interp = interp

    def __missing__(self, keyword: bytes) -> tuple[Any, int]:
        interp = self.interp
        name = method_name(keyword)
        method = getattr(type(interp), name, None)
        if method is None or not callable(method):
            entry: tuple[Any, int] = (None, 0)
        else:
            nargs, kind = _kind(type(interp), name)
            entry = (None if kind == _DROP else _operator(interp, name), nargs)
        self[keyword] = entry
        return entry


def method_name(keyword: bytes) -> str:
    """The interpreter method pdfminer calls for an operator (site/kernel/tokens.mjs has the same rule)."""
    return "do_" + str(keyword, "utf-8", "ignore").replace("*", "_a").replace('"', "_w").replace("'", "_q")


# What an operator does with the operand stack: taken off and dropped (one the text device never sees),
# handed to the call, or left for the call to take itself (pdfminer's colour operators take as many as
# the colour space has components).
_DROP, _CALL, _STACK = range(3)
_TAKES_OWN = ("do_sc", "do_scn", "do_SC", "do_SCN")


def _kind(cls: type, name: str) -> tuple[int, int]:
    """The operand count and kind of ``cls``'s operator method ``name``; a method a subclass wrote
    with no operands might take them itself, so it is left the stack."""
    method = getattr(cls, name)
    nargs = method.__code__.co_argcount - 1
    own = method is getattr(PDFPageInterpreter, name, None)
    if own and name in _UNSEEN:
        return nargs, _DROP
    if not nargs and (name in _TAKES_OWN or not own):
        return nargs, _STACK
    return nargs, _CALL


def _operator(interp: PDFPageInterpreter, name: str) -> Any:
    """What calling operator ``name`` on ``interp`` means here: pdfminer's method, or for its text
    showing operators the ones below."""
    if name in _SHOW and getattr(type(interp), name) is getattr(PDFPageInterpreter, name):
        return partial(_SHOW[name], interp)
    return getattr(interp, name)


def _show(interp: Any, seq: Any) -> None:
    """TJ, as pdfminer's ``do_TJ`` but handing the device the live graphic state (it keeps none of it)."""
    if interp.textstate.font is None:
        return
    graphicstate = interp.graphicstate
    interp.device.render_string(interp.textstate, seq, graphicstate.ncs, graphicstate)


def _show_one(interp: Any, s: Any) -> None:
    _show(interp, [s])


def _next_line_show(interp: Any, s: Any) -> None:
    interp.do_T_a()
    _show(interp, [s])


def _spaced_show(interp: Any, aw: Any, ac: Any, s: Any) -> None:
    # pdfminer's '"' sets the spacings and shows the string without moving to the next line; so here.
    interp.do_Tw(aw)
    interp.do_Tc(ac)
    _show(interp, [s])


_SHOW: dict[str, Callable[..., None]] = {"do_TJ": _show, "do_Tj": _show_one, "do__q": _next_line_show,
                                         "do__w": _spaced_show}

# The operators whose place the device is told (``_run_python``): the four that show text, and Do, which draws
# a form.
PLACED = frozenset((b"TJ", b"Tj", b"'", b'"', b"Do"))

# The JavaScript kernel's reader, once the browser gave one (``kernel.use_native`` sets it): it runs the
# streams and answers True, or answers False when this loop must read them (nothing it ran is left over).
native: Callable[[Any, list, Any, Any], bool] | None = None


def run(interp: Any, streams: list, check: Any, undo: Any = None) -> None:
    """Execute ``streams`` (the page's or a form's content, in order) on ``interp``.

    ``check`` is called every 1,024 tokens (the clock). Raises ``Unsupported`` where pdfminer's parser
    must take over; up to then the operators have run, so the caller must undo them. ``undo()`` takes
    back what the JavaScript reader's operators did where it and this loop part ways (an operator that
    left operands it took itself): this loop then reads the streams again.
    """
    if native is not None and native(interp, streams, check, undo):
        return
    _run_python(interp, streams, check)


def _gap_end(data: bytes, pos: int) -> int:
    """Where the whitespace, NULs and comments at ``pos`` end (``_SPACE`` matches everywhere, if only
    nothing)."""
    m = _SPACE.match(data, pos)
    return m.end() if m is not None else pos


def _run_python(interp: Any, streams: list, check: Any) -> None:
    """``run`` with this module's own loop.

    One long function on purpose: its loop runs once per token, and every call split out of it would be
    paid on every token (Pyodide, which runs this loop where the JavaScript kernel does not, pays double).
    The rare tokens (inline images, nested strings) already call helpers.
    """
    ops = interp.operators
    stack = interp.argstack
    device: Any = getattr(interp, "device", None)  # (the parity tests run the loop on an interpreter without one)
    # The device keeps where each string is shown (glyphs._Glyphs.places): it is told the place of each
    # operator in PLACED before it runs, as (stream, start of its operands, its end, the operator). The
    # operands begin after the operator before them, when the stack then held them alone.
    placing = getattr(device, "places", None) is not None
    contexts: list[tuple[str, list]] = []  # open arrays, dictionaries, inline-image dictionaries
    kind = ""  # the innermost open one: "a", "d" or "i"; "" at the top level
    items: list = stack  # where an operand goes: the operand stack, or the innermost open container
    count = 0
    last = len(streams) - 1
    for number, stream in enumerate(streams):
        data = stream_value(stream).get_data()
        end = len(data)
        pos = _gap_end(data, 0)
        m = None
        before: Any = None  # the last operator run in this stream (a match)
        begun = -1 if stack else pos  # where the first operands of the stream begin, when none came before
        while pos < end:
            for m in _TOKEN.finditer(data, pos):
                count += 1
                if not count & 1023:
                    check()
                k = m.lastindex
                if k == _INT:
                    try:  # noqa: SIM105 - contextlib.suppress would cost a call per number
                        items.append(int(m.group(_INT)))
                    except ValueError:  # over Python's 4,300 digits: pdfminer makes nothing of it either
                        pass
                elif k == _KEY or k == _OTHER:  # noqa: SIM109 - two int compares; "in" would build a tuple
                    keyword = m.group(k)
                    if kind:
                        items.append(KWD(keyword))  # inside an array or dictionary a keyword is a value
                        continue
                    func, n = ops[keyword]
                    if n:
                        if len(stack) < n:
                            stack.clear()  # pdfminer takes what there is and skips the call
                            before = m
                            continue
                        if placing and keyword in PLACED:
                            device.here = (number, -1 if len(stack) != n else begun if before is None else before.end(),
                                           m.end(k), keyword)
                        args = stack[-n:]
                        del stack[-n:]
                        if func is not None:
                            func(*args)
                    elif func is not None:
                        func()
                    before = m
                elif k == _FLOAT:
                    try:  # noqa: SIM105 - contextlib.suppress would cost a call per number
                        items.append(float(m.group(_FLOAT)))
                    except ValueError:  # "." or "-." alone
                        pass
                elif k == _NAMETOKEN:
                    items.append(_name(m.group(_NAMETOKEN)))
                elif k == _STRING:
                    body = m.group(_STRING)
                    items.append(_unescape(body) if b"\\" in body else body)
                elif k == _ARRAY:
                    contexts.append((kind, items))
                    kind, items = "a", []
                elif k == _ARRAY_END:
                    if kind == "a":
                        value = items
                        kind, items = contexts.pop()
                        items.append(value)
                    # else: pdfminer ignores a ']' that closes nothing open
                elif k == _DICT:
                    contexts.append((kind, items))
                    kind, items = "d", []
                elif k == _DICT_END:
                    if kind == "d":
                        if len(items) % 2:
                            raise Unsupported("a dictionary with an odd number of entries")
                        entries = {literal_name(key): v for key, v in zip(items[::2], items[1::2], strict=True)
                                   if v is not None}
                        kind, items = contexts.pop()
                        items.append(entries)
                elif k == _HEX:
                    items.append(_hex(m.group(_HEX)))
                elif k == _SPECIAL:
                    word = m.group(_SPECIAL)
                    if word == b"true":
                        items.append(True)
                    elif word == b"false":
                        items.append(False)
                    elif word == b"BI":
                        if kind:
                            raise Unsupported("BI inside an array or dictionary")
                        contexts.append((kind, items))
                        kind, items = "i", []
                    else:  # ID: the inline image's data follows
                        if kind != "i":
                            raise Unsupported("ID outside an inline image")
                        image, target = _inline_image(items)
                        kind, items = contexts.pop()
                        pos = _inline_end(data, m.start(_SPECIAL) + 3, target)
                        # pdfminer pushes the image, then its EI (after ~> the EI is still to come): go on
                        # at that EI, whose do_EI shows the image to the device.
                        stack.append(image)
                        if target == b"EI":
                            pos -= 3  # back to the E of "EI" and the whitespace after it
                        pos = _gap_end(data, pos)
                        break  # a new scan from there
                elif k == _NESTED:
                    body, pos = _nested_string(data, m.start(_NESTED))
                    items.append(_unescape(body) if b"\\" in body else body)
                    pos = _gap_end(data, pos)
                    break
                elif k == _PROC:
                    raise Unsupported("a PostScript procedure")
                # _GT, _SIGN: nothing, as in pdfminer
            else:
                pos = end
        if number < last and m is not None and _open_at_end(m, end):
            raise Unsupported("a token cut by the end of a content stream")
    # An array or dictionary still open at the end is dropped, as pdfminer's parser does at EOF.


def _open_at_end(m: re.Match, end: int) -> bool:
    """True when the stream's last token ends at the very end (``end``) and is one pdfminer would carry on
    into the next stream: an empty name, a name ending in an escape, a hex string, or a lone '>'."""
    k = m.lastindex
    if k is None or m.end(k) != end:
        return False
    if k == _NAMETOKEN:
        raw = m.group(_NAMETOKEN)
        return not raw or b"#" in raw
    return k in (_HEX, _GT)
