"""The command line: ``pagefurniture FILE.pdf`` shows what repeats and what goes; options write the outputs.

One file::

    pagefurniture report.pdf                         # table of repeated lines + one summary line
    pagefurniture report.pdf -o clean.txt --json report.json --removed removed.jsonl --pages pages.jsonl
    pagefurniture report.pdf --keep 3 -o -           # overrule group 3, cleaned text to stdout
    pagefurniture report.pdf --keep-line 12:3 -o -   # put back line 3 of page 12 alone
    pagefurniture report.pdf --pdf clean.pdf         # the PDF itself, without the removed lines

    curl -s https://example.org/a.pdf | pagefurniture - -o -     # the PDF from stdin, the text to stdout

Many files (folders are searched for ``*.pdf``)::

    pagefurniture docs/ extra.pdf --out-dir out/ --jobs 2
    pagefurniture docs/ --out-dir out/ --skip-existing --manifest out/manifest.jsonl   # resumable
    pagefurniture docs/ --out-dir out/ --clean-pdf    # each NAME.clean.pdf too

Every output is written under a temporary name beside it and renamed when complete, so a run that is
killed leaves each output either whole or absent, and ``--skip-existing`` can take over from it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from . import DEFAULT_LIMITS, batch
from ._version import __version__
from .batch import (
    ALL_OUTPUTS,
    EXIT_FAILED,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_PARTIAL,
    EXIT_USAGE,
    STDIN,
    STDIN_NAME,
    Choices,
    Status,
    UsageError,
    _analyze,
    _choose,
    _unexpected,
    _warnings,
    run_batch,
    said,
    summary_line,
    write_file,
    write_text,
)
from .choices import OPTIONS as CHOICE_OPTIONS
from .detect import explain
from .errors import PageFurnitureError
from .manifest import Done
from .report import CLEANED_PDF, OUTPUTS, LineKey, Report

# The option that writes each output of one file (by its name in report.OUTPUTS), and what it says.
OPTIONS: dict[str, tuple[tuple[str, ...], str]] = {
    "clean": (("-o", "--output"), "write the cleaned text to FILE ('-' for stdout)"),
    "report": (("--json",), "write the full report as JSON ('-' for stdout)"),
    "removed": (("--removed",), "write one JSON line per removed line ('-' for stdout)"),
    "pages": (("--pages",), "write one JSON line per page of cleaned text ('-' for stdout)"),
    "pdf": (("--pdf",), "write the cleaned PDF to FILE: the PDF without the removed lines ('-' for stdout)"),
}

# -- arguments -----------------------------------------------------------------------------------------


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pagefurniture",
        description="Find the running headers, footers and page numbers in PDFs and take them out of the text.",
        epilog="With one file, prints the repeated lines (groups) found and the decision for each; the id in "
               "the first column is what --keep and --remove take (also \"id\" in the JSON report's groups). "
               "A line is PAGE:INDEX, its page (from 1) and its place on the page (from 0), as --explain's "
               "# column, removed.jsonl's page and index and the JSON groups' \"lines\" give it. "
               f"Exit status: {EXIT_OK} done, {EXIT_FAILED} a file could not be read, {EXIT_USAGE} a wrong command "
               f"line, {EXIT_PARTIAL} done with what could be read (some text of a file could not be read: the "
               f"warnings and the report's summary say what), {EXIT_INTERRUPTED} stopped by Ctrl-C.",
    )
    parser.add_argument("inputs", nargs="+", metavar="PDF",
                        help="PDF files, or folders to search for *.pdf; - reads one PDF from stdin")
    one = parser.add_argument_group("one file")
    for output in ALL_OUTPUTS:
        flags, text = OPTIONS[output.name]
        one.add_argument(*flags, dest=output.name, metavar="FILE", help=text)
    one.add_argument(CHOICE_OPTIONS["keep"], metavar="ID", type=_group_id, action="append", default=[], dest="keep",
                     help="keep the lines of group ID in the text (repeatable)")
    one.add_argument(CHOICE_OPTIONS["remove"], metavar="ID", type=_group_id, action="append", default=[], dest="remove",
                     help="remove the lines of group ID from the text (repeatable)")
    one.add_argument(CHOICE_OPTIONS["keep_lines"], metavar="PAGE:INDEX", type=_line_key, action="append", default=[],
                     dest="keep_lines", help="keep this one line in the text, whatever its group (repeatable)")
    one.add_argument(CHOICE_OPTIONS["remove_lines"], metavar="PAGE:INDEX", type=_line_key, action="append", default=[],
                     dest="remove_lines", help="remove this one line from the text, whatever its group (repeatable)")
    one.add_argument("--explain", metavar="N", type=_page, default=None,
                     help="instead of the groups, print every line of page N with its box, its place against "
                          "the text block, its furniture slot and group, and the decision")
    many = parser.add_argument_group("many files")
    many.add_argument("--out-dir", metavar="DIR", type=Path,
                      help="for each NAME.pdf write " + ", ".join(f"NAME.{o.suffix}" for o in OUTPUTS) + " into DIR")
    many.add_argument("--clean-pdf", action="store_true",
                      help=f"also write NAME.{CLEANED_PDF.suffix}, the PDF without the removed lines")
    many.add_argument("-j", "--jobs", metavar="N", type=_positive, default=1,
                      help="read N files at a time in separate processes (default 1)")
    many.add_argument("--skip-existing", action="store_true",
                      help="leave out files whose outputs are all there and not older than the PDF "
                           "(to resume a run that stopped; the options they were made with are not checked)")
    many.add_argument("--manifest", metavar="FILE", type=Path,
                      help="append one JSON line per file to FILE as each finishes: file, pages, removed_lines, "
                           f"clean_pdf (with --clean-pdf), status ({', '.join(Done)}), error, seconds")
    parser.add_argument("--password", metavar="PW", help="password to open encrypted PDFs")
    parser.add_argument("--progress", action="store_true",
                        help="report progress on stderr even when it is not a terminal")
    parser.add_argument("-V", "--version", action="version", version=f"pagefurniture {__version__}")
    return parser


def _whole(minimum: int, prefix: str) -> Callable[[str], int]:
    """An argparse type for a whole number of at least ``minimum``; messages start with ``prefix``."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{prefix} a whole number, not {text!r}") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{prefix} {minimum} or more, not {value}")
        return value

    return parse


