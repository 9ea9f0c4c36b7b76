"""NCP generation statements -> model entities: the NCP, its hosts, groups, lines, PUs and LUs."""

from __future__ import annotations

from pathlib import PurePath

from decklint.core.entities import Attr
from decklint.core.ir import Operand, Statement
from decklint.core.lowering import Lowering, attr_or_default, coded, default
from decklint.dialects.vtam import network
from decklint.dialects.vtam.resources import lower_lu, lower_pu, table_references
from decklint.knowledge.facts import Scope, catalogued, link_attached
from decklint.readers.base import ParsedFile

# PU operands coded on GROUP or LINE sift down to the PUs below (catalog `sift:` lists)
_PU_SIFT = ("MAXDATA", "MAXOUT", "PUTYPE", "PASSLIM", "MODULO")
_HOST_KEYS = ("UNITSZ", "MAXBFRU", "BFRPAD", "INBFRS")


def _t2timer(op: Operand | None) -> Attr:
    if op is None:
        return default(None, "T2TIMER not coded: NCP acknowledges every frame on peripheral links")
    v = op.value
    items = v.items if v.is_list else (v,)
    vals = tuple(i.as_number() if i is not None else None for i in items)
    return Attr(vals, op.text, op.span)


def lower(pf: ParsedFile, low: Lowering) -> None:
    ncp_attrs: dict[str, Attr] = {}
    ncp_span = pf.statements[0].span if pf.statements else None
    name = ""
    group: Statement | None = None
    group_name = ""
    line: Statement | None = None
    line_name = ""
    pu_name = ""
    hosts: list[Statement] = []
    pccus: list[Statement] = []
    build_t2: Attr = default(None)
    lines: list[tuple[Statement, str, Statement | None]] = []
    newdefn: Operand | None = None
    scope = Scope()
    for st in pf.statements:
        op = st.op
        if st.kind == "statement":
            scope.enter(st)
            table_references(st, low)  # USSTAB, LOGTAB: VTAM-only operands of the NCP major node
        if op in ("OPTIONS", "BUILD"):  # what tells the NCP's release (catalog release_evidence)
            newdefn = newdefn or st.keyword("NEWDEFN")
        if op == "PCCU":
            pccus.append(st)
            ncp_attrs["pccu_maxdata"] = catalogued(st.keyword("MAXDATA"), "ncp", op, "MAXDATA")
            ncp_attrs["delay"] = coded(st.keyword("DELAY"))
            ncp_span = ncp_span or st.span
        elif op == "BUILD":
            nn = st.keyword("NEWNAME")
            name = nn.value.upper() if nn else (st.label or "").upper()
            if name:
                low.node = f"ncp:{name}"
            ncp_attrs["subarea"] = coded(st.keyword("SUBAREA"))
            ncp_attrs["bfrs"] = coded(st.keyword("BFRS"))
            ncp_attrs["slodown"] = catalogued(st.keyword("SLODOWN"), "ncp", op, "SLODOWN")
            build_t2 = _t2timer(st.keyword("T2TIMER"))
            ncp_attrs["t2timer"] = build_t2
            ncp_attrs["transfr"] = coded(st.keyword("TRANSFR"))
            ncp_attrs["version"] = coded(st.keyword("VERSION"))
            ncp_attrs["typgen"] = coded(st.keyword("TYPGEN"))
            ncp_span = st.span
        elif op == "HOST":
            hosts.append(st)
        elif op == "GROUP":
            group = st
            group_name = (st.label or "").upper()
            line = None
            _lower_group(st, low)
        elif op == "LINE":
            line = st
            line_name = (st.label or "").upper()
            lines.append((st, group_name, group))
        elif op == "PU":
            pu_name = (st.label or "").upper()
            sift = {}
            if group is not None:
                sift = {k: v for k, v in group.keywords().items() if k in ("MODETAB", "DLOGMOD")}
            sifted = _sifted(st, line, group)
            lower_pu(sifted, low, sift, "NCP", line_name, "ncp", scope)
            network.lower_station(sifted, low, line, "NCP", group)
        elif op == "INNODE":
            network.lower_station(st, low, line, "NCP", group)
        elif op == "PATH":
            network.lower_route(st, low)
        elif op == "LU":
            lower_lu(st, low, {}, pu_name, "ncp", scope)
        if st.label and op in ("LINE", "PU", "LU", "GROUP", "CLUSTER", "TERMINAL"):
            low.define("vtam_resource", st.label.upper(), st.label_span or st.span)
    if not name:
        name = PurePath(pf.source.path).stem.upper()
    if "delay" in ncp_attrs and ncp_attrs["delay"].value is None:
        ncp_attrs["delay"] = default(None, "not coded on PCCU")
    ncp_attrs.setdefault("delay", default(None, "no PCCU statement"))
    ncp_attrs["name"] = Attr(name)
    ncp_attrs["newdefn"] = coded(newdefn)
    # the NCP's own UNITSZ/MAXBFRU are its first HOST's; each HOST is judged as `ncp_host`
    for key in _HOST_KEYS:
        ncp_attrs[key.lower()] = coded(hosts[0].keyword(key)) if hosts else default(None)
    if ncp_span is not None:
        low.add("ncp", name, ncp_span, ncp_attrs)
    typgen = ncp_attrs.get("typgen", default(None)).value
    remote = default(isinstance(typgen, str) and link_attached(typgen))
    for i, host in enumerate(hosts):
        _lower_host(host, i, name, ncp_attrs.get("pccu_maxdata", default(None)), remote, low)
    for i, pccu in enumerate(pccus):
        _lower_pccu(pccu, i, name, low)
    for st, gname, gst in lines:
        _lower_line(st, low, gname, gst, build_t2)


