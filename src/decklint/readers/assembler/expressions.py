"""SETA, SETB and SETC expressions read into a small tree (HLASM Language Reference,
"Arithmetic (SETA) expressions", "Logical (SETB) expressions", "Character (SETC)
expressions", "Substring notation", "Built-in functions").

One reader for the three kinds: terms are decimal numbers, self-defining terms (X'..', B'..',
C'..'), variable symbols (`&X`, subscripted `&X(2)`, `&SYSLIST(1,2)`, created `&(A&I)`), quoted
character strings with substitution (`'&X.YZ'`, `''` for a quote, `&&` kept), duplication
(`(3)'A'`), substrings (`'&X'(2,3)`, `'&X'(2,*)`), attribute references (`T'&X`, `K'&X`,
`N'&SYSLIST`; `L'`, `D'`, `I'`, `S'`, `O'` are read and not evaluated), built-in functions in
both formats (`UPPER('&X')`, `(UPPER '&X')`, `('&A' INDEX 'B')`) and ordinary symbols (read, not
evaluated). Operators, loosest first: XOR; OR; AND; NOT; the relations EQ NE LT GT LE GE; the
shifts SLA SLL SRA SRL, INDEX and FIND; `.` (concatenation); + -; * /; unary + -. Whether an
AND is logical or bitwise is decided when the tree is evaluated (`evaluation`), from its
operands; a relation compares characters when its first comparand begins with a quote or is a
type attribute reference (`compares_characters`), as the assembler decides.

What the reader does not know raises `NotExpanded` (the macro call is not expanded); only a
parenthesis without its partner raises `Malformed` (the assembler rejects it too). Nesting is
bounded (`MAX_PARENS`, `MAX_OPERATORS`) so that no expression can exhaust the stack.
"""

from __future__ import annotations

from typing import NamedTuple, TypeAlias

from decklint.readers.assembler.functions import FUNCTIONS as BUILTINS
from decklint.readers.assembler.syntax import (
    VARIABLE,
    NotExpanded,
    check_parentheses,
    is_name_char,
    is_name_start,
)

MAX_PARENS = 50
MAX_OPERATORS = 200
MAX_UNARY = 30

# Functions that give a character value (the rest give a number or a bit).
CHAR_FUNCTIONS = frozenset(name for name, f in BUILTINS.items() if f.result == "C")
PREFIX_FUNCTIONS = frozenset({"BYTE", "DOUBLE", "LOWER", "SIGNED", "UPPER"})
RELATIONS = frozenset({"EQ", "NE", "LT", "GT", "LE", "GE"})
# Loosest first: XOR, OR, AND, NOT (HLASM Language Reference, "Evaluation of logical
# expressions": NOT before AND, AND before OR, OR before XOR), then relations and the rest.
_WORD_OPERATORS = {
    "XOR": 1,
    "OR": 2,
    "AND": 3,
    **dict.fromkeys(RELATIONS, 5),
    **dict.fromkeys(("SLA", "SLL", "SRA", "SRL", "INDEX", "FIND"), 6),
}
_SIGN_OPERATORS = {".": 7, "+": 8, "-": 8, "*": 9, "/": 9}
_NOT_LEVEL = 4
_UNARY_LEVEL = 10


class Num(NamedTuple):
    value: int
    at: int


class Sym(NamedTuple):
    """An ordinary symbol (its value and attributes are the assembler's, not decklint's)."""

    name: str
    at: int


class Var(NamedTuple):
    """A variable symbol: `name` in upper case without the ampersand, or a `Str` template for a
    created symbol `&(...)`; `subs` the subscripts."""

    name: str | Str
    subs: tuple[Node, ...]
    at: int
    end: int


class Str(NamedTuple):
    """A quoted string (or a created symbol's name): literal runs and variable symbols."""

    parts: tuple[str | Var, ...]
    at: int
    end: int


