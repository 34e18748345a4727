"""Broken, hostile and odd PDFs: each gives the right result or one clear error, in bounded time.

The inputs are built by ``hostile.py`` (a small PDF writer, and qpdf for encryption and linearisation).
Each test asserts the exact error class or the result, and a generous time bound where the point is
"it terminates" (timings on a loaded CI machine vary; the bounds only catch hangs and blow-ups).
"""

from __future__ import annotations

import io
import json
import shutil
import struct
import time
import zipfile
import zlib

import hostile as h
import pytest
from clirun import assert_one_error
from clirun import run as cli
from pagefurniture import (
    Cancelled,
    DamagedPDF,
    LimitExceeded,
    Limits,
    NotAPDF,
    NoTextLayer,
    PageFurnitureError,
    PasswordRequired,
    TruncatedPDF,
    WrongPassword,
    analyze,
)

# Content streams read both ways: by tokens.py's loop, and by the browser's reader (conftest.py).
pytestmark = pytest.mark.usefixtures("content_reader")
needs_qpdf = pytest.mark.skipif(shutil.which("qpdf") is None, reason="qpdf is not installed")


def timed(fn, *args, **kwargs):
    start = time.monotonic()
    result = fn(*args, **kwargs)
    return result, time.monotonic() - start


def texts(report, page: int) -> list[str]:
    return [line.text for line in report.pages[page - 1].lines]


def png() -> bytes:
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 0, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"\x00\x00")) + chunk(b"IEND", b""))


def zip_file() -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("report.pdf", h.report_pdf(2))  # a PDF inside a zip is still a zip
    return buffer.getvalue()


# -- not a PDF at all ---------------------------------------------------------------------------------------

NOT_PDFS = {
    "png": (png(), "PNG image"),
    "zip": (zip_file(), "ZIP archive"),
    "jpeg": (b"\xff\xd8\xff\xe0\x00\x10JFIF\x00" + bytes(200), "JPEG image"),
    "empty": (b"", "empty"),
    "text": ("Meeting notes – renamed to .pdf\n".encode(), "text file"),  # noqa: RUF001 - text, not ASCII
    "html": (b"<!DOCTYPE html><html><body>Download failed</body></html>", "web page"),
    "binary": (bytes(range(256)) * 8, "does not start with %PDF-"),
}


@pytest.mark.parametrize("name", NOT_PDFS)
def test_not_a_pdf(name):
    data, what = NOT_PDFS[name]
    with pytest.raises(NotAPDF) as info:
        analyze(data)
    assert what in str(info.value)
    assert "choose a PDF" in str(info.value)


@pytest.mark.parametrize("name", ["png", "zip", "empty", "text"])
def test_not_a_pdf_on_the_command_line(capsys, tmp_path, name):
    path = tmp_path / "input.pdf"
    path.write_bytes(NOT_PDFS[name][0])
    code, out, err = cli(capsys, path, "-o", tmp_path / "out.txt")
    assert code == 1 and out == ""
    assert_one_error(err, NOT_PDFS[name][1])
    assert not (tmp_path / "out.txt").exists()


def test_only_a_header_is_damaged_not_a_crash():
    with pytest.raises(DamagedPDF):
        analyze(b"%PDF-1.7\n")


# -- cut off, broken xref, zero pages, linearised --------------------------------------------------------------


@pytest.mark.parametrize("fraction", [0.3, 0.5, 0.75, 0.9])
def test_cut_off_file_reads_what_is_there_and_names_the_rest(fraction):
    full = h.report_pdf(6)
    report = analyze(h.truncate(full, fraction))
    assert len(report.pages) == 6  # the page tree survives at the start of the file
    readable = [p.number for p in report.pages if p.error is None]
    unreadable = [p.number for p in report.pages if p.error]
    assert readable and unreadable  # both: some pages before the cut, some after
    assert readable == list(range(1, len(readable) + 1))  # the pages before the cut, in order
    for number in readable:
        assert texts(report, number)[0] == h.HEADER
    for number in unreadable:
        page = report.pages[number - 1]
        assert page.lines == ()
        assert f"page {number}" in page.error and "cut off" in page.error
    named = [entry["page"] for entry in report.summary()["pages_unreadable"]]
    assert named == unreadable


