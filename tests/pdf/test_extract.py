"""Extraction details the detector relies on, on PDFs written by ``hostile.py``'s small writer."""

from __future__ import annotations

import hostile as h
from pagefurniture.read import extract


def marked(tag: bytes, ops: bytes) -> bytes:
    """``ops`` inside marked content: BDC when the tag has properties, BMC when it is a name alone."""
    return tag + (b" BDC\n" if b"<<" in tag else b" BMC\n") + ops + b"EMC\n"


def test_artifact_marks_reach_the_lines_they_wrap():
    header = marked(b"/Artifact <</Type /Pagination /Subtype /Header>>", h.text_ops([(72, 750, 9, "Annual Report")]))
    footer = marked(b"/Artifact <</Type /Pagination>>", h.text_ops([(300, 40, 9, "7")]))
    plain = marked(b"/Artifact", h.text_ops([(500, 40, 9, "logo")]))
    # Content in a structure element nested inside nothing, and an artifact nested inside a span: the
    # innermost artifact counts, and marks that are not artifacts give nothing.
    body = marked(b"/P <</MCID 0>>", h.text_ops([(72, 600, 11, "The body text of the page.")]))
    nested = marked(b"/Span <</MCID 1>>", marked(b"/Artifact <</Subtype /Footer>>", h.text_ops([(72, 60, 8, "Note")])))
    # An EMC too many is ignored, as viewers do.
    content = header + footer + plain + body + nested + b"EMC\n" + h.text_ops([(72, 500, 11, "After the stray end.")])
    page = extract(h.document([content])).pages[0]
    got = {line.text: line.artifact for line in page.lines}
    assert got == {"Annual Report": "header", "7": "pagination", "logo": "artifact",
                   "The body text of the page.": "", "Note": "footer", "After the stray end.": ""}


def test_marks_end_with_their_page():
    # A page that opens an artifact and never closes it does not make the next page's text an artifact.
    first = b"/Artifact <</Subtype /Header>> BDC\n" + h.text_ops([(72, 750, 9, "Head")])
    second = h.text_ops([(72, 600, 11, "Plain text on the second page.")])
    pages = extract(h.document([first, second])).pages
    assert [line.artifact for line in pages[0].lines] == ["header"]
    assert [line.artifact for line in pages[1].lines] == [""]


def test_marks_inside_a_placed_form_are_the_forms_own():
    # A page of another PDF placed as a figure (a Form XObject) brings its own running head, marked as an
    # artifact there: on this page it is content. A mark around the Do call still counts.
    inner = marked(b"/Artifact <</Type /Pagination /Subtype /Header>>", h.text_ops([(20, 180, 8, "Placed head")]))
    form = h.stream(inner, b"/Type /XObject /Subtype /Form /BBox [0 0 200 200] /Resources << /Font << /F1 3 0 R >> >>")
    content = (b"q 1 0 0 1 100 300 cm /Fm1 Do Q\n"
               + marked(b"/Artifact <</Subtype /Footer>>", b"q 1 0 0 1 100 100 cm /Fm1 Do Q\n"))
    pdf = h.document([content], extra_objects=[form], page_extra=b"/Resources << /Font << /F1 3 0 R >> "
                                                                   b"/XObject << /Fm1 4 0 R >> >>")
    page = extract(pdf).pages[0]
    # The unmarked Do draws the form higher on the page (300 pt up instead of 100 pt).
    assert [line.artifact for line in sorted(page.lines, key=lambda line: line.top)
            if line.text == "Placed head"] == ["", "footer"]


def test_pictures_are_placed_on_the_visible_page():
    # One picture 100 x 50 pt drawn at (72, 600) from the bottom-left, one inline in a form is not
    # needed: the box is all the detector uses. Nothing of the image is decoded for it.
    content = b"q 100 0 0 50 72 600 cm /Im1 Do Q\n" + h.text_ops([(72, 500, 11, "Text under the picture.")])
    page = extract(h.scan_pdf(1, text_pages={1: content})).pages[0]
    assert page.pictures == ((72.0, 142.0, 172.0, 192.0),)


