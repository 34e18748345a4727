"""What the cleaned PDF needs from reading: where each glyph of a line is in the content streams, and the
file's objects as they are stored.

``pagefurniture.clean`` takes the removed lines' glyphs out of the content streams. Where the report's own
reading kept the page's places (``model.Places``: each string's operator by its stream and bytes, its font
and text state, each line's glyphs), in this same file (its SHA-256), ``Traced._placed`` finds them there:
only the operators that show removed glyphs are read again, from their bytes. Otherwise (a report whose
pages come from elsewhere, a page the places cannot tell), ``Traced`` reads a page again as ``document``
reads it (the same device, the same lines), through ``_Tracer`` (``retrace``), which runs the content
streams with ``_run_traced``: the loop of ``tokens._run_python``, keeping where each operand begins, so that
every text-showing operator is known by its stream (the page's content, or a Form XObject drawn from it) and
its bytes. Lines are made by ``lines.lines_with_glyphs``, which says which glyphs each line is made of.

The page is read near its removed lines only (``Traced._near``): every operator runs, for the text state,
but a string written along the x axis at a height far from every removed line is not placed (its TJ array
not even read), runs of path operators (and q ... Q blocks of nothing else) are passed over in one step, and
text operators with plain operands are read a regular-expression match an operator (``_text_run``). The
removed lines must be made again, equal in every field, from the glyphs placed; and the characters of the
strings not placed, with those of the lines made, must be the page's characters in the report. When that
cannot tell, the page is read whole, and a page that does not read as it did for the report (other lines,
other text) is refused, never cleaned by guess. The places and both readings find the same glyphs
(``tests/pdf/test_cleaned.py``).

The rest is the file as stored, for writing it again: where each object is, its raw bytes, a stream's
decoded data, the trailer's entries, and the encryption of an encrypted file. This module hands all of it
over as plain data (bytes, numbers, the dataclasses below); only here is it pdfminer's.
"""

from __future__ import annotations

import bisect
import hashlib
import re
import struct
from collections.abc import Callable, Collection, Iterable, Sequence
from typing import Any

from pdfminer.pdfdocument import PDFStandardSecurityHandler
from pdfminer.pdffont import PDFFont
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import PDFObjRef, PDFStream, dict_value, resolve1
from pdfminer.psparser import PSLiteral

from ..errors import NotCleaned
from ..model import SHOWS, STRING, Line, Places
from . import decoding, page_tree
from .document import Reader, _frame
from .limits import DEFAULT_LIMITS, Limits, Source, read_bytes
from .retrace import Context, PageTrace, Show, _operands, _show, _Shown, _Trace, _Tracer, weight

# -- the open file ---------------------------------------------------------------------------------------------


def _gone(firsts: Sequence[int], glyphs: Iterable[int]) -> dict[int, set[int]]:
    """Each string that shows some of ``glyphs`` (their numbers on the page), by its index, with the
    ordinals of those glyphs among its own; ``firsts`` are the numbers of the strings' first glyphs."""
    gone: dict[int, set[int]] = {}
    for seq in glyphs:
        at = bisect.bisect_right(firsts, seq) - 1
        gone.setdefault(at, set()).add(seq - firsts[at])
    return gone


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
        self._source = reader.source
        self._object_streams: dict[int, tuple[bytes, list[int]]] = {}

    @property
    def page_count(self) -> int:
        return self._reader.page_count

    # -- pages ---------------------------------------------------------------------------------------------

    def trace(self, number: int, expected: tuple[Line, ...], removed: Collection[int],
              places: Places | None = None) -> PageTrace:
        """Page ``number`` with the operators that show the glyphs of lines ``removed`` (indices into its
        lines): found in the ``places`` its first reading kept, when it kept them in this same file, else by
        reading it again. ``expected`` are the page's lines as the report has them; a page that reads
        otherwise now raises NotCleaned."""
        if places is not None and places.source == self.source:
            trace = self._placed(number, places, removed)
            if trace is not None:
                return trace
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
        gone = _gone([shown.first for shown in device.shown], (seq for index in removed for seq in glyphs[index]))
        shows: dict[int, list[Show]] = {}
        with decoding.budget(self._budget):
            for at in sorted(gone):
                shown = device.shown[at]
                shows.setdefault(shown.context, []).append(_show(shown, gone[at]))
        return self._page_trace(number, device.contexts, shows)

    def _page_trace(self, number: int, contexts: Sequence[tuple[int | None, str | None, tuple | None, tuple[int, ...]]],
                    shows: dict[int, list[Show]]) -> PageTrace:
        return PageTrace(number=number, objid=self.page_objid(number), contexts=tuple(
            Context(number=k, parent=parent, name=name, do=do, streams=streams, shows=tuple(shows.get(k, ())))
            for k, (parent, name, do, streams) in enumerate(contexts)))

    def _placed(self, number: int, places: Places, removed: Collection[int]) -> PageTrace | None:
        """``trace`` from the places the first reading kept: the same strings, glyphs, fonts and text states.
        None where they cannot tell (a line whose glyphs are not drawn in a row, an operator whose operands
        did not begin right after the one before, a font given in place): the page is then read again."""
        firsts = places.strings[STRING.index("first")::len(STRING)]
        spans = [(places.lines[2 * index], places.lines[2 * index + 1]) for index in removed]
        if any(first < 0 for first, _ in spans):
            return None
        gone = _gone(firsts, (seq for first, count in spans for seq in range(first, first + count)))
        if min(gone, default=0) < 0:
            return None
        try:
            shows = self._shows(places, firsts, gone)
        except NotCleaned:  # reading the page again says why, if it is so
            return None
        return self._page_trace(number, places.contexts, shows)

    def _shows(self, places: Places, firsts: Sequence[int], gone: dict[int, set[int]]) -> dict[int, list[Show]]:
        """The operators of the strings ``gone`` (their glyphs to take out, as ``_gone`` gives them), by context."""
        strings = places.strings
        width = len(STRING)
        shows: dict[int, list[Show]] = {}
        with decoding.budget(self._budget):
            for at in sorted(gone):
                context, stream, start, end, operator, state, first = strings[at * width:(at + 1) * width]
                keyword = SHOWS[operator]
                objid, size, charspace, wordspace = places.states[state]
                if start < 0 or objid < 0:
                    raise NotCleaned("the string's place or font is not known")
                seq = _operands(self.stream(places.contexts[context][3][stream])[0], start, end, keyword)
                if seq is None:
                    raise NotCleaned("the string's operands are not where it was read")
                count = (firsts[at + 1] if at + 1 < len(firsts) else places.glyphs) - first
                shown = _Shown(context, (stream, start, end, keyword), first, count, seq, self._font(objid),
                               (size, charspace, wordspace))
                shows.setdefault(context, []).append(_show(shown, gone[at]))
        return shows

    def _font(self, objid: int) -> PDFFont:
        """The font that is object ``objid``, as reading made it."""
        try:
            return self._reader._interpreter.rsrcmgr.get_font(objid, dict_value(self._doc.getobj(objid)))
        except Exception as exc:
            raise NotCleaned(f"font {objid} cannot be read ({type(exc).__name__})") from None

    @property
    def source(self) -> bytes:
        """The file's SHA-256, as ``model.Places.source`` has it."""
        if self._source is None:
            self._source = hashlib.sha256(self.data).digest()
        return self._source

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
