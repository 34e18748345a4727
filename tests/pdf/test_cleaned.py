"""The cleaned PDF: the removed lines' glyphs are gone from the content streams, and nothing else changed.

Each cleaned file is checked with other tools than the one that wrote it (``helpers/cleaned.py``): its text
read by pdfminer.six is the original's less the removed lines', exactly; drawn by pdftoppm it differs from
the original only where the removed lines were; ``qpdf --check`` finds nothing new in it; pypdf finds the
same outline, labels, metadata, fields, links and tagged structure. The small files here are built to
reach one case each; the real documents of the evaluation kit are the slow tests at the end.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import zlib
from dataclasses import replace
from pathlib import Path

import cleaned as check
import hostile as h
import pypdf
import pytest
from pagefurniture import PageFurnitureError, analyze
from pagefurniture.clean.file import compress
from pagefurniture.errors import NotCleaned
from pagefurniture.read.tracing import Traced
from pagefurniture.report import report_for

EVAL = Path(__file__).resolve().parents[3] / "shared" / "eval"
needs_tools = pytest.mark.skipif(check.tools_missing() is not None, reason=check.tools_missing() or "")
needs_qpdf = pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")


def cleaned_and_checked(data: bytes, report=None, password: str = "", *, picture: bool = True) -> bytes:
    """The cleaned PDF of ``data`` (for ``report``, else the detector's), after every check passed."""
    report = report or analyze(data, password=password or None)
    assert report.removed(), "the test PDF should have lines to remove"
    out = report.cleaned_pdf(data, password=password or None)
    assert check.all_problems(data, out, report, password, picture=picture) == []
    return out


# -- small files, one case each -------------------------------------------------------------------------------


@needs_tools
@pytest.mark.parametrize("compress", [False, True], ids=["plain", "compressed"])
def test_the_removed_lines_are_gone_and_everything_else_is_where_it_was(compress):
    data = h.report_pdf(4, compress=compress)
    out = cleaned_and_checked(data)
    assert analyze(out).removed() == []  # nothing repeats any more
    assert b"Annual Report" not in _contents(out)


def test_a_file_whose_streams_fit_keeps_every_other_byte():
    data = h.report_pdf(4, compress=True)
    out = analyze(data).cleaned_pdf(data)
    assert len(out) == len(data)  # each rewritten stream took its old one's place
    changed = _changed_objects(data, out)
    pages = pypdf.PdfReader(io.BytesIO(data)).pages
    assert changed == {page.raw_get("/Contents").idnum for page in pages}  # the content streams, nothing else


def test_a_stream_is_deflated_the_second_way_only_when_the_first_does_not_fit():
    # Text at scattered places, which the filtered strategy deflates smaller than the default one.
    data = b"".join(b"BT /F1 9 Tf %d %d Td [(Line) %d (of the body)] TJ ET\n" % (k * 37 % 500, 700 - k, k * 3 % 250)
                    for k in range(300))
    one, two = (zlib.compressobj(9, zlib.DEFLATED, 15, 8, strategy) for strategy in (zlib.Z_DEFAULT_STRATEGY,
                                                                                      zlib.Z_FILTERED))
    default, filtered = one.compress(data) + one.flush(), two.compress(data) + two.flush()
    assert len(filtered) < len(default)
    tried: list[bytes] = []
    assert compress(data, lambda packed: tried.append(packed) is None) == default and tried == [default]
    assert compress(data, lambda packed: False) == compress(data) == filtered


@needs_tools
@pytest.mark.parametrize("rewrite", ["object_streams", "linearize"])
def test_object_streams_and_linearised_files(tmp_path, rewrite):
    data = getattr(h, rewrite)(h.report_pdf(4), tmp_path)
    cleaned_and_checked(data)


@needs_tools
@pytest.mark.parametrize("bits, aes", [(40, False), (128, False), (128, True), (256, True)],
                         ids=["rc4-40", "rc4-128", "aes-128", "aes-256"])
def test_an_encrypted_file_stays_encrypted_the_same_way(tmp_path, bits, aes):
    data = h.encrypt(h.report_pdf(3), tmp_path, bits=bits, user="pw", aes=aes)
    out = cleaned_and_checked(data, password="pw")
    before, after = pypdf.PdfReader(io.BytesIO(data)), pypdf.PdfReader(io.BytesIO(out))
    assert after.is_encrypted
    assert after.trailer["/Encrypt"].get_object() == before.trailer["/Encrypt"].get_object()
    assert after.decrypt("wrong") == pypdf.PasswordType.NOT_DECRYPTED
    # The same choices give the same bytes: the encryption's initialisation vectors come from the content.
    assert analyze(data, password="pw").cleaned_pdf(data, password="pw") == out


@needs_tools
def test_a_string_of_furniture_and_content_is_split_and_the_glyphs_kept_stay_put():
    # One TJ draws a running head and, past a wide gap, a line of content: two lines for the reader. With
    # character spacing, word spacing and horizontal scaling set, the glyphs kept must not move.
    pages = []
    for n in range(1, 5):
        prose = h.body_text(n + 4, 1)[0][5:45]  # different on every page: content
        head = b"[(Annual Report 2025) -9000 (" + prose.encode() + b")] TJ"
        pages.append(b"q BT /F1 9 Tf 0.5 Tc 4 Tw 90 Tz 72 742 Td " + head + b" ET Q\n"
                     + h.text_ops([(72, 700 - 14 * k, 11, text) for k, text in enumerate(h.body_text(n))]))
    data = h.document(pages)
    detected = analyze(data)
    # The prose sits where running heads do, so the detector takes it for one too: the user keeps it.
    prose_lines = [(row.page, row.index) for row in detected.removed() if row.line.text != "Annual Report 2025"]
    report = detected.choose(keep_lines=prose_lines)
    assert {row.line.text for row in report.removed()} == {"Annual Report 2025"}
    out = cleaned_and_checked(data, report)
    prose = h.body_text(5, 1)[0][5:45]
    assert re.search(rb"\[(?:-?[0-9.]+ )+\(" + re.escape(prose.encode()) + rb"\)\]TJ", _contents(out, 0))
    assert _word_boxes(data, prose) == _word_boxes(out, prose) != []


@needs_tools
def test_the_quote_operators_keep_their_line_move_and_spacing():
    # ' moves to the next line and shows; " sets the word and character spacing, then does the same. The
    # head (shown by ') and the folio (by ", with a leading of 0: pdfminer does not move to the next line
    # for ", viewers do) go, and their replacements move and space as they did.
    data = quote_pdf()
    report = analyze(data)
    assert sorted({row.line.text.split()[0] for row in report.removed()}) == ["Annual", "Page"]
    out = cleaned_and_checked(data, report)
    written = _contents(out, 0)
    assert re.search(rb"754 Td T\* \[-[0-9.]+\]TJ", written)  # the head: T*, then its advance
    assert re.search(rb"2 Tw 0\.5 Tc T\* \[-[0-9.]+\]TJ", written)  # the folio: its spacings first


def quote_pdf() -> bytes:
    """Pages whose running head is shown by ', and their folio by "."""
    pages = []
    for n in range(1, 5):
        pages.append(b"BT /F1 9 Tf 12 TL 72 754 Td (Annual Report 2025) ' ET\n"
                     b"BT /F1 9 Tf 0 TL 300 40 Td 2 0.5 (" + f"Page {n} of 4".encode() + b") \" ET\n"
                     + h.text_ops([(72, 700 - 14 * k, 11, text) for k, text in enumerate(h.body_text(n))]))
    return h.document(pages)


def form_pdf(pages: int = 4, *, twice: bool = False, plain_pages: int = 0) -> bytes:
    """Pages whose running head is a Form XObject they all share (twice: drawn at the top and the bottom);
    ``plain_pages`` more pages name the form in their resources too, and draw nothing but their text."""
    head = h.stream(h.text_ops([(0, 0, 9, h.HEADER)]), b"/Type /XObject /Subtype /Form /BBox [0 -5 200 15] "
                    b"/Resources << /Font << /F1 3 0 R >> >>")
    contents = []
    for n in range(1, pages + 1):
        draw = b"q 1 0 0 1 72 742 cm /Hd Do Q\n" + (b"q 1 0 0 1 72 30 cm /Hd Do Q\n" if twice else b"")
        contents.append(draw + h.text_ops([(72, 700 - 14 * k, 11, text) for k, text in enumerate(h.body_text(n))]))
    for n in range(pages + 1, pages + plain_pages + 1):
        contents.append(h.text_ops([(72, 700 - 14 * k, 11, text) for k, text in enumerate(h.body_text(n))]))
    return h.document(contents, fonts=b"/F1 3 0 R >> /XObject << /Hd 4 0 R", extra_objects=[head])


@needs_tools
def test_a_form_removed_on_every_page_that_draws_it_is_rewritten_in_place():
    data = form_pdf()
    out = cleaned_and_checked(data)
    assert _changed_objects(data, out) == {4}
    assert len(out) == len(data)


@needs_tools
def test_a_form_kept_on_some_pages_is_copied_for_the_others():
    data = form_pdf()
    detected = analyze(data)
    kept = next(row for row in detected.removed() if row.page == 2)
    report = detected.choose(keep_lines=[(kept.page, kept.index)])
    out = cleaned_and_checked(data, report)
    reader = pypdf.PdfReader(io.BytesIO(out))
    forms = {n: page["/Resources"]["/XObject"].raw_get("/Hd").idnum for n, page in enumerate(reader.pages, start=1)}
    assert forms[2] == 4  # the page that keeps its head draws the form as it was
    assert len({forms[n] for n in (1, 3, 4)}) == 1 and forms[1] != 4  # the others share one copy
    assert h.HEADER in _text(reader, 2) and h.HEADER not in _text(reader, 1)


@needs_tools
def test_a_form_that_a_page_with_nothing_removed_names_stays_as_it_was():
    # Pages 5 and 6 name the form in their resources and remove nothing: they are not read again, so the
    # form itself must stay as it is for them, and the pages that remove its text get a copy.
    data = form_pdf(4, plain_pages=2)
    out = cleaned_and_checked(data)
    reader = pypdf.PdfReader(io.BytesIO(out))
    assert reader.pages[4]["/Resources"]["/XObject"].raw_get("/Hd").idnum == 4
    assert reader.pages[0]["/Resources"]["/XObject"].raw_get("/Hd").idnum != 4
    assert h.HEADER in reader.pages[4]["/Resources"]["/XObject"]["/Hd"].get_data().decode("latin-1")


def test_a_form_drawn_twice_on_a_page_with_one_copy_kept_is_refused():
    data = form_pdf(twice=True)
    detected = analyze(data)
    first = next(row for row in detected.removed() if row.page == 2)
    report = detected.choose(keep_lines=[(first.page, first.index)])
    with pytest.raises(NotCleaned, match=r"^no cleaned PDF can be made of document\.pdf: page 2 draws the form Hd "
                                         r"more than once, with lines removed from some of its copies only; "
                                         r"keep or remove those lines on every copy alike$"):
        report.cleaned_pdf(data)
    cleaned_and_checked(data, detected)  # removed from both copies on every page, it is rewritten


@needs_tools
def test_earlier_versions_left_by_an_incremental_update_are_blanked_too():
    # The file was saved again with page 1's content changed (its body lines reworded): the earlier
    # version, running head and all, is still in the file, where the cleaned file must not keep it.
    data = h.report_pdf(4)
    contents = pypdf.PdfReader(io.BytesIO(data)).pages[0].raw_get("/Contents").idnum
    reworded = h.furniture_page(1, 4, [line.upper() for line in h.body_text(1)])
    updated = _update(data, {contents: h.stream(reworded)})
    assert updated.count(h.HEADER.encode()) == 5  # 4 pages, and the earlier version of page 1
    out = cleaned_and_checked(updated)
    assert h.HEADER.encode() not in out and len(out) == len(updated)


def _update(data: bytes, objects: dict[int, bytes]) -> bytes:
    """``data`` with an incremental update that gives ``objects`` (number -> body) new versions."""
    out = bytearray(data)
    offsets = {}
    for objid, body in objects.items():
        offsets[objid] = len(out)
        out += b"%d 0 obj\n%s\nendobj\n" % (objid, body)
    previous = int(re.findall(rb"startxref\s+(\d+)", data)[-1])
    size = int(re.findall(rb"/Size (\d+)", data)[-1])
    xref = len(out)
    out += b"xref\n" + b"".join(b"%d 1\n%010d 00000 n \n" % (objid, offset) for objid, offset in offsets.items())
    out += b"trailer\n<< /Size %d /Root 1 0 R /Prev %d >>\nstartxref\n%d\n%%%%EOF\n" % (size, previous, xref)
    return bytes(out)


def test_a_file_other_than_the_report_s_is_refused():
    report = analyze(h.report_pdf(4))
    with pytest.raises(NotCleaned, match="it has 3 pages and the report 4, which was made from another file; make "
                                         "the report from this one"):
        report.cleaned_pdf(h.report_pdf(3))
    other = h.report_pdf(4, lines_per_page=11)
    with pytest.raises(NotCleaned, match="page 1 does not read now as it did for the report"):
        report.cleaned_pdf(other)


def test_a_file_with_the_same_running_heads_and_other_text_is_refused():
    # Only the removed lines' heights are placed when a page is read again; the characters of the rest of
    # the page must still be the report's, so a file whose body differs (one word) is refused all the same.
    report = analyze(h.report_pdf(4))
    other = h.report_pdf(4).replace(b"figures", b"fixture")
    assert len(other) == len(h.report_pdf(4)) and other != h.report_pdf(4)
    with pytest.raises(NotCleaned, match="page 1 does not read now as it did for the report"):
        report.cleaned_pdf(other)


def _traces(data: bytes, how: str) -> tuple[list, list[bool]]:
    """Each page with removed lines traced: from the places its first reading kept (``how`` "places", as the
    cleaned PDF does), or read again near its removed lines ("near", as it does without them) or whole
    ("whole"); and, page by page, whether it was traced that way (else it was read whole, when that way could
    not tell)."""
    report = analyze(data)
    removed: dict[int, list[int]] = {}
    for row in report.removed():
        removed.setdefault(row.page, []).append(row.index)
    traced = Traced(data)
    taken: list[bool] = []
    placed, near = Traced._placed, Traced._near

    def spy(original, way):
        def spied(self, *args):
            got = original(self, *args) if how == way else None
            if how == way:
                taken.append(got is not None)
            return got
        return spied

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Traced, "_placed", spy(placed, "places"))
        patch.setattr(Traced, "_near", spy(near, "near"))
        return [traced.trace(n, report.pages[n - 1].lines, indices, report.pages[n - 1].places)
                for n, indices in sorted(removed.items())], taken


