"""Bytes to text, with positions kept exact: UTF-8, the PC code pages, and EBCDIC.

Decks come off the mainframe in three shapes: converted to ASCII/UTF-8 (the usual case),
transferred in binary with line ends (EBCDIC NL, X'15', or LF, X'25'), or transferred in
binary as fixed 80-byte records with no line end at all. Each EBCDIC code page used here
(cp037, cp1047, cp500) maps one byte to one character, so a column stays a column; fixed
records are cut every 80 bytes, so line L column C is byte (L-1)*80 + C-1.

Nothing here raises on bad input: undecodable bytes become U+FFFD and are reported with their
offset, line and column; binary content is refused with a reason.
"""

import codecs
from typing import Any, NamedTuple

EBCDIC = ("cp037", "cp1047", "cp500")
CHOICES = ("auto", "utf-8", "cp1252", "latin-1", *EBCDIC)
_RECORD = 80
_SAMPLE = 65536

# Bytes an EBCDIC card deck is made of: blank, punctuation, letters, digits, line ends.
_EBCDIC_RANGES = (
    (0x40, 0x40), (0x15, 0x15), (0x25, 0x25), (0x0D, 0x0D), (0x05, 0x05),
    (0x4A, 0x50), (0x5A, 0x61), (0x6A, 0x6F), (0x79, 0x7F),
    (0x81, 0x89), (0x91, 0x99), (0xA1, 0xA9), (0xAD, 0xAD), (0xBA, 0xBB), (0xBD, 0xBD),
    (0xC0, 0xC9), (0xD0, 0xD9), (0xE0, 0xE0), (0xE2, 0xE9), (0xF0, 0xF9),
)  # fmt: skip
_EBCDIC_TEXT = frozenset(b for lo, hi in _EBCDIC_RANGES for b in range(lo, hi + 1))


# Python ships cp037 and cp500 but not cp1047 (z/OS UNIX's Latin-1 code page): it is cp037
# with six code points moved, ^ and the not sign, the square brackets, Y acute and diaeresis.
_CP1047_MOVED = {0x5F: "^", 0xB0: "\u00ac", 0xAD: "[", 0xBD: "]", 0xBA: "\u00dd", 0xBB: "\u00a8"}


def _cp1047() -> codecs.CodecInfo:
    table = list(bytes(range(256)).decode("cp037"))
    for byte, char in _CP1047_MOVED.items():
        table[byte] = char
    decoding = "".join(table)
    encoding = codecs.charmap_build(decoding)

    def encode(text: str, errors: str = "strict") -> tuple[bytes, int]:
        return codecs.charmap_encode(text, errors, encoding)

    def decode_(data: Any, errors: str = "strict") -> tuple[str, int]:  # any buffer
        return codecs.charmap_decode(data, errors, decoding)

    return codecs.CodecInfo(encode, decode_, name="cp1047")


def _search(name: str) -> codecs.CodecInfo | None:
    return _cp1047() if name.replace("-", "").replace("_", "") in ("cp1047", "ibm1047") else None


codecs.register(_search)


class Note(NamedTuple):
    """Something to tell about the decoding, at a position of the decoded text."""

    line: int
    col: int
    message: str
    warning: bool  # False: information


class Decoded(NamedTuple):
    text: str | None  # None: not text (binary); `why` says so
    encoding: str
    notes: tuple[Note, ...] = ()
    why: str = ""


def decode(data: bytes, encoding: str | None = None) -> Decoded:
    """The text of a file. `encoding` None or "auto" detects: UTF-8, else EBCDIC when the
    bytes look like it, else cp1252 (said in a note)."""
    enc = (encoding or "auto").lower().replace("_", "-")
    if enc in ("utf8", "utf-8-sig"):
        enc = "utf-8"
    if enc == "auto":
        if b"\x00" in data[:8192] and not _looks_ebcdic(data):
            return Decoded(None, "", why="binary file (NUL bytes): skipped")
        try:
            return Decoded(_utf8(data), "utf-8")
        except UnicodeDecodeError as exc:
            first = exc.start
        if _looks_ebcdic(data):
            page = _ebcdic_page(data)
            got = _ebcdic(data, page)
            note = Note(1, 1, f"decoded as EBCDIC {page} (detected){_shape(got)}", False)
            return Decoded(got.text, got.encoding, (note, *got.notes))
        got = _with_replacements(data, "cp1252")
        line, col = _position(data, first, "cp1252")
        note = Note(
            line,
            col,
            f"not UTF-8 (byte X'{data[first]:02X}' at offset {first}): read as cp1252; "
            "give --encoding if that is wrong",
            False,
        )
        return Decoded(got.text, "cp1252", (note, *got.notes))
    try:
        codecs.lookup(enc)
    except LookupError:
        return Decoded(None, "", why=f"unknown encoding {encoding!r}: skipped")
    if enc in EBCDIC:
        return _ebcdic(data, enc)
    return _with_replacements(data, "utf-8-sig" if enc == "utf-8" else enc)