def test_file_cut_before_any_page_is_damaged():
    with pytest.raises(DamagedPDF, match="none of the 6 pages"):
        analyze(h.truncate(h.report_pdf(6), 0.05))


def test_cut_off_file_on_the_command_line_warns_for_each_lost_page(capsys, tmp_path):
    path = tmp_path / "cut.pdf"
    data = h.truncate(h.report_pdf(6), 0.5)
    path.write_bytes(data)
    code, out, err = cli(capsys, path, "-o", tmp_path / "clean.txt")
    assert code == 3  # cli.EXIT_PARTIAL: cleaned what could be read
    assert "Traceback" not in err
    lines = err.splitlines()
    assert lines[0] == f"warning: the file is cut off after {len(data):,} bytes"
    warned = [line for line in lines if line.startswith("warning: page ")]
    assert len(warned) == 3 and len(lines) == 4, err
    assert out.splitlines()[-1].endswith("; partial: 3 of 6 pages could not be read")


def test_page_that_fails_half_way_keeps_its_text_and_is_named(monkeypatch, capsys, tmp_path):
    # pdfminer can raise nearly anything inside a page (struct.error from a font, RuntimeError...); a
    # string "boom" stands in for that here, since the real triggers change with pdfminer's versions.
    from pagefurniture.read.interpreter import Interpreter

    original = Interpreter.do_Tj

    def do_tj(self, s):
        if s == b"boom":
            raise struct.error("unpack requires a buffer of 4 bytes")
        return original(self, s)

    monkeypatch.setattr(Interpreter, "do_Tj", do_tj)
    pages = [h.furniture_page(n, 3, ["before"]) + h.text_ops([(72, 500, 11, "boom" if n == 2 else "fine"),
                                                               (72, 480, 11, "after")]) for n in (1, 2, 3)]
    report = analyze(h.document(pages))
    assert [p.error for p in report.pages] == [
        None, "page 2 could not be read completely (unpack requires a buffer of 4 bytes)", None]
    assert texts(report, 2)[-1] == "before" and "after" not in texts(report, 2)  # kept up to the failure
    assert texts(report, 3)[-1] == "after"  # the next page is read as usual
    assert report.summary()["pages_unreadable"] == [{"page": 2, "error": report.pages[1].error, "partial": True}]
    assert report.summary()["complete"] is False and report.summary()["cut_off"] is None
    path = tmp_path / "half.pdf"
    path.write_bytes(h.document(pages))
    code, _, err = cli(capsys, path, "-o", tmp_path / "clean.txt")
    assert code == 3
    assert err.splitlines() == [f"warning: {report.pages[1].error}"]


def test_broken_xref_is_rebuilt_and_read():
    broken = h.break_xref(h.report_pdf(4))
    report = analyze(broken)
    assert [texts(report, n)[0] for n in range(1, 5)] == [h.HEADER] * 4
    assert not any(page.error for page in report.pages)


def test_missing_startxref_is_rebuilt_and_read():
    data = h.report_pdf(3)
    data = data[: data.rindex(b"startxref")]  # trailer left, pointer to the table gone
    report = analyze(data)
    assert len(report.pages) == 3
    assert texts(report, 3)[0] == h.HEADER


def test_zero_pages():
    with pytest.raises(DamagedPDF, match="has no pages"):
        analyze(h.zero_pages_pdf())


@needs_qpdf
def test_linearised_and_object_stream_files_read_like_the_plain_one(tmp_path):
    plain = analyze(h.report_pdf(5))
    for data in (h.linearize(h.report_pdf(5), tmp_path), h.object_streams(h.report_pdf(5), tmp_path)):
        other = analyze(data)
        assert [p.lines for p in other.pages] == [p.lines for p in plain.pages]


