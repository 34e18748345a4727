"""Reading a document: opening the PDF, listing its pages and reading each one into lines; pdfminer's
errors become ours here.

``Reader`` is an open file whose pages are read one call at a time, in any order (the web page shares a
long file's pages out to several workers); ``extract`` reads them all. A page goes through
``interpreter`` (its content streams, read by ``tokens``), ``glyphs`` (where each glyph lands) and
``lines`` (the glyphs grouped into lines).
"""

from __future__ import annotations

import codecs
import hashlib
import io
import itertools
from collections.abc import Callable
from dataclasses import replace

from pdfminer.pdfdocument import PDFEncryptionError, PDFPasswordIncorrect
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdfpage import PDFPage
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import dict_value, resolve1
from pdfminer.psparser import PSLiteral
from pdfminer.utils import decode_text

from ..errors import (
    Cancelled,
    DamagedPDF,
    LimitExceeded,
    PageFurnitureError,
    PasswordRequired,
    TruncatedPDF,
    WrongPassword,
)
from ..model import CutOff, Document, Line, Page
from . import cmaps, decoding, kernel, page_tree, patches
from .glyphs import _Again, _Deferred, _Glyphs, _glyphs_config
from .interpreter import Interpreter
from .limits import DEFAULT_LIMITS, Limits, Source, _Clock, check_header, read_bytes
from .xref import SafePDFDocument

Progress = Callable[[int, int], object]

# Decompression, reference chains and the page tree are bounded by the guards of this package (pdfminer
# alone is not): patches.py makes pdfminer use them.
patches.install()


def _open(data: bytes, password: str | None) -> tuple[SafePDFDocument, bool]:
    parser = PDFParser(io.BytesIO(data))
    try:
        doc = SafePDFDocument(parser, password=password or "")
    except PDFPasswordIncorrect:
        if password:
            raise WrongPassword("the password is not right for this PDF; check it and try again") from None
        raise PasswordRequired("this PDF is protected by a password, which is needed to open it") from None
    except PDFEncryptionError:
        # pdfminer's message is a dump of the /Encrypt dictionary; name the scheme instead.
        raise DamagedPDF(f"this PDF uses an encryption this tool cannot open ({_scheme(parser)}); open it in a "
                         "PDF viewer that can, and save or print an unprotected copy") from None
    except PageFurnitureError:
        raise
    except MemoryError:
        raise LimitExceeded("the file needs more memory to open than this computer can give; "
                            "split it into smaller PDFs") from None
    except Exception as exc:
        raise DamagedPDF(f"this PDF is damaged and cannot be read ({_brief(exc)}); "
                         "try opening and saving it again with a PDF viewer") from None
    return doc, bool(doc.encryption)


def _scheme(parser: PDFParser) -> str:
    """A short name for the encryption of a file pdfminer refused, e.g. "Adobe.PubSec, version 4"."""
    try:
        encrypt = resolve1(parser.doc.xrefs[0].get_trailer().get("Encrypt")) if parser.doc else None
        if encrypt is None:
            return "an unknown scheme"
        name = getattr(resolve1(encrypt.get("Filter")), "name", "unknown")
        return f"{name}, version {resolve1(encrypt.get('V', 0))}"
    except Exception:
        return "an unknown scheme"


# pdfminer parses untrusted bytes and, on a hostile file, raises nearly any built-in exception:
# struct.error from a broken font, RuntimeError from a truncated RunLength stream, RecursionError,
# UnicodeDecodeError, zlib.error... All of them mean the same to the user (this part of the file is
# damaged), so the boundary catches Exception; our own errors (limits, cancel) pass through first.
PARSER_ERRORS = (Exception,)


def _brief(exc: BaseException | str) -> str:
    text = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
    return text[:120]


