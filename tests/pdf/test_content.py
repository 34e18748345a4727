"""The fast content-stream reader (``read/tokens.py``) against pdfminer's own parser.

Three levels: every operator call with its operands and the operand stack on tricky snippets and on
thousands of random token soups cut into several streams (an interpreter that records instead of
drawing); whole pages of the evaluation PDFs read both ways (every page and line the same); and the
fallback itself (what the fast reader declines is read by pdfminer, nothing drawn twice).
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import hostile as h
import pytest
from pagefurniture.read import Reader, tokens
from pagefurniture.read.interpreter import Interpreter
from pdfminer.pdfdevice import PDFDevice
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdftypes import PDFStream
from pdfminer.utils import MATRIX_IDENTITY

EVAL = Path(__file__).resolve().parents[2] / "shared" / "eval"


# -- an interpreter that records every operator -----------------------------------------------------------


class Calls(PDFDevice):
    """Holds the calls, so that the interpreter's fallback takes back what the fast reader recorded."""

    def __init__(self) -> None:
        super().__init__(PDFResourceManager())
        self.calls: list[tuple] = []

    def checkpoint(self) -> int:
        return len(self.calls)

    def restore(self, count: int) -> None:
        del self.calls[count:]


def _plain(value: object) -> object:
    """Operands as comparable data: an inline image by its dictionary (the fast reader keeps no data)."""
    if isinstance(value, PDFStream):
        return ("<inline image>", _plain(value.attrs))
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _recorder(name: str, nargs: int):
    def record(self, *args):
        self.device.calls.append((name, _plain(list(args)), len(self.argstack)))

    # pdfminer counts a method's parameters to know how many operands it takes: keep each one's count.
    shapes = {0: lambda self: record(self), 1: lambda self, a: record(self, a),
              2: lambda self, a, b: record(self, a, b), 3: lambda self, a, b, c: record(self, a, b, c),
              4: lambda self, a, b, c, d: record(self, a, b, c, d),
              6: lambda self, a, b, c, d, e, f: record(self, a, b, c, d, e, f)}
    return shapes[nargs]


Recorder = type("Recorder", (Interpreter,), {
    name: _recorder(name, getattr(PDFPageInterpreter, name).__code__.co_argcount - 1)
    for name in dir(PDFPageInterpreter) if name.startswith("do_")})


def streams_of(*datas: bytes) -> list[PDFStream]:
    out = []
    for number, data in enumerate(datas, 1):
        stream = PDFStream({}, data)
        stream.objid = number  # pdfminer skips a content stream without an object number
        out.append(stream)
    return out


def calls(datas: tuple[bytes, ...], *, fast: bool) -> tuple[list, str | None, int]:
    """What the interpreter calls for these streams, the error it ends with, and how often it fell back.

    Each call is recorded with the size of the operand stack, which shows operands left behind; what is
    left after the last operator nobody reads (pdfminer, for one, drops a name ending in '#41' there).
    """
    device = Calls()
    interp = Recorder(device.rsrcmgr, device)
    interp.fast = fast
    interp.init_resources({})
    interp.init_state(MATRIX_IDENTITY)
    fallbacks = 0
    run = tokens.run

    def counting(*args):
        nonlocal fallbacks
        try:
            run(*args)
        except tokens.Unsupported:
            fallbacks += 1
            raise

    tokens.run = counting
    try:
        interp.execute(streams_of(*datas))
        error = None
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"
    finally:
        tokens.run = run
    return device.calls, error, fallbacks


def same(*datas: bytes) -> int:
    """Assert both readers call the same operators with the same operands; return the fallbacks."""
    slow, slow_error, _ = calls(datas, fast=False)
    quick, quick_error, fallbacks = calls(datas, fast=True)
    assert quick == slow, datas
    assert quick_error == slow_error, datas
    return fallbacks


