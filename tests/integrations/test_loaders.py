"""The LangChain and LlamaIndex loaders, against the real frameworks (pinned in tests/requirements.txt).

LangChain's loader must be a drop-in for ``PyPDFLoader``: the metadata keys are compared with what the
installed langchain-community sets on the same files. LlamaIndex's ``PDFReader`` lives in
llama-index-readers-file, which requires pypdf < 7 and so cannot be installed beside the pypdf the
other tests pin; its keys (``page_label``, ``file_name``, then ``extra_info``) are read from its source
(llama-index-readers-file 0.7, ``readers/file/docs/base.py``).
"""

from __future__ import annotations

import logging
import warnings
from pathlib import Path

import pdfs
import pytest
from pagefurniture import NoTextLayer, PasswordRequired, analyze
from pagefurniture.documents import OUR_KEYS

REAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "eval" / "real"

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # "langchain-community is being sunset"
    from langchain_community.document_loaders import PyPDFLoader
from llama_index.core import SimpleDirectoryReader  # noqa: E402 - after the warning filter above
from llama_index.core.schema import MetadataMode  # noqa: E402 - after the warning filter above
from pagefurniture.langchain import PageFurnitureLoader  # noqa: E402 - after the warning filter above
from pagefurniture.llama_index import PageFurnitureReader  # noqa: E402 - after the warning filter above
from pdfs import folio_report, with_labels_and_info  # noqa: E402 - after the warning filter above


def pypdf_documents(path: Path, **kwargs) -> list:
    logging.disable(logging.WARNING)  # pypdf's warnings on odd real files
    try:
        return PyPDFLoader(str(path), **kwargs).load()
    finally:
        logging.disable(logging.NOTSET)


# -- LangChain ------------------------------------------------------------------------------------------


def test_langchain_pages_are_the_reports_page_texts(annual_pdf: Path) -> None:
    report = analyze(annual_pdf)
    docs = list(PageFurnitureLoader(annual_pdf).lazy_load())
    assert [doc.page_content for doc in docs] == report.page_texts()
    assert [doc.metadata["page"] for doc in docs] == [0, 1, 2, 3, 4, 5]  # 0-based, as LangChain counts
    for n, doc in enumerate(docs, 1):
        assert doc.metadata["source"] == str(annual_pdf) and doc.metadata["total_pages"] == 6
        assert doc.metadata["removed_lines"] == 2
        assert doc.metadata["removed_text"] == f"{pdfs.ANNUAL_HEADER}\n{pdfs.annual_footer(n)}"
        assert "page_error" not in doc.metadata


@pytest.mark.skipif(not REAL.is_dir(), reason=f"the evaluation kit is not at {REAL.parent}")
@pytest.mark.parametrize("name", ["journal-shiftwork-3b2.pdf", "cn-quarterly-report-wps.pdf", "irs-i1040nr.pdf"])
def test_langchain_metadata_has_pypdfloaders_keys_on_real_files(name: str) -> None:
    # journal-shiftwork has page labels (from 0) and a non-text info value, cn-quarterly empty info values,
    # irs no Creator (both loaders then put their own name).
    theirs = pypdf_documents(REAL / name)
    ours = PageFurnitureLoader(REAL / name).load()
    assert len(ours) == len(theirs)
    for mine, reference in zip(ours, theirs, strict=False):
        assert set(mine.metadata) - set(OUR_KEYS) == set(reference.metadata)
    for key, value in theirs[0].metadata.items():
        if key == "page_label" or "IndirectObject(" in str(value):  # pypdf leaves references unresolved
            continue
        if value == "PyPDF":  # PyPDFLoader's stand-in where the PDF names no creator or producer
            assert ours[0].metadata[key] == "pagefurniture"
            continue
        assert ours[0].metadata[key] == value, key


def test_langchain_page_labels_are_the_pdfs_own(tmp_path: Path, annual_pdf: Path) -> None:
    path = with_labels_and_info(annual_pdf, tmp_path / "labelled.pdf")
    ours, theirs = PageFurnitureLoader(path).load(), pypdf_documents(path)
    assert [doc.metadata["page_label"] for doc in ours] == [doc.metadata["page_label"] for doc in theirs] \
        == ["i", "ii", "A-1", "A-2", "A-3", "A-4"]
    info_keys = ("title", "author", "custom", "creationdate", "moddate", "producer", "creator", "trapped")
    assert {key: ours[0].metadata[key] for key in info_keys} == {key: theirs[0].metadata[key] for key in info_keys}
    assert ours[0].metadata["title"] == "Annual Report"
    assert ours[0].metadata["creationdate"] == "2024-02-08T09:10:13-05:00"


def test_langchain_page_label_without_pdf_labels_is_the_printed_number(tmp_path: Path) -> None:
    path = folio_report(tmp_path / "folio.pdf")
    assert [doc.metadata["page_label"] for doc in pypdf_documents(path)] == ["1", "2", "3", "4", "5", "6"]
    assert [doc.metadata["page_label"] for doc in PageFurnitureLoader(path).load()] == \
        ["41", "42", "43", "44", "45", "46"]


