"""A LlamaIndex reader that takes the page furniture out: in place of ``llama_index.readers.file.PDFReader``.

``pip install "pagefurniture[llama-index]"``

>>> from pagefurniture.llama_index import PageFurnitureReader
>>> docs = PageFurnitureReader().load_data("site/sample.pdf")
>>> docs[1].metadata["page_label"], docs[1].metadata["file_name"], docs[1].metadata["removed_lines"]
('2', 'sample.pdf', 4)

One Document per page, with the metadata ``PDFReader`` gives (llama-index-readers-file 0.7):
``page_label`` (the PDF's own label; where the PDF has none, the page number printed on the page as the
detector found it) and ``file_name``, then ``extra_info``; ours are ``removed_lines`` and
``removed_text``. Those two are kept out of the text that is embedded or sent to the LLM, which would
otherwise put the removed lines back into every chunk. With ``SimpleDirectoryReader``::

    SimpleDirectoryReader("docs/", file_extractor={".pdf": PageFurnitureReader()}).load_data()
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path, PurePath, PurePosixPath
from typing import Any

from llama_index.core.readers.base import BaseReader
from llama_index.core.schema import Document

from .documents import OUR_KEYS, load, our_metadata


class PageFurnitureReader(BaseReader):
    """Read a PDF into one Document per page, its running headers, footers and page numbers taken out.

    Raises a ``PageFurnitureError`` on input it cannot read (``NoTextLayer`` for a scan).
    """

    def __init__(self, *, password: str | None = None) -> None:
        self.password = password

    def lazy_load_data(self, file: str | os.PathLike, extra_info: dict | None = None, fs: Any = None
                       ) -> Iterator[Document]:
        """``fs`` is an fsspec file system, as ``SimpleDirectoryReader`` passes for remote files."""
        if fs is None:
            path: PurePath = Path(file)
            loaded = load(path, password=self.password, name=path.name)
        else:
            path = PurePosixPath(os.fspath(file))
            with fs.open(str(path), "rb") as fh:
                loaded = load(fh.read(), password=self.password, name=path.name)
        for page in loaded.pages:
            metadata = {"page_label": page.label, "file_name": path.name, **our_metadata([page]), **(extra_info or {})}
            yield Document(text=page.text, metadata=metadata, excluded_embed_metadata_keys=list(OUR_KEYS),
                           excluded_llm_metadata_keys=list(OUR_KEYS))

    def load_data(self, file: str | os.PathLike, extra_info: dict | None = None, fs: Any = None
                  ) -> list[Document]:
        return list(self.lazy_load_data(file, extra_info, fs))
