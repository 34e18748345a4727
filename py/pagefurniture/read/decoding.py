"""Decoding streams within bounds: pdfminer's stream filters replaced by versions that stop at a cap.

pdfminer decompresses whatever a file asks for; a stream built to hurt expands into gigabytes. The
decoders here (zlib, LZW, run length, and CCITT fax and the predictors wrapped by ``_capped``) stop at
``Limits.max_stream_bytes``, and every decoded stream counts against ``Limits.max_decoded_bytes`` for the
whole file: the ``Budget`` of a run, applied with ``budget()``. ``patches.install`` puts them in
pdfminer's place.
"""

from __future__ import annotations

import contextvars
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from pdfminer.pdftypes import PDFStream

from ..errors import LimitExceeded

# Decompress in slices of this size so that a bomb is stopped after at most one slice past the cap.
_SLICE = 1 << 20
_PIECE = 1 << 12  # input fed at a time to a damaged stream (``_inflate_to_damage``)


@dataclass
class Budget:
    """The stream caps of one run, and where it is (for the messages)."""

    max_stream_bytes: int
    max_decoded_bytes: int | None = None  # all streams of the run together (pdfminer keeps them decoded)
    page: int | None = None  # the page being read, for the message; None while opening the file
    decoded: int = 0


_budget: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("pagefurniture_budget", default=None)


@contextmanager
def budget(state: Budget) -> Iterator[Budget]:
    """Apply the stream size caps of ``state`` to every stream decoded inside the ``with`` block.

    One Budget serves a whole file, also when its pages are read in several calls. ``Budget.page`` should
    be set to the page being read so that the message can name it.
    """
    from .patches import install  # here, not at the top: patches imports this module

    install()
    token = _budget.set(state)
    try:
        yield state
    finally:
        _budget.reset(token)


def _cap() -> int | None:
    state = _budget.get()
    return state.max_stream_bytes if state is not None else None


def _too_large() -> LimitExceeded:
    state = _budget.get()
    assert state is not None
    where = f"page {state.page}" if state.page else "the file"
    mb = state.max_stream_bytes / 2**20
    return LimitExceeded(f"{where} contains a compressed stream that expands to more than {mb:.0f} MB, the limit for "
                         "one stream; the file is damaged or built to exhaust memory")


def _check(size: int) -> None:
    cap = _cap()
    if cap is not None and size > cap:
        raise _too_large()



# -- decoders ------------------------------------------------------------------------------------------


def _inflate(data: bytes) -> bytes:
    """zlib-decompress ``data`` in bounded slices; raise zlib.error on damage (pdfminer then asks
    ``_decompress_corrupted``)."""
    cap = _cap()
    limit = cap + 1 if cap is not None else 0
    d = zlib.decompressobj()
    out: list[bytes] = []
    size = 0
    pending = data
    while pending:
        chunk = d.decompress(pending, _SLICE if limit else 0)
        size += len(chunk)
        out.append(chunk)
        if limit and size >= limit:
            raise _too_large()
        if d.eof:
            break
        pending = d.unconsumed_tail
        if not pending and not chunk:
            break
    if not d.eof:
        tail = d.flush()
        size += len(tail)
        out.append(tail)
        _check(size)
    return b"".join(out)


def _inflate_to_damage(data: bytes) -> bytes:
    """Every byte that decodes before the damage in ``data``, as PDF viewers read a damaged stream (one
    whose checksum is wrong keeps all of its text). The input goes in pieces; the piece that fails goes
    again, one byte at a time, from the state before it: zlib keeps nothing of a call that fails, and
    pdfminer's own fallback feeds every byte so and concatenates bytes, which is quadratic."""
    d = zlib.decompressobj()
    out: list[bytes] = []
    size = 0
    for start in range(0, len(data), _PIECE):
        piece = data[start:start + _PIECE]
        before, damaged = d.copy(), False
        try:
            chunks = [d.decompress(piece)]
        except zlib.error:
            d, chunks, damaged = before, [], True
            for k in range(len(piece)):
                try:
                    chunks.append(d.decompress(piece[k:k + 1]))
                except zlib.error:
                    break
        for chunk in chunks:
            size += len(chunk)
            _check(size)
            out.append(chunk)
        if damaged or d.eof:
            break
    return b"".join(out)


class _Zlib:
    """Stands in for the ``zlib`` module inside ``pdfminer.pdftypes``: the same API, capped."""

    error = zlib.error

    @staticmethod
    def decompress(data: bytes, *args: Any, **kwargs: Any) -> bytes:
        return _inflate(data)

    @staticmethod
    def decompressobj(*args: Any, **kwargs: Any) -> Any:
        return zlib.decompressobj(*args, **kwargs)


def _decompress_corrupted(data: bytes) -> bytes:
    return _inflate_to_damage(data)


def _lzwdecode(data: bytes) -> bytes:
    import io

    from pdfminer.lzw import LZWDecoder

    out: list[bytes] = []
    size = 0
    for chunk in LZWDecoder(io.BytesIO(data)).run():
        size += len(chunk)
        _check(size)
        out.append(chunk)
    return b"".join(out)


def _rldecode(data: bytes) -> bytes:
    """RunLengthDecode (PDF 32000 7.4.5) that stops at the cap and accepts a truncated stream.

    pdfminer's version raises RuntimeError on a truncated run (StopIteration inside a generator).
    """
    out = bytearray()
    i, n = 0, len(data)
    cap = _cap()
    while i < n:
        length = data[i]
        i += 1
        if length == 128:
            break
        if length < 128:
            out += data[i:i + length + 1]
            i += length + 1
        else:
            if i >= n:
                break
            out += data[i:i + 1] * (257 - length)
            i += 1
        if cap is not None and len(out) > cap:
            raise _too_large()
    return bytes(out)


def _counted(decode: Callable[[PDFStream], None]) -> Callable[[PDFStream], None]:
    """Wrap ``PDFStream.decode`` to add each decoded stream to the run's total.

    pdfminer keeps every object it has read, decoded streams included, until the document is dropped; a
    file of many streams each under the per-stream cap could still fill the memory without this.
    """

    def wrapper(self: PDFStream) -> None:
        decode(self)
        state = _budget.get()
        if state is None or state.max_decoded_bytes is None:
            return
        state.decoded += len(self.data or b"")
        if state.decoded > state.max_decoded_bytes:
            where = f"page {state.page}" if state.page else "opening the file"
            raise LimitExceeded(f"reading stopped at {where}: the file's compressed streams expand to more than "
                                f"{state.max_decoded_bytes / 2**20:.0f} MB in all, the limit for one file; "
                                "split it into smaller PDFs")

    return wrapper


def _capped(fn: Callable[..., bytes]) -> Callable[..., bytes]:
    def wrapper(*args: Any) -> bytes:
        result = fn(*args)
        _check(len(result))
        return result

    wrapper.__name__ = getattr(fn, "__name__", "decoder")
    return wrapper
