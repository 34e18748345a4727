"""The kernel's reader of PDF objects (``site/kernel/objects.mjs``'s ``Objects``) against pdfminer's parser.

``SafePDFDocument`` asks it for each object of the file and for the objects of each object stream;
what it leaves to pdfminer, pdfminer reads. It runs here under node (``tests/helpers/native.py``). Every case is
read both ways and must give the same objects (references, names and keywords compared by identity, a
stream by its dictionary, data and number), or the same exception; the cases it must read itself are
checked to be read by it, so that no test compares pdfminer with itself.
"""

from __future__ import annotations

import io
import random

import content_cases as tc
import hostile as h
import pytest
from pagefurniture.read import kernel
from pagefurniture.read.xref import SafePDFDocument
from pdfminer.pdfparser import PDFParser
from pdfminer.pdftypes import PDFObjRef, PDFStream
from pdfminer.psparser import PSKeyword, PSLiteral


def shape(value: object) -> object:
    """A value as comparable data: types spelled out, interned names and keywords by identity."""
    if isinstance(value, PDFObjRef):
        return ("ref", value.objid, value.doc is not None)
    if isinstance(value, PDFStream):
        return ("stream", shape(value.attrs), value.rawdata, value.objid, value.genno)
    if isinstance(value, dict):
        return ("dict", tuple((type(k).__name__, k, shape(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return (type(value).__name__, tuple(shape(v) for v in value))
    if isinstance(value, (PSLiteral, PSKeyword)):
        return (type(value).__name__, value.name, id(value))
    if isinstance(value, float):
        return ("float", repr(value))
    return (type(value).__name__, value)


def outcome(call) -> object:
    try:
        return shape(call())
    except Exception as exc:
        return ("raises", type(exc).__name__)


class Count:
    """How many answers came from the kernel itself, and how many were left to pdfminer: of every object
    stream, and of the objects at ``pos`` (every object when None)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, pos: int | None = None) -> None:
        self.read = self.left = 0
        real_object, real_objects = kernel.read_object, kernel.read_objects

        def read_object(reader, at, *args):
            return self.note(real_object(reader, at, *args), pos is None or at == pos)

        monkeypatch.setattr(kernel, "read_object", read_object)
        monkeypatch.setattr(kernel, "read_objects", lambda *args: self.note(real_objects(*args), True))

    def note(self, got: object, counted: bool) -> object:
        if counted:
            self.read += got is not None
            self.left += got is None
        return got


def document(data: bytes) -> SafePDFDocument:
    return SafePDFDocument(PDFParser(io.BytesIO(data)))


def both(node, data: bytes, read) -> tuple[object, object]:
    """``read(doc)`` on the file ``data`` opened with pdfminer's parser, then with the kernel's."""
    kernel.use_native(None)
    python = outcome(lambda: read(document(data)))
    kernel.use_native(node)
    try:
        javascript = outcome(lambda: read(document(data)))
    finally:
        kernel.use_native(None)
    return python, javascript


@pytest.fixture(scope="module")
def node(node_reader):
    return node_reader


# -- a file's objects ---------------------------------------------------------------------------------------

PAGE = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>"
PAGES = b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"


def with_object(body: bytes) -> tuple[bytes, int]:
    """A small valid PDF whose object 4 is ``body`` (object 5 is the number 5), and where object 4 starts."""
    data = h.write([b"<< /Type /Catalog /Pages 2 0 R >>", PAGES, PAGE, body, b"5"])
    return data, data.index(b"\n4 0 obj") + 1


# Read by the kernel itself.
VALUES = [
    b"<< /A 1 /B 2.5 /C (a string) /D <414243> /E /Name /F [1 2 3] /G true /H false >>",
    b"<< /A 1 0 R /B [1 0 R 2 0 R 3 0 R] /C << /D 2 0 R >> >>",
    b"[1 2 R]", b"[0 R]", b"[R]", b"[null 1 null]", b"null", b"true", b"-12", b"+.5", b"3.", b"(x)", b"/Name",
    b"1 0 R", b"<< >>", b"[]", b"[[[[1]]]]",
    b"<< /A << /B [ << /C 1 >> ] >> >>",
    b"[foo bar BI ID EI stream2 endstream]", b"foo",
    b"[" + b"9" * 5000 + b" 1]",  # more digits than Python turns into an int: no token, for both
    b"[1 2 ] ]", b"<< /A [1 >> 2] >>",
    b"<< /Names#20with#20spaces 1 /#41 /#e2#82#ac /Bad# 2 >>",
    b"[/A#ff /#00 /]",
    b"[123456789012345678901234567890 -99999999999 2147483648 -2147483649 255 256 65536]",
    b"[(nested (paren) s) (esc\\n\\t\\(\\)\\\\\\101\\7) (line\\\r\nbreak) <4 1 4> <414> <>]",
    b"% a comment\n<< /A % another\n1 >>",
    b"<</A 1/B[2 3]/C(x)/D<</E/F>>>>",
    b"<< /Type /Font /Widths [" + b" ".join(b"%d" % (i * 7 % 1000) for i in range(300)) + b"] >>",
    b"<< /Length 5 >>\nstream\nhello\nendstream",
    b"<< /Length 5 0 R >>\nstream\nhello\nendstream",
    b"<< /Length 2 >>\nstream\nhello\nendstream",
    b"<< /Length 5 /Filter /FlateDecode /DecodeParms << /Predictor 12 >> >>\nstream\r\nhello\r\nendstream",
]

# Left to pdfminer, which makes of them what it always made (or raises what it always raised).
LEFT = [
    b"<< /A null /B 1 >>", b"<< /A 1 /B >>", b"<< 1 2 >>", b"<< (key) 1 >>", b"<< [1] 2 >>", b"<< /A#ff 1 >>",
    b"<< /K 1 /A 0 R >>", b"[1.0 0 R]", b"[/X 0 R]", b"[true 0 R]",
    b"1 2", b"<< /A 1 >> << /B 2 >>", b"[1 xref]", b"[1 startxref]", b"[1 endobj] 2",
    b"{ 1 2 }", b"[(\\777)]",
    b"[1 2 stream", b"[1 0 R", b"(no end",
    b"[1 2] \nstream\nhello\nendstream",
]


@pytest.mark.parametrize("body", VALUES, ids=range(len(VALUES)))
def test_an_object_reads_as_pdfminer_reads_it(node, body, monkeypatch):
    data, pos = with_object(body)
    python, javascript = both(node, data, lambda doc: doc.getobj(4))
    assert javascript == python
    count = Count(monkeypatch, pos)
    both(node, data, lambda doc: doc._getobj_parse(pos, 4))
    assert (count.read, count.left) == (1, 0)


@pytest.mark.parametrize("body", LEFT, ids=range(len(LEFT)))
def test_an_odd_object_is_left_to_pdfminer(node, body, monkeypatch):
    data, pos = with_object(body)
    count = Count(monkeypatch, pos)
    python, javascript = both(node, data, lambda doc: doc._getobj_parse(pos, 4))
    assert javascript == python
    assert (count.read, count.left) == (0, 1)


@pytest.mark.parametrize(("raw", "read"), [
    (b"4 0 obj 7 endobj", True), (b"  0004 00 obj\r\n7\r\nendobj", True), (b"4 0 obj<</A 1>>endobj", True),
    (b"4 0 obj % note\n7 % more\nendobj", True),
    # Left to pdfminer: another object's number (it looks on for the right one), no endobj before the end
    # of the file, and headers written otherwise.
    (b"5 0 obj << /A 1 >> endobj", False), (b"4 0 obj << /A 1 >>", False), (b"4 0 ob << /A 1 >> endobj", False),
    (b"4 x obj 1 endobj", False), (b"4.0 0 obj 1 endobj", False), (b"4 0 objx 1 endobj", False),
    (b"garbage", False),
])
def test_an_object_header_is_read_as_pdfminer_reads_it(node, raw, read, monkeypatch):
    data, pos = with_object(b"1")
    data = data[:pos] + raw + b"\n" + data[pos:]
    count = Count(monkeypatch, pos)
    python, javascript = both(node, data, lambda doc: doc._getobj_parse(pos, 4))
    assert javascript == python
    assert (count.read, count.left) == ((1, 0) if read else (0, 1))


# -- object streams -----------------------------------------------------------------------------------------

STREAMS = [
    b"5 0 6 12 << /A 1 0 R >> [1 2 3]",
    b"<< /A null /B [null] >> null",  # in an object stream, null is the keyword null
    b"obj 1 endobj [obj 2 endobj] << /A endobj 1 /B 2 >>",  # obj and endobj are dropped
    b"foo stream xref startxref",
    b"[1 0 R 2 0 R] << /K [3 0 R] >>",
    b"",
    b"<< /Widths [" + b" ".join(b"%d.5" % i for i in range(500)) + b"] /Name /#41#42 >> (s) <41>",
]
STREAMS_LEFT = [b"5 0 R", b"[0 R]", b"[R]", b"[/X 0 R]", b"[1 2", b"<< /A 1 /B >>", b"<< 1 2 >>", b"{ }",
                b"1 /A#41", b"1 /A#", b"1 <41"]  # the last two: pdfminer's parser never finishes that token


def _objects(node, data: bytes, monkeypatch) -> tuple[object, object, Count]:
    pdf, _ = with_object(b"1")
    stream = lambda: PDFStream({"Type": PSLiteral("ObjStm"), "N": 2, "First": 0}, data)  # noqa: E731
    count = Count(monkeypatch, pos=-1)  # the object streams only
    python, javascript = both(node, pdf, lambda doc: doc._get_objects(stream()))
    return python, javascript, count


@pytest.mark.parametrize("data", STREAMS, ids=range(len(STREAMS)))
def test_an_object_streams_objects_read_as_pdfminer_reads_them(node, data, monkeypatch):
    python, javascript, count = _objects(node, data, monkeypatch)
    assert javascript == python
    assert (count.read, count.left) == (1, 0)


@pytest.mark.parametrize("data", STREAMS_LEFT, ids=range(len(STREAMS_LEFT)))
def test_an_odd_object_stream_is_left_to_pdfminer(node, data, monkeypatch):
    python, javascript, count = _objects(node, data, monkeypatch)
    assert javascript == python
    assert (count.read, count.left) == (0, 1)


# -- random objects, and real files ---------------------------------------------------------------------------

PIECES = [b"<<", b">>", b"[", b"]", b"R", b"true", b"false", b"/A", b"/Type", b"/#41", b"0", b"1", b"2", b"12",
          b"-3", b"4.5", b".", b"+", b"(s)", b"(a(b)c)", b"<41>", b"<4>", b">", b"foo", b"%c\n", b"(\\101)", b"9" * 20]
RARE = [b"null", b"endobj", b"stream", b"obj", b"xref", b"/A#ff", b"{", b"(\\777)", b"/A#4"]


def value(rng: random.Random, depth: int = 0) -> bytes:
    """A random well-formed object: numbers, names, strings, references, nested arrays and dictionaries,
    with random spacing and comments."""
    gap = rng.choice([b" ", b" ", b"\n", b"\r\n", b"\t", b" % note\n"])
    kind = rng.randrange(9 if depth < 4 else 6)
    if kind == 0:
        return b"%d" % rng.randint(-10**12, 10**12)
    if kind == 1:
        return rng.choice([b"%.3f" % rng.uniform(-1000, 1000), b".5", b"-0.0", b"3."])
    if kind == 2:
        return b"/" + rng.choice([b"Type", b"A", b"Font#20Name", b"#e2#82#ac", b"x-y.z"])
    if kind == 3:
        return rng.choice([b"(text)", b"(a\\)b)", b"(nested (one))", b"<41 42>", b"<>", b"true", b"false"])
    if kind in (4, 5):
        return b"%d%s0%sR" % (rng.randint(1, 99), gap or b" ", gap or b" ")
    if kind == 6:
        return b"[" + gap.join(value(rng, depth + 1) for _ in range(rng.randint(0, 5))) + gap + b"]"
    return b"<<" + b"".join(b"%s/K%d %s" % (gap, k, value(rng, depth + 1)) for k in range(rng.randint(0, 5))) + gap + b">>"


def test_random_objects_read_as_pdfminer_reads_them(node, monkeypatch):
    rng = random.Random(20261201)
    data, pos = with_object(b"1")
    count = Count(monkeypatch, pos)
    for _ in range(300):
        body = value(rng)
        data, at = with_object(body)
        assert at == pos
        python, javascript = both(node, data, lambda doc: doc._getobj_parse(pos, 4))
        assert javascript == python, body
        # An object stream's top level holds no references ("N G R" there fails in pdfminer).
        objects = b"[%s] [%s] " % (body, value(rng))
        python, javascript = both(node, data, lambda doc, objects=objects: doc._get_objects(PDFStream({"N": 1}, objects)))
        assert javascript == python, body
    assert count.left == 0, (count.read, count.left)  # well-formed objects are read by the kernel


def test_random_token_soup_reads_as_pdfminer_reads_it(node):
    # Mostly what the kernel leaves to pdfminer: each must come out as pdfminer makes it.
    rng = random.Random(20261202)
    for _ in range(400):
        body = b" ".join(rng.choice(RARE if rng.random() < 0.05 else PIECES) for _ in range(rng.randint(1, 14)))
        data, at = with_object(body)
        python, javascript = both(node, data, lambda doc, at=at: doc._getobj_parse(at, 4))
        assert javascript == python, body
        python, javascript = both(node, data, lambda doc, body=body: doc._get_objects(PDFStream({"N": 1}, body)))
        assert javascript == python, body


def every_object(doc: SafePDFDocument) -> dict:
    out = {}
    for xref in doc.xrefs:
        for objid in list(xref.get_objids()):
            out.setdefault(objid, outcome(lambda objid=objid: doc.getobj(objid)))
    return out


@pytest.mark.parametrize("name", tc.SAMPLE)
def test_every_object_of_an_evaluation_pdf_reads_as_pdfminer_reads_it(node, name, monkeypatch):
    path = tc.EVAL / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    count = Count(monkeypatch)
    python, javascript = both(node, path.read_bytes(), every_object)
    assert javascript == python
    assert count.read and count.left <= count.read // 100, (count.read, count.left)


def test_object_streams_and_encrypted_objects_read_as_pdfminer_reads_them(node, tmp_path, monkeypatch):
    plain = h.report_pdf(pages=3)
    for data in (h.object_streams(plain, tmp_path), h.encrypt(plain, tmp_path, bits=128, aes=True),
                 h.encrypt(h.object_streams(plain, tmp_path), tmp_path, bits=40)):
        count = Count(monkeypatch)
        python, javascript = both(node, data, every_object)
        assert javascript == python
        assert count.read and not count.left
