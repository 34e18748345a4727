"""Builders of broken, hostile and odd PDFs for the tests.

A tiny PDF writer (objects in, correct cross-reference table out) gives full control over structure:
cycles, bombs, lying page trees, odd fonts. qpdf (from Debian) encrypts, damages and linearises real
files. Everything is built in memory or in a temporary folder; nothing is checked in.
"""

from __future__ import annotations

import shutil
import subprocess
import zlib
from collections.abc import Callable
from pathlib import Path

HEADER = "Annual Report 2025"
HELVETICA = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
LETTER = (612, 792)


# -- the writer --------------------------------------------------------------------------------------------


def stream(data: bytes, extra: bytes = b"", *, compress: bool = False) -> bytes:
    """The body of a stream object (``extra`` goes into its dictionary)."""
    if compress:
        data = zlib.compress(data)
        extra += b" /Filter /FlateDecode"
    return b"<< /Length %d %s >>\nstream\n%s\nendstream" % (len(data), extra, data)


def write(objects: list[bytes], *, root: int = 1, trailer: bytes = b"", version: bytes = b"1.7") -> bytes:
    """A complete PDF: ``objects[i]`` becomes object ``i + 1``; the xref table is exact."""
    out = bytearray(b"%PDF-" + version + b"\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += b"trailer\n<< /Size %d /Root %d 0 R %s >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, root, trailer,
                                                                                  xref)
    return bytes(out)


def literal(text: str) -> bytes:
    """A PDF literal string in WinAnsi (Latin-1 for our purposes), escaped."""
    raw = text.encode("cp1252")
    return b"(" + raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)") + b")"


def text_ops(lines: list[tuple[float, float, float, str]], font: bytes = b"/F1") -> bytes:
    """Content operators drawing ``(x, y, size, text)`` lines, y from the bottom as PDF has it."""
    ops = bytearray()
    for x, y, size, text in lines:
        ops += b"BT %s %g Tf %g %g Td %s Tj ET\n" % (font, size, x, y, literal(text))
    return bytes(ops)


def document(pages: list[bytes], *, sizes: list[tuple[float, float]] | None = None,
             fonts: bytes = b"/F1 3 0 R", extra_objects: list[bytes] = (), count: int | None = None,
             compress: bool = False, page_extra: bytes = b"") -> bytes:
    """A PDF whose page ``i`` draws the content ``pages[i]``.

    Objects: 1 catalog, 2 page tree, 3 Helvetica, then ``extra_objects`` (numbered from 4), then for each
    page its content stream and its page object. ``count`` overrides /Count (to make the tree lie).
    """
    sizes = sizes or [LETTER] * len(pages)
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b"", HELVETICA, *extra_objects]
    kids = []
    for content, (w, h) in zip(pages, sizes, strict=False):
        objects.append(stream(content, compress=compress))
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %g %g] /Contents %d 0 R "
                       b"/Resources << /Font << %s >> >> %s >>" % (w, h, len(objects), fonts, page_extra))
        kids.append(b"%d 0 R" % len(objects))
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), len(pages) if count is None else count)
    return write(objects)


def furniture_page(number: int, total: int, body: list[str], *, size: tuple[float, float] = LETTER) -> bytes:
    """A page with the header "Annual Report 2025", "Page N of M" at the bottom and ``body`` lines."""
    w, h = size
    lines = [(72, h - 50, 9, HEADER), (w / 2 - 30, 40, 9, f"Page {number} of {total}")]
    y = h - 100
    for text in body:
        lines.append((72, y, 11, text))
        y -= 14
    return text_ops(lines)


def body_text(page: int, n: int = 12) -> list[str]:
    """Different prose on every page, so that only the furniture repeats."""
    words = ["the", "quarterly", "figures", "show", "steady", "growth", "across", "regions", "while", "costs", "stayed", "within", "the", "budget", "agreed", "by", "the", "board", "and", "the", "outlook", "for", "next", "year", "remains", "cautious", "but", "positive"]
    out = []
    for i in range(n):
        k = (page * 7 + i * 3) % len(words)
        out.append(f"{page}.{i + 1} " + " ".join(words[k:] + words[:k])[:80])
    return out


def report_pdf(pages: int = 4, *, sizes: list[tuple[float, float]] | None = None, lines_per_page: int = 12,
               compress: bool = False) -> bytes:
    """A text PDF with obvious furniture on every page."""
    sizes = sizes or [LETTER] * pages
    return document([furniture_page(i, pages, body_text(i, lines_per_page), size=sizes[i - 1])
                     for i in range(1, pages + 1)], sizes=sizes, compress=compress)


