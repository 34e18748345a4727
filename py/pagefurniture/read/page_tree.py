"""The page tree: every page of a document in order, each one that cannot be read named instead of dropped.

``list_pages`` walks the page tree without recursion and names every page it cannot read; when the page
tree is lost with the end of the file it finds the pages by scanning the objects, and in a cut-off file
it names every page whose content or fonts are beyond the cut instead of reading garbage.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from pdfminer import pdftypes
from pdfminer.pdfdocument import PDFDocument
from pdfminer.pdfexceptions import PDFObjectNotFound
from pdfminer.pdfpage import PDFPage
from pdfminer.pdftypes import PDFObjRef, PDFStream
from pdfminer.psparser import LIT

from ..errors import LimitExceeded
from .xref import LITERAL_PAGES, MAX_REFERENCE_HOPS, SafePDFDocument, _type

LITERAL_PAGE = LIT("Page")


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
    root = doc.catalog.get("Pages") if isinstance(doc.catalog, dict) else None
    out = _walk(doc, root, max_pages, cut) if root is not None else []
    if not any(isinstance(page, (PDFPage, Incomplete)) for page in out):
        found = _scan(doc, max_pages, cut)
        if found:
            said = getattr(doc, "expected_pages", None)
            if said and len(found) <= said <= max_pages:
                found.extend([Missing("the file is cut off before it")] * (said - len(found)))
                return PageList(found, from_tree=False, count_known=True)
            return PageList(found, from_tree=False, count_known=False)
    return PageList(out)


def _walk(doc: PDFDocument, root: object, max_pages: int, cut: bool) -> list[PDFPage | Incomplete | Missing]:
    """The pages under the page tree's ``root``, in order, one past ``max_pages`` at most."""
    out: list[PDFPage | Incomplete | Missing] = []
    visited: set[int] = set()
    stack: list[tuple[object, dict, int]] = [(root, {}, 1)]
    while stack and len(out) <= max_pages:
        ref, inherited, share = stack.pop()
        if _first_visit(ref, visited):
            _visit(doc, ref, inherited, share, cut, max_pages + 1 - len(out), out, stack)
    return out


def _visit(doc: PDFDocument, ref: object, inherited: dict, share: int, cut: bool, room: int,
           out: list[PDFPage | Incomplete | Missing], stack: list[tuple[object, dict, int]]) -> None:
    """One node of the page tree, standing for ``share`` pages: a page goes to ``out``, a node's kids onto
    ``stack`` (with what they inherit); a lost node becomes as many ``Missing`` as it held (``room`` at most)."""
    objid = ref.objid if isinstance(ref, PDFObjRef) else None
    try:
        node = pdftypes.resolve1(ref)
    except Exception as exc:
        out.append(Missing(f"its page object cannot be read ({type(exc).__name__})"))
        return
    if not isinstance(node, dict):
        lost = ("the file is cut off before it" if cut else
                "its page object is missing from the file (the file may be cut off)")
        out.extend([Missing(lost if node is None else "its page object is not a page")] * min(share, room))
        return
    attrs = dict(node)
    for key, value in inherited.items():
        attrs.setdefault(key, value)
    kind = _type(attrs)
    kids = attrs.get("Kids")
    if kind is LITERAL_PAGES or (kind is None and kids is not None):
        kids = pdftypes.resolve1(kids)
        if not isinstance(kids, list):
            return
        passed = {key: attrs[key] for key in PDFPage.INHERITABLE_ATTRS if key in attrs}
        shares = _shares(kids, pdftypes.resolve1(attrs.get("Count")), _pages_in)
        # Reversed onto the stack so that pages come out in document order.
        stack.extend((kid, passed, n) for kid, n in zip(reversed(kids), reversed(shares), strict=True))
    elif kind is LITERAL_PAGE or (kind is None and ("Contents" in attrs or "MediaBox" in attrs)):
        out.append(_page(doc, objid, attrs, cut))
    else:
        out.append(Missing("its page object is not a page"))


def _scan(doc: PDFDocument, max_pages: int, cut: bool) -> list[PDFPage | Incomplete | Missing]:
    """Every object of /Type /Page in the order the objects are stored, one past ``max_pages`` at most: the
    pages of a file whose page tree is lost."""
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
    return found


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
