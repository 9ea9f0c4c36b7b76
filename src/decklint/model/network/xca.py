"""Two VTAMs over a LAN (`xca`): a switched PU whose CPNAME is another linted VTAM's SSCP name
(an APPN VTAM's control point), dialling through a group of its own VTAM's XCA major node
(PATH GRPNM; its PORT's MEDIUM a LAN: CSMACD, RING, FDDI, ATM). Enterprise Extender paths
are the `ee` evidence's; a PU dialling through an NCP stays a `cp` link. Both VTAMs' PUs
naming each other are one link."""

from __future__ import annotations

from decklint.core.entities import Entity
from decklint.core.lowering import default
from decklint.model.network._sna import Hosts, Lan, hosts, lan
from decklint.model.network.base import Linker, evidence


def over_lan(links: Linker, h: Hosts, lans: Lan, pu: Entity) -> tuple[str, Entity] | None:
    """(the peer VTAM, the PATH) of a switched PU that reaches another linted VTAM over an
    XCA LAN; None for any other PU."""
    peer = h.sscp.get(str(pu.value("cpname") or "").upper())
    if peer is None or peer == links.node(pu):
        return None
    for path in lans.of(pu):
        medium = lans.medium(path)
        if medium == "HPRIP":
            return None
        if medium is not None:
            return peer, path
    return None


def by_ee(lans: Lan, pu: Entity) -> bool:
    """Whether a PU dials its partner over Enterprise Extender (the `ee` evidence's)."""
    return any(lans.medium(p) == "HPRIP" for p in lans.of(pu))


@evidence("xca", 96, "a switched PU's CPNAME over an XCA LAN group: that VTAM", symmetric=True)
def infer(links: Linker) -> None:
    h = hosts(links)
    lans = lan(links)
    for pu in links.topo.of("pu"):
        got = over_lan(links, h, lans, pu)
        if got is None:
            continue
        peer, path = got
        me = links.node(pu)
        start = h.start.get(peer)
        links.add(
            "xca",
            f"{me}-{pu.name}-{peer}",
            pu,
            "cpname",
            "matched",
            f"PU CPNAME={pu.value('cpname')}, PATH GRPNM={path.value('grpnm')}",
            b=start,
            b_attr="sscpname" if start is not None and start.coded("sscpname") else "",
            b_node=peer,
            end_b=f"VTAM {peer}",
            end_a=f"PU {pu.name}",
            extra={"note": default(f"LAN {lans.medium(path)}")},
        )
