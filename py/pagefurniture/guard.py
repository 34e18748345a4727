"""Guards around pdfminer for hostile files: bounded stream decoding, a bounded page tree, bounded references.

pdfminer is written for PDFs that are merely badly made; a file built to hurt can make it decompress a
stream into gigabytes, walk a reference cycle for ever, or drop pages of a cut-off file without a word.
This module closes those holes without forking pdfminer:

* ``install()`` makes every change to pdfminer itself, behind one check that the pinned version still has
  what it replaces: it swaps the decoders pdfminer's ``PDFStream.decode`` calls (looked up as module
  globals of ``pdfminer.pdftypes`` at call time) for versions that stop at ``Limits.max_stream_bytes``,
  counts all decoded streams against ``Limits.max_decoded_bytes``, lets the xref rebuild of a cut-off file
  keep the objects before the cut, keeps pdfminer's warnings off stderr unless the application logs them,
  and lets a character map that is not on disk be fetched (the web page serves them apart);
* ``SafePDFDocument`` never hands back a reference that points at another reference, so pdfminer's
  ``while isinstance(x, PDFObjRef)`` loops end even on a cycle, and finds the catalog of a file cut off
  before its trailer;
* ``Interpreter`` reads content streams with the fast parser of ``content`` (pdfminer's own where that one
  declines) and checks the clock while it parses operators, so a page that draws no text still stops;
* ``list_pages`` walks the page tree without recursion and names every page it cannot read.

This module (with ``content``, the content-stream reader of ``Interpreter``) and ``extract`` are the only
ones that import pdfminer. ``extract`` uses it to read; ``web``
calls ``install()`` to register the browser's way of fetching character maps.
"""

from __future__ import annotations

import contextvars
import logging
import os
import re
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pdfminer
from pdfminer import cmapdb, pdfdocument, pdftypes
from pdfminer.cmapdb import CMapDB
from pdfminer.pdfdocument import PDFDocument, PDFXRefFallback
from pdfminer.pdfparser import PDFSyntaxError
from pdfminer.pdfinterp import PDFPageInterpreter
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import PDFObjRef, PDFStream
from pdfminer.psexceptions import PSEOF
from pdfminer.psparser import LIT

from . import content
from .errors import LimitExceeded

_log = logging.getLogger("pdfminer.pdfinterp")  # pdfminer's own warnings about content go there

LITERAL_PAGE = LIT("Page")
LITERAL_PAGES = LIT("Pages")
LITERAL_CATALOG = LIT("Catalog")

# A chain of references (1 0 R -> 2 0 R -> ...) longer than this is treated as a cycle.
MAX_REFERENCE_HOPS = 32
# Decompress in slices of this size so that a bomb is stopped after at most one slice past the cap.
_SLICE = 1 << 20


@dataclass
class Budget:
    """The stream caps of one run, and where it is (for the messages)."""

    max_stream_bytes: int
    max_decoded_bytes: int | None = None  # all streams of the run together (pdfminer keeps them decoded)
    page: int | None = None  # the page being read, for the message; None while opening the file
    decoded: int = 0


_budget: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("pagefurniture_budget", default=None)


@contextmanager
def budget(state: Budget) -> Iterator[Budget]:
    """Apply the stream size caps of ``state`` to every stream decoded inside the ``with`` block.

    One Budget serves a whole file, also when its pages are read in several calls. ``Budget.page`` should
    be set to the page being read so that the message can name it.
    """
    install()
    token = _budget.set(state)
    try:
        yield state
    finally:
        _budget.reset(token)


def _cap() -> int | None:
    state = _budget.get()
    return state.max_stream_bytes if state is not None else None


def _too_large() -> LimitExceeded:
    state = _budget.get()
    assert state is not None
    where = f"page {state.page}" if state.page else "the file"
    mb = state.max_stream_bytes / 2**20
    return LimitExceeded(f"{where} contains a compressed stream that expands to more than {mb:.0f} MB, the limit for "
                         "one stream; the file is damaged or built to exhaust memory")


