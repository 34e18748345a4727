"""Report outputs on hand-made pages and groups (no PDF, no detector), plus one run on a real PDF."""

from __future__ import annotations

import json
import re
from dataclasses import replace

import pdfs
import pytest
from pagefurniture import DamagedPDF, Group, Line, NoTextLayer, Page, Reader, analyze, report_for
from pagefurniture.report import Report, decision, on_pages, page_ranges


def line(text: str, top: float) -> Line:
    return Line(text=text, box=(72.0, top, 72.0 + 6 * len(text), top + 10), size=10.0, font="Helvetica")


def page(number: int, *texts_and_tops: tuple[str, float]) -> Page:
    return Page(number=number, width=612, height=792, lines=tuple(line(t, y) for t, y in texts_and_tops))


@pytest.fixture
def report() -> Report:
    """Three pages: a header (group 0, removed), a folio (group 1, removed), a label (group 2, kept)."""
    pages = (
        page(1, ("Acme Handbook", 40), ("Table A-1.", 80), ("Alpha body.", 100), ("1", 760)),
        page(2, ("Acme Handbook", 40), ("Table A-2.", 80), ("Beta body.", 100), ("Beta more.", 118), ("2", 760)),
        page(3, ("Acme Handbook", 40), ("Gamma body.", 100), ("3", 760)),
    )
    groups = (
        Group(0, "Acme Handbook", "Acme Handbook", "header", "top", ((1, 0), (2, 0), (3, 0)), True,
              "at the top of 3 of 3 pages"),
        Group(1, "1", "#", "page-number", "bottom", ((1, 3), (2, 4), (3, 2)), True,
              "a page number"),
        Group(2, "Table A-1.", "Table A-#.", "repeated-content", "top", ((1, 1), (2, 1)), False,
              "its numbers do not follow the pages"),
    )
    return Report(name="acme.pdf", pages=pages, groups=groups)


def test_cleaned_text_keeps_content_and_puts_a_blank_line_between_pages(report):
    assert report.cleaned_text() == "Table A-1.\nAlpha body.\n\nTable A-2.\nBeta body.\nBeta more.\n\nGamma body.\n"


def test_page_texts_are_in_drawing_order(report):
    assert report.page_texts() == ["Table A-1.\nAlpha body.", "Table A-2.\nBeta body.\nBeta more.", "Gamma body."]


def test_removed_lists_each_removed_line_page_by_page(report):
    rows = [(r.page, r.index, r.line.text, r.group.id) for r in report.removed()]
    assert rows == [(1, 0, "Acme Handbook", 0), (1, 3, "1", 1), (2, 0, "Acme Handbook", 0), (2, 4, "2", 1),
                    (3, 0, "Acme Handbook", 0), (3, 2, "3", 1)]


def test_choose_keep_and_remove(report):
    chosen = report.choose(keep=[0], remove=[2])
    header, folio, label = chosen.groups
    assert (header.remove, header.decided_by, header.reason) == (False, "user", "at the top of 3 of 3 pages")
    assert (label.remove, label.decided_by) == (True, "user")
    assert (folio.remove, folio.decided_by) == (True, "detector")
    assert chosen.cleaned_text() == "Acme Handbook\nAlpha body.\n\nAcme Handbook\nBeta body.\nBeta more.\n\n" \
                                    "Acme Handbook\nGamma body.\n"
    # The original is untouched: choose returns a new report.
    assert report.groups[0].remove and not report.groups[2].remove
    assert "Acme Handbook" not in report.cleaned_text()


def test_choose_the_current_decision_changes_nothing(report):
    chosen = report.choose(keep=[2], remove=[0])
    assert chosen.groups == report.groups


def test_choose_back_and_forth_gives_the_group_back_to_the_detector(report):
    again = report.choose(keep=[1]).choose(remove=[1])
    assert again.groups == report.groups
    assert again.cleaned_text() == report.cleaned_text()


def test_the_decision_in_words_says_the_verdict_who_took_it_and_the_evidence(report):
    chosen = report.choose(keep=[0], remove=[2])
    assert [decision(group) for group in chosen.groups] == [
        "kept by you (the detector had removed it: at the top of 3 of 3 pages)",
        "removed: a page number",
        "removed by you (the detector had kept it: its numbers do not follow the pages)",
    ]
    data = json.loads(chosen.to_json())
    assert [g["decision"] for g in data["groups"]] == [decision(group) for group in chosen.groups]
    assert [g["reason"] for g in data["groups"]] == [group.reason for group in report.groups]
    assert {row["decision"] for row in data["removed"]} == {decision(chosen.groups[1]), decision(chosen.groups[2])}
    assert "kept by you (the detector had removed it: at the top of 3 of 3 pages)" in chosen.table()


