"""Writing the cleaned file: the original's bytes, with each changed object written over its old version.

An object that fits where its old version was is written there, padded with spaces, so that nothing else
moves and the cross-reference table stays right. One that does not fit (or is new: a form copied for some
pages) is appended, its old version blanked with spaces, and a complete cross-reference section follows
it. Either way the old bytes of a changed object are gone from the file: an incremental update would
leave them in it, readable by any tool that looks (see py/README.md, "The cleaned PDF").
"""

from __future__ import annotations

import bisect
import re
import struct
import zlib
from collections.abc import Callable
from dataclasses import dataclass

from ..errors import NotCleaned
from ..read.tracing import Traced
from .syntax import SyntaxProblem, dict_entries, dictionary, header, number, object_end, stream_start, value_end

# The same zlib level everywhere, so that the command line and the web page write the same bytes.
LEVEL = 9
# The first object of a linearised file: the dictionary that says so, after the header and its comments.
_STARTXREF = re.compile(rb"startxref\s+([0-9]+)\s+%%EOF\s*$")
_LINEARIZED = re.compile(rb"\s*%PDF-[^\r\n]*[\r\n]+(?:%[^\r\n]*[\r\n]+)*?\s*([0-9]+)\s+([0-9]+)\s+obj\s*"
                         rb"<<[^>]{0,600}?/Linearized\b")


def compress(data: bytes, fits: Callable[[bytes], bool] | None = None) -> bytes:
    """``data`` deflated, the smaller of zlib's default and filtered strategies: a changed stream that is no
    larger than the old one takes its place without moving anything. The filtered one (as slow as the
    default) is not tried when the default's output ``fits`` (where it goes, the smaller would not make the
    file shorter)."""
    best = b""
    for strategy in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_FILTERED):
        packer = zlib.compressobj(LEVEL, zlib.DEFLATED, 15, 8, strategy)
        packed = packer.compress(data) + packer.flush()
        if not best or len(packed) < len(best):
            best = packed
        if fits is not None and fits(best):
            break
    return best


@dataclass(frozen=True, slots=True)
class Written:
    """An object's new bytes in two parts, split before the end of its dictionary: spaces put there make it
    fill its old version's place exactly, so that it neither moves anything nor leaves a gap after it (a
    linearised file's hint tables count each object's bytes)."""

    head: bytes
    tail: bytes

    def __len__(self) -> int:
        return len(self.head) + len(self.tail)

    def filling(self, size: int) -> bytes:
        return self.head + b" " * (size - len(self)) + self.tail


def stream_object(objid: int, genno: int, entries: list[tuple[bytes, bytes]], data: bytes,
                  length: bytes | None = None) -> Written:
    """A whole stream object (``N G obj <<...>> stream ... endstream endobj``) with ``data`` as it is stored
    (already compressed and encrypted); its /Length (``length``, or else the number) is added to ``entries``."""
    head = dictionary([*entries, (b"Length", length or b"%d" % len(data))])
    return Written(b"%d %d obj%s" % (objid, genno, head[:-2]), b">>stream\n%s\nendstream endobj" % data)


def number_object(objid: int, genno: int, value: int) -> Written:
    return Written(b"%d %d obj %d" % (objid, genno, value), b" endobj")


def dictionary_object(objid: int, genno: int, entries: list[tuple[bytes, bytes]]) -> Written:
    return Written(b"%d %d obj%s" % (objid, genno, dictionary(entries)[:-2]), b">> endobj")


def extent(traced: Traced, objid: int, offset: int, *, live: bool = True) -> tuple[int, int]:
    """Where object ``objid``, stored in the file at ``offset``, begins (its number: the white space the offset
    may point at stays, keeping it apart from what precedes it) and ends (after endobj). ``live``: the
    version the file uses now, whose /Length may be another object's value; an earlier one's stream ends
    at its first endstream unless its /Length is a number."""
    data = traced.data
    try:
        found, _, begins, start = header(data, offset)
        if found != objid:
            raise SyntaxProblem(f"object {found} is where object {objid} should be")
        end = value_end(data, start)
        streamed = stream_start(data, end)
        length = -1
        if streamed is not None:
            length = traced.stream(objid)[1] if live else next(
                (int(data[s:e]) for key, s, e in dict_entries(data, start)[0]
                 if key == b"Length" and data[s:e].isdigit()), -1)
        return begins, object_end(data, end, streamed, length)
    except SyntaxProblem as exc:
        raise NotCleaned(f"object {objid} cannot be found where the file says it is ({exc})") from None


def _earlier_versions(traced: Traced, objid: int, taken: list[tuple[int, int, bytes]]) -> list[tuple[int, int, bytes]]:
    """Blanks for the earlier versions of a changed object that incremental updates left in the file (the
    furniture is in them too), where they can be found whole and apart from everything changed."""
    blanks: list[tuple[int, int, bytes]] = []
    for offset in traced.superseded(objid):
        try:
            start, end = extent(traced, objid, offset, live=False)
        except NotCleaned:
            continue
        if all(end <= a or start >= b for a, b, _ in taken + blanks):
            blanks.append((start, end, b" " * (end - start)))
    return blanks