def _sifted(pu: Statement, line: Statement | None, group: Statement | None) -> Statement:
    """The PU with the sifting operands it does not code taken from its LINE, else GROUP."""
    have = pu.keywords()
    extra: list[Operand] = []
    for key in _PU_SIFT:
        if key in have:
            continue
        for up in (line, group):
            o = up.keyword(key) if up is not None else None
            if o is not None:
                extra.append(o)
                break
    return pu._replace(operands=(*pu.operands, *extra)) if extra else pu


def _lower_host(
    st: Statement, index: int, ncp: str, pccu_maxdata: Attr, remote: Attr, low: Lowering
) -> None:
    """One HOST statement: the buffers of one owning host (NETID and SUBAREA pick the host);
    `remote`: the NCP is link-attached, so the HOST describes no channel transfer."""
    label = (st.label or "").upper()
    name = f"{ncp}.{label or index + 1}"
    attrs = {key.lower(): coded(st.keyword(key)) for key in _HOST_KEYS}
    attrs.update(
        name=Attr(name, st.label, st.label_span),
        ncp=default(ncp),
        host=default(label or None),
        subarea=coded(st.keyword("SUBAREA")),
        netid=coded(st.keyword("NETID")),
        pccu_maxdata=pccu_maxdata,
        link_attached=remote,
    )
    low.add("ncp_host", name, st.span, attrs)


def _address(op: Operand | None) -> Attr:
    """A channel address as written (hexadecimal digits, never a number)."""
    return coded(op, op.value.upper()) if op is not None else default(None)


def _lower_pccu(st: Statement, index: int, ncp: str, low: Lowering) -> None:
    """One PCCU statement: how the VTAM host whose SUBAREA (and NETID) it names owns the NCP:
    by a channel address (CUADDR) or through link stations of adjacent NCPs (RNAME)."""
    rname = st.keyword("RNAME")
    names: tuple[str, ...] = ()
    if rname is not None:
        v = rname.value
        names = tuple(i.upper() for i in (v.items if v.is_list else (v,)) if i is not None)
    label = (st.label or "").upper()
    attrs = {
        "name": Attr(label or f"{ncp}.{index + 1}", st.label, st.label_span),
        "ncp": default(ncp),
        "cuaddr": _address(st.keyword("CUADDR")),
        "rname": Attr(names, rname.text, rname.span) if rname is not None else default(()),
        "subarea": coded(st.keyword("SUBAREA")),
        "netid": coded(st.keyword("NETID")),
    }
    low.add("pccu", label or f"{ncp}.{index + 1}", st.span, attrs)


def _lower_group(st: Statement, low: Lowering) -> None:
    name = (st.label or "").upper()
    if not name:
        return
    ecl = st.keyword("ECLTYPE")
    text = ecl.value.upper() if ecl is not None else ""
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "ecltype": coded(ecl) if ecl is not None else default(None),
        "logical": default("LOGICAL" in text),
        "peripheral": default(bool(text) and "SUBAREA" not in text),
        "phyport": coded(st.keyword("PHYPORT")),
        "lnctl": coded(st.keyword("LNCTL")),
    }
    low.add("group", name, st.span, attrs)
    low.define("group", name, st.label_span or st.span)


def _lower_line(
    st: Statement, low: Lowering, gname: str, group: Statement | None, build_t2: Attr
) -> None:
    name = (st.label or "").upper()
    if not name:
        return
    ecl = group.keyword("ECLTYPE") if group is not None else None
    ecl_text = ecl.value.upper() if ecl is not None else ""
    physical = "PHYSICAL" in ecl_text
    peripheral = "SUBAREA" not in ecl_text
    t2 = st.keyword("T2TIMER") or (group.keyword("T2TIMER") if group is not None else None)
    adapter = st.keyword("ADAPTER") or (group.keyword("ADAPTER") if group else None)
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "group": default(gname or None),
        "ecltype": coded(ecl) if ecl is not None else default(None),
        "physical": default(physical),
        "peripheral": default(peripheral),
        "adapter": attr_or_default(adapter, None),
        "trspeed": coded(st.keyword("TRSPEED")),
        "maxtsl": coded(st.keyword("MAXTSL")),
        "rcvbufc": coded(st.keyword("RCVBUFC")),
        "locadd": coded(st.keyword("LOCADD")),
        "portadd": coded(st.keyword("PORTADD")),
        "t2timer": _t2timer(t2) if t2 is not None else build_t2,
        "switched": default(_dial(st, group)),
    }
    low.add("line", name, st.span, attrs)


def _dial(line: Statement, group: Statement | None) -> bool:
    """Whether stations dial in on the line: DIAL=YES on it or its GROUP."""
    dial = line.keyword("DIAL") or (group.keyword("DIAL") if group is not None else None)
    return dial is not None and dial.value.upper() == "YES"
