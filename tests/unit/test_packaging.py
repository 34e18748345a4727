"""What the package asks of the machine it is installed on: pdfminer.six in a range, the frameworks only
as extras."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
import tomllib
from pathlib import Path

from packaging.requirements import Requirement

REPO = Path(__file__).resolve().parents[2]


def site_pin() -> str:
    """The pdfminer.six version build.py ships to the page."""
    build = sys.modules.get("site_build")  # as tests/unit/test_build.py loads it, if it ran first
    if build is None:
        spec = importlib.util.spec_from_file_location("site_build", REPO / "build.py")
        build = sys.modules["site_build"] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(build)
    return build.PDFMINER.version


def test_importing_the_package_imports_no_framework() -> None:
    code = ("import sys, pagefurniture, pagefurniture.documents, pagefurniture.ray, pagefurniture.cli\n"
            "print(sorted(name for name in ('langchain_core', 'langchain_community', 'llama_index', 'ray', "
            "'pyarrow') if name in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_package_accepts_the_pdfminer_the_page_ships_and_the_tests_use_it() -> None:
    project = tomllib.loads((REPO / "py" / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    [pdfminer] = [Requirement(line) for line in project["dependencies"] if line.startswith("pdfminer.six")]
    assert site_pin() in pdfminer.specifier and len(pdfminer.specifier) == 2  # a range, not one version
    tests = re.search(r"^pdfminer\.six==(\S+)", (REPO / "tests" / "requirements.txt").read_text(), re.M)
    assert tests and tests.group(1) == site_pin()  # so the tests read PDFs as the page does


def test_each_framework_is_an_extra() -> None:
    extras = tomllib.loads((REPO / "py" / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]
    assert {name: [Requirement(line).name for line in lines] for name, lines in extras.items()} == \
        {"langchain": ["langchain-core"], "llama-index": ["llama-index-core"], "ray": ["ray"]}
