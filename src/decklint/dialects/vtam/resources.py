"""VTAM resources that VTAM major nodes and NCP generations both define: PUs and LUs, and the
mode table and logon mode they name. What applies where an operand is not coded is the product
catalog's default (`facts.catalogued`), by the major node or line the resource sits in."""

from __future__ import annotations

from decklint.core.entities import Attr
from decklint.core.ir import Operand, Statement
from decklint.core.lowering import Lowering, coded, default
from decklint.knowledge.facts import Scope, catalogued


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
    # the mode table VTAM uses where none is named is VTAM's, whichever deck names the LU
    mt_attr = catalogued(mt, "vtam", st.op if st.op in ("APPL", "PU") else "LU", "MODETAB")
    dl_attr = coded(dl)
    return mt_attr, dl_attr


# Operands that name a USS table or an interpret table, and the kind of table they name: on
# VTAM's statements and on an NCP major node's (GROUP, LINE, PU, LU, CLUSTER, TERMINAL).
_TABLE_REFERENCES = {"USSTAB": "usstab", "LOGTAB": "intab"}


def table_references(st: Statement, low: Lowering) -> None:
    """USSTAB= and LOGTAB= name a USS table and an interpret table (recorded, so that they
    resolve to the tables linted with them and VTM021 judges their kind; an unresolved one
    is not reported: IBM supplies tables, and sites keep theirs in other libraries)."""
    for key, kind in _TABLE_REFERENCES.items():
        o = st.keyword(key)
        if o is not None and o.value.kind == "word":
            owner = f"{st.op} {st.label}" if st.label else st.op
            low.reference(kind, o.value.upper(), o.value.span, f"{key} of {owner}", rule="")


def pacing_attr(
    op: Operand | None, product: str, st: Statement, name: str, scope: Scope | None
) -> Attr:
    """A pacing count: the first item of (n,,FIXED) as coded, else the catalog's default."""
    if op is None:
        return catalogued(None, product, st.op, name, st, scope)
    n = op.value.item(0)
    num = n.as_int() if n is not None else None
    return Attr(num, op.text, op.span)


def lower_pu(
    st: Statement,
    low: Lowering,
    sift: dict[str, Operand],
    major: str,
    line: str,
    product: str = "vtam",
    scope: Scope | None = None,
) -> None:
    """A `pu` entity; `st` carries the operands it sifts from its LINE and GROUP, `scope` the
    statements it sits in (a switched major node's VBUILD: its pacing defaults)."""
    name = (st.label or "").upper()
    if not name:
        return
    mt, dl = ref_modes(st, low, sift, f"PU {name}")

    def of(key: str) -> Attr:
        return catalogued(st.keyword(key), product, "PU", key, st, scope)

    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "maxdata": of("MAXDATA"),
        "maxout": of("MAXOUT"),
        "passlim": coded(st.keyword("PASSLIM")),
        "modulo": coded(st.keyword("MODULO")),
        "modetab": mt,
        "dlogmod": dl,
        "putype": of("PUTYPE"),
        "cpname": coded(st.keyword("CPNAME")),
        "cpcp": coded(st.keyword("CPCP")),
        "conntype": coded(st.keyword("CONNTYPE")),
        "idblk": coded(st.keyword("IDBLK")),
        "idnum": coded(st.keyword("IDNUM")),
        "vpacing": pacing_attr(st.keyword("VPACING"), product, st, "VPACING", scope),
        "pacing": pacing_attr(st.keyword("PACING"), product, st, "PACING", scope),
        "major": default(major),
        "line": default(line or None),
    }
    low.add("pu", name, st.span, attrs)


def lower_lu(
    st: Statement,
    low: Lowering,
    sift: dict[str, Operand],
    pu: str,
    product: str = "vtam",
    scope: Scope | None = None,
) -> None:
    """An `lu` entity of PU `pu`."""
    name = (st.label or "").upper()
    if not name:
        return
    mt, dl = ref_modes(st, low, sift, f"LU {name}")
    pacing = st.keyword("PACING") or sift.get("PACING")
    vpacing = st.keyword("VPACING") or sift.get("VPACING")
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "locaddr": coded(st.keyword("LOCADDR")),
        "modetab": mt,
        "dlogmod": dl,
        "pacing": pacing_attr(pacing, product, st, "PACING", scope),
        "vpacing": pacing_attr(vpacing, product, st, "VPACING", scope),
        "pu": default(pu or None),
    }
    low.add("lu", name, st.span, attrs)