def _check(size: int) -> None:
    cap = _cap()
    if cap is not None and size > cap:
        raise _too_large()


# -- decoders ------------------------------------------------------------------------------------------


def _inflate(data: bytes, *, lenient: bool) -> bytes:
    """zlib-decompress ``data`` in bounded slices; raise zlib.error on damage unless ``lenient``.

    Lenient mode keeps what was decoded before the damage, as PDF viewers do; pdfminer's own fallback
    for that case feeds the decompressor one byte at a time and concatenates bytes, which is quadratic.
    """
    cap = _cap()
    limit = cap + 1 if cap is not None else 0
    d = zlib.decompressobj()
    out: list[bytes] = []
    size = 0
    pending = data
    try:
        while pending:
            chunk = d.decompress(pending, _SLICE if limit else 0)
            size += len(chunk)
            out.append(chunk)
            if limit and size >= limit:
                raise _too_large()
            if d.eof:
                break
            pending = d.unconsumed_tail
            if not pending and not chunk:
                break
        if not d.eof:
            tail = d.flush()
            size += len(tail)
            out.append(tail)
            _check(size)
    except zlib.error:
        if not lenient:
            raise
    return b"".join(out)


class _Zlib:
    """Stands in for the ``zlib`` module inside ``pdfminer.pdftypes``: the same API, capped."""

    error = zlib.error

    @staticmethod
    def decompress(data: bytes, *args: Any, **kwargs: Any) -> bytes:
        return _inflate(data, lenient=False)

    @staticmethod
    def decompressobj(*args: Any, **kwargs: Any) -> Any:
        return zlib.decompressobj(*args, **kwargs)


def _decompress_corrupted(data: bytes) -> bytes:
    return _inflate(data, lenient=True)


def _lzwdecode(data: bytes) -> bytes:
    from pdfminer.lzw import LZWDecoder
    import io

    out: list[bytes] = []
    size = 0
    for chunk in LZWDecoder(io.BytesIO(data)).run():
        size += len(chunk)
        _check(size)
        out.append(chunk)
    return b"".join(out)


def _rldecode(data: bytes) -> bytes:
    """RunLengthDecode (PDF 32000 7.4.5) that stops at the cap and accepts a truncated stream.

    pdfminer's version raises RuntimeError on a truncated run (StopIteration inside a generator).
    """
    out = bytearray()
    i, n = 0, len(data)
    cap = _cap()
    while i < n:
        length = data[i]
        i += 1
        if length == 128:
            break
        if length < 128:
            out += data[i:i + length + 1]
            i += length + 1
        else:
            if i >= n:
                break
            out += data[i:i + 1] * (257 - length)
            i += 1
        if cap is not None and len(out) > cap:
            raise _too_large()
    return bytes(out)


def _ccittfaxdecode(data: bytes, params: dict[str, object]) -> bytes:
    result = _original_ccitt(data, params)
    _check(len(result))
    return result


def _counted(decode: Callable[[PDFStream], None]) -> Callable[[PDFStream], None]:
    """Wrap ``PDFStream.decode`` to add each decoded stream to the run's total.

    pdfminer keeps every object it has read, decoded streams included, until the document is dropped; a
    file of many streams each under the per-stream cap could still fill the memory without this.
    """

    def wrapper(self: PDFStream) -> None:
        decode(self)
        state = _budget.get()
        if state is None or state.max_decoded_bytes is None:
            return
        state.decoded += len(self.data or b"")
        if state.decoded > state.max_decoded_bytes:
            where = f"page {state.page}" if state.page else "opening the file"
            raise LimitExceeded(f"reading stopped at {where}: the file's compressed streams expand to more than "
                                f"{state.max_decoded_bytes / 2**20:.0f} MB in all, the limit for one file; "
                                "split it into smaller PDFs")

    return wrapper


def _capped(fn: Callable[..., bytes]) -> Callable[..., bytes]:
    def wrapper(*args: Any) -> bytes:
        result = fn(*args)
        _check(len(result))
        return result

    wrapper.__name__ = getattr(fn, "__name__", "decoder")
    return wrapper


