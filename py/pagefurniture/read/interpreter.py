"""The interpreter: pdfminer's ``PDFPageInterpreter`` reading content streams with ``tokens`` and watching
the clock, and the font lookup that names a character map it cannot load."""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from itertools import islice
from typing import Any

from pdfminer import pdftypes
from pdfminer.cmapdb import CMap
from pdfminer.pdffont import PDFCIDFont, PDFType3Font
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.psparser import literal_name

from ..errors import MissingCharacterMap
from . import tokens
from .cmaps import SCRIPTS, UnknownCharacterMap, _MapUnavailable, _where, unmapped

_log = logging.getLogger("pdfminer.pdfinterp")  # pdfminer's own warnings about content go there


class Interpreter(PDFPageInterpreter):
    """pdfminer's page interpreter, reading content streams with ``tokens.run`` and watching the clock.

    ``tokens.run`` tokenises a content stream several times faster than pdfminer's parser and calls the
    same operators; on anything it leaves to pdfminer (``tokens.Unsupported``) the device is set back to
    where the stream started (``device.checkpoint()``/``device.restore()``) and pdfminer's own
    ``execute`` reads the streams again. Set ``Interpreter.fast = False`` to read with pdfminer's parser
    only (``tests/bench/same_pages.py --parser pdfminer`` compares the two). A device with ``checkpoint``
    is one like ``glyphs._Glyphs``: it records text only (path operators are skipped for it) and keeps
    nothing of the graphic state it is handed (it gets the live one, not a copy); any other device is
    always read by pdfminer's parser.

    The device's clock otherwise runs only when text is drawn; a page of a million path operators, or
    Form XObjects that each draw the next one twice (2**30 draws from a few objects), must stop too: the
    clock is checked every 1,024 tokens and at every stream (pdfminer's parser: every 256 operands).
    Nested forms get an Interpreter too: pdfminer makes them with ``self.__class__``.
    """

    fast = True
    _operands = 0

    def __init__(self, rsrcmgr: Any, device: Any) -> None:
        super().__init__(rsrcmgr, device)
        self.operators = tokens.Operators(self)

    def execute(self, streams: Any) -> None:
        device: Any = self.device  # any pdfminer device; one with checkpoint() has restore() and a clock too
        if not self.fast or not hasattr(device, "checkpoint"):
            if getattr(device, "places", None) is not None:
                device.places = None  # pdfminer's parser does not say where the strings are
            super().execute(streams)
            return
        clock = getattr(device, "clock", None)
        check = clock.check if clock is not None else _no_clock
        check()
        # As pdfminer does: a stream without an object number cannot be tracked, and one that is being
        # drawn already (a form that draws itself, directly or not) would be drawn for ever.
        self.stream_ids.clear()
        valid = []
        for obj in streams:
            stream = pdftypes.stream_value(obj)
            if stream.objid is None or stream.objid in self.parent_stream_ids:
                _log.warning("skipping content stream %r: inline or drawn by itself", stream.objid)
                continue
            valid.append(stream)
            self.stream_ids.add(stream.objid)
        if not valid:
            return
        ctm = self.ctm
        saved = device.checkpoint()

        def undo() -> None:
            device.restore(saved)
            self.init_state(ctm)

        # Where the strings are is known when this module's loop reads them all (tokens._run_python).
        placing = getattr(device, "places", None) is not None
        if placing and tokens.native is not None:
            device.places, placing = None, False
        if placing:
            device.enter(tuple(stream.objid for stream in valid))
        try:
            tokens.run(self, valid, check, undo)
        except tokens.Unsupported:
            undo()
            device.places = None
            super().execute(streams)
        finally:
            if placing:
                device.leave()

    def do_Do(self, xobjid_arg: Any) -> None:
        # The device learns the name of the form drawn, and where its Do is (glyphs._Glyphs.enter).
        device: Any = self.device
        if not hasattr(device, "pending"):
            super().do_Do(xobjid_arg)
            return
        device.pending = (literal_name(xobjid_arg), device.here)
        try:
            super().do_Do(xobjid_arg)
        finally:
            device.pending = None

    def push(self, obj: Any) -> None:
        self.argstack.append(obj)
        Interpreter._operands += 1
        if Interpreter._operands & 255 == 0:
            clock = getattr(self.device, "clock", None)
            if clock is not None:
                clock.check()

    def pop(self, n: int) -> list[Any]:
        # pdfminer copies the whole operand stack on every pop, quadratic when a page piles up operands.
        # In place, too, because tokens.run holds on to the stack.
        if n == 0:
            return []
        x = self.argstack[-n:]
        del self.argstack[-n:]
        return x


def _no_clock() -> None:
    pass


# -- fonts ---------------------------------------------------------------------------------------------------

