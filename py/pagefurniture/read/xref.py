"""The document: pdfminer's ``PDFDocument`` made safe for hostile and cut-off files.

``SafePDFDocument`` never hands back a reference that points at another reference, so pdfminer's
``while isinstance(x, PDFObjRef)`` loops end even on a cycle; it tells a file that is cut off
(``SafePDFDocument.cut``) and finds the catalog of a file cut off before its trailer. ``_Fallback``, the
rebuild of a broken cross-reference table, keeps the objects before a cut and reads on past a
linearised file's first trailer. In the browser the file's objects are read by the JavaScript kernel
(``kernel.objects``), as pdfminer reads them.
"""

from __future__ import annotations

import contextlib
import re
from typing import Any

from pdfminer import pdftypes
from pdfminer.pdfdocument import PDFDocument, PDFXRefFallback
from pdfminer.pdfparser import PDFStreamParser, PDFSyntaxError
from pdfminer.pdftypes import PDFObjRef, PDFStream
from pdfminer.psexceptions import PSEOF
from pdfminer.psparser import LIT

from . import kernel

LITERAL_PAGES = LIT("Pages")
LITERAL_CATALOG = LIT("Catalog")

# A chain of references (1 0 R -> 2 0 R -> ...) longer than this is treated as a cycle.
MAX_REFERENCE_HOPS = 32


def _type(node: dict) -> object:
    kind = node.get("Type")
    if kind is None:
        kind = node.get("type")  # seen in the wild; pdfminer accepts it too
    if isinstance(kind, PDFObjRef):
        kind = pdftypes.resolve1(kind)
    return kind


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
                with contextlib.suppress(PSEOF, PDFSyntaxError, AssertionError, TypeError):
                    self.load_trailer(parser)  # a broken trailer adds nothing; the objects after it still count
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
        self._objects = kernel.objects(data) if data else None  # the browser's reader of objects, if any
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

    # In the browser, objects are read in JavaScript (site/kernel/objects.mjs's Objects, through kernel), the same
    # as pdfminer reads them; what that reader leaves to pdfminer, pdfminer reads.
    def _getobj_parse(self, pos: int, objid: int) -> object:
        got = None if self._objects is None else kernel.read_object(self._objects, pos, objid, self)
        if got is None:
            return super()._getobj_parse(pos, objid)
        if len(got) == 1:
            return got[0]
        # "N G obj << ... >> stream": pdfminer's parser reads on from the keyword stream, with the
        # dictionary on its stack, as it would have after reading it itself.
        dic, at = got
        assert self._parser is not None  # as pdfminer's own _getobj_parse asserts
        self._parser.seek(at)
        self._parser.push((at, dic))
        return self._parser.nextobject()[1]

    def _get_objects(self, stream: PDFStream) -> tuple[list[object], int]:
        if self._objects is not None:
            objs = kernel.read_objects(self._objects, stream.get_data(), self)
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
