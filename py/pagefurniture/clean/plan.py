"""Which objects of the file change, and how: the rewritten content streams and forms, the forms copied for
the pages that differ, and the page dictionaries that must point at the copies.

A stream (a page's content, or a Form XObject) is drawn in some contexts; in each its glyphs to remove make
its *variant* (the edits of its operators, and the variants of the forms it draws). Streams drawn with one
variant only are rewritten in place. A stream drawn with several (a form whose header is kept on one page
and removed on the others), or one that something left as it is may draw (a page with nothing removed, an
annotation, a pattern), keeps its object for what stays as it is and gets a copy for each other variant;
the page, or the form that draws it, is given resources that name the copy instead.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from ..errors import NotCleaned
from ..read.tracing import Context, PageTrace, Show, Traced
from . import content
from .file import Written, compress, dictionary_object, extent, number_object, stream_object
from .syntax import (
    SyntaxProblem,
    dict_entries,
    dictionary,
    header,
    key_name,
    map_strings,
    ref,
    reference,
    stream_start,
    value_end,
)

# A variant of a stream: its edits ((start, end, new bytes) of each operator rewritten) and the forms it
# draws that change ((name, form's object, that form's variant)). None: drawn as it is.
Variant = tuple[tuple[tuple[int, int, bytes], ...], tuple[tuple[str, int, object], ...]] | None

# Entries of a stream's dictionary that describe its data as stored: the new data says it anew.
_DATA_KEYS = {b"Length", b"Filter", b"DecodeParms", b"DL", b"F", b"FFilter", b"FDecodeParms"}
_MAX_HOPS = 32  # references followed in a row, and page-tree levels climbed for inherited resources


@dataclass
class _Stream:
    """One stream object with the variants it is drawn with."""

    objid: int
    uses: Counter = field(default_factory=Counter)  # variant -> how many contexts draw it so
    shows: dict[Variant, list[Show]] = field(default_factory=dict)  # the operators each variant rewrites
    # For a form: (the page, the context) of a use of each variant, to find inherited resources.
    where: dict[Variant, tuple[PageTrace, Context]] = field(default_factory=dict)
    pinned: bool = False  # something left as it is may draw it: its own object stays as it is
    objects: dict[Variant, int] = field(default_factory=dict)  # variant -> the object that draws it


@dataclass
class Changes:
    """What the cleaned file changes: objects written over their old version, and new objects."""

    changed: dict[int, Written] = field(default_factory=dict)
    added: dict[int, Written] = field(default_factory=dict)


def changes(traced: Traced, traces: dict[int, PageTrace], page_count: int) -> Changes:
    """The objects to write for the pages ``traces`` (the pages with lines removed, by number)."""
    store = _Store(traced)
    forms: dict[int, _Stream] = {}
    contents: dict[int, _Stream] = {}
    page_forms: dict[int, dict[str, tuple[int, Variant]]] = {}  # page -> the forms it draws that change
    page_streams: dict[int, list[tuple[int, Variant]]] = {}  # page -> its content streams' variants
    for number, trace in traces.items():
        variants = _variants(trace)
        for context in trace.contexts[1:]:
            stream = forms.setdefault(context.streams[0], _Stream(context.streams[0]))
            drawn = variants[context.number]
            stream.uses[drawn] += 1
            stream.shows.setdefault(drawn, list(context.shows))
            stream.where.setdefault(drawn, (trace, context))
        page = trace.contexts[0]
        listed = []
        for k, objid in enumerate(page.streams):
            shows = [show for show in page.shows if show.stream == k]
            variant: Variant = (_edits(shows), ()) if shows else None
            stream = contents.setdefault(objid, _Stream(objid))
            stream.uses[variant] += 1
            stream.shows.setdefault(variant, shows)
            listed.append((objid, variant))
        page_streams[number] = listed
        page_forms[number] = _drawn(trace, page, _children(trace).get(page.number, []), variants)
    # What else may draw the same streams: the pages with nothing removed, annotations, patterns.
    changing = {objid for objid, stream in forms.items() if any(variant is not None for variant in stream.uses)}
    for number in range(1, page_count + 1):
        if number not in traces:
            for objid in traced.page_contents(number):
                if objid in contents:
                    contents[objid].pinned = True
        if changing:
            reached, elsewhere = traced.forms_reached(number)
            for objid in (elsewhere if number in traces else reached | elsewhere) & changing:
                forms[objid].pinned = True
    fresh = itertools.count(max(traced.where(), default=0) + 1)
    for stream in (*contents.values(), *forms.values()):
        _assign(stream, fresh)
    changes = Changes()
    for stream in contents.values():
        for variant, objid in stream.objects.items():
            if variant is not None:
                _write_content(store, changes, stream, variant, objid)
    for stream in forms.values():
        for variant, objid in stream.objects.items():
            if variant is not None:
                _write_form(store, changes, stream, variant, objid, forms)
    for number, trace in traces.items():
        _write_page(store, changes, trace, page_streams[number], page_forms[number], contents, forms)
    return changes


def _edits(shows: list[Show]) -> tuple[tuple[int, int, bytes], ...]:
    return tuple(sorted((show.start, show.end, content.operator(show)) for show in shows))


def _children(trace: PageTrace) -> dict[int, list[Context]]:
    """The forms each context of a page draws: context number -> theirs."""
    out: dict[int, list[Context]] = {}
    for context in trace.contexts:
        if context.parent is not None:
            out.setdefault(context.parent, []).append(context)
    return out


def _variants(trace: PageTrace) -> dict[int, Variant]:
    """The variant each form context of a page is drawn with (children before their parents: a child is
    entered after its parent, so it has the higher number)."""
    variants: dict[int, Variant] = {}
    children = _children(trace)
    for context in reversed(trace.contexts[1:]):
        drawn = _drawn(trace, context, children.get(context.number, []), variants)
        edits = _edits(list(context.shows))
        changed = tuple(sorted((name, objid, variant) for name, (objid, variant) in drawn.items()
                               if variant is not None))
        variants[context.number] = (edits, changed) if edits or changed else None
    return variants


def _drawn(trace: PageTrace, parent: Context, children: list[Context],
           variants: dict[int, Variant]) -> dict[str, tuple[int, Variant]]:
    """The forms ``parent`` draws (its ``children``), by name: the form's object and its variant. A name
    drawn with two variants (a form drawn twice on a page, its header removed from one of them only)
    cannot be told apart by the resources, so the cleaned PDF refuses it."""
    out: dict[str, tuple[int, Variant]] = {}
    for context in children:
        if context.name is None:
            continue
        got = (context.streams[0], variants[context.number])
        if out.setdefault(context.name, got) != got:
            raise NotCleaned(f"page {trace.number} draws the form {context.name} more than once, with lines "
                             "removed from some of its copies only; keep or remove those lines on every copy alike")
    return out


def _assign(stream: _Stream, fresh: Iterator[int]) -> None:
    """Give each variant of ``stream`` its object: the stream's own for the variant drawn as it is (when
    something draws it so) or else for the most used one; a new object for each other."""
    variants = [variant for variant, _ in stream.uses.most_common()]
    own = None if stream.pinned or None in stream.uses else next(v for v in variants if v is not None)
    stream.objects[own] = stream.objid
    for variant in variants:
        if variant not in stream.objects:
            stream.objects[variant] = next(fresh)


class _Store:
    """Objects' values as raw bytes: (the bytes, where the value begins, where it ends, its object)."""

    def __init__(self, traced: Traced) -> None:
        self.traced = traced
        cipher = traced.cipher()
        self.encrypt: Callable[[int, int, bytes], bytes] | None = cipher[0] if cipher else None
        self.decrypt: Callable[[int, int, bytes], bytes] | None = cipher[1] if cipher else None

    def value(self, objid: int) -> tuple[bytes, int, int, int]:
        data, pos, in_file = self.traced.raw(objid)
        try:
            if in_file:
                pos = header(data, pos)[3]
            return data, pos, value_end(data, pos), objid
        except SyntaxProblem as exc:
            raise NotCleaned(f"object {objid} cannot be read as written ({exc})") from None

    def follow(self, data: bytes, start: int, end: int, owner: int) -> tuple[bytes, int, int, int]:
        """The value itself when ``data[start:end]`` refers to another object."""
        for _ in range(_MAX_HOPS):
            target = reference(data[start:end].strip())
            if target is None:
                return data, start, end, owner
            data, start, end, owner = self.value(target[0])
        raise NotCleaned(f"object {owner} is a chain of references that does not end")

    def entries(self, data: bytes, start: int) -> list[tuple[bytes, int, int]]:
        try:
            return dict_entries(data, start)[0]
        except SyntaxProblem as exc:
            raise NotCleaned(f"a dictionary cannot be read as written ({exc})") from None

    def moved(self, data: bytes, start: int, end: int, owner: int, objid: int) -> bytes:
        """A value of object ``owner`` as object ``objid`` holds it: in an encrypted file each object's strings
        are encrypted with its own key."""
        if self.decrypt is None or self.encrypt is None or owner == objid:
            return data[start:end]
        generation = self.traced.generation
        decrypt, encrypt = self.decrypt, self.encrypt
        return map_strings(data, start, end, lambda text: encrypt(objid, generation(objid),
                                                                  decrypt(owner, generation(owner), text)))

    def stream_data(self, objid: int, data: bytes, fits: Callable[[bytes], bool]) -> bytes:
        """A stream's new data as stored: compressed, and encrypted in an encrypted file (``compress`` asks
        ``fits`` of the data so stored)."""
        encrypt = self.encrypt
        if encrypt is None:
            return compress(data, fits)
        genno = self.traced.generation(objid)
        return encrypt(objid, genno, compress(data, lambda packed: fits(encrypt(objid, genno, packed))))

    def room(self, objid: int) -> tuple[int, int] | None:
        """For a stream stored in the file itself, what its new version may take without moving anything: the
        bytes of the whole object, and those of its data (its /Length); None for one that moves anyway."""
        place = self.traced.where().get(objid)
        if place is None or place[0] != 1:
            return None
        start, end = extent(self.traced, objid, place[1])
        return end - start, self.traced.stream(objid)[1]


