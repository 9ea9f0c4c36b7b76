"""VTAM and NCP statements that tie a node to others: the routes to destination subareas
(PATH DESTSA and ERn), the link stations to adjacent subarea nodes (an NCP's INNODE, a PU of
type 4 or 5 on a subarea or channel line), the CDRMs of the domains a VTAM talks to, its
adjacent SSCP table, its adjacent control points, its TRLEs and the local PUs that use them,
its XCA ports and Enterprise Extender groups, and the entries of a configuration list. The
link layer (model/network/) joins them across decks."""

from __future__ import annotations

from decklint.core.entities import Attr
from decklint.core.ir import Operand, Statement, Value
from decklint.core.lowering import Lowering, coded, default


def _number(v: Value | None) -> int | None:
    return v.as_int() if v is not None else None


def _numbers(op: Operand | None) -> tuple[int, ...]:
    """A number or a list of numbers (DESTSA=(4,5)) as a tuple; others left out."""
    if op is None:
        return ()
    v = op.value
    items = v.items if v.is_list else (v,)
    return tuple(n for i in items if (n := _number(i)) is not None)


def lower_route(st: Statement, low: Lowering) -> None:
    """A subarea PATH statement: the explicit routes (ERn=(adjacent subarea, TG number)) to
    the destination subareas DESTSA names (SNA Resource Definition Reference, "Path
    definition statements")."""
    dest = st.keyword("DESTSA")
    if dest is None:
        return
    routes: list[tuple[int, int, int]] = []
    for o in st.operands:
        name = o.name or ""
        if name.startswith("ER") and name[2:].isdigit():
            adj, tgn = _number(o.value.item(0)), _number(o.value.item(1))
            if adj is not None:
                routes.append((int(name[2:]), adj, tgn if tgn is not None else 1))
    attrs = {
        "name": Attr(dest.text, dest.text, dest.span),
        "destsa": Attr(_numbers(dest), dest.text, dest.span),
        "routes": default(tuple(routes)),
    }
    low.add("subarea_route", (st.label or dest.text).upper(), st.span, attrs)


def lower_station(
    st: Statement, low: Lowering, line: Statement | None, major: str, group: Statement | None
) -> None:
    """A link station to an adjacent subarea node: an NCP's INNODE (early NCPs), or a PU of
    type 4 or 5 (an NCP's subarea line, a VTAM channel-attachment major node)."""
    name = (st.label or "").upper()
    if not name:
        return
    putype = st.keyword("PUTYPE")
    kind = _number(putype.value) if putype is not None else None
    if st.op != "INNODE" and kind not in (4, 5):
        return
    address = line.keyword("ADDRESS") if line is not None else None
    lnctl = group.keyword("LNCTL") if group is not None else None
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "statement": default(st.op),
        "putype": coded(putype),
        "subarea": coded(st.keyword("SUBAREA")),
        "tgn": coded(st.keyword("TGN")),
        "line": default((line.label or "").upper() or None if line is not None else None),
        "address": coded(address, address.value.upper()) if address else default(None),
        "lnctl": coded(lnctl),
        "major": default(major),
    }
    low.add("subarea_station", name, st.span, attrs)


def lower_cdrm(st: Statement, low: Lowering, netid: str | None) -> None:
    """A CDRM: an SSCP (this VTAM's own, or another domain's) and its subarea."""
    name = (st.label or "").upper()
    if not name:
        return
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "subarea": coded(st.keyword("SUBAREA")),
        "element": coded(st.keyword("ELEMENT")),
        "netid": coded(st.keyword("NETID")) if st.keyword("NETID") else default(netid),
    }
    low.add("cdrm", name, st.span, attrs)


def lower_adjsscp(st: Statement, low: Lowering, destination: str | None, netid: str | None) -> None:
    """An adjacent SSCP (ADJCDRM) of an adjacent SSCP table, under the destination CDRM whose
    sessions may be routed through it (none: any destination)."""
    name = (st.label or "").upper()
    if not name:
        return
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "destination": default(destination),
        "netid": default(netid),
    }
    low.add("adjacent_sscp", name, st.span, attrs, scope=destination or "")


