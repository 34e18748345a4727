"""One error tree: everything the package raises on bad input is a PageFurnitureError."""

# The kind given to an unexpected exception (a bug, not bad input) where it is reported as data instead
# of raised: by the web page's worker and in a Ray row, so that one bad file does not stop the others.
BUG_KIND = "bug"


class PageFurnitureError(Exception):
    """Base class: the message is one plain sentence saying what is wrong and what to do."""

    kind = "error"


class NotAPDF(PageFurnitureError):
    """The input is not a PDF file at all."""

    kind = "not-a-pdf"


class DamagedPDF(PageFurnitureError):
    """The input looks like a PDF but cannot be read."""

    kind = "damaged"


class TruncatedPDF(DamagedPDF):
    """The file is cut off (a download or copy that stopped) and no page of it can be read."""

    kind = "cut-off"


class MissingCharacterMap(PageFurnitureError):
    """The PDF needs a character map that cannot be loaded here (offline in the browser, or not installed)."""

    kind = "character-map"


class PasswordRequired(PageFurnitureError):
    """The PDF is encrypted with a user password and none was given."""

    kind = "password-required"


class WrongPassword(PasswordRequired):
    """A password was given but it does not open the PDF."""

    kind = "wrong-password"


class NoTextLayer(PageFurnitureError):
    """No page of the PDF has any text (a scan): OCR is out of scope."""

    kind = "no-text"


class LimitExceeded(PageFurnitureError):
    """The work stopped at one of the documented limits (size, pages, time)."""

    kind = "limit"


class NotCleaned(PageFurnitureError):
    """A cleaned PDF cannot be made of this file (its text outputs can): it cannot be rewritten safely."""

    kind = "not-cleaned"


class Cancelled(PageFurnitureError):
    """The caller asked to stop."""

    kind = "cancelled"
