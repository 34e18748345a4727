"""The entry point the web page's worker calls: plain arguments in, one JSON string out.

The page runs one main worker and, on a machine with more cores, helper workers, each with its own
Python. Each calls ``install()`` once. For a file, every worker calls ``open_pdf()``; the page then hands
out runs of pages to ``read_pages()`` on whichever worker is free, so a long PDF is read on several cores.
Helpers give their pages back as data, and the main worker's ``finish()`` puts all pages together, finds
the furniture and answers with everything the page shows. The main worker keeps the Reports of the last
files it read, each under the key the page gave it (the page reads many files in turn): ``choose()``
applies the switches to one of them, so flipping a switch reads nothing again. The four output files are
made when the page asks for them (``outputs()``: to download, copy or pack them), not with every answer:
for a long file, making and sending them took as long as finding the furniture. ``cleaned_pdf()`` makes the
cleaned PDF when the page asks for it, from the file's bytes, which the page hands over again (the worker
does not keep them). ``zip_outputs()`` packs every file's outputs into one ZIP, laid out as
``pagefurniture FOLDER --out-dir OUT`` writes them, with the ``manifest.jsonl`` that ``--manifest`` writes:
one line per file given, the failed ones included.

Every answer is ``{"ok": true, ...}`` or ``{"ok": false, "error": {"kind", "message", "detail"}}``, so
that errors cross the worker boundary as data, never as exceptions. ``HANDLERS`` names the function of each
request the worker passes on (``site/worker.js`` has the same table). What a worker holds between calls is
one ``Session``. This module touches neither pdfminer nor Pyodide: ``install()`` hands the browser's way of
fetching character maps to ``read.install()``, and values from JavaScript are converted by ``read.kernel``.

>>> import json
>>> json.loads(open_pdf(b"hello", "notes.txt"))["error"]["kind"]
'not-a-pdf'
"""

from __future__ import annotations

import io
import json
import posixpath
import sys
import traceback
import zipfile
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import manifest
from ._version import __version__
from .choices import command
from .errors import BUG_KIND, PageFurnitureError
from .model import Group, Line, Page
from .read import PDFMINER_VERSION, Reader, kernel
from .read import install as install_reading
from .report import CLEANED_PDF, OUTPUTS, Named, Report, decision, line_decision, page_runs, report_for

# The Reports kept for choose(): enough for a batch reviewed file by file; a file read longer ago is
# forgotten (the page reads it again when it is opened), so memory does not grow with the batch.
KEEP_REPORTS = 16


@dataclass
class Session:
    """What a worker holds between calls: the open file and the pages it read of it, and the Reports kept."""

    reader: Reader | None = None  # the open file
    name: str = "document.pdf"
    pages: dict[int, Page] = field(default_factory=dict)  # the pages this worker read and kept
    # key -> the detector's decisions, most recent last (at most KEEP_REPORTS of them)
    reports: OrderedDict[str, Report] = field(default_factory=OrderedDict)

    def close(self) -> None:
        """Forget the open file and the pages read from it."""
        self.reader = None
        self.pages.clear()


_session = Session()


def install(*, cmap_url: str | None = None, aes: Any = None, fetch: Callable[[str], bytes | None] | None = None,
            cmaps: Any = None, reader: Any = None) -> str:
    """Prepare pdfminer for the browser: an AES engine, character maps fetched on first use, and the
    JavaScript reader of content streams.

    ``aes`` is the aes-js module; ``cmap_url`` the folder the build put pdfminer's cmaps in (``NAME.json.gz``);
    ``fetch(url) -> bytes | None`` defaults to a synchronous request (allowed in a worker): None when the site
    has no such file, an OSError when it cannot be had now. ``cmaps`` names the maps the site has (the
    build's manifest lists them): a map it has that cannot be fetched is then an error that says so, one
    it does not have is left to pdfminer, which reads the font without it, as it does anywhere.
    ``reader`` is the JavaScript kernel, ``site/kernel/index.mjs``: PDFs are then read with it.
    """
    if aes is not None:
        kernel.use_aes(aes)
    source = None  # where reading gets a character map from: the site, once it is given
    if cmap_url is not None:
        base = cmap_url if cmap_url.endswith("/") else cmap_url + "/"
        get = fetch or kernel.get
        names = None if cmaps is None else frozenset(kernel.as_py(cmaps))

        def cmap(name: str) -> bytes | None:
            if names is not None and name not in names:
                return None  # not one of pdfminer's maps: nothing to ask the site for
            data = get(f"{base}{name}.json.gz")
            if data is None and names is not None:
                raise OSError("is missing from this site, which lists it; reload the page, "
                              "or use the command line tool")
            return data

        source = cmap
    install_reading(cmaps=source, reader=reader)
    return json.dumps({"ok": True, "versions": {"pagefurniture": __version__, "pdfminer.six": PDFMINER_VERSION,
                                                 "python": sys.version.split()[0]}})


def open_pdf(data: Any, name: str, password: str | None = None) -> str:
    """Open one PDF (bytes, or a JS Uint8Array) and forget the last one: ``{"ok": true, "pages": N}``."""
    session = _session
    session.close()
    try:
        session.reader = reader = Reader(bytes(kernel.as_bytes(data)), password=password or None)
    except Exception as exc:
        return _failure(exc)
    session.name = name
    return json.dumps({"ok": True, "pages": reader.page_count})


def read_pages(first: int, last: int, share: bool = False) -> str:
    """Read pages ``first`` to ``last`` of the open PDF.

    The main worker keeps them for ``finish()``; a helper (``share``) answers with them as
    ``{"ok": true, "pages": [...]}``, which the page passes on to the main worker's ``finish()``.
    """
    reader = _session.reader
    if reader is None:
        return _error("error", "there is no open PDF; open a PDF first")
    try:
        pages = [reader.read(number) for number in range(first, last + 1)]
    except Exception as exc:
        return _failure(exc)
    if share:
        return json.dumps({"ok": True, "pages": [_page_data(page) for page in pages]}, ensure_ascii=False)
    _session.pages.update((page.number, page) for page in pages)
    return json.dumps({"ok": True})


def finish(shared: Any = (), key: str = "") -> str:
    """Find the furniture in every page of the open PDF and return everything the page shows, as JSON.

    ``shared`` holds the answers of helpers' ``read_pages()`` (JSON text); the pages read nowhere are read
    here. The Report is kept under ``key`` for ``choose()``.
    """
    session = _session
    reader = session.reader
    if reader is None:
        return _error("error", "there is no open PDF; open a PDF first")
    try:
        for answer in kernel.as_py(shared):
            session.pages.update((page.number, page) for page in map(_page_from, json.loads(answer)["pages"]))
        pages = [session.pages.get(number) or reader.read(number) for number in range(1, reader.page_count + 1)]
        report = report_for(session.name, pages, encrypted=reader.encrypted, cut_off=reader.cut_off)
        report.require_text()
    except Exception as exc:
        return _failure(exc)
    finally:
        session.close()  # the file's memory goes back now; the pages live on in the Report
    reports = session.reports
    reports[key] = report
    reports.move_to_end(key)
    while len(reports) > KEEP_REPORTS:
        reports.popitem(last=False)
    return json.dumps({"ok": True, **_view(report)}, ensure_ascii=False)


def close() -> None:
    """Forget the open file and the pages read from it (a helper, once its share is done)."""
    _session.close()


def _page_data(page: Page) -> list:
    return [page.number, page.width, page.height, page.error,
            [[line.text, *line.box, line.size, line.font, line.angle, line.artifact] for line in page.lines],
            [list(box) for box in page.pictures]]


