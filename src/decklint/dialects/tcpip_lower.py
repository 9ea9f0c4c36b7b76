"""TCP/IP profile statements -> model entities.

One file lowers to a `tcpip_profile` (the stack settings it codes) and the elements it
defines: devices, links and interfaces, HOME addresses, routes (BEGINROUTES, GATEWAY,
BSDROUTINGPARMS), ports, Telnet parameter blocks, traces, dynamic VIPAs, VM pools and INCLUDE
statements. Which files make one stack (a profile and the members it INCLUDEs) and the
defaults of what no file codes are decided later, in `decklint.model.tcpip`, because an
INCLUDE can name a file linted after this one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from pathlib import PurePath

from decklint.dialects import tcpip_keywords as kw
from decklint.dialects.base import ParsedFile, unknown_name
from decklint.findings import Severity
from decklint.ir import Diagnostic, Statement, Value, small_int
from decklint.model.entities import Attr
from decklint.model.kinds import STACK_SETTINGS
from decklint.model.lowering import Lowering, default
from decklint.model.tcpip import stack_name
from decklint.source import Span

_IPV4 = re.compile(r"\d{1,3}(\.\d{1,3}){1,3}(/\d{1,2})?\Z")
_VALUE = re.compile(r"[0-9&'.]|[0-9]+[KM]\Z")
_MEMBER = re.compile(r"\(([^()]+)\)\s*\Z")

# LINK / INTERFACE types -> the medium whose MTU the documents recommend.
MEDIUM = {
    "ETHERNET": "ethernet",
    "802.3": "ethernet",
    "ETHEROR802.3": "ethernet",
    "ETHERNET802.3": "ethernet",
    "IPAQENET": "ethernet",
    "IPAQENET6": "ethernet",
    "QDIOETHERNET": "ethernet",
    "IBMTR": "tokenring",
    "IPAQTR": "tokenring",
    "QDIOTR": "tokenring",
    "FDDI": "fddi",
    "CTC": "ctc",
    "IPAQIDIO": "hipersockets",
    "IPAQIDIO6": "hipersockets",
    "QDIOIP": "hipersockets",
    "IP": "claw",
    "MPCPTP": "mpc",
    "MPCPTP6": "mpc",
    "VIRTUAL": "virtual",
}
_LINK_FLAGS = {"PATHMTU", "NOPATHMTU", "IP", "ETHERNET", "AUTORESTART", "NOAUTORESTART"}
_LINK_VALUED = {"INBPERF", "MTU", "VLANID", "VMAC", "READSTORAGE", "SECCLASS", "PORTNAME"}
TELNET_BLOCKS = {"TELNETPARMS", "TELNETGLOBALS", "PARMSGROUP", "INTERNALCLIENTPARMS"}
_TRACE_ON = {"TRACE", "MORETRACE", "TRACEONLY"}
_TRACE_OFF = {"NOTRACE", "LESSTRACE"}
_VM_MARKERS = {"VM", "OBEY", "ASSORTEDPARMS", "INFORM", "SSLSERVERID", "VSWITCH", *kw.POOLS}
# Statements only a profile the stack reads first codes (a member it INCLUDEs holds devices,
# links, HOME and routes; a TN3270E server profile holds Telnet blocks): a file with one of
# them is a main stack profile.
_MAIN_MARKERS = {
    "TCPCONFIG",
    "UDPCONFIG",
    "IPCONFIG",
    "GLOBALCONFIG",
    "SOMAXCONN",
    "PORT",
    "AUTOLOG",
    "INCLUDE",
    "INTERNALCLIENTPARMS",
    "ASSORTEDPARMS",
    "OBEY",
    *kw.POOLS,
}
_VM_DEVICES = {"OSD", "HIPERS", "PVMIUCV", "ATM"}
_ZOS_MARKERS = {
    "TCPCONFIG",
    "UDPCONFIG",
    "IPCONFIG",
    "GLOBALCONFIG",
    "BEGINROUTES",
    "TELNETPARMS",
    "TELNETGLOBALS",
    "VIPADYNAMIC",
    "INTERFACE",
    "SOMAXCONN",
}


def _int(v: Value | None) -> int | None:
    return v.as_int() if v is not None else None


def _attr(v: Value | None, value: object = None) -> Attr:
    if v is None:
        return default(None)
    if value is None:
        n = v.as_int()
        value = n if n is not None else v.text.upper()
    return Attr(value, v.text, v.span)


def _flag(span: Span | None, value: object = True, raw: str = "") -> Attr:
    return Attr(value, raw or None, span) if span is not None else default(None)


class _Profile:
    """Collects one file's statements into entities."""

    def __init__(self, pf: ParsedFile, low: Lowering) -> None:
        self.pf = pf
        self.low = low
        self.path = pf.source.path
        # the stack this file makes on its own; resolve moves it when it belongs to another
        self.scope = stack_name(self.path)
        low.node = f"tcpip:{self.scope}"
        self.coded: dict[str, Attr] = {}
        self.markers: set[str] = set()
        self.block_head: dict[str, Statement] = {}
        self.telnet: Statement | None = None
        self.telnet_fields: dict[str, Attr] = {}
        self.telnet_ports: list[Value] = []

    # ---- helpers
    def diag(self, code: str, span: Span, message: str, severity: Severity | None = None) -> None:
        self.low.diag(Diagnostic(code, span, message, severity))

    def unknown(self, span: Span, what: str, known: Iterable[str]) -> None:
        self.low.diag(unknown_name(span, what, known))

    def set(self, key: str, a: Attr) -> None:
        if key in STACK_SETTINGS:
            self.coded[key] = a  # a later statement overrides an earlier one, as in the stack

    def add(self, kind: str, name: str, span: Span, attrs: dict[str, Attr]) -> None:
        attrs.setdefault("name", Attr(name))
        self.low.add(kind, name, span, attrs, scope=self.scope)

    def define(self, kind: str, name: str, span: Span) -> None:
        self.low.define(kind, name.upper(), span, scope=self.scope)

    def refer(self, kind: str, v: Value | None, usage: str) -> None:
        if v is not None and not v.text.startswith("&"):
            self.low.reference(kind, v.text.upper(), v.span, usage, scope=self.scope)

    # ---- statements
    def run(self) -> None:
        known = _statement_names()
        for st in self.pf.statements:
            if st.kind in ("statement", "block") and st.label is None:
                self.markers.add(st.op)
            if st.kind == "statement" and st.op not in known and st.op_span is not None:
                self.unknown(st.op_span, f"statement {st.op}", known)
                continue
            if st.kind == "entry" and st.label in kw.BLOCK_ENTRIES:
                entries = set(kw.block_entries(st.label).values())
                if st.op not in entries and st.op_span is not None:
                    self.unknown(st.op_span, f"{st.label} parameter {st.op}", entries)
                    continue
                name = (
                    "_telnet_entry"
                    if st.label in TELNET_BLOCKS
                    else f"_entry_{st.op.lower()}"
                    if st.label in ("BEGINROUTES", "VIPADYNAMIC")
                    else ""
                )
            elif st.kind == "entry":
                name = f"_entry_{(st.label or '').lower()}"
            elif st.op in kw.POOLS:
                name = "_pool"
            else:
                name = f"_{st.kind}_{st.op.lower()}"
            handler = getattr(self, name, None)
            if handler is not None:
                handler(st)
            if st.kind == "block":
                self._block(st)
            elif st.kind == "end":
                self._end(st)
        self._finish()

    def _keywords(self, st: Statement) -> dict[str, tuple[kw.Param, list[Value], Span]]:
        """KEYWORD value... parameters of TCPCONFIG and its kind, by canonical name."""
        table = kw.params(st.op)
        out: dict[str, tuple[kw.Param, list[Value], Span]] = {}
        vals = [o.value for o in st.operands]
        i = 0
        while i < len(vals):
            v = vals[i]
            p = table.get(v.text.upper())
            if p is None:
                self.unknown(
                    v.span, f"{st.op} parameter {v.text.upper()}", kw.canonical_params(st.op)
                )
                i += 1
                while i < len(vals) and _VALUE.match(vals[i].text):
                    i += 1  # its values
                continue
            i += 1
            got: list[Value] = []
            want = {"flag": 0, "int": 1, "size": 1, "word": 1, "int2": 2}.get(p.kind)
            while i < len(vals) and (want is None or len(got) < want):
                if vals[i].text.upper() in table:
                    break
                got.append(vals[i])
                i += 1
            if want and len(got) < want:
                self.diag(
                    "PRS001",
                    v.span,
                    f"{st.op} {p.name} needs {want} value{'s' if want > 1 else ''}",
                )
            for g in got:
                self._range(st.op, p, g)
            out[p.name] = (p, got, v.span)
        return out

    def _range(self, op: str, p: kw.Param, v: Value) -> None:
        if p.kind in ("int", "int2", "size") and not v.text.startswith("&"):
            n = v.as_int()
            if n is None:
                self.diag(
                    "PRS003",
                    v.span,
                    f"{op} {p.name} {v.text}: must be a "
                    + ("size (n, nK or nM)" if p.kind == "size" else "whole number"),
                )
            elif p.lo is not None and p.hi is not None and not p.lo <= n <= p.hi:
                self.diag(
                    "PRS003", v.span, f"{op} {p.name} {v.text}: outside the range {p.lo}-{p.hi}"
                )

    def _statement_tcpconfig(self, st: Statement) -> None:
        for name, (p, vals, span) in self._keywords(st).items():
            if name in ("DELAYACKS", "NODELAYACKS", "AUTODELAYACKS"):
                self.set("delayacks", Attr(name, name, span))
            elif name in ("TCPTIMESTAMP", "NOTCPTIMESTAMP"):
                self.set("tcptimestamp", Attr(name == "TCPTIMESTAMP", name, span))
            elif name in ("FINWAIT2TIME", "FINWAIT2"):
                if vals:
                    self.set("finwait2time", _attr(vals[0]))
            elif p.kind == "flag":
                self.set(name.lower(), Attr(True, name, span))
            elif vals:
                self.set(name.lower(), _attr(vals[0]))

    def _statement_udpconfig(self, st: Statement) -> None:
        for name, (_p, vals, span) in self._keywords(st).items():
            if name in ("UDPQUEUELIMIT", "NOUDPQUEUELIMIT"):
                self.set("udpqueuelimit", Attr(name == "UDPQUEUELIMIT", name, span))
            elif vals:
                self.set(name.lower(), _attr(vals[0]))

    def _statement_ipconfig(self, st: Statement) -> None:
        for name, (_p, _vals, span) in self._keywords(st).items():
            if name in ("PATHMTUDISCOVERY", "NOPATHMTUDISCOVERY"):
                self.set("pathmtudiscovery", Attr(name == "PATHMTUDISCOVERY", name, span))

    def _statement_ipconfig6(self, st: Statement) -> None:
        self._keywords(st)

    def _statement_globalconfig(self, st: Statement) -> None:
        for name, (_p, vals, _span) in self._keywords(st).items():
            if name in ("ECSALIMIT", "POOLLIMIT") and vals:
                self.set(name.lower(), _attr(vals[0]))

    def _statement_somaxconn(self, st: Statement) -> None:
        v = st.operands[0].value if st.operands else None
        if v is None:
            self.diag("PRS001", st.op_span or st.span, "SOMAXCONN needs a number")
            return
        lo, hi = kw.RANGES["SOMAXCONN"]
        n = v.as_int()
        if n is None and not v.text.startswith("&"):
            self.diag("PRS003", v.span, f"SOMAXCONN {v.text}: must be a whole number")
        elif n is not None and not lo <= n <= hi:
            self.diag("PRS003", v.span, f"SOMAXCONN {v.text}: outside the range {lo}-{hi}")
        self.set("somaxconn", _attr(v))

    def _statement_device(self, st: Statement) -> None:
        vals = [o.value for o in st.operands]
        if len(vals) < 2:
            self.diag("PRS001", st.op_span or st.span, "DEVICE needs a name and a device type")
            return
        name, typ = vals[0], vals[1].text.upper()
        if typ in _VM_DEVICES:
            self.markers.add("VM")  # a VM-only device type: the file is a VM profile
        attrs: dict[str, Attr] = {
            "name": Attr(name.text.upper(), name.text, name.span),
            "type": _attr(vals[1], typ),
            "devnum": default(None),
        }
        rest = vals[2:]
        if typ == "CLAW":
            attrs.update(_claw(rest))
        elif rest and typ not in ("MPCIPA", "MPCPTP", "MPCPTP6"):
            attrs["devnum"] = _attr(rest[0], rest[0].text.upper())
        for i, v in enumerate(rest):
            if v.text.upper() == "IOBUFFERSIZE" and i + 1 < len(rest):
                attrs["iobuffersize"] = _attr(rest[i + 1])
            if v.text.upper() in ("PRIROUTER", "SECROUTER", "NONROUTER"):
                attrs["router"] = _attr(v, v.text.upper())
        self.add("tcpip_device", name.text.upper(), st.span, attrs)
        self.define("tcpip_device", name.text, name.span)

    def _statement_link(self, st: Statement) -> None:
        vals = [o.value for o in st.operands]
        if len(vals) < 2:
            self.diag("PRS001", st.op_span or st.span, "LINK needs a name and a link type")
            return
        name, typ = vals[0], vals[1].text.upper()
        if typ.startswith("QDIO"):
            self.markers.add("VM")  # a VM-only link type: the file is a VM profile
        attrs = {
            "name": Attr(name.text.upper(), name.text, name.span),
            "type": _attr(vals[1], typ),
            "medium": default(MEDIUM.get(typ, "other")),
            "statement": default("LINK"),
        }
        dev: Value | None = None
        skip = False
        for i, v in enumerate(vals[2:], 2):
            up = v.text.upper()
            if skip:
                skip = False
                continue
            if up in _LINK_VALUED and i + 1 < len(vals):
                attrs[up.lower()] = _attr(vals[i + 1])
                skip = True
            elif up in _LINK_FLAGS or v.kind == "int" or up.startswith("ETHER"):
                continue
            elif dev is None:
                dev = v
        attrs["device"] = _attr(dev, dev.text.upper()) if dev is not None else default(None)
        self.add("tcpip_link", name.text.upper(), st.span, attrs)
        self.define("tcpip_link", name.text, name.span)
        self.refer("tcpip_device", dev, f"device of LINK {name.text.upper()}")

    def _statement_interface(self, st: Statement) -> None:
        vals = [o.value for o in st.operands]
        if not vals:
            self.diag("PRS001", st.op_span or st.span, "INTERFACE needs a name")
            return
        name = vals[0]
        ups = [v.text.upper() for v in vals]
        typ = vals[2] if len(vals) > 2 and ups[1] == "DEFINE" else None
        attrs = {
            "name": Attr(name.text.upper(), name.text, name.span),
            "type": _attr(typ, typ.text.upper()) if typ else default(None),
            "medium": default(MEDIUM.get(typ.text.upper(), "other") if typ else "other"),
            "statement": default("INTERFACE"),
        }
        for i, up in enumerate(ups[:-1]):
            if up in ("MTU", "INBPERF", "PORTNAME", "IPADDR", "CHPID"):
                attrs[up.lower()] = _attr(vals[i + 1])
        self.add("tcpip_link", name.text.upper(), st.span, attrs)
        if typ is not None:
            self.define("tcpip_link", name.text, name.span)
            if "IPADDR" in ups:
                a = vals[ups.index("IPADDR") + 1] if ups.index("IPADDR") + 1 < len(vals) else None
                if a is not None:
                    self._home(a.text.split("/")[0], a.span, name)

    def _start_stop(self, st: Statement) -> None:
        if st.operands:
            self.refer("tcpip_device", st.operands[0].value, f"{st.op} {st.operands[0].text}")

    _statement_start = _start_stop
    _statement_stop = _start_stop

    def _statement_primaryinterface(self, st: Statement) -> None:
        if st.operands:
            self.refer("tcpip_link", st.operands[0].value, "PRIMARYINTERFACE")

    def _entry_home(self, st: Statement) -> None:
        vals = [o.value for o in st.operands]
        if len(vals) < 2:
            self.diag("PRS001", st.span, "a HOME entry needs an address and a link name")
            return
        self._home(vals[0].text, vals[0].span, vals[-1])

    def _home(self, address: str, span: Span, link: Value) -> None:
        self.add(
            "tcpip_home",
            address,
            span,
            {"link": _attr(link, link.text.upper()), "address": Attr(address, address, span)},
        )
        self.refer("tcpip_link", link, f"HOME {address}")

    def _entry_route(self, st: Statement) -> None:
        vals = [o.value for o in st.operands]
        ups = [v.text.upper() for v in vals]
        if "MTU" not in ups or ups.index("MTU") < 2:
            self.diag(
                "PRS001",
                st.span,
                "a ROUTE needs a destination, a first hop, a link and MTU n (or MTU DEFAULTSIZE)",
            )
            return
        m = ups.index("MTU")
        size = vals[m + 1] if m + 1 < len(vals) else None
        opts = set(ups[m + 2 :])
        dack = (
            "NODELAYACKS" if "NODELAYACKS" in opts else "DELAYACKS" if "DELAYACKS" in opts else None
        )
        dack_v = next((v for v in vals[m + 2 :] if v.text.upper() == dack), None)
        self._route(
            st,
            "ROUTE",
            dest=vals[0],
            mask=vals[1] if m - 2 > 1 else None,
            hop=vals[m - 2],
            link=vals[m - 1],
            size=size,
            delayacks=_attr(dack_v, dack) if dack_v else default(None),
        )

    _entry_route6 = _entry_route

    def _entry_gateway(self, st: Statement) -> None:
        vals = [o.value for o in st.operands]
        at = next(
            (
                i
                for i, v in enumerate(vals)
                if i >= 2 and (v.kind == "int" or v.text.upper() == "DEFAULTSIZE")
            ),
            None,
        )
        if at is None or at < 2:
            self.diag(
                "PRS001",
                st.span,
                "a GATEWAY entry needs a network, a first hop, a link and a packet size",
            )
            return
        self._route(st, "GATEWAY", dest=vals[0], hop=vals[at - 2], link=vals[at - 1], size=vals[at])

    def _entry_bsdroutingparms(self, st: Statement) -> None:
        vals = [o.value for o in st.operands]
        if len(vals) < 2:
            self.diag("PRS001", st.span, "a BSDROUTINGPARMS entry needs a link and an MTU")
            return
        dest = vals[4] if len(vals) > 4 else vals[0]
        self._route(st, "BSDROUTINGPARMS", dest=dest, hop=None, link=vals[0], size=vals[1])

    def _route(
        self,
        st: Statement,
        source: str,
        *,
        dest: Value,
        hop: Value | None,
        link: Value,
        size: Value | None,
        delayacks: Attr | None = None,
        mask: Value | None = None,
    ) -> None:
        if size is None:
            mtu = default(None)
        elif size.text.upper() == "DEFAULTSIZE":
            mtu = Attr("DEFAULTSIZE", size.text, size.span)
        else:
            mtu = _attr(size)
            if size.as_int() is None and not size.text.startswith("&"):
                self.diag("PRS003", size.span, f"{source} MTU {size.text}: must be a number")
        self.add(
            "tcpip_route",
            dest.text.upper(),
            st.span,
            {
                "destination": _attr(dest, dest.text.upper()),
                "mask": _attr(mask, mask.text) if mask is not None else default(None),
                "first_hop": _attr(hop, hop.text) if hop is not None else default(None),
                "link": _attr(link, link.text.upper()),
                "mtu": mtu,
                "source": default(source),
                "delayacks": delayacks or default(None),
            },
        )
        self.refer("tcpip_link", link, f"{source} {dest.text}")

    def _entry_port(self, st: Statement) -> None:
        vals = [o.value for o in st.operands]
        if len(vals) < 2:
            self.diag("PRS001", st.span, "a PORT entry needs a port number and TCP or UDP")
            return
        if vals[0].text.upper() == "UNRSV":
            return
        n = vals[0].as_int()
        if (n is None or not 1 <= n <= 65535) and not vals[0].text.startswith("&"):
            self.diag("PRS003", vals[0].span, f"PORT {vals[0].text}: must be 1-65535")
        proto = vals[1].text.upper()
        job = vals[2] if len(vals) > 2 else None
        opts = {v.text.upper(): v for v in vals[3:]}
        dack = opts.get("NODELAYACKS") or opts.get("DELAYACKS")
        self.add(
            "tcpip_port",
            f"{vals[0].text}/{proto}",
            st.span,
            {
                "port": _attr(vals[0]),
                "protocol": _attr(vals[1], proto),
                "job": _attr(job, job.text.upper()) if job else default(None),
                "delayacks": _attr(dack, dack.text.upper()) if dack else default(None),
                "noautolog": _flag(opts["NOAUTOLOG"].span)
                if "NOAUTOLOG" in opts
                else default(False),
            },
        )

    def _entry_portrange(self, st: Statement) -> None:
        vals = [o.value for o in st.operands]
        if len(vals) < 3:
            self.diag(
                "PRS001", st.span, "a PORTRANGE entry needs a first port, a count and TCP or UDP"
            )
            return
        first, count = vals[0].as_int(), vals[1].as_int()
        for v, n in ((vals[0], first), (vals[1], count)):
            if (n is None or not 1 <= n <= 65535) and not v.text.startswith("&"):
                self.diag("PRS003", v.span, f"PORTRANGE {v.text}: must be 1-65535")
        job = vals[3] if len(vals) > 3 else None
        self.add(
            "tcpip_portrange",
            f"{vals[0].text}+{vals[1].text}/{vals[2].text.upper()}",
            st.span,
            {
                "first": _attr(vals[0]),
                "count": _attr(vals[1]),
                "protocol": _attr(vals[2], vals[2].text.upper()),
                "job": _attr(job, job.text.upper()) if job else default(None),
            },
        )

    def _entry_autolog(self, st: Statement) -> None:
        vals = [o.value for o in st.operands]
        if not vals:
            return
        ups = [v.text.upper() for v in vals]
        job = vals[ups.index("JOBNAME") + 1] if "JOBNAME" in ups[:-1] else vals[0]
        self.add(
            "tcpip_autolog",
            vals[0].text.upper(),
            st.span,
            {"procedure": _attr(vals[0], ups[0]), "job": _attr(job, job.text.upper())},
        )

    def _statement_itrace(self, st: Statement) -> None:
        state = st.operands[0].text.upper() if st.operands else ""
        if state not in ("ON", "OFF"):
            self.diag("PRS001", st.op_span or st.span, "ITRACE needs ON or OFF")
            return
        self._trace(st, "ITRACE", state == "ON")

    def _statement_pkttrace(self, st: Statement) -> None:
        ups = [o.text.upper() for o in st.operands]
        self._trace(st, "PKTTRACE", "OFF" not in ups)

    def _trace(self, st: Statement, what: str, on: bool) -> None:
        self.add(
            "tcpip_trace",
            what,
            st.span,
            {
                "statement": default(what),
                "on": Attr(on, st.op, st.op_span or st.span),
                "index": default(st.index),
            },
        )

    def _vm_trace(self, st: Statement) -> None:
        self._trace(st, st.op, st.op in _TRACE_ON)

    _statement_trace = _vm_trace
    _statement_moretrace = _vm_trace
    _statement_traceonly = _vm_trace
    _statement_notrace = _vm_trace
    _statement_lesstrace = _vm_trace

    def _dvipa(self, st: Statement) -> None:
        vals = [o.value for o in st.operands]
        addrs = [v for v in vals if _IPV4.match(v.text)]
        if st.op in ("VIPADEFINE", "VIPARANGE") and addrs and "/" not in addrs[0].text:
            addrs = addrs[1:]  # the first address is the mask
        count = len(addrs) if st.op in ("VIPADEFINE", "VIPABACKUP") else 0
        for a in addrs:
            self.add(
                "tcpip_dvipa",
                a.text.split("/")[0],
                a.span,
                {"statement": default(st.op), "counted": default(count > 0)},
            )

    _entry_vipadefine = _dvipa
    _entry_vipabackup = _dvipa
    _entry_viparange = _dvipa

    def _statement_include(self, st: Statement) -> None:
        if not st.operands:
            self.diag("PRS001", st.op_span or st.span, "INCLUDE needs a data set name")
            return
        v = st.operands[0].value
        dsn = v.text.strip("'")
        m = _MEMBER.search(dsn)
        member = (m.group(1) if m else dsn.rsplit(".", 1)[-1]).upper()
        self.add("tcpip_include", member, st.span, {"dsn": Attr(dsn, v.text, v.span)})

    def _pool(self, st: Statement) -> None:
        vals = [o.value for o in st.operands]
        if not vals:
            self.diag("PRS001", st.op_span or st.span, f"{st.op} needs a count")
            return
        for v in vals[:2]:
            if v.as_int() is None and not v.text.startswith("&"):
                self.diag("PRS003", v.span, f"{st.op} {v.text}: must be a whole number")
        self.add(
            "tcpip_pool",
            st.op,
            st.span,
            {
                "count": _attr(vals[0]),
                "size": _attr(vals[1]) if len(vals) > 1 else default(None),
            },
        )

    # ---- blocks
    def _block(self, st: Statement) -> None:
        self.block_head.setdefault(st.op, st)
        if st.op in TELNET_BLOCKS:
            self.telnet, self.telnet_fields, self.telnet_ports = st, {}, []
        if st.op == "BEGINROUTES":
            self.set("beginroutes", Attr(True, st.op, st.op_span))

    def _end(self, st: Statement) -> None:
        if self.telnet is not None and st.label == self.telnet.op:
            self._telnet_done()

    def _statement_gateway(self, st: Statement) -> None:
        if "gateway" not in self.coded:
            self.set("gateway", Attr(True, st.op, st.op_span))

    def _block_assortedparms(self, st: Statement) -> None:
        self._entry_assortedparms(st)  # ASSORTEDPARMS NORFC1323 ENDASSORTEDPARMS on one line

    def _entry_assortedparms(self, st: Statement) -> None:
        for o in st.operands:
            if o.text.upper() == "NORFC1323":
                self.set("rfc1323", Attr(False, o.text, o.span))

    def _telnet_entry(self, st: Statement) -> None:
        if self.telnet is None:
            return
        v = st.operands[0].value if st.operands else None
        if st.op in kw.TELNET_RANGES:
            if v is None:
                self.diag("PRS001", st.op_span or st.span, f"{st.op} needs a number of seconds")
                return
            n = v.as_int()
            lo, hi = kw.TELNET_RANGES[st.op]
            if n is None and not v.text.startswith("&"):
                self.diag("PRS003", v.span, f"{st.op} {v.text}: must be a whole number")
            elif n is not None and not lo <= n <= hi:
                self.diag("PRS003", v.span, f"{st.op} {v.text}: outside the range {lo}-{hi}")
            self.telnet_fields[st.op.lower()] = _attr(v)
        elif st.op == "DISABLESGA":
            self.telnet_fields["disablesga"] = _flag(st.op_span)
        elif st.op in ("PORT", "SECUREPORT", "TTLSPORT"):
            self.telnet_ports.extend(o.value for o in st.operands)

    def _telnet_done(self) -> None:
        st = self.telnet
        if st is None:
            return
        numbers = (small_int(p.text.split(",")[0]) for p in self.telnet_ports)
        ports = tuple(n for n in numbers if n is not None)
        attrs = {
            "block": default(st.op),
            "ports": Attr(ports, None, self.telnet_ports[0].span) if ports else default(()),
            "timemark": self.telnet_fields.get("timemark", default(None)),
            "scaninterval": self.telnet_fields.get("scaninterval", default(None)),
            "inactive": self.telnet_fields.get("inactive", default(None)),
            "disablesga": self.telnet_fields.get("disablesga", default(False)),
        }
        name = st.op + (" " + ",".join(map(str, ports)) if ports else "")
        self.add("telnet_params", name, st.op_span or st.span, attrs)
        self.telnet = None

    def _finish(self) -> None:
        if self.telnet is not None:
            self._telnet_done()
        product = _product(self.markers)
        attrs = dict(self.coded)
        attrs["name"] = Attr(PurePath(self.path).name)
        attrs["product"] = default(product)
        attrs["main"] = default(bool(self.markers & _MAIN_MARKERS))
        first = self.pf.statements[0].span if self.pf.statements else Span(1, 1, 1, 1)
        self.low.add("tcpip_profile", PurePath(self.path).name, first, attrs, scope=self.scope)


