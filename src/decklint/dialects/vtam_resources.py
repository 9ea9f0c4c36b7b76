"""VTAM resources that VTAM major nodes and NCP generations both define: PUs and LUs, and the
mode table and logon mode they name."""

from __future__ import annotations

from decklint.ir import Operand, Statement
from decklint.model.entities import Attr
from decklint.model.lowering import Lowering, attr_or_default, coded, default


def operand(stmt: Statement, name: str, sift: dict[str, Operand]) -> Operand | None:
    """The statement's operand `name`, else the one its major node or group sifts down."""
    return stmt.keyword(name) or sift.get(name)


def ref_modes(
    st: Statement, low: Lowering, sift: dict[str, Operand], owner: str
) -> tuple[Attr, Attr]:
    """The MODETAB and DLOGMOD of `owner` as attributes, each referenced for VTM006."""
    mt = operand(st, "MODETAB", sift)
    dl = operand(st, "DLOGMOD", sift)
    if mt is not None and mt.value.kind == "word":
        low.reference(
            "modetab", mt.value.upper(), mt.value.span, f"MODETAB of {owner}", rule="VTM006"
        )
    if dl is not None and dl.value.kind == "word":
        scope = mt.value.upper() if mt is not None else "ISTINCLM"
        low.reference(
            "logmode",
            dl.value.upper(),
            dl.value.span,
            f"DLOGMOD of {owner}",
            scope=scope,
            rule="VTM006",
        )
    mt_attr = coded(mt) if mt else default("ISTINCLM", "VTAM's default mode table")
    dl_attr = coded(dl) if dl else default(None)
    return mt_attr, dl_attr


def pacing_attr(op: Operand | None, dflt: int | None) -> Attr:
    if op is None:
        return default(dflt)
    n = op.value.item(0)
    num = n.as_int() if n is not None else None
    return Attr(num, op.text, op.span)


def lower_pu(st: Statement, low: Lowering, sift: dict[str, Operand], major: str, line: str) -> None:
    name = (st.label or "").upper()
    if not name:
        return
    mt, dl = ref_modes(st, low, sift, f"PU {name}")
    putype_op = st.keyword("PUTYPE")
    putype = putype_op.value.as_int() if putype_op else 2
    maxdata_default = 261 if putype == 1 else 265
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "maxdata": attr_or_default(st.keyword("MAXDATA"), maxdata_default, f"PUTYPE {putype}"),
        "maxout": attr_or_default(st.keyword("MAXOUT"), 1),
        "modetab": mt,
        "dlogmod": dl,
        "putype": attr_or_default(putype_op, 2),
        "cpname": coded(st.keyword("CPNAME")),
        "idblk": coded(st.keyword("IDBLK")),
        "idnum": coded(st.keyword("IDNUM")),
        "vpacing": pacing_attr(st.keyword("VPACING"), 2 if major == "SWNET" else None),
        "pacing": pacing_attr(st.keyword("PACING"), 1 if major == "SWNET" else None),
        "major": default(major),
        "line": default(line or None),
    }
    low.add("pu", name, st.span, attrs)


def lower_lu(st: Statement, low: Lowering, sift: dict[str, Operand], pu: str) -> None:
    """An `lu` entity of PU `pu`."""
    name = (st.label or "").upper()
    if not name:
        return
    mt, dl = ref_modes(st, low, sift, f"LU {name}")
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "locaddr": coded(st.keyword("LOCADDR")),
        "modetab": mt,
        "dlogmod": dl,
        "pacing": pacing_attr(st.keyword("PACING") or sift.get("PACING"), 1),
        "vpacing": pacing_attr(st.keyword("VPACING") or sift.get("VPACING"), 2),
        "pu": default(pu or None),
    }
    low.add("lu", name, st.span, attrs)
