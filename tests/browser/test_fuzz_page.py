"""The CPython fuzz's mutated PDFs (tests/pdf/test_fuzz.py: the same seeds, the same cases), opened in the page.

Each must end, within a bound that only catches hangs, with what CPython gives for it: a result (with the
partial banner exactly when the result is partial), the password prompt, or one error message of the
same kind; no script error; and afterwards the page still reads a good PDF. ``PAGEFURNITURE_BROWSER_FUZZ=N``
runs the first N cases instead of the default 36.
"""

from __future__ import annotations

import os
import random

import fuzzing as fuzz
from conftest import DATA, wait_state
from pagefurniture import PageFurnitureError, analyze

CASES = int(os.environ.get("PAGEFURNITURE_BROWSER_FUZZ", "36"))
HANG_MS = 180_000  # a case that takes longer is a hang (the page reads with the default limits)
ENDS = "['done', 'error', 'password'].includes(document.body.dataset.state)"


def cases() -> list[tuple[int, str, bytes, str]]:
    """(case, seed name, mutated bytes, what was done), as test_fuzz makes them."""
    pool = fuzz.seeds()
    donors = [data for _, data in pool]
    out = []
    for case in range(CASES):
        rng = random.Random(fuzz.SEED * 1_000_003 + case)
        name, seed = pool[rng.randrange(len(pool))]
        data, how = fuzz.mutate(seed, rng, donors)
        out.append((case, name, data, "; ".join(how) or "unchanged"))
    return out


def expected(data: bytes, name: str) -> tuple[str, str, bool]:
    """What CPython gives: ("done", "", complete), ("password", kind, True) or ("error", kind, True)."""
    try:
        report = analyze(data, name=name).require_text()
    except PageFurnitureError as exc:
        return ("password" if exc.kind == "password-required" else "error"), exc.kind, True
    return "done", "", report.complete


def test_mutated_pdfs_end_with_a_result_or_one_message_and_the_page_stays_usable(shared, tmp_path):
    page, recorder = shared
    seen: dict[str, int] = {}
    for case, name, data, how in cases():
        where = f"case {case} ({name}: {how})"
        state, kind, complete = expected(data, name)
        path = tmp_path / f"case-{case}.pdf"
        path.write_bytes(data)
        console = len(recorder.console)
        page.set_input_files("#file", str(path))
        page.wait_for_function(f"() => {ENDS}", timeout=HANG_MS)
        got = page.evaluate("document.body.dataset.state")
        assert got == state, f"{where}: the page shows {got}, CPython gives {state} {kind}"
        if state == "error":
            assert page.get_attribute("#error", "data-kind") == kind, where  # its own title and next step
            message = page.inner_text("#error-message")
            assert message and "\n" not in message and "Traceback" not in message, f"{where}: {message!r}"
            assert page.inner_text("#error-title") and page.is_visible("#drop"), where
        elif state == "password":
            page.click("#password-cancel")  # skip this file
            page.wait_for_function("() => document.body.dataset.state !== 'password'")
        else:
            assert page.is_visible("#partial") == (not complete), where
        assert not [line for line in recorder.console[console:] if line.startswith("pageerror")], where
        outcome = kind or ("done" if complete else "partial")
        seen[outcome] = seen.get(outcome, 0) + 1
    print(f"\nbrowser fuzz: {CASES} cases, seed {fuzz.SEED}: {dict(sorted(seen.items()))}")
    assert len(seen) >= 3  # the cases reach results, partial results and errors, not one outcome only
    page.set_input_files("#file", str(DATA / "annual-report.pdf"))
    wait_state(page, "done")
    assert page.inner_text("#result-title") == "annual-report.pdf"
