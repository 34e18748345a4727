"""pagefurniture.ray on a real local Ray cluster (2 CPUs), over the real documents of the evaluation kit.

Every row must be what ``analyze`` gives for its file, errors included: the scan in the kit has no text,
and three files made here fail in other ways. The results go through ``write_parquet`` and
``write_json`` and are read back, which is what the rows are for. One row per file is checked on every
file (the row holds the whole report); one row per page, the same work cut up otherwise, on the small
ones and the failing ones, which keeps a minute of two shared cores off every run.
"""

from __future__ import annotations

import json
import os
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pdfs
import pyarrow.parquet
import pytest
import ray
from pagefurniture import PageFurnitureError, Report, analyze
from pagefurniture.ray import FILE_COLUMNS, PAGE_COLUMNS, analyze_dataset, file_row

REAL = (Path(__file__).resolve().parents[2] / ".." / "shared" / "eval" / "real").resolve()

# Ray's own settings warn about each other's deprecation when the data context is created.
pytestmark = pytest.mark.filterwarnings("ignore:.*deprecated:DeprecationWarning")


@pytest.fixture(scope="module")
def cluster():
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")  # nothing is sent anywhere
    # address="local": always a new cluster of our own, never one another program on the machine started.
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    ray.data.DataContext.get_current().enable_progress_bars = False
    yield
    ray.shutdown()


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    bad = tmp_path_factory.mktemp("bad")
    pdfs.not_a_pdf(bad / "notes.pdf")
    pdfs.damaged(bad / "broken.pdf")
    pdfs.encrypted(bad / "locked.pdf")
    if not REAL.is_dir():
        pytest.skip(f"the evaluation kit is not at {REAL.parent}")
    paths = sorted(REAL.glob("*.pdf")) + sorted(bad.iterdir())
    assert len(paths) >= 18 and REAL / "scanned-luradoc.pdf" in paths
    return paths


@pytest.fixture(scope="module")
def expected(inputs: list[Path]) -> dict[str, Report | PageFurnitureError]:
    """What analyze gives for each file, as the command line takes it: a scan is the error NoTextLayer."""
    with ProcessPoolExecutor(2) as pool:  # both cores, before the cluster has work: half the waiting
        return dict(zip(map(str, inputs), pool.map(_analyze, inputs), strict=False))


def _analyze(path: Path) -> Report | PageFurnitureError:
    try:
        return analyze(path).require_text()
    except PageFurnitureError as exc:
        return exc


def test_one_row_per_file(cluster, inputs: list[Path], expected: dict, tmp_path: Path) -> None:
    dataset = ray.data.read_binary_files([str(path) for path in inputs], include_paths=True)
    analyze_dataset(dataset, rows="file").write_parquet(str(tmp_path / "files"))
    rows = pyarrow.parquet.read_table(tmp_path / "files").to_pylist()
    assert sorted(row["path"] for row in rows) == sorted(expected)
    assert all(list(row) == list(FILE_COLUMNS) for row in rows)
    for row in rows:
        want = expected[row["path"]]
        if isinstance(want, PageFurnitureError):
            assert row == {"path": row["path"], "pages": None, "clean_text": None, "report": None,
                           "error": want.kind, "error_message": str(want)}
        else:
            assert row == {"path": row["path"], "pages": len(want.pages), "clean_text": want.cleaned_text(),
                           "report": want.to_json(), "error": None, "error_message": None}
    errors = {Path(row["path"]).name: row["error"] for row in rows if row["error"]}
    assert errors == {"scanned-luradoc.pdf": "no-text", "notes.pdf": "not-a-pdf", "broken.pdf": "damaged",
                      "locked.pdf": "password-required"}


def test_one_row_per_page(cluster, inputs: list[Path], expected: dict, tmp_path: Path) -> None:
    chosen = [path for path in inputs if path.stat().st_size < 300_000 or path.name == "scanned-luradoc.pdf"]
    assert len(chosen) >= 9
    expected = {str(path): expected[str(path)] for path in chosen}
    dataset = ray.data.read_binary_files([str(path) for path in chosen], include_paths=True)
    analyze_dataset(dataset, rows="page").write_json(str(tmp_path / "pages"))
    rows = [json.loads(line) for part in sorted((tmp_path / "pages").iterdir())
            for line in part.read_text(encoding="utf-8").splitlines()]
    assert all(set(row) == set(PAGE_COLUMNS) for row in rows)
    by_file: dict[str, list[dict]] = {}
    for row in rows:
        by_file.setdefault(row["path"], []).append(row)
    assert sorted(by_file) == sorted(expected)
    for path, want in expected.items():
        got = sorted(by_file[path], key=lambda row: row["page"] or 0)
        if isinstance(want, PageFurnitureError):
            assert got == [{"path": path, "page": None, "text": None, "removed_lines": None, "removed_text": None,
                            "error": want.kind, "error_message": str(want)}]
            continue
        assert [row["page"] for row in got] == [page.number for page in want.pages]
        assert [row["text"] for row in got] == want.page_texts()
        removed = [[r.line.text for r in want.removed() if r.page == page.number] for page in want.pages]
        assert [row["removed_lines"] for row in got] == [len(lines) for lines in removed]
        assert [row["removed_text"] for row in got] == ["\n".join(lines) for lines in removed]
        assert [(row["error"], row["error_message"]) for row in got] == \
            [("damaged" if page.error else None, page.error) for page in want.pages]


def test_a_password_reaches_every_file(cluster, tmp_path: Path) -> None:
    path = tmp_path / "locked.pdf"
    pdfs.encrypted(path)
    dataset = ray.data.read_binary_files([str(path)], include_paths=True)
    [row] = analyze_dataset(dataset, rows="file", password=pdfs.PASSWORD).take_all()
    assert row["error"] is None and row["clean_text"] == analyze(path, password=pdfs.PASSWORD).cleaned_text()


def test_an_unexpected_failure_is_a_row_too(monkeypatch: pytest.MonkeyPatch) -> None:
    import pagefurniture.ray

    def broken(*args, **kwargs):
        raise RuntimeError("a bug\nwith a second line")

    monkeypatch.setattr(pagefurniture.ray, "load", broken)
    assert file_row("a/b.pdf", b"%PDF-1.4")["error_message"] == "unexpected failure: RuntimeError: a bug"
    assert file_row("a/b.pdf", b"%PDF-1.4")["error"] == "bug"


def test_rows_must_be_page_or_file() -> None:
    with pytest.raises(ValueError, match="rows"):
        analyze_dataset(None, rows="pages")  # type: ignore[arg-type]