# -- character maps --------------------------------------------------------------------------------------

# What pdfminer may ask for: names like "UniJIS-UCS2-H" or "to-unicode-Adobe-Japan1"; nothing with a path.
_CMAP_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]{0,80}")
_cmap_source: Callable[[str], bytes | None] | None = None  # see install()


def _load_cmap(cls: type, name: str) -> Any:
    """``CMapDB._load_data``, but a map missing from pdfminer's folder is fetched first when a source is set.

    pdfminer looks for ``NAME.json.gz`` in the ``cmap`` folder beside its ``cmapdb`` module; the web build
    leaves that folder out of the wheel (6.4 MB that most PDFs never use) and serves the files apart.
    """
    fetch = _cmap_source
    if fetch is not None:
        clean = name.replace("\0", "")
        folder = os.path.join(os.path.dirname(cmapdb.__file__), "cmap")
        path = os.path.join(folder, clean + ".json.gz")
        if _CMAP_NAME.fullmatch(clean) and not os.path.exists(path):
            data = fetch(clean)
            if data:
                os.makedirs(folder, exist_ok=True)
                with open(path, "wb") as fh:
                    fh.write(data)
    return _original_load_cmap(cls, name)


# -- installing ------------------------------------------------------------------------------------------

# Everything install() replaces, by where it lives. pdfminer is pinned; a version that lacks one of these
# has changed what the guard relies on and must be checked again.
PATCHED = (
    (pdftypes, ("zlib", "decompress_corrupted", "lzwdecode", "rldecode", "ccittfaxdecode", "apply_png_predictor",
                "apply_tiff_predictor")),
    (PDFStream, ("decode",)),
    (pdfdocument, ("PDFXRefFallback",)),
    (CMapDB, ("_load_data",)),
)
PDFMINER_VERSION: str = pdfminer.__version__  # the version these patches run on (pinned in pyproject.toml)
_installed = False
# pdfminer's own versions of what is wrapped, kept by install().
_original_ccitt: Callable[..., bytes]
_original_load_cmap: Callable[..., Any]


def install(*, cmaps: Callable[[str], bytes | None] | None = None) -> None:
    """Make the changes to pdfminer described above (once; called by ``extract`` at import).

    ``cmaps(name) -> bytes | None`` registers where to get a character map that is not on disk (the web
    page's worker passes one that fetches it from the site); it may be given on any call.
    """
    global _installed, _cmap_source, _original_ccitt, _original_load_cmap
    if cmaps is not None:
        _cmap_source = cmaps
    if _installed:
        return
    for owner, names in PATCHED:
        for name in names:
            if not hasattr(owner, name):
                raise ImportError(f"{owner.__name__} has no {name}; pdfminer changed and the guard needs updating")
    _original_ccitt = pdftypes.ccittfaxdecode
    _original_load_cmap = CMapDB._load_data.__func__  # type: ignore[attr-defined]
    pdftypes.zlib = _Zlib  # type: ignore[assignment]
    pdftypes.decompress_corrupted = _decompress_corrupted
    pdftypes.lzwdecode = _lzwdecode
    pdftypes.rldecode = _rldecode
    pdftypes.ccittfaxdecode = _ccittfaxdecode
    # Predictors keep the size, but a hostile /Columns can make them allocate; cap their output too.
    pdftypes.apply_png_predictor = _capped(pdftypes.apply_png_predictor)
    pdftypes.apply_tiff_predictor = _capped(pdftypes.apply_tiff_predictor)
    PDFStream.decode = _counted(PDFStream.decode)  # type: ignore[method-assign]
    # pdfminer rebuilds a broken cross-reference table with this class (looked up at call time).
    pdfdocument.PDFXRefFallback = _Fallback  # type: ignore[misc]
    CMapDB._load_data = classmethod(_load_cmap)  # type: ignore[method-assign, assignment]
    # pdfminer logs a warning for every oddity it works around; with no handler configured Python would
    # print them on stderr. A library stays quiet unless the application configures logging.
    logging.getLogger("pdfminer").addHandler(logging.NullHandler())
    _installed = True


