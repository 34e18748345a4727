"""The gates: ruff over the whole repository and mypy over the package, both at zero findings.

Their settings are in py/pyproject.toml ([tool.ruff], [tool.mypy]); the pinned versions in
tests/requirements.txt. Each gate runs the tool as a newcomer would and shows its findings on failure.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / "py" / "pyproject.toml"


def _run(*args: str, cwd: Path = REPO) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=cwd, capture_output=True, text=True, timeout=600)


def _tool(name: str) -> None:
    if shutil.which(name) is None and _run(name, "--version").returncode != 0:
        pytest.fail(f"{name} is not installed: pip install -r tests/requirements.txt")


def test_ruff_finds_nothing() -> None:
    _tool("ruff")
    result = _run("ruff", "check", "--config", str(CONFIG), "--no-cache", "build.py", "py", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_gate_sees_a_finding(tmp_path: Path) -> None:
    """The gate is real: the same command with the same settings reports an unused import."""
    _tool("ruff")
    bad = tmp_path / "bad.py"
    bad.write_text("import os\n")
    result = _run("ruff", "check", "--config", str(CONFIG), "--no-cache", str(bad))
    assert result.returncode == 1 and "F401" in result.stdout, result.stdout + result.stderr


def test_mypy_finds_nothing() -> None:
    _tool("mypy")
    result = _run("mypy", cwd=REPO / "py")  # incremental: its cache (py/.mypy_cache) makes a re-run take seconds
    assert result.returncode == 0, result.stdout + result.stderr
