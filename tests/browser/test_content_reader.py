"""In the browser, content streams and the file's objects are read, and the glyphs placed and the lines
made, by the kernel (site/kernel/), and what the page gives for a PDF is what the command line (tokens.py's
own loop and pdfminer's parser, in CPython) gives for it: on text, marked content, inline images, a form,
and a page that the kernel leaves to tokens.py.

The kernel's index.mjs is served with a few lines after it that count the streams it is fed, the objects it
reads and the pages whose lines it makes, in the worker's global scope, where the test can ask for the
counts; the code that reads is the site's own.
"""

from __future__ import annotations

import hostile as h
from conftest import boot, new_context, open_pdf
from test_page import cli_outputs, download

COUNT_FEEDS = """
const countedFeed = Reader.prototype.feed;
Reader.prototype.feed = function (...args) {
  globalThis.__contentFeeds = (globalThis.__contentFeeds ?? 0) + 1;
  return countedFeed.apply(this, args);
};
const countedObject = Objects.prototype.object;
Objects.prototype.object = function (...args) {
  const answer = countedObject.apply(this, args);
  if (typeof answer !== "string") globalThis.__objectsRead = (globalThis.__objectsRead ?? 0) + 1;
  return answer;
};
const countedLines = Glyphs.prototype.lines;
Glyphs.prototype.lines = function (...args) {
  const answer = countedLines.apply(this, args);
  if (typeof answer !== "string") globalThis.__pagesPlaced = (globalThis.__pagesPlaced ?? 0) + 1;
  return answer;
};
"""


def _pages() -> list[bytes]:
    text = h.text_ops
    form = b"q 1 0 0 1 0 0 cm /Fm0 Do Q\n"
    return [
        b"/Artifact <</Type /Pagination /Subtype /Header>> BDC\n" + text([(72, 750, 9, "Field Notes 2026")])
        + b"EMC\n" + text([(72, 700, 12, "The survey began in the north.")]) + form,
        b"q 100 0 0 50 72 600 cm BI /W 4 /H 2 /CS /G /BPC 8 ID \x00EI\xff\x10\x20(\x30\x40\x50 EI Q\n"
        + b"BT /F1 11 Tf 72 580 Td [(Figure) -250 (1.) 120 ( A picture)] TJ ET\n"
        + text([(72, 750, 9, "Field Notes 2026")]) + form,
        # scn takes one operand in DeviceGray and leaves two: tokens.py's loop reads this page.
        b"/DeviceGray cs 1 2 3 scn\n" + text([(72, 750, 9, "Field Notes 2026"), (72, 700, 12, "Grey text.")]) + form,
    ]


def _document() -> bytes:
    """Three pages that share a form XObject (a footer) and a font, written by hand."""
    pages = _pages()
    footer = h.text_ops([(280, 40, 9, "Page of the field notes")])
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % (5 + 2 * i) for i in range(len(pages)))
               + b"] /Count %d >>" % len(pages),
               h.HELVETICA,
               h.stream(footer, b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >>")]
    for i, content in enumerate(pages):
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                       b"/Resources << /Font << /F1 3 0 R >> /XObject << /Fm0 4 0 R >> >> >>" % (6 + 2 * i))
        objects.append(h.stream(content, compress=True))
    return h.write(objects)


def test_the_page_reads_with_the_kernel_as_the_command_line_reads(browser, base_url, site, tmp_path):
    context, recorder = new_context(browser, base_url, service_workers="block")
    served = (site / "kernel" / "index.mjs").read_text() + COUNT_FEEDS
    context.route("**/kernel/index.mjs", lambda route: route.fulfill(body=served, content_type="text/javascript"))
    try:
        page = boot(context, base_url + "?workers=1")
        pdf = tmp_path / "field-notes.pdf"
        pdf.write_bytes(_document())
        open_pdf(page, pdf)
        worker = next(w for w in page.workers if w.url.split("?")[0].endswith("/worker.js"))
        # Three pages and the form on each: six runs of streams, each fed to the kernel.
        assert worker.evaluate("globalThis.__contentFeeds") == 6
        # The catalog, the page tree, the font, the form, and each page with its stream: 10 objects.
        assert worker.evaluate("globalThis.__objectsRead") == 10
        # Each page's glyphs placed and its lines made by the kernel.
        assert worker.evaluate("globalThis.__pagesPlaced") == 3
        expected = cli_outputs(pdf, tmp_path / "cli")
        assert b"The survey began in the north." in expected["clean.txt"] and b"Grey text." in expected["clean.txt"]
        for suffix, data in expected.items():
            assert download(page, suffix, tmp_path)[1] == data, suffix
        recorder.assert_private()
    finally:
        context.close()
