"""Deterministic long text PDFs for the benchmark, made with reportlab into a cache folder.

Every page has obvious furniture (a running header "Annual Report 2025" with a section name, a
confidentiality footer and "Page N of M") around about 45 lines of body prose, which is roughly the
density of a typical report page. The same arguments always give the same bytes (reportlab's
``invariant`` mode drops the timestamp and the random document id), so cached files are reused and
every run measures the same input.

>>> path = document(10, "tests/bench/out")  # doctest: +SKIP
>>> path.name
'generated-10p.pdf'
"""

from __future__ import annotations

import random
from pathlib import Path

WORDS = ["the", "report", "describes", "annual", "results", "of", "operations", "across", "regions", "and", "segments", "while", "revenue", "grew", "steadily", "during", "the", "year", "as", "demand", "for", "services", "increased", "in", "most", "markets", "and", "costs", "were", "kept", "under", "control", "through", "careful", "planning", "investment", "in", "systems", "training", "of", "staff", "and", "a", "review", "of", "suppliers", "management", "expects", "further", "growth", "next", "year", "although", "risks", "remain", "in", "supply", "chains", "energy", "prices", "and", "interest", "rates", "which", "the", "board", "monitors", "closely", "together", "with", "the", "audit", "committee", "customers", "reported", "higher", "satisfaction", "with", "delivery", "times", "and", "product", "quality", "new", "facilities", "opened", "in", "the", "north", "and", "the", "south", "employees", "completed", "safety", "courses", "and", "the", "company", "reduced", "emissions", "per", "unit", "of", "output"]

SECTIONS = ("Overview", "Financial Review", "Operations", "Risk Management", "Governance", "Sustainability",
            "People", "Outlook")


def _paragraphs(rng: random.Random):
    """An endless stream of body lines (about 90 characters) with a heading now and then."""
    while True:
        if rng.random() < 0.08:
            yield "heading", f"{rng.randint(1, 9)}.{rng.randint(1, 20)} {rng.choice(SECTIONS)} in detail"
        words = [rng.choice(WORDS) for _ in range(rng.randint(12, 16))]
        words[0] = words[0].capitalize()
        yield "body", " ".join(words) + ("." if rng.random() < 0.3 else "")


def write(path: Path, pages: int, *, seed: int = 2025) -> Path:
    """Write a ``pages``-page PDF to ``path`` (overwriting it) and return the path."""
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    rng = random.Random(f"{seed}-{pages}")
    width, height = A4
    canvas = Canvas(str(path), pagesize=A4, invariant=1, pageCompression=1)
    canvas.setTitle(f"Annual Report 2025 ({pages} pages)")
    stream = _paragraphs(rng)
    for number in range(1, pages + 1):
        section = SECTIONS[(number - 1) * len(SECTIONS) // pages]
        canvas.setFont("Helvetica", 9)
        canvas.drawString(56, height - 40, "Annual Report 2025")
        canvas.drawRightString(width - 56, height - 40, section)
        canvas.drawString(56, 36, "Northwind Holdings - Confidential")
        canvas.drawRightString(width - 56, 36, f"Page {number} of {pages}")
        y = height - 80
        while y > 70:
            kind, text = next(stream)
            if kind == "heading":
                canvas.setFont("Helvetica-Bold", 12)
                y -= 6
            else:
                canvas.setFont("Times-Roman", 10.5)
            canvas.drawString(56, y, text)
            y -= 17 if kind == "heading" else 14.5
        canvas.showPage()
    canvas.save()
    return path


def document(pages: int, folder: str | Path, *, seed: int = 2025, stem: str = "generated") -> Path:
    """The cached ``pages``-page document in ``folder``, written on first use."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    suffix = "" if seed == 2025 else f"-s{seed}"
    path = folder / f"{stem}-{pages}p{suffix}.pdf"
    if not path.exists() or path.stat().st_size == 0:
        tmp = path.with_suffix(".tmp")
        write(tmp, pages, seed=seed)
        tmp.replace(path)
    return path


def batch(folder: str | Path, count: int = 50) -> list[Path]:
    """``count`` different documents of 4 to 16 pages in ``folder``, as a CLI batch job would meet them."""
    folder = Path(folder)
    rng = random.Random(f"batch-{count}")
    return [document(rng.randint(4, 16), folder, seed=1000 + i, stem=f"doc{i:02d}") for i in range(count)]


def _title(rng: random.Random) -> str:
    """A heading of three to five words, with no digits (a number in it would make it a page number's kin)."""
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 5))).title()


def write_headed(path: Path, pages: int, *, seed: int = 2025) -> Path:
    """A ``pages``-page book whose running heads change every page or two: about one repeated group per page.

    The left head names the section (a new one every two pages), the right head the subsection (every two
    pages, shifted by one), the footer the chapter (every 20 pages); a constant footer and "Page N" too.
    Each head is on two pages, so each is a repeated group of its own: 1,500 pages give about 1,580 groups,
    as many as a long handbook or a reference work has. The body is short (20 lines) so that the file is
    about drawing and choosing, not reading.
    """
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas

    rng = random.Random(f"headed-{seed}-{pages}")
    width, height = A4
    canvas = Canvas(str(path), pagesize=A4, invariant=1, pageCompression=1)
    canvas.setTitle(f"Handbook ({pages} pages)")
    sections = [_title(rng) for _ in range(pages // 2 + 1)]
    subsections = [_title(rng) for _ in range(pages // 2 + 2)]
    chapters = [_title(rng) for _ in range(pages // 20 + 1)]
    stream = _paragraphs(rng)
    for number in range(1, pages + 1):
        canvas.setFont("Helvetica", 9)
        canvas.drawString(56, height - 40, sections[(number - 1) // 2])
        canvas.drawRightString(width - 56, height - 40, subsections[number // 2])
        canvas.drawString(56, 36, chapters[(number - 1) // 20])
        canvas.drawCentredString(width / 2, 24, "Northwind Handbook")
        canvas.drawRightString(width - 56, 36, f"Page {number}")
        y = height - 80
        for _ in range(20):
            kind, text = next(stream)
            canvas.setFont("Helvetica-Bold" if kind == "heading" else "Times-Roman", 12 if kind == "heading" else 10.5)
            canvas.drawString(56, y, text)
            y -= 17 if kind == "heading" else 14.5
        canvas.showPage()
    canvas.save()
    return path


def headed(pages: int, folder: str | Path, *, seed: int = 2025) -> Path:
    """The cached ``pages``-page book of ``write_headed`` in ``folder``, written on first use."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"headed-{pages}p{'' if seed == 2025 else f'-s{seed}'}.pdf"
    if not path.exists() or path.stat().st_size == 0:
        tmp = path.with_suffix(".tmp")
        write_headed(tmp, pages, seed=seed)
        tmp.replace(path)
    return path
