"""Where the AES work is done: an engine object installed once by the page.

An engine has ``cbc(key: bytes, iv: bytes, encrypt: bool)`` returning an object whose ``run(data)``
takes and returns whole 16-byte blocks and carries the chaining state from call to call.
"""

from __future__ import annotations

from typing import Any

_engine: Any = None


def set_engine(engine: Any) -> None:
    global _engine
    _engine = engine


def get_engine() -> Any:
    if _engine is None:
        raise RuntimeError("no AES engine is installed; the page installs one before reading a PDF")
    return _engine