SNIPPETS = [
    b"BT /F1 12 Tf 72 700 Td (Hello) Tj ET",
    b"q 1 0 0 1 72.5 -.5 cm Q 1.2.3 -. . +5 --6 007 12abc 1e5 9" + b"9" * 5000 + b" n",
    b"[(A) -120 (B) 3.5 <4142>] TJ [1 [2 [3]] 4] TJ ] [ << >> ]",
    b"(a\\(b\\)c) Tj (nested (paren (deep)) s) Tj (oct \\101\\7\\0123\\8) Tj",
    b"(esc \\n\\r\\t\\b\\f\\\\ \\x \\\r\n joined \\\r alone) Tj (raw \r\n line) Tj",
    b"<48 65 6C6C6F> Tj <4> Tj <> Tj <41>> <41>>> Tj <zz> Tj",
    b"/Artifact <</Type /Pagination /Subtype /Header>> BDC /P <</MCID 3 /K [1 2 /x]>> BDC EMC EMC",
    b"/Span<</ActualText(x)/Lang(en)>>BDC/P BMC/Tag/Props BDC/MP MP/DP<</a 1>>DP EMC",
    b"/Name#20with#2 /A#4#41 /# / /x#zz /caf\xc3\xa9 /\xff\xfe Tf",
    b"%comment (not a string\n(after) Tj % another\r(cr) Tj",
    b"1 2 3 true false null T* ' \" 4 5 (s) \" 0 TL (q) ' BX EX",
    b"\x00 1\x002 Td \xff \x80 ) * # ! ~ ; 3 Tz",
    b"BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\xff(EI\n 5 Tw EI 6 Tc",
    b"BI /W 2 /H 1 /F /A85 ID 9jqo^~>\nEI 7 Ts BI /F [/AHx] ID 4142 EI (next) Tj",
    b"BI /W 1 /H 1 ID x EEI EI (after) Tj",
    b"1 0 0 RG 0 0 1 rg 0.5 g /CS0 cs 1 0 0 scn /Pattern CS /P0 SCN 0 0 0 1 k",
    b"10 20 m 30 40 l 1 2 3 4 5 6 c 1 2 3 4 v 1 2 3 4 y h 0 0 10 10 re S s f F f* B B* b b* n W W* sh",
    b"/Im0 Do /Fm1 Do 1 d0 1 2 3 4 5 6 d1 2 w 1 J 0 j 4 M [3 1] 0 d /RI ri 1 i /GS0 gs",
    b"12 Tf 10 (x) Tj Tf 1 2 3 Td",  # too few operands: taken off, the call skipped
]


@pytest.mark.parametrize("snippet", SNIPPETS, ids=range(len(SNIPPETS)))
def test_snippet_reads_the_same(snippet):
    assert same(snippet) == 0  # and the fast reader read it all itself


@pytest.mark.parametrize("snippet", [
    b"{ 1 2 add } 5 Tw", b"<</A 1 /B>> 5 Tw (x) Tj", b"(no end 5 Tw", b"(\\777) Tj", b"ID 5 Tw",
    b"[BI] 5 Tw", b"BI /W 1 ID no end", b"BI /W ID x EI 5 Tw", b"BI /F [] ID x EI 5 Tw", b"BI /F 5 ID x EI 6 Tw",
])
def test_what_the_fast_reader_declines_is_read_by_pdfminer(snippet):
    assert same(b"1 Tc (before) Tj " + snippet) == 1


@pytest.mark.parametrize("first, second", [
    (b"(a) Tj /", b"F1 12 Tf"), (b"/F#4", b"1 12 Tf"), (b"<41", b"42> Tj"), (b"<41>", b"> Tj"),
    (b"(a) Tj <", b"<>> Tj"), (b"[(a) 1", b"(b)] TJ"), (b"(a) T", b"j"), (b"1 2", b"3 Td"), (b"%c", b"(x) Tj"),
    (b"(a", b"b) Tj"), (b"BI /W 1 ID x", b" EI (y) Tj"), (b"(x) Tj", b""), (b"", b"(x) Tj"),
])
def test_a_token_cut_between_streams_reads_as_pdfminer_reads_it(first, second):
    same(first, second, b" 9 Tz")


TOKENS = {piece for snippet in SNIPPETS for piece in snippet.split(b" ")} | {
    b"(", b")", b"[", b"]", b"<<", b">>", b"<", b">", b"/", b"\\", b"%", b"#", b"\r", b"\n", b"\r\n", b"BI", b"ID",
    b"EI", b"~>", b"{", b"}", b"(a(b)", b"(x\\", b"\\(", b"-", b"+", b".", b"true", b"R", b"0 R", b"\x00", b"\t"}


def _declined(piece: bytes) -> bool:
    return calls((piece,), fast=True)[2] > 0


# Pieces the fast reader reads alone (whole snippets among them), and the rest: an open string, a
# procedure, a stray ID... Those come rarely, or nearly every soup would go to pdfminer's parser.
PLAIN = sorted(piece for piece in TOKENS | set(SNIPPETS) if not _declined(piece))
NASTY = sorted(piece for piece in TOKENS if _declined(piece))