@needs_qpdf
@pytest.mark.parametrize("rewrite", ["object_streams", "linearize"])
def test_cut_off_object_stream_and_linearised_files_read_the_pages_before_the_cut(tmp_path, rewrite):
    # qpdf writes the object streams (page objects, fonts) first and the content streams after them.
    plain = analyze(h.report_pdf(6))
    data = getattr(h, rewrite)(h.report_pdf(6), tmp_path)
    report = analyze(h.truncate(data, 0.6))
    read = [page.number for page in report.pages if page.error is None]
    assert len(report.pages) == 6 and read == list(range(1, len(read) + 1)) and 1 <= len(read) < 6
    assert [report.pages[n - 1].lines for n in read] == [plain.pages[n - 1].lines for n in read]
    assert all("cut off" in page.error for page in report.pages if page.error)
    if rewrite == "linearize":  # it says how long it is
        assert report.cut_off.expected == len(data)


def test_file_cut_off_before_any_page_says_where(tmp_path):
    data = h.truncate(h.report_pdf(6), 0.05)
    with pytest.raises(TruncatedPDF) as caught:
        analyze(data)
    assert str(caught.value) == (
        f"the file is cut off after {len(data)} bytes; no page could be read: none of the 6 pages it lists is "
        "complete (the file is cut off before it); get a complete copy of the file (download or copy it again)")


# -- encryption --------------------------------------------------------------------------------------------


ENCRYPTIONS = [(40, False), (128, False), (128, True), (256, True)]
ENC_IDS = ["rc4-40", "rc4-128", "aes-128", "aes-256"]


@needs_qpdf
@pytest.mark.parametrize("bits, aes", ENCRYPTIONS, ids=ENC_IDS)
def test_empty_user_password_opens_without_asking(tmp_path, bits, aes):
    data = h.encrypt(h.report_pdf(3), tmp_path, bits=bits, aes=aes)
    assert b"/Encrypt" in data
    report = analyze(data)
    assert report.encrypted
    assert [texts(report, n)[0] for n in (1, 2, 3)] == [h.HEADER] * 3


@needs_qpdf
@pytest.mark.parametrize("bits, aes", ENCRYPTIONS, ids=ENC_IDS)
def test_user_password_is_asked_for_then_wrong_then_right(tmp_path, bits, aes):
    data = h.encrypt(h.report_pdf(3), tmp_path, bits=bits, aes=aes, user="pässwörd 1")
    with pytest.raises(PasswordRequired) as info:
        analyze(data)
    assert type(info.value) is PasswordRequired  # not WrongPassword: nothing was tried yet
    with pytest.raises(WrongPassword, match="not right"):
        analyze(data, password="guess")
    # A wrong try leaves nothing behind: the same bytes open with the right password.
    report = analyze(data, password="pässwörd 1")
    assert report.encrypted and texts(report, 2)[0] == h.HEADER


@needs_qpdf
def test_password_on_the_command_line(capsys, tmp_path):
    path = tmp_path / "locked.pdf"
    path.write_bytes(h.encrypt(h.report_pdf(3), tmp_path, bits=256, aes=True, user="pw"))
    code, _, err = cli(capsys, path)
    assert code == 1
    assert_one_error(err, "password")
    code, _, err = cli(capsys, path, "--password", "nope")
    assert code == 1
    assert_one_error(err, "not right")
    code, _, err = cli(capsys, path, "--password", "pw", "-o", tmp_path / "clean.txt")
    assert code == 0, err
    assert "3.1 " in (tmp_path / "clean.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("encrypt, scheme", [
    (b"/Filter /Adobe.PubSec /V 4 /SubFilter /adbe.pkcs7.s5", "Adobe.PubSec, version 4"),
    (b"/Filter /Standard /V 9 /R 9", "Standard, version 9"),
])
def test_unknown_encryption_is_named(encrypt, scheme):
    data = h.report_pdf(2).replace(b"/Root 1 0 R", b"/Root 1 0 R /Encrypt << %s >> /ID [<00> <00>]" % encrypt)
    with pytest.raises(DamagedPDF) as info:
        analyze(data)
    assert str(info.value) == (f"this PDF uses an encryption this tool cannot open ({scheme}); open it in a PDF "
                               "viewer that can, and save or print an unprotected copy")


# -- scans and empty text layers -------------------------------------------------------------------------------