# -- images ------------------------------------------------------------------------------------------------


def image_object(width: int = 16, height: int = 16) -> bytes:
    """A small grey image XObject (raw, Flate-compressed)."""
    pixels = bytes((x * 16 + y) % 256 for y in range(height) for x in range(width))
    return stream(pixels, b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
                          b"/BitsPerComponent 8" % (width, height), compress=True)


def scan_pdf(pages: int = 3, *, text_pages: dict[int, bytes] | None = None) -> bytes:
    """Pages that only draw an image (a scan); ``text_pages`` maps 1-based page numbers to text content."""
    text_pages = text_pages or {}
    contents = [text_pages.get(i, b"q 612 0 0 792 0 0 cm /Im1 Do Q\n") for i in range(1, pages + 1)]
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b"", HELVETICA, image_object()]
    kids = []
    for content in contents:
        objects.append(stream(content))
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                       b"/Resources << /Font << /F1 3 0 R >> /XObject << /Im1 4 0 R >> >> >>" % len(objects))
        kids.append(b"%d 0 R" % len(objects))
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), len(kids))
    return write(objects)


# -- fonts -------------------------------------------------------------------------------------------------


def to_unicode_cmap(mapping: dict[int, str]) -> bytes:
    """A ToUnicode CMap mapping two-byte codes to text (any Unicode, including controls)."""
    entries = b"".join(b"<%04X> <%s>\n" % (code, text.encode("utf-16-be").hex().upper().encode())
                       for code, text in mapping.items())
    return (b"/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Custom def /CMapType 2 def\n"
            b"1 begincodespacerange <0000> <FFFF> endcodespacerange\n%d beginbfchar\n%sendbfchar\n"
            b"endcmap CMapName currentdict /CMap defineresource pop end end\n" % (len(mapping), entries))


def unicode_font_objects(first: int, tounicode: bytes | None) -> list[bytes]:
    """A Type0/Identity-H font (objects ``first`` and following) whose text comes only from ``tounicode``.

    No font program is embedded: pdfminer needs widths and the ToUnicode map, not glyph shapes.
    ``tounicode=None`` leaves the map out, so every glyph comes out as ``(cid:N)``.
    """
    descendant = first + 1
    font = b"<< /Type /Font /Subtype /Type0 /BaseFont /Custom /Encoding /Identity-H /DescendantFonts [%d 0 R]" \
           % descendant
    objects = [b"", b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Custom /CIDSystemInfo << /Registry (Adobe) "
                    b"/Ordering (Identity) /Supplement 0 >> /DW 500 /FontDescriptor %d 0 R >>" % (first + 2),
               b"<< /Type /FontDescriptor /FontName /Custom /Flags 4 /FontBBox [0 -200 1000 900] /ItalicAngle 0 "
               b"/Ascent 900 /Descent -200 /CapHeight 700 /StemV 80 >>"]
    if tounicode is not None:
        objects.append(stream(tounicode))
        font += b" /ToUnicode %d 0 R" % (first + 3)
    objects[0] = font + b" >>"
    return objects


def unicode_text_pdf(pages: list[list[tuple[float, float, float, str]]], *, map_text: bool = True,
                     broken_cmap: bytes | None = None) -> bytes:
    """Pages of lines in any Unicode text, drawn with a Type0 font whose ToUnicode map gives the text.

    ``map_text=False`` leaves out the ToUnicode map (the text comes out as ``(cid:N)`` garbage);
    ``broken_cmap`` replaces the map with the given bytes.
    """
    chars = sorted({ch for page in pages for *_, text in page for ch in text})
    codes = {ch: i + 1 for i, ch in enumerate(chars)}
    if broken_cmap is not None:
        cmap: bytes | None = broken_cmap
    else:
        cmap = to_unicode_cmap({code: ch for ch, code in codes.items()}) if map_text else None
    contents = []
    for page in pages:
        ops = bytearray()
        for x, y, size, text in page:
            hexcodes = "".join(f"{codes[ch]:04X}" for ch in text)
            ops += b"BT /U1 %g Tf %g %g Td <%s> Tj ET\n" % (size, x, y, hexcodes.encode())
        contents.append(bytes(ops))
    return document(contents, fonts=b"/F1 3 0 R /U1 4 0 R", extra_objects=unicode_font_objects(4, cmap))


