"""A LangChain document loader that takes the page furniture out: a drop-in for ``PyPDFLoader``.

``pip install "pagefurniture[langchain]"``

>>> from pagefurniture.langchain import PageFurnitureLoader
>>> docs = PageFurnitureLoader("site/sample.pdf").load()
>>> docs[1].metadata["page"], docs[1].metadata["page_label"], docs[1].metadata["removed_lines"]
(1, '2', 4)
>>> docs[1].metadata["title"], docs[1].metadata["source"], docs[1].metadata["total_pages"]
('Annual Report 2025', 'site/sample.pdf', 6)

Every metadata key ``PyPDFLoader`` sets is set with the same meaning (as langchain-community 0.4 sets it):
the PDF's document information under its own names in lower case (``producer``, ``creator``,
``creationdate``, ``title``, ``author``, ``subject``, ``keywords``, ``moddate``, ... where the PDF has
them; dates in ISO form where they parse), ``source``, ``total_pages``, and in ``mode="page"`` ``page``
(0-based, as LangChain counts) and ``page_label``. Where the PDF has no page labels, ``page_label`` is the
page number printed on the page, as the detector found it. Ours: ``removed_lines`` (how many lines were
taken out) and ``removed_text`` (those lines, one per line).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from datetime import datetime
from typing import Literal

from langchain_core.document_loaders import BaseLoader
from langchain_core.documents import Document

from .documents import load, our_metadata

# What PyPDFLoader's metadata always has, filled with the parser's name (LangChain's convention for
# each of its PDF parsers) or "" where the PDF does not say.
_DEFAULTS = {"producer": "pagefurniture", "creator": "pagefurniture", "creationdate": ""}
_DATE_KEYS = ("creationdate", "moddate")


class PageFurnitureLoader(BaseLoader):
    """Load a PDF as one Document per page (``mode="page"``) or one for the whole file (``"single"``),
    with the running headers, footers and page numbers taken out.

    Raises a ``PageFurnitureError`` on input it cannot read (``NoTextLayer`` for a scan). ``lazy_load``
    reads the whole file before it gives the first page: furniture is what repeats across the pages.
    """

    def __init__(self, file_path: str | os.PathLike, *, password: str | None = None,
                 mode: Literal["page", "single"] = "page") -> None:
        if mode not in ("page", "single"):
            raise ValueError(f'mode must be "page" or "single", not {mode!r}')
        self.file_path = os.path.expanduser(os.fspath(file_path))
        self.password = password
        self.mode = mode

    def lazy_load(self) -> Iterator[Document]:
        loaded = load(self.file_path, password=self.password, name=os.path.basename(self.file_path))
        common = {**document_metadata(loaded.info), "source": self.file_path, "total_pages": len(loaded.pages)}
        if self.mode == "single":
            yield Document(page_content=loaded.report.cleaned_text(), metadata={**common, **our_metadata(loaded.pages)})
            return
        for page in loaded.pages:
            yield Document(page_content=page.text, metadata={
                **common, "page": page.number - 1, "page_label": page.label, **our_metadata([page])})


def document_metadata(info: dict[str, object]) -> dict[str, str]:
    """The PDF's document information as PyPDFLoader puts it in metadata.

    >>> metadata = document_metadata({"Title": " Notes ", "CreationDate": "D:20240208091013-05'00'", "SPDF": 1082})
    >>> metadata["title"], metadata["creationdate"], metadata["spdf"], metadata["producer"]
    ('Notes', '2024-02-08T09:10:13-05:00', '1082', 'pagefurniture')
    """
    out = dict(_DEFAULTS)
    for key, value in info.items():
        key = key.lower()
        # As PyPDFLoader gives them: every value as text (pypdf's numbers are not ints, so LangChain turns
        # them into text too), dates in ISO 8601 where they parse and as written where not, the rest stripped.
        text = str(value)
        if key in _DATE_KEYS:
            with contextlib.suppress(ValueError):
                text = datetime.strptime(text.replace("'", ""), "D:%Y%m%d%H%M%S%z").isoformat("T")
        else:
            text = text.strip()
        out[key] = text
    return out