def test_scan_only_document_has_no_text_layer():
    report = analyze(h.scan_pdf(3))
    assert [p.has_text for p in report.pages] == [False] * 3
    assert report.summary()["pages_without_text"] == [1, 2, 3]
    with pytest.raises(NoTextLayer, match="OCR"):
        report.require_text()


def test_some_scanned_pages_are_listed_and_the_rest_is_read():
    text = h.furniture_page(2, 3, ["a typed page between scans"])
    report = analyze(h.scan_pdf(3, text_pages={2: text})).require_text()
    assert report.summary()["pages_without_text"] == [1, 3]
    assert "a typed page between scans" in texts(report, 2)


def test_text_layer_of_only_spaces_counts_as_no_text():
    spaces = h.text_ops([(72, 700, 12, " " * 40), (72, 680, 12, "\xa0 \xa0")])  # spaces, no-break spaces
    report = analyze(h.document([spaces, spaces]))
    assert [p.has_text for p in report.pages] == [False, False]
    with pytest.raises(NoTextLayer):
        report.require_text()


def test_scan_on_the_command_line(capsys, tmp_path):
    path = tmp_path / "scan.pdf"
    path.write_bytes(h.scan_pdf(2))
    code, out, err = cli(capsys, path)
    assert code == 1 and out == ""
    assert_one_error(err, "OCR")


# -- huge work -------------------------------------------------------------------------------------------------


def test_thousand_pages_finish_with_progress_for_every_page():
    pages = 1000
    data = h.document([h.furniture_page(i, pages, [f"Section {i}: short body line number {i * 7}."])
                       for i in range(1, pages + 1)], compress=True)
    calls: list[tuple[int, int]] = []
    report, seconds = timed(analyze, data, on_progress=lambda done, total: calls.append((done, total)))
    assert calls == [(n, pages) for n in range(1, pages + 1)]
    assert len(report.pages) == pages
    assert texts(report, 1000)[-1] == "Section 1000: short body line number 7000."
    assert seconds < 300, seconds


def test_progress_can_cancel_between_pages():
    seen = []

    def stop_at_3(done: int, total: int) -> bool:
        seen.append(done)
        return done < 3

    with pytest.raises(Cancelled):
        analyze(h.report_pdf(10), on_progress=stop_at_3)
    assert seen == [1, 2, 3]


def test_fifty_thousand_characters_on_one_page():
    report, seconds = timed(analyze, h.many_chars_pdf(50_000))
    chars = sum(len(line.text.replace(" ", "")) for line in report.pages[0].lines)
    drawn = ("abcdefghij klmnopqrst uvwxyz0123 456789ABCD EFGHIJKLMN " * 1000)[:50_000]
    assert chars == len(drawn.replace(" ", ""))  # every character drawn is read, none twice
    assert len(report.pages[0].lines) == 500
    assert seconds < 120, seconds


def test_characters_per_page_limit_names_the_page():
    data = h.document([h.text_ops([(72, 700, 12, "short")]), h.many_chars_pdf(50_000).split(b"stream\n")[1]
                      .split(b"\nendstream")[0]])
    with pytest.raises(LimitExceeded, match=r"page 2 has more than 10,000 characters"):
        analyze(data, limits=Limits(max_chars_per_page=10_000))


def test_very_long_line_is_one_line():
    text = "word " * 4000  # 20,000 characters on one baseline, across a 200-inch wide page
    report = analyze(h.document([h.text_ops([(10, 300, 1.4, text)])], sizes=[(14400, 600)]))
    assert [line.text for line in report.pages[0].lines] == [text.strip()]


