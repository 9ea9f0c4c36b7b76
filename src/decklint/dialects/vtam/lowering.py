"""VTAM statements -> model entities: resources, modes, classes of service, tables, start lists."""

from __future__ import annotations

import re
from pathlib import PurePath

from decklint.core.entities import Attr
from decklint.core.findings import Severity
from decklint.core.ir import Diagnostic, Operand, Statement
from decklint.core.lowering import Lowering, attr_or_default, coded, default
from decklint.core.symbols import WILDCARD
from decklint.dialects.vtam import network
from decklint.dialects.vtam.reader import _LIST_NAME, _TABLE_OPS
from decklint.dialects.vtam.resources import (
    lower_lu,
    lower_pu,
    operand,
    ref_modes,
    table_references,
)
from decklint.knowledge.facts import Scope, catalogued, operand_entry, pace_window
from decklint.knowledge.sna import decode_ru_byte
from decklint.readers.base import ParsedFile, member_name

_RESOURCE_OPS = frozenset({"APPL", "PU", "LU", "CDRSC", "CDRM", "TRLE", "LOCAL"})
_SIFT_APPL = ("MODETAB", "DLOGMOD", "VPACING", "AUTOSES", "DSESLIM", "DMINWNL", "DMINWNR")
_SIFT_DEVICE = ("MODETAB", "DLOGMOD")


