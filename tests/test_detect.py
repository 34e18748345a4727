"""The detector on small pages built in memory: each case is one trap from the accuracy kit's families."""

from __future__ import annotations

import random

import pytest

from pagefurniture.detect import detect, page_number_tokens, roman_value, shape_of
from pagefurniture.model import Line, Page

W, H = 612.0, 792.0
WORDS = ("the committee reviewed budget staff report network water supply policy annual results measured "
         "between district planning service quality tender contract notice schedule review members").split()


def line(text: str, top: float, x0: float = 72.0, size: float = 10.0, angle: int = 0, x1: float | None = None) -> Line:
    width = x1 - x0 if x1 is not None else len(text) * size * 0.5
    return Line(text=text, box=(x0, top, x0 + width, top + size), size=size, font="Times-Roman", angle=angle)


def body(rng: random.Random, top: float = 100.0, bottom: float = 700.0, x0: float = 72.0) -> list[Line]:
    """Prose that never repeats, with the usual 13.5 pt leading."""
    out = []
    y = top
    while y < bottom:
        text = " ".join(rng.choice(WORDS) for _ in range(12)) + f" {rng.randint(1000, 99999)}"
        out.append(line(text, y, x0=x0, x1=x0 + 460))
        y += 13.5
    return out


def pages_of(extra: list[list[Line]], seed: int = 1, **body_kw) -> list[Page]:
    rng = random.Random(seed)
    return [Page(number=i + 1, width=W, height=H, lines=tuple(lines + body(rng, **body_kw)))
            for i, lines in enumerate(extra)]


def removed(pages: list[Page]) -> set[tuple[int, str]]:
    out = set()
    for group in detect(pages):
        if group.remove:
            for page, index in group.members:
                out.add((page, pages[page - 1].lines[index].text))
    return out


def texts_removed(pages: list[Page]) -> set[str]:
    return {text for _, text in removed(pages)}


def test_header_and_page_numbers_removed_body_kept():
    n = 8
    pages = pages_of([[line("Annual Report 2025", 40, x0=400), line(f"Page {i} of {n}", 750, x0=280)]
                      for i in range(1, n + 1)])
    got = removed(pages)
    assert got == {(i, "Annual Report 2025") for i in range(1, n + 1)} | {(i, f"Page {i} of {n}") for i in range(1, n + 1)}
    kinds = {g.kind for g in detect(pages) if g.remove}
    assert kinds == {"header", "page-number"}


def test_four_line_footer_with_page_number_drawn_first():
    n = 6
    notice = ["This communication is intended only for the named recipient and may contain",
              "privileged, confidential or legally protected information. If you are not the",
              "intended recipient, any review, dissemination or copying is strictly prohibited.",
              "Please notify the sender immediately and destroy all copies."]
    extra = [[line(str(i), 712, x0=300)] + [line(t, 725 + 11 * k, size=8) for k, t in enumerate(notice)]
             for i in range(1, n + 1)]
    got = texts_removed(pages_of(extra, bottom=680))
    assert set(notice) <= got
    assert {str(i) for i in range(1, n + 1)} <= got


def test_long_header_has_no_length_cap():
    header = ("Proceedings of the Working Group on Sustainable Procurement and Supply Chain Transparency, "
              "Edition 5 (Proof)")
    assert len(header) > 100
    got = texts_removed(pages_of([[line(header, 40, size=8)] for _ in range(5)]))
    assert got == {header}


def test_table_labels_that_count_with_the_pages_are_kept():
    n = 10
    extra = [[line(f"Table A-{i}.", 86.5), line(str(i), 750, x0=300)] for i in range(1, n + 1)]
    got = texts_removed(pages_of(extra))
    assert not any(t.startswith("Table") for t in got)
    assert {str(i) for i in range(1, n + 1)} == got
    label = next(g for g in detect(pages_of(extra)) if g.text == "Table A-1.")
    assert not label.remove and label.reason.startswith("kept:")


