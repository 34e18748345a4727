"""Mutation fuzzing: damaged variants of real PDFs only ever give a Report or one of the package's errors.

Seeds are the short documents of the evaluation corpus (``../shared/eval/corpus``, when present) and a few
files built by ``hostile.py`` (plain, compressed, object streams). Each case applies one to three
mutations: byte flips, truncation, a spliced object from another seed, a deleted or repeated range,
numbers made huge or negative, PDF tokens inserted, a stream's filter swapped for another. The seed is fixed, so CI runs the same cases every
time; ``PAGEFURNITURE_FUZZ=N`` runs N cases instead of the default 300 and ``PAGEFURNITURE_FUZZ_SEED``
picks another seed. A failure message names the case number so it can be replayed alone::

    PAGEFURNITURE_FUZZ_CASE=1234 pytest tests/test_fuzz.py
"""

from __future__ import annotations

import collections
import os
import random
import re
import signal
import traceback
from pathlib import Path

import hostile as h
import pytest
from pagefurniture import Limits, PageFurnitureError, analyze
from pagefurniture.cli import main

REPO = Path(__file__).resolve().parents[1]
CORPUS = REPO.parent / "shared" / "eval" / "corpus"
CASES = int(os.environ.get("PAGEFURNITURE_FUZZ", "300"))
SEED = int(os.environ.get("PAGEFURNITURE_FUZZ_SEED", "20260107"))
ONLY = os.environ.get("PAGEFURNITURE_FUZZ_CASE")
# Tight limits keep each case short; a case that needs more than HANG_SECONDS is a hang, not slowness.
LIMITS = Limits(max_seconds_per_page=5.0, max_seconds=20.0, max_stream_bytes=64 * 2**20)
HANG_SECONDS = 60
CLI_EVERY = 10  # every tenth case also goes through the command line
# Content streams read both ways: by tokens.py's loop, and by the browser's reader (conftest.py).
pytestmark = pytest.mark.usefixtures("content_reader")

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


class Hang(Exception):
    pass


def _alarm(signum, frame):
    raise Hang(f"no answer within {HANG_SECONDS} s")


def cases() -> list[int]:
    return [int(ONLY)] if ONLY else list(range(CASES))


@pytest.mark.skipif(not hasattr(signal, "SIGALRM"), reason="needs SIGALRM to catch hangs")
def test_mutated_pdfs_raise_only_our_errors(tmp_path, capsys):
    pool = seeds()
    donors = [data for _, data in pool]
    outcomes: collections.Counter[str] = collections.Counter()
    failures: list[str] = []
    previous = signal.signal(signal.SIGALRM, _alarm)
    try:
        for case in cases():
            rng = random.Random(SEED * 1_000_003 + case)
            name, seed = pool[rng.randrange(len(pool))]
            data, how = mutate(seed, rng, donors)
            where = f"case {case} ({name}: {'; '.join(how) or 'unchanged'})"
            signal.alarm(HANG_SECONDS)
            try:
                report = analyze(data, limits=LIMITS, name=name)
                report.to_json()
                report.cleaned_text()
                outcomes["report"] += 1
            except PageFurnitureError as exc:
                outcomes[exc.kind] += 1
                message = str(exc)
                if not message or "\n" in message:
                    failures.append(f"{where}: {type(exc).__name__} message is not one line: {message!r}")
            except Exception as exc:
                outcomes["FOREIGN"] += 1
                failures.append(f"{where}: {type(exc).__name__}: {exc}\n"
                                + "".join(traceback.format_exception(exc)[-6:]))
            finally:
                signal.alarm(0)
            if case % CLI_EVERY == 0:
                failures.extend(_check_cli(tmp_path, data, where, capsys))
    finally:
        signal.signal(signal.SIGALRM, previous)
    print(f"\nfuzz: {len(cases())} cases, seed {SEED}: {dict(sorted(outcomes.items()))}")
    assert not failures, f"{len(failures)} of {len(cases())} cases failed:\n" + "\n".join(failures[:10])


def _check_cli(tmp_path: Path, data: bytes, where: str, capsys: pytest.CaptureFixture[str]) -> list[str]:
    path = tmp_path / "case.pdf"
    path.write_bytes(data)
    signal.alarm(HANG_SECONDS * 2)
    try:
        code = main([str(path), "-o", str(tmp_path / "case.txt")])
    except BaseException as exc:
        return [f"{where}: the command line raised {type(exc).__name__}: {exc}"]
    finally:
        signal.alarm(0)
    _, err = capsys.readouterr()
    problems = []
    if "Traceback" in err:
        problems.append(f"{where}: the command line printed a traceback:\n{err}")
    if code not in (0, 1, 3):  # done, failed, done with what could be read
        problems.append(f"{where}: the command line exited {code}")
    errors = [line for line in err.splitlines() if line.startswith("error: ")]
    if code == 1 and len(errors) != 1:
        problems.append(f"{where}: exit 1 without exactly one error line:\n{err}")
    if code == 3 and (errors or not any(line.startswith("warning: ") for line in err.splitlines())):
        problems.append(f"{where}: a partial result without a warning that says what is missing:\n{err}")
    return problems