def lower(pf: ParsedFile, low: Lowering) -> None:
    stmts = pf.statements
    if stmts and stmts[0].kind == "item":
        _lower_start_list(pf, low)
        return
    table: str | None = None
    cos_table = ""
    major = ""
    group_sift: dict[str, Operand] = {}
    pu_sift: dict[str, Operand] = {}
    pu_name = ""
    first_mode_in_table = True
    tables = _Tables()
    opened = dict(pf.open_macros)
    scope = Scope()
    netid: str | None = None  # of the NETWORK statement in force (CDRM, ADJSSCP tables)
    destination: str | None = None  # the CDRM an adjacent SSCP table's entries serve
    group_st: Statement | None = None
    line_st: Statement | None = None
    medium = ""  # of the XCA major node's PORT: HPRIP for Enterprise Extender
    for st in stmts:
        op = st.op
        if st.kind == "statement":
            scope.enter(st)
        if st.kind == "call" or op == "COPY":
            # a call of the deck's own macro that was not expanded, or a member copied in:
            # what it defines is unknown, never absent
            ops = opened.get(op, ("&",)) if st.kind == "call" else ("&",)
            _unknown_definitions(ops, low, st, table)
            continue
        if st.kind != "statement":
            continue  # an assembler, machine or conditional instruction: not modelled
        table_references(st, low)
        if op in _TABLE_OPS:
            tables.lower(st, low)
            continue
        if op in ("VBUILD", "LBUILD") and st.label:
            # the major node's name, which a configuration list may use for the deck
            low.define("major_node", st.label.upper(), st.label_span or st.span)
        if op == "VBUILD":
            t = st.keyword("TYPE")
            major = t.value.upper() if t else ""
            group_sift = {}
            pu_sift = {}
            netid = destination = None
            group_st = line_st = None
            medium = ""
        elif op == "NETWORK":
            n = st.keyword("NETID")
            netid = n.value.upper() if n is not None else None
            destination = None
        elif op == "GROUP":
            group_sift = {k: v for k, v in st.keywords().items()}
            pu_sift = {}
            group_st, line_st = st, None
            if major == "XCA" and st.label:
                _lower_xca_group(st, low)
            if major == "XCA" and medium == "HPRIP":
                network.lower_ee_group(st, low)
        elif op == "PORT" and major == "XCA":
            m = st.keyword("MEDIUM")
            medium = m.value.upper() if m is not None else ""
            network.lower_xca_port(st, low)
        elif op == "LINE":
            line_st = st
        elif op == "MODETAB":
            if st.label:
                table = st.label.upper()
                low.define("modetab", table, st.label_span or st.span)
                low.add("modetab", table, st.label_span or st.span, {})
            else:
                low.diag(
                    Diagnostic("PRS001", st.span, "MODETAB needs a name: the mode table's name")
                )
                table = ""
            first_mode_in_table = True
        elif op == "MODEEND":
            table = None
        elif op == "COSTAB":
            cos_table = (st.label or "").upper()
        elif op == "COSEND":
            cos_table = ""
        elif op in ("APPNCOS", "COS"):
            _lower_cos(st, low, cos_table)
        elif op == "MODEENT":
            _lower_mode(st, low, table, first_mode_in_table)
            first_mode_in_table = False
        elif op == "APPL":
            sift = {k: v for k, v in group_sift.items() if k in _SIFT_APPL}
            _lower_appl(st, low, sift)
        elif op == "PU":
            pu_sift = {k: v for k, v in group_sift.items() if k in _SIFT_DEVICE}
            pu_sift.update({k: v for k, v in st.keywords().items() if k in _SIFT_DEVICE})
            pu_name = st.label or ""
            lower_pu(st, low, pu_sift, major or "VTAM", "", "vtam", scope)
            if major == "CA":
                network.lower_station(st, low, line_st, major, group_st)
            elif major == "LOCAL" and st.keyword("TRLE") is not None:
                network.lower_mpc_station(st, low)
        elif op == "LU":
            lower_lu(st, low, pu_sift or group_sift, pu_name, "vtam", scope)
        elif op == "PATH" and st.keyword("DESTSA") is not None:
            network.lower_route(st, low)
        elif op == "PATH" and major == "SWNET":
            _lower_path(st, low, pu_name)
        elif op == "CDRM" and major == "CDRM":
            network.lower_cdrm(st, low, netid)
        elif op == "CDRM" and major == "ADJSSCP":
            destination = (st.label or "").upper() or None
        elif op == "ADJCDRM" and major == "ADJSSCP":
            network.lower_adjsscp(st, low, destination, netid)
        elif op == "ADJCP":
            network.lower_adjcp(st, low)
        elif op == "TRLE":
            network.lower_trle(st, low)
        if major == "ADJSSCP" and op in ("CDRM", "ADJCDRM") and st.label:
            # In an adjacent SSCP table a CDRM line names the destination CDRM whose adjacent
            # SSCPs follow, and an ADJCDRM line an adjacent SSCP: both refer to CDRMs that
            # the CDRM major node defines (SNA Resource Definition Reference, "Adjacent SSCP
            # table"). Recorded for navigation; a CDRM may also be defined dynamically
            # (CDRDYN), so an unresolved one is not reported.
            usage = "destination of the adjacent SSCP table" if op == "CDRM" else "adjacent SSCP"
            low.reference("cdrm", st.label.upper(), st.label_span or st.span, usage, rule="")
        elif op == "CDRM" and st.label:
            # every host's CDRM major node defines the CDRMs of the other domains too, under
            # the names those domains give their own: one name in two VTAMs' decks is right
            low.define("cdrm", st.label.upper(), st.label_span or st.span)
        elif op in _RESOURCE_OPS and st.label:
            low.define("vtam_resource", st.label.upper(), st.label_span or st.span)
            if op == "CDRSC":
                _owner_reference(st, low)


# What each operation of a macro's model statements may define, by symbol kind.
_MAY_DEFINE = {
    "MODETAB": ("modetab",),
    "USSTAB": ("usstab",),
    "INTAB": ("intab",),
    **{op: ("vtam_resource",) for op in _RESOURCE_OPS},
}


