"""Rewriting a content stream: each text-showing operator whose glyphs go is written again without them, the
glyphs it keeps exactly where they were; every other byte of the stream stays as it was.

A glyph that goes is replaced by a TJ displacement equal to its advance. By the PDF specification (9.4.4),
a glyph moves the text position by ``(w * Tfs + Tc + Tw) * Th`` (``Tw`` only for the single-byte code 32),
and a number ``n`` in a TJ array by ``-n / 1000 * Tfs * Th``; so the number that stands for a glyph is
``-(w * Tfs + Tc + Tw) * 1000 / Tfs``. The horizontal scaling ``Th`` (Tz) multiplies both and drops out; in
vertical writing neither has it, and ``w`` is the glyph's vertical advance. Text after the operator is
placed from where the text position ends, so it stays where it was too.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import NotCleaned
from ..read.retrace import Glyph, Show
from .syntax import number, string

_SPACE = b" "  # the code word spacing applies to (as a single byte)
_WHITE = b"\x00\t\n\x0c\r "
_DELIMITERS = b"()<>[]{}/%"


def rewrite(data: bytes, shows: Iterable[Show]) -> bytes:
    """The stream ``data`` with each of ``shows`` (operators of this stream) written again."""
    out = []
    pos = 0
    for show in sorted(shows, key=lambda show: show.start):
        if show.start < pos:
            raise NotCleaned("two text operators overlap in a content stream")
        out.append(data[pos:show.start])
        written = operator(show)
        # The new operator may begin with a letter (T*, a number): keep it apart from what precedes it.
        if show.start and data[show.start - 1] not in _WHITE + _DELIMITERS:
            out.append(b" ")
        out.append(written)
        pos = show.end
    out.append(data[pos:])
    return b"".join(out)


def operator(show: Show) -> bytes:
    """``show`` written as a TJ array without its removed glyphs (after T* for ', after the spacings and T*
    for ", which set them and move to the next line before they show)."""
    goes = _going(show)
    items: list[bytes] = []
    kept: list[bytes] = []  # the codes of the glyphs kept since the last number
    shift = 0.0  # the displacement of the glyphs removed since then
    k = 0
    for element in show.elements:
        if not isinstance(element, tuple):
            _flush(items, kept, shift)
            kept, shift = [], 0.0
            items.append(number(element))
            continue
        for glyph in element:
            if goes[k]:
                if kept:
                    items.append(string(b"".join(kept)))
                    kept = []
                shift += _displacement(glyph, show)
            else:
                if shift:
                    items.append(number(shift))
                    shift = 0.0
                kept.append(glyph.code)
            k += 1
    _flush(items, kept, shift)
    array = b"[" + b" ".join(items) + b"]TJ"
    if show.operator == b"'":
        return b"T* " + array
    if show.operator == b'"':
        return b"%s Tw %s Tc T* %s" % (number(show.wordspace), number(show.charspace), array)
    return array


def _flush(items: list[bytes], kept: list[bytes], shift: float) -> None:
    if kept:
        items.append(string(b"".join(kept)))
    if shift:
        items.append(number(shift))


def _displacement(glyph: Glyph, show: Show) -> float:
    """The TJ number that moves the text position as far as ``glyph`` would have."""
    advance = glyph.width * show.size + show.charspace + (show.wordspace if glyph.code == _SPACE else 0.0)
    if not advance:
        return 0.0
    if not show.size:
        raise NotCleaned("a string drawn at font size 0 moves the text by its spacing alone, which cannot be kept")
    return -advance * 1000.0 / show.size


def _going(show: Show) -> list[bool]:
    """For each glyph of ``show`` in order, whether it goes: the glyphs of removed lines, and glyphs reading
    did not see (no text) that lie among them, with no kept glyph on either side in the operator."""
    glyphs = [glyph for element in show.elements if isinstance(element, tuple) for glyph in element]
    goes = [glyph.removed for glyph in glyphs]
    seen = [k for k, glyph in enumerate(glyphs) if glyph.text]
    for k, glyph in enumerate(glyphs):
        if glyph.text:
            continue
        before = next((goes[j] for j in reversed(seen) if j < k), None)
        after = next((goes[j] for j in seen if j > k), None)
        goes[k] = before is not False and after is not False and (before or after) is True
    return goes
