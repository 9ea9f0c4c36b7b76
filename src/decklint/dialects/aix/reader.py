"""SNA Services/6000 and SNA Server/6000 on AIX: `no` network options and SNA profiles as
`exportsna` writes them (a stanza `profile_type:` of indented `attribute = value` lines, the
first `prof_name = "..."`, `#` comments), which is also the SMIT-like form decklint read
before.

Tuning documents: Getting the most from APPC ("SNA Services 6000 v1.2 tuning recommendations").
Syntax: grammars/aix.lark. Which stanza is which profile, and which attribute means what, is in
the catalog (grammars/catalogs/aix.yaml: assumed names with their synonyms, `stanza:` patterns
and `field:`s): correct it there when a real export shows otherwise.
"""

from __future__ import annotations

import functools
import re

from decklint.dialects.base import ParsedFile, parsed_units
from decklint.dialects.catalog_check import product_catalog
from decklint.dialects.freeform import line_units
from decklint.ir import (
    Diagnostic,
    Operand,
    ReadResult,
    Statement,
    Statements,
    Value,
    classify_atom,
)
from decklint.source import SourceFile

_CATALOG = "aix"  # grammars/catalogs/aix.yaml: `no` options, profiles and their attributes
_PROFILES = {"DLC": "dlc", "ADAPTER": "adapter", "MODE": "mode"}  # catalog entry -> profile kind


@functools.cache
def _patterns() -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """(profile kind, catalog entry, stanza-name pattern) in the catalog's order."""
    raw = product_catalog(_CATALOG).raw
    return tuple(
        (kind, name, re.compile(str(raw[name]["stanza"]), re.IGNORECASE))
        for name, kind in _PROFILES.items()
        if isinstance(raw.get(name), dict) and raw[name].get("stanza")
    )


def read(src: SourceFile) -> ReadResult:
    return line_units(src, ("#",))


def parse(src: SourceFile) -> ParsedFile:
    rd = read(src)
    statements: list[Statement] = []
    diags: list[Diagnostic] = []
    for unit, tree in parsed_units(rd.units, "aix", "line", diags):
        sm = unit.smap
        whole = sm.span(0, len(unit.text))
        ch = tree.children
        if tree.data == "stanza":
            name = str(ch[0])
            statements.append(
                Statement(
                    src.path,
                    "aix",
                    len(statements),
                    "STANZA",
                    whole,
                    label=name,
                    label_span=sm.span(ch[0].start_pos, ch[0].end_pos),
                    kind="stanza",
                )
            )
            continue
        if tree.data == "no_cmd":
            flag = str(ch[1])
            ops: tuple[Operand, ...] = ()
            if len(ch) > 2 and ch[2] is not None:
                name_tok, _eq, val = ch[2], ch[3], ch[4]
                v = Value(classify_atom(str(val)), str(val), sm.span(val.start_pos, val.end_pos))
                ops = (
                    Operand(
                        str(name_tok).lower(),
                        v,
                        sm.span(name_tok.start_pos, val.end_pos),
                        str(name_tok),
                    ),
                )
            statements.append(
                Statement(
                    src.path,
                    "aix",
                    len(statements),
                    f"NO {flag}",
                    whole,
                    op_span=sm.span(0, ch[1].end_pos),
                    operands=ops,
                    kind="no",
                )
            )
            continue
        name_tok, eq, *rest = ch
        val = rest[0] if rest and rest[0] is not None else None
        if val is None:
            v = Value("empty", "", sm.span(eq.end_pos, eq.end_pos))
        else:
            raw = str(val)
            kind = "string" if raw[:1] in "\"'" else classify_atom(raw)
            v = Value(kind, raw, sm.span(val.start_pos, val.end_pos))
        statements.append(
            Statement(
                src.path,
                "aix",
                len(statements),
                "ATTRIBUTE",
                whole,
                operands=(
                    Operand(
                        str(name_tok).lower(),
                        v,
                        sm.span(name_tok.start_pos, eq.end_pos if val is None else val.end_pos),
                        str(name_tok),
                    ),
                ),
                kind="attribute",
            )
        )
    return ParsedFile(src, "aix", Statements(statements), rd, tuple(diags))


_SNIFF = re.compile(
    r"^[ \t]*(no\s+-[oa]\b|(thewall|lowclust|lowmbuf|mb_cl_hiwat|prof_name)\s*=)", re.MULTILINE
)  # the catalog's `no` options, spelt out (a sniffer reads no catalog), and `prof_name =`, the
# attribute every profile stanza of an `exportsna` file begins with


def sniff(src: SourceFile) -> float:
    return 0.85 if _SNIFF.search("\n".join(src.lines[:300])) else 0.0