def _page_from(data: list) -> Page:
    number, width, height, error, lines, pictures = data
    return Page(number=number, width=width, height=height, error=error, pictures=tuple(map(tuple, pictures)),
                lines=tuple(Line(text=text, box=(x0, top, x1, bottom), size=size, font=font, angle=angle,
                                 artifact=artifact)
                            for text, x0, top, x1, bottom, size, font, angle, artifact in lines))


def choose(key: str, keep: Any = (), remove: Any = (), keep_lines: Any = (), remove_lines: Any = (),
           since: Any = None) -> str:
    """Apply the user's choices to the file read under ``key`` and return what the page shows, as JSON.

    The choices are all there are for that file (group ids to keep and remove, [page, index] of lines to
    keep and remove): each call starts from the detector's decisions. A file no longer kept answers with
    the error kind "forgotten": the page then reads it again.

    ``since`` is the choices of the answer the page shows already (a mapping with the same four keys). Then
    ``groups`` and ``layout`` hold only the groups and pages whose words or lines differ from that answer's,
    and ``"partial"`` is true: a switch flipped in a file of 1,500 pages changes a few pages, and making and
    sending all of them took seconds.
    """
    current = _chosen(key, keep, remove, keep_lines, remove_lines)
    if isinstance(current, str):
        return current
    if since is None:
        return json.dumps({"ok": True, **_view(current)}, ensure_ascii=False)
    was = kernel.as_py(since)
    before = _chosen(key, *(was.get(name, ()) for name in ("keep", "remove", "keep_lines", "remove_lines")))
    if isinstance(before, str):
        return before
    groups, pages = _changes(before, current)
    return json.dumps({"ok": True, "partial": True, **_view(current, groups=groups, pages=pages)},
                      ensure_ascii=False)


def _changes(before: Report, after: Report) -> tuple[set[int], set[int]]:
    """The ids of the groups whose decision differs between two choices of one Report, and the numbers of
    the pages where a line's decision does (its group's, or its own)."""
    groups = {new.id for old, new in zip(before.groups, after.groups, strict=True) if old != new}
    lines = (before.removed_keys() ^ after.removed_keys()) | (before.keep_lines ^ after.keep_lines) \
        | (before.remove_lines ^ after.remove_lines)
    pages = {page for page, _ in lines}
    pages.update(page for group in after.groups if group.id in groups for page, _ in group.members)
    return groups, pages


def outputs(key: str, keep: Any = (), remove: Any = (), keep_lines: Any = (), remove_lines: Any = ()) -> str:
    """The text of each output file of the file read under ``key``, with the choices given as ``choose()``
    takes them: ``{"ok": true, "texts": {output name: text}}`` (their names and types came with the file's
    answer). A file no longer kept answers with the error kind "forgotten", as in ``choose()``."""
    current = _chosen(key, keep, remove, keep_lines, remove_lines)
    if isinstance(current, str):
        return current
    return json.dumps({"ok": True, "texts": {output.name: output.make(current) for output in OUTPUTS}},
                      ensure_ascii=False)


def cleaned_pdf(key: str, data: Any, password: str | None = None, keep: Any = (), remove: Any = (),
                keep_lines: Any = (), remove_lines: Any = ()) -> Any:
    """The cleaned PDF of the file read under ``key``, with the choices given as ``choose()`` takes them:
    its bytes (a Uint8Array in the browser), the same bytes ``pagefurniture FILE --pdf OUT`` writes. ``data``
    is the file itself again, and ``password`` the one it was opened with.

    Made only when asked for, with the writer imported then. When it cannot be made, the answer is the
    JSON text of an error, as everywhere else (kind "not-cleaned" with the reason, "forgotten", ...).
    """
    current = _chosen(key, keep, remove, keep_lines, remove_lines)
    if isinstance(current, str):
        return current
    try:
        pdf = current.cleaned_pdf(bytes(kernel.as_bytes(data)), password=password or None)
    except Exception as exc:
        return _failure(exc)
    return kernel.as_js(pdf)