def _write_content(store: _Store, changes: Changes, stream: _Stream, variant: Variant, objid: int) -> None:
    data = content.rewrite(store.traced.stream(stream.objid)[0], stream.shows[variant])
    _put(store, changes, stream.objid, objid, data, {})


def _write_form(store: _Store, changes: Changes, stream: _Stream, variant: Variant, objid: int,
                forms: dict[int, _Stream]) -> None:
    assert variant is not None
    data = content.rewrite(store.traced.stream(stream.objid)[0], stream.shows[variant])
    names = _renamed(variant[1], forms)
    replace: dict[bytes, bytes] = {}
    if names:
        trace, context = stream.where[variant]
        replace[b"Resources"] = _resources(store, _form_resources(store, trace, context), names, objid)
    _put(store, changes, stream.objid, objid, data, replace)


def _renamed(drawn: tuple[tuple[str, int, object], ...], forms: dict[int, _Stream]) -> dict[str, int]:
    """The forms drawn under names that must now name another object: name -> that object."""
    out = {}
    for name, objid, variant in drawn:
        target = forms[objid].objects[variant]  # type: ignore[index]
        if target != objid:
            out[name] = target
    return out


def _put(store: _Store, changes: Changes, source: int, objid: int, data: bytes,
         replace: dict[bytes, bytes]) -> None:
    """Write stream ``source`` with new ``data`` (and some entries of its dictionary replaced) as ``objid``."""
    raw, start, end, _ = store.value(source)
    entries = []
    length = None  # the object that holds the stream's /Length, when it is one and stays with it
    for key, s, e in store.entries(raw, start):
        if key == b"Length" and objid == source:
            length = reference(raw[s:e].strip())
        elif key not in _DATA_KEYS and key not in replace:
            entries.append((key, store.moved(raw, s, e, source, objid)))
    entries += [(b"Filter", b"/FlateDecode"), *replace.items()]
    if stream_start(raw, end) is None:
        raise NotCleaned(f"object {source} should be a stream and is not")
    genno = store.traced.generation(objid)
    link = ref(*length) if length else None
    room = store.room(source) if objid == source else None

    def fits(stored: bytes) -> bool:
        """Written over its old version, it moves nothing (nor does its length object)."""
        return room is not None and len(stream_object(objid, genno, entries, stored, link)) <= room[0] and (
            length is None or len(stored) <= room[1])

    stored = store.stream_data(objid, data, fits)
    if length is not None:
        # The length is an object of its own: it gets the new length, and the stream keeps referring to it
        # (an object nothing refers to any more would be left behind, and a linearised file counts it).
        changes.changed[length[0]] = number_object(length[0], length[1], len(stored))
    written = stream_object(objid, genno, entries, stored, link)
    (changes.changed if objid == source else changes.added)[objid] = written