@pytest.mark.parametrize("keep, remove, message", [
    ([0], [0], "both kept and removed"),
    ([7], [], "there is no group 7"),
    ([], [3], "there is no group 3"),
])
def test_choose_refuses_bad_ids(report, keep, remove, message):
    with pytest.raises(ValueError, match=message):
        report.choose(keep=keep, remove=remove)


def test_a_line_kept_alone_stays_in_the_text_and_its_group_goes_on(report):
    chosen = report.choose(keep_lines=[(2, 0)])
    assert chosen.page_texts()[1] == "Acme Handbook\nTable A-2.\nBeta body.\nBeta more."
    assert chosen.page_texts()[0] == report.page_texts()[0] and chosen.page_texts()[2] == report.page_texts()[2]
    assert chosen.groups == report.groups  # the group's decision is untouched
    assert [(r.page, r.index) for r in chosen.removed()] == [(1, 0), (1, 3), (2, 4), (3, 0), (3, 2)]
    assert chosen.line_decision(2, 0) == "kept by you, this line only (its group is removed: at the top of 3 of 3 pages)"
    assert chosen.line_decision(1, 0) == "removed: at the top of 3 of 3 pages"
    assert chosen.summary()["lines_removed"] == report.summary()["lines_removed"] - 1
    assert json.loads(chosen.to_json())["line_choices"] == {"keep": [[2, 0]], "remove": []}


def test_a_line_removed_alone_is_logged_with_its_group_or_none(report):
    chosen = report.choose(remove_lines=[(1, 1), (2, 3)])  # a kept label, and a body line in no group
    assert chosen.page_texts()[:2] == ["Alpha body.", "Table A-2.\nBeta body."]
    rows = {(row["page"], row["index"]): row for row in map(json.loads, chosen.removed_jsonl().splitlines())}
    assert rows[(1, 1)]["group"] == 2 and rows[(1, 1)]["kind"] == "repeated-content"
    assert rows[(1, 1)]["decision"] == ("removed by you, this line only "
                                        "(its group is kept: its numbers do not follow the pages)")
    assert (rows[(2, 3)]["group"], rows[(2, 3)]["kind"], rows[(2, 3)]["reason"]) == (None, None, None)
    assert rows[(2, 3)]["decision"] == "removed by you, this line only (it is in no group)"
    assert json.loads(chosen.to_json())["line_choices"] == {"keep": [], "remove": [[1, 1], [2, 3]]}


def test_a_line_set_back_to_its_group_follows_the_group_again(report):
    once = report.choose(keep_lines=[(2, 0)], remove_lines=[(1, 1)])
    back = once.choose(remove_lines=[(2, 0)], keep_lines=[(1, 1)])
    assert (back.keep_lines, back.remove_lines) == (frozenset(), frozenset())
    assert back.to_json() == report.to_json()
    # Choosing what the group already decides records nothing.
    assert report.choose(remove_lines=[(1, 0)], keep_lines=[(2, 2)]).to_json() == report.to_json()


def test_line_choices_outlive_a_change_of_their_group(report):
    chosen = report.choose(keep_lines=[(2, 0)]).choose(keep=[0])
    assert chosen.keep_lines == frozenset()  # the whole group is kept now: the line follows it
    assert [page.splitlines()[0] for page in chosen.page_texts()] == ["Acme Handbook"] * 3
    # Given together, group and line choices both apply: the line alone stays out.
    chosen = report.choose(keep=[0], remove_lines=[(3, 0)])
    assert [page.splitlines()[0] for page in chosen.page_texts()] == ["Acme Handbook", "Acme Handbook", "Gamma body."]
    assert chosen.remove_lines == frozenset({(3, 0)})


