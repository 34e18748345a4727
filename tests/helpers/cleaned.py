"""What the cleaned PDF's tests check, each with tools other than the one that wrote it.

- ``text_problems``: pdfminer.six reads every glyph of every page (of forms too) of the original and of the
  cleaned file; each cleaned page must hold exactly the original page's characters
  less those of its removed lines (white space aside: it is where lines are split and joined).
- ``picture_problems``: pdftoppm draws every page of both (its crop box, the page a viewer shows); they may differ only inside the removed lines'
  boxes and a small margin around them.
- ``qpdf_problems``: ``qpdf --check`` finds no error in the cleaned file, and no warning the original does
  not have (real files come with some of their own: a linearisation hint table off by one, ...).
- ``kept_problems``: pypdf finds the same outline, page labels, metadata, form fields and annotations in
  both, and every marked-content id the structure tree refers to is still on its page.
"""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import tempfile
from collections import Counter
from pathlib import Path

from pagefurniture import Report

# How far around a removed line's box the picture may change: ink reaches past the box (accents above
# it, descenders, italic overhangs), by a share of the type's size and a pixel or two of antialiasing.
MARGIN_SHARE = 0.35
MARGIN_POINTS = 2.0
RESOLUTION = 36  # dots per inch the pages are drawn at: a 9-point line is 4 pixels high
# A pixel differs when its grey moves more than this (drawn without antialiasing, most differences are 255).
THRESHOLD = 48


def page_characters(pdf: bytes, password: str = "") -> list[Counter]:
    """The characters of each page as pdfminer.six reads them (every glyph, forms included), white space
    left out.

    Every LTChar counts, those inside figures (forms) too, which is what ``LAParams(all_texts=True)`` is
    for; the layout analysis itself is off (``laparams=None``): it only groups the same characters into
    lines and boxes, and it took nine tenths of the time.
    """
    from pdfminer.high_level import extract_pages
    from pdfminer.layout import LTChar, LTContainer

    def chars(item, counter: Counter) -> None:
        if isinstance(item, LTChar):
            counter.update(c for c in item.get_text() if not c.isspace())
        elif isinstance(item, LTContainer):
            for child in item:
                chars(child, counter)

    pages = []
    for page in extract_pages(io.BytesIO(pdf), password=password, laparams=None):
        counter: Counter = Counter()
        chars(page, counter)
        pages.append(counter)
    return pages


def text_problems(original: bytes, cleaned: bytes, report: Report, password: str = "") -> list[str]:
    """Each page whose characters are not the original's less its removed lines', with the difference.

    pdfminer reads the two files at once, in two processes: on a long document it takes a minute each.
    """
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(2) as pool:
        before, after = pool.map(page_characters, (original, cleaned), (password, password))
    if len(before) != len(after):
        return [f"the cleaned file has {len(after)} pages, the original {len(before)}"]
    gone = [Counter() for _ in before]
    for row in report.removed():
        gone[row.page - 1].update(c for c in row.line.text if not c.isspace())
    problems = []
    for number, (was, now, removed) in enumerate(zip(before, after, gone, strict=True), start=1):
        expected = was - removed
        if removed - was:
            problems.append(f"page {number}: the report removes characters pdfminer does not find: {removed - was}")
        if now != expected:
            problems.append(f"page {number}: left over {dict(now - expected)}, missing {dict(expected - now)}")
    return problems


