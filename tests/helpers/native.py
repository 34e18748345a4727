"""The JavaScript kernel (``site/kernel/``) in CPython, run by node, behind the same calls ``read/kernel.py``
makes on it in Pyodide (``table``, ``Reader.new``, ``feed``, ``take``, ``Objects.new``, ``file``, ``object``,
``stream``, ``Glyphs.new``, ``begin``, ``truncate``, ``run``, ``define``, ``lines``, ``to_bytes``), so that the
tests read real PDFs through it and compare with ``read/tokens.py``'s own loop and pdfminer's parser.

    with native.NodeReader() as module:
        kernel.use_native(module)
"""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

SCRIPT = Path(__file__).with_name("content_reader.mjs")


class _Chunk:
    def __init__(self, data: bytes) -> None:
        self.data = data

    def to_bytes(self) -> bytes:
        return self.data


class _Handle:
    """One object made in node (a reader of streams, of objects, or a placer of glyphs), dropped with this."""

    def __init__(self, module: NodeReader, kind: str, argument: Any) -> None:
        self.module = module
        self.id = module.ask({kind: argument})[kind]

    @staticmethod
    def _answer(answer: dict) -> _Chunk | str:
        """A pickle, or the reason there is none."""
        return answer["stop"] if "stop" in answer else _Chunk(base64.b64decode(answer["chunk"]))

    def __del__(self) -> None:
        if self.module.process.poll() is None:
            self.module.ask({"drop": self.id})


class _Reader(_Handle):
    def __init__(self, module: NodeReader, table: int) -> None:
        super().__init__(module, "reader", table)

    def feed(self, data: bytes, last: bool) -> str | None:
        return self.module.ask({"feed": self.id, "data": _b64(data), "last": last})["stop"]

    def take(self) -> _Chunk | None:
        chunk = self.module.ask({"take": self.id})["chunk"]
        return None if chunk is None else _Chunk(base64.b64decode(chunk))


class _Objects(_Handle):
    def __init__(self, module: NodeReader, digits: int) -> None:
        super().__init__(module, "objects", digits)

    def file(self, data: bytes) -> None:
        self.module.ask({"file": self.id, "data": _b64(data)})

    def object(self, pos: int, objid: int) -> _Chunk | str:
        return self._answer(self.module.ask({"object": self.id, "pos": pos, "objid": objid}))

    def stream(self, data: bytes) -> _Chunk | str:
        return self._answer(self.module.ask({"stream": self.id, "data": _b64(data)}))


class _Glyphs(_Handle):
    def __init__(self, module: NodeReader, config: str) -> None:
        super().__init__(module, "glyphs", config)

    def begin(self) -> None:
        self.module.ask({"begin": self.id})

    def truncate(self, index: int) -> None:
        self.module.ask({"truncate": self.id, "index": index})

    def run(self, records: Any, seqs: Any) -> _Chunk | int | str | None:
        answer = self.module.ask({"run": self.id, "records": _b64(records), "seqs": _b64(seqs)})
        if "limit" in answer:
            return answer["limit"]
        return self._answer(answer) if "stop" in answer or "chunk" in answer else None

    def define(self, table: Any) -> None:
        self.module.ask({"define": self.id, "entries": _b64(table)})

    def lines(self, left: float, top: float) -> _Chunk | str:
        return self._answer(self.module.ask({"lines": self.id, "left": left, "top": top}))


def _b64(data: Any) -> str:
    return base64.b64encode(bytes(data)).decode()


class NodeReader:
    """The kernel (``site/kernel/index.mjs``), as ``kernel.use_native`` takes it."""

    def __init__(self) -> None:
        node = shutil.which("node")
        if node is None:
            pytest.fail("node is needed to test site/kernel/ outside the browser (apt-get install nodejs)")
        self.process = subprocess.Popen([node, str(SCRIPT)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        text=True, bufsize=1)
        module = self

        class Reader:
            @staticmethod
            def new(table: int) -> _Reader:
                return _Reader(module, table)

        class Objects:
            @staticmethod
            def new(digits: int) -> _Objects:
                return _Objects(module, digits)

        class Glyphs:
            @staticmethod
            def new(config: str) -> _Glyphs:
                return _Glyphs(module, config)

        self.Reader = Reader
        self.Objects = Objects
        self.Glyphs = Glyphs

    def ask(self, request: dict) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        answer = json.loads(self.process.stdout.readline())
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer

    def table(self, text: str) -> Any:
        return self.ask({"table": text})["table"]

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=10)

    def __enter__(self) -> NodeReader:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
