"""The operand field of assembler and machine instructions, and the constants of DC and DS.

An operand field is split at the commas outside quotes and parentheses (an attribute
reference such as L'FIELD is no quote). A DC or DS operand is read as the assembler reads it
(HLASM Language Reference, "DC instruction", "Operand subfields"):

    [duplication factor][type][type extension][program type][modifiers][nominal value]

* duplication factor: a decimal number or an expression in parentheses: 80C'*', (N)F'0';
* type: one letter (A B C D E F G H J L P Q R S V X Y Z), and its extension (CA, CE, CU, DB,
  DD, DH, EB, ED, EH, LB, LD, LH, LQ, AD, FD, JD, QD, QY, RD, SY, VD);
* program type P(expression); modifiers L (length, L. in bits), S (scale), E (exponent),
  each a decimal number or an expression in parentheses;
* nominal value: quoted for B C G X F H E D L P Z (C'IT''S', X'F5,7A'), in parentheses for
  the address constants A Y S V J Q R (AL3(LOGOEDIT), A(X+4,Y)). DC needs one; DS may omit
  it.

What a constant holds is checked where the assembler would refuse it: a hexadecimal,
binary, fixed-point or decimal constant with a digit of another kind. A value that holds a
variable symbol (&X) is not judged: it is known only when the macro that holds it runs.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from decklint.readers.cards import is_attribute_quote

TYPES = frozenset("ABCDEFGHJLPQRSVXYZ")
EXTENSIONS = frozenset(
    {"CA", "CE", "CU", "DB", "DD", "DH", "EB", "ED", "EH", "LB", "LD", "LH", "LQ", "AD", "FD"}
    | {"JD", "QD", "QY", "RD", "SY", "VD"}
)
ADDRESS_TYPES = frozenset("AYSVJQR")  # nominal values in parentheses

_NUMBER = re.compile(r"[0-9]+")
_SIGNED = re.compile(r"[+-]?[0-9]+")
# A fixed-point value: optional sign, U (unsigned), digits, a fraction, an exponent.
_FIXED = re.compile(r"[+-]?U?[0-9]+(\.[0-9]*)?(E[+-]?[0-9]+)?", re.IGNORECASE)
_DECIMAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")


def split_operands(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each operand of an operand field: split at commas outside quotes
    and parentheses. An empty field has no operand; `A,,B` has an empty one."""
    if not text:
        return []
    out: list[tuple[int, int]] = []
    depth = 0
    quote = False
    start = 0
    for i, ch in enumerate(text):
        if ch == "'":
            if quote or not is_attribute_quote(text, i):
                quote = not quote
        elif quote:
            continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "," and depth <= 0:
            out.append((start, i))
            start = i + 1
    out.append((start, len(text)))
    return out


class Constant(NamedTuple):
    """One DC or DS operand, its subfields as written."""

    duplication: str  # "" when not coded (1)
    type: str  # the type and its extension: C, CA, FD, AD, ...
    modifiers: str  # program type and modifiers as written: P(1)L4, L8, L.3, S2
    nominal: str  # '...' or (...) as written, "" when not coded

    @property
    def letter(self) -> str:
        return self.type[:1]


class Problem(NamedTuple):
    """What is wrong with an operand, and where in its text (offsets into the operand)."""

    message: str
    start: int
    end: int


