"""Guards around pdfminer for hostile files: bounded stream decoding, a bounded page tree, bounded references.

pdfminer is written for PDFs that are merely badly made; a file built to hurt can make it decompress a
stream into gigabytes, walk a reference cycle for ever, or drop pages of a cut-off file without a word.
This module closes those holes without forking pdfminer:

* ``install()`` makes every change to pdfminer itself, behind one check that the pinned version still has
  what it replaces: it swaps the decoders pdfminer's ``PDFStream.decode`` calls (looked up as module
  globals of ``pdfminer.pdftypes`` at call time) for versions that stop at ``Limits.max_stream_bytes``,
  counts all decoded streams against ``Limits.max_decoded_bytes``, lets the xref rebuild of a cut-off file
  keep the objects before the cut, keeps pdfminer's warnings off stderr unless the application logs them,
  lets a character map that is not on disk be fetched (the web page serves them apart) and makes a
  character map that cannot be loaded an error naming the font, where pdfminer would quietly decode the
  font's text as nothing or as ``(cid:N)``;
* ``SafePDFDocument`` never hands back a reference that points at another reference, so pdfminer's
  ``while isinstance(x, PDFObjRef)`` loops end even on a cycle; it tells a file that is cut off
  (``SafePDFDocument.cut``) and finds the catalog of a file cut off before its trailer;
* ``Interpreter`` reads content streams with the fast parser of ``content`` (in the browser, with the
  JavaScript one ``install()`` is given; pdfminer's own where either declines) and checks the clock
  while it parses operators, so a page that draws no text still stops;
* ``list_pages`` walks the page tree without recursion and names every page it cannot read; when the
  page tree is lost with the end of the file it finds the pages by scanning the objects, and in a cut-off
  file it names every page whose content or fonts are beyond the cut instead of reading garbage.

This module (with ``content``, the content-stream reader of ``Interpreter``) and ``extract`` are the only
ones that import pdfminer. ``extract`` uses it to read; ``web``
calls ``install()`` to register the browser's way of fetching character maps and its content reader.
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
from pdfminer.cmapdb import CMap, CMapDB
from pdfminer.pdfdocument import PDFDocument, PDFXRefFallback
from pdfminer.pdfexceptions import PDFObjectNotFound
from pdfminer.pdffont import PDFCIDFont
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFStreamParser, PDFSyntaxError
from pdfminer.pdftypes import PDFObjRef, PDFStream
from pdfminer.psexceptions import PSEOF
from pdfminer.psparser import LIT

from . import content
from .errors import LimitExceeded, MissingCharacterMap

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
    import io

    from pdfminer.lzw import LZWDecoder

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
# The script of each character collection (a CID font's /CIDSystemInfo /Ordering, the end of a
# "to-unicode-Adobe-Japan1" map's name), for the message that names what is missing.
SCRIPTS = {"Japan1": "Japanese", "Japan2": "Japanese", "GB1": "Chinese (simplified)",
           "CNS1": "Chinese (traditional)", "Korea1": "Korean", "KR": "Korean"}


class _MapUnavailable(MissingCharacterMap):
    """Raised where a map fails to load; ``_get_font`` adds the font and the page and raises the message."""

    def __init__(self, name: str, why: str) -> None:
        super().__init__(f"{_where()} needs the character map {name}, which {why}")
        self.name, self.why = name, why


def _cmap_folder() -> str:
    return os.path.join(os.path.dirname(cmapdb.__file__), "cmap")


def _load_cmap(cls: type, name: str) -> Any:
    """``CMapDB._load_data``, but a map missing from pdfminer's folder is fetched first when a source is set,
    and a map that should be there but cannot be loaded raises ``_MapUnavailable``.

    pdfminer looks for ``NAME.json.gz`` in the ``cmap`` folder beside its ``cmapdb`` module; the web build
    leaves that folder out of the wheel (6.4 MB that most PDFs never use) and serves the files apart. The
    source answers None for a map the site does not have (pdfminer then goes on as it does for any name it
    does not know) and raises when it cannot get one the site has (offline, and not stored).
    """
    fetch = _cmap_source
    clean = name.replace("\0", "")
    folder = _cmap_folder()
    if fetch is not None:
        path = os.path.join(folder, clean + ".json.gz")
        if _CMAP_NAME.fullmatch(clean) and not os.path.exists(path):
            try:
                data = fetch(clean)
            except Exception as exc:
                raise _MapUnavailable(clean, str(exc) or type(exc).__name__) from None
            if data:
                os.makedirs(folder, exist_ok=True)
                with open(path, "wb") as fh:
                    fh.write(data)
    try:
        return _original_load_cmap(cls, name)
    except CMapDB.CMapNotFound:
        if fetch is None and not os.path.isdir(folder):
            # pdfminer installed without its maps: every CJK text would come out as nothing or (cid:N).
            raise _MapUnavailable(clean, f"is not installed: pdfminer.six has no folder {folder}; "
                                         "install pdfminer.six again, with its character maps") from None
        raise  # a name pdfminer does not know: it reads the font without it, as it always has
    except (OSError, EOFError, ValueError) as exc:  # gzip or JSON: the map's file is damaged
        raise _MapUnavailable(clean, f"cannot be read ({type(exc).__name__}: its file in {folder} is damaged); "
                                     "install pdfminer.six again") from None


class UnknownCharacterMap(Exception):
    """A CID font encoded with a character map pdfminer does not have: its text cannot be decoded.

    Not a package error: it ends the reading of the page (which is then named as read in part), not the
    file, since no download or install would bring the map.
    """


def _get_font(self: PDFResourceManager, objid: object, spec: Any) -> Any:
    """``PDFResourceManager.get_font``, naming the font (and its script) when a character map it needs fails,
    and refusing a font whose map pdfminer does not know (it would decode all its text as nothing)."""
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
        raise UnknownCharacterMap(f"its font {getattr(font, 'basefont', 'unknown')} is encoded with the character "
                                  f"map {name}, which pdfminer.six does not have")
    return font


def _where() -> str:
    state = _budget.get()
    return f"page {state.page}" if state is not None and state.page else "this PDF"


# -- installing ------------------------------------------------------------------------------------------

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
# pdfminer's own versions of what is wrapped, kept by install().
_original_ccitt: Callable[..., bytes]
_original_load_cmap: Callable[..., Any]
_original_get_font: Callable[..., Any]


def install(*, cmaps: Callable[[str], bytes | None] | None = None, reader: Any = None) -> None:
    """Make the changes to pdfminer described above (once; called by ``extract`` at import).

    ``cmaps(name) -> bytes | None`` registers where to get a character map that is not on disk (the web
    page's worker passes one that fetches it from the site): None when there is no such map, an exception
    whose message says why (and what to do) when there is one that cannot be had now. ``reader`` is a
    JavaScript reader of content streams for ``content.use_native`` (the worker passes one). Either may
    be given on any call.
    """
    global _installed, _cmap_source, _original_ccitt, _original_load_cmap, _original_get_font
    if cmaps is not None:
        _cmap_source = cmaps
    if reader is not None:
        content.use_native(reader)
    if _installed:
        return
    for owner, names in PATCHED:
        for name in names:
            if not hasattr(owner, name):
                raise ImportError(f"{owner.__name__} has no {name}; pdfminer changed and the guard needs updating")
    _original_ccitt = pdftypes.ccittfaxdecode
    _original_load_cmap = CMapDB._load_data.__func__  # type: ignore[attr-defined]
    _original_get_font = PDFResourceManager.get_font
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
    PDFResourceManager.get_font = _get_font  # type: ignore[method-assign]
    # pdfminer logs a warning for every oddity it works around; with no handler configured Python would
    # print them on stderr. A library stays quiet unless the application configures logging.
    logging.getLogger("pdfminer").addHandler(logging.NullHandler())
    _installed = True


class _Fallback(PDFXRefFallback):
    """pdfminer's xref rebuild (find every ``N G obj`` in the file, and the objects inside object streams),
    but it reads on past a trailer and past a cut.

    pdfminer's own stops at the first ``trailer``; a linearised file has one near its start (for its first
    page), so a linearised file whose end is cut off would lose every object after it. Each trailer found
    updates the one kept, as later sections of a file update earlier ones. A file cut off inside its last
    object keeps the objects before the cut instead of failing as a whole.
    """

    def load(self, parser: Any) -> None:
        parser.seek(0)
        while True:
            try:
                pos, line = parser.nextline()
            except PSEOF:
                return
            if line.startswith(b"trailer"):
                parser.seek(pos)
                try:
                    self.load_trailer(parser)
                except (PSEOF, PDFSyntaxError, AssertionError, TypeError):
                    pass  # a broken trailer adds nothing; the objects after it still count
                continue
            match = _OBJECT_LINE.match(line)
            if match is None:
                continue
            objid, genno = int(match.group(1)), int(match.group(2))
            self.offsets[objid] = (None, pos, genno)
            parser.seek(pos)
            try:
                _, obj = parser.nextobject()
            except PSEOF:
                return  # the file ends inside this object
            if isinstance(obj, PDFStream) and obj.get("Type") is LITERAL_OBJSTM:
                self._index_object_stream(objid, obj)

    def _index_object_stream(self, strmid: int, stream: PDFStream) -> None:
        """Note the objects an object stream holds: it starts with N pairs "object number, offset"."""
        count = stream.get("N")
        header = PDFStreamParser(stream.get_data())
        numbers: list[object] = []
        try:
            while not isinstance(count, int) or len(numbers) < 2 * count:
                numbers.append(header.nextobject()[1])
        except PSEOF:
            pass
        for index in range(len(numbers) // 2):
            objid = numbers[2 * index]
            if isinstance(objid, int):
                self.offsets[objid] = (strmid, index, 0)


_OBJECT_LINE = re.compile(rb"([0-9]+)\s+([0-9]+)\s+obj\b")
LITERAL_OBJSTM = LIT("ObjStm")


# -- cut-off files -------------------------------------------------------------------------------------------

# A whole file ends with %%EOF, which readers look for in its last 1,024 bytes (PDF 32000, 7.5.5).
EOF_WINDOW = 1024
# A linearised file says its length (/L) and its number of pages (/N) in the dictionary that opens it.
_LINEARIZED = re.compile(rb"<<[^<>]{0,400}/Linearized\b[^<>]{0,400}>>")
_LINEARIZED_KEY = {key: re.compile(rb"/" + key + rb"[ \t\r\n]+([0-9]{1,12})\b") for key in (b"L", b"N")}


class SafePDFDocument(PDFDocument):
    """A PDFDocument whose ``getobj`` never returns a bare reference, and that knows when its file is cut off.

    An object whose body is just ``2 0 R`` makes pdfminer's ``resolve1`` follow it; a cycle
    (1 -> 2 -> 1) would loop for ever. Chains are followed here, a bounded number of hops.

    A file without ``%%EOF`` at its end whose cross-reference table cannot be used is cut off (``cut`` is
    True), and so is a linearised file shorter than it says (``expected``, its /L; ``expected_pages``,
    its /N). pdfminer's rebuild leaves out an object the cut runs through (it does not parse to its end).
    """

    def __init__(self, parser: Any, password: str = "", caching: bool = True, fallback: bool = True) -> None:
        data = parser.fp.getvalue() if hasattr(parser.fp, "getvalue") else b""
        self.size = len(data)
        ends = b"%%EOF" in data[-EOF_WINDOW:]
        # What a linearised file says of itself; only a length it does not have counts as a cut.
        head = _LINEARIZED.search(data, 0, 2048)
        said = {key: int(m.group(1)) for key, pattern in _LINEARIZED_KEY.items()
                if head and (m := pattern.search(head.group()))}
        self.expected = said[b"L"] if said.get(b"L", 0) > len(data) else None
        self.expected_pages: int | None = said.get(b"N") if self.expected else None
        self._objects = content.objects(data) if data else None  # the browser's reader of objects, if any
        try:
            super().__init__(parser, password, caching, fallback)
        except PDFSyntaxError:
            # A file cut off before its trailer has no /Root: find the catalog (or the page tree) by scanning
            # the objects that survived, as viewers do, so the pages before the cut can still be read. When
            # neither is left, the catalog stays empty and list_pages looks for the pages themselves.
            if self.catalog or not any(list(xref.get_objids()) for xref in self.xrefs):
                raise
            self.catalog = self._find_catalog()
        rebuilt = any(isinstance(xref, PDFXRefFallback) for xref in self.xrefs)
        self.cut = self.expected is not None or (not ends and rebuilt)

    def _find_catalog(self) -> dict:
        tree = None
        for xref in self.xrefs:
            for objid in list(xref.get_objids()):
                try:
                    obj = self.getobj(objid)
                except Exception:
                    continue
                if not isinstance(obj, dict):
                    continue
                if _type(obj) is LITERAL_CATALOG and "Pages" in obj:
                    return obj
                if tree is None and _type(obj) is LITERAL_PAGES and "Parent" not in obj:
                    tree = objid
        return {"Pages": PDFObjRef(self, tree)} if tree is not None else {}

    # In the browser, objects are read in JavaScript (content.mjs's Objects), the same as pdfminer reads
    # them; what that reader leaves to pdfminer, pdfminer reads.
    def _getobj_parse(self, pos: int, objid: int) -> object:
        got = None if self._objects is None else content.read_object(self._objects, pos, objid, self)
        if got is None:
            return super()._getobj_parse(pos, objid)
        if len(got) == 1:
            return got[0]
        # "N G obj << ... >> stream": pdfminer's parser reads on from the keyword stream, with the
        # dictionary on its stack, as it would have after reading it itself.
        dic, at = got
        self._parser.seek(at)
        self._parser.push((at, dic))
        return self._parser.nextobject()[1]

    def _get_objects(self, stream: PDFStream) -> tuple[list[object], int]:
        if self._objects is not None:
            objs = content.read_objects(self._objects, stream.get_data(), self)
            if objs is not None:
                return objs, stream.get("N", 0)  # pdfminer takes /N as it is, 0 when there is none
        return super()._get_objects(stream)

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
            except Exception:
                return None
        return obj

    def stored_order(self) -> list[int]:
        """Every object number the cross-reference sections know, in the order the objects sit in the file
        (an object inside an object stream sits where its stream does)."""
        where: dict[int, tuple[int, int]] = {}
        for xref in self.xrefs:
            for objid in list(xref.get_objids()):
                if objid in where:
                    continue
                try:
                    strmid, index, _ = xref.get_pos(objid)
                    if strmid is None:
                        where[objid] = (int(index), -1)
                    else:
                        where[objid] = (int(xref.get_pos(strmid)[1]), int(index))
                except Exception:
                    where[objid] = (1 << 62, objid)
        return sorted(where, key=where.__getitem__)


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

        def undo() -> None:
            device.restore(saved)
            self.init_state(ctm)

        try:
            content.run(self, valid, check, undo)
        except content.Unsupported:
            undo()
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
    """A page the page tree lists but whose object is missing or unreadable; or, in a cut-off file, a page
    whose content or fonts are beyond the cut (its text would be garbage)."""

    reason: str


@dataclass(frozen=True, slots=True)
class Incomplete:
    """A page of a cut-off file that can be read, but some pictures or forms it draws are beyond the cut."""

    page: PDFPage
    reason: str


@dataclass(frozen=True, slots=True)
class PageList:
    """The pages of a document in order, as ``list_pages`` found them."""

    pages: list[PDFPage | Incomplete | Missing]
    # False when the page tree was lost and the pages were found by scanning the objects: in a cut-off
    # file there may have been more pages after the last one found.
    from_tree: bool = True
    # True when the number of pages is the document's own: from its page tree, or from what a linearised
    # file says of itself (its pages are stored in order, so the missing ones are the last ones).
    count_known: bool = True


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


def _shares(kids: list, count: object, known: Callable[[object], int | None]) -> list[int]:
    """How many pages each kid of a page tree node stands for: 1 for a page, a node's /Count; the kids
    whose objects are missing share what the node's own /Count leaves over.

    How they share it is not known: each gets one page and the last one the rest. In a cut-off file the
    lost kids are the last ones, so the pages before them keep their numbers and the total is right.
    """
    sizes = [known(kid) for kid in kids]
    lost = [i for i, size in enumerate(sizes) if size is None]
    shares = [size if size is not None else 1 for size in sizes]
    if lost and isinstance(count, int):
        left = count - sum(size for size in sizes if size is not None)
        if left > len(lost):
            shares[lost[-1]] = left - len(lost) + 1
    return shares


def list_pages(doc: PDFDocument, *, max_pages: int) -> PageList:
    """Every page in page-tree order; an entry that cannot be read becomes ``Missing`` instead of vanishing.

    Walks with an explicit stack (a deep tree cannot raise RecursionError), visits each node once (a
    cyclic tree ends), ignores /Count (it may lie) except to tell how many pages a lost node held, and
    stops one past ``max_pages``. When the catalog has no page tree (in a cut-off file it is often written
    last), falls back like pdfminer to every object of /Type /Page, in the order they are stored. In a
    cut-off file each page is checked against the cut (``_beyond_cut``).
    """
    cut = bool(getattr(doc, "cut", False))
    out: list[PDFPage | Incomplete | Missing] = []
    root = doc.catalog.get("Pages") if isinstance(doc.catalog, dict) else None
    if root is not None:
        visited: set[int] = set()
        inheritable = PDFPage.INHERITABLE_ATTRS
        stack: list[tuple[object, dict, int]] = [(root, {}, 1)]
        while stack and len(out) <= max_pages:
            ref, inherited, share = stack.pop()
            if not _first_visit(ref, visited):
                continue
            objid = ref.objid if isinstance(ref, PDFObjRef) else None
            try:
                node = pdftypes.resolve1(ref)
            except Exception as exc:
                out.append(Missing(f"its page object cannot be read ({type(exc).__name__})"))
                continue
            if not isinstance(node, dict):
                lost = ("the file is cut off before it" if cut else
                        "its page object is missing from the file (the file may be cut off)")
                out.extend([Missing(lost if node is None else "its page object is not a page")]
                           * min(share, max_pages + 1 - len(out)))
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
                shares = _shares(kids, pdftypes.resolve1(attrs.get("Count")), _pages_in)
                # Reversed onto the stack so that pages come out in document order.
                stack.extend((kid, passed, n) for kid, n in zip(reversed(kids), reversed(shares)))
            elif kind is LITERAL_PAGE or (kind is None and ("Contents" in attrs or "MediaBox" in attrs)):
                out.append(_page(doc, objid, attrs, cut))
            else:
                out.append(Missing("its page object is not a page"))
    if not any(isinstance(page, (PDFPage, Incomplete)) for page in out):
        found: list[PDFPage | Incomplete | Missing] = []
        order = doc.stored_order() if isinstance(doc, SafePDFDocument) else \
            [objid for xref in doc.xrefs for objid in xref.get_objids()]
        for objid in order:
            try:
                obj = doc.getobj(objid)
            except Exception:
                continue
            if isinstance(obj, dict) and _type(obj) is LITERAL_PAGE:
                found.append(_page(doc, objid, _inherit(obj), cut))
                if len(found) > max_pages:
                    break
        if found:
            said = getattr(doc, "expected_pages", None)
            if said and len(found) <= said <= max_pages:
                found.extend([Missing("the file is cut off before it")] * (said - len(found)))
                return PageList(found, from_tree=False, count_known=True)
            return PageList(found, from_tree=False, count_known=False)
    return PageList(out)


def _pages_in(kid: object) -> int | None:
    """How many pages a kid of a page tree node holds, as far as it says: None when its object is missing."""
    try:
        node = pdftypes.resolve1(kid)
    except Exception:
        return 1
    if node is None:
        return None
    if isinstance(node, dict) and _type(node) is LITERAL_PAGES:
        count = pdftypes.resolve1(node.get("Count"))
        return count if isinstance(count, int) and count >= 0 else 1
    return 1


def _page(doc: PDFDocument, objid: int | None, attrs: dict, cut: bool) -> PDFPage | Incomplete | Missing:
    lost = ""
    try:
        if attrs.get("Resources") is _LOST:  # see _inherit
            return Missing("the file is cut off before its resources" if cut else
                           "the node of the page tree it takes its resources from is missing from the file")
        if cut:
            lost = _beyond_cut(doc, attrs)
            if lost in ("content", "fonts", "resources"):
                return Missing(f"the file is cut off before its {lost}")
        if _contents_missing(attrs.get("Contents")):
            return Missing("its content is missing from the file (the file may be cut off)")
        page = PDFPage(doc, objid, attrs, None)
        if lost:
            return Incomplete(page, "the file is cut off before some of the pictures or forms it draws")
        return page
    except LimitExceeded:
        raise
    except Exception as exc:
        return Missing(f"its page object is damaged ({type(exc).__name__})")


def _inherit(attrs: dict) -> dict:
    """A page object found by scanning, with what it inherits from the nodes above it (/Parent), as far as
    they are still in the file; a page whose /Resources would come from a lost node has none."""
    attrs = dict(attrs)
    parent = attrs.get("Parent")
    seen: set[int] = set()
    for _ in range(MAX_REFERENCE_HOPS):
        wanted = [key for key in PDFPage.INHERITABLE_ATTRS if key not in attrs]
        if not wanted or not isinstance(parent, PDFObjRef) or parent.objid in seen:
            break
        seen.add(parent.objid)
        try:
            node = pdftypes.resolve1(parent)
        except Exception:
            node = None
        if not isinstance(node, dict):
            if "Resources" in wanted:
                attrs["Resources"] = _LOST  # they were in the node that is gone
            break
        for key in wanted:
            if key in node:
                attrs[key] = node[key]
        parent = node.get("Parent")
    return attrs


_LOST = object()  # stands for a value the file has lost with its end
# Keys that lead to nothing the text depends on (and, for /Parent, to the whole page tree).
_NOT_TEXT = frozenset({"Parent", "Metadata", "Annots", "Thumb", "B", "PieceInfo", "StructParents", "SMask",
                       "ColorSpace", "Pattern", "Shading", "Properties", "Group", "OC", "OPI", "Alternates"})
# A page's objects are checked against the cut up to this many; a hostile file cannot make it run long.
MAX_CHECKED_OBJECTS = 100_000


def _beyond_cut(doc: PDFDocument, attrs: dict) -> str:
    """What a page of a cut-off file needs that the file no longer has: "content" (its content streams),
    "fonts" (any font it or a form it draws uses, with everything the font refers to), "resources" (its
    resource dictionary itself), "pictures" (an XObject it draws: the text of a form would be missing,
    a picture does not matter), or "" when all of it is there."""
    checked: set[int] = set()
    budget = [MAX_CHECKED_OBJECTS]

    def get(value: object) -> tuple[bool, object]:
        """(False, None) when a reference points beyond the cut, else (True, the value)."""
        if value is _LOST:
            return False, None
        if isinstance(value, PDFObjRef):
            budget[0] -= 1
            try:
                return True, doc.getobj(value.objid)
            except PDFObjectNotFound:
                return False, None
            except LimitExceeded:
                raise
            except Exception:
                return True, None
        return True, value

    def whole(value: object) -> bool:
        """Every object reachable from ``value`` (but for keys in _NOT_TEXT) is in the file."""
        stack = [value]
        while stack and budget[0] > 0:
            item = stack.pop()
            if not _first_visit(item, checked):
                continue
            there, item = get(item)
            if not there:
                return False
            if isinstance(item, PDFStream):
                item = item.attrs
            if isinstance(item, dict):
                stack.extend(v for k, v in item.items() if k not in _NOT_TEXT)
            elif isinstance(item, list):
                stack.extend(item)
        return True

    contents = attrs.get("Contents")
    for ref in contents if isinstance(contents, list) else [contents]:
        there, _ = get(ref)
        if not there:
            return "content"
    resources = [attrs.get("Resources")]
    pictures = False
    seen: set[int] = set()
    while resources:
        there, res = get(resources.pop())
        if not there:
            return "resources"
        if not isinstance(res, dict):
            continue
        fonts = [res.get("Font")] + [_font_of(get(state)[1]) for state in _values(get, res.get("ExtGState"))]
        for font in fonts:
            if font is not None and not whole(font):
                return "fonts"
        for ref in _values(get, res.get("XObject"), keep_lost=True):
            if not _first_visit(ref, seen):
                continue
            there, xobject = get(ref)
            if not there:
                pictures = True
            elif isinstance(xobject, PDFStream) and getattr(xobject.get("Subtype"), "name", "") == "Form":
                resources.append(xobject.get("Resources"))
    return "pictures" if pictures else ""


def _first_visit(value: object, seen: set[int]) -> bool:
    """False for a reference already followed (an object shared, or a cycle); otherwise True, noting it. A
    direct object is always new."""
    if isinstance(value, PDFObjRef):
        if value.objid in seen:
            return False
        seen.add(value.objid)
    return True


def _values(get: Callable[[object], tuple[bool, object]], mapping: object, *, keep_lost: bool = False) -> list:
    """The values of a resource sub-dictionary (/XObject, /ExtGState), which may itself be a reference."""
    there, mapping = get(mapping)
    if not there:
        return [_LOST] if keep_lost else []
    return list(mapping.values()) if isinstance(mapping, dict) else []


def _font_of(state: object) -> object:
    """The font a graphics state parameter dictionary sets (/Font [font size]), if any."""
    if isinstance(state, dict):
        font = state.get("Font")
        if isinstance(font, list) and font:
            return font[0]
    return None
