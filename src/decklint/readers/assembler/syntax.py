"""The lexical layer of conditional assembly: fields, symbols, operands, self-defining terms.

HLASM Language Reference, "Terms, literals, and expressions" and "How to specify macro
definitions": a symbol is 1-63 alphanumeric characters (A-Z, 0-9, @, #, $, _), the first not a
digit; a variable symbol is an ampersand and 1-62 of them; a sequence symbol is a period and
1-62. Names are not case-sensitive (held in upper case here). A quote that follows one of the
attribute letters L T K N I S D O and comes before a symbol or variable symbol opens no string
(`T'&X`, `L'FIELD`), as the card reader reads it.

Two exceptions carry what cannot be done: `NotExpanded` (decklint does not evaluate something:
the macro call is not expanded, with the reason) and `Malformed` (a definite syntax error the
assembler reports: becomes PRS001 at its column).
"""

from __future__ import annotations

import re
from typing import NamedTuple

SYMBOL = re.compile(r"[A-Za-z@#$_][A-Za-z0-9@#$_]{0,62}")
VARIABLE = re.compile(r"&[A-Za-z@#$_][A-Za-z0-9@#$_]{0,61}")
SEQUENCE = re.compile(r"\.[A-Za-z@#$_][A-Za-z0-9@#$_]{0,61}")
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789@#$_")
_NAME_START = _NAME_CHARS - frozenset("0123456789")
ATTRIBUTE_LETTERS = frozenset("LTKNISDOltknisdo")


class NotExpanded(Exception):
    """decklint does not evaluate what a statement needs; `reason` says what, in plain words.
    `budget` marks a limit of the whole file (every later call is not expanded either)."""

    def __init__(self, reason: str, *, budget: bool = False) -> None:
        super().__init__(reason)
        self.reason = reason
        self.budget = budget


class Malformed(Exception):
    """A syntax error the assembler reports: `message` and the offset of the character in the
    statement's text (the logical unit's) where it is."""

    def __init__(self, message: str, offset: int) -> None:
        super().__init__(message)
        self.message = message
        self.offset = offset


class Fields(NamedTuple):
    """The name, operation and operand fields of a reader's unit, with their offsets."""

    label: str
    op: str  # as written
    operands: str
    label_at: int
    op_at: int
    operands_at: int


def fields(text: str) -> Fields:
    """Split the reader's "label op operands" text (a leading blank when there is no label)."""
    if text.startswith(" "):
        label, p = "", 1
    else:
        k = text.find(" ")
        if k < 0:
            return Fields(text, "", "", 0, len(text), len(text))
        label, p = text[:k], k + 1
    k = text.find(" ", p)
    if k < 0:
        return Fields(label, text[p:], "", 0, p, len(text))
    return Fields(label, text[p:k], text[k + 1 :], 0, p, k + 1)


_LABEL_OP = re.compile(r"([^ ]*) ?([^ ]*)")


def label_op(text: str) -> tuple[str, str]:
    """The name field and the operation (upper case) of a reader's unit, quickly."""
    m = _LABEL_OP.match(text)
    assert m is not None  # the pattern matches any text
    return m.group(1), m.group(2).upper()


def is_name_start(ch: str) -> bool:
    return ch in _NAME_START


def is_name_char(ch: str) -> bool:
    return ch in _NAME_CHARS


def opens_string(text: str, i: int) -> bool:
    """Whether the quote at `i`, outside any string, opens one (and is no attribute quote)."""
    if i < 1 or text[i - 1] not in ATTRIBUTE_LETTERS or i + 1 >= len(text):
        return True
    if i >= 2 and (text[i - 2] in _NAME_CHARS or text[i - 2] in "&'"):
        return True  # the end of a longer word (BT'...) or of a string
    nxt = text[i + 1]
    return not (nxt == "&" or nxt in _NAME_START)


def split_top(text: str, start: int = 0, end: int = -1) -> list[tuple[int, int]]:
    """The ranges of `text[start:end]` between commas outside quotes and parentheses."""
    end = len(text) if end < 0 else end
    out: list[tuple[int, int]] = []
    depth = 0
    quote = False
    lo = i = start
    while i < end:
        ch = text[i]
        if quote:
            if ch == "'":
                quote = False
        elif ch == "'":
            quote = opens_string(text, i)
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth == 0:
            out.append((lo, i))
            lo = i + 1
        i += 1
    out.append((lo, end))
    return out


def closing(text: str, i: int, end: int = -1) -> int:
    """The offset of the parenthesis that closes the one at `i`, quotes respected; -1 when it
    does not close before `end`."""
    end = len(text) if end < 0 else end
    depth = 0
    quote = False
    while i < end:
        ch = text[i]
        if quote:
            if ch == "'":
                quote = False
        elif ch == "'":
            quote = opens_string(text, i)
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return -1


def check_parentheses(text: str, start: int, end: int) -> None:
    """Raise `Malformed` at the first parenthesis of `text[start:end]` that has no partner."""
    opened: list[int] = []
    quote = False
    for i in range(start, end):
        ch = text[i]
        if quote:
            if ch == "'":
                quote = False
        elif ch == "'":
            quote = opens_string(text, i)
        elif ch == "(":
            opened.append(i)
        elif ch == ")":
            if not opened:
                raise Malformed("this right parenthesis has no left parenthesis to close", i)
            opened.pop()
    if opened and not quote:
        raise Malformed("this left parenthesis is not closed", opened[-1])


def operand_end(text: str, start: int) -> int:
    """The end of an operand field: the first blank outside quotes (what follows is a remark)."""
    if " " not in text:
        return len(text)
    quote = False
    i = start
    n = len(text)
    while i < n:
        ch = text[i]
        if quote:
            if ch == "'":
                quote = False
        elif ch == "'":
            quote = opens_string(text, i)
        elif ch == " ":
            return i
        i += 1
    return n


def is_symbol(text: str) -> bool:
    return SYMBOL.fullmatch(text) is not None


# Self-defining terms (HLASM Language Reference, "Self-defining terms"): decimal up to
# 2147483647; X'..' up to 8 hex digits; B'..' up to 32 bits; C'..' up to 4 characters (EBCDIC,
# '' and && count as one); the value is a 32-bit two's-complement number.
_DECIMAL = re.compile(r"[0-9]{1,10}")
_HEX = re.compile(r"[Xx]'([0-9A-Fa-f]{1,8})'")
_BINARY = re.compile(r"[Bb]'([01]{1,32})'")
_CHAR = re.compile(r"[Cc]'((?:[^']|'')*)'")
EBCDIC = "cp037"


def signed32(value: int) -> int:
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value & 0x80000000 else value


def self_defining(text: str) -> int | None:
    """The value of a self-defining term, or None when `text` is not one."""
    if _DECIMAL.fullmatch(text):
        v = int(text)
        return v if v <= 0x7FFFFFFF else None
    m = _HEX.fullmatch(text)
    if m:
        return signed32(int(m.group(1), 16))
    m = _BINARY.fullmatch(text)
    if m:
        return signed32(int(m.group(1), 2))
    m = _CHAR.fullmatch(text)
    if m:
        chars = m.group(1).replace("''", "'").replace("&&", "&")
        if not 1 <= len(chars) <= 4:
            return None
        try:
            raw = chars.encode(EBCDIC)
        except UnicodeEncodeError:
            return None
        return signed32(int.from_bytes(raw, "big"))
    return None