def _unknown_definitions(
    ops: tuple[str, ...], low: Lowering, st: Statement, table: str | None
) -> None:
    """Names a macro call or a COPY may define: a wildcard of each kind (see
    `symbols.WILDCARD`), so that no reference to them is reported as undefined."""
    anything = "&" in ops
    span = st.op_span or st.span
    kinds = {k for op in ops for k in _MAY_DEFINE.get(op, ())}
    if anything:
        kinds |= {k for ks in _MAY_DEFINE.values() for k in ks}
    for kind in sorted(kinds):
        low.define(kind, WILDCARD, span)
    if table is not None and (anything or "MODEENT" in ops):
        low.define("logmode", WILDCARD, span, scope=table)


def _owner_reference(st: Statement, low: Lowering) -> None:
    """A CDRSC's CDRM= names the CDRM that owns it (judged by VTM022, only where CDRMs are
    linted at all)."""
    o = st.keyword("CDRM")
    if o is not None and o.value.kind == "word":
        usage = f"CDRM of CDRSC {st.label}"
        low.reference("cdrm", o.value.upper(), o.value.span, usage, rule="VTM022")


class _Tables:
    """The USS table or interpret table being read, and its entries."""

    def __init__(self) -> None:
        self.uss = ""
        self.intab = ""

    def lower(self, st: Statement, low: Lowering) -> None:
        op = st.op
        name = (st.label or "").upper()
        span = st.label_span or st.span
        if op == "USSTAB":
            self.uss = name or "(unnamed)"
            if name:
                low.define("usstab", name, span)
            fmt, table = st.keyword("FORMAT"), st.keyword("TABLE")
            attrs = {
                "name": Attr(self.uss, st.label, span),
                "format": coded(fmt, fmt.value.upper()) if fmt else default(None),
                "translate": coded(table, table.value.upper()) if table else default(None),
            }
            low.add("uss_table", self.uss, st.span, attrs)
        elif op == "USSCMD":
            cmd, rep, fmt = st.keyword("CMD"), st.keyword("REP"), st.keyword("FORMAT")
            command = cmd.value.upper() if cmd is not None else name
            if not command:
                return
            attrs = {
                "name": Attr(command, cmd.text if cmd else st.label, cmd.span if cmd else span),
                "rep": coded(rep, rep.value.upper()) if rep else default(command),
                "format": coded(fmt, fmt.value.upper()) if fmt else default(None),
                "table": default(self.uss or None),
            }
            low.add("uss_command", command, st.span, attrs, scope=self.uss)
        elif op == "USSEND":
            self.uss = ""
        elif op == "INTAB":
            self.intab = name or "(unnamed)"
            if name:
                low.define("intab", name, span)
            low.add(
                "interpret_table", self.intab, st.span, {"name": Attr(self.intab, st.label, span)}
            )
        elif op == "LOGCHAR":
            self._logchar(st, low)
        elif op == "ENDINTAB":
            self.intab = ""

    def _logchar(self, st: Statement, low: Lowering) -> None:
        """A logon sequence of an interpret table: APPLID=(APPLICID,name) gives the
        application, APPLID=(ROUTINE,name) an interpret routine; without SEQNCE, the entry
        every other logon message falls to."""
        applid, seq = st.keyword("APPLID"), st.keyword("SEQNCE")
        how = applid.value.item(0) if applid is not None else None
        target = applid.value.item(1) if applid is not None else None
        text = seq.value.text if seq is not None else ""
        if len(text) >= 2 and text[0] == text[-1] == "'":
            text = text[1:-1].replace("''", "'")
        attrs = {
            "sequence": Attr(text, seq.text, seq.span) if seq else default(None, "any message"),
            "by": Attr(how.upper(), how.text, how.span) if how is not None else default(None),
            "target": Attr(target.upper(), target.text, target.span)
            if target is not None
            else default(None),
            "table": default(self.intab or None),
        }
        low.add("logon_sequence", text or "(any)", st.span, attrs, scope=self.intab)


# A subarea COS entry's transmission priority is the second number of each (VR, TP) pair
# (0 low, 1 medium, 2 high; SNA Resource Definition Reference, "Class of service table").
_TP = {0: "LOW", 1: "MEDIUM", 2: "HIGH"}


