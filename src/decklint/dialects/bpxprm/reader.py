"""z/OS UNIX System Services parmlib members BPXPRMxx.

Tuning documents: TCP/IP for z/OS: Performance Tuning Tips and Capacity Planning ("MVS TCP/IP
and z/OS Unix Performance Tuning (BPXPRMxx)"). Syntax: grammars/bpxprm.lark. A system's members
(BPXPRM00, BPXPRMTC, ...) are concatenated: limits (MAX..., IPC...) are one value each, the last
wins; resources (FILESYSTYPE, NETWORK, MOUNT, ...) add up. The members of one folder are taken
as one system's.

The statements, their operands, ranges, value lists and defaults are the catalog's
(grammars/catalogs/bpxprm.yaml, read through `tables()` and `decklint.knowledge.facts`): this
module holds none of its own.
"""

from __future__ import annotations

import functools
import re
from typing import Any, NamedTuple

from decklint.core.findings import Severity
from decklint.core.ir import (
    Diagnostic,
    Operand,
    ReadResult,
    Statement,
    Statements,
    Value,
    classify_atom,
    small_int,
)
from decklint.core.source import SourceFile, SourceMap, Span
from decklint.knowledge import member_facts as facts
from decklint.knowledge.keywords import words
from decklint.readers.base import (
    Head,
    ParsedFile,
    lark_parser,
    parse_unit,
    sniff_keywords,
)
from decklint.readers.freeform import Text, blank_comments, unterminated


class Tables(NamedTuple):
    """What the reader and the lowering need of the BPXPRMxx catalog, read once."""

    top: frozenset[str]  # every statement: a statement starts at one of them
    roles: dict[str, str]  # statement -> limit, setting or resource
    operands: dict[str, dict[str, str]]  # resource statement -> every spelling -> operand
    plain: int  # the largest number without a multiplier
    multiplied: int  # ... and with one


@functools.cache
def tables() -> Tables:
    """The statements and operands of grammars/catalogs/bpxprm.yaml (the only table of them)."""
    cat = facts.product("bpxprm")
    roles = {name: str(body.get("role", "setting")) for name, body in cat.raw.items()}
    operands: dict[str, dict[str, str]] = {}
    for name, role in roles.items():
        st = cat.statement(name)
        if role == "resource" and st is not None:
            operands[name] = facts.operand_names(st, cat)
    limits = cat.extra["number_limits"]
    return Tables(
        frozenset(roles), roles, operands, int(limits["plain"]), int(limits["multiplied"])
    )


# The last column a member's data is read from: columns 72-80 are ignored (z/OS MVS
# Initialization and Tuning Reference, "Syntax rules for BPXPRMxx").
LAST_COLUMN = 71
_SUFFIX = {"K": 1024, "M": 1024**2, "G": 1024**3, "T": 1024**4, "P": 1024**5}
_COMMENTS = (re.compile(r"/\*.*?(?:\*/|\Z)", re.DOTALL),)
_WORD = re.compile(r"[^\s(),']+|'(?:[^']|'')*'?|[(),]")


def number(text: str) -> int | None:
    """A BPXPRMxx number: decimal with an optional K, M, G, T or P suffix (1024-based)."""
    t = text.upper()
    if t[-1:] in _SUFFIX:
        n = small_int(t[:-1])
        return None if n is None else n * _SUFFIX[t[-1]]
    return small_int(t)


def read(src: SourceFile) -> tuple[Text, str, ReadResult]:
    out = ReadResult()
    text = Text(src)
    # columns 72-80 are not data: blank them (sequence numbers may sit there)
    for i, ln in enumerate(src.lines, 1):
        extra = ln[LAST_COLUMN:80].strip()
        if extra and not extra.isdigit():
            split_end = ln[70:72] == "*/"
            out.diagnostics.append(
                Diagnostic(
                    "PRS001",
                    Span(i, 72, i, min(len(ln), 80) + 1),
                    "the '*/' that ends this comment straddles columns 71 and 72; column 72 "
                    "is not read, so the comment runs on to the next '*/' and the statements "
                    "in between are not read either"
                    if split_end
                    else f"text in columns 72-80 ({extra!r}) is not read: BPXPRMxx data ends "
                    "in column 71; move it to the next line",
                    Severity.WARNING,
                )
            )
    body = "\n".join(ln[:LAST_COLUMN] + " " * max(0, len(ln) - LAST_COLUMN) for ln in src.lines)
    text.text = body
    body = blank_comments(text, _COMMENTS, out)
    unterminated(text, out)
    return text, body, out


def units(body: str) -> list[tuple[int, int]]:
    """Start and end offsets of the statements: each begins at a statement keyword that is
    outside parentheses."""
    starts: list[int] = []
    depth = 0
    top = tables().top
    for m in _WORD.finditer(body):
        w = m.group()
        if w == "(":
            depth += 1
        elif w == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and w.upper() in top:
            starts.append(m.start())
        elif depth == 0 and not starts:
            starts.append(m.start())  # text before the first keyword: a unit of its own
    bounds = []
    for i, a in enumerate(starts):
        b = starts[i + 1] if i + 1 < len(starts) else len(body)
        chunk = body[a:b]
        bounds.append((a, a + len(chunk.rstrip())))
    return bounds


