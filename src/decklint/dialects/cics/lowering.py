"""CSD DEFINEs -> model entities: connections and their sessions, IPIC connections, the lists
the file adds its groups to; every definition's name, as the commands of the file leave the
CSD (a DELETE removes what the file defined before it)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from decklint.core.entities import Attr
from decklint.core.ir import (
    Operand,
    Statement,
    small_int,
)
from decklint.core.lowering import Lowering, attr_or_default, coded, default
from decklint.dialects.cics.reader import resource_type
from decklint.readers.base import (
    ParsedFile,
)

# Commands that make a definition (CICS TS "DFHCSDUP commands": USERDEFINE works as DEFINE,
# with the defaults of the USERDEF group).
_DEFINES = frozenset({"DEFINE", "USERDEFINE"})
# DELETE's operands that are no resource type: the group, the list and the options.
_NOT_RESOURCES = frozenset({"GROUP", "LIST", "ALL", "REMOVE"})


def _int_attr(op: Operand | None, dflt: int | None) -> Attr:
    if op is None:
        return default(dflt, "CICS default")
    text = op.value.text.strip()
    n = small_int(text)
    return Attr(n if n is not None else text.upper(), op.value.text, op.value.span)


class _Define(NamedTuple):
    """A DEFINE the file leaves in the CSD: its statement, resource type, name and group, and
    the DELETE before it that cleared the way (None: nothing of the file deleted it first)."""

    st: Statement
    rtype: str
    name: str
    group: str
    after: Statement | None


def _text(op: Operand | None) -> str:
    return op.value.text.strip().upper() if op is not None else ""


def surviving(statements: Iterable[Statement]) -> list[_Define]:
    """The DEFINEs of a file as DFHCSDUP leaves them, in order. A `DELETE GROUP(G)` (with or
    without ALL or REMOVE) removes every definition of group G the file made before it, and a
    `DELETE type(name) GROUP(G)` that one definition ("The DFHCSDUP DELETE command"); a DEFINE
    after such a DELETE knows the DELETE (`after`): the file re-defines what it deleted."""
    kept: list[_Define | None] = []
    by_key: dict[tuple[str, str, str], list[int]] = {}  # (type, group, name) -> indexes
    by_group: dict[str, list[int]] = {}
    cleared: dict[tuple[str, str, str], Statement] = {}  # ("", group, "") for a whole group
    for st in statements:
        if st.op in _DEFINES and st.operands:
            head = st.operands[0]
            rtype = resource_type(head.name or "")
            name, group = _text(head), _text(st.keyword("GROUP"))
            after = cleared.get((rtype, group, name)) or cleared.get(("", group, ""))
            by_key.setdefault((rtype, group, name), []).append(len(kept))
            by_group.setdefault(group, []).append(len(kept))
            kept.append(_Define(st, rtype, name, group, after))
        elif st.op == "DELETE":
            group = _text(st.keyword("GROUP"))
            if not group:
                continue  # DELETE LIST(L): the list, not its groups' definitions
            resources = [o for o in st.operands if (o.name or "") not in _NOT_RESOURCES]
            if not resources:
                for i in by_group.pop(group, []):
                    kept[i] = None
                cleared[("", group, "")] = st
                continue
            for o in resources:
                key = (resource_type(o.name or ""), group, _text(o))
                for i in by_key.pop(key, []):
                    kept[i] = None
                cleared[key] = st
    return [d for d in kept if d is not None]


def _lists(statements: Iterable[Statement], low: Lowering) -> None:
    """The lists the file adds its groups to, as DFHCSDUP leaves them: an ADD GROUP(g)
    LIST(l) a later REMOVE GROUP(g) LIST(l) takes back is gone ("The DFHCSDUP ADD command",
    "The DFHCSDUP REMOVE command"). A region whose GRPLIST names a list installs them."""
    added: dict[tuple[str, str], Statement] = {}
    for st in statements:
        if st.op not in ("ADD", "REMOVE"):
            continue
        group, lst = _text(st.keyword("GROUP")), _text(st.keyword("LIST"))
        if not group or not lst:
            continue
        if st.op == "ADD":
            added.setdefault((group, lst), st)
        else:
            added.pop((group, lst), None)
    for (group, lst), st in added.items():
        op = st.keyword("LIST")
        attrs = {
            "name": coded(op, lst) if op is not None else Attr(lst),
            "group": coded(st.keyword("GROUP"), group),
        }
        low.add("cics_list", lst, st.span, attrs, scope=group)


def lower(pf: ParsedFile, low: Lowering) -> None:
    _lists(pf.statements, low)
    for d in surviving(pf.statements):
        st, rtype, name, group = d.st, d.rtype, d.name, d.group
        head = st.operands[0]
        # A definition the file makes after deleting it replaces whatever another file
        # defined of that name: only the file's own definitions of it are compared (PRS004).
        scope = f"{rtype}/{group}"
        if d.after is not None:
            scope += f", as {low.path} defines it after its DELETE (line {d.after.span.line})"
        low.define("cics_resource", name, head.value.span, scope=scope)
        if rtype == "PROGRAM":
            low.define("cics_program", name, head.value.span)
        elif rtype == "TRANSACTION":
            _transaction(st, low, name)
        elif rtype == "CONNECTION":
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
        elif rtype == "IPCONN":
            applid = st.keyword("APPLID")
            attrs = {
                "name": Attr(name, head.value.text, head.value.span),
                "group": default(group),
                "applid": coded(applid, _text(applid))
                if applid is not None
                else default(name, "the IPCONN name"),
                "host": coded(st.keyword("HOST")),
                "port": coded(st.keyword("PORT")),
            }
            low.add("ipconn", name, st.span, attrs, scope=group)


def _transaction(st: Statement, low: Lowering, name: str) -> None:
    """The program a local transaction runs: defined in some group of the CSD, unless it is
    CICS's own (DFH...) or the transaction runs in another region (REMOTESYSTEM)."""
    prog = st.keyword("PROGRAM")
    program = _text(prog)
    if prog is None or not program or st.keyword("REMOTESYSTEM") is not None:
        return
    if program.startswith("DFH") or not program.replace("@", "A").replace("#", "A").isalnum():
        return  # IBM's (DFHLIST's groups), or a value a job fills in (&PGM, <PGM>)
    low.reference(
        "cics_program",
        program,
        prog.value.span,
        f"PROGRAM of TRANSACTION {name}",
    )


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
