"""A CICS region and the VTAM APPL it opens (`cics-appl`): the region's APPLID (SIT; the
specific one with XRF) is the name of the APPL statement it opens an ACB for (CICS TS System
Initialization Parameter Reference, APPLID: it must match the APPL's name; VTAM matches the
ACB's name against ACBNAME, which defaults to that name), in the VTAM of the region's system
first. Where that VTAM's APPLs are linted and none is the region's, the link says so; a
region that runs without VTAM (VTAM=NO) opens none. A region without a linted SIT has no
known APPLID and no such link.

The regions by APPLID (`Regions`) also serve the other CICS evidence: a CONNECTION's NETNAME
and an IPCONN's APPLID name the partner region by its APPLID (the generic one with XRF), an
EZACICD listener's APPLID the region it runs in."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.core.lowering import default
from decklint.model.network._sna import hosts
from decklint.model.network.base import Linker, evidence
from decklint.model.systems import system_key


class Regions:
    """The linted CICS regions: APPLID (specific and generic) -> (region node, its SIT)."""

    def __init__(self, links: Linker) -> None:
        self.by_applid: dict[str, list[tuple[str, Entity, str]]] = defaultdict(list)
        self.sits: dict[str, list[Entity]] = defaultdict(list)  # region -> its SIT files
        for sit in links.topo.of("cics_sit"):
            region = links.node(sit)
            self.sits[region].append(sit)
            for field in ("applid", "generic_applid"):
                name = sit.value(field)
                if name and all(r != region for r, _e, _f in self.by_applid[str(name)]):
                    self.by_applid[str(name)].append((region, sit, field))

    def named(self, applid: str) -> tuple[str, Entity, str] | None:
        """(region, SIT, field) of the one linted region with this APPLID."""
        found = self.by_applid.get(applid.upper(), [])
        return found[0] if len(found) == 1 else None


def regions(links: Linker) -> Regions:
    return links.topo.memo("network.regions", lambda: Regions(links))  # type: ignore[no-any-return]


@evidence("cics-appl", 41, "a CICS region's APPLID: the VTAM APPL it opens")
def infer(links: Linker) -> None:
    topo = links.topo
    h = hosts(links)
    rg = regions(links)
    apps: dict[str, list[Entity]] = defaultdict(list)  # ACBNAME or APPL name -> APPLs
    for a in topo.of("application"):
        apps[str(a.value("acbname") or a.name)].append(a)
        if a.value("acbname") and a.value("acbname") != a.name:
            apps[a.name].append(a)
    with_appls = {links.node(a) for a in topo.of("application")}
    for region, sits in sorted(rg.sits.items()):
        sit = next((s for s in reversed(sits) if s.coded("applid")), sits[-1])
        if str(sit.value("vtam") or "").upper() == "NO":
            continue
        applid = str(sit.value("applid") or "")
        key = system_key(sit.path, topo)
        found = list({id(a): a for a in apps.get(applid, [])}.values())
        mine = [a for a in found if system_key(a.path, topo) == key] or found
        vtams = h.of_system(sit.path)
        if len(mine) == 1:
            app = mine[0]
            status, note, peer = "matched", "", links.node(app)
        elif mine:
            app, peer = None, ""
            status = "ambiguous"
            note = "several APPLs: " + ", ".join(sorted({links.node(a) for a in mine}))
        elif vtams & with_appls:
            app, peer = None, next(iter(sorted(vtams & with_appls)))
            status, note = "unknown-peer", f"no APPL of {peer} has ACBNAME {applid}"
        else:
            continue  # no APPL of the region's system is linted
        links.add(
            "cics-appl",
            f"{region}-{applid}",
            sit,
            "applid" if sit.coded("applid") else "",
            status,
            "SIT APPLID = APPL" + (" ACBNAME" if app is not None and app.coded("acbname") else ""),
            b=app,
            b_attr="acbname" if app is not None and app.coded("acbname") else "",
            b_node=peer,
            end_b=f"APPL {app.name}" if app is not None else f"APPL {applid}",
            end_a=f"CICS {region} APPLID",
            extra={"note": default(note)},
        )
