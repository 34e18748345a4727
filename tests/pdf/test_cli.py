"""The command line through ``main([...])``: output, files written and exit status for every option and error."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pdfs
import pytest
from clirun import assert_one_error, run
from pagefurniture import analyze

HEADER = pdfs.ANNUAL_HEADER


def expected_clean(pages: int = 6) -> str:
    """The annual report without its header and footer: body lines, a blank line between pages."""
    return "\n\n".join("\n".join(pdfs.body(n)) for n in range(1, pages + 1)) + "\n"


def furniture(pages: int = 6) -> set[tuple[int, str]]:
    return {(n, text) for n in range(1, pages + 1) for text in (HEADER, pdfs.annual_footer(n, pages))}


def groups_of(path: Path, *argv: object) -> list[dict]:
    return json.loads(Path(path).read_text(encoding="utf-8"))["groups"]


def group_id(groups: list[dict], text: str) -> int:
    matches = [g["id"] for g in groups if g["text"] == text]
    assert len(matches) == 1, (text, [g["text"] for g in groups])
    return matches[0]


# -- one file: table and outputs ---------------------------------------------------------------------------


def test_table_lists_repeated_lines_with_pages_kind_and_decision(capsys, annual_pdf):
    code, out, err = run(capsys, annual_pdf)
    assert code == 0, err
    assert err == ""
    rows = out.splitlines()
    assert rows[0].split()[:2] == ["id", "text"]
    header = next(row for row in rows if HEADER in row)
    assert re.search(r"\b1-6\b", header) and "on 6 of 6 pages" in header and "header" in header
    assert "removed" in header
    footer = next(row for row in rows if "Page 1 of 6" in row)
    assert "on 6 of 6 pages" in footer and "page-number" in footer and "removed" in footer
    assert re.fullmatch(r"annual\.pdf: 6 pages, \d+ repeated groups?, \d+ removed: 12 of \d+ lines, "
                        r"\d+ of \d+ characters \(\d+\.\d%\)", rows[-1]), rows[-1]


def test_no_repeated_lines_says_so(capsys, tmp_path):
    path = tmp_path / "single.pdf"
    pdfs.make_pdf(path, [[pdfs.Text(line, 72, 100 + 18 * i) for i, line in enumerate(pdfs.body(1))]])
    code, out, _ = run(capsys, path)
    assert code == 0
    assert out.splitlines()[0] == "No repeated lines found."
    assert out.splitlines()[1].startswith("single.pdf: 1 page, 0 repeated groups, 0 removed")


def test_output_writes_cleaned_text(capsys, annual_pdf, tmp_path):
    target = tmp_path / "clean.txt"
    code, out, _ = run(capsys, annual_pdf, "-o", target)
    assert code == 0
    assert target.read_text(encoding="utf-8") == expected_clean()
    assert HEADER in out  # the table is still shown when the text goes to a file


def test_output_dash_writes_only_the_text_to_stdout(capsys, annual_pdf):
    code, out, err = run(capsys, annual_pdf, "-o", "-")
    assert code == 0, err
    assert out == expected_clean()


def test_json_report_lists_removed_lines_with_page_and_text(capsys, annual_pdf, tmp_path):
    target = tmp_path / "report.json"
    code, _, _ = run(capsys, annual_pdf, "--json", target)
    assert code == 0
    report = json.loads(target.read_text(encoding="utf-8"))
    assert report["file"] == "annual.pdf"
    assert {(row["page"], row["text"]) for row in report["removed"]} == furniture()
    assert [g["id"] for g in report["groups"]] == list(range(len(report["groups"])))
    assert report["summary"]["pages"] == 6


def test_removed_jsonl_has_one_row_per_removed_line(capsys, annual_pdf, tmp_path):
    target = tmp_path / "removed.jsonl"
    assert run(capsys, annual_pdf, "--removed", target)[0] == 0
    rows = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert {(row["page"], row["text"]) for row in rows} == furniture()
    assert len(rows) == 12
    assert all(row["kind"] and row["reason"] and len(row["box"]) == 4 for row in rows)


def test_pages_jsonl_has_the_cleaned_text_of_each_page(capsys, annual_pdf, tmp_path):
    target = tmp_path / "pages.jsonl"
    assert run(capsys, annual_pdf, "--pages", target)[0] == 0
    rows = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert rows == [{"page": n, "text": "\n".join(pdfs.body(n))} for n in range(1, 7)]


def test_all_outputs_at_once_match_the_library(capsys, annual_pdf, tmp_path):
    names = {"-o": "c.txt", "--json": "r.json", "--removed": "x.jsonl", "--pages": "p.jsonl"}
    argv = [annual_pdf] + [item for flag, name in names.items() for item in (flag, tmp_path / name)]
    assert run(capsys, *argv)[0] == 0
    report = analyze(annual_pdf)
    assert (tmp_path / "c.txt").read_text(encoding="utf-8") == report.cleaned_text()
    assert (tmp_path / "r.json").read_text(encoding="utf-8") == report.to_json()
    assert (tmp_path / "x.jsonl").read_text(encoding="utf-8") == report.removed_jsonl()
    assert (tmp_path / "p.jsonl").read_text(encoding="utf-8") == report.pages_jsonl()


# -- overriding decisions ------------------------------------------------------------------------------


def test_keep_puts_a_removed_group_back(capsys, annual_pdf, tmp_path):
    run(capsys, annual_pdf, "--json", tmp_path / "before.json")
    header = group_id(groups_of(tmp_path / "before.json"), HEADER)
    code, _, err = run(capsys, annual_pdf, "--keep", header, "-o", tmp_path / "clean.txt",
                       "--json", tmp_path / "after.json")
    assert code == 0, err
    pages = (tmp_path / "clean.txt").read_text(encoding="utf-8").rstrip("\n").split("\n\n")
    assert [page.splitlines()[0] for page in pages] == [HEADER] * 6
    assert not any("Page 1 of 6" in page for page in pages)
    after = groups_of(tmp_path / "after.json")[header]
    assert after["remove"] is False and after["decided_by"] == "user"
    # Same result as the web page's switch, which calls Report.choose.
    expected = analyze(annual_pdf).choose(keep=[header])
    assert (tmp_path / "after.json").read_text(encoding="utf-8") == expected.to_json()


def test_table_labels_are_kept_and_the_folio_removed(capsys, table_pdf):
    code, out, _ = run(capsys, table_pdf, "-o", "-")
    assert code == 0
    pages = out.rstrip("\n").split("\n\n")
    assert len(pages) == 5
    assert [page.splitlines()[0] for page in pages] == [pdfs.table_label(n) for n in range(1, 6)]
    assert [page.splitlines()[-1] for page in pages] == [pdfs.body(n)[-1] for n in range(1, 6)]


def test_remove_takes_out_a_kept_group(capsys, table_pdf, tmp_path):
    run(capsys, table_pdf, "--json", tmp_path / "r.json")
    groups = groups_of(tmp_path / "r.json")
    label = next(g for g in groups if g["text"].startswith("Table A-"))
    assert label["remove"] is False
    code, out, _ = run(capsys, table_pdf, "--remove", label["id"], "-o", "-")
    assert code == 0
    assert "Table A-" not in out
    assert pdfs.body(3)[0] in out


@pytest.mark.parametrize("argv, needle", [
    (["--keep", "0", "--remove", "0"], "cannot be both kept"),
    (["--keep", "99"], "there is no group 99"),
    (["--remove", "-1"], "0 or more"),
    (["--keep", "two"], "whole number"),
])
def test_bad_group_ids_are_usage_errors(capsys, annual_pdf, argv, needle):
    code, _out, err = run(capsys, annual_pdf, *argv)
    assert code == 2
    assert needle in err
    assert "Traceback" not in err


def test_keep_line_puts_one_line_back_with_the_bytes_the_library_gives(capsys, annual_pdf, tmp_path):
    report = analyze(annual_pdf)
    header = next(g for g in report.groups if g.text == HEADER)
    page, index = header.members[2]
    out = tmp_path / "out"
    code, _, err = run(capsys, annual_pdf, "--keep-line", f"{page}:{index}", "-o", out / "c.txt",
                       "--json", out / "r.json", "--removed", out / "x.jsonl", "--pages", out / "p.jsonl")
    assert code == 0, err
    chosen = report.choose(keep_lines=[(page, index)])
    assert (out / "c.txt").read_text(encoding="utf-8") == chosen.cleaned_text()
    assert (out / "r.json").read_text(encoding="utf-8") == chosen.to_json()
    assert (out / "x.jsonl").read_text(encoding="utf-8") == chosen.removed_jsonl()
    assert (out / "p.jsonl").read_text(encoding="utf-8") == chosen.pages_jsonl()
    texts = (out / "c.txt").read_text(encoding="utf-8").rstrip("\n").split("\n\n")
    assert [n + 1 for n, text in enumerate(texts) if HEADER in text] == [page]


def test_remove_line_takes_out_one_body_line_and_explain_says_so(capsys, annual_pdf, tmp_path):
    line = pdfs.body(3)[1]
    index = [line.text for line in analyze(annual_pdf).pages[2].lines].index(line)
    code, out, _ = run(capsys, annual_pdf, "--remove-line", f"3:{index}", "-o", "-")
    assert code == 0 and line not in out and pdfs.body(3)[0] in out
    code, out, _ = run(capsys, annual_pdf, "--remove-line", f"3:{index}", "--explain", "3")
    row = next(row for row in out.splitlines() if line[:30] in row)
    assert row.endswith("removed by you, this line only (it is in no group)")


def test_the_command_line_a_report_shows_gives_its_outputs(capsys, annual_pdf, tmp_path):
    import shlex

    from pagefurniture.choices import command

    report = analyze(annual_pdf)
    header = next(g for g in report.groups if g.text == HEADER)
    chosen = report.choose(keep=[header.id], remove_lines=[(2, 3)], keep_lines=[(4, 0)]).choose(remove_lines=[(4, 0)])
    shown = command(chosen, str(annual_pdf))
    assert shown.endswith(f"--keep {header.id} --remove-line 2:3 --remove-line 4:0")
    argv = shlex.split(shown)
    assert argv[0] == "pagefurniture"
    assert run(capsys, *argv[1:], "--json", tmp_path / "r.json")[0] == 0
    assert (tmp_path / "r.json").read_text(encoding="utf-8") == chosen.to_json()


@pytest.mark.parametrize("argv, needle", [
    (["--keep-line", "2:0", "--remove-line", "2:0"], "line 2:0 cannot be both kept (--keep-line) and removed"),
    (["--keep-line", "12"], "a line is PAGE:INDEX (for example 12:3), not '12'"),
    (["--keep-line", "0:1"], "a page number is 1 or more"),
    (["--remove-line", "2:x"], "a line's index on its page is a whole number"),
    (["--keep-line", "9:0"], "there is no page 9; the document has 6 pages"),
    (["--remove-line", "2:99"], "page 2 has no line 99"),
])
def test_bad_lines_are_usage_errors(capsys, annual_pdf, argv, needle):
    code, out, err = run(capsys, annual_pdf, *argv)
    assert code == 2, err
    assert needle in err and "Traceback" not in err and out == ""


def test_line_choices_are_for_one_file(capsys, annual_pdf, table_pdf, tmp_path):
    code, _, err = run(capsys, annual_pdf, table_pdf, "--out-dir", tmp_path / "out", "--keep-line", "1:0")
    assert code == 2 and "give a single PDF" in err
    code, _, err = run(capsys, annual_pdf, "--out-dir", tmp_path / "one", "--remove-line", "1:0")
    assert code == 0, err
    assert (tmp_path / "one" / "annual.clean.txt").read_text(encoding="utf-8") == \
        analyze(annual_pdf).choose(remove_lines=[(1, 0)]).cleaned_text()


# -- passwords and bad input ---------------------------------------------------------------------------------


def test_password_opens_an_encrypted_pdf(capsys, encrypted_pdf):
    code, out, err = run(capsys, encrypted_pdf, "--password", pdfs.PASSWORD, "-o", "-")
    assert code == 0, err
    assert out == expected_clean()


@pytest.mark.parametrize("argv, needle", [
    ([], "protected by a password"),
    (["--password", "wrong"], "password is not right"),
])
def test_password_errors(capsys, encrypted_pdf, argv, needle):
    code, out, err = run(capsys, encrypted_pdf, *argv)
    assert code == 1
    assert out == ""
    assert_one_error(err, needle)
    assert "--password PW" in err  # the library's message cannot name the option; the command line does


def test_a_batch_names_the_password_option_for_a_protected_file(capsys, tmp_path, encrypted_pdf):
    code, _, err = run(capsys, str(encrypted_pdf), "--out-dir", str(tmp_path / "out"),
                       "--manifest", str(tmp_path / "m.jsonl"))
    assert code == 1
    assert "give it with --password PW" in err
    assert "give it with --password PW" in json.loads((tmp_path / "m.jsonl").read_text().splitlines()[0])["error"]


@pytest.mark.parametrize("make, needle", [
    (pdfs.not_a_pdf, "not a PDF"),
    (pdfs.damaged, "damaged"),
    (pdfs.image_only, "no page of this PDF has a text layer"),
    (lambda path: path.write_bytes(b""), "empty"),
])
def test_bad_input_is_one_line_and_exit_1(capsys, tmp_path, make, needle):
    path = tmp_path / "input.pdf"
    make(path)
    code, out, err = run(capsys, path, "-o", tmp_path / "clean.txt")
    assert code == 1
    assert out == ""
    assert_one_error(err, needle)
    assert not (tmp_path / "clean.txt").exists()


def test_cut_off_file_gives_what_can_be_read_and_names_the_missing_pages(capsys, tmp_path):
    path = tmp_path / "cut.pdf"
    pdfs.truncated(path)
    code, _out, err = run(capsys, path, "--pages", tmp_path / "pages.jsonl")
    assert code == 3, err  # EXIT_PARTIAL: what could be read is cleaned, and the status says it is not all
    cut, *warnings = err.strip().splitlines()
    assert cut == f"warning: the file is cut off after {path.stat().st_size:,} bytes"
    assert warnings and all(re.match(r"warning: page \d could not be read", line) for line in warnings), err
    rows = [json.loads(line) for line in (tmp_path / "pages.jsonl").read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 6
    assert rows[0]["text"].startswith(pdfs.body(1)[0])  # what was read is kept
    warned = {int(re.match(r"warning: page (\d+)", line).group(1)) for line in warnings}
    assert warned == {row["page"] for row in rows if not row["text"]} == {row["page"] for row in rows if "error" in row}


def test_missing_file(capsys, tmp_path):
    code, _out, err = run(capsys, tmp_path / "nothing.pdf")
    assert code == 1
    assert_one_error(err, "nothing.pdf", "does not exist")


def test_unwritable_output(capsys, annual_pdf, tmp_path):
    (tmp_path / "file").write_text("x")
    code, _, err = run(capsys, annual_pdf, "-o", tmp_path / "file" / "clean.txt")
    assert code == 1
    assert_one_error(err, "cannot write")


def test_unexpected_failure_is_one_line(capsys, annual_pdf, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("pagefurniture.batch.analyze", broken)
    code, _, err = run(capsys, annual_pdf)
    assert code == 1
    assert_one_error(err, "unexpected failure on", "annual.pdf", "RuntimeError: boom")


@pytest.mark.parametrize("argv", [
    [],
    ["--no-such-option", "x.pdf"],
    ["a.pdf", "b.pdf"],
    ["x.pdf", "--jobs", "0"],
    ["x.pdf", "-o", "-", "--json", "-"],
])
def test_usage_errors_exit_2(capsys, argv):
    code, _out, err = run(capsys, *argv)
    assert code == 2
    assert "error:" in err and "Traceback" not in err


def test_refuses_to_overwrite_the_input(capsys, annual_pdf):
    before = annual_pdf.read_bytes()
    code, _, err = run(capsys, annual_pdf, "-o", annual_pdf)
    assert code == 2
    assert "is the input PDF" in err
    assert annual_pdf.read_bytes() == before


def test_folder_without_out_dir_is_a_usage_error(capsys, tmp_path):
    code, _, err = run(capsys, tmp_path)
    assert code == 2
    assert "--out-dir" in err


def test_version(capsys):
    code, out, _ = run(capsys, "--version")
    assert code == 0
    assert re.fullmatch(r"pagefurniture \d+\.\d+\.\d+\S*\n", out)


# -- the cleaned PDF -----------------------------------------------------------------------------------------


def test_pdf_writes_the_cleaned_pdf_the_library_gives(capsys, annual_pdf, tmp_path):
    code, out, _ = run(capsys, annual_pdf, "--pdf", tmp_path / "clean.pdf", "-o", tmp_path / "clean.txt")
    assert code == 0 and "Annual Report 2025" in out  # the table is still shown
    written = (tmp_path / "clean.pdf").read_bytes()
    assert written == analyze(annual_pdf).cleaned_pdf(annual_pdf)
    assert analyze(written).cleaned_text() == (tmp_path / "clean.txt").read_text(encoding="utf-8")


def test_pdf_takes_the_choices_as_the_text_does(capsys, annual_pdf, tmp_path):
    report = analyze(annual_pdf)
    header = next(g.id for g in report.groups if g.text == HEADER)
    assert run(capsys, annual_pdf, "--keep", header, "--keep-line", "2:0", "--pdf", tmp_path / "a.pdf")[0] == 0
    chosen = report.choose(keep=[header], keep_lines=[(2, 0)])
    assert (tmp_path / "a.pdf").read_bytes() == chosen.cleaned_pdf(annual_pdf)
    assert HEADER in [line.text for line in analyze(tmp_path / "a.pdf").pages[0].lines]  # the group kept


def test_pdf_dash_writes_only_the_pdf_to_stdout(capsysbinary, annual_pdf):
    from pagefurniture.cli import main

    assert main([str(annual_pdf), "--pdf", "-"]) == 0
    out, _ = capsysbinary.readouterr()
    assert out == analyze(annual_pdf).cleaned_pdf(annual_pdf)


def test_a_pdf_that_cannot_be_cleaned_is_one_error_and_exit_1(capsys, annual_pdf, tmp_path, monkeypatch):
    from pagefurniture.errors import NotCleaned
    from pagefurniture.report import Report

    def refuse(self, pdf, **_):
        raise NotCleaned("no cleaned PDF can be made of annual.pdf: page 2 draws its text in a way the cleaned PDF "
                         "cannot rewrite (a PostScript procedure); its cleaned text and the other outputs can still "
                         "be made")

    monkeypatch.setattr(Report, "cleaned_pdf", refuse)
    code, _, err = run(capsys, annual_pdf, "-o", tmp_path / "clean.txt", "--pdf", tmp_path / "clean.pdf")
    assert code == 1
    assert_one_error(err, "no cleaned PDF can be made of annual.pdf: page 2")
    assert (tmp_path / "clean.txt").exists() and not (tmp_path / "clean.pdf").exists()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []  # no part file left


@pytest.mark.parametrize(("argv", "needle"), [
    (["--clean-pdf"], "--clean-pdf is for a batch, with --out-dir; for one file write it with --pdf FILE"),
    (["--pdf", "-", "-o", "-"], "only one output can go to stdout"),
])
def test_pdf_usage_errors(capsys, annual_pdf, argv, needle):
    code, _, err = run(capsys, annual_pdf, *argv)
    assert code == 2 and needle in err


def test_pdf_refuses_to_overwrite_the_input(capsys, annual_pdf):
    code, _, err = run(capsys, annual_pdf, "--pdf", annual_pdf)
    assert code == 2 and "is the input PDF" in err


# -- many files ---------------------------------------------------------------------------------------------


@pytest.fixture
def batch(tmp_path: Path) -> Path:
    """A folder with two good PDFs (one in a subfolder), a text file named .pdf and a non-PDF file."""
    folder = tmp_path / "in"
    (folder / "sub").mkdir(parents=True)
    pdfs.annual_report(folder / "annual.pdf")
    pdfs.table_labels(folder / "sub" / "tables.PDF")
    pdfs.not_a_pdf(folder / "notes.pdf")
    (folder / "readme.txt").write_text("not picked up")
    return folder


OUTPUT_SUFFIXES = (".clean.txt", ".report.json", ".removed.jsonl", ".pages.jsonl")


def test_batch_writes_four_outputs_per_file_and_goes_on_after_failures(capsys, batch, tmp_path):
    out_dir = tmp_path / "out"
    code, out, err = run(capsys, batch, tmp_path / "missing.pdf", "--out-dir", out_dir)
    assert code == 1
    assert out.splitlines()[-1] == "4 files: 2 complete, 0 partial, 2 failed"
    errors = err.strip().splitlines()
    assert len(errors) == 2 and all(line.startswith("error: ") for line in errors), err
    assert any("notes.pdf" in line and "not a PDF" in line for line in errors)
    assert any("missing.pdf" in line and "does not exist" in line for line in errors)
    written = sorted(str(p.relative_to(out_dir)) for p in out_dir.rglob("*") if p.is_file())
    assert written == sorted([f"annual{s}" for s in OUTPUT_SUFFIXES] + [f"sub/tables{s}" for s in OUTPUT_SUFFIXES])
    report = analyze(batch / "annual.pdf")
    assert (out_dir / "annual.clean.txt").read_text(encoding="utf-8") == expected_clean()
    assert (out_dir / "annual.report.json").read_text(encoding="utf-8") == report.to_json()
    assert (out_dir / "annual.removed.jsonl").read_text(encoding="utf-8") == report.removed_jsonl()
    assert (out_dir / "annual.pages.jsonl").read_text(encoding="utf-8") == report.pages_jsonl()


def test_batch_all_good_exits_0(capsys, annual_pdf, table_pdf, tmp_path):
    code, out, err = run(capsys, annual_pdf, table_pdf, "--out-dir", tmp_path / "out")
    assert code == 0, err
    assert out == "2 files: 2 complete, 0 partial, 0 failed\n"
    assert err == ""  # no progress: stderr is not a terminal and --progress was not given


def test_jobs_2_gives_the_same_files_as_jobs_1(capsys, batch, tmp_path):
    one, two = tmp_path / "one", tmp_path / "two"
    assert run(capsys, batch, "--out-dir", one)[0] == 1
    code, out, err = run(capsys, batch, "--out-dir", two, "--jobs", "2")
    assert code == 1
    assert out.splitlines()[-1] == "3 files: 2 complete, 0 partial, 1 failed"
    assert len(err.strip().splitlines()) == 1 and "notes.pdf" in err
    files = sorted(p.relative_to(one) for p in one.rglob("*") if p.is_file())
    assert len(files) == 8
    assert files == sorted(p.relative_to(two) for p in two.rglob("*") if p.is_file())
    for rel in files:
        assert (one / rel).read_bytes() == (two / rel).read_bytes(), rel


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_progress_per_page_and_per_file(capsys, annual_pdf, table_pdf, tmp_path, jobs):
    code, _out, err = run(capsys, annual_pdf, table_pdf, "--out-dir", tmp_path / "out", "--progress", "--jobs", jobs)
    assert code == 0
    assert re.search(r"annual\.pdf: page \d of 6", err) or re.search(r"tables\.pdf: page \d of 5", err), err
    assert re.search(r"^\[1/2\] .*(annual|tables)\.pdf: \d pages", err, re.M), err
    assert re.search(r"^\[2/2\] ", err, re.M), err
    if jobs == "1":  # in one process every page is reported
        assert all(f"annual.pdf: page {n} of 6" in err for n in range(1, 7)), err


def test_single_file_progress(capsys, annual_pdf):
    code, _, err = run(capsys, annual_pdf, "--progress")
    assert code == 0
    assert [line.split(": ", 1)[1] for line in err.splitlines()] == [f"page {n} of 6" for n in range(1, 7)]


def test_batch_with_one_file_takes_keep(capsys, annual_pdf, tmp_path):
    run(capsys, annual_pdf, "--json", tmp_path / "r.json")
    header = group_id(groups_of(tmp_path / "r.json"), HEADER)
    assert run(capsys, annual_pdf, "--out-dir", tmp_path / "out", "--keep", header)[0] == 0
    assert (tmp_path / "out" / "annual.clean.txt").read_text(encoding="utf-8").startswith(HEADER + "\n")


@pytest.mark.parametrize("extra, needle", [
    (["--keep", "0"], "single PDF"),
    (["-o", "x.txt"], "for one file"),
    (["--pdf", "x.pdf"], "--pages and --pdf are for one file; with --out-dir every file gets every output (and its "
                         "cleaned PDF with --clean-pdf)"),
])
def test_batch_usage_errors(capsys, batch, tmp_path, extra, needle):
    code, _, err = run(capsys, batch, "--out-dir", tmp_path / "out", *extra)
    assert code == 2
    assert needle in err


def test_batch_refuses_two_inputs_with_the_same_outputs(capsys, tmp_path):
    for folder in ("a", "b"):
        (tmp_path / folder).mkdir()
        pdfs.annual_report(tmp_path / folder / "x.pdf")
    code, _, err = run(capsys, tmp_path / "a" / "x.pdf", tmp_path / "b" / "x.pdf", "--out-dir", tmp_path / "out")
    assert code == 2
    assert "same outputs" in err


def test_empty_folder(capsys, tmp_path):
    (tmp_path / "empty").mkdir()
    code, _, err = run(capsys, tmp_path / "empty", "--out-dir", tmp_path / "out")
    assert code == 2
    assert "no PDF files" in err


# -- as a program ---------------------------------------------------------------------------------------------


def test_python_m_pagefurniture(tmp_path):
    pdfs.not_a_pdf(tmp_path / "notes.pdf")
    pdfs.annual_report(tmp_path / "annual.pdf")
    bad = subprocess.run([sys.executable, "-m", "pagefurniture", tmp_path / "notes.pdf"], capture_output=True,
                         text=True, timeout=120)
    assert bad.returncode == 1
    assert bad.stdout == ""
    assert bad.stderr.startswith("error: this is not a PDF") and bad.stderr.count("\n") == 1
    good = subprocess.run([sys.executable, "-m", "pagefurniture", tmp_path / "annual.pdf", "-o", "-"],
                          capture_output=True, text=True, timeout=120)
    assert good.returncode == 0, good.stderr
    assert good.stdout == expected_clean()


@pytest.mark.slow
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_a_batch_at_once_without_a_traceback(tmp_path, jobs):
    import os
    import signal
    import time

    folder = tmp_path / "in"
    folder.mkdir()
    for i in range(4):
        pdfs.annual_report(folder / f"long{i}.pdf", pages=300)
    proc = subprocess.Popen([sys.executable, "-m", "pagefurniture", folder, "--out-dir", tmp_path / "out",
                             "--jobs", jobs, "--progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True,
                            # A shell starts a background job with SIGINT ignored, and Python keeps that; the
                            # program is tested as started from a terminal, whatever ran the tests.
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        first = proc.stderr.readline()  # the first page is read: the workers are running
        assert re.search(r": page \d+ of 300$", first), first
        start = time.monotonic()
        os.killpg(proc.pid, signal.SIGINT)  # what a terminal does on Ctrl-C: the whole process group
        _out, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert time.monotonic() - start < 10
    assert proc.returncode == 130  # cli.EXIT_INTERRUPTED, what shells report for SIGINT
    assert "Traceback" not in err
    assert err.rstrip().splitlines()[-1] == ("error: interrupted after 0 of 4 files; the outputs written are "
                                             "complete; run the same command with --skip-existing to do the rest")
    assert not (tmp_path / "out" / "long3.clean.txt").exists()
    assert not list((tmp_path / "out").rglob("*.part"))  # no half-written output left behind


class _Terminal:
    """A stderr that says it is a terminal and keeps what was written."""

    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> int:
        self.text += text
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


def test_progress_rewrites_one_line_on_a_terminal():
    from pagefurniture.cli import Status

    term = _Terminal()
    status = Status(term, enabled=True)
    status.page("a.pdf", 1, 2)
    status.page("a.pdf", 2, 2)
    status.file(1, 1, "a.pdf", "2 pages")
    # Page lines are rewritten in place (\r, no newline); the file line wipes the last one and stays.
    wipe = "\r" + " " * len("a.pdf: page 1 of 2") + "\r"
    assert term.text == "a.pdf: page 1 of 2" + wipe + "a.pdf: page 2 of 2" + wipe + "[1/1] a.pdf: 2 pages\n"


def test_progress_is_on_by_default_when_stderr_is_a_terminal(capsys, annual_pdf, monkeypatch):
    monkeypatch.setattr("pagefurniture.batch._isatty", lambda stream: True)
    code, out, err = run(capsys, annual_pdf, "-o", "-")
    assert code == 0
    assert out == expected_clean()
    assert "annual.pdf: page 6 of 6" in err and "\r" in err and "\n" not in err
    assert err.endswith("\r")  # the progress line is wiped before the command ends


def test_console_script(tmp_path):
    # The script installed beside this Python, not whichever one comes first on PATH.
    script = Path(sys.executable).parent / "pagefurniture"
    if not script.is_file():
        pytest.skip(f"the pagefurniture command is not installed beside {sys.executable} (pip install -e ./py)")
    pdfs.annual_report(tmp_path / "annual.pdf")
    result = subprocess.run([script, tmp_path / "annual.pdf", "-o", "-"], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout == expected_clean()
    missing = subprocess.run([script, tmp_path / "none.pdf"], capture_output=True, text=True, timeout=120)
    assert missing.returncode == 1
    assert missing.stderr.startswith("error: ") and missing.stderr.count("\n") == 1


# -- one page's evidence -------------------------------------------------------------------------------------


def test_explain_prints_every_line_of_the_page_with_its_evidence_and_decision(capsys, annual_pdf):
    code, out, err = run(capsys, annual_pdf, "--explain", "2")
    assert code == 0, err
    head, columns, *rows = out.splitlines()
    assert head.startswith("page 2 of 6, 612 x 792 pt; text block x ")
    assert columns.split()[:2] == ["#", "box"]
    report = analyze(annual_pdf)
    assert len(rows) == len(report.pages[1].lines)
    by_text = {line.text: row for line, row in zip(report.pages[1].lines, rows, strict=False)}
    header, footer = by_text[HEADER], by_text[pdfs.annual_footer(2)]
    assert " top " in header and " outside " in header and "removed: at the top of 6 of 6 pages" in header
    assert " bottom " in footer and "removed: a page number" in footer
    body = by_text[pdfs.body(2)[3]]
    assert " inside " in body and body.endswith("kept: in no group")


def test_explain_shows_the_choices_made_on_the_command_line(capsys, annual_pdf):
    groups = analyze(annual_pdf).groups
    header = next(g.id for g in groups if g.text == HEADER)
    code, out, _ = run(capsys, annual_pdf, "--explain", "1", "--keep", str(header))
    assert code == 0
    row = next(row for row in out.splitlines() if HEADER in row)
    assert "kept by you (the detector had removed it: at the top of 6 of 6 pages" in row


@pytest.mark.parametrize("argv, message", [
    (["--explain", "7"], "there is no page 7"),
    (["--explain", "0"], "a page number is 1 or more"),
    (["--explain", "2", "-o", "-"], "--explain prints to stdout"),
])
def test_explain_refuses_what_it_cannot_show(capsys, annual_pdf, argv, message):
    code, out, err = run(capsys, annual_pdf, *argv)
    assert code == 2 and message in err and out == ""


def test_explain_is_for_one_file(capsys, annual_pdf, tmp_path):
    code, _, err = run(capsys, annual_pdf, "--explain", "1", "--out-dir", str(tmp_path / "out"))
    assert code == 2 and "--explain shows one page of one file" in err
