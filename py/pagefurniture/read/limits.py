"""The bounds of a reading and the first look at its bytes: ``Limits``, reading the file with its size
bounded, refusing what is not a PDF (and saying what it is instead), and the clock of the time limits."""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import BinaryIO

from ..errors import LimitExceeded, NotAPDF, PageFurnitureError

Source = str | os.PathLike | bytes | bytearray | memoryview | BinaryIO


@dataclass(frozen=True, slots=True)
class Limits:
    """Bounds that protect the user from hostile files without refusing real documents."""

    max_bytes: int = 512 * 1024 * 1024
    max_pages: int = 20_000
    max_chars_per_page: int = 1_000_000
    max_seconds_per_page: float = 60.0
    max_seconds: float = 1800.0
    # One decoded stream (a page's content, a font, a form); real ones are a few MB at most.
    max_stream_bytes: int = 256 * 1024 * 1024
    # All decoded streams of one file together: pdfminer keeps them in memory until the end.
    max_decoded_bytes: int = 1024 * 1024 * 1024


DEFAULT_LIMITS = Limits()


def read_bytes(pdf: Source, limits: Limits = DEFAULT_LIMITS) -> bytes:
    """Return the file's bytes, from a path, a bytes-like object or a binary file."""
    if isinstance(pdf, (bytes, bytearray, memoryview)):
        data = bytes(pdf)
    elif isinstance(pdf, (str, os.PathLike)):
        try:
            size = os.path.getsize(pdf)
            if size > limits.max_bytes:
                raise LimitExceeded(_too_big(size, limits))
            with open(pdf, "rb") as fh:
                data = fh.read()
        except OSError as exc:
            raise PageFurnitureError(f"cannot read {os.fspath(pdf)!s}: {exc.strerror or exc}") from None
    elif hasattr(pdf, "read"):
        data = pdf.read(limits.max_bytes + 1)
        if not isinstance(data, (bytes, bytearray)):
            raise TypeError("the file must be opened in binary mode ('rb')")
        data = bytes(data)
    else:
        raise TypeError(f"expected a path, bytes or a binary file, not {type(pdf).__name__}")
    if len(data) > limits.max_bytes:
        raise LimitExceeded(_too_big(len(data), limits))
    return data


def _too_big(size: int, limits: Limits) -> str:
    return (f"the file is {size / 2**20:.0f} MB, over the limit of {limits.max_bytes / 2**20:.0f} MB; "
            "split it into smaller PDFs")


def check_header(data: bytes) -> None:
    """Refuse input that is not a PDF before pdfminer tries to parse it."""
    if not data:
        raise NotAPDF("the file is empty; choose a PDF file")
    # Readers accept the header anywhere in the first 1024 bytes (some files start with junk).
    if b"%PDF-" not in data[:1024] or (not data.startswith(b"%PDF-") and _sniff(data).startswith("it is a")):
        # The second case: a known other format (a ZIP that stores a PDF has "%PDF-" near its start too).
        raise NotAPDF(f"this is not a PDF ({_sniff(data)}); choose a PDF file")


def _sniff(data: bytes) -> str:
    signatures = {
        b"\x89PNG": "it is a PNG image", b"\xff\xd8\xff": "it is a JPEG image", b"PK\x03\x04": "it is a ZIP archive",
        b"GIF8": "it is a GIF image", b"II*\x00": "it is a TIFF image", b"MM\x00*": "it is a TIFF image",
        b"\xd0\xcf\x11\xe0": "it is an old Office document", b"{\\rtf": "it is an RTF document",
    }
    for magic, what in signatures.items():
        if data.startswith(magic):
            return what
    head = data[:512]
    if b"<html" in head.lower() or b"<!doctype" in head.lower():
        return "it is a web page"
    try:
        head.decode("utf-8")
        return "it looks like a text file"
    except UnicodeDecodeError:
        return "it does not start with %PDF-"


class _Clock:
    """Raises LimitExceeded when a page or the whole run takes too long; checked every few hundred glyphs."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.start = self.page_start = time.monotonic()
        self.page = 0

    def begin(self, page: int) -> None:
        self.page = page
        self.page_start = time.monotonic()

    def check(self) -> None:
        now = time.monotonic()
        if now - self.page_start > self.limits.max_seconds_per_page:
            raise LimitExceeded(f"page {self.page} took longer than {self.limits.max_seconds_per_page:.0f} s to read, "
                                "the limit for one page; the file may be damaged or built to be slow")
        if now - self.start > self.limits.max_seconds:
            raise LimitExceeded(f"reading stopped at page {self.page}: the whole file took longer than "
                                f"{self.limits.max_seconds:.0f} s, the limit for one file")