def test_phone_numbers_and_lone_cell_values_at_the_bottom_are_kept():
    rng = random.Random(5)
    extra = [[line(f"1-800-555-01{rng.randint(10, 99)}", 705), line(str(rng.randint(10, 99)), 705, x0=300),
              line(str(i), 750, x0=300)] for i in range(1, 11)]
    got = texts_removed(pages_of(extra))
    assert got == {str(i) for i in range(1, 11)}


def test_footnote_marker_beside_its_footnote_is_kept():
    rng = random.Random(9)
    extra = []
    for i in range(1, 9):
        extra.append([line("1", 705, x0=72, size=6),
                      line(" ".join(rng.choice(WORDS) for _ in range(8)), 705, x0=76, size=8, x1=400),
                      line(str(i), 750, x0=300)])
    got = removed(pages_of(extra))
    assert got == {(i, str(i)) for i in range(1, 9)}


def test_roman_front_matter_then_arabic():
    numerals = ["i", "ii", "iii", "iv"]
    extra = [[line(numerals[i], 750, x0=300)] for i in range(4)] + [[line(str(i), 750, x0=300)] for i in range(1, 9)]
    got = removed(pages_of(extra))
    assert got == {(i + 1, numerals[i]) for i in range(4)} | {(i + 4, str(i)) for i in range(1, 9)}


def test_numbering_may_start_anywhere():
    got = texts_removed(pages_of([[line(f"- {139 + i} -", 750, x0=290)] for i in range(6)]))
    assert got == {f"- {139 + i} -" for i in range(6)}


def test_headers_that_change_every_section():
    sections = ["Backup and recovery"] * 3 + ["Supporting evidence"] * 2 + ["Storage capacity"] * 4 + \
               ["Next steps"] * 2 + ["Payment schedule"] * 3
    extra = [[line(title, 40, size=8), line(str(i + 1), 750, x0=300)] for i, title in enumerate(sections)]
    # each section opens with the same words as a body heading: content
    for i, title in enumerate(sections):
        if i == 0 or sections[i - 1] != title:
            extra[i].append(line(title, 86, size=14))
    pages = pages_of(extra)
    got = removed(pages)
    assert {(i + 1, t) for i, t in enumerate(sections)} <= got
    # the body headings with the same words stay
    assert all(pages[p - 1].lines[i].size != 14 for g in detect(pages) if g.remove for p, i in g.members)


def test_odd_and_even_headers():
    extra = []
    for i in range(1, 11):
        if i % 2:
            extra.append([line(f"Chapter title {i + 16}", 40, x0=450)])
        else:
            extra.append([line(f"{i + 16} Section 1: How it works", 40, x0=72)])
    got = texts_removed(pages_of(extra))
    assert len(got) == 10


def test_repeated_table_column_headings_are_kept():
    heads = [("No.", 72), ("Description", 110), ("Owner", 300), ("Due date", 390), ("Status", 460)]
    extra = [[line(t, 86.5, x0=x, size=10) for t, x in heads] + [line(str(i), 750, x0=300)] for i in range(1, 9)]
    got = texts_removed(pages_of(extra))
    assert got == {str(i) for i in range(1, 9)}


def test_everything_on_the_cover_is_kept():
    title = "Asset Management Strategy"
    extra = [[line(title, 300, size=24), line("Northwind Research Institute", 340, size=12)]]
    extra += [[line(title, 40, size=8), line(str(i), 750, x0=300)] for i in range(1, 8)]
    pages = pages_of(extra)
    got = removed(pages)
    assert not {t for p, t in got if p == 1}
    assert (2, title) in got


def test_diagonal_watermark():
    extra = [[line("DRAFT", 300, size=110, angle=45 + (i % 3) * 5, x1=450)] for i in range(6)]
    groups = [g for g in detect(pages_of(extra)) if g.remove]
    assert [g.kind for g in groups] == ["watermark"] and len(groups[0].pages) == 6


