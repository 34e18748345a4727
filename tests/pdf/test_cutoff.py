"""Real PDFs cut off at 30%, 60% and 90% of their length, as a download that stopped leaves them.

The files are the evaluation kit's (``../shared/eval``, beside the repository; see its SOURCES.md): one
per producer and way of storing objects. For every cut, each page that is read must have the same text
as from the whole file, and every other page is named; where no page survives, the error says the file
is cut off and where. ``READ`` holds how many pages each cut gives today, as the least to expect: more
is fine, fewer is a regression.
"""

from __future__ import annotations

import functools
from collections import Counter
from pathlib import Path

import hostile as h
import pytest
from pagefurniture import Report, TruncatedPDF, analyze

EVAL = Path(__file__).resolve().parents[3] / "shared" / "eval"
FRACTIONS = (0.3, 0.6, 0.9)
# file: who made it and how it stores its objects.
PRODUCERS = {
    "real2/dpr-paper-pdftex.pdf": "pdfTeX 1.40, object streams; fonts and page objects near the end",
    "real2/koma-chapterthumbs-de.pdf": "pdfTeX 1.40, a classic cross-reference table",
    "real2/grobid-guidelines-word.pdf": "Microsoft Word, object streams",
    "real2/geobase-nhn-datamodel-word.pdf": "Microsoft Word, object streams and two cross-reference sections",
    "real2/de-pdfua-bookchapter-indesign.pdf": "InDesign (Adobe PDF Library 15), a classic table",
    "real2/lilypond-bwv610.pdf": "GPL Ghostscript 10, fonts at the end",
    "real/journal-shiftwork-3b2.pdf": "Acrobat Distiller 5, linearised (it says its length and page count)",
    "real2/election-results-excel.pdf": "Microsoft Excel, object streams",
}
# (file, fraction): pages read whole, at least; 0: no page survives and the file is refused as cut off.
READ = {
    ("real2/dpr-paper-pdftex.pdf", 0.3): 0, ("real2/dpr-paper-pdftex.pdf", 0.6): 0,
    ("real2/dpr-paper-pdftex.pdf", 0.9): 12,
    ("real2/koma-chapterthumbs-de.pdf", 0.3): 9, ("real2/koma-chapterthumbs-de.pdf", 0.6): 9,
    ("real2/koma-chapterthumbs-de.pdf", 0.9): 9,
    ("real2/grobid-guidelines-word.pdf", 0.3): 1, ("real2/grobid-guidelines-word.pdf", 0.6): 1,
    ("real2/grobid-guidelines-word.pdf", 0.9): 11,
    ("real2/geobase-nhn-datamodel-word.pdf", 0.3): 0, ("real2/geobase-nhn-datamodel-word.pdf", 0.6): 0,
    ("real2/geobase-nhn-datamodel-word.pdf", 0.9): 9,
    ("real2/de-pdfua-bookchapter-indesign.pdf", 0.3): 7, ("real2/de-pdfua-bookchapter-indesign.pdf", 0.6): 17,
    ("real2/de-pdfua-bookchapter-indesign.pdf", 0.9): 21,
    ("real2/lilypond-bwv610.pdf", 0.3): 0, ("real2/lilypond-bwv610.pdf", 0.6): 0, ("real2/lilypond-bwv610.pdf", 0.9): 1,
    ("real/journal-shiftwork-3b2.pdf", 0.3): 2, ("real/journal-shiftwork-3b2.pdf", 0.6): 7,
    ("real/journal-shiftwork-3b2.pdf", 0.9): 11,
    ("real2/election-results-excel.pdf", 0.3): 4, ("real2/election-results-excel.pdf", 0.6): 4,
    ("real2/election-results-excel.pdf", 0.9): 5,
}

needs_eval = pytest.mark.skipif(not EVAL.is_dir(), reason=f"the evaluation kit is not at {EVAL}")
# Content streams read both ways: by tokens.py's loop, and by the browser's reader (conftest.py).
pytestmark = [pytest.mark.usefixtures("content_reader"), pytest.mark.slow]


@functools.cache
def whole(name: str) -> tuple[bytes, Report]:
    data = (EVAL / name).read_bytes()
    return data, analyze(data)


def texts(page) -> list[str]:
    return [line.text for line in page.lines]


@needs_eval
@pytest.mark.parametrize("fraction", FRACTIONS)
@pytest.mark.parametrize("name", PRODUCERS)
def test_cut_copy_reads_every_complete_page_as_the_whole_file_does(name, fraction):
    data, full = whole(name)
    cut = data[: int(len(data) * fraction)]
    least = READ[(name, fraction)]
    try:
        report = analyze(cut)
    except TruncatedPDF as exc:
        assert least == 0, f"{name} cut at {fraction:.0%}: no page read, {least} expected ({exc})"
        message = str(exc)
        assert message.startswith("the file is cut off ") and "; no page could be read: " in message, message
        assert message.endswith("get a complete copy of the file (download or copy it again)")
        return
    assert report.cut_off is not None and report.cut_off.size == len(cut)
    # Complete only when nothing of the text is lost (a cut may take only what follows the last page).
    complete = not any(page.error for page in report.pages) and report.cut_off.pages_known
    assert report.complete is complete and report.summary()["complete"] is complete
    if report.cut_off.pages_known:
        assert len(report.pages) == len(full.pages)
    else:
        assert len(report.pages) <= len(full.pages)
    read = [page.number for page in report.pages if page.error is None]
    assert len(read) >= least, f"{name} cut at {fraction:.0%}: {len(read)} pages read, {least} expected"
    for page in report.pages:
        if page.error is None:
            assert texts(page) == texts(full.pages[page.number - 1]), f"page {page.number}"
        else:
            assert page.error.startswith(f"page {page.number} could not be read"), page.error
            assert "cut off" in page.error, page.error
            # What was read of a page read in part is text of that page, never anything else.
            assert not Counter(texts(page)) - Counter(texts(full.pages[page.number - 1])), page.error
    unreadable = report.summary()["pages_unreadable"]
    assert [entry["page"] for entry in unreadable] == [p.number for p in report.pages if p.error]