def extract(pdf: Source, *, password: str | None = None, on_progress: Progress | None = None,
            limits: Limits = DEFAULT_LIMITS) -> Document:
    """Read every page's lines.

    >>> doc = extract("site/sample.pdf")
    >>> [page.number for page in doc.pages]
    [1, 2, 3, 4, 5, 6]
    >>> doc.pages[1].lines[0].text
    'Annual Report 2025'
    """
    reader = Reader(pdf, password=password, limits=limits)
    total = reader.page_count
    pages = []
    for number in range(1, total + 1):
        pages.append(reader.read(number))
        if on_progress is not None and on_progress(number, total) is False:
            raise Cancelled("stopped on request")
    return Document(pages=tuple(pages), encrypted=reader.encrypted, cut_off=reader.cut_off)


class Reader:
    """An open PDF whose pages are read one call at a time, in any order.

    ``extract`` reads them all in order; the web page opens one Reader per worker and shares the pages out,
    so that a long PDF is read on several cores. The limits hold for each Reader (its clock starts when it
    opens the file). ``cut_off`` says what is known of a file that is cut off (None for a whole file).
    """

    def __init__(self, pdf: Source, *, password: str | None = None, limits: Limits = DEFAULT_LIMITS) -> None:
        data = read_bytes(pdf, limits)
        check_header(data)
        self._budget = decoding.Budget(limits.max_stream_bytes, limits.max_decoded_bytes)
        with decoding.budget(self._budget):
            doc, self.encrypted = _open(data, password)
            self._document = doc  # for info and page_labels
            self._page_objects, self.cut_off = _list_pages(doc, limits)
        self._clock = _Clock(limits)
        rsrcmgr = PDFResourceManager(caching=True)
        glyphs = kernel.glyphs(lambda: _glyphs_config(limits))
        self._device = (_Glyphs(rsrcmgr, self._clock, limits) if glyphs is None
                        else _Deferred(rsrcmgr, self._clock, limits, glyphs))
        # Where each string is, for the cleaned PDF (model.Places), known by the file's SHA-256: not in the
        # browser, whose kernel reads the strings.
        self.source = hashlib.sha256(data).digest() if glyphs is None else None
        self._device.source = self.source
        self._interpreter = Interpreter(rsrcmgr, self._device)

    @property
    def page_count(self) -> int:
        return len(self._page_objects)

    def read(self, number: int) -> Page:
        """Page ``number`` (1-based) with its lines; an unreadable page comes back empty, with its error."""
        if not 1 <= number <= self.page_count:
            raise ValueError(f"page {number} is not in this PDF (it has {self.page_count} pages)")
        page_object = self._page_objects[number - 1]
        self._clock.begin(number)
        self._budget.page = number
        with decoding.budget(self._budget):
            if isinstance(page_object, page_tree.Missing):
                # Listed by the page tree but unreadable: keep its place and name it, never drop it silently.
                width, height = self._size_near(number)
                return Page(number=number, width=width, height=height, lines=(),
                            error=f"page {number} could not be read: {page_object.reason}")
            if isinstance(page_object, page_tree.Incomplete):
                # Its text is read; what a missing form would have drawn is not, and the page says so.
                page = _read_page(number, page_object.page, self._interpreter, self._device)
                return page if page.error else replace(
                    page, error=f"page {number} could not be read completely: {page_object.reason}")
            return _read_page(number, page_object, self._interpreter, self._device)

    @property
    def info(self) -> dict[str, object]:
        """The document information dictionary (Title, Author, Producer, CreationDate, ...), as Python values.

        Text strings are decoded, names read ``/Name``, numbers stay numbers, arrays and dictionaries become
        lists and dicts (four levels deep at most). Empty when the file has none or it cannot be read.
        """
        with decoding.budget(self._budget):
            try:
                return {str(key): _info_value(value, 4) for key, value in
                        dict_value(self._document.info[0] if self._document.info else {}).items()}
            except PageFurnitureError:
                raise
            except PARSER_ERRORS:  # metadata only: a broken dictionary is as good as none
                return {}

    @property
    def page_labels(self) -> tuple[str, ...] | None:
        """The PDF's own label of every page ("i", "ii", "1", "A-1"), or None when it defines none.

        A page the labels leave unnamed gets "". A damaged label tree counts as none.
        """
        with decoding.budget(self._budget):
            try:
                return tuple(itertools.islice(self._document.get_page_labels(), self.page_count))
            except PageFurnitureError:
                raise
            except PARSER_ERRORS:  # PDFNoPageLabels, or a broken tree
                return None

    def _size_near(self, number: int) -> tuple[float, float]:
        """A missing page gets the size of the nearest earlier page that was read, else Letter."""
        for earlier in range(number - 1, 0, -1):
            page_object = self._page_objects[earlier - 1]
            if not isinstance(page_object, page_tree.Missing):
                width, height, _ = _frame(getattr(page_object, "page", page_object))
                return round(width, 2), round(height, 2)
        return 612.0, 792.0


