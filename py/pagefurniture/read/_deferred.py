"""Modules that pdfminer imports at its top but the text path never uses, imported on first use instead.

``pdfminer.utils`` imports charset_normalizer for ``make_compat_str``, which only pdfminer's converters and
tag dump call; importing it takes a tenth of the web page's start-up import. ``pdfminer.cmapdb`` imports
gzip for the character maps that only Chinese, Japanese and Korean text needs. Each module named here gets a
stand-in in ``sys.modules`` before pdfminer is imported; the first attribute looked up on the stand-in
imports the real module and copies it in, so code that does use it gets the whole module, only later.
(``importlib.util.LazyLoader`` does not help here: the ``import`` statement itself reads ``__spec__``
from the lazy module, which loads it.)

Only under Pyodide (``sys.platform == "emscripten"``), where it shortens the web page's start: in any other
Python, ``import pagefurniture`` leaves the application's ``sys.modules`` as it finds it, and pdfminer
imports these modules as it always does.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types

DEFERRED = ("charset_normalizer", "gzip")


class _StandIn(types.ModuleType):
    def __getattr__(self, attr: str) -> object:  # only for what the stand-in lacks: at first, everything
        return getattr(load(self.__name__), attr)


def load(name: str) -> types.ModuleType:
    """The real module ``name``, imported now if only its stand-in was; the stand-in then holds it all."""
    module = sys.modules.get(name)
    if not isinstance(module, _StandIn):
        return importlib.import_module(name)
    del sys.modules[name]
    real = importlib.import_module(name)
    module.__dict__.update(real.__dict__)
    return real


def defer(name: str) -> None:
    """Make ``import name`` give a stand-in that imports the module when first used; nothing when it is
    imported already or not installed (the import that needs it then fails as it would have).

    Looking a module up in a zip reads its code (zipimport's ``find_spec`` asks for the file name, which
    loads the module), so the web build ships these as bytecode (py/browser/precompile.py)."""
    if name not in sys.modules and importlib.util.find_spec(name) is not None:
        sys.modules[name] = _StandIn(name)


if sys.platform == "emscripten":
    for _name in DEFERRED:
        defer(_name)
