"""Clean many PDFs on a Ray cluster: rows of a Ray Dataset in, one row per page or per file out.

``pip install "pagefurniture[ray]"``, then::

    import ray
    from pagefurniture.ray import analyze_dataset

    pdfs = ray.data.read_binary_files("docs/", include_paths=True)
    analyze_dataset(pdfs, rows="page").write_parquet("out/pages/")

Each input row is ``{"bytes": ..., "path": ...}``, what ``read_binary_files(..., include_paths=True)``
makes. The work on a row is a pure function of its bytes (``page_rows``, ``file_row``: they need no Ray
and fit any engine's map), so Ray does the scheduling, retries and spilling. A file that cannot be
read becomes a row with its ``error`` kind and ``error_message`` and the job goes on; ``error`` is None
on the others. The columns:

- ``rows="page"``: ``path``, ``page`` (1-based), ``text`` (the cleaned text, ``Report.page_texts()``),
  ``removed_lines`` (how many), ``removed_text`` (those lines, one per line), ``error``,
  ``error_message``. A failing file gives one row with ``page`` None; a page that could not be read
  completely gives its row ``error`` "damaged" and says why, with whatever text was read.
- ``rows="file"``: ``path``, ``pages``, ``clean_text`` (``Report.cleaned_text()``), ``report``
  (``Report.to_json()``), ``error``, ``error_message``.

A PDF without any text (a scan) is the error ``no-text``, as on the command line.

>>> from pathlib import Path
>>> row = file_row("site/sample.pdf", Path("site/sample.pdf").read_bytes())
>>> row["pages"], row["error"], row["clean_text"].count("Company Confidential")
(6, None, 0)
>>> file_row("notes.pdf", b"minutes of the meeting")["error"]
'not-a-pdf'
"""

from __future__ import annotations

import functools
import posixpath
from typing import TYPE_CHECKING, Any, Literal

from .documents import Loaded, load
from .errors import BUG_KIND, DamagedPDF, PageFurnitureError

if TYPE_CHECKING:
    import pyarrow
    from ray.data import Dataset

# The columns and their Arrow types. Declared, not inferred: Ray infers a column's type block by block,
# and a block in which no file failed would give ``error`` the type null, which Parquet cannot merge
# with the string it has in the others.
PAGE_COLUMNS = {"path": "string", "page": "int64", "text": "string", "removed_lines": "int64",
                "removed_text": "string", "error": "string", "error_message": "string"}
FILE_COLUMNS = {"path": "string", "pages": "int64", "clean_text": "string", "report": "string",
                "error": "string", "error_message": "string"}


def analyze_dataset(dataset: Dataset, *, rows: Literal["page", "file"] = "page", password: str | None = None,
                    **ray_remote_args: Any) -> Dataset:
    """Map a Dataset of PDFs (``read_binary_files(paths, include_paths=True)``) to one row per page or file.

    ``ray_remote_args`` go to ``Dataset.map_batches`` (``num_cpus``, ``memory``, ``concurrency``, ...).
    Lazy, like every Ray Dataset: the work starts when the result is written or read.
    """
    if rows not in ("page", "file"):
        raise ValueError(f'rows must be "page" or "file", not {rows!r}')
    # One file per batch: a batch is held in memory whole, and PDFs vary a thousandfold in size.
    return dataset.map_batches(functools.partial(_batch, rows=rows, password=password), batch_size=1,
                               batch_format="pyarrow", **ray_remote_args)


def page_rows(path: str, data: bytes, *, password: str | None = None) -> list[dict[str, Any]]:
    """One dict per page of the PDF in ``data`` (the keys of ``PAGE_COLUMNS``), or one with the file's error."""
    loaded, error = _load(path, data, password)
    if loaded is None:
        return [{"path": path, "page": None, "text": None, "removed_lines": None, "removed_text": None, **error}]
    return [{"path": path, "page": page.number, "text": page.text, "removed_lines": page.removed_lines,
             "removed_text": page.removed_text, "error": DamagedPDF.kind if page.error else None,
             "error_message": page.error}
            for page in loaded.pages]


def file_row(path: str, data: bytes, *, password: str | None = None) -> dict[str, Any]:
    """One dict for the PDF in ``data`` (the keys of ``FILE_COLUMNS``): its cleaned text and report, or its error."""
    loaded, error = _load(path, data, password)
    if loaded is None:
        return {"path": path, "pages": None, "clean_text": None, "report": None, **error}
    return {"path": path, "pages": len(loaded.pages), "clean_text": loaded.report.cleaned_text(),
            "report": loaded.report.to_json(), "error": None, "error_message": None}


def _load(path: str, data: bytes, password: str | None) -> tuple[Loaded | None, dict[str, str]]:
    try:
        # The name in the report is the file's, as the command line gives it (S3 keys use "/" too).
        return load(data, name=posixpath.basename(path), password=password), {}
    except PageFurnitureError as exc:
        return None, {"error": exc.kind, "error_message": str(exc)}
    except Exception as exc:
        detail = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
        return None, {"error": BUG_KIND,
                      "error_message": f"unexpected failure: {type(exc).__name__}" + (f": {detail}" if detail else "")}


def _batch(batch: pyarrow.Table, rows: str, password: str | None) -> pyarrow.Table:
    import pyarrow

    out: list[dict[str, Any]] = []
    for path, data in zip(batch["path"].to_pylist(), batch["bytes"].to_pylist(), strict=True):
        if rows == "page":
            out.extend(page_rows(path, data, password=password))
        else:
            out.append(file_row(path, data, password=password))
    columns = PAGE_COLUMNS if rows == "page" else FILE_COLUMNS
    return pyarrow.Table.from_pylist(out, schema=pyarrow.schema(
        [(name, pyarrow.type_for_alias(kind)) for name, kind in columns.items()]))