def _lower_cos(st: Statement, low: Lowering, table: str) -> None:
    """An APPN class of service (APPNCOS) or an entry of a subarea COS table (COS)."""
    name = (st.label or "").upper()
    if not name:
        return
    span = st.label_span or st.span
    attrs: dict[str, Attr] = {"name": Attr(name, st.label, span)}
    if st.op == "APPNCOS":
        attrs["network"] = default("appn")
        attrs["priority"] = attr_or_default(st.keyword("PRIORITY"), None, "PRIORITY not coded")
    else:
        attrs["network"] = default("subarea")
        attrs["table"] = default(table)
        vr = st.keyword("VR")
        first = vr.value.item(0) if vr is not None and vr.value.is_list else None
        tp = first.item(1) if first is not None and first.is_list else None
        n = tp.as_int() if tp is not None else None
        attrs["priority"] = (
            Attr(_TP[n], vr.text, vr.span) if vr is not None and n in _TP else default(None)
        )
    low.add("class_of_service", name, span, attrs, scope=table)


def _lower_appl(st: Statement, low: Lowering, sift: dict[str, Operand]) -> None:
    name = (st.label or "").upper()
    if not name:
        low.diag(Diagnostic("PRS001", st.span, "APPL needs a name in the name field"))
        return
    mt, dl = ref_modes(st, low, sift, f"APPL {name}")
    appc = catalogued(st.keyword("APPC"), "vtam", "APPL", "APPC")

    def of(key: str) -> Attr:
        return catalogued(operand(st, key, sift), "vtam", "APPL", key)

    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "acbname": attr_or_default(st.keyword("ACBNAME"), name, "the APPL name"),
        "appc": appc,
        "modetab": mt,
        "dlogmod": dl,
        "vpacing": coded(operand(st, "VPACING", sift)),
        "autoses": of("AUTOSES"),
        # the session limits are an APPC program's (APPC=YES): they mean nothing to others
        "dseslim": of("DSESLIM") if appc.value == "YES" else default(None, "APPC=NO"),
        "dminwnl": of("DMINWNL"),
        "dminwnr": of("DMINWNR"),
    }
    low.add("application", name, st.span, attrs)


def _lower_xca_group(st: Statement, low: Lowering) -> None:
    """A group of an XCA major node: switched PUs dial through it (their PATH GRPNM)."""
    name = st.label.upper() if st.label else ""
    low.define("group", name, st.label_span or st.span)
    attrs = {
        "name": Attr(name, st.label, st.label_span),
        "ecltype": default(None),
        "logical": default(False),
        "peripheral": default(True),
        "phyport": default(None),
        "lnctl": coded(st.keyword("LNCTL")),
    }
    low.add("group", name, st.span, attrs)


def _lower_path(st: Statement, low: Lowering, pu: str) -> None:
    """A dial path of a switched PU: GRPNM names the NCP (or XCA) group it goes through."""
    grp = st.keyword("GRPNM")
    dial = st.keyword("DIALNO")
    ip, host = st.keyword("IPADDR"), st.keyword("HOSTNAME")
    attrs = {
        "pu": default(pu or None),
        "grpnm": coded(grp, grp.value.upper()) if grp is not None else default(None),
        "dialno": coded(dial, dial.value.upper()) if dial is not None else default(None),
    }
    if ip is not None:  # an Enterprise Extender partner's address
        attrs["ipaddr"] = coded(ip, ip.value.text.strip())
    if host is not None:
        attrs["hostname"] = coded(host, host.value.text.strip().upper())
    low.add("path", (st.label or pu or "PATH").upper(), st.span, attrs)
    if grp is not None and grp.value.kind == "word":
        low.reference("group", grp.value.upper(), grp.value.span, f"GRPNM of the PATH of PU {pu}")


