"""Sessions between LUs: an AS/400 device's RMTLOCNAME -> the VTAM application (its ACBNAME,
and the CICS region that opens it); a CICS CONNECTION's NETNAME -> the partner: a linted CICS
region whose APPLID it is (an MRO or ISC connection names the partner region's APPLID, the
generic one with XRF: CICS TS System Initialization Parameter Reference, APPLID), else a
VTAM APPL (by ACBNAME, else by name), a VTAM LU (and through its PU the workstation) or a
control point; an IPCONN's APPLID -> the region with that APPLID. Both regions' connections
naming each other are one link."""

from __future__ import annotations

from decklint.core.entities import Entity
from decklint.model.network.base import Linker, evidence
from decklint.model.network.cics import regions


@evidence(
    "session", 40, "a CICS CONNECTION NETNAME or AS/400 RMTLOCNAME: the LU or APPL", symmetric=True
)
def infer(links: Linker) -> None:
    topo = links.topo
    rg = regions(links)
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
        region = rg.named(str(rmt))
        links.add(
            "session",
            f"{d.name}-{rmt}",
            d,
            "rmtlocname",
            "matched" if target is not None else "unknown-peer",
            "RMTLOCNAME = APPL",
            b=target,
            b_node=region[0] if region is not None and target is not None else None,
            end_b=f"LU {rmt}",
        )
    lus = {lu.name: lu for lu in topo.of("lu")}
    pus = {pu.name: pu for pu in topo.of("pu")}
    cps = links.control_points()
    for c in topo.of("connection"):
        net = str(c.value("netname") or "").upper()
        if not net:
            continue
        region = rg.named(net)
        if region is not None and region[0] != links.node(c):
            peer, sit, field = region
            links.add(
                "session",
                f"{c.name}-{net}",
                c,
                "netname",
                "matched",
                "CONNECTION NETNAME = APPLID",
                b=sit,
                b_attr=field,
                b_node=peer,
                end_b=f"CICS {peer}",
            )
            continue
        found: Entity | None = lus.get(net) or by_acb.get(net) or cps.get(net)
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
    for ip in topo.of("ipconn"):
        applid = str(ip.value("applid") or "").upper()
        region = rg.named(applid) if applid else None
        if region is None or region[0] == links.node(ip):
            continue  # the partner's SIT is not linted: nothing to say of it
        peer, sit, field = region
        links.add(
            "session",
            f"{ip.name}-{applid}",
            ip,
            "applid",
            "matched",
            "IPCONN APPLID = APPLID",
            b=sit,
            b_attr=field,
            b_node=peer,
            end_b=f"CICS {peer}",
        )
