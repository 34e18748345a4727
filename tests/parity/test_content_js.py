"""The kernel's reader of content streams (``site/kernel/tokens.mjs``) against ``read/tokens.py``'s own loop.

The kernel runs under node (``tests/helpers/native.py``). Two levels: what it hands Python for a run of
streams (each operator it calls, with operands of the same types and values) against what
``tokens.run`` calls, for the real interpreter's operator table, on the snippets and random token
soups of ``test_content.py`` and on every content stream of sample PDFs; and whole pages read through
it (the sample PDFs' pages in ``test_glyphs_js.py``, which places their glyphs in JavaScript too). The
hostile, fuzz and cut-off suites run through it as well (their ``content_reader`` fixture).
"""

from __future__ import annotations

import os
import pickle
import random

import content_cases as tc
import pytest
from pagefurniture.read import kernel, tokens
from pagefurniture.read.interpreter import Interpreter
from pdfminer.pdftypes import PDFStream, resolve1, stream_value
from pdfminer.psparser import PSKeyword, PSLiteral

NAMES, TABLE = kernel.operator_table(Interpreter)


def typed(value: object) -> object:
    """A value with its type spelled out: True is not 1, -0.0 is not 0.0, a name is not its text."""
    if isinstance(value, bool):
        return ("bool", value)
    if isinstance(value, int):
        return ("int", value)
    if isinstance(value, float):
        return ("float", repr(value))
    if isinstance(value, bytes):
        return ("bytes", value)
    if isinstance(value, PSLiteral):
        return ("name", value.name)
    if isinstance(value, PSKeyword):
        return ("keyword", value.name)
    if isinstance(value, PDFStream):
        return ("inline image", typed(value.attrs), value.rawdata, value.objid)
    if isinstance(value, list):
        return ("list", [typed(v) for v in value])
    if isinstance(value, dict):
        return ("dict", [(k, typed(v)) for k, v in value.items()])
    raise AssertionError(f"an operand of type {type(value).__name__}: {value!r}")


class _Recording(dict):
    """tokens.run's operator table for Interpreter, each call recorded instead of made."""

    def __init__(self, log: list, stack: list) -> None:
        super().__init__()
        self.log = log
        self.stack = stack

    def __missing__(self, keyword: bytes):
        name = tokens.method_name(keyword)
        method = getattr(Interpreter, name, None)
        if method is None or not callable(method):
            entry = (None, 0)
        else:
            nargs, kind = tokens._kind(Interpreter, name)
            log, stack = self.log, self.stack
            if kind == tokens._DROP:
                entry = (None, nargs)
            elif kind == tokens._STACK:  # it takes its own operands: here, all of them
                def take(name=name):
                    log.append((name, typed(list(stack))))
                    stack.clear()
                entry = (take, 0)
            else:
                entry = (lambda *args, name=name: log.append((name, typed(list(args)))), nargs)
        self[keyword] = entry
        return entry


class _Interp:
    def __init__(self) -> None:
        self.log: list = []
        self.argstack: list = []
        self.operators = _Recording(self.log, self.argstack)


def python_calls(datas: tuple[bytes, ...]) -> list | None:
    """What tokens.run calls for these streams; None when it leaves them to pdfminer."""
    interp = _Interp()
    try:
        tokens.run(interp, tc.streams_of(*datas), lambda: None)
    except tokens.Unsupported:
        return None
    return interp.log


def js_calls(node, datas: tuple[bytes, ...]) -> list | str | None:
    """What the kernel hands over for these streams; None when it leaves them to pdfminer, "python"
    when to tokens.py's loop."""
    reader = node.Reader.new(node_table(node))
    for number, data in enumerate(datas):
        stop = reader.feed(data, number == len(datas) - 1)
        if stop is not None:
            assert stop.startswith(("unsupported: ", "python: ")), stop
            return None if stop.startswith("unsupported: ") else "python"
    log = []
    while (chunk := reader.take()) is not None:
        flat = kernel.unpickle(chunk.to_bytes())
        assert len(flat) % 2 == 0 and len(flat) <= 2 * 1024
        for index, operands in zip(flat[::2], flat[1::2], strict=True):
            assert type(operands) is tuple
            log.append((NAMES[index], typed(list(operands))))
    return log


_tables: dict = {}


def node_table(node):
    if node not in _tables:
        _tables[node] = node.table(TABLE)
    return _tables[node]