class _Fallback(PDFXRefFallback):
    """pdfminer's xref rebuild (scan the file for ``N 0 obj``), but a file cut off inside its last object
    keeps the objects before the cut instead of failing as a whole."""

    def load(self, parser: Any) -> None:
        try:
            super().load(parser)
        except PSEOF:
            pass


# -- references ------------------------------------------------------------------------------------------


class SafePDFDocument(PDFDocument):
    """A PDFDocument whose ``getobj`` never returns a bare reference.

    An object whose body is just ``2 0 R`` makes pdfminer's ``resolve1`` follow it; a cycle
    (1 -> 2 -> 1) would loop for ever. Chains are followed here, a bounded number of hops.
    """

    def __init__(self, parser: Any, password: str = "", caching: bool = True, fallback: bool = True) -> None:
        try:
            super().__init__(parser, password, caching, fallback)
        except PDFSyntaxError:
            # A file cut off before its trailer has no /Root: find the catalog (or the page tree) by scanning
            # the objects that survived, as viewers do, so the pages before the cut can still be read.
            if self.catalog or not self.xrefs:
                raise
            self.catalog = self._find_catalog()
            if not self.catalog:
                raise

    def _find_catalog(self) -> dict:
        tree = None
        for xref in self.xrefs:
            for objid in list(xref.get_objids()):
                try:
                    obj = self.getobj(objid)
                except Exception:  # noqa: BLE001 - a damaged object cannot be the catalog
                    continue
                if not isinstance(obj, dict):
                    continue
                if _type(obj) is LITERAL_CATALOG and "Pages" in obj:
                    return obj
                if tree is None and _type(obj) is LITERAL_PAGES and "Parent" not in obj:
                    tree = objid
        return {"Pages": PDFObjRef(self, tree)} if tree is not None else {}

    def getobj(self, objid: int) -> object:
        obj = super().getobj(objid)
        hops = 0
        seen = {objid}
        while isinstance(obj, PDFObjRef):
            hops += 1
            if hops > MAX_REFERENCE_HOPS or obj.objid in seen:
                return None  # a cycle: the object has no value, like a missing one
            seen.add(obj.objid)
            try:
                obj = super().getobj(obj.objid)
            except Exception:  # noqa: BLE001 - a missing or unparsable target means "no value"
                return None
        return obj


# -- time --------------------------------------------------------------------------------------------------


