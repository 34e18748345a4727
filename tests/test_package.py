"""How the package's modules fit together: the version in one place, no import back up into the package root."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import pagefurniture
from pagefurniture import _version, cli

PACKAGE = Path(pagefurniture.__file__).parent
# The entry points use the public API (``analyze``) from the package root; nothing the root imports may.
ENTRY_POINTS = {"cli.py", "__main__.py"}


@pytest.mark.parametrize("module", sorted(p.name for p in PACKAGE.glob("*.py") if p.name not in ENTRY_POINTS))
def test_modules_import_their_siblings_never_the_package_root(module):
    tree = ast.parse((PACKAGE / module).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 1 and node.module is None:
            for alias in node.names:
                assert (PACKAGE / f"{alias.name}.py").exists(), \
                    f"{module} imports {alias.name} from the package root; import it from its own module"


def test_one_version_for_the_library_the_command_line_and_the_report(capsys):
    assert pagefurniture.__version__ == _version.__version__
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"pagefurniture {_version.__version__}"
