"""NDF verbs -> model entities: the control point, links, modes and LUs."""

from __future__ import annotations

from decklint.core.entities import Attr
from decklint.core.ir import Diagnostic, Operand, Statement
from decklint.core.lowering import Lowering, coded, default
from decklint.knowledge.catalog import Catalog
from decklint.knowledge.catalog_check import (
    default_note,
    default_of,
    operand_problems,
    product_catalog,
    unknown_statement,
)
from decklint.readers.base import (
    ParsedFile,
)


def _name(op: Operand | None) -> str:
    if op is None:
        return ""
    return op.value.text.upper().rsplit(".", 1)[-1]


def _text(op: Operand | None) -> Attr:
    """An identifier as written (hex addresses stay text, not numbers)."""
    return coded(op, op.value.text.upper()) if op is not None else default(None)


def _yes(st: Statement, keyword: str) -> Attr:
    op = st.keyword(keyword)
    if op is None:
        dflt = _dflt(st.op, keyword)
        return Attr(str(dflt.value).upper() in ("YES", "1"), None, None, True, dflt.note)
    return Attr(op.value.text.upper() in ("YES", "1"), op.text, op.span)


_CATALOG = "cm2"  # grammars/catalogs/cm2.yaml: verbs, keywords, ranges, defaults


def _dflt(verb: str, keyword: str) -> Attr:
    """The catalog's default for a keyword the verb does not code."""
    return default(
        default_of(_CATALOG, verb, keyword), default_note(_CATALOG, verb, keyword, "CM/2")
    )


def _or_default(st: Statement, keyword: str) -> Attr:
    op = st.keyword(keyword)
    return coded(op) if op is not None else _dflt(st.op, keyword)


def _judge(cat: Catalog, st: Statement, low: Lowering) -> None:
    """PRS002 and PRS003 from the catalog: a verb or keyword it does not list, a value outside
    the entry's range or values (warnings at most: the NDF keywords are assumed)."""
    entry = cat.statement(st.op)
    if entry is None:
        found = unknown_statement(cat, st, "verb")
        if found is not None:
            low.diag(found)
        return
    named = [(o.name, o) for o in st.operands if o.name]
    for d in operand_problems(cat, entry, named, st.op, (n for n, _ in named), by="CM/2"):
        low.diag(d)


def lower(pf: ParsedFile, low: Lowering) -> None:
    cat = product_catalog(_CATALOG)
    for st in pf.statements:
        _judge(cat, st, low)
    cp = next((s for s in pf.statements if s.op == "DEFINE_LOCAL_CP"), None)
    cp_name = ""
    if cp is not None:
        fq = cp.keyword("FQ_CP_NAME")
        cp_name = _name(fq) or _name(cp.keyword("CP_ALIAS"))
    if cp_name:
        low.node = f"cm2:{cp_name}"
    for st in pf.statements:
        if st.op == "DEFINE_LOCAL_CP":
            low.add(
                "workstation",
                cp_name or "CM2",
                st.span,
                {
                    "name": coded(st.keyword("FQ_CP_NAME")),
                    "product": default("CM2"),
                    "node_type": _or_default(st, "NODE_TYPE"),
                    "node_id": _text(st.keyword("NODE_ID")),
                },
            )
        elif st.op == "DEFINE_LOGICAL_LINK":
            name = _name(st.keyword("LINK_NAME"))
            if name:
                low.define("cm2_link", name, st.keyword("LINK_NAME").value.span, scope=cp_name)  # type: ignore[union-attr]
            low.add(
                "dlc_link",
                name or "(unnamed)",
                st.span,
                {
                    "name": coded(st.keyword("LINK_NAME")),
                    "dlc_name": coded(st.keyword("DLC_NAME")),
                    "adapter_number": _or_default(st, "ADAPTER_NUMBER"),
                    "destination_address": _text(st.keyword("DESTINATION_ADDRESS")),
                    "adjacent_cp": _text(st.keyword("FQ_ADJACENT_CP_NAME")),
                    "adjacent_node_type": _or_default(st, "ADJACENT_NODE_TYPE"),
                },
                scope=cp_name,
            )
        elif st.op == "DEFINE_MODE":
            _mode(st, low, cp_name)
        elif st.op == "DEFINE_DEFAULTS":
            dm = st.keyword("DEFAULT_MODE_NAME")
            if dm is not None and dm.value.text:
                low.reference(
                    "cm2_mode",
                    dm.value.text.upper(),
                    dm.value.span,
                    "DEFAULT_MODE_NAME",
                    scope=cp_name,
                )
        if st.op == "DEFINE_LOCAL_CP":
            fp = st.keyword("HOST_FP_LINK_NAME")
            if fp is not None and fp.value.text:
                low.reference(
                    "cm2_link",
                    fp.value.text.upper(),
                    fp.value.span,
                    "HOST_FP_LINK_NAME",
                    scope=cp_name,
                )


def _mode(st: Statement, low: Lowering, cp: str) -> None:
    mn = st.keyword("MODE_NAME")
    name = mn.value.text.upper() if mn is not None else ""
    if not name:
        low.diag(Diagnostic("PRS001", st.span, "DEFINE_MODE needs MODE_NAME"))
        return
    low.define("cm2_mode", name, mn.value.span, scope=cp)  # type: ignore[union-attr]
    upper = st.keyword("MAX_RU_SIZE_UPPER_BOUND")
    dflt_ru = _yes(st, "DEFAULT_RU_SIZE")
    ru: Attr = coded(upper) if upper is not None else _dflt(st.op, "MAX_RU_SIZE_UPPER_BOUND")
    window = st.keyword("RECEIVE_PACING_WINDOW")
    attrs = {
        "name": Attr(name, mn.text, mn.value.span),  # type: ignore[union-attr]
        "table": default(cp),
        "default_ru_size": dflt_ru,
        "ru_max": ru,
        "ru_min": ru,
        "ru_secondary": ru,
        "ru_primary": ru,
        "receive_window": coded(window)
        if window is not None
        else _dflt(st.op, "RECEIVE_PACING_WINDOW"),
        "cos": _or_default(st, "COS_NAME"),
        "appncos": coded(st.keyword("COS_NAME")),
        "max_sessions": _or_default(st, "MAX_NEGOTIABLE_SESSION_LIMIT"),
        "session_limit": _or_default(st, "PLU_MODE_SESSION_LIMIT"),
        "min_winners": _or_default(st, "MIN_CONWINNERS_SOURCE"),
        "min_losers": _or_default(st, "MIN_CONLOSERS_SOURCE"),
        "ru_lower": _or_default(st, "MAX_RU_SIZE_LOWER_BOUND"),
        "bulk": default(name in low.settings.bulk_modes),
    }
    low.add("mode", name, st.span, attrs, scope=f"CM2:{cp}" if cp else "CM2")
