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

from decklint.dialects import GLOBS
from decklint.dialects.base import DialectSpec, ParsedFile, parsed_units
from decklint.dialects.catalog import Catalog
from decklint.dialects.catalog_check import (
    default_note,
    default_of,
    operand_problems,
    positions,
    product_catalog,
    unknown_statement,
)
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
    return 0.8 if _SNIFF.search("\n".join(src.lines[:200])) else 0.0


def _kv(st: Statement, name: str) -> Value | None:
    op = st.keyword(name)
    return op.value if op is not None else None


def _num(v: Value | None, dflt: object = None, note: str = "") -> Attr:
    if v is None:
        return default(dflt, note)
    n = v.as_int()
    return Attr(n if n is not None else v.text.upper(), v.text, v.span)


def _dflt(record: str, keyword: str) -> Attr:
    """The catalog's default for a keyword a record leaves out."""
    note = default_note(_CATALOG, record, keyword, "NS/DOS")
    return default(default_of(_CATALOG, record, keyword), note)


def _judge(cat: Catalog, st: Statement, low: Lowering) -> None:
    """PRS002 and PRS003 from the catalog (warnings at most: the records are assumed)."""
    entry = cat.statement(st.op)
    if entry is None:
        found = unknown_statement(cat, st, "record")
        if found is not None:
            low.diag(found)
        return
    places = positions(_CATALOG, st.op)
    unnamed = [o for o in st.operands if o.name is None]
    named = [(o.name, o) for o in st.operands if o.name is not None]
    named += [(places[i], o) for i, o in enumerate(unnamed) if i < len(places)]
    for d in operand_problems(
        cat, entry, named, st.op, (n for n, _ in named), "NS/DOS", "keyword", ("=", "")
    ):
        low.diag(d)


def lower(pf: ParsedFile, low: Lowering) -> None:
    cat = product_catalog(_CATALOG)
    node = PurePath(pf.source.path).parent.name.upper() or "NSDOS"
    framed = False
    for st in pf.statements:
        _judge(cat, st, low)
        if st.kind == "mode-record":
            _mode(st, low, node)
            continue
        if cat.statement(st.op) is None:
            continue
        if st.op == "NODE":
            name = st.keyword("NAME") or st.keyword("CPNAME")
            if name is not None:
                node = name.value.text.upper()
                low.node = f"nsdos:{node}"
        if st.op == "TRLD":
            pos = st.operands[0] if st.operands and st.operands[0].name is None else None
            low.add(
                "nsdos_link",
                node,
                st.span,
                {
                    "name": Attr(node),
                    "destination": _num(pos.value if pos else None),
                    "maxin": _num(_kv(st, "MAXIN"))
                    if st.keyword("MAXIN")
                    else _dflt("TRLD", "MAXIN"),
                    "maxout": _num(_kv(st, "MAXOUT"))
                    if st.keyword("MAXOUT")
                    else _dflt("TRLD", "MAXOUT"),
                },
            )
        elif st.op == "TRMF":
            size = st.keyword("SIZE")
            v = size.value if size is not None else (st.operands[0].value if st.operands else None)
            low.add("nsdos_frame", node, st.span, {"name": Attr(node), "frame": _num(v)})
            framed = True
    if not framed and pf.statements and pf.statements[0].kind == "record":
        _default_frame(pf, low, node)


def _default_frame(pf: ParsedFile, low: Lowering, node: str) -> None:
    """A CONFIG.NSD without TRMF runs with the default frame (Figure 10: 256 bytes)."""
    first = pf.statements[0].span
    low.add("nsdos_frame", node, first, {"name": Attr(node), "frame": _dflt("TRMF", "SIZE")})


def _mode(st: Statement, low: Lowering, node: str) -> None:
    name = st.label or ""
    values = [o.value for o in st.operands if o.name is None]
    by_name = {o.name.lower(): o.value for o in st.operands if o.name is not None}
    ru = by_name.get("ru") or (values[0] if values else None)
    window = (
        by_name.get("pacing")
        or by_name.get("receive_window")
        or (values[1] if len(values) > 1 else None)
    )
    if ru is not None and ru.kind == "star":
        ru_attr = Attr(None, ru.text, ru.span)
        star = Attr(True, ru.text, ru.span)
    else:
        ru_attr = _num(ru, None, "not coded")
        star = Attr(False, ru.text, ru.span) if ru is not None else default(False)
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "table": default(node),
        "default_ru_size": star,
        "ru_max": ru_attr,
        "ru_min": ru_attr,
        "ru_primary": ru_attr,
        "ru_secondary": ru_attr,
        "receive_window": _num(window) if window is not None else _dflt("MODE", "receive_window"),
        "bulk": default(name in low.settings.bulk_modes),
    }
    low.define("nsdos_mode", name, st.label_span or st.span, scope=node)
    low.add("mode", name, st.span, attrs, scope=f"NSDOS:{node}")


SPEC = DialectSpec(
    name="nsdos",
    title="Networking Services/DOS CONFIG.NSD and MODE.NSD (syntax assumed; no document found)",
    globs=GLOBS["nsdos"],
    sniff=sniff,
    parse=parse,
    lower=lower,
    comment_prefixes=("*", ";"),
    card_image=False,
    documents=("appc",),
)