SMALL = {"plain": lambda: h.report_pdf(4), "compressed": lambda: h.report_pdf(4, compress=True),
         "forms": lambda: form_pdf(4, plain_pages=1), "tagged": lambda: tagged_pdf(),
         "sizes": lambda: h.report_pdf(4, sizes=[(612, 792), (842, 595), (612, 792), (300, 400)])}


@pytest.mark.parametrize("make", SMALL.values(), ids=SMALL.keys())
def test_a_page_read_near_its_removed_lines_gives_what_reading_it_whole_gives(make):
    data = make()
    near, taken = _traces(data, "near")
    assert taken and all(taken)  # every page was read near its removed lines, none whole
    assert near == _traces(data, "whole")[0]


@pytest.mark.parametrize("make", [*SMALL.values(), quote_pdf], ids=[*SMALL.keys(), "quotes"])
def test_the_places_the_first_reading_kept_give_what_reading_the_page_again_gives(make):
    data = make()
    placed, taken = _traces(data, "places")
    assert taken and all(taken)  # no page was read again
    assert placed == _traces(data, "whole")[0]


@pytest.mark.slow
@pytest.mark.parametrize("name", ["real/nist-sp800-223.pdf", "real2/cancer-booklet-indesign-a5.pdf",
                                  "real3/sil-mingzat-typesample.pdf"])