def test_langchain_page_label_without_any_number_counts_from_1(tmp_path: Path) -> None:
    path = tmp_path / "plain.pdf"
    pdfs.make_pdf(path, [[pdfs.Text(line, 72, 120 + 18 * i, 11) for i, line in enumerate(pdfs.body(n))]
                         for n in range(1, 4)])
    assert [doc.metadata["page_label"] for doc in PageFurnitureLoader(path).load()] == ["1", "2", "3"]


def test_langchain_single_mode_is_the_cleaned_text(annual_pdf: Path) -> None:
    report = analyze(annual_pdf)
    [doc] = PageFurnitureLoader(annual_pdf, mode="single").load()
    [reference] = pypdf_documents(annual_pdf, mode="single")
    assert doc.page_content == report.cleaned_text()
    assert set(doc.metadata) - set(OUR_KEYS) == set(reference.metadata)  # no page, no page_label
    assert doc.metadata["removed_lines"] == 12
    assert doc.metadata["removed_text"].split("\n") == [row.line.text for row in report.removed()]


def test_langchain_names_a_page_it_could_not_read(tmp_path: Path) -> None:
    path = tmp_path / "cut.pdf"
    pdfs.truncated(path)
    report = analyze(path)
    docs = PageFurnitureLoader(path).load()
    assert [doc.page_content for doc in docs] == report.page_texts()
    errors = {doc.metadata["page"] + 1: doc.metadata.get("page_error") for doc in docs}
    assert errors == {page.number: page.error for page in report.pages}
    assert any(errors.values())


def test_langchain_password_and_bad_input(encrypted_pdf: Path, scan_pdf: Path) -> None:
    assert len(PageFurnitureLoader(encrypted_pdf, password=pdfs.PASSWORD).load()) == 6
    with pytest.raises(PasswordRequired):
        PageFurnitureLoader(encrypted_pdf).load()
    with pytest.raises(NoTextLayer):
        PageFurnitureLoader(scan_pdf).load()
    with pytest.raises(ValueError, match="mode"):
        PageFurnitureLoader(encrypted_pdf, mode="pages")


# -- LlamaIndex -----------------------------------------------------------------------------------------


def test_llama_index_pages_are_the_reports_page_texts(tmp_path: Path) -> None:
    path = folio_report(tmp_path / "folio.pdf")
    docs = PageFurnitureReader().load_data(path, extra_info={"collection": "journals"})
    assert [doc.text for doc in docs] == analyze(path).page_texts()
    for n, doc in enumerate(docs, 1):
        assert doc.metadata == {"page_label": str(40 + n), "file_name": "folio.pdf", "removed_lines": 2,
                                "removed_text": f"{pdfs.ANNUAL_HEADER}\nPage {40 + n} of 46", "collection": "journals"}


def test_llama_index_keeps_removed_text_out_of_embeddings(annual_pdf: Path) -> None:
    doc = PageFurnitureReader().load_data(annual_pdf)[0]
    for mode in (MetadataMode.EMBED, MetadataMode.LLM):
        content = doc.get_content(metadata_mode=mode)
        assert "annual.pdf" in content and pdfs.ANNUAL_HEADER not in content
    assert pdfs.ANNUAL_HEADER in doc.get_content(metadata_mode=MetadataMode.ALL)


def test_llama_index_in_simple_directory_reader(tmp_path: Path, annual_pdf: Path) -> None:
    folio_report(tmp_path / "folio.pdf")
    docs = SimpleDirectoryReader(str(tmp_path), file_extractor={".pdf": PageFurnitureReader()}).load_data()
    by_file: dict[str, list[str]] = {}
    for doc in docs:
        by_file.setdefault(doc.metadata["file_name"], []).append(doc.text)
        assert doc.metadata["file_path"].endswith(doc.metadata["file_name"])  # SimpleDirectoryReader's own
    assert by_file == {"annual.pdf": analyze(annual_pdf).page_texts(),
                       "folio.pdf": analyze(tmp_path / "folio.pdf").page_texts()}


def test_llama_index_reads_through_an_fsspec_file_system(annual_pdf: Path) -> None:
    import fsspec

    memory = fsspec.filesystem("memory")
    memory.pipe("/pdfs/annual.pdf", annual_pdf.read_bytes())
    docs = SimpleDirectoryReader(input_files=["/pdfs/annual.pdf"], fs=memory,
                                 file_extractor={".pdf": PageFurnitureReader()}).load_data()
    assert [doc.text for doc in docs] == analyze(annual_pdf).page_texts()


def test_llama_index_password_and_scan(encrypted_pdf: Path, scan_pdf: Path) -> None:
    docs = PageFurnitureReader(password=pdfs.PASSWORD).load_data(encrypted_pdf)
    assert [doc.text for doc in docs] == analyze(encrypted_pdf, password=pdfs.PASSWORD).page_texts()
    with pytest.raises(PasswordRequired):
        PageFurnitureReader().load_data(encrypted_pdf)
    with pytest.raises(NoTextLayer):
        PageFurnitureReader().load_data(scan_pdf)