def _ru_attrs(op: Operand | None) -> dict[str, Attr]:
    if op is None:
        note = "RUSIZES not coded: no limit from the table (VTAM applies MAXLURU or 256)"
        return {
            "rusizes": default(None, note),
            "ru_secondary": default(None, note),
            "ru_primary": default(None, note),
            "ru_max": default(None, note),
            "ru_min": default(None, note),
        }
    v = op.value
    body = v.text[2:-1] if v.kind == "hex" else ""
    if v.kind != "hex" or len(body) != 4 or not re.fullmatch(r"[0-9A-Fa-f]{4}", body):
        # VTM001 reports the malformed value; the sizes are unknown.
        none = Attr(None, op.text, op.span)
        return {
            "rusizes": Attr(v.text.upper(), op.text, op.span),
            "ru_secondary": none,
            "ru_primary": none,
            "ru_max": none,
            "ru_min": none,
        }
    sec = decode_ru_byte(int(body[:2], 16))
    pri = decode_ru_byte(int(body[2:], 16))
    sizes = [s for s in (sec, pri) if s is not None]
    return {
        "rusizes": Attr(body.upper(), op.text, op.span),
        "ru_secondary": Attr(sec, op.text, op.span),
        "ru_primary": Attr(pri, op.text, op.span),
        "ru_max": Attr(max(sizes) if sizes else None, op.text, op.span),
        "ru_min": Attr(min(sizes) if sizes else None, op.text, op.span),
    }


def _lower_mode(st: Statement, low: Lowering, table: str | None, first: bool) -> None:
    lm = st.keyword("LOGMODE")
    if lm is not None and lm.value.kind != "empty":
        name, span = lm.value.upper(), lm.value.span
    elif st.label:
        name, span = st.label.upper(), st.label_span or st.span
    else:
        name, span = "", st.span
    if table is None:
        low.diag(
            Diagnostic(
                "PRS001",
                st.op_span or st.span,
                "MODEENT outside a mode table: a MODETAB statement must come first",
            )
        )
        table = ""
    if not name and not first:
        low.diag(
            Diagnostic(
                "PRS003",
                st.span,
                "LOGMODE is blank on an entry that is not the first of its table; VTAM "
                "ignores the entry",
                Severity.WARNING,
            )
        )
    attrs: dict[str, Attr] = {"name": Attr(name, name, span), "table": default(table)}
    attrs.update(_ru_attrs(st.keyword("RUSIZES")))
    pacings = {}
    for key, opname in (
        ("pacing_primary_send", "PSNDPAC"),
        ("pacing_secondary_send", "SSNDPAC"),
        ("pacing_secondary_recv", "SRCVPAC"),
    ):
        o = st.keyword(opname)
        a = catalogued(o, "vtam", "MODEENT", opname)
        if o is not None and a.value is not None:
            # A count 0-63, or the whole BIND byte (the window its low six bits, flags above);
            # a value the product does not take (PRS003 says why) gives no window at all.
            window = pace_window(operand_entry("vtam", "MODEENT", opname), o.value)
            if window is None:
                a = Attr(None, a.raw, a.span, False, f"{o.text} is no pacing count VTAM takes")
            elif window != a.value:
                a = Attr(window, a.raw, a.span, False, f"the window of BIND byte {o.text}")
        attrs[key] = a
        if a.coded and isinstance(a.value, int) and a.value > 0:
            pacings[key] = a
    if pacings:
        lo = min(pacings.values(), key=lambda a: a.value)
        hi = max(pacings.values(), key=lambda a: a.value)
        attrs["pacing_min"], attrs["pacing_max"] = lo, hi
    fm = st.keyword("FMPROF")
    fm_value = None
    if fm is not None:
        fm_value = fm.value.as_int()
    attrs["fmprof"] = Attr(fm_value, fm.text, fm.span) if fm is not None else default(None)
    attrs["cos"] = coded(st.keyword("COS"))
    attrs["appncos"] = coded(st.keyword("APPNCOS"))
    attrs["bulk"] = default(name in low.settings.bulk_modes)
    low.add("mode", name or "(blank)", st.span, attrs, scope=table)
    if name:
        low.define("logmode", name, span, scope=table)


