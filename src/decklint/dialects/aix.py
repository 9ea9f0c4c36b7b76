"""SNA Services/6000 on AIX: `no` network options and exported SMIT SNA profiles.

Seed: 000_761b89c906492400.txt ("SNA Services 6000 v1.2 tuning recommendations"). Syntax:
grammars/aix.lark. Which stanza is which profile, and which attribute means what, is in the
tables below (assumed names with their synonyms): correct them here when a real export shows
otherwise.
"""

from __future__ import annotations

import re

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec, ParsedFile, parsed_units
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

NO_OPTIONS = ("thewall", "lowclust", "lowmbuf", "mb_cl_hiwat")
# profile kind -> stanza-name pattern
PROFILES = {
    "dlc": re.compile(r"dlc|token_ring|tok_link|link_station|_ls\b", re.IGNORECASE),
    "adapter": re.compile(r"adapter|^tok\d|^ent\d|^tr\d", re.IGNORECASE),
    "mode": re.compile(r"mode", re.IGNORECASE),
}
# model field -> attribute names that mean it (the first is the assumed SMIT name)
ATTRIBUTES = {
    "frame": ("max_i_field_size", "max_i_field", "dlc_frame_size", "frame_size"),
    "send_window": ("transmit_window_count", "xmit_window_count", "send_window", "xmit_wind"),
    "receive_window": ("receive_window_count", "rcv_window_count", "receive_window", "rcv_wind"),
    "xmit_queue": ("xmt_que_size", "transmit_queue_size", "xmit_que_size"),
    "receive_queue": ("rec_que_size", "rx_que_size", "receive_queue_size"),
    "ru_max": ("max_ru_size", "ru_size", "maximum_ru_size"),
    "send_pacing": ("send_pacing", "send_pacing_window"),
    "receive_pacing": ("receive_pacing", "receive_pacing_window", "rcv_pacing"),
    "name": ("profile_name", "prof_name", "mode_name", "name"),
}


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
)


def sniff(src: SourceFile) -> float:
    return 0.85 if _SNIFF.search("\n".join(src.lines[:300])) else 0.0


def _kind(stanza: str) -> str:
    for kind, pat in PROFILES.items():
        if pat.search(stanza):
            return kind
    return ""


def _field(attr: str) -> str | None:
    for field, names in ATTRIBUTES.items():
        if attr in names:
            return field
    return None


def _attr(op: Operand) -> Attr:
    v = op.value
    n = v.as_int()
    return Attr(n if n is not None else v.text.strip("\"'").upper(), v.text, v.span)


def lower(pf: ParsedFile, low: Lowering) -> None:
    host = "AIX"
    options: dict[str, Attr] = {}
    stanza: Statement | None = None
    fields: dict[str, Attr] = {}

    def flush() -> None:
        if stanza is None:
            return
        kind = _kind(stanza.label or "")
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
            if stanza is None and op.name in NO_OPTIONS:
                options[op.name] = _attr(op)
                continue
            field = _field(op.name or "")
            if field is not None and stanza is not None:
                fields[field] = _attr(op)
        elif st.kind == "no" and st.operands:
            op = st.operands[0]
            if op.name in NO_OPTIONS:
                options[op.name] = _attr(op)
    flush()
    if options:
        first = min((a.span for a in options.values() if a.span), default=None)
        span = first or (pf.statements[0].span if pf.statements else None)
        if span is not None:
            attrs = {"name": Attr(host)}
            for k in NO_OPTIONS:
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
    seeds=("000_761b89c906492400.txt",),
)