# pdfminer's own font lookup, which _get_font wraps: taken at import, before patches.install() replaces it.
_original_get_font: Callable[..., Any] = PDFResourceManager.get_font


def _get_font(self: PDFResourceManager, objid: object, spec: Any) -> Any:
    """``PDFResourceManager.get_font``, naming the font (and its script) when a character map it needs fails,
    and naming a font whose map pdfminer does not know (it decodes all its text as nothing): the page being
    read notes it (``cmaps.unmapped``), anywhere else it is refused."""
    try:
        font = _original_get_font(self, objid, spec)
    except _MapUnavailable as exc:
        font, ordering = "", ""
        try:
            font = str(getattr(pdftypes.resolve1(spec.get("BaseFont")), "name", "") or "")
            info = pdftypes.resolve1(spec.get("CIDSystemInfo"))
            if isinstance(info, dict):
                value = pdftypes.resolve1(info.get("Ordering"))
                ordering = value.decode("latin-1") if isinstance(value, bytes) else str(value or "")
        except Exception:
            pass
        if not ordering:
            ordering = exc.name.rsplit("-", 1)[-1]  # to-unicode-Adobe-Japan1
        script = SCRIPTS.get(ordering.strip())
        raise MissingCharacterMap(
            f"{_where()} needs the {script + ' ' if script else ''}character map {exc.name}"
            + (f" for its font {font}" if font else "") + f", which {exc.why}") from None
    cmap = getattr(font, "cmap", None)
    if type(cmap) is CMap and not cmap.code2cid:  # what pdfminer puts in when it has no map of that name
        try:
            name = PDFCIDFont._get_cmap_name(spec, False)
        except Exception:
            name = "unknown"
        message = (f"its font {getattr(font, 'basefont', 'unknown')} is encoded with the character map {name}, "
                   "which pdfminer.six does not have")
        found = unmapped.get()
        if found is None:
            raise UnknownCharacterMap(message)
        if message not in found:
            found.append(message)  # the page's other fonts are read all the same; the page names this one
    if isinstance(font, PDFType3Font) and not hasattr(font, "size_scale"):
        font.size_scale = _type3_scale(font, spec)  # type: ignore[attr-defined]  # read by glyphs.setup
    return font


# A Type 3 font's glyph space is its own (FontMatrix), so its font size says nothing of how tall its glyphs
# are drawn: Ghostscript sets dvips' bitmap fonts in 0.12 pt with a FontMatrix of 1, glyphs of 83 units to
# the em. Where the glyphs stand further than this factor from the size, either way, their height is the
# size; nearer, the size stays as it is, as for every other font.
TYPE3_SIZE_FACTOR = 2.0
# The operator that opens a Type 3 glyph's procedure with its box: "wx wy llx lly urx ury d1".
_GLYPH_BOX = re.compile(rb"\s*(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+(-?[\d.]+)\s+d1")


def _type3_scale(font: PDFType3Font, spec: Any) -> float:
    """What a Type 3 font's size is multiplied by to give the height of its glyphs on the page: 1 unless they
    stand more than ``TYPE3_SIZE_FACTOR`` taller or shorter than the size. A FontBBox that agrees with the
    size is taken at its word; else the height is that of the glyphs' own boxes together, or the FontBBox's
    where they have none: Ghostscript writes a FontBBox that is no glyph's ([0 0 1 -1], or [0 0 1000 1000]
    for glyphs 83 units tall)."""
    low, high = font.bbox[1], font.bbox[3]
    if abs(high - low) > 1 and 1 / TYPE3_SIZE_FACTOR <= abs(high - low) * abs(font.vscale) <= TYPE3_SIZE_FACTOR:
        return 1.0
    glyphs_low = glyphs_high = 0.0
    try:
        procs = pdftypes.dict_value(spec.get("CharProcs"))
        for proc in islice(procs.values(), 256):  # a simple font draws 256 codes at most
            found = _GLYPH_BOX.match(pdftypes.stream_value(proc).get_data()[:128])
            if found:
                glyphs_low = min(glyphs_low, float(found[4]), float(found[6]))
                glyphs_high = max(glyphs_high, float(found[4]), float(found[6]))
    except (ValueError, TypeError, pdftypes.PDFException):
        glyphs_low = glyphs_high = 0.0  # procedures that cannot be read: the FontBBox is all there is
    if glyphs_high != glyphs_low:
        low, high = glyphs_low, glyphs_high
    elif abs(high - low) <= 1:
        return 1.0  # no box at all
    height = abs(high - low) * abs(font.vscale)
    if height and not 1 / TYPE3_SIZE_FACTOR <= height <= TYPE3_SIZE_FACTOR:
        return height
    return 1.0