_group_id = _whole(0, "a group id is")
_positive = _whole(1, "expected")
_page = _whole(1, "a page number is")
_index = _whole(0, "a line's index on its page is")



def _line_key(text: str) -> LineKey:
    """PAGE:INDEX, e.g. 12:3: line 3 (counted from 0, as --explain numbers them) of page 12."""
    page, colon, index = text.partition(":")
    if not colon:
        raise argparse.ArgumentTypeError(f"a line is PAGE:INDEX (for example 12:3), not {text!r}")
    return _page(page), _index(index)


def check_batch(args: argparse.Namespace) -> None:
    """Refuse the options that name one file's outputs in a batch (UsageError)."""
    if any(getattr(args, output.name) is not None for output in ALL_OUTPUTS):
        flags = [OPTIONS[output.name][0][0] for output in ALL_OUTPUTS]
        raise UsageError(f"{', '.join(flags[:-1])} and {flags[-1]} are for one file; "
                         "with --out-dir every file gets every output (and its cleaned PDF with --clean-pdf)")
    if args.explain is not None:
        raise UsageError("--explain shows one page of one file; give a single PDF and no --out-dir")
    if STDIN in args.inputs:
        raise UsageError("- reads one PDF from stdin; give it alone, without --out-dir, and write its outputs "
                         "with -o, --json, --removed, --pages or --pdf")


# -- one file ---------------------------------------------------------------------------------------------


def run_one(args: argparse.Namespace, status: Status) -> int:
    path = Path(args.inputs[0])
    if args.skip_existing or args.manifest is not None:
        raise UsageError("--skip-existing and --manifest are for a batch; give --out-dir DIR")
    if path.is_dir():
        raise UsageError(f"{path} is a folder; give --out-dir DIR to write the outputs of every PDF in it")
    if args.clean_pdf:
        raise UsageError("--clean-pdf is for a batch, with --out-dir; for one file write it with --pdf FILE")
    targets = {output.name: getattr(args, output.name) for output in ALL_OUTPUTS}
    to_stdout = [name for name, target in targets.items() if target == "-"]
    if len(to_stdout) > 1:
        raise UsageError("only one output can go to stdout ('-')")
    for target in targets.values():
        if target not in (None, "-") and path.exists() and Path(target).resolve() == path.resolve():
            raise UsageError(f"{target} is the input PDF; choose another name so the PDF is not overwritten")
    if args.explain is not None and to_stdout:
        raise UsageError("--explain prints to stdout; write the other output to a file")
    label = STDIN_NAME if args.inputs[0] == STDIN else str(path)
    source: Path | bytes = _stdin() if args.inputs[0] == STDIN else path
    report = _analyze(source, args.password, lambda done, total: status.page(label, done, total))
    status.clear()
    report = _choose(report, Choices.of(args))
    if args.explain is not None and args.explain > len(report.pages):
        raise UsageError(f"there is no page {args.explain}: {path} has {len(report.pages)} "
                         f"page{'s' if len(report.pages) != 1 else ''}")
    for warning in _warnings(report):
        print(f"warning: {warning}", file=sys.stderr)
    for output in OUTPUTS:
        target = targets[output.name]
        if target is None:
            continue
        text = output.make(report)
        if target == "-":
            sys.stdout.write(text)
        else:
            write_text(Path(target), text)
    target = targets[CLEANED_PDF.name]
    if target is not None:
        pdf = report.cleaned_pdf(source, password=args.password)
        if target == "-":
            sys.stdout.flush()
            sys.stdout.buffer.write(pdf)
        else:
            write_file(Path(target), pdf)
    if args.explain is not None:
        print(explain_table(report, args.explain))
    elif not to_stdout:
        print(report.table(ids=True) if report.groups else "No repeated lines found.")
        print(summary_line(report))
    return EXIT_OK if report.complete else EXIT_PARTIAL


