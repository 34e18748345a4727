"""The gates: ruff over the whole repository, mypy over the package and TypeScript over the page's scripts,
all at zero findings.

Ruff's and mypy's settings are in py/pyproject.toml ([tool.ruff], [tool.mypy]), their pinned versions in
tests/requirements.txt. TypeScript's (tsc --noEmit, over the JavaScript with its JSDoc types) are in
tests/types/ (one project for the page, one for the workers), its pinned version in tests/package.json and
package-lock.json (npm ci --prefix tests). Each gate runs the tool as a newcomer would and shows its
findings on failure.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
CONFIG = REPO / "py" / "pyproject.toml"
SITE = REPO / "site"
TYPES = REPO / "tests" / "types"
TSC = REPO / "tests" / "node_modules" / "typescript" / "bin" / "tsc"
# The page's scripts in the browser's scope, and the workers' (worker.js, sw.js) in a worker's.
TS_PROJECTS = ("tsconfig.page.json", "tsconfig.workers.json")


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


def _tsc(project: Path, *options: str) -> subprocess.CompletedProcess[str]:
    node = shutil.which("node")
    if node is None or shutil.which("npm") is None:
        pytest.skip("node and npm are not installed, so the page's scripts are not type-checked "
                    "(apt-get install nodejs npm, then npm ci --prefix tests)")
    if not TSC.exists():
        pytest.fail("TypeScript is not installed: npm ci --prefix tests")
    return subprocess.run([node, str(TSC), "-p", str(project), "--pretty", "false", *options], cwd=REPO,
                          capture_output=True, text=True, timeout=600)


@pytest.fixture(scope="module")
def checked() -> dict[str, subprocess.CompletedProcess[str]]:
    """Each project checked once, listing the files it holds (--listFiles) besides its findings."""
    return {project: _tsc(TYPES / project, "--listFiles") for project in TS_PROJECTS}


@pytest.mark.parametrize("project", TS_PROJECTS)
def test_tsc_finds_nothing(checked: dict[str, subprocess.CompletedProcess[str]], project: str) -> None:
    result = checked[project]
    findings = [line for line in result.stdout.splitlines() if ": error TS" in line]
    assert result.returncode == 0, f"tsc found {len(findings)}:\n" + "\n".join(findings) + result.stderr


def test_every_script_of_the_page_is_type_checked(checked: dict[str, subprocess.CompletedProcess[str]]) -> None:
    """Each script starts with // @ts-check (tsc checks only those) and is in one of the two projects."""
    scripts = sorted(p.relative_to(REPO).as_posix() for p in SITE.rglob("*.js"))
    assert "site/app/main.js" in scripts and "site/sw.js" in scripts
    unchecked = [path for path in scripts if not (REPO / path).read_text().startswith("// @ts-check\n")]
    assert unchecked == []
    listed = {Path(line).resolve() for result in checked.values() for line in result.stdout.splitlines()
              if ": error TS" not in line}
    assert sorted(path for path in scripts if (REPO / path).resolve() not in listed) == []


def test_tsc_gate_sees_a_finding(tmp_path: Path) -> None:
    """The gate is real: the page's settings report a wrong type in a checked script."""
    (tmp_path / "bad.js").write_text('// @ts-check\nexport const shown = (1).toUpperCase();\n')
    project = tmp_path / "tsconfig.json"
    project.write_text(json.dumps({"extends": str(TYPES / TS_PROJECTS[0]), "include": ["bad.js"]}))
    result = _tsc(project)
    assert result.returncode != 0 and "bad.js(2," in result.stdout and "TS2339" in result.stdout, result.stdout
