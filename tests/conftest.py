"""Shared fixtures. PDFs are made on the fly by ``helpers/pdfs.py``; every module of ``helpers/`` is
importable by its name from every test (``import pdfs``)."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent / "helpers"))

import native
import pdfs
import pytest
from pagefurniture.read import kernel

REPO = Path(__file__).resolve().parents[1]


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: takes more than a few seconds; the quick tier leaves it out "
                                       '(-m "not slow")')


@pytest.fixture
def annual_pdf(tmp_path: Path) -> Path:
    """6 pages: header "Annual Report 2025", footer "Page N of 6", body text different on each page."""
    return _write(tmp_path / "annual.pdf", pdfs.annual_report)


@pytest.fixture
def table_pdf(tmp_path: Path) -> Path:
    """5 pages: "Table A-N." at the top (content, a decoy) and a folio "N" at the bottom (furniture)."""
    return _write(tmp_path / "tables.pdf", pdfs.table_labels)


@pytest.fixture
def encrypted_pdf(tmp_path: Path) -> Path:
    """The annual report with user password ``pdfs.PASSWORD``."""
    return _write(tmp_path / "locked.pdf", pdfs.encrypted)


@pytest.fixture
def scan_pdf(tmp_path: Path) -> Path:
    """Two pages that are only pictures: no text layer."""
    return _write(tmp_path / "scan.pdf", pdfs.image_only)


def _write(path: Path, make) -> Path:
    make(path)
    return path


@pytest.fixture(scope="session")
def node_reader():
    """The JavaScript kernel (site/kernel/) under node, for kernel.use_native (tests/helpers/native.py)."""
    with native.NodeReader() as module:
        yield module


# The kernel's run needs node and doubles the suite: the quick tier reads with Python's loop only.
@pytest.fixture(params=["python", pytest.param("javascript", marks=pytest.mark.slow)])
def content_reader(request):
    """Each test twice: content streams read by tokens.py's own loop, then by site/kernel/ (the
    browser's reader) under node. A test module asks for it with
    ``pytestmark = pytest.mark.usefixtures("content_reader")``."""
    if request.param == "javascript":
        kernel.use_native(request.getfixturevalue("node_reader"))
    try:
        yield request.param
    finally:
        kernel.use_native(None)