def lower_adjcp(st: Statement, low: Lowering) -> None:
    """An adjacent APPN control point (ADJCP major node)."""
    name = (st.label or "").upper()
    if not name:
        return
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "netid": coded(st.keyword("NETID")),
        "nn": coded(st.keyword("NN")),
    }
    low.add("adjcp", name, st.span, attrs)


def _devices(op: Operand | None) -> Attr:
    """READ= or WRITE= of a TRLE: the subchannels' device numbers, as numbers (0E40 and E40
    are one device), sorted; None where one is no hexadecimal number."""
    if op is None:
        return default(())
    v = op.value
    out: list[int] = []
    for item in v.items if v.is_list else (v,):
        if item is None:
            continue
        text = item.text.strip().upper().removeprefix("X'").removesuffix("'")
        try:
            out.append(int(text, 16))
        except ValueError:
            return Attr(None, op.text, op.span)
    return Attr(tuple(sorted(out)), op.text, op.span)


def lower_trle(st: Statement, low: Lowering) -> None:
    """A TRLE: a multipath channel or QDIO connection; for an OSA port, PORTNAME is the name a
    TCP/IP stack's INTERFACE PORTNAME (or MPCIPA DEVICE name) uses; for a multipath channel,
    READ and WRITE are the subchannels it reads and writes on."""
    name = (st.label or "").upper()
    if not name:
        return
    port = st.keyword("PORTNAME")
    portname = port.value.item(0) if port is not None else None
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "portname": Attr(portname.upper(), port.text, portname.span)
        if port is not None and portname is not None
        else default(None),
        "lnctl": coded(st.keyword("LNCTL")),
        "mpclevel": coded(st.keyword("MPCLEVEL")),
    }
    if st.keyword("READ") is not None or st.keyword("WRITE") is not None:
        attrs["read"] = _devices(st.keyword("READ"))
        attrs["write"] = _devices(st.keyword("WRITE"))
    low.add("trle", name, st.span, attrs)


def lower_mpc_station(st: Statement, low: Lowering) -> None:
    """A PU of a local SNA major node that names a TRLE: a link station over a multipath
    channel to the node at its far end (another VTAM, or an NCP)."""
    name = (st.label or "").upper()
    trle = st.keyword("TRLE")
    if not name or trle is None:
        return
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "trle": coded(trle, trle.value.upper()),
        "cpname": coded(st.keyword("CPNAME")),
        "conntype": coded(st.keyword("CONNTYPE")),
        "cpcp": coded(st.keyword("CPCP")),
        "tgn": coded(st.keyword("TGN")),
    }
    low.add("mpc_station", name, st.span, attrs)


def lower_xca_port(st: Statement, low: Lowering) -> None:
    """The PORT of an XCA major node: the LAN the node attaches (MEDIUM=CSMACD, RING, FDDI,
    ATM) or, with MEDIUM=HPRIP, the IP network of Enterprise Extender."""
    m = st.keyword("MEDIUM")
    attrs = {
        "name": Attr((st.label or "PORT").upper(), st.label, st.label_span),
        "medium": coded(m, m.value.upper()) if m is not None else default(None),
        "cuaddr": coded(st.keyword("CUADDR")),
        "adapno": coded(st.keyword("ADAPNO")),
    }
    low.add("xca_port", (st.label or "PORT").upper(), st.span, attrs)


def lower_ee_group(st: Statement, low: Lowering) -> None:
    """A GROUP of an Enterprise Extender XCA major node (PORT MEDIUM=HPRIP): the local IP
    address or host name its connections use (IPADDR, HOSTNAME; not coded, the start
    options'), its connection network (VNNAME)."""
    name = (st.label or "").upper()
    ip, host = st.keyword("IPADDR"), st.keyword("HOSTNAME")
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "ipaddr": coded(ip, ip.value.text.strip()) if ip is not None else default(None),
        "hostname": coded(host, host.value.text.strip().upper())
        if host is not None
        else default(None),
        "dial": coded(st.keyword("DIAL")),
        "vnname": coded(st.keyword("VNNAME")),
    }
    low.add("ee_group", name or "GROUP", st.span, attrs)


def lower_config_entries(items: list[tuple[str, Operand]], list_name: str, low: Lowering) -> None:
    """The major nodes a configuration list names, each where it is written."""
    for member, op in items:
        attrs = {"name": Attr(member, op.text, op.span), "list": default(list_name)}
        low.add("config_entry", member, op.span, attrs)