def explain_table(report: Report, number: int) -> str:
    """Every line of page ``number`` with the evidence the detector weighed and the decision taken."""
    evidence = explain(report.pages, number)
    page = report.pages[number - 1]
    groups = {group.id: group for group in report.groups}
    block = evidence.block
    where = (f"text block x {block.left:.1f}-{block.right:.1f}, y {block.top:.1f}-{block.bottom:.1f} pt"
             if block else "no text block (no text on pages of this size)")
    if evidence.turned:
        # Its text runs up or down the page: it was read turned, and its text block is measured so.
        where = (f"read turned a quarter {'clockwise' if evidence.turned == 90 else 'anticlockwise'} "
                 f"(its text runs {'up' if evidence.turned == 90 else 'down'} the page), {where} as turned")
    head = (f"page {number} of {len(report.pages)}, {page.width:g} x {page.height:g} pt; {where}; "
            f"body text {evidence.body_size:g} pt" + (f"; {page.error}" if page.error else ""))
    rows = [("#", "box (x0 top x1 bottom)", "place", "from edge", "text block", "slot", "group", "text", "decision")]
    for line in evidence.lines:
        slot = line.slot
        group = groups.get(line.group) if line.group is not None else None
        rows.append((
            str(line.index),
            " ".join(f"{v:.1f}" for v in line.line.box),
            "unmapped glyphs" if line.place is None else line.place + (" (beyond the page)" if line.offset < 0 else ""),
            "-" if line.place is None else f"{line.offset:.1f}",
            {None: "-", True: "outside", False: "inside"}[line.outside_block],
            f"{slot.place} {slot.offset:.0f} pt, {slot.size:g} pt type, {len(slot.pages)} pages" if slot else "-",
            str(group.id) if group else "-",
            line.line.text if len(line.line.text) <= 40 else line.line.text[:39] + "…",
            report.line_decision(number, line.index),
        ))
    if len(rows) == 1:
        return head + "\nThis page has no text."
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]) - 1)]
    return head + "\n" + "\n".join("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=False))
                                     + "  " + row[-1] for row in rows)


def _stdin() -> bytes:
    """The PDF piped in, read once: the cleaned PDF is made from its bytes too."""
    if batch._isatty(sys.stdin):
        raise UsageError("- reads the PDF from stdin, but stdin is a terminal; "
                         "pipe a PDF into it: pagefurniture - < file.pdf")
    return sys.stdin.buffer.read(DEFAULT_LIMITS.max_bytes + 1)  # one byte over: analyze names the limit



# -- entry point --------------------------------------------------------------------------------------------


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 a file failed, 2 bad command line, 3 a partial
    result: some text could not be read, 130 Ctrl-C)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # argparse exits on --help, --version and usage errors
        return int(exc.code or 0) if isinstance(exc.code, int) else EXIT_USAGE
    clash = Choices.of(args).clash()
    if clash:
        return _usage(parser, clash)
    status = Status(sys.stderr, enabled=args.progress or batch._isatty(sys.stderr))
    many = args.out_dir is not None or len(args.inputs) > 1
    try:
        if many:
            if args.out_dir is None:
                raise UsageError("several inputs need --out-dir DIR for their outputs")
            check_batch(args)
            return run_batch(args, status)
        return run_one(args, status)
    except UsageError as exc:
        status.clear()
        return _usage(parser, str(exc))
    except PageFurnitureError as exc:
        status.clear()
        print(f"error: {said(exc)}", file=sys.stderr)
        return EXIT_FAILED
    except KeyboardInterrupt:
        status.clear()
        print("error: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader of stdout went away (`| head`): not an error worth a message.
        _silence_stdout()
        return EXIT_FAILED
    except Exception as exc:
        status.clear()
        print(f"error: {_unexpected(Path(args.inputs[0]), exc)}", file=sys.stderr)
        return EXIT_FAILED


def _usage(parser: argparse.ArgumentParser, message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    print(f"(run {parser.prog} --help for the options)", file=sys.stderr)
    return EXIT_USAGE


def _silence_stdout() -> None:
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass
