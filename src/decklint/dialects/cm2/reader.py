"""OS/2 Communications Manager/2 node definitions files (.NDF).

Tuning documents: Getting the most from APPC ("Communications Manager/2 (CM/2) tuning
recommendations", Appendix B Figure 9). Syntax: see grammars/cm2.lark (free format, `//` and `/*
*/` comments, `VERB PARAM(value) ... ;`). The DLC frame size and windows live in the binary
.CFG, not here: they come from the project configuration as declared facts (`nodes:`).
"""

from __future__ import annotations

import re

from decklint.core.ir import (
    Diagnostic,
    Operand,
    ReadResult,
    Statement,
    Statements,
    Value,
    classify_atom,
)
from decklint.core.source import SourceFile
from decklint.readers.base import (
    ParsedFile,
    may_hold,
    parsed_units,
    sniff_count,
)
from decklint.readers.freeform import Text, blank_comments, unterminated

# A /* without its */ runs to the end of the file (and is reported).
_COMMENTS = (re.compile(r"/\*.*?(?:\*/|\Z)", re.DOTALL), re.compile(r"//[^\n]*"))


def read(src: SourceFile) -> ReadResult:
    out = ReadResult()
    text = Text(src)
    body = blank_comments(text, _COMMENTS, out)
    unterminated(text, out)
    start = 0
    for m in re.finditer(";", body):
        _unit(text, body, start, m.start(), out)
        start = m.end()
    tail = body[start:]
    if tail.strip():
        _unit(text, body, start, len(body), out)
        out.diagnostics.append(
            Diagnostic(
                "PRS001",
                text.span(len(body.rstrip()) - 1, len(body.rstrip())),
                "the last statement has no ';' at its end",
            )
        )
    return out


def _unit(text: Text, body: str, start: int, end: int, out: ReadResult) -> None:
    chunk = body[start:end]
    lead = len(chunk) - len(chunk.lstrip())
    trail = len(chunk) - len(chunk.rstrip())
    if not chunk.strip():
        return
    unit = text.unit(start + lead, end - trail)
    unit.text = chunk.strip()  # comments blanked; offsets unchanged
    out.units.append(unit)


def parse(src: SourceFile) -> ParsedFile:
    rd = read(src)
    statements: list[Statement] = []
    diags: list[Diagnostic] = list(rd.diagnostics)
    for unit, tree in parsed_units(rd.units, "cm2", "statement", diags):
        sm = unit.smap
        verb = tree.children[0]
        operands = []
        for p in tree.children[1:]:
            name_tok, lpar, *items, rpar = p.children
            vals = tuple(
                Value(classify_atom(str(t)), str(t), sm.span(t.start_pos, t.end_pos)) for t in items
            )
            if len(vals) == 1:
                value = vals[0]
            elif not vals:
                value = Value("empty", "", sm.span(lpar.end_pos, lpar.end_pos))
            else:
                value = Value(
                    "list",
                    unit.text[lpar.start_pos : rpar.end_pos],
                    sm.span(lpar.start_pos, rpar.end_pos),
                    vals,
                )
            operands.append(
                Operand(
                    str(name_tok).upper(),
                    value,
                    sm.span(name_tok.start_pos, rpar.end_pos),
                    str(name_tok),
                )
            )
        statements.append(
            Statement(
                src.path,
                "cm2",
                len(statements),
                str(verb).upper(),
                sm.span(0, len(unit.text)),
                op_span=sm.span(verb.start_pos, verb.end_pos),
                operands=tuple(operands),
            )
        )
    return ParsedFile(src, "cm2", Statements(statements), rd, tuple(diags))


_SNIFF = re.compile(
    r"^[ \t]*DEFINE_(LOCAL_CP|LOGICAL_LINK|MODE|PARTNER_LU|DEFAULTS|TP)\b",
    re.IGNORECASE | re.MULTILINE,
)


def sniff(src: SourceFile) -> float:
    if not may_hold(src, ("DEFINE_",)):  # what _SNIFF spells, in any case
        return 0.0
    return sniff_count(src, _SNIFF, 500, 0.7, 0.1, 0.97)
