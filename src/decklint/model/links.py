"""Links between the nodes of the site, inferred from the decks, with a status per link.

As Batfish does for its edges, every link says how sure it is: `matched` (both ends found
and they agree), `half-open` (the peer is found but does not point back, or only part of the
pair is), `unknown-peer` (the name or address points at nothing in the linted files),
`ambiguous` (several candidates), `declared` (from the configuration's `topology: links:`).
Sources:

* path: a switched PU's PATH GRPNM -> the NCP group and its physical token-ring line;
* dlc: a workstation's destination MAC address (CM/2 DESTINATION_ADDRESS, NS/DOS TRLD,
  AS/400 ADPTADR) -> the NCP line whose LOCADD it is, or the AS/400 LAN line whose ADPTADR
  it is; half-open when no switched PU names the workstation's control point;
* cp: a switched PU's CPNAME -> the workstation with that CP name; an AS/400 controller's
  RMTCPNAME -> the VTAM host whose SSCPNAME it is;
* session: a CICS CONNECTION's NETNAME -> the VTAM LU (and through its PU the workstation)
  or application; an AS/400 device's RMTLOCNAME -> the VTAM application;
* ip: a route's first hop, or a direct route's network, -> the stack with that HOME address;
* tcp-peer: a node's declared `peer:`;
* adapter: a declared Multiprise LAN adapter's `stacks:`;
* listener: a CICS Sockets listener's APPLID -> the CICS region declared under that name;
* cpu: on a NonStop system, each requester -> the TCP/IP stack and each stack -> the line
  (controller) in its CPU; half-open when they are in different CPUs.
"""

from __future__ import annotations

import bisect
import functools
import ipaddress
import re
from collections import defaultdict
from typing import Any

from decklint.model.entities import Attr, Entity, packed_attrs
from decklint.model.lowering import default
from decklint.model.topology import Topology
from decklint.source import Span

_HEX = re.compile(r"[0-9A-F]+")


def mac(value: Any) -> str | None:
    """A MAC address as 12 upper-case hex digits (X'...' and a trailing SAP dropped)."""
    if value is None:
        return None
    text = str(value).upper().replace("X'", "").replace("'", "").replace(".", "")
    m = _HEX.fullmatch(text)
    if not m:
        return None
    if len(text) < 12:
        text = text.rjust(12, "0")
    return text[:12]


@functools.lru_cache(maxsize=4096)
def network(dest: str, mask: Any = None) -> ipaddress.IPv4Network | ipaddress.IPv6Network | None:
    """A route's destination network: `a.b.c.d/n`, an address with a mask coded apart, a
    GATEWAY network written with its leading octets only (`10.1`), else the address's class."""
    try:
        if "/" in dest:
            return ipaddress.ip_network(dest, strict=False)
        if mask:
            return ipaddress.ip_network(f"{dest}/{mask}", strict=False)
        parts = dest.split(".")
        if len(parts) < 4 and all(p.isdigit() for p in parts):
            padded = ".".join(parts + ["0"] * (4 - len(parts)))
            return ipaddress.ip_network(f"{padded}/{8 * len(parts)}", strict=False)
        first = int(parts[0])
        prefix = 8 if first < 128 else 16 if first < 192 else 24
        return ipaddress.ip_network(f"{dest}/{prefix}", strict=False)
    except ValueError:
        return None


def _short(name: Any) -> str:
    """RTPNET.OS2CP -> OS2CP."""
    return str(name or "").upper().rsplit(".", 1)[-1]


