"""Enterprise Extender between two VTAMs (`ee`): a switched PU's PATH that names its partner
by IPADDR or HOSTNAME (SNA Resource Definition Reference, switched major node, PATH: the
partner's address for an EE connection) -> the VTAM whose local EE address that is: its
start options' IPADDR or HOSTNAME, the IPADDR or HOSTNAME of a GROUP of its EE XCA major
node (PORT MEDIUM=HPRIP; not coded, the start options'), or a HOME address of the TCP/IP
stack its EE runs over (TCPNAME's, else the one stack of its system). Where no linted VTAM has
the address, the PU's CPNAME names the partner: a linted VTAM by its SSCP name (the address
then being one its decks do not show), else an external APPN node. Both VTAMs' paths naming
each other are one link."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.core.lowering import default
from decklint.model.network._sna import Hosts, hosts
from decklint.model.network._tcpip import stacks
from decklint.model.network.base import Linker, evidence
from decklint.model.systems import system_key

_Local = tuple[str, Entity, str]  # (VTAM node, what gives the address, its field)


def local_addresses(links: Linker, h: Hosts) -> dict[str, list[_Local]]:
    """Address or host name (upper case) -> the VTAMs whose EE uses it as its own."""
    topo = links.topo
    out: dict[str, list[_Local]] = defaultdict(list)
    ee: dict[str, list[Entity]] = defaultdict(list)  # VTAM -> its EE groups
    for g in topo.of("ee_group"):
        ee[links.node(g)].append(g)
    for vtam in sorted(h.vtams):
        start = h.start.get(vtam)
        for e in [start] if start is not None else []:
            for field in ("ipaddr", "hostname"):
                if e.value(field):
                    out[str(e.value(field)).upper()].append((vtam, e, field))
        for g in ee.get(vtam, []):
            for field in ("ipaddr", "hostname"):
                if g.value(field):
                    out[str(g.value(field)).upper()].append((vtam, g, field))
        if not ee.get(vtam):
            continue
        for home in _stack_homes(links, vtam, start, ee[vtam][0]):
            out[str(home.value("address") or home.name).upper()].append((vtam, home, "address"))
    return out


def _stack_homes(links: Linker, vtam: str, start: Entity | None, near: Entity) -> list[Entity]:
    """The HOME addresses of the stack a VTAM's EE runs over: TCPNAME's, else its system's
    only stack."""
    st = stacks(links)
    name = start.value("tcpname") if start is not None else None
    stack = st.named(str(name), near.path) if name else None
    if stack is None:  # the stack TCPNAME names is not linted by that name: the system's one
        mine = st.of_system(near.path)
        stack = mine[0] if len(mine) == 1 else None
    if stack is None:
        return []
    node = links.node(stack)
    key = system_key(stack.path, links.topo)
    return [
        e
        for e in links.topo.of("tcpip_home")
        if links.node(e) == node and system_key(e.path, links.topo) == key
    ]


@evidence(
    "ee",
    95,
    "an Enterprise Extender PATH's IPADDR or HOSTNAME: the VTAM with that local address",
    symmetric=True,
)
def infer(links: Linker) -> None:
    topo = links.topo
    h = hosts(links)
    local = local_addresses(links, h)
    pus = {(p.path, p.name): p for p in topo.of("pu")}
    cps = links.control_points()
    for path in topo.of("path"):
        field = "ipaddr" if path.value("ipaddr") else "hostname" if path.value("hostname") else ""
        if not field:
            continue
        me = links.node(path)
        key = str(path.value(field)).upper()
        pu = pus.get((path.path, str(path.value("pu") or "")))
        cp = str(pu.value("cpname") or "").upper() if pu is not None else ""
        found = [f for f in local.get(key, []) if f[0] != me]
        peers = {f[0] for f in found}
        b: Entity | None = None
        b_attr = ""
        note = ""
        if len(peers) == 1:
            peer, b, b_attr = found[0]
            status = "matched"
        elif len(peers) > 1:
            peer, status, note = "", "ambiguous", "several VTAMs: " + ", ".join(sorted(peers))
        elif cp and (h.sscp.get(cp) or cp in cps):
            peer = h.sscp.get(cp) or links.node(cps[cp])
            status = "matched" if peer != me else "unknown-peer"
            b = h.start.get(peer) if peer in h.vtams else cps.get(cp)
            b_attr = "sscpname" if b is not None and b.kind == "vtam_start" else ""
            note = f"by CPNAME; no linted definition of {peer} gives it the address {key}"
        elif cp:
            peer, status = links.external(cp, "APPN node", pu or path), "external"
        else:
            peer, status = "", "unknown-peer"
            note = f"no linted VTAM has the Enterprise Extender address {key}"
        links.add(
            "ee",
            f"{me}-{path.value('pu')}-{key}",
            path,
            field,
            status,
            f"PATH {field.upper()}={key}" + (f", PU CPNAME={cp}" if cp else ""),
            b=b,
            b_attr=b_attr,
            b_node=peer,
            end_b=f"VTAM {peer}"
            if peer in h.vtams
            else f"CP {peer}"
            if peer
            else f"EE partner {key}",
            end_a=f"PU {path.value('pu')}",
            extra={"note": default(note)},
        )
