"""Running the command line inside a test: its exit status and output, and the one-error-line rule."""

from __future__ import annotations

import pytest
from pagefurniture.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: object) -> tuple[int, str, str]:
    """``main([...])`` with every argument as a string; returns (exit status, stdout, stderr)."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def assert_one_error(err: str, *needles: str) -> None:
    """Exactly one line on stderr, ``error: ...``, never a traceback."""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("error: "), err
    for needle in needles:
        assert needle in lines[0], (needle, err)
