"""PDF syntax as bytes: finding where a value ends, a dictionary's entries, an object's extent in the file,
and writing numbers, strings and references.

The cleaned PDF copies what it does not change byte for byte, so it edits objects as they are written: a
dictionary is split into its entries as raw bytes, one entry is replaced, the rest stay as they were.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..read.tokens import Unsupported, _nested_string

_SPACE = b"\x00\t\n\x0c\r "
_DELIMITERS = b"()<>[]{}/%"
_GAP = re.compile(rb"(?:[\x00\t\n\x0c\r ]|%[^\r\n]*)*")
_REGULAR = re.compile(rb"[^\x00\t\n\x0c\r ()<>\[\]{}/%]+")
_INTEGER = re.compile(rb"[0-9]+")
_HEADER = re.compile(rb"[\x00\t\n\x0c\r ]*([0-9]+)[\x00\t\n\x0c\r ]+([0-9]+)[\x00\t\n\x0c\r ]+obj")


class SyntaxProblem(ValueError):
    """The bytes are not the PDF syntax expected there."""


def gap(data: bytes, pos: int) -> int:
    """Where the white space and comments at ``pos`` end."""
    m = _GAP.match(data, pos)
    return m.end() if m else pos


def value_end(data: bytes, pos: int) -> int:
    """Where the value that begins at ``pos`` (after any white space) ends; ``N G R`` is one value."""
    pos = gap(data, pos)
    if pos >= len(data):
        raise SyntaxProblem("a value is missing at the end")
    c = data[pos]
    if data.startswith(b"<<", pos):
        return dict_entries(data, pos)[1]
    if c == 0x5B:  # [
        pos += 1
        while True:
            pos = gap(data, pos)
            if pos >= len(data):
                raise SyntaxProblem("an array that does not end")
            if data[pos] == 0x5D:
                return pos + 1
            pos = value_end(data, pos)
    if c == 0x28:  # (
        return string_end(data, pos)
    if c == 0x3C:  # <
        end = data.find(b">", pos)
        if end < 0:
            raise SyntaxProblem("a hex string that does not end")
        return end + 1
    if c == 0x2F:  # /
        m = _REGULAR.match(data, pos + 1)
        return m.end() if m else pos + 1
    m = _REGULAR.match(data, pos)
    if m is None:
        raise SyntaxProblem(f"unexpected {data[pos:pos + 1]!r}")
    end = m.end()
    if _INTEGER.fullmatch(m.group()):  # a reference: two integers and R
        second = _REGULAR.match(data, gap(data, end))
        if second and _INTEGER.fullmatch(second.group()):
            third = _REGULAR.match(data, gap(data, second.end()))
            if third and third.group() == b"R":
                return third.end()
    return end


def string_end(data: bytes, pos: int) -> int:
    """Where the literal string whose ``(`` is at ``pos`` ends (balanced parentheses, escapes), as the content
    reader finds it."""
    try:
        return _nested_string(data, pos)[1]
    except Unsupported:
        raise SyntaxProblem("a string that does not end") from None


def dict_entries(data: bytes, pos: int) -> tuple[list[tuple[bytes, int, int]], int]:
    """The entries of the dictionary at ``pos``: (key name without its slash, value start, value end), and
    where the dictionary ends."""
    pos = gap(data, pos)
    if not data.startswith(b"<<", pos):
        raise SyntaxProblem("a dictionary was expected")
    pos += 2
    entries: list[tuple[bytes, int, int]] = []
    while True:
        pos = gap(data, pos)
        if data.startswith(b">>", pos):
            return entries, pos + 2
        if pos >= len(data) or data[pos] != 0x2F:
            raise SyntaxProblem("a dictionary key was expected")
        m = _REGULAR.match(data, pos + 1)
        key_end = m.end() if m else pos + 1
        key = data[pos + 1:key_end]
        start = gap(data, key_end)
        end = value_end(data, start)
        entries.append((key, start, end))
        pos = end


def key_name(raw: bytes) -> bytes:
    """A name's bytes with its #xx escapes read."""
    return re.sub(rb"#([0-9A-Fa-f]{2})", lambda m: bytes((int(m.group(1), 16),)), raw)


def header(data: bytes, pos: int) -> tuple[int, int, int, int]:
    """The ``N G obj`` at ``pos`` (after any white space): (N, G, where N begins, where the value begins)."""
    m = _HEADER.match(data, pos)
    if m is None:
        raise SyntaxProblem("an object header was expected")
    return int(m.group(1)), int(m.group(2)), m.start(1), m.end()


def reference(value: bytes) -> tuple[int, int] | None:
    """(N, G) when ``value`` is ``N G R``, else None."""
    m = re.fullmatch(rb"([0-9]+)[\x00\t\n\x0c\r ]+([0-9]+)[\x00\t\n\x0c\r ]+R", value)
    return (int(m.group(1)), int(m.group(2))) if m else None


def stream_start(data: bytes, pos: int) -> int | None:
    """Where a stream's data begins when the keyword ``stream`` follows at ``pos``; None when it does not."""
    pos = gap(data, pos)
    if not data.startswith(b"stream", pos):
        return None
    pos += 6
    if data.startswith(b"\r\n", pos):
        return pos + 2
    if data[pos:pos + 1] in (b"\n", b"\r"):
        return pos + 1
    raise SyntaxProblem("the keyword stream is not followed by an end of line")


def object_end(data: bytes, value_end_at: int, data_start: int | None, length: int) -> int:
    """Where an object stored in the file ends (after ``endobj``), given where its value ends and, for a stream,
    where its data begins and its /Length (found as readers find it: past Length, or the first endstream)."""
    pos = value_end_at
    if data_start is not None:
        found = -1
        if 0 <= length <= len(data) - data_start:
            at = gap(data, data_start + length)
            if data.startswith(b"endstream", at):
                found = at
        if found < 0:
            found = data.find(b"endstream", data_start)
            if found < 0:
                raise SyntaxProblem("a stream without endstream")
        pos = found + 9
    pos = gap(data, pos)
    if data.startswith(b"endobj", pos):
        return pos + 6
    return pos


# -- writing ------------------------------------------------------------------------------------------------


def number(value: float) -> bytes:
    """A number as PDF writes it: no exponent, at most six decimals, no "-0".

    >>> number(12), number(-0.0), number(3.25), number(-1234.5678901), number(1e-9)
    (b'12', b'0', b'3.25', b'-1234.56789', b'0')
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return b"%d" % value
    text = (b"%.6f" % value).rstrip(b"0").rstrip(b".")
    return b"0" if text in (b"-0", b"", b"-") else text


def string(value: bytes) -> bytes:
    r"""A literal string: parentheses and backslashes escaped, and a carriage return (which readers would
    take for a line end) written as \r.

    >>> string(b"a(b)\\c\r")
    b'(a\\(b\\)\\\\c\\r)'
    """
    return b"(" + value.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") \
        .replace(b"\r", b"\\r") + b")"


def ref(objid: int, genno: int) -> bytes:
    return b"%d %d R" % (objid, genno)


def dictionary(entries: list[tuple[bytes, bytes]]) -> bytes:
    """``<</Key value ...>>`` from (key name without its slash, value bytes) pairs."""
    return b"<<" + b"".join(b"/" + key + (b"" if value[:1] in (b"/", b"[", b"<", b"(") else b" ") + value
                            for key, value in entries) + b">>"


_LITERAL_ESCAPE = re.compile(rb"\\([0-7]{1,3}|\r\n|.)", re.S)
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}


def read_string(raw: bytes) -> bytes:
    """The bytes a string token (literal or hex) stands for."""
    if raw.startswith(b"("):
        def one(m: re.Match) -> bytes:
            code = m.group(1)
            if code[:1].isdigit() and code[0] < 0x38:
                return bytes((int(code, 8) & 0xFF,))
            return _ESCAPES.get(code, b"" if code in (b"\r\n", b"\n", b"\r") else code)

        return _LITERAL_ESCAPE.sub(one, raw[1:-1])
    digits = re.sub(rb"[^0-9A-Fa-f]", b"", raw[1:-1])
    if len(digits) % 2:
        digits += b"0"
    return bytes.fromhex(digits.decode())


def map_strings(data: bytes, start: int, end: int, change: Callable[[bytes], bytes]) -> bytes:
    """The value ``data[start:end]`` with every string in it replaced by ``change(its bytes)`` (written as a
    hex string): how a value moves between the objects of an encrypted file, each with its own key."""
    out = []
    pos = last = start
    while pos < end:
        pos = gap(data, pos)
        if pos >= end:
            break
        c = data[pos]
        if data.startswith(b"<<", pos) or data.startswith(b">>", pos):
            pos += 2
        elif c in (0x28, 0x3C):
            stop = string_end(data, pos) if c == 0x28 else data.find(b">", pos) + 1
            out.append(data[last:pos])
            out.append(b"<" + change(read_string(data[pos:stop])).hex().encode() + b">")
            pos = last = stop
        elif c in b"[]{}":
            pos += 1
        elif c == 0x2F:
            m = _REGULAR.match(data, pos + 1)
            pos = m.end() if m else pos + 1
        else:
            m = _REGULAR.match(data, pos)
            pos = m.end() if m else pos + 1
    out.append(data[last:end])
    return b"".join(out)