def test_real_pages_read_near_their_removed_lines_give_what_reading_them_whole_gives(name):
    if not (EVAL / name).is_file():
        pytest.skip(f"the evaluation kit is not at {EVAL}")
    data = (EVAL / name).read_bytes()
    near, taken = _traces(data, "near")
    assert sum(taken) > len(taken) / 2  # most pages were read near their lines
    assert near == _traces(data, "whole")[0]


def test_a_report_without_places_is_cleaned_by_reading_again_to_the_same_bytes():
    # A report made elsewhere (the page's workers hand their pages over as JSON) has no places.
    data = form_pdf(4, plain_pages=1)
    report = analyze(data)
    bare = report_for(report.name, [replace(page, places=None) for page in report.pages])
    assert bare.pages == report.pages and all(page.places is None for page in bare.pages)
    assert bare.cleaned_pdf(data) == report.cleaned_pdf(data)


def test_a_cut_off_file_is_refused():
    data = h.report_pdf(6)
    cut = h.truncate(data, 0.8)
    report = analyze(cut)
    assert report.removed()
    with pytest.raises(NotCleaned, match="the file is cut off"):
        report.cleaned_pdf(cut)


@needs_tools
def test_tagged_content_keeps_its_marks_and_its_structure_tree(tmp_path):
    # The running head is marked content the structure tree refers to (MCID 0), not an artifact: its glyphs
    # go, the marked-content sequence stays (empty), so the tree still points at something on the page.
    data = tagged_pdf()
    out = cleaned_and_checked(data)
    assert check.marked_ids(out) == check.marked_ids(data) == {n: {0, 1} for n in range(1, 5)}
    assert check.kept_problems(data, out) == []