def _form_resources(store: _Store, trace: PageTrace, context: Context) -> tuple[bytes, int, int, int] | None:
    """The resources a form is drawn with: its own, or else those of what draws it (as pdfminer does)."""
    while True:
        if context.parent is None:
            return _page_resources(store, trace.objid)
        raw, start, _, owner = store.value(context.streams[0])
        for key, s, e in store.entries(raw, start):
            if key == b"Resources":
                return store.follow(raw, s, e, owner)
        context = trace.contexts[context.parent]


def _page_resources(store: _Store, objid: int) -> tuple[bytes, int, int, int] | None:
    """A page's resources, its own or inherited from the page tree."""
    for _ in range(_MAX_HOPS):
        raw, start, _, owner = store.value(objid)
        parent = None
        for key, s, e in store.entries(raw, start):
            if key == b"Resources":
                return store.follow(raw, s, e, owner)
            if key == b"Parent":
                parent = reference(raw[s:e].strip())
        if parent is None:
            return None
        objid = parent[0]
    return None


def _resources(store: _Store, resources: tuple[bytes, int, int, int] | None, names: dict[str, int],
               objid: int) -> bytes:
    """A copy of ``resources`` for object ``objid`` whose XObjects ``names`` name other objects."""
    if resources is None:
        raise NotCleaned("a form that must be copied is drawn without resources")
    raw, start, _, owner = resources
    entries = []
    for key, s, e in store.entries(raw, start):
        if key == b"XObject":
            xraw, xstart, _, xowner = store.follow(raw, s, e, owner)
            xobjects = []
            for name, vs, ve in store.entries(xraw, xstart):
                target = names.get(name_text(name))
                xobjects.append((name, ref(target, 0) if target is not None else
                                 store.moved(xraw, vs, ve, xowner, objid)))
            entries.append((key, dictionary(xobjects)))
        else:
            entries.append((key, store.moved(raw, s, e, owner, objid)))
    return dictionary(entries)


