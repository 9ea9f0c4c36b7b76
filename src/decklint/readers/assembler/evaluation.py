"""Evaluating SETA, SETB and SETC expressions (the trees of `expressions`) against a scope.

Values: a number (`int`, SETA: 32-bit, the assembler rejects overflow), a bit (`bool`, SETB), a
character value (`Text`, SETC, with the pieces that say where its characters were written) or
`Opaque` (a type attribute decklint does not know). The rules are HLASM's (Language Reference,
"Evaluation of arithmetic expressions", "Logical (SETB) expressions", "Evaluation of character
expressions"):

* division truncates toward zero and a division by zero gives 0;
* a SETA value in a character string is its magnitude, without sign; a SETB value is 0 or 1;
* a SETC value in an arithmetic expression must be a self-defining term;
* a relation compares characters when its first comparand begins with a quote (or is a T' or
  O' attribute reference): the shorter string is the lower, strings of one length compare in
  EBCDIC order;
* a number in a logical expression is true when it is not 0;
* AND, OR, XOR and NOT are logical on bits and bitwise on numbers;
* a string longer than the limit (HLASM's 4,064 characters) is not evaluated.

A type attribute is 'O' for an omitted (null) operand, 'N' for a self-defining term, and
otherwise unknown to decklint (it depends on what the symbol names): a relation that compares
such a type with 'O' or 'N' is still decided (`T'&SYSLIST(0) NE 'O'` is true for any name),
any other use of it makes the call "not expanded".
"""

from __future__ import annotations

from typing import NamedTuple, Protocol, TypeAlias

from decklint.readers.assembler.expressions import (
    Attr,
    Binary,
    Call,
    Dup,
    Node,
    Num,
    Sdt,
    Str,
    Substr,
    Sym,
    Unary,
    Var,
    compares_characters,
    is_character,
)
from decklint.readers.assembler.functions import FUNCTIONS
from decklint.readers.assembler.syntax import (
    EBCDIC,
    NotExpanded,
    is_symbol,
    self_defining,
    signed32,
)
from decklint.readers.assembler.text import EMPTY, Text, concat, cut, repeat, same_length


class Opaque(NamedTuple):
    """A type attribute decklint does not know; never 'O' nor 'N'."""

    what: str  # what it is the type of, for the reason: "T'&X"


Value: TypeAlias = int | bool | Text | Opaque

_MIN, _MAX = -(1 << 31), (1 << 31) - 1
# The orders (-1, 0, 1) for which each relation holds.
_HOLDS = {
    "EQ": (0,),
    "NE": (-1, 1),
    "LT": (-1,),
    "GT": (1,),
    "LE": (-1, 0),
    "GE": (0, 1),
}


class Scope(Protocol):
    """Where variable symbols get their values (a macro invocation or open code)."""

    def lookup(self, name: str, subs: tuple[int, ...]) -> Value: ...

    def attribute(self, letter: str, name: str, subs: tuple[int, ...]) -> Value: ...


def as_text(value: Value) -> Text:
    """A value as characters (SETA: its magnitude; SETB: 0 or 1)."""
    if isinstance(value, Text):
        return value
    if isinstance(value, bool):
        return Text("1" if value else "0")
    if isinstance(value, int):
        return Text(str(abs(value)))
    raise NotExpanded(f"{value.what} is a type decklint does not know")


def as_number(value: Value) -> int:
    if isinstance(value, bool):
        return int(value)
    if isinstance(value, int):
        return value
    if isinstance(value, Text):
        number = self_defining(value.value)
        if number is None:
            raise NotExpanded(f"'{value.value[:40]}' is not a number (a self-defining term)")
        return number
    raise NotExpanded(f"{value.what} is a type decklint does not know")


