"""AIX profiles, network options and CS/AIX records -> model entities."""

from __future__ import annotations

import functools

from decklint.core.entities import Attr
from decklint.core.ir import (
    Operand,
    Statement,
)
from decklint.core.lowering import Lowering, default
from decklint.dialects.aix import records as cs
from decklint.dialects.aix.reader import _CATALOG, _patterns
from decklint.knowledge.catalog import Catalog
from decklint.knowledge.catalog_check import operand_problems, product_catalog
from decklint.readers.base import ParsedFile

PROFILES = "SNA Services/6000"  # the `product` of the entities an exportsna profile makes


@functools.cache
def no_options() -> tuple[str, ...]:
    """The `no` network options decklint models (the catalog's NO entry)."""
    entry = product_catalog(_CATALOG).statement("NO")
    return tuple(n.lower() for n in entry.operands) if entry is not None else ()


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


def _profile(stanza: str) -> tuple[str, str]:
    """The profile kind a stanza's name says, and its catalog entry ("" for neither)."""
    for kind, name, pat in _patterns():
        if pat.search(stanza):
            return kind, name
    return "", ""


def _field(attr: str) -> str | None:
    return _fields().get(attr)


def _judge(cat: Catalog, entry: str, st: Statement, low: Lowering) -> None:
    """PRS002 and PRS003 for an attribute of a known profile or a `no` option (warnings where
    the catalog's fact is assumed: the profile attribute names are)."""
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
    recs = cs.records(pf.statements)
    node = cs.node_name(recs, pf.source.path)
    low.node = f"aix:{node}"  # the CP name of a [define_node], else the file's name
    for rec in recs:
        for d in cs.judge(cat, rec):
            low.diag(d)
    host = "AIX"
    options: dict[str, Attr] = {}
    stanza: Statement | None = None
    fields: dict[str, Attr] = {}
    in_record = False  # the lines of a [define_*] record are its parameters (records.judge)

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
                "product": default(PROFILES),
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
            if kind == "dlc":
                attrs["product"] = default(PROFILES)
            low.add("aix_dlc" if kind == "dlc" else "aix_adapter", name, stanza.span, attrs)

    for st in pf.statements:
        if st.kind in ("stanza", "record"):
            flush()
            stanza, fields = (st, {}) if st.kind == "stanza" else (None, {})
            in_record = st.kind == "record"
        elif st.kind == "attribute" and not in_record:
            op = st.operands[0]
            if stanza is None:
                if op.name in no_options():  # `no -a` prints `name = value`
                    _judge(cat, "NO", st, low)
                    options[op.name] = _attr(op)
                continue
            _judge(cat, _profile(stanza.label or "")[1], st, low)
            field = _field(op.name or "")
            if field is not None:
                fields[field] = _attr(op)
        elif st.kind == "no" and st.operands:
            op = st.operands[0]
            _judge(cat, "NO", st, low)
            if op.name in no_options():
                options[op.name] = _attr(op)
    flush()
    cs.lower(recs, low, node)
    if options:
        first = min((a.span for a in options.values() if a.span), default=None)
        span = first or (pf.statements[0].span if pf.statements else None)
        if span is not None:
            attrs = {"name": Attr(host)}
            for k in no_options():
                attrs[k] = options.get(k, default(None, "not set here"))
            low.add("aix_options", host, span, attrs)
