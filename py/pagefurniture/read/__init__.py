"""Reading a PDF into pages of lines: the only package of pagefurniture that imports pdfminer.

The stages a page goes through, each a module: ``limits`` (the bounds, and the first look at the bytes),
``document`` (opening the file, listing and reading its pages: ``Reader``, ``extract``), ``interpreter``
and ``tokens`` (its content streams), ``glyphs`` (where each glyph lands) and ``lines`` (the glyphs grouped
into lines).

pdfminer is written for PDFs that are merely badly made; a file built to hurt can make it decompress a
stream into gigabytes, walk a reference cycle for ever, or drop pages of a cut-off file without a word.
The guards close those holes without forking pdfminer: ``decoding`` (bounded stream filters), ``cmaps``
(character maps, and the errors that name a missing one), ``xref`` (the document: bounded references,
cut-off files), ``page_tree`` (every page listed, none dropped) and ``patches``, whose ``install()`` makes
every change to pdfminer itself. ``kernel`` is the browser's side: the JavaScript kernel and Pyodide.
"""

from . import _deferred  # noqa: F401 - first, before anything imports pdfminer
from .document import Progress, Reader, extract
from .limits import DEFAULT_LIMITS, Limits, Source
from .patches import PDFMINER_VERSION, install

__all__ = ["DEFAULT_LIMITS", "PDFMINER_VERSION", "Limits", "Progress", "Reader", "Source", "extract", "install"]
