"""The conditional-assembly built-in functions decklint evaluates (HLASM Language Reference,
"Built-in functions": A2B ... X2D, BYTE, DCLEN, DCVAL, DEQUOTE, DOUBLE, FIND, INDEX, ISBIN,
ISDEC, ISHEX, ISSYM, LOWER, SIGNED, UPPER).

Each takes arguments already converted to numbers ("A") or strings ("C") and gives a number,
a bit ("B") or a string. Characters are EBCDIC (code page 037) where a function works on codes
(BYTE, C2A, C2X, A2C, X2C, ...). What the assembler rejects (a value out of range, a digit
that is not one) raises `NotExpanded`: the call is not expanded. SYSATTRA and SYSATTRP read
the assembler's symbol table and are not evaluated.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import NamedTuple

from decklint.readers.assembler.syntax import EBCDIC, SYMBOL, NotExpanded, signed32

Result = int | bool | str


class Function(NamedTuple):
    args: str  # the kind of each argument: A (number) or C (string)
    result: str  # A, B or C
    run: Callable[..., Result]


def _ebcdic(text: str) -> bytes:
    try:
        return text.encode(EBCDIC)
    except UnicodeEncodeError:
        raise NotExpanded(f"{text!r} holds characters that have no EBCDIC code") from None


def _chars(raw: bytes) -> str:
    return raw.decode(EBCDIC)


def _word(value: int) -> int:
    return value & 0xFFFFFFFF


def _digits(text: str, pattern: str, limit: int, what: str) -> str:
    if len(text) > limit or not re.fullmatch(pattern, text):
        raise NotExpanded(f"{text!r} is not {what}")
    return text


def _signed_text(value: int) -> str:
    return f"+{value}" if value >= 0 else str(value)


def _bits_value(text: str) -> int:
    digits = _digits(text, "[01]*", 32, "a binary string of at most 32 digits")
    return signed32(int(digits or "0", 2))


def _hex_value(text: str) -> int:
    return signed32(int(_digits(text, "[0-9A-Fa-f]*", 8, "at most 8 hex digits") or "0", 16))


def _decimal_value(text: str) -> int:
    m = re.fullmatch(r"[+-]?[0-9]{1,10}", text)
    if not m:
        raise NotExpanded(f"{text!r} is not a decimal number")
    value = int(text)
    if not -(1 << 31) <= value <= 0x7FFFFFFF:
        raise NotExpanded(f"{text} does not fit in 32 bits")
    return value


def _chars_value(text: str) -> int:
    raw = _ebcdic(text)
    if len(raw) > 4:
        raise NotExpanded(f"{text!r} has more than 4 characters")
    return signed32(int.from_bytes(raw, "big")) if raw else 0


def _bits_to_chars(text: str) -> str:
    _digits(text, "[01]*", 1 << 20, "a binary string")
    if not text:
        return ""
    n = (len(text) + 7) // 8
    return _chars(int(text, 2).to_bytes(n, "big"))


def _hex_to_chars(text: str) -> str:
    _digits(text, "[0-9A-Fa-f]*", 1 << 20, "a hex string")
    if not text:
        return ""
    n = (len(text) + 1) // 2
    return _chars(int(text, 16).to_bytes(n, "big"))


def _bits_to_hex(text: str) -> str:
    _digits(text, "[01]*", 1 << 20, "a binary string")
    return format(int(text, 2), f"0{(len(text) + 3) // 4}X") if text else ""


def _hex_to_bits(text: str) -> str:
    _digits(text, "[0-9A-Fa-f]*", 1 << 20, "a hex string")
    return "".join(format(int(c, 16), "04b") for c in text)


def _byte(value: int) -> str:
    if not 0 <= value <= 255:
        raise NotExpanded(f"BYTE({value}) is outside 0-255")
    return _chars(bytes([value]))


def _index(text: str, find: str) -> int:
    return text.find(find) + 1 if find else 0


def _find(text: str, chars: str) -> int:
    wanted = set(chars)
    for i, ch in enumerate(text, 1):
        if ch in wanted:
            return i
    return 0


def _dcval(text: str) -> str:
    return text.replace("''", "'").replace("&&", "&")


def _dequote(text: str) -> str:
    if text.startswith("'"):
        text = text[1:]
    if text.endswith("'"):
        text = text[:-1]
    return text


def _isdec(text: str) -> bool:
    return bool(re.fullmatch(r"[0-9]{1,10}", text)) and int(text) <= 0x7FFFFFFF


def _attr(name: str) -> Callable[..., Result]:
    def run(*_: object) -> Result:
        raise NotExpanded(f"{name} reads the assembler's symbol table, which decklint does not")

    return run


FUNCTIONS: dict[str, Function] = {
    "A2B": Function("A", "C", lambda v: format(_word(v), "032b")),
    "A2C": Function("A", "C", lambda v: _chars(_word(v).to_bytes(4, "big"))),
    "A2D": Function("A", "C", _signed_text),
    "A2X": Function("A", "C", lambda v: format(_word(v), "08X")),
    "B2A": Function("C", "A", _bits_value),
    "B2C": Function("C", "C", _bits_to_chars),
    "B2D": Function("C", "C", lambda t: _signed_text(_bits_value(t))),
    "B2X": Function("C", "C", _bits_to_hex),
    "BYTE": Function("A", "C", _byte),
    "C2A": Function("C", "A", _chars_value),
    "C2B": Function("C", "C", lambda t: "".join(format(b, "08b") for b in _ebcdic(t))),
    "C2D": Function("C", "C", lambda t: _signed_text(_chars_value(t))),
    "C2X": Function("C", "C", lambda t: _ebcdic(t).hex().upper()),
    "D2A": Function("C", "A", _decimal_value),
    "D2B": Function("C", "C", lambda t: format(_word(_decimal_value(t)), "032b")),
    "D2C": Function("C", "C", lambda t: _chars(_word(_decimal_value(t)).to_bytes(4, "big"))),
    "D2X": Function("C", "C", lambda t: format(_word(_decimal_value(t)), "08X")),
    "DCLEN": Function("C", "A", lambda t: len(_dcval(t))),
    "DCVAL": Function("C", "C", _dcval),
    "DEQUOTE": Function("C", "C", _dequote),
    "DOUBLE": Function("C", "C", lambda t: t.replace("'", "''").replace("&", "&&")),
    "FIND": Function("CC", "A", _find),
    "INDEX": Function("CC", "A", _index),
    "ISBIN": Function("C", "B", lambda t: bool(re.fullmatch(r"[01]{1,32}", t))),
    "ISDEC": Function("C", "B", _isdec),
    "ISHEX": Function("C", "B", lambda t: bool(re.fullmatch(r"[0-9A-Fa-f]{1,8}", t))),
    "ISSYM": Function("C", "B", lambda t: SYMBOL.fullmatch(t) is not None),
    "LOWER": Function("C", "C", str.lower),
    "SIGNED": Function("A", "C", str),
    "UPPER": Function("C", "C", str.upper),
    "X2A": Function("C", "A", _hex_value),
    "X2B": Function("C", "C", _hex_to_bits),
    "X2C": Function("C", "C", _hex_to_chars),
    "X2D": Function("C", "C", lambda t: _signed_text(_hex_value(t))),
    "SYSATTRA": Function("C", "C", _attr("SYSATTRA")),
    "SYSATTRP": Function("C", "C", _attr("SYSATTRP")),
}
