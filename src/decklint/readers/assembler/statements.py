"""Statements of conditional assembly read once, before they run (HLASM Language Reference,
"How to write conditional assembly instructions", "MNOTE instruction", "MEXIT instruction").

`read` classifies a reader's unit by its operation and parses the operand of a conditional
assembly instruction into a `Stmt`:

* `SETA/SETB/SETC`: the target (`&X`, `&X(3)`, `&(A&I)`) and its values (`&A(1) SETA 1,,3`);
* `AIF/AIFB`: `(condition).SEQ`, also the extended form `(c1).S1,(c2).S2`;
* `AGO/AGOB`: `.SEQ`, or computed `(index).S1,.S2,.S3`;
* `ACTR`, `GBLA/GBLB/GBLC`, `LCLA/LCLB/LCLC` (`&X`, dimensioned `&X(10)`), `MNOTE`;
* `ANOP`, `MEXIT`, `MEND`, and the listing instructions `AEJECT`, `ASPACE`, `MHELP` (no-ops);
* `AREAD`, `SETAF`, `SETCF`, `COPY` in a macro and an inner `MACRO`: statements decklint does
  not run (a call that reaches one is not expanded);
* anything else: a model statement (or, in open code, an ordinary statement).

A definite syntax error (an unbalanced parenthesis, an AIF without its sequence symbol, a
SETx without a variable symbol in its name field) becomes a PRS001 diagnostic at its column;
an operand decklint cannot read leaves the statement `broken` with the reason, reported only
when a call reaches it.
"""

from __future__ import annotations

from typing import NamedTuple

from decklint.core.ir import Diagnostic, LogicalUnit
from decklint.core.source import Span
from decklint.readers.assembler.expressions import Node, Parser, Str, Var, parse, variable_at
from decklint.readers.assembler.syntax import (
    SEQUENCE,
    Fields,
    Malformed,
    NotExpanded,
    check_parentheses,
    closing,
    fields,
    split_top,
)

SETS = {"SETA": "A", "SETB": "B", "SETC": "C"}
DECLARATIONS = {
    "GBLA": ("GBL", "A"),
    "GBLB": ("GBL", "B"),
    "GBLC": ("GBL", "C"),
    "LCLA": ("LCL", "A"),
    "LCLB": ("LCL", "B"),
    "LCLC": ("LCL", "C"),
}
NO_OPS = frozenset({"ANOP", "AEJECT", "ASPACE", "MHELP"})
NOT_RUN = {
    "AREAD": "AREAD reads the statement after the call, which decklint does not do",
    "SETAF": "SETAF calls an external function, which decklint does not run",
    "SETCF": "SETCF calls an external function, which decklint does not run",
}
# Every operation of conditional assembly and macro processing (never a model statement).
CONDITIONAL = frozenset(
    {*SETS, *DECLARATIONS, *NO_OPS, *NOT_RUN, "AIF", "AIFB", "AGO", "AGOB", "ACTR", "MNOTE"}
    | {"MEXIT", "MEND"}
)


class Branch(NamedTuple):
    condition: Node
    target: str  # sequence symbol, upper case, with its period
    at: int  # offset of the target in the unit's text


class Ago(NamedTuple):
    choice: Node | None  # the index of a computed AGO; None: a branch to targets[0]
    targets: tuple[tuple[str, int], ...]


class SetOp(NamedTuple):
    kind: str  # A, B, C
    target: Var
    values: tuple[Node | None, ...]


class Declare(NamedTuple):
    scope: str  # GBL or LCL
    kind: str
    names: tuple[Var, ...]


class Mnote(NamedTuple):
    severity: Node | str  # an expression; "*" or "" (comments); "1" (omitted after a comma)
    message: Str


class Stmt(NamedTuple):
    """One statement: its unit and fields, what it is, and its operand read."""

    unit: LogicalUnit
    f: Fields
    op: str  # upper case
    kind: str  # model, set, aif, ago, actr, declare, mnote, nop, exit, stop, macro
    code: object
    broken: str  # why it cannot run ("" when it can)

    @property
    def line(self) -> int:
        return self.unit.line


def read(unit: LogicalUnit, *, in_macro: bool) -> tuple[Stmt, Diagnostic | None]:
    """The statement of `unit` and a syntax error the assembler would report, if any."""
    f = fields(unit.text)
    op = f.op.upper()
    kind = _kind(op, in_macro)
    if kind in ("model", "nop", "exit", "macro"):
        return Stmt(unit, f, op, kind, None, ""), None
    if kind == "stop":
        reason = NOT_RUN.get(op) or f"COPY {f.operands} brings in a member decklint does not read"
        return Stmt(unit, f, op, kind, None, reason), None
    try:
        code = _operand(kind, op, f, unit.text)
    except Malformed as e:
        span = unit.smap.span(e.offset, min(e.offset + 1, len(unit.text)))
        diag = Diagnostic("PRS001", span, f"{op}: {e.message}")
        return Stmt(unit, f, op, kind, None, "the statement has a syntax error"), diag
    except NotExpanded as e:
        return Stmt(unit, f, op, kind, None, e.reason), None
    return Stmt(unit, f, op, kind, code, ""), None