def soup(rng: random.Random) -> tuple[bytes, ...]:
    """A random run of content tokens and pieces of them (or, every other time, of whole snippets), cut
    into 1-3 streams."""
    pool = PLAIN if rng.random() < 0.5 else SNIPPETS
    data = b"".join(rng.choice(NASTY if rng.random() < 0.005 else pool)
                    + (b"" if rng.random() < 0.02 else rng.choice([b" ", b" ", b"\n", b"\r\n", b"\t"]))
                    for _ in range(rng.randint(1, 60)))
    # Streams are cut between tokens in real files (the standard asks for it), anywhere in broken ones.
    spaces = [i for i, byte in enumerate(data) if byte in b" \n"] or [0]
    cuts = sorted(rng.choice(spaces) if rng.random() < 0.8 else rng.randint(0, len(data))
                  for _ in range(rng.choice((0, 0, 1, 2))))
    bounds = [0, *cuts, len(data)]
    return tuple(data[a:b] for a, b in itertools.pairwise(bounds))


def test_random_token_soup_reads_the_same():
    rng = random.Random(20260107)
    cases = 1500
    fallbacks = sum(bool(same(*soup(rng))) for _ in range(cases))
    # The soup is far nastier than real content (pdfminer's parser read 2 of 2,300 real pages); it still
    # has to leave most of it to the fast reader, or this would test pdfminer against itself.
    assert fallbacks < cases * 0.5, fallbacks


# -- whole documents -----------------------------------------------------------------------------------------

# A sample of the evaluation PDFs, their first pages: several producers, marked content, CJK, forms.
SAMPLE = ["corpus/a-handbook-01.pdf", "corpus/k-short-23.pdf", "real/tracemonkey-paper.pdf",
          "real/nlp2004-slides-ja.pdf", "real/ca-warn-report.pdf", "real2/de-pdfua-bookchapter-indesign.pdf",
          "real2/ghana-contract-awards-distiller.pdf", "real2/cancer-booklet-indesign-a5.pdf"]
PAGES = 6


def read(source: object, fast: bool, monkeypatch: pytest.MonkeyPatch) -> list:
    monkeypatch.setattr(Interpreter, "fast", fast)
    reader = Reader(source)
    pages = [reader.read(n) for n in range(1, min(reader.page_count, PAGES) + 1)]
    return [(page.number, page.width, page.height, page.error, page.pictures, page.lines) for page in pages]


@pytest.mark.parametrize("name", SAMPLE)
def test_evaluation_pdf_reads_the_same_with_pdfminers_parser(name, monkeypatch):
    path = EVAL / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    assert read(path, True, monkeypatch) == read(path, False, monkeypatch)


def test_a_declined_stream_is_read_once_by_pdfminer(monkeypatch):
    # The page's second text cannot be read by the fast reader (a procedure): the first must not be
    # recorded twice, and both must be there.
    page = h.text_ops([(72, 700, 12, "First line")]) + b"{ } pop\n" + h.text_ops([(72, 680, 12, "Second line")])
    pdf = h.document([page])
    lines = read(pdf, True, monkeypatch)[0][5]
    assert [line.text for line in lines] == ["First line", "Second line"]
    assert lines == read(pdf, False, monkeypatch)[0][5]


def test_marked_content_named_in_the_resources_reads_the_same(monkeypatch):
    # A property list named in the resources reaches the device as its name, as with pdfminer's parser.
    page = b"/Artifact /MC0 BDC\n" + h.text_ops([(72, 750, 9, "Running head")]) + b"EMC\n"
    pdf = h.document([page])
    lines = read(pdf, True, monkeypatch)[0][5]
    assert [(line.text, line.artifact) for line in lines] == [("Running head", "artifact")]
    assert lines == read(pdf, False, monkeypatch)[0][5]


def test_an_inline_image_is_skipped_and_still_placed(monkeypatch):
    # Its data is not read, but the device learns where it is, as from pdfminer's parser.
    image = b"q 100 0 0 50 72 600 cm BI /W 4 /H 2 /CS /G /BPC 8 ID \x00EI\xff\x10\x20(\x30\x40\x50 EI Q\n"
    pdf = h.document([image + h.text_ops([(72, 580, 9, "Figure 1. A picture")])])
    fast = read(pdf, True, monkeypatch)
    assert fast[0][4] == ((72.0, 142.0, 172.0, 192.0),)
    assert [line.text for line in fast[0][5]] == ["Figure 1. A picture"]
    assert fast == read(pdf, False, monkeypatch)