def as_bit(value: Value) -> bool:
    """A value as a bit: a number is 1 when it is not 0 (HLASM Language Reference, "SETB
    instruction")."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return value != 0
    if isinstance(value, Text) and value.value in ("0", "1"):
        return value.value == "1"
    shown = value.value[:40] if isinstance(value, Text) else value
    raise NotExpanded(f"{shown} is not a bit (0 or 1)")


def type_of(value: Text, what: str) -> Value:
    """The type attribute of a macro operand or SETC value as decklint knows it."""
    if not value.value:
        return Text("O")
    if self_defining(value.value) is not None:
        return Text("N")
    return Opaque(what)


class Evaluator:
    """Evaluates trees in `scope`; `limit` is the longest character value."""

    def __init__(self, scope: Scope, limit: int) -> None:
        self.scope = scope
        self.limit = limit

    def number(self, node: Node) -> int:
        return as_number(self.value(node))

    def bit(self, node: Node) -> bool:
        return as_bit(self.value(node))

    def chars(self, node: Node) -> Text:
        if not is_character(node):
            raise NotExpanded("a character expression must be in quotes")
        return self.text(node)

    def text(self, node: Node) -> Text:
        return as_text(self.value(node))

    def value(self, node: Node) -> Value:
        if isinstance(node, Num):
            return node.value
        if isinstance(node, Str):
            return self.string(node)
        if isinstance(node, Var):
            name, subs = self.resolve(node)
            return self.scope.lookup(name, subs)
        if isinstance(node, Binary):
            return self.binary(node)
        if isinstance(node, Unary):
            return self.unary(node)
        if isinstance(node, Substr):
            return self.substring(node)
        if isinstance(node, Dup):
            times = self.number(node.factor)
            if times < 0:
                raise NotExpanded(f"the duplication factor {times} is negative")
            string = self.text(node.string)
            self.check(times * len(string.value))
            return repeat(string, times)
        if isinstance(node, Sdt):
            body = self.string(node.body).value.replace("&&", "&")
            quoted = "'" + body.replace("'", "''") + "'"
            number = self_defining(node.kind + quoted)
            if number is None:
                raise NotExpanded(f"{node.kind}'{body}' is not a self-defining term")
            return number
        if isinstance(node, Attr):
            return self.attribute(node)
        if isinstance(node, Call):
            return self.call(node.name, [self.value(a) for a in node.args], node.args)
        if isinstance(node, Sym):
            raise NotExpanded(f"the value of the symbol {node.name}, which decklint does not know")
        raise NotExpanded("an expression decklint does not read")  # pragma: no cover

    # ------------------------------------------------------------------ terms

    def resolve(self, var: Var) -> tuple[str, tuple[int, ...]]:
        """The name (a created symbol's evaluated) and subscripts of a variable symbol."""
        if isinstance(var.name, Str):
            name = self.string(var.name).value.upper()
            if not is_symbol(name) or len(name) > 62:
                raise NotExpanded(f"&({name}) does not create a valid variable symbol")
        else:
            name = var.name
        return name, tuple(self.number(s) for s in var.subs)

    def string(self, node: Str) -> Text:
        parts: list[Text] = []
        size = 0
        for part in node.parts:
            piece = Text(part) if isinstance(part, str) else as_text(self.value(part))
            size += len(piece.value)
            self.check(size)
            parts.append(piece)
        if len(parts) == 1:
            return parts[0]
        return concat(parts)

    def substring(self, node: Substr) -> Text:
        string = self.text(node.string)
        start = self.number(node.start)
        size = len(string.value)
        length = size - start + 1 if node.length is None else self.number(node.length)
        if start < 1 or length < 0:
            raise NotExpanded(f"the substring ({start},{length}) is outside the string")
        if start > size:
            if length == 0 or (node.length is None and start == size + 1):
                return EMPTY
            raise NotExpanded(f"the substring starts at {start}, past the string's end")
        return cut(string, start - 1, start - 1 + length)

    def attribute(self, node: Attr) -> Value:
        letter, target = node.letter, node.target
        if isinstance(target, Sym):
            if letter == "T":
                return Opaque(f"T'{target.name}")
            raise NotExpanded(f"{letter}'{target.name}: decklint does not evaluate that attribute")
        name, subs = self.resolve(target)
        if letter not in "TKN":
            raise NotExpanded(f"{letter}'&{name}: decklint does not evaluate that attribute")
        return self.scope.attribute(letter, name, subs)

    def check(self, size: int) -> None:
        if size > self.limit:
            raise NotExpanded(f"a character value is longer than {self.limit:,} characters")

    # ------------------------------------------------------------------ operators

    def unary(self, node: Unary) -> Value:
        op = node.op
        if op == "NOT":
            value = self.value(node.operand)
            if isinstance(value, bool):
                return not value
            return signed32(~as_number(value))
        if op in ("+", "-"):
            number = self.number(node.operand)
            return self.fits(-number if op == "-" else number)
        return self.call(op, [self.value(node.operand)], (node.operand,))

    def binary(self, node: Binary) -> Value:
        op = node.op
        if op in ("EQ", "NE", "LT", "GT", "LE", "GE"):
            return self.relation(node)
        if op == ".":
            head, tail = self.chars(node.left), self.chars(node.right)
            self.check(len(head.value) + len(tail.value))
            return concat((head, tail))
        if op in ("INDEX", "FIND"):
            return self.call(op, [self.value(node.left), self.value(node.right)], ())
        left = self.value(node.left)
        right = self.value(node.right)
        if op in ("AND", "OR", "XOR"):
            if isinstance(left, bool) or isinstance(right, bool):
                a, b = as_bit(left), as_bit(right)
                return (a and b) if op == "AND" else (a or b) if op == "OR" else (a != b)
            x, y = as_number(left), as_number(right)
            return signed32(x & y if op == "AND" else x | y if op == "OR" else x ^ y)
        x, y = as_number(left), as_number(right)
        if op == "+":
            return self.fits(x + y)
        if op == "-":
            return self.fits(x - y)
        if op == "*":
            return self.fits(x * y)
        if op == "/":
            if y == 0:
                return 0
            q = abs(x) // abs(y)
            return self.fits(q if (x < 0) == (y < 0) else -q)
        return _shift(op, x, y)

    def relation(self, node: Binary) -> bool:
        op = node.op
        if compares_characters(node.left):
            if not is_character(node.right):
                raise NotExpanded("a relation compares characters with a number")
            left, right = self.value(node.left), self.value(node.right)
            if isinstance(left, Opaque) or isinstance(right, Opaque):
                return _opaque_relation(op, left, right)
            a, b = as_text(left).value, as_text(right).value
            if len(a) != len(b):
                order = -1 if len(a) < len(b) else 1
            else:
                ea, eb = _ebcdic(a), _ebcdic(b)
                order = (ea > eb) - (ea < eb)
        else:
            x, y = self.number(node.left), self.number(node.right)
            order = (x > y) - (x < y)
        return order in _HOLDS[op]

    def call(self, name: str, args: list[Value], nodes: tuple[Node, ...]) -> Value:
        function = FUNCTIONS[name]
        if len(args) != len(function.args):
            raise NotExpanded(f"{name} takes {len(function.args)} argument(s), not {len(args)}")
        converted: list[int | str] = []
        for kind, arg in zip(function.args, args, strict=True):
            converted.append(as_number(arg) if kind == "A" else as_text(arg).value)
        result = function.run(*converted)
        if isinstance(result, str):
            self.check(len(result))
            if name in ("UPPER", "LOWER") and isinstance(args[0], Text):
                return same_length(args[0], result)
            return Text(result)
        if isinstance(result, bool):
            return result
        return self.fits(result)

    @staticmethod
    def fits(value: int) -> int:
        if not _MIN <= value <= _MAX:
            raise NotExpanded("an arithmetic result does not fit in 32 bits")
        return value


def _ebcdic(text: str) -> bytes:
    try:
        return text.encode(EBCDIC)
    except UnicodeEncodeError:
        raise NotExpanded(f"{text[:40]!r} holds characters that have no EBCDIC code") from None


def _opaque_relation(op: str, left: Value, right: Value) -> bool:
    """A relation between an unknown type and 'O' or 'N': decided, since the type is neither."""
    other = right if isinstance(left, Opaque) else left
    unknown = left if isinstance(left, Opaque) else right
    assert isinstance(unknown, Opaque)
    if op in ("EQ", "NE") and isinstance(other, Text) and other.value in ("O", "N"):
        return op == "NE"
    shown = f"'{other.value}'" if isinstance(other, Text) else "another type"
    raise NotExpanded(
        f"{unknown.what} {op} {shown}: decklint knows of a type attribute only whether it is "
        "'O' (omitted) or 'N' (a number)"
    )


def _shift(op: str, value: int, count: int) -> int:
    """SLA, SLL, SRA, SRL on a 32-bit word (the count's low six bits)."""
    count &= 0x3F
    word = value & 0xFFFFFFFF
    sign = word & 0x80000000
    if op == "SLL":
        return signed32(word << count if count < 32 else 0)
    if op == "SRL":
        return signed32(word >> count if count < 32 else 0)
    if op == "SRA":
        return value >> count if count < 32 else (-1 if sign else 0)
    # SLA keeps the sign; bits shifted into it are an overflow the assembler rejects
    shifted = value << count if count < 32 else (0 if value == 0 else value << 32)
    if not _MIN <= shifted <= _MAX:
        raise NotExpanded(f"{value} SLA {count} overflows 32 bits")
    return shifted
