"""The kernel's comments that name Python functions name ones that exist.

A function of the JavaScript kernel (``site/kernel/``) that mirrors a Python function says so in a comment,
``// Python twin: read/lines.py _split_run`` (the module's path from ``py/pagefurniture/``, then one or more
names, a method as ``Class.method``), and one that is called by a Python function, or reads what it wrote,
names it as ``// Python side: read/kernel.py unpickle``. Each name must be a function, class or method of
that module (read with ``ast``, nothing imported), so that renaming or removing the Python function without
its twin fails here.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
KERNEL = ROOT / "site" / "kernel"
PACKAGE = ROOT / "py" / "pagefurniture"

MARK = re.compile(r"//\s*Python (?:twin|side):(.*)")
NAME = r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)?"
FORM = re.compile(rf" (?P<path>[\w/]+\.py) (?P<names>{NAME}(?:, {NAME})*)")


@functools.cache
def defined(path: Path) -> frozenset[str]:
    """The functions and classes of a module, and their methods as ``Class.method``."""
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        if isinstance(node, ast.ClassDef):
            names.update(f"{node.name}.{item.name}" for item in node.body
                         if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)))
    return frozenset(names)


def twins(text: str) -> list[tuple[int, str, list[str]]]:
    """(line number, module path, names) of each comment naming a Python function; a comment that does not
    have the form is given with no path."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        mark = MARK.search(line)
        if mark is None:
            continue
        form = FORM.fullmatch(mark.group(1).rstrip())
        found.append((number, form["path"], form["names"].split(", ")) if form else (number, "", []))
    return found


def problems(text: str, package: Path = PACKAGE) -> list[str]:
    """What is wrong with the Python functions ``text`` names, one sentence each."""
    out = []
    for number, path, names in twins(text):
        module = package / path
        if not path:
            out.append(f"line {number}: not of the form '// Python twin: read/MODULE.py NAME[, NAME...]'")
        elif not module.is_file():
            out.append(f"line {number}: there is no py/pagefurniture/{path}")
        else:
            out += [f"line {number}: {path} has no {name}" for name in names if name not in defined(module)]
    return out


def test_every_python_function_the_kernel_names_exists():
    named = {}
    for source in sorted(KERNEL.glob("*.mjs")):
        text = source.read_text(encoding="utf-8")
        assert problems(text) == [], source.name
        named[source.name] = [name for _, _, names in twins(text) for name in names]
    # The modules that mirror Python name their twins (so that this test cannot pass on no comment at all).
    assert "_run_python" in named["tokens.mjs"] and "_gap_end" in named["tokens.mjs"]
    assert "build_lines" in named["glyphs.mjs"] and "_split_run" in named["glyphs.mjs"]


def test_a_misspelt_moved_or_malformed_twin_is_found():
    assert problems("// Python twin: read/lines.py _split_run, _strands\n") == []
    assert problems("// Python twin: read/glyphs.py _Glyphs.render_string\n") == []
    assert problems("x();\n  // Python twin: read/lines.py _split_rn\n") == ["line 2: read/lines.py has no _split_rn"]
    assert problems("// Python side: read/lines.py _cut, _Glyphs.restore\n") == [
        "line 1: read/lines.py has no _Glyphs.restore"]
    assert problems("// Python twin: read/line.py _split_run\n") == ["line 1: there is no py/pagefurniture/read/line.py"]
    for malformed in ("// Python twin: read/lines.py\n", "// Python twin: _split_run\n",
                      "// Python twin: read/lines.py _split_run (and more)\n"):
        assert problems(malformed) == ["line 1: not of the form '// Python twin: read/MODULE.py NAME[, NAME...]'"]


def test_a_removed_twin_is_found(tmp_path):
    module = tmp_path / "read" / "lines.py"
    module.parent.mkdir()
    module.write_text("def build_lines():\n    pass\n\n\nclass Run:\n    def cut(self):\n        pass\n")
    comment = "// Python twin: read/lines.py build_lines, Run.cut\n"
    assert problems(comment, tmp_path) == []
    defined.cache_clear()
    module.write_text("def build_lines():\n    pass\n")
    assert problems(comment, tmp_path) == ["line 1: read/lines.py has no Run.cut"]
