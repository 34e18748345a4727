"""Find the running headers, footers and page numbers in a PDF and take them out of its text.

>>> from pagefurniture import analyze
>>> report = analyze("site/sample.pdf")
>>> len(report.pages), report.cleaned_text().count("Annual Report 2025")  # the cover's title stays
(6, 1)
"""

from __future__ import annotations

import os

from ._version import __version__ as __version__
from .detect import DEFAULT_SETTINGS, Settings
from .errors import (
    Cancelled,
    DamagedPDF,
    LimitExceeded,
    MissingCharacterMap,
    NotAPDF,
    NoTextLayer,
    PageFurnitureError,
    PasswordRequired,
    TruncatedPDF,
    WrongPassword,
)
from .model import Group, Line, Page
from .read import DEFAULT_LIMITS, Limits, Progress, Reader, Source, extract
from .report import Removed, Report, report_for

__all__ = [
    "Cancelled",
    "DamagedPDF",
    "Group",
    "LimitExceeded",
    "Limits",
    "Line",
    "MissingCharacterMap",
    "NoTextLayer",
    "NotAPDF",
    "Page",
    "PageFurnitureError",
    "PasswordRequired",
    "Reader",
    "Removed",
    "Report",
    "TruncatedPDF",
    "WrongPassword",
    "analyze",
    "report_for",
]


def analyze(pdf: Source, *, password: str | None = None, on_progress: Progress | None = None,
            name: str | None = None, limits: Limits = DEFAULT_LIMITS, settings: Settings = DEFAULT_SETTINGS) -> Report:
    """Read a PDF (a path, bytes or a binary file), find its page furniture and return the Report.

    ``on_progress(done, total)`` is called after each page; returning False from it cancels the run.
    Raises a PageFurnitureError subclass on input that cannot be read. A PDF without any text layer
    still gives a Report (every page listed as without text); ``report.require_text()`` raises NoTextLayer.
    ``settings`` are the detector's thresholds (``pagefurniture.detect.Settings``), for trying others:
    ``analyze(pdf, settings=dataclasses.replace(DEFAULT_SETTINGS, min_run=4))``.
    """
    if name is None:
        name = os.path.basename(os.fspath(pdf)) if isinstance(pdf, (str, os.PathLike)) else \
            os.path.basename(getattr(pdf, "name", "") or "") or "document.pdf"
    document = extract(pdf, password=password, on_progress=on_progress, limits=limits)
    return report_for(name, document.pages, encrypted=document.encrypted, cut_off=document.cut_off, settings=settings)