def test_hundred_megabyte_file_is_read(tmp_path):
    # A real 100 MB PDF is mostly images: a big incompressible image on one page, text on the others.
    noise = bytes(zlib.crc32(i.to_bytes(4, "little")) & 255 for i in range(1 << 16)) * 1600  # ~100 MB
    image = b"<< /Type /XObject /Subtype /Image /Width 10240 /Height 10240 /ColorSpace /DeviceGray " \
            b"/BitsPerComponent 8 /Length %d >>\nstream\n%s\nendstream" % (len(noise), noise)
    pages = [h.furniture_page(1, 3, ["before"]), b"q 612 0 0 792 0 0 cm /Im1 Do Q\n" + h.furniture_page(2, 3, ["with"]),
             h.furniture_page(3, 3, ["after"])]
    data = h.document(pages, extra_objects=[image], fonts=b"/F1 3 0 R >> /XObject << /Im1 4 0 R")
    assert len(data) > 100 * 10**6
    path = tmp_path / "big.pdf"
    path.write_bytes(data)
    report, seconds = timed(analyze, path)
    assert [texts(report, n)[2] for n in (1, 2, 3)] == ["before", "with", "after"]
    assert seconds < 120, seconds
    with pytest.raises(LimitExceeded, match="over the limit of 50 MB"):
        analyze(path, limits=Limits(max_bytes=50 * 2**20))


def _objects_of(data: bytes) -> list[bytes]:
    """The bodies of the objects of a file made by ``hostile.write`` (numbered 1..n in order)."""
    bodies = []
    number = 1
    while True:
        start = data.find(b"%d 0 obj\n" % number)
        if start < 0:
            return bodies
        start += len(b"%d 0 obj\n" % number)
        end = data.find(b"\nendobj\n", start)
        if b"stream\n" in data[start:start + 300]:
            length = int(data[start:start + 300].split(b"/Length ")[1].split()[0])
            end = data.index(b"stream\n", start) + len(b"stream\n") + length + len(b"\nendstream")
        bodies.append(data[start:end])
        number += 1


# -- limits ---------------------------------------------------------------------------------------------------


def test_page_count_limit():
    with pytest.raises(LimitExceeded, match="over the limit of 3"):
        analyze(h.report_pdf(5), limits=Limits(max_pages=3))


def test_total_time_limit_names_the_page():
    with pytest.raises(LimitExceeded, match=r"reading stopped at page 1: the whole file took longer"):
        analyze(h.report_pdf(5), limits=Limits(max_seconds=0.0))


def test_page_time_limit_stops_a_page_that_draws_no_text():
    # 2**24 draws of tiny forms and no text: without a clock in the interpreter this runs for an hour.
    start = time.monotonic()
    with pytest.raises(LimitExceeded, match=r"page 1 took longer than 2 s"):
        analyze(h.xobject_fanout_pdf(24), limits=Limits(max_seconds_per_page=2.0))
    assert time.monotonic() - start < 30  # checked every few hundred operands: stops soon after the limit


# -- structure traps ---------------------------------------------------------------------------------------------


def test_flate_bomb_stops_at_the_stream_limit_and_names_the_page():
    data = h.bomb_pdf(2048)  # 2 GB of spaces in about 2 MB
    assert len(data) < 4 * 2**20
    start = time.monotonic()
    with pytest.raises(LimitExceeded) as info:
        analyze(data)
    message = str(info.value)
    assert "page 2" in message and "256 MB" in message
    assert time.monotonic() - start < 60


def test_many_streams_under_the_stream_limit_stop_at_the_total_limit():
    # Each page's content expands to 6 MB, under the 8 MB cap for one stream; pdfminer keeps what it
    # decoded, so the run's total is bounded too: the fourth page passes 20 MB.
    data = h.padded_pages_pdf(5, 6)
    limits = Limits(max_stream_bytes=8 * 2**20, max_decoded_bytes=20 * 2**20)
    with pytest.raises(LimitExceeded, match=r"reading stopped at page 4: the file's compressed streams expand to "
                                            r"more than 20 MB in all"):
        analyze(data, limits=limits)
    report = analyze(data, limits=Limits(max_stream_bytes=8 * 2**20, max_decoded_bytes=40 * 2**20))
    assert [texts(report, n)[2] for n in range(1, 6)] == [f"body of page {n}" for n in range(1, 6)]


def test_runlength_bomb_stops_at_the_stream_limit():
    with pytest.raises(LimitExceeded, match=r"page 2 contains a compressed stream that expands to more than 8 MB"):
        analyze(h.bomb_pdf(64, filters="runlength"), limits=Limits(max_stream_bytes=8 * 2**20))


