"""Every threshold detection weighs its evidence with, in one frozen dataclass, each with its reason.

Like pdfminer's ``LAParams`` or pdfplumber's table settings: the passes read their numbers from a
``Settings`` and from nowhere else, so that an evaluation can try other values without touching the code:

>>> from dataclasses import replace
>>> stricter = replace(DEFAULT_SETTINGS, min_run=4)
>>> stricter.min_run, DEFAULT_SETTINGS.min_run
(4, 3)

``pagefurniture.analyze(pdf, settings=stricter)`` and ``report_for(..., settings=stricter)`` take one.

What is not here, on purpose: the look of text that is no matter of degree (the regular expressions and
vocabularies in numbers.py), and the words "two" and "most" where they define a thing rather than weigh
it: a line repeats when it is on two pages or more, and a group's lines decide "on most of its pages"
when more than half of them do.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Settings:
    """The thresholds of detection (sizes and distances in points, shares of a whole between 0 and 1)."""

    # -- one place, one size ----------------------------------------------------------------------------

    # Font sizes the same furniture may move between pages and still be in one place (baseline jitter).
    position_tolerance: float = 0.9
    # Points: a font size below this counts as this large when a position tolerance is taken from it (a
    # 2 pt folio jitters as much as a 4 pt one).
    min_size: float = 4.0
    # Points added to the position tolerance for text beyond the visible page: a printer's slug is set by
    # hand, less exactly than the page's own furniture.
    beyond_slack: float = 2.0
    # The slug area around a page reaches at most this share of the page's size beyond it (a proof block
    # above a form: 134 pt over a 792 pt page); text farther out is on no printed sheet (a presentation's
    # overlays parked thousands of points away).
    beyond_reach: float = 0.5
    # Lines of one slot have the same size within this share: a 28 pt masthead is not the 10 pt running head.
    size_tolerance: float = 0.12
    # Points added to the size tolerance, for the rounding of sizes a PDF writes (9.96 pt against 10 pt).
    size_slack: float = 0.1
    # A heading is at least this much larger than the body text; running heads rarely are.
    heading_size: float = 1.15
    # A running head or foot lies nearer its edge than this share of the page's height: lines repeated
    # farther in (the same closing paragraph on each half-filled data sheet) are the text's.
    edge_reach: float = 0.4
    # Points: a font size below this counts as this large where a slack is taken from it (a line of size
    # 0 still gets one).
    unit_size: float = 1.0

    # -- rows and the text column -----------------------------------------------------------------------

    # Baselines closer than this many font sizes share a row.
    row_tolerance: float = 0.45
    # A line's baseline lies this share of its font size above the bottom of its box (the descenders).
    descent: float = 0.2
    # A line set this much smaller than another line of its row, within its height and its width, is a
    # mark raised or lowered in it (a superscript the reader keeps as a line of its own): no table's cell.
    mark_size: float = 0.7
    # Lines at most this share of the text's size, letter for letter in one place on every page with text,
    # are the pages' template wherever they stand (judging._fine_print).
    fine_print: float = 0.7
    # Lines this long (characters) make up the text column of a page; all but this share of them lie
    # within it (the rest are notes in the margin).
    long_line: int = 20
    column_quantile: float = 0.15
    # A page has a text column of its own when it has at least this many long lines; a page with fewer (a
    # slide, a picture page) gets the column of the other pages of its size.
    column_lines: int = 5
    # Points the text column reaches beyond where its long lines start and end (ragged and hung text).
    column_pad: float = 4.0
    # A page's first or last row is a head set apart from the column when the gap beside it is this many
    # times the page's median gap, on a page of at least this many rows (a long running head must not
    # stretch the column up to the page number beside it).
    head_gap: float = 2.0
    # Two gaps within this share of each other are one spacing: the row between them is no nearer the one
    # side than the other (a head's second line, as far from its first as from the text under it).
    gap_tolerance: float = 0.05
    head_page_rows: int = 3
    # Furniture at the top or bottom lies in one of this many rows nearest the edge (a page number below a
    # legal notice of several lines, a proof block), never deeper in the text: lines deeper in are the
    # text's, and are not looked at as furniture at all.
    edge_rows: int = 8
    # The rows nearest each edge that running heads and feet occupy (a heading inside the text lies deeper).
    outer_rows: int = 2
    # A row in parts that spans at least this share of the text block's width is a head across the column
    # (a dictionary's guide words, the page's first entry on the left and its last on the right).
    head_span: float = 0.8

    # A print stamp (numbers.STAMP) is a line of this many words at most: a date and time, and what it is.
    stamp_words: int = 8
    # ... or a sentence of this many words at most on a page of a few lines (a cover's download notice).
    stamp_sentence: int = 16

    # -- the margins ------------------------------------------------------------------------------------

    # Lines wholly beside the text column and this short (characters, a number counting as one: "Page 12
    # of 30" is the note "Page 9 of 30" is) are margin text (pleading numbers, side heads) ...
    margin_text: int = 12
    # ... lying within this share of the page width from its side edge.
    side_band: float = 0.12
    # A column of more lines than this beside the text is a table's, not a side head's.
    side_column: int = 4
    # A vertical line farther than this share of the page width from both side edges is in the text.
    vertical_body: float = 0.2
    # Points: text this close to a picture's side is set along the picture (its credit).
    picture_gap: float = 6.0
    # A picture this share of the page's width and height is the page's backdrop (a scan under its OCR text,
    # a slide's background), not a photo: text along its side runs along the page's edge.
    backdrop: float = 0.9
    # On scanned pages, two lines at one edge and distance whose shapes (of this many characters or more)
    # match in this share of their characters are one line misread by OCR ("Lexipol", "Lexlpol").
    misread_text: int = 12
    misread_match: float = 0.85
    # Pages whose text runs mostly upwards (a table turned on its side) have no side margins to judge:
    # more than this share of the page's characters in vertical lines.
    vertical_page: float = 0.5
    # A sheet holds two pages one above the other where its first line comes again this share of its
    # height or less from its middle, as far down on most sheets (a handout of slides two by two).
    sheet_band: float = 0.1

    # -- the text block ---------------------------------------------------------------------------------

    # The text block reaches as far as the text does on all but this share of the pages of one size.
    block_quantile: float = 0.1
    # ... and never as far as one page alone takes it: it reaches as far as at least this many pages do (on
    # a short document the quantile is the farthest page, whose one-off line, a first page's footer, is no
    # measure of the block).
    block_pages: int = 2
    # A line is outside the text block when it lies beyond it by more than this share of its font size
    # (a running head's descenders may touch the block).
    block_slack: float = 0.25

    # Whether the text runs where a removal lies is judged on this many of its lines at most, each against
    # this many other pages at most (a sample spread over the document: the answer is a majority).
    text_sample: int = 40
    # A line of text runs where a line lies when it shares this share of that line's height (not the
    # gap between two lines of text).
    text_overlap: float = 0.3

    # -- page numbers -----------------------------------------------------------------------------------

    # Documents of up to this many pages accept a run of this many pages (a letter with its footer on both).
    short_document: int = 4
    short_run: int = 2
    # Elsewhere a page-number sequence needs this many pages, and may skip this many (pictures, openers).
    min_run: int = 3
    run_gap: int = 3
    # A page prints its own number this many times at most (in its head and its foot); a number it holds
    # more often at one edge or margin is a table column's (a chapter's number down each row).
    folio_copies: int = 2
    # A second numbering in the folios' place (the front matter's roman beside the body's arabic) needs
    # this many pages that count: the folio's place vouches for it.
    folio_run: int = 2
    # A page number's line holds at most this many words besides its number ("Page 3 of 9"); a line with
    # more that counts with the pages is a running head or foot that holds the folio (its kind says so).
    folio_words: int = 2
    # A column of line numbers beside the text block (a bill's, a manuscript's, a critical edition's)
    # holds at least this many on a page.
    line_numbers: int = 3
    # ... counting at one pace down the page: most of its steps as far apart per count, to this share, and
    # none closer (a display or a heading between two lines numbers none of its own). A bill's clause
    # numbers beside the text count their clauses, however long each is.
    line_pace: float = 0.1
    # ... and a line's number no farther down from the last, per count, than this many times its size: a
    # pleading numbers its double-spaced lines, a judgment its paragraphs, each many lines apart.
    line_pitch: float = 3.0
    # ... and down this share of the text block's height or more: a bill, a transcript or a manuscript
    # numbers the lines of the whole page, a code listing between paragraphs only its own.
    line_span: float = 0.5
    # A column drawn number for number at the same heights on several pages numbers their lines whatever
    # face the lines are in, when its numbers are set at least this share of the lines' size: a listing
    # that fills each of several pages numbers its own lines in small type.
    line_number_size: float = 0.75
    # A chart's tick labels stand at even steps along its axis, to this share of a step (the origin's label
    # is set off its place, clear of the other axis).
    scale_pace: float = 0.25
    # A chart's axis title is set at most this many times as large as its tick labels (a plotting
    # library's 11 pt title over 8.8 pt numbers); a stamp up the margin beside a column of numbers is larger.
    axis_title: float = 1.5
    # A line of more words than this is running text, never a page number's line; a long footer with its
    # counter ("... Global Dividends - Pag. 3 di 9") has up to about twenty.
    pn_tokens: int = 24
    # Roman numerals count only in lines of up to this many words (in longer ones "I" and "mix" are words);
    # longer lines need a digit to hold a page number.
    roman_tokens: int = 4
    # A page number has at most this many digits (longer runs are ids and dates) ...
    number_digits: int = 5
    # ... and a roman one at most this many letters.
    roman_letters: int = 9

    # -- slides -----------------------------------------------------------------------------------------

    # A page is a build of the page before it (one slide shown in states) when it holds this share of that
    # page's lines, in the same places, and at least this many of them. Repetition is counted over slides:
    # a title repeated on the states of one slide is said once.
    build_share: float = 0.8
    build_lines: int = 3

    # -- repeated lines ---------------------------------------------------------------------------------

    # A line on only a few pages is furniture only where other furniture shares its place on this share of
    # the pages (the next section's running head), or on at least this many pages itself.
    support_share: float = 0.3
    support_pages: int = 4
    # A group on this share of the pages (or on min_run pages) needs no such support.
    support_run_share: float = 0.1
    # A slot takes a line that repeats nowhere only when furniture holds the slot on at least this many
    # other pages (and on support_share of them).
    slot_pages: int = 2
    # Lines keep one horizontal place when this share of them share one or two spots, each spot this many
    # points wide or this share of the font size; fewer than this many pages always do.
    align_share: float = 0.8
    align_min: float = 2.0
    align_size: float = 0.5
    align_pages: int = 3
    # Points: a single letter drawn at a slant is a watermark only this large (a seal's lettering is small).
    watermark_size: int = 36
    # Text is unmapped glyph codes when fewer than one in this many of its characters are anything else.
    garbage_ratio: float = 3.0

    # -- set apart from the text ------------------------------------------------------------------------

    # Furniture is set apart from the text by a gap wider than this many times the text's typical line gap,
    # and at least this many body sizes.
    apart: float = 1.2
    apart_min: float = 0.6
    # A row of this many separate cells, their median size at least this share of the body size, is a
    # table row, never furniture (a print slug in small type may have as many parts).
    cell_row: int = 4
    cell_size: float = 0.85
    # A row of this many cells or more, that many of them in the columns of the row above or below (left or
    # right edges within Settings.align_min or align_size), is a table's, in any size: a spreadsheet's rows.
    table_cells: int = 3
    # ... but two rows more than this many of their font sizes apart are no neighbours in a table: a sheet's
    # footer under its last row.
    table_gap: float = 2.0
    # A row of two parts or more over the text, each over a column of the running text under it and this
    # share of that column's width or more, heads those columns: a table of prose repeating its column
    # headings over each page. (A running head of two parts leaves most of a column bare beside one of them.)
    column_heading: float = 0.8
    # ... or, whatever its width, its middle within this share of that column's width of the column's
    # middle: a table's headings centred over its columns. (The columns so headed span that share of the
    # text block's width or more.)
    centred_heading: float = 0.05
    # A table whose every row holds a cell drawn in the same place on most pages, and at least this share
    # of its cells, is the pages' template (a data sheet's head grid), not a table of the text.
    template_share: float = 0.75
    # A line sharing its row with text is furniture only when at least this many font sizes away from it.
    far: float = 2.0
    # Two lines of one row are drawn over each other when they share more than this share of the narrower
    # one's width (another layer, a copy for a bold look), not set beside each other.
    over_share: float = 0.5

    # -- the body text ----------------------------------------------------------------------------------

    # Points: the body size of a document whose pages hold no upright text to measure.
    default_body: float = 10.0
    # The body size is measured by characters, each page's counted up to this many times a middling page's
    # (the median): one slide of a plot whose points are set as letters, 2 pt and thousands of them, is
    # one page, not the document; a slide of a title alone still weighs less than one of points.
    body_page_weight: float = 2.0
    # Points: a row is of body text when one of its lines is within this of the body size.
    body_slack: float = 1.0

    # -- the first page and the listing -----------------------------------------------------------------

    # The first page has a footer zone to speak of only when it holds this many rows of body text (a cover
    # does not, and everything on a cover is content).
    text_page_rows: int = 8
    # A letterhead's contact line gives an e-mail or a web address with at most this many other words (its
    # labels, a street, a town); a sentence that names a web address ("Go to www.irs.gov/FormW9 for
    # instructions and the latest information.") is the text's.
    contact_words: int = 6
    # A kept group is listed when it is on this share of the pages (a cell value recurring on a few pages
    # is not worth a row), and always when on this many (this many in a short document).
    shown_share: float = 0.2
    shown_pages: int = 3
    short_shown: int = 2


DEFAULT_SETTINGS = Settings()