class _Links:
    def __init__(self, topo: Topology, site: dict[str, str]) -> None:
        self.topo = topo
        self.site = site

    def node(self, e: Entity) -> str:
        if e.kind in ("node", "declared_node"):
            return e.name
        return self.site.get(e.path, e.node)

    def control_points(self) -> dict[str, Entity]:
        """CP name -> what defines it: a workstation's own definition, else a node of that
        name (an NS/DOS or AIX node named by its file or NODE statement)."""
        out = {e.name: e for e in self.topo.of("node") if e.value("files")}
        out.update({_short(w.value("name") or w.name): w for w in self.topo.of("workstation")})
        return out

    def add(
        self,
        kind: str,
        name: str,
        a: Entity,
        a_attr: str,
        status: str,
        via: str,
        b: Entity | None = None,
        b_attr: str = "",
        b_node: str | None = None,
        end_b: str = "",
        extra: dict[str, Attr] | None = None,
    ) -> None:
        span_a = a.anchor(a_attr) if a_attr else a.span
        placed = b is not None and b.kind != "node"  # a node is no one definition
        b_span: Span | None = (b.anchor(b_attr) if b_attr else b.span) if placed and b else None
        node_a = self.node(a)
        node_b = b_node if b_node is not None else (self.node(b) if b is not None else "")
        defaults = {
            "kind": kind,
            "node_a": node_a,
            "node_b": node_b,
            "end_a": f"{a.kind} {a.name}",
            "end_b": end_b or (f"{b.kind} {b.name}" if b is not None else ""),
            "status": status,
            "via": via,
            "b_path": b.path if placed and b is not None else None,
            "b_line": b_span.line if b_span else None,
            "b_col": b_span.col if b_span else None,
            "frame": None,
        }
        attrs = packed_attrs(name, defaults, extra or {})
        e = Entity("link", name, a.path, a.dialect, span_a, node_a, attrs)
        self.topo.entities.append(e)
        self.topo._by_kind["link"].append(e)

    # ------------------------------------------------------------------ sources

    def paths(self) -> None:
        topo = self.topo
        groups: dict[str, list[Entity]] = defaultdict(list)
        for g in topo.of("group"):
            groups[g.name].append(g)
        lines: dict[tuple[str, object], list[Entity]] = defaultdict(list)
        for ln in topo.of("line"):
            if ln.value("physical"):
                lines[(ln.path, ln.value("portadd"))].append(ln)
        for p in list(topo.of("path")):
            grp = p.get("grpnm")
            if grp.value is None:
                continue
            found = groups.get(grp.value, [])
            status = "matched" if len(found) == 1 else "unknown-peer" if not found else "ambiguous"
            frame: Attr = default(None)
            line: Entity | None = None
            if len(found) == 1:
                phys = lines.get((found[0].path, found[0].value("phyport")), [])
                if len(phys) == 1:
                    line = phys[0]
                    frame = line.get("maxtsl")
            end_b = f"{grp.value}" + (f" via LINE {line.name}" if line else "")
            self.add(
                "path",
                f"{p.value('pu')}-{grp.value}",
                p,
                "grpnm",
                status,
                "PATH GRPNM",
                b=line or (found[0] if len(found) == 1 else None),
                end_b=end_b,
                extra={
                    "frame": frame,
                    "pu": default(p.value("pu")),
                    "line": default(line.name if line else None),
                },
            )

    def stations(self) -> None:
        """Workstation -> NCP line by MAC address, and switched PU -> workstation by CP."""
        topo = self.topo
        by_mac: dict[str, list[Entity]] = defaultdict(list)
        for ln in topo.of("line"):
            m = mac(ln.value("locadd"))
            if m:
                by_mac[m].append(ln)
        for ln in topo.of("line_desc"):  # another AS/400's LAN line: its own ADPTADR
            m = mac(ln.value("adptadr"))
            if m:
                by_mac[m].append(ln)
        cps = self.control_points()
        pus_by_cp: dict[str, list[Entity]] = defaultdict(list)
        for pu in topo.of("pu"):
            if pu.value("cpname"):
                pus_by_cp[str(pu.value("cpname")).upper()].append(pu)
        ends: list[tuple[Entity, str, str | None, str]] = []
        cp_of: dict[str, str] = {}  # file -> the CP name of the first workstation it defines
        for name, station in cps.items():
            if station.kind == "workstation":
                cp_of.setdefault(station.path, name)
        for e in topo.of("dlc_link"):
            ends.append((e, "destination_address", cp_of.get(e.path), "DESTINATION_ADDRESS"))
        for e in topo.of("nsdos_link"):
            ends.append((e, "destination", e.name, "TRLD"))
        for e in topo.of("controller"):
            ends.append((e, "adptadr", None, "ADPTADR"))
        for e in topo.of("nsk_pu"):  # a NonStop SNAX PU's remote station
            ends.append((e, "remote_mac", None, "LNRMTADDR"))
        any_ncp = bool(topo.of("line"))
        seen: set[tuple[str, str, int]] = set()
        for e, field, cp, via in ends:
            m = mac(e.value(field))
            if m is None:
                continue
            key = (e.path, e.name, e.span.line)
            if key in seen:
                continue
            seen.add(key)
            found = by_mac.get(m, [])
            if len(found) > 1:
                status = "ambiguous"
            elif not found:
                status = "unknown-peer"
            elif cp is not None and pus_by_cp and not pus_by_cp.get(cp.upper()):
                status = "half-open"
            else:
                status = "matched"
            line = found[0] if len(found) == 1 else None
            note = ""
            if status == "half-open":
                note = f"no switched PU names CP {cp}"
            elif status == "unknown-peer":
                note = "no linted NCP line has this LOCADD" if any_ncp else "no NCP linted"
            self.add(
                "dlc",
                f"{self.node(e)}-{line.name if line else m}",
                e,
                field,
                status,
                f"{via} = LOCADD",
                b=line,
                b_attr="locadd" if line else "",
                end_b=f"LINE {line.name}" if line else f"MAC {m}",
                extra={
                    "frame": line.get("maxtsl") if line else default(None),
                    "note": default(note),
                },
            )
        for cp, pus in sorted(pus_by_cp.items()):
            for pu in pus:
                w = cps.get(cp)
                self.add(
                    "cp",
                    f"{pu.name}-{cp}",
                    pu,
                    "cpname",
                    "matched" if w is not None else "unknown-peer",
                    "PU CPNAME = CP name",
                    b=w,
                    end_b=f"CP {cp}",
                )

    def as400(self) -> None:
        topo = self.topo
        sscp = {str(s.value("sscpname")).upper(): s for s in topo.of("vtam_start")}
        cps = self.control_points()
        for c in topo.of("controller"):
            rmt = c.value("rmtcpname")
            if not rmt:
                continue
            target = sscp.get(str(rmt).upper()) or cps.get(str(rmt).upper())
            self.add(
                "cp",
                f"{c.name}-{rmt}",
                c,
                "rmtcpname",
                "matched" if target is not None else "unknown-peer",
                "RMTCPNAME = SSCPNAME / CP name",
                b=target,
                b_attr="sscpname" if target is not None and target.kind == "vtam_start" else "",
                end_b=f"CP {rmt}",
            )
        apps = {a.name: a for a in topo.of("application")}
        apps.update(
            {str(a.value("acbname")): a for a in topo.of("application") if a.value("acbname")}
        )
        for d in topo.of("device"):
            rmt = d.value("rmtlocname")
            if not rmt:
                continue
            target = apps.get(str(rmt).upper())
            self.add(
                "session",
                f"{d.name}-{rmt}",
                d,
                "rmtlocname",
                "matched" if target is not None else "unknown-peer",
                "RMTLOCNAME = APPL",
                b=target,
                end_b=f"LU {rmt}",
            )

    def cics(self) -> None:
        topo = self.topo
        lus = {lu.name: lu for lu in topo.of("lu")}
        apps = {a.name: a for a in topo.of("application")}
        pus = {pu.name: pu for pu in topo.of("pu")}
        cps = self.control_points()
        for c in topo.of("connection"):
            net = str(c.value("netname") or "").upper()
            if not net:
                continue
            target: Entity | None = lus.get(net) or apps.get(net) or cps.get(net)
            node_b: str | None = None
            if target is not None and target.kind == "lu":
                pu = pus.get(str(target.value("pu") or ""))
                ws = cps.get(str(pu.value("cpname") or "").upper()) if pu is not None else None
                if ws is not None:
                    node_b = self.node(ws)
            self.add(
                "session",
                f"{c.name}-{net}",
                c,
                "netname",
                "matched" if target is not None else "unknown-peer",
                "CONNECTION NETNAME = LU",
                b=target,
                b_node=node_b,
                end_b=f"LU {net}",
            )

    def ip(self) -> None:
        topo = self.topo
        homes = _Homes(topo.of("tcpip_home"))
        for r in topo.of("tcpip_route"):
            hop = str(r.value("first_hop") or "")
            direct = hop in ("=", "")
            if direct:
                net = network(str(r.value("destination") or ""), r.value("mask"))
                target = homes.in_network(net, r.scope) if net is not None else None
            else:
                target = homes.at(hop, r.scope)
            if target is None:
                continue
            self.add(
                "ip",
                f"{r.scope}-{target.scope}-{r.name}",
                r,
                "first_hop",
                "matched",
                "direct route network" if direct else "route first hop = HOME",
                b=target,
                b_attr="address",
                b_node=f"{target.scope}",
                end_b=f"HOME {target.name}",
                extra={"mtu": r.get("mtu")},
            )

    def peers(self, nodes: set[str]) -> None:
        for d in self.topo.of("declared_node"):
            peer = d.value("peer")
            if not peer:
                continue
            self.add(
                "tcp-peer",
                f"{d.name}-{peer}",
                d,
                "peer",
                "matched" if str(peer) in nodes else "unknown-peer",
                "declared peer",
                b_node=str(peer),
                end_b=f"node {peer}",
                extra={"tcp_window": d.get("tcp_window"), "mtu": d.get("mtu")},
            )

    def adapters(self, nodes: set[str]) -> None:
        """A declared Multiprise LAN adapter -> each TCP/IP stack it serves."""
        for d in self.topo.of("declared_node"):
            served = d.value("stacks")
            if not d.value("adapter") or not isinstance(served, (list, tuple)):
                continue
            for stack in map(str, served):
                self.add(
                    "adapter",
                    f"{d.name}-{stack}",
                    d,
                    "stacks",
                    "matched" if stack in nodes else "unknown-peer",
                    "declared adapter stacks",
                    b_node=stack,
                    end_b=f"stack {stack}",
                )

    def listeners(self, nodes: set[str]) -> None:
        """A CICS Sockets listener (EZACICD APPLID) -> the CICS region the configuration
        declares under that name (with its planned connections)."""
        declared = {d.name for d in self.topo.of("declared_node")}
        for li in self.topo.of("cics_listener"):
            region = str(li.value("applid") or "").upper()
            if region and region in declared and region in nodes:
                self.add(
                    "listener",
                    f"{li.name}-{region}",
                    li,
                    "applid",
                    "matched",
                    "EZACICD APPLID = declared CICS region",
                    b_node=region,
                    end_b=f"CICS {region}",
                )

    def nonstop(self) -> None:
        by_scope: dict[str, dict[str, list[Entity]]] = defaultdict(lambda: defaultdict(list))
        for kind in ("nsk_process", "nsk_line"):
            for e in self.topo.of(kind):
                by_scope[e.scope][kind].append(e)
        for parts in by_scope.values():
            procs = _merged(parts["nsk_process"], "primary_cpu")
            lines = _merged(parts["nsk_line"], "cpu")
            stacks = [p for p in procs.values() if p.value("role") == "tcpip"]
            for p in procs.values():
                if p.value("role") != "requester":
                    continue
                self._cpu_link(p, "primary_cpu", stacks, "primary_cpu", "TCP/IP stack")
            for s in stacks:
                self._cpu_link(s, "primary_cpu", list(lines.values()), "cpu", "line")

    def _cpu_link(
        self, a: Entity, a_field: str, targets: list[Entity], t_field: str, what: str
    ) -> None:
        cpu = a.value(a_field)
        if not isinstance(cpu, int):
            return
        known = [t for t in targets if isinstance(t.value(t_field), int)]
        same = [t for t in known if t.value(t_field) == cpu]
        b = same[0] if same else (known[0] if known else None)
        status = "matched" if same else "half-open" if known else "unknown-peer"
        self.add(
            "cpu",
            f"{a.name}-{b.name if b else what}",
            a,
            a_field,
            status,
            f"CPU {cpu}" + ("" if same else f"; {what} in CPU {b.value(t_field)}" if b else ""),
            b=b,
            b_attr=t_field if b is not None else "",
            end_b=f"{what} {b.name}" if b else what,
        )

    def declared(self, nodes: set[str]) -> None:
        for a, b, facts, path, line in self.topo.settings.links:
            have = (a in nodes) + (b in nodes)
            status = "declared" if have == 2 else "half-open" if have == 1 else "unknown-peer"
            fact = dict(facts)
            attrs = {
                "name": Attr(f"{a}-{b}"),
                "kind": default(str(fact.get("medium") or "declared")),
                "node_a": default(a),
                "node_b": default(b),
                "end_a": default(f"node {a}"),
                "end_b": default(f"node {b}"),
                "status": default(status),
                "via": default("topology: links"),
                "b_path": default(None),
                "b_line": default(None),
                "b_col": default(None),
                "frame": Attr(fact["frame"], str(fact["frame"]), Span(line, 1, line, 1))
                if "frame" in fact
                else default(None),
                "mtu": default(fact.get("mtu")),
                "send_window": default(fact.get("send-window")),
                "receive_window": default(fact.get("receive-window")),
                "bulk": default(fact.get("bulk")),
                "note": default(fact.get("note", "")),
            }
            e = Entity("link", f"{a}-{b}", path, "config", Span(line, 1, line, 1), a, attrs)
            self.topo.entities.append(e)
            self.topo._by_kind["link"].append(e)


