"""AS/400 (IBM i) CL configuration source, as RTVCFGSRC writes it or by hand.

Tuning documents: Getting the most from APPC ("AS/400 tuning recommendations"). Syntax:
grammars/as400.lark; `+` (next record's leading blanks dropped) or `-` (kept) as the last
non-blank character continues a command, `/* */` comments may go wherever a blank may. Models
CRTMODD/CHGMODD (modes), CRTLINTRN/CRTLINETH/CRTLINSDLC/CRTLINX25 (lines), CRTCTLAPPC/CHGCTLAPPC
(controllers), CRTDEVAPPC (devices) and CHGSYSVAL (system values).
"""

from __future__ import annotations

import re

from decklint.core.ir import (
    Diagnostic,
    LogicalUnit,
    Operand,
    ReadResult,
    Statement,
    Statements,
    Value,
    classify_atom,
)
from decklint.core.source import SourceFile, SourceMap
from decklint.readers import skips
from decklint.readers.base import (
    ParsedFile,
    line_keywords,
    parsed_units,
    sniff_count,
)
from decklint.readers.freeform import Text, blank_comments, unterminated

_COMMENTS = (re.compile(r"/\*.*?(?:\*/|\Z)", re.DOTALL),)


def read(src: SourceFile) -> ReadResult:
    out = ReadResult()
    text = Text(src)
    body = blank_comments(text, _COMMENTS, out)
    unterminated(text, out)
    lines = body.split("\n")
    parts: list[tuple[str, int, int]] = []
    start_line = 0
    keep_blanks = False
    quoted = False  # the command so far ends inside a quoted string
    for i, raw in enumerate(lines, 1):
        stripped = raw.rstrip()
        if not parts and not stripped.strip():
            continue
        lead = 0 if keep_blanks or not parts else len(stripped) - len(stripped.lstrip())
        if not parts:
            lead = len(stripped) - len(stripped.lstrip())
            start_line = i
        # `+` or `-` as the last non-blank character continues the command, inside a quoted
        # string too (a long TEXT or MSG goes on so): CL "Continuation" rules
        cont = stripped.endswith(("+", "-"))
        body_end = len(stripped) - 1 if cont else len(stripped)
        piece = stripped[lead:body_end]
        quoted ^= piece.count("'") % 2 == 1
        if piece:
            parts.append((piece, i, lead + 1))
        elif not parts:
            parts.append(("", i, lead + 1))
        if not cont and _label_only(parts):
            cont = True  # a label alone on its record labels the command on the next one
        if cont:
            keep_blanks = stripped.endswith("-")
            joined = parts and parts[-1][0] and not parts[-1][0].endswith(" ")
            if not keep_blanks and not quoted and joined:
                parts.append((" ", 0, 0))
            continue
        _flush(parts, start_line, out)
        parts = []
        keep_blanks = quoted = False
    if parts:
        _flush(parts, start_line, out)
        if _label_only(parts):
            return out  # a label at the end: the command it labels is missing (PRS001)
        out.diagnostics.append(
            Diagnostic(
                "PRS001",
                text.span(len(body.rstrip()) - 1, len(body.rstrip())),
                f"the command that starts on line {start_line} ends with a continuation "
                "character but the file ends",
                None,
            )
        )
    return out


_LABEL_ONLY = re.compile(r"[A-Za-z_$#@][A-Za-z0-9_$#@.]*:\s*\Z")


def _label_only(parts: list[tuple[str, int, int]]) -> bool:
    """Whether the command read so far is a label and nothing else (`SKIP:`)."""
    return len(parts) == 1 and bool(_LABEL_ONLY.match(parts[0][0].strip()))


def _flush(parts: list[tuple[str, int, int]], line: int, out: ReadResult) -> None:
    sm = SourceMap()
    chunks = []
    off = 0
    for t, ln, col in parts:
        if ln:
            sm.add(off, ln, col, len(t))
        chunks.append(t)
        off += len(t)
    text = "".join(chunks)
    if text.strip():
        out.units.append(LogicalUnit(text, sm, line, "command"))


