"""The detector on small pages built in memory: each case is one trap from the accuracy kit's families."""

from __future__ import annotations

import doctest
import importlib
import io
import pkgutil
import random
import re
from collections.abc import Callable
from dataclasses import fields, replace
from pathlib import Path

import pagefurniture.detect as detect_package
import pytest
from pagefurniture import analyze
from pagefurniture.detect import DEFAULT_SETTINGS, Settings, detect, explain, page_number_tokens, roman_value, shape_of
from pagefurniture.model import Line, Page
from pagefurniture.report import report_for

REPO = Path(__file__).resolve().parents[2]
DETECT = Path(detect_package.__file__).parent

W, H = 612.0, 792.0
WORDS = ["the", "committee", "reviewed", "budget", "staff", "report", "network", "water", "supply", "policy", "annual",
         "results", "measured", "between", "district", "planning", "service", "quality", "tender", "contract", "notice",
         "schedule", "review", "members"]


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
    assert got == {(i, "Annual Report 2025") for i in range(1, n + 1)} | \
        {(i, f"Page {i} of {n}") for i in range(1, n + 1)}
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


def test_column_headings_over_a_table_of_prose_are_kept():
    # A guideline set as a table of two columns of prose, "REQUIREMENT" and "EVIDENCE", its headings repeated
    # over both columns on most pages; each heading is about as wide as its column. The folio goes.
    rng = random.Random(3)

    def columns(top: float) -> list[Line]:
        out, y = [], top
        while y < 700:
            for x0 in (72.0, 318.0):
                out.append(line(" ".join(rng.choice(WORDS) for _ in range(6)), y, x0=x0, x1=x0 + 222))
            y += 13.5
        return out

    headings = [line("DESCRIPTION OF THE REQUIREMENT AND NOTES", 50, x0=73, x1=290, size=9),
                line("POSSIBLE EVIDENCE OF CONFORMITY", 50, x0=312, x1=540, size=9)]
    pages = [Page(n, W, H, tuple((headings if 2 <= n <= 9 else []) + columns(72) + [line(str(n), 750, x0=300)]))
             for n in range(1, 11)]
    assert texts_removed(pages) == {str(n) for n in range(1, 11)}
    kept = [g for g in detect(pages) if g.text == headings[0].text]
    assert kept and not kept[0].remove and "column headings" in kept[0].reason
    # A running head in two parts over the same columns, a title and the edition, is furniture: the
    # edition leaves most of its column bare.
    head = [line("DESCRIPTION OF THE REQUIREMENT AND NOTES", 50, x0=73, x1=290, size=9),
            line("Edition 2", 50, x0=490, x1=540, size=9)]
    pages = [Page(p.number, W, H, tuple(head + list(p.lines[2:] if 2 <= p.number <= 9 else p.lines)))
             for p in pages]
    assert texts_removed(pages) == {str(n) for n in range(1, 11)} | {h.text for h in head}


def test_a_number_closed_by_a_bracket_it_never_opened_is_a_mark():
    # A report's folios, "(2)" on its fifth page, count from there; its fourth page has no folio, but a note
    # at its foot, under the text, starts with its mark "1)": the number that page would bear.
    extra = [[line(f"({n - 3})", 750, x0=300)] if n > 4 else [] for n in range(1, 11)]
    extra[3] = [line("1)", 715, x0=72, x1=80), line("Reproduced in document 140.", 715, x0=90)]
    assert texts_removed(pages_of(extra, bottom=680)) == {f"({n - 3})" for n in range(5, 11)}


def test_column_headings_centred_over_a_tables_columns_are_kept():
    # An exam's question bank set as a table on every page: the question's number, the question, the
    # answer options, each column ragged, its heading centred over it and far narrower than it. The
    # folio goes.
    rng = random.Random(5)

    def table(first: int) -> list[Line]:
        out, y, k = [], 72.0, first
        while y < 690:
            out.append(line(str(k), y, x0=29, x1=33))
            for _ in range(2):
                out.append(line(" ".join(rng.choice(WORDS) for _ in range(5)), y, x0=44, x1=rng.uniform(190, 224)))
                out.append(line(" ".join(rng.choice(WORDS) for _ in range(9)), y, x0=226, x1=rng.uniform(520, 568)))
                y += 13.5
            y, k = y + 6, k + 1
        return out

    headings = [line("No.", 50, x0=26, x1=36), line("Question", 50, x0=114, x1=154),
                line("Answer options", 50, x0=362, x1=432)]
    pages = [Page(n, W, H, tuple(headings + table(20 * n) + [line(str(n), 750, x0=300)])) for n in range(1, 7)]
    assert texts_removed(pages) == {str(n) for n in range(1, 7)}
    kept = [g for g in detect(pages) if g.text == "Question"]
    assert kept and not kept[0].remove and "centred" in kept[0].reason
    # A running head in two parts over the two columns of text, flush with the text's edges, is furniture.
    head = [line("Bidding rules 2024", 50, x0=44, x1=134), line("Questions and answers", 50, x0=463, x1=568)]
    pages = [Page(p.number, W, H, tuple(head + [k for k in p.lines[3:] if k.box[0] != 29])) for p in pages]
    assert texts_removed(pages) == {str(n) for n in range(1, 7)} | {h.text for h in head}


def test_a_sidebars_first_row_heads_no_table():
    # A newsletter's masthead sidebar on every page, in 5 pt: labels right-aligned on one edge ("Editors:",
    # "Date:"), entries beside them, the first row's label centred on the labels by chance and its entry as
    # wide as the strip of text under it. The two head a strip of the page, not the text's columns: the
    # sidebar goes with the masthead.
    rng = random.Random(9)
    side = [(6.4, "Editors:", "Dr. A. Martin and Prof. B. Keller"), (4.6, "Authors:", "The research computing team"),
            (0, "", "S. Martin, B. Keller"), (0, "", "H. Weber, V. Novak"), (11.1, "Date:", "2016-02-02"),
            (5.4, "Version:", "v1.1")]
    pages = []
    for n in range(1, 9):
        lines = [line("Computing Newsletter", 26, x0=245, x1=566, size=34.9)]
        for k, (x0, label, entry) in enumerate(side):
            if label:
                lines.append(line(label, 138.4 + 6 * k, x0=x0, x1=23.7, size=5))
            lines.append(line(entry, 138.4 + 6 * k, x0=35.7, x1=35.7 + 2.75 * len(entry), size=5))
        lines += [line(" ".join(rng.choice(WORDS) for _ in range(11)), 180 + 12 * k, x0=170, x1=566) for k in range(45)]
        lines += [line(" ".join(rng.choice(WORDS) for _ in range(4)), 240 + 12 * k, x0=35.7, x1=140) for k in range(30)]
        pages.append(Page(n, W, H, (*lines, line(str(n), 760, x0=300))))
    got = texts_removed(pages)
    assert {"Computing Newsletter", "Editors:", "Dr. A. Martin and Prof. B. Keller", "1"} <= got


def test_a_newspapers_running_head_over_its_columns_heads_no_table():
    # A newspaper's head over four columns: its title flush over the first, the section's name over the
    # gutter between the second and the third (the ends of both under it), the edition and its page over
    # the fourth. A running head, judged as one: no column headings, however each part lies over text.
    rng = random.Random(10)
    pages = []
    for n in range(1, 6):
        head = [line("Gazette, 8 June 2007", 33, x0=42.5, x1=169.8), line("SECTION B", 33, x0=268, x1=323.9),
                line(f"weekly edition {n} / 5", 33, x0=441.4, x1=549.4, size=9)]
        text = [line(" ".join(rng.choice(WORDS) for _ in range(3)), 60.7 + 12 * k, x0=x0,
                     x1=x0 + rng.uniform(100, 108)) for k in range(60) for x0 in (42.5, 172.6, 302.6, 432.7)]
        pages.append(Page(n, 595.3, 841.9, (*head, *text)))
    heads = {g.text: g for g in detect(pages) if g.remove}
    assert {"Gazette, 8 June 2007", "SECTION B"} <= set(heads)
    assert "at the top of 5 of 5 pages" in heads["Gazette, 8 June 2007"].reason


def test_numbers_set_mid_page_under_a_short_text_are_no_page_numbers():
    # A screenplay's scene cards: two to a page, each card's number set large halfway down, under the few
    # lines of the scenes; they count two a page, as a book printed two pages to a sheet would. Only the
    # folio in the head's corner counts the pages.
    rng = random.Random(6)
    pages = []
    for n in range(1, 9):
        text = [line(" ".join(rng.choice(WORDS) for _ in range(6)), 80 + 12.6 * k, x0=x0, x1=x0 + 160, size=9.5)
                for k in range(8) for x0 in (119.0, 351.0)]
        cards = [line(f"{2 * n - 1:02d}", 412.8, x0=80, x1=99, size=18), line(f"{2 * n:02d}", 412.8, x0=310, x1=332, size=18)]
        pages.append(Page(n, W, H, (line(f"{n}.", 40.8, x0=518, x1=526, size=11), *text, *cards)))
    assert texts_removed(pages) == {f"{n}." for n in range(1, 9)}


def test_slide_titles_set_a_little_larger_than_their_text_are_content():
    # A beamer talk: each frame's title in 12 pt in the top corner over 11 pt bullets, the largest line of
    # its slide, a title of its own on most slides (two slides in a row share one now and then); a section's
    # slide between, the last one's name set larger than the last frame's same title; the frame's number at
    # the bottom right.
    rng = random.Random(12)
    names = [f"{a.capitalize()} and {b}" for a, b in rng.sample([(a, b) for a in WORDS for b in WORDS if a != b], 43)]
    pages = []
    for n in range(1, 43):
        if n % 6 == 1:
            name = "Conclusion" if n == 37 else f"Part {'ABCDEFGH'[n // 6]}"
            pages.append(Page(n, 362.8, 272.1, (line(name, 120, x0=140, size=14.4),)))
            continue
        bullets = [line("\u2022 " + " ".join(rng.choice(WORDS) for _ in range(7)), 84.8 + 15.6 * j, x0=26.7,
                        x1=300, size=11) for j in range(rng.randint(3, 6))]
        title = "Conclusion" if n == 42 else names[n - 1 if n % 9 == 3 else n]
        pages.append(Page(n, 362.8, 272.1, (line(title, 8.9, x0=10.7, size=12),
                                           *bullets, line(str(n), 263.2, x0=355, x1=361, size=8))))
    assert texts_removed(pages) == {str(n) for n in range(1, 43) if n % 6 != 1}


def test_footnote_marks_raised_in_the_first_line_are_no_page_numbers():
    # A grammar: the folio at the head's right; the text's first line, under the head, holds a footnote's
    # mark raised in it, and the notes count through the book at one a page, as the pages do.
    rng = random.Random(8)
    pages = []
    for n in range(1, 11):
        first = line(" ".join(rng.choice(WORDS) for _ in range(12)), 72.9, x0=72, x1=540, size=10.5)
        mark = line(str(n + 2), 72.5, x0=150 + 25 * n, x1=153 + 25 * n, size=6)
        pages.append(Page(n, W, H, (line("Morphological typology", 36.9, x0=72, size=10.5),
                                    line(str(n + 20), 36.9, x0=530, x1=540, size=10.5), first, mark,
                                    *body(rng, top=90))))
    got = texts_removed(pages)
    assert {str(n + 20) for n in range(1, 11)} <= got
    assert not got & {str(n + 2) for n in range(1, 11)}


def test_folios_set_in_two_digits_are_page_numbers():
    # A booklet's designer sets its folios "01" ... "09" in the corner; "025" stays an id.
    extra = [[line(f"{n:02d}", 750, x0=528), line(f"0{n + 24}", 40, x0=300)] for n in range(1, 10)]
    assert texts_removed(pages_of(extra)) == {f"{n:02d}" for n in range(1, 10)}


def test_a_head_grid_laid_out_anew_on_each_page_is_the_pages_template():
    # A product system's pages printed from the browser: a head grid of two rows, the app and its version,
    # the style, its status, each page's cells a few points off the last page's (a web table sized anew).
    # Its rows share their columns, as a table's do; but every cell is there on every page.
    cells = [("Centric 8", "Production(7.9.2)"), ("D4762 Oversized", "HEM BF"),
             ("D4762 MC Oversized", "Development"), ("Submitted-Sample", "Adopted")]
    extra = []
    for n in range(1, 9):
        shift = 4.0 * (n % 3)
        row = []
        for k, (upper, lower) in enumerate(cells):
            x0 = 40 + 140 * k + shift * k
            row += [line(upper, 31, x0=x0, x1=x0 + 110), line(lower, 46, x0=x0, x1=x0 + 90)]
        extra.append(row)
    got = texts_removed(pages_of(extra))
    assert {text for pair in cells for text in pair} <= got


def test_table_labels_that_count_with_the_pages_are_kept():
    n = 10
    extra = [[line(f"Table A-{i}.", 86.5), line(str(i), 750, x0=300)] for i in range(1, n + 1)]
    got = texts_removed(pages_of(extra))
    assert not any(t.startswith("Table") for t in got)
    assert {str(i) for i in range(1, n + 1)} == got
    label = next(g for g in detect(pages_of(extra)) if g.text == "Table A-1.")
    assert not label.remove and label.reason and not label.reason.startswith(("kept", "removed"))


def test_figure_labels_that_count_with_the_pages_and_start_their_captions_are_kept():
    # Supplementary figures, one a page, each labelled at the top left; the caption under the figure
    # starts with the same label. The labels count with the pages, but they name what each page shows.
    rng = random.Random(42)
    pages = []
    for n in range(1, 7):
        label = f"Supplemental Figure {n}"
        caption = f"{label}. " + " ".join(rng.choice(WORDS) for _ in range(10))
        lines = [line(label, 9.3, x0=7, size=12), line(caption, 395, x0=71, size=12)]
        # Panels of charts over and under the caption, their labels row after row.
        lines += [line(f"{rng.choice(WORDS)} {rng.choice(WORDS)}", top, x0=31 + 90 * (k % 4), size=10)
                  for k, top in enumerate([*range(150, 380, 20), *range(430, 600 + 17 * n, 20)])]
        pages.append(Page(n, W, H, tuple(lines)))
    assert not texts_removed(pages)
    # The same labels alone, naming no line of their page, count as a page's number would.
    bare = [Page(p.number, W, H, (p.lines[0], *p.lines[2:])) for p in pages]
    assert texts_removed(bare) == {f"Supplemental Figure {n}" for n in range(1, 7)}


def test_a_sections_count_of_its_pages_is_a_page_number():
    # A guideline's folio at the foot: the section's letters and its own count, "THYR-1" ... then "PAP-1" ...
    # (with a non-breaking hyphen); a section's count has no words beside it ("Table A-1" is a label).
    folios = [f"THYR\u2011{i}" for i in range(1, 5)] + [f"PAP\u2011{i}" for i in range(1, 5)]
    extra = [[line(folio, 750, x0=520)] for folio in folios]
    assert texts_removed(pages_of(extra)) == set(folios)
    assert {g.kind for g in detect(pages_of(extra)) if g.remove} == {"page-number"}
    # A manual's chapter and its page after a point ("1.2" under the second page of chapter 1), beside a
    # table's values with a point that change from page to page.
    rng = random.Random(6)
    extra = [[line(f"1.{n}", 750, x0=300), line(f"{rng.randint(1, 9)}.{rng.randint(1, 9)}", 690, x0=400)]
             for n in range(1, 9)]
    assert texts_removed(pages_of(extra)) == {f"1.{n}" for n in range(1, 9)}
    # Sections numbered so at the top of three pages, "1.1", "3.2", "3.3", under the folios: each chapter's
    # count is its own.
    extra = [[line(f"- {n} -", 40, x0=290)] + ([line(['1.1', '3.2', '3.3'][n - 4], 70, x0=72)] if 4 <= n <= 6 else [])
             for n in range(1, 11)]
    assert texts_removed(pages_of(extra, top=90)) == {f"- {n} -" for n in range(1, 11)}
    # An aeronautical publication's page id in its head's corner, the section's code in parts and the page's
    # count ("AD 2.EGKB-3"), the country's publication at the other end of the row and under the id the date
    # each page took effect (each page is replaced on its own), close over a table's rows.
    dates = ["20 Apr 2023", "26 Jan 2023", "13 Jul 2023", "13 Jul 2023"]
    extra = [[line(f"AD 2.EGKB-{n}", 40, x0=41, size=7.9), line("UNITED KINGDOM AIP", 40, x0=451, size=7.9),
              line(dates[n - 1], 51, x0=41, size=7.9)] for n in range(1, 5)]
    assert texts_removed(pages_of(extra, top=68)) == {f"AD 2.EGKB-{n}" for n in range(1, 5)} | {
        "UNITED KINGDOM AIP", *dates}


def test_a_folio_wrapped_in_unmapped_glyphs_is_a_page_number():
    # A brochure's running foot whose spaces and bullet are glyphs the font does not map: pdfminer gives
    # their codes, glued to the folio ("(cid:3)(cid:3)12(cid:3)"), one more or fewer from page to page.
    extra = [[line(f"Works for women (cid:88)(cid:3)(cid:3){n}(cid:3)" + "(cid:3)" * (n % 2), 750, x0=380)]
             for n in range(1, 9)]
    assert len(texts_removed(pages_of(extra))) == 8


def test_a_running_head_set_large_with_its_folio_on_the_outer_side_is_a_page_number():
    # A union's brochure sets its running head larger than the text, alone in its row, the folio on the
    # outer side of facing pages: "2 Works for women" on the left, "Works for women 3" on the right (its
    # spaces unmapped glyphs on some). A heading that numbers itself ("Step 3") keeps one side.
    extra = [[line(f"{n} (cid:88)(cid:3)Works for women", 30, x0=80, size=13) if n % 2 == 0 else
              line(f"Works for women (cid:88)(cid:3)(cid:3){n}(cid:3)", 30, x0=380, size=13)] for n in range(1, 11)]
    assert len(texts_removed(pages_of(extra))) == 10


def test_a_table_column_of_one_number_many_times_a_page_in_the_margin_is_no_page_number():
    # An export policy's schedule: each row starts with its chapter's number in a narrow column left of
    # the text, the same number down most of a page, rising by one every few pages. It never runs ahead
    # of the pages and never falls, as a slide count does, but a page prints its own number once (twice:
    # head and foot), not forty times.
    rng = random.Random(31)
    pages, chapter = [], 40
    for n in range(1, 13):
        lines, y = [], 72.0
        while y < 740:
            if rng.random() < 0.012:
                chapter += 1
            lines += [line(str(chapter), y, x0=60, size=6), line(f"{rng.randint(100000, 999999)}", y, x0=76, size=6),
                      line(" ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 5))), y, x0=115, size=6),
                      line("Free", y, x0=261, size=6)]
            if rng.random() < 0.4:
                y += 8.0
                lines.append(line(" ".join(rng.choice(WORDS) for _ in range(5)), y, x0=115, size=6))
            y += 8.0
        pages.append(Page(n, W, H, tuple(lines)))
    assert len({pages[0].lines[0].text, pages[-1].lines[0].text}) == 2
    assert not texts_removed(pages) & {str(c) for c in range(40, chapter + 1)}


def test_a_letterheads_short_last_line_over_a_column_of_ticks_beside_the_text_is_the_letterhead():
    # A specification's letterhead at the top right of every page, beside its text column: "Directorate
    # General", "Institutions and Population", "eID". Far under "eID", a table's last column of ticks
    # stands just left of where it ends: short labels, but no axis the upright "eID" runs along. (On A4,
    # "eID" stands right of the text column's margin: it is asked about as a side margin's line.)
    rng = random.Random(37)
    pages = []
    for n in range(1, 8):
        lines = [line("Directorate General", 42, x0=460, x1=551), line("Institutions and Population", 55, x0=427, x1=551),
                 line("eID", 68, x0=533, x1=551), line(f"{n} / 7", 760, x0=290, x1=318)]
        lines.append(line(f"{n} {rng.choice(WORDS)} file", 110, x0=71, size=12))
        lines += [line(" ".join(rng.choice(WORDS) for _ in range(8)), 130 + 13.5 * k, x0=72, x1=400) for k in range(8)]
        for k in range(16):
            y = 250 + 14 * k
            lines += [line(str(k), y, x0=74, x1=82), line(f"{rng.choice(WORDS)} {rng.choice(WORDS)}", y, x0=159, x1=246),
                      line(rng.choice(["Binary", "ASCII", "UTF-8"]), y, x0=344, x1=372),
                      line(str(rng.randint(1, 99)), y, x0=429, x1=441), line("\u2713 \u2713", y, x0=478, x1=526)]
        pages.append(Page(n, 595.32, 841.92, tuple(lines)))  # A4
    got = texts_removed(pages)
    assert {"Directorate General", "Institutions and Population", "eID"} <= got
    assert "\u2713 \u2713" not in got


def test_a_title_pages_notice_in_small_type_under_its_few_lines_is_the_title_pages():
    # A standard's title page, after its cover: the title, its release, who prepared it and the date, then
    # at its foot, in small type, where to write and the copyright. A book's chapter opener prints its
    # copyright so under its text; a title page's few lines make the notice the title page's.
    rng = random.Random(43)
    cover = [line("THE STANDARD", 200, x0=200, size=24)]
    title = [line("THE GEDCOM STANDARD", 120, x0=180, size=18), line("Release 5.5", 160, x0=270),
             line("Prepared by the", 480, x0=260), line("Family History Department", 494, x0=240),
             line("2 January 1996", 530, x0=260),
             line("Email:", 620, x0=72, size=8), line("Mail:", 620, x0=220, size=8),
             line("gedcom@example.org", 630, x0=72, size=8), line("Family History Department", 630, x0=220, size=8),
             line("Telephone:", 650, x0=72, size=8), line("Salt Lake City, UT 84150", 650, x0=220, size=8),
             line("Copyright \u00a9 1987, 1996 by the Department. This document may be copied for purposes of review",
                  700, x0=72, size=8),
             line("or programming, provided this notice is included. All other rights reserved.", 710, x0=72, size=8)]
    pages = [Page(1, W, H, tuple(cover)), Page(2, W, H, tuple(title))]
    pages += [Page(n, W, H, (*body(rng, top=72, bottom=700), line(str(n - 2), 750, x0=540))) for n in range(3, 11)]
    assert {(n, str(n - 2)) for n in range(3, 11)} <= removed(pages)
    assert not {text for page, text in removed(pages) if page <= 2}


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


def test_front_matter_folios_in_their_own_type_at_the_height_of_the_body_s():
    # A manual numbers its two front pages "I" and "II" in small plain type, and its body from "1" in its
    # bold type, all at one height: the roman two are page numbers too.
    rng = random.Random(65)
    pages = []
    for n in range(1, 15):
        folio = Line(["I", "II"][n - 1], (300.0, 742.0, 306.0, 750.0), 8.0, "Times-Roman") if n <= 2 else \
            Line(str(n - 2), (300.0, 740.0, 306.0, 750.0), 10.0, "Helvetica-Bold")
        pages.append(Page(n, W, H, (*body(rng, top=72, bottom=600 if n <= 2 else 700), folio)))
    got = removed(pages)
    assert {(1, "I"), (2, "II")} <= got
    assert {(n, str(n - 2)) for n in range(3, 15)} <= got


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


def test_a_grid_repeated_cell_for_cell_over_every_page_is_its_head():
    # A data sheet draws its head as a grid: the title and the product's name on the left, revision,
    # version, language and "Page n of 8" on the right, in rows that share their columns like a table's.
    # Every row of it stands on every page, cell for cell: the page's template, not a table of the text.
    # A long table's column headings repeat too, but the rows under them do not: they stay its cells.
    def sheet(n: int) -> list[Line]:
        return [line("SAFETY DATA SHEET", 44, x0=100, size=14), line("Revision date:", 44, x0=400, size=7),
                line("21.6.2018", 44, x0=480, size=7),
                line("according to Regulation (EC) No. 1907/2006", 60, x0=100, size=7),
                line("Version:", 60, x0=400, size=7), line("7", 60, x0=520, size=7, x1=524),
                line("and Regulation (EU) 2015/830", 69, x0=100, size=7), line("Language:", 69, x0=400, size=7),
                line("en-GB", 69, x0=480, size=7),
                line("TruCal E Level 1-4", 88, x0=100, size=14),
                line("Material number 1 9310", 104, x0=100, size=7), line("Page:", 104, x0=400, size=7),
                line(f"{n} of 8", 104, x0=480, size=7)]

    pages = pages_of([sheet(n) for n in range(1, 9)], top=140)
    head = {(page.number, ln.text) for page in pages for ln in page.lines[:13]}
    assert removed(pages) == head

    # The same grid at the foot, in the text's size, a colon drawn alone between a label and its value.
    def foot(n: int) -> list[Line]:
        return [line("Issue date/", 730, x0=40), line(":", 730, x0=200, x1=203), line("21/11/2017", 730, x0=220),
                line(f"{n}/8", 730, x0=540, x1=556), line("Revision date", 742, x0=40),
                line("Date of last issue", 754, x0=40), line(": 04/06/2017", 754, x0=200),
                line("Version :", 754, x0=440), line("6", 754, x0=552, x1=557)]

    pages = pages_of([foot(n) for n in range(1, 9)], bottom=700)
    assert removed(pages) == {(page.number, ln.text) for page in pages for ln in page.lines[:9]}

    rng = random.Random(3)
    heads = [("District", 72), ("Wells", 182), ("Depth", 292), ("Yield", 402)]
    tables = [Page(n, W, H, (*(line(t, 60, x0=x) for t, x in heads),
                             *(line(f"{rng.choice(WORDS)} {rng.randint(10, 99)}", 73.5 + 13.5 * r, x0=x)
                               for r in range(45) for _, x in heads),
                             line(str(n), 750, x0=300)))
              for n in range(1, 9)]
    assert removed(tables) == {(n, str(n)) for n in range(1, 9)}


def test_a_head_of_four_parts_in_the_text_s_size_two_of_them_side_by_side():
    # An official journal's head, set apart over the text by a rule: its folio with the language's code
    # boxed beside it, the journal's name and the date, in the text's size. The folio and the code stand
    # close together, one place of the head; the head's three places stand far apart, as a table's cells
    # do not.
    def head(n: int) -> list[Line]:
        return [line(f"L 29/{n}", 50, x0=60, x1=90), line("ES", 50, x0=100, x1=112),
                line("Official Journal of the European Union", 50, x0=200, x1=390),
                line("31.1.2020", 50, x0=500, x1=545)]

    pages = pages_of([head(n) for n in range(1, 9)], top=90)
    assert removed(pages) == {(page.number, ln.text) for page in pages for ln in page.lines[:4]}


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


def test_slanted_labels_of_a_chart_in_the_texts_size_are_no_watermark():
    # A bar chart repeated on three pages labels its bars with months set at 45 degrees, in the body's size.
    months = ["Jan-99", "Feb-99", "Mar-99", "Apr-99"]
    extra = [[line(month, 400, x0=100 + 40 * k, angle=45, x1=130 + 40 * k) for k, month in enumerate(months)]
             for _ in range(3)]
    assert not texts_removed(pages_of(extra))


def test_pleading_line_numbers_in_the_left_margin():
    extra = [[line(str(k), 100 + 13.5 * (k - 1), x0=43, size=10, x1=54) for k in range(1, 29)] for _ in range(4)]
    groups = [g for g in detect(pages_of(extra, x0=90)) if g.remove]
    assert {g.kind for g in groups} == {"margin"} and len(groups) == 28


def test_line_numbers_that_skip_a_number_on_a_page_still_count_its_lines():
    # A specification numbers its lines in the left margin, its text starting lower on each page; on one
    # page its numbering skips a number (53 to 55). The column still counts in one step.
    rng = random.Random(61)
    pages = []
    for n in range(1, 7):
        top = 80 + 20 * n
        numbers = [k for k in range(1, 30) if not (n == 4 and k == 13)]
        lines = [line(str(k), top + 13.5 * j, x0=43, x1=54) for j, k in enumerate(numbers)]
        lines += [line(" ".join(rng.choice(WORDS) for _ in range(10)), top + 13.5 * j, x0=90, x1=550)
                  for j in range(len(numbers))]
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert {(4, str(k)) for k in range(1, 30) if k != 13} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def word_numbered_pages(restart: bool) -> list[Page]:
    """Four pages of short paragraphs and list items (13.5 pt between lines, 3.5 to 20 more between
    paragraphs) whose lines a word processor numbers in the left margin, level with each line: right
    through the document, or from 1 on each page."""
    rng = random.Random(83)
    pages, k = [], 0
    for n in range(1, 5):
        k = 0 if restart else k
        lines, y = [line(f"Page {n} / 4", 760, x0=480)], 80.0
        while y < 700:
            for _ in range(rng.choice((1, 1, 1, 2))):
                k += 1
                lines += [line(str(k), y, x0=41 - 6 * len(str(k)), x1=41),
                          line(" ".join(rng.choice(WORDS) for _ in range(10)), y, x0=57, x1=540)]
                y += 13.5
            y += rng.choice((3.5, 6.0, 20.0))
        pages.append(Page(n, W, H, tuple(lines)))
    return pages


def test_line_numbers_that_run_on_through_the_document_count_lines_at_any_pace():
    # Level with each line, the numbers step as unevenly as the paragraphs do: no one pace down the page.
    # What makes them the lines' numbers is that each page's column goes on from where the last one ended.
    got = removed(word_numbered_pages(restart=False))
    assert sum(text.isdigit() for _, text in got) == sum(
        1 for page in word_numbered_pages(restart=False) for ln in page.lines if ln.text.isdigit())
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)
    # From 1 on every page at that uneven pace, nothing says the column counts the text's lines.
    assert not any(g.reason.startswith("line numbers") for g in detect(word_numbered_pages(restart=True)))


def test_a_contents_pages_talk_numbers_beside_entries_of_three_lines_are_the_contents():
    # An abstract book's contents: each talk's speaker, then its title over two lines, the last ending in a
    # leader and the talk's page; the talk's number stands in the margin level with the title's first line,
    # at one pace down the page, entry after entry, inside the text block the abstracts' pages draw. The
    # numbers count talks, not the page's lines.
    rng = random.Random(91)
    pages, talk = [], 0
    for n in range(1, 4):
        lines, y = [line(str(n), 780, x0=296, size=12)], 100.0
        while y < 700:
            talk += 1
            title = " ".join(rng.choice(WORDS).title() for _ in range(9))
            lines += [line(f"Prof. {rng.choice(WORDS).title()} {rng.choice(WORDS).title()}", y, x0=103, x1=220),
                      line(title, y + 11.5, x0=103, x1=540), line(str(talk), y + 11.5, x0=79, x1=87),
                      line(f"{rng.choice(WORDS)} {rng.choice(WORDS)}" + "\u2026" * 40 + str(2 + talk), y + 23, x0=103, x1=538)]
            y += 34.5
        pages.append(Page(n, W, H, tuple(lines)))
    pages += [Page(n, W, H, (*body(rng, top=100, bottom=700), line(str(n), 780, x0=296, size=12))) for n in range(4, 9)]
    got = removed(pages)
    assert {(n, str(n)) for n in range(1, 9)} <= got
    assert not any(text.isdigit() and (page, text) != (int(text), text) for page, text in got)


def results_printouts() -> list[Page]:
    """A meet's results, each event printed on its own and numbered "Page 1" at the foot: under the meet's
    title block, each page's event, its start time and its record in rows of labels, then the results."""
    rng = random.Random(87)
    events = ["Boys, 200m Fly", "Girls, 400m Freestyle", "Boys, 100m Back", "Girls, 200m Breaststroke",
              "Boys, 200m Medley", "Girls, 50m Free", "Boys, 1500m Free", "Girls, 100m Fly", "Boys, 50m Back"]
    pages = []
    for n, event in enumerate(events, 1):
        lines = [line("ARENA European Junior Swimming Championships", 73, x0=190), line("Poznan, 10-14 July 2013", 85, x0=245),
                 line(f"Event {12 + n}", 114, x0=43), line(event, 114, x0=266), line(f"{15 + n % 2 * 2} - {16 + n % 2 * 2} years", 114, x0=496),
                 line(f"2013-07-{10 + n // 4} - {16 + n % 3}:{10 * n % 60:02d}", 126, x0=43),
                 line("Results Final" if n % 2 else "Results Semifinals", 126, x0=475),
                 line(f"European Junior Championship Records {1 + n % 2}:{20 + 3 * n}.{11 * n % 100:02d}", 140.6, x0=43, size=8),
                 line(rng.choice(["BICZO Bence", "CARLI Diletta", "DETENYUK Olga"]), 140.6, x0=231, size=8),
                 line(f"20{n:02d}-07-{10 + n:02d}", 140.6, x0=511, size=8),
                 line("Splash Meet Manager 11, Build 26655", 762, x0=43, size=7),
                 line(f"2013-07-11 {17 + n % 3}:{7 * n % 60:02d} - Page 1", 762, x0=470, size=7)]
        y = 180.0
        for rank in range(1, 40):
            lines += [line(f"{rank}. {rng.choice(WORDS).upper()} {rng.choice(WORDS).title()}", y, x0=55, size=9),
                      line(f"{rng.randint(1, 2)}:{rng.randint(10, 59)}.{rng.randint(10, 99)}", y, x0=323, size=9)]
            y += 11
        pages.append(Page(n, W, H, tuple(lines)))
    return pages


def test_results_printed_event_by_event_keep_each_events_rows_under_the_meets_title():
    # "Event 13" ... "Event 21" count with the pages, one event a page: but the pages' own number is the
    # one the word "page" names in the foot ("Page 1" on each printout), so the count is the events'. The
    # event's rows under the meet's title hold lines of one shape on every page whose numbers change, not
    # with the pages: labels and values, which make no head block of them.
    pages = results_printouts()
    got = removed(pages)
    heads = {"ARENA European Junior Swimming Championships", "Poznan, 10-14 July 2013", "Splash Meet Manager 11, Build 26655"}
    assert {text for _, text in got} == heads | {page.lines[-1 - 2 * 39].text for page in pages}


def test_a_running_head_set_large_under_the_pages_count_is_furniture():
    # A manual's pages after its cover: "Página 3 de 12" in small type in the corner, under it the system's
    # name in two lines set as large as the section headings, then each page's own heading and its prose.
    # The count numbers the page; the two lines under it are the head's, as they would be at the edge.
    rng = random.Random(89)
    pages = [Page(1, W, H, (line("Manual do Web Service", 300, x0=150, size=20), line("Versão 1.3", 340, x0=250)))]
    for n in range(2, 13):
        lines = [line(f"Página {n} de 12", 28, x0=513, size=8), line("NOTA FISCAL DE SERVIÇO", 48, x0=368, size=14),
                 line("ELETRÔNICA (NFS-e)", 64, x0=408, size=14),
                 line(f"{n - 1}. {rng.choice(WORDS).title()} {rng.choice(WORDS)}", 117, x0=72, size=14),
                 *body(rng, top=150, bottom=700), line("Revisado em 12/01/2016", 790, x0=29, size=8)]
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert {(n, t) for n in range(2, 13) for t in ("NOTA FISCAL DE SERVIÇO", "ELETRÔNICA (NFS-e)")} <= got
    assert not any(text[0].isdigit() and ". " in text for _, text in got)


def test_a_judgments_paragraph_numbers_at_one_pace_are_no_line_numbers():
    # A judgment numbers its paragraphs in the margin; where each page holds three paragraphs of fifteen
    # lines, the numbers step down it at one pace, 200 pt apart: far more than a line's, they count
    # paragraphs.
    rng = random.Random(93)
    pages = []
    for n in range(1, 7):
        numbers = [line(str(3 * n - 3 + k), 100 + 202.5 * (k - 1), x0=40, x1=52) for k in (1, 2, 3)]
        pages.append(Page(n, W, H, (*body(rng, top=100, bottom=700), *numbers, line(str(n), 750, x0=300))))
    gone = removed_keys(pages)
    assert {(page.number, len(page.lines) - 1) for page in pages} <= gone
    assert not any((page.number, i) in gone for page in pages for i, ln in enumerate(page.lines) if ln.box[0] == 40)


def test_a_contents_lists_pages_running_on_over_two_pages_are_no_line_numbers():
    # A collection's contents, one poem a page: each title with its page at the right, the entries grouped
    # by part with wider gaps between parts, down a third of the page, the list running on over a second
    # page. The numbers go on from page to page in steps of one, level with their rows, but never past the
    # book's pages.
    rng = random.Random(95)
    pages, poem = [], 9  # the first poem on page 10
    for n in (1, 2):
        lines, y = [], 80.0
        while y < 280:
            for _ in range(rng.choice((2, 3, 4))):
                poem += 1
                lines += [line(" ".join(rng.choice(WORDS).title() for _ in range(3)), y, x0=90, x1=300),
                          line(str(poem), y, x0=540 - 6 * len(str(poem)), x1=540)]
                y += 14
            y += rng.choice((8.0, 20.0))
        pages.append(Page(n, W, H, tuple(lines)))
    pages += [Page(n, W, H, (*body(rng, top=80, bottom=700), line(str(n), 750, x0=300))) for n in range(3, poem + 1)]
    gone = removed_keys(pages)
    assert not any((n, i) in gone for n in (1, 2) for i, ln in enumerate(pages[n - 1].lines) if ln.text.isdigit())


def test_a_landscape_tables_continued_note_at_the_foot_of_the_table_as_it_reads():
    # A codebook on portrait sheets whose long table is set on landscape pages: the folio stays on the
    # sheet's foot, up the landscape page's left edge, and the table's last row on each of its pages but
    # the last is followed by "Continued on next page", at the foot of the table as the table reads.
    rng = random.Random(97)
    pages = [Page(n, W, H, (*body(rng, top=80, bottom=700), line(str(n), 750, x0=300))) for n in (1, 2)]
    for n in range(3, 7):
        rows = [line(" ".join(rng.choice(WORDS) for _ in range(3)), 80 + 12 * k, x0=78, x1=240) for k in range(30)]
        rows += [line(f"{rng.randint(100, 999)}", 80 + 12 * k, x0=300, x1=318) for k in range(30)]
        rows.append(Line(text=str(n), box=(40, 300, 51, 309), size=10, font="Times-Roman", angle=270))
        if n < 6:
            rows.append(line("Continued on next page", 80 + 12 * 30 + 10, x0=656, x1=752, size=9))
        pages.append(Page(n, H, W, tuple(rows)))
    pages += [Page(n, W, H, (*body(rng, top=80, bottom=700), line(str(n), 750, x0=300))) for n in (7, 8)]
    got = removed(pages)
    assert {(n, "Continued on next page") for n in (3, 4, 5)} <= got
    assert {(n, str(n)) for n in range(1, 9)} <= got


def test_a_schedules_serial_numbers_with_a_column_of_times_beyond_them_are_no_line_numbers():
    # An audition schedule from a spreadsheet: each candidate's name, then the serial number 1, 2, 3 ..
    # right-aligned in a narrow column past the names, then the slot's time farther out. The numbers count
    # down the page at one pace beside the names, as line numbers would, but line numbers are the last
    # thing on their lines: with a column beyond them they are a table's.
    rng = random.Random(75)
    pages, serial = [], 0
    for n in (1, 2):
        lines = [line("Table 1", 60, x0=372, x1=410)] if n == 1 else []
        y = 90.0
        while y < 720:
            serial += 1
            name = " ".join(rng.choice(WORDS).title() for _ in range(rng.choice((2, 2, 3))))
            lines += [line(name, y, x0=52, x1=52 + 6.5 * len(name)),
                      line(str(serial), y, x0=338 - 7.5 * len(str(serial)), x1=338),
                      line(f"{10 + serial // 8}:{serial % 8 * 7:02d}", y, x0=401, x1=436)]
            y += 20.0
        lines.append(line(str(n), 760, x0=408, x1=417))
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert not {text for _, text in got} & {str(k) for k in range(3, serial + 1)}


def test_a_transcripts_first_line_numbers_make_no_head_of_the_text_beside_them():
    # A deposition numbers each of its 25 double-spaced lines; the numbers 1 and 2 stand at the top of
    # every page in one place, as a head would, but the lines of words beside them are the testimony: a
    # row that the margin's line numbers count is the text's. (The stamp over them and the foot are
    # furniture.)
    rng = random.Random(77)
    pages = []
    for n in range(1, 13):
        lines = [line(f"Case 3:19-cv-04593-LB Document 79-3 Filed 03/26/21 Page {n} of 12", 13, x0=100, size=12)]
        for k in range(1, 26):
            top = 53.3 + 25.5 * (k - 1)
            lines += [line(str(k), top, x0=74 if k < 10 else 68, size=12, x1=81),
                      line(" ".join(rng.choice(WORDS) for _ in range(8)), top, x0=108, size=12, x1=460)]
        lines += [line(f"Page {n + 30}", 698, x0=500, size=12), line("Veritext Legal Solutions", 725, x0=240, size=12)]
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert {(n, f"Page {n + 30}") for n in range(1, 13)} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_pleadings_foot_under_its_numbered_lines_leaves_the_footnotes_among_them():
    # Pleading paper numbers 28 lines down the margin; a footnote sits on the last numbered lines, close
    # over the folio and the two-line foot (the brief's title, its case number). The numbered rows are the
    # text's however close they come to the foot: the foot ends where they begin.
    rng = random.Random(78)
    pages = []
    for n in range(1, 11):
        lines = []
        for k in range(1, 29):
            top = 72 + 24 * (k - 1)
            lines.append(line(str(k), top, x0=74, size=11, x1=89))
            if k <= 25:
                lines.append(line(" ".join(rng.choice(WORDS) for _ in range(9)), top - 1, x0=108, size=14, x1=540))
        lines += [line(f"{n} " + " ".join(rng.choice(WORDS) for _ in range(10)), 698, x0=108, size=14, x1=540),
                  line(" ".join(rng.choice(WORDS) for _ in range(6)), 714, x0=108, size=14, x1=300),
                  line(str(n), 733, x0=300, size=12, x1=310),
                  line("DEFS.' MEM. AND POINTS OF AUTHORITIES IN SUPPORT OF MOTION", 754, x0=272, size=8, x1=578),
                  line("Case No. 16-CV-6794 AB (JCx)", 763.6, x0=445, size=10, x1=578)]
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert {(n, "Case No. 16-CV-6794 AB (JCx)") for n in range(1, 11)} <= got
    assert not any(text.split()[-1] in WORDS for _, text in got)


def test_a_download_stamp_with_a_line_of_unmapped_glyphs_is_the_foot():
    # An archive stamps each page it serves at the foot, in three lines: "downloaded from", the reader's
    # address and the time in a font without a character map, the terms of use. The middle line reads as
    # unmapped glyph codes; between the stamp's other lines it is the stamp's, not the page's text.
    rng = random.Random(79)
    unmapped = "(cid:0)" * 26 + "104.57.191.61 on Thu, 22 Aug 2024 02:02:33 UTC"
    pages = [Page(n, W, H, (line(str(100 + n), 69, x0=64), *body(rng, top=100, bottom=640),
                            line("This content downloaded from", 703.8, x0=185, size=8),
                            line(unmapped, 711.8, x0=125, size=8, x1=293),
                            line("All use subject to https://about.jstor.org/terms", 719.8, x0=161, size=8)))
             for n in range(1, 9)]
    got = removed(pages)
    assert {(n, text) for n in range(1, 9)
            for text in ("This content downloaded from", unmapped, "All use subject to https://about.jstor.org/terms")} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_vertical_writing_read_glyph_by_glyph_keeps_its_columns():
    # Japanese set in vertical columns, right to left, is read one glyph a line. The first column is a
    # chapter's title in brackets on each page ("前書き", "後書き"): its glyphs at the side repeat where the titles
    # share one, and the text's outer columns repeat their common kana by chance. A stamp stacked in the
    # margin the same way on every page repeats whole, and goes.
    kana = "のんできたイらはうしいすまにもとがてるけ読戴嬉"
    titles = [f"\uff08{word}\uff09" for word in ("前書き", "続き", "下書き", "覚書き", "後書き", "端書き")]

    def column(text: str, x: float) -> list[Line]:
        return [line(ch, 97 + 14 * k, x0=x, size=14, x1=x + 14, angle=270) for k, ch in enumerate(text)]

    def deck(stamp: str) -> list[Page]:
        rng = random.Random(7)
        out = []
        for n, title in enumerate(titles, 1):
            lines = column(title, 736) + column(stamp, 800)
            for x in range(651, 120, -24):
                lines += column("".join(rng.choice(kana) for _ in range(rng.randint(18, 28))), x)
            out.append(Page(n, 841.89, 595.28, (*lines, line(str(n), 530, x0=391, size=12, x1=399))))
        return out

    assert removed(deck("")) == {(n, str(n)) for n in range(1, 7)}
    assert removed(deck("社外秘")) == {(n, str(n)) for n in range(1, 7)} | {(n, ch) for n in range(1, 7) for ch in "社外秘"}


def test_a_page_number_in_a_bar_beside_each_page_s_title():
    # A rulebook prints a bar across the top of each page: the page's own title, set large, and beside it
    # the page's number, the two overlapping in height, the bar set well apart from the text. The titles
    # are the text's (each page's heading) and draw the text block up around the number; the number is
    # the bar's. Numbers beside the titles in the text's own flow, no gap under them, are the text's.
    titles = ["Health, Sanity and Influence", "Rolling and Challenge Levels", "Combat and Damage", "Equipment",
              "Magic and Rituals", "Running the Game", "Creatures of the Night", "Appendix and Tables"]

    def rulebook(text_top: float) -> list[Page]:
        rng = random.Random(5)
        return [Page(n, W, H, (line(title, 17.7, x0=40, size=20), line(str(n), 29.4, x0=480, size=15, x1=488),
                               *body(rng, top=text_top, bottom=700)))
                for n, title in enumerate(titles, 1)]

    assert removed(rulebook(92.7)) == {(n, str(n)) for n in range(1, 9)}
    assert not removed(rulebook(46))


def test_a_bill_s_line_numbers_after_its_page_s_number():
    # A state's bill numbers each line with its page's number and the line's ("3.1", "3.2", ...): a column
    # that counts the lines down the margin all the same. Numbered clauses of a text ("2.1", "2.4", ...
    # beside their paragraphs) keep their uneven pace and stay.
    extra = [[line(f"{n}.{k}", 100 + 13.5 * (k - 1), x0=36, size=10, x1=54) for k in range(1, 29)] for n in range(1, 5)]
    got = removed(pages_of(extra, x0=90))
    assert {(n, f"{n}.{k}") for n in range(1, 5) for k in range(1, 29)} <= got
    clauses = [[line(f"{n}.{k}", 100 + 40 * k + 9 * k * k, x0=36, size=10, x1=54) for k in range(1, 7)]
               for n in range(1, 5)]
    assert not texts_removed(pages_of(clauses, x0=90))


def test_page_numbers_that_end_in_a_zero_width_space():
    # A producer ends every line with a zero-width space, the folio's too: still a page number.
    extra = [[line(f"{n}\u200b", 750, x0=300)] for n in range(1, 9)]
    assert {(n, f"{n}\u200b") for n in range(1, 9)} <= removed(pages_of(extra))


def test_a_folio_beside_glyphs_the_reader_could_not_map():
    # A notebook's print heads each page with its folio and file name, a separator drawn in a symbol font
    # between them that the reader cannot map: outer side, left on even pages and right on odd ones.
    extra = [[line(f"{n}\ufffd\ufffd\ufffd Notes.nb", 40, x0=72) if n % 2 == 0 else
              line(f"Notes.nb \ufffd\ufffd\ufffd{n}", 40, x0=460)] for n in range(1, 9)]
    pages = pages_of(extra)
    assert removed(pages) == {(page.number, page.lines[0].text) for page in pages}


def test_a_chart_s_tick_labels_at_the_top_of_its_pages_are_no_folios():
    # A worksheet's plots stand at the top of some pages, their vertical axis labelled "1", "0.5", "0" (or
    # "2", "1", "0") down the page, the first label near the top edge. By chance those first labels rise
    # with the pages (1, 2, 2, 4 on pages 2, 3, 5, 7); each heads a scale, and no page has a folio.
    firsts = {2: 1, 3: 2, 5: 2, 7: 4}
    extra = []
    for n in range(1, 9):
        top = firsts.get(n)
        extra.append([] if top is None else
                     [line(f"{top * (2 - k) / 2:g}", 60 + 80 * k + (12 if k == 2 else 0), x0=286, x1=293, size=15)
                      for k in range(3)])
    pages = pages_of(extra, top=330)
    assert not removed(pages)


def test_folios_the_scale_test_cannot_place_on_a_scale_are_still_folios():
    # A folio set with a space before it, over a column of two other numbers, and one running up the side
    # beside a column of upright numbers: neither is a scale's label, and both count with the pages.
    extra = [[line(f" {n}", 750, x0=300, x1=310), line("1", 700, x0=300, x1=310), line("2", 650, x0=300, x1=310),
              Line(str(n), (580, 400, 590, 410), 10.0, "Times-Roman", angle=90),
              *(line(str(v), 460 - 40 * v, x0=560, x1=590) for v in (5, 6, 7))] for n in range(1, 9)]
    got = removed(pages_of(extra))
    assert {(n, f" {n}") for n in range(1, 9)} | {(n, str(n)) for n in range(1, 9)} <= got


def test_circled_numbers_down_the_margin_are_read_as_no_line_numbers():
    # A Korean guide numbers its steps "①", "②", "③" down the left margin beside the text: digits to
    # Python, but no numbers a column of line numbers counts (they once stopped the whole file).
    rng = random.Random(12)
    pages = []
    for n in range(1, 9):
        text = body(rng, x0=100)
        marks = [line(chr(0x2460 + k), text[3 * k + n % 3 + 10].box[1], x0=60, x1=70) for k in range(5)]
        pages.append(Page(n, W, H, (*text, *marks, line(str(n), 750, x0=300))))
    assert removed(pages) == {(n, str(n)) for n in range(1, 9)}


def test_a_table_s_column_headings_set_sideways_out_into_the_margin_are_content():
    # A questionnaire heads its columns of boxes with their answers set sideways, side by side, their first
    # letters level; the last of them stand right of the text column. A stamp up the margin, in two lines,
    # stands beside the text alone.
    answers = ["I fully agree", "I mostly agree", "I partially agree", "I hardly agree", "I do not agree at all",
               "Don't know"]

    def sideways(text: str, x0: float, bottom: float) -> Line:
        return Line(text, (x0, bottom - len(text) * 5, x0 + 10, bottom), 10.0, "Times-Roman", angle=90)

    extra = [[*(sideways(text, 470 + 26 * k, 196) for k, text in enumerate(answers)),
              sideways("Verification code GEN-7641-659e", 14, 600), sideways("https://example.org/verify", 26, 600)]
             for _ in range(8)]
    pages = pages_of(extra)
    assert texts_removed(pages) == {"Verification code GEN-7641-659e", "https://example.org/verify"}


def test_a_tab_down_the_margin_beside_a_pages_narrower_text_is_the_margins():
    # A newsletter's section pages set their text in from the margin, a tab running down the space left
    # beside it; the other pages set their text wider, so the text block reaches past the tab's place.
    rng = random.Random(21)
    tab = "NEWS @ U * NEWS @ U * NEWS AT U * NEWS @ U"
    pages = [Page(n, W, H, tuple(body(rng, x0=45 if n < 7 else 100)
                                 + ([Line(tab, (50, 90, 62, 690), 12.0, "Times-Roman", angle=90)] if n >= 7 else [])))
             for n in range(1, 10)]
    assert removed(pages) == {(n, tab) for n in (7, 8, 9)}


def test_a_sheets_small_sideways_headings_far_apart_for_their_size_are_content():
    # A laboratory's results sheet, printed from a spreadsheet onto one large page: its analytes head their
    # columns set sideways in 3.7 pt type, centred in their boxes 22.5 pt apart, six times their size but
    # closer than each heading is long (a heading turned because it is longer than its column is wide);
    # the last of them stands right of the text block. Column headings all, no stamp up the margin.
    rng = random.Random(78)
    analytes = ["pH value", "ORP", "Electrical Conductivity", "Temperature", "Salinity", "Turbidity",
                "Dissolved Oxygen", "Sulphate as SO4", "Chloride", "Sodium", "Total Nitrogen as N",
                "Total Phosphorous as P"]
    lines = [line(f"Client ID: Fonterra Australia Limited {k}", 40 + 7 * k, x0=147, size=3.7, x1=255) for k in range(4)]
    for k, text in enumerate(analytes):
        half = len(text) * 1.0
        lines.append(Line(text, (435.5 + 22.5 * k, 120 - half, 439.5 + 22.5 * k, 120 + half), 3.7, "Arial", angle=90))
    for r in range(60):
        y = 160 + 12 * r
        lines.append(line(f"Monitoring bore {r} sampled {rng.choice(WORDS)} {rng.choice(WORDS)}", y, x0=147, size=3.7,
                          x1=420))
        lines += [line(f"{rng.uniform(0, 99):.2f}", y, x0=432.5 + 22.5 * k, size=3.7, x1=441.5 + 22.5 * k)
                  for k in range(len(analytes))]
    pages = [Page(1, 842.0, 1191.0, tuple(lines))]
    assert not texts_removed(pages)


def test_a_tariffs_boxed_headings_upright_and_sideways_over_its_narrow_columns_are_content():
    # A customs tariff repeats its boxed column headings over every page: "Codification" and "Désignation
    # des Produits" centred over their columns, and over the narrow columns at the right, in one band
    # with them, their headings set sideways, centred in their boxes (in two lines each). Under the
    # box the rows begin, their cells in those columns. The edition over the box is the running head.
    def sideways(text: str, x0: float, middle: float) -> Line:
        return Line(text, (x0, middle - len(text) * 2.2, x0 + 7, middle + len(text) * 2.2), 7.0, "Arial", angle=90)

    heads = ["Droit", "d'Importation", "Unité", "de Quantité", "Normalisée", "Unités", "Complé-", "mentaires"]
    rng = random.Random(59)
    pages = []
    for n in range(1, 10):
        lines = [line("Edition 1er janvier 2022", 29, x0=54, size=8),
                 line("Codification", 63, x0=82, x1=176, size=12), line("Désignation des Produits", 63, x0=255, x1=436, size=12),
                 *(sideways(text, 491 + 10 * k, 63.0) for k, text in enumerate(heads))]
        y = 102.0
        while y < 760:
            lines += [line(str(rng.randint(1, 9)), y, x0=70, size=8), line(f"{rng.randint(10, 99)} 00", y, x0=161, size=8),
                      line("- - " + " ".join(rng.choice(WORDS) for _ in range(6)), y, x0=198, x1=479, size=8),
                      line(rng.choice(["2,5", "17,5", "30"]), y, x0=492, size=8), line("kg", y, x0=518, size=8),
                      line(rng.choice(["-", "u", "N"]), y, x0=552, size=8)]
            y += 18.0
        lines.append(line(f"{n} / Chap 84", 800, x0=280, size=8))
        pages.append(Page(n, 595.56, 842.04, tuple(lines)))
    got = texts_removed(pages)
    assert {"Edition 1er janvier 2022"} <= got
    assert not got & {"Codification", "Désignation des Produits", *heads}


def test_text_beyond_the_crop_box_is_removed():
    extra = [[line("Userid: ________ DTD INSTR04", -40, size=7)] for _ in range(3)]
    group = next(g for g in detect(pages_of(extra)) if g.remove)
    assert "outside the visible page" in group.reason and len(group.pages) == 3


def test_what_runs_off_the_page_or_lies_far_beyond_it_is_content():
    # A listing runs off the foot of four pages: its first row is cut by the page's edge, two more lie
    # beyond it, with the text's own spacing. A presentation tool parks overlays 3,000 pt to the right.
    # Only the printer's slug, set apart below the page, is furniture.
    extra = [[line("int total = 0;", 788.5, size=10),
              line("for (i = 0; i < n; i++) total += weight[i] * value[i];", 802, size=10),
              line("return total;", 815.5, size=10),
              line("Overlay 4", 300, x0=3000, size=10),
              line(f"34524_ch05.indd {168 + n}", 850, x0=40, size=6)] for n in range(1, 5)]
    got = texts_removed(pages_of(extra, bottom=780))  # the text's last row: 775-785
    assert got == {f"34524_ch05.indd {168 + n}" for n in range(1, 5)}


def test_a_running_head_one_line_above_changing_text_on_every_page_is_a_head():
    # A proposal's head in two parts, the solicitation's number and the title, set one line of the text
    # above its first row: as close on the text as the text's own lines, over text that changes.
    n = 6
    extra = [[line("NNH22ZDA001N-TOPST", 86.5), line("Teaching Open Science in Spanish", 86.5, x0=330),
              line(str(i + 1), 750, x0=300)] for i in range(1, n + 1)]
    got = removed(pages_of(extra))
    assert got == {(i, t) for i in range(1, n + 1)
                   for t in ("NNH22ZDA001N-TOPST", "Teaching Open Science in Spanish", str(i + 1))}


def test_a_running_head_one_line_above_changing_text_on_every_page_past_the_cover_is_a_head():
    # The same proposal's head, with a cover first: a few lines, no head. Every page past the cover has it.
    n = 8
    rng = random.Random(62)
    cover = Page(1, W, H, (line("Teaching Open Science in Spanish", 300, size=24), line("A proposal", 340)))
    extra = [[line("NNH22ZDA001N-TOPST", 86.5), line("Teaching Open Science in Spanish", 86.5, x0=330),
              line(str(i), 750, x0=300)] for i in range(2, n + 1)]
    pages = [cover] + [Page(i, W, H, (*lines, *body(rng))) for i, lines in enumerate(extra, start=2)]
    got = removed(pages)
    assert got == {(i, t) for i in range(2, n + 1)
                   for t in ("NNH22ZDA001N-TOPST", "Teaching Open Science in Spanish", str(i))}


def test_a_rule_typed_under_the_running_head_goes_with_it_but_not_one_under_a_tables_headings():
    # A word processor's header: its name, then a rule typed as underscores, over every page's text. On
    # the same pages a table's column headings, ruled off the same way, head the rows under them.
    rule = "_" * 76
    extra = [[line("HDSoC Evaluation Board Datasheet", 37, x0=350, size=11), line(rule, 78, x1=536, size=11)]
             for _ in range(6)]
    for lines in extra:
        lines += [line("Channel", 400), line("Gain", 250 + 150, x0=250), line("Offset", 400, x0=400),
                  line("-" * 60, 412, x1=500)]
    pages = pages_of(extra, top=108)
    pages = [Page(p.number, p.width, p.height, tuple(ln for ln in p.lines if not 395 < ln.box[1] < 430 or
                                                     ln.text in ("Channel", "Gain", "Offset") or ln.text.startswith("-")))
             for p in pages]
    got = texts_removed(pages)
    assert got == {"HDSoC Evaluation Board Datasheet", rule}


def test_a_folio_between_dot_leaders_is_a_page_number():
    # A running foot drawn with dot leaders either side of its folio: forty dots are no words, so the line
    # is as short as "Page 7" for what a page number's line may hold.
    dots = " ".join("." * 20)
    extra = [[line(f"{dots} Page {n}. {dots}", 760, x0=140, x1=500, size=9)] for n in range(1, 7)]
    got = removed(pages_of(extra))
    assert got == {(n, f"{dots} Page {n}. {dots}") for n in range(1, 7)}


def test_one_page_of_tiny_type_does_not_set_the_body_size():
    # A deck's footline in 5 pt, 25 pt under the last of its 9 pt points; one slide shows a scatter plot
    # whose points are set as 2 pt letters, in rows 25 pt apart, more characters than all the other
    # slides hold. The body is still the points' size.
    slides = []
    for n in range(1, 9):
        lines = [line(f"{WORDS[(n + k) % 24]} and {WORDS[(n * k) % 24]} over the cluster in stage {k}", 150 + 16 * k,
                      x0=30, size=9) for k in range(6)]
        if n == 4:
            lines += [line("l" * 40, 20 + 25 * r, x0=40 + 2 * k, size=2) for r in range(10) for k in range(150)]
        lines += [line("Peter E. DeWitt", 264, x0=8, size=5), line(f"{n} of 8", 264, x0=341, size=5)]
        slides.append(Page(n, 363.0, 272.0, tuple(lines)))
    assert explain(slides, 2).body_size == 9
    assert {(n, "Peter E. DeWitt") for n in range(1, 9)} <= removed(slides)


def test_a_text_block_of_its_own_beyond_the_page_is_content():
    # A drawing program's artboards stacked one above the other: each page also draws the page above it,
    # wholly beyond its top edge, far from its own text. Rows of text at the text's own spacing lie at the
    # same heights on every page; they are a page of text, not a slug. The slug beyond the foot goes.
    rng = random.Random(5)
    extra = [[*body(rng, top=100 - H, bottom=-100), line(f"Job 4471 proof {n}", 805, x0=40, size=6)]
             for n in range(1, 5)]
    got = texts_removed(pages_of(extra))
    assert got == {f"Job 4471 proof {n}" for n in range(1, 5)}


def test_copyright_line_at_the_foot_of_the_first_page():
    notice = "© 2025 Silverline Manufacturing. doi:10.7258/tfe.2025.974"
    extra = [[line(notice, 762, x0=45), line("45", 776, x0=280)]]
    extra += [[line("Review of Public Service Delivery", 40, size=8), line(str(45 + i), 776, x0=280)]
              for i in range(1, 8)]
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
            extra.append([line("Shift work", 100, x0=540, size=13, x1=600),
                          line("interventions", 114, x0=540, size=13, x1=605)])
        else:
            extra.append([line("ER", 100, x0=20, size=13, x1=36), line("29,2", 114, x0=20, size=13, x1=40)])
    got = texts_removed(pages_of(extra, x0=72))
    assert got == {"Shift work", "interventions", "ER", "29,2"}


def test_a_table_column_beside_the_text_is_not_a_side_head():
    extra = [[line(h, 100, x0=540, size=10, x1=590)] + [line(str(1000 + 7 * i + k), 113.5 + 13.5 * k, x0=540, x1=590)
                                                        for k in range(8)] for i, h in enumerate(["Variance"] * 6)]
    assert "Variance" not in texts_removed(pages_of(extra, x0=72))


def test_unmapped_glyph_codes_repeated_in_the_text_are_never_furniture_but_a_head_in_them_is():
    # A score's clefs, system after system, repeat without meaning anything: in the text column, past
    # the page's outermost rows, never furniture. A running head whose font has no Unicode map is still
    # the head: the outermost row, repeated, set apart from the text.
    clefs = [[line("(cid:12)(cid:7)(cid:44)(cid:3)", 80, size=8)] for _ in range(6)]
    assert texts_removed(pages_of(clefs, top=60)) == set()
    head = [[line("(cid:12)(cid:7)(cid:44)(cid:3)", 40, size=8)] for _ in range(6)]
    assert texts_removed(pages_of(head)) == {"(cid:12)(cid:7)(cid:44)(cid:3)"}


def test_a_value_in_each_row_of_a_tables_column_is_no_foot_where_the_last_row_ends_a_page():
    # A list of banned medicines: each row its number and name, and in the right column its order's number
    # over "Dated" and the order's date, the same date in every row, the rows running to each page's foot.
    # The last row of each page repeats "Dated" and the date in one place as a foot would; its page holds
    # them in every row of that column: the table's. The page number under the table goes.
    rng = random.Random(59)
    pages, k = [], 1
    for n in range(1, 9):
        lines = []
        for y in range(80, 700, 52):
            lines += [line(f"{k}. {rng.choice(WORDS).title()} + {rng.choice(WORDS).title()}", y, x0=72, x1=340),
                      line(f"S.O. {700 + k} (E)", y, x0=500, x1=562), line("Dated", y + 11, x0=500, x1=532),
                      line("10.03.2016", y + 22, x0=500, x1=559)]
            k += 1
        pages.append(Page(n, W, H, (*lines, line(str(n), 760, x0=300))))
    assert removed(pages) == {(n, str(n)) for n in range(1, 9)}


def test_unmapped_marks_beside_the_text_column_are_judged_by_their_place():
    # A form's registration marks in its four corners, one glyph of a font without a character map, and
    # its sheet number beside the top ones: furniture on every page. The same glyph in the text column
    # (a score's clef, system after system) stays the page's.
    mark = "(cid:121)"
    extra = [[line(mark, 40, x0=30, x1=40), line(mark, 40, x0=560, x1=570), line(f"+{n}/{(n * 7) % 60}+", 40, x0=400),
              line(mark, 740, x0=30, x1=40), line(mark, 740, x0=560, x1=570), line(mark, 300, x0=72, x1=82)]
             for n in range(1, 7)]
    pages = pages_of(extra, x0=72)
    gone = {(page, index) for group in detect(pages) if group.remove for page, index in group.members}
    assert gone >= {(n, k) for n in range(1, 7) for k in range(5)}  # the corners and the sheet number
    assert not any((n, 5) in gone for n in range(1, 7))  # the one in the column


def test_two_page_document():
    memo = "Highland Water District \u2013 Internal memorandum"  # with an en dash
    extra = [[line(memo, 40, size=8), line(str(i), 750, x0=300)] for i in (1, 2)]
    got = removed(pages_of(extra))
    assert got == {(1, memo), (2, memo), (1, "1"), (2, "2")}


def test_pages_without_text_and_no_pages():
    assert detect([]) == ()
    assert detect([Page(number=1, width=W, height=H, lines=())]) == ()


def test_reasons_are_sentences_with_counts():
    n = 8
    pages = pages_of([[line("Annual Report 2025", 40, x0=400)] for _ in range(n)])
    group = next(g for g in detect(pages) if g.remove)
    # the evidence, no verdict
    assert group.reason == f"at the top of {n} of {n} pages, above the text block, same place and size"


def test_a_sections_count_after_the_word_page_ends_a_running_foot():
    # A manual's foot: its number, revision and date, then "Page 1-1" ... each chapter counting its own pages
    # (the appendix's "A-1" too). Every page's foot is the same line but for its folio.
    folios = [f"{part}-{k}" for part, n in (("1", 4), ("2", 3), ("3", 6), ("A", 4)) for k in range(1, n + 1)]
    feet = [f"429E - Rev. 0 \u2013 October 2, 2006 - Page {folio}" for folio in folios]
    pages = pages_of([[line(foot, 750, x0=150)] for foot in feet])
    assert texts_removed(pages) == set(feet)
    assert all(g.reason.startswith("holds a page number") for g in detect(pages) if g.remove)


@pytest.mark.parametrize("text, expected", [
    ("- 3 -", [3]), ("3 / 12", [3, 12]), ("Page 3", [3]), ("p. 3", [3]), ("[3]", [3]),
    ("3 | Report Title", [3]), ("PAGE 3 OF 34 1333ND19QNB680025", [3, 34]), ("Table A-1.", []),
    ("Page 4-12", [12]), ("Rev. 0 - Seite A-3", [0, 3]), ("see page 3-4 for details", []),
    ("GEN 1.2-3", [3]), ("AD 2.EGKB-3", [3]), ("025", []), ("xiv", [14]), ("Chapter title 17", [17]), ("Page:2 of 3", [2, 3]), ("Time:14:46:41", []),
    ("\ucabd\uc218(2/6)", [2, 6]), ("Seite[4]", [4]), ("f(x)", []),
])
def test_page_number_tokens(text, expected):
    assert [value for _, value, _ in page_number_tokens(text)] == expected


def test_shape_and_roman():
    assert shape_of("Page 12 of 40") == "Page # of #"
    assert roman_value("MCMXCIV") == 1994 and roman_value("iiii") is None and roman_value("") is None


# -- the type area, slots and the PDF's own marks ---------------------------------------------------------


def test_running_heads_that_name_a_short_section_are_removed():
    # A manual: page number and the current section's title share the head row; most sections are one
    # or two pages long, so most titles head one page only. A body heading with a title's words stays.
    sections = ["Installing the tool", "Reading a file", "Reading a file", "Options", "The report", "The report",
                "Errors", "Limits", "Limits", "Batches", "Exit status", "Examples"]
    extra = [[line(str(i + 1), 40, x0=72, size=9), line(title.upper(), 40, x0=540 - 5 * len(title), size=9)]
             for i, title in enumerate(sections)]
    extra[6].append(line("Errors", 100, size=14))
    got = removed(pages_of(extra, top=120))
    assert got == {(i + 1, t) for i, t in enumerate(s.upper() for s in sections)} | \
        {(i + 1, str(i + 1)) for i in range(12)}


def test_running_heads_alone_in_their_slot_are_removed_when_the_slot_is_established():
    # The head alone on its row (page numbers at the foot): sections of two pages establish the slot,
    # the one-page sections are taken from it.
    sections = ["Scope", "Scope", "Terms", "Terms", "Roles", "Budget", "Budget", "Risks", "Audit", "Audit"]
    extra = [[line(title, 40, x0=72, size=9), line(str(i + 1), 750, x0=300)] for i, title in enumerate(sections)]
    got = texts_removed(pages_of(extra))
    assert {"Roles", "Risks"} <= got and {"Scope", "Terms", "Budget", "Audit"} <= got


def test_the_same_text_twice_on_one_head_line_is_furniture():
    # A manual page's NAME(1) at both corners of the head line.
    extra = [[line("PAGEFURNITURE(1)", 40, x0=72, size=9), line("PAGEFURNITURE(1)", 40, x0=470, size=9),
              line(str(i), 750, x0=300)] for i in range(1, 7)]
    pages = pages_of(extra)
    heads = {(p, pages[p - 1].lines[i].box[0]) for g in detect(pages) if g.remove for p, i in g.members
             if pages[p - 1].lines[i].text == "PAGEFURNITURE(1)"}
    assert heads == {(p, x) for p in range(1, 7) for x in (72.0, 470.0)}


def slides(items: list[list[Line]], width: float = 960.0, height: float = 540.0) -> list[Page]:
    return [Page(number=i + 1, width=width, height=height, lines=tuple(lines)) for i, lines in enumerate(items)]


def test_slide_master_title_over_larger_slide_titles_is_furniture_and_the_slide_titles_are_not():
    titles = ["Why page furniture matters", "Example", "How it works", "Example", "Results", "Example", "Thanks"]
    rng = random.Random(7)
    items = []
    for title in titles:
        points = [" ".join(rng.choice(WORDS) for _ in range(6)) for _ in range(3)]
        items.append([line("DocEng 2026: More than digital paper", 20, x0=140, size=16),
                      line(title, 80, x0=140, size=40)]
                     + [line(point, 170 + 50 * k, x0=140, size=24) for k, point in enumerate(points)])
    got = removed(slides(items))
    assert got == {(i + 1, "DocEng 2026: More than digital paper") for i in range(len(titles))}


def test_a_header_over_pages_of_diagrams_is_furniture():
    # Pages that are mostly a diagram: many short labels, few lines of text; the header is not a heading.
    rng = random.Random(4)
    items = []
    for i in range(1, 9):
        lines = [line("National Hydro Network, Data Model - Edition 1.0", 40, size=11), line(str(i), 750, x0=500)]
        lines += [line(f"{rng.choice(WORDS).title()} {k}", 150 + 22 * k, x0=100 + 40 * (k % 8), size=7)
                  for k in range(24)]
        lines += [line(" ".join(rng.choice(WORDS) for _ in range(12)), 700 + 13 * k, x1=532) for k in range(2)]
        items.append(Page(number=i, width=W, height=H, lines=tuple(lines)))
    assert texts_removed(items) == {"National Hydro Network, Data Model - Edition 1.0"} | {str(i) for i in range(1, 9)}


def test_two_page_footers_on_one_sheet():
    # Two exam pages printed side by side on each landscape sheet: two footers per PDF page, numbered
    # two by two.
    rng = random.Random(5)
    items = []
    for p in range(1, 5):
        lines = [line(f"Page {2 * p - 1} of 8", 800, x0=250), line(f"Page {2 * p} of 8", 800, x0=850)]
        lines += body(rng, x0=60) + body(rng, x0=640)
        items.append(Page(number=p, width=1190.0, height=842.0, lines=tuple(lines)))
    got = removed(items)
    assert got == {(p, f"Page {n} of 8") for p in range(1, 5) for n in (2 * p - 1, 2 * p)}
    assert {g.kind for g in detect(items) if g.remove} == {"page-number"}


def test_a_scans_running_heads_are_set_apart_though_its_lines_boxes_overlap():
    # A journal's reprint scanned and read by OCR: each line's box is taller than the leading, so the rows
    # of running text overlap and only the gaps between paragraphs are gaps at all. The running heads,
    # author on even pages and short title on odd ones, stand 11.5 pt over the text: the text's own
    # leading is no gap, not a paragraph's. Glued to the text they are its first lines. (Rows that overlap
    # on a page that is no scan are no measure: a report's cells drawn close.)
    def pages(gap: float) -> list[Page]:
        rng = random.Random(31)
        out = []
        for n in range(1, 9):
            head = "E.A. Ottesen et al." if n % 2 == 0 else "Strategies for the control of filariasis"
            lines = [line(head, 40, x0=37 if n % 2 == 0 else 189, size=10.5)]
            y = 40 + 10.5 + gap
            for k in range(48):
                lines += [line(" ".join(rng.choice(WORDS) for _ in range(7)), y, x0=x0, x1=x0 + 204, size=11.2)
                          for x0 in (37, 259)]
                y += 10.0 + (11.0 if k % 7 == 6 else 0.0)
            out.append(Page(n, W, H, tuple(lines), pictures=((0.0, 0.0, W, H),)))  # the scanned page under them
        return out
    assert texts_removed(pages(11.5)) == {"E.A. Ottesen et al.", "Strategies for the control of filariasis"}
    assert not texts_removed(pages(2.0))


def test_a_folio_that_follows_each_pages_text_wherever_the_page_ends():
    # A filing converted from HTML: each page breaks where the source's page break falls, its text ends at
    # another height on every page (most of them high above the bottom margin), and the page's number,
    # centred, follows its last line 18 pt under it; an exhibit counts its pages anew.
    def pages(number: Callable[[int], str]) -> list[Page]:
        rng = random.Random(44)
        out = []
        for n in range(1, 13):
            lines = body(rng, top=60, bottom=[250, 420, 610, 330, 700, 280][n % 6])
            out.append(Page(n, W, H, (*lines, line(number(n), lines[-1].bottom + 18, x0=303, size=10))))
        return out
    folios = pages(lambda n: str(n if n <= 7 else n - 6))
    assert removed(folios) == {(p.number, p.lines[-1].text) for p in folios}
    assert {g.kind for g in detect(folios) if g.remove} == {"page-number"}
    # Figures there that do not count with the pages (a total under each page's table) are the text's.
    rng = random.Random(3)
    assert not removed(pages(lambda n: str(rng.randint(10, 99))))


def test_a_chart_slides_dates_set_sideways_do_not_turn_it():
    # A briefing's slides, two of them bar charts: the title and subtitle upright over the chart, its axis's
    # upright figures beside it under its title set sideways, and its dates set sideways under each bar,
    # more characters than all the upright text. The chart slides read upright: their titles, "... epidemic
    # - 1" and "... - 2", are no lines up the slides' margin.
    rng = random.Random(75)
    width, height = 960.0, 540.0
    pages = []
    for n in range(1, 11):
        if n in (3, 7):
            lines = [line(f"SA's SARS-CoV-2 epidemic - {n // 3}", 70, x0=137, size=30, x1=655),
                     line("Cumulative number of cases" if n == 3 else "Daily new cases", 110, x0=250, size=22),
                     *(line(str(rng.randint(1, 9) * 100 * k), 400 - 60 * k, x0=80, size=9) for k in range(5)),
                     Line("# COVID-19 cases", (54, 230, 66, 330), 9.0, "Arial", angle=90)]
            lines += [Line(f"{d:02d}-{'Mar' if n == 3 else 'Apr'}", (110 + 18 * d, 420, 118 + 18 * d, 455), 8.0,
                           "Arial", angle=90) for d in range(1, 31)]
        else:
            lines = [line(" ".join(rng.choice(WORDS) for _ in range(4)).title(), 70, x0=137, size=30, x1=655)]
            lines += [line(" ".join(rng.choice(WORDS) for _ in range(9)), 150 + 40 * k, x0=100, size=20, x1=860)
                      for k in range(6)]
        pages.append(Page(n, width, height, tuple(lines)))
    assert not any("epidemic" in t for t in texts_removed(pages))


def test_facing_pages_saved_as_one_sheet_with_one_number_each():
    # An annual report saved as spreads: each landscape sheet holds two pages, but only the left one's
    # number is printed (a photo runs across the right page's foot), so the numbers rise two a sheet.
    rng = random.Random(8)
    pages = []
    for p in range(1, 9):
        lines = [line(str(2 * p - 1), 760, x0=40, size=7), *body(rng, x0=60), *body(rng, x0=660)]
        pages.append(Page(number=p, width=1224.0, height=792.0, lines=tuple(lines)))
    assert removed(pages) == {(p, str(2 * p - 1)) for p in range(1, 9)}
    # The same numbers on pages as tall as they are wide count nothing.
    tall = [replace(page, width=612.0, lines=(page.lines[0], *body(rng, x0=60))) for page in pages]
    assert not removed(tall)
    # On slides, each numbered at its foot, figures that happen to rise two a slide on a few of them
    # (an exercise's answers at the foot of slides 4 to 6) are the slides'.
    slides = [Page(p, 960.0, 540.0, (line(str(p), 515, x0=900, size=9), *body(rng, top=60, bottom=420, x0=60),
                                     *([line(str(2 * p - 5), 470, x0=80, size=14)] if 4 <= p <= 6 else [])))
              for p in range(1, 11)]
    assert removed(slides) == {(p, str(p)) for p in range(1, 11)}


def test_beyond_the_crop_box_a_recurring_slug_goes_but_a_table_running_off_the_page_stays():
    extra = [[line("34524_ch05.indd 170", 820, x0=40, size=6), line(str(i), 750, x0=300)] for i in range(1, 5)]
    # On pages 2 and 3 a table's rows run past the left edge of the page, on the rows of the table's
    # visible part; on page 4 one line of a clipped picture sticks out once.
    for p in (1, 2):
        extra[p] += [line(f"{WORDS[p * 6 + k]} left part", 200 + 14 * k, x0=-300, x1=-40) for k in range(6)]
        extra[p] += [line(f"{WORDS[p * 6 + k]} right part", 200 + 14 * k, x0=80, x1=200) for k in range(6)]
    extra[3].append(line("FOR PEER REVIEW 5", -13, x0=44, size=7))
    got = texts_removed(pages_of(extra, top=300))
    assert "34524_ch05.indd 170" in got
    assert not {t for t in got if "part" in t or "REVIEW" in t}


def test_a_publisher_line_at_the_foot_of_the_first_page_but_not_a_footnote():
    doi = "Curr. Oncol. 2023, 30, 3079-3090. https://doi.org/10.3390/curroncol30030233"
    extra = [[line(doi, 776, x0=45, size=8)]] + [[line("Curr. Oncol. 2023, 30", 40, size=8),
                                                   line(str(3079 + i), 40, x0=520)]
                                                   for i in range(1, 8)]
    got = removed(pages_of(extra, bottom=700))
    assert (1, doi) in got
    # A footnote with a web address at the foot of the text on the first page is the text's: it ends the
    # text block as the text does on the other pages.
    note = "1 The code is at https://example.org/tool"
    pages = pages_of(extra, bottom=700)
    rng = random.Random(8)
    pages[0] = Page(number=1, width=W, height=H, lines=(*body(rng, bottom=660), line(note, 690, size=8)))
    assert (1, note) not in removed(pages)


def test_a_foot_set_higher_and_smaller_on_the_last_pages_is_still_the_foot():
    # A menu's foot sits at the bottom of its first pages; the last pages end higher and set the same
    # two lines smaller, under their shorter text. The same words at the edge are the same furniture; a
    # heading in the running head's words, set larger at the top of a page without the head, stays.
    rng = random.Random(46)
    foot = ["Prices do not include the service charge", "@ExampleBistro"]
    pages = []
    for n in range(1, 7):
        last = n > 4
        lines = [] if n == 1 else [line("Water Supply Policy", 40, x0=250)]
        if n == 1:
            lines.append(line("Water Supply Policy", 40, x0=200, size=16))
        text = body(rng, top=80, bottom=520 if last else 700)
        at, size = (580, 8.0) if last else (740, 10.0)
        lines += [line(t, at + k * (size + 2), x0=220, size=size) for k, t in enumerate(foot)]
        lines.append(line(f"Page {n} of 6", at + size + 2, x0=480, size=size))  # beside the foot's last line
        pages.append(Page(number=n, width=W, height=H, lines=tuple(lines + text)))
    got = removed(pages)
    assert {(n, t) for n in range(1, 7) for t in [*foot, f"Page {n} of 6"]} <= got
    assert (1, "Water Supply Policy") not in got
    # Not set apart from the text above it, the same words are the text's last lines.
    rng = random.Random(46)
    for n in (5, 6):
        text = body(rng, top=80, bottom=570)
        foot_lines = [line(t, 572 + k * 10, x0=220, size=8.0) for k, t in enumerate(foot)]
        pages[n - 1] = Page(number=n, width=W, height=H, lines=(line("Water Supply Policy", 40, x0=250),
                                                              *foot_lines, *text))
    assert not {(n, t) for n in (5, 6) for t in foot} & removed(pages)
    # Nor where the foot's lines stand nowhere: the name in a copyright block across the page from them.
    rng = random.Random(46)
    for n in (5, 6):
        text = body(rng, top=80, bottom=520)
        pages[n - 1] = Page(number=n, width=W, height=H, lines=(
            line("Water Supply Policy", 40, x0=250), *text, line(foot[1], 580, x0=420, size=8.0)))
    assert not {(n, foot[1]) for n in (5, 6)} & removed(pages)


def test_a_forms_foot_under_its_last_row_wherever_the_page_ends():
    # A form prints its name under the last row of each page, and the rows end at another height on every
    # page: the same words in small type at the page's foot, set apart, are its foot however far from the
    # edge. The same words in the text's own size are the text's (a closing line each page repeats).
    def pages(size: float) -> list[Page]:
        rng = random.Random(47)
        out = []
        for n, end in enumerate((700, 560, 640, 600, 680), 1):
            text = body(rng, top=80, bottom=end)
            name = "Form 1040-XY (2007)"
            out.append(Page(number=n, width=W, height=H, lines=(
                *text, line(name, end + 20, x0=560 - len(name) * size * 0.5, size=size))))
        return out
    assert {(n, "Form 1040-XY (2007)") for n in range(1, 6)} <= removed(pages(7.0))
    assert not {text for _, text in removed(pages(10.0))} & {"Form 1040-XY (2007)"}


def test_a_foot_of_four_rows_of_small_print_at_another_height_on_each_page_is_the_foot():
    # A central bank's press notice of two pages: under the text, in small print, its press office, the
    # address, the e-mail and a request to cite the source, four rows close together, 11 pt higher on the
    # second page than on the first. The same rows in the same words on every page, set apart from the
    # text, are its foot wherever the page puts them; two rows of it or four.
    rng = random.Random(67)
    foot = ["Deutsche Bundesbank, Kommunikation", "Wilhelm-Epstein-Strasse 14, 60431 Frankfurt am Main, Telefon 069 9566",
            "presse@example.de, www.example.de", "Bei publizistischer Verwertung wird um die Angabe der Quelle gebeten."]
    pages = []
    for n, low in ((1, 769.0), (2, 758.0)):
        lines = body(rng, top=120 if n == 1 else 60, bottom=560 if n == 1 else 420, x0=68)
        lines += [line(text, low - 11 * (3 - k), x0=68, size=7.5) for k, text in enumerate(foot)]
        pages.append(Page(n, 595.0, 842.0, tuple(lines)))
    assert {(n, text) for n in (1, 2) for text in foot} <= removed(pages)


def test_a_print_stamp_at_the_edge_even_once_and_a_one_page_reports_own_number():
    # A report printed from a database carries the date it was printed at its foot, on one page only; a
    # cover sheet, the date and time it was made at its head. A letter's date at the head of its page is
    # the letter's, and the same stamp inside the text is the text's.
    rng = random.Random(48)
    stamp, made, dated = "Printed on: 8/26/2019", "Document generated 6 Dec. 2023 14:03", "May 16, 2017"
    pages = []
    for n in range(1, 6):
        lines = body(rng, top=80, bottom=700)
        if n == 1:
            lines += [line(made, 30, size=7), line(dated, 50, x0=450)]
        if n == 3:
            lines.append(line(stamp, 760, size=7))
        if n == 4:
            lines.append(line(stamp, 701))  # the text's own last line, at its leading
        pages.append(Page(number=n, width=W, height=H, lines=tuple(lines)))
    got = removed(pages)
    assert {(1, made), (3, stamp)} <= got
    assert not {(1, dated), (4, stamp)} & got
    # A report of one page: its number alone in the corner under the stamp, which no numbering vouches for.
    rng = random.Random(49)
    one = Page(number=1, width=W, height=H, lines=(
        *body(rng, top=80, bottom=500), line(stamp, 759, x0=30, size=7), line("1", 770, x0=573, size=7)))
    assert removed([one]) == {(1, stamp), (1, "1")}
    other = Page(number=1, width=W, height=H, lines=(*body(rng, top=80, bottom=500), line("2", 770, x0=573, size=7)))
    assert removed([other]) == set()


def test_a_print_stamp_on_a_merged_reports_page_in_larger_type_with_its_count_of_pages():
    # A file merges an association's statements, in 7.5 pt, with a one-page report printed from its
    # accounts, in 9 pt, whose foot is the report's basis and the time it was run, in its own text's
    # size, and beside it "1/1", the report's count of its pages: both go. A figure in the report's
    # last row of amounts stays.
    rng = random.Random(57)
    pages = [Page(n, W, H, tuple(line(text.text, text.top, size=7.5) for text in body(rng, top=60, bottom=740)))
             for n in range(1, 4)]
    stamp = "Accrual Basis Tuesday, April 22, 2025 01:30 PM GMT-07:00"
    report = [line(f"{rng.choice(WORDS).title()} {rng.choice(WORDS)}", 80 + 17 * k, x0=30, size=9)
              for k in range(30)]
    report += [line(f"{rng.randint(100, 99999):,}.{rng.randint(10, 99)}", 80 + 17 * k, x0=550, size=9)
               for k in range(30)]
    pages.append(Page(4, W, H, (*report, line(stamp, 770, x0=180, size=9), line("1/1", 768, x0=585, size=9))))
    got = removed(pages)
    assert {(4, stamp), (4, "1/1")} <= got
    assert not {text for _, text in got} & {m.text for m in report}


def test_a_running_head_with_raised_signs_goes_whole():
    # A journal's head "Initiation of Na+/H+ Activity": the reader keeps the raised "+" signs (a "1" in
    # the font's own map) as lines of their own, higher than the head's baseline. They are marks in the
    # head's row (however high), no table's cells beside it: the head, its signs and the folio go; the
    # text's own raised marks stay.
    rng = random.Random(51)
    pages = []
    for n in range(1, 9):
        lines = [line(str(n + 244), 15.75, x0=512 if n % 2 == 0 else 19)]  # on the outer side
        if n % 2 == 0:
            head = line("Initiation of Na /H Antiporter Activity", 16.55, x0=19, size=9)
            lines += [head, line("1", 15.67, x0=86, size=5), line("1", 15.67, x0=102, size=5)]  # "+" in its font
        else:
            lines.append(line("Lane, Baltz, and Bavister", 16.55, x0=60, size=9))
        text = body(rng, top=50, bottom=700)
        lines += [*text, line("2", text[3].box[1] - 1.5, x0=text[3].box[0] + 40, size=5)]
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert {(n, t) for n in (2, 4, 6, 8) for t in ("Initiation of Na /H Antiporter Activity", "1")} <= got
    assert {(n, str(n + 244)) for n in range(1, 9)} <= got
    assert not {t for _, t in got} & {"2"}


def test_a_press_notice_s_place_and_date_over_its_count_of_two_pages():
    # A two-page press notice heads each page with its place, its date and "Seite N von 2", under the
    # notice's own title on the first page: the stack is the head; the title and the text are not.
    rng = random.Random(61)
    pages = []
    for n in (1, 2):
        top = 157.0 if n == 1 else 38.0
        head = [line("Frankfurt am Main", top, x0=400, size=11), line("31. August 2023", top + 13, x0=400, size=11),
                line(f"Seite {n} von 2", top + 26, x0=400, size=11)]
        title = [line("Pressenotiz", 126, x0=72, size=16)] if n == 1 else []
        pages.append(Page(n, W, H, (*title, *head, *body(rng, top=top + 70, bottom=700))))
    got = removed(pages)
    assert {(n, t) for n in (1, 2) for t in ("Frankfurt am Main", "31. August 2023", f"Seite {n} von 2")} <= got
    assert (1, "Pressenotiz") not in got and len(got) == 6


def test_a_letters_head_block_on_its_pages_of_a_file_that_holds_others():
    # A court filing holds a complaint and a bank's letter: the letter's head (its name set large, the
    # loan's number and the date under it) repeats on the letter's three pages of eight, set apart from
    # the text. Every row of it repeats: it is the letter's head, however few the pages. A block with a row
    # of words of its own on each page, on as few pages, is not known by its rows.
    def pages(own: bool) -> list[Page]:
        rng = random.Random(52)
        out = []
        for n in range(1, 9):
            lines = body(rng, top=120, bottom=700)
            if 5 <= n <= 7:
                date = ["Your first payment", "Your schedule of payments", "Our privacy notice"][n - 5] if own \
                    else "May 16, 2017"
                lines += [line("PERSONAL LOANS", 38, x0=470, size=14), line("LOAN#:500002938933", 58, x0=474),
                          line(date, 72, x0=522)]
            out.append(Page(n, W, H, tuple(lines)))
        return out
    block = {"PERSONAL LOANS", "LOAN#:500002938933", "May 16, 2017"}
    assert {(n, t) for n in (5, 6, 7) for t in block} <= removed(pages(False))
    assert not texts_removed(pages(True)) & {"PERSONAL LOANS", "LOAN#:500002938933"}


def _resolutions(tops: set[int], middles: set[int], seed: int) -> list[Page]:
    """A county's agenda packet of ten pages numbered at the foot, resolutions running on from page to
    page. Each opens with its title block (three centred rows, its item and number set right), a gap, the
    address in two lines run on as the text's are, a gap, then prose: at the top of the ``tops`` pages, in
    the middle of the ``middles`` pages, under the last one's end."""
    rng = random.Random(seed)
    pages = []
    for n in range(1, 11):
        lines: list[Line] = []
        if n in tops | middles:
            y = 60.0 if n in tops else 330.0
            if n in middles:
                lines += body(rng, top=60, bottom=300)
            for text, x0 in (("Lorem County", 270), ("Board of County Commissioners", 230),
                             ("245th Annual Session", 250), (f"Item {n}", 490), (f"Resolution No. 2025-01-{n:02d}", 420)):
                lines.append(line(text, y, x0=x0))
                y += 13.5
            y += 8.5
            lines += [line("To the Honorable Jane Doe, County Mayor and the Board of County Commissioners", y, x1=530),
                      line("Commissioners meeting in Regular Session this 16th day of January 2025.", y + 13.5, x1=400)]
            lines += body(rng, top=y + 35.5, bottom=700)
        else:
            lines += body(rng, top=60, bottom=700)
        lines.append(line(str(n), 750, x0=300, x1=305))
        pages.append(Page(n, W, H, tuple(lines)))
    return pages


def test_a_resolutions_title_that_opens_it_mid_page_on_most_pages_is_the_texts_at_the_top_too():
    # Each resolution of an agenda packet opens with its title block; on three pages it falls at the top,
    # set apart from the text as a letter's head is, on four in the middle of the page. Where a block
    # stands in the text on more pages than at the top, it opens a section of the text: all of it stays,
    # and only the folios go.
    assert texts_removed(_resolutions({2, 5, 8}, {3, 6, 9, 10}, 61)) == {str(n) for n in range(1, 11)}


def test_an_address_run_on_as_the_texts_lines_is_no_head_block():
    # The same packet with each resolution opening at the top of its page, as a file of letters opens
    # each with its head: the title block is the head of each, but the address under it, set apart by the
    # same gap and repeated word for word, is a paragraph of the text (its first line across the column,
    # the next run on from the same left).
    gone = removed(_resolutions({1, 4, 7, 10}, set(), 62))
    assert (4, "Lorem County") in gone and (4, "Resolution No. 2025-01-04") in gone
    assert not {text for _, text in gone} & {
        "To the Honorable Jane Doe, County Mayor and the Board of County Commissioners",
        "Commissioners meeting in Regular Session this 16th day of January 2025."}


def test_a_lists_column_headings_ruled_off_from_its_first_row_on_every_page_are_its_cells():
    # A cumulative list of notices in two columns of three, its column headings at the top of every page
    # over a rule, farther from the first row than a sheet's footer may stand from its last: each heading
    # starts a column of the rows under it, so they head the table; the folio at the foot is furniture.
    rng = random.Random(72)
    pages = []
    for n in range(1, 11):
        lines = [line("Chart No.", 40, x0=57, size=8), line("Notices to Mariners", 40, x0=139, size=8),
                 line("Chart No.", 40, x0=315, size=8), line("Notices to Mariners", 40, x0=397, size=8)]
        y = 70.0
        while y < 720:
            for x0 in (57, 315):
                lines += [line(str(rng.randint(100, 999)), y, x0=x0, size=8, x1=x0 + 12),
                          line(f"{rng.choice(['Jan.', 'May', 'Oct.'])} {rng.randint(2001, 2021)}", y, x0=x0 + 36,
                               size=8, x1=x0 + 69),
                          line(" ".join(str(rng.randint(10, 9999)) for _ in range(6)), y, x0=x0 + 82, size=8,
                               x1=x0 + 200)]
            y += 12.0
        lines.append(line(str(n), 760, x0=300, x1=305))
        pages.append(Page(n, W, H, tuple(lines)))
    assert texts_removed(pages) == {str(n) for n in range(1, 11)}


def test_a_tables_totals_ruled_off_under_its_last_row_on_every_page_close_the_table():
    # A statistics annex of landscape tables, one a page, the same regions down the side and the years
    # across, and under a rule its totals, "TOTAL ESTADO" and a figure under each column, at one height
    # on every page: the table's last row, not a footer, however far the rule sets it apart.
    rng = random.Random(74)
    width, height = 842.0, 595.0
    columns = [151 + 49 * k for k in range(12)]
    pages = []
    for n in range(1, 7):
        lines = [line(f"IMSERSO ANEXO {n}", 30, x0=38, size=8), line(f"Pag. {n}", 30, x0=760, size=8)]
        for r, region in enumerate(["ANDALUCIA", "ARAGON", "ASTURIAS", "BALEARES", "CANARIAS", "CANTABRIA",
                                    "CATALUNYA", "GALICIA", "MADRID", "MURCIA", "NAVARRA", "MELILLA"]):
            y = 90 + 26 * r
            lines += [line(region, y, x0=38, size=8), *(line(f"{rng.randint(100, 9999):,}".replace(",", "."), y,
                                                             x0=x, size=8, x1=x + 20) for x in columns)]
        lines += [line("TOTAL ESTADO", 420, x0=54, size=8),
                  *(line(f"{rng.randint(10000, 99999):,}".replace(",", "."), 420, x0=x - 3, size=8, x1=x + 20)
                    for x in columns)]
        pages.append(Page(n, width, height, tuple(lines)))
    got = texts_removed(pages)
    assert "TOTAL ESTADO" not in got and not any(t[0].isdigit() for t in got)
    assert {f"IMSERSO ANEXO {n}" for n in range(1, 7)} <= got


def test_a_reports_head_band_of_four_parts_over_a_title_set_large_is_its_head():
    # A two-page schedule printed from a report designer: "Page", "1 of 2", the title set large and the
    # date in one row, the time under the date beside the title, a band set apart from the table's
    # column headings under it. The band's own first row overlaps the second: the gap under the band
    # tells it from a table's row. The time, set larger than the table, is no heading: a time of day
    # heads nothing.
    rng = random.Random(73)
    pages = []
    for n in (1, 2):
        lines = [line("Page", 27, x0=23), line(f"{n} of 2", 27, x0=65), line("Sep 22, 2023", 27, x0=533),
                 line("League Schedule By", 27.5, x0=235, size=18), line("2:51 PM", 40.3, x0=555),
                 line("League Name: Hockey - Fall 2023", 56, x0=208, size=8.5)]
        y = 71.7
        lines += [line(t, y, x0=x, size=8.5) for t, x in (("Game Date", 18), ("Time", 92), ("Home Team", 255),
                                                          ("Away Team", 382), ("League", 502))]
        while (y := y + 16.5) < 740:
            lines += [line(f"Oct {rng.randint(1, 30)}, 2023", y, x0=18, size=8.5),
                      line(f"{rng.randint(9, 11)}:{rng.choice(['00', '30'])} PM", y, x0=92, size=8.5),
                      line(f"#{rng.randint(1, 12)}-Team {rng.choice(WORDS)}", y, x0=255, size=8.5),
                      line(f"#{rng.randint(1, 12)}-Team {rng.choice(WORDS)}", y, x0=382, size=8.5),
                      line("Hockey - Fall 2023", y, x0=502, size=8.5)]
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert {(n, text) for n in (1, 2) for text in ("Page", f"{n} of 2", "Sep 22, 2023", "2:51 PM")} <= got
    assert not {(p.number, ln.text) for p in pages for ln in p.lines if ln.top >= 71} & got


def test_a_codebooks_column_headings_on_both_sides_of_its_text_column_are_its_cells():
    # A codebook's table on every page: the column, the variable's name and its description, the headings
    # over them in one row under the survey's title. The descriptions' short lines make the text column,
    # so "Variable Description", centred over its wide column, lies beside it on the right, "Col" and
    # "Variable Name" on the left: one row across the page, the table's headings, not a side head.
    rng = random.Random(74)
    pages = []
    for n in range(1, 11):
        lines = [line("2000 Freshman Survey (Codebook)", 48, x0=321, size=8),
                 line("Col", 69, x0=51, size=8), line("Variable Name", 69, x0=112, size=8),
                 line("Variable Description", 69, x0=353, size=8)]
        y, col = 78.0, 10 * n
        while y < 720:
            lines += [line(str(col), y, x0=52, size=8, x1=60),
                      line(f"VAR{rng.randint(100, 999)}", y, x0=117, size=8, x1=150),
                      line(" ".join(rng.choice(WORDS) for _ in range(rng.randint(3, 6))), y, x0=195, size=8,
                           x1=rng.choice([290, 310, 335]))]
            col += 1
            for _ in range(rng.randint(0, 4)):
                y += 10
                lines.append(line(f"{rng.randint(1, 9)} = " + " ".join(rng.choice(WORDS) for _ in range(3)), y,
                                  x0=201, size=8, x1=280))
            y += 10
        lines.append(line(f"Page {n} of 10", 760, x0=280, size=8))
        pages.append(Page(n, W, H, tuple(lines)))
    assert texts_removed(pages) == {"2000 Freshman Survey (Codebook)"} | {f"Page {n} of 10" for n in range(1, 11)}


def test_a_row_label_that_ends_a_few_pages_at_one_height_and_stands_in_the_text_of_more_is_the_texts():
    # A data definition documents one analysis after another, each a table of labels and values that
    # ends with its "Documentation" row and the analysis's code. Where a page holds two analyses, the
    # second is cut after its documentation's first line, at the foot of the page, at one height on the
    # three pages that do so; on the other pages the label stands in the text, at other heights, the
    # analyses there alike in pairs. A running foot's words stand in the text once at most, as its heading.
    rng = random.Random(29)
    labels = ["Display", "AnalysisResult", "Analysis Parameter(s)", "Analysis Variable(s)", "Reason", "References"]

    def analysis(y: float, cut: bool) -> list[Line]:
        out = []
        for label in labels:
            out += [line(label, y, x0=76, size=9), line(" ".join(rng.choice(WORDS) for _ in range(8)), y, x0=204, size=9)]
            y += 23.0
        out.append(line("Documentation", y, x0=76, size=9))
        if cut:  # the same analysis each time
            return [*out, line("SAP Section 10.1.1 ANCOVA analysis of CHG for pairwise comparisons among", y, x0=204, size=9),
                    line("groups and adjusted means, using randomized treatment as class variable", y + 11, x0=204, size=9)]
        out += [line(f"SAP Section 10.1.{rng.randint(1, 9)} analysis of {rng.choice(WORDS)}", y, x0=204, size=9),
                line(f"groups and adjusted means by {rng.choice(WORDS)}", y + 11.0, x0=204, size=9),
                line("Statements", y + 41, x0=76, size=9)]
        return out + [line(f"proc glm {rng.choice(WORDS)};", y + 41 + 10 * k, x0=204, size=9) for k in range(3)]

    pages = []
    for n in range(1, 13):
        lines = [line(f"Table_14-3.{n:02d}", 92, x0=72, size=12)]
        if n in (3, 6, 9):
            lines += analysis(115.0, False) + analysis(115.0 + 23 * 6 + 104, True)
        else:
            lines += analysis(115.0 + 22.0 * ((n - 1) // 3), False)
        pages.append(Page(n, 792.0, 612.0, tuple(lines)))
    got = removed(pages)
    assert not {(n, text) for n, text in got if "Documentation" in text or "SAP Section" in text}


def test_a_web_address_at_the_foot_of_a_few_pages_is_no_label_for_being_the_head_of_the_others():
    # A data sheet prints its maker's web address in its head, wherever the head's other parts leave
    # room, and on three pages of figures at the foot instead. The head's copies of the address are no
    # text that holds the words, whatever is made of them: the foot's are furniture.
    rng = random.Random(61)
    pages = []
    for n in range(1, 15):
        odd = n % 2
        lines = [line("ADC081S021 SNAS308F - APRIL 2005", 30, x0=330 if odd else 72, x1=540 if odd else 282)]
        if n in (10, 11, 12):
            lines.append(line("www.example.com", 752, x0=72, x1=140))
        else:
            x0 = rng.choice([72, 190, 330, 472])  # where the head's other parts leave room
            lines.append(line("www.example.com", 44, x0=x0, x1=x0 + 68))
        lines += body(rng, top=80, bottom=700)
        lines.append(line(str(n), 766, x0=530 if odd else 72))
        pages.append(Page(n, W, H, tuple(lines)))
    foot = next(g for g in detect(pages) if g.text == "www.example.com" and any(page == 10 for page, _ in g.members))
    assert foot.remove and sorted(page for page, _ in foot.members) == [10, 11, 12]
    assert foot.reason.startswith("at the bottom of 3 of 14 pages")  # kept for a moment, not found again


def test_a_forms_long_table_headings_ruled_off_from_its_rows_on_a_few_pages_are_its_cells():
    # A benefits form runs its table of events over four of its twelve pages: two rows of spanning
    # headings, set apart from the column headings under them by a rule (a gap wider than the text's
    # leading), repeat at the top of each. The other pages' text starts higher: the block lies where the
    # pages have their text, and rows that repeat on a few pages there, over a row of many parts, are the
    # table's headings.
    rng = random.Random(71)
    pages = []
    for n in range(1, 13):
        if 8 <= n <= 11:
            lines = [line("Qualifying Events That Permit", 40, x0=100), line("Change Permitted", 44, x0=330),
                     line("Time Limits", 44, x0=480), line("Enrollment or Change", 52, x0=110),
                     line("From Not", 80, x0=290), line("From Self", 80, x0=350), line("From One", 80, x0=405),
                     line("When You Must File", 80, x0=460),
                     line("Code", 92, x0=40), line("Event", 92, x0=160)]
            lines += body(rng, top=120, bottom=740)
        else:
            lines = body(rng, top=30, bottom=740)
        lines.append(line(str(n), 760, x0=300, x1=310))
        pages.append(Page(n, W, H, tuple(lines)))
    assert texts_removed(pages) == {str(n) for n in range(1, 13)}
    # A data sheet's head block on its five pages of a twelve-page file, over its prose: where the
    # addenda's text starts as high, it is the data sheet's head all the same.
    pages = []
    for n in range(1, 13):
        if n <= 5:
            lines = [line("www.ti.com", 30, x0=40, size=8), line("ADC081S021", 30, x0=500, size=8),
                     line("SNAS308G - APRIL 2005 - REVISED MAY 2016", 40, x0=400, size=8),
                     *body(rng, top=70, bottom=720)]
        else:
            lines = body(rng, top=25, bottom=720)
        lines.append(line(str(n), 760, x0=300, x1=306))
        pages.append(Page(n, W, H, tuple(lines)))
    assert {(n, ln.text) for n in range(2, 6) for ln in pages[n - 1].lines[:3]} <= removed(pages)


def test_a_long_tables_two_row_headings_set_apart_at_the_top_of_each_page_are_content():
    # A status table printed from a word processor, landscape: its two rows of column headings stand at the
    # top of every page the table runs onto, a rule's width apart from its first row; on the first page
    # they stand under the document's title, where the table starts. The same rows start the table under
    # the text there: they are the table's, not the pages' head. Its foot goes.
    rng = random.Random(5)
    width, height = 792.0, 612.0
    heads = [("Bill", 66), ("Title", 155), ("Sponsor", 250), ("First", 312), ("Second", 350), ("Committee/", 395),
             ("Amended", 467), ("Report", 517), ("Concurrence", 566), ("Royal Assent", 629), ("In", 692)]
    unders = [("No.", 66), ("Reading", 312), ("Reading", 350), ("Reported", 395), ("Stage", 517),
              ("and Third", 566), ("Effect", 692)]
    pages, number = [], 1
    for n in range(1, 6):
        lines = []
        top = 80.0
        if n == 1:
            lines += [line("LEGISLATIVE ASSEMBLY", 40, x0=300, size=12), line("STATUS OF BILLS", 56, x0=320, size=12)]
            top = 100.0
        bold = [(t, x, top) for t, x in heads] + [(t, x, top + 9.7) for t, x in unders] \
            + [("Amend.", 517, top + 19.3), ("Reading", 566, top + 19.3)]
        lines += [replace(line(t, y, x0=x, size=8), font="Times-Bold") for t, x, y in bold]
        y = top + 44
        while y < 520:
            lines += [line(str(number), y, x0=62, size=8),
                      line(" ".join(rng.choice(WORDS) for _ in range(5)), y, x0=94, size=8, x1=228),
                      line(" ".join(rng.choice(WORDS) for _ in range(5)), y + 9.2, x0=94, size=8, x1=228),
                      line("Hon. Mr.", y, x0=242, size=8), line(rng.choice(WORDS).upper(), y + 9.2, x0=242, size=8),
                      line(f"Nov. {rng.randint(1, 28)},", y, x0=305, size=8), line("2019", y + 9.2, x0=305, size=8)]
            number += 1
            y += 28.4
        lines += [line("Bill Status 2019-2020", 568, x0=63, size=8), line(f"Page {n}", 568, x0=698, size=8)]
        pages.append(Page(n, width, height, tuple(lines)))
    assert texts_removed(pages) == {"Bill Status 2019-2020"} | {f"Page {n}" for n in range(1, 6)}


def test_pages_replaced_with_a_new_folio_style_keep_their_page_numbers():
    # A data sheet revised by replacing three of its twelve pages: the old pages close with "-2-" and a
    # revision mark, the new ones with "Rev. C | Page 3" set higher. On the pages the old folios leave out,
    # the new line names the very number the numbering gives each page: their page number, however few.
    rng = random.Random(11)
    pages = []
    for n in range(1, 13):
        lines = [line("AD654", 40, x0=520, size=14)] if n > 1 else []
        lines += body(rng, top=80, bottom=720)
        if n in (3, 11, 12):
            lines.append(line(f"Rev. C | Page {n}", 748, x0=280, size=7))
        elif n > 1:
            lines += [line(f"\u2013{n}\u2013", 763, x0=289, size=9), line("REV. C", 763, x0=526, size=9)]
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert {(n, f"Rev. C | Page {n}") for n in (3, 11, 12)} <= got
    assert {(n, f"\u2013{n}\u2013") for n in (2, *range(4, 11))} <= got


def test_a_printed_listings_date_left_in_the_margin_by_its_indented_code_is_the_pages_head():
    # A source file printed from a browser: the date in the top left corner and the file's long path in
    # the head, its address and "n/10" at the foot. Where a page's code is indented and starts right under
    # the head, the text column reaches up to the head's row and out to the code, and leaves the date in
    # the margin beside it: it is the head all the same, letter for letter where the other pages have it.
    rng = random.Random(17)
    width, height = 595.0, 841.0
    pages = []
    for n in range(1, 11):
        lines = [line("22/05/2020", 15.6, x0=26.4, size=8, x1=62.9),
                 line("/Users/someone/go/src/github.com/example/readers/pkg/readers/stream/reader_test.go", 15.6, x0=216, size=8, x1=445.7),
                 line("localhost:49203", 817.6, x0=26.4, size=8), line(f"{n}/10", 817.6, x0=554, size=8)]
        indented = n % 3 != 1
        y, k = 29.0 if indented else 45.0, 40 * n
        while y < 800:
            code = " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
            lines += [line(str(k), y, x0=39.5, size=10), line(code, y, x0=81 if indented else 60, size=10)]
            y += 13.2
            k += 1
        pages.append(Page(n, width, height, tuple(lines)))
    assert {(n, "22/05/2020") for n in range(1, 11)} <= removed(pages)


def test_a_folio_left_in_the_margin_at_the_end_of_its_footers_row_goes_with_the_row():
    # A data sheet closes each page with a row of three parts, its folio at the outer end, flush with the
    # text's edge, and a row of links under it. Where a page's long lines start further in (a page of
    # indented lists), the folio lies left of that page's text column, in its margin: it still stands in
    # the footer's row, at the foot, and goes with it.
    rng = random.Random(23)
    pages = []
    for n in range(1, 11):
        indent = 69.0 if n in (2, 4) else 54.0
        lines = [line("BQ24650", 41, x0=54, size=10), line("www.example.com", 55, x0=515, size=7)]
        y = 80.0
        while y < 725:
            lines.append(line(" ".join(rng.choice(WORDS) for _ in range(12)), y, x0=indent, x1=557.8))
            y += 12.0
        folio = line(str(n), 740.8, x0=54 if n % 2 == 0 else 553.5, size=8, x1=58.5 if n % 2 == 0 else 558.0)
        lines += [folio, line("Submit Documentation Feedback", 740.8, x0=84 if n % 2 == 0 else 409, size=8),
                  line("Copyright 2010-2020, Example Instruments Incorporated", 741.6,
                       x0=380 if n % 2 == 0 else 54, size=8, x1=557.8 if n % 2 == 0 else 231.4),
                  line("Product Folder Links: BQ24650", 755.8, x0=250, size=8)]
        pages.append(Page(n, 612.0, 792.0, tuple(lines)))
    got = removed(pages)
    assert {(n, str(n)) for n in range(1, 11)} <= got


def test_an_appendixs_folios_in_the_folios_place_under_a_stamp_that_numbers_every_page():
    # A protocol filed with a stamp under every page ("Page 5 of 24", counting from its second page): its
    # own folios stand over the stamp, "2", "3" ..., and on the last three pages, an appendix, "B-1",
    # "B-2", "B-3". However few, they stand where the others' folios stand: that page's number, not a
    # count of what the page shows, though the stamp numbers the page otherwise.
    rng = random.Random(29)
    pages = []
    for n in range(1, 25):
        lines = [line("Protocol EX-3b, v3.0", 40, x0=72, size=10), *body(rng, top=80, bottom=690)]
        folio = f"B-{n - 21}" if n > 21 else str(n)
        lines += [line(folio, 712, x0=296, size=10), line("CONFIDENTIAL", 770, x0=72, size=10)]
        if n > 1:
            lines.append(line(f"Page {n - 1} of 23", 770, x0=486, size=10))
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert {(n, f"B-{n - 21}") for n in (22, 23, 24)} <= got


def test_spanning_headings_over_sideways_column_headings_at_the_top_of_each_page_are_the_tables():
    # A census table in three languages runs over every page, under its caption, which the PDF marks as
    # a header: "Sex" over two of its columns and "Age" over three, each in three rows, one a language, and
    # in the same rows the column headings set sideways ("Male", "Female", the age groups). The spanning
    # headings repeat where a head block would stand, but in the height of the sideways headings' row:
    # they are the table's, as its other headings are.
    rng = random.Random(31)
    pages = []
    for n in range(1, 9):
        lines = [replace(line(t, y, x0=70, size=8), artifact="header")
                 for t, y in (("Vaguva A5 : Contd.", 37.2), ("Attavanai A5 : Contd.", 47.7), ("Table A5 : Contd.", 58.5))]
        lines += [line(t, y, x0=x, size=7) for y, pair in ((79.0, ("Linga", "Vayasa")), (86.5, ("Paal", "Vayathu")),
                                                            (94.0, ("Sex", "Age")))
                  for t, x in zip(pair, (216, 255), strict=True)]
        for text, x0 in [("Total number of persons", 200), ("Male", 215), ("Female", 230),
                         ("Less than 15 years", 245), ("15 - 59 Years", 260), ("60-64 Years", 275)]:
            lines.append(Line(text, (x0, 190 - 5 * len(text), x0 + 7, 190), 7.0, "Times-Roman", angle=90))
        y = 200.0
        while y < 760:
            place = rng.choice(["Colombo", "Gampaha", "Kalutara", "Kandy", "Matale"])
            lines.append(line(f"{place} Divisional Secretariat", y, x0=76, size=7, x1=165))
            for x0 in (197, 212, 227, 242, 257, 272):
                lines.append(line(str(rng.randint(10, 99)), y, x0=x0, size=7))
            y += 9.0
        lines.append(line(str(96 + n), 785, x0=294, size=8))
        pages.append(Page(n, 595.0, 842.0, tuple(lines)))
    got = removed(pages)
    assert not {text for _, text in got} & {"Linga", "Vayasa", "Paal", "Vayathu", "Sex", "Age"}
    assert {(n, str(96 + n)) for n in range(1, 9)} <= got


def test_a_slide_themes_navigation_sidebar_beside_every_frame_is_furniture():
    # A beamer theme with a sidebar: down the right of every frame, in 4 and 5 pt type, the talk's short
    # title and author, then its sections and their subsections, the current one set apart only by its
    # colour, so drawn letter for letter the same on every frame. Most of its lines lie as deep in the
    # page as the frame's text; the frame's own title and bullets are content.
    rng = random.Random(43)
    nav = ["Ziele und Inhalt", "Was ist Syntax?", "Syntax", "Natursprachen", "Syntax von",
           "Programmiersprachen", "Was ist Semantik?", "Semantik", "Natursprachen", "Semantik von",
           "Programmiersprachen", "Zusammenfassung"]
    pages = []
    for n in range(1, 13):
        lines = [line("Syntax versus Semantik", 8.4, x0=317, size=5), line("Till Tantau", 25.5, x0=320, size=5)]
        lines += [line(text, 87.5 + 10.5 * k, x0=309 if k % 3 == 0 else 311, size=5 if k % 3 == 0 else 4)
                  for k, text in enumerate(nav)]
        lines.append(line(" ".join(rng.choice(WORDS) for _ in range(4)).capitalize() + ".", 30, x0=10, size=11))
        y = 60.0
        while y < 240:
            lines.append(line("\u2022 " + " ".join(rng.choice(WORDS) for _ in range(7)), y, x0=14, size=10, x1=265))
            y += 13.5
        lines.append(line(f"1.{n}", 264.4, x0=351, size=4))
        pages.append(Page(n, 362.8, 272.1, tuple(lines)))
    got = removed(pages)
    assert {(n, text) for n in range(1, 13) for text in nav} <= got
    assert all(text in {"Syntax versus Semantik", "Till Tantau", *nav} or text.startswith("1.") for _, text in got)


def test_a_thesis_s_title_pages_that_repeat_the_university_s_block_at_their_foot_are_content():
    # Cover, title page and jury page each set the university's block at their foot, in the text's size,
    # and little else: everything on them is content, however alike. The numbered pages that follow have
    # their folios, which are furniture.
    rng = random.Random(63)
    block = ["PONTIFICAL UNIVERSITY OF EXAMPLE", "FACULTY OF POLITICAL SCIENCE", "DEPARTMENT OF POLITICAL SCIENCE",
             "FACULTY OF COMMUNICATION", "DEPARTMENT OF SOCIAL COMMUNICATION", "EXAMPLE CITY", "2019"]
    pages = []
    for n in range(1, 16):
        if n <= 3:
            # (Each page sets the title its own way: pages that only add to the one before are one slide's
            # states, never repeated text.)
            title = ["THE SAFETY OF COMMUNITY LEADERS", "THE SAFETY OF LEADERS: AN ANALYSIS", "LEADERS AT RISK"][n - 1]
            lines = [line(title, 90, x0=120), *(line(t, 200 + 40 * k, x0=220) for k, t in
                                                 enumerate(["A. STUDENT", "ADVISER: B. PROFESSOR"][:n - 1]))]
            lines += [line(t, 640 + 13.5 * k, x0=306 - len(t) * 2.5) for k, t in enumerate(block)]
        else:
            lines = [*body(rng, top=72, bottom=700), line(str(n - 3), 750, x0=303)]
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert not {t for p, t in got if p <= 3}
    assert {(n, str(n - 3)) for n in range(4, 16)} <= got


def test_a_footer_mark_at_the_top_of_the_page_names_no_footer():
    # A deck's pages each hold the slide and, at the right, its speaker's notes, which the producer marks
    # as a footer, as it does the deck's real footer. The notes, a text of their own on each page at the
    # top, are content; the footer at the foot is furniture.
    def mark(text: str, top: float, x0: float, kind: str) -> Line:
        return Line(text, (x0, top, x0 + len(text) * 4.5, top + 9.0), 9.0, "Helvetica", artifact=kind)
    rng = random.Random(60)
    pages = []
    for n in range(1, 9):
        slide = [Line(f"Slide title {rng.choice(WORDS)} {n}", (40.0, 40.0, 300.0, 64.0), 24.0, "Helvetica")]
        slide += [Line(" ".join(rng.choice(WORDS) for _ in range(6)), (40.0, 100.0 + 30 * k, 400.0, 118.0 + 30 * k),
                       18.0, "Helvetica") for k in range(5)]
        notes = [mark(" ".join(rng.choice(WORDS) for _ in range(9)) + f" {n}.{k}", 40.0 + 12 * k, 520.0, "footer")
                 for k in range(3)]
        foot = [mark("Example Talk at the Example Conference", 450.0, 40.0, "footer")]
        pages.append(Page(n, 960.0, 480.0, (*slide, *notes, *foot)))
    got = removed(pages)
    assert {(n, "Example Talk at the Example Conference") for n in range(1, 9)} <= got
    assert not {t for _, t in got if t != "Example Talk at the Example Conference"}


def test_footnotes_a_word_processor_tags_as_the_pages_footer_are_the_text():
    # A release from a word processor whose author typed the notes to the page's figures into the page
    # footer: the PDF marks them as the footer, as it marks the running head and the notice under them.
    # Each starts at the text's left edge with its mark, the lines under it continue it: the text's own.
    # The notice, marked the same on every page and no footnote, is furniture.
    def marked(text: str, top: float, size: float, kind: str, x0: float = 72.0) -> Line:
        return Line(text, (x0, top, x0 + len(text) * size * 0.5, top + size), size, "Arial", artifact=kind)
    rng = random.Random(61)
    notes = {2: [marked("\u00b9 Estimated as of 12/06/2022 on the committee's planning model for the district", 704, 8, "footer"),
                 marked("network, at similar load and the same supply; results may vary.", 714, 8, "footer"),
                 marked("\u00b2 Measured between the annual review and the tender, by the service staff.", 724, 8, "footer")],
             5: [marked("1", 712, 5, "footer"), marked("Not meaningful.", 713, 8, "footer", x0=75.0),
                 marked("Full reconciliations of the budget are provided below.", 723, 8, "footer")]}
    notice = "Registered office: 1 Quay Street, Harbour Town"
    pages = [Page(n, W, H, (marked(f"Company/Page {n}", 40, 10, "header"), *body(rng, top=72, bottom=690),
                            *notes.get(n, []), marked(notice, 760, 7, "footer")))
             for n in range(1, 9)]
    got = removed(pages)
    assert {(n, f"Company/Page {n}") for n in range(1, 9)} | {(n, notice) for n in range(1, 9)} <= got
    assert not {(n, note.text) for n, page in notes.items() for note in page} & got


def test_a_letterhead_the_pdf_marks_as_furniture_is_the_first_pages_head():
    # A decision typeset as a letter: the first page's header holds the letterhead (the office's name in
    # two rows at the right, its name and city at the left, out in the margin), the others a foot of
    # "Page N" and the file number only. The PDF marks the letterhead as artifacts, one line as
    # pagination: furniture, though nothing repeats it. The same lines unmarked may be the decision's
    # own title block; the title under them is the text's either way.
    def mark(text: str, top: float, x0: float, kind: str) -> Line:
        return replace(line(text, top, x0=x0), artifact=kind)
    rng = random.Random(62)
    head = [mark("Comptroller General", 70, 456, "pagination"), mark("of the United States", 81, 460, "artifact"),
            mark("General Accounting Office", 94, 40, "artifact"), mark("Washington, DC 20548", 105, 40, "artifact")]
    title = line("Decision", 148, x0=112, size=24)

    def pages(letterhead: list[Line]) -> list[Page]:
        out = [Page(1, W, H, (*letterhead, title, *body(rng, top=200, x0=112)))]
        for n in range(2, 5):
            out.append(Page(n, W, H, (*body(rng, top=92, x0=112), mark(f"Page {n}", 746, 112, "pagination"),
                                      mark("B-292600", 746, 504, "pagination"))))
        return out
    got = removed(pages(head))
    assert {(1, m.text) for m in head} <= got
    assert (1, "Decision") not in got
    assert not {(1, m.text) for m in head} & removed(pages([replace(m, artifact="") for m in head]))


def test_lines_marked_as_the_found_furniture_is_are_furniture_too():
    # A workbook printed sheet by sheet: each page's header is its sheet's name, centred, set larger than
    # the cells, its footer "Page N". The PDF marks both alike with a bare /Artifact and nothing else so:
    # every sheet name is furniture, the one over seven pages and those over one. A cell that holds a
    # sheet's name is the table's.
    def mark(text: str, top: float, x0: float, size: float = 12.0) -> Line:
        return replace(line(text, top, x0=x0, size=size), artifact="artifact")
    rng = random.Random(63)
    sheets = ["word"] * 7 + ["definition", "type", "type", "root", "name", "books"]
    pages = []
    for n, sheet in enumerate(sheets, 1):
        cells = [line("word" if n == 8 and k == 0 else str(rng.randint(1, 999)), 79 + 12.7 * k, x0=108)
                 for k in range(54)]
        cells += [line(" ".join(rng.choice(WORDS) for _ in range(2)), 79 + 12.7 * k, x0=313) for k in range(54)]
        pages.append(Page(n, W, H, (mark(sheet, 58, 300 - 3 * len(sheet)), *cells, mark(f"Page {n}", 773, 281))))
    got = removed(pages)
    assert {(n, sheet) for n, sheet in enumerate(sheets, 1)} <= got
    assert {(n, f"Page {n}") for n in range(1, len(sheets) + 1)} <= got
    assert not {t for _, t in got if t not in set(sheets) and not t.startswith("Page ")}
    assert sum(1 for n, t in got if t == "word") == 7  # the cell on the eighth page is kept


def test_a_footnote_the_text_refers_to_is_the_texts_though_it_cites_a_web_address():
    # A word processor's first page: its text refers to a note with a raised "1"; the note under the text
    # sets its mark as large as its words, beside a web address; the page's number is under it, at the
    # foot of every page. The note's "1" is no second number for the first page, nor the note a publisher's
    # line: both are the text's.
    rng = random.Random(64)
    pages = []
    for n in range(1, 6):
        lines = body(rng, top=72, bottom=620)
        if n == 1:
            lines += [line("1", 604.5, x0=240, size=6.4),
                      line("1", 709.5, x0=72), line("See https://www.example.org/ to download this free suite.", 709.5, x0=89)]
        pages.append(Page(n, W, H, (*lines, line(str(n), 736, x0=552, size=12))))
    got = removed(pages)
    assert got == {(n, str(n)) for n in range(1, 6)}


def test_a_head_of_the_left_hand_pages_is_a_heading_on_a_right_hand_opener():
    # A service manual: the left-hand (even) pages carry "Chapter Three" at the top right, the right-hand
    # pages the chapter's title at the top left. The chapter opens on a right-hand page with "Chapter
    # Three" centred lower down, over its title set larger: that is the opener's heading, not the head
    # moved; the heads on the other pages are furniture.
    rng = random.Random(65)
    pages = [Page(1, W, H, (line("Chapter Three", 62, x0=234, size=24), line("BATTERY PACK", 177, x0=179, size=36),
                            *body(rng, top=250), line("3-1", 26, x0=542, size=12)))]
    for n in range(2, 13):
        head = line("Chapter Three", 14, x0=388, size=24) if n % 2 == 0 else line("BATTERY PACK", 14, x0=56, size=24)
        folio = line(f"3-{n}", 24, x0=55 if n % 2 == 0 else 542, size=12)
        pages.append(Page(n, W, H, (head, folio, *body(rng, top=90))))
    got = removed(pages)
    assert (1, "Chapter Three") not in got
    assert {(n, "Chapter Three") for n in range(2, 13, 2)} | {(n, "BATTERY PACK") for n in range(3, 13, 2)} <= got


def test_a_page_number_under_a_foot_set_higher_moves_with_it():
    # A listing after a cover: its foot (the document's number, its date and revision, then "Page N", the
    # count one behind the sheets) stands at one height on most pages and higher or lower on the first two,
    # where the table ends elsewhere: the foot's words and the number under them are furniture there too.
    rng = random.Random(66)
    pages = []
    for n in range(1, 9):
        y = {2: 711.0, 3: 739.0}.get(n, 725.0)
        foot = [line("DOCUMENT #: SL4R522MCAP", y, x0=402), line("ISSUE DATE: FEB 5, 2024", y + 11.5, x0=424),
                line("REVISION: 11", y + 23, x0=480), line(f"Page {n - 1}", y + 34.5, x0=290)]
        pages.append(Page(n, W, H, (*body(rng, top=118, bottom=690), *(foot if n > 1 else []))))
    got = removed(pages)
    assert {(n, f"Page {n - 1}") for n in range(2, 9)} <= got
    assert {(n, "REVISION: 11") for n in range(2, 9)} <= got


def test_heads_that_change_on_every_page_marked_as_the_feet_are_furniture_but_on_a_cover():
    # An annual report's excerpt: each page's head names its part and item, "PART I" over "ITEM 1A RISK
    # FACTORS", and changes as they do; the foot holds the report's name and the folio. The PDF marks heads
    # and feet alike, a bare /Artifact, and nothing of the text. The heads are furniture, in the block
    # though they are (nothing repeats them); the cover's ISBN, marked the same, is the cover's.
    def mark(text: str, top: float, x0: float, size: float = 8.0) -> Line:
        return replace(line(text, top, x0=x0, size=size), artifact="artifact")
    rng = random.Random(73)
    items = ["ITEM 1A RISK FACTORS", "ITEM 1B UNRESOLVED STAFF COMMENTS", "ITEM 2 PROPERTIES",
             "ITEM 3 LEGAL PROCEEDINGS", "ITEM 4 MINE SAFETY DISCLOSURES", "ITEM 5 MARKET FOR COMMON EQUITY"]
    cover = Page(1, W, H, (line("Annual Report", 200, x0=150, size=40), line("2022", 260, x0=250, size=24),
                           mark("ISSN 2214-3742", 700, x0=400)))
    pages = [cover]
    for n, item in enumerate(items, 2):
        part = "PART I" if n < 6 else "PART II"
        pages.append(Page(n, W, H, (mark(part, 27, 55), mark(item, 38, 55), *body(rng, top=85, bottom=700, x0=42),
                                    mark("EXAMPLE INC. | ANNUAL REPORT", 748, 64, size=7), mark(str(n + 16), 748, 35))))
    got = removed(pages)
    assert {(n, item) for n, item in enumerate(items, 2)} <= got
    assert (1, "ISSN 2214-3742") not in got


def test_a_plots_axis_title_beside_its_numbers_set_flush_right_is_the_plots():
    # A report made with R prints three plots, each on its own page over the code that drew it, each with
    # its axis title up the left side beside its scale: "400", "800", "1200" in 9 pt, set flush right,
    # the title in 11 pt. The title is the plot's, though it stands in the same place on the three pages.
    rng = random.Random(74)
    pages = []
    for n in range(1, 10):
        if n in (3, 5, 7):
            lines = [line(str(v), 297 - 69.5 * k, x0=110.5 - 5 * len(str(v)), x1=110.5, size=9)
                     for k, v in enumerate((400, 800, 1200))]
            lines += [line(str(v), 368.3, x0=214 + 106 * k, size=9) for k, v in enumerate((40, 60, 80))]
            lines += [line(f"Mean humidity {n} (%)", 379.3, x0=269, size=11),
                      Line("Trips per day", (76.6, 185.7, 87.6, 273.6), 11.0, "Helvetica", angle=90),
                      line(f"Trips against humidity on weekdays, plot {n}", 76.4, x0=115.5, size=13)]
            lines += [line(f"ggplot(data = trips, aes(x{n}, y{k})) + geom_point(size = {k})", 411.9 + 12 * k, x0=92)
                      for k in range(7)]
        else:
            lines = body(rng, top=72, bottom=700, x0=92)
        pages.append(Page(n, W, H, (*lines, line(str(n), 742, x0=301))))
    assert removed(pages) == {(n, str(n)) for n in range(1, 10)}


def test_past_a_download_cover_the_next_pages_licence_foot_is_the_first_pages():
    # A conference paper as a publisher's site serves it: a cover of a few lines first, then the paper,
    # whose first page carries the licence and the publisher's line at its foot, in small type, once.
    rng = random.Random(53)
    cover = [line("Conference Series: Earth and Environmental Science", 38, x0=39, size=12),
             line("A comprehensive supplement made from germinated wheat", 136, x0=39, size=16),
             line("View the article online for updates and enhancements.", 233, x0=39, size=8)]
    licence = ["Content from this work may be used under the terms of the Creative Commons Attribution 3.0",
               "licence. Any further distribution of this work must maintain attribution to the author(s) and DOI.",
               "Published under licence by IOP Publishing Ltd"]
    pages = [Page(1, W, H, tuple(cover))]
    for n in range(2, 10):
        lines = body(rng, top=72, bottom=680)
        if n == 2:
            lines += [line(text, 715 + 9 * k, size=7) for k, text in enumerate(licence)]
        pages.append(Page(n, W, H, (*lines, line(str(n - 1), 750, x0=300))))
    got = removed(pages)
    assert {(2, text) for text in licence} <= got
    assert not {text for page, text in got if page == 1}


def test_a_licence_paragraph_at_the_foot_of_the_first_pages_text_whose_last_row_names_nothing():
    # An open-access article's first page ends, in the text block where the other pages' text runs down
    # to, with its correspondence notes and under them, set apart, its licence: a paragraph whose first
    # row has the copyright and the second the licence's address; its last row only ends the sentence.
    rng = random.Random(47)
    notes = [line("* Correspondence: author@hospital.example", 660, size=7.5),
             line("1 Project Officer, Health Directorate, Accra, Ghana", 669, size=7.5)]
    licence = [line("© 2014 Agyeman-Duah et al.; licensee Example Central Ltd. This is an open access article", 689,
                    x0=180, size=7),
               line("distributed under the Creative Commons Attribution License (http://creativecommons.org)", 697,
                    x0=180, size=7),
               line("which permits unrestricted use, provided the original work is properly cited.", 705, x0=180,
                    size=7)]
    pages = [Page(n, W, H, (*body(rng, top=90, bottom=600 if n == 1 else 712), *((*notes, *licence) if n == 1 else ()),
                            line(f"Page {n} of 6", 40, x0=480, size=8)))
             for n in range(1, 7)]
    got = removed(pages)
    assert {(1, text.text) for text in licence} <= got
    assert not {(1, text.text) for text in notes} & got


def test_a_forms_page_filled_in_again_for_each_person_is_the_forms():
    # An application repeats its page of questions for each person in the household: the same rows at the
    # top, set apart from the questions, and the same questions under them, lower down on every other
    # page, where an answer took more room. Its rows repeat only because the page does. The form's foot
    # and its page numbers go. Where one person's page has notes of its own under the questions, the rows
    # are shown on two pages, that one and the page the others copy: still no head block of the form.
    questions = ["5. Social Security number", "6. Marital status  F Married  F Never married  F Divorced",
                 "7. Is this person a U.S. citizen?  F Yes  F No", "8. Does this person have income?  F Yes  F No",
                 "9. Mother's maiden name", "10. Place of birth (county, city, state)",
                 "11. Is this person pregnant?  F Yes  F No", "12. Does this person attend school?  F Yes  F No"]
    head = ["1. Name (first, middle initial, last; birth name, if different; any other names used)",
            "2. Date of birth", "3. Relationship to you"]
    foot = "DHS-1171 (Rev. 10-16) Previous edition obsolete."

    def form(count: int, own: int | None, text_top: float) -> list[Page]:
        rng = random.Random(49)
        pages = []
        for n in range(1, count + 1):
            lines = [line(foot, 760, x0=23, size=7), line(f"{n}", 760, x0=578, size=7)]
            if 5 <= n <= 9:
                shift = 0 if own else 12 * (n % 2)
                lines += [line(f"Answer for person {n - 3}. Check all boxes that apply.", 27.5, x0=183, size=11),
                          line(head[0], 43.5, x0=29), line(head[1], 43.5, x0=400), line(head[2], 55.5, x0=29)]
                lines += [line(text, 82 + shift + 18 * k, x0=29) for k, text in enumerate(questions)]
                lines += body(rng, top=250, bottom=738, x0=29) if n == own else \
                    [line(f"{13 + k}. {text}", 250 + shift + 18 * k, x0=29) for k, text in enumerate(questions * 3)]
            else:
                lines += body(rng, top=text_top, bottom=738, x0=29)
            pages.append(Page(n, W, H, tuple(lines)))
        return pages

    # The other pages' text starts under the form's rows, or over them.
    for pages in (form(16, None, 40), form(21, 8, 14)):
        got = removed(pages)
        assert {(n, text) for n in range(1, len(pages) + 1) for text in (foot, str(n))} <= got
        assert not {text for _, text in got} & {*head, *questions}
        assert not any(text.startswith("Answer for person") for _, text in got)


def test_a_book_s_copyright_under_a_chapter_s_first_page_but_not_a_footnote():
    # A book prints its copyright in small type under each chapter's first page, below where the text of
    # the other pages ends; a footnote at the foot of another page starts with its mark and stays.
    rng = random.Random(45)
    rights = ["Quantification and Uncertainty in Analytical Sciences: A Companion,",
              "First Edition. A. Author and B. Author.", "© 2024 Example Press GmbH. Published 2024 by Example Press"]
    note = "1 The data are at doi:10.1000/example.2024.1 and in the supplement."
    pages = []
    for n in range(1, 9):
        lines = [line(str(n + 21), 40, x0=520 if n % 2 else 72)]
        if n != 4:
            lines.append(line("1 Quantification" if n < 4 else "2 Calibration", 40, x0=250))
        text = body(rng, top=80, bottom=620 if n in (4, 6) else 640)
        if n == 4:
            text += [line(t, 640 + 10 * k, x0=72, size=8) for k, t in enumerate(rights)]
        if n == 6:
            text.append(line(note, 640, x0=72, size=8))
        pages.append(Page(n, W, H, (*lines, *text)))
    got = removed(pages)
    assert {(4, t) for t in rights} <= got
    assert (6, note) not in got


def test_a_running_head_of_four_parts_around_its_folio_is_no_tables_row():
    # A literate program's running head: the section's mark and the program's name on one side, the
    # section's title and the page's number on the other, each pair close together, set apart from the
    # text over every page. A row of four parts in the text's size looks like a table's, and a head of
    # two places, not spread out, is no head of parts far apart; the folio counting in it says what it is.
    rng = random.Random(47)
    titles = ["PARAMETERS", "PARAMETERS", "PROCESSING", "PATTERNS", "PATTERNS", "OUTPUT", "OUTPUT", "INDEX"]
    pages = []
    for n, title in enumerate(titles, 1):
        width = len(title) * 4
        if n % 2:
            head = [line(f"x{3 * n}", 24, x0=72, x1=81, size=10), line("VLNA", 25.6, x0=98, x1=123, size=8),
                    line(title, 25.6, x0=518 - width, x1=518, size=8), line(str(n), 24, x0=535, x1=540, size=10)]
        else:
            head = [line(str(n), 24, x0=72, x1=77, size=10), line(title, 25.6, x0=94, x1=94 + width, size=8),
                    line("VLNA", 25.6, x0=484, x1=509, size=8), line(f"x{3 * n}", 24, x0=526, x1=540, size=10)]
        pages.append(Page(n, W, H, (*head, *body(rng, top=45.6, bottom=700))))
    got = removed(pages)
    assert {(n, str(n)) for n in range(1, 9)} <= got


def test_a_footnote_whose_mark_is_drawn_apart_is_still_a_footnote():
    # A report's footnote at the foot of a page: its number raised and drawn as a line of its own, then
    # the reference with its DOI, in small type under the text. The mark and its words make one footnote.
    rng = random.Random(46)
    pages = []
    for n in range(1, 9):
        lines = [line(f"- {n} -", 760, x0=290, size=8.5), *body(rng, top=80, bottom=640 if n == 5 else 700)]
        if n == 5:
            lines += [Line("22", (72, 725.8, 78, 732.3), 6.5, "Times-Roman"),
                      Line("Lippeveld T. Routine health information systems: creating a use culture. Glob Health",
                           (78, 728, 460, 736.5), 8.5, "Times-Roman"),
                      Line("Sci Pract. 2017;5(3):338-340 (https://doi.org/10.9745/GHSP-D-17-00319).",
                           (72, 739.6, 360, 748.1), 8.5, "Times-Roman")]
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert {(n, f"- {n} -") for n in range(1, 9)} == got


def test_an_articles_own_citation_under_its_first_page_after_a_cover_sheet():
    # An archive puts a cover sheet before the article; the article's first page prints its own citation
    # (volume and range of pages) in small type under an abstract set small too.
    rng = random.Random(50)
    cite = "Example Review, vol. 28 no 2, 2019, p. 83-108."
    cover = Page(1, W, H, (line("Document made for the archive", 30, size=7), *body(rng, top=100, bottom=400)))
    first = Page(2, W, H, (*body(rng, top=80, bottom=500),
                           *(line(" ".join(rng.choice(WORDS) for _ in range(12)), 520 + 10 * k, x1=532, size=8)
                             for k in range(12)), line(cite, 760, size=6)))
    rest = [Page(n, W, H, (line(str(n + 81), 40, x0=520), line("Example Review, 2020", 40, x0=250),
                           *body(rng, top=80, bottom=700))) for n in range(3, 9)]
    got = removed([cover, first, *rest])
    assert (2, cite) in got
    assert not {t for p, t in got if p == 2} - {cite}


def test_a_rights_notice_at_the_foot_of_the_first_page():
    # A journal's notice, its copyright sign a glyph without a character map: it says what it is in words.
    # The last page's text runs down past it (a column that ends lower): its words say what it is.
    notice = "c(cid:2) The Author 2022. Published by Example University Press. All rights reserved."
    rng = random.Random(40)
    pages = [Page(1, W, H, (*body(rng, bottom=700), line(notice, 711, x0=72, size=7)))]
    pages += [Page(n, W, H, (line("Short Article Title", 40, size=8), line(str(n), 40, x0=520),
                             *body(rng, bottom=750 if n == 7 else 700))) for n in range(2, 8)]
    assert (1, notice) in removed(pages)


def test_a_journal_s_doi_and_copyright_under_the_first_column_of_its_first_page():
    # Two columns; on the first page the left one ends in a footnote and, under it, the article's DOI and
    # the publisher's copyright, where the other pages' text runs down to: they name the publication, the
    # footnote over them is the text's.
    def columns(rng: random.Random, bottom: float, left_bottom: float | None = None) -> list[Line]:
        out = []
        for x0, end in ((42.0, left_bottom or bottom), (311.0, bottom)):
            y = 80.0
            while y < end:
                text = " ".join(rng.choice(WORDS) for _ in range(6)) + f" {rng.randint(10, 999)}"
                out.append(Line(text, (x0, y, x0 + 250, y + 8), 8.0, "Times-Roman"))
                y += 10.5
        return out

    rng = random.Random(41)
    note = "Corresponding author. E-mail address: someone@example.org"
    doi, rights = "http://dx.doi.org/10.1016/j.example.2015.01.021", "0927-0248/© 2015 Example B.V. All rights reserved."
    first = [*columns(rng, 705, left_bottom=680), Line(note, (42, 690, 292, 696.4), 6.4, "Times-Roman"),
             Line(doi, (42, 722.8, 180, 729.2), 6.4, "Times-Roman"), Line(rights, (42, 731.4, 199, 737.8), 6.4, "Times-Roman")]
    pages = [Page(1, 595.0, 794.0, tuple(first))]
    pages += [Page(n, 595.0, 794.0, (Line("A. Author et al. / Example Journal 137 (2015) 1-5", (150, 40, 440, 47), 7.0,
                                          "Times-Roman"), Line(str(n), (550, 40, 555, 47), 7.0, "Times-Roman"),
                                     *columns(rng, 746))) for n in range(2, 7)]
    got = removed(pages)
    assert {(1, doi), (1, rights)} <= got
    assert (1, note) not in got
    # A title page's notice alone at its foot, far under its text, is the title page's.
    notice = "© 2015, 2017 Free Software Foundation"
    title = [Line(" ".join(rng.choice(WORDS) for _ in range(8)), (150, 300 + 12.0 * k, 440, 308 + 12.0 * k), 8.0,
                  "Times-Roman") for k in range(12)]
    pages[0] = Page(1, 595.0, 794.0, (*title, Line(notice, (400, 731.4, 540, 737.8), 6.4, "Times-Roman")))
    assert (1, notice) not in removed(pages)


def test_a_web_address_set_large_over_most_pages_is_the_journal_s_masthead():
    # A journal's web address over the text at the top right of every page but the first (where its logo
    # stands), set larger than the text: no heading, which never is a web address.
    extra = [[line("An article's title over its abstract", 60, x0=72, size=18)]]
    extra += [[line("www.example.com/scientificjournal", 15, x0=382, size=13)] for _ in range(4)]
    got = removed(pages_of(extra))
    assert got == {(n, "www.example.com/scientificjournal") for n in range(2, 6)}


def test_a_table_set_sideways_under_an_upright_head_keeps_the_page_upright():
    # A page whose text runs mostly up it (a long table turned a quarter) under the head and over the folio
    # that the other pages have, printed upright in the same places: they are that page's head and folio.
    rng = random.Random(39)
    pages = []
    for n in range(1, 7):
        if n == 4:
            text = [Line(text=" ".join(rng.choice(WORDS) for _ in range(14)), box=(90 + 14 * k, 100, 100 + 14 * k, 700),
                         size=10, font="Times-Roman", angle=90) for k in range(30)]
        else:
            text = body(rng)
        pages.append(Page(n, W, H, (line("Short Article Title", 40, size=8), *text, line(str(n), 750, x0=300))))
    got = removed(pages)
    assert {(4, "Short Article Title"), (4, "4")} <= got
    assert not any(page == 4 and text not in ("Short Article Title", "4") for page, text in got)
    # The table's title, upright, set tight over its first column: its box overlaps the sideways lines by a
    # point or two, its middle lies over them.
    title = line("Table 1: Notifiable diseases reported by district", 92)
    pages[3] = replace(pages[3], lines=(*pages[3].lines, title))
    got = removed(pages)
    assert {(4, "Short Article Title"), (4, "4")} <= got and (4, title.text) not in got


def test_a_download_notices_sentence_under_a_covers_text_but_not_the_texts_last_line():
    # A publisher's download cover: a few lines, and at its foot, in small type, the sentence saying who
    # downloaded it and when. A notice's filing line that ends the text of its last page, a date and a
    # time in as many words, lies in the text block: the text's.
    rng = random.Random(47)
    notice = "This content was downloaded from IP address 112.133.244.33 on 31/08/2021 at 06:37"
    filed = "[FR Doc. 2022-02753 Filed: 2/9/2022 8:45 am; Publication Date: 2/10/2022]"
    cover = [line("Conference Series: Earth and Environmental Science", 38, x0=39, size=12),
             line("A comprehensive supplement made from germinated wheat", 136, x0=39, size=16),
             line("To cite this article: V V Kazina et al 2021", 187, x0=39, size=8),
             line(notice, 705, x0=144, size=8)]  # where the other pages' text runs
    pages = [Page(1, W, H, tuple(cover))]
    for n in range(2, 9):
        lines = body(rng, top=72, bottom=700 if n < 8 else 400)
        if n == 8:
            lines.append(line(filed, 430))
        pages.append(Page(n, W, H, (*lines, line(str(n), 750, x0=300))))
    got = removed(pages)
    assert (1, notice) in got
    assert (8, filed) not in got


def test_an_archive_stamp_up_the_left_margin_of_the_first_page():
    stamp = "arXiv:2004.04906v3 [cs.CL] 30 Sep 2020"
    extra = [[line(stamp, 260, x0=16, size=20, angle=90, x1=36)]] + [[line(str(i), 750, x0=300)] for i in range(2, 9)]
    extra[0].append(line(str(1), 750, x0=300))
    # A rotated label inside the text (a table's turned column heading) is no stamp.
    extra[3].append(line("Totals per district", 300, x0=320, size=9, angle=90, x1=329))
    got = removed(pages_of(extra))
    assert (1, stamp) in got and (4, "Totals per district") not in got


def test_a_cover_s_title_up_its_spine_is_the_cover_s():
    # A book's cover sets its title large across the page and again up its spine, and little else: on a
    # cover, that is content. (The archive's stamp above stands beside a first page of text.)
    rng = random.Random(67)
    spine = "MENTAL HEALTH: A Call for Action by World Health Ministers"
    cover = (line("MENTAL HEALTH", 200, x0=150, size=28), line("A Call for Action", 250, x0=150, size=20),
             line(spine, 150, x0=16, size=14, angle=90, x1=32), line("World Health Organization", 700, x0=150),
             *(line(" ".join(rng.choice(WORDS) for _ in range(9)), 400 + 14 * k, x0=150) for k in range(6)))
    pages = [Page(1, W, H, cover)] + [Page(n, W, H, (*body(rng), line(str(n), 750, x0=300))) for n in range(2, 9)]
    got = removed(pages)
    assert not {t for p, t in got if p == 1}
    assert {(n, str(n)) for n in range(2, 9)} <= got


def test_a_binding_strip_of_two_columns_up_the_left_margin():
    # An exam's first sheets: a notice up the outer edge and field labels beside it, each label once;
    # the notice lies between the labels and the edge, and is a stamp itself, so the labels are too.
    extra = [[line(str(i), 750, x0=300)] for i in range(1, 9)]
    for p, label in ((1, "Candidate name"), (4, "Seat number")):
        extra[p] += [line("Bound here, do not seal", 200, x0=15, size=12, angle=90, x1=27),
                     line(label, 400, x0=41, size=14, angle=90, x1=55)]
    got = removed(pages_of(extra))
    assert {(2, "Bound here, do not seal"), (2, "Candidate name"), (5, "Seat number")} <= got


def test_a_folio_with_a_figure_drawn_beyond_it_to_the_edge():
    # On two pages a figure (a page of another document) reaches past the folio to the page's foot: the
    # number still counts with the pages in its place, so it is the folio; the figure's text is not.
    extra = [[line(f"{i + 101}", 750, x0=520, size=9)] for i in range(8)]
    for p in (2, 3):
        extra[p].append(line(f"Figure {p}: the draft's own last line", 770, x0=72, size=9))
    got = removed(pages_of(extra))
    assert {(3, "103"), (4, "104")} <= got
    assert not {text for _, text in got if text.startswith("Figure")}


def test_a_stamp_above_a_footer_row_that_also_holds_a_changing_name():
    # The foot row holds the footer and, beside it, the name of each page's session; above it, apart from
    # the text, a presenter's stamp. That name is not yet known to be furniture when the edge is walked,
    # but its row lies wholly below the text block, so the stamp is reached through it.
    extra = [[line("Acme Corp - Confidential", 770, x0=300, size=9),
              line(f"{WORDS[i].title()} session", 770, x0=72, size=9),
              line("Presented by J. Smith", 735, x0=72, size=9)] for i in range(6)]
    got = removed(pages_of(extra, bottom=690))
    assert {(p, "Presented by J. Smith") for p in range(1, 7)} <= got


def test_front_matter_numbered_in_roman_where_the_body_has_its_folios():
    # Two front-matter pages numbered iii and iv at the foot, where the chapter openers have their
    # folios; the body's pages have theirs in the head. Another numbering, in the folio's very place.
    extra = [[], [], [line("iii", 750, x0=300)], [line("iv", 750, x0=300)], [line("1", 750, x0=300)]]
    extra += [[line(f"{n} Field Methods in Practice", 40, size=10)] for n in range(2, 9)]
    extra.append([line("9", 750, x0=300)])
    got = removed(pages_of(extra, top=120))
    assert {(3, "iii"), (4, "iv"), (5, "1"), (13, "9")} <= got


def test_a_long_footer_with_its_page_counter():
    # Eighteen words with "Pag. N di 6" at the end: still a footer whose number counts with the pages.
    foot = ("Key information document for the insurance-based investment product - Protected Plan - Global Dividends"
            " - Pag. {} di 6")
    extra = [[line(foot.format(i), 770, x0=60, size=7)] for i in range(1, 7)]
    assert {(p, foot.format(p)) for p in range(1, 7)} <= removed(pages_of(extra))


def test_a_bullet_that_starts_the_text_of_several_pages_is_content():
    # Each page's text opens with a list item whose bullet is a line of its own, in the same spot.
    extra = [[line("\u2022", 100, x0=72, size=10), line(str(i), 750, x0=300)] for i in range(1, 9)]
    got = removed(pages_of(extra, x0=84))
    assert (5, "5") in got and not {text for _, text in got if text == "\u2022"}


def test_a_table_heading_cell_past_the_text_column_is_content():
    # A wide table's heading row on every page; its last cell lies right of the text column, where
    # margin text would be, but it shares its row with the other cells.
    heads = [("Name", 72), ("Street", 150), ("City", 230), ("Employer", 310), ("Date", 400), ("Amount", 545)]
    extra = [[line(text, 302.5, x0=x, size=9) for text, x in heads] + [line(str(i), 750, x0=300)] for i in range(1, 7)]
    got = removed(pages_of(extra))
    assert (3, "3") in got and not {text for _, text in got if text == "Amount"}


def test_a_lone_folio_at_the_foot_of_a_chapter_opener():
    # The other pages carry the folio in the head; the chapter opener has it at the foot.
    extra = [[line(f"{i} Field Methods in Practice", 40, size=9)] for i in range(2, 9)]
    extra.insert(0, [line("1", 760, x0=300, size=9)])
    got = removed(pages_of(extra, top=120))
    assert (1, "1") in got


def test_a_chapters_number_set_large_over_its_opener_is_no_folio_that_fits():
    # A chapter opens on page 1 with its number set large at the top, in the outermost row but inside the
    # text block, where the other pages' text begins; the number fits the numbering of their folios,
    # which stand in their outermost row. Set large, with the opener's own folio at its foot or without
    # one, the chapter's number is a heading; set as small as the folios, it is no second folio of a page
    # whose folio is at its foot.
    for size, foot in ((50, True), (50, False), (9, True)):
        rng = random.Random(16)
        opener = [line("1", 100, x0=104, size=size), *([line("1", 760, x0=300, size=9)] if foot else []),
                  *body(rng, top=170)]
        pages = [Page(1, W, H, tuple(opener))]
        for n in range(2, 9):
            head = [line(str(n), 40, x0=72, size=9), line("Field Methods in Practice", 40, x0=250, size=9)]
            pages.append(Page(n, W, H, tuple(head + body(rng, top=60))))
        tops = [pages[0].lines[index].box[1] for group in detect(pages) if group.remove
                for page, index in group.members if page == 1]
        assert tops == ([760] if foot else [])


def test_what_the_pdf_marks_as_a_header_is_furniture_even_when_large():
    rng = random.Random(6)
    items = []
    for i in range(1, 7):
        head = Line(text="Quarterly Review", box=(72.0, 30.0, 272.0, 48.0), size=18.0, font="Helvetica",
                    artifact="header")
        items.append(Page(number=i, width=W, height=H, lines=(head, *body(rng))))
    group = next(g for g in detect(items) if g.text == "Quarterly Review")
    assert group.remove and "marked as a page header in the PDF" in group.reason


def test_a_running_head_set_large_and_apart_over_every_page_is_furniture():
    # A designer's guide sets its title larger than the text at the head of every page, a rule's width
    # above the text: a running head. The same title set as close over the text as its lines are to each
    # other, on every page, heads that text (a long table's title over its rows).
    def pages(gap: float) -> list[Page]:
        rng = random.Random(62)
        title = "REVIEW AND RATIONALE OF THE STANDARD"
        return [Page(n, W, H, (line(title, 30, x0=200, size=14), *body(rng, top=44 + gap, bottom=700),
                               line(f"II-{n}", 750, x0=72))) for n in range(1, 9)]
    assert {(n, "REVIEW AND RATIONALE OF THE STANDARD") for n in range(1, 9)} <= removed(pages(34))
    assert "REVIEW AND RATIONALE OF THE STANDARD" not in texts_removed(pages(3.5))


def test_small_print_letter_for_letter_in_one_place_on_every_page_is_furniture_wherever_it_stands():
    # A newsletter's column of editors and addresses in 5 pt, the same on every page, beside the first
    # rows of its text and over the rest: no edge is near it, but nothing of the text is that small and
    # that constant. (A footnote's mark, "1" in small print on every page, has no words: see above.)
    rng = random.Random(64)
    sidebar = ["Editors: Dr. A. Varga and Prof. B. Oslo", "Authors: The HPC Team", "-> A. Varga, B. Oslo (Managers)",
               "-> C. Diaz, D. Petrov (Engineers)", "hpc-team@uni.example"]
    pages = [Page(n, W, H, (line("HPC Newsletter", 30, x0=250, size=30),
                            *(line(t, 110 + 6 * k, x0=36, size=5) for k, t in enumerate(sidebar)),
                            *body(rng, top=110, bottom=160, x0=200), *body(rng, top=200, bottom=700, x0=36),
                            line(str(n), 750, x0=300))) for n in range(1, 9)]
    assert {(n, t) for n in range(1, 9) for t in sidebar} <= removed(pages)


def test_a_filing_stamp_set_larger_than_a_transcripts_text_that_names_its_page_is_furniture():
    # A court's filing stamp over a deposition's pages, in 12 pt over text in 10: a sentence of ten words,
    # larger than the text, that names its page among the filing's.
    rng = random.Random(66)
    pages = [Page(n, W, H, (line(f"Case 3:19-cv-04593-LB Document 79-8 Filed 03/26/21 Page {n} of 8", 13, x0=112,
                                 size=12), *body(rng, top=54, bottom=700)))
             for n in range(1, 9)]
    assert removed(pages) == {(n, f"Case 3:19-cv-04593-LB Document 79-8 Filed 03/26/21 Page {n} of 8")
                              for n in range(1, 9)}


def test_a_masthead_set_large_and_apart_over_every_page_but_the_cover_and_the_back_is_furniture():
    # A club's newsletter sets its name large over every page between its cover (the name in its own
    # title block) and its back page (the club's addresses): a running head all the same.
    rng = random.Random(63)
    pages = [Page(1, W, H, (line("BioBytes", 120, x0=150, size=40), line("Issue 7, Spring", 180, x0=150, size=16),
                            *body(rng, top=300, bottom=700)))]
    pages += [Page(n, W, H, (line("NEWSLETTER", 30, x0=400, size=20), *body(rng, top=90, bottom=700)))
              for n in range(2, 9)]
    pages.append(Page(9, W, H, tuple(body(rng, top=400, bottom=600))))
    assert removed(pages) == {(n, "NEWSLETTER") for n in range(2, 9)}


def test_a_running_head_set_large_over_most_pages_but_the_front_matter_is_furniture():
    # An operation manual sets its title larger than the text at the head of its chapters' pages, set apart
    # from the text; its cover, contents and front matter (the first four pages) have none, and one page of
    # an appendix opens with its own heading instead: on most pages, not every one, a running head still.
    rng = random.Random(70)
    head = "Bus Analyzer Operation Manual"
    pages = [Page(n, W, H, (line(f"Section {n}", 120, x0=72, size=14), *body(rng, top=160, bottom=700)))
             for n in range(1, 5)]
    pages += [Page(n, W, H, ((line("Appendix A: Pin-outs", 40, x0=72, size=14) if n == 12 else line(head, 40, x0=250, size=12)),
                             *body(rng, top=80, bottom=700), line(f"Page {n - 4}", 750, x0=280)))
              for n in range(5, 17)]
    got = removed(pages)
    assert {(n, head) for n in range(5, 17) if n != 12} <= got
    assert not any(text.startswith(("Section", "Appendix")) or text.startswith(tuple(WORDS)) for _, text in got)


def test_a_makers_name_set_large_over_each_pages_larger_heading_is_the_running_head():
    # A manual prints its maker's name in 18 pt at the head of every page, set apart; under it most pages
    # open a section with a heading set larger still, each page its own; the others go on with the text,
    # which starts as close under the name as a heading's text would. Those headings are the pages', not
    # the next lines of a title block: the name is the running head.
    rng = random.Random(41)
    pages = []
    for n in range(1, 13):
        lines = [line("brandywine communications", 36, x0=72, size=18)]
        if n % 4:
            lines.append(line(f"{rng.choice(WORDS).upper()} {rng.choice(WORDS).upper()}", 100, size=20))
        lines += body(rng, top=140 if n % 4 else 58, bottom=680)
        lines.append(line(f"{n}", 760, x0=540))
        pages.append(Page(n, W, H, tuple(lines)))
    assert {(n, "brandywine communications") for n in range(1, 13)} <= removed(pages)


def test_a_part_number_set_large_over_each_pages_section_heading_is_the_running_head():
    # A data sheet sets its part number in 36 pt at the head of every page, each page's section heading in
    # 14 pt under it, set apart; and a report generator's title in 25 pt over flowing text, then over a
    # table whose column headings are set nearly as large. Both are running heads, whatever is set large
    # under them.
    rng = random.Random(75)
    sections = ["ABSOLUTE MAXIMUM RATINGS", "ACOUSTIC AND ELECTRICAL SPECIFICATIONS", "TIMING DIAGRAM",
                "FREQUENCY RESPONSE CURVE", "RELIABILITY", "PACKAGING DETAILS"]
    sheet = [Page(n, W, H, (line("SPM1423HM4H-B", 41, x0=200, size=36), line(f"{n}. {sections[n - 1]}", 100, size=14),
                            *body(rng, top=130, bottom=700), line(f"Sheet {n} of 6", 760, x0=480)))
             for n in range(1, 7)]
    assert {(n, "SPM1423HM4H-B") for n in range(1, 7)} <= removed(sheet)
    report = []
    for n in range(1, 5):
        under = body(rng, top=90, bottom=700) if n <= 2 else [
            line("Column A", 92, x0=72, size=24), line("Column B", 92, x0=250, size=24),
            line("Column C", 92, x0=430, size=24),
            *(line(f"{word} {rng.randint(10, 999)}", 122 + 16 * k, x0=x, size=12)
              for k in range(30) for x, word in ((72, "It"), (250, "Rules"), (430, "Cell")))]
        report.append(Page(n, W, H, (line("Here's the report's header", 40, x0=72, size=25), *under,
                                     line("And the report's footer", 760, x0=72, size=12))))
    assert {(n, "Here's the report's header") for n in range(1, 5)} <= removed(report)


def test_a_title_centred_over_tables_of_changing_width_is_content():
    # A spreadsheet's merged title cell moves with each sheet's table; a running head keeps its place.
    extra = [[line("PRIMARY ELECTION, AUGUST 7, 2018", 40, x0=100 + 60 * i, size=10),
              line(f"{i + 1} of 6", 750, x0=300)]
             for i in range(6)]
    got = texts_removed(pages_of(extra))
    assert "PRIMARY ELECTION, AUGUST 7, 2018" not in got and "1 of 6" in got


def test_a_photo_credit_set_up_the_side_of_a_picture_in_the_margin_is_content():
    # A textbook's margin photo with its credit running up beside it, on several pages; the same credit
    # text without a picture next to it would be a stamp in the margin.
    rng = random.Random(9)
    items = []
    for i in range(1, 5):
        credit = line("© Cengage Learning", 300, x0=560, size=6, angle=90, x1=566)
        items.append(Page(number=i, width=W, height=H, lines=(credit, line(str(i), 750, x0=300), *body(rng)),
                          pictures=((480.0, 280.0, 558.0, 400.0),)))
    assert "© Cengage Learning" not in texts_removed(items)
    bare = [Page(number=p.number, width=W, height=H, lines=p.lines) for p in items]
    assert "© Cengage Learning" in texts_removed(bare)


def test_a_stamp_up_the_margin_of_a_scanned_page_is_furniture():
    # A scanned article's OCR text lies over the page's own image, which covers the whole page: a download
    # stamp running up its margin runs along the page's edge, not along a photo.
    rng = random.Random(9)
    stamp = "Downloaded from https://academic.example.org/article/13/1/59 by a reader on 11 April 2024"
    scans = [Page(number=i, width=W, height=H, pictures=((0.0, -0.6, W + 0.9, H),),
                  lines=(line(stamp, 160, x0=586, size=8, angle=270, x1=594), line(str(i), 750, x0=300),
                         *body(rng)))
             for i in range(1, 6)]
    assert stamp in texts_removed(scans)


def test_a_footer_misread_on_each_page_of_a_scan_is_one_footer():
    # OCR reads the same two-line footer of a scanned manual a little differently on each page.
    rng = random.Random(4)
    rights = ["Copyright Lexipol, LLC 2018/01/29, All Rights Reserved.",
              "Copyright Leaipol, LLC 2018/01128, All Rights Reserved.",
              "Copyright Lexol, LLC 2418!01129, A[ Rights Reserved.",
              "Copyright Lexlpol, LLC 2018/01/29. All Rights Reserved.",
              "Copyright Lexlpoó LLC 2018/01/29, All Rights Reserved.",
              "Copyright Lexlpol, LLC 201ß!01t29, Al Rights Reserved."]
    published = ["Published with permission by Pleasanton Police Department",
                 "Published with permission by Pleasanton Police Deportment",
                 "Published Oh permission by Pleasanton Police Depertrrbnt",
                 "Published with permission by Pleasanton Rolfe Department",
                 "Published with permission by Pleasanton Police Department",
                 "Published with permlssion by Pleasanton Police Department"]
    scans = [Page(number=i + 1, width=W, height=H, pictures=((0.0, 0.0, W, H),),
                  lines=(*body(rng, bottom=700), line(first, 735 + (i % 2) * 0.8, x0=82, size=6.5),
                         line(second, 743 + (i % 2) * 0.8, x0=82, size=6.5)))
             for i, (first, second) in enumerate(zip(rights, published, strict=True))]
    assert set(rights) | set(published) <= texts_removed(scans)


def test_text_running_on_close_over_a_footer_in_smaller_type_is_not_the_footers():
    # Minutes in 12 pt end each page 5 pt over a footer block in 8 pt: closer than a gap that sets furniture
    # apart, but the type changes there and the text block begins. The last lines of the text stay.
    rng = random.Random(6)
    pages = []
    for n in range(1, 9):
        lines, y, k = [], 74.0, 0
        while y <= 694.4 - 13.8 * (n % 3):
            text = " ".join(rng.choice(WORDS) for _ in range(11)) + f" {rng.randint(100, 9999)}"
            lines.append(line(text, y, x0=72, size=12, x1=543))
            k += 1
            y += 13.8 + (13.8 if k % (3 + n % 2) == 0 else 0)  # a paragraph's gap every few lines
        lines.append(line(f"{WORDS[n]} closes the paragraph.", 694.4, x0=72, size=12, x1=300))
        lines += [line("Regular Meeting", 711.4, x0=72, size=8), line("Alameda City Council", 720.6, x0=72, size=8),
                  line(str(n), 721.1, x0=302.6, size=12, x1=309.3), line("January 3, 2017", 729.8, x0=72, size=8)]
        pages.append(Page(n, W, H, tuple(lines)))
    footer = {"Regular Meeting", "Alameda City Council", "January 3, 2017"} | {str(n) for n in range(1, 9)}
    assert texts_removed(pages) == footer


def test_a_reason_counts_the_pages_its_group_ends_up_on():
    # On two pages other text sits between the header and the page's edge, so a later pass takes those
    # pages off the group: its reason must count the pages the group is on, not those it was found on.
    extra = [[line("Quarterly Report 2026", 40, x0=72, size=9), line(str(i), 750, x0=300)] for i in range(1, 9)]
    for p in (2, 5):
        extra[p].append(line(f"{WORDS[p]} stamped above the head", 22, x0=72, size=9))
    group = next(g for g in detect(pages_of(extra)) if g.text == "Quarterly Report 2026")
    assert group.pages == (1, 2, 4, 5, 7, 8)
    assert "at the top of 6 of 8 pages" in group.reason


# -- the settings, the passes and the package -------------------------------------------------------------


def test_a_header_on_only_some_pages_is_kept_when_the_minimum_run_is_raised():
    # A header on the first three of six pages: a run long enough by default; with a longer minimum run
    # it must have other running heads sharing its place, and has none. Proves the settings are read.
    extra = [[line("Draft for consultation", 40, size=9)] * (i < 3) + [line(str(i + 1), 750, x0=300)]
             for i in range(6)]
    pages = pages_of(extra)
    assert {(p, "Draft for consultation") for p in (1, 2, 3)} <= removed(pages)
    stricter = replace(DEFAULT_SETTINGS, min_run=4)
    head = next(g for g in detect(pages, settings=stricter) if g.text == "Draft for consultation")
    assert not head.remove and "no other running head shares its place" in head.reason
    assert {str(i) for i in range(1, 7)} == {text for _, text in removed_with(pages, stricter)}
    # report_for takes the settings to the detector
    assert report_for("draft.pdf", pages, settings=stricter).groups == detect(pages, settings=stricter)
    assert DEFAULT_SETTINGS.min_run == 3  # replace made a new Settings: the defaults are untouched


def test_analyze_takes_the_settings_to_the_detector(monkeypatch):
    monkeypatch.chdir(REPO)
    strict = replace(DEFAULT_SETTINGS, min_run=10, support_pages=10)
    report = analyze("site/sample.pdf", settings=strict)
    assert report.groups == detect(report.pages, settings=strict)
    # The running head needs a run of min_run pages, or support_pages of support: under strict settings its
    # repetition no longer decides it. (It is furniture still: it names the title, set large on page 1.)
    why = {g.text: g.reason for g in analyze("site/sample.pdf").groups}, {g.text: g.reason for g in report.groups}
    assert why[0]["Annual Report 2025"].startswith("at the top of 5 of 6 pages")
    assert why[1]["Annual Report 2025"].startswith("names a heading of the document")


def test_every_setting_is_read_by_the_detector():
    # No dead thresholds: each field of Settings is read somewhere in the package, as ``<name>.field``.
    sources = "\n".join(path.read_text(encoding="utf-8") for path in DETECT.glob("*.py") if path.name != "settings.py")
    unread = [f.name for f in fields(Settings) if not re.search(rf"\.{f.name}\b", sources)]
    assert not unread


def test_the_passes_change_nothing_they_are_given(monkeypatch):
    # Context in, groups out: a pass returns what it found or revised and the driver puts it in.
    def checked(step):
        def run(ctx):
            before = [(id(g), repr(g)) for g in ctx.groups], repr(ctx.layouts)
            out = step.run(ctx)
            assert ([(id(g), repr(g)) for g in ctx.groups], repr(ctx.layouts)) == before, step.name
            return out
        return replace(step, run=run)

    monkeypatch.setattr(detect_package, "PASSES", tuple(checked(step) for step in detect_package.PASSES))
    sections = ["Scope", "Scope", "Terms", "Terms", "Roles", "Budget", "Budget", "Risks", "Audit", "Audit"]
    extra = [[line(title, 40, x0=72, size=9), line(str(i + 1), 750, x0=300), line(f"Printed 2026-01-{i + 10}", 750,
                                                                                   x0=450, size=7)]
             for i, title in enumerate(sections)]
    assert {"Roles", "Risks", "1"} <= texts_removed(pages_of(extra))


def test_each_group_records_the_pass_that_decided_it():
    n = 8
    pages = pages_of([[line("Annual Report 2025", 40, x0=400), line(f"Page {i} of {n}", 750, x0=280)]
                      for i in range(1, n + 1)])
    analysis = detect_package._analyse(pages, DEFAULT_SETTINGS)
    by = {g.text: name for g, name in zip(analysis.groups, analysis.decided_by, strict=True)}
    assert by == {"Annual Report 2025": "judge", "Page 1 of 8": "page-numbers"}
    assert set(analysis.decided_by) <= {step.name for step in detect_package.PASSES}


@pytest.mark.parametrize("name", ["pagefurniture.detect", *sorted(f"pagefurniture.detect.{m.name}"
                                                                  for m in pkgutil.iter_modules([str(DETECT)]))])
def test_the_examples_in_the_detector_docstrings_run(name, monkeypatch):
    monkeypatch.chdir(REPO)
    module = importlib.import_module(name)
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test, out=out.write)
    assert runner.failures == 0, out.getvalue()


def removed_with(pages: list[Page], settings: Settings) -> set[tuple[int, str]]:
    return {(page, pages[page - 1].lines[index].text)
            for group in detect(pages, settings=settings) if group.remove for page, index in group.members}


def test_a_preprint_note_and_its_date_at_the_foot_of_the_first_page_of_a_short_paper():
    # Four pages: the first page's foot holds "Preprint submitted to ..." and the date on one row, below
    # where the text ends on the other pages. One page alone must not stretch the text block down to it.
    rng = random.Random(4)
    pages = [Page(1, W, H, (*body(rng, top=120, bottom=700), line("Preprint submitted to Elsevier", 730, x0=40, size=8),
                            line("June 8, 2018", 730, x0=500, size=8)))]
    pages += [Page(n, W, H, (*body(rng, top=60, bottom=700), line(str(n), 750, x0=300))) for n in (2, 3, 4)]
    got = removed(pages)
    assert {(1, "Preprint submitted to Elsevier"), (1, "June 8, 2018")} <= got
    assert not any(page == 1 and text.startswith(tuple(WORDS)) for page, text in got)
    # The same lines where the text ends on the other pages too (a footnote) are the text's.
    pages = [Page(p.number, W, H, tuple(ln for ln in p.lines if ln.top < 705)) for p in pages]
    pages[0] = Page(1, W, H, (*pages[0].lines, line("Preprint submitted to Elsevier", 690, x0=40, size=8)))
    assert (1, "Preprint submitted to Elsevier") not in removed(pages)


def test_a_number_that_counts_with_the_pages_where_the_text_runs_on_other_pages_is_a_heading():
    # Chapter openers set "CHAPTER N" low on the page, where the text runs on every other page, and drop
    # the head; the chapters are one page long, so N counts with the pages. The folio at the top of the
    # other pages is a page number. The heading is in the text's size: only where it lies tells it from a
    # folio.
    rng = random.Random(6)

    def book(folio_on_openers: bool) -> list[Page]:
        pages = []
        for n in range(1, 13):
            folio = line(str(n + 10), 40, x0=530)
            if n % 3 == 1:
                lines = ((folio,) if folio_on_openers else ()) + (line(f"CHAPTER {n}", 140, x0=440),
                                                                  *body(rng, top=200))
            else:
                lines = (folio, *body(rng, top=74))
            pages.append(Page(n, W, H, lines))
        return pages

    pages = book(False)
    assert {str(n + 10) for n in range(1, 13) if n % 3 != 1} == texts_removed(pages)
    chapter = next(g for g in detect(pages) if g.text == "CHAPTER 1")
    assert not chapter.remove and "where the text runs" in chapter.reason
    # With the folio on the openers too, the page has its number in another row: the heading counts what
    # the pages show, and is kept all the same.
    pages = book(True)
    assert {str(n + 10) for n in range(1, 13)} == texts_removed(pages)


def test_a_bare_pagination_mark_supports_but_does_not_decide():
    # A long table's title and column headings repeat at the top of its text on every page, marked
    # /Artifact /Pagination (no /Header subtype), joined to the rows below; the running head above them,
    # marked the same way, is set apart. The mark makes neither decision: the place does.
    def marked(text: str, top: float, x0: float, size: float = 10.0) -> Line:
        return Line(text, (x0, top, x0 + len(text) * size * 0.5, top + size), size, "Times-Roman", artifact="pagination")

    rng = random.Random(11)
    pages = []
    for n in range(1, 9):
        heads = [marked("Regional Water Survey", 40, 72, 8), marked("Table 4. Wells by district", 86, 72),
                 *(marked(cell, 99.5, 72 + 110 * k) for k, cell in enumerate(["District", "Wells", "Depth", "Yield"]))]
        rows = [line(f"{rng.choice(WORDS)} {rng.randint(10, 99)}", 113 + 13.5 * r, x0=72 + 110 * k, x1=150 + 110 * k)
                for r in range(40) for k in range(4)]
        pages.append(Page(n, W, H, (*heads, *rows)))
    got = texts_removed(pages)
    assert got == {"Regional Water Survey"}


def test_a_slide_shown_in_builds_is_one_slide():
    # Six slides, each shown in three states (a build): each state holds the one before and a bullet more.
    # The title and the diagram's label near the foot repeat on the three states of one slide only: they
    # are content. The frame number in the corner stays while a slide is built: it counts with the slides.
    sw, sh = 363.0, 272.0
    rng = random.Random(12)
    pages, number = [], 0
    for frame in range(1, 7):
        # A numbered title: the number stays on the states of its slide, and counts nothing there.
        title = line(f"{frame}. {rng.choice(WORDS).title()} {rng.choice(WORDS)} and {rng.choice(WORDS)}", 20, x0=20,
                     size=14)
        label = line(f"{rng.choice(WORDS)} {rng.choice(WORDS)}", 200, x0=200, size=7)
        bullets = [line(" ".join(rng.choice(WORDS) for _ in range(6)), 60 + 30 * k, x0=20, size=11) for k in range(3)]
        for state in range(1, 4):
            number += 1
            footline = [line("Ada Lovelace", 262, x0=10, size=6), line("On the engine", 262, x0=150, size=6)]
            pages.append(Page(number, sw, sh, (title, label, *bullets[:state], *footline,
                                                line(f"{frame}", 4, x0=350, size=6))))
    got = removed(pages)
    assert {text for _, text in got} == {"Ada Lovelace", "On the engine"} | {str(n) for n in range(1, 7)}
    assert len(got) == 3 * 18


def test_a_deck_s_outline_shown_again_before_each_section_repeats_nothing():
    # A deck without furniture shows its outline before each of its four sections; the outline's last
    # item sits at the slide's foot, in the same place on those four pages. The page repeats, not a line
    # on it: the item is content. Twelve other slides, each its own.
    sw, sh = 363.0, 272.0
    rng = random.Random(13)
    outline = [line("Outline", 20, x0=20, size=14), line("1. Where we started", 90, x0=40, size=11),
               line("2. What we did", 150, x0=40, size=11), line("3. Where we go from here", 255, x0=40, size=11)]
    pages: list[Page] = []
    for _section in range(4):
        pages.append(Page(len(pages) + 1, sw, sh, tuple(outline)))
        for _ in range(3):
            title = line(f"{rng.choice(WORDS).title()} {rng.choice(WORDS)} and {rng.choice(WORDS)}", 20, x0=20, size=14)
            bullets = [line(" ".join(rng.choice(WORDS) for _ in range(6)), 60 + 30 * k, x0=20, size=11)
                       for k in range(rng.randint(3, 6))]
            pages.append(Page(len(pages) + 1, sw, sh, (title, *bullets)))
    assert not removed(pages)


def test_a_slide_shown_on_three_pages_puts_nothing_in_most_slides_places():
    # Five pages, three of them one slide shown thrice (a highlight moves, the text stays): its quote's
    # source sits low on the slide, alone in its row, on three of the five pages but on one slide of three.
    sw, sh = 792.0, 612.0
    title = (line("understanding the interface", 200, x0=34, size=33), line("Francesc Campoy", 300, x0=34, size=20))
    agenda = (line("Agenda", 120, x0=34, size=33), *(line(f"{k}. {w}", 200 + 45 * k, x0=34, size=24)
                                                     for k, w in enumerate(["why", "what", "how"], 1)))
    quote = (*(line(text, 196 + 45 * k, x0=34, size=33) for k, text in enumerate(
        ['"In object-oriented programming, a protocol', "or interface is a common means for",
         "unrelated objects to communicate with", 'each other"'])), line("- wikipedia", 459, x0=567, size=33))
    pages = [Page(n, sw, sh, lines) for n, lines in enumerate([title, agenda, quote, quote, quote], 1)]
    assert not removed(pages)


def test_a_running_head_that_holds_the_folio_is_a_header():
    # Even pages: "170 PART TWO Biological Foundations of Development"; odd: the chapter's head and its folio.
    extra = []
    for n in range(1, 11):
        folio = 169 + n
        head = (f"{folio} PART TWO Biological Foundations of Development" if n % 2 == 0 else
                f"CHAPTER 5 Physical Development {folio}")
        extra.append([line(head, 40, size=8), line(f"Page {folio} of 300", 760, x0=280, size=8)])
    groups = [g for g in detect(pages_of(extra)) if g.remove]
    kinds = {g.text: g.kind for g in groups}
    assert kinds == {"CHAPTER 5 Physical Development 170": "header",
                     "171 PART TWO Biological Foundations of Development": "header", "Page 170 of 300": "page-number"}


def test_a_landscape_page_set_sideways_has_its_foot_along_the_long_edge():
    # Pages 4 and 5 hold a wide table, set sideways on the portrait pages: their text, the running foot
    # included, runs up the page, and the foot lies along the long edge. Turned, it is their foot.
    def sideways(text: str, top: float, x0: float, size: float = 10.0) -> Line:
        # A line of the turned page (792 wide, 612 high) as it is drawn on the portrait page.
        x1, bottom = x0 + len(text) * size * 0.5, top + size
        return Line(text, (top, H - x1, bottom, H - x0), size, "Times-Roman", angle=90)

    rng = random.Random(13)
    pages = []
    for n in range(1, 9):
        foot = f"Page {n} of 8"
        if n in (4, 5):
            rows = [sideways(" ".join(rng.choice(WORDS) for _ in range(14)), 80 + 13.5 * k, 72) for k in range(30)]
            pages.append(Page(n, W, H, (*rows, sideways(foot, 570, 360, 8))))
        else:
            pages.append(Page(n, W, H, (*body(rng), line(foot, 750, x0=280, size=8))))
    assert removed(pages) == {(n, f"Page {n} of 8") for n in range(1, 9)}
    evidence = explain(pages, 4)
    assert evidence.turned == 90 and explain(pages, 3).turned == 0
    foot = evidence.lines[-1]
    assert foot.place == "bottom" and foot.line == pages[3].lines[-1]  # placed as turned, shown as drawn


def test_this_page_intentionally_left_blank_is_content():
    # Chapters end on odd pages: the even pages left over say so in the middle of the page, and hold
    # nothing else but the running foot. Where the text runs on every other page, the notice is content.
    rng = random.Random(14)
    pages = []
    for n in range(1, 13):
        foot = line(f"Handbook of Procedures {n}", 760, x0=72, size=8)
        if n % 4 == 0:
            lines = (line("This page intentionally left blank", 396, x0=230, size=10), foot)
        else:
            lines = (*body(rng), foot)
        pages.append(Page(n, W, H, lines))
    got = texts_removed(pages)
    assert got == {f"Handbook of Procedures {n}" for n in range(1, 13)}


def test_a_spreadsheets_rows_in_small_type_are_a_table_not_furniture():
    # A printed spreadsheet: rows of seven cells in 7.6 pt type fill each page down to just above the
    # page's own footer. The same values recur in a column (a department, a make, a date) at the same
    # place on several pages; a date "05/11/2015" may even count with the pages. The cells share their
    # columns with the rows above and below: they are a table's, whatever their size or repetition.
    rng = random.Random(15)
    departments, makes = ["Day Surgery", "A&E Resus", "Theatres", "Ward 7"], ["Arjo", "Baxter", "Valleylab"]
    pages = []
    for n in range(1, 9):
        rows = []
        for r in range(28):
            top = 120 + 14.2 * r
            cells = [f"NHT-{rng.randint(10000, 99999)}", rng.choice(departments), rng.choice(makes),
                     f"{rng.randint(1, 28):02d}/{rng.randint(1, 12):02d}/{rng.choice([2015, 2025])}",
                     f"{r + n}/{rng.randint(1, 12):02d}/2026", f"{rng.randint(1000, 99999):,}.{rng.randint(10, 99)}"]
            rows += [line(cell, top, x0=55 + 120 * k, size=7.6, x1=55 + 120 * k + 5 * len(cell)) for k, cell in enumerate(cells)]
        pages.append(Page(n, 842, 595, (line("Asset register", 39, x0=54, size=10.5), *rows,
                                         line("CONFIDENTIAL internal use only", 548, x0=54, size=10.5),
                                         line(f"Page {n} of 8", 548, x0=727, size=10.5))))
    got = texts_removed(pages)
    assert got == {"Asset register", "CONFIDENTIAL internal use only"} | {f"Page {n} of 8" for n in range(1, 9)}


def test_a_letters_contact_footer_printed_once():
    # A three-page letter: the first page's foot holds the company's contact line and, below it, its
    # registration line; the later pages carry a continuation head instead. Printed once, both are furniture.
    rng = random.Random(16)
    contact = "T 0117 496 0321 · office@hollis-marr.example · www.hollis-marr.example"
    registered = "Hollis & Marr Surveyors Ltd · Registered in England and Wales No. 04417723"
    pages = [Page(1, W, H, (*body(rng, top=120, bottom=700), line(contact, 755, x0=175, size=7.5),
                            line(registered, 764, x0=82, size=7.5)))]
    pages += [Page(n, W, H, (line(f"Mrs A. Pennington · Ref. HM/2291/AP · Page {n}", 40, size=9),
                             *body(rng, top=72, bottom=700))) for n in (2, 3)]
    got = removed(pages)
    assert {(1, contact), (1, registered)} <= got
    assert not any(page == 1 and text.startswith(tuple(WORDS)) for page, text in got)


def test_a_note_at_the_foot_that_the_text_goes_on_over_the_page():
    # A report numbered at the foot: its table runs from page 2 to page 4, closed on page 2 by "(Continued on
    # next page)" and on page 3 by "... continue page 4", each right under its last row, as close as the rows
    # are to each other, and page 3's and 4's text opens with the table's "Table 2 (continued)" caption. The
    # note ends its page's text, nothing under it but the folio: the reader's cue, furniture even on one
    # page. The caption heads the next page's text; and on page 5, where the text goes on under a note that
    # ends a column (another article's, "continued on next page" set in the text's size), the note stays.
    rng = random.Random(63)
    pages = []
    for n in range(1, 6):
        lines: list[Line] = []
        if n in (3, 4):
            lines.append(line("Table 2 (continued)", 60))
        lines += body(rng, top=80 if n in (3, 4) else 60, bottom=680)
        if n in (2, 3):
            lines.append(line({2: "(Continued on next page)", 3: "... continue page 4"}[n], 683.5, x0=400))
        if n == 5:
            lines += [line("continued on next page", 683.5, x0=400), *body(rng, top=697, bottom=720)]
        lines.append(line(str(n), 750, x0=300, x1=305))
        pages.append(Page(n, W, H, tuple(lines)))
    gone = removed(pages)
    assert {(2, "(Continued on next page)"), (3, "... continue page 4")} <= gone
    assert not {text for _, text in gone} & {"Table 2 (continued)", "continued on next page"}


def test_a_jump_line_at_the_foot_of_a_newsletters_column_is_a_page_turn():
    # A newsletter in two columns: the first story ends its column early with "continued on page 3",
    # right under its last line, while the other column runs on lower. Across its width nothing lies under
    # it but the folio: the reader's cue to turn to page 3, furniture like a page turn at the page's foot.
    rng = random.Random(41)
    pages = []
    for n in range(1, 5):
        lines = []
        for x0, end in ((43.0, 660.0 if n == 1 else 700.0), (320.0, 700.0)):
            y = 60.0
            while y < end:
                lines.append(line(" ".join(rng.choice(WORDS) for _ in range(6)), y, x0=x0, x1=x0 + 248))
                y += 13.5
        if n == 1:
            lines.append(line("continued on page 3", 664.5, x0=190, x1=290))
        lines.append(line(str(n), 750, x0=300, x1=305))
        pages.append(Page(n, W, H, tuple(lines)))
    assert (1, "continued on page 3") in removed(pages)


def test_a_press_releases_more_under_its_first_page_is_a_page_turn():
    # A two-page press release: its first page's text ends with "- more -" centred under the last
    # paragraph, the newsroom's cue that the release goes on; the second ends with "###", its end mark, and
    # a "More" link's word closes the contacts. Only the cue is furniture.
    rng = random.Random(69)
    pages = [Page(1, W, H, (*body(rng, top=120, bottom=600), line("- more -", 604, x0=290, x1=322))),
             Page(2, W, H, (*body(rng, top=72, bottom=300), line("More", 304, x0=72), line("###", 330, x0=298)))]
    assert removed(pages) == {(1, "- more -")}


def test_a_resolutions_slash_and_dots_under_its_pages_are_page_turns():
    # A resolution of seven pages: under the last line of each page but the last, at the right, "/...", the
    # mark that the text goes on over the page; an ellipsis in the text stays.
    rng = random.Random(71)
    pages = []
    for n in range(1, 8):
        lines = body(rng, top=100, bottom=640 if n < 7 else 300)
        if n < 7:
            lines.append(line("/...", 660, x0=500, x1=515))
        lines[5] = replace(lines[5], text=lines[5].text + " ...")
        pages.append(Page(n, W, H, tuple(lines)))
    assert removed(pages) == {(n, "/...") for n in range(1, 7)}


def test_a_screenplays_more_under_a_speech_at_the_page_foot_is_a_page_turn():
    # A screenplay: where a speech runs over the page (on two pages of eight), the page ends with "(MORE)"
    # right under its last line, spaced as the dialogue is, and the next page takes it up under "KAILYN
    # (CONT'D)"; each page ends where its last scene does; the folio "2." in the head's corner. The cue is
    # furniture; the continued name is the speech's.
    rng = random.Random(70)
    pages = []
    for n in range(1, 9):
        rows = 52 - rng.randint(0, 4) if n not in (3, 6) else 52
        lines = [line(" ".join(rng.choice(WORDS) for _ in range(5)), 72 + 12 * k, x0=175, x1=420, size=12)
                 for k in range(rows)]
        if n in (4, 7):
            lines[0] = line("KAILYN (CONT'D)", 72, x0=240, x1=330, size=12)
        if n in (3, 6):
            lines[-1] = line("(MORE)", lines[-1].top, x0=239, x1=282, size=12)
        pages.append(Page(n, W, H, (*([line(f"{n}.", 36, x0=520, x1=530, size=12)] if n > 1 else []), *lines)))
    gone = removed(pages)
    assert {(3, "(MORE)"), (6, "(MORE)")} <= gone
    assert not {text for _, text in gone} & {"KAILYN (CONT'D)"}


def test_a_daily_logs_date_that_steps_with_the_pages_is_no_page_number():
    # A week's log, a day a page: each page opens with its day's date, "4/2/2021" on page 2 to "4/6/2021" on
    # page 6, its day one more than the page's number, over that day's rows; "Page 2 of 6" at the foot. The
    # date heads the day's rows: its day counts days, not pages.
    rng = random.Random(64)
    pages = [Page(n, W, H, (line(f"4/{n}/2021", 60), *body(rng, top=76, bottom=700),
                            line(f"Page {n} of 6", 750, x0=480))) for n in range(1, 7)]
    assert texts_removed(pages) == {f"Page {n} of 6" for n in range(1, 7)}


def test_a_line_that_names_its_page_and_the_documents_pages_is_a_page_number_on_one_page():
    # A two-page letter numbers its second page only: "Page 2 of 2", beside the letter's date.
    rng = random.Random(17)
    pages = [Page(1, W, H, tuple(body(rng, top=120, bottom=700))),
             Page(2, W, H, (*body(rng, top=72, bottom=400), line("January 3, 2016", 770, x0=72, size=9),
                            line("Page 2 of 2", 770, x0=480, size=9)))]
    assert removed(pages) == {(2, "January 3, 2016"), (2, "Page 2 of 2")}
    kinds = {g.text: g.kind for g in detect(pages) if g.remove}
    assert kinds["Page 2 of 2"] == "page-number"


def test_a_slides_number_with_its_overlays_letter_counts_with_the_slides():
    # Slides shown in overlays number their states "3", "3-a", "3-b" at the foot: each is slide 3's number.
    sw, sh = 842.0, 595.0
    rng = random.Random(18)
    pages, number = [], 0
    for slide in range(1, 6):
        title = line(f"{rng.choice(WORDS).title()} {rng.choice(WORDS)}", 40, x0=60, size=24)
        points = [line(" ".join(rng.choice(WORDS) for _ in range(7)), 120 + 40 * k, x0=60, size=18) for k in range(3)]
        for state, letter in enumerate(["", "-a", "-b"][: 1 + slide % 3], 1):
            number += 1
            pages.append(Page(number, sw, sh, (title, *points[:state], line(f"{slide}{letter}", 560, x0=415, size=20))))
    got = removed(pages)
    assert got == {(p.number, p.lines[-1].text) for p in pages}
    assert {g.kind for g in detect(pages) if g.remove} == {"page-number"}


def test_a_tariff_s_head_block_whose_revision_line_changes():
    # A filing's head block at the top right of every page, six rows of small type set tight and apart
    # from the text: five repeat, the third names each page's own revision and number.
    rng = random.Random(44)
    revisions = ["Ninth Eighth", "Tenth", "Ninth", "Fifth", "Eighth"]
    fixed = ["International Council of Operators", "Agreement No. 010099-061", None, "2nd Edition",
             "Appendix A - Members", "2012-2"]
    pages = []
    for n, revision in enumerate(revisions, 1):
        head = [line(text or f"{revision} Revised Page No. {n}", 37.4 + 11.5 * k, x0=398, size=9)
                for k, text in enumerate(fixed)]
        pages.append(Page(n, W, H, (*head, *body(rng, top=119))))
    got = removed(pages)
    assert {(p.number, p.lines[k].text) for p in pages for k in range(6)} <= got
    assert not {text for _, text in got if text.startswith(tuple(WORDS))}


def test_a_reports_title_blocks_next_row_in_the_tables_type_is_the_tables():
    # A vote count printed from a database: every page opens with the report's six-line title block in
    # 14 pt, its date, time and "Page:3 of 10" beside it in 9.9 pt; a few points under the block, each
    # page's contest title in the table's 8 pt, over the table. The block is the head; the contest
    # title, in no type the block has and on one page, is the table's.
    rng = random.Random(13)
    title = ["Statement of Votes Cast", "Daggett County, Utah", "General Election", "November 6, 2012",
             "SOVC For Jurisdiction Wide, All Counters, All Races", "Final Results"]
    contests = ["STRAIGHT PARTY", "U.S. PRESIDENT", "US SENATE", "US CONGRESS D1", "STATE SENATE 26", "GOVERNOR",
                "ATTORNEY GENERAL", "STATE AUDITOR", "STATE TREASURER", "COUNTY CLERK"]
    pages = []
    for n, contest in enumerate(contests, 1):
        head = [line(text, 39.6 + 15.7 * k, x0=306 - 3.4 * len(text), x1=306 + 3.4 * len(text), size=14)
                for k, text in enumerate(title)]
        head += [line("Date:11/20/12", 39.2, x0=517, x1=574, size=9.9),
                 line("Time:11:47:47", 50.3, x0=515, x1=574, size=9.9),
                 line(f"Page:{n} of 10", 61.5, x0=524, x1=574, size=9.9)]
        rows = [line(contest, 138, x0=134 + 5 * n, x1=202 + 5 * n, size=8)]
        for k in range(30):
            y = 171.7 + 10 * k
            rows.append(line(f"{rng.choice(WORDS).title()} precinct {k + 1}", y, x0=36, x1=120, size=8))
            rows += [line(str(rng.randint(10, 999)), y, x0=x, x1=x + 14, size=8) for x in (180, 240, 300, 360)]
        pages.append(Page(n, W, H, (*head, *rows)))
    got = texts_removed(pages)
    assert set(title) | {"Date:11/20/12", "Time:11:47:47"} <= got
    assert not got & set(contests)


def test_a_tariff_s_head_block_under_the_filing_stamp_over_each_leaf():
    # Each leaf of a tariff carries the regulator's filing stamp at the very top and, under a wide gap,
    # the tariff's own head block: four rows set tight, the leaf's number, revision, date and order in
    # them changing, placed higher on leaves filed earlier. Block after block from the edge, each a head's,
    # is furniture, however far its paragraphs stand apart.
    rng = random.Random(45)
    months = ["JANUARY", "APRIL", "JUNE", "SEPTEMBER", "OCTOBER"]
    pages = []
    for n in range(1, 9):
        rev, y = rng.randint(2, 30), {3: 53, 6: 66}.get(n, 80)
        head = [line("Status: EFFECTIVE", 20, x0=449, size=7),
                line("Received: 09/10/2025", 28, x0=72, size=7), line("Effective Date: 10/01/2025", 28, x0=410, size=7),
                line("PSC NO: 220 ELECTRICITY", y, x0=72), line(f"LEAF: {348 + n}", y, x0=495),
                line("NIAGARA MOHAWK POWER CORPORATION", y + 11.5, x0=72), line(f"REVISION: {rev}", y + 11.5, x0=478),
                line(f"INITIAL EFFECTIVE DATE: {rng.choice(months)} 1, {rng.randint(2009, 2025)}", y + 23, x0=72),
                line(f"SUPERSEDING REVISION: {rev - 1}", y + 23, x0=408),
                line(f"STAMPS: Issued in Compliance with Order in Case {rng.randint(10, 24)}-E-0{rng.randint(100, 999)}.",
                     y + 34.5, x0=72)]
        text, top = [], y + 58.0
        while top < 700:
            for _ in range(4):
                text.append(line(" ".join(rng.choice(WORDS) for _ in range(12)), top, x1=532))
                top += 11.5
            top += 11.5
        pages.append(Page(n, W, H, (*head, *text)))
    got = removed(pages)
    assert {(p.number, p.lines[k].text) for p in pages if p.number not in (3, 6) for k in range(10)} <= got
    assert not {text for _, text in got if text.startswith(tuple(WORDS))}


def test_a_head_block_that_grows_with_the_section():
    # A newsletter's running head: the folio and title on the left, the issue on the right, on every page;
    # some sections set a banner over it, one line or two, stacked tight on the head and outside the text.
    rng = random.Random(19)
    banners = {4: ["FEATURES"], 5: ["FEATURES"], 6: ["FEATURES"], 7: ["WHAT'S ON", "Diary of events"],
               8: ["WHAT'S ON", "Diary of events"]}
    pages = []
    for n in range(2, 10):
        head = [line(f"{n} | The Riverside Bulletin", 73, x0=51, size=9), line("Spring 2026 · Issue 41", 73, x0=443, size=9)]
        over = [line(text, 73 - 9.3 * (len(banners.get(n, [])) - k), x0=270, size=8)
                for k, text in enumerate(banners.get(n, []))]
        pages.append(Page(n - 1, W, H, (*over, *head, *body(rng, top=110))))
    got = texts_removed(pages)
    assert {"WHAT'S ON", "Diary of events", "FEATURES", "Spring 2026 · Issue 41"} <= got
    assert not any(text.startswith(tuple(WORDS)) for text in got)


def test_a_newsletters_section_tabs_over_its_headlines():
    # Each page but the cover names its section in a tab at the top outer corner, set larger than the text
    # but under larger headlines; "News" on three pages, the others once or twice.
    rng = random.Random(43)
    tabs = {2: "~ News ~", 3: "~ News ~", 4: "~ Research ~", 5: "~ News ~", 6: "~ University News ~",
            7: "~ University News ~", 8: "~ News In Brief ~"}
    pages = [Page(1, 595.0, 841.0, (line("The Newsletter", 40, x0=160, size=40), *body(rng, top=160, bottom=780)))]
    for n, tab in tabs.items():
        x0 = 43.0 if n % 2 == 0 else 552.0 - 8 * len(tab)
        headline = " ".join(rng.choice(WORDS) for _ in range(3)).title()
        lines = (Line(tab, (x0, 38.1, x0 + 8 * len(tab), 54.1), 16.0, "Helvetica-Bold"),
                 Line(headline, (60.0, 80.0, 400.0, 110.0), 30.0, "Helvetica-Bold"), *body(rng, top=140, bottom=780))
        pages.append(Page(n, 595.0, 841.0, lines))
    got = removed(pages)
    assert set(tabs.items()) <= got
    assert not {text for _, text in got if text[0].isupper() and "~" not in text}


def test_text_parked_off_the_page_is_not_between_a_headline_and_the_edge():
    # A deck's navigation bar runs across the top of every slide; some slides also hold an overlay's
    # hidden text, drawn thousands of points above the page. It is on no page, so the bar is still at
    # the page's edge there.
    sw, sh = 363.0, 272.0
    rng = random.Random(20)
    sections = ["Why version control", "Basics", "Branches", "Working together"]
    pages = []
    for n in range(1, 13):
        bar = [line(name, 4.2, x0=8 + 90 * k, size=6) for k, name in enumerate(sections)]
        hidden = [line("a bullet shown later", -2100, x0=40, size=11)] if n % 2 else []
        text = [line(" ".join(rng.choice(WORDS) for _ in range(7)), 60 + 20 * k, x0=40, size=11) for k in range(5)]
        pages.append(Page(n, sw, sh, (*bar, *hidden, line(f"Slide title {rng.choice(WORDS)}", 29, x0=130, size=14), *text)))
    assert texts_removed(pages) == set(sections)


def test_a_footline_of_four_parts_on_slides_of_diagrams_too():
    # A deck's footline (author, title, date, frame number) in 6 pt, nearly the size of the slides' 6.5 pt
    # code: on slides with code it is a row of its own, below the text in another typeface; on slides of
    # diagrams (short labels, no running text) nothing tells it from a table's row but that it is the
    # same row.
    sw, sh = 363.0, 272.0
    rng = random.Random(21)

    def code(k: int, top: float) -> Line:
        text = " ".join(rng.choice(WORDS) for _ in range(9)) + ";"
        return Line(text, (11.0, top, 11.0 + 3.4 * len(text), top + 6.5), 6.5, "Courier")

    def label(text: str, x0: float, top: float) -> Line:
        return Line(text, (x0, top, x0 + 3.5 * len(text), top + 6.5), 6.5, "Helvetica")

    pages = []
    for n in range(1, 9):
        foot = [Line("A. Author (https://example.org/)", (0.0, 264.7, 126.7, 270.7), 6.0, "Helvetica"),
                Line("An Open Synthesis Suite", (144.4, 264.7, 218.4, 270.7), 6.0, "Helvetica"),
                Line("December 03, 2022", (264.4, 264.7, 316.0, 270.7), 6.0, "Helvetica"),
                Line(f"{n + 16} / 150", (336.4, 264.7, 357.5, 270.7), 6.0, "Helvetica")]
        title = Line(f"Step {n}", (8.5, 8.6, 60.0, 22.9), 11.0, "Helvetica")
        if n in (3, 6):
            text = [label(rng.choice(["A", "B", "Y", "clk", "$91", "rst", "en"]), 40 + 45 * (k % 7), 80 + 14 * (k // 7))
                    for k in range(28)]
        else:
            text = [code(k, 40 + 9 * k) for k in range(22)]
        pages.append(Page(n, sw, sh, (title, *text, *foot)))
    got = removed(pages)
    assert got == {(p.number, line.text) for p in pages for line in p.lines[-4:]}


def test_a_repeated_bullet_deep_in_the_text_still_counts_as_text_for_what_lies_beside_it():
    # A deck's outline slide comes back before each part; its first item sits where the other slides'
    # first bullet runs. Those bullets repeat too (two points, made again and again): taken for furniture
    # for a while, they are still text, so the outline's item lies where the text runs.
    sw, sh = 363.0, 272.0
    rng = random.Random(21)
    points = [line("Starkregen wie im Juli 2021 überlastet die Kanalisation", 94, x0=50, size=11),
              line("Versiegelte Flächen leiten das Wasser direkt ab", 94, x0=50, size=11)]
    pages = []
    for n in range(1, 21):
        if n in (2, 8, 14):
            pages.append(Page(n, sw, sh, (line("Gliederung", 15, x0=8, size=14), line("1. Ausgangslage", 94, x0=28, size=11))))
            continue
        rest = [line(" ".join(rng.choice(WORDS) for _ in range(7)), 120 + 14 * k, x0=50, size=11) for k in range(5)]
        pages.append(Page(n, sw, sh, (line(f"Titel {rng.choice(WORDS)}", 15, x0=8, size=14), points[n % 2], *rest)))
    assert "1. Ausgangslage" not in texts_removed(pages)


def test_a_charts_axis_title_up_the_margin_is_no_stamp():
    # A chart report: each page one chart, its axis title running up the left side beside a column of
    # tick labels, a caption under the chart and the report's page count at the foot. The pages share
    # their month labels, but each has its own scale and caption: none is a build of another.
    rng = random.Random(22)
    pages = []
    for n in range(1, 11):
        step = rng.choice([5, 10, 20, 25, 50])  # each chart its own scale
        ticks = [line(str(step * k), 560 - 62 * k, x0=35, size=7.3, x1=46) for k in range(8)]
        months = [line(m, 566, x0=76 + 65 * k, size=7.3) for k, m in enumerate(["ene", "feb", "mar", "abr", "may"])]
        axis = line(rng.choice(["Temperatura (°C)", "Precipitación (mm)", "Humedad relativa (%)"]), 280, x0=21, size=7.3,
                    angle=90, x1=29)
        caption = line(f"Figura {n}. " + " ".join(rng.choice(WORDS) for _ in range(9)), 585, x0=48, size=10)
        pages.append(Page(n, 842, 620, (*ticks, *months, axis, caption, line(f"{n} / 10", 605, x0=536, size=8))))
    assert texts_removed(pages) == {f"{n} / 10" for n in range(1, 11)}



def dashboard() -> list[Page]:
    """A dashboard's charts, one a page, each its own scale, with no text of their own: the axis titles and
    tick labels in 10 pt, and at the foot, 16 pt under the month labels, an 8 pt footer beside the page's number."""
    pages = []
    for n in range(1, 9):
        step = (5, 10, 20, 25)[n % 4] * (1 + n // 4)
        ticks = [line(str(step * k), 520 - 90 * k, x0=86 if k else 92, size=10, x1=98) for k in range(6)]
        months = [line(m, 536, x0=147 + 50 * k, size=10) for k, m in enumerate(["Jan", "Feb", "Mar", "Apr", "May"])]
        axis = line("Value", 287, x0=65, size=10, angle=90, x1=75)
        title = line(f"Chart {chr(64 + n)} of the month", 56, x0=395, size=12)
        foot = [line("Operations dashboard - internal", 562, x0=42, size=8), line(str(n), 562, x0=794, size=8)]
        pages.append(Page(n, 842, 595, (*ticks, *months, axis, title, *foot)))
    return pages


def test_an_axis_title_as_large_as_its_tick_labels_is_no_stamp_where_the_only_text_is_a_smaller_footer():
    # The small footer is all the body size there is to measure, and the axis title is larger than it;
    # it is set as large as its tick labels.
    assert "Value" not in texts_removed(dashboard())


def test_a_footer_under_charts_is_set_apart_where_there_is_no_running_text_to_measure_the_leading():
    # The rows of a chart's labels lie far apart; they are no measure of how far a footer sits from the text.
    got = texts_removed(dashboard())
    assert got == {"Operations dashboard - internal"} | {str(n) for n in range(1, 9)}


def test_a_print_header_close_to_the_text_is_set_apart_by_its_type():
    # A printout of source code: over the code, 4 pt above it (a ruled frame), the print header with the
    # date, the file's name and a title; under it the file's name and "Page n/7". The code's own first
    # line, in the code's typeface, repeats on some pages too ("class Dialect:") and stays the text's.
    def code(text: str, top: float) -> Line:
        return Line(text, (29, top, 29 + 6.6 * len(text), top + 11), 11.0, "Courier")

    def sans(text: str, top: float, x0: float, size: float = 12.0) -> Line:
        return Line(text, (x0, top, x0 + 0.5 * size * len(text), top + size), size, "Helvetica-Bold")

    rng = random.Random(23)
    pages = []
    for n in range(1, 8):
        first = code("class Dialect:", 61) if n % 3 == 0 else code(f"    {rng.choice(WORDS)} = {rng.randint(1, 99)}", 61)
        rows = [code(f"    {rng.choice(WORDS)}_{k} = {rng.choice(WORDS)}({rng.randint(1, 99)})", 72.2 + 11.2 * k) for k in range(64)]
        head = [sans("Python 3.11 standard library review copy", 26, 344), sans("Dec 03, 26 9:19", 45, 24),
                sans("csv.py", 42, 316, 15)]
        foot = [sans("csv.py", 806, 24), sans(f"Page {n}/7", 806, 523)]
        pages.append(Page(n, 595, 842, (*head, first, *rows, *foot)))
    got = texts_removed(pages)
    assert got == {"Python 3.11 standard library review copy", "Dec 03, 26 9:19", "csv.py"} | {f"Page {n}/7" for n in range(1, 8)}


def test_a_short_documents_page_that_names_only_itself():
    # A two-page letter prints "Page 2" at the foot of its second page only; its first page's own foot
    # (a registration line) reaches lower than any text, so the text block is no measure there.
    rng = random.Random(24)
    pages = [Page(1, W, H, (*body(rng, top=120, bottom=660), line("Registered in England and Wales No. 08841273", 780, x0=105, size=9))),
             Page(2, W, H, (*body(rng, top=86, bottom=540), line("Page 2", 716, x0=281, size=11)))]
    assert (2, "Page 2") in removed(pages)
    kinds = {g.text: g.kind for g in detect(pages) if g.remove}
    assert kinds["Page 2"] == "page-number"


def letter(rng: random.Random) -> list[Page]:
    """A two-page letter: the first page full, its last paragraph set off from the one before it and close
    above the company's small contact foot, the second page a few lines under a continuation head."""
    text = body(rng, top=120, bottom=680)
    last = [line("protect your rights with two steps: assert copyright on the software and offer it to all", 700 + 13.5 * k,
                 x1=532) for k in range(4)]
    foot = [line("Registered in England No. 0481516 - VAT GB 123 4567 89", 754, x0=190, size=8),
            line("T 01632 960 123 - info@northfield.example", 765, x0=200, size=8)]
    second = [line("Ms J. Carter - 2 December 2026", 40, size=9), *body(rng, top=70, bottom=110)]
    return [Page(1, W, H, (*text, *last, *foot)), Page(2, W, H, tuple(second))]


def test_a_short_last_page_does_not_take_the_text_block_up_with_it():
    pages = letter(random.Random(31))
    first = explain(pages, 1)
    assert first.block is not None and first.block.bottom >= 740  # where the first page's text ends


def test_a_letters_last_paragraph_above_its_foot_is_text():
    # The last paragraph names a copyright, as a publisher's line would, and the foot follows it with no
    # more space than the text's own lines: the paragraph is the text's, whatever becomes of the foot.
    pages = letter(random.Random(32))
    assert not {text for _, text in removed(pages) if "copyright" in text}


def test_numbered_slide_titles_built_up_over_several_pages_are_content():
    # A deck without furniture: each section's slides are titled "<section>: part 1", "part 2", "part 3",
    # and each slide is shown in three states, its points coming one by one. The titles' numbers count
    # with the slides, but they are headings larger than the text, not the slides' numbers.
    rng = random.Random(9)
    items = []
    for section in ("Introduction", "Licences", "Tools", "Conclusions"):
        for part in (1, 2, 3):
            points = [" ".join(rng.choice(WORDS) for _ in range(7)) for _ in range(5)]
            for state in (3, 4, 5):
                items.append([line(f"{section}: part {part}", 30, x0=40, size=14)]
                             + [line(point, 70 + 30 * k, x0=50, size=11) for k, point in enumerate(points[:state])])
    assert removed(slides(items, width=364.0, height=273.0)) == set()


def test_a_long_tables_headings_where_the_text_starts_on_other_pages_are_content():
    # A ten-page report whose table runs over pages 4-6: each of those pages starts with the table's
    # heading row, at the top, where the text starts on the other pages, set off from the rows by the
    # table's ruling.
    # The headings share only some of the rows' columns (a heading spans two of them).
    rng = random.Random(12)
    pages = []
    for n in range(1, 11):
        lines = [line(str(n), 750, x0=300)]
        if 4 <= n <= 6:
            lines += [line("Item", 100, x0=72, size=8), line("Description and supplier of the item", 100, x0=150, size=8),
                      line("Notes", 100, x0=450, size=8)]
            for k in range(40):
                lines += [line(f"A-{n}{k:02d}", 125 + 14 * k, x0=72, size=8),
                          line(" ".join(rng.choice(WORDS) for _ in range(3)), 125 + 14 * k, x0=170, size=8),
                          line(rng.choice(WORDS), 125 + 14 * k, x0=450, size=8)]
            pages.append(Page(n, W, H, tuple(lines)))
        else:
            pages.append(Page(n, W, H, (*lines, *body(rng, top=100))))
    assert texts_removed(pages) == {str(n) for n in range(1, 11)}


def test_a_slides_headline_of_section_names_over_the_changing_subsection_name():
    # A beamer deck: a headline of the section names in 6 pt on every slide and, under it in the same
    # type, the current subsection's name; frame titles in 14 pt; each slide shown in states, its later
    # points parked far beyond the page until they appear. The subsection's name repeats only within its
    # own slides, and the parked points must not stretch the text column up over the headline.
    rng = random.Random(5)
    sections = {"Motivation": ["Dry summers", "Costs of water"], "Design": ["Roof catchment", "Storage tanks"],
                "Results": ["Yields", "Payback"]}
    items, names = [], []
    for subsections in sections.values():
        for sub in subsections:
            points = [" ".join(rng.choice(WORDS) for _ in range(7)) for _ in range(5)]
            for state in (1, 3, 5):
                lines = [line(name, 4, x0=8 + 170 * k, size=6) for k, name in enumerate(sections)]
                lines += [line(sub, 25, x0=8, size=6), line(sub, 42, x0=8, size=14)]
                lines += [line(point, 117 + 17 * k, x0=50, size=11) for k, point in enumerate(points[:state])]
                lines += [line(point, -1900 - 17 * k, x0=2000, size=11) for k, point in enumerate(points[state:])]
                lines += [line("T. Lindqvist", 262, x0=8, size=6), line("Extension Service", 262, x0=290, size=6)]
                items.append(lines)
                names.append(sub)
    got = removed(slides(items, width=363.0, height=272.0))
    for n, sub in enumerate(names, start=1):
        assert {(n, name) for name in sections} <= got
        assert {(n, "T. Lindqvist"), (n, "Extension Service")} <= got
        assert (n, sub) in got  # the 6 pt one: the 14 pt frame title of the same text stays
    assert len(got) == 6 * len(names)


def test_a_page_turned_to_hold_a_wide_table_keeps_its_head_with_the_paper():
    # A portrait report whose page 6 the PDF turns a quarter (/Rotate) to show a wide table upright: read
    # as shown, that page is landscape and its head and folio run down its right edge.
    rng = random.Random(8)
    pages = []
    for n in range(1, 11):
        head = [line("Coastal Bird Survey", 40, x0=72), line(str(n), 40, x0=530)]
        if n != 6:
            pages.append(Page(n, W, H, (*head, *body(rng))))
            continue
        # Turned: a box (x0, top, x1, bottom) of the portrait page is (H - bottom, x0, H - top, x1) here.
        turned = [replace(ln, box=(H - ln.box[3], ln.box[0], H - ln.box[1], ln.box[2]), angle=270) for ln in head]
        table = [line(f"{rng.choice(WORDS)} {k}", 150 + 14 * k, x0=100 + 90 * c) for k in range(20) for c in range(6)]
        pages.append(Page(n, H, W, (*turned, *table)))
    got = removed(pages)
    assert {text for page, text in got if page == 6} == {"Coastal Bird Survey", "6"}
    assert len(got) == 20


def test_a_landscape_page_with_the_stamp_every_page_has_up_its_margin_is_upright():
    # A signed call: every page carries the signature's stamp up its left margin and the signature's foot.
    # Its page 6 is landscape paper, its text upright on it, the same stamp up its margin in two lines (the
    # page is shorter): that page is no portrait page turned, its foot is where the foot is.
    rng = random.Random(9)
    stamp = "Verification code GEN-7641-659e-4ff0 | https://example.org/verify/GEN-7641-659e-4ff0"
    foot = ["CSV : GEN-7641-659e-4ff0", "SIGNED BY : JANE ROE | DATE : 07/10/2020"]
    pages = []
    for n in range(1, 11):
        width, height = (H, W) if n == 6 else (W, H)
        parts = [stamp] if n != 6 else [stamp[:37], stamp[38:]]
        ups = [Line(text, (14 + 10 * k, height - 60 - len(text) * 4, 22 + 10 * k, height - 60), 7.0, "Helvetica",
                    angle=90) for k, text in enumerate(parts)]
        feet = [line(text, height - 60 + 12 * k, x0=72, size=8) for k, text in enumerate(foot)]
        pages.append(Page(n, width, height, (*ups, *feet, *body(rng, top=80, bottom=height - 110))))
    got = removed(pages)
    assert {text for page, text in got if page == 6} >= set(foot)


def test_a_slides_states_are_one_slide_while_its_later_points_wait_beyond_the_page():
    # A metropolis deck: frame titles a little larger than the text, a frame number at the foot that stays
    # while a frame is built up, and the points not yet shown parked far beyond the page (the last point
    # the longest). When a parked point appears it moves onto the page; the states are still one slide,
    # and its title, on one slide only, is no running head.
    rng = random.Random(11)
    items = []
    for frame, title in enumerate(["Water use", "Sensors", "Field layout", "Scheduling", "Savings", "Yield"], 1):
        points = [" ".join(rng.choice(WORDS) for _ in range(5 + k)) for k in range(4)]
        for state in range(1, 5):
            lines = [line(title, 10, x0=10, size=12), line(str(frame), 255, x0=350, size=8)]
            lines += [line(point, 100 + 17 * k, x0=40, size=11) for k, point in enumerate(points[:state])]
            lines += [line(point, -1900 + 17 * k, x0=2040, size=11) for k, point in enumerate(points[state:], state)]
            items.append(lines)
    assert texts_removed(slides(items, width=363.0, height=272.0)) == {str(n) for n in range(1, 7)}


def test_a_slides_headline_of_the_current_section_and_subsection_side_by_side():
    # A beamer AnnArbor deck: the headline holds the current section's name and, close beside it, the
    # current subsection's, in 6 pt above the frame title; each frame is built up over a few states, the
    # points not yet shown parked beyond the page (rows above the headline, as read: none of its edge's).
    rng = random.Random(13)
    sections = {"Background": ["Water use", "Sensors"], "Method": ["Field layout", "Scheduling"],
                "Findings": ["Savings", "Yield"]}
    items, heads = [], []
    for section, subsections in sections.items():
        for sub in subsections:
            points = [" ".join(rng.choice(WORDS) for _ in range(7)) for _ in range(4)]
            for state in range(1, 5):
                lines = [line(section, 2, x0=144, size=6, x1=176), line(sub, 2, x0=187, size=6, x1=214),
                         line(f"{sub} in practice", 20, x0=8, size=14)]
                lines += [line(point, 100 + 17 * k, x0=33, size=11) for k, point in enumerate(points[:state])]
                lines += [line(point, -1900 + 17 * k, x0=2033, size=11) for k, point in enumerate(points[state:], state)]
                items.append(lines)
                heads.append({section, sub})
    got = removed(slides(items, width=363.0, height=272.0))
    assert got == {(n, text) for n, texts in enumerate(heads, 1) for text in texts}


def test_a_logo_in_the_slides_corner_close_above_the_title_but_not_over_it():
    # A deck made in presentation software: "ORCHARD CO-OP" in the top right corner of every slide, 10 pt
    # above the slide's centred title; the title is beside the logo, not under it, and the text under the
    # logo begins far below.
    rng = random.Random(17)
    items = []
    for n, title in enumerate(["Agenda", "Membership", "Cold storage", "Packing line", "Budget", "Risks", "Vote"], 1):
        points = [" ".join(rng.choice(WORDS) for _ in range(9)) for _ in range(4)]
        lines = [line("ORCHARD CO-OP", 17, x0=808, size=12, x1=912), line(title, 39, x0=350, size=32, x1=560)]
        lines += [line(point, 130 + 24 * k, x0=133, size=20, x1=800) for k, point in enumerate(points)]
        lines += [line("Annual meeting 2026", 506, x0=151, size=11), line(str(n), 506, x0=904, size=11)]
        items.append(lines)
    got = texts_removed(slides(items))
    assert got == {"ORCHARD CO-OP", "Annual meeting 2026"} | {str(n) for n in range(1, 8)}


def test_a_headline_of_section_names_is_no_row_of_table_cells():
    # A beamer headline of four section names in 6 pt; two are long enough to count as the text's lines,
    # so the text column reaches up to the headline, and the last name, short and at the far right, is
    # read as margin text beside it. Its row has four parts, but the other three are running heads, not
    # a table's cells. (Under the headline, the current subsection's name, which keeps the headline close
    # to the text.)
    rng = random.Random(19)
    names = ["Introduction", "Bad News: Hardness Results", "Good News: Tractability Results", "Summary"]
    starts = [8.5, 78.8, 197.4, 326.9]
    parts = ["The Model and the Problem", "The Integrated Approach", "Fixed Parameter Results"]
    items = []
    for n in range(1, 13):
        lines = [line(name, 1, x0=x0, size=6) for name, x0 in zip(names, starts, strict=True)]
        lines += [line(parts[(n - 1) // 4], 16.7, x0=8.5, size=6), line(f"Slide {n} on {rng.choice(WORDS)}", 28, x0=8.5, size=11)]
        lines += [line(" ".join(rng.choice(WORDS) for _ in range(8)), 80 + 16 * k, x0=38, size=11, x1=310)
                  for k in range(5)]
        items.append(lines)
    assert texts_removed(slides(items, width=363.0, height=272.0)) == {*names, *parts}


def test_a_frame_number_counts_the_slides_so_a_charts_zero_below_the_points_is_no_folio():
    # A deck whose frames are built up over three pages each, numbered "n / 7" in the footline: the
    # numbers count the slides, not the pages. The zero at the foot of a chart's scale, alone on its row
    # above the footline, fits the pages' numbering on many pages (0 - page = the offset of some later
    # frame's pages), but not the slides'.
    rng = random.Random(23)
    items = []
    for frame in range(1, 8):
        points = [" ".join(rng.choice(WORDS) for _ in range(7)) for _ in range(3)]
        for state in range(1, 4):
            lines = [line(f"Frame {frame}: {rng.choice(WORDS)}", 20, x0=8, size=14)]
            lines += [line(point, 70 + 17 * k, x0=30, size=11) for k, point in enumerate(points[:state])]
            if 2 <= frame <= 6:
                lines += [line("0", 222 + 3 * frame, x0=150 + 12 * frame, size=6)]  # each chart where it fits
            lines += [line("K. Baptiste", 265, x0=34, size=6), line(f"{frame} / 7", 265, x0=345, size=6)]
            items.append(lines)
    got = texts_removed(slides(items, width=363.0, height=272.0))
    assert "0" not in got and {f"{n} / 7" for n in range(1, 8)} <= got


def test_a_long_table_in_the_heads_small_type_goes_on_under_the_head_as_content():
    # A twelve-page report: an 8 pt running head, 10 pt text, and on pages 4-9 a table in the head's own
    # 8 pt type that starts right under the head, its headings repeated at the top of each page. The row
    # under the head is in the head's type, in one place on half the pages: a table's row all the same.
    rng = random.Random(29)
    pages = []
    for n in range(1, 13):
        lines = [line("Annual water quality report", 40, x0=72, size=8), line(str(n), 750, x0=300)]
        if 4 <= n <= 9:
            lines += [line("Site", 70, x0=72, size=8), line("Sample date", 70, x0=200, size=8),
                      line("Nitrate", 70, x0=330, size=8), line("Phosphate", 70, x0=450, size=8)]
            for k in range(50):
                lines += [line(rng.choice(WORDS), 82 + 12 * k, x0=72, size=8),
                          line(f"2026-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}", 82 + 12 * k, x0=200, size=8),
                          line(f"{rng.uniform(5, 40):.1f}", 82 + 12 * k, x0=330, size=8),
                          line(f"{rng.uniform(0, 1):.2f}", 82 + 12 * k, x0=450, size=8)]
            pages.append(Page(n, W, H, tuple(lines)))
        else:
            pages.append(Page(n, W, H, (*lines, *body(rng, top=80))))
    assert texts_removed(pages) == {"Annual water quality report"} | {str(n) for n in range(1, 13)}


def test_a_running_head_names_its_chapter_on_the_chapters_only_page_after_its_opener():
    # A book whose chapters open with their title set large; on the pages after the opener the title
    # comes again as the running head, in the text's size at the top. Most chapters have one page after
    # the opener, so their head repeats nowhere; the titles themselves are the text's.
    rng = random.Random(30)
    titles = ["1 Dredging", "2 Soundings", "3 Buoys", "4 Pilotage", "5 Moorings", "6 Charges"]
    lengths = [2, 3, 2, 2, 2, 2]
    pages: list[Page] = []
    for title, length in zip(titles, lengths, strict=True):
        n = len(pages) + 1
        pages.append(Page(n, W, H, (line(title, 150, size=20), *body(rng, top=200), line(str(n), 750, x0=300))))
        pages += [Page(n + k, W, H, (line(title, 50), *body(rng, top=100), line(str(n + k), 750, x0=300)))
                  for k in range(1, length)]
    got = removed(pages)
    heads = {(p.number, p.lines[0].text) for p in pages if p.lines[0].size == 10}
    assert heads <= got
    assert not any(text in titles and pages[page - 1].lines[0].size == 20 for page, text in got)
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_chapters_title_centred_on_its_opener_in_the_running_heads_type():
    # A novel: each chapter opens on a page with no head, its title centred low over the text in the text's
    # size; the pages after it carry the title as the running head, at the inner side of each page and the
    # folio at the outer (mirrored on facing pages). On the opener the title is the chapter's heading: it
    # does not stand where the head does on the pages of its hand.
    rng = random.Random(65)
    pages: list[Page] = []
    for title in ("The race", "Back to the wall", "The temple", "The rumble"):
        pages.append(Page(len(pages) + 1, W, H, (line(title, 160, x0=280), *body(rng, top=200))))
        for _ in range(4):
            n = len(pages) + 1
            head, folio = (line(title, 40, x0=450), line(str(n), 40, x0=72)) if n % 2 == 0 else \
                (line(title, 40, x0=72), line(str(n), 40, x0=530))
            pages.append(Page(n, W, H, (head, folio, *body(rng, top=80))))
    got = removed(pages)
    assert got == {(p.number, text) for p in pages for text in (p.lines[0].text, p.lines[1].text)
                   if p.lines[0].top == 40}


def test_a_first_pages_letterhead_in_the_words_of_the_other_pages_foot_but_not_a_later_pages_text():
    # A five-page agreement: pages 2 to 4 carry its title and "Page n of 5" at the top and the company's
    # address in two rows at the foot; page 1 swaps them, the address at the top as a letterhead over the
    # text, as low as the other pages' text begins, and the title and "Page 1 of 5" at the foot. The
    # address is the same furniture on every page. The signature page, the last, has neither head nor
    # foot: it opens with the party's name and address in the text, in the same words, and keeps them.
    rng = random.Random(66)
    address = ["Harrow & Vale Ltd, 14 Mill Lane, Ithaca, NY 14850", "Tel: 607.555.0134 www.harrowvale.example"]
    letterhead = (line(address[0], 50, x0=300, size=9), line(address[1], 60, x0=300, size=9))
    foot = (line(address[0], 740, x0=300, size=9), line(address[1], 750, x0=300, size=9))
    pages = [Page(1, W, H, (*letterhead, *body(rng, top=90), line("Contribution Agreement", 750, size=9),
                            line("Page 1 of 5", 750, x0=480, size=9)))]
    pages += [Page(n, W, H, (line("Contribution Agreement", 30, size=9), line(f"Page {n} of 5", 30, x0=480, size=9),
                             *body(rng, top=60), *foot)) for n in (2, 3, 4)]
    pages.append(Page(5, W, H, (*letterhead, *body(rng, top=90, bottom=300))))
    got = removed(pages)
    assert {(1, address[0]), (1, address[1])} <= got
    assert not {(5, address[0]), (5, address[1])} & got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_forms_title_block_that_names_a_web_address_in_a_sentence_is_no_letterhead():
    # A tax form's first page opens with its title block, its rows stacked tight on the form's first fields
    # down the page, one of them a sentence that sends the reader to a web address; the instruction pages
    # after it carry "Form Q-7 (Rev. 3-2024)" and "Page n" at the top. The title block is the form's; a
    # letterhead's contact line gives the address with a few words at most.
    rng = random.Random(67)
    rows = ["Form Q-7", "Request for Taxpayer Identification Number and Certification",
            "Go to www.revenue.example/FormQ7 for instructions and the latest information.",
            "Before you begin. For guidance related to the purpose of Form Q-7, see Purpose of Form, below.",
            "1 Name of entity or individual. An entry is required.", "2 Business name, if different from above."]
    form = [line(text, 34 + 10 * k, x0=36, size=8) for k, text in enumerate(rows)]
    fields = [line(f"{k} {' '.join(rng.choice(WORDS) for _ in range(6))}", 80 + 14 * k, x0=36) for k in range(3, 40)]
    pages = [Page(1, W, H, (*form, *fields))]
    pages += [Page(n, W, H, (line("Form Q-7 (Rev. 3-2024)", 38, x0=36, size=7), line(f"Page {n}", 36, x0=552, size=7),
                             *body(rng, top=57, bottom=740, x0=36))) for n in range(2, 5)]
    got = removed(pages)
    assert not any(page == 1 for page, _ in got)
    assert {(n, f"Page {n}") for n in range(2, 5)} <= got
    # The first page's foot names the form as the other pages' heads do: it says the title block names the
    # form, not that it is a letterhead over its registration details.
    foot = line("Cat. No. 10231X      Form Q-7 (Rev. 3-2024)", 760, x0=400, size=7)
    pages[0] = replace(pages[0], lines=(*pages[0].lines, foot))
    assert {text for page, text in removed(pages) if page == 1} <= {foot.text}


def test_a_letterhead_in_the_running_heads_place_on_each_sections_first_page():
    # A policy in two sections: each section's first page has the association's letterhead where the
    # other pages have the running head (its name in the head's place and type, its address and web
    # address set tight under it), and a registration note in the foot, where the folio goes on the
    # other pages, its last line in the folio's place. As a whole, each block is set apart from the text.
    rng = random.Random(31)
    head = "Expenses and Travel Policy | Version 3.2"
    letterhead = ["NORTHGATE HOUSING ASSOCIATION", "Unit 4, Canal Wharf, Leeds LS11 5PZ", "www.northgate-ha.example"]
    note = ["Registered society no. 30127R, regulated by the Regulator of Social", "Housing."]
    pages = []
    for n in range(1, 11):
        if n in (1, 6):
            top = [line(text, 37 + 12 * k) for k, text in enumerate(letterhead)]
            foot = [line(note[0], 738), line(note[1], 750)]
        else:
            top, foot = [line(head, 37)], [line(f"Page {n} of 10", 750, x0=260)]
        pages.append(Page(n, W, H, (*top, *body(rng, top=100), *foot)))
    got = removed(pages)
    assert {(n, text) for n in (1, 6) for text in [*letterhead, *note]} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_tables_title_in_the_running_heads_place_goes_on_into_its_rows():
    # Where a page has no running head, a table's title may stand in the head's place and type, its rows
    # set tight under it and a gap before the text: the rows reach into the text block, so it is the
    # table's, however far it is from the text.
    rng = random.Random(32)
    head = "Expenses and Travel Policy | Version 3.2"
    pages = []
    for n in range(1, 9):
        if n == 5:
            rows = [line(f"{rng.choice(WORDS)} {rng.choice(WORDS)} {rng.randint(10, 99)}", 49 + 12 * k) for k in range(4)]
            pages.append(Page(n, W, H, (line("Table 4: mileage rates by vehicle", 37), *rows, *body(rng, top=110),
                                        line(f"Page {n} of 8", 750, x0=260))))
        else:
            pages.append(Page(n, W, H, (line(head, 37), *body(rng, top=60), line(f"Page {n} of 8", 750, x0=260))))
    got = removed(pages)
    assert {text for page, text in got if page == 5} == {"Page 5 of 8"}
    assert {(n, head) for n in range(1, 9) if n != 5} <= got


def test_a_first_pages_own_head_beside_a_line_in_the_running_heads_slot():
    # A test paper: the later pages' head names the course and the paper; the first page has a head of
    # its own, the school's name in bold on the left and the term on the right, where the others' head
    # is. The term is in the head's slot; the school's name is on the same line as it.
    rng = random.Random(33)
    pages = []
    for n in range(1, 7):
        if n == 1:
            head = [Line("Ridgeway Academy", (72.0, 44.0, 178.0, 55.0), 11.0, "Times-Bold"),
                    line("Spring term 2026", 44, x0=440, size=11)]
        else:
            head = [line("Year 11 Physics", 44, size=11), line("Unit 3: Forces and motion", 44, x0=234, size=11)]
        pages.append(Page(n, W, H, (*head, *body(rng, top=100), line(f"Page {n} of 6", 750, x0=260))))
    got = removed(pages)
    assert {(1, "Ridgeway Academy"), (1, "Spring term 2026")} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_running_heads_second_part_in_another_face_names_each_pages_section():
    # A user guide's head: the current section's name on the left, in an italic of another typeface, and
    # the guide's title on the right; the name changes from page to page. Only the title repeats, but
    # the name shares its line, set apart from the text like the title. A slide's title beside a logo is
    # larger than the logo, and stays (r-slides in the kit).
    rng = random.Random(34)
    sections = ["1. Before you start", "3. Installing", "4. Daily use", "6. Wireless setup", "8. Troubleshooting"]
    pages = []
    for n, section in enumerate(sections, 1):
        head = [Line(section, (42.0, 25.0, 42.0 + 4.0 * len(section), 33.0), 8.0, "DejaVuSerif-Italic"),
                Line("Thermostat T3", (480.0, 25.0, 540.0, 33.0), 8.0, "DejaVuSans")]
        pages.append(Page(n, W, H, (*head, *body(rng, top=72), line(f"page {n} of 5", 750, x0=280, size=8))))
    got = removed(pages)
    assert {(n, section) for n, section in enumerate(sections, 1)} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_letters_registration_foot_printed_once_and_a_first_pages_footnotes():
    # A two-page letter: under the first page's text, far below it and in small type, the company's
    # registration and bank details, centred under the text; the second page is short and has no foot.
    # Nothing there names a publisher's line, but no other page has text so low. A paper's footnotes
    # under its first page's text are prose that starts at the text's left edge: content.
    rng = random.Random(35)
    registration = "Harbour & Vale Ltd - Company No. 08812345 - VAT GB 294 1182 07"
    bank = "Bank: Northern Mutual, sort code 40-12-76, account 61234987"
    width = 7.5 * 0.5
    foot = [Line(text, ((W - len(text) * width) / 2, top, (W + len(text) * width) / 2, top + 7.5), 7.5, "Helvetica")
            for text, top in ((registration, 748.0), (bank, 758.0))]
    letter = [Page(1, W, H, (*body(rng, top=120, bottom=700), *foot)), Page(2, W, H, tuple(body(rng, top=72, bottom=300)))]
    got = removed(letter)
    assert {(1, registration), (1, bank)} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)
    notes = [line("1 Department of Hydrology, Northern University, the committee reviewed the budget", 720, size=8,
                  x1=532),
             line("2 Corresponding author: the water supply policy and the annual results of the network", 730,
                  size=8, x1=532)]
    paper = [Page(1, W, H, (*body(rng, top=120, bottom=700), *notes)), Page(2, W, H, tuple(body(rng, top=72, bottom=300)))]
    assert not {text for _, text in removed(paper)} & {note.text for note in notes}


def test_a_letterhead_printed_once_above_the_text_block_but_not_a_title_set_high():
    # A three-page letter: the later pages have a small continuation head; the first has the company's
    # letterhead where that head goes, its name on the left and its address ranged right into the margin,
    # set apart from the recipient's address under it. A report's title set as high, centred over its
    # column, stays: it keeps within the text's column.
    rng = random.Random(36)
    name = line("NORTHWIND SURVEYS", 30, size=18)
    address = [line(text, 30 + 11 * k, x0=590 - len(text) * 4.5, size=9)
               for k, text in enumerate(["14 Quay Street", "Bristol BS1 4DJ", "T 0117 496 0000"])]
    recipient = [line(text, 110 + 13.5 * k) for k, text in enumerate(["Ms R. Okafor", "Harbour Board", "Bristol"])]

    def later(n: int) -> Page:
        return Page(n, W, H, (line(f"Ms R. Okafor - 3 March 2026 - Page {n}", 40, size=9), *body(rng, top=72)))

    letter = [Page(1, W, H, (name, *address, *recipient, *body(rng, top=170))), later(2), later(3)]
    got = removed(letter)
    assert {(1, name.text)} | {(1, a.text) for a in address} <= got
    assert not any(page == 1 and (text.startswith(tuple(WORDS)) or text in {r.text for r in recipient})
                   for page, text in got)
    title = [line("ANNUAL REPORT OF THE HARBOUR BOARD", 30, x0=150, size=18),
             line("Prepared for the members, March 2026", 52, x0=200)]
    report = [Page(1, W, H, (*title, *body(rng, top=110))), later(2), later(3)]
    assert not {text for _, text in removed(report)} & {t.text for t in title}
    # Set wider than the column, a title still names the document, as the other pages' running head does.
    wide = line("The Harbour Board", 30, x0=40, size=18, x1=572)
    echoed = [Page(1, W, H, (wide, *body(rng, top=110))),
              *(Page(n, W, H, (line("THE HARBOUR BOARD", 40, size=9), *body(rng, top=72),
                               line(str(n), 750, x0=300))) for n in (2, 3))]
    assert (1, wide.text) not in removed(echoed)
    # Set large, a title may run past the column into the margin as a letterhead's address does; its size
    # says it is the title.
    large = line("Orders by Customer, Northwind Traders", 24, x0=30, size=22, x1=590)
    report = [Page(1, W, H, (large, *body(rng, top=110))), later(2), later(3)]
    assert (1, large.text) not in removed(report)


def test_a_caption_under_a_picture_at_the_foot_of_a_first_page_is_content():
    # A two-page note whose first page ends with a photograph and its caption, centred under it in small
    # type; the second page is short. The caption lies lower than any text of the other page, set apart
    # from the text above by the picture: it is the picture's, not a foot printed once.
    rng = random.Random(37)
    caption = line("Figure 1: the pumping station seen from the north bank, 1931", 742, x0=186, size=8)
    first = Page(1, W, H, (*body(rng, top=72, bottom=560), caption), pictures=((150.0, 575.0, 462.0, 735.0),))
    pages = [first, Page(2, W, H, tuple(body(rng, top=72, bottom=300)))]
    assert caption.text not in {text for _, text in removed(pages)}


def test_a_two_page_letters_continuation_head_that_ends_with_its_page_number():
    # The second page of a two-page letter opens with the addressee, the date and the page in one small
    # line: printed once, its number closes it. A heading of the text's size that ends with the same
    # number stays.
    rng = random.Random(38)
    head = "M. Julien Carrel - 9 February 2026 - Page 2"
    pages = [Page(1, W, H, tuple(body(rng, top=120, bottom=700))),
             Page(2, W, H, (line(head, 38, size=8), *body(rng, top=92, bottom=400)))]
    assert removed(pages) == {(2, head)}
    heading = "Results of the survey of 2"
    pages = [Page(1, W, H, tuple(body(rng, top=120, bottom=700))),
             Page(2, W, H, (line(heading, 38), *body(rng, top=92, bottom=400)))]
    assert removed(pages) == set()


def test_a_two_page_letters_letterhead_set_large_reaches_below_where_its_second_page_starts():
    # The second page's head (the addressee and "Page 2") is printed once, so the text block starts there;
    # the letterhead's name, set large, begins above it and ends below it. Its address, ranged right into
    # the margin, goes with it.
    rng = random.Random(39)
    name = line("HARBORLINE", 27, x0=58, size=22)
    address = [line(text, 31 + 11 * k, x0=555 - len(text) * 4.25, size=8.5)
               for k, text in enumerate(["2270 Front Street", "Portland, ME 04101"])]
    pages = [Page(1, W, H, (name, *address, *body(rng, top=120, bottom=700))),
             Page(2, W, H, (line("Ms. Dana Whitcomb", 36, size=8.5), line("Page 2", 36, x0=513, size=8.5),
                            *body(rng, top=120, bottom=400)))]
    got = removed(pages)
    assert {(1, name.text)} | {(1, a.text) for a in address} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_continuation_head_in_the_texts_size_that_names_the_letterhead():
    # A two-page quotation: the firm's letterhead and its registration at the foot of the first page, and
    # on the second a head in the text's own size that names the firm. A heading there that names nothing
    # printed around the pages, or is set larger, is the text's.
    rng = random.Random(53)
    first = [line("ATELIER BRISSON", 30, size=20), line("Joinery, fitting and restoration", 56, size=9),
             line("Atelier Brisson SARL, 14 rue des Tanneurs, 69001 Lyon, SIRET 512 884 117", 760, size=7)]
    for head, furniture in ((line("Atelier Brisson - Quotation D-311 (continued)", 40), True),
                            (line("Schedule of works (continued)", 40), False),
                            (line("Atelier Brisson - Conditions", 40, size=16), False)):
        pages = [Page(1, W, H, (*first, *body(rng, top=130, bottom=700))),
                 Page(2, W, H, (head, *body(rng, top=80, bottom=400)))]
        got = removed(pages)
        assert {(1, f.text) for f in first} <= got
        assert ((2, head.text) in got) is furniture


def test_a_letterhead_down_the_right_margin_of_the_first_page_but_not_margin_notes():
    # A two-page letter whose letterhead is a column beside the text: the firm's name at the top, above
    # the text, its address, numbers and partners down the margin. A column of notes that begins beside the
    # text, one without an address, or one whose margin the next page uses too, is the text's.
    rng = random.Random(41)
    head = [line("Harrow & Vale", 40, x0=546, size=12), line("Landscape Architects", 56, x0=546, size=7)]
    address = [line(text, 200 + 10 * k, x0=546, size=7) for k, text in enumerate(
        ["212 Orchard Street", "Portland, OR 97205", "T 503 555 0148", "studio@hv.example", "Partners", "I. Harrow, PLA"])]
    note = line("see the survey", 400, x0=546, size=7)

    def letter(column: list[Line], second: tuple[Line, ...] = ()) -> list[Page]:
        return [Page(1, W, H, (*column, *body(rng, top=120, bottom=700))),
                Page(2, W, H, (*second, *body(rng, top=72, bottom=400)))]

    column = [*head, *address]
    got = removed(letter(column))
    assert {(1, c.text) for c in column} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)
    for pages in (letter(address), letter([*head, *address[:2], *address[4:]]), letter(column, (note,))):
        assert not {(1, c.text) for c in column} & removed(pages)


def test_a_letters_foot_in_columns_or_ranged_left_is_furniture_and_a_marked_footnote_is_not():
    # Two-page letters: one foot in three columns of three rows (a table to the eye, but of small print
    # in the page's own foot zone), one of three lines ranged left at the text's edge. Neither starts with
    # a note's mark; a footnote ranged the same way does, and stays.
    rng = random.Random(40)
    columns = [line(f"{label} {k}", 740 + 9 * k, x0=x0, size=8) for k in range(3)
               for label, x0 in (("Partner register no.", 57.0), ("www.brandt-oehlers.example", 234.0), ("IBAN DE12", 403.0))]
    ranged = [line(text, 745 + 9 * k, size=7.5) for k, text in
              enumerate(["Fernhill Joinery Ltd. Registered in England and Wales, company no. 09338142.",
                         "VAT reg. no. GB 214 7790 36, Lloyds Bank, sort code 30-96-41",
                         "Member of the British Woodworking Federation."])]
    for foot, full in ((columns, 1), (ranged, 0)):
        # (With a full page between, the block ends above the foot, which names a web address: its columns
        # are still no table of the text's.)
        pages = [Page(1, W, H, (*body(rng, top=120, bottom=700), *foot)),
                 *(Page(2 + k, W, H, tuple(body(rng, top=72, bottom=700))) for k in range(full)),
                 Page(2 + full, W, H, tuple(body(rng, top=72, bottom=300)))]
        got = removed(pages)
        assert {(1, f.text) for f in foot} <= got
        assert not any(text.startswith(tuple(WORDS)) for _, text in got)
    note = line("* The committee reviewed the budget of the water supply network in 2025.", 745, size=7.5)
    pages = [Page(1, W, H, (*body(rng, top=120, bottom=700), note)), Page(2, W, H, tuple(body(rng, top=72, bottom=300)))]
    assert (1, note.text) not in removed(pages)


def test_a_journals_citation_block_in_the_first_pages_head_but_not_a_title_over_the_text():
    # An article's first page has, where the other pages carry the running head (the journal's name and the
    # folio), the journal's citation in small print: its publisher, its name, its volume and its DOI. It
    # names the journal the running heads name, as a title does, but it cites the article: furniture. A
    # title set large in the same place, however it repeats the heads' words, stays.
    rng = random.Random(43)
    citation = [line("Hindmarsh Publishing Corporation", 44, x0=50, size=8),
                line("Annals of Rehabilitation Practice", 54, x0=50, size=8),
                line("Volume 2010, Article ID 157939, 6 pages", 63, x0=50, size=8),
                line("doi:10.1155/2010/157939", 73, x0=50, size=8)]
    heads = [[line(str(n), 44, x0=50), line("Annals of Rehabilitation Practice", 44, x0=400)] for n in range(2, 7)]
    pages = [Page(n, W, H, (*(citation if n == 1 else heads[n - 2]), *body(rng, top=73 if n > 1 else 140)))
             for n in range(1, 7)]
    got = removed(pages)
    assert {(1, text.text) for text in citation} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)
    title = [line("Annals of Rehabilitation Practice", 44, x0=50, size=18)]
    pages = [Page(n, W, H, (*(title if n == 1 else heads[n - 2]), *body(rng, top=73 if n > 1 else 140)))
             for n in range(1, 7)]
    assert (1, title[0].text) not in removed(pages)


def test_a_journals_citation_line_under_the_height_of_the_other_pages_heads_is_the_first_pages_own_head():
    # The first page's citation in small print stands a line lower than the other pages' heads (the folio
    # and the authors), over the article's title: it cites the article wherever it stands over the text.
    rng = random.Random(44)
    citation = [line("Biodiversity Information Science and Standards 3: e38084", 52, x0=140, size=7),
                line("doi: 10.3897/biss.3.38084", 62, x0=140, size=7)]
    heads = [[line(str(n), 38, x0=50, size=8), line("Groom Q et al", 38, x0=280, size=8)] for n in range(2, 8)]
    pages = [Page(n, W, H, (*(citation if n == 1 else heads[n - 2]), *body(rng, top=73 if n > 1 else 140)))
             for n in range(1, 8)]
    got = removed(pages)
    assert {(1, text.text) for text in citation} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_letterhead_centred_in_the_column_says_what_it_is_but_a_publishers_banner_is_not_in_the_heads_place():
    # A two-page letter whose letterhead is centred over the text: the firm's name, its street, and after a
    # wider gap its telephone and e-mail, all above where the second page's text starts. Within the column,
    # it says what it is by its e-mail address. An article's first page has a publisher's banner with its
    # web address at the top, but the article's running heads stand lower, close over the text: the
    # banner is not in their place, and stays.
    rng = random.Random(41)

    def centred(text: str, top: float, size: float = 9.0) -> Line:
        return line(text, top, x0=(W - len(text) * size * 0.5) / 2, size=size)

    letterhead = [centred("Kanzlei Brandt & Oehlers", 24, 16), centred("Rosenstrasse 14, 04109 Leipzig", 42),
                  centred("Telefon 0341 556 210, kanzlei@brandt-oehlers.example", 63)]
    pages = [Page(1, W, H, (*letterhead, *body(rng, top=130, bottom=700))),
             Page(2, W, H, (line("Seite 2", 40, x0=500, size=9), *body(rng, top=90, bottom=400)))]
    got = removed(pages)
    assert {(1, text.text) for text in letterhead} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)
    # Without the e-mail it names what its own foot names, the firm's registration under the text.
    foot = line("Kanzlei Brandt & Oehlers PartG, Amtsgericht Leipzig PR 1234", 760, size=7)
    pages = [Page(1, W, H, (*letterhead[:2], *body(rng, top=130, bottom=700), foot)),
             Page(2, W, H, (line("Seite 2", 40, x0=500, size=9), *body(rng, top=90, bottom=400)))]
    assert {(1, text.text) for text in [*letterhead[:2], foot]} <= removed(pages)
    # Without either, its small print says it is a letterhead, where it ends above the second page's text;
    # a title over the text, as high, has none.
    high = Page(2, W, H, (line("Seite 2", 40, x0=500, size=9), *body(rng, top=75, bottom=400)))
    small = [letterhead[0], centred("Rosenstrasse 14, 04109 Leipzig", 42, 8)]
    for head, furniture in ((small, True), ([centred("Protokoll der Versammlung", 34, 16)], False)):
        got = removed([Page(1, W, H, (*head, *body(rng, top=130, bottom=700))), high])
        assert ({(1, text.text) for text in head} <= got) is furniture
    banner = [centred("The current issue of this journal is available at", 36, 7.5),
              centred("www.journal-archive.example/0142-5455.htm", 46, 7.5)]
    article = [Page(n, W, H, (*(banner if n == 1 else [line("Shift work interventions", 70, x0=300, size=11)]),
                              *body(rng, top=90)))
               for n in range(1, 7)]
    assert not {text for _, text in removed(article)} & {b.text for b in banner}


def test_a_letterheads_rows_past_a_gap_lie_above_where_the_next_page_starts_but_not_the_address_window():
    # A two-page letter whose second page has a tall head zone: "Page 2 of 2" at the top, the text from
    # 130 pt. The first page's letterhead (the firm's name, its contact line ranged right into the margin)
    # is furniture; the return address in small print and the recipient under it, in the envelope's
    # window, reach below where the second page's text starts, and stay.
    rng = random.Random(42)
    letterhead = [line("KALVERKAMP SURVEYING", 38, size=24),
                  line("Harbour Street 41, 28217 Bremen, info@kalverkamp.example", 66, x0=300, size=8.5)]
    window = [line("Kalverkamp Surveying, Harbour Street 41, 28217 Bremen", 128, size=7),
              *(line(text, 140 + 14.5 * k, size=11) for k, text in enumerate(["Town of Lilienthal", "Building office",
                                                                                "Monastery Street 16"]))]
    pages = [Page(1, W, H, (*letterhead, *window, *body(rng, top=230, bottom=700))),
             Page(2, W, H, (line("Page 2 of 2", 35, x0=490, size=8.5), *body(rng, top=130, bottom=400)))]
    got = removed(pages)
    assert {(1, text.text) for text in letterhead} <= got
    assert not {(1, text.text) for text in window} & got


def test_a_short_documents_head_beside_its_page_number_printed_once():
    # A two-page memo: the second page's head holds the memo's number and subject beside "Page 2", printed
    # once. The text block of so short a document starts at that head, so the row is asked at the edge and
    # set apart from the text, as its page number is.
    rng = random.Random(43)
    head = "Memo 2026-14 - pumping capacity of the Oosterwolde polder"
    pages = [Page(1, W, H, tuple(body(rng, top=120, bottom=700))),
             Page(2, W, H, (line(head, 33, size=8), line("Page 2", 33, x0=510, size=8), *body(rng, top=144, bottom=400)))]
    assert removed(pages) == {(2, head), (2, "Page 2")}


def test_a_head_printed_on_a_short_documents_later_page_only_but_not_a_heading_or_a_charts_title():
    # Two-page documents printed without a header on the first page: a memo whose second page has its
    # head in two parts across the column, in the text's size, and minutes whose second page has one
    # centred line in small type. Each ends above where the first page's text starts, set apart from the
    # text under it. A heading in the text's size opening the second page stays, and so does a chart's
    # small title over its picture.
    rng = random.Random(43)
    memo_head = [line("Riverbend Water District", 40), line("Memo 2026-14", 40, x0=470, x1=532)]
    minutes_head = [line("Condominium Via dei Mille 48 - Minutes of 12 March 2026", 37, x0=180, size=8)]
    for head in (memo_head, minutes_head):
        pages = [Page(1, W, H, (line("MEMORANDUM", 72, x0=240, size=16), *body(rng, top=106, bottom=700))),
                 Page(2, W, H, (*head, *body(rng, top=76, bottom=400)))]
        assert removed(pages) == {(2, h.text) for h in head}
    heading = line("Recommendations of the committee", 40)
    pages = [Page(1, W, H, tuple(body(rng, top=72, bottom=700))), Page(2, W, H, (heading, *body(rng, top=76, bottom=400)))]
    assert removed(pages) == set()
    title = line("Figure 2: water supply by district", 40, x0=200, size=8)
    chart = Page(2, W, H, (title, *body(rng, top=260, bottom=400)), pictures=((150.0, 55.0, 462.0, 245.0),))
    pages = [Page(1, W, H, tuple(body(rng, top=72, bottom=700))), chart]
    assert removed(pages) == set()


def test_a_first_pages_foot_in_small_print_over_the_page_number_of_a_text_set_in_eight_and_a_half_points():
    # A two-page quotation set in 8.5 pt: its first page ends with the firm's registration details in 7 pt,
    # over "Page 1/2". The body is 8.5 pt, not 8: against it the foot is small print, and the page number
    # found under it is part of the foot zone, not a row that ends it.
    rng = random.Random(44)

    def text(top: float, bottom: float) -> list[Line]:
        return [line(" ".join(rng.choice(WORDS) for _ in range(14)), y, size=8.5, x1=540)
                for y in range(int(top), int(bottom), 12)]

    foot = [line(f"Atelier Brisson SARL, registration {k} 512 884 117, IBAN FR76 1027 8073 {k}", 740 + 9 * k, x0=90,
                 size=7) for k in range(3)]
    pages = [Page(1, W, H, (*text(72, 700), *foot, line("Page 1/2", 775, x0=500, size=8))),
             Page(2, W, H, (*text(72, 400), line("Page 2/2", 775, x0=500, size=8)))]
    got = removed(pages)
    assert {(1, f.text) for f in foot} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_short_papers_first_page_band_in_two_parts_above_where_the_other_pages_start():
    # A three-page working paper whose later pages have only folios at the foot: its first page has the
    # institute's band, the name on the left and the series on the right, above where the other pages'
    # text starts and set apart from the title under it. The title, set as high on another paper, stays.
    rng = random.Random(45)
    band = [line("INSTITUTE OF ANDEAN HYDROLOGY", 49, x0=74, size=11),
            line("Working paper IHA-WP 2026/03", 50, x0=400, size=9, x1=530)]
    title = line("Changes in the flow regime of the upper basin", 49, x0=74, size=17)

    def paper(head: list[Line]) -> list[Page]:
        return [Page(1, W, H, (*head, *body(rng, top=116, bottom=700))),
                *(Page(n, W, H, (*body(rng, top=74, bottom=700), line(str(n), 750, x0=300))) for n in (2, 3))]

    got = removed(paper(band))
    assert {(1, b.text) for b in band} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)
    assert (1, title.text) not in removed(paper([title]))


def test_a_letterheads_contact_row_in_small_print_set_apart_under_it_and_over_the_text():
    # A three-page order form: the later pages have a small head and start with a table's headings close
    # under it. The first page's band (the firm's name, the form's line, and after a wider gap its address
    # and e-mail in small print, set apart from the heading under it too) reaches below where the other
    # pages' text starts: the small row alone between two wide gaps is still the band's.
    rng = random.Random(46)
    band = [line("LIPOVA NURSERY", 38, size=18), line("Form Z-07 - Order of seedlings - valid from 1 February 2026", 58,
                                                       size=9),
            line("Lipova 118, 783 22 Cholina - orders@lipova-nursery.example", 80, size=8)]
    heading = line("Order of seedlings for the spring season", 125, size=14)

    def later(n: int) -> Page:
        cells = [line(text, 64, x0=x0) for text, x0 in (("Code", 57), ("Plant", 153), ("Variety", 250), ("Price", 346))]
        return Page(n, W, H, (line("Lipova Nursery - order of seedlings, spring 2026", 37, size=8), *cells,
                              *body(rng, top=78, bottom=700), line(f"Page {n} of 3", 760, x0=480)))

    pages = [Page(1, W, H, (*band, heading, *body(rng, top=144, bottom=700), line("Page 1 of 3", 760, x0=480))),
             later(2), later(3)]
    got = removed(pages)
    assert {(1, b.text) for b in band} <= got
    assert (1, heading.text) not in got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_the_last_rows_of_one_form_on_every_page_far_over_its_foot_are_the_forms():
    # One precinct's form a page: the same contests in the same order, each its title, its candidates and
    # its totals, the votes changing, and the footer far below the last contest. The last contest's rows
    # repeat in one place as a foot does, but they lie nearer each other and the contests over them than
    # the footer beyond them: they are the form's.
    rng = random.Random(59)
    contests = [("Republican for U.S. Senate", ["BECKY EDWARDS", "ALLY ISOM", "MIKE LEE"]),
                ("Republican for U.S. House", ["CHRISTOPHER HERROD", "JOHN CURTIS"]),
                ("Republican for County Commission", ["BART HASLEM", "JOHN LAURSEN"]),
                ("Republican for County Assessor", ["SONJA NORTON", "WILLIS LEFEVRE", "WAYNE SIMPER"])]
    pages = []
    for n in range(1, 7):
        lines = [line("Summary Results Report", 30), line("Canvass Report", 30, x0=450),
                 line("Uintah County, Utah", 45), line(f"Precinct {n}", 80, size=13),
                 line(f"{rng.randint(300, 900)}", 120, x0=60, size=8), line("Registered Voters", 120, x0=120, size=8)]
        y = 160.0
        for title, names in contests:
            lines += [line(title, y, size=8), line("Vote For 1", y + 13, size=6.4), line("TOTAL", y + 23, x0=60, size=8)]
            y += 43
            for name in [*names, "Total Votes Cast", "Contest Totals"]:
                lines += [line(str(rng.randint(10, 300)), y, x0=60, size=8), line(name, y, x0=120, size=8)]
                y += 13.2
            y += 12
        lines += [line(f"Page {n} of 6", 760, size=8), line("Precinct Summary - 07/08/2022 03:18PM", 760, x0=400, size=8)]
        pages.append(Page(n, W, H, tuple(lines)))
    got = texts_removed(pages)
    assert {f"Page {n} of 6" for n in range(1, 7)} <= got
    assert not got & {"SONJA NORTON", "WAYNE SIMPER", "Contest Totals", "Total Votes Cast", "TOTAL", "Vote For 1",
                      "Republican for County Assessor"}


def test_page_numbers_that_count_the_printed_pages_of_each_file_two_to_a_sheet():
    # Two files printed two pages to a landscape sheet, each page under its own head: the date, the file's
    # name, and "Page 2/5", counted anew for each file, so that no number names its sheet or the sheets'
    # count. In the order of the sheets each count runs from 1 to its total: they are page numbers, though
    # each head row has six parts in the text's size (in another typeface than the listing's, outside the
    # text block), and on the second sheet and the last, which holds one page, the text starts close under
    # its head. With the numbers go the dates and names beside them, on those sheets too: a row in a
    # typeface of its own that holds the page's number is no diagram's first row, nor a table's.
    rng = random.Random(47)
    width, height = 842.0, 595.0
    printed = [("notes.txt", n, 5) for n in range(1, 6)] + [("setup.py", n, 4) for n in range(1, 5)]
    sheets = [printed[k:k + 2] for k in range(0, len(printed), 2)]
    pages = []
    for number, sheet in enumerate(sheets, 1):
        lines = [line("Printed by root", 26, x0=700, size=9)]
        for half, (name, n, total) in enumerate(sheet):
            x = 27.0 + 403 * half
            head = [line("Dec 04, 26 23:06", 46, x0=x + 6, size=9), line(name, 45, x0=x + 180, size=11),
                    line(f"Page {n}/{total}", 46, x0=x + 344, size=9, x1=x + 380)]
            lines += [replace(h, font="Helvetica") for h in head]
            lines += [replace(line(" ".join(rng.choice(WORDS) for _ in range(8)), y, x0=x, size=8, x1=x + 360),
                              font="Courier") for y in range(59 if number in (2, len(sheets)) else 67, 555, 8)]
        pages.append(Page(number, width, height, tuple(lines)))
    got = removed(pages)
    assert {(sheet, f"Page {n}/{total}") for sheet, items in enumerate(sheets, 1) for _, n, total in items} <= got
    assert {(sheet, text) for sheet, items in enumerate(sheets, 1) for name, _, _ in items
            for text in (name, "Dec 04, 26 23:06")} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_head_of_the_guides_name_and_each_pages_section_in_every_pages_first_row():
    # A guide whose head names it and the page's section, in the text's size, set apart over the text on
    # every page: no two pages' heads are the same, and the head is every page's first row, so the text
    # block reaches up to it. Its fixed part says it is furniture; lines of words of their own in that
    # place (a slide's or a chapter's first line, set apart the same way) stay.
    sections = ["Installation", "Configuration", "Daily use", "Troubleshooting", "Backups", "Upgrades"]
    for head, furniture in (("Workshop guide — {}", True), ("{}", False)):
        tops = [[line(head.format(section), 40, x0=230)] for section in sections]
        got = removed(pages_of(tops, seed=49))
        heads = {(n, head.format(section)) for n, section in enumerate(sections, 1)}
        assert heads <= got if furniture else not heads & got
        assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_charts_label_beside_the_text_over_its_scale_is_no_side_head():
    # Pages of a report with a chart beside the text: its legend's label near the top, the same on every
    # page, and its scale down the same margin, deep in the page. Counting the scale, the column beside the
    # text holds many lines: a chart's, not a side head's.
    rng = random.Random(50)
    pages = []
    for n in range(1, 7):
        chart = [line("km/h avg", 110, x0=430, size=8)] + [line(str(10 * k), 300 + 30 * k, x0=430, size=8)
                                                           for k in range(5)]
        text = [line(" ".join(rng.choice(WORDS) for _ in range(9)), y, x1=400) for y in range(100, 700, 14)]
        pages.append(Page(n, W, H, (*chart, *text, line(str(n), 750, x0=300))))
    got = texts_removed(pages)
    assert got == {str(n) for n in range(1, 7)}


def test_a_short_documents_heading_that_names_its_pages_number_is_no_folio():
    # A form of three pages under one head, each page a part of it: "Part 2 Household" opens page 2 in
    # type larger than the text, where a short document's "Page 2" would be furniture in the text's size.
    rng = random.Random(51)
    parts = {1: "Part 1 Applicant", 2: "Part 2 Household", 3: "Part 3 Declarations"}
    pages = [Page(n, W, H, (line("Town of Vila Nova - Licensing", 40, size=9), line(parts[n], 60, size=14),
                            *body(rng, top=110, bottom=400))) for n in range(1, 4)]
    got = texts_removed(pages)
    assert "Town of Vila Nova - Licensing" in got
    assert not got & set(parts.values())


def test_two_pages_to_a_sheet_one_above_the_other():
    # A ten-page manual printed two pages to a sheet, one above the other: each page's foot lies in the
    # middle of its sheet or at its foot, the lower page's head in the middle. Chapters open on pages 2, 5
    # and 8 with their folio at the foot; the other pages have a head that names the section and holds the
    # folio close beside it, in the text's size, as every page's first row (the text block reaches up to
    # it), and the manual's name at the foot.
    rng = random.Random(52)
    width, height = 595.0, 842.0  # A4 sheets of two A5 pages
    half = height / 2
    printed: dict[int, list[Line]] = {1: [line("Northfield Field Manual", 100, x0=200, size=17)]}
    furniture: dict[int, list[Line]] = {}
    sections = {3: "1.2 Pumps: part 2", 4: "Pumps and valves", 6: "Metering", 7: "2.3 Metering: part 3",
                9: "3.2 Winter service: part 2", 10: "Winter service"}

    def italic(text: str, x0: float) -> Line:  # the section's name in its own face, beside the folio
        return replace(line(text, 15, x0=x0, size=7), font="Times-Italic")

    for n in range(2, 11):
        if n in (2, 5, 8):
            top, head, foot = 80.0, [line(f"Chapter {n // 3 + 1}", 40, x0=185, size=14)], [line(str(n), 398, x0=300, size=7)]
            printed[n] = head
        else:
            top, foot = 35.0, [line("Northfield Field Manual - edition 2024", 398, x0=250, size=5.6)]
            head = [italic(f"{n} {sections[n]}", 177)] if n == 10 else \
                [line(str(n), 15, x0=177, size=7), italic(sections[n], 186)] if n % 2 == 0 else \
                [italic(sections[n], 407 - len(sections[n]) * 3.5), line(str(n), 15, x0=412, size=7)]
            furniture[n] = head
        furniture[n] = furniture.get(n, []) + foot
        text = [line(" ".join(rng.choice(WORDS) for _ in range(10)), y, x0=185, size=7, x1=418)
                for y in range(int(top), 386, 8)]
        printed[n] = printed.get(n, []) + furniture[n] + text
    sheets = [Page(k, width, height, tuple(replace(ln, box=(ln.box[0], ln.box[1] + half * (n % 2 == 0), ln.box[2],
                                                        ln.box[3] + half * (n % 2 == 0)))
                                  for n in (2 * k - 1, 2 * k) for ln in printed[n])) for k in range(1, 6)]
    got = removed(sheets)
    assert got == {((n + 1) // 2, ln.text) for n, lines in furniture.items() for ln in lines}


def test_a_tables_headings_wrapped_over_several_lines_at_the_top_of_each_page_are_kept():
    # A landscape table of features runs over six pages, its headings repeated at the top of each: some
    # heading cells wrapped over two lines, so that the row under the first line of headings holds one or
    # two of their ends, in the headings' own columns. The rows of the table share those columns: the
    # headings are the table's. The footer under it is furniture.
    rng = random.Random(54)
    width, height = 842.0, 595.0
    headings = [line("Feature Name", 62, x0=60, size=9), line("Feature ID Feature Setting (top-most Example", 62, x0=173,
                                                                 size=9, x1=376),
                line("Implementation", 64, x0=641, size=9), line("in each section is default)", 72, x0=224, size=9),
                line("Notes", 76, x0=641, size=9)]
    pages = []
    for n in range(1, 7):
        rows = [cell for y in range(95, 520, 44) for cell in (
            line(rng.choice(WORDS).title(), y, x0=60, size=9), line(f"cv{rng.randint(10, 99)}", y, x0=173, size=9),
            line(f"0={rng.choice(WORDS)}", y, x0=224, size=9), line("G,O,T", y, x0=641, size=9),
            line(f"(U+{rng.randint(1536, 1791):04X})", y + 10, x0=60, size=6),
            line(" ".join(rng.choice(WORDS) for _ in range(6)), y + 10, x0=224, size=6))]
        foot = [line("Font Features for Scheherazade 2.100", 560, x0=60, size=8), line(f"Page {n}", 560, x0=740, size=8)]
        pages.append(Page(n, width, height, (*headings, *rows, *foot)))
    got = texts_removed(pages)
    assert got == {"Font Features for Scheherazade 2.100"} | {f"Page {n}" for n in range(1, 7)}


def test_a_numbering_that_restarts_in_collated_documents_counts_on_two_pages_too():
    # Two documents collated in one file, each numbered from 1 at the foot in one style: the first has two
    # numbered pages only, too few for a run of its own, and its folios are set larger than the second's,
    # but they keep the shape and place of the second's.
    folios = {2: 1, 3: 2, 5: 1, 6: 2, 7: 3}
    pages = pages_of([[line(f"-{folios[n]}-", 745, x0=300, size=12 if n < 4 else 10)] if n in folios else []
                      for n in range(1, 8)], seed=55)
    assert removed(pages) == {(n, f"-{value}-") for n, value in folios.items()}


def test_a_head_that_names_its_section_beside_the_folio_on_one_page_only():
    # A booklet whose chapters open on a page without a head; the even pages' head is the folio and the
    # booklet's title, and the one odd page that is no chapter's first has a head block of its own: the
    # booklet's name in small type over the chapter's name and its folio ("Contacts 9", in the text's size,
    # in no slot of the even heads). Its words are those of the chapter's heading "4 Contacts" without the
    # numbers, and the small line's those of the title.
    rng = random.Random(48)
    chapters = {1: "1 Intake", 3: "2 Storage", 5: "3 Distribution", 7: "4 Contacts"}
    pages = []
    for n in range(1, 11):
        top: list[Line] = []
        if n in chapters:
            top = [line(chapters[n], 110, size=16)] + [line("FOOD BANK DE KEMPEN", 60, size=20)] * (n == 1)
        elif n % 2 == 0:
            top = [line(str(n), 40, size=9), line("Volunteer handbook", 40, x0=90, size=9)]
        else:
            top = [line("Food bank De Kempen", 28, x0=470, size=8), line(f"Contacts {n}", 40, x0=480)]
        bottom = [line(str(n), 750, x0=300, size=9)] if n in chapters else []
        pages.append(Page(n, W, H, (*top, *bottom, *body(rng, top=140 if n in chapters else 72, bottom=700))))
    got = removed(pages)
    assert {(9, "Food bank De Kempen"), (9, "Contacts 9")} <= got
    assert not {(n, text) for n, text in got if n in chapters and not text.isdigit()}


def test_a_sheets_footer_far_under_its_last_row_is_no_row_of_its_table_where_its_parts_meet_its_columns():
    # A spreadsheet printed on five pages, each page rows of seven cells to its foot; under them, far
    # below, the footer: the file's name, "Page n of 5" and "Internal use". On one page a cell of the last
    # row happens to end where "Page 2 of 5" ends, and others start and end where the footer's other
    # parts do: the footer is still no row of the table there.
    rng = random.Random(49)
    pages = []
    for n in range(1, 6):
        rows = []
        for k in range(70):
            y = 80 + 9.8 * k
            label = "Belts" if (n == 2 and k == 69) else rng.choice(["Gaskets", "Filters", "Bearings"])
            cells = [(f"RIC-{n}{k:03d}", 54.6), (rng.choice(WORDS), 100.1), (label, 318.0 - 3.5 * len(label)),
                     (f"Shelf D{k % 9}", 345.8), (str(rng.randint(1, 99)), 417.4), (f"{rng.randint(100, 999)}.50", 460.7),
                     (f"{rng.randint(1000, 9999)}.74", 508.5)]
            rows += [line(c[0], y, x0=c[1], size=7) for c in cells]
        foot = [line("inventory.xlsx", 800, x0=54.0, size=5.2), line(f"Page {n} of 5", 800, x0=277.6, size=5.9, x1=318.0),
                line("Internal use", 800, x0=509.7, size=5.2)]
        pages.append(Page(n, 595, 842, (*rows, *foot)))
    got = removed(pages)
    assert {(n, text) for n in range(1, 6) for text in ("inventory.xlsx", f"Page {n} of 5", "Internal use")} <= got


def test_a_running_head_that_changes_on_every_page_keeps_its_place():
    # A manual whose head names the section each page is in, a different one on every page after the title
    # page and the first chapter's opening: on odd pages the section on the left and the product on the
    # right (on one page drawn "T idewell", split where it is kerned), on even pages one line across the
    # column, the product, a run of spaces and the section. At one height, in the text's size and set apart
    # from the text, the heads hardly repeat and the even ones share no slot, but they keep their place.
    rng = random.Random(50)
    sections = ["", "", "Installation", "Upgrading", "Configuration", "Logging", "Backups", "Monitoring"]

    def head(n: int) -> list[Line]:
        if n < 3:
            return []
        if n % 2:
            return [line(sections[n - 1], 40), line("T idewell 4.2" if n == 5 else "Tidewell 4.2", 40, x0=472, x1=532)]
        return [line(f"Tidewell 4.2{' ' * 60}{sections[n - 1]}", 40, x1=532)]

    opening = {1: [line("TIDEWELL 4.2 ADMINISTRATOR'S MANUAL", 200, size=20)], 2: [line("1. Introduction", 100, size=14)]}
    pages = [Page(n, W, H, (*head(n), *opening.get(n, []), *body(rng, top=300 if n == 1 else 130 if n == 2 else 88,
                                                                   bottom=700)))
             for n in range(1, 9)]
    got = removed(pages)
    assert {(n, h.text) for n in range(1, 9) for h in head(n)} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_letterhead_that_names_the_firm_of_the_first_pages_own_foot_where_no_other_page_has_a_head():
    # A two-page invoice: no running head on its second page, so no head's place to compare with. Its first
    # page has the firm's name and trade over the recipient, set apart from it, and its own foot of small
    # print that names the firm again with its registration: the head names what the foot names. A report
    # whose first page has such a foot keeps its title, which names something else.
    rng = random.Random(51)
    foot = [line(text, 760 + 9 * k, x0=90, size=7) for k, text in
            enumerate(["Norrsken Ljusteknik AB, Verkstadsgatan 11, 903 27 Umea, order@norrsken.example",
                       "Bankgiro 5521-7708, Org.nr 556812-4430, approved for F-tax"])]
    head = [line("Norrsken Ljusteknik", 42, size=24), line("Lighting for stages, museums and public spaces", 71, size=9)]

    def document(top: list[Line]) -> list[Page]:
        return [Page(1, W, H, (*top, *(line(t, 127 + 14 * k) for k, t in enumerate(["Regional museum", "Box 3183"])),
                               *body(rng, top=180, bottom=700), *foot)),
                Page(2, W, H, (*body(rng, top=62, bottom=400), line("Page 2 of 2", 780, x0=280, size=9)))]

    got = removed(document(head))
    assert {(1, h.text) for h in head} | {(1, f.text) for f in foot} <= got
    assert not any(text.startswith(tuple(WORDS)) or text in ("Regional museum", "Box 3183") for _, text in got)
    title = [line("Annual report of the regional museum", 42, size=24)]
    assert (1, title[0].text) not in removed(document(title))


def test_a_foot_row_of_labels_colons_a_date_and_the_folio_close_under_the_text_is_the_footer():
    # A safety data sheet's foot: one row of labels, each with its colon drawn apart and its value (a code,
    # the sheet's number, the date of issue), closed by the folio, and the number again under it; set as
    # large as the text and a little apart from it. Many parts and a date among them: still no table's row,
    # for the page's number stands in it beside words.
    n = 8

    def foot(k: int) -> list[Line]:
        parts = [("Code #", 34), (":", 86), ("FF371752_5", 96), ("SDS #", 201), (":", 259), ("371752PSDS v3.0", 269),
                 ("Date of issue", 357), (":", 431), ("13/10/2014.", 442), (f"{k}/{n}", 541)]
        return [line(text, 751.5, x0=x0) for text, x0 in parts] + [line("(371752PSDS v3.0)", 762.8, x0=96)]
    pages = pages_of([foot(k) for k in range(1, n + 1)], seed=55, bottom=740)
    got = removed(pages)
    words = {"Code #", "FF371752_5", "SDS #", "371752PSDS v3.0", "Date of issue", "13/10/2014.", "(371752PSDS v3.0)"}
    assert {(k, text) for k in range(1, n + 1) for text in words | {f"{k}/{n}"}} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_heads_second_row_in_small_print_across_the_column_is_the_heads_however_close_the_text():
    # A data sheet's head: the part's name, then far under it, in small print, the sheet's number and date
    # on the left and the publisher's address on the right, across the column over the head's rule; the
    # text starts closer under that row than the row is under the name. The row is the head's.
    rng = random.Random(56)
    n = 10
    pages = []
    for k in range(1, n + 1):
        head = [line("LM96163", 25.2, x0=72, size=14), line("SNAS433D - JUNE 2008 - REVISED MAY 2013", 56.6, x0=72, size=7),
                line("www.ti.example", 56.6, x0=532 - 7 * 0.5 * 14, x1=532, size=7)]
        pages.append(Page(k, W, H, (*head, *body(rng, top=74.2 + 12 * (k % 3 == 0), bottom=700),
                                    line(str(k), 750, x0=300))))
    # (Two pages of an addendum close it without the head.)
    pages += [Page(k, W, H, tuple(body(rng, top=60, bottom=700))) for k in (n + 1, n + 2)]
    got = removed(pages)
    assert {(k, text) for k in range(1, n + 1)
            for text in ("LM96163", "SNAS433D - JUNE 2008 - REVISED MAY 2013", "www.ti.example", str(k))} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_forms_first_page_foot_that_prints_the_next_pages_head_is_its_foot():
    # A tax form: its first page ends in one row set apart, a notice, a catalogue number and the form's
    # number with its year, which heads the pages after it beside their number. The other pages' text runs
    # lower than that row: only the form's number tells that the row is the first page's foot.
    rng = random.Random(57)
    foot = [line("For Privacy Act and Paperwork Reduction Act Notice, see page 3.", 699, x0=72, size=8),
            line("Cat. No. 10220Q", 699, x0=373, size=7), line("Form W-4 (2023)", 699, x0=480, size=7)]
    pages = [Page(1, W, H, (line("Employee's Withholding Certificate", 40, x0=180, size=14),
                            *body(rng, top=80, bottom=670), *foot))]
    pages += [Page(n, W, H, (line("Form W-4 (2023)", 40, x0=72, size=7), line(f"Page {n}", 40, x0=500, size=7),
                             *body(rng, top=60, bottom=740))) for n in (2, 3, 4)]
    got = removed(pages)
    assert {(1, f.text) for f in foot} <= got
    assert {(n, text) for n in (2, 3, 4) for text in ("Form W-4 (2023)", f"Page {n}")} <= got
    assert not any(text.startswith(tuple(WORDS)) or "Withholding" in text for _, text in got)


def test_a_heading_carried_over_to_the_next_pages_is_the_texts():
    # A hearing's transcript lists the appearances over its first pages, the heading carried over to the
    # next ones as "APPEARANCES BY ZOOM: (CONTINUED)", in one place at their top, under the folio.
    rng = random.Random(58)
    carried = "APPEARANCES BY ZOOM: (CONTINUED)"
    pages = [Page(n, W, H, (line(str(n), 12.4, x0=520, size=12), *([line(carried, 58.3, x0=82)] if 2 <= n <= 4 else []),
                            *body(rng, top=84.7, bottom=700, x0=82)))
             for n in range(1, 21)]
    got = removed(pages)
    assert {(n, str(n)) for n in range(1, 21)} <= got
    assert not {(n, carried) for n in (2, 3, 4)} & got


def test_a_drafts_date_in_small_print_over_a_papers_title_is_the_first_pages_head():
    # A journal's draft: its first page has, where the other pages have their folio and authors, the
    # draft's date and the class that typeset it, in small print, ending a little below where the other
    # pages' text starts, set far apart from the title under it.
    rng = random.Random(59)
    draft = [line("Draft version February 26, 2021", 52.5, size=8),
             line("Typeset using LaTeX default style in AASTeX631", 61.9, size=8)]
    first = Page(1, W, H, (*draft, line("Template Article with Examples", 108.3, x0=183, size=12),
                           line("Greg Schwarz and August Muench", 129.2, x0=218, size=9), *body(rng, top=160, bottom=700)))
    pages = [first] + [Page(n, W, H, (line(str(n), 43.6, x0=51), line("Schwarz et al.", 43.6, x0=271),
                                      *body(rng, top=66.6, bottom=700))) for n in range(2, 15)]
    got = removed(pages)
    assert {(1, d.text) for d in draft} <= got
    assert not any(text.startswith(tuple(WORDS)) or "Template" in text or "Greg" in text for _, text in got)


def test_a_copyright_at_the_foot_of_two_pages_only_is_furniture():
    # A deck whose title and closing slides share one layout, its copyright notice at their foot; the
    # other slides have their number there. On two pages of twenty, the notice says what it is.
    rng = random.Random(60)
    notice = "Copyright @ 2017 Aqua Security Software Ltd.  All Rights Reserved."
    pages = [Page(n, W, H, (*body(rng, top=72, bottom=700),
                            line(notice, 760, x0=72, size=7) if n in (1, 20) else line(str(n), 760, x0=520)))
             for n in range(1, 21)]
    got = removed(pages)
    assert {(1, notice), (20, notice)} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_charts_scale_along_the_running_foots_height_is_no_foot():
    # A budget deck's foot: its title, and the slide's number under it. On one slide a chart's years run
    # at the number's height, eight of them in its size and font: a scale, not that slide's number.
    rng = random.Random(63)
    years = [f"{2074 + k}-{75 + k}" for k in range(8)]
    pages = []
    for n in range(1, 13):
        lines = [line("NBSM | Budget Highlights | 2081/82", 560, x0=40, size=9), *body(rng, top=60, bottom=480)]
        if n == 5:
            lines += [line(year, 580, x0=300 + 50 * k, size=9) for k, year in enumerate(years)]
        else:
            lines.append(line(str(n), 580, x0=700, size=9))
        pages.append(Page(n, 792.0, 612.0, tuple(lines)))
    got = removed(pages)
    assert {(n, "NBSM | Budget Highlights | 2081/82") for n in range(1, 13)} <= got
    assert not {(5, year) for year in years} & got


def test_a_page_of_pages_total_gives_no_page_its_number():
    # "N of 24" at the foot of every page but one, which has a lone "17" in its corner: the total counts no
    # page, so 17 fits no numbering on page 7 (it would, were 24 read as page 24's number on every page).
    rng = random.Random(65)
    n = 24
    pages = [Page(p, W, H, (*body(rng, top=72, bottom=690),
                            line("17", 765, x0=72, size=8) if p == 7 else line(f"{p} of {n}", 745, x0=291, size=11)))
             for p in range(1, n + 1)]
    got = removed(pages)
    assert {(p, f"{p} of {n}") for p in range(1, n + 1) if p != 7} <= got
    assert (7, "17") not in got


def test_footnotes_over_a_page_of_pages_foot_are_the_texts():
    # A paper exported from a word processor: "3 of 24" at the foot of every page, and on a few pages a
    # footnote just over it, its mark raised before its words. A page's total gives no page its number,
    # and a mark before its note's words numbers the note.
    rng = random.Random(64)
    n = 24
    notes = {3: "Cf. Lockhart 2000, chapter 8.", 9: "Gustafsson and Torpman's modifications need not concern us here."}
    pages = []
    for p in range(1, n + 1):
        lines = [*body(rng, top=72, bottom=690), line(f"{p} of {n}", 745, x0=291, size=11)]
        if p in notes:
            lines += [line(str(p + 6), 712.5, x0=72, x1=78, size=6), line(notes[p], 709, x0=80)]
        pages.append(Page(p, W, H, tuple(lines)))
    got = removed(pages)
    assert {(p, f"{p} of {n}") for p in range(1, n + 1)} <= got
    assert not set(notes.items()) & got
    assert not {(p, str(p + 6)) for p in notes} & got


def test_a_line_at_the_foot_of_the_cover_and_the_title_page_only_is_theirs():
    # A laboratory's report prints its contract number at the foot of its cover and of its title page, a
    # few lines each, and nowhere on its pages of text, which have their notice and folio in that zone:
    # the covers' own line.
    rng = random.Random(54)
    contract = "Contract No. DE-AC36-08GO28308"
    notice = "This report is available at no cost from the laboratory at www.nrel.example/publications."

    def cover(title: str, top: float) -> tuple[Line, ...]:
        return (line(title, top, size=20), line("Technical Report", 686, x0=216), line("NREL/TP-5500-59163", 699, x0=216),
                line("October 2013", 712, x0=216), line(contract, 735, x0=216))
    address = [line(text, 686 + 11.5 * k, x0=36) for k, text in
               enumerate(["National Renewable Energy Laboratory", "15013 Denver West Parkway", "Golden, Colorado 80401"])]
    pages = [Page(1, W, H, cover("A ray-tracing tool for solar optics", 220)),
             Page(2, W, H, (*cover("A ray-tracing tool for solar optics", 132), line("Tim Wendelin and Aron Dobos", 236, size=16),
                            line("Prepared under Task No. ST11.3070", 312, size=12), *address)),
             *(Page(n, W, H, (*body(rng, top=72, bottom=700), line(notice, 735, x0=36),
                              line(str(n - 2), 750, x0=300))) for n in range(3, 13))]
    got = removed(pages)
    assert {(n, str(n - 2)) for n in range(3, 13)} | {(n, notice) for n in range(3, 13)} <= got
    assert not {(n, contract) for n in (1, 2)} & got


def test_a_title_that_the_first_pages_foot_cites_is_the_title_not_a_head():
    # An article's first page cites the article at its foot, title and DOI ("How to cite this article"):
    # the foot names the title over the text, set large, which is no head for that. A firm's name set as
    # large over a foot that names the firm, and cites nothing, is its letterhead (the test above).
    rng = random.Random(52)
    title = [line("Very large-scale evolutionary", 64, x0=184, size=22),
             line("pressure analyses", 88, x0=184, size=22)]
    cite = [line("How to cite this article Webb et al. (2017), Very large-scale evolutionary pressure analyses.", 750,
                 x0=184, size=7),
            line("PeerJ Comput. Sci. 3:e118; DOI 10.7717/peerj-cs.118", 758, x0=184, size=7)]
    pages = [Page(1, W, H, (*title, line("Andrew Webb and Mary Connell", 125, x0=184, size=12),
                            *body(rng, top=160, bottom=700), *cite)),
             *(Page(n, W, H, (*body(rng, top=72, bottom=700), line(f"{n}/4", 770, x0=520, size=8))) for n in (2, 3, 4))]
    got = removed(pages)
    assert {(1, c.text) for c in cite} <= got
    assert not {(1, t.text) for t in title} & got


def test_a_head_in_another_font_that_names_its_section_fills_the_head_slot():
    # A manual whose running head, top right, names the current section, also on the page where the section
    # opens under its heading ("Section 2 Moorings"). Two sections are one page long, so their heads repeat
    # nowhere; theirs are set in another font (a head in two scripts takes the font of most of its glyphs).
    # Lines in that other font in the same slot that name no heading are those pages' own, not heads.
    def manual(other: dict[str, str]) -> list[Page]:
        rng = random.Random(37)
        sections = [("Soundings", 5), ("Moorings", 1), ("Buoys", 6), ("Charges", 1), ("Pilotage", 7)]
        pages: list[Page] = []
        for k, (title, length) in enumerate(sections, 1):
            for j in range(length):
                n = len(pages) + 1
                text = other.get(title, title)
                head = line(text, 50, x0=540 - 6 * len(text), x1=540)
                if length == 1:
                    head = replace(head, font="Helvetica")
                top = [line(f"Section {k} {title}", 100, size=14)] if j == 0 else []
                lines = [head, *top, *body(rng, top=130 if top else 100), line(str(n), 750, x0=300)]
                pages.append(Page(n, W, H, tuple(lines)))
        return pages

    assert {(6, "Moorings"), (13, "Charges")} <= removed(manual({}))
    got = removed(manual({"Moorings": "enough!", "Charges": "plenty!"}))
    assert not {(6, "enough!"), (13, "plenty!")} & got
    assert {(2, "Soundings"), (20, "Pilotage")} <= got


def test_a_slot_of_page_numbers_is_filled_by_a_number_not_by_words():
    # A thesis whose folio sits at the foot of every page but the abstract's, which ends with its
    # keywords in the folio's place, size and font: the text's. A page whose folio is a roman numeral
    # where the others count in arabic still has it taken.
    extra = [[line(str(n), 750, x0=300)] for n in range(1, 9)]
    extra[4] = [line("KEYWORDS: water supply, network policy, annual budget", 750, x0=72)]
    extra[5] = [line("vi", 750, x0=300)]
    got = removed(pages_of(extra, x0=72))
    assert (5, "KEYWORDS: water supply, network policy, annual budget") not in got
    assert {(n, str(n)) for n in (1, 2, 3, 4, 7, 8)} | {(6, "vi")} <= got


def test_a_contents_line_in_the_place_of_the_folios_holds_another_pages_number():
    # A guide's contents run to the foot of their pages, their roman folios under them, so that their last
    # entry, with its page's number after the leaders, stands where the body's pages have their folio:
    # the contents' entry, whose number is not its page's.
    rng = random.Random(55)
    pages = []
    for n in range(1, 4):
        entries = [line(f"{rng.choice(WORDS).title()} {rng.choice(WORDS)} " + "." * 60 + f" {10 * n + k}",
                        80 + 24 * k, x0=72, x1=540) for k in range(29)]
        pages.append(Page(n, W, H, (*entries, line(["i", "ii", "iii"][n - 1], 770, x0=300))))
    for n in range(4, 13):
        pages.append(Page(n, W, H, (*body(rng, top=80, bottom=720), line(str(n - 3), 752, x0=300))))
    got = removed(pages)
    assert {(n, str(n - 3)) for n in range(4, 13)} | {(n, ["i", "ii", "iii"][n - 1]) for n in range(1, 4)} <= got
    assert not any(" ...." in text for _, text in got)


def test_a_listings_line_numbers_beside_it_are_the_listings():
    # A user guide prints code listings between its paragraphs, each numbering its own lines from 1 in
    # the left margin, at the pace of its lines. The numbers count the listing's lines, a short stretch
    # of the page's text, not the page's: content.
    rng = random.Random(51)
    pages = []
    for n in range(1, 7):
        top = 250 + 40 * n  # each page's listing where its paragraphs leave room
        text = body(rng, top=80, bottom=top - 20) + body(rng, top=top + 190, bottom=700)
        listing = [line(f"\\\\setlength{{\\\\parindent}}{{{k}em}} % step {k}", top + 12 * k, x0=90, size=9)
                   for k in range(14)]
        numbers = [line(str(k + 1), top + 12 * k, x0=60, x1=60 + 5 * len(str(k + 1)), size=7) for k in range(14)]
        pages.append(Page(n, W, H, (line(str(n), 760, x0=300), *text, *listing, *numbers)))
    got = removed(pages)
    assert got == {(n, str(n)) for n in range(1, 7)}


def test_a_listings_line_numbers_down_a_page_it_fills_are_the_listings():
    # A technical report in Times, four pages of prose, then six pages each holding a long listing in
    # Courier, its lines numbered from 1 in the left margin at their pace, down most of the page: the
    # numbers count the listing's lines, in another typeface than the report's text, so they are content
    # and only the folios go. The same report typed in Courier throughout (a deposition's transcript)
    # numbers its text's own lines: furniture.
    def pages(text_font: str) -> list[Page]:
        rng = random.Random(65)
        out = []
        for n in range(1, 11):
            if n <= 4:
                lines = body(rng, top=80, bottom=700)
            else:  # each page's listing starts lower, and is as much shorter
                top, count = 100 + 20 * (n - 5), 34 - 2 * (n - 5)
                lines = body(rng, top=60, bottom=top - 20) + body(rng, top=top + 13.5 * count + 20, bottom=700)
                lines += [replace(line(f"    result_{k} = transform(values[{k}], scale={n}.{k})", top + 13.5 * k, x0=90,
                                       x1=400), font="Courier") for k in range(count)]
                lines += [line(str(k + 1), top + 13.5 * k, x0=60, x1=60 + 5 * len(str(k + 1)), size=7)
                          for k in range(count)]
            lines = [ln if ln.font == "Courier" else replace(ln, font=text_font) for ln in lines]
            out.append(Page(n, W, H, (line(str(n), 760, x0=300), *lines)))
        return out
    assert removed(pages("Times-Roman")) == {(n, str(n)) for n in range(1, 11)}
    assert {(5, str(k)) for k in range(1, 35)} <= removed(pages("Courier"))


def test_a_filings_attached_order_in_another_face_keeps_its_line_numbers_furniture():
    # A joint filing on pleading paper in Times, then an earlier order attached to it, set in Arial on its
    # own pleading paper, a little narrower: each page of either numbers its lines 1 to 28 down the left
    # margin, at the same heights on every page. The order's rows are in another face than the filing's
    # text, as a listing's are; but a listing's numbers run on from page to page, or are set small.
    rng = random.Random(67)
    pages = []
    for n in range(1, 15):
        order = n > 8
        x0, x1 = (112.0, 520.0) if order else (90.0, 560.0)
        text = [replace(line(" ".join(rng.choice(WORDS) for _ in range(12)), 47 + 24.5 * k, x0=x0, x1=x1),
                        font="Arial" if order else "Times-Roman") for k in range(28)]
        # The order's first page, its caption's, sets its lines a little lower: its numbers too.
        low = 3.0 if n == 9 else 0.0
        numbers = [line(str(k + 1), 47 + low + 24.5 * k, x0=x0 - 28, x1=x0 - 28 + 6 * len(str(k + 1)))
                   for k in range(28)]
        pages.append(Page(n, 595.0 if order else W, H, (*text, *numbers, line(str(n), 760, x0=300))))
    got = removed(pages)
    assert {(n, str(k)) for n in range(9, 15) for k in range(1, 29)} <= got


def test_line_numbers_beside_the_column_of_each_hand_are_furniture():
    # A manuscript for review with mirrored margins: the text of the odd pages starts at 73 pt, of the even
    # pages at 110 pt, each page's lines numbered in 6 pt a little left of its column, running on from
    # page to page. On the even pages the numbers stand inside the block of all the pages, beside their
    # own page's column.
    rng = random.Random(75)
    pages, count = [], 1
    for n in range(1, 9):
        x0 = 73.0 if n % 2 else 110.0
        lines = [line(" ".join(rng.choice(WORDS) for _ in range(10)), 100 + 11 * k, x0=x0, x1=x0 + 430, size=9)
                 for k in range(52)]
        lines += [line(str(count + k), 100 + 11 * k, x0=x0 - 26, x1=x0 - 26 + 3 * len(str(count + k)), size=6)
                  for k in range(52)]
        count += 52
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert {(n, str(52 * (n - 1) + k)) for n in range(2, 9, 2) for k in range(1, 53)} <= got


def test_a_contents_pages_entry_numbers_are_no_line_numbers():
    # A manual's contents over three pages, a chapter a page: its number and title at the left edge, its
    # sections' numbers indented under it, each section's title with a leader to its page's number at the
    # right. The column of sections' numbers stands left of the entries' own column: the contents', not
    # numbers of lines.
    rng = random.Random(76)
    pages = []
    chapter = 0
    for n in range(1, 13):
        if 2 <= n <= 4:
            lines, y = [], 90.0
            for _ in range(1):
                chapter += 1
                lines += [line(f"{chapter} Chapter {rng.choice(WORDS)} {chapter}", y, x0=57, x1=175),
                          line(str(3 * chapter), y, x0=562, x1=567)]
                y += 18
                for k in range(1, 33):
                    lines += [line(f"{chapter}.{k}", y, x0=72, x1=84),
                              line(f"Section {rng.choice(WORDS)} {chapter}.{k} . . . . . . . . . . . . . {3 * chapter + k}",
                                   y, x0=95, x1=567)]
                    y += 18
        else:
            lines = body(rng, top=90, bottom=720, x0=57)
        pages.append(Page(n, W, H, (*lines, line(str(n), 40, x0=562, x1=567))))
    got = removed(pages)
    assert not {(n, t) for n, t in got if 2 <= n <= 4 and "." in t}


def test_listings_that_fill_pages_keep_their_small_numbers_drawn_alike():
    # A manual shows three examples, each a listing in Courier that fills its page, its lines numbered from
    # 1 in 6 pt beside them, at the same heights on each of the three pages: the listings' numbers, content.
    rng = random.Random(67)
    pages = []
    for n in range(1, 15):
        if n in (5, 9, 12):
            text = [replace(line(f"\\pstGeonode[PosAngle={k}]{{O}}({n},{k})", 65 + 13.5 * k, x0=83, x1=400),
                            font="Courier") for k in range(44)]
            numbers = [line(str(k + 1), 69 + 13.5 * k, x0=56, x1=56 + 3.6 * len(str(k + 1)), size=6.0) for k in range(44)]
        else:
            text, numbers = body(rng, top=65, bottom=660, x0=83), []
        pages.append(Page(n, W, H, (*text, *numbers, line(str(n), 760, x0=300))))
    assert removed(pages) == {(n, str(n)) for n in range(1, 15)}


def test_each_document_of_a_filing_keeps_its_own_folios_under_the_courts_stamp():
    # A filing of two documents: the court's stamp over every page names its number among all the pages
    # ("Page 6 of 20"); the first document's pages after its cover have "- 1 -" to "- 9 -" at the foot, the
    # second's, typeset, the same between minus signs. Each is a folio, though each numbers fewer than half the pages.
    rng = random.Random(68)
    pages = []
    for n in range(1, 21):
        stamp = line(f"Case 2:16-cv-08033 Document 352 Filed 06/18/19 Page {n} of 20 Page ID", 15, x0=70, size=9)
        folio = [line(f"- {n - 3} -", 750, x0=300)] if 4 <= n <= 12 else \
            [line(f"\u2212{n - 12}\u2212", 750, x0=300)] if n > 12 else []
        pages.append(Page(n, W, H, (stamp, *body(rng, top=60), *folio)))
    got = removed(pages)
    assert {(n, f"- {n - 3} -") for n in range(4, 13)} | {(n, f"\u2212{n - 12}\u2212") for n in range(13, 21)} <= got


def test_a_column_of_numbers_beside_the_text_that_counts_its_lines_is_furniture():
    # A bill numbers every fifth line in its right margin, afresh on each page, its clauses beside the text
    # on the left. The line numbers count at the pace of the text's lines; on a page of displays they keep
    # their column and step at another pace, and a short last page has one. The clause numbers count clauses, however long each is: text.
    rng = random.Random(38)
    pages = []
    for n in range(1, 8):
        text = body(rng, top=100, bottom=700) if n < 7 else body(rng, top=400, bottom=500)  # short: one number
        tops = [text[5 * k - 1].top for k in range(1, len(text) // 5 + 1)]
        if n == 4:
            tops = [100 + 13.5 * 4, 100 + 13.5 * 14, 100 + 13.5 * 19, 100 + 13.5 * 34]  # displays between
        numbers = [line(str(5 * k), top, x0=545, x1=545 + 5 * len(str(5 * k)), size=8)
                   for k, top in enumerate(tops, 1)]
        clauses = [line(str(3 * n - 3 + k), top, x0=50, x1=56) for k, top in enumerate((140, 330, 600), 1)]
        pages.append(Page(n, W, H, (*text, *numbers, *clauses, line(str(n), 750, x0=300))))
    gone = {(page, index) for group in detect(pages) if group.remove for page, index in group.members}
    assert {(p.number, i) for p in pages for i, ln in enumerate(p.lines) if ln.box[0] == 545} <= gone
    assert not any((p.number, i) in gone for p in pages for i, ln in enumerate(p.lines) if ln.box[0] == 50)


def test_a_marking_at_the_head_and_the_foot_of_every_page_in_large_type():
    # A form in 8 pt type marked "CONTROLLED (when filled in)" in 10 pt at the head and the foot of every
    # page: not a heading repeated (nothing follows a line at the foot of its page), and the head's words
    # are the foot's.
    rng = random.Random(41)
    marking = "CONTROLLED (when filled in)"
    pages = []
    for n in range(1, 5):
        text = [replace(ln, size=8.0) for ln in body(rng, top=60, bottom=730)]
        pages.append(Page(n, W, H, (line(marking, 12, x0=250), *text, line(marking, 765, x0=250),
                                    line(f"Page {n} of 4", 762, x0=520, size=8))))
    gone = {(page, index) for group in detect(pages) if group.remove for page, index in group.members}
    assert {(p.number, i) for p in pages for i, ln in enumerate(p.lines) if ln.text == marking} <= gone
    assert not any(pages[page - 1].lines[index].text.startswith(tuple(WORDS)) for page, index in gone)


def test_a_running_head_names_the_section_that_opens_under_it_on_its_own_page():
    # A user's guide whose head, in the outer top corner, names the section of the page; each section but
    # one opens on its page under its heading set larger and ends there, so most heads repeat nothing.
    rng = random.Random(42)
    sections = [("1.1 Introduction", 1), ("1.2 Overview", 1), ("1.3 Getting Started", 2), ("1.4 Transactions", 1)]
    pages: list[Page] = []
    for title, length in sections:
        for k in range(length):
            n = len(pages) + 1
            head = line(title, 50, size=9) if n % 2 == 0 else line(title, 50, size=9, x0=532 - 4.5 * len(title), x1=532)
            top = [line(title, 100, size=15)] if k == 0 else []
            pages.append(Page(n, W, H, (head, *top, *body(rng, top=130 if top else 100), line(str(n), 750, x0=300))))
    gone = {(page, index) for group in detect(pages) if group.remove for page, index in group.members}
    assert {(n, 0) for n in range(1, 6)} <= gone  # the heads
    assert not any((n, 1) in gone for n in (1, 2, 3, 5))  # the headings


def test_the_same_closing_paragraph_in_the_middle_of_half_filled_pages_is_text():
    # Data sheets, one product a page, each half filled and ending with the same warranty paragraph, far
    # from the foot of the page (nothing under it): the text's, however it repeats and however apart.
    rng = random.Random(43)
    closing = ["Warranty", "24 months from the date of sale, on the warranty card and the invoice.", "Spare parts 7 years."]
    pages = []
    for n in range(1, 5):
        tail = [line(closing[0], 430, size=11), line(closing[1], 450), line(closing[2], 463.5)]
        pages.append(Page(n, W, H, (line(f"Pump model {n}", 60, size=16), *body(rng, top=100, bottom=410), *tail)))
    assert not {text for _, text in removed(pages)} & set(closing)


def test_a_head_in_small_type_in_every_pages_first_row_is_a_head_whatever_it_says():
    # A report's head names each page's chapter, in type smaller than the text, set apart from it, on every
    # page: so the text block reaches up to it, and no two pages share its words.
    rng = random.Random(44)
    chapters = ["Statutory activity", "Nature education", "Projects and grants", "Annex A projects list",
                "Plans for next year", "Finances in brief"]
    pages = [Page(n, W, H, (line(title, 35, size=8.5), *body(rng, top=63), line(str(n), 750, x0=300)))
             for n, title in enumerate(chapters, 1)]
    got = removed(pages)
    assert {(n, title) for n, title in enumerate(chapters, 1)} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)


def test_a_mirrored_foot_that_holds_the_folio_on_the_outer_side_counts_as_one():
    # Six pages, the first two a cover and a copyright page; the others' foot holds the folio on the outer
    # side, "Acme AB: Widget Guide | 1" on the right pages and "2 | Acme AB: Widget Guide" on the left: two
    # shapes of two pages each, one numbering of four.
    rng = random.Random(45)
    pages = [Page(1, W, H, (line("Widget Guide", 300, size=24),)), Page(2, W, H, tuple(body(rng, top=600)))]
    for n in range(1, 5):
        foot = f"Acme AB: Widget Guide | {n}" if n % 2 else f"{n} | Acme AB: Widget Guide"
        pages.append(Page(n + 2, W, H, (*body(rng), line(foot, 760, x0=360 if n % 2 else 72))))
    got = removed(pages)
    assert {(p.number, p.lines[-1].text) for p in pages[2:]} <= got


def test_a_long_tables_heading_row_at_the_top_of_each_page_starts_the_table_in_the_text():
    # A command table starts half-way down page 1 under a paragraph, its heading row over it, and runs on
    # over four more pages, the heading row repeated at the top of each, a little apart from the rows (a
    # rule between). Its first column's cells wrap, so the heading's columns meet the rows' only here and
    # there: the row standing the same under the text on page 1 says what it is.
    rng = random.Random(46)
    heading = [line("Command", 0, x0=140, x1=182), line("Output", 0, x0=360, x1=389), line("Example", 0, x0=467, x1=502)]

    def rows(top: float, bottom: float) -> list[Line]:
        out, y = [], top
        while y < bottom:
            out += [line(" ".join(rng.choice(WORDS) for _ in range(4)), y, x0=134, x1=300),
                    line(rng.choice(WORDS), y + 12, x0=134, x1=200)]
            if rng.random() < 0.5:
                out += [line("x" * rng.randint(1, 3), y, x0=360, x1=368), line(rng.choice(WORDS), y, x0=467, x1=520)]
            y += 26
        return out

    pages = [Page(1, W, H, (*body(rng, top=100, bottom=300), *(replace(ln, box=(ln.box[0], 320, ln.box[2], 330))
                                                                 for ln in heading), *rows(342, 700),
                            line("1", 750, x0=300)))]
    for n in range(2, 6):
        pages.append(Page(n, W, H, (*(replace(ln, box=(ln.box[0], 90, ln.box[2], 100)) for ln in heading),
                                    *rows(112, 700), line(str(n), 750, x0=300))))
    got = removed(pages)
    assert {(n, str(n)) for n in range(1, 6)} <= got
    assert not {"Command", "Output", "Example"} & {text for _, text in got}


def test_a_tables_heading_row_stacked_under_the_running_head_is_the_tables():
    # A test report's checklist runs over every page: its four column headings, in the text's size, sit
    # in a boxed row right under the running head ("Page N of 8", the report's number, the standard), as
    # close to it as the head's rows are to each other (the table's rows stand as far apart), and a rule
    # sets the row apart from the table under it. A row of four cells in the text's size is a table's,
    # wherever it stands: no head block reaches past it.
    rng = random.Random(74)
    pages = []
    for n in range(1, 9):
        lines = [line(f"Page {n} of 8", 40, x0=306, size=9.4, x1=360),
                 line("Report No. E484144", 40, x0=416, size=9.4, x1=541),
                 line("IEC 60950-22", 57.1, x0=304, size=9.4, x1=363),
                 *(line(text, 74.3, x0=x0, size=9.4, x1=x1) for text, x0, x1 in (
                     ("Clause", 116, 147), ("Requirement + Test", 168, 252), ("Result - Remark", 375, 445),
                     ("Verdict", 516, 547)))]
        y = 104.8
        while y < 700:
            lines.append(line(f"{rng.randint(1, 9)}.{rng.randint(1, 9)}", y, x0=118, size=9.4, x1=133))
            for k in range(rng.choice((1, 1, 1, 2))):
                lines.append(line(" ".join(rng.choice(WORDS) for _ in range(5)), y + 10.7 * k, x0=171, size=9.4,
                                  x1=360))
            if rng.random() < 0.5:
                lines.append(line(" ".join(rng.choice(WORDS) for _ in range(3)), y, x0=391, size=9.4, x1=490))
            lines.append(line(rng.choice(["N/A", "P"]), y, x0=534, size=9.4, x1=552))
            y += 10.7 * k + 17
        pages.append(Page(n, W, H, tuple(lines)))
    got = removed(pages)
    assert {(n, f"Page {n} of 8") for n in range(1, 9)} | {(n, "Report No. E484144") for n in range(1, 9)} <= got
    assert not {"Clause", "Requirement + Test", "Result - Remark", "Verdict"} & {text for _, text in got}


DECK_TITLES = ["Running the script 3/4", "Running the script 4/4", "Commands 1/3", "Commands 2/3", "Commands 3/3",
               "The synth command", "Examples 1/2", "Examples 2/2"]


def titled_deck(seed: int, code_right: float | None = None, beside: Line | None = None) -> list[Page]:
    """Eight slides of code under DECK_TITLES, set large at the top, numbered "17 / 150" .. at the foot;
    ``beside``: a line at the other end of the "Commands" titles' row."""
    rng = random.Random(seed)
    items = []
    for n, title in enumerate(DECK_TITLES, 1):
        code = [line(" ".join(rng.choice(WORDS) for _ in range(6)), 40 + 9 * k, x0=20, size=6.5, x1=code_right)
                for k in range(20)]
        extra = [beside] if beside is not None and title.startswith("Commands") else []
        items.append([line(title, 8, x0=8, size=14), *extra, *code, line(f"{16 + n} / 150", 265, x0=336, size=6)])
    return slides(items, width=363.0, height=272.0)


def test_a_slide_title_that_counts_its_own_slides_is_no_count_of_pages():
    # A deck whose frame titles, set large at the top, count the frames of one topic ("Commands 1/3" ..
    # "Commands 3/3", "Examples 1/2", "Examples 2/2"): headings that number themselves, not "Page 2/3"
    # counts; nor do they make the titles' place a running head's slot for the others.
    got = removed(titled_deck(47))
    assert not {text for _, text in got} & set(DECK_TITLES)
    assert {(n, f"{16 + n} / 150") for n in range(1, 9)} <= got


def test_a_folio_set_as_large_as_the_running_head_it_closes_goes_with_the_head():
    # A bold head in 12 pt over 10 pt text, as tight on the text as its lines are on each other (a rule
    # between them is drawn, not written): the title at the left, the book in the middle, "Page N" at the
    # right. The folio counts with the pages beside the head's other parts: no heading that numbers itself.
    n = 8
    books = ["Genesis"] * 3 + ["Exodus"] * 5
    pages = pages_of([[line("King James Bible", 86.5, x0=72, size=12), line(books[i - 1], 86.5, x0=290, size=12),
                       line(f"Page {42 + i}", 86.5, x0=520, size=12)] for i in range(1, n + 1)])
    got = texts_removed(pages)
    assert {"King James Bible", "Genesis", "Exodus"} | {f"Page {42 + i}" for i in range(1, n + 1)} <= got


def test_a_steps_number_over_its_text_on_a_few_pages_is_no_page_number():
    # A kit's build guide gives each step a page: "Step 1:" to "Step 4:" in the text's size at the top of
    # pages 5 to 8, set as close to the step's instructions under it as their lines are to each other. The
    # steps count with the pages, but a count in words on a few pages, joined to the text under it, is
    # that text's heading; a folio stands apart.
    rng = random.Random(76)
    pages = []
    for n in range(1, 13):
        lines = [line(f"Step {n - 4}:", 72, x1=110), *body(rng, top=85.5)] if 5 <= n <= 8 else body(rng, top=72)
        pages.append(Page(n, W, H, tuple(lines)))
    assert not texts_removed(pages)


def test_a_slide_title_that_counts_its_own_slides_beside_another_part_is_no_page_number():
    # "Commands 1/3" with "(excerpt)" at the other end of its row, on three slides of eight: the count of
    # its own slides still, not the folio of a running head.
    got = texts_removed(titled_deck(48, code_right=340, beside=line("(excerpt)", 8, x0=250, size=14)))
    assert not got & set(DECK_TITLES)


def test_a_number_set_large_over_every_page_is_no_heading():
    # A patent's number in large type at the top of each page of text, over the columns' numbers: figures
    # alone head no text, however large (a long table's title is in words).
    n = 6
    pages = pages_of([[line("4,441,207", 40, x0=266, size=16), line(str(2 * i - 1), 62, x0=150, size=12),
                       line(str(2 * i), 62, x0=400, size=12)] for i in range(1, n + 1)])
    got = texts_removed(pages)
    assert "4,441,207" in got


def test_a_documents_code_set_large_over_its_later_pages_is_no_heading():
    # A three-page licence: its cover has a title block; the two pages after it carry the document's code,
    # "SLA0051", set larger than the text in the top right corner, far over it, and the code and revision
    # at the foot. A code of letters and figures in one word heads no text, as figures alone do not.
    rng = random.Random(77)
    pages = []
    for n in (1, 2, 3):
        head = [line("Software license agreement", 90, size=20, x1=330)] if n == 1 else \
            [line("SLA0051", 30, x0=502, size=12, x1=553)]
        pages.append(Page(n, W, H, (*head, *body(rng, top=120), line("SLA0051 - Rev 3", 760, size=6, x1=125),
                                    line(f"page {n}/3", 760, x0=525, size=6, x1=553))))
    got = removed(pages)
    assert {(2, "SLA0051"), (3, "SLA0051")} <= got


def test_one_line_of_figures_drawn_again_is_no_page_number():
    # A type specimen's poster in two colourways, pages 2 and 4 the same page, its row of figures at the
    # top ("0 1 2 3 4 5 6 7 8 9"): its "2" and its "4" count with the pages only because it holds every one.
    rng = random.Random(9)
    poster = (line("0 1 2 3 4 5 6 7 8 9 ! # $ %", 40), *body(rng))
    pages = [Page(1, W, H, tuple(body(rng))), Page(2, W, H, poster), Page(3, W, H, tuple(body(rng))),
             Page(4, W, H, poster)]
    assert "0 1 2 3 4 5 6 7 8 9 ! # $ %" not in texts_removed(pages)


def test_folios_in_devanagari_digits_are_page_numbers():
    digits = "\u0966\u0967\u0968\u0969\u096a\u096b\u096c\u096d\u096e\u096f"
    folios = ["".join(digits[int(d)] for d in str(n)) for n in range(3, 11)]
    pages = pages_of([[line(folio, 750, x0=300)] for folio in folios])
    assert set(folios) <= texts_removed(pages)


def test_folios_in_roman_numeral_characters_are_page_numbers():
    # A Korean report numbers its three pages of contents with Unicode's one-character roman numerals
    # ("- \u2170 -", "- \u2171 -", "- \u2172 -"), higher on the page and in another face than the text's folios
    # "- 1 -" on: a numbering of their own, read as "i", "ii", "iii".
    romans = [f"- {chr(0x2170 + k)} -" for k in range(3)]
    extra = [[Line(folio, (289.3, 740.0, 319.9, 749.9), 9.9, "HCRBatang")] for folio in romans] + \
        [[Line(f"- {n} -", (292.2, 770.0, 316.9, 779.9), 9.9, "HCRDotum")] for n in range(1, 10)]
    got = texts_removed(pages_of(extra))
    assert set(romans) <= got


def scanned_article(tops: list[float], under: float, first: int, seed: int) -> list[Page]:
    """A scanned article's pages, each laid on the glass at its own height (``tops``: its head row's), the
    folio (``first`` on the first page) on the outer side beside the running head, the authors' on even
    folios and the title's on odd ones, the text starting ``under`` points under the head row's top."""
    rng = random.Random(seed)
    pages = []
    for n, y in enumerate(tops, 1):
        folio = first + n - 1
        even = folio % 2 == 0
        head = [line(str(folio), y, x0=53 if even else 337, size=12),
                line("R. K. ANDJUS AND J. E. LOVELOCK" if even else "REANIMATION OF COLD RATS", y, x0=123, size=12)]
        pages.append(Page(n, W, H, tuple(head + body(rng, top=y + under, bottom=y + 560, x0=24))))
    return pages


def test_a_running_head_beside_its_folio_goes_with_it_wherever_each_page_puts_the_row():
    # Each page placed a few points higher or lower (the head's row at 47, 43, 47, 20, 34, ...), the text
    # under it starting as close: the head's words stand beside the page's number on every even page,
    # which is where the head is, whatever the text block says.
    got = texts_removed(scanned_article([47, 43, 47, 20, 34, 45], under=22, first=542, seed=12))
    assert "R. K. ANDJUS AND J. E. LOVELOCK" in got


def test_a_scans_folio_and_head_in_the_outermost_row_however_high_the_page_lies_and_close_the_text():
    # The fifth page lay 23 pt higher on the glass than the others: its folio is out of the others' place,
    # and every page's text starts as close under the head row (4 pt) as OCR boxes put it. The folio fits
    # the numbering in its page's outermost row; the odd pages' head stands beside two folios.
    got = removed(scanned_article([43, 47, 43, 47, 20, 34], under=16, first=541, seed=13))
    assert {(n, str(540 + n)) for n in range(1, 7)} <= got
    assert {(n, "REANIMATION OF COLD RATS") for n in (3, 5)} <= got


def test_a_bare_pagination_mark_in_the_margin_counts_only_where_the_document_marks_none_of_its_text():
    # An OCR engine's tags: the folio and an equation's number in the right margin marked /Pagination, and
    # on the second page a formula deep in the text marked so too. Marks that fall on the text vouch for
    # nothing: the equation's number stays. Where no text is marked, the margin mark is taken.
    def marked(text: str, top: float, x0: float) -> Line:
        return Line(text, (x0, top, x0 + len(text) * 5.0, top + 10.0), 10.0, "Times-Roman", artifact="pagination")

    rng = random.Random(14)

    def document(formula_marked: bool) -> list[Page]:
        first = (line("272", 40, x0=300), marked("(5)", 300, 540), *body(rng))
        text = body(rng)
        formula = (marked if formula_marked else lambda t, y, x: line(t, y, x0=x))("y = x + 1", 400, 200)
        return [Page(1, W, H, first), Page(2, W, H, (line("273", 40, x0=300), *text, formula))]

    assert "(5)" not in texts_removed(document(formula_marked=True))
    assert "(5)" in texts_removed(document(formula_marked=False))


def test_a_head_block_letter_for_letter_in_its_place_under_a_stamp_is_the_head_block():
    # A tariff's head block at the top right of every page, one row of it the page's revision; on the first
    # page a receipt stamp is drawn among its rows and on into the text, so that the block is set apart
    # from the text on the other pages only. Its rows stand letter for letter, size and place, as there.
    rng = random.Random(15)
    ordinal = ["Ninth", "Tenth", "Fifth", "Eighth", "Sixth"]
    fixed = ["International Council of Operators", "Agreement No. 010099-061", "2nd Edition", "Appendix A - Members",
             "2012-2"]
    pages = []
    for n in range(1, 6):
        block = [*fixed[:2], f"{ordinal[n - 1]} Revised Page No. {n}", *fixed[2:]]
        head = [line(text, 38 + 11.5 * k, x0=400, size=9) for k, text in enumerate(block)]
        stamp = [line("D", 66, x0=317, size=15), line("2015 JAN 27 PM 4:16", 95, x0=232, size=11),
                 line("OFFICE OF THE SECRETARY", 119, x0=232, size=9),
                 line("FEDERAL MARITIME COMM", 129, x0=232, size=9)] if n == 1 else []
        pages.append(Page(n, W, H, tuple(head + stamp + body(rng, top=120))))
    got = removed(pages)
    assert {(n, text) for n in range(1, 6) for text in fixed} <= got
    assert not {text for page, text in got if page == 1} & {"OFFICE OF THE SECRETARY", "FEDERAL MARITIME COMM"}


def test_the_part_of_an_opinion_under_its_running_head_is_the_heads():
    # A court's slip opinion: the folio and the case's title or citation in the head row, and under it,
    # set apart from both the head and the text, the part the page belongs to ("Syllabus", then "Opinion
    # of the Court"), one centred line in the text's type. It lies nearer the text than the head row, as a
    # diagram's first labels would, but it is a few words alone in its row, outside the text block.
    rng = random.Random(17)
    pages = []
    for n in range(1, 9):
        title = "TARRANT REGIONAL WATER DIST. v. HERRMANN" if n % 2 == 0 else "Cite as: 569 U. S. ____ (2013)"
        part = "Syllabus" if n <= 5 else "Opinion of the Court"
        head = [line(str(n), 116, x0=156 if n % 2 == 0 else 451, size=9), line(title, 116, x0=200, size=9),
                line(part, 139, x0=288, size=9)]
        text = [line(" ".join(rng.choice(WORDS) for _ in range(9)), 158 + 10.8 * k, x0=165, size=9, x1=458)
                for k in range(44)]
        pages.append(Page(n, W, H, tuple(head + text)))
    got = removed(pages)
    assert {(n, "Syllabus") for n in range(1, 6)} | {(n, "Opinion of the Court") for n in range(6, 9)} <= got
    assert len(got) == 8 * 3


def test_specks_read_under_a_scans_foot_do_not_hide_it():
    # A scanned catalogue: its publisher's line at the foot of every page, read by OCR alike on two pages
    # and otherwise on the two others; under it on one page, the marks OCR read in the paper's specks
    # ("r", "'"). They are no text between the foot and the edge.
    rng = random.Random(18)
    foot = "Anzeigenannahme für vorstehende Blätter durch die Ala Anzeigen-AG."
    misread = {1: "Anzeigenannahme fiir vorstehende Blätter durch die Ala Anzeigen-AG.",
               3: "Anzeigenannahme für vorstehende Blätter durch die Ala Anzeigen - AG."}
    specks = {2: [line("r", 760, x0=212, size=6), line("'", 760, x0=227, size=6)]}
    pages = [Page(n, W, H, (line(misread.get(n, foot), 739, x0=119, size=12), *specks.get(n, []),
                            *body(rng, bottom=720))) for n in range(1, 5)]
    got = removed(pages)
    assert {(2, foot), (4, foot)} <= got
    assert not {text for _, text in got} & {"r", "'"}


def test_a_running_foots_copyright_names_no_notes_set_small_over_it():
    # A data sheet's running foot in small type names its maker's copyright on every page; on one page the
    # notes under a table, set as small, stand over it, set apart from the table. They are the table's.
    rng = random.Random(19)
    notes = [line("[1]", 640, x0=150, size=7), line("DVDD, AVDD and TVDD must always be at the same supply voltage.",
                                                      640, x0=168, size=7),
             line("[2]", 649, x0=150, size=7), line("The total current consumption depends on the firmware version.",
                                                      649, x0=168, size=7)]
    pages = []
    for n in range(1, 7):
        foot = [line("Product short data sheet", 746, size=7), line("© NXP B.V. 2011. All rights reserved.", 746,
                                                                      x0=400, size=7), line(f"{n} of 27", 757, x0=500, size=7)]
        pages.append(Page(n, W, H, (*body(rng, bottom=610), *(notes if n == 3 else []), *foot)))
    got = texts_removed(pages)
    assert "© NXP B.V. 2011. All rights reserved." in got
    assert not got & {note.text for note in notes}


def test_a_data_sheets_head_block_set_larger_than_its_text_is_the_head():
    # Every page of a data sheet, the first too, carries the same head block over a rule: the part number
    # set large in the corner, the maker's name under it and its web address beside it, all larger than
    # the 8 pt text, set apart from each page's own table title.
    rng = random.Random(20)
    head = ["VEML6075", "www.vishay.com", "Vishay Semiconductors"]
    pages = []
    for n in range(1, 7):
        block = [line(head[0], 34, x0=478, size=16), line(head[1], 54, x0=119, size=10),
                 line(head[2], 57, x0=411, size=14)]
        title = line(f"{rng.choice(WORDS).upper()} {rng.choice(WORDS).upper()} RATINGS", 91, x0=61, size=10)
        text = [line(" ".join(rng.choice(WORDS) for _ in range(12)), 110 + 10 * k, x0=61, size=8, x1=540)
                for k in range(60)]
        pages.append(Page(n, W, H, (*block, title, *text)))
    assert set(head) <= texts_removed(pages)


def test_charts_cut_off_at_the_top_of_a_few_slides_keep_their_titles():
    # Three slides show a chart each, drawn larger than the slide: each chart's own title lies just past
    # the slide's top edge, in one place, in other words on each. A printer's slug out there says the same
    # on every page; what changes on a few pages is the slides' content, cut off.
    rng = random.Random(37)
    pages = []
    for n in range(1, 13):
        lines = [line(" ".join(rng.choice(WORDS) for _ in range(3)).title(), 28, x0=40, size=32)]
        y = 90.0
        while y < 380:
            lines.append(line("\u2022 " + " ".join(rng.choice(WORDS) for _ in range(8)), y, x0=40, size=18, x1=700))
            y += 30
        if n in (6, 7, 8):
            title = f"Hitrates for {['Zipf10k', 'OrmBusytime', 'WebSearch1'][n - 6]} trace"
            lines.append(Line(title, (377, -11.9, 507, 0.0), 12.1, "Arial"))
        lines.append(line(str(n), 425, x0=772, size=14))
        pages.append(Page(n, 793.7, 446.5, tuple(lines)))
    got = removed(pages)
    assert got == {(n, str(n)) for n in range(1, 13)}


def test_a_printers_slug_in_parts_beyond_the_page_ends_no_walk_to_the_head_under_it():
    # A handbook chapter's pages carry the printer's job slug above the visible page, in four parts on one
    # baseline (job, file, date, time), and under it, on the page, the running head with the chapter's
    # folio ("23-2"). The slug's parts are no table's row: the head is met from the edge through it.
    rng = random.Random(21)
    pages = []
    for n in range(2, 9):
        slug = [line(text, -33, x0=x, size=8.5) for x, text in [(-8, "C5505"), (31, "C5505_C023"),
                                                                (90, "March 20, 2007"), (159, "13:28")]]
        title = "Handbook of Approximation Algorithms" if n % 2 == 0 else "Principles of Tabu Search"
        head = [line(f"23-{n}", 32, x0=41 if n % 2 == 0 else 400, size=9), line(title, 32, x0=181, size=9)]
        pages.append(Page(n - 1, W, H, (*slug, *head, *body(rng, top=61))))
    got = texts_removed(pages)
    assert {f"23-{n}" for n in range(2, 9)} | {"Handbook of Approximation Algorithms", "Principles of Tabu Search"} <= got


def test_a_journals_first_page_foot_of_dates_between_its_doi_and_copyright_is_the_publishers():
    # An article's first page ends in the publisher's block in type a little smaller than the 8 pt text: its
    # DOI, the article's dates and its copyright, stacked tight, set apart from the authors' footnotes over
    # it. Half its rows name the publication, the first and the last among them; the footnotes stay.
    rng = random.Random(22)

    def text(top: float, bottom: float) -> list[Line]:
        return [line(" ".join(rng.choice(WORDS) for _ in range(12)), y, size=8, x1=540)
                for y in [top + 10 * k for k in range(int((bottom - top) / 10))]]

    notes = [line("* Corresponding authors.", 658, size=7.2), line("E-mail addresses: a.author@example.org", 668, size=7.2)]
    block = [line("https://doi.org/10.1016/j.iswa.2023.200253", 697, size=7.2),
             line("Received 1 February 2022; Received in revised form 25 May 2023; Accepted 17 June 2023", 706, size=7.2),
             line("Available online 22 June 2023", 715, size=7.2),
             line("2667-3053/© 2023 The Author(s). Published by Elsevier Ltd.", 724, size=7.2)]
    pages = [Page(1, W, H, (*text(100, 640), *notes, *block))]
    pages += [Page(n, W, H, (*text(60, 740), line(str(n), 760, x0=540, size=8))) for n in range(2, 6)]
    got = removed(pages)
    assert {(1, m.text) for m in block} <= got
    assert not {(1, m.text) for m in notes} & got


def test_an_openers_folio_at_its_foot_on_a_page_of_a_size_of_its_own():
    # A scanned article: each later page's folio at its head, the first page's at its foot, set apart under
    # its text; that page was cropped to a size no other page has, so its text block is its own and the
    # folio lies in it. It fits the numbering: the folio all the same.
    rng = random.Random(23)
    first = Page(1, W + 7, H - 5, (*body(rng, top=120, bottom=720), line("533", 735, x0=298, size=8)))
    pages = [first] + [Page(n, W, H, (line(str(532 + n), 41, x0=133 if n % 2 == 0 else 460, size=9),
                                      *body(rng, top=62, bottom=700))) for n in range(2, 6)]
    assert (1, "533") in removed(pages)


def notes_pages(seed: int, headings: Callable[[int, random.Random], list[Line]], top: float, x0: float) -> list[Page]:
    """Six pages of financial statements' notes: the head block (organisation, "Notes to ...", date) at
    the top of each, ``headings`` of page n under it, the text from ``top`` at ``x0``, "Page N" at the foot."""
    rng = random.Random(seed)
    pages = []
    for n in range(1, 7):
        head = [line("The Corporation of the Town of Ajax", 46, size=10),
                line("Notes to the consolidated financial statements", 59, size=9), line("December 31, 2024", 71, size=9)]
        under = headings(n, rng)
        text = [line(" ".join(rng.choice(WORDS) for _ in range(11)), top + 11 * k, x0=x0, size=9, x1=517)
                for k in range(48)]
        pages.append(Page(n, W, H, (*head, *under, *text, line(f"Page {n + 6}", 750, x0=500, size=8))))
    return pages


def test_a_sections_heading_continued_under_a_head_block_is_no_part_of_the_head():
    # Financial statements' notes: under the head block, past a wide gap, the note's headings continued
    # from page to page, each row 8 pt from the next, the last of them a little nearer the page's own
    # subheading than the row before it. That last heading follows a heading's row, not the folio's: it is
    # the text's.
    def headings(n: int, rng: random.Random) -> list[Line]:
        return [line("1. Summary of significant accounting policies (continued)", 115, size=10),
                line("Basis of accounting (continued)", 133, x0=101, size=9),
                line("(b) Basis of accounting (continued)", 150.04, x0=101, size=9),
                line(f"({'i' * n}) {rng.choice(WORDS).title()} {rng.choice(WORDS)}", 166.96, x0=122, size=9)]

    got = texts_removed(notes_pages(24, headings, 184, 151))
    assert {"The Corporation of the Town of Ajax", "December 31, 2024"} <= got
    assert "(b) Basis of accounting (continued)" not in got


def test_a_sections_headings_continued_under_a_head_block_spaced_as_the_text_are_the_texts():
    # The same notes, the headings continued on every page spaced evenly down to the text's own first
    # heading (8 pt apart, as the text's headings are), far under the head block: the text's, all of them.
    def headings(n: int, rng: random.Random) -> list[Line]:
        return [line("1. Summary of significant accounting policies (continued)", 115, size=10),
                line("Basis of accounting (continued)", 133, x0=101, size=9),
                line(f"({'abcdef'[n - 1]}) {rng.choice(WORDS).title()} {rng.choice(WORDS)}", 150, x0=101, size=9)]

    got = texts_removed(notes_pages(25, headings, 167, 122))
    assert {"The Corporation of the Town of Ajax", "Notes to the consolidated financial statements",
            "December 31, 2024", "Page 7"} <= got
    assert not {"1. Summary of significant accounting policies (continued)", "Basis of accounting (continued)"} & got


def test_an_organisations_name_set_large_over_its_notes_head_block_is_the_head():
    # Notes pages: a stamp at the top edge, then the head block, the organisation's name set larger than
    # the text over "Notes to ...", the date and the units, the same on every page and spaced as widely
    # as the text's headings; the name is no heading over the text.
    rng = random.Random(26)
    pages = []
    for n in range(1, 7):
        head = [line("Envelope ID: 50D1D5ED-E6CA-4A81", 11, x0=17, size=8),
                line("The Corporation of the Town of Aurora", 70, x0=289, size=14),
                line("Notes to the Consolidated Financial Statements", 86, x0=275, size=12),
                line("December 31, 2024", 116, x0=90, size=12), line("(Dollar amounts in thousands)", 140, x0=90, size=9)]
        text = [line(f"{rng.choice(WORDS).title()} {rng.choice(WORDS)}", 184, x0=108, size=12)]
        text += [line(" ".join(rng.choice(WORDS) for _ in range(11)), 207 + 15.5 * k, x0=108, size=12, x1=543)
                 for k in range(36)]
        pages.append(Page(n, W, H, (*head, *text, line(str(n + 10), 758, x0=520, size=12))))
    got = texts_removed(pages)
    assert {"The Corporation of the Town of Aurora", "Notes to the Consolidated Financial Statements",
            "December 31, 2024", "(Dollar amounts in thousands)"} <= got


def test_a_tables_title_set_large_over_its_own_large_next_line_stays_a_heading():
    # A long table's title over each of its pages, its second line as large as the first: a heading
    # that wraps, not a head block's name over its smaller rows.
    rng = random.Random(27)
    pages = []
    for n in range(1, 7):
        title = [line("CONTRACTOR ADDRESS TABLE", 24, x0=127, size=12),
                 line("FOR VACCINATION CLAIMS (PART B)", 50, x0=40, size=12)]
        rows = [line(f"{rng.choice(WORDS).title()} {k}", 84 + 12 * k, x0=40) for k in range(50)]
        rows += [line(f"P.O. Box {rng.randint(1000, 99999)} {rng.choice(WORDS)}", 84 + 12 * k, x0=145) for k in range(50)]
        pages.append(Page(n, W, H, (*title, *rows, line(str(n + 4), 760, x0=300))))
    got = texts_removed(pages)
    assert not {"CONTRACTOR ADDRESS TABLE", "FOR VACCINATION CLAIMS (PART B)"} & got


def test_a_charts_axis_title_within_the_text_column_is_no_margin_note():
    # A notebook printed from a browser: on three of six pages a chart whose axis title runs up beside
    # its tick labels, inside the text column (the code cells start farther left), set a little larger
    # than the labels.
    rng = random.Random(28)
    pages = []
    for n in range(1, 7):
        lines = [line(f"In [{n + 20}]:", 40, x0=38), *body(rng, top=62, bottom=300, x0=38)]
        if n in (2, 3, 4):
            lines += [line(str(v), 420 - 0.42 * v, x0=92 - 6 * len(str(v)) + 6, size=9) for v in (0, 100, 200, 300, 400)]
            lines.append(Line("Price ($US)", (53.0, 360.0, 64.0, 420.0), 10.5, "Times-Roman", angle=90))
        pages.append(Page(n, 595.0, 842.0, tuple(lines)))
    assert "Price ($US)" not in texts_removed(pages)


def test_a_line_drawn_twice_over_itself_counts_once_and_goes_with_its_copy():
    # A statistics package's output: the page's title, the run's date and time and the page's number in
    # one row at the top, each drawn twice over itself; read twice, the row would be a table's row of six
    # cells. The date and the folio are furniture, both copies of each.
    rng = random.Random(29)
    pages = []
    for n in range(1, 7):
        row = [line(f"Results part {rng.choice(WORDS)}", 19, x0=238, size=11), line("12:20 Tuesday, October 29, 2024", 22,
               x0=463, size=9, x1=579), line(str(n), 22, x0=589, size=9)]
        pages.append(Page(n, W, H, (*row, *row, *body(rng, top=60, bottom=720))))
    got = removed(pages)
    assert {(n, "12:20 Tuesday, October 29, 2024") for n in range(1, 7)} <= got
    ids = {(page, index) for g in detect(pages) if g.remove for page, index in g.members}
    assert {(n, k) for n in range(1, 7) for k in (1, 2, 4, 5)} <= ids


def test_slides_titles_a_producer_tags_as_the_pages_header_are_no_header():
    # A deck whose slides' titles (set larger than their points) are drawn in the page's header band and
    # tagged as the header, each title shown on the two or three states of its slide; the slide numbers
    # at the foot are furniture, the titles are not.
    rng = random.Random(30)
    titles = ["Simple Animations"] * 2 + ["Animations in Lists"] * 3 + ["Complex Animations"] * 3
    pages = []
    for n, title in enumerate(titles, start=1):
        points = [line(" ".join(rng.choice(WORDS) for _ in range(8)), 78 + 38 * k, x0=40, size=20, x1=700)
                  for k in range(1 + n % 3)]
        pages.append(Page(n, 842.0, 474.0, (Line(title, (40.0, 27.5, 270.0, 55.5), 28.0, "Times-Roman", artifact="header"),
                                            *points, line(f"{n + 14} / 23", 453, x0=784, size=16))))
    got = texts_removed(pages)
    assert not set(titles) & got
    assert {f"{n + 14} / 23" for n in range(1, 9)} <= got


def test_a_logs_page_number_in_its_last_row_is_no_heading_however_small_its_text():
    # A well log's pages hold little text but its depth scale, set in 5.4 pt; "Page 2" at the foot of each
    # is set larger than that, in words beside its number, as a heading that numbers itself would be: but
    # a heading stands over its text, never alone in the page's last row.
    pages = []
    for n in range(1, 13):
        depths = [line(f"{850 + 50 * (3 * n + k)}.0", 75 + 199 * k, x0=26, size=5.4, x1=42) for k in range(3)]
        extra = [line("Ommelanden", 264, x0=375, size=5.4)] if n == 2 else []
        pages.append(Page(n, 595.32, 841.92, (*depths, *extra, line(f"Page {n}", 761.6, x0=558.6, size=7.3, x1=581.4))))
    assert {f"Page {n}" for n in range(1, 13)} <= texts_removed(pages)


def test_exhibits_a_handbook_tags_as_its_last_pages_header_are_its_header():
    # A handbook tags "Exhibit 1" ... "Exhibit 5", set large in the top corner of its last five pages, as
    # the page's header: five pages of twenty are not each slide's title, and the tag says what they are.
    rng = random.Random(32)
    pages = []
    for n in range(1, 21):
        lines = list(body(rng, top=90))
        if n > 15:
            lines.append(Line(f"Exhibit {n - 15}", (488.0, 22.0, 565.0, 38.0), 16.0, "Times-Roman", artifact="header"))
        pages.append(Page(n, W, H, tuple(lines)))
    assert {f"Exhibit {k}" for k in range(1, 6)} <= texts_removed(pages)


def test_a_running_foot_naming_each_pages_section_keeps_its_folio_at_one_end():
    # A book's mirrored feet: "2 | Chapter One" on the left-hand pages, "1.1. Section title | 3" on the
    # right-hand ones, the section's words changing every other page: the folio at the same end of each.
    rng = random.Random(31)
    chapters = ["It's a City Under Siege", "The Ravages of Writing", "A Tale of Two Codes", "Words Seasoned with Power"]
    sections = ["2.1. A Recipe for Potion", "2.1. A Recipe for Potion", "4.1. Can I Get Some Code?",
                "4.1. Can I Get Some Code?"]
    pages = []
    for n in range(1, 9):
        if n % 2:
            foot = line(f"{n + 1} | Chapter {n // 2 + 1}. {chapters[n // 2]}", 818, x0=49, size=9)
        else:
            text = f"{sections[n // 2 - 1]} | {n + 1}"
            foot = line(text, 818, x0=546 - 4.5 * len(text), size=9)  # set to the right
        pages.append(Page(n, 595.0, 842.0, (*body(rng, top=42, bottom=790, x0=48), foot)))
    got = removed(pages)
    assert {(n, f"{sections[n // 2 - 1]} | {n + 1}") for n in range(2, 9, 2)} <= got


def test_a_reports_head_in_three_columns_beside_its_large_title_is_the_head():
    # A budget report printed from a finance system, landscape: the system's name and the sheet's number
    # at the top edge, the report's title set large in the middle under them (a table's title, content),
    # and beside and under it, at the left the logo's caption and at the right the print date and the
    # fiscal year, the same on every page, then the table. The title ends the walk of rows across the page;
    # the caption and the date reach the edge across their own width.
    rng = random.Random(32)
    pages = []
    for n in range(1, 7):
        head = [line("R.A.F.A.M.", 19, x0=394, size=12), line(f"Hoja: {n} de 12", 20, x0=750, size=11),
                line("ESTADO DE EJECUCION PRESUPUESTARIA DE RECURSOS", 41, x0=225, size=14, x1=619),
                line("10/07/2025", 52, x0=728, size=11), line("Del 02/01/2025 al 30/06/2025", 61, x0=365),
                line("Municipalidad de", 71, x0=53, size=9), line("Ejercicio: 2025", 78, x0=738, size=11),
                line("Carmen de Areco", 83, x0=52, size=9)]
        rows = [line(f"{rng.choice(WORDS).title()} {rng.choice(WORDS)} {rng.randint(100, 999)}", 112 + 11 * k, x0=30,
                     size=8, x1=250) for k in range(40)]
        rows += [line(f"{rng.randint(1000, 99999)},{rng.randint(10, 99)}", 112 + 11 * k, x0=420, size=8) for k in range(40)]
        pages.append(Page(n, 842.0, 595.0, (*head, *rows)))
    got = texts_removed(pages)
    assert {"Municipalidad de", "Carmen de Areco", "10/07/2025", "Ejercicio: 2025", "R.A.F.A.M."} <= got
    assert not {"ESTADO DE EJECUCION PRESUPUESTARIA DE RECURSOS", "Del 02/01/2025 al 30/06/2025"} & got


def test_a_figures_caption_over_a_first_pages_publisher_foot_is_the_figures():
    # A data sheet's first page: a circuit's caption at the foot of the figure, and under it, past a gap
    # wider than the text's leading, the publisher's block (date, document number, a caution and the
    # copyright), stacked tight. The block goes; the caption stays.
    rng = random.Random(33)
    first = Page(1, W, H, (*body(rng, top=60, bottom=600), line("FIGURE 1. TYPICAL APPLICATION CIRCUIT", 730, x0=231, size=8),
                           line("July 7, 2016", 749, x0=51, size=7), line("CAUTION: These devices are sensitive to "
                           "electrostatic discharge", 749, x0=264, size=7),
                           line("FN8723.3", 757, x0=51, size=7),
                           line("1-888-INTERSIL | Copyright Intersil Americas LLC 2016", 757, x0=279, size=7)))
    pages = [first] + [Page(n, W, H, (*body(rng, top=60, bottom=720), line("Submit Document Feedback", 750, x0=51, size=7),
                                      line(str(n), 750, x0=300, size=9))) for n in range(2, 6)]
    got = removed(pages)
    assert (1, "1-888-INTERSIL | Copyright Intersil Americas LLC 2016") in got
    assert (1, "FIGURE 1. TYPICAL APPLICATION CIRCUIT") not in got


def test_a_head_row_of_four_parts_alone_at_the_edge_is_no_tables_row():
    # An official journal's head: the date, the language, the journal's name and "L 128/59", four parts in
    # the text's size in one row at the top edge, far above the text: no table's row, however many parts.
    rng = random.Random(34)
    pages = []
    for n in range(1, 7):
        folio = f"L 128/{58 + n}"
        parts = [line("19.5.2017", 50, x0=42 if n % 2 else 513), line("IT", 51, x0=121, size=8.5),
                 line("Gazzetta ufficiale dell'Unione europea", 50, x0=226), line(folio, 50, x0=517 if n % 2 else 42)]
        pages.append(Page(n, W, H, (*parts, *body(rng, top=82, bottom=760))))
    got = texts_removed(pages)
    assert {"19.5.2017", "IT", "Gazzetta ufficiale dell'Unione europea", "L 128/59", "L 128/64"} <= got


def test_a_foot_bar_of_four_parts_over_a_tagline_is_no_tables_row_unlike_a_tables_headings():
    # A fund's two-page factsheet, tables down both pages. At the foot of each page, a bar of four parts in
    # the text's size (its web address, the fund house, the month and "Page n"), set apart from the table
    # over it and sharing none of its columns, with a tagline in small print under it at the edge: the
    # foot. At the top, the head line and under it a test table's column headings, the same on both pages,
    # set apart from the clauses under them: the first clause's number starts where "Clause" does, and its
    # verdict ends where "Verdict" does. They stay the table's.
    rng = random.Random(68)
    headings = [("Clause", 60), ("Requirement + Test", 110), ("Result - Remark", 300), ("Verdict", 500)]
    pages = []
    for n in range(1, 3):
        rows = [line(text, 70, x0=x) for text, x in headings]
        for r in range(40):
            top = 100 + 15 * r
            rows += [line(f"{n}.{r + 1}", top, x0=61), line(" ".join(rng.choice(WORDS) for _ in range(5)), top, x0=118)]
            if r % 3 == 0:
                rows.append(line("P", top, x0=530, x1=535))
        bar = [line("www.harbourfunds.example", 716, x0=22), line("Harbour Mutual Fund", 716, x0=275),
               line("April 2026", 716, x0=420), line(f"Page {11 + n}", 716, x0=522)]
        pages.append(Page(n, W, H, (line("Harbour Multi Cap Fund: test report", 40, x0=60), *rows, *bar,
                                    line("Powered by FundMetrics", 740, x0=522, size=6))))
    got = texts_removed(pages)
    assert {"www.harbourfunds.example", "Harbour Mutual Fund", "April 2026", "Page 12", "Powered by FundMetrics"} <= got
    assert not got & {text for text, _ in headings}

def test_a_gazettes_name_set_large_over_its_row_of_date_and_folio_is_the_head():
    # A regional gazette's head on every page: its name set large, under it a row of the issue, the date
    # and the page's number in the text's size. The name is no heading over the text.
    rng = random.Random(35)
    pages = []
    for n in range(1, 7):
        row = [line("B.O.C.M. Num. 261", 73, x0=36 if n % 2 else 486, size=9),
               line("SABADO 1 DE NOVIEMBRE DE 2025", 73, x0=223, size=9),
               line(f"Pag. {208 + n}", 73, x0=529 if n % 2 else 36, size=9)]
        pages.append(Page(n, 595.0, 842.0, (line("BOLETIN OFICIAL DE LA COMUNIDAD DE MADRID", 42, x0=219, size=14, x1=560),
                                            *row, *body(rng, top=110, bottom=780))))
    got = texts_removed(pages)
    assert {"BOLETIN OFICIAL DE LA COMUNIDAD DE MADRID", "SABADO 1 DE NOVIEMBRE DE 2025", "Pag. 209"} <= got


def test_a_sheets_row_of_month_headings_alone_at_its_first_pages_top_is_the_tables():
    # A spreadsheet saved as PDF: on its first page only, the sheet's title and the months' headings in one
    # row at the top edge, set apart from the rows under it by a section's label; the cells stand at the
    # columns' pitch, closer than a head's parts do: the table's heading row, not a page's own head.
    rng = random.Random(36)
    months = ["ENERO", "FEBRERO", "MARZO", "ABRIL", "MAYO", "JUNIO", "JULIO", "AGOSTO", "SEPTIEMBRE", "OCTUBRE",
              "NOVIEMBRE", "DICIEMBRE", "TOTAL"]

    def figures(top: float) -> list[Line]:
        return [line(f"{rng.randint(0, 99)}", top, x0=190 + 30 * k, size=4.8) for k in range(13)]

    pages = []
    for n in range(1, 5):
        lines = []
        top = 80.0  # (the other pages' text starts lower)
        if n == 1:
            lines += [line("Oficina Municipal de Informacion", 57, x0=46, size=5.3, x1=170)]
            lines += [line(month, 57, x0=184 + 30 * k, size=4.8, x1=184 + 30 * k + 22) for k, month in enumerate(months)]
            top = 70.0
        for k in range(40):
            y = top + 11 * k
            lines += [line(f"{rng.choice(WORDS).upper()} {rng.choice(WORDS).upper()}", y, x0=24, size=4.8, x1=150)]
            lines += figures(y)
        pages.append(Page(n, W, H, tuple(lines)))
    assert not set(months) & texts_removed(pages)


def test_slides_of_a_picture_under_one_title_over_their_numbers_keep_the_title():
    # A deck whose four slides in a row show pictures under one title, their only text the title (set
    # large) and the slide's number at the foot: the row under the title is the foot's, and the title is
    # no head block's first row.
    pages = []
    for n in range(1, 8):
        lines = [line(str(n + 7), 544, x0=740, size=14)]
        if 3 <= n <= 6:
            lines.append(line("Compaction in generational GCs", 53, x0=79, size=44, x1=715))
        else:
            lines += [line(f"Slide {n} title", 18, x0=79, size=44)]
            lines += [line(" ".join(random.Random(n * 10 + k).choice(WORDS) for _ in range(6)), 136 + 40 * k, x0=79, size=28)
                      for k in range(6)]
        pages.append(Page(n, 794.0, 595.0, tuple(lines)))
    got = texts_removed(pages)
    assert "Compaction in generational GCs" not in got
    assert {str(n + 7) for n in range(1, 8)} <= got


def test_a_slideshows_builds_each_numbered_as_a_page_keep_their_titles_and_numbers():
    # A slideshow that numbers every page, each state of a slide too: the states keep the slide before
    # them but for its number, so they are builds (their title repeats once), and the numbers count with
    # the pages.
    rng = random.Random(37)
    titles = ["Introduction", "Flat Contracts", "Flat Contracts", "Contract combinators", "Contract combinators",
              "Contract combinators", "Contract combinators", "Contract combinators"]
    points = [" ".join(rng.choice(WORDS) for _ in range(5)) for _ in range(8)]
    pages = []
    for n, title in enumerate(titles, start=1):
        first = titles.index(title) + 1
        shown = [line(points[k], 146 + 40 * (k - first + 1), x0=60, size=17.8) for k in range(first - 1, n)]
        pages.append(Page(n, 800.0, 600.0, (line(title, 35, x0=60, size=29.7), *shown,
                                            line(str(n), 566, x0=770, size=12.8))))
    got = texts_removed(pages)
    assert not set(titles) & got
    assert {str(n) for n in range(1, 9)} <= got


def test_a_heading_that_names_its_rule_by_the_pages_number_is_no_folio():
    # A flyer of four pages: on its third page a heading "Regel 3 - Selbstmordverbot" at the top. Its
    # number is the page's, but words go on after it: a rule's heading, not "Seite 3".
    rng = random.Random(38)
    pages = [Page(n, W, H, ((line(f"Regel {n} \u2013 Selbstmordverbot", 40) if n == 3 else line(f"Regel {n + 4}", 300)),
                            *body(rng, top=80, bottom=700))) for n in range(1, 5)]
    assert "Regel 3 \u2013 Selbstmordverbot" not in texts_removed(pages)


def test_a_running_head_set_larger_than_the_text_on_the_outer_side_of_facing_pages_is_the_head():
    # A book's section head set a little larger than its small text, at the right on odd pages and at the
    # left on even ones, over four pages: no heading over the text, which keeps its place.
    rng = random.Random(39)
    pages = []
    for n in range(1, 5):
        head = line("Presentacion", 49, x0=326 if n % 2 else 61, size=9.4)
        text = [line(" ".join(rng.choice(WORDS) for _ in range(12)), 100 + 10 * k, x0=47, size=7.5, x1=400)
                for k in range(60)]
        pages.append(Page(n, W, H, (head, *text, line(str(n + 10), 760, x0=300, size=7.5))))
    assert {"Presentacion"} <= texts_removed(pages)


def test_a_handout_of_slides_two_by_two_is_read_as_pages_one_above_the_other():
    # A beamer handout, four slides to a landscape sheet: each slide's headline (the talk's title over
    # its section) at the top of each slide, the upper slides' text reaching past the sheet's middle, the
    # lower slides 273 pt under the upper ones. The sheet is two pages one above the other, and the lower
    # slides' headlines are furniture as the upper ones are.
    rng = random.Random(40)
    pages = []
    for n in range(1, 7):
        lines: list[Line] = []
        for top in (0.0, 273.0):
            for x0 in (59.0, 437.0):
                lines += [line("OpenStreetMap - Von Community, Open Data", 27 + top, x0=x0, size=6, x1=x0 + 190),
                          line("Community", 37 + top, x0=x0 + 9, size=6)]
                lines += [line(" ".join(rng.choice(WORDS) for _ in range(5)), 63 + top + 17 * k, x0=x0 + 20, size=12,
                               x1=x0 + 300) for k in range(14 if top == 0 else 12)]
        pages.append(Page(n, 842.0, 595.0, tuple(lines)))
    got = removed(pages)
    lower = {(n, i) for n, page in enumerate(pages, start=1) for i, ln in enumerate(page.lines)
             if ln.text.startswith("OpenStreetMap") and ln.top > 290}
    ids = {(page, index) for g in detect(pages) if g.remove for page, index in g.members}
    assert lower <= ids
    assert all(text in ("OpenStreetMap - Von Community, Open Data", "Community") for _, text in got)


def report_in_parts(furniture: Callable[[int], list[Line]], title: Line, *, seed: int, top: float
                    ) -> tuple[list[Page], set[tuple[int, int]]]:
    """A report of four parts, three pages each: ``furniture(n)`` on page n, ``title`` over each part's first
    page, the text from ``top``. Returns the pages and the title's lines."""
    rng = random.Random(seed)
    pages = [Page(n, W, H, (*furniture(n), *([title] if n % 3 == 1 else []), *body(rng, top=top, bottom=700)))
             for n in range(1, 13)]
    return pages, {(n, i) for n, page in enumerate(pages, start=1) for i, ln in enumerate(page.lines) if ln is title}


def removed_keys(pages: list[Page]) -> set[tuple[int, int]]:
    return {(page, index) for g in detect(pages) if g.remove for page, index in g.members}


def test_a_reports_title_over_each_of_its_parts_is_no_marking_though_its_foot_names_the_report():
    # A report of four parts, three pages each: every page's foot names the report, and the report's title
    # is set large over the first page of each part. The title is printed at the foot of every page, not
    # at the head of most: it is a heading. A marking printed at the head and the foot of every page is
    # furniture at both.
    pages, titles = report_in_parts(lambda n: [line("Precinct Summary Report", 740, x0=72, size=8),
                                               line("SECRET", 20, x0=290, size=12), line("SECRET", 760, x0=290, size=12)],
                                    line("Precinct Summary Report", 50, x0=200, size=18), seed=41, top=110)
    got = removed(pages)
    assert titles and not titles & removed_keys(pages)
    assert {(n, "SECRET") for n in range(1, 13)} <= got
    assert {(n, "Precinct Summary Report") for n in range(1, 13)} <= got


def test_a_count_at_the_other_edge_from_the_folios_on_a_few_pages_is_no_page_number():
    # A recommendation's tables, one a page on three of its ten pages, each labelled at the top ("TABLE
    # 1/T.6"), its folio at the foot: a page has one number. So has a form whose table's sections, numbered
    # down the margin, start one a page on three pages. "Continued on page" beside the folio, on as few
    # pages, names the next page and is the foot's.
    rng = random.Random(42)
    pages = []
    for n in range(1, 13):
        lines = [line(str(n + 2), 750, x0=300)]
        if 6 <= n <= 8:
            lines.append(line(f"TABLE {n - 5}/T.6", 86, x0=270, size=9))
            lines.append(line(f"{n - 5}", 400, x0=40, x1=46))
        if 3 <= n <= 7:
            lines.append(line(f"(Continued on page {n + 3})", 730, x0=400, size=8))
        pages.append(Page(n, W, H, (*lines, *body(rng, top=110, bottom=700))))
    got = texts_removed(pages)
    assert not any(text.startswith("TABLE") for text in got)
    assert not {(n, str(n - 5)) for n in range(6, 9)} & removed(pages)
    assert {str(n + 2) for n in range(1, 13)} <= got
    assert {f"(Continued on page {n + 3})" for n in range(3, 8)} <= got
    # A policy's annexures head its last three pages ("Annexure I", "II", "III"), its folios "Page 10 of 12" at
    # the foot; the last page prints its folio otherwise ("Page | 12"): most of the annexures' pages still
    # have their number.
    pages = []
    for n in range(1, 13):
        folio = f"Page {n} of 12" if n < 12 else "Page | 12"
        lines = [line(folio, 750, x0=280, size=8), *body(rng, top=110, bottom=700)]
        if n >= 10:
            lines.append(line(f"Annexure {'I' * (n - 9)}", 80, x0=270))
        pages.append(Page(n, W, H, tuple(lines)))
    assert not any(text.startswith("Annexure") for text in texts_removed(pages))
    # A data sheet's addendum numbers its own pages beside the sheet's folios: a count that says it numbers
    # pages is one, however few its pages.
    pages = []
    for n in range(1, 13):
        lines = [line(str(n), 750, x0=300, size=8), *body(rng, top=110, bottom=700)]
        if n >= 10:
            lines.append(line(f"Addendum-Page {n - 9}", 765, x0=40, size=8))
        pages.append(Page(n, W, H, tuple(lines)))
    assert {f"Addendum-Page {n}" for n in (1, 2, 3)} <= texts_removed(pages)


def test_a_contents_pages_only_entry_is_at_no_edge_from_the_foot():
    # A short manual: a contents page with one entry and its page number under the heading, a blank page,
    # then two pages under a running head in the entry's words with their folios at the foot. The entry is
    # the contents' text: from the page's foot the walk meets only it, but it lies at the top.
    rng = random.Random(43)
    contents = Page(1, W, H, (line("Contents", 47, x0=40, size=20), line("Testing repeat table rows", 78, x0=40),
                              line("1", 78, x0=550)))
    pages = [contents, Page(2, W, H, ())]
    for n in (3, 4):
        pages.append(Page(n, W, H, (line("Testing repeat table rows", 25, x0=34), line(str(n - 2), 810, x0=34),
                                    *body(rng, top=60, bottom=780))))
    got = removed(pages)
    assert (1, "Testing repeat table rows") not in got
    assert {(3, "Testing repeat table rows"), (4, "Testing repeat table rows"), (3, "1"), (4, "2")} <= got


def test_a_title_set_large_beside_a_logos_caption_is_no_companion_of_it():
    # A report of four parts, three pages each, under a head of a print date and a logo's caption on every
    # page; over each part's first page the report's title is set large in the caption's row. The caption
    # and the date are furniture; the title beside them is the page's.
    pages, titles = report_in_parts(lambda n: [line("11/15/2024 - 1:40:16 PM", 62, x0=72, size=9),
                                               line("EMS", 80, x0=72, size=9), line(f"Page {n}", 760, x0=500, size=9)],
                                    line("Precinct Summary Report", 74, x0=250, size=18), seed=44, top=130)
    assert titles and not titles & removed_keys(pages)
    assert {(n, "EMS") for n in range(1, 13)} <= removed(pages)


def test_a_part_number_set_large_over_its_sections_name_is_the_running_head():
    # A data sheet's part number set large at the top right of every page, its chapter's name under it in
    # type between the text's and the head's, the text's own headings below: the head and its second row
    # are furniture, the headings are not.
    rng = random.Random(45)
    sections = {**dict.fromkeys(range(1, 4), "Introduction"), **dict.fromkeys(range(4, 9), "Electrical Characteristics"),
                **dict.fromkeys(range(9, 13), "Package Drawings")}
    pages = []
    for n in range(1, 13):
        name = sections[n]
        lines = [line("ATECC608A", 23, x0=460, size=16.5, x1=540), line(name, 43, x0=540 - 6 * len(name), size=12, x1=540),
                 line(f"DS40001977A-page {n}", 760, x0=460, size=8)]
        if n in (1, 4, 9):
            lines.append(line(name, 88, x0=72, size=14))
        pages.append(Page(n, W, H, (*lines, *body(rng, top=110, bottom=700))))
    got = removed(pages)
    assert {(n, "ATECC608A") for n in range(1, 13)} <= got
    assert {(n, sections[n]) for n in range(1, 13)} <= got
    headings = {(n, i) for n, page in enumerate(pages, start=1) for i, ln in enumerate(page.lines) if ln.size == 14}
    ids = {(page, index) for g in detect(pages) if g.remove for page, index in g.members}
    assert headings and not headings & ids


def test_a_running_head_of_two_lines_set_large_over_prose_is_furniture():
    # A society's bylaws: the document's name and the society's, centred in 14 pt on two lines at the head
    # of every page, spaced as evenly as the double-spaced 12 pt prose under them (the gap over the prose
    # a few hundredths of a point narrower than the one between the two lines). Both lines are the head
    # block: the same texts on every page, over a row of one line.
    rng = random.Random(29)
    pages = []
    for n in range(1, 9):
        prose = [line(" ".join(rng.choice(WORDS) for _ in range(12)), 92.6 + 15.9 * k, x0=94, size=12, x1=540)
                 for k in range(40)]
        pages.append(Page(n, W, H, (line("The Bylaws of", 37.9, x0=277, size=14),
                                    line("Ronin Institute for Independent Scholarship", 65.4, x0=176, size=14),
                                    *prose, line(str(n), 745, x0=300, size=12))))
    got = removed(pages)
    assert {(n, text) for n in range(1, 9)
            for text in ("The Bylaws of", "Ronin Institute for Independent Scholarship")} <= got


def test_a_head_block_of_large_lines_the_pdf_tags_as_every_pages_header_is_the_header():
    # A company's terms from Word: the title on two lines in 20 pt, its slogan in 12.6 pt and a motto in
    # 12 pt at the head of every page, all tagged as the page's header, over 10 pt text in two columns.
    # Each text heads every page: a running head in four lines, not slides' own titles (those change from
    # slide to slide), whatever the rows under it.
    rng = random.Random(31)
    head = [("COMPANY VEHICLE TERMS", 31.1, 279.6, 20.0), ("AND CONDITIONS", 57.3, 321.2, 20.0),
            ("AMS SECURITY HAS A ZERO HARM POLICY", 101.1, 198.1, 12.6), ("BE SAFETY CONSCIOUS", 123.4, 189.0, 12.0)]
    pages = []
    for n in range(1, 11):
        tagged = [Line(text, (x0, top, x0 + len(text) * size * 0.5, top + size), size, "Display", artifact="header")
                  for text, top, x0, size in head]
        text = [line(" ".join(rng.choice(WORDS) for _ in range(5)), 153 + 13.5 * k, x0=x0, x1=x0 + 220)
                for k in range(42) for x0 in (72, 320)]  # in two columns
        pages.append(Page(n, W, H, (*tagged, *text, line(f"{n} of 10", 743, x0=480))))
    got = removed(pages)
    assert {(n, text) for n in range(1, 11) for text, *_ in head} <= got


def test_a_songbooks_song_title_in_the_row_of_its_folio_and_date_is_its_running_head():
    # A songbook, a song a page: the head row holds the book's date, the folio and the song's title in
    # italics, different on every page, 12.6 pt over the song's heading in a sans face; the song's lines
    # lie far apart (room for chords over them). The folio's row is the head's: the title is furniture
    # with the date and the number, however close the song's heading stands.
    rng = random.Random(32)

    def set_in(font: str, text: str, top: float, x0: float, size: float = 12.0) -> Line:
        return Line(text, (x0, top, x0 + len(text) * size * 0.5, top + size), size, font)

    pages = []
    for n in range(1, 11):
        title = " ".join(rng.choice(WORDS).title() for _ in range(3))
        song = [set_in("CMSS12", f"{n} - {title}", 61.8, 178, 14.3)]
        song += [set_in("CMR12", " ".join(rng.choice(WORDS) for _ in range(6)), 139.6 + 44 * k, 54) for k in range(14)]
        pages.append(Page(n, W, H, (set_in("CMR12", "31 August, 2003", 37.2, 54), set_in("CMR12", str(n), 37.2, 312),
                                    set_in("CMTI12", title, 37.2, 455), *song, set_in("CMR12", "Property of The Church", 757, 54, 8))))
    got = removed(pages)
    assert {(n, pages[n - 1].lines[2].text) for n in range(1, 11)} <= got


def test_the_heads_of_facing_pages_in_a_short_excerpt_are_furniture_though_set_large():
    # Three pages cut from a journal: the chapter's head in 12 pt bold over the odd pages, on the left, the
    # section's in 12 pt bold italic over the even page, on the right, both far over 10 pt text; folios
    # mirrored at the foot. Neither head repeats much, and both are set larger than the text: together,
    # one at the top of each hand's pages at one height, they are the facing pages' heads.
    rng = random.Random(33)

    def set_in(font: str, text: str, top: float, x0: float, size: float) -> Line:
        return Line(text, (x0, top, x0 + len(text) * size * 0.5, top + size), size, font)

    pages = []
    for n in range(1, 4):
        head = set_in("MyriadPro-Bold", "3. | INFORMATION ON SPECIFIC ZOONOSES", 36.9, 62.4, 12) if n % 2 else \
            set_in("MyriadPro-BoldIt", "Brucella | 3.5.", 36.9, 460.2, 12)
        folio = set_in("MyriadPro", str(179 + n), 804.7, 67.4 if n % 2 else 519.7, 7.5)
        pages.append(Page(n, 595.28, 841.89, (folio, head, *body(rng, top=98.7, bottom=760, x0=85))))
    got = removed(pages)
    assert {(1, "3. | INFORMATION ON SPECIFIC ZOONOSES"), (2, "Brucella | 3.5."),
            (3, "3. | INFORMATION ON SPECIFIC ZOONOSES")} <= got


def test_a_findings_severity_beside_its_title_on_the_findings_first_pages_is_content():
    # A security report opens each finding on a new page: its title in 20 pt, its severity ("Low") in the
    # margin beside the title in the text's size, on 4 of 12 pages. The severity stands in one place on
    # those pages, outside the text block; in the row of its page's own heading, it is the heading's label.
    rng = random.Random(34)
    pages = []
    for n in range(1, 13):
        lines = [line(f"{n} / 12", 770, x0=72, size=8)]
        if n % 3 == 1:
            lines += [line("Low", 64.6, x0=53.8, size=10), line(" ".join(rng.choice(WORDS).title() for _ in range(4)),
                                                                 60.2, x0=85, size=20)]
            lines += body(rng, top=100, bottom=700, x0=85)
        else:
            lines += body(rng, top=58, bottom=700, x0=85)
        pages.append(Page(n, W, H, tuple(lines)))
    got = texts_removed(pages)
    assert "Low" not in got
    assert {f"{n} / 12" for n in range(1, 13)} <= got


def test_a_profiles_category_right_over_the_name_that_opens_it_is_content():
    # A report of company profiles opens each profile on a new page under its category ("Telecommunications
    # company"), in the text's size, stacked tight over the company's name in 25 pt; on 4 of 24 pages, in
    # one place, above where the other pages' text begins: the name's label, not a running head.
    rng = random.Random(35)
    pages = []
    for n in range(1, 25):
        lines = [line(f"{n}", 770, x0=540, size=8)]
        if n % 6 == 1:
            lines += [line("Telecommunications company", 72.7, x0=42.5),
                      line(" ".join(rng.choice(WORDS).title() for _ in range(3)), 89.5, x0=42.5, size=25)]
            lines += body(rng, top=130, bottom=700, x0=42.5)
        else:
            lines += body(rng, top=103, bottom=700, x0=42.5)
        pages.append(Page(n, W, H, tuple(lines)))
    got = texts_removed(pages)
    assert "Telecommunications company" not in got
    assert {str(n) for n in range(1, 25)} <= got


def test_a_first_pages_footnote_whose_mark_latex_sets_in_from_the_edge_is_the_texts():
    # A package's manual: its title's footnote at the foot of the first page, under where the other pages'
    # text ends, in small type. LaTeX sets the mark flush right in a box 1.8 em wide, 10.9 pt in from the
    # text's left edge: a footnote all the same, not a first page's own foot.
    rng = random.Random(35)
    pages = []
    for n in range(1, 4):
        lines = [line(str(n), 694.7, x0=328, size=10), *body(rng, top=126.8, bottom=600, x0=153.7)]
        if n == 1:
            lines += [Line("*", (164.6, 661.5, 168.4, 667.5), 6.0, "Times-Roman"),
                      Line("Ovaj dokument odnosi se na hrlatex v0.23, 2010/04/05.", (168.9, 662.8, 373.7, 670.7), 8.0,
                           "Times-Roman")]
        pages.append(Page(n, 595.28, 841.89, tuple(lines)))
    got = texts_removed(pages)
    assert not {"*", "Ovaj dokument odnosi se na hrlatex v0.23, 2010/04/05."} & got
    assert {"1", "2", "3"} <= got


def test_a_data_sheets_closing_block_under_its_last_page_is_the_documents():
    # A data sheet's back page ends in small type with its trademarks, copyright and where to find
    # distributors, under where the other pages' text ends: the document's closing block, content, where
    # the same foot under a chapter's first page inside a book is that page's own (the test above).
    rng = random.Random(36)
    closing = ["For product information and a complete list of distributors, please go to our website.",
               "Data subject to change. Copyright © 2007 Example Technologies Limited. All rights reserved.",
               "AV02-0365EN - June 28, 2007"]
    pages = []
    for n in range(1, 9):
        text = body(rng, top=80, bottom=400 if n == 8 else 640)
        if n == 8:
            text += [line(t, 690 + 10 * k, x0=72, size=7) for k, t in enumerate(closing)]
        else:
            text.append(line(str(n + 1), 760, x0=300))
        pages.append(Page(n, W, H, tuple(text)))
    got = texts_removed(pages)
    assert not set(closing) & got
    assert {str(n + 1) for n in range(1, 8)} <= got


def test_a_list_of_records_each_opening_with_a_name_and_closing_with_a_date_keeps_them_at_the_page_edges():
    # A report of public comments: each comment is a record, its writer's name in bold over the comment and
    # its date and time of posting under it, and the records run on from page to page. The page's first
    # record's name stands at the top of every page at one height, its last record's date near the foot:
    # each the same as the records' in the page's own text, in their font and size, set apart as theirs
    # are. No running head, no print stamp: the records' own lines.
    rng = random.Random(37)
    names = iter(f"{rng.choice(WORDS).title()} {rng.choice(WORDS).title()}" for _ in range(200))
    pages = []
    for n in range(1, 9):
        lines: list[Line] = []
        top = 72.0
        for _ in range(3):
            lines.append(Line(next(names), (72, top, 160, top + 10), 10, "Arial-Bold"))
            for k in range(4):
                lines.append(line(" ".join(rng.choice(WORDS) for _ in range(11)), top + 22 + 13.5 * k, x0=90,
                                  x1=540))
            day = rng.randint(10, 28)
            lines.append(Line(f"Apr {day}, 2021 {rng.randint(1, 12)}:{rng.randint(10, 59)} pm",
                              (72, top + 86, 170, top + 96), 10, "Arial"))
            top += 220
        pages.append(Page(n, W, H, tuple(lines)))
    got = texts_removed(pages)
    assert not got


def test_a_folio_beside_a_chapters_head_in_another_script_keeps_the_head_out_of_the_text_block():
    # A Korean manual: each page's top row holds its folio, in the Latin font, and the section's name, in
    # the Hangul one, changing with every page; the text starts well under them. On the first six pages the
    # font maps the folio's digits to syllables, and only the last six read as numbers. The row holds the
    # page's number (or a line in its slot), so the whole row is the head's when the text block is
    # measured: the text starts under it, and the folios and the names are furniture.
    rng = random.Random(38)
    pages = []
    for n in range(1, 13):
        number = str(n) if n > 6 else "\uc96d" * len(str(n))
        folio = Line(number, (85 if n % 2 == 0 else 448, 55.1, 90 if n % 2 == 0 else 453, 65.5), 10.5, "Latin")
        name = f"{rng.choice(WORDS)} {rng.choice(WORDS)} {rng.choice(WORDS)} \uac1c\ubc1c"
        head = Line(name, (110 if n % 2 == 0 else 300, 55.9, 217 if n % 2 == 0 else 420, 65.3), 10.5, "Hangul")
        pages.append(Page(n, 538.58, 737.01, (folio, head, *body(rng, top=86.6, bottom=680, x0=85))))
    got = removed(pages)
    assert {(n, str(n)) for n in range(7, 13)} <= got
    assert {(n, pages[n - 1].lines[1].text) for n in range(7, 13)} <= got


def test_a_tables_caption_counting_with_the_pages_in_one_of_two_columns_is_no_running_head():
    # A magazine in two columns, under its running head, its folios one behind the pages (a download
    # notice first): tables 3, 4, 6 and 7 at the top of the left column of pages 4, 5, 7 and 8, each
    # captioned in the same words, which wrap into a second line right under the first; a listing in the
    # right column, its lines at another pitch, shares their rows. The captions' numbers count with the
    # pages, as the folios do, but a caption has its next line under it, as close as the text's lines are:
    # it is the text's, however its row is shared.
    rng = random.Random(39)
    caption = "Table {}. Device driver events and their associated"
    pages = []
    for n in range(1, 15):
        lines = [line(str(n - 1), 760, x0=300, size=9), line("HACKER'S CODE", 29, x0=267, size=9)]
        if n in (4, 5, 7, 8):
            lines += [line(caption.format({4: 3, 5: 4, 7: 6, 8: 7}[n]), 71.4, x0=45.6, x1=286.8, size=9),
                      line("tions between kernel space and user space.", 83.5, x0=45.6, x1=198.6, size=9)]
            top = 117.9
        else:
            top = 71.4
        lines += [line(" ".join(rng.choice(WORDS) for _ in range(6)), top + 12.1 * k, x0=45.6, x1=286.8, size=9)
                  for k in range(int((720 - top) / 12.1))]
        lines += [Line(f"printk({rng.choice(WORDS)});", (316, 68.2 + 10.4 * k, 450, 76.2 + 10.4 * k), 8, "Courier")
                  for k in range(62)]
        pages.append(Page(n, W, H, tuple(lines)))
    got = texts_removed(pages)
    assert not {caption.format(k) for k in (3, 4, 6, 7)} & got
    assert {str(n) for n in range(14)} <= got


def test_a_running_head_ruled_off_by_a_rule_typed_as_text_tight_on_the_text_is_furniture():
    # A survey report: the running head (the report's title on even pages, the chapter's on odd ones) over
    # a rule typed as fifty underscores, whose box sits 1.7 pt over the text's first line. The rule rules
    # the head off from the text as a drawn rule would: head and rule are furniture.
    rng = random.Random(40)
    rule = "_" * 50
    pages = []
    for n in range(1, 6):
        head = line("Methodology", 37.2, x0=297.6, size=12) if n % 2 else \
            line("Healthy Students Healthy Lives", 37.2, x0=57.6, size=12)
        typed = line(rule, 51.0, x0=57.6 if n % 2 else 62.2, x1=360.6 if n % 2 else 365.2, size=12)
        text = [line(" ".join(rng.choice(WORDS) for _ in range(9)), 64.7 + 12.6 * k, x0=57.6, x1=364.9, size=11)
                for k in range(37)]
        folio = line(str(8 + n), 547, x0=356 if n % 2 else 57.6, size=12)
        pages.append(Page(n, 420, 595, (head, typed, folio, *text)))
    got = removed(pages)
    assert {(n, "Methodology") for n in (1, 3, 5)} | {(n, "Healthy Students Healthy Lives") for n in (2, 4)} <= got
    assert {(n, rule) for n in range(1, 6)} <= got


def test_a_running_head_of_three_parts_over_prose_is_no_tables_heading_row():
    # A law review's running head in three parts ("2007]", the short title, the folio) over justified prose;
    # far down one page, a row of three parts (a citation's pieces) starts and ends where the head's parts
    # do. The prose between them is no wrapped heading: the head is no table's row on that page either.
    rng = random.Random(41)
    pages = []
    for n in range(1, 13):
        parts = [line("2007]", 83.9, x0=131.8, x1=160.2), line("Cite Unseen", 83.9, x0=274.3, x1=334.1),
                 line(str(490 + n), 83.9, x0=463.0, x1=482.5)]
        if n % 2 == 0:
            parts = [line(str(490 + n), 83.9, x0=131.8, x1=151.3), line("Law Review", 83.9, x0=274.3, x1=334.1),
                     line("[Vol. 99", 83.9, x0=440.0, x1=482.5)]
        text = [line(" ".join(rng.choice(WORDS) for _ in range(12)), 107.9 + 13.3 * k, x0=131.8, x1=482.5,
                     size=11) for k in range(40)]
        if n == 5:
            text[20] = line("1995.", text[20].top, x0=131.8, x1=154, size=11)
            text.insert(21, line("Id. at", text[20].top, x0=274.3, x1=300, size=11))
            text.insert(22, line("note 12", text[20].top, x0=440.0, x1=482.5, size=11))
        pages.append(Page(n, W, H, (*parts, *text)))
    got = removed(pages)
    assert {(5, "2007]"), (5, "Cite Unseen"), (5, "495")} <= got


def test_table_labels_under_the_running_head_that_count_with_the_pages_are_kept():
    # A journal article: tables 3, 4 and 5 on pages 11 to 13, each labelled "Table N" under the running
    # head, which holds the page's folio. The labels count with the pages, but those pages have their
    # number in another row: the labels count what the pages show.
    rng = random.Random(42)
    pages = []
    for n in range(1, 15):
        folio = line(str(284 + n), 59.3, x0=438.5 if n % 2 else 79.0, x1=455.0 if n % 2 else 95.5, size=11)
        head = line("Assessing the Influence" if n % 2 else "Law Library Journal", 59.3, x0=209.3, size=11)
        lines = [folio, head]
        if n in (11, 12, 13):
            lines += [line(f"Table {n - 8}", 89.6, x0=243.9, x1=275.1), line("Citations to Treatises", 111.6, x0=86.1)]
            lines += body(rng, top=140, bottom=690, x0=79)
        else:
            lines += body(rng, top=90.8, bottom=690, x0=79)
        pages.append(Page(n, 534, 765, tuple(lines)))
    got = texts_removed(pages)
    assert not {"Table 3", "Table 4", "Table 5"} & got
    assert {str(284 + n) for n in range(1, 15)} <= got



def test_a_journals_citation_line_over_an_articles_title_is_the_first_pages_own_head():
    # A nursing journal's article: over its title on the first page, a line in small print cites the
    # article (author, year, journal, volume, pages, DOI), set well apart from the title; the other pages
    # have no head, only a folio at the foot. Small print that cites the publication at the top of the first
    # page is its own head, where no other page has one; a line of small print that cites nothing ("Draft
    # for discussion") is the page's.
    rng = random.Random(44)

    def article(first_line: str) -> list[Page]:
        pages = [Page(1, W, H, (line(first_line, 72.8, x0=148, size=8), line("International Journal of Nursing",
                                                                               116.4, x0=90, size=12),
                                *body(rng, top=160, bottom=700, x0=90), line("31", 780, x0=85)))]
        pages += [Page(n, W, H, (*body(rng, top=73, bottom=700, x0=90), line(str(30 + n), 780, x0=85)))
                  for n in range(2, 6)]
        return pages

    citation = "Elgendi, 2021, IEJNSR, 1(2): 31-35, DOI: 10.21608/ejnsr.2020.51290.1025"
    assert (1, citation) in removed(article(citation))
    assert (1, "Draft for discussion") not in removed(article("Draft for discussion"))



def test_a_dictionarys_guide_words_under_its_tab_but_not_a_lists_first_record():
    # A glossary's pages: the book's tab at the top right, and under it the page's guide words, its first
    # entry on the left and its last on the right, in the text's own face, set apart over the entries. The
    # left word starts where every entry does; the right one makes the row a head in two parts. A list of
    # records whose first record stands alone there, in the records' style, is the list's.
    rng = random.Random(92)

    def entries(top: float) -> list[Line]:
        out, y = [], top
        while y < 700:
            out += [line(f"{rng.choice(WORDS).title()} (noun) {' '.join(rng.choice(WORDS) for _ in range(8))}", y,
                         x1=532),
                    line(" ".join(rng.choice(WORDS) for _ in range(5)), y + 12)]
            y += 34
        return out

    tab = [line("LEXICON OF TERMS", 28, x0=470, size=8) for _ in range(8)]
    picked = [word.title() for word in rng.sample(WORDS, 16)]
    guides = list(zip(picked[::2], picked[1::2], strict=True))
    pages = [Page(n, W, H, (tab[n - 1], line(first, 50), line(last, 50, x0=532 - 5 * len(last)), *entries(90),
                            line(str(n), 750, x0=300)))
             for n, (first, last) in enumerate(guides, 1)]
    got = removed(pages)
    assert {(n, word) for n, pair in enumerate(guides, 1) for word in pair} <= got
    assert not any(text.endswith(tuple(WORDS)) or "(noun)" in text for _, text in got)
    records = [Page(n, W, H, (tab[n - 1], line(f"{first} (noun) {' '.join(rng.choice(WORDS) for _ in range(8))}", 50),
                              *entries(90), line(str(n), 750, x0=300)))
               for n, (first, _) in enumerate(guides, 1)]
    assert not any("(noun)" in text for _, text in removed(records))
    # A manual's pages open under the tab with a labelled heading whose long title runs on from its label
    # across the column: one heading, no head in parts.
    titles = [" ".join(rng.choice(WORDS) for _ in range(9)) for _ in range(8)]
    labels = [f"{word.upper()}:" for word in rng.sample(WORDS, 8)]
    manual = [Page(n, W, H, (tab[n - 1], line(label, 50), line(title, 50, x0=150, x1=520), *entries(90),
                             line(str(n), 750, x0=300)))
              for n, (label, title) in enumerate(zip(labels, titles, strict=True), 1)]
    assert not {text for _, text in removed(manual)} & {*titles, *labels}
    # Its front matter heads its pages in that place with a title that repeats: the text starts under it.
    # There a page's last entry ends a column as a paragraph does (a line in the text's face at the left,
    # set apart under it), like a guide word on the left; the row's right part has no such twin. A letter's
    # opening page, without the tab, holds one entry and shows one guide word.
    rng = random.Random(93)

    def spaced(top: float) -> list[Line]:
        out, y = [], top
        while y < 700:
            out += [line(f"{rng.choice(WORDS).title()} (noun) {' '.join(rng.choice(WORDS) for _ in range(8))}", y,
                         x1=532), line(" ".join(rng.choice(WORDS) for _ in range(5)), y + 12)]
            y += 44
        return out

    front = [Page(n, W, H, (line("LEXICON OF TERMS", 28, x0=470, size=8), line("Introduction", 50),
                            *spaced(90), line(str(n), 750, x0=300))) for n in (1, 2, 3)]
    words = [word.title() for word in rng.sample(WORDS, 16)]
    heads = {n: (words[2 * k], words[2 * k + 1]) if n not in (6, 9) else (words[2 * k],)
             for k, n in enumerate(range(4, 12))}
    later = [Page(n, W, H, (*(line("LEXICON OF TERMS", 28, x0=470, size=8) for _ in head[1:]), line(head[0], 50),
                            *(line(head[1], 50, x0=532 - 5 * len(head[1])) for _ in head[1:]), *spaced(90),
                            line(str(n), 750, x0=300))) for n, head in heads.items()]
    got = removed([*front, *later])
    assert {(n, word) for n, head in heads.items() for word in head} <= got
    assert not any("(noun)" in text for _, text in got)


def test_a_screen_panels_page_count_in_two_digits_is_margin_text_as_in_one():
    # Lectures set for the screen: a panel down the right of every page holds the navigation ("Home Page",
    # "Go Back", "Quit") and "Page 7 of 24" halfway down. From page 10 the count takes a figure more; a
    # note in the margin is as long as its words, its numbers each one mark, so it stays the panel's.
    rng = random.Random(94)
    sw, sh = 576.0, 450.0
    panel = ["Home Page", "Title Page", "Contents", "Go Back", "Full Screen", "Quit"]
    pages = []
    for n in range(1, 25):
        items = [line(text, 90 + 35 * k + (35 if k >= 3 else 0), x0=512, size=7) for k, text in enumerate(panel)]
        pages.append(Page(n, sw, sh, (*items, line(f"Page {n} of 24", 264, x0=508 if n >= 10 else 511, size=7),
                                      *(line(" ".join(rng.choice(WORDS) for _ in range(9)), 40 + 16 * k, x0=40, x1=470)
                                        for k in range(24)))))
    got = removed(pages)
    assert {(n, f"Page {n} of 24") for n in range(1, 25)} <= got
    assert not any(text.startswith(tuple(WORDS)) for _, text in got)
