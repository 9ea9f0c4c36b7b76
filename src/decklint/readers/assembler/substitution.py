"""Substituting variable symbols in model statements (HLASM Language Reference, "Model
statements", "Rules for concatenation", "Variable symbols").

In the name, operation and operand fields of a model statement (quoted strings included) each
variable symbol is replaced by its value: `&X`, `&X(2)`, `&SYSLIST(1,2)`, `&(A&I)`; a period
right after one is a concatenation mark and goes (`&X.YZ`, `&GEDS.00000000`); `&&` and `''`
stay as written (the assembler pairs them later, when it reads the generated statement). A
SETA value is substituted as its magnitude, a SETB value as 0 or 1.

The generated statement is read again as the assembler reads it: a name field that is a
sequence symbol is not generated; the operand field ends at the first blank outside quotes
(what follows is a remark).

In a macro, the characters of a value keep the pieces it came with (a call's operand); the
statement's own characters have none (they map to the call). In open code the statement's own
characters keep their places and a substituted value maps onto the variable symbol it
replaced.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

from decklint.core.ir import LogicalUnit
from decklint.readers.assembler.evaluation import Evaluator, as_text
from decklint.readers.assembler.expressions import Var, variable_at
from decklint.readers.assembler.statements import Stmt
from decklint.readers.assembler.symbols import Frame
from decklint.readers.assembler.syntax import NotExpanded, is_name_start, operand_end
from decklint.readers.assembler.text import EMPTY, Text, concat, cut, pinned, written


@lru_cache(maxsize=4096)
def _references(text: str, start: int, end: int) -> tuple[Var, ...]:
    return tuple(references(text, start, end))


def references(text: str, start: int, end: int) -> Iterator[Var]:
    """The variable symbols of `text[start:end]` (`&&` is none)."""
    k = text.find("&", start, end)
    while k >= 0:
        nxt = text[k + 1] if k + 1 < end else ""
        if nxt == "&":
            k = text.find("&", k + 2, end)
            continue
        if nxt == "(" or is_name_start(nxt):
            var = variable_at(text, k, end)
            yield var
            k = text.find("&", var.end, end)
            continue
        k = text.find("&", k + 1, end)


def generate(stmt: Stmt, ev: Evaluator, frame: Frame, *, open_code: bool) -> Text:
    """The statement `stmt` generates: "name op operands" (a blank first when no name)."""
    unit, f = stmt.unit, stmt.f
    name = EMPTY
    if f.label and not f.label.startswith("."):
        name = _field(unit, f.label_at, f.label_at + len(f.label), ev, frame, open_code)
    op = _field(unit, f.op_at, f.op_at + len(f.op), ev, frame, open_code)
    operands = EMPTY
    if f.operands:
        operands = _field(unit, f.operands_at, len(unit.text), ev, frame, open_code)
        cut_at = operand_end(operands.value, 0)
        if cut_at < len(operands.value):
            operands = cut(operands, 0, cut_at)
    if " " in name.value:
        raise NotExpanded(f"the name field on line {unit.line} holds a blank after substitution")
    if not op.value or " " in op.value:
        state = "empty" if not op.value else "not one word"
        raise NotExpanded(f"the operation field on line {unit.line} is {state} after substitution")
    parts = [name, Text(" "), op]
    if operands.value:
        parts += [Text(" "), operands]
    return concat(parts)


def _field(
    unit: LogicalUnit, start: int, end: int, ev: Evaluator, frame: Frame, open_code: bool
) -> Text:
    text = unit.text
    parts: list[Text] = []
    pos = start
    for var in _references(text, start, end):
        if var.at > pos:
            parts.append(_literal(unit, pos, var.at, open_code))
        name, subs = ev.resolve(var)
        value = as_text(frame.lookup(name, subs))
        if open_code:
            here = written(unit, var.at, var.end)
            if here:
                p = here[0]
                value = Text(value.value, pinned(len(value.value), p.line, p.col, var.end - var.at))
            else:
                value = Text(value.value)
        parts.append(value)
        pos = var.end
    if pos < end:
        parts.append(_literal(unit, pos, end, open_code))
    return concat(parts)


def _literal(unit: LogicalUnit, start: int, end: int, open_code: bool) -> Text:
    chars = unit.text[start:end]
    return Text(chars, written(unit, start, end)) if open_code else Text(chars)
