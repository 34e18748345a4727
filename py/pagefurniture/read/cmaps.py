"""Character maps: loading pdfminer's maps of CJK encodings, fetched where they are not on disk, and the
errors that name what is missing.

pdfminer quietly decodes a font whose character map it cannot load as nothing or as ``(cid:N)``; here a
map that should be there but cannot be loaded is an error naming the map (``interpreter._get_font`` adds
the font and its script), and a map that is not on disk can be fetched (the web page serves them apart:
``patches.install(cmaps=...)`` registers the source).
"""

from __future__ import annotations

import contextvars
import os
import re
from collections.abc import Callable
from typing import Any

from pdfminer import cmapdb
from pdfminer.cmapdb import CMapDB

from ..errors import MissingCharacterMap
from .decoding import _budget

# What pdfminer may ask for: names like "UniJIS-UCS2-H" or "to-unicode-Adobe-Japan1"; nothing with a path.
_CMAP_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]{0,80}")
_cmap_source: Callable[[str], bytes | None] | None = None  # set by patches.install(cmaps=...)
# The script of each character collection (a CID font's /CIDSystemInfo /Ordering, the end of a
# "to-unicode-Adobe-Japan1" map's name), for the message that names what is missing.
SCRIPTS = {"Japan1": "Japanese", "Japan2": "Japanese", "GB1": "Chinese (simplified)",
           "CNS1": "Chinese (traditional)", "Korea1": "Korean", "KR": "Korean"}


# pdfminer's own map loader, which _load_cmap wraps: taken at import, before patches.install() replaces it.
_original_load_cmap: Callable[..., Any] = CMapDB._load_data.__func__  # type: ignore[attr-defined]


class _MapUnavailable(MissingCharacterMap):
    """Raised where a map fails to load; ``_get_font`` adds the font and the page and raises the message."""

    def __init__(self, name: str, why: str) -> None:
        super().__init__(f"{_where()} needs the character map {name}, which {why}")
        self.name, self.why = name, why


def _cmap_folder() -> str:
    return os.path.join(os.path.dirname(cmapdb.__file__), "cmap")


def _load_cmap(cls: type, name: str) -> Any:
    """``CMapDB._load_data``, but a map missing from pdfminer's folder is fetched first when a source is set,
    and a map that should be there but cannot be loaded raises ``_MapUnavailable``.

    pdfminer looks for ``NAME.json.gz`` in the ``cmap`` folder beside its ``cmapdb`` module; the web build
    leaves that folder out of the wheel (6.4 MB that most PDFs never use) and serves the files apart. The
    source answers None for a map the site does not have (pdfminer then goes on as it does for any name it
    does not know) and raises when it cannot get one the site has (offline, and not stored).
    """
    fetch = _cmap_source
    clean = name.replace("\0", "")
    folder = _cmap_folder()
    if fetch is not None:
        path = os.path.join(folder, clean + ".json.gz")
        if _CMAP_NAME.fullmatch(clean) and not os.path.exists(path):
            try:
                data = fetch(clean)
            except Exception as exc:
                raise _MapUnavailable(clean, str(exc) or type(exc).__name__) from None
            if data:
                os.makedirs(folder, exist_ok=True)
                with open(path, "wb") as fh:
                    fh.write(data)
    try:
        return _original_load_cmap(cls, name)
    except CMapDB.CMapNotFound:
        if fetch is None and not os.path.isdir(folder):
            # pdfminer installed without its maps: every CJK text would come out as nothing or (cid:N).
            raise _MapUnavailable(clean, f"is not installed: pdfminer.six has no folder {folder}; "
                                         "install pdfminer.six again, with its character maps") from None
        raise  # a name pdfminer does not know: it reads the font without it, as it always has
    except (OSError, EOFError, ValueError) as exc:  # gzip or JSON: the map's file is damaged
        raise _MapUnavailable(clean, f"cannot be read ({type(exc).__name__}: its file in {folder} is damaged); "
                                     "install pdfminer.six again") from None


class UnknownCharacterMap(Exception):
    """A CID font encoded with a character map pdfminer does not have: its text cannot be decoded.

    Not a package error: no download or install would bring the map. Outside the reading of a page it is
    raised; while a page is read (``unmapped``) it is noted instead, the font's text is read as nothing and
    the rest of the page as always, and the page is named as read in part.
    """


# The fonts of the page being read whose character map pdfminer does not have, as messages: set around
# each page's reading (``document._draw``), None outside it.
unmapped: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("pagefurniture_unmapped", default=None)


def _where() -> str:
    state = _budget.get()
    return f"page {state.page}" if state is not None and state.page else "this PDF"

