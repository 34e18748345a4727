"""What the loaders add to the report, without any framework: the PDF's document information and page
labels (``Reader.info``, ``Reader.page_labels``), the page numbers printed on the pages, and the pages as
``documents.load`` hands them to the loaders."""

from __future__ import annotations

from pathlib import Path

import pdfs
import pypdf
import pytest
from pagefurniture import NoTextLayer, analyze
from pagefurniture.documents import load, printed_numbers
from pagefurniture.read import Reader
from pdfs import folio_report, with_labels_and_info


def test_reader_gives_the_document_info_and_page_labels(annual_pdf: Path, tmp_path: Path) -> None:
    assert Reader(annual_pdf).page_labels is None  # reportlab writes no labels
    reader = Reader(with_labels_and_info(annual_pdf, tmp_path / "labelled.pdf"))
    assert reader.page_labels == ("i", "ii", "A-1", "A-2", "A-3", "A-4")
    assert reader.info["Title"] == " Annual Report " and reader.info["Custom"] == "été"
    assert reader.info["Producer"].startswith("ReportLab")
    assert reader.info["Trapped"] == "/False"  # a name, written as pypdf reads it


def test_reader_decrypts_the_document_info(encrypted_pdf: Path) -> None:
    assert Reader(encrypted_pdf, password=pdfs.PASSWORD).info["Producer"].startswith("ReportLab")


def test_a_broken_page_label_tree_counts_as_none(annual_pdf: Path, tmp_path: Path) -> None:
    writer = pypdf.PdfWriter(clone_from=annual_pdf)
    tree = pypdf.generic.DictionaryObject()
    ref = writer._add_object(tree)
    tree[pypdf.generic.NameObject("/Kids")] = pypdf.generic.ArrayObject([ref])  # a tree that is its own child
    writer._root_object[pypdf.generic.NameObject("/PageLabels")] = ref
    with open(tmp_path / "cyclic.pdf", "wb") as fh:
        writer.write(fh)
    reader = Reader(tmp_path / "cyclic.pdf")
    assert reader.page_labels is None
    assert [page.label for page in load(tmp_path / "cyclic.pdf", name="cyclic.pdf").pages] == \
        ["1", "2", "3", "4", "5", "6"]  # the printed "Page N of 6"


def test_printed_numbers_are_the_number_that_counts_with_the_pages(tmp_path: Path) -> None:
    report = analyze(folio_report(tmp_path / "folio.pdf"))
    assert printed_numbers(report) == {n: str(40 + n) for n in range(1, 7)}  # not "46" from "of 46"


def test_printed_numbers_come_from_the_shortest_page_number_line() -> None:
    # Both lines count with the pages; the folio is the page's number, the pointer to the next page (a
    # footer that holds a number) is not.
    data = pdfs.make_pdf(None, [[*[pdfs.Text(line, 72, 120 + 18 * i, 11) for i, line in enumerate(pdfs.body(n))],
                                 pdfs.Text(f"(Continued on page {n + 1})", 400, 740, 9),
                                 pdfs.Text(f"- {n} -", 290, 765, 9)] for n in range(1, 7)])
    report = analyze(data)
    assert [group.kind for group in report.groups] == ["footer", "page-number"]
    assert printed_numbers(report) == {n: str(n) for n in range(1, 7)}


def test_printed_roman_numbers_keep_their_case() -> None:
    roman = ["I", "II", "III", "IV", "V", "VI"]
    data = pdfs.make_pdf(None, [[*[pdfs.Text(line, 72, 120 + 18 * i, 11) for i, line in enumerate(pdfs.body(n))],
                                 pdfs.Text(f"[{roman[n - 1]}]", 290, 765, 9)] for n in range(1, 7)])
    assert printed_numbers(analyze(data)) == dict(enumerate(roman, 1))


def test_load_gives_each_pages_text_label_and_removed_lines(tmp_path: Path) -> None:
    path = folio_report(tmp_path / "folio.pdf")
    report, loaded = analyze(path), load(path, name=path.name)
    assert loaded.report.to_json() == report.to_json()
    assert [page.text for page in loaded.pages] == report.page_texts()
    assert [page.label for page in loaded.pages] == [str(40 + n) for n in range(1, 7)]
    assert [page.removed for page in loaded.pages] == \
        [(pdfs.ANNUAL_HEADER, f"Page {40 + n} of 46") for n in range(1, 7)]
    assert loaded.info["Producer"].startswith("ReportLab")


def test_load_refuses_a_scan(scan_pdf: Path) -> None:
    with pytest.raises(NoTextLayer):
        load(scan_pdf, name=scan_pdf.name)


def test_a_running_head_that_holds_the_folio_gives_the_printed_number(tmp_path: Path) -> None:
    heads = ["PART TWO Biological Foundations", "CHAPTER 5 Physical Development"]
    data = pdfs.make_pdf(None, [[pdfs.Text(f"{168 + n} {heads[n % 2]}", 72, 50, 9),
                                 *[pdfs.Text(line, 72, 120 + 18 * i, 11) for i, line in enumerate(pdfs.body(n))]]
                                for n in range(1, 7)])
    report = analyze(data)
    assert {group.kind for group in report.groups if group.remove} == {"header"}
    assert printed_numbers(report) == {n: str(168 + n) for n in range(1, 7)}