def test_a_stream_under_the_limit_is_read():
    report = analyze(h.bomb_pdf(16), limits=Limits(max_stream_bytes=64 * 2**20))
    assert texts(report, 2) == [h.HEADER]


@pytest.mark.parametrize("filters", [["FlateDecode"], ["LZWDecode"], ["RunLengthDecode"], ["ASCIIHexDecode"],
                                     ["ASCIIHexDecode", "FlateDecode"], ["FlateDecode", "RunLengthDecode"],
                                     ["LZWDecode", "LZWDecode"]])
def test_every_decoder_reads_and_is_capped(filters):
    content = h.text_ops([(72, 700, 12, "decoded through " + " and ".join(filters))]) + b"% padding " * 30
    data = h.filtered_pdf(content, filters)
    assert texts(analyze(data), 1) == ["decoded through " + " and ".join(filters)]
    # Every expanding stage is capped: the decoded content is about 400 bytes, so a cap of 200 stops it.
    # ASCIIHex only shrinks what is already in the file (its output is half its input), so it is not capped.
    if filters == ["ASCIIHexDecode"]:
        assert analyze(data, limits=Limits(max_stream_bytes=200)).pages[0].has_text
        return
    with pytest.raises(LimitExceeded, match="page 1 contains a compressed stream"):
        analyze(data, limits=Limits(max_stream_bytes=200))


def test_bomb_on_the_command_line_is_one_line(capsys, tmp_path):
    path = tmp_path / "bomb.pdf"
    path.write_bytes(h.bomb_pdf(1024))
    code, out, err = cli(capsys, path, "-o", tmp_path / "clean.txt")
    assert code == 1 and out == ""
    assert_one_error(err, "page 2", "expands to more than 256 MB")


def test_truncated_runlength_stream_is_read_up_to_the_cut():
    content = h.text_ops([(72, 700, 12, "run length text")])
    encoded = b"".join(bytes([len(content[i:i + 100]) - 1]) + content[i:i + 100] for i in range(0, len(content), 100))
    encoded += b"\x85"  # a repeat run cut off before its byte: pdfminer alone raises RuntimeError here
    body = b"<< /Length %d /Filter /RunLengthDecode >>\nstream\n%s\nendstream" % (len(encoded), encoded)
    data = h.write([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>", h.HELVETICA,
                    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R "
                    b"/Resources << /Font << /F1 3 0 R >> >> >>", body])
    assert texts(analyze(data), 1) == ["run length text"]


def test_flate_stream_with_a_damaged_checksum_is_read_to_the_damage():
    # A producer that writes a wrong checksum (or a byte too few) at the end of each compressed content
    # stream: every byte before the damage is text, as in pdfminer's own reading and in viewers.
    content = h.text_ops([(72, 700 - 14 * k, 12, f"line {k} of a page whose stream ends badly") for k in range(40)])
    encoded = zlib.compress(content)
    encoded = encoded[:-1] + bytes([encoded[-1] ^ 0xFF])
    body = b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(encoded), encoded)
    data = h.write([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>", h.HELVETICA,
                    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R "
                    b"/Resources << /Font << /F1 3 0 R >> >> >>", body])
    assert texts(analyze(data), 1) == [f"line {k} of a page whose stream ends badly" for k in range(40)]


def test_reference_cycle_and_cyclic_page_tree_end():
    report, seconds = timed(analyze, h.cyclic_pages_pdf())
    assert len(report.pages) == 2  # the tree's reference to itself is not a page
    assert texts(report, 1) == ["The only readable page"]
    assert not report.pages[1].has_text  # its content is a reference cycle: no value
    assert seconds < 30


def test_deep_page_tree_is_walked_without_recursion():
    report = analyze(h.deep_pages_pdf(5000))
    assert texts(report, 1) == ["Found at the bottom of a deep page tree"]


def test_deeply_nested_arrays_do_not_crash():
    report, seconds = timed(analyze, h.deep_array_pdf(100_000))
    assert texts(report, 1) == ["Text before the nesting", "Text after the nesting"]
    assert seconds < 60