def _info_value(value: object, depth: int) -> object:
    value = resolve1(value)
    if isinstance(value, bytes):
        # PDF text strings: UTF-16 with a byte order mark, UTF-8 with one (PDF 2.0), else PDFDocEncoding.
        return value[3:].decode("utf-8", "replace") if value.startswith(codecs.BOM_UTF8) else decode_text(value)
    if isinstance(value, PSLiteral):
        return "/" + str(value.name)
    if isinstance(value, (bool, int, float)):
        return value
    if depth > 0 and isinstance(value, list):
        return [_info_value(item, depth - 1) for item in value]
    if depth > 0 and isinstance(value, dict):
        return {str(key): _info_value(item, depth - 1) for key, item in value.items()}
    return "..." if isinstance(value, (list, dict)) else str(value)


def _list_pages(doc: SafePDFDocument, limits: Limits) -> tuple[list, CutOff | None]:
    try:
        found = page_tree.list_pages(doc, max_pages=limits.max_pages)
    except PageFurnitureError:
        raise
    except PARSER_ERRORS as exc:
        raise DamagedPDF(f"the page list of this PDF is damaged ({_brief(exc)}); "
                         "try opening and saving it again with a PDF viewer") from None
    page_objects = found.pages
    cut = CutOff(doc.size, doc.expected, found.count_known) if getattr(doc, "cut", False) else None
    if not any(isinstance(page, (PDFPage, page_tree.Incomplete)) for page in page_objects):
        reasons = [page.reason for page in page_objects if isinstance(page, page_tree.Missing)]  # all of them, here
        if cut is not None:
            listed = "it lists" if found.from_tree or found.count_known else "found in it"
            count = len(page_objects)
            what = ("what is left of it holds no complete page" if not count else
                    f"the one page {listed} is not complete ({reasons[0]})" if count == 1 else
                    f"none of the {count} pages {listed} is complete ({reasons[0]})")
            raise TruncatedPDF(f"the file is cut off {cut.where}; no page could be read: {what}; "
                               "get a complete copy of the file (download or copy it again)")
        if not page_objects:
            raise DamagedPDF("this PDF has no pages, so it has no text to read; check that it is the file you meant")
        reason = reasons[0]
        raise DamagedPDF(f"none of the {len(page_objects)} pages of this PDF can be read ({reason}); "
                         "get a complete copy of the file, or open and save it again with a PDF viewer")
    if len(page_objects) > limits.max_pages:
        raise LimitExceeded(f"the PDF has {len(page_objects):,} pages, over the limit of {limits.max_pages:,}; "
                            "split it into smaller PDFs")
    return page_objects, cut


