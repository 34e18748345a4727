"""One error tree: everything the package raises on bad input is a PageFurnitureError.

Each kind of error has a ``kind`` (its name in data: the web page, a Ray row, tests) and a ``title``, the
few words the web page shows above the message, naming the kind without repeating the sentence under it.
This is the one place for both: ``build.py`` writes the titles into the page (``app/error-titles.js``),
and the build fails on a kind without a title of its own.
"""

from typing import ClassVar

# The kind given to an unexpected exception (a bug, not bad input) where it is reported as data instead
# of raised: by the web page's worker and in a Ray row, so that one bad file does not stop the others.
BUG_KIND = "bug"
BUG_TITLE = "Something went wrong"  # also what the page shows for a kind it has no title for


class PageFurnitureError(Exception):
    """Base class: the message is one plain sentence saying what is wrong and what to do.

    Raised as it is only for what fits no kind below: a path that does not exist or cannot be read, an
    output that cannot be written. It has no title: the page reads the bytes it was given and writes no
    file, so its kind "error" there is a mistake of the page's own, shown as a bug.
    """

    kind = "error"
    title: ClassVar[str]  # each subclass sets its own


class NotAPDF(PageFurnitureError):
    """The input is not a PDF file at all."""

    kind = "not-a-pdf"
    title = "Wrong kind of file"


class DamagedPDF(PageFurnitureError):
    """The input looks like a PDF but cannot be read."""

    kind = "damaged"
    title = "Cannot read this file"


class TruncatedPDF(DamagedPDF):
    """The file is cut off (a download or copy that stopped) and no page of it can be read."""

    kind = "cut-off"
    title = "The file is cut off"


class MissingCharacterMap(PageFurnitureError):
    """The PDF needs a character map that cannot be loaded here (offline in the browser, or not installed)."""

    kind = "character-map"
    title = "A character map is missing"


class PasswordRequired(PageFurnitureError):
    """The PDF is encrypted with a user password and none was given."""

    kind = "password-required"
    title = "Password needed"


class WrongPassword(PasswordRequired):
    """A password was given but it does not open the PDF."""

    kind = "wrong-password"
    title = "Wrong password"


class NoTextLayer(PageFurnitureError):
    """No page of the PDF has any text (a scan): OCR is out of scope."""

    kind = "no-text"
    title = "Only pictures, no text"


class LimitExceeded(PageFurnitureError):
    """The work stopped at one of the documented limits (size, pages, time)."""

    kind = "limit"
    title = "Too large for the page"


class NotCleaned(PageFurnitureError):
    """A cleaned PDF cannot be made of this file (its text outputs can): it cannot be rewritten safely."""

    kind = "not-cleaned"
    title = "No cleaned PDF of this file"


class Cancelled(PageFurnitureError):
    """The caller asked to stop."""

    kind = "cancelled"
    title = "Stopped"
