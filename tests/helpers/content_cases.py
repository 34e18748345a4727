"""Content streams read two ways, for the tests of the fast reader (``pdf/test_content.py``) and of the
kernel that mirrors it (``parity/``): an interpreter that records every operator call, tricky snippets,
random token soups, and a sample of the evaluation PDFs read page by page."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import pytest
from pagefurniture.read import Reader, tokens
from pagefurniture.read.interpreter import Interpreter
from pdfminer.pdfdevice import PDFDevice
from pdfminer.pdfinterp import PDFPageInterpreter, PDFResourceManager
from pdfminer.pdftypes import PDFStream
from pdfminer.utils import MATRIX_IDENTITY

EVAL = Path(__file__).resolve().parents[3] / "shared" / "eval"


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