def tagged_pdf(pages: int = 4) -> bytes:
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R /StructTreeRoot 4 0 R /MarkInfo << /Marked true >> >>",
                            b"", h.HELVETICA, b"", b""]
    kids, elements = [], []
    for n in range(1, pages + 1):
        body = h.text_ops([(72, 700 - 14 * k, 11, text) for k, text in enumerate(h.body_text(n))])
        content = (b"/H1 << /MCID 0 >> BDC " + h.text_ops([(72, 742, 9, h.HEADER)]) + b"EMC\n"
                   b"/P << /MCID 1 >> BDC " + body + b"EMC\n")
        objects.append(h.stream(content))
        page = len(objects) + 1
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                       b"/Resources << /Font << /F1 3 0 R >> >> /StructParents %d >>" % (page - 1, n - 1))
        kids.append(page)
        elements.append(b"<< /Type /StructElem /S /H1 /P 5 0 R /Pg %d 0 R /K 0 >>" % page)
        elements.append(b"<< /Type /StructElem /S /P /P 5 0 R /Pg %d 0 R /K 1 >>" % page)
    first = len(objects) + 1
    objects += elements
    refs = [b"%d 0 R" % (first + k) for k in range(len(elements))]
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(b"%d 0 R" % k for k in kids), pages)
    nums = b" ".join(b"%d [%s %s]" % (n, refs[2 * n], refs[2 * n + 1]) for n in range(pages))
    objects[3] = b"<< /Type /StructTreeRoot /K 5 0 R /ParentTree << /Nums [%s] >> >>" % nums
    objects[4] = b"<< /Type /StructElem /S /Document /P 4 0 R /K [%s] >>" % b" ".join(refs)
    return h.write(objects)


