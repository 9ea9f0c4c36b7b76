"""Control point names: a switched PU's CPNAME -> the workstation (or node) with that CP name;
an AS/400 controller's RMTCPNAME -> the VTAM host whose SSCPNAME it is, or a workstation. A PU
reaching another VTAM over an XCA LAN, or an Enterprise Extender partner, is drawn by the
`xca` and `ee` evidence instead."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.model.network._sna import hosts, lan
from decklint.model.network.base import Linker, evidence
from decklint.model.network.xca import by_ee, over_lan


@evidence("cp", 30, "a PU's CPNAME, an AS/400 RMTCPNAME: the node with that control point name")
def infer(links: Linker) -> None:
    topo = links.topo
    cps = links.control_points()
    pus_by_cp: dict[str, list[Entity]] = defaultdict(list)
    for pu in topo.of("pu"):
        if pu.value("cpname"):
            pus_by_cp[str(pu.value("cpname")).upper()].append(pu)
    h = hosts(links)
    lans = lan(links)
    for cp, pus in sorted(pus_by_cp.items()):
        for pu in pus:
            if over_lan(links, h, lans, pu) is not None or by_ee(lans, pu):
                continue  # another VTAM over an XCA LAN, or an EE partner: xca's, ee's
            w = cps.get(cp)
            links.add(
                "cp",
                f"{pu.name}-{cp}",
                pu,
                "cpname",
                "matched" if w is not None else "unknown-peer",
                "PU CPNAME = CP name",
                b=w,
                end_b=f"CP {cp}",
            )
    sscp = {str(s.value("sscpname")).upper(): s for s in topo.of("vtam_start")}
    for c in topo.of("controller"):
        rmt = c.value("rmtcpname")
        if not rmt:
            continue
        target = sscp.get(str(rmt).upper()) or cps.get(str(rmt).upper())
        links.add(
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