class Dup(NamedTuple):
    factor: Node
    string: Node
    at: int


class Substr(NamedTuple):
    string: Node
    start: Node
    length: Node | None  # None: `*`, the rest of the string
    at: int


class Sdt(NamedTuple):
    """A self-defining term X'..', B'..' or C'..' (its digits may be substituted)."""

    kind: str
    body: Str
    at: int


class Attr(NamedTuple):
    letter: str  # upper case
    target: Var | Sym
    at: int


class Unary(NamedTuple):
    op: str  # + - NOT, or a prefix function (UPPER ...)
    operand: Node
    at: int


class Binary(NamedTuple):
    op: str
    left: Node
    right: Node
    at: int


class Call(NamedTuple):
    name: str
    args: tuple[Node, ...]
    at: int


Node: TypeAlias = Num | Sym | Var | Str | Dup | Substr | Sdt | Attr | Unary | Binary | Call


def is_character(node: Node) -> bool:
    """Whether the assembler reads `node` as a character expression (a relation with one on
    its left compares characters)."""
    if isinstance(node, Str | Dup | Substr):
        return True
    if isinstance(node, Binary):
        return node.op == "."
    if isinstance(node, Attr):
        return node.letter in "TO"
    if isinstance(node, Call):
        return node.name in CHAR_FUNCTIONS
    if isinstance(node, Unary):
        return node.op in PREFIX_FUNCTIONS
    return False


def compares_characters(node: Node) -> bool:
    """Whether a relation with `node` first compares characters: the assembler decides by the
    first comparand, a character expression that begins with a quote or a T' or O' attribute
    reference (HLASM Language Reference, "Evaluation of logical expressions"; `UPPER('a') EQ
    'A'` is an arithmetic relation, `'A' EQ UPPER('a')` a character one)."""
    if isinstance(node, Str):
        return True
    if isinstance(node, Substr):
        return compares_characters(node.string)
    if isinstance(node, Binary):
        return node.op == "." and compares_characters(node.left)
    if isinstance(node, Attr):
        return node.letter in "TO"
    return False


def parse(text: str, start: int, end: int) -> Node:
    """The expression in `text[start:end]` (offsets in nodes are offsets in `text`)."""
    check_parentheses(text, start, end)
    p = Parser(text, start, end)
    node = p.expression()
    p.blanks()
    if p.i < end:
        raise p.unreadable()
    return node


