"""How the package's modules fit together: the version in one place, no import back up into the package root."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pagefurniture
import pytest
from pagefurniture import _version, cli

PACKAGE = Path(pagefurniture.__file__).parent
# The entry points (the command line: cli.py and the work it runs, batch.py) use the public API (``analyze``)
# from the package root; nothing the root imports may.
ENTRY_POINTS = {"cli.py", "batch.py", "__main__.py"}


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


def test_only_the_read_package_imports_pdfminer():
    importers = set()
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [alias.name for alias in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else []
            if any(name.split(".")[0] == "pdfminer" for name in names):
                importers.add(path.relative_to(PACKAGE).parts[0])
    assert importers == {"read"}


def test_guard_refuses_a_pdfminer_that_lacks_what_it_patches(monkeypatch):
    from pagefurniture.read import patches
    from pdfminer.cmapdb import CMapDB

    monkeypatch.setattr(patches, "_installed", False)
    monkeypatch.setattr(patches, "PATCHED", (*patches.PATCHED, (CMapDB, ("_load_json",))))
    with pytest.raises(ImportError, match="CMapDB has no _load_json; pdfminer changed"):
        patches.install()


def _fresh_python(code: str) -> str:
    """Run ``code`` in a new interpreter (this one has imported everything already); return its stdout."""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


# Under Pyodide (the web page) the package defers modules pdfminer imports but the text path never uses.
# Here a fresh interpreter plays Pyodide's part while it imports the package.
AS_IN_THE_BROWSER = "import sys\nplatform, sys.platform = sys.platform, 'emscripten'\n"
BACK_IN_CPYTHON = "sys.platform = platform\n"


def test_importing_the_package_leaves_what_the_text_path_never_uses_unimported():
    out = _fresh_python(AS_IN_THE_BROWSER + "import pagefurniture.web, pdfminer.cmapdb, pdfminer.utils\n"
                        + BACK_IN_CPYTHON +
                        "print(sorted(m for m in ('charset_normalizer.api', 'statistics', 'zlib') if m in sys.modules),"
                        " type(sys.modules['gzip']).__name__)")
    assert out.strip() == "['zlib'] _StandIn"


def test_the_cleaned_pdf_s_writer_is_imported_only_when_a_cleaned_pdf_is_asked_for():
    sample = str(PACKAGE.parents[1] / "site" / "sample.pdf")
    out = _fresh_python("import sys, pagefurniture, pagefurniture.web, pagefurniture.cli\n"
                        "from pagefurniture import analyze\n"
                        f"report = analyze({sample!r}); report.cleaned_text(); report.to_json()\n"
                        "print(sorted(m for m in sys.modules if m.startswith(('pagefurniture.clean', "
                        "'pagefurniture.read.tracing'))))\n"
                        f"report.cleaned_pdf({sample!r})\n"
                        "print('pagefurniture.clean.file' in sys.modules)")
    assert out.splitlines() == ["[]", "True"]


def test_a_deferred_module_is_whole_when_it_is_first_used():
    out = _fresh_python(AS_IN_THE_BROWSER + "import pagefurniture\n" + BACK_IN_CPYTHON +
                        "from pdfminer.utils import make_compat_str\n"
                        "assert 'charset_normalizer.api' not in sys.modules\n"
                        "print(make_compat_str('\u00e9t\u00e9 \u00e0 la plage'.encode('utf-8')))\n"
                        "import charset_normalizer, charset_normalizer.api\n"
                        "print(charset_normalizer.from_bytes is charset_normalizer.api.from_bytes, "
                        "sys.modules['charset_normalizer'].__name__)")
    assert out.splitlines() == ["\u00e9t\u00e9 \u00e0 la plage", "True charset_normalizer"]


def test_outside_the_browser_importing_the_package_puts_no_stand_in_in_sys_modules():
    # A library must not change what the application's own imports give it: gzip is the real gzip.
    out = _fresh_python("import sys, types, pagefurniture, pagefurniture.web\n"
                        "print([type(sys.modules.get(name, types)).__name__\n"
                        "       for name in ('gzip', 'charset_normalizer')])")
    assert out.strip() == "['module', 'module']"


def test_the_median_of_detection_is_statistics_median():
    import statistics

    from pagefurniture import detect

    for values in ([3.0], [1.0, 2.0], [5.5, 1.0, 9.0, 2.5], [7.0, 7.0, 1.0, 3.0, 2.0], list(range(11))):
        assert detect._mid(iter(values)) == statistics.median(values)