def agree(node, *datas: bytes) -> str:
    """Assert the kernel reads these streams as tokens.run does; say how it went."""
    expected = python_calls(datas)
    got = js_calls(node, datas)
    if got == "python":
        return "python"
    assert got == expected, datas
    return "declined" if got is None else "read"


@pytest.fixture(scope="module")
def node(node_reader):
    return node_reader


@pytest.mark.parametrize("snippet", tc.SNIPPETS, ids=range(len(tc.SNIPPETS)))
def test_snippet_reads_as_tokens_py_reads_it(node, snippet):
    assert agree(node, snippet) == "read"  # and by the kernel itself


@pytest.mark.parametrize("snippet", [
    b"{ 1 2 add } 5 Tw", b"<</A 1 /B>> 5 Tw (x) Tj", b"(no end 5 Tw", b"(\\777) Tj", b"ID 5 Tw",
    b"[BI] 5 Tw", b"BI /W 1 ID no end", b"BI /W ID x EI 5 Tw", b"BI /F [] ID x EI 5 Tw", b"BI /F 5 ID x EI 6 Tw",
    b"BI /F () ID x EI 5 Tw", b"BI /F <</A 1>> ID x EI 5 Tw", b"BI /F /A85 ID no end EI",
])
def test_what_tokens_py_leaves_to_pdfminer_so_does_the_kernel(node, snippet):
    assert agree(node, b"1 Tc (before) Tj " + snippet) == "declined"


@pytest.mark.parametrize("snippet", [
    b"BI /F (x) ID x EI 5 Tw", b"BI /F [/A85] ID 9jq~> EI (y) Tj", b"BI /F [(x)] ID x EI", b"BI /F /ASCII85Decode ID a~>\rEI",
    b"BI /W 1 /F /Fl /F /A85 ID ab~> EI", b"[/a [/b] << /c [1 2] /d << >> >> true false 1.5 <41> (s) x y] 1 2 3 4 5 6 Tm",
    b"<< /K /V /N null >> /T BDC 1 2 3 4 5 sc 1 scn 7 8 Td", b"12abc 3 Tf 1 2 3 4 5 6 7 8 Tm 2147483648 -2147483649 Tz",
    b"0000000000000000000000123 Tz -000 Tz 4294967296 Tz -9007199254740993 Tz 1" + b"0" * 400 + b" Tz",
    b"-0.0 Tz 0.1 Tz .1e Tz 1" + b"1" * 400 + b".5 Tz 00.5 Tz", b"(" + b"x" * 300 + b") Tj /" + b"n" * 300 + b" Tf",
    b"Tj\xff (x) T\xc3\xa9 (y) Tj\xef\xbf\xbd (z) Tj", b"/a#41#4 /#zz#2 /#", b"BIx IDx truex true# false% \nBI/W 1 ID x EI",
])
def test_edges_read_as_tokens_py_reads_them(node, snippet):
    assert agree(node, snippet) in ("read", "declined")


@pytest.mark.parametrize("first, second", [
    (b"(a) Tj /", b"F1 12 Tf"), (b"/F#4", b"1 12 Tf"), (b"<41", b"42> Tj"), (b"<41>", b"> Tj"),
    (b"(a) Tj <", b"<>> Tj"), (b"[(a) 1", b"(b)] TJ"), (b"(a) T", b"j"), (b"1 2", b"3 Td"), (b"%c", b"(x) Tj"),
    (b"(a", b"b) Tj"), (b"BI /W 1 ID x", b" EI (y) Tj"), (b"(x) Tj", b""), (b"", b"(x) Tj"), (b"/F", b" 1 Tf"),
    (b"<< /A", b" 1 >> /P BDC"), (b"BI /W 1", b" ID x EI (z) Tj"),
])
def test_a_token_cut_between_streams_reads_as_tokens_py_reads_it(node, first, second):
    agree(node, first, second, b" 9 Tz")


def test_random_token_soup_reads_as_tokens_py_reads_it(node):
    rng = random.Random(20261201)
    outcomes = [agree(node, *tc.soup(rng)) for _ in range(1500)]
    # Most of the soup must be read by the kernel itself, or this would test tokens.py against itself.
    assert outcomes.count("read") > len(outcomes) * 0.5, {k: outcomes.count(k) for k in set(outcomes)}


