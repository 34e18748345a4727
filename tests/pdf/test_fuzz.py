"""Mutation fuzzing: damaged variants of real PDFs only ever give a Report or one of the package's errors.

Seeds are the short documents of the evaluation corpus (``../shared/eval/corpus``, when present) and a few
files built by ``hostile.py`` (plain, compressed, object streams). Each case applies one to three
mutations: byte flips, truncation, a spliced object from another seed, a deleted or repeated range,
numbers made huge or negative, PDF tokens inserted, a stream's filter swapped for another. The seed is fixed, so CI runs the same cases every
time; ``PAGEFURNITURE_FUZZ=N`` runs N cases instead of the default 300 and ``PAGEFURNITURE_FUZZ_SEED``
picks another seed. A failure message names the case number so it can be replayed alone::

    PAGEFURNITURE_FUZZ_CASE=1234 pytest tests/pdf/test_fuzz.py
"""

from __future__ import annotations

import collections
import os
import random
import signal
import traceback
from pathlib import Path

import pytest
from fuzzing import SEED, mutate, seeds
from pagefurniture import Limits, PageFurnitureError, analyze
from pagefurniture.cli import main

CASES = int(os.environ.get("PAGEFURNITURE_FUZZ", "300"))
ONLY = os.environ.get("PAGEFURNITURE_FUZZ_CASE")
# Tight limits keep each case short; a case that needs more than HANG_SECONDS is a hang, not slowness.
LIMITS = Limits(max_seconds_per_page=5.0, max_seconds=20.0, max_stream_bytes=64 * 2**20)
HANG_SECONDS = 60
CLI_EVERY = 10  # every tenth case also goes through the command line
# Content streams read both ways: by tokens.py's loop, and by the browser's reader (conftest.py).
pytestmark = [pytest.mark.usefixtures("content_reader"), pytest.mark.slow]


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
