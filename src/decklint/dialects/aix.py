"""SNA Services/6000 on AIX: `no` network options and exported SMIT SNA profiles.

Tuning documents: Getting the most from APPC ("SNA Services 6000 v1.2 tuning recommendations").
Syntax: grammars/aix.lark. Which stanza is which profile, and which attribute means what, is in
the catalog (grammars/catalogs/aix.yaml: assumed names with their synonyms, `stanza:` patterns
and `field:`s): correct it there when a real export shows otherwise.
"""

from __future__ import annotations

import functools
import re

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec, ParsedFile, parsed_units
from decklint.dialects.catalog import Catalog
from decklint.dialects.catalog_check import operand_problems, product_catalog
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
from decklint.model.entities import Attr
from decklint.model.lowering import Lowering, default
from decklint.source import SourceFile

_CATALOG = "aix"  # grammars/catalogs/aix.yaml: `no` options, profiles and their attributes
_PROFILES = {"DLC": "dlc", "ADAPTER": "adapter", "MODE": "mode"}  # catalog entry -> profile kind


@functools.cache
def no_options() -> tuple[str, ...]:
    """The `no` network options decklint models (the catalog's NO entry)."""
    entry = product_catalog(_CATALOG).statement("NO")
    return tuple(n.lower() for n in entry.operands) if entry is not None else ()


@functools.cache
def _patterns() -> tuple[tuple[str, str, re.Pattern[str]], ...]:
    """(profile kind, catalog entry, stanza-name pattern) in the catalog's order."""
    raw = product_catalog(_CATALOG).raw
    return tuple(
        (kind, name, re.compile(str(raw[name]["stanza"]), re.IGNORECASE))
        for name, kind in _PROFILES.items()
        if isinstance(raw.get(name), dict) and raw[name].get("stanza")
    )


@functools.cache
def _fields() -> dict[str, str]:
    """Attribute name (lower case) -> the model field it sets, from every profile's `field:`."""
    out: dict[str, str] = {}
    for _kind, name, _pat in _patterns():
        operands = product_catalog(_CATALOG).raw[name].get("operands") or {}
        for attr, body in operands.items():
            if isinstance(body, dict) and body.get("field"):
                out.setdefault(str(attr).lower(), str(body["field"]))
    return out


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
    r"^[ \t]*(no\s+-[oa]\b|(thewall|lowclust|lowmbuf|mb_cl_hiwat)\s*=)", re.MULTILINE
)  # the catalog's `no` options, spelt out: a sniffer reads no catalog


def sniff(src: SourceFile) -> float:
    return 0.85 if _SNIFF.search("\n".join(src.lines[:300])) else 0.0


def _profile(stanza: str) -> tuple[str, str]:
    """The profile kind a stanza's name says, and its catalog entry ("" for neither)."""
    for kind, name, pat in _patterns():
        if pat.search(stanza):
            return kind, name
    return "", ""


def _field(attr: str) -> str | None:
    return _fields().get(attr)


def _judge(cat: Catalog, entry: str, st: Statement, low: Lowering) -> None:
    """PRS002 and PRS003 for an attribute of a known profile or a `no` option (warnings at
    most: the attribute names are assumed)."""
    found = cat.statement(entry)
    if found is None:
        return
    named = [(o.name or "", o) for o in st.operands if o.name]
    what = "the no command" if entry == "NO" else f"the {entry.lower()} profile"
    by = "SNA Services/6000"
    for d in operand_problems(cat, found, named, what, (), by, "attribute", (" = ", "")):
        low.diag(d)


def _attr(op: Operand) -> Attr:
    v = op.value
    n = v.as_int()
    return Attr(n if n is not None else v.text.strip("\"'").upper(), v.text, v.span)


def lower(pf: ParsedFile, low: Lowering) -> None:
    cat = product_catalog(_CATALOG)
    host = "AIX"
    options: dict[str, Attr] = {}
    stanza: Statement | None = None
    fields: dict[str, Attr] = {}

    def flush() -> None:
        if stanza is None:
            return
        kind = _profile(stanza.label or "")[0]
        name = str(fields.get("name", Attr(stanza.label)).value or stanza.label)
        if kind == "mode":
            ru = fields.get("ru_max", default(None))
            attrs = {
                "name": Attr(name.upper(), stanza.label, stanza.label_span),
                "table": default(host),
                "ru_max": ru,
                "ru_min": ru,
                "ru_primary": ru,
                "ru_secondary": ru,
                "send_window": fields.get("send_pacing", default(None)),
                "receive_window": fields.get("receive_pacing", default(None)),
                "bulk": default(name.upper() in low.settings.bulk_modes),
            }
            low.add("mode", name.upper(), stanza.span, attrs, scope=f"AIX:{host}")
        elif kind in ("dlc", "adapter"):
            attrs = {"name": Attr(name, stanza.label, stanza.label_span)}
            keys = (
                ("frame", "send_window", "receive_window")
                if kind == "dlc"
                else ("xmit_queue", "receive_queue")
            )
            for k in keys:
                attrs[k] = fields.get(k, default(None))
            low.add("aix_dlc" if kind == "dlc" else "aix_adapter", name, stanza.span, attrs)

    for st in pf.statements:
        if st.kind == "stanza":
            flush()
            stanza, fields = st, {}
        elif st.kind == "attribute":
            op = st.operands[0]
            if stanza is None and op.name in no_options():
                _judge(cat, "NO", st, low)
                options[op.name] = _attr(op)
                continue
            if stanza is not None:
                _judge(cat, _profile(stanza.label or "")[1], st, low)
            field = _field(op.name or "")
            if field is not None and stanza is not None:
                fields[field] = _attr(op)
        elif st.kind == "no" and st.operands:
            op = st.operands[0]
            _judge(cat, "NO", st, low)
            if op.name in no_options():
                options[op.name] = _attr(op)
    flush()
    if options:
        first = min((a.span for a in options.values() if a.span), default=None)
        span = first or (pf.statements[0].span if pf.statements else None)
        if span is not None:
            attrs = {"name": Attr(host)}
            for k in no_options():
                attrs[k] = options.get(k, default(None, "not set here"))
            low.add("aix_options", host, span, attrs)


SPEC = DialectSpec(
    name="aix",
    title="SNA Services/6000 on AIX: `no` options and exported SMIT SNA profiles (assumed)",
    globs=GLOBS["aix"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("#",),
    card_image=False,
    documents=("appc",),
)