def test_pleading_line_numbers_in_the_left_margin():
    extra = [[line(str(k), 100 + 13.5 * (k - 1), x0=43, size=10, x1=54) for k in range(1, 29)] for _ in range(4)]
    groups = [g for g in detect(pages_of(extra, x0=90)) if g.remove]
    assert {g.kind for g in groups} == {"margin"} and len(groups) == 28


def test_text_beyond_the_crop_box_is_removed():
    extra = [[line("Userid: ________ DTD INSTR04", -40, size=7)] for _ in range(3)]
    group = next(g for g in detect(pages_of(extra)) if g.remove)
    assert "outside the visible page" in group.reason and len(group.pages) == 3


def test_copyright_line_at_the_foot_of_the_first_page():
    notice = "© 2025 Silverline Manufacturing. doi:10.7258/tfe.2025.974"
    extra = [[line(notice, 762, x0=45), line("45", 776, x0=280)]]
    extra += [[line("Review of Public Service Delivery", 40, size=8), line(str(45 + i), 776, x0=280)] for i in range(1, 8)]
    got = removed(pages_of(extra, bottom=690))
    assert (1, notice) in got
    # the same words inside the text of the first page are content
    extra[0] = [line("45", 776, x0=280), line(notice, 400, x0=45)]
    assert (1, notice) not in removed(pages_of(extra, bottom=690))


def test_side_heads_beside_the_text_column():
    # a journal's running heads sit in the outer margin on the text's first rows, larger than the text
    extra = []
    for i in range(1, 11):
        if i % 2:
            extra.append([line("Shift work", 100, x0=540, size=13, x1=600), line("interventions", 114, x0=540, size=13, x1=605)])
        else:
            extra.append([line("ER", 100, x0=20, size=13, x1=36), line("29,2", 114, x0=20, size=13, x1=40)])
    got = texts_removed(pages_of(extra, x0=72))
    assert got == {"Shift work", "interventions", "ER", "29,2"}


def test_a_table_column_beside_the_text_is_not_a_side_head():
    extra = [[line(h, 100, x0=540, size=10, x1=590)] + [line(str(1000 + 7 * i + k), 113.5 + 13.5 * k, x0=540, x1=590)
                                                        for k in range(8)] for i, h in enumerate(["Variance"] * 6)]
    assert "Variance" not in texts_removed(pages_of(extra, x0=72))


def test_unmapped_glyph_codes_are_never_furniture():
    extra = [[line("(cid:12)(cid:7)(cid:44)(cid:3)", 40, size=8)] for _ in range(6)]
    assert texts_removed(pages_of(extra)) == set()


def test_two_page_document():
    extra = [[line("Highland Water District – Internal memorandum", 40, size=8), line(str(i), 750, x0=300)]
             for i in (1, 2)]
    got = removed(pages_of(extra))
    assert got == {(1, "Highland Water District – Internal memorandum"), (2, "Highland Water District – Internal memorandum"),
                   (1, "1"), (2, "2")}


def test_pages_without_text_and_no_pages():
    assert detect([]) == ()
    assert detect([Page(number=1, width=W, height=H, lines=())]) == ()


def test_reasons_are_sentences_with_counts():
    n = 8
    pages = pages_of([[line("Annual Report 2025", 40, x0=400)] for _ in range(n)])
    group = next(g for g in detect(pages) if g.remove)
    assert group.reason == f"removed: at the top of {n} of {n} pages, above the text block, same place and size"


@pytest.mark.parametrize("text, expected", [
    ("- 3 -", [3]), ("3 / 12", [3, 12]), ("Page 3", [3]), ("p. 3", [3]), ("[3]", [3]),
    ("3 | Report Title", [3]), ("PAGE 3 OF 34 1333ND19QNB680025", [3, 34]), ("Table A-1.", []),
    ("025", []), ("xiv", [14]), ("Chapter title 17", [17]),
])
def test_page_number_tokens(text, expected):
    assert [value for _, value, _ in page_number_tokens(text)] == expected


def test_shape_and_roman():
    assert shape_of("Page 12 of 40") == "Page # of #"
    assert roman_value("MCMXCIV") == 1994 and roman_value("iiii") is None and roman_value("") is None