@pytest.mark.parametrize("pages, count", [(2, 1000), (3, 1), (3, 0), (2, -5)])
def test_page_tree_that_lies_about_its_count(pages, count):
    report = analyze(h.lying_count_pdf(pages, count))
    assert len(report.pages) == pages
    assert [texts(report, n)[1] for n in range(1, pages + 1)] == [f"Page {n} of {pages}" for n in range(1, pages + 1)]


def test_page_tree_kid_that_is_not_a_page_is_named():
    data = h.lying_count_pdf(3, 3).replace(b"/Kids [5 0 R 7 0 R 9 0 R]", b"/Kids [5 0 R 3 0 R 9 0 R]")
    report = analyze(data)
    assert len(report.pages) == 3
    assert report.pages[1].error == "page 2 could not be read: its page object is not a page"
    assert texts(report, 3)[1] == "Page 3 of 3"


def test_pages_of_very_different_sizes():
    sizes = [(612, 792), (2384, 3370), (200, 120), (792, 612), (612, 792)]
    report = analyze(h.report_pdf(5, sizes=sizes, lines_per_page=3))
    assert [(p.width, p.height) for p in report.pages] == [(float(w), float(hh)) for w, hh in sizes]
    for page in report.pages:
        header = page.lines[0]
        assert header.text == h.HEADER
        assert 45 <= header.box[3] <= 55  # 50 pt below the top edge on every size


def test_type3_font_text_is_read():
    report = analyze(h.type3_pdf(3))
    for n in (1, 2, 3):
        assert texts(report, n) == [h.HEADER, f"abcabc cab {n}", f"Page {n} of 3"]


@pytest.mark.parametrize("box", [b"0 0 1 -1", b"0 0 1000 1000"])
def test_words_in_a_bitmap_type3_font_set_in_a_tiny_size_make_one_line(box):
    # Ghostscript sets dvips' bitmap fonts in 0.12 pt with glyphs 83 units tall: read at 0.12 pt, every word
    # 3 pt from the next would be a line of its own, and each line a furniture candidate. Its FontBBox is
    # no glyph's: none at all, or 1000 units, which would make the words 120 pt tall.
    report = analyze(h.bitmap_type3_pdf(3, box))
    for n in (1, 2, 3):
        assert texts(report, n) == [h.HEADER, "abc cab bca", f"Page {n} of 3"]
        assert 9 < report.pages[n - 1].lines[1].size < 11


def test_cid_garbage_in_the_text_is_never_removed_as_furniture():
    # A font without a ToUnicode map: its text comes out as (cid:N) and repeats at the same places on every
    # page (in the head's row, in the body, over the foot with a changing code like a page number). Beside
    # it, real furniture in Helvetica. The real furniture goes, and with it the part of the head's row in
    # the unmapped font (the outermost row is the head's, whatever its font); the garbage in the text stays
    # (it is unreadable, not furniture).
    pages = []
    for n in range(1, 7):
        garbage = (b"BT /U1 9 Tf 400 742 Td <000100020003> Tj ET\n"
                   b"BT /U1 12 Tf 72 600 Td <0004000500060007> Tj ET\n"
                   b"BT /U1 9 Tf 72 60 Td <00080009%04X> Tj ET\n" % (16 + n))
        pages.append(h.text_ops([(72, 742, 9, h.HEADER), (300, 40, 9, f"Page {n} of 6")]) + garbage)
    report = analyze(h.document(pages, fonts=b"/F1 3 0 R /U1 4 0 R", extra_objects=h.unicode_font_objects(4, None)))
    assert texts(report, 1) == [h.HEADER, "Page 1 of 6", "(cid:1)(cid:2)(cid:3)", "(cid:4)(cid:5)(cid:6)(cid:7)",
                                "(cid:8)(cid:9)(cid:17)"]
    removed = {(row.page, row.line.text) for row in report.removed()}
    assert removed == {(n, text) for n in range(1, 7) for text in (h.HEADER, f"Page {n} of 6", "(cid:1)(cid:2)(cid:3)")}


