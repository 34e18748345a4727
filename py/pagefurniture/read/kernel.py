"""The one module of the package that knows the JavaScript kernel and Pyodide exist: the browser's side of reading.

In the browser the worker hands ``use_native()`` the JavaScript kernel (``site/kernel/index.mjs``). Its
reader of content streams (``site/kernel/tokens.mjs``) reads the same tokens with the same meaning as
``tokens``, kept on its own operand stack, so that Python only calls the operators the text path sees, with
operands its C unpickler built. Pyodide runs ``tokens``' loop at half CPython's speed; the JavaScript reader
runs at the browser's. Where that reader stops short of ``tokens``, ``tokens``' loop reads the streams, and
where ``tokens`` would leave them to pdfminer, so does that one. The kernel reads the file's objects there
too (``objects``, ``read_object``, ``read_objects``, for ``xref.SafePDFDocument``): pdfminer reads those with
the same slow tokeniser; whatever that reader leaves, pdfminer's parser reads. And it places the glyphs and
makes the lines (``glyphs``, for ``glyphs._Deferred``).

Every value that crosses between JavaScript and Python is converted here (``as_bytes``, ``as_py``,
``as_js``), and the other browser services reading needs are here too: the AES engine of encrypted files
(``use_aes``) and the synchronous fetch of a character map (``get``). Outside the browser nothing here
runs but those conversions, which then hand Python values back as they are.
"""

from __future__ import annotations

import importlib
import io
import json
import sys
from typing import Any

from pdfminer.pdftypes import PDFObjRef, PDFStream, stream_value
from pdfminer.psparser import KWD, LIT

from . import tokens
from .tokens import _STACK, Unsupported, _kind, _operator


def as_bytes(value: Any) -> Any:
    """A JavaScript typed array (or ArrayBuffer) as Python bytes; anything else as it is."""
    return value.to_bytes() if hasattr(value, "to_bytes") else value


def as_py(value: Any) -> Any:
    """A JavaScript value as Python data (lists, dicts); Python values as they are."""
    return value.to_py() if hasattr(value, "to_py") else value


def as_js(data: bytes) -> Any:
    """``data`` as a JavaScript Uint8Array in the browser (copied out of Python's memory); as it is elsewhere."""
    try:
        ffi = _browser_module("pyodide.ffi")
    except ImportError:
        return data
    return ffi.to_js(data)


def _browser_module(name: str) -> Any:
    """A module only the browser has (Pyodide's own, or the stand-in for cryptography, which a type checker
    would take for the real library): imported by name, so that it is typed as what it is, unknown here."""
    return importlib.import_module(name)


_native: Any = None  # the kernel, site/kernel/index.mjs, once use_native() was given it
# The most bytes of one page's (or form's) streams the JavaScript reader reads before any operator runs;
# it holds what it read meanwhile. Real pages have a few hundred KB; a page of more is read by this loop.
READ_AHEAD = 16 * 2**20
_tables: dict[type, Any] = {}  # interpreter class -> its operator table, made in JavaScript


def use_native(module: Any) -> None:
    """Read with the kernel ``module`` (the worker passes ``site/kernel/index.mjs``); None: with ``tokens``'
    loop and ``glyphs._Glyphs`` only."""
    global _native
    _native = module
    _tables.clear()
    tokens.native = None if module is None else _run


def operator_table(cls: type) -> tuple[list[str], str]:
    """``cls``'s operators as the JavaScript reader takes them, as JSON: [name, operand count, kind] for
    every ``do_`` method, the index in that list standing for the operator in what it hands back."""
    names = sorted(name for name in dir(cls) if name.startswith("do_") and callable(getattr(cls, name)))
    # With Python's limit on the digits of an int, which pdfminer (and run) meet as a ValueError.
    return names, json.dumps({"names": [[name, *_kind(cls, name)] for name in names],
                              "digits": sys.get_int_max_str_digits(), "ahead": READ_AHEAD})


def _table(cls: type) -> tuple[list[str], Any]:
    table = _tables.get(cls)
    if table is None:
        names, text = operator_table(cls)
        table = _tables[cls] = (names, _native.table(text))
    return table


class _Diverged(Exception):
    """The JavaScript reader's operand stack and the interpreter's are no longer the same."""


class _Calls(dict):
    """Operator index -> what to call on one interpreter, made when first met."""

    def __init__(self, interp: Any, names: list[str]) -> None:
        super().__init__()
        self.interp = interp
        self.names = names

    def __missing__(self, index: int) -> Any:
        interp = self.interp
        name = self.names[index]
        func = _operator(interp, name)
        if _kind(type(interp), name)[1] == _STACK:
            stack = interp.argstack

            def func(*operands: Any, call: Any = func) -> None:
                stack[:] = operands
                call()
                if stack:  # from here on the JavaScript reader's stack is not the interpreter's
                    raise _Diverged("operands left on the stack by an operator that takes its own")

        self[index] = func
        return func


_Unpickler: Any = None  # made by unpickle() on first use


def unpickle(data: bytes, doc: Any = None) -> Any:
    """What the JavaScript reader wrote: plain values, and names (a str, or a 1-tuple of bytes), keywords
    (bytes), inline images (a dict) and references to ``doc``'s objects (an int) as persistent ids; no
    global (no class, no function) is ever loaded."""
    global _Unpickler
    if _Unpickler is None:
        import pickle  # only here: the browser needs it for its first page, not to start

        class Loader(pickle.Unpickler):
            def find_class(self, module: str, name: str) -> Any:
                raise Unsupported(f"a pickle that asks for {module}.{name}")

            doc: Any = None  # the document a reference is to, set for each pickle

            def persistent_load(self, pid: Any) -> Any:
                kind = type(pid)
                if kind is str:
                    return LIT(pid)
                if kind is bytes:
                    return KWD(pid)
                if kind is tuple:
                    return LIT(pid[0])  # a name that is not UTF-8, kept as its bytes (as _name does)
                if kind is dict:
                    return PDFStream(pid, b"")  # an inline image, without its data, as _inline_image makes it
                if kind is int and self.doc is not None:
                    return PDFObjRef(self.doc, pid)
                raise Unsupported(f"a persistent id {pid!r}")

        _Unpickler = Loader
    loader = _Unpickler(io.BytesIO(data))
    loader.doc = doc
    return loader.load()