def _statement_names() -> set[str]:
    return {k.name for k in kw.top_level().values() if k.form != "end"}


def _product(markers: Sequence[str] | set[str]) -> str | None:
    s = set(markers)
    if s & _ZOS_MARKERS:
        return "zos"
    if s & _VM_MARKERS:
        return "vm"
    return None


def _claw(rest: list[Value]) -> dict[str, Attr]:
    ups = [v.text.upper() for v in rest]
    at = next((i for i, u in enumerate(ups) if u in ("NONE", "PACKED")), None)
    if at is None:
        return {"packing": default(None)}
    nums = rest[at + 1 :]
    out = {
        "packing": _attr(rest[at], ups[at]),
        "devnum": _attr(rest[0], ups[0]) if at >= 3 else default(None),
        "host": _attr(rest[at - 2], ups[at - 2]) if at >= 2 else default(None),
        "workstation": _attr(rest[at - 1], ups[at - 1]) if at >= 1 else default(None),
        "read_buffers": _attr(nums[0])
        if len(nums) > 0 and nums[0].as_int() is not None
        else default(None),
        "write_buffers": _attr(nums[1])
        if len(nums) > 1 and nums[1].as_int() is not None
        else default(None),
        "read_size": _attr(nums[2])
        if len(nums) > 2 and nums[2].as_int() is not None
        else default(None),
        "write_size": _attr(nums[3])
        if len(nums) > 3 and nums[3].as_int() is not None
        else default(None),
    }
    return out


def lower(pf: ParsedFile, low: Lowering) -> None:
    prof = _Profile(pf, low)
    prof.run()
