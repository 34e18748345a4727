"""The fast content-stream reader (``read/tokens.py``) against pdfminer's own parser.

Three levels: every operator call with its operands and the operand stack on tricky snippets and on
thousands of random token soups cut into several streams (an interpreter that records instead of
drawing); whole pages of the evaluation PDFs read both ways (every page and line the same); and the
fallback itself (what the fast reader declines is read by pdfminer, nothing drawn twice).
"""

from __future__ import annotations

import random

import hostile as h
import pytest
from content_cases import EVAL, SAMPLE, SNIPPETS, read, same, soup


@pytest.mark.parametrize("snippet", SNIPPETS, ids=range(len(SNIPPETS)))
def test_snippet_reads_the_same(snippet):
    assert same(snippet) == 0  # and the fast reader read it all itself


@pytest.mark.parametrize("snippet", [
    b"{ 1 2 add } 5 Tw", b"<</A 1 /B>> 5 Tw (x) Tj", b"(no end 5 Tw", b"(\\777) Tj", b"ID 5 Tw",
    b"[BI] 5 Tw", b"BI /W 1 ID no end", b"BI /W ID x EI 5 Tw", b"BI /F [] ID x EI 5 Tw", b"BI /F 5 ID x EI 6 Tw",
])
def test_what_the_fast_reader_declines_is_read_by_pdfminer(snippet):
    assert same(b"1 Tc (before) Tj " + snippet) == 1


@pytest.mark.parametrize("first, second", [
    (b"(a) Tj /", b"F1 12 Tf"), (b"/F#4", b"1 12 Tf"), (b"<41", b"42> Tj"), (b"<41>", b"> Tj"),
    (b"(a) Tj <", b"<>> Tj"), (b"[(a) 1", b"(b)] TJ"), (b"(a) T", b"j"), (b"1 2", b"3 Td"), (b"%c", b"(x) Tj"),
    (b"(a", b"b) Tj"), (b"BI /W 1 ID x", b" EI (y) Tj"), (b"(x) Tj", b""), (b"", b"(x) Tj"),
])
def test_a_token_cut_between_streams_reads_as_pdfminer_reads_it(first, second):
    same(first, second, b" 9 Tz")


@pytest.mark.slow
def test_random_token_soup_reads_the_same():
    rng = random.Random(20260107)
    cases = 1500
    fallbacks = sum(bool(same(*soup(rng))) for _ in range(cases))
    # The soup is far nastier than real content (pdfminer's parser read 2 of 2,300 real pages); it still
    # has to leave most of it to the fast reader, or this would test pdfminer against itself.
    assert fallbacks < cases * 0.5, fallbacks


# -- whole documents -----------------------------------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("name", SAMPLE)
def test_evaluation_pdf_reads_the_same_with_pdfminers_parser(name, monkeypatch):
    path = EVAL / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    assert read(path, True, monkeypatch) == read(path, False, monkeypatch)


def test_a_declined_stream_is_read_once_by_pdfminer(monkeypatch):
    # The page's second text cannot be read by the fast reader (a procedure): the first must not be
    # recorded twice, and both must be there.
    page = h.text_ops([(72, 700, 12, "First line")]) + b"{ } pop\n" + h.text_ops([(72, 680, 12, "Second line")])
    pdf = h.document([page])
    lines = read(pdf, True, monkeypatch)[0][5]
    assert [line.text for line in lines] == ["First line", "Second line"]
    assert lines == read(pdf, False, monkeypatch)[0][5]


def test_marked_content_named_in_the_resources_reads_the_same(monkeypatch):
    # A property list named in the resources reaches the device as its name, as with pdfminer's parser.
    page = b"/Artifact /MC0 BDC\n" + h.text_ops([(72, 750, 9, "Running head")]) + b"EMC\n"
    pdf = h.document([page])
    lines = read(pdf, True, monkeypatch)[0][5]
    assert [(line.text, line.artifact) for line in lines] == [("Running head", "artifact")]
    assert lines == read(pdf, False, monkeypatch)[0][5]


def test_an_inline_image_is_skipped_and_still_placed(monkeypatch):
    # Its data is not read, but the device learns where it is, as from pdfminer's parser.
    image = b"q 100 0 0 50 72 600 cm BI /W 4 /H 2 /CS /G /BPC 8 ID \x00EI\xff\x10\x20(\x30\x40\x50 EI Q\n"
    pdf = h.document([image + h.text_ops([(72, 580, 9, "Figure 1. A picture")])])
    fast = read(pdf, True, monkeypatch)
    assert fast[0][4] == ((72.0, 142.0, 172.0, 192.0),)
    assert [line.text for line in fast[0][5]] == ["Figure 1. A picture"]
    assert fast == read(pdf, False, monkeypatch)