def type3_pdf(pages: int = 3) -> bytes:
    """Text drawn with a Type3 font (glyphs are little content streams) plus a Helvetica header."""
    return _type3_document(pages, b"500 0 0 0 500 700 d1 0 0 500 700 re f", b"0 0 500 700", b"0.001 0 0 0.001 0 0",
                           500, lambda i: b"BT /T3 12 Tf 72 600 Td (abcabc cab %d) Tj ET\n" % i)


def bitmap_type3_pdf(pages: int = 3, box: bytes = b"0 0 1 -1") -> bytes:
    """Words in a Type3 font as Ghostscript writes dvips' bitmap fonts: set in 0.12 pt with a FontMatrix of 1
    (glyphs 83 units tall, so about 10 pt on the page) and a FontBBox that is none of the glyphs' (``box``:
    [0 0 1 -1], or [0 0 1000 1000] from other versions), each word its own string 3 pt after the last;
    plus a Helvetica header."""
    return _type3_document(pages, b"50 0 0 -63 45 20 d1 0 -63 45 83 re f", box, b"1 0 0 -1 0 0", 50,
                           lambda i: b"BT /T3 0.12 Tf 1 0 0 -1 72 600 Tm (abc) Tj 21 0 Td (cab) Tj 21 0 Td (bca) Tj ET\n")


def _type3_document(pages: int, glyph: bytes, box: bytes, matrix: bytes, width: int,
                    text: Callable[[int], bytes]) -> bytes:
    """Pages of ``text(page)`` in a Type3 font whose glyphs a, b and c all draw ``glyph``, between a Helvetica
    header and a "Page N of M" foot."""
    font = (b"<< /Type /Font /Subtype /Type3 /FontBBox [" + box + b"] /FontMatrix [" + matrix + b"] "
            b"/CharProcs << /a 5 0 R /b 5 0 R /c 5 0 R >> /Encoding << /Type /Encoding /Differences [97 /a /b /c] >> "
            b"/FirstChar 97 /LastChar 99 /Widths [%d %d %d] >>" % (width, width, width))
    contents = [text_ops([(72, 742, 9, HEADER)]) + text(i) + text_ops([(300, 40, 9, f"Page {i} of {pages}")])
                for i in range(1, pages + 1)]
    return document(contents, fonts=b"/F1 3 0 R /T3 4 0 R", extra_objects=[font, stream(glyph)])


# -- structure traps ---------------------------------------------------------------------------------------