def _kind(op: str, in_macro: bool) -> str:
    if op in SETS:
        return "set"
    if op in ("AIF", "AIFB"):
        return "aif"
    if op in ("AGO", "AGOB"):
        return "ago"
    if op == "ACTR":
        return "actr"
    if op in DECLARATIONS:
        return "declare"
    if op == "MNOTE":
        return "mnote"
    if op in NO_OPS:
        return "nop"
    if op in ("MEXIT", "MEND"):
        return "exit"
    if op == "MACRO":
        return "macro"
    if op in NOT_RUN or (in_macro and op == "COPY"):
        return "stop"
    return "model"


def _operand(kind: str, op: str, f: Fields, text: str) -> object:
    start, end = f.operands_at, f.operands_at + len(f.operands)
    if kind == "set":
        return _set(op, f, text, start, end)
    if not f.operands.strip() and kind != "mnote":
        raise Malformed(f"{op} needs an operand", f.op_at)
    if kind == "aif":
        return tuple(_branch(op, text, a, b) for a, b in split_top(text, start, end))
    if kind == "ago":
        return _ago(op, text, start, end)
    if kind == "actr":
        return parse(text, start, end)
    if kind == "declare":
        scope, what = DECLARATIONS[op]
        names = tuple(_declared(op, text, a, b) for a, b in split_top(text, start, end))
        return Declare(scope, what, names)
    return _mnote(text, start, end)


def _set(op: str, f: Fields, text: str, start: int, end: int) -> SetOp:
    if not f.label.startswith("&"):
        raise Malformed(f"{op} needs a variable symbol such as &X in the name field", f.op_at)
    check_parentheses(text, f.label_at, f.label_at + len(f.label))
    target = variable_at(text, f.label_at, f.label_at + len(f.label))
    if target.end != f.label_at + len(f.label):
        raise NotExpanded(f"decklint cannot read the name field {f.label}")
    if not f.operands:
        raise Malformed(f"{op} needs an operand: the value to set", f.op_at)
    check_parentheses(text, start, end)
    values = tuple(None if a == b else parse(text, a, b) for a, b in split_top(text, start, end))
    return SetOp(SETS[op], target, values)


def _branch(op: str, text: str, a: int, b: int) -> Branch:
    if a >= b or text[a] != "(":
        raise Malformed(f"{op} expects a condition in parentheses, such as ('&X' EQ 'YES')", a)
    c = closing(text, a, b)
    if c < 0:
        raise Malformed("this left parenthesis is not closed", a)
    condition = parse(text, a + 1, c)
    target = text[c + 1 : b]
    if not SEQUENCE.fullmatch(target):
        raise Malformed(
            f"{op} needs a sequence symbol such as .NEXT after the condition", min(c + 1, b - 1)
        )
    return Branch(condition, target.upper(), c + 1)


def _ago(op: str, text: str, start: int, end: int) -> Ago:
    if text[start] == ".":
        target = text[start:end]
        if not SEQUENCE.fullmatch(target):
            raise Malformed(f"{op} needs a sequence symbol such as .NEXT", start)
        return Ago(None, ((target.upper(), start),))
    if text[start] != "(":
        raise Malformed(f"{op} needs a sequence symbol such as .NEXT", start)
    c = closing(text, start, end)
    if c < 0:
        raise Malformed("this left parenthesis is not closed", start)
    index = parse(text, start + 1, c)
    targets: list[tuple[str, int]] = []
    for a, b in split_top(text, c + 1, end):
        if not SEQUENCE.fullmatch(text[a:b]):
            raise Malformed(f"{op} needs sequence symbols such as .A,.B after the index", a)
        targets.append((text[a:b].upper(), a))
    return Ago(index, tuple(targets))


def _declared(op: str, text: str, a: int, b: int) -> Var:
    if a >= b or text[a] != "&":
        raise Malformed(f"{op} declares variable symbols such as &X", a)
    check_parentheses(text, a, b)
    var = variable_at(text, a, b)
    if var.end != b or len(var.subs) > 1:
        raise NotExpanded(f"decklint cannot read the declaration {text[a:b]}")
    return var


def _mnote(text: str, start: int, end: int) -> Mnote:
    if start >= end:
        raise NotExpanded("MNOTE has no message")
    if text[start] == "'":
        return Mnote("", _message(text, start, end))
    items = split_top(text, start, end)
    if len(items) != 2:
        raise NotExpanded("decklint cannot read this MNOTE")
    (a, b), (c, d) = items
    severity = text[a:b]
    message = _message(text, c, d)
    if severity == "*":
        return Mnote("*", message)
    if not severity:
        return Mnote("1", message)
    return Mnote(parse(text, a, b), message)


def _message(text: str, a: int, b: int) -> Str:
    if a >= b or text[a] != "'":
        raise NotExpanded("an MNOTE message must be in quotes")
    p = Parser(text, a, b)
    message = p.quoted()
    if p.i != b:
        raise NotExpanded("decklint cannot read this MNOTE message")
    return message


def span_of(unit: LogicalUnit) -> Span:
    """The whole statement."""
    return unit.smap.span(0, len(unit.text))