def parse(src: SourceFile) -> ParsedFile:
    text, body, rd = read(src)
    parser = lark_parser("bpxprm", ("statement",))
    statements: list[Statement] = []
    diags: list[Diagnostic] = list(rd.diagnostics)
    for a, b in units(body):
        unit = text.unit(a, b)
        unit.text = body[a:b]
        tree = parse_unit(parser, unit)
        if isinstance(tree, Diagnostic):
            diags.append(tree)
            continue
        sm = unit.smap
        head, *ops = tree.children
        operands: list[Operand] = []
        for o in ops:
            if o.data == "keyword":
                name, *rest = o.children
                paren = rest[0] if rest else None
                if paren is None:
                    span = sm.span(name.start_pos, name.end_pos)
                    v = Value("flag", str(name), span)
                else:
                    v = _paren(paren, sm)
                    span = sm.span(name.start_pos, paren.children[-1].end_pos)
                operands.append(Operand(str(name).upper(), v, span, str(name)))
            else:
                v = _paren(o.children[0], sm)
                operands.append(Operand(None, v, v.span))
        statements.append(
            Statement(
                src.path,
                "bpxprm",
                len(statements),
                str(head).upper(),
                sm.span(0, len(unit.text)),
                op_span=sm.span(head.start_pos, head.end_pos),
                operands=tuple(operands),
            )
        )
    return ParsedFile(src, "bpxprm", Statements(statements), rd, tuple(diags))


def _paren(p: Any, sm: SourceMap) -> Value:
    kids = [
        c
        for c in p.children
        if c is not None and getattr(c, "type", "") not in ("LPAR", "RPAR", "COMMA")
    ]
    span = sm.span(p.children[0].start_pos, p.children[-1].end_pos)
    items = []
    for k in kids:
        if getattr(k, "data", None) == "paren":
            items.append(_paren(k, sm))
        else:
            s = str(k)
            kind = "string" if s.startswith("'") else classify_atom(s)
            items.append(Value(kind, s, sm.span(k.start_pos, k.end_pos)))
    if len(items) == 1:
        return items[0]
    return Value("list", "", span, tuple(items))


_SNIFF_FIRST = words(
    "MAXPROCSYS MAXPROCUSER MAXUIDS MAXFILEPROC MAXTHREADTASKS MAXTHREADS MAXPTYS "
    # statements no other format starts a line with, so that a one-statement member tells
    "KERNELSTACKS MAXASSIZE MAXCPUTIME MAXMMAPAREA MAXSHAREPAGES MAXCORESIZE MAXFILESIZE "
    "MAXQUEUEDSIGS FORKCOPY STEPLIBLIST USERIDALIASTABLE PRIORITYPG PRIORITYGOAL SUPERUSER "
    "TTYGROUP IPCMSGNIDS IPCMSGQBYTES IPCMSGQMNUM IPCSEMNIDS IPCSEMNOPS IPCSEMNSEMS "
    "IPCSHMMPAGES IPCSHMNIDS IPCSHMNSEGS IPCSHMSPAGES SHRLIBRGNSIZE SHRLIBMAXPAGES AUTOCVT "
    "STARTUP_PROC RESOLVER_PROC NONEMPTYMOUNTPT AUTHPGMLIST"
)
_SNIFF_PAIRS = {
    ("FILESYSTYPE", "TYPE"),
    ("NETWORK", "DOMAINNAME"),
    ("ROOT", "FILESYSTEM"),
    ("MOUNT", "FILESYSTEM"),
    ("SUBFILESYSTYPE", "NAME"),
}


# The keywords a line `_statement_line` accepts starts with (`may_start_with`).
_SNIFF_KEYWORDS = _SNIFF_FIRST | {a for a, _b in _SNIFF_PAIRS}


def _statement_line(h: Head) -> bool:
    """`KEYWORD(value)`, a keyword only BPXPRMxx codes (login.defs' `TTYGROUP tty` is none),
    or a statement and its first operand (`FILESYSTYPE TYPE(...)`)."""
    return (h.a in _SNIFF_FIRST and h.sep == "(") or (h.a, h.b) in _SNIFF_PAIRS


@functools.cache
def _known() -> frozenset[str]:
    """The statements and operands a member codes: a line of a statement that goes on over
    several lines starts with an operand (`ENTRYPOINT(...)`, `DEFAULT`)."""
    t = tables()
    operands = {op for ops in t.operands.values() for op in ops}
    return frozenset(t.top | operands)


def sniff(src: SourceFile) -> float:
    return sniff_keywords(
        src, _statement_line, _known, ("/*", "*/", "*"), (0.7, 0.08, 0.96), _SNIFF_KEYWORDS
    )


# --------------------------------------------------------------------------- model
