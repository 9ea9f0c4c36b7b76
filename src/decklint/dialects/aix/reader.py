"""AIX SNA settings, in the three forms the dialect reads, one line at a time:

- the `no` network options (`no -o name=value`, or `name = value` lines before any stanza as
  `no -a` prints them);
- SNA Services/6000 and SNA Server/6000 profiles as `exportsna` writes them: a stanza line
  `name:` (SNA Services/6000 `indconn_CONNECTION:` with `type = CONNECTION`, SNA Server/6000
  `sna_dlc_token_ring:` with `prof_name = "..."` first) and indented `attribute = value` lines;
- Communications Server for AIX's node configuration file (/etc/sna/sna_node.cfg, the form of a
  `snaadmin -i` input file too): `[define_mode]` starts a record of `name = value` lines, and
  `{name}` a subrecord of the record.

A `#` that starts a line, or follows a value and a blank, starts a comment; right after `=` it
is the value's (`cos_name = #CONNECT`).

Tuning documents: Getting the most from APPC ("SNA Services 6000 v1.2 tuning recommendations").
Syntax: grammars/aix.lark. Which stanza is which profile, which attribute or parameter means
what, and how firmly each is known, is in the catalog (grammars/catalogs/aix.yaml).
"""

from __future__ import annotations

import functools
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
from decklint.core.source import SourceFile, SourceMap
from decklint.knowledge.catalog_check import product_catalog
from decklint.readers.base import Head, ParsedFile, may_start, parsed_units

_CATALOG = "aix"  # grammars/catalogs/aix.yaml: `no` options, profiles, CS/AIX records
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


def _comment_at(text: str) -> int | None:
    """Where a trailing comment starts: a `#` outside quotes after a blank, unless it begins
    the value of an `=` (`cos_name = #CONNECT`)."""
    quote = ""
    for i, ch in enumerate(text):
        if quote:
            quote = "" if ch == quote else quote
        elif ch in "\"'":
            quote = ch
        elif ch == "#" and i and text[i - 1] in " \t" and not text[:i].rstrip().endswith("="):
            return i
    return None


def read(src: SourceFile) -> ReadResult:
    out = ReadResult()
    for i, line in enumerate(src.lines, 1):
        text = line.rstrip()
        stripped = text.lstrip()
        if not stripped:
            continue
        if stripped.startswith("#"):
            out.comments.append(Remark(i, len(text) - len(stripped) + 1, stripped))
            continue
        cut = _comment_at(text)
        if cut is not None:
            out.comments.append(Remark(i, cut + 1, text[cut:]))
            text = text[:cut].rstrip()
            stripped = text.lstrip()
        lead = len(text) - len(stripped)
        sm = SourceMap()
        sm.add(0, i, lead + 1, len(stripped))
        out.units.append(LogicalUnit(stripped, sm, i, "line"))
    return out


def _value(raw: str, sm: SourceMap, start: int, end: int) -> Value:
    kind = "string" if raw[:1] in "\"'" else classify_atom(raw)
    return Value(kind, raw, sm.span(start, end))


def parse(src: SourceFile) -> ParsedFile:
    rd = read(src)
    statements: list[Statement] = []
    diags: list[Diagnostic] = []
    for unit, tree in parsed_units(rd.units, "aix", "line", diags):
        sm = unit.smap
        whole = sm.span(0, len(unit.text))
        ch = tree.children
        if tree.data in ("stanza", "record", "subrecord"):
            tok = ch[0] if tree.data == "stanza" else ch[1]
            name = str(tok)
            tok_span = sm.span(tok.start_pos, tok.end_pos)
            statements.append(
                Statement(
                    src.path,
                    "aix",
                    len(statements),
                    name.upper() if tree.data == "record" else tree.data.upper(),
                    whole,
                    label=name,  # a record's name is its command: its op_span, no label's
                    label_span=None if tree.data == "record" else tok_span,
                    op_span=tok_span if tree.data == "record" else None,
                    kind=tree.data,
                )
            )
            continue
        if tree.data == "no_cmd":
            if str(ch[0]) != "no":
                diags.append(
                    Diagnostic(
                        "PRS001",
                        sm.span(ch[0].start_pos, ch[1].end_pos),
                        f"{ch[0]} {ch[1]}: only the `no` command is read here (no -o name=value)",
                    )
                )
                continue
            flag = str(ch[1])
            ops: tuple[Operand, ...] = ()
            if len(ch) > 2 and ch[2] is not None:
                name_tok, _eq, val = ch[2], ch[3], ch[4]
                if unit.text[name_tok.end_pos : val.start_pos] != "=":
                    diags.append(
                        Diagnostic(
                            "PRS001",
                            sm.span(name_tok.end_pos, val.start_pos),
                            f"no {flag} {name_tok}: a blank before or after '=' makes the no "
                            "command fail; write name=value (AIX Commands Reference, no Command)",
                        )
                    )
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
            v = _value(str(val), sm, val.start_pos, val.end_pos)
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


# What tells these files by content (a sniffer reads no catalog, so the words are spelt out):
# the catalog's `no` options; `prof_name =`, which SNA Server/6000's exportsna writes first in
# every stanza; SNA Services/6000's `name_TYPE:` stanza of a profile type; and a CS/AIX
# record: a configuration file's header (sna_node.cfg's or the domain's sna_domn.cfg's), the
# node, a DLC, port or link station, a mode or an LU.
_SNIFF = re.compile(
    r"^[ \t]*(no\s+-[oa]\b|(thewall|lowclust|lowmbuf|mb_cl_hiwat|prof_name)\s*="
    r"|[A-Za-z0-9_.$#@]+_(CONNECTION|ATTACHMENT|LOCALLU|TPN|REMOTETPN|CONTROL_POINT)[ \t]*:"
    r"|\[define_(node_config_file|domain_config_file|node|(tr|ethernet|fddi|sdlc|qllc|ip)_(dlc|port|ls)"
    r"|mode|local_lu|partner_lu)\])",
    re.MULTILINE,
)


# The first word of a line _SNIFF matches, as `line_heads` reads it (in upper case): `no`,
# one of the `no` options, or a word with a `_` (the other options, a profile's
# `name_CONNECTION:`, a `[define_...]` record).
_SNIFF_FIRST = frozenset({"NO", "THEWALL", "LOWCLUST", "LOWMBUF"})


def _first(h: Head) -> bool:
    return h.a in _SNIFF_FIRST or "_" in h.a


def sniff(src: SourceFile) -> float:
    if not may_start(src, 300, _first):
        return 0.0  # _SNIFF matches at none of the lines it reads
    return 0.85 if _SNIFF.search("\n".join(src.lines[:300])) else 0.0
