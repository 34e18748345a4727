"""Make the sample PDF on the page and the checked-in test PDFs in tests/data (run once; the outputs are
checked in).

    python tests/helpers/make_fixtures.py      # needs reportlab and qpdf

Each PDF is small and shows one thing: obvious furniture, a password, an owner password only, text in
CJK encodings that need pdfminer's character maps (Japanese, Chinese), a file cut off in the middle,
and a page without any text.
"""

from __future__ import annotations

import random
import subprocess
import sys
from pathlib import Path

from reportlab.lib.pagesizes import A4, letter
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfgen import canvas

HERE = Path(__file__).resolve().parent
DATA = HERE.parent / "data"
SITE = HERE.parents[1] / "site"

CHAPTERS = ["Our year in brief", "Stores and customers", "People", "Environment", "Finances", "Outlook",
            "Governance", "Risks"]
WORDS = ["revenue", "grew", "in", "every", "region", "this", "year", "led", "by", "northern", "stores", "and", "the", "new", "online", "shop", "board", "approved", "two", "warehouses", "which", "will", "open", "spring", "cut", "delivery", "times", "staff", "numbers", "rose", "most", "roles", "are", "logistics", "customer", "service", "energy", "use", "per", "square", "metre", "fell", "again", "after", "lighting", "heating", "upgrades"]


def report(path: Path, pages: int, *, title: str = "Annual Report 2025", producer: str = "") -> None:
    """Header and "Page N of M" on every page but the cover; a confidentiality footer; a decoy table label."""
    c = canvas.Canvas(str(path), pagesize=letter, pageCompression=1, invariant=1)
    c.setTitle(title)
    width, height = letter
    for n in range(1, pages + 1):
        if n == 1:
            c.setFont("Helvetica-Bold", 24)
            c.drawString(72, height - 200, title)
            c.setFont("Helvetica", 14)
            c.drawString(72, height - 230, "Northwind Trading Company")
        else:
            c.setFont("Helvetica", 9)
            c.drawString(72, height - 40, title)
            c.drawRightString(width - 72, height - 40, "Northwind Trading")
            c.setFont("Helvetica-Bold", 14)
            c.drawString(72, height - 90, CHAPTERS[(n - 2) % len(CHAPTERS)])
            c.setFont("Helvetica", 11)
            y = height - 120
            rng = random.Random(n)
            for _i in range(10 + 3 * (n % 4)):  # pages hold different amounts of text, as real ones do
                # Body lines differ from page to page, as real prose does.
                words = rng.sample(WORDS, 14)
                c.drawString(72, y, " ".join(words).capitalize() + ".")
                y -= 16
            if n % 2 == 0:
                # A table label that repeats on several pages is content, not furniture.
                c.setFont("Helvetica-Bold", 10)
                c.drawString(72, y - 14, "Table 1. Sales by region")
                c.setFont("Helvetica", 10)
                for r, (region, value) in enumerate([("North", "41.2"), ("South", "28.7"), ("West", "19.9")]):
                    c.drawString(90, y - 32 - 14 * r, region)
                    c.drawRightString(300, y - 32 - 14 * r, value)
            c.setFont("Helvetica", 8)
            c.drawString(72, 40, "Company Confidential - do not distribute")
            c.drawRightString(width - 72, 40, f"Page {n} of {pages}")
        c.showPage()
    c.save()


def cjk(path: Path) -> None:
    """Japanese text in a predefined CMap encoding (UniJIS-UCS2-H): pdfminer needs its character maps."""
    _cid_report(path, "HeiseiMin-W3", "年次報告書 2025", "第{n}章 売上は全地域で増加しました。", "新しい倉庫は春に開業します。")


def chinese(path: Path) -> None:
    """Simplified Chinese in a predefined CMap encoding (UniGB-UCS2-H): another of pdfminer's maps."""
    _cid_report(path, "STSong-Light", "二〇二五年年度报告", "第{n}章 各地区的销售额均有增长。", "新仓库将于春季开业。")


def _cid_report(path: Path, font: str, head: str, chapter: str, body: str) -> None:
    """Three pages in one of reportlab's CID fonts: a running head, two lines of text and a "- n -" folio."""
    pdfmetrics.registerFont(UnicodeCIDFont(font))
    c = canvas.Canvas(str(path), pagesize=A4, invariant=1)
    width, height = A4
    for n in range(1, 4):
        c.setFont(font, 9)
        c.drawString(72, height - 40, head)
        c.setFont(font, 12)
        c.drawString(72, height - 120, chapter.format(n=n))
        c.drawString(72, height - 140, body)
        c.setFont("Helvetica", 9)
        c.drawCentredString(width / 2, 40, f"- {n} -")
        c.showPage()
    c.save()


def cut_off(source: Path, path: Path, fraction: float = 0.6) -> None:
    """The first part of another PDF, as a download that stopped: its trailer and last pages are gone."""
    data = source.read_bytes()
    path.write_bytes(data[: int(len(data) * fraction)])


def no_text(path: Path) -> None:
    """Two pages of drawings and no text at all, like a scan."""
    c = canvas.Canvas(str(path), pagesize=letter, invariant=1)
    for _ in range(2):
        c.rect(72, 72, 300, 500, fill=1)
        c.showPage()
    c.save()


def main() -> int:
    DATA.mkdir(exist_ok=True)
    report(SITE / "sample.pdf", 6)
    report(DATA / "annual-report.pdf", 9)
    cjk(DATA / "japanese.pdf")
    chinese(DATA / "chinese.pdf")
    cut_off(DATA / "annual-report.pdf", DATA / "cut-off.pdf")
    no_text(DATA / "no-text.pdf")
    # qpdf writes the encrypted copies: AES-256 with a user password, AES-128 with an owner password only.
    subprocess.run(["qpdf", "--encrypt", "secret", "owner-secret", "256", "--", str(DATA / "annual-report.pdf"),
                    str(DATA / "password-secret.pdf")], check=True)
    subprocess.run(["qpdf", "--encrypt", "", "owner-only", "128", "--use-aes=y", "--", str(DATA / "annual-report.pdf"),
                    str(DATA / "owner-password.pdf")], check=True)
    (DATA / "not-a-pdf.pdf").write_text("This is a plain text file that someone named .pdf.\n")
    for path in sorted([SITE / "sample.pdf", *DATA.iterdir()]):
        print(f"{path.stat().st_size:>8}  {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