def test_strings_drawn_over_each_other_stay_apart_as_drawn():
    # A heading drawn twice, the second copy 0.3 pt to the right (a bold look): two lines of the same text,
    # not one line of doubled letters.
    twice = h.text_ops([(72, 700, 12, "Hypothalamus"), (72.3, 700, 12, "Hypothalamus")])
    # A line drawn in two parts, the right part first: one line. An accent drawn after its letter: one line.
    parts = h.text_ops([(136.2, 650, 11, "second half"), (72, 650, 11, "The first and")])
    # (Td moves from the start of the line: 14.7 pt is the width of "caf" at 11 pt, so the accent is
    # drawn over the "e".)
    accent = b"BT /F1 11 Tf 72 600 Td (cafe) Tj 14.7 0 Td (\\264) Tj ET\n"
    page = extract(h.document([twice + parts + accent])).pages[0]
    texts = sorted(line.text for line in page.lines)
    assert texts.count("Hypothalamus") == 2
    assert "The first and second half" in texts
    with_accent = [t for t in texts if "caf" in t or "´" in t]  # noqa: RUF001 - the spacing accent is the test
    assert len(with_accent) == 1 and sorted(with_accent[0]) == sorted("cafe´")  # noqa: RUF001


def texts(ops: bytes) -> list[str]:
    """The texts of the lines of a page drawn by ``ops``, in the page's order."""
    return [line.text for line in extract(h.document([ops])).pages[0].lines]


def test_a_space_kerned_under_the_next_words_first_letter_stays_between_the_words():
    # XeTeX sets Persian with the next word's first letter moved back over the space before it (a TJ
    # kern): drawn in one string, the line's words are in the drawing's order, not in their glyphs' starts.
    assert texts(b"BT /F1 11 Tf 72 600 Td [(ab ) 400 (cd)] TJ ET\n") == ["ab cd"]


def test_a_blank_drawn_later_over_a_word_breaks_no_word():
    # A form's field blank, drawn after the form's text over the first letter of its name, 0.7 pt lower:
    # "Form 1040NR", not "F orm 1040NR". A blank drawn in its turn stays a word space, even kerned back.
    assert texts(b"BT /F1 7 Tf 72 700 Td (Form 1040NR) Tj ET\nBT /F1 7 Tf 72 699.3 Td ( ) Tj ET\n") == ["Form 1040NR"]
    assert texts(b"BT /F1 7 Tf 72 700 Td [(Form) 300 ( ) (1040NR)] TJ ET\n") == ["Form 1040NR"]


def test_a_line_number_beside_a_heading_is_a_line_of_its_own():
    # A word processor's line number in 10 pt, drawn after the page's text, 14 pt left of a 16 pt heading on
    # its baseline: further than a size of the number's type, within one of the heading's. Between glyphs
    # not drawn one after the other the gap is measured in the smaller type; a listing's number, drawn just
    # before its line, stays on it.
    heading, number = b"BT /F1 16 Tf 50 700 Td (Requirements) Tj ET\n", b"BT /F1 10 Tf 30 700 Td (5) Tj ET\n"
    assert sorted(texts(heading + number)) == ["5", "Requirements"]
    assert texts(number + heading) == ["5 Requirements"]
    # Words of one size stay one line across a gap under a size of their type (12 pt at 16 pt).
    assert texts(b"BT /F1 16 Tf 50 700 Td (Software) Tj ET\nBT /F1 16 Tf 125 700 Td (Requirements) Tj ET\n") \
        == ["Software Requirements"]


def test_a_pleadings_line_numbers_drawn_in_their_own_pass_are_lines_of_their_own():
    # Pleading paper: the text's lines first, then the margin's numbers, each 0.94 of a size before its
    # line's first glyph (Word's line numbering). Other glyphs were drawn between a number and its line, and
    # they stand elsewhere: the number is a line of its own, as pdfminer reads it. A number drawn just
    # before its line stays on it, as a listing's does.
    text = b"BT /F1 12 Tf 90 700 Td (Requirements) Tj ET\nBT /F1 12 Tf 90 676 Td (Definitions) Tj ET\n"
    numbers = b"BT /F1 12 Tf 72 700 Td (1) Tj ET\nBT /F1 12 Tf 72 676 Td (2) Tj ET\n"
    assert sorted(texts(text + numbers)) == ["1", "2", "Definitions", "Requirements"]
    each = b"BT /F1 12 Tf 72 700 Td (1) Tj 18 0 Td (Requirements) Tj ET\n"
    assert texts(each) == ["1 Requirements"]


