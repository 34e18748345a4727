"""A long file in the page stays light: thumbnails far from the strip's view hold no picture, a toggle
changes its group's row and pages and nothing else (and says so while it works), and a file no longer on
show leaves nothing of pdf.js behind.

The memory and the time a toggle takes are figures of the benchmark (tests/bench/big.py), not of these
tests: here a 200-page book with 202 repeated groups, as big.py's file in small.
"""

from __future__ import annotations

import re
import time

import pytest
from conftest import HOLD, open_pdf
from pdfs import Text, make_pdf
from test_page import group_row

PAGES = 200
WORDS = ["alder", "birch", "cedar", "douglas", "elm", "fir", "ginkgo", "hazel", "ivy", "juniper", "larch"]


def title(n: int) -> str:
    """A running head of words alone (a number would make it kin to a page number), one for each n."""
    return " ".join(WORDS[n // 11 ** k % 11].capitalize() for k in range(3))


@pytest.fixture(scope="module")
def book(tmp_path_factory):
    """200 pages whose running heads change every two pages, the right one a page later than the left: 200
    heads on two pages each (the right head of the first page and of the last are on one page alone), each a
    repeated group of its own, and a footer and the page numbers: 202 groups."""
    pdf = tmp_path_factory.mktemp("big") / "book.pdf"
    make_pdf(pdf, [[Text(title((n - 1) // 2), 72, 40, 9), Text(title(500 + n // 2), 360, 40, 9),
                    Text("Northwind Handbook", 72, 770, 9),
                    Text(f"Page {n}", 500, 770, 9),
                    *[Text(f"{WORDS[(n + k) % 11]} {WORDS[n * 7 % 11]} {WORDS[n // 11 % 11]} line {k} of the body of"
                           f" this page, which no other page has ({n * 31 + k}).", 72, 120 + 14 * k, 11)
                      for k in range(6)]]
                   for n in range(1, PAGES + 1)])
    return pdf


# The thumbnails that hold a canvas with pixels (width and height above 0), and how far each is from the
# strip's view, in CSS px.
DRAWN_THUMBS = """() => {
    const view = document.getElementById('thumbs').getBoundingClientRect();
    return [...document.querySelectorAll('#thumbs button.thumb')].flatMap((thumb) => {
        const drawn = [...thumb.querySelectorAll('canvas')].filter((c) => c.width > 0 && c.height > 0).length;
        if (!drawn) return [];
        const box = thumb.getBoundingClientRect();
        return [{page: Number(thumb.dataset.page), distance: Math.max(0, view.left - box.right, box.left - view.right)}];
    });
}"""
PICTURED = "(n) => document.querySelector(`#thumbs [data-page='${n}'] canvas.picture`)?.width > 0"


def test_thumbnails_far_from_the_strip_s_view_hold_no_drawn_canvas(page, book):
    open_pdf(page, book)
    page.eval_on_selector("#thumbs", "(el) => { el.scrollLeft = 0; }")
    page.wait_for_function(PICTURED, arg=1)
    drawn = page.evaluate(DRAWN_THUMBS)
    pages = {item["page"] for item in drawn}
    assert 1 in pages and PAGES not in pages
    assert len(pages) < PAGES / 3, f"{len(pages)} of {PAGES} thumbnails hold a picture"
    # To the far end: the last pages are drawn, and the first ones, now far away, give their canvases back.
    page.eval_on_selector("#thumbs", "(el) => { el.scrollLeft = el.scrollWidth; }")
    page.wait_for_function(PICTURED, arg=PAGES)
    page.wait_for_function(f"() => !({DRAWN_THUMBS})().some((item) => item.page === 1)")
    drawn = page.evaluate(DRAWN_THUMBS)
    assert len(drawn) < PAGES / 3
    assert max(item["distance"] for item in drawn) < 2000, "only thumbnails near the view hold pictures"
    # And back: page 1 is drawn again when it comes near.
    page.eval_on_selector("#thumbs", "(el) => { el.scrollLeft = 0; }")
    page.wait_for_function(PICTURED, arg=1)


# Marks every row of the table and every thumbnail's label, to see afterwards which were made again.
MARK = """() => {
    for (const row of document.querySelectorAll('#groups tbody tr')) row.__before = true;
    return Object.fromEntries([...document.querySelectorAll('#thumbs button.thumb')]
        .map((thumb) => [thumb.dataset.page, thumb.getAttribute('aria-label')]));
}"""
REMADE = "() => [...document.querySelectorAll('#groups tbody tr')].filter((row) => !row.__before).map((row) => row.dataset.group)"
LABELS = """() => Object.fromEntries([...document.querySelectorAll('#thumbs button.thumb')]
    .map((thumb) => [thumb.dataset.page, thumb.getAttribute('aria-label')]))"""


def test_a_toggle_changes_its_group_s_row_and_pages_only_and_keeps_the_focus(page, book):
    open_pdf(page, book)
    row = group_row(page, title(60))
    group = row.get_attribute("data-group")
    assert row.get_attribute("class").split()[0] == "removed"
    row.locator("button.group-text").click()  # the view goes to the group's first page, 121
    assert page.inner_text("#page-title") == f"Page 121 of {PAGES}"
    labels = page.evaluate(MARK)
    total = page.locator("#groups tbody tr").count()
    switch = page.locator(f'tr[data-group="{group}"] input[role=switch]')
    switch.focus()
    page.keyboard.press("Space")
    page.wait_for_function(f"() => document.querySelector('tr[data-group=\"{group}\"]').classList.contains('kept')")
    assert page.evaluate(REMADE) == [group], "only the toggled group's row is made again"
    assert page.locator("#groups tbody tr").count() == total
    assert page.evaluate("() => document.activeElement.closest('tr')?.dataset.group") == group
    assert page.evaluate("() => document.activeElement.getAttribute('role')") == "switch"
    # The group's two pages say their line is kept now; every other thumbnail says what it said.
    after = page.evaluate(LABELS)
    changed = sorted(int(n) for n in after if after[n] != labels[n])
    assert changed == [121, 122]
    removed = [int(re.search(r"(\d+) removed", text)[1]) for text in (labels["121"], after["121"])]
    assert removed[1] == removed[0] - 1
    # On the page on show, the group's box says kept; the other boxes are as they were.
    classes = page.evaluate("() => [...document.querySelectorAll('#boxes .box')].map((b) => b.className)")
    chosen = [c for c in classes if "chosen" in c]
    assert chosen and all(c.startswith("box kept") for c in chosen)
    assert all(c.startswith("box removed") for c in classes if "chosen" not in c)
    # And back, with the same keys.
    page.keyboard.press("Space")
    page.wait_for_function(f"() => document.querySelector('tr[data-group=\"{group}\"]').classList.contains('removed')")
    assert page.evaluate(LABELS) == labels
    assert page.evaluate("() => document.activeElement.closest('tr')?.dataset.group") == group


def test_a_toggle_that_takes_a_while_says_the_table_is_busy_and_a_second_one_waits_for_it(browser, base_url, book):
    from conftest import boot, new_context

    context, recorder = new_context(browser, base_url)
    context.add_init_script(HOLD)
    try:
        page = boot(context, base_url)
        open_pdf(page, book)
        count = page.inner_text("#filter-count")
        first, second = (page.locator("#groups tbody tr").nth(n).get_attribute("data-group") for n in (0, 1))
        # The answer is held back: the choice takes as long as the test likes.
        page.evaluate("() => { window.__hold = (message) => message.type === 'choose'; }")
        page.locator(f'tr[data-group="{first}"] input[role=switch]').click()
        page.wait_for_function("() => document.getElementById('groups').getAttribute('aria-busy') === 'true'")
        assert page.inner_text("#filter-count") == "Applying your choice…"
        # A second switch meanwhile is applied after the first, on its answer: both stay flipped.
        page.locator(f'tr[data-group="{second}"] input[role=switch]').click()
        assert page.evaluate("window.__held()") == 1
        page.evaluate("window.__release()")
        page.wait_for_function(f"""() => document.querySelector('tr[data-group="{second}"]').classList.contains('kept')
            && document.getElementById('groups').getAttribute('aria-busy') === 'false'""")
        assert page.inner_text("#filter-count") == count
        for group in (first, second):
            assert not page.locator(f'tr[data-group="{group}"] input[role=switch]').is_checked()
            assert "kept" in page.get_attribute(f'tr[data-group="{group}"]', "class")
        assert page.evaluate("() => document.activeElement.closest('tr')?.dataset.group") == second
        recorder.assert_private()
    finally:
        context.close()


def test_a_file_no_longer_on_show_leaves_no_pdfjs_document_behind(page, book, tmp_path):
    other = tmp_path / "other.pdf"
    make_pdf(other, [[Text("Other Book", 72, 40, 9), Text(f"A body line of page {n} ({n * 3}).", 72, 200, 11)]
                     for n in range(1, 5)])

    def pdfjs_workers() -> int:
        return sum("pdf.worker" in worker.url for worker in page.workers)

    def canvases() -> int:
        return page.evaluate("() => [...document.querySelectorAll('canvas')].filter((c) => c.width * c.height > 0).length")

    open_pdf(page, book)
    page.wait_for_function("() => document.getElementById('sheet').dataset.drawn !== ''")
    assert pdfjs_workers() == 1
    open_pdf(page, other)
    page.wait_for_function("() => document.getElementById('sheet').dataset.drawn !== ''")
    page.wait_for_function(PICTURED, arg=4)
    # pdf.js's document of the first file was destroyed with its worker: one document, the one on show.
    deadline = time.monotonic() + 10
    while pdfjs_workers() != 1 and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    assert pdfjs_workers() == 1
    # The drawn canvases are the page on show and the four thumbnails' picture and marks: nothing of the book.
    assert canvases() == 1 + 4 * 2


def test_a_long_table_lists_its_first_rows_and_the_next_ones_when_asked_by_keyboard(page, book):
    open_pdf(page, book)
    rows = page.locator("#groups tbody tr[data-group]")
    assert rows.count() == 200
    assert page.inner_text("#filter-count") == "202 of 202 shown, the first 200 listed"
    more = page.locator("#groups tbody tr.more button")
    assert more.inner_text() == "List 2 more (2 not listed yet)"
    more.focus()
    page.keyboard.press("Enter")
    assert rows.count() == 202 and page.locator("#groups tbody tr.more").count() == 0
    assert page.inner_text("#filter-count") == "202 of 202 shown"
    # The focus is on the first row that was not listed before, so the keyboard goes on from there.
    assert page.evaluate("() => document.activeElement.className") == "group-text"
    assert page.evaluate("() => document.activeElement.closest('tr').rowIndex") == 201  # the header is row 0
    # A filter lists what it finds among all the groups, listed or not.
    page.fill("#filter-text", "Northwind")
    assert rows.count() == 1 and page.inner_text("#filter-count") == "1 of 202 shown"
    page.fill("#filter-text", "")
    assert rows.count() == 200