def _page_streams(path):
    """Each page's content streams and each form XObject's stream, as runs of bytes."""
    from pdfminer.pdfpage import PDFPage

    with open(path, "rb") as fh:
        for page in PDFPage.get_pages(fh):
            yield tuple(stream_value(s).get_data() for s in page.contents)
            xobjects = page.resources.get("XObject") if isinstance(page.resources, dict) else None
            xobjects = resolve1(xobjects)
            for ref in (xobjects if isinstance(xobjects, dict) else {}).values():
                xobject = stream_value(ref)
                if isinstance(xobject, PDFStream) and getattr(xobject.get("Subtype"), "name", None) == "Form":
                    yield (xobject.get_data(),)


@pytest.mark.parametrize("name", tc.SAMPLE)
def test_every_content_stream_of_an_evaluation_pdf_reads_as_tokens_py_reads_it(node, name):
    path = tc.EVAL / name
    if not path.exists():
        pytest.skip(f"{path} is not here")
    outcomes = [agree(node, *datas) for datas in _page_streams(path)]
    assert outcomes and set(outcomes) == {"read"}, {k: outcomes.count(k) for k in set(outcomes)}


def test_operands_an_operator_leaves_for_later_are_read_by_tokens_py(node, monkeypatch):
    # scn takes as many operands as its colour space has components; what it leaves, the kernel cannot
    # know about: what was drawn is taken back and tokens.py's loop reads the page, drawn once.
    import hostile as h

    page = b"/DeviceGray cs 1 2 3 scn " + h.text_ops([(72, 700, 12, "Grey text")]) + b"4 5 scn (x) Tj"
    pdf = h.document([page])
    python = tc.read(pdf, True, monkeypatch)
    runs = []
    for module, name in ((kernel, "_run_native"), (tokens, "_run_python")):
        real = getattr(module, name)
        monkeypatch.setattr(module, name, lambda *args, real=real, name=name: runs.append(name) or real(*args))
    kernel.use_native(node)
    try:
        assert tc.read(pdf, True, monkeypatch) == python
    finally:
        kernel.use_native(None)
    assert runs == ["_run_native", "_run_python"]
    assert [line.text for line in python[0][5]] == ["Grey textx"]  # the second string follows the first


def test_the_unpickler_loads_no_global():
    with pytest.raises(tokens.Unsupported, match="system"):
        kernel.unpickle(pickle.dumps(os.system))


def test_a_reader_of_streams_that_fail_to_decode_runs_what_came_before(node, monkeypatch):
    # The second stream cannot be decoded: what the first drew is kept and the error is the one
    # tokens.py's loop raises, as pdfminer decodes each stream only when it reaches it.
    import hostile as h

    good = h.text_ops([(72, 700, 12, "Kept line")])
    streams = tc.streams_of(good, b"x")
    streams[1].attrs["Filter"] = PSLiteral("NoSuchFilter")
    results = []
    for module in (None, node):
        kernel.use_native(module)
        try:
            device = tc.Calls()
            interp = tc.Recorder(device.rsrcmgr, device)
            interp.init_resources({})
            interp.init_state(tc.MATRIX_IDENTITY)
            try:
                interp.execute(streams)
                error = None
            except Exception as exc:
                error = f"{type(exc).__name__}: {exc}"
            results.append(([c[:2] for c in device.calls], error))
        finally:
            kernel.use_native(None)
    assert results[0] == results[1]
    assert results[0][0], "the first stream drew nothing"


def test_a_page_of_streams_too_long_to_read_ahead_is_read_by_tokens_py(node, monkeypatch):
    # The kernel reads all of a page's streams before Python calls anything; past READ_AHEAD bytes it
    # leaves them to tokens.py's loop, which reads in step with the clock (a hostile page may be huge).
    import hostile as h

    page = h.text_ops([(72, 700, 12, "A line of text")]) + b"q Q " * 500
    pdf = h.document([page])
    python = tc.read(pdf, True, monkeypatch)
    monkeypatch.setattr(kernel, "READ_AHEAD", 1000)
    runs = []
    real = tokens._run_python
    monkeypatch.setattr(tokens, "_run_python", lambda *args: runs.append(args) or real(*args))
    kernel.use_native(node)
    try:
        assert tc.read(pdf, True, monkeypatch) == python
    finally:
        kernel.use_native(None)
    assert len(runs) == 1 and [line.text for line in python[0][5]] == ["A line of text"]
    _, text = kernel.operator_table(Interpreter)
    reader = node.Reader.new(node.table(text))
    assert reader.feed(b"q Q " * 200, False) is None  # 800 bytes: under the limit
    assert reader.feed(b"q Q " * 100, True) == "python: streams too long to read ahead"
