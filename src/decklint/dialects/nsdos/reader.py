"""Networking Services/DOS: CONFIG.NSD (TRLD, TRMF, ...) and MODE.NSD (modes).

Tuning documents: Getting the most from APPC ("Networking Services DOS (NS DOS) tuning
recommendations", Appendix B Figure 10). No syntax document exists (research/spec-gaps.md 2):
the grammar (grammars/nsdos.lark) is the most plausible one, one record per line, and the
catalog (grammars/catalogs/nsdos.yaml) says what decklint assumes each record and keyword means,
its positions and defaults. Correct it there when a real file shows otherwise.
"""

from __future__ import annotations

import re
from pathlib import PurePath

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
from decklint.knowledge.catalog_check import (
    product_catalog,
)
from decklint.readers.base import ParsedFile, may_hold, parsed_units
from decklint.readers.freeform import line_units

_CATALOG = "nsdos"  # grammars/catalogs/nsdos.yaml: records, keywords, positions, defaults


def config_records() -> tuple[str, ...]:
    """The CONFIG.NSD records decklint knows (the catalog's)."""
    return product_catalog(_CATALOG).names()


def read(src: SourceFile) -> ReadResult:
    return line_units(src, ("*", ";"), trailing=";", kind="record")


def is_mode_file(src: SourceFile) -> bool:
    stem = PurePath(src.path).name.upper()
    if stem.startswith("MODE"):
        return True
    if stem.startswith("CONFIG"):
        return False
    for line in src.lines:
        t = line.strip()
        if t and not t.startswith(("*", ";")):
            first = t.split()[0].upper().rstrip(",")
            return first not in config_records()
    return False


def parse(src: SourceFile) -> ParsedFile:
    rd = read(src)
    mode_file = is_mode_file(src)
    statements: list[Statement] = []
    diags: list[Diagnostic] = []
    for unit, tree in parsed_units(rd.units, "nsdos", "record", diags):
        sm = unit.smap
        head, *ops = tree.children
        operands = []
        for o in ops:
            if o.data == "keyword":
                name, _eq, val = o.children
                v = Value(classify_atom(str(val)), str(val), sm.span(val.start_pos, val.end_pos))
                operands.append(
                    Operand(str(name).upper(), v, sm.span(name.start_pos, val.end_pos), str(name))
                )
            else:
                (val,) = o.children
                v = Value(
                    "star" if str(val) == "*" else classify_atom(str(val)),
                    str(val),
                    sm.span(val.start_pos, val.end_pos),
                )
                operands.append(Operand(None, v, v.span))
        statements.append(
            Statement(
                src.path,
                "nsdos",
                len(statements),
                "MODE" if mode_file else str(head).upper(),
                sm.span(0, len(unit.text)),
                label=str(head).upper() if mode_file else None,
                label_span=sm.span(head.start_pos, head.end_pos) if mode_file else None,
                op_span=sm.span(head.start_pos, head.end_pos),
                operands=tuple(operands),
                kind="mode-record" if mode_file else "record",
            )
        )
    return ParsedFile(src, "nsdos", Statements(statements), rd, tuple(diags))


_SNIFF = re.compile(r"^[ \t]*(TRLD|TRMF)\b", re.IGNORECASE | re.MULTILINE)


def sniff(src: SourceFile) -> float:
    name = PurePath(src.path).name.upper()
    if name.endswith(".NSD"):
        return 0.9
    if not may_hold(src, ("TRLD", "TRMF")):  # what _SNIFF spells, in any case
        return 0.0
    return 0.8 if _SNIFF.search("\n".join(src.lines[:200])) else 0.0