def _read_page(number: int, page_object: PDFPage, interpreter: PDFPageInterpreter, device: _Glyphs) -> Page:
    width, height, crop = _frame(page_object)
    try:
        lines, error = _draw(number, page_object, interpreter, device, crop)
    except _Again:
        device.python = True
        try:
            lines, error = _draw(number, page_object, interpreter, device, crop)
        finally:
            device.python = False
    cx0, _, _, cy1 = crop
    pictures = tuple((round(x0 - cx0, 2), round(cy1 - y1, 2), round(x1 - cx0, 2), round(cy1 - y0, 2))
                     for x0, y0, x1, y1 in device.pictures)
    places = device.take_places()
    device.clear()
    return Page(number=number, width=round(width, 2), height=round(height, 2), lines=lines, error=error,
                pictures=pictures, places=None if error else places)


def _draw(number: int, page_object: PDFPage, interpreter: PDFPageInterpreter, device: _Glyphs,
          crop: tuple[float, float, float, float]) -> tuple[tuple[Line, ...], str | None]:
    """The page's lines, and what stopped it being read completely (None when nothing did)."""
    error = None
    device.clear()  # in case pdfminer fails before it begins the page
    fonts = cmaps.unmapped.set([])  # a font whose map pdfminer does not have: its text alone is lost
    try:
        interpreter.process_page(page_object)
    except (PageFurnitureError, _Again):
        raise
    except PARSER_ERRORS as exc:
        # Keep what was read before the failure and say so: the page is named in the report.
        error = f"page {number} could not be read completely ({_brief(exc)})"
    finally:
        unmapped = cmaps.unmapped.get() or []
        cmaps.unmapped.reset(fonts)
    if error is None and unmapped:
        error = f"page {number} could not be read completely ({_brief(unmapped[0])})"
    return device.lines(crop), error


def _frame(page_object: PDFPage) -> tuple[float, float, tuple[float, float, float, float]]:
    """The visible page's size, and the crop box in the device space pdfminer draws into."""
    try:
        mx0, my0, mx1, my1 = (float(v) for v in page_object.mediabox)
        cx0, cy0, cx1, cy1 = (float(v) for v in (page_object.cropbox or page_object.mediabox))
    except (TypeError, ValueError):
        mx0, my0, mx1, my1 = 0.0, 0.0, 612.0, 792.0
        cx0, cy0, cx1, cy1 = mx0, my0, mx1, my1
    # The visible page is the crop box clipped to the media box, as viewers draw it (a print-ready export
    # may give a crop box larger than its media box, around a slug area that is never shown).
    lo_x, hi_x, lo_y, hi_y = min(mx0, mx1), max(mx0, mx1), min(my0, my1), max(my0, my1)
    clipped = (max(min(cx0, cx1), lo_x), max(min(cy0, cy1), lo_y), min(max(cx0, cx1), hi_x), min(max(cy0, cy1), hi_y))
    if clipped[2] - clipped[0] >= 1 and clipped[3] - clipped[1] >= 1:
        cx0, cy0, cx1, cy1 = clipped
    else:
        cx0, cy0, cx1, cy1 = mx0, my0, mx1, my1
    rotate = (page_object.rotate or 0) % 360
    w, h = abs(mx1 - mx0), abs(my1 - my0)
    # Device space: pdfminer moves the media box's lower-left corner to the origin and rotates.
    if rotate == 90:
        crop = (cy0 - my0, mx1 - cx1, cy1 - my0, mx1 - cx0)
        w, h = h, w
    elif rotate == 180:
        crop = (mx1 - cx1, my1 - cy1, mx1 - cx0, my1 - cy0)
    elif rotate == 270:
        crop = (my1 - cy1, cx0 - mx0, my1 - cy0, cx1 - mx0)
        w, h = h, w
    else:
        crop = (cx0 - mx0, cy0 - my0, cx1 - mx0, cy1 - my0)
    x0, y0, x1, y1 = crop
    crop = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    if crop[2] - crop[0] < 1 or crop[3] - crop[1] < 1:
        crop = (0.0, 0.0, w, h)
    return crop[2] - crop[0], crop[3] - crop[1], crop