def zero_pages_pdf() -> bytes:
    return write([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"])


def lying_count_pdf(pages: int, count: int) -> bytes:
    """A page tree whose /Count says ``count`` while it holds ``pages`` pages."""
    return document([furniture_page(i, pages, body_text(i)) for i in range(1, pages + 1)], count=count)


def cyclic_pages_pdf() -> bytes:
    """A page tree whose second kid is the tree itself, and a page whose /Contents is a reference cycle."""
    content = stream(text_ops([(72, 700, 12, "The only readable page")]))
    return write([
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [4 0 R 2 0 R 5 0 R] /Count 3 >>",
        HELVETICA,
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 6 0 R /Resources << /Font << /F1 3 0 R >> >> >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 7 0 R /Resources << /Font << /F1 3 0 R >> >> >>",
        content,
        b"8 0 R",  # object 7 is a reference to 8 ...
        b"7 0 R",  # ... which refers back to 7
    ])


def deep_pages_pdf(depth: int = 5000) -> bytes:
    """A page tree nested ``depth`` levels deep (each /Pages node has one kid), with one page at the bottom."""
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>"]
    for level in range(depth):
        objects.append(b"<< /Type /Pages /Kids [%d 0 R] /Count 1 >>" % (level + 3))
    page = len(objects) + 1
    objects.append(b"<< /Type /Page /MediaBox [0 0 612 792] /Contents %d 0 R /Resources << /Font << /F1 %d 0 R >> >> >>"
                   % (page + 1, page + 2))
    objects.append(stream(text_ops([(72, 700, 12, "Found at the bottom of a deep page tree")])))
    objects.append(HELVETICA)
    return write(objects)


def deep_array_pdf(depth: int = 100_000) -> bytes:
    """A page whose /Resources holds an array nested ``depth`` levels deep, and the same in its content."""
    nested = b"[" * depth + b"]" * depth
    content = text_ops([(72, 700, 12, "Text before the nesting")]) + nested + b" pop\n" + \
        text_ops([(72, 600, 12, "Text after the nesting")])
    return document([content], page_extra=b"/Junk " + nested)


def flate_spaces(megabytes: int) -> bytes:
    """A zlib stream of ``megabytes`` MB of spaces, about 1 KB per MB.

    A full flush resets the compressor, so every 1 MB block compresses to the same bytes: compress one and
    repeat it (building 2 GB the slow way takes half a minute). The checksum is computed exactly.
    """
    block = b" " * (1 << 20)
    c = zlib.compressobj(9, zlib.DEFLATED, -15)
    first = c.compress(block) + c.flush(zlib.Z_FULL_FLUSH)
    again = c.compress(block) + c.flush(zlib.Z_FULL_FLUSH)
    adler = 1
    for _ in range(megabytes):
        adler = zlib.adler32(block, adler)
    return b"\x78\xda" + first + again * (megabytes - 1) + b"\x03\x00" + adler.to_bytes(4, "big")


def padded_pages_pdf(pages: int, megabytes: int) -> bytes:
    """Pages with furniture whose content streams each carry ``megabytes`` MB of spaces (compressed)."""
    contents = []
    for n in range(1, pages + 1):
        raw = furniture_page(n, pages, [f"body of page {n}"]) + b" " * (megabytes << 20)
        contents.append(raw)
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b"", HELVETICA]
    kids = []
    for raw in contents:
        c = zlib.compressobj(1)
        data = c.compress(raw) + c.flush()
        objects.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(data), data))
        objects.append(b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents %d 0 R "
                       b"/Resources << /Font << /F1 3 0 R >> >> >>" % len(objects))
        kids.append(b"%d 0 R" % len(objects))
    objects[1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (b" ".join(kids), len(kids))
    return write(objects)


def bomb_pdf(expanded_mb: int = 1024, *, filters: str = "flate") -> bytes:
    """A one-page PDF whose content stream is small but decompresses to ``expanded_mb`` MB of spaces."""
    if filters == "flate":
        data = flate_spaces(expanded_mb)
        extra = b"/Filter /FlateDecode"
    elif filters == "runlength":
        data = b"\x81 " * (expanded_mb * (1 << 20) // 128) + b"\x80"  # each pair expands to 128 spaces
        extra = b"/Filter /RunLengthDecode"
    else:
        raise ValueError(filters)
    header = text_ops([(72, 742, 9, HEADER)])
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [4 0 R 6 0 R] /Count 2 >>",
                            HELVETICA,
                            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R "
                            b"/Resources << /Font << /F1 3 0 R >> >> >>",
                            stream(header),
                            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [5 0 R 7 0 R] "
                            b"/Resources << /Font << /F1 3 0 R >> >> >>",
                            b"<< /Length %d %s >>\nstream\n%s\nendstream" % (len(data), extra, data)]
    return write(objects)


def xobject_fanout_pdf(levels: int = 24) -> bytes:
    """Form XObjects that each draw the next one twice: 2**levels draws of a tiny form from a small file."""
    objects: list[bytes] = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>",
                            HELVETICA,
                            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R "
                            b"/Resources << /Font << /F1 3 0 R >> /XObject << /X 6 0 R >> >> >>",
                            stream(text_ops([(72, 742, 9, HEADER)]) + b"/X Do\n")]
    for level in range(levels):
        this = len(objects) + 1
        child = this + 1
        body = b"/X Do /X Do 0 0 1 1 re f" if level < levels - 1 else b"0 0 1 1 re f"
        res = b"/Resources << /XObject << /X %d 0 R >> >>" % child if level < levels - 1 else b""
        objects.append(stream(body, b"/Type /XObject /Subtype /Form /BBox [0 0 10 10] %s" % res))
    return write(objects)


