"""The look of text: page-number tokens, roman numerals, shapes, and the vocabularies the passes match.

A line's *shape* is its text with every run of digits masked, so that "Page 3 of 12" on one page and
"Page 4 of 12" on the next are one shape. A *page-number token* is a word of a line that may be its page
number; it is one where it counts with the pages over a run of them (grouping.py ``_runs``).
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass

from .settings import DEFAULT_SETTINGS, Settings

DIGITS = re.compile(r"\d+")
ROMAN = re.compile(r"^(?=[mdclxvi])m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$")
# What may wrap or follow a page number: punctuation ("- 3 -", "[3]", "(3)", "3.", "3 |", "3/12"; a minus
# sign set as a dash, U+2212), the zero-width characters some producers end every line with, and the mark
# a reader puts for a glyph it could not map (a separator drawn in a symbol font: "2 ��� Notes.nb").
PN_WRAP = "-–—\u2010\u2011\u2212[](){}|/.:·,•*<>«»\u200b\u200c\u200d\u2060\ufeff\ufffd"  # noqa: RUF001 - the dashes and the middle dot are meant
ALNUM = re.compile(r"[^\W_]")  # a letter or a digit, in any script
NUMBER_PARTS = re.compile(r"[/|]")  # "3/12" and "3|Title" hold two tokens
NUMBER_ALONE = re.compile(r"[\W\d_]*\d[\W\d_]*")  # figures without a letter: "4", "12 / 31", "- 3 -"
LEADER_NUMBER = re.compile(r"(?:[.\u2026\u00b7]\s?){3,}\s*\d+$")  # a contents line's leader and page: ". . . 12"
# A slide's number with the letter of one of its overlays ("3-a", "3-b": slide 3 built in states).
OVERLAY = re.compile(r"^(\d+)-[a-z]$")
GLUED_LABEL = re.compile(r"[^\W\d_]+(?::|(?=[(\[]\d))(.+)")  # "Page:2", "쪽수(2/6)": the number and its brackets
# A section's own count of its pages after the section's letters or number ("THYR-2", "A-3", "4-12", "1.5"),
# alone on its line: a manual's or a guideline's folio. Its slot keeps the section's part, so that "A-2" counts
# only with "A-1". A section numbered in parts joined by points ("GEN 1.2-3", "AD 2.EGKB-3": an aeronautical
# publication's page id) is one too beside the words that name its part: a label's number is simpler ("Table
# A-1" is a label). So is one at the end of a longer line after the word "page" ("429E - Rev. 0 - October 2,
# 2006 - Page 1-3": a manual's foot with its chapter's count of its pages).
LAST_DIGITS = re.compile(r"\d+(?=\D*$)")  # the last run of digits in a word: a section's count of its pages
SECTION_PAGE = re.compile(r"^(?:[A-Za-z]{1,6}|\d{1,3})(?:\.[A-Za-z0-9]{1,6})*[-\u2010\u2011\u2013.](\d+)$")
DOTTED_SECTION = re.compile(r"^[A-Za-z0-9]{1,6}(?:\.[A-Za-z0-9]{1,6})+[-\u2010\u2011\u2013]\d+$")
# The word for a page, in several languages, maybe shortened or followed by a colon.
PAGE_WORD = re.compile(r"(?:page|seite|p\u00e1gina|pagina|pag\.|p\u00e1g\.|blz\.|sida|side|strona|str\.|"
                       r"\u0441\u0442\u0440\.|\u0441\u0442\u0440\u0430\u043d\u0438\u0446\u0430):?", re.IGNORECASE)
WORD_BREAK = re.compile(r"[\s\u2010-\u2015-]+")  # what parts a shape's words: spaces and dashes ("Addendum-Page")
CID = re.compile(r"\(cid:\d+\)")
CID_MARK = "(cid:"  # in every glyph code pdfminer could not map to a character: a quick test before CID
CID_ENDS = re.compile(r"^(?:\(cid:\d+\))+|(?:\(cid:\d+\))+$")  # the glyph codes at either end of a word
# What names a publication's rights and identity: a copyright, a DOI (a book prints it under each chapter's
# first page), the article's own citation by its volume and its range of pages ("vol. 28 no 2, 2019, p.
# 83-108", under an article's first page).
RIGHTS = (r"©|\(c\)\s*\d{4}|\bcopyright\b|\bdoi\b|\ball rights reserved\b"
          r"|\bvol(?:\.|ume)\s*\d+\b.*\bpp?\.\s*\d+\s*[-\u2013]\s*\d+")
# What a publisher prints once at the foot of a first page: those, an ISSN or ISBN, a web address, an
# archive's identifier, a preprint note.
WEB = r"https?://|\bwww\."  # a web address
PUBLISHING = re.compile(RIGHTS + r"|\bissn\b|\bisbn\b|" + WEB + r"|\barxiv\b|"
                        r"\bpreprint\b|\bsubmitted to\b", re.IGNORECASE)
RIGHTS_NAMED = re.compile(RIGHTS, re.IGNORECASE)
# What a footnote starts with: its mark, a sign (*, a dagger), a number of a few digits (an ISSN or a year
# is longer), maybe in brackets or raised. (A copyright sign starts a publisher's line.)
NOTE_MARK = re.compile(r"[*\u2217\u2020\u2021\u00a7\u00b6\u2016#\u2070\u00b9\u00b2\u00b3\u2074-\u2079]"
                       r"|[(\[]?\d{1,3}(?!\d)")
# What a letterhead holds besides a name and an address: an e-mail or a web address.
CONTACT = re.compile(r"[\w.+-]+@[\w-]+\.\w|" + WEB, re.IGNORECASE)
# A print stamp: a date with a time of day, or a date after a word of printing or making ("Printed on:
# 8/26/2019", "Document généré le 6 déc. 2023 14:03", "10/28/2019 1:49 PM"). A date alone is a letter's or a
# cover's; the time, or the printing, is the machine's. A date is written in figures (8/26/2019, 2019-08-26,
# 26.08.2019) or with its month in letters ("6 déc. 2023", "May 16, 2017").
_DATE = (r"(?:\b\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\b"  # in figures
         r"|\b\d{1,2}\.?\s+[^\W\d_]{3,9}\.?\s+\d{4}\b"  # day, month, year
         r"|\b[^\W\d_]{3,9}\.?\s+\d{1,2},?\s+\d{4}\b)")  # month, day, year
_TIME = r"(?:\b\d{1,2}:\d{2}(?::\d{2})?\b)"
_PRINTED = r"(?:\bprint|\bgenerat|\bimprim|\bgénéré|\bgedruckt|\berstellt|\bcreated\b)"
STAMP = re.compile(rf"{_DATE}.*{_TIME}|{_TIME}.*{_DATE}|{_PRINTED}.*{_DATE}", re.IGNORECASE)
# A time of day alone ("2:51 PM", "14:03"): the machine's, however large it is set (a stamp's date and time
# stacked in two rows); its letters are no words of a heading.
CLOCK = re.compile(rf"\s*{_TIME}\s*(?:[ap]\.?\s?m\.?)?\s*", re.IGNORECASE)
# A heading or a caption carried over to the next page, words and then its mark ("APPEARANCES (CONTINUED)",
# "Table 2 - continued", "Anhang (Fortsetzung)", "Annexe (suite)"): the text's, heading that page.
_CONTINUED = r"continued|cont['\u2019]?d\.?"  # the English word, in full or cut short
CARRIED = re.compile(rf".*[^\W\d_].*?[\s(\[\u2010-\u2015-]\s*(?:{_CONTINUED}|fortsetzung|suite)[)\]]?[\s.:]*",
                     re.IGNORECASE)
# A note that the text goes on over the page, the whole of its line but for punctuation ("(Continued on
# next page)", ". . . continues on next page . . .", "Table continues", "CONTINUED", "... continue page 5",
# "- more -", "Fortsetzung auf Seite 2", "Suite au verso", "T.S.V.P.", "Continúa en la página siguiente",
# "z.o.z."). Only forwards: "continued from the previous page" heads the page's text, and "Table 2
# (continued)" is a caption; a bare "Continue" is a button's label, and "More" without its dashes a link's.
_ONWARD = (r"\s+(?:(?:on|to)\s+(?:the\s+)?(?:next|following|reverse)\s+(?:page|side|sheet)"
           r"|(?:on\s+)?page\s+\d+|overleaf|over)")
CONTINUES = re.compile(
    r"[\W_]*(?:"
    rf"(?:(?:table|footnote|note|text|article|story|list)\s+)?(?:{_CONTINUED}|continues)(?:{_ONWARD})?"
    rf"|continue{_ONWARD}|please\s+turn\s+over|p\.\s?t\.\s?o\.?|see\s+over"  # English
    r"|[-\u2010-\u2015]\s*more\s*[-\u2010-\u2015]|\(\s*more\s*\)"  # a press release's "- more -", a script's "(MORE)"
    r"|/\s?(?:\.\s?){3}|/\u2026"  # a resolution's "/..." under its page's last line
    r"|fortsetzung\s+(?:auf|siehe)\s+(?:der\s+)?(?:seite\s+\d+|(?:n\u00e4chste|folgende)[rn]?\s+seite|r\u00fcckseite)"
    r"|bitte\s+wenden"  # German
    r"|suite\s+(?:(?:\u00e0|a)\s+la\s+page\s+suivante|page\s+suivante|au\s+verso|(?:en\s+|\u00e0\s+la\s+)?page\s+\d+"
    r"|p\.\s*\d+)|voir\s+(?:au\s+)?verso|t\.\s?s\.\s?v\.\s?p\.?"  # French
    r"|contin[\u00fau]a(?:\s+(?:en|na)\s+(?:la\s+|a\s+)?(?:p[\u00e1a]gina|hoja|folha)\s+(?:siguiente|seguinte)"
    r"|\s+al\s+dorso|\s+no\s+verso)?"  # Spanish, Portuguese, Italian
    r"|sigue\s+(?:en\s+la\s+(?:p[\u00e1a]gina|hoja)\s+siguiente|al\s+dorso)"
    r"|segue\s+(?:na\s+pr[\u00f3o]xima\s+p[\u00e1a]gina|alla\s+pagina\s+(?:successiva|seguente)|a\s+pagina\s+\d+)"
    r"|z\.\s?o\.\s?z\.?|zie\s+(?:ommezijde|volgende\s+(?:pagina|blz\.?))"  # Dutch
    r"|vervolg\s+op\s+(?:de\s+)?volgende\s+(?:pagina|blz\.?)"
    r")[\W_]*", re.IGNORECASE)
# What the PDF's tags say, as extraction reports it (``Line.artifact``): these name page furniture. A
# bare /Artifact without a type also marks decoration (bullets, photo credits), so it only supports.
PAGINATION = frozenset({"header", "footer", "pagination", "watermark"})
# Of those, the ones that name the furniture itself. A bare /Pagination without a /Header or /Footer
# subtype is also what a long table's headings repeated on every page get: it supports a decision that
# the line's place must still make.
NAMED = frozenset({"header", "footer", "watermark"})

_ROMAN_VALUES = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}
ROMAN_FIRST = frozenset("ivxlcdmIVXLCDM")  # the letters a roman numeral may start with, in either case


def shape_of(text: str) -> str:
    """The text with every run of digits masked. (Not cached: most lines near the page edges are text of
    their own, and a cache that misses costs more than the substitution.)

    >>> shape_of("Page 12 of 40")
    'Page # of #'

    A glyph's code is no number: an unmapped glyph keeps it, so that codes that change from page to page
    make lines that differ.

    >>> shape_of("(cid:8)(cid:17) 12")
    '(cid:8)(cid:17) #'
    """
    if CID_MARK not in text:
        return DIGITS.sub("#", text)
    parts, last = [], 0
    for code in CID.finditer(text):
        parts += [DIGITS.sub("#", text[last:code.start()]), code.group()]
        last = code.end()
    return "".join([*parts, DIGITS.sub("#", text[last:])])


def roman_value(token: str, *, settings: Settings = DEFAULT_SETTINGS) -> int | None:
    """The value of a roman numeral, or None.

    >>> roman_value("xiv")
    14
    """
    return _roman(token, settings.roman_letters)


def page_number_tokens(text: str, *, settings: Settings = DEFAULT_SETTINGS) -> list[tuple[int, int, bool]]:
    """Tokens of a line that can be a page number: (token index, value, is_roman).

    A page number is a whole token, maybe wrapped in punctuation ("-3-", "[3]", "3/12" gives 3 and 12),
    without letters glued to it ("A1" is a label) and without a leading zero ("025" is an id) but for one
    digit set in two ("07", a designer's folio); a slide's
    number with its overlay's letter ("3-b") is the slide's number; a section's count of its pages after
    the section's letters or number, alone ("A-1", "4-12"; "Table A-1" is a label) or after the word for a
    page at the end of its line ("Rev. 0 - Page 4-12"), is that count.

    >>> page_number_tokens("Page 3 of 12")
    [(1, 3, False), (3, 12, False)]
    >>> page_number_tokens("3-b"), page_number_tokens("A1"), page_number_tokens("A-1"), page_number_tokens("Table A-1")
    ([(0, 3, False)], [], [(0, 1, False)], [])
    >>> page_number_tokens("429E - Rev. 0 - Page A-7")
    [(3, 0, False), (6, 7, False)]
    >>> page_number_tokens("- \u0967\u0968 -"), page_number_tokens("x\u00b2")  # Devanagari 12
    ([(1, 12, False)], [])
    >>> page_number_tokens("025"), page_number_tokens("07"), page_number_tokens("00")
    ([], [(0, 7, False)], [])

    A date is no page number, nor its day one ("4/5/2021" heads the fifth day's page of a daily log).

    >>> page_number_tokens("4/5/2021"), page_number_tokens("Printed 4/5/21, page 3")
    ([], [(3, 3, False)])
    """
    return list(_numbering(settings).tokens(text))


Tokens = tuple[tuple[int, int, bool], ...]  # (token index, value, is_roman) of each page-number token
Shapes = tuple[tuple[str, int, bool], ...]  # (shape with the token as "{n}", value, is_roman) of each


@dataclass(frozen=True, slots=True)
class _Numbering:
    """How one Settings reads page numbers: ``tokens(text)`` as ``page_number_tokens`` gives them, and
    ``shapes(text, shape)`` as ``_numbered_shapes`` does. Each is cached by the text alone (running heads
    and feet repeat their text on every page, and several passes ask), the settings being fixed."""

    tokens: Callable[[str], Tokens]
    shapes: Callable[[str, str], Shapes]


def _numbering(s: Settings) -> _Numbering:
    """The readers of page numbers for these settings: the defaults' are made once, others per call
    (a detection asks once and keeps them in its context)."""
    return _DEFAULT_NUMBERING if s is DEFAULT_SETTINGS else _make_numbering(s)


def _make_numbering(s: Settings) -> _Numbering:
    # The settings go first, bound in a partial, so that the caches are keyed by the text alone.
    cache = functools.lru_cache(maxsize=4096)
    tokens = cache(functools.partial(_number_tokens, s.roman_tokens, s.number_digits, s.roman_letters))
    shapes = cache(functools.partial(_numbered_shapes, tokens, s.pn_tokens, s.roman_tokens))
    return _Numbering(tokens, shapes)


def _number_tokens(roman_tokens: int, number_digits: int, roman_letters: int, text: str) -> Tokens:
    """``page_number_tokens`` with the settings it reads."""
    tokens = text.split()
    short = len(tokens) <= roman_tokens  # roman numerals count only in short lines
    if not short and not DIGITS.search(text):
        return ()  # no roman numeral in a line this long, and no digit: most of a page's lines
    out = []
    # In a longer line only the tokens with a digit may be numbers: those alone are looked at (a word of
    # letters alone, most tokens, holds none: isalpha is cheaper than the search).
    numeric = enumerate(tokens) if short else ((i, raw) for i, raw in enumerate(tokens)
                                               if not raw.isalpha() and DIGITS.search(raw))
    for i, raw in numeric:
        glued = GLUED_LABEL.match(raw)
        if glued:
            raw = glued.group(1)  # a label glued to its number: a report's "Page:2", a counter's "쪽수(2/6)"
        if raw.endswith((")", "]")) and ("(" if raw[-1] == ")" else "[") not in text.partition(raw)[0] + raw:
            continue  # closed by a bracket its line never opened: a list's or a note's mark ("1)", "iv)")
        if raw.count("/") >= 2:
            continue  # a date ("4/5/2021"): its day may step with the pages of a daily log, counting none
        for part in (NUMBER_PARTS.split(raw) if "/" in raw or "|" in raw else (raw,)):
            if CID_MARK in part:
                part = CID_ENDS.sub("", part)  # unmapped glyphs glued to a number (its spaces, a bullet) wrap it
            core = part.strip(PN_WRAP)
            if not core:
                continue
            # A section's count stands alone ("Table A-1." is a label), or counts after a section in parts.
            section = SECTION_PAGE.match(core) if (len(tokens) == 1 or DOTTED_SECTION.match(core) or (
                i == len(tokens) - 1 and PAGE_WORD.fullmatch(tokens[i - 1]))) \
                and not core.isdigit() else None
            if section:
                core = section.group(1)
                if core.isascii() and len(core) <= number_digits and not core.startswith("0"):
                    out.append((i, int(core), False))
                continue
            if "\u2160" <= core[0] <= "\u217f":
                core = unicodedata.normalize("NFKC", core)  # a roman numeral in one character ("\u2171"): its letters
            if not core[0].isdigit():  # no number, nor a slide's number with its overlay: a roman one at most
                # Most words start with a letter no roman numeral has: not worth a call to _roman.
                if short and core.isalpha() and core[0] in ROMAN_FIRST:
                    value = _roman(core, roman_letters)
                    if value is not None and (core.islower() or core.isupper()):
                        out.append((i, value, True))
                continue
            overlay = OVERLAY.match(core)
            if overlay:
                core = overlay.group(1)  # a slide's number with its overlay's letter: "3-a" is slide 3
            # Decimal digits of any script ("१२" in Devanagari), not raised ones ("²"); no leading zero but
            # in a two-digit folio ("07").
            if (core.isdecimal() and len(core) <= number_digits
                    and (len(core) == 1 or int(core[0]) != 0 or (len(core) == 2 and int(core[1]) != 0))
                    and (overlay or core == part.strip(PN_WRAP))):  # the digits and the wrapping alone
                out.append((i, int(core), False))
    return tuple(out)


def _numbered_shapes(tokens: Callable[[str], Tokens], pn_tokens: int, roman_tokens: int, text: str, shape: str
                     ) -> Shapes:
    """Given a line's text and its shape, returns for each token that may be its page number the shape
    with that token as ``{n}``, the number and whether it is roman (``tokens``: the page-number tokens)."""
    # Roman numerals count only in short lines; otherwise a page number needs a digit.
    if "#" not in shape and len(shape.split(None, roman_tokens)) > roman_tokens:
        return ()  # most lines: no digit (the shape has "#" for each run of them), too many words to be roman
    words = shape.split()  # digits never join tokens, so the shape has the text's tokens, masked
    # Leaders drawn as text (". . . Page 5 . . .") are no words: only tokens with a letter or a digit count.
    if len(words) > pn_tokens and sum(1 for w in words if "#" in w or ALNUM.search(w)) > pn_tokens:
        return ()
    if len(words) > roman_tokens and not DIGITS.search(text):
        return ()
    found = tokens(text)
    if not found:
        return ()
    raw = text.split()
    return tuple((" ".join([*words[:ti], _numbered(raw[ti]), *words[ti + 1:]]), value, is_roman)
                 for ti, value, is_roman in found)


def _numbered(raw: str) -> str:
    """A page-number token's shape: "{n}", or the section's part as printed and "{n}" for a section's count
    ("A-{n}", "3.{n}": the third chapter's pages count apart from the first's)."""
    if SECTION_PAGE.match(raw.strip(PN_WRAP)):
        return LAST_DIGITS.sub("{n}", raw)
    return "{n}"


def _roman(token: str, roman_letters: int) -> int | None:
    """``roman_value`` with the one setting it reads."""
    t = token.lower()
    if not t or len(t) > roman_letters or not ROMAN.match(t):
        return None
    total = 0
    for a, b in zip(t, t[1:] + " ", strict=True):
        v = _ROMAN_VALUES[a]
        total += -v if b != " " and _ROMAN_VALUES[b] > v else v
    return total


_DEFAULT_NUMBERING = _make_numbering(DEFAULT_SETTINGS)


def _lone_number(text: str, numbering: _Numbering) -> tuple[int, bool] | None:
    """The value of a line that is nothing but a page number ("7", "- 7 -", "xii"), else None."""
    tokens = numbering.tokens(text)
    if len(tokens) != 1 or any(t.strip(PN_WRAP) for k, t in enumerate(text.split()) if k != tokens[0][0]) \
            or SECTION_PAGE.match(text.split()[tokens[0][0]].strip(PN_WRAP)):
        return None  # more than a number ("A-3" is one with its section's part)
    return tokens[0][1], tokens[0][2]


def _arabic(text: str, numbering: _Numbering) -> list[int]:
    """The values of a line's arabic numbers, in order."""
    return [value for _, value, roman in numbering.tokens(text) if not roman]


def _count_of(text: str, numbering: _Numbering) -> tuple[int, int] | None:
    """The place and the total a line names in a count of pages ("2/3", "Page 2 of 5"): its two arabic
    numbers, the first no greater than the second; else None."""
    values = _arabic(text, numbering)
    return (values[0], values[1]) if len(values) == 2 and 1 <= values[0] <= values[1] else None


def _names_page(text: str, page: int, total: int, numbering: _Numbering) -> bool:
    """True when a line names its page among the document's, one arabic number after the other among its
    others: "Case 3:19-cv-04593 Document 79-8 Filed 03/26/21 Page 8 of 34" on the eighth of 34 pages."""
    values = _arabic(text, numbering)
    return any(values[k:k + 2] == [page, total] for k in range(len(values) - 1))


def _is_garbage(text: str, s: Settings) -> bool:
    """Text made of unmapped glyph codes repeats without meaning anything; never call it furniture."""
    if CID_MARK not in text:
        return False
    return len(CID.sub("", text).strip()) < len(text) / s.garbage_ratio