def name_text(raw: bytes) -> str:
    """A name as pdfminer gives it (``literal_name``): its escapes read, as UTF-8 where it is."""
    name = key_name(raw)
    try:
        return name.decode("utf-8")
    except UnicodeDecodeError:
        return str(name)


def _write_page(store: _Store, changes: Changes, trace: PageTrace, streams: list[tuple[int, Variant]],
                drawn: dict[str, tuple[int, Variant]], contents: dict[int, _Stream],
                forms: dict[int, _Stream]) -> None:
    """Write the page's dictionary again when it must point at copies: of its content streams, or of the
    forms it draws."""
    targets = [contents[objid].objects[variant] for objid, variant in streams]
    names = _renamed(tuple((name, objid, variant) for name, (objid, variant) in drawn.items()
                           if variant is not None), forms)
    moved = targets != [objid for objid, _ in streams]
    if not moved and not names:
        return
    page = trace.objid
    raw, start, _, _ = store.value(page)
    replace: dict[bytes, bytes] = {}
    if moved:
        replace[b"Contents"] = b"[" + b" ".join(ref(objid, store.traced.generation(objid)) for objid in targets) + b"]"
    if names:
        replace[b"Resources"] = _resources(store, _page_resources(store, page), names, page)
    entries = [(key, raw[s:e]) for key, s, e in store.entries(raw, start) if key not in replace]
    changes.changed[page] = dictionary_object(page, store.traced.generation(page), [*entries, *replace.items()])
