"""The drawing of the page on show: its boxes on the very glyphs pdf.js draws, at any width of the window,
a page pdf.js cannot draw said inside its frame instead of another file's picture, the page text as tall
as the drawing, what a box is kept in sight, and a touch screen's taps.

One booted page is shared by these tests (see conftest.py); at the end its every request is checked.
"""

from __future__ import annotations

import base64
import unicodedata

import pytest
from conftest import DATA, REPO, boot, new_context, open_pdf, wait_state
from pdfs import Text, annual_report, make_pdf

EVAL = REPO.parent / "shared" / "eval"
# A print-ready export whose crop box (0 0 678 849) is larger than its media box (33 33 645 816): what a
# viewer shows is the crop box clipped to the media box, 612 x 783.
INDD = EVAL / "real2" / "psych-textbook-chapter-indd.pdf"
DRAWN = 60_000


def wait_drawn(page, number: int) -> None:
    page.wait_for_function("(n) => document.getElementById('sheet').dataset.drawn === String(n)", arg=number,
                           timeout=DRAWN)


# pdf.js's own text positions for one page, in CSS pixels of a frame `width` wide: each text item with its
# rectangle, from a copy of the file opened in a pdf.js of its own (the page's drawing is not asked).
PDFJS_TEXT = """async ([data, number, width]) => {
    const lib = await import(new URL("pdfjs/pdf.min.mjs", location.href).href);
    lib.GlobalWorkerOptions.workerSrc = new URL("pdfjs/pdf.worker.min.mjs", location.href).href;
    window.__textDoc ??= await lib.getDocument({data: Uint8Array.from(atob(data), (c) => c.charCodeAt(0)),
        cMapUrl: new URL("pdfjs/cmaps/", location.href).href, cMapPacked: true}).promise;
    const page = await window.__textDoc.getPage(number);
    const view = page.getViewport({scale: 1});
    const viewport = page.getViewport({scale: width / view.width});
    const items = (await page.getTextContent()).items.filter((item) => item.str.trim());
    return {width: view.width, height: view.height, items: items.map((item) => {
        // The item's baseline start and its far corner (its width and font height), in the viewport's pixels.
        const [x0, y0] = viewport.convertToViewportPoint(item.transform[4], item.transform[5]);
        const [x1, y1] = viewport.convertToViewportPoint(item.transform[4] + item.width,
                                                          item.transform[5] + item.height);
        return {text: item.str, left: Math.min(x0, x1), right: Math.max(x0, x1), top: Math.min(y0, y1),
                bottom: Math.max(y0, y1)};
    })};
}"""

# The boxes over the page on show and the text of their lines, in CSS pixels from the frame's corner.
BOXES = """() => {
    const sheet = document.getElementById('sheet').getBoundingClientRect();
    return [...document.querySelectorAll('#boxes .box')].map((box) => {
        const r = box.getBoundingClientRect();
        const line = document.querySelector(`#page-text button.line[data-index="${box.dataset.index}"]`);
        return {index: Number(box.dataset.index), text: line.lastElementChild.textContent,
                left: r.left - sheet.left, top: r.top - sheet.top, right: r.right - sheet.left,
                bottom: r.bottom - sheet.top};
    });
}"""


def letters(text: str) -> str:
    return "".join(unicodedata.normalize("NFKC", text).split())


