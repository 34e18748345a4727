"""Small PDFs with known furniture, made with reportlab, for tests; ``DATA`` holds the checked-in ones.

Every function returns the PDF's bytes and, given a path, also writes them there::

    from pdfs import annual_report, Text, make_pdf
    data = annual_report(tmp_path / "annual.pdf")            # 6 pages, header + "Page N of 6"
    make_pdf(tmp_path / "two.pdf", [[Text("Hello", 72, 100)], [Text("World", 72, 100)]])

Positions are in PDF points from the top-left corner of the page (like the package's boxes), ``y`` being
the text's baseline. The text each ready-made document draws is available as constants and functions
(``ANNUAL_HEADER``, ``annual_footer(3)``, ``body(3)``) so tests can assert on it.
"""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pypdf
from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen import canvas

PAGE = LETTER  # (612, 792) points
# PDFs checked in because something other than reportlab made them (qpdf's encryption) or the page and the
# golden outputs need fixed bytes; made by make_fixtures.py.
DATA = Path(__file__).resolve().parents[1] / "data"


@dataclass(frozen=True)
class Text:
    """One string drawn on a page; ``y`` is the baseline's distance from the top of the page."""

    text: str
    x: float
    y: float
    size: float = 10
    font: str = "Helvetica"
    angle: float = 0  # degrees, counter-clockwise, around (x, y)


@dataclass(frozen=True)
class Picture:
    """A grey picture with dark bars in it, like a scanned page: pixels only, no text layer."""

    x: float = 36
    y: float = 36
    width: float = 540
    height: float = 720


Item = Text | Picture


def make_pdf(path: str | Path | None, pages: Sequence[Sequence[Item]], *, pagesize: tuple[float, float] = PAGE,
             password: str | None = None) -> bytes:
    """Draw each page's items in the order given and return the PDF (also written to ``path`` if given).

    ``password`` encrypts the file with that user password (RC4 128-bit, what reportlab makes).
    """
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=pagesize, encrypt=password, invariant=1)
    _width, height = pagesize
    for items in pages:
        for item in items:
            if isinstance(item, Picture):
                c.drawImage(_scan_image(), item.x, height - item.y - item.height, item.width, item.height)
                continue
            c.saveState()
            c.setFont(item.font, item.size)
            c.translate(item.x, height - item.y)
            if item.angle:
                c.rotate(item.angle)
            c.drawString(0, 0, item.text)
            c.restoreState()
        c.showPage()
    c.save()
    data = buf.getvalue()
    if path is not None:
        Path(path).write_bytes(data)
    return data


def _scan_image():
    from PIL import Image, ImageDraw
    from reportlab.lib.utils import ImageReader

    image = Image.new("L", (300, 400), 235)
    draw = ImageDraw.Draw(image)
    for row in range(30, 380, 14):  # bars where lines of print would be
        draw.rectangle((25, row, 275 - (row * 7) % 60, row + 6), fill=40)
    return ImageReader(image)


# -- body text that differs on every page ---------------------------------------------------------------

_WORDS = ["revenue", "grew", "in", "every", "region", "while", "costs", "fell", "slightly", "as", "the", "new", "plant", "came", "online", "and", "the", "board", "approved", "a", "dividend", "for", "shareholders", "after", "a", "careful", "review", "of", "risks", "liquidity", "staff", "training", "customers", "suppliers", "energy", "prices", "logistics", "contracts", "research", "pilots", "audit"]


def body(page: int, *, lines: int = 12) -> list[str]:
    """The body lines of a page: prose that is different on every page (seeded by the page number)."""
    rng = random.Random(page * 7919)
    out = []
    for _i in range(lines):
        words = [rng.choice(_WORDS) for _ in range(rng.randint(8, 12))]
        out.append(" ".join(words).capitalize() + ".")
    return out


