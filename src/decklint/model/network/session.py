"""Sessions: an AS/400 device's RMTLOCNAME -> the VTAM application; a CICS CONNECTION's
NETNAME -> the VTAM LU (and through its PU the workstation) or application."""

from __future__ import annotations

from decklint.core.entities import Entity
from decklint.model.network.base import Linker, evidence


@evidence("session", 40, "a CICS CONNECTION NETNAME or AS/400 RMTLOCNAME: the LU or APPL")
def infer(links: Linker) -> None:
    topo = links.topo
    apps = {a.name: a for a in topo.of("application")}
    by_acb = dict(apps)
    by_acb.update(
        {str(a.value("acbname")): a for a in topo.of("application") if a.value("acbname")}
    )
    for d in topo.of("device"):
        rmt = d.value("rmtlocname")
        if not rmt:
            continue
        target = by_acb.get(str(rmt).upper())
        links.add(
            "session",
            f"{d.name}-{rmt}",
            d,
            "rmtlocname",
            "matched" if target is not None else "unknown-peer",
            "RMTLOCNAME = APPL",
            b=target,
            end_b=f"LU {rmt}",
        )
    lus = {lu.name: lu for lu in topo.of("lu")}
    pus = {pu.name: pu for pu in topo.of("pu")}
    cps = links.control_points()
    for c in topo.of("connection"):
        net = str(c.value("netname") or "").upper()
        if not net:
            continue
        found: Entity | None = lus.get(net) or apps.get(net) or cps.get(net)
        node_b: str | None = None
        if found is not None and found.kind == "lu":
            pu = pus.get(str(found.value("pu") or ""))
            ws = cps.get(str(pu.value("cpname") or "").upper()) if pu is not None else None
            if ws is not None:
                node_b = links.node(ws)
        links.add(
            "session",
            f"{c.name}-{net}",
            c,
            "netname",
            "matched" if found is not None else "unknown-peer",
            "CONNECTION NETNAME = LU",
            b=found,
            b_node=node_b,
            end_b=f"LU {net}",
        )