@pytest.mark.skipif(not INDD.exists(), reason=f"the evaluation kit is not beside the repository ({INDD})")
def test_every_box_covers_its_line_s_glyphs_when_the_crop_box_is_larger_than_the_media_box(page):
    open_pdf(page, INDD)
    data = base64.b64encode(INDD.read_bytes()).decode()
    pages = page.locator("#thumbs button.thumb").count()
    checked = 0
    for number in range(1, pages + 1):
        page.click(f'#thumbs [data-page="{number}"]')
        wait_drawn(page, number)
        frame = page.evaluate("""() => {
            const sheet = document.getElementById('sheet').getBoundingClientRect();
            const canvas = document.getElementById('page-canvas').getBoundingClientRect();
            return {width: sheet.width, height: sheet.height, canvasWidth: canvas.width, canvasHeight: canvas.height};
        }""")
        truth = page.evaluate(PDFJS_TEXT, [data, number, frame["width"]])
        # pdf.js draws the visible page, 612 x 783 points, and the frame is exactly its drawing.
        assert (truth["width"], truth["height"]) == (612, 783)
        assert frame["canvasWidth"] == pytest.approx(frame["width"], abs=1)
        assert frame["canvasHeight"] == pytest.approx(frame["height"], abs=1)
        assert frame["height"] == pytest.approx(frame["width"] * 783 / 612, abs=1)
        for box in page.evaluate(BOXES):
            # Every box lies on the drawing (a line beyond the visible page, a printer's slug, has none).
            assert box["left"] >= -3 and box["right"] <= frame["width"] + 3, (number, box)
            assert box["top"] >= -3 and box["bottom"] <= frame["height"] + 3, (number, box)
            # The glyphs pdf.js placed inside the box (by their middle) spell the box's line, and none of
            # the line's glyphs lie outside it.
            inside = [item for item in truth["items"]
                      if box["left"] <= (item["left"] + item["right"]) / 2 <= box["right"]
                      and box["top"] <= (item["top"] + item["bottom"]) / 2 <= box["bottom"]]
            inside.sort(key=lambda item: item["left"])
            assert letters("".join(item["text"] for item in inside)) == letters(box["text"]), (number, box, inside)
            for item in inside:
                assert item["left"] >= box["left"] - 1 and item["right"] <= box["right"] + 1, (number, box, item)
            checked += 1
    assert checked >= pages - 2  # the running head (with its folio) of nearly every page


