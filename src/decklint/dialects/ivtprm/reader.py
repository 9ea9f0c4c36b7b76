"""IVTPRM00: the Communications Storage Manager (CSM) limits in SYS1.PARMLIB.

Tuning documents: TCP/IP for z/OS: Performance Tuning Tips and Capacity Planning ("CSM
Performance Tuning"). Syntax: grammars/ivtprm.lark. The member's traps are lexical: a statement
that does not start in column 1, or with more than one blank between FIXED (or ECSA, HVCOMM) and
MAX, or a blank before the parenthesis, is taken as a comment and the default applies; decklint
reports it (TCP026) and models the default, as CSM does.
"""

from __future__ import annotations

import re

from decklint.core.ir import (
    Diagnostic,
    LogicalUnit,
    Operand,
    ReadResult,
    Remark,
    Statement,
    Statements,
    Value,
    classify_atom,
)
from decklint.core.source import SourceFile, SourceMap, Span
from decklint.readers.base import (
    Head,
    ParsedFile,
    line_heads,
    may_start_with,
    parsed_units,
)

_SEQ = re.compile(r"[0-9 ]{8}\Z")
_MAX = re.compile(r"(FIXED|ECSA|HVCOMM)(\s+)MAX(\s*)\(", re.IGNORECASE)
LIMITS = ("FIXED", "ECSA", "HVCOMM")  # the storage limits: NAME MAX(n); ranges and defaults
# are the catalog's (grammars/catalogs/ivtprm.yaml), as are POOL's values


def read(src: SourceFile) -> ReadResult:
    out = ReadResult()
    for i, line in enumerate(src.lines, 1):
        text = line[:72] if len(line) > 72 and _SEQ.match(line[72:80].ljust(8)) else line
        text = text.rstrip()
        if not text.strip():
            continue
        if text.startswith("*"):
            out.comments.append(Remark(i, 1, text))
            continue
        stripped = text.lstrip()
        lead = len(text) - len(stripped)
        if lead:
            out.diagnostics.append(
                Diagnostic(
                    "TCP026",
                    Span(i, 1, i, lead + 1),
                    "the statement does not start in column 1: CSM reads IVTPRM00 statements "
                    "from column 1, so it takes this line as a comment and the default applies; "
                    "start it in column 1",
                )
            )
            out.comments.append(Remark(i, lead + 1, stripped))
            continue
        m = _MAX.match(text)
        if m and (m.group(2) != " " or m.group(3)):
            if m.group(2) != " ":
                at, bad = m.start(2), m.group(2)
                what = f"more than one blank (or a tab) between {m.group(1).upper()} and MAX"
            else:
                at, bad = m.start(3), m.group(3)
                what = "a blank between MAX and '('"
            out.diagnostics.append(
                Diagnostic(
                    "TCP026",
                    Span(i, at + 1, i, at + 1 + len(bad)),
                    f"{what}: CSM takes the statement as a comment and the default applies "
                    f"(write {m.group(1).upper()} MAX(n) with exactly one blank)",
                )
            )
            out.comments.append(Remark(i, 1, text))
            continue
        sm = SourceMap()
        sm.add(0, i, 1, len(text))
        out.units.append(LogicalUnit(text, sm, i, "statement"))
    return out


def parse(src: SourceFile) -> ParsedFile:
    rd = read(src)
    statements: list[Statement] = []
    diags: list[Diagnostic] = list(rd.diagnostics)
    for unit, tree in parsed_units(rd.units, "ivtprm", "statement", diags):
        sm = unit.smap
        name, call, *rest = tree.children
        head = name if name is not None else call
        op = str(name).upper() if name is not None else str(call).rstrip("( \t").upper()
        items = [t for t in rest if t is not None and t.type in ("WORD", "NAME")]
        operands = tuple(
            Operand(
                str(call).rstrip("( \t").upper() if name is not None else None,
                Value(classify_atom(str(t)), str(t), sm.span(t.start_pos, t.end_pos)),
                sm.span(t.start_pos, t.end_pos),
            )
            for t in items
        )
        statements.append(
            Statement(
                src.path,
                "ivtprm",
                len(statements),
                op,
                sm.span(0, len(unit.text)),
                op_span=sm.span(head.start_pos, head.start_pos + len(op)),
                operands=operands,
            )
        )
    return ParsedFile(src, "ivtprm", Statements(statements), rd, tuple(diags))


_CSM_KEYWORDS = frozenset({"FIXED", "ECSA", "HVCOMM", "POOL"})  # what `_csm` lines start with


def _csm(h: Head) -> bool:
    """`FIXED MAX(...)`, `ECSA MAX(...)`, `HVCOMM MAX(...)` or `POOL(...)`, as CSM reads them
    (a text that says "pool" or "fixed" is none)."""
    if h.a in ("FIXED", "ECSA", "HVCOMM"):
        return h.b == "MAX" and h.c != ""
    return h.a == "POOL" and h.sep == "("


def sniff(src: SourceFile) -> float:
    if not may_start_with(src, 400, _CSM_KEYWORDS):
        return 0.0
    n = sum(1 for h in line_heads(src, 400) if _csm(h))
    return 0.0 if n == 0 else min(0.75 + 0.08 * n, 0.95)
