"""Mutated PDFs for the fuzz tests (``pdf/test_fuzz.py``, and ``browser/test_fuzz_page.py`` with the same
seeds and cases): the seed documents and ``mutate``, which damages one of them at random."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import hostile as h

CORPUS = Path(__file__).resolve().parents[3] / "shared" / "eval" / "corpus"
SEED = int(os.environ.get("PAGEFURNITURE_FUZZ_SEED", "20260107"))

TOKENS = [b"[", b"]", b"<<", b">>", b"(", b")", b"<", b">", b"/", b"R", b"0 R", b"1 0 R", b"obj", b"endobj",
          b"stream\n", b"endstream", b"xref", b"trailer", b"startxref", b"%%EOF", b"-1", b"99999999999999999999",
          b"1e400", b"/Type /Pages", b"/Kids [1 0 R]", b"/Length 999999999", b"/Filter /FlateDecode",
          b"/Filter /LZWDecode", b"/Filter /RunLengthDecode", b"/Filter /ASCII85Decode", b"BT", b"ET", b"Tj",
          b"TJ", b"Tf", b"Do", b"q", b"Q", b"cm", b"\x00", b"\xff\xfe", b"[" * 200, b"<<" * 100]
FILTERS = [b"/FlateDecode", b"/LZWDecode", b"/RunLengthDecode", b"/ASCII85Decode", b"/ASCIIHexDecode",
           b"/CCITTFaxDecode", b"/DCTDecode", b"/Crypt", b"/JBIG2Decode", b"/Unknown",
           b"[/ASCIIHexDecode /FlateDecode]", b"[/FlateDecode /FlateDecode]"]
FILTER = re.compile(rb"/(FlateDecode|LZWDecode|RunLengthDecode|ASCII85Decode|ASCIIHexDecode|DCTDecode)\b")
OBJECT = re.compile(rb"\d+ \d+ obj\b.*?endobj", re.S)
NUMBER = re.compile(rb"(?<![\w.])\d+(?![\w.])")


def seeds() -> list[tuple[str, bytes]]:
    out: list[tuple[str, bytes]] = []
    if CORPUS.is_dir():
        # The shortest documents (2-6 pages) keep a case fast; together they cover both producers.
        for stem in ("k-short-23", "k-short-24", "k-short-lo-25", "a-handbook-02", "m-pagenum-format-lo-32",
                     "h-midstream-header-18"):
            path = CORPUS / f"{stem}.pdf"
            if path.exists():
                out.append((path.name, path.read_bytes()))
    out.append(("report.pdf", h.report_pdf(3)))
    out.append(("compressed.pdf", h.report_pdf(3, compress=True)))
    out.append(("unicode.pdf", h.unicode_text_pdf([[(72, 700, 12, "<b>\u202eabc</b>"), (72, 40, 9, f"{n}")]
                                                   for n in (1, 2, 3)])))
    out.append(("type3.pdf", h.type3_pdf(2)))
    return out


def mutate(data: bytes, rng: random.Random, donors: list[bytes]) -> tuple[bytes, list[str]]:
    """Apply 1-3 random mutations; return the new bytes and a description of what was done."""
    done = []
    buf = bytearray(data)
    for _ in range(rng.choice((1, 1, 2, 3))):
        kind = rng.choice(("flip", "flip", "truncate", "splice", "delete", "repeat", "number", "token", "filter"))
        n = len(buf)
        if n < 16:
            break
        if kind == "flip":
            count = rng.choice((1, 2, 4, 16, 64))
            for _ in range(count):
                buf[rng.randrange(n)] = rng.randrange(256)
            done.append(f"flip {count} bytes")
        elif kind == "truncate":
            cut = rng.randrange(8, n)
            del buf[cut:]
            done.append(f"truncate at {cut}")
        elif kind == "splice":
            donor = rng.choice(donors)
            objects = [m.group() for m in OBJECT.finditer(donor[: 1 << 20])]
            own = list(OBJECT.finditer(bytes(buf)))
            if not objects or not own:
                continue
            target = rng.choice(own)
            buf[target.start():target.end()] = rng.choice(objects)
            done.append(f"splice object over {target.start()}")
        elif kind == "delete":
            start = rng.randrange(n)
            length = rng.choice((1, 10, 100, 1000))
            del buf[start:start + length]
            done.append(f"delete {length} at {start}")
        elif kind == "repeat":
            start = rng.randrange(n)
            length = rng.choice((10, 100, 1000))
            chunk = bytes(buf[start:start + length])
            buf[start:start] = chunk * rng.choice((1, 2, 10))
            done.append(f"repeat {length} at {start}")
        elif kind == "number":
            numbers = list(NUMBER.finditer(bytes(buf)))
            if not numbers:
                continue
            target = rng.choice(numbers)
            value = rng.choice((b"0", b"-1", b"2147483648", b"99999999999999999999999", b"1.5", b"-0"))
            buf[target.start():target.end()] = value
            done.append(f"number at {target.start()} -> {value.decode()}")
        elif kind == "filter":
            # Decode a stream with the wrong filter (or add predictor parameters): the decoders' edge cases.
            found = list(FILTER.finditer(bytes(buf)))
            if not found:
                continue
            target = rng.choice(found)
            value = rng.choice(FILTERS)
            if rng.random() < 0.3:
                value += rng.choice((b" /DecodeParms << /Predictor 12 /Columns 5 >>",
                                     b" /DecodeParms << /Predictor 2 /Columns 99999 /Colors 4 >>",
                                     b" /DecodeParms << /K -1 /Columns 1728 >>"))
            buf[target.start():target.end()] = value
            done.append(f"filter at {target.start()} -> {value.decode()}")
        else:
            token = rng.choice(TOKENS)
            at = rng.randrange(n)
            buf[at:at] = b" " + token + b" "
            done.append(f"insert {token[:12]!r} at {at}")
    return bytes(buf), done