@needs_tools
def test_links_outline_labels_metadata_and_fields_are_kept(tmp_path):
    import pdfs

    pdfs.annual_report(tmp_path / "a.pdf")
    writer = pypdf.PdfWriter(clone_from=pdfs.with_labels_and_info(tmp_path / "a.pdf", tmp_path / "b.pdf"))
    first = writer.add_outline_item(title="Summary", page_number=0)
    writer.add_outline_item(title="Outlook", page_number=3, parent=first)
    from pypdf.annotations import Link

    writer.add_annotation(1, Link(rect=(72, 600, 200, 620), url="https://example.org/report"))
    writer.add_annotation(2, Link(rect=(72, 500, 200, 520), target_page_index=0))
    with open(tmp_path / "c.pdf", "wb") as fh:
        writer.write(fh)
    data = (tmp_path / "c.pdf").read_bytes()
    before = check._kept(data, "")
    assert before["outline"] and before["labels"][:3] == ["i", "ii", "A-1"] and before["annotations"]
    cleaned_and_checked(data)


# -- hostile files: a cleaned PDF that passes every check, or one clear error -------------------------------

READABLE = {
    "broken-xref": lambda: h.break_xref(h.report_pdf(4)),
    "type3": lambda: h.type3_pdf(4),
    "hostile-text": lambda: h.hostile_text_pdf(["<script>alert(1)</script>", "\u202eright-to-left", "a\x00b"], 4),
    "lying-count": lambda: h.lying_count_pdf(4, 1000),
    "pages-of-many-sizes": lambda: h.report_pdf(4, sizes=[(612, 792), (842, 595), (612, 792), (300, 400)]),
    "padded-with-a-big-stream": lambda: h.padded_pages_pdf(4, 1),
}


