"""CSD DEFINEs -> model entities: connections and their sessions."""

from __future__ import annotations

from decklint.dialects.base import (
    ParsedFile,
)
from decklint.ir import (
    Operand,
    Statement,
    small_int,
)
from decklint.model.entities import Attr
from decklint.model.lowering import Lowering, attr_or_default, coded, default


def _int_attr(op: Operand | None, dflt: int | None) -> Attr:
    if op is None:
        return default(dflt, "CICS default")
    text = op.value.text.strip()
    n = small_int(text)
    return Attr(n if n is not None else text.upper(), op.value.text, op.value.span)


def lower(pf: ParsedFile, low: Lowering) -> None:
    for st in pf.statements:
        if st.op != "DEFINE" or not st.operands:
            continue
        head = st.operands[0]
        rtype = head.name or ""
        name = head.value.text.strip().upper()
        grp = st.keyword("GROUP")
        group = grp.value.text.strip().upper() if grp else ""
        low.define("cics_resource", name, head.value.span, scope=f"{rtype}/{group}")
        if rtype == "CONNECTION":
            low.define("cics_connection", name, head.value.span, scope=group)
            attrs = {
                "name": Attr(name, head.value.text, head.value.span),
                "group": default(group),
                "netname": coded(st.keyword("NETNAME"))
                if st.keyword("NETNAME")
                else default(name, "the connection name"),
                "protocol": attr_or_default(st.keyword("PROTOCOL"), None),
                "accessmethod": attr_or_default(st.keyword("ACCESSMETHOD"), "VTAM"),
                "autoconnect": attr_or_default(st.keyword("AUTOCONNECT"), "NO"),
            }
            low.add("connection", name, st.span, attrs, scope=group)
        elif rtype == "SESSIONS":
            _lower_sessions(st, low, name, group, head)


def _lower_sessions(st: Statement, low: Lowering, name: str, group: str, head: Operand) -> None:
    conn = st.keyword("CONNECTION")
    mode = st.keyword("MODENAME")
    if conn is not None:
        low.reference(
            "cics_connection",
            conn.value.text.strip().upper(),
            conn.value.span,
            f"CONNECTION of SESSIONS {name}",
            scope=group,
        )
    modename = mode.value.text.strip().upper() if mode else None
    if mode is not None and modename:
        low.reference(
            "logmode",
            modename,
            mode.value.span,
            f"MODENAME of SESSIONS {name}",
            scope="*",
            rule="SNA009",
        )
    mx = st.keyword("MAXIMUM")
    if mx is not None:
        nums = [p.strip() for p in mx.value.text.split(",")]
        vals = tuple(small_int(p) for p in nums)
        maximum = Attr(vals, mx.value.text, mx.value.span)
    else:
        maximum = default((1, 0), "CICS default")
    attrs = {
        "name": Attr(name, head.value.text, head.value.span),
        "group": default(group),
        "connection": coded(conn, conn.value.text.strip().upper()) if conn else default(None),
        "modename": coded(mode, modename) if mode else default(None),
        "sendsize": _int_attr(st.keyword("SENDSIZE"), 4096),
        "receivesize": _int_attr(st.keyword("RECEIVESIZE"), 4096),
        "maximum": maximum,
        "autoconnect": attr_or_default(st.keyword("AUTOCONNECT"), "NO"),
        "protocol": attr_or_default(st.keyword("PROTOCOL"), "APPC"),
        "bulk": default(bool(modename) and modename in low.settings.bulk_modes),
    }
    low.add("sessions", name, st.span, attrs, scope=group)