def _chosen(key: str, keep: Any, remove: Any, keep_lines: Any, remove_lines: Any) -> Report | str:
    """The Report kept under ``key`` with those choices applied, or the error answer."""
    base = _session.reports.get(key)
    if base is None:
        return _error("forgotten", "this file is no longer held in memory; it is read again")
    _session.reports.move_to_end(key)
    as_py = kernel.as_py
    try:
        return base.choose(keep=as_py(keep), remove=as_py(remove), keep_lines=map(tuple, as_py(keep_lines)),
                           remove_lines=map(tuple, as_py(remove_lines)))
    except ValueError as exc:
        return _error("error", str(exc))


def forget(key: str) -> None:
    """Drop the Report kept under ``key`` (the page removed the file from its list)."""
    _session.reports.pop(key, None)


def zip_outputs(files: Any, clean_pdfs: bool = False) -> Any:
    """One ZIP of a batch: every file's outputs, and its manifest. ``files`` (as JSON text, or as data) holds
    one entry per file given, in the order given:
    ``{"file", "path", "texts", "status", "pages", "removed_lines", "error", "seconds"}``, and with
    ``clean_pdfs`` (as ``--clean-pdf`` asks) ``"pdf"``: the file's cleaned PDF (bytes, a Uint8Array in the
    browser), or null when it could not be made.

    ``texts`` ({output name: text}, as ``outputs()`` answers) is null for a file that was not read. Its
    outputs go where ``pagefurniture FOLDER --out-dir OUT`` puts them: ``path`` is where the page found
    the PDF, under the folder the user gave (whose own name is not kept), or its name alone. Two PDFs that
    would write the same outputs (``--out-dir`` refuses them) both stay: the second one's files get " (2)"
    after the name, and so on. ``manifest.jsonl`` has one line per file, as ``--manifest`` writes it
    (``file`` is the name the page lists it under); ``status`` must be one of ``manifest.Done``.
    Returns the ZIP's bytes (a Uint8Array in the browser).
    """
    buffer = io.BytesIO()
    seen: set[str] = set()
    rows = []
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for item in json.loads(files) if isinstance(files, str) else kernel.as_py(files):
            texts = item["texts"]
            pdf = item.get("pdf") if clean_pdfs and texts is not None else None
            rows.append(manifest.row(item["file"], item["status"], pages=item["pages"],
                                     removed_lines=item["removed_lines"], error=item["error"],
                                     seconds=item["seconds"], clean_pdfs=clean_pdfs,
                                     clean_pdf=None if texts is None else pdf is not None))
            if texts is None:
                continue
            contents: dict[Named, str | bytes] = {output: texts[output.name] for output in OUTPUTS}
            if pdf is not None:
                contents[CLEANED_PDF] = bytes(kernel.as_bytes(pdf))
            given = item["path"].replace("\\", "/").strip("/")
            within = given.split("/", 1)[1] if "/" in given else given  # below the folder given
            folder, name = posixpath.split(within)
            names = [output.file_name(name) for output in contents]
            paths = [posixpath.join(folder, file_name) for file_name in names]
            copy = 1
            while any(path in seen for path in paths):
                copy += 1
                paths = [posixpath.join(folder, _numbered(file_name, copy)) for file_name in names]
            for path, content in zip(paths, contents.values(), strict=True):
                seen.add(path)
                _write(archive, path, content)
        _write(archive, MANIFEST, manifest.jsonl(rows))
    return kernel.as_js(buffer.getvalue())


MANIFEST = "manifest.jsonl"  # in the ZIP of a batch, beside the outputs, as --manifest OUT/manifest.jsonl puts it


def _write(archive: zipfile.ZipFile, path: str, content: str | bytes) -> None:
    info = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
    info.compress_type = zipfile.ZIP_DEFLATED
    archive.writestr(info, content.encode("utf-8") if isinstance(content, str) else content)