# Buffer pool start options: pool=(baseno,bufsize,slowpt,F,xpanno,xpanpt,xpanlim)
# (research/spec-sna.md 1.1; the bufsize position is honoured for IOBUF only).
POOL_POSITIONS = ("baseno", "bufsize", "slowpt", "fixed", "xpanno", "xpanpt", "xpanlim")
_POOL = re.compile(r"[A-Z0-9]{2,5}BUF\Z")


def _lower_pool(op: Operand, low: Lowering) -> None:
    name = op.name or ""
    attrs: dict[str, Attr] = {"name": Attr(name, op.name_text, op.span)}
    for i, field in enumerate(POOL_POSITIONS):
        item = op.value.item(i)
        if item is None or item.kind == "empty":
            attrs[field] = default(None, "position not coded")
        elif field == "fixed":
            attrs[field] = Attr(item.upper() == "F", item.text, item.span)
        else:
            attrs[field] = Attr(item.as_int(), item.text, item.span)
    low.add("buffer_pool", name, op.span, attrs)


# The start options lowered as fields of the start list (`vtam_start`).
_START_FIELDS = (
    "NODETYPE",
    "HOSTSA",
    "SSCPNAME",
    "NETID",
    "CPCP",
    "CONNTYPE",
    "CONFIG",
    "SSCPID",
    "IPADDR",
    "HOSTNAME",
    "TCPNAME",
)


def _lower_start_list(pf: ParsedFile, low: Lowering) -> None:
    stem = PurePath(pf.source.path).stem
    named = _LIST_NAME.search(stem)  # a file named after its member: site--ATCSTR00.txt
    name = (member_name(pf.source.path) or (named.group() if named else stem)).upper()
    attrs: dict[str, Attr] = {}
    span = pf.statements[0].span
    for st in pf.statements:
        op = st.operands[0]
        key = op.name or ""
        if _POOL.match(key):
            _lower_pool(op, low)
        if key == "IOBUF":
            v = op.value
            count, size = v.item(0), v.item(1)
            attrs["iobuf_count"] = Attr(count.as_int() if count else None, op.text, op.span)
            attrs["iobuf_size"] = Attr(
                size.as_int() if size else None,
                op.text,
                size.span if size is not None else op.span,
            )
        elif key in _START_FIELDS:
            attrs[key.lower()] = coded(op)
    attrs.setdefault("iobuf_size", default(None, "IOBUF not coded"))
    attrs.setdefault("nodetype", default(None))
    items = _config_members(pf)
    if items:
        members = tuple(dict.fromkeys(m for m, _op in items))
        attrs["members"] = Attr(members, ",".join(members), span)
    low.add("vtam_start", name, span, attrs)
    network.lower_config_entries(items, name, low)


_MEMBER = re.compile(r"[A-Z@#$][A-Z0-9@#$]{0,7}")


def _config_members(pf: ParsedFile) -> list[tuple[str, Operand]]:
    """The major nodes a configuration list (ATCCONxx) activates at VTAM's start, each with
    the item that names it, when every item is a member name (a start list codes options,
    `SSCPID=01`, `NOPROMPT`)."""
    from decklint.knowledge.catalog import START_OPTIONS, catalog

    cat = catalog("vtam")
    options = cat.section_operands(START_OPTIONS) if cat is not None else {}
    names: list[tuple[str, Operand]] = []
    for st in pf.statements:
        for op in st.operands:
            word = str(op.value.text if op.value is not None else "").upper()
            if op.name or word in options or not _MEMBER.fullmatch(word):
                return []
            names.append((word, op))
    return names
