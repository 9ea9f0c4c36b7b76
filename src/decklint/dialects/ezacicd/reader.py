"""CICS Sockets configuration: EZACICD macros (TYPE=CICS for the interface, TYPE=LISTENER).

Tuning documents: TCP/IP for z/OS: Performance Tuning Tips and Capacity Planning ("MVS CICS
Sockets Tuning Parm's"). Syntax: grammars/ezacicd.lark (the assembler card layout of
common.lark). The EZAC transaction edits the same values in the configuration file; a deck of
EZACICD macros is how they are kept in source.
"""

from __future__ import annotations

import re

from decklint.core.ir import Diagnostic, LogicalUnit
from decklint.core.source import SourceFile, SourceMap, Span
from decklint.knowledge import member_facts as facts
from decklint.readers.assembler.reader import card_indent, parse_units
from decklint.readers.base import ParsedFile, may_hold
from decklint.readers.cards import read_assembler
from decklint.readers.damage import Indent

# The operands the model keeps for each TYPE (the fields of grammars/../kinds/ezacicd.py); the
# TYPEs, every operand, value lists, ranges and defaults are the catalog's
# (grammars/catalogs/ezacicd.yaml).
MODELLED: dict[str, tuple[str, ...]] = {
    "CICS": ("APPLID", "TCPADDR", "NTASKS", "DPRTY"),
    "LISTENER": ("APPLID", "TRANID", "PORT", "BACKLOG", "NUMSOCK"),
}


def types() -> tuple[str, ...]:
    """The TYPEs EZACICD takes, in the catalog's order."""
    return facts.product("ezacicd").names()


def parse(src: SourceFile) -> ParsedFile:
    read = read_assembler(src)
    first = 0
    for i, u in enumerate(read.units):
        if _IN_NAME_FIELD.match(u.text):
            read.units[i] = _as_operation(u)
            first = first or u.line
    if first:
        read.diagnostics.insert(0, _in_name_field(first))
    return parse_units(src, read, "ezacicd", "ezacicd")


# EZACICD coded from column 1: the assembler reads it as the name field, and TYPE=... as the
# operation it does not know ("Building the configuration data set with EZACICD" codes the
# macro with a blank before it). Documentation and mail often lose that blank.
_IN_NAME_FIELD = re.compile(r"EZACICD +TYPE=", re.IGNORECASE)


def _in_name_field(line: int) -> Diagnostic:
    return Diagnostic(
        "PRS001",
        Span(line, 1, line, 8),
        "EZACICD stands in the name field (column 1), where the assembler reads it as a label "
        "and TYPE= as an operation it does not know; start it in column 2 or later (every "
        "EZACICD coded so is read here as the macro)",
    )


def _as_operation(u: LogicalUnit) -> LogicalUnit:
    """A statement read with EZACICD as its name field, read with it as the operation: the
    unit's text with a blank before it and without the separators the reader put between the
    fields after it (the operands run on, one field)."""
    sm = u.smap
    mapped = [False] * len(u.text)
    for start, n in zip(sm.starts, sm.lengths, strict=True):
        for k in range(start, min(start + n, len(u.text))):
            mapped[k] = True
    head = len("EZACICD")
    keep = list(range(head))
    keep += [k for k in range(head + 1, len(u.text)) if mapped[k] or u.text[k] != " "]
    text = " " + u.text[:head] + " " + "".join(u.text[k] for k in keep[head:])
    new = SourceMap()
    out = 1
    for n, k in enumerate(keep):
        if n == head:
            out += 1  # the blank between the operation and its operands
        if mapped[k]:
            line, col = sm.pos(k)
            new.add(out, line, col, 1)
        out += 1
    return LogicalUnit(text, _merged(new), u.line, u.kind, u.remarks, u.last_line)


def _merged(sm: SourceMap) -> SourceMap:
    """Character segments of one line and consecutive columns joined into one."""
    out = SourceMap()
    for start, line, col, n in zip(sm.starts, sm.lines, sm.cols, sm.lengths, strict=True):
        if out.starts:
            i = len(out.starts) - 1
            if (
                out.lines[i] == line
                and out.starts[i] + out.lengths[i] == start
                and out.cols[i] + out.lengths[i] == col
            ):
                out.lengths[i] += n
                continue
        out.add(start, line, col, n)
    return out


def card_reading(src: SourceFile) -> Indent | None:
    """How `parse` reads the deck with the card reader: as it stands (no indentation rule);
    None for a deck coded from column 1, which `parse` reads otherwise (EZACICD as the
    operation, not the name field): `decklint format` leaves that one alone."""
    if any(_IN_NAME_FIELD.match(ln) for ln in src.lines):
        return None
    return card_indent(src)


# EZACICD with its TYPE, after a label or none, or from column 1 (read as meant: `parse`)
_SNIFF = re.compile(r"^(?:\S*\s+)?EZACICD\s+TYPE=", re.IGNORECASE | re.MULTILINE)


def sniff(src: SourceFile) -> float:
    if not may_hold(src, ("EZACICD",)):  # what _SNIFF spells, in any case
        return 0.0
    return 0.96 if _SNIFF.search("\n".join(ln[:71] for ln in src.lines[:600])) else 0.0
