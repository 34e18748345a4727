"""The outputs for the checked-in test PDFs equal the golden files beside them (see golden.py)."""

from __future__ import annotations

import golden
import pytest

REGENERATE = "if the change is meant, run python tests/helpers/golden.py and review the diff"


@pytest.mark.parametrize("pdf", golden.pdfs(), ids=lambda pdf: pdf.name)
def test_outputs_equal_the_golden_files(pdf):
    for name, text in golden.outputs(pdf).items():
        path = golden.DATA / name
        assert path.exists(), f"{name} has no golden file; {REGENERATE}"
        assert text == path.read_text(encoding="utf-8"), f"{name} differs from its golden file; {REGENERATE}"


def test_every_golden_file_belongs_to_a_pdf():
    made = {golden.DATA / name for pdf in golden.pdfs() for name in golden.outputs(pdf)}
    assert golden.golden_files() == made, REGENERATE


def test_the_golden_files_hold_what_they_are_for():
    """Not a stand-in: the annual report's furniture is out of its golden text and in its removed log."""
    clean = (golden.DATA / "annual-report.clean.txt").read_text(encoding="utf-8")
    removed = (golden.DATA / "annual-report.removed.jsonl").read_text(encoding="utf-8")
    assert clean.count("Annual Report 2025") == 1 and "Page 3 of 9" not in clean
    assert '"text": "Page 3 of 9"' in removed
    assert (golden.DATA / "not-a-pdf.error.txt").read_text(encoding="utf-8").startswith("not-a-pdf: ")