@needs_eval
def test_more_pages_survive_a_later_cut():
    # The cut moves through the file: what a cut at 30% gives, one at 90% gives too (one producer each).
    for name in PRODUCERS:
        assert READ[(name, 0.3)] <= READ[(name, 0.6)] <= READ[(name, 0.9)], name
    assert sum(READ.values()) >= 120  # and the recovery is real: pages are read, not only named


@needs_eval
def test_a_linearised_file_says_how_much_of_it_is_there():
    data, full = whole("real/journal-shiftwork-3b2.pdf")
    with pytest.raises(TruncatedPDF) as caught:
        analyze(data[: int(len(data) * 0.1)])
    assert str(caught.value).startswith("the file is cut off at 10% (14 KB of 139 KB); no page could be read: "
                                        f"none of the {len(full.pages)} pages it lists is complete")
    report = analyze(data[: int(len(data) * 0.6)])
    assert report.cut_off.expected == len(data) and report.cut_off.pages_known  # its /L and /N
    assert len(report.pages) == len(full.pages)
    assert report.pages[-1].error == f"page {len(full.pages)} could not be read: the file is cut off before it"


@needs_eval
def test_a_page_whose_fonts_are_beyond_the_cut_is_named_not_read_as_garbage():
    # pdfTeX writes the fonts last: without them pdfminer would guess a font and print other text.
    data, _ = whole("real2/koma-chapterthumbs-de.pdf")
    report = analyze(data[: int(len(data) * 0.6)])
    assert report.pages[0].error == "page 1 could not be read: the file is cut off before its fonts"
    assert report.pages[0].lines == ()
    assert not report.cut_off.pages_known  # the page tree went with the end: the pages were found by scanning


# -- made here: where exactly the cut falls ------------------------------------------------------------------


def pages_first(count: int) -> bytes:
    """``count`` pages of ``hostile.furniture_page``, written as many producers do: the page objects first, their
    content streams (uncompressed) last."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % (4 + i) for i in range(count)), count),
               h.HELVETICA]
    objects += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                b"/Resources << /Font << /F1 3 0 R >> >> >>" % (4 + count + i) for i in range(count)]
    objects += [h.stream(h.furniture_page(n, count, h.body_text(n))) for n in range(1, count + 1)]
    return h.write(objects)


def test_a_page_whose_content_stream_is_cut_in_half_is_named_not_read_in_half():
    data = pages_first(3)
    start = data.rindex(b"stream\nBT")  # page 3's content, the last object of the file
    at = start + (data.index(b"endstream", start) - start) // 2
    report = analyze(data[:at])
    assert [page.error for page in report.pages] == [None, None, "page 3 could not be read: the file is cut off "
                                                                 "before its content"]
    assert report.pages[2].lines == ()  # never the half that is there, as if it were all
    assert report.page_texts()[:2] == analyze(data).page_texts()[:2]
    assert report.summary()["complete"] is False


def test_a_file_whose_only_loss_is_its_trailer_is_complete():
    data = h.report_pdf(3)
    report = analyze(data[: data.rindex(b"xref")])  # every object is there, the table and trailer are not
    assert report.cut_off is not None  # it is cut off ...
    assert report.complete and not any(page.error for page in report.pages)  # ... but nothing of it is lost
    assert [texts(page)[0] for page in report.pages] == [h.HEADER] * 3


def test_a_file_without_its_last_bytes_is_cut_off_and_complete():
    whole_file = h.report_pdf(2)
    report = analyze(whole_file[: len(whole_file) - 40])  # startxref and %%EOF gone, the trailer is there
    assert report.cut_off is not None and report.complete
    assert analyze(whole_file).cleaned_text() == report.cleaned_text()
    assert analyze(whole_file).cut_off is None


@needs_eval
def test_the_loaders_know_a_cut_off_file_is_not_complete():
    # Every page found is read, but the page list is lost: only the file's cut_off says pages may be missing.
    from pagefurniture import documents

    data = (EVAL / "real/federal-register-2020-17221.pdf").read_bytes()
    loaded = documents.load(data[: int(len(data) * 0.3)], name="fr.pdf")
    assert not any(page.error for page in loaded.pages)
    assert loaded.report.cut_off is not None and not loaded.report.cut_off.pages_known
    assert loaded.report.summary()["complete"] is False