@pytest.mark.parametrize("keep_lines, remove_lines, message", [
    ([(1, 0)], [(1, 0)], "line 1:0 cannot be both kept and removed"),
    ([(4, 0)], [], "there is no page 4; the document has 3 pages"),
    ([(0, 0)], [], "there is no page 0"),
    ([], [(3, 3)], "page 3 has no line 3; its lines are 0-2"),
    ([], [(1, -1)], "page 1 has no line -1"),
])
def test_choose_refuses_lines_the_document_does_not_have(report, keep_lines, remove_lines, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        report.choose(keep_lines=keep_lines, remove_lines=remove_lines)


def test_pages_jsonl(report):
    rows = [json.loads(row) for row in report.pages_jsonl().splitlines()]
    assert rows == [{"page": 1, "text": "Table A-1.\nAlpha body."},
                    {"page": 2, "text": "Table A-2.\nBeta body.\nBeta more."},
                    {"page": 3, "text": "Gamma body."}]
    assert report.pages_jsonl().endswith("\n")


def test_removed_jsonl(report):
    rows = [json.loads(row) for row in report.removed_jsonl().splitlines()]
    assert len(rows) == 6
    assert rows[0] == {"page": 1, "index": 0, "text": "Acme Handbook", "kind": "header", "group": 0,
                       "reason": "at the top of 3 of 3 pages", "decision": "removed: at the top of 3 of 3 pages",
                       "box": [72.0, 40, 150.0, 50]}
    assert [(r["page"], r["text"]) for r in rows[1:]] == [(1, "1"), (2, "Acme Handbook"), (2, "2"),
                                                          (3, "Acme Handbook"), (3, "3")]


def test_jsonl_keeps_unicode_readable():
    rep = Report(name="ru.pdf", pages=(page(1, ("Порядок согласования", 40)),), groups=())
    assert "Порядок согласования" in rep.pages_jsonl()


def test_to_dict(report):
    data = json.loads(report.to_json())
    assert data["file"] == "acme.pdf"
    assert data["tool"]["name"] == "pagefurniture"
    assert [(g["id"], g["page_ranges"], g["on"], g["remove"]) for g in data["groups"]] == [
        (0, "1-3", "on 3 of 3 pages", True), (1, "1-3", "on 3 of 3 pages", True), (2, "1-2", "on 2 of 3 pages", False)]
    assert data["groups"][2]["lines"] == [[1, 1], [2, 1]]
    assert [(r["page"], r["text"]) for r in data["removed"]][:2] == [(1, "Acme Handbook"), (1, "1")]


def test_summary_counts(report):
    summary = report.summary()
    assert summary["pages"] == 3
    assert summary["lines"] == 12 and summary["lines_removed"] == 6
    assert summary["chars_removed"] == 3 * len("Acme Handbook") + 3
    assert summary["chars"] == sum(len(line.text) for p in report.pages for line in p.lines)
    assert (summary["groups"], summary["groups_removed"]) == (3, 2)
    assert summary["pages_without_text"] == [] and summary["pages_unreadable"] == []


def test_table_has_a_row_per_group(report):
    assert report.table() == (
        "text           pages  on               kind              decision\n"
        "Acme Handbook  1-3    on 3 of 3 pages  header            removed: at the top of 3 of 3 pages\n"
        "1              1-3    on 3 of 3 pages  page-number       removed: a page number\n"
        "Table A-1.     1-2    on 2 of 3 pages  repeated-content  kept: its numbers do not follow the pages\n")


def test_table_with_ids_puts_the_id_that_choose_takes_first(report):
    rows = report.table(ids=True).splitlines()
    assert [row[:4] for row in rows] == ["id  ", " 0  ", " 1  ", " 2  "]
    assert [row[4:] for row in rows] == report.table().splitlines()


def test_require_text():
    empty = Report(name="scan.pdf", pages=(page(1), page(2)), groups=())
    with pytest.raises(NoTextLayer, match="2 pages"):
        empty.require_text()
    one = Report(name="x.pdf", pages=(page(1), page(2, ("text", 10))), groups=())
    assert one.require_text() is one
    # No text because the pages could not be read: named as that, not as a scan, the first page's error
    # with a count of the others.
    lost = tuple(replace(page(n), error=f"page {n} could not be read completely (its font F is encoded with "
                                         "the character map M, which pdfminer.six does not have)") for n in (1, 2, 3))
    with pytest.raises(DamagedPDF) as caught:
        Report(name="cid.pdf", pages=lost, groups=()).require_text()
    assert str(caught.value) == (
        "no text could be read from this PDF: page 1 could not be read completely (its font F is encoded with the "
        "character map M, which pdfminer.six does not have), and 2 more of its 3 pages; get a complete copy of "
        "the file, or open it in a PDF viewer and save or print it again")


@pytest.mark.parametrize("pages, text", [
    ([], ""),
    ([4], "4"),
    ([1, 2, 3, 5], "1-3, 5"),
    ([5, 3, 2, 1, 2], "1-3, 5"),
    ([1, 3, 5], "1, 3, 5"),
    ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14], "1-12, 14"),
])
def test_page_ranges(pages, text):
    assert page_ranges(pages) == text


def test_on_pages():
    assert on_pages(38, 40) == "on 38 of 40 pages"
    assert on_pages(1, 1) == "on 1 of 1 page"
    assert on_pages(3, 18, with_text=18) == "on 3 of 18 pages"
    assert on_pages(3, 18, with_text=17) == "on 3 of 17 pages with text"