class Parser:
    """A reader of expressions over `text[start:end]`; also reads the variable symbols of a
    model statement (`variable`)."""

    def __init__(self, text: str, start: int, end: int) -> None:
        self.text = text
        self.i = start
        self.start = start
        self.end = end
        self.parens = 0
        self.operators = 0
        self.unary = 0

    # ------------------------------------------------------------------ helpers

    def unreadable(self) -> NotExpanded:
        snippet = self.text[self.start : self.end]
        if len(snippet) > 60:
            snippet = snippet[:57] + "..."
        return NotExpanded(f"decklint cannot read the expression {snippet}")

    def peek(self, k: int = 0) -> str:
        j = self.i + k
        return self.text[j] if j < self.end else ""

    def blanks(self) -> None:
        while self.i < self.end and self.text[self.i] == " ":
            self.i += 1

    def word_at(self, j: int) -> str:
        k = j
        while k < self.end and is_name_char(self.text[k]):
            k += 1
        return self.text[j:k]

    # ------------------------------------------------------------------ operators

    def expression(self, level: int = 1) -> Node:
        left = self.unary_term(level)
        while True:
            save = self.i
            self.blanks()
            op, width = self.operator()
            prec = _WORD_OPERATORS.get(op) or _SIGN_OPERATORS.get(op, 0)
            if not op or prec < level:
                self.i = save
                return left
            at = self.i
            self.i += width
            self.operators += 1
            if self.operators > MAX_OPERATORS:
                raise NotExpanded(f"an expression has more than {MAX_OPERATORS} operators")
            self.blanks()
            negate = False
            if op in ("AND", "OR", "XOR") and self.word_at(self.i).upper() == "NOT":
                self.i += 3  # AND NOT, OR NOT, XOR NOT
                negate = True
            right = self.expression(prec + 1)
            if negate:
                right = Unary("NOT", right, at)
            left = Binary(op, left, right, at)

    def operator(self) -> tuple[str, int]:
        ch = self.peek()
        if ch in _SIGN_OPERATORS:
            return ch, 1
        if ch and is_name_start(ch):
            word = self.word_at(self.i)
            if word.upper() in _WORD_OPERATORS:
                return word.upper(), len(word)
        return "", 0

    def unary_term(self, level: int) -> Node:
        self.blanks()
        at = self.i
        ch = self.peek()
        if ch in "+-":
            self.bump_unary()
            self.i += 1
            return Unary(ch, self.unary_term(max(level, _UNARY_LEVEL)), at)
        if ch and is_name_start(ch):
            word = self.word_at(self.i).upper()
            after = self.i + len(word)
            follows = self.text[after] if after < self.end else ""
            if word == "NOT" and follows in (" ", "("):
                self.bump_unary()
                self.i = after
                return Unary("NOT", self.expression(max(level, _NOT_LEVEL)), at)
            if word in PREFIX_FUNCTIONS and follows == " ":
                self.bump_unary()
                self.i = after
                return Unary(word, self.unary_term(_UNARY_LEVEL), at)
        return self.primary()

    def bump_unary(self) -> None:
        self.unary += 1
        if self.unary > MAX_UNARY:
            raise NotExpanded(f"an expression has more than {MAX_UNARY} unary operators")

    # ------------------------------------------------------------------ terms

    def primary(self) -> Node:
        self.blanks()
        at = self.i
        ch = self.peek()
        if ch == "(":
            inner = self.parenthesized()
            if self.peek() == "'":
                string = self.string_term()
                return Dup(inner, string, at)
            return inner
        if ch == "'":
            return self.string_term()
        if ch == "&":
            return self.variable()
        if ch.isdigit():
            j = self.i
            while j < self.end and self.text[j].isdigit():
                j += 1
            digits = self.text[self.i : j]
            if len(digits) > 10 or int(digits) > 0x7FFFFFFF:
                raise NotExpanded(f"the number {digits} is larger than 2147483647")
            self.i = j
            return Num(int(digits), at)
        if ch and is_name_start(ch):
            return self.word_term()
        raise self.unreadable()

    def parenthesized(self) -> Node:
        self.parens += 1
        if self.parens > MAX_PARENS:
            raise NotExpanded(f"parentheses are nested more than {MAX_PARENS} deep")
        self.i += 1
        inner = self.expression()
        self.blanks()
        if self.peek() != ")":
            raise self.unreadable()
        self.i += 1
        self.parens -= 1
        return inner

    def word_term(self) -> Node:
        at = self.i
        nxt = self.peek(1)
        ch = self.peek().upper()
        if nxt == "'":
            if ch in "XBC":
                self.i += 1
                return Sdt(ch, self.quoted(), at)
            if ch in "TKNLDISO" and (self.peek(2) == "&" or is_name_start(self.peek(2))):
                self.i += 2
                target: Var | Sym
                if self.peek() == "&":
                    target = self.variable()
                else:
                    name = self.word_at(self.i)
                    self.i += len(name)
                    target = Sym(name.upper(), at + 2)
                return Attr(ch, target, at)
            raise self.unreadable()
        word = self.word_at(self.i)
        upper = word.upper()
        self.i += len(word)
        if self.peek() == "(":
            if upper not in BUILTINS:
                raise NotExpanded(f"{word}(...) is no built-in function decklint knows")
            return Call(upper, self.arguments(), at)
        return Sym(upper, at)

    def arguments(self) -> tuple[Node, ...]:
        self.parens += 1
        if self.parens > MAX_PARENS:
            raise NotExpanded(f"parentheses are nested more than {MAX_PARENS} deep")
        self.i += 1
        args = [self.expression()]
        self.blanks()
        while self.peek() == ",":
            self.i += 1
            args.append(self.expression())
            self.blanks()
        if self.peek() != ")":
            raise self.unreadable()
        self.i += 1
        self.parens -= 1
        return tuple(args)

    def string_term(self) -> Node:
        at = self.i
        node: Node = self.quoted()
        if self.peek() == "(":
            self.parens += 1
            if self.parens > MAX_PARENS:
                raise NotExpanded(f"parentheses are nested more than {MAX_PARENS} deep")
            self.i += 1
            first = self.expression()
            self.blanks()
            if self.peek() != ",":
                raise self.unreadable()
            self.i += 1
            self.blanks()
            length: Node | None
            if self.peek() == "*":
                self.i += 1
                length = None
            else:
                length = self.expression()
            self.blanks()
            if self.peek() != ")":
                raise self.unreadable()
            self.i += 1
            self.parens -= 1
            node = Substr(node, first, length, at)
        return node

    def quoted(self) -> Str:
        """A quoted string at a quote: `''` is one quote, `&&` stays two ampersands."""
        at = self.i
        self.i += 1
        parts: list[str | Var] = []
        run: list[str] = []
        text, end = self.text, self.end
        while True:
            if self.i >= end:
                raise NotExpanded("a quoted string is not closed")
            ch = text[self.i]
            if ch == "'":
                if self.i + 1 < end and text[self.i + 1] == "'":
                    run.append("'")
                    self.i += 2
                    continue
                self.i += 1
                break
            if ch == "&":
                nxt = text[self.i + 1] if self.i + 1 < end else ""
                if nxt == "&":
                    run.append("&&")
                    self.i += 2
                    continue
                if nxt == "(" or is_name_start(nxt):
                    if run:
                        parts.append("".join(run))
                        run = []
                    parts.append(self.variable(period=True))
                    continue
                raise NotExpanded("a lone ampersand in a quoted string (write && for one)")
            run.append(ch)
            self.i += 1
        if run:
            parts.append("".join(run))
        return Str(tuple(parts), at, self.i)

    def variable(self, *, period: bool = False) -> Var:
        """A variable symbol at its ampersand, with its subscripts; `period`: a period right
        after it is a concatenation mark and is read with it."""
        at = self.i
        text = self.text
        name: str | Str
        if self.peek(1) == "(":
            name = self.created()
        else:
            m = VARIABLE.match(text, self.i, self.end)
            if m is None:
                raise self.unreadable()
            name = m.group(0)[1:].upper()
            self.i = m.end()
        subs: tuple[Node, ...] = ()
        if self.peek() == "(":
            subs = self.arguments()
        if period and self.peek() == ".":
            self.i += 1
        return Var(name, subs, at, self.i)

    def created(self) -> Str:
        """The name of a created SET symbol `&(...)`: characters and variable symbols."""
        at = self.i
        self.i += 2
        parts: list[str | Var] = []
        run: list[str] = []
        while True:
            ch = self.peek()
            if not ch:
                raise self.unreadable()
            if ch == ")":
                self.i += 1
                break
            if ch == "&" and (self.peek(1) == "(" or is_name_start(self.peek(1))):
                if run:
                    parts.append("".join(run))
                    run = []
                parts.append(self.variable(period=True))
                continue
            run.append(ch)
            self.i += 1
        if run:
            parts.append("".join(run))
        return Str(tuple(parts), at, self.i)


def variable_at(text: str, i: int, end: int = -1) -> Var:
    """The variable symbol at offset `i` of a statement (with its subscripts and a period
    after it)."""
    p = Parser(text, i, len(text) if end < 0 else end)
    return p.variable(period=True)