def _body_items(page: int, *, top: float = 120, lines: int = 12) -> list[Text]:
    return [Text(line, 72, top + 18 * i, 11) for i, line in enumerate(body(page, lines=lines))]


# -- ready-made documents -------------------------------------------------------------------------------

ANNUAL_HEADER = "Annual Report 2025"


def annual_footer(page: int, total: int = 6) -> str:
    return f"Page {page} of {total}"


def annual_report(path: str | Path | None = None, *, pages: int = 6, password: str | None = None) -> bytes:
    """A report: header "Annual Report 2025" at the top, footer "Page N of M" at the bottom, body differs per page."""
    return make_pdf(path, [
        [Text(ANNUAL_HEADER, 72, 50, 9), *_body_items(n), Text(annual_footer(n, pages), 270, 760, 9)]
        for n in range(1, pages + 1)
    ], password=password)


def table_label(page: int) -> str:
    return f"Table A-{page}."


def table_labels(path: str | Path | None = None, *, pages: int = 5) -> bytes:
    """A decoy: "Table A-N." at the top of page N (content, must be kept) and a real folio "N" at the bottom.

    The labels count up with the pages like page numbers do; only their place and wording tell them apart.
    """
    return make_pdf(path, [
        [Text(table_label(n), 72, 60, 10, "Helvetica-Bold"), *_body_items(n, top=90), Text(str(n), 303, 760, 9)]
        for n in range(1, pages + 1)
    ])


PASSWORD = "secret"


def encrypted(path: str | Path | None = None, *, password: str = PASSWORD) -> bytes:
    """The annual report, encrypted with a user password (``PASSWORD`` unless given)."""
    return annual_report(path, password=password)


def image_only(path: str | Path | None = None, *, pages: int = 2) -> bytes:
    """Pages that are only a picture (like a scan): no page has a text layer."""
    return make_pdf(path, [[Picture()] for _ in range(pages)])


def damaged(path: str | Path | None = None) -> bytes:
    """A PDF whose bytes after the ``%PDF-1.x`` line are zeros (a broken download): nothing can be read."""
    data = annual_report()
    data = data[:9] + bytes(len(data) - 9)
    if path is not None:
        Path(path).write_bytes(data)
    return data


def truncated(path: str | Path | None = None) -> bytes:
    """The first half of the 6-page annual report: the first pages read, the later ones are missing."""
    data = annual_report()
    data = data[: len(data) // 2]
    if path is not None:
        Path(path).write_bytes(data)
    return data


def not_a_pdf(path: str | Path | None = None) -> bytes:
    """A plain text file, perhaps renamed to .pdf."""
    data = b"These are meeting notes, saved as text.\n"
    if path is not None:
        Path(path).write_bytes(data)
    return data


def folio_report(path: Path, *, first: int = 41, pages: int = 6) -> Path:
    """The annual report's layout with its pages printed as "Page 41 of 46" onwards: a journal issue."""
    last = first + pages - 1
    make_pdf(path, [[Text(ANNUAL_HEADER, 72, 50, 9),
                     *[Text(line, 72, 120 + 18 * i, 11) for i, line in enumerate(body(n))],
                     Text(f"Page {first + n - 1} of {last}", 270, 760, 9)]
                    for n in range(1, pages + 1)])
    return path


def with_labels_and_info(source: Path, path: Path) -> Path:
    """``source`` with its own page labels (i, ii, A-1, ...) and document information written by pypdf."""
    writer = pypdf.PdfWriter(clone_from=source)
    writer.set_page_label(0, 1, style="/r")
    writer.set_page_label(2, len(writer.pages) - 1, style="/D", prefix="A-")
    writer.add_metadata({"/Title": " Annual Report ", "/Author": "Ada Lovelace", "/Custom": "été",
                         "/CreationDate": "D:20240208091013-05'00'", "/ModDate": "D:2024"})
    with open(path, "wb") as fh:
        writer.write(fh)
    return path
