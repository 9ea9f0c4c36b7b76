"""Values as the product reads them: RU sizes, pacing windows, bit masks, K and M sizes.

A deck writes many values encoded (`RUSIZES=X'8585'` is 256 bytes each way); hover shows
what they mean. Each function returns Markdown lines, none when it has nothing to add.
"""

from __future__ import annotations

import re

from decklint.core.ir import Value
from decklint.knowledge.catalog import OperandEntry
from decklint.knowledge.sna import decode_ru_byte

_HEX = re.compile(r"[0-9A-Fa-f]+\Z")
_SIZE = re.compile(r"([0-9]{1,12})([KM])\Z", re.IGNORECASE)
_PACING = frozenset({"PSNDPAC", "SSNDPAC", "SRCVPAC"})
_WINDOWS = frozenset({"VPACING", "PACING"})
_POOL = re.compile(r"[A-Z0-9]{2,5}BUF\Z")  # a VTAM buffer pool start option (IOBUF, LFBUF)


def hex_body(v: Value) -> str | None:
    """The digits of X'..' (None when the value is not well-formed hex)."""
    if v.kind != "hex":
        return None
    body = v.text[2:-1]
    return body.upper() if body and _HEX.match(body) else None


def decoded(name: str, v: Value, op: OperandEntry | None) -> list[str]:
    """What a coded value means: the decoding its operand needs, then its range."""
    key = name.upper()
    if key in _PACING and v.kind == "hex":
        return pacing(v)  # the whole BIND byte: its range is not the count's
    if key == "RUSIZES":
        lines = rusizes(v)
    elif key in _PACING:
        lines = pacing(v)
    elif key in _WINDOWS:
        lines = window(v)
    elif _POOL.match(key) and v.is_list:
        lines = pool(v)
    else:
        lines = []
    if not lines and v.kind == "hex":
        lines = mask(v)
    if not lines:
        lines = size(v)
    return lines + in_range(v, op)


def rusizes(v: Value) -> list[str]:
    """RUSIZES=X'mnmn': the left byte is the largest RU the secondary LU sends, the right
    byte the primary's; each byte is m x 2**n with m 8-F (a byte below X'80': no limit)."""
    body = hex_body(v)
    if body is None or len(body) != 4:
        return [f"`{v.text}` is not RUSIZES' form X'mnmn' (two bytes, each m 8-F and n 0-F)"]
    sec = decode_ru_byte(int(body[:2], 16))
    pri = decode_ru_byte(int(body[2:], 16))

    def said(size: int | None, byte: str) -> str:
        if size is None:
            return f"not limited by the mode (X'{byte}': the high bit is off)"
        m, n = int(byte[0], 16), int(byte[1], 16)
        return f"**{size}** bytes ({m} x 2^{n})"

    lines = [
        f"secondary LU sends at most {said(sec, body[:2])}",
        f"primary LU sends at most {said(pri, body[2:])}",
    ]
    if sec is not None and sec == pri:
        lines.append(f"`{v.text}`: {sec} both ways")
    return lines


def pacing(v: Value) -> list[str]:
    """A MODEENT pacing count: 0 is no pacing; coded as the whole BIND byte (hex above 63),
    the window is its low six bits and the rest are flags."""
    n = v.as_int()
    if n is None:
        return []
    if n == 0:
        return ["0: no pacing in this direction (or the partner's value applies)"]
    if v.kind == "hex" and n > 63:
        return [
            f"`{v.text}` is the whole BIND byte: a window of **{n & 0x3F}** "
            f"(its low six bits); the flag bits above are X'{n & 0xC0:02X}'"
        ]
    return [f"a window of **{n}** request(s) before a pacing response is needed"]


def window(v: Value) -> list[str]:
    """VPACING and PACING: a window count (0 turns pacing off)."""
    first = v.item(0)
    n = first.as_int() if first is not None else None
    if n is None:
        return []
    if n == 0:
        return ["0: pacing is off on this stage"]
    return [f"a window of **{n}** request(s) before a pacing response is needed"]


def pool(v: Value) -> list[str]:
    """A VTAM buffer pool, (baseno,bufsize,slowpt,F,xpanno,xpanpt,xpanlim), by position."""
    from decklint.dialects.vtam.lowering import POOL_POSITIONS

    named = [
        f"{field} {item.text}"
        for field, item in zip(POOL_POSITIONS, v.items, strict=False)
        if item is not None and item.kind != "empty"
    ]
    return [", ".join(named)] if named else []


def mask(v: Value) -> list[str]:
    """A hex value as its number and its bits, byte by byte (bit 0 is the high-order bit, as
    IBM numbers them)."""
    body = hex_body(v)
    if body is None:
        return []
    lines = []
    if len(body) <= 8:
        lines.append(f"`{v.text}` = {int(body, 16)}")
    if len(body) % 2 == 0 and len(body) <= 32:
        for i in range(0, len(body), 2):
            byte = int(body[i : i + 2], 16)
            bits = f"{byte:08b}"
            on = [str(b) for b in range(8) if bits[b] == "1"]
            which = f"bits on: {', '.join(on)}" if on else "no bit on"
            label = f"byte {i // 2} " if len(body) > 2 else ""
            lines.append(f"{label}X'{body[i : i + 2]}' = B'{bits[:4]} {bits[4:]}' ({which})")
    return lines


def size(v: Value) -> list[str]:
    """A size written with K or M (64K is 65,536 bytes)."""
    m = _SIZE.match(v.text.strip())
    if m is None:
        return []
    n = int(m.group(1)) * (1024 if m.group(2).upper() == "K" else 1024 * 1024)
    return [f"`{v.text}` = {n:,} bytes"]


def in_range(v: Value, op: OperandEntry | None) -> list[str]:
    """Whether a number is within the operand's catalogued range."""
    if op is None or op.range is None:
        return []
    n = v.as_number()
    if n is None:
        return []
    lo, hi = op.range
    shown = "-".join(str(int(x)) if x == int(x) else str(x) for x in (lo, hi))
    if lo <= n <= hi:
        return []
    return [f"**{v.text} is outside the range {shown}**"]
