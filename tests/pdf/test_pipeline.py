"""The command line in a pipeline: a PDF from stdin, outputs that are whole or absent, --skip-existing,
--manifest, the exit status of a partial result, and a batch killed with SIGKILL and resumed."""

from __future__ import annotations

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pdfs
import pytest
from clirun import assert_one_error, run
from pagefurniture import analyze, cli
from pagefurniture.report import OUTPUTS

SUFFIXES = [output.suffix for output in OUTPUTS]


def outputs(folder: Path) -> dict[str, bytes]:
    """Every file below ``folder`` by its relative path, with its bytes."""
    return {str(path.relative_to(folder)): path.read_bytes() for path in sorted(folder.rglob("*")) if path.is_file()}


def manifest_rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


# -- stdin ---------------------------------------------------------------------------------------------------


def test_dash_reads_the_pdf_from_stdin(tmp_path):
    data = pdfs.annual_report()
    done = subprocess.run([sys.executable, "-m", "pagefurniture", "-", "-o", "-"], input=data, capture_output=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("utf-8") == analyze(data).cleaned_text()
    report = subprocess.run([sys.executable, "-m", "pagefurniture", "-", "--json", "-"], input=data,
                            capture_output=True, timeout=120)
    assert json.loads(report.stdout)["file"] == cli.STDIN_NAME


def test_dash_with_a_bad_pdf_on_stdin_is_one_error(tmp_path):
    done = subprocess.run([sys.executable, "-m", "pagefurniture", "-"], input=b"not a pdf at all",
                          capture_output=True, text=False, timeout=120)
    assert done.returncode == 1
    assert_one_error(done.stderr.decode(), "this is not a PDF")


def test_dash_on_a_terminal_is_a_usage_error(capsys, monkeypatch):
    class Terminal(io.BytesIO):
        buffer = io.BytesIO()

        def isatty(self) -> bool:
            return True

    monkeypatch.setattr(sys, "stdin", Terminal())
    code, _out, err = run(capsys, "-")
    assert code == 2
    assert err.splitlines()[0] == ("error: - reads the PDF from stdin, but stdin is a terminal; "
                                   "pipe a PDF into it: pagefurniture - < file.pdf")


def test_dash_gives_the_same_cleaned_pdf_as_the_file(tmp_path):
    data = pdfs.annual_report()
    done = subprocess.run([sys.executable, "-m", "pagefurniture", "-", "--pdf", "-"], input=data, capture_output=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout == analyze(data).cleaned_pdf(data)


def test_dash_is_for_one_file(capsys, annual_pdf, tmp_path):
    code, _, err = run(capsys, "-", annual_pdf, "--out-dir", tmp_path / "out")
    assert code == 2 and "- reads one PDF from stdin" in err


# -- whole or absent --------------------------------------------------------------------------------------------


def test_an_output_is_written_under_a_temporary_name_and_renamed(monkeypatch, capsys, annual_pdf, tmp_path):
    target = tmp_path / "clean.txt"
    target.write_text("the clean text of an earlier run\n")
    seen = []

    def replace(src, dst):
        seen.append((Path(src).name, Path(src).read_text(encoding="utf-8") == analyze(annual_pdf).cleaned_text()))
        raise OSError(28, "No space left on device")  # the rename fails: the old output must stay as it was

    monkeypatch.setattr(os, "replace", replace)
    code, _, err = run(capsys, annual_pdf, "-o", target)
    assert code == 1
    assert_one_error(err, f"cannot write {target}: No space left on device")
    assert seen == [(".clean.txt.part", True)]  # the whole text was in the temporary file
    assert target.read_text() == "the clean text of an earlier run\n"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["annual.pdf", "clean.txt"]  # nothing else left


def test_special_files_are_written_in_place(capsys, annual_pdf):
    assert run(capsys, annual_pdf, "-o", os.devnull)[0] == 0
    assert Path(os.devnull).exists() and not Path(os.devnull).is_file()  # still the device, not a file


# -- partial results ------------------------------------------------------------------------------------------


@pytest.fixture
def mixed(tmp_path: Path) -> Path:
    """A folder with a good PDF, a cut-off one (pages 3-6 missing) and one that is not a PDF."""
    folder = tmp_path / "in"
    folder.mkdir()
    pdfs.annual_report(folder / "good.pdf")
    pdfs.truncated(folder / "cut.pdf")
    pdfs.not_a_pdf(folder / "notes.pdf")
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_batch_counts_partial_results_apart_and_the_manifest_says_each(capsys, mixed, tmp_path, jobs):
    manifest = tmp_path / "run.jsonl"
    code, out, err = run(capsys, mixed, "--out-dir", tmp_path / "out", "--manifest", manifest, "--jobs", jobs)
    assert code == cli.EXIT_FAILED  # a failure outweighs a partial result
    assert out.splitlines()[-1] == "3 files: 1 complete, 1 partial, 1 failed"
    assert any(line.startswith(f"warning: {mixed / 'cut.pdf'}: page ") for line in err.splitlines()), err
    rows = {Path(row["file"]).name: row for row in manifest_rows(manifest)}
    assert set(rows) == {"good.pdf", "cut.pdf", "notes.pdf"}
    good, cut, notes = rows["good.pdf"], rows["cut.pdf"], rows["notes.pdf"]
    report = analyze(mixed / "good.pdf")
    assert good == {"file": str(mixed / "good.pdf"), "pages": 6, "removed_lines": report.summary()["lines_removed"],
                    "status": "ok", "error": None, "seconds": good["seconds"]}
    assert cut["status"] == "partial" and cut["pages"] == 6
    assert cut["error"].startswith("the file is cut off after ") and "page 3 could not be read" in cut["error"]
    assert notes["status"] == "failed" and notes["pages"] is None and notes["error"].startswith("this is not a PDF")
    assert all(isinstance(row["seconds"], float) and row["seconds"] >= 0 for row in rows.values())
    written = json.loads((tmp_path / "out" / "cut.report.json").read_text(encoding="utf-8"))
    assert written["summary"]["complete"] is False
    assert [entry["page"] for entry in written["summary"]["pages_unreadable"]] == [3, 4, 5, 6]


def test_a_batch_of_partial_results_exits_with_the_partial_status(capsys, mixed, tmp_path):
    (mixed / "notes.pdf").unlink()
    code, out, _ = run(capsys, mixed, "--out-dir", tmp_path / "out")
    assert code == cli.EXIT_PARTIAL == 3
    assert out.splitlines()[-1] == "2 files: 1 complete, 1 partial, 0 failed"
    assert run(capsys, mixed / "good.pdf", "--out-dir", tmp_path / "out")[0] == cli.EXIT_OK


def test_the_exit_statuses_are_in_the_help(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0
    assert "3 done with what could be read" in " ".join(out.split())


# -- resuming ------------------------------------------------------------------------------------------------


def test_skip_existing_does_only_files_whose_outputs_are_missing_or_older(capsys, mixed, tmp_path):
    (mixed / "notes.pdf").unlink()
    out_dir, manifest = tmp_path / "out", tmp_path / "run.jsonl"
    assert run(capsys, mixed, "--out-dir", out_dir)[0] == cli.EXIT_PARTIAL
    first = outputs(out_dir)
    # good.pdf's outputs are there and newer; cut.pdf lost one output; a new file has none.
    (out_dir / "cut.pages.jsonl").unlink()
    pdfs.table_labels(mixed / "new.pdf")
    code, out, _ = run(capsys, mixed, "--out-dir", out_dir, "--skip-existing", "--manifest", manifest)
    assert code == cli.EXIT_PARTIAL
    assert out.splitlines()[-1] == "3 files: 1 complete, 1 partial, 0 failed, 1 skipped (outputs up to date)"
    assert {Path(row["file"]).name: row["status"] for row in manifest_rows(manifest)} == {
        "good.pdf": "skipped", "cut.pdf": "partial", "new.pdf": "ok"}
    again = outputs(out_dir)
    assert {name: data for name, data in again.items() if not name.startswith("new.")} == first
    # A PDF changed after its outputs were written is done again.
    time.sleep(0.01)
    os.utime(mixed / "good.pdf")
    code, out, _ = run(capsys, mixed, "--out-dir", out_dir, "--skip-existing", "--manifest", manifest)
    assert out.splitlines()[-1] == "3 files: 1 complete, 0 partial, 0 failed, 2 skipped (outputs up to date)"
    assert {Path(row["file"]).name: row["status"] for row in manifest_rows(manifest)[3:]} == {
        "good.pdf": "ok", "cut.pdf": "skipped", "new.pdf": "skipped"}


def test_clean_pdf_adds_each_cleaned_pdf_and_the_manifest_says_so(capsys, mixed, tmp_path):
    manifest = tmp_path / "run.jsonl"
    code, out, err = run(capsys, mixed, "--out-dir", tmp_path / "out", "--clean-pdf", "--manifest", manifest)
    assert code == cli.EXIT_FAILED
    assert out.splitlines()[-1] == "3 files: 1 complete, 0 partial, 2 failed"
    rows = {Path(row["file"]).name: row for row in manifest_rows(manifest)}
    assert rows["good.pdf"]["clean_pdf"] is True and rows["good.pdf"]["status"] == "ok"
    good = mixed / "good.pdf"
    assert (tmp_path / "out" / "good.clean.pdf").read_bytes() == analyze(good).cleaned_pdf(good)
    # A cut-off file gives its text, but no PDF can be written from part of one: the file fails, says why,
    # and only its text outputs are there.
    assert rows["cut.pdf"]["clean_pdf"] is False and rows["cut.pdf"]["status"] == "failed"
    assert rows["cut.pdf"]["error"].startswith("no cleaned PDF can be made of cut.pdf: the file is cut off")
    assert f"error: {mixed / 'cut.pdf'}: no cleaned PDF can be made of cut.pdf: the file is cut off" in err
    assert sorted(name for name in outputs(tmp_path / "out") if name.startswith("cut.")) == [
        f"cut.{suffix}" for suffix in sorted(SUFFIXES)]
    assert rows["notes.pdf"]["clean_pdf"] is None and rows["notes.pdf"]["status"] == "failed"
    # Resumed with --skip-existing, the good file is up to date with its PDF; the cut one is tried again.
    code, out, _ = run(capsys, mixed, "--out-dir", tmp_path / "out", "--clean-pdf", "--skip-existing")
    assert out.splitlines()[-1] == "3 files: 0 complete, 0 partial, 2 failed, 1 skipped (outputs up to date)"
    (tmp_path / "out" / "good.clean.pdf").unlink()
    code, out, _ = run(capsys, mixed, "--out-dir", tmp_path / "out", "--clean-pdf", "--skip-existing")
    assert out.splitlines()[-1] == "3 files: 1 complete, 0 partial, 2 failed, 0 skipped (outputs up to date)"


def test_skip_existing_and_manifest_are_for_a_batch(capsys, annual_pdf, tmp_path):
    for extra in (["--skip-existing"], ["--manifest", str(tmp_path / "m.jsonl")]):
        code, _, err = run(capsys, annual_pdf, *extra)
        assert code == 2 and "are for a batch" in err


def _batch_files(folder: Path, count: int) -> None:
    folder.mkdir()
    for i in range(count):
        pdfs.annual_report(folder / f"doc{i:02d}.pdf", pages=40 + 5 * (i % 3))


@pytest.mark.slow
def test_a_batch_killed_mid_run_and_resumed_gives_the_outputs_of_a_clean_run(tmp_path):
    folder = tmp_path / "in"
    _batch_files(folder, 10)
    clean, killed = tmp_path / "clean", tmp_path / "killed"
    command = [sys.executable, "-m", "pagefurniture", str(folder), "--jobs", "2"]
    done = subprocess.run([*command, "--out-dir", str(clean)], capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    expected = outputs(clean)
    assert len(expected) == 10 * len(OUTPUTS)

    manifest = tmp_path / "run.jsonl"
    proc = subprocess.Popen([*command, "--out-dir", str(killed), "--manifest", str(manifest)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 300
        # Kill it once some files are done and others are not: parent and workers at once, as a crash would.
        while time.monotonic() < deadline and len(manifest_rows(manifest) if manifest.exists() else []) < 3:
            time.sleep(0.05)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    rows = manifest_rows(manifest)  # whole lines only, however the kill fell
    assert 3 <= len(rows) < 10, "the kill did not fall in the middle of the run"
    left = outputs(killed)
    finals = {name: data for name, data in left.items() if not name.endswith(".part")}
    assert len(finals) < len(expected)
    for name, data in finals.items():  # what is there is whole: the bytes of the clean run
        assert data == expected[name], name

    resumed = subprocess.run([*command, "--out-dir", str(killed), "--skip-existing", "--manifest", str(manifest)],
                             capture_output=True, text=True, timeout=600)
    assert resumed.returncode == 0, resumed.stderr
    skipped = int(resumed.stdout.split(", ")[-1].split()[0])
    assert skipped >= len(rows)  # the files done before the kill are not done again
    assert outputs(killed) == expected  # every output, byte for byte; no .part file is left