class Interpreter(PDFPageInterpreter):
    """pdfminer's page interpreter, reading content streams with ``content.run`` and watching the clock.

    ``content.run`` tokenises a content stream several times faster than pdfminer's parser and calls the
    same operators; on anything it leaves to pdfminer (``content.Unsupported``) the device is set back to
    where the stream started (``device.checkpoint()``/``device.restore()``) and pdfminer's own
    ``execute`` reads the streams again. Set ``Interpreter.fast = False`` to read with pdfminer's parser
    only (``tests/bench/same_pages.py --parser pdfminer`` compares the two). A device with ``checkpoint``
    is one like ``extract._Glyphs``: it records text only (path operators are skipped for it) and keeps
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
        self.operators = content.Operators(self)

    def execute(self, streams: Any) -> None:
        device = self.device
        if not self.fast or not hasattr(device, "checkpoint"):
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
        try:
            content.run(self, valid, check)
        except content.Unsupported:
            device.restore(saved)
            self.init_state(ctm)
            super().execute(streams)

    def push(self, obj: Any) -> None:
        self.argstack.append(obj)
        Interpreter._operands += 1
        if Interpreter._operands & 255 == 0:
            clock = getattr(self.device, "clock", None)
            if clock is not None:
                clock.check()

    def pop(self, n: int) -> list[Any]:
        # pdfminer copies the whole operand stack on every pop, quadratic when a page piles up operands.
        # In place, too, because content.run holds on to the stack.
        if n == 0:
            return []
        x = self.argstack[-n:]
        del self.argstack[-n:]
        return x


def _no_clock() -> None:
    pass


# -- the page tree -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Missing:
    """A page the page tree lists but whose object is missing or unreadable."""

    reason: str


def _type(node: dict) -> object:
    kind = node.get("Type")
    if kind is None:
        kind = node.get("type")  # seen in the wild; pdfminer accepts it too
    if isinstance(kind, PDFObjRef):
        kind = pdftypes.resolve1(kind)
    return kind


def _contents_missing(contents: object) -> bool:
    """True when /Contents refers only to objects that are not in the file (an empty page has none)."""
    refs = contents if isinstance(contents, list) else [contents]
    refs = [ref for ref in refs if isinstance(ref, PDFObjRef)]
    return bool(refs) and all(pdftypes.resolve1(ref) is None for ref in refs)


def list_pages(doc: PDFDocument, *, max_pages: int) -> list[PDFPage | Missing]:
    """Every page in page-tree order; an entry that cannot be read becomes ``Missing`` instead of vanishing.

    Walks with an explicit stack (a deep tree cannot raise RecursionError), visits each node once (a
    cyclic tree ends), ignores /Count (it may lie) and stops one past ``max_pages``. When the catalog has
    no page tree, falls back like pdfminer to every object of /Type /Page.
    """
    out: list[PDFPage | Missing] = []
    root = doc.catalog.get("Pages") if isinstance(doc.catalog, dict) else None
    if root is not None:
        visited: set[int] = set()
        inheritable = PDFPage.INHERITABLE_ATTRS
        stack: list[tuple[object, dict]] = [(root, {})]
        while stack and len(out) <= max_pages:
            ref, inherited = stack.pop()
            objid = ref.objid if isinstance(ref, PDFObjRef) else None
            if objid is not None:
                if objid in visited:
                    continue
                visited.add(objid)
            try:
                node = pdftypes.resolve1(ref)
            except Exception as exc:  # noqa: BLE001 - pdfminer raises many kinds on a broken object
                out.append(Missing(f"its page object cannot be read ({type(exc).__name__})"))
                continue
            if not isinstance(node, dict):
                out.append(Missing("its page object is missing from the file (the file may be cut off)"
                                   if node is None else "its page object is not a page"))
                continue
            attrs = dict(node)
            for key, value in inherited.items():
                attrs.setdefault(key, value)
            kind = _type(attrs)
            kids = attrs.get("Kids")
            if kind is LITERAL_PAGES or (kind is None and kids is not None):
                kids = pdftypes.resolve1(kids)
                if not isinstance(kids, list):
                    continue
                passed = {key: attrs[key] for key in inheritable if key in attrs}
                # Reversed onto the stack so that pages come out in document order.
                stack.extend((kid, passed) for kid in reversed(kids))
            elif kind is LITERAL_PAGE or (kind is None and ("Contents" in attrs or "MediaBox" in attrs)):
                try:
                    if _contents_missing(attrs.get("Contents")):
                        out.append(Missing("its content is missing from the file (the file may be cut off)"))
                    else:
                        out.append(PDFPage(doc, objid, attrs, None))
                except Exception as exc:  # noqa: BLE001
                    out.append(Missing(f"its page object is damaged ({type(exc).__name__})"))
            else:
                out.append(Missing("its page object is not a page"))
    if not any(isinstance(page, PDFPage) for page in out):
        found: list[PDFPage | Missing] = []
        for xref in doc.xrefs:
            for objid in xref.get_objids():
                try:
                    obj = doc.getobj(objid)
                except Exception:  # noqa: BLE001 - unreadable objects are not pages we can show
                    continue
                if isinstance(obj, dict) and _type(obj) is LITERAL_PAGE:
                    found.append(PDFPage(doc, objid, obj, None))
                    if len(found) > max_pages:
                        return found
        if found:
            return found
    return out
