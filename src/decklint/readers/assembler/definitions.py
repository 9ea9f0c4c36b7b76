"""MACRO ... MEND: reading a macro definition of the file (HLASM Language Reference, "How to
specify macro definitions", "Macro instruction prototype").

The statement after MACRO is the prototype: an optional name-field parameter (`&NM`), the
macro's name, and its parameters, positional (`&P`) or keyword with a default (`&K=`,
`&K=(A,B)`). The body runs to the MEND that closes the MACRO (an inner MACRO ... MEND is part
of the body, collapsed into one statement that a call does not get past). Each body statement
is read once (`statements.read`); the sequence symbols of the body (`.NEXT`) are indexed.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from decklint.core.ir import Diagnostic, LogicalUnit
from decklint.core.source import Span
from decklint.readers.assembler.statements import Stmt, read
from decklint.readers.assembler.syntax import (
    SEQUENCE,
    VARIABLE,
    fields,
    is_symbol,
    split_top,
)
from decklint.readers.assembler.text import Text


class Definition(NamedTuple):
    """A macro definition of the file."""

    name: str  # upper case
    span: Span  # the prototype's operation
    lines: tuple[int, int]  # MACRO ... MEND
    label_param: str  # the name-field parameter, "" when none
    positional: tuple[str, ...]
    keywords: dict[str, Text]  # keyword parameter -> default
    body: tuple[Stmt, ...]
    labels: dict[str, int]  # sequence symbol -> index in body
    ops: tuple[str, ...]  # operations its model statements may generate ("&": computed)
    error: str  # why calls are not expanded ("" when they are)


def read_definition(
    units: Sequence[LogicalUnit], i: int
) -> tuple[Definition | None, int, list[Diagnostic]]:
    """The definition whose MACRO is `units[i]`, the index after its MEND, and the syntax
    errors in it. None when the MACRO has no prototype or no MEND."""
    diags: list[Diagnostic] = []
    macro = units[i]
    end = _mend(units, i + 1)
    if i + 1 >= len(units) or fields(units[i + 1].text).op.upper() in ("MEND", "MACRO"):
        diags.append(
            Diagnostic(
                "PRS001",
                _whole(macro),
                "MACRO must be followed by a prototype statement: the macro's name and "
                "parameters, such as '&NAME MYMAC &P1,&KEY=DEFAULT'",
            )
        )
        return None, (len(units) if end < 0 else end + 1), diags
    if end < 0:
        proto = fields(units[i + 1].text)
        diags.append(
            Diagnostic(
                "PRS001",
                _whole(macro),
                f"MACRO definition {proto.op or '(unnamed)'} has no MEND: the assembler reads "
                "the rest of the file as its body",
            )
        )
        return None, len(units), diags
    proto_unit = units[i + 1]
    name, label_param, positional, keywords, error = _prototype(proto_unit, diags)
    pf = fields(proto_unit.text)
    body, labels, ops = _body(units, i + 2, end + 1, diags)  # MEND too: `.END MEND`
    lines = (macro.line, units[end].end_line)
    span = proto_unit.smap.span(pf.op_at, pf.op_at + len(pf.op))
    return (
        Definition(name, span, lines, label_param, positional, keywords, body, labels, ops, error),
        end + 1,
        diags,
    )


def prototype_name(units: Sequence[LogicalUnit], i: int) -> str:
    """The name of the macro whose MACRO is `units[i]` (upper case; "" when none)."""
    if i + 1 < len(units):
        return fields(units[i + 1].text).op.upper()
    return ""


def _mend(units: Sequence[LogicalUnit], start: int) -> int:
    depth = 0
    for k in range(start, len(units)):
        op = fields(units[k].text).op.upper()
        if op == "MACRO":
            depth += 1
        elif op == "MEND":
            if depth == 0:
                return k
            depth -= 1
    return -1


def _prototype(
    unit: LogicalUnit, diags: list[Diagnostic]
) -> tuple[str, str, tuple[str, ...], dict[str, Text], str]:
    f = fields(unit.text)
    text = unit.text
    name = f.op.upper()
    error = ""

    def bad(message: str, at: int, length: int) -> None:
        nonlocal error
        diags.append(Diagnostic("PRS001", unit.smap.span(at, at + max(length, 1)), message))
        error = error or f"the prototype of {name} on line {unit.line} has an error"

    if not is_symbol(f.op):
        bad(f"{f.op} is not a valid macro name", f.op_at, len(f.op))
    label_param = ""
    if f.label:
        if VARIABLE.fullmatch(f.label):
            label_param = f.label[1:].upper()
        else:
            bad(
                f"the name field of a prototype must be a variable symbol such as &NAME, "
                f"not {f.label}",
                f.label_at,
                len(f.label),
            )
    positional: list[str] = []
    keywords: dict[str, Text] = {}
    seen = {label_param} if label_param else set()
    if f.operands and f.operands != ",":
        for a, b in split_top(text, f.operands_at, f.operands_at + len(f.operands)):
            item = text[a:b]
            eq = item.find("=")
            param = item if eq < 0 else item[:eq]
            if not VARIABLE.fullmatch(param):
                bad(
                    f"a prototype parameter must be a variable symbol such as &P or &KEY=, "
                    f"not {item or '(nothing)'}",
                    a,
                    b - a,
                )
                continue
            pname = param[1:].upper()
            if pname in seen:
                bad(f"parameter {param} is named twice", a, len(param))
                continue
            seen.add(pname)
            if eq < 0:
                positional.append(pname)
            else:
                keywords[pname] = Text(item[eq + 1 :])
    return name, label_param, tuple(positional), keywords, error


def _body(
    units: Sequence[LogicalUnit], start: int, end: int, diags: list[Diagnostic]
) -> tuple[tuple[Stmt, ...], dict[str, int], tuple[str, ...]]:
    body: list[Stmt] = []
    labels: dict[str, int] = {}
    ops: dict[str, None] = {}
    k = start
    while k < end:
        unit = units[k]
        stmt, diag = read(unit, in_macro=True)
        if diag is not None:
            diags.append(diag)
        label = stmt.f.label
        if label.startswith(".") and SEQUENCE.fullmatch(label):
            key = label.upper()
            if key in labels:
                diags.append(
                    Diagnostic(
                        "PRS001",
                        unit.smap.span(0, len(label)),
                        f"sequence symbol {label} is already defined on line "
                        f"{body[labels[key]].line}: the assembler uses the first",
                    )
                )
            else:
                labels[key] = len(body)
        if stmt.kind == "model" and stmt.f.op:
            ops.setdefault("&" if "&" in stmt.f.op else stmt.op, None)
        if stmt.kind == "macro":
            stmt = stmt._replace(code=prototype_name(units, k) or "(unnamed)")
        body.append(stmt)
        if stmt.kind == "macro":
            inner = _mend(units, k + 1)
            k = end if inner < 0 or inner >= end else inner + 1
            continue
        k += 1
    return tuple(body), labels, tuple(ops)


def _whole(unit: LogicalUnit) -> Span:
    return unit.smap.span(0, len(unit.text))