@needs_tools
@pytest.mark.parametrize("name", sorted(READABLE))
def test_hostile_files_that_can_be_read_are_cleaned_or_refused_in_one_sentence(name):
    data = READABLE[name]()
    report = analyze(data)
    assert report.removed(), "each of these files has furniture to remove"
    try:
        out = report.cleaned_pdf(data)
    except NotCleaned as exc:
        assert str(exc).startswith("no cleaned PDF can be made of") and ";" in str(exc) and "\n" not in str(exc)
        return
    except PageFurnitureError as exc:  # the package's own errors only, never a crash
        assert "\n" not in str(exc)
        return
    assert check.all_problems(data, out, report) == []


# -- the real documents of the evaluation kit ----------------------------------------------------------------


# The sets whose documents are cleaned and checked; PAGEFURNITURE_CLEANED_SETS=real,real2,real3 adds the
# third (28 more documents, ten more minutes: pdfminer reads each file twice).
SETS = os.environ.get("PAGEFURNITURE_CLEANED_SETS", "real,real2").split(",")


def kit_documents() -> list[str]:
    return sorted(str(path.relative_to(EVAL)) for split in SETS if (EVAL / split).is_dir()
                  for path in (EVAL / split).glob("*.pdf"))


@pytest.mark.slow
@needs_tools
@pytest.mark.parametrize("name", kit_documents() or ["(no kit)"])
def test_real_documents_cleaned(name):
    if not (EVAL / name).is_file():
        pytest.skip(f"the evaluation kit is not at {EVAL}")
    data = (EVAL / name).read_bytes()
    report = analyze(data)
    if not report.removed():
        assert report.cleaned_pdf(data) == data  # nothing to remove: the file as it was
        return
    cleaned_and_checked(data, report)


@pytest.mark.slow
@pytest.mark.parametrize("name", kit_documents() or ["(no kit)"])
def test_the_places_of_real_pages_give_what_reading_them_again_gives(name):
    if not (EVAL / name).is_file():
        pytest.skip(f"the evaluation kit is not at {EVAL}")
    data = (EVAL / name).read_bytes()
    placed, taken = _traces(data, "places")
    assert sum(taken) >= len(taken) * 0.9  # nearly every page was cleaned from its places (all, 2026-12-03)
    assert placed == _traces(data, "near")[0]  # which gives what reading whole gives (the test above)


# -- helpers ---------------------------------------------------------------------------------------------------


def _contents(pdf: bytes, page: int | None = None) -> bytes:
    """The decoded content streams of every page (or of one), joined."""
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    pages = reader.pages if page is None else [reader.pages[page]]
    return b"\n".join(p.get_contents().get_data() for p in pages)


def _text(reader: pypdf.PdfReader, number: int) -> str:
    return reader.pages[number - 1].extract_text()


def _changed_objects(before: bytes, after: bytes) -> set[int]:
    """The objects whose value differs (a stream's: its decoded data), read by pypdf."""
    one, two = pypdf.PdfReader(io.BytesIO(before)), pypdf.PdfReader(io.BytesIO(after))
    numbers = {objid for table in (one.xref, two.xref) for section in table.values() for objid in section}
    numbers |= set(one.xref_objStm) | set(two.xref_objStm)
    return {objid for objid in numbers - {0} if check.plain(one.get_object(objid)) != check.plain(two.get_object(objid))}


def _word_boxes(pdf: bytes, line: str) -> list[tuple[str, str, str, str, str]]:
    """Where poppler (pdftotext -bbox) places each word of ``line`` on the first page, to the 1/1000 point:
    poppler places glyphs as the PDF specification does, Tc after every glyph (pdfminer, and so the read
    stage, leaves out the last one's)."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "file.pdf"
        path.write_bytes(pdf)
        html = subprocess.run(["pdftotext", "-f", "1", "-l", "1", "-bbox", str(path), "-"], capture_output=True,
                              text=True, check=True).stdout
    words = re.findall(r'<word xMin="([^"]+)" yMin="([^"]+)" xMax="([^"]+)" yMax="([^"]+)">([^<]*)</word>', html)
    wanted = set(line.split())
    return [(word, *box) for *box, word in words if word in wanted]