def _utf8(data: bytes) -> str:
    """`data.decode("utf-8-sig")`, the same text and the same error, without importing that
    codec's module (a small run's start pays for every module)."""
    return (data[3:] if data.startswith(codecs.BOM_UTF8) else data).decode("utf-8")


def _shape(d: Decoded) -> str:
    return "; fixed 80-byte records" if d.encoding.endswith("/records") else ""


def _looks_ebcdic(data: bytes) -> bool:
    sample = data[:_SAMPLE]
    if not sample:
        return False
    text = sum(1 for b in sample if b in _EBCDIC_TEXT)
    blanks = sample.count(0x40)
    ascii_letters = sum(1 for b in sample if 0x61 <= b <= 0x7A)
    return (
        text >= 0.9 * len(sample)
        and blanks >= 0.05 * len(sample)
        and ascii_letters < 0.05 * len(sample)
    )


def _ebcdic_page(data: bytes) -> str:
    """cp1047 puts the square brackets at X'AD'/X'BD', cp037 at X'BA'/X'BB'; cp500 at
    X'4A'/X'5A' (cent sign and exclamation mark in cp037)."""
    sample = data[:_SAMPLE]
    if (0xAD in sample or 0xBD in sample) and not (0xBA in sample or 0xBB in sample):
        return "cp1047"
    if 0x4A in sample and 0xBA not in sample:
        return "cp500"
    return "cp037"


def _ebcdic(data: bytes, page: str) -> Decoded:
    """EBCDIC with line ends (NL X'15' or LF X'25'), or fixed 80-byte records without.
    Every byte has a character in these code pages: nothing is undecodable."""
    got = _with_replacements(data, page)
    text = got.text or ""
    if "\x85" in text or "\n" in text:
        return Decoded(text.replace("\x85", "\n"), page, got.notes)
    if len(data) % _RECORD == 0 and data:
        records = [text[i : i + _RECORD].rstrip() for i in range(0, len(text), _RECORD)]
        return Decoded("\n".join(records) + "\n", f"{page}/records")
    return Decoded(text, page, got.notes)


def _with_replacements(data: bytes, enc: str) -> Decoded:
    """Decode, every undecodable byte replaced by U+FFFD and reported (the first ten by
    position, then a count)."""
    try:
        return Decoded(data.decode(enc), enc)
    except UnicodeDecodeError:
        pass
    parts: list[str] = []
    bad: list[int] = []
    pos = 0
    while pos < len(data):
        try:
            parts.append(data[pos:].decode(enc))
            break
        except UnicodeDecodeError as exc:
            parts.append(data[pos : pos + exc.start].decode(enc))
            parts.append("\ufffd")
            bad.append(pos + exc.start)
            pos += max(exc.end, exc.start + 1)
    notes = [
        Note(
            *_position(data, off, enc),
            f"byte X'{data[off]:02X}' at offset {off} is not {enc}: read as U+FFFD",
            True,
        )
        for off in bad[:10]
    ]
    if len(bad) > 10:
        notes.append(Note(1, 1, f"{len(bad)} bytes are not {enc} in all", True))
    return Decoded("".join(parts), enc, tuple(notes))


def _position(data: bytes, offset: int, enc: str) -> tuple[int, int]:
    """Line and column (in characters) of a byte offset."""
    start = data.rfind(b"\n", 0, offset) + 1
    line = data.count(b"\n", 0, offset) + 1
    col = len(data[start:offset].decode(enc, errors="replace")) + 1
    return line, col


def encode_like(original: str, new: str, encoding: str, data: bytes) -> bytes | None:
    """`new` as bytes the way `data` held `original` (same code page, line ends, BOM or 80-byte
    records), or None when no way of writing reproduces `data` exactly: the file is then not
    rewritten, since its bytes could not be kept."""
    page, _, form = encoding.partition("/")

    def plain(t: str) -> bytes:
        return t.encode(page)

    def bom(t: str) -> bytes:
        return codecs.BOM_UTF8 + t.encode("utf-8")

    def nl(t: str) -> bytes:
        return t.replace("\n", "\x85").encode(page)

    def records(t: str) -> bytes:
        lines = t.split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        if any(len(ln) > _RECORD for ln in lines):
            raise ValueError("a record longer than 80 bytes")
        return "".join(ln.ljust(_RECORD) for ln in lines).encode(page)

    ways = [records] if form == "records" else [plain, bom, nl]
    for way in ways:
        try:
            if way(original) == data:
                return way(new)
        except (UnicodeError, ValueError, LookupError):
            continue
    return None