def _value(node: object, sm: SourceMap, text: str) -> Value:
    from lark import Token

    if isinstance(node, Token):
        start, end = node.start_pos or 0, node.end_pos or 0
        return Value(classify_atom(str(node)), str(node), sm.span(start, end))
    children = node.children  # type: ignore[attr-defined]
    lpar, rpar = children[0], children[-1]  # a nested command's keyword stands for its "("
    items = tuple(_value(c, sm, text) for c in children[1:-1])
    return Value(
        "list", text[lpar.start_pos : rpar.end_pos], sm.span(lpar.start_pos, rpar.end_pos), items
    )


def parse(src: SourceFile) -> ParsedFile:
    rd = read(src)
    statements: list[Statement] = []
    diags: list[Diagnostic] = list(rd.diagnostics)
    for unit, tree in parsed_units(rd.units, "as400", "command", diags):
        sm, text = unit.smap, unit.text
        label_tok, cmd, *params = tree.children
        operands = []
        for p in params:
            if p.data == "keyword":
                kwd, *items, rpar = p.children
                name = str(kwd)[:-1]
                vals = tuple(_value(i, sm, text) for i in items)
                start = kwd.end_pos
                if len(vals) == 1:
                    value = vals[0]
                elif not vals:
                    value = Value("empty", "", sm.span(start, start))
                else:
                    value = Value(
                        "list", text[start : rpar.start_pos], sm.span(start, rpar.start_pos), vals
                    )
                operands.append(
                    Operand(name.upper(), value, sm.span(kwd.start_pos, rpar.end_pos), name)
                )
            else:
                v = _value(p.children[0], sm, text)
                operands.append(Operand(None, v, v.span))
        statements.append(
            Statement(
                src.path,
                "as400",
                len(statements),
                str(cmd).upper(),
                sm.span(0, len(text)),
                label=str(label_tok)[:-1] if label_tok is not None else None,
                op_span=sm.span(cmd.start_pos, cmd.end_pos),
                operands=tuple(operands),
                kind="command",
            )
        )
    return ParsedFile(src, "as400", Statements(statements), rd, tuple(diags))


# A configuration command, or a CL program's own statements in the shape only CL writes them:
# PGM PARM(&...), DCL VAR(&...) or DCL &..., CHGVAR with a CL variable, MONMSG MSGID(...),
# ENDPGM (a PL/I DCL names no &variable; an OpenCL kernel has none of these).
_SNIFF = re.compile(
    r"^[ \t]*(?:[A-Z0-9_$#@]+:\s*)?(?:(CRTMODD|CHGMODD|CRTLINTRN|CRTLINETH|CRTLINSDLC|CRTLINX25|"
    r"CRTCTLAPPC|CHGCTLAPPC|CRTDEVAPPC|CHGSYSVAL|CRTCTLHOST|CRTDEVHOST)\b"
    r"|(?:DCL|CHGVAR)[ \t]+(?:VAR\([ \t]*)?&|PGM[ \t]+PARM\(|MONMSG[ \t]+MSGID\(|ENDPGM\b)",
    re.IGNORECASE | re.MULTILINE,
)


# What a line _SNIFF matches starts with, in any case: its command, or a label and ':' (a
# line's first word holds it, or the command starts the next line).
_SNIFF_STARTS = ("CRT", "CHG", "DCL", "PGM", "MONMSG", "ENDPGM")


def sniff(src: SourceFile) -> float:
    if not skips.ALWAYS and not any(
        w.startswith(_SNIFF_STARTS) or ":" in w for w in line_keywords(src, 500)
    ):
        return 0.0  # no line starts as _SNIFF's
    return sniff_count(src, _SNIFF, 500, 0.7, 0.1, 0.97)


# --------------------------------------------------------------------------- lowering
