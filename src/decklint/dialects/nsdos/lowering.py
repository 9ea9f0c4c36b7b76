"""NS/DOS records -> model entities: the node, its links, frames and modes."""

from __future__ import annotations

from pathlib import PurePath

from decklint.core.entities import Attr
from decklint.core.ir import (
    Statement,
    Value,
)
from decklint.core.lowering import Lowering, default
from decklint.dialects.nsdos.reader import _CATALOG
from decklint.knowledge.catalog import Catalog
from decklint.knowledge.catalog_check import (
    default_note,
    default_of,
    operand_problems,
    positions,
    product_catalog,
    unknown_statement,
)
from decklint.readers.base import ParsedFile


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