def test_broken_tounicode_map_does_not_crash():
    pages = [[(72, 700, 12, "hello world")]] * 3
    for cmap in (b"garbage begincmap <00", b"1 beginbfchar <0001> <D800> endbfchar", b"\xff" * 200, b""):
        report = analyze(h.unicode_text_pdf(pages, broken_cmap=cmap))
        assert len(report.pages) == 3
        assert all(page.lines for page in report.pages)


def test_broken_embedded_font_program_does_not_crash():
    data = h.unicode_text_pdf([[(72, 700, 12, "hello world")]] * 2, map_text=False)
    # Give the font a TrueType program that is garbage: pdfminer parses it looking for a cmap.
    data = data.replace(b"/StemV 80 >>", b"/StemV 80 /FontFile2 9 0 R >>")
    objects = [*_objects_of(data), h.stream(b"\x00\x01\x00\x00\x00\tgarbage" * 20)]
    report = analyze(h.write(objects))
    assert len(report.pages) == 2


# -- hostile text ----------------------------------------------------------------------------------------------

HOSTILE = ["<script>alert('x')</script>", "<img src=x onerror=alert(1)>", "price \u202e0.99\u202c EUR",
           "\u2066isolated\u2069 & \"quoted\" \\ back"]
# A running header that is itself markup: it is furniture, so it must reach the removed-lines log unchanged.
HOSTILE_HEADER = "<b onmouseover=alert(2)>Annual</b> \u202eReport"


def hostile_pdf(pages: int = 4) -> bytes:
    """Hostile lines in the body of page 2 only; a hostile running header and page numbers on every page."""
    out = []
    for n in range(1, pages + 1):
        body = HOSTILE if n == 2 else [f"plain body line {n}.{k}" for k in range(4)]
        out.append([(72, 742, 9, HOSTILE_HEADER), (300, 40, 9, f"Page {n} of {pages}")]
                   + [(72, 600 - 20 * k, 11, text) for k, text in enumerate(body)])
    return h.unicode_text_pdf(out)


def test_hostile_text_comes_out_unchanged_in_every_output():
    report = analyze(hostile_pdf())
    assert texts(report, 2)[2:] == HOSTILE  # read exactly as drawn, controls included
    assert report.page_texts()[1].splitlines() == HOSTILE  # kept: body text, not furniture
    clean = report.cleaned_text()
    for text in HOSTILE:
        assert text in clean
    assert [json.loads(row)["text"] for row in report.pages_jsonl().splitlines()] == report.page_texts()
    removed = [json.loads(row)["text"] for row in report.removed_jsonl().splitlines()]
    assert removed.count(HOSTILE_HEADER) == 4
    assert json.loads(report.to_json())["removed"][0]["text"] == HOSTILE_HEADER


def test_hostile_text_is_written_unchanged_by_the_command_line(capsys, tmp_path):
    path = tmp_path / "<img src=x onerror=alert(1)>.pdf"
    path.write_bytes(hostile_pdf())
    code, _, err = cli(capsys, path, "-o", tmp_path / "clean.txt", "--pages", tmp_path / "pages.jsonl",
                       "--removed", tmp_path / "removed.jsonl")
    assert code == 0, err
    clean = (tmp_path / "clean.txt").read_text(encoding="utf-8")
    assert clean.split("\n\n")[1].splitlines() == HOSTILE
    rows = [json.loads(line) for line in (tmp_path / "pages.jsonl").read_text(encoding="utf-8").splitlines()]
    assert rows[1]["text"].splitlines() == HOSTILE
    removed = [json.loads(line)["text"] for line in (tmp_path / "removed.jsonl").read_text(encoding="utf-8").splitlines()]
    assert HOSTILE_HEADER in removed


# -- errors are ours -------------------------------------------------------------------------------------------


def test_every_error_kind_has_a_message_with_an_action():
    cases = [(b"", NotAPDF), (h.zero_pages_pdf(), DamagedPDF), (b"%PDF-1.4\n" + bytes(100), DamagedPDF),
             (h.truncate(h.report_pdf(4), 0.1), TruncatedPDF)]
    for data, kind in cases:
        with pytest.raises(kind) as info:
            analyze(data)
        message = str(info.value)
        assert isinstance(info.value, PageFurnitureError)
        assert "\n" not in message and ";" in message  # what is wrong; what to do