def render_both(original: bytes, cleaned: bytes, folder: Path,
                password: str = "") -> tuple[list[Path], list[Path]] | str | None:
    """Every page of both files drawn by pdftoppm, in page order (both at once, one process each);
    None when it cannot draw the original, what it said when it cannot draw the cleaned file."""
    running = []
    for name, pdf in (("original", original), ("cleaned", cleaned)):
        path = folder / f"{name}.pdf"
        path.write_bytes(pdf)
        secret = ["-upw", password] if password else []
        # Grey, without antialiasing, as PGM: the same pixels either way for this purpose, and PNG's
        # compression took nine tenths of pdftoppm's time.
        running.append(subprocess.Popen(["pdftoppm", *secret, "-cropbox", "-r", str(RESOLUTION), "-gray", "-aa", "no",
                                         "-aaVector", "no", str(path), str(folder / name)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE))
    said = [process.communicate(timeout=900)[1].decode(errors="replace") for process in running]
    if running[0].returncode:
        return None
    if running[1].returncode:
        return f"pdftoppm draws the original but not the cleaned file: {said[1].strip()}"
    return tuple(sorted(folder.glob(f"{name}-*.pgm"), key=lambda p: int(re.search(r"-(\d+)\.pgm$", p.name).group(1)))
                 for name in ("original", "cleaned"))


def picture_problems(original: bytes, cleaned: bytes, report: Report, password: str = "") -> list[str]:
    """Each page whose drawing changed outside its removed lines' boxes (and margins): where, and how much."""
    from PIL import Image, ImageChops

    scale = RESOLUTION / 72
    shifts = _frame_shifts(original, password)
    boxes: dict[int, list[tuple[float, float, float, float]]] = {}
    for row in report.removed():
        x0, top, x1, bottom = row.line.box
        dx, dy = shifts[row.page - 1]
        margin = MARGIN_POINTS + MARGIN_SHARE * max(row.line.size, bottom - top)
        boxes.setdefault(row.page, []).append(((x0 - dx - margin) * scale, (top - dy - margin) * scale,
                                               (x1 - dx + margin) * scale, (bottom - dy + margin) * scale))
    problems = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        drawn = render_both(original, cleaned, folder, password)
        if drawn is None:
            return []  # poppler cannot draw the original (a hostile file): there is nothing to compare with
        if isinstance(drawn, str):
            return [drawn]
        before, after = drawn
        if len(before) != len(after):
            return [f"pdftoppm drew {len(after)} pages of the cleaned file, {len(before)} of the original"]
        for number, (a, b) in enumerate(zip(before, after, strict=True), start=1):
            with Image.open(a) as one, Image.open(b) as two:
                if one.size != two.size:
                    problems.append(f"page {number}: drawn {two.size}, was {one.size}")
                    continue
                diff = ImageChops.difference(one.convert("L"), two.convert("L"))
                changed = diff.point(lambda v: 255 if v > THRESHOLD else 0)
                mask = Image.new("L", changed.size, 0)
                for x0, y0, x1, y1 in boxes.get(number, ()):
                    mask.paste(255, (int(x0), int(y0), int(x1) + 1, int(y1) + 1))
                outside = ImageChops.subtract(changed, mask)
                where = outside.getbbox()
                if where is not None:
                    count = sum(1 for v in outside.getdata() if v)
                    box = tuple(round(v / scale) for v in where)
                    problems.append(f"page {number}: {count} pixels changed outside the removed lines, "
                                    f"within {box} (points from the top left)")
    return problems


def _frame_shifts(pdf: bytes, password: str = "") -> list[tuple[float, float]]:
    """For each page, how far the corner pdftoppm draws from lies from the report's, read with pypdf.

    The report measures from the crop box's top left corner; a viewer shows the crop box clipped to the
    media box (PDF 32000, 14.11.2), which moves the corner when the crop box is the larger one.
    """
    import pypdf

    shifts = []
    for page in pypdf.PdfReader(io.BytesIO(pdf), password=password or None).pages:
        media, crop = page.mediabox, page.cropbox
        rotate = (page.get("/Rotate") or 0) % 360
        left, right = max(crop.left, media.left), min(crop.right, media.right)
        low, high = max(crop.bottom, media.bottom), min(crop.top, media.top)
        # (the shift along the page's x and y as shown) for each rotation of the page
        shift = {0: (left - crop.left, crop.top - high), 90: (low - crop.bottom, left - crop.left),
                 180: (crop.right - right, low - crop.bottom), 270: (crop.top - high, crop.right - right)}[rotate]
        shifts.append((float(shift[0]), float(shift[1])))
    return shifts


def qpdf_warnings(pdf: bytes, password: str = "") -> tuple[int, set[str]]:
    """qpdf --check's exit status and its warnings and errors, each without the file's name."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "file.pdf"
        path.write_bytes(pdf)
        done = subprocess.run(["qpdf", f"--password={password}", "--check", str(path)], capture_output=True, text=True,
                              timeout=600)
    warnings = {line.replace(str(path), "FILE") for line in (done.stdout + done.stderr).splitlines()
                if line.startswith(("WARNING", "qpdf:")) and "operation succeeded" not in line}
    return done.returncode, warnings


def qpdf_problems(original: bytes, cleaned: bytes, password: str = "") -> list[str]:
    """An error qpdf --check finds in the cleaned file, or a warning it does not give for the original."""
    status, warnings = qpdf_warnings(cleaned, password)
    was, before = qpdf_warnings(original, password)
    if status == 2 and was != 2:  # 2: errors; 3: warnings only
        return [f"qpdf --check finds errors: {sorted(warnings)}"]
    new = warnings - before
    return [f"qpdf --check warns: {warning}" for warning in sorted(new)]


def _kept(pdf: bytes, password: str) -> dict:
    """What the cleaned file must keep of the original, read by pypdf: outline, page labels, document
    information and XMP metadata, form fields, each page's annotations, and the tagged structure's
    marked-content ids per page."""
    import pypdf

    reader = pypdf.PdfReader(io.BytesIO(pdf), password=password or None)
    pages = {page.indirect_reference.idnum: number for number, page in enumerate(reader.pages, start=1)}

    def outline(items: list, depth: int = 0) -> list:
        out = []
        for item in items:
            if isinstance(item, list):
                out += outline(item, depth + 1)
            else:
                out.append((depth, item.title, reader.get_destination_page_number(item)))
        return out

    root = reader.trailer["/Root"]
    xmp = root.get("/Metadata")
    annotations = []
    for number, page in enumerate(reader.pages, start=1):
        for annot in page.get("/Annots") or []:
            annot = annot.get_object()
            action = annot.get("/A")
            annotations.append((number, annot.get("/Subtype"), [round(float(v), 2) for v in annot.get("/Rect", [])],
                                plain(action.get_object().get("/URI")) if action else None))
    return {"outline": outline(reader.outline), "labels": list(reader.page_labels),
            "info": {key: plain(value.get_object()) for key, value in (reader.metadata or {}).items()}, "xmp": xmp.get_object().get_data() if xmp else None,
            "fields": {name: plain(field.get("/V")) for name, field in (reader.get_fields() or {}).items()},
            "annotations": annotations, "structure": _structure(root, pages)}


def plain(value: object) -> object:
    """A pypdf object as plain data, comparable between two files: references as (number, generation), not
    followed; a stream as its dictionary (without how its data is stored) and its decoded data."""
    import pypdf

    if isinstance(value, pypdf.generic.IndirectObject):
        return ("ref", value.idnum, value.generation)
    if isinstance(value, pypdf.generic.StreamObject):
        entries = {k: plain(v) for k, v in value.items() if k not in ("/Length", "/Filter", "/DecodeParms")}
        return entries, value.get_data()
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def _structure(root, pages: dict[int, int]) -> dict[int, set[int]]:
    """The marked-content ids the structure tree refers to, by page number."""
    found: dict[int, set[int]] = {}
    tree = root.get("/StructTreeRoot")
    if tree is None:
        return found
    stack = [(tree.get_object().get("/K"), None)]
    seen = set()
    while stack:
        kid, page = stack.pop()
        if kid is None:
            continue
        if hasattr(kid, "idnum"):
            if kid.idnum in seen:
                continue
            seen.add(kid.idnum)
        kid = kid.get_object() if hasattr(kid, "get_object") else kid
        if isinstance(kid, list):
            stack += [(item, page) for item in kid]
        elif isinstance(kid, int):
            if page is not None:
                found.setdefault(page, set()).add(int(kid))
        elif isinstance(kid, dict):
            pg = kid.get("/Pg")
            page = pages.get(pg.idnum, page) if pg is not None and hasattr(pg, "idnum") else page
            if kid.get("/Type") == "/MCR" and "/Stm" not in kid:
                if page is not None:
                    found.setdefault(page, set()).add(int(kid["/MCID"]))
            elif "/K" in kid:
                stack.append((kid.raw_get("/K"), page))
    return found


def marked_ids(pdf: bytes, password: str = "") -> dict[int, set[int]]:
    """The marked-content ids each page's content holds (``/Tag <</MCID n>> BDC``), read by pypdf."""
    import pypdf
    from pypdf.generic import ContentStream

    reader = pypdf.PdfReader(io.BytesIO(pdf), password=password or None)
    out = {}
    for number, page in enumerate(reader.pages, start=1):
        ids = set()
        contents = page.get_contents()
        properties = (page.get("/Resources") or {}).get("/Properties") or {}
        for operands, operator in ContentStream(contents, reader).operations if contents is not None else ():
            if operator == b"BDC" and len(operands) == 2:
                props = operands[1]
                if isinstance(props, str):  # a name: the properties are in the page's resources
                    props = properties.get(props)
                props = props.get_object() if props is not None else {}
                if "/MCID" in props:
                    ids.add(int(props["/MCID"]))
        out[number] = ids
    return out


def kept_problems(original: bytes, cleaned: bytes, password: str = "") -> list[str]:
    """What the cleaned file lost of what it must keep (see ``_kept``), and the marked content the structure
    tree refers to that its pages no longer hold."""
    before, after = _kept(original, password), _kept(cleaned, password)
    problems = [f"{key} differs: {before[key]!r:.300} became {after[key]!r:.300}" for key in before
                if before[key] != after[key]]
    held = marked_ids(cleaned, password)
    for page, ids in after["structure"].items():
        missing = ids - held.get(page, set())
        if missing:
            problems.append(f"page {page}: the structure tree refers to marked content {sorted(missing)}, "
                            "which the page no longer holds")
    return problems


def all_problems(original: bytes, cleaned: bytes, report: Report, password: str = "", *,
                 picture: bool = True) -> list[str]:
    """Every problem the three checks find (the picture's only with ``picture``)."""
    return (text_problems(original, cleaned, report, password) + qpdf_problems(original, cleaned, password)
            + kept_problems(original, cleaned, password)
            + (picture_problems(original, cleaned, report, password) if picture else []))


def tools_missing() -> str | None:
    """Why the picture and qpdf checks cannot run here, or None."""
    for tool in ("pdftoppm", "qpdf"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed (Debian: apt-get install {'poppler-utils' if tool == 'pdftoppm' else tool})"
    return None