def cut_off_report(path) -> None:
    """A 32-page report cut off at 60%: the package reads what is whole, pdf.js cannot open it at all."""
    data = annual_report(pages=32)
    path.write_bytes(data[:len(data) * 6 // 10])


def test_a_file_pdfjs_cannot_draw_shows_nothing_of_the_file_before_and_says_why_in_the_frame(page, tmp_path):
    page.click("#sample")
    wait_state(page, "done")
    wait_drawn(page, 2)
    cut = tmp_path / "cut.pdf"
    cut_off_report(cut)
    open_pdf(page, cut)
    assert page.inner_text("#result-title") == "cut.pdf"
    assert page.inner_text("#page-title") == "Page 1 of 32"
    page.wait_for_function("() => document.getElementById('sheet').dataset.drawn === 'failed'", timeout=DRAWN)
    # No picture under this file's name: the sample's page 2 is gone from the frame and the strip.
    assert page.evaluate("""() => {
        const canvas = document.getElementById('page-canvas');
        if (!canvas.width || !canvas.height) return 0;
        const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
        let ink = 0;
        for (let i = 3; i < data.length; i += 4) if (data[i]) ink++;
        return ink;
    }""") == 0
    page.wait_for_function("() => document.querySelector('#thumbs [data-made]') && !document.querySelector('#thumbs [data-painting]')")
    assert page.locator("#thumbs canvas.picture").count() == 0
    # Why, inside the frame, where the picture would be.
    note = page.locator("#sheet-note")
    assert note.is_visible()
    assert note.inner_text().startswith("This page cannot be drawn: ")
    assert "Its text was read all the same" in note.inner_text()
    inside = page.evaluate("""() => {
        const sheet = document.getElementById('sheet').getBoundingClientRect();
        const note = document.getElementById('sheet-note').getBoundingClientRect();
        return note.top >= sheet.top && note.bottom <= sheet.bottom && note.left >= sheet.left && note.right <= sheet.right;
    }""")
    assert inside
    # A file pdf.js can draw is drawn again, without the note.
    page.click("#sample")
    wait_state(page, "done")
    wait_drawn(page, 2)
    assert note.is_hidden()


NO_SIDEWAYS = "() => document.documentElement.scrollWidth <= innerWidth"


def test_at_360_px_the_drawing_fits_its_frame_and_nothing_scrolls_sideways(page, tmp_path):
    page.set_viewport_size({"width": 360, "height": 780})
    try:
        assert page.evaluate(NO_SIDEWAYS)
        # A stamp up the left edge of every page: its group's tag must stay inside the frame too.
        pdf = tmp_path / "stamped.pdf"
        make_pdf(pdf, [[Text("Draft 7", 6, 400, 8), Text("Running head of the report", 72, 50, 9),
                        Text(f"Body text of page {n}, which differs from page to page ({n * 13}).", 72, 200, 11)]
                       for n in range(1, 7)])
        open_pdf(page, pdf)
        wait_drawn(page, 1)
        frame = page.evaluate("""() => {
            const sheet = document.getElementById('sheet');
            const canvas = document.getElementById('page-canvas');
            const r = sheet.getBoundingClientRect();
            return {width: r.width, left: r.left, right: r.right, column: sheet.parentElement.clientWidth,
                    canvasCss: canvas.getBoundingClientRect().width, canvasPixels: canvas.width,
                    ratio: devicePixelRatio};
        }""")
        # The page is drawn for the frame it is shown in, not for a width read while it was hidden.
        assert frame["width"] == pytest.approx(frame["column"], abs=1) and frame["width"] <= 340
        assert frame["canvasCss"] == pytest.approx(frame["width"], abs=1)
        assert frame["canvasPixels"] == pytest.approx(frame["width"] * frame["ratio"], abs=2)
        tags = page.evaluate("""() => [...document.querySelectorAll('#boxes .tag')].map((tag) => {
            const r = tag.getBoundingClientRect();
            return [r.left, r.right];
        })""")
        assert len(tags) >= 2
        for left, right in tags:
            assert frame["left"] <= left and right <= frame["right"], (left, right, frame)
        assert page.evaluate(NO_SIDEWAYS)
        # Several files: the list of files and its ZIP button fit as well.
        page.set_input_files("#file", [str(pdf), str(DATA / "not-a-pdf.pdf")])
        page.wait_for_selector("body[data-batch=finished]", state="attached", timeout=120_000)
        assert page.evaluate(NO_SIDEWAYS)
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def test_on_a_wide_window_the_page_text_is_as_tall_as_the_drawing_and_what_a_box_is_stays_in_sight(page):
    page.set_viewport_size({"width": 1280, "height": 600})
    try:
        page.click("#sample")
        wait_state(page, "done")
        wait_drawn(page, 2)
        heights = page.evaluate("""() => {
            const sheet = document.getElementById('sheet').getBoundingClientRect();
            const text = document.getElementById('page-text').getBoundingClientRect();
            return [sheet.bottom, text.bottom];
        }""")
        assert heights[1] == pytest.approx(heights[0], abs=24)
        # The page is taller than the window: what a box at its top is shows at the window's foot.
        page.locator("#boxes .box >> nth=0").scroll_into_view_if_needed()
        page.evaluate("() => document.getElementById('sheet').scrollIntoView({block: 'start'})")
        box = page.locator("#boxes .box >> nth=0")
        box.hover()
        assert page.inner_text("#box-info") == box.get_attribute("title")
        info = page.evaluate("() => document.getElementById('box-info').getBoundingClientRect().bottom")
        assert info <= 600
    finally:
        page.set_viewport_size({"width": 1280, "height": 720})


def test_on_a_touch_screen_a_tap_says_what_a_box_is_and_a_second_one_flips_its_line(browser, base_url):
    context, recorder = new_context(browser, base_url, has_touch=True, is_mobile=True,
                                    viewport={"width": 360, "height": 780})
    try:
        page = boot(context, base_url)
        # No words about pointing or dropping where there is neither.
        assert page.inner_text(".drop-hint") == "Choose PDFs to read them here"
        page.click("#sample")
        wait_state(page, "done")
        wait_drawn(page, 2)
        hint = page.locator("#view-title + .hint").inner_text()
        assert "Tap a box" in hint and "Point at" not in hint
        text_hint = page.locator("#text-title + .hint").inner_text()
        assert "Tap a line" in text_hint and "arrow keys" not in text_hint
        box = page.locator("#boxes .box >> nth=0")
        index = box.get_attribute("data-index")
        assert "removed" in box.get_attribute("class")
        box.tap()
        # The first tap flips nothing: it names the line and offers the change.
        assert "removed" in box.get_attribute("class")
        assert page.inner_text("#command") == "pagefurniture sample.pdf"
        assert page.inner_text("#box-info").startswith(box.get_attribute("title"))
        page.locator("#box-info button").tap()
        page.wait_for_function("(i) => document.querySelector(`#boxes .box[data-index='${i}']`)?.classList.contains('kept')",
                               arg=index)
        assert page.inner_text("#command") == f"pagefurniture sample.pdf --keep-line 2:{index}"
        recorder.assert_private()
    finally:
        context.close()
