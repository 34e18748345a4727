"""Every example in the package's docstrings runs and shows what it says (as more-itertools runs its own).

The examples read files of this repository (``site/sample.pdf``), so they run from its root.
"""

from __future__ import annotations

import doctest
import importlib
import io
from pathlib import Path

import pagefurniture
import pytest

REPO = Path(__file__).resolve().parents[2]
PACKAGE = Path(pagefurniture.__file__).parent
MODULES = sorted(".".join(("pagefurniture", *path.relative_to(PACKAGE).with_suffix("").parts)).removesuffix(".__init__")
                 for path in PACKAGE.rglob("*.py") if path.stem != "__main__")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_run(name, monkeypatch):
    monkeypatch.chdir(REPO)
    module = importlib.import_module(name)
    out = io.StringIO()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(module, name):
        runner.run(test, out=out.write)
    assert runner.failures == 0, out.getvalue()


def test_no_example_is_skipped_or_hidden():
    """An example marked +SKIP is never run; a docstring that opens with >>> on its first line is read
    with the wrong indentation and fails for no reason a reader sees."""
    for path in PACKAGE.rglob("*.py"):
        source = path.read_text(encoding="utf-8")
        assert "doctest: +SKIP" not in source, path.name
        assert '""">>>' not in source, path.name
