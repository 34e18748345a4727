"""The changes to pdfminer itself, all made by ``install()``, behind one check that the pinned version still
has what they replace.

``install()`` swaps the decoders pdfminer's ``PDFStream.decode`` calls (looked up as module globals of
``pdfminer.pdftypes`` at call time) for those of ``decoding``, which stop at ``Limits.max_stream_bytes``,
and counts all decoded streams against ``Limits.max_decoded_bytes``; lets the xref rebuild of a cut-off
file keep the objects before the cut (``xref._Fallback``); keeps pdfminer's warnings off stderr unless the
application logs them; lets a character map that is not on disk be fetched (the web page serves them
apart) and makes a character map that cannot be loaded an error naming the font (``cmaps``,
``interpreter._get_font``), where pdfminer would quietly decode the font's text as nothing or as
``(cid:N)``. ``web`` calls it with the browser's way of fetching character maps and its content reader.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import pdfminer
from pdfminer import pdfdocument, pdftypes
from pdfminer.cmapdb import CMapDB
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdffont import PDFCIDFont
from pdfminer.pdfinterp import PDFResourceManager
from pdfminer.pdftypes import PDFStream

from . import cmaps as character_maps
from . import interpreter, kernel
from .decoding import _capped, _counted, _decompress_corrupted, _lzwdecode, _rldecode, _Zlib
from .xref import _Fallback

# Everything install() replaces, by where it lives. pdfminer is pinned; a version that lacks one of these
# has changed what the guard relies on and must be checked again.
PATCHED = (
    (pdftypes, ("zlib", "decompress_corrupted", "lzwdecode", "rldecode", "ccittfaxdecode", "apply_png_predictor",
                "apply_tiff_predictor")),
    (PDFStream, ("decode",)),
    (pdfdocument, ("PDFXRefFallback",)),
    (CMapDB, ("_load_data",)),
    (PDFResourceManager, ("get_font",)),
    (PDFCIDFont, ("_get_cmap_name",)),
    (PDFDocument, ("_getobj_parse", "_get_objects")),  # overridden by SafePDFDocument
)
PDFMINER_VERSION: str = pdfminer.__version__  # the version these patches run on (pinned in pyproject.toml)
_installed = False


def install(*, cmaps: Callable[[str], bytes | None] | None = None, reader: Any = None) -> None:
    """Make the changes to pdfminer described above (once; called by ``document`` at import).

    ``cmaps(name) -> bytes | None`` registers where to get a character map that is not on disk (the web
    page's worker passes one that fetches it from the site): None when there is no such map, an exception
    whose message says why (and what to do) when there is one that cannot be had now. ``reader`` is a
    JavaScript reader of content streams for ``kernel.use_native`` (the worker passes one). Either may
    be given on any call.
    """
    global _installed
    if cmaps is not None:
        character_maps._cmap_source = cmaps
    if reader is not None:
        kernel.use_native(reader)
    if _installed:
        return
    for owner, names in PATCHED:
        for name in names:
            if not hasattr(owner, name):
                raise ImportError(f"{owner.__name__} has no {name}; pdfminer changed and the guard needs updating")
    pdftypes.zlib = _Zlib  # type: ignore[assignment]
    pdftypes.decompress_corrupted = _decompress_corrupted
    pdftypes.lzwdecode = _lzwdecode
    pdftypes.rldecode = _rldecode
    pdftypes.ccittfaxdecode = _capped(pdftypes.ccittfaxdecode)
    # Predictors keep the size, but a hostile /Columns can make them allocate; cap their output too.
    pdftypes.apply_png_predictor = _capped(pdftypes.apply_png_predictor)
    pdftypes.apply_tiff_predictor = _capped(pdftypes.apply_tiff_predictor)
    PDFStream.decode = _counted(PDFStream.decode)  # type: ignore[method-assign, assignment]
    # pdfminer rebuilds a broken cross-reference table with this class (looked up at call time).
    pdfdocument.PDFXRefFallback = _Fallback  # type: ignore[misc]
    CMapDB._load_data = classmethod(character_maps._load_cmap)  # type: ignore[method-assign, assignment]
    PDFResourceManager.get_font = interpreter._get_font  # type: ignore[method-assign]
    # pdfminer logs a warning for every oddity it works around; with no handler configured Python would
    # print them on stderr. A library stays quiet unless the application configures logging.
    logging.getLogger("pdfminer").addHandler(logging.NullHandler())
    _installed = True