def _numbered(file_name: str, copy: int) -> str:
    """report.clean.txt -> report (2).clean.txt: the output's stem numbered, its suffix kept."""
    for output in (*OUTPUTS, CLEANED_PDF):
        if file_name.endswith("." + output.suffix):
            return f"{file_name[:-len(output.suffix) - 1]} ({copy}).{output.suffix}"
    return f"{file_name} ({copy})"


def _view(report: Report, *, groups: set[int] | None = None, pages: set[int] | None = None) -> dict:
    """What the page shows of a Report: its summary, groups, command and choices, each output's name and
    type (``outputs()`` makes their text), and every page's lines; only the ``groups`` (ids) and ``pages``
    (numbers) given, when given."""
    shown = [{**group, "runs": page_runs(group["pages"])} for group in report.group_dicts(groups)]
    lines = report.line_choices()
    # What the user chose, in the form choose() takes: only what differs from the detector.
    choices = {"keep": [g.id for g in report.groups if g.decided_by == "user" and not g.remove],
               "remove": [g.id for g in report.groups if g.decided_by == "user" and g.remove],
               "keep_lines": lines["keep"], "remove_lines": lines["remove"]}
    status, missing = manifest.outcome(report)
    return {"name": report.name, "summary": report.summary(), "groups": shown, "command": command(report),
            "choices": choices, "outcome": {"status": status.value, "error": missing},
            "files": {output.name: {"file_name": output.file_name(report.name), "media_type": output.media_type}
                      for output in OUTPUTS},
            # Made apart, by cleaned_pdf(), from the PDF itself.
            "cleaned_pdf": {"file_name": CLEANED_PDF.file_name(report.name), "media_type": CLEANED_PDF.media_type},
            "layout": layout(report, pages)}


def layout(report: Report, only: set[int] | None = None) -> list[dict]:
    """Every page's size and lines, for the page view: each line as [x0, top, x1, bottom, group id or -1,
    text, removed?, its decision in words], boxes in the visible page's points from the top-left corner.
    Only the pages whose numbers are in ``only``, when given."""
    groups: dict[tuple[int, int], Group] = {}
    for group in report.groups:
        for key in group.members:
            groups.setdefault(key, group)
    removed = report.removed_keys()
    # The words of a line that follows its group are its group's: made once per group, not once per line.
    words = {group.id: decision(group) for group in report.groups}
    plain = line_decision(None, removed=False, by_line=False)
    chosen = report.keep_lines | report.remove_lines
    out = []
    for page in report.pages:
        if only is not None and page.number not in only:
            continue
        lines = []
        for i, line in enumerate(page.lines):
            key = (page.number, i)
            owner = groups.get(key)
            said = report.line_decision(*key) if key in chosen else words[owner.id] if owner else plain
            lines.append([*line.box, owner.id if owner else -1, line.text, key in removed, said])
        out.append({"page": page.number, "width": page.width, "height": page.height, "error": page.error,
                    "lines": lines})
    return out


def _failure(exc: Exception) -> str:
    """Our own errors (not a PDF, a password, a limit) as they are; anything else is a bug, with its detail."""
    if isinstance(exc, PageFurnitureError):
        return _error(exc.kind, str(exc))
    return _error(BUG_KIND, f"something went wrong inside the tool ({type(exc).__name__}); "
                         "please report it with the file if you can", traceback.format_exc())


def _error(kind: str, message: str, detail: str = "") -> str:
    return json.dumps({"ok": False, "error": {"kind": kind, "message": message, "detail": detail}})


# The function of each request the worker passes on, by the request's type (site/worker.js has the same table).
HANDLERS: dict[str, Callable[..., Any]] = {
    "open": open_pdf,
    "read": read_pages,
    "finish": finish,
    "choose": choose,
    "outputs": outputs,
    "clean": cleaned_pdf,
    "zip": zip_outputs,
    "forget": forget,
    "close": close,
}