def assemble(traced: Traced, changed: dict[int, Written], added: dict[int, Written]) -> bytes:
    """The original file with ``changed`` (object number -> the object's new bytes, its old version
    replaced) and ``added`` (new objects)."""
    data = traced.data
    where = traced.where()
    edits: list[tuple[int, int, bytes]] = []  # (start, end, bytes) in the original, in place of what was there
    appended = {objid: new.filling(len(new)) for objid, new in added.items()}
    moved = False  # whether anything moves: then the file gets a new cross-reference section
    for objid, new in sorted(changed.items()):
        place = where.get(objid)
        if place is None or place[0] != 1:  # inside an object stream: its new version goes at the end
            appended[objid] = new.filling(len(new))
            continue
        start, end = extent(traced, objid, place[1])
        if len(new) > end - start:
            moved = True
        edits.append((start, end, new.filling(max(len(new), end - start))))
    for objid in sorted(changed):
        edits += _earlier_versions(traced, objid, edits)
    if not moved and not appended:
        return _apply(data, edits)[0]
    gone = set()
    # A linearised file is no longer laid out as its first object says, so that object (which nothing refers
    # to) goes.
    lin = _LINEARIZED.match(data, 0, 4096)
    if lin is not None:
        objid = int(lin.group(1))
        place = where.get(objid)
        if place is not None and place[0] == 1 and objid not in changed:
            start, end = extent(traced, objid, place[1])
            edits.append((start, end, b" " * (end - start)))
            gone.add(objid)
    # The last cross-reference section is written anew: when it ends the file, the new one takes its place.
    cut = _last_section(data, where)
    if cut is not None:
        gone |= {objid for objid, place in where.items() if place[0] == 1 and place[1] >= cut}
        edits.append((cut, len(data), b""))
    out, shift = _apply(data, edits)
    if not out.endswith((b"\n", b"\r")):
        out += b"\n"
    offsets = {objid: (1, shift(place[1]), place[2]) if place[0] == 1 else place
               for objid, place in where.items() if objid not in gone}
    tail = bytearray(out)
    for objid, written in sorted(appended.items()):
        offsets[objid] = (1, len(tail), traced.generation(objid))
        tail += written + b"\n"
    return bytes(tail) + _xref(traced, offsets, len(tail))


def _apply(data: bytes, edits: list[tuple[int, int, bytes]]) -> tuple[bytes, Callable[[int], int]]:
    """``data`` with each (start, end, bytes) of ``edits`` (apart from one another) put in place of what was
    there, and where an offset of the original is now."""
    edits = sorted(edits)
    parts: list[bytes] = []
    pos = 0
    starts: list[int] = []
    deltas: list[int] = []  # how far everything at or after each edit's end has moved
    moved = 0
    for start, end, new in edits:
        if start < pos:
            raise NotCleaned("two changed objects overlap in the file")
        parts += (data[pos:start], new)
        pos = end
        moved += len(new) - (end - start)
        starts.append(start)
        deltas.append(moved)
    parts.append(data[pos:])

    def shift(offset: int) -> int:
        k = bisect.bisect_right(starts, offset) - 1
        # An edited object begins where its edit does, which has moved by what the edits before it moved.
        if k < 0:
            return offset
        if offset == starts[k]:
            return offset + (deltas[k - 1] if k else 0)
        return offset + deltas[k]

    return b"".join(parts), shift


def _last_section(data: bytes, where: dict[int, tuple[int, int, int]]) -> int | None:
    """Where the file's last cross-reference section begins, when nothing but it (and its trailer) follows."""
    found = _STARTXREF.search(data, max(0, len(data) - 1024))
    if found is None:
        return None
    at = int(found.group(1))
    if not 0 < at < len(data) or not re.match(rb"\s*(?:xref|[0-9]+\s+[0-9]+\s+obj)", data[at:at + 64]):
        return None
    if any(place[0] == 1 and place[1] > at for place in where.values()):
        return None
    return at


def _xref(traced: Traced, offsets: dict[int, tuple[int, int, int]], at: int) -> bytes:
    """A complete cross-reference section for ``offsets`` (what ``Traced.where`` gives) at offset ``at``, its
    trailer and the end of the file: a table, or a stream when some objects are inside object streams."""
    trailer = traced.trailer()
    size = max(offsets, default=0) + 1
    keys = [(key.encode(), trailer[key]) for key in ("Root", "Info", "ID", "Encrypt") if key in trailer]
    if all(kind == 1 for kind, _, _ in offsets.values()):
        rows = [b"0000000000 65535 f\r\n"]
        for objid in range(1, size):
            place = offsets.get(objid)
            rows.append(b"%010d %05d n\r\n" % (place[1], place[2]) if place else b"0000000000 00000 f\r\n")
        return (b"xref\n0 %d\n%s" % (size, b"".join(rows)) + b"trailer\n"
                + dictionary([(b"Size", b"%d" % size), *keys]) + b"\nstartxref\n%d\n%%%%EOF\n" % at)
    own = size  # the cross-reference stream is an object too
    size += 1
    offsets = {**offsets, own: (1, at, 0)}
    wide = 4 if at < 2**32 else 8
    table = b"".join(struct.pack(">B", kind) + a.to_bytes(wide, "big") + struct.pack(">H", b)
                     for kind, a, b in (_row(offsets.get(objid), objid) for objid in range(size)))
    data = compress(table)
    entries = [(b"Type", b"/XRef"), (b"Size", b"%d" % size), (b"W", b"[1 %d 2]" % wide),
               (b"Index", b"[0 %d]" % size), *keys, (b"Filter", b"/FlateDecode")]
    head = dictionary([*entries, (b"Length", number(len(data)))])
    return (b"%d 0 obj\n%s\nstream\n%s\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % (own, head, data, at))


def _row(place: tuple[int, int, int] | None, objid: int) -> tuple[int, int, int]:
    if place is None:
        return (0, 0, 65535 if objid == 0 else 0)
    kind, a, b = place
    return (kind, a, b)