_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"  # no leading zeros, as ipaddress
_QUAD = re.compile(rf"(?:{_OCTET}\.){{3}}{_OCTET}")


def _ip_key(text: str) -> tuple[int, int] | None:
    """(version, number) of an address; a dotted quad without the ipaddress module, which
    took a third of the time of joining the routes of a large estate to their HOMEs."""
    if _QUAD.fullmatch(text):
        a, b, c, d = map(int, text.split("."))
        return (4, a << 24 | b << 16 | c << 8 | d)
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    return (ip.version, int(ip))


class _Homes:
    """The HOME addresses of every stack, by address and in address order (a route's
    network is found by bisection, not by trying every address)."""

    def __init__(self, homes: list[Entity]) -> None:
        self.by_text: dict[str, list[Entity]] = defaultdict(list)
        keyed: list[tuple[tuple[int, int], int, Entity]] = []
        for i, h in enumerate(homes):
            text = str(h.value("address") or h.name)
            self.by_text[text].append(h)
            key = _ip_key(text)
            if key is not None:
                keyed.append((key, i, h))
        keyed.sort(key=lambda k: (k[0], k[1]))
        self.keys = [k[0] for k in keyed]
        self.sorted = [k[2] for k in keyed]

    def at(self, address: str, scope: str) -> Entity | None:
        return next((h for h in self.by_text.get(address, []) if h.scope != scope), None)

    def in_network(
        self, net: ipaddress.IPv4Network | ipaddress.IPv6Network, scope: str
    ) -> Entity | None:
        """The first HOME of another stack inside the network."""
        lo = bisect.bisect_left(self.keys, (net.version, int(net.network_address)))
        hi = bisect.bisect_right(self.keys, (net.version, int(net.broadcast_address)))
        for k in range(lo, hi):  # no slice: a network may hold the HOMEs of hundreds of stacks
            if self.sorted[k].scope != scope:
                return self.sorted[k]
        return None


def _merged(entities: list[Entity], cpu_field: str) -> dict[str, Entity]:
    """One entity per NonStop object name: the one that knows its CPU, else the first."""
    out: dict[str, Entity] = {}
    for e in entities:
        have = out.get(e.name)
        if have is None or (
            not isinstance(have.value(cpu_field), int) and isinstance(e.value(cpu_field), int)
        ):
            out[e.name] = e
    return out


def infer(topo: Topology, site: dict[str, str]) -> None:
    nodes = {e.name for e in topo.of("node")}
    links = _Links(topo, site)
    links.paths()
    links.stations()
    links.as400()
    links.cics()
    links.ip()
    links.peers(nodes)
    links.adapters(nodes)
    links.listeners(nodes)
    links.nonstop()
    links.declared(nodes)