def test_a_superscript_drawn_in_its_place_keeps_the_words_beside_it_one_line():
    # "4th October": the ordinal's letters, raised and smaller, are drawn between the number and the word,
    # in the 0.69 of a size between them. What was drawn in between stands there: one line, as drawn.
    # The same letters drawn far along the line leave a gap no glyph was drawn into: two lines.
    def page(x: float) -> bytes:
        return (b"BT /F1 12 Tf 50 700 Td (4) Tj ET\nBT /F1 7 Tf %.1f 705 Td (th) Tj ET\n"
                b"BT /F1 12 Tf 65 700 Td (October) Tj ET\n" % x)
    assert sorted(texts(page(57))) == ["4 October", "th"]
    assert sorted(texts(page(300))) == ["4", "October", "th"]


def test_text_set_in_a_negative_size_on_a_page_drawn_upside_down_reads_as_written():
    # A page drawn upside down (cm 1 0 0 -1) puts its glyphs back with a negative font size and a negative
    # horizontal scaling: the glyphs' size is 12 all the same, so the words stay words and the two copies
    # of a line drawn twice (a bold look) stay two lines, as pdfminer reads them.
    copy = b"BT /F1 -12 Tf -100 Tz 72 92 Td (Hello world) Tj ET "
    page = extract(h.document([b"q 1 0 0 -1 0 792 cm " + copy + copy + b"Q\n"])).pages[0]
    assert [(line.text, line.size) for line in page.lines] == [("Hello world", 12.0)] * 2


def test_a_foot_drawn_twice_beside_its_page_number_stays_two_lines():
    # The page number first, then the foot line, then both again over themselves (a bold look): the number,
    # apart from both copies, joins neither copy to the other.
    number, foot = b"BT /F1 12 Tf 585 30 Td (2) Tj ET\n", b"BT /F1 12 Tf 162 30 Td (http://aidsinfo.nih.gov) Tj ET\n"
    lines = texts(number + foot + number + foot)
    assert lines.count("http://aidsinfo.nih.gov") == 2 and len(lines) == 3


def test_a_lines_size_is_what_rounding_every_glyph_gave():
    # _make_line counts exact sizes and rounds each once; the answer must be the one rounding each glyph
    # gave: the most common size to 0.1, the first met on a tie, a NaN size counting glyph by glyph.
    import random

    from pagefurniture.read.lines import _most_common_size

    def per_glyph(sizes):
        counts: dict[float, int] = {}
        for size in sizes:
            key = round(size, 1)
            counts[key] = counts.get(key, 0) + 1
        return max(counts, key=counts.__getitem__) if counts else 0.0

    rng = random.Random(7)
    nan = float("nan")
    pool = [9.96, 10.0, 10.04, 10.05, 10.951, 11.0, -0.0, 0.0, 12.25, 12.35, nan, float("inf")]
    for _ in range(2000):
        sizes = [rng.choice(pool) for _ in range(rng.randint(0, 12))]
        counts: dict[float, int] = {}
        for size in sizes:
            counts[size] = counts.get(size, 0) + 1
        got, want = _most_common_size(counts), per_glyph(sizes)
        assert repr(got) == repr(want), sizes


def test_places_are_measured_on_the_crop_box_clipped_to_the_media_box():
    # A print-ready export: a crop box 33 pt larger than the media box on every side, around a slug that
    # lies below the media box. Viewers draw the media box; the page and its lines are measured on it.
    content = h.text_ops([(72, 700, 10, "Running text"), (72, -28, 6, "slug 34524_ch05.indd 169")])
    pdf = h.document([content], sizes=[(612, 783)], page_extra=b"/CropBox [-33 -33 645 816]")
    page = extract(pdf).pages[0]
    assert (page.width, page.height) == (612, 783)
    boxes = {line.text: line.box for line in page.lines}
    assert boxes["Running text"][0] == 72 and round(boxes["Running text"][3]) == round(783 - 700 + 10 * 0.216)
    assert boxes["slug 34524_ch05.indd 169"][1] > 783  # beyond the visible page's foot


def test_a_crop_box_inside_the_media_box_is_the_visible_page():
    content = h.text_ops([(72, 700, 10, "Running text")])
    pdf = h.document([content], page_extra=b"/CropBox [36 36 576 756]")
    page = extract(pdf).pages[0]
    assert (page.width, page.height) == (540, 720)
    assert page.lines[0].box[0] == 36