def objects(data: bytes) -> Any:
    """The JavaScript reader of the objects of the PDF file ``data`` (``site/kernel/objects.mjs``'s ``Objects``,
    which keeps a copy of it), for ``xref.SafePDFDocument``; None when there is no JavaScript reader."""
    if _native is None:
        return None
    reader = _native.Objects.new(sys.get_int_max_str_digits())
    reader.file(data)
    return reader


def glyphs(config: Any) -> Any:
    """The JavaScript placer of glyphs and maker of lines (``site/kernel/glyphs.mjs``'s ``Glyphs``, for
    ``glyphs._Deferred``), made with the JSON ``config()`` gives; None when there is no JavaScript reader."""
    return None if _native is None else _native.Glyphs.new(config())


def read_object(reader: Any, pos: int, objid: int, doc: Any) -> list | None:
    """The object ``objid`` at offset ``pos``, read by ``reader``: ``[value]``, or ``[dictionary, P]`` for a
    stream whose keyword ``stream`` is at P; None when pdfminer's parser must read it."""
    return _objects_read(reader.object(pos, objid), doc)


def read_objects(reader: Any, data: bytes, doc: Any) -> list | None:
    """The objects of an object stream's ``data``, read by ``reader``; None when pdfminer's parser must."""
    return _objects_read(reader.stream(data), doc)


def _objects_read(got: Any, doc: Any) -> list | None:
    """The reader's answer: a pickle of the objects, or the reason (a str) it left them to pdfminer."""
    return None if isinstance(got, str) else unpickle(got.to_bytes(), doc)


def _run(interp: Any, streams: list, check: Any, undo: Any) -> bool:
    """``tokens.run`` with the JavaScript reader: True when it ran the streams; False when ``tokens``' loop
    must read them (the reader stopped short before any operator ran, or it and that loop parted ways and
    ``undo()`` took back what its operators did)."""
    try:
        return _run_native(interp, streams, check)
    except _Diverged as exc:
        if undo is None:
            raise Unsupported(str(exc)) from None
        undo()
        return False


def _run_native(interp: Any, streams: list, check: Any) -> bool:
    """``run`` with the JavaScript reader; False when that reader stopped short and nothing has run."""
    names, table = _table(type(interp))
    reader = _native.Reader.new(table)
    failed = None
    last = len(streams) - 1
    for number, stream in enumerate(streams):
        try:
            data = stream_value(stream).get_data()
        except Exception as exc:
            failed = exc
            break
        stop = reader.feed(data, number == last)
        if stop is not None:
            if stop.startswith("python:"):
                return False
            raise Unsupported(stop)
    calls = _Calls(interp, names)
    while (chunk := reader.take()) is not None:
        check()
        it = iter(unpickle(chunk.to_bytes()))
        for index, operands in zip(it, it, strict=False):  # index, operands, index, ...
            calls[index](*operands)
    if failed is not None:
        raise failed
    return True


# -- the browser's services ------------------------------------------------------------------------------------


def use_aes(aesjs: Any) -> None:
    """Decrypt AES-encrypted files with ``aesjs`` (the aes-js module), through the stand-in for cryptography
    that the browser build ships (py/shims)."""
    _browser_module("cryptography").set_engine(_AesJs(aesjs))


class _AesJs:
    """The AES engine for the cryptography stand-in, backed by aes-js's CBC mode."""

    def __init__(self, aesjs: Any) -> None:
        self.aesjs = aesjs

    def cbc(self, key: bytes, iv: bytes, encrypt: bool) -> _AesJsCbc:
        return _AesJsCbc(self.aesjs, key, iv, encrypt)


class _AesJsCbc:
    def __init__(self, aesjs: Any, key: bytes, iv: bytes, encrypt: bool) -> None:
        to_js = _browser_module("pyodide.ffi").to_js
        self._to_js = to_js
        self._mode = aesjs.ModeOfOperation.cbc.new(to_js(key), to_js(iv))
        self._encrypt = encrypt

    def run(self, data: bytes) -> bytes:
        arg = self._to_js(data)
        out = self._mode.encrypt(arg) if self._encrypt else self._mode.decrypt(arg)
        return out.to_bytes()


# Why a character map cannot be had in the browser, and what to do (the end of MissingCharacterMap's message).
OFFLINE = ("is not stored in this browser for use offline and cannot be downloaded now; connect to the internet "
           "and open the PDF again (once the page has been open online for a minute it stores the maps of every "
           "script, so that it also reads such PDFs offline)")


def get(url: str) -> bytes | None:
    """The file at ``url``; None when the site has none (404); OSError when it cannot be had (offline)."""
    # A worker may make synchronous requests; pdfminer's call for a character map is synchronous.
    request = _browser_module("js").XMLHttpRequest.new()
    request.open("GET", url, False)
    request.responseType = "arraybuffer"
    try:
        request.send(None)
    except Exception:
        raise OSError(OFFLINE) from None
    if request.status == 404:
        return None
    if request.status != 200:
        raise OSError(OFFLINE if request.status == 0 else
                      f"could not be downloaded (the site answered HTTP {request.status}); try again later")
    return request.response.to_bytes()
