"""Golden outputs: what the command line writes for each checked-in test PDF, kept beside it in tests/data.

    python tests/helpers/golden.py      # write them again from the current code; then review the diff

``tests/pdf/test_golden.py`` fails when the code's outputs differ from these files, so a change to the text,
the report.json or removed.jsonl schema, a reason or a decision shows up as a diff to review, file by
file. The files have the names ``--out-dir`` gives them (NAME.clean.txt, NAME.report.json, ...); a PDF the
tool refuses has NAME.error.txt with the error's kind and message instead.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pagefurniture import PageFurnitureError, analyze
from pagefurniture.report import OUTPUTS, stem
from pdfs import DATA

PASSWORDS = {"password-secret.pdf": "secret"}  # as make_fixtures.py encrypted it


def pdfs() -> list[Path]:
    return sorted(DATA.glob("*.pdf"))


def outputs(pdf: Path) -> dict[str, str]:
    """The golden files of one PDF, by file name."""
    try:
        report = analyze(pdf, password=PASSWORDS.get(pdf.name)).require_text()
    except PageFurnitureError as exc:
        return {f"{stem(pdf.name)}.error.txt": f"{exc.kind}: {exc}\n"}
    return {output.file_name(pdf.name): output.make(report) for output in OUTPUTS}


def golden_files() -> set[Path]:
    """The files in tests/data that are golden outputs (everything but the PDFs)."""
    return {path for path in DATA.iterdir() if path.is_file() and path.suffix != ".pdf"}


def main() -> int:
    for path in golden_files():
        path.unlink()
    for pdf in pdfs():
        for name, text in outputs(pdf).items():
            with open(DATA / name, "w", encoding="utf-8", newline="\n") as fh:
                fh.write(text)
    print(f"wrote {len(golden_files())} golden files for {len(pdfs())} PDFs in {DATA}; review them with git diff")
    return 0


if __name__ == "__main__":
    sys.exit(main())