def test_a_group_s_page_count_is_of_the_pages_with_text_as_in_its_reason():
    # Six pages, the fourth blank: the reason counts the five pages with text, and so does "on".
    pages = [[pdfs.Text("Running head of the report", 72, 50, 9),
              pdfs.Text(f"Body text of page {n}, which differs from page to page ({n * 13}).", 72, 200, 11)]
             for n in range(1, 6)]
    pages.insert(3, [])
    report = analyze(pdfs.make_pdf(None, pages))
    head = next(g for g in report.to_dict()["groups"] if g["text"] == "Running head of the report")
    assert "of 5 pages" in head["reason"]
    assert head["on"] == "on 5 of 5 pages with text"
    assert "on 5 of 5 pages with text" in report.table()


# -- on a real PDF: needs the detector -------------------------------------------------------------------


def test_annual_report_header_and_footer_are_removed(tmp_path):
    report = analyze(pdfs.annual_report())
    removed = {(r.page, r.line.text) for r in report.removed()}
    assert removed == {(n, t) for n in range(1, 7) for t in (pdfs.ANNUAL_HEADER, pdfs.annual_footer(n))}
    kinds = {group.text: group.kind for group in report.groups if group.remove}
    assert kinds[pdfs.ANNUAL_HEADER] == "header"
    assert kinds["Page 1 of 6"] == "page-number"
    assert report.page_texts() == ["\n".join(pdfs.body(n)) for n in range(1, 7)]


def test_encrypted_report_says_so():
    report = analyze(pdfs.encrypted(), password=pdfs.PASSWORD)
    assert report.encrypted and report.to_dict()["encrypted"] is True
    assert not analyze(pdfs.annual_report()).encrypted


def test_image_only_pdf_has_pages_without_text():
    report = analyze(pdfs.image_only(pages=3))
    assert report.summary()["pages_without_text"] == [1, 2, 3]
    with pytest.raises(NoTextLayer):
        report.require_text()


def test_pages_read_in_any_order_give_the_report_analyze_gives():
    data = pdfs.annual_report(pages=8)
    reader = Reader(data)
    assert reader.page_count == 8
    pages = {n: reader.read(n) for n in (8, 3, 1, 5, 2, 7, 4, 6)}  # as workers would return them
    report = report_for("a.pdf", [pages[n] for n in range(1, 9)])
    assert report.to_json() == analyze(data, name="a.pdf").to_json()
    assert any(group.remove for group in report.groups)
    with pytest.raises(ValueError, match="page 9 is not in this PDF"):
        reader.read(9)


# -- partial results -------------------------------------------------------------------------------------------


def partial(report: Report, **cut) -> Report:
    """The fixture's report with page 3 lost (as in a cut-off file) and page 2 read only in part."""
    from dataclasses import replace

    from pagefurniture.model import CutOff

    pages = (report.pages[0], replace(report.pages[1], error="page 2 could not be read completely (boom)"),
             Page(number=3, width=612, height=792, lines=(), error="page 3 could not be read: the file is cut off "
                                                                   "before it"))
    return replace(report, pages=pages, cut_off=CutOff(size=4000, **cut) if cut else None)


def test_a_complete_report_says_so(report):
    summary = report.summary()
    assert report.complete and summary["complete"] is True and summary["cut_off"] is None


def test_a_partial_report_names_each_missing_page_and_why(report):
    lost = partial(report, expected=None, pages_known=True)
    summary = lost.summary()
    assert not lost.complete and summary["complete"] is False
    assert summary["pages_unreadable"] == [
        {"page": 2, "error": "page 2 could not be read completely (boom)", "partial": True},
        {"page": 3, "error": "page 3 could not be read: the file is cut off before it", "partial": False}]
    assert summary["cut_off"] == {"size": 4000, "expected_size": None, "pages_known": True}
    assert summary["pages_without_text"] == []  # page 3 was not read: it is not known to be without text
    rows = [json.loads(row) for row in lost.pages_jsonl().splitlines()]
    assert [row.get("error") for row in rows] == [None, lost.pages[1].error, lost.pages[2].error]
    assert json.loads(lost.to_json())["summary"] == summary


def test_a_cut_off_file_whose_page_list_is_lost_is_never_complete(report):
    from dataclasses import replace

    from pagefurniture.model import CutOff

    every_page_read = replace(report, cut_off=CutOff(size=4000, pages_known=False))
    assert not every_page_read.complete  # there may have been pages after the last one found
    assert replace(report, cut_off=CutOff(size=4000)).complete  # only the end after the last page is gone


def test_choosing_keeps_what_is_known_of_the_file(report):
    lost = partial(report, expected=9000, pages_known=True)
    chosen = lost.choose(keep=[0])
    assert chosen.cut_off == lost.cut_off and chosen.summary()["complete"] is False
    assert chosen.summary()["pages_unreadable"] == lost.summary()["pages_unreadable"]
