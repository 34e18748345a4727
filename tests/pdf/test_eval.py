"""Accuracy on the evaluation kit beside the repository (``../shared/eval``), scored by its own score.py.

The CLI reads every PDF of a split with ``--jobs 2`` and writes ``NAME.report.json``; that JSON's
``removed`` list (page + text) is what score.py reads, so it is copied to ``NAME.json`` for it.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pagefurniture.cli import main

EVAL = Path(__file__).resolve().parents[3] / "shared" / "eval"

# The targets: (key in score.py's "overall" totals, comparison, bound). "macro_f1" is the mean of the
# documents' F1, which a document the detector gets wholly wrong pulls down however short it is.
REAL = [("precision", ">=", 0.98), ("recall", ">=", 0.97), ("macro_f1", ">=", 0.95)]
TARGETS: dict[str, list[tuple[str, str, float]]] = {
    "corpus": [("precision", ">=", 0.99), ("recall", ">=", 0.98), ("family_macro_f1", ">=", 0.97),
               ("decoy_hit_rate", "<=", 0.005)],
    "real": REAL,
    "real2": REAL,
    "real3": REAL,
}

# The only acceptable failure is a scan: it has no text to clean, and its truth has no furniture.
NO_TEXT = "no page of this PDF has a text layer"


@pytest.mark.slow
@pytest.mark.parametrize("split", sorted(TARGETS))
def test_accuracy(split: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = EVAL / split
    if not (source.is_dir() and (EVAL / "score.py").is_file()):
        pytest.skip(f"the evaluation kit is not at {EVAL} (expected score.py and {split}/ there)")
    pdf_count = len(list(source.glob("*.pdf")))
    assert pdf_count, f"no PDFs in {source}"

    out = tmp_path / "out"
    code = main([str(source), "--out-dir", str(out), "--jobs", "2"])
    stdout, stderr = capsys.readouterr()
    errors = [line for line in stderr.splitlines() if line.startswith("error: ")]
    unexpected = [line for line in errors if NO_TEXT not in line]
    assert not unexpected, "files that failed:\n" + "\n".join(unexpected)
    assert code == (1 if errors else 0), stdout + stderr
    assert stdout.splitlines()[-1] == (f"{pdf_count} files: {pdf_count - len(errors)} complete, 0 partial, "
                                       f"{len(errors)} failed")

    scored = tmp_path / "scored"
    scored.mkdir()
    for report in out.glob("*.report.json"):
        shutil.copyfile(report, scored / (report.name[: -len(".report.json")] + ".json"))
    assert len(list(scored.iterdir())) == pdf_count - len(errors)

    totals_file = tmp_path / "totals.json"
    score = subprocess.run([sys.executable, str(EVAL / "score.py"), str(source), str(scored), "--worst", "15",
                            "--json-out", str(totals_file)], capture_output=True, text=True, timeout=600)
    assert score.returncode == 0, score.stdout + score.stderr
    overall = json.loads(totals_file.read_text(encoding="utf-8"))["overall"]

    missed = []
    for key, op, bound in TARGETS[split]:
        value = overall[key]
        if not (value >= bound if op == ">=" else value <= bound):
            missed.append(f"{key} = {value:.4f}, target {op} {bound}")
    # The tables go to the captured output, which pytest shows with the failure.
    print(f"\n{split}: " + ", ".join(f"{key} {overall[key]:.4f}" for key, _, _ in TARGETS[split]))
    print(score.stdout)
    assert not missed, f"{split} misses its targets: " + "; ".join(missed)