def many_chars_pdf(chars: int = 50_000, *, line_length: int = 100) -> bytes:
    """One page with ``chars`` characters in tiny type (``line_length`` characters a line)."""
    alphabet = "abcdefghij klmnopqrst uvwxyz0123 456789ABCD EFGHIJKLMN "
    text = (alphabet * (chars // len(alphabet) + 1))[:chars]
    lines = [text[i:i + line_length] for i in range(0, len(text), line_length)]
    step = 780 / max(len(lines), 1)
    return document([text_ops([(6, 786 - i * step, max(step * 0.9, 0.5), line) for i, line in enumerate(lines)])])


def hostile_text_pdf(texts: list[str], pages: int = 3) -> bytes:
    """``texts`` drawn as body lines on every page (same place), above different prose on each page (pages
    alike but for their number would be one page shown again), plus furniture, through a Unicode font."""
    out = []
    for i in range(1, pages + 1):
        lines = [(72, 742, 9, HEADER), (300, 40, 9, f"Page {i} of {pages}")]
        lines += [(72, 600 - 20 * k, 11, text) for k, text in enumerate(texts)]
        lines += [(72, 520 - 14 * k, 11, text) for k, text in enumerate(body_text(i, 8))]
        out.append(lines)
    return unicode_text_pdf(out)


# -- damage ------------------------------------------------------------------------------------------------


def truncate(data: bytes, fraction: float) -> bytes:
    return data[: int(len(data) * fraction)]


def break_xref(data: bytes) -> bytes:
    """Shift every offset in the xref table, so that a reader must rebuild it by scanning the file."""
    start = data.rindex(b"xref\n")
    head, table = data[:start], data[start:]
    lines = table.split(b"\n")
    for i, line in enumerate(lines):
        if (len(line) == 18 and line.endswith(b" n ")) or line.endswith(b" n"):
            offset = int(line[:10])
            lines[i] = b"%010d" % (offset + 7) + line[10:]
    return head + b"\n".join(lines)


def qpdf(*args: str) -> None:
    """Run qpdf; exit code 3 means warnings, which is fine for files we damage on purpose."""
    if shutil.which("qpdf") is None:
        raise FileNotFoundError("qpdf is not installed (apt-get install qpdf)")
    result = subprocess.run(["qpdf", *args], capture_output=True, text=True)
    if result.returncode not in (0, 3):
        raise RuntimeError(f"qpdf {' '.join(args)} failed: {result.stderr.strip()}")


def encrypt(data: bytes, folder: Path, *, bits: int, user: str = "", owner: str = "owner", aes: bool = False) -> bytes:
    """``data`` encrypted by qpdf: bits 40 (RC4), 128 (RC4, or AES with ``aes``), 256 (AES)."""
    src, dst = folder / "plain.pdf", folder / f"enc-{bits}-{aes}-{bool(user)}.pdf"
    src.write_bytes(data)
    options = [f"--use-aes={'y' if aes else 'n'}"] if bits == 128 else []
    weak = ["--allow-weak-crypto"] if bits == 40 or (bits == 128 and not aes) else []
    qpdf(*weak, "--encrypt", user, owner, str(bits), *options, "--", str(src), str(dst))
    return dst.read_bytes()


def linearize(data: bytes, folder: Path) -> bytes:
    src, dst = folder / "plain.pdf", folder / "linear.pdf"
    src.write_bytes(data)
    qpdf("--linearize", str(src), str(dst))
    return dst.read_bytes()


def object_streams(data: bytes, folder: Path) -> bytes:
    """The same PDF rewritten with compressed object streams and an xref stream (PDF 1.5 style)."""
    src, dst = folder / "plain.pdf", folder / "objstm.pdf"
    src.write_bytes(data)
    qpdf("--object-streams=generate", "--compress-streams=y", str(src), str(dst))
    return dst.read_bytes()


def lzw_encode(data: bytes) -> bytes:
    """LZWDecode data for short inputs (fewer than 250 new table entries, so every code has 9 bits)."""
    table = {bytes([i]): i for i in range(256)}
    codes = [256]
    word = b""
    for byte in data:
        grown = word + bytes([byte])
        if grown in table:
            word = grown
            continue
        codes.append(table[word])
        table[grown] = len(table) + 2  # 256 and 257 are the clear and end codes
        word = bytes([byte])
    if word:
        codes.append(table[word])
    codes.append(257)
    if len(table) + 2 >= 511:
        raise ValueError("input too long for 9-bit codes")
    bits = "".join(f"{code:09b}" for code in codes)
    bits += "0" * (-len(bits) % 8)
    return int(bits, 2).to_bytes(len(bits) // 8, "big")


def filtered_pdf(content: bytes, filters: list[str]) -> bytes:
    """One page whose content stream is encoded with ``filters`` (outermost first, as /Filter lists them)."""
    data = content
    for name in reversed(filters):
        if name == "FlateDecode":
            data = zlib.compress(data)
        elif name == "LZWDecode":
            data = lzw_encode(data)
        elif name == "ASCIIHexDecode":
            data = data.hex().encode() + b">"
        elif name == "RunLengthDecode":
            data = b"".join(bytes([len(data[i:i + 128]) - 1]) + data[i:i + 128] for i in range(0, len(data), 128))
            data += b"\x80"
        else:
            raise ValueError(name)
    names = b" ".join(b"/" + name.encode() for name in filters)
    body = b"<< /Length %d /Filter [%s] >>\nstream\n%s\nendstream" % (len(data), names, data)
    return write([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [4 0 R] /Count 1 >>", HELVETICA,
                  b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 5 0 R "
                  b"/Resources << /Font << /F1 3 0 R >> >> >>", body])