def parse_constant(text: str, *, ds: bool) -> Constant | Problem:
    """One DC (`ds` False) or DS operand."""
    i = 0
    n = len(text)
    dup = ""
    if i < n and text[i] == "(":
        j = _closing(text, i)
        if j < 0:
            return Problem("the duplication factor's parenthesis is not closed", i, n)
        dup, i = text[i : j + 1], j + 1
    else:
        m = _NUMBER.match(text, i)
        if m:
            dup, i = m.group(), m.end()
    if i >= n:
        return Problem("a type (C, X, F, A, ...) was expected after the duplication factor", 0, n)
    letter = text[i].upper()
    if letter not in TYPES:
        return Problem(
            f"{text[i]} is not a constant type: one of A B C D E F G H J L P Q R S V X Y Z "
            "was expected",
            i,
            i + 1,
        )
    type_ = letter
    i += 1
    if i < n and (letter + text[i].upper()) in EXTENSIONS and not _starts_modifier(text, i):
        type_ += text[i].upper()
        i += 1
    start_mod = i
    while i < n and text[i] != "'":
        if text[i] == "(":
            if i == start_mod or text[i - 1].upper() not in "LSEP.":
                break  # the nominal value of an address constant
            j = _closing(text, i)
            if j < 0:
                return Problem("a modifier's parenthesis is not closed", i, n)
            i = j + 1
            continue
        i += 1
    modifiers = text[start_mod:i]
    bad = _modifiers_problem(modifiers)
    if bad is not None:
        return Problem(bad, start_mod, i)
    nominal = text[i:]
    if not nominal:
        if not ds:
            return Problem(
                f"DC needs a nominal value after type {type_}: "
                + ("(...)" if letter in ADDRESS_TYPES else "'...'")
                + " (only DS may leave it out)",
                0,
                n,
            )
        return Constant(dup, type_, modifiers, "")
    problem = _nominal_problem(letter, nominal)
    if problem is not None:
        message, at = problem
        return Problem(message, i + at, i + at + 1 if at else n)
    return Constant(dup, type_, modifiers, nominal)


def _closing(text: str, i: int) -> int:
    """The index of the parenthesis that closes the one at `i`, or -1."""
    depth = 0
    quote = False
    for j in range(i, len(text)):
        ch = text[j]
        if ch == "'" and (quote or not is_attribute_quote(text, j)):
            quote = not quote
        elif quote:
            continue
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                return j
    return -1


def _starts_modifier(text: str, i: int) -> bool:
    """Whether the letter at `i` begins a modifier (L8, S(2), E3) rather than extending the
    type: DL8 is type D with length 8, DH'1' is type DH."""
    ch = text[i].upper()
    if ch not in "LSE":
        return False
    nxt = text[i + 1 : i + 2]
    return nxt.isdigit() or nxt in ("(", ".", "-", "+")


_MODIFIER = re.compile(
    r"(P\([^()]*(\([^()]*\))*[^()]*\))?"
    r"(L\.?([0-9]+|\(.*?\)))?"
    r"(S([+-]?[0-9]+|\(.*?\)))?"
    r"(E([+-]?[0-9]+|\(.*?\)))?",
    re.IGNORECASE,
)


def _modifiers_problem(mods: str) -> str | None:
    if not mods or "&" in mods:
        return None
    m = _MODIFIER.fullmatch(mods)
    if m is None:
        return (
            f"{mods} is not a modifier: a length (L8, L.3, L(N)), a scale (S2) or an "
            "exponent (E-3) was expected before the nominal value"
        )
    return None


def _nominal_problem(letter: str, nominal: str) -> tuple[str, int] | None:
    """What is wrong with a nominal value, and the offset in it of the first character at
    fault (0: the value as a whole)."""
    if "&" in nominal.replace("&&", ""):
        return None  # holds a variable symbol: known only where the macro runs
    if letter in ADDRESS_TYPES:
        if not nominal.startswith("(") or _closing(nominal, 0) != len(nominal) - 1:
            return f"an address constant ({letter}) holds expressions in parentheses: (...)", 0
        return None
    if not nominal.startswith("'") or len(nominal) < 2 or not nominal.endswith("'"):
        return f"a {letter} constant's nominal value is in quotes: {letter}'...'", 0
    body = nominal[1:-1]
    if letter in "XB":
        digits, what = (
            ("0123456789ABCDEFabcdef", "hexadecimal") if letter == "X" else ("01", "binary")
        )
        for k, c in enumerate(body):
            if c not in digits and c not in ", ":
                return f"{c!r} is not a {what} digit ({letter}'{body}')", k + 1
        return None
    pattern = {"F": _FIXED, "H": _FIXED, "P": _DECIMAL, "Z": _DECIMAL}.get(letter)
    if pattern is None:
        return None  # C, G: any character; D, E, L: floating point, not judged
    what = "fixed-point" if letter in "FH" else "decimal"
    at = 1
    for v in body.split(","):
        if not pattern.fullmatch(v.strip()):
            return f"{v.strip() or 'an empty value'} is not a {what} number ({letter})", at
        at += len(v) + 1
    return None


def is_number(text: str) -> bool:
    """A signed decimal number (a CNOP or ORG operand, a register number)."""
    return _SIGNED.fullmatch(text) is not None
