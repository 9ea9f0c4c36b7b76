"""A VTAM and the NCPs it owns: a channel-attached NCP (`channel`: PCCU CUADDR, BUILD
TYPGEN=NCP, the HOST statement that describes the VTAM's buffers) and a link-attached one
(`owner`: TYPGEN=NCP-R, PCCU RNAME), each to the VTAM whose configuration list activates it,
else the VTAM whose HOSTSA the NCP's PCCU SUBAREA names, else the one VTAM of the NCP's system
(an NCP's source is a member of its owning VTAM's VTAMLST, and its PCCU is that VTAM's
statement), else the run's one VTAM."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.core.lowering import default
from decklint.knowledge.facts import link_attached
from decklint.model.network._sna import Hosts, hosts
from decklint.model.network.base import Linker, evidence


@evidence("owner", 80, "a VTAM and the NCPs it owns: PCCU CUADDR or RNAME, the configuration list")
def infer(links: Linker) -> None:
    topo = links.topo
    h = hosts(links)
    activated: dict[str, list[Entity]] = defaultdict(list)  # NCP name -> config list entries
    for entry in topo.of("config_entry"):
        if links.node(entry) in h.vtams:
            activated[entry.name].append(entry)
    pccus: dict[tuple[str, str], list[Entity]] = defaultdict(list)
    for p in topo.of("pccu"):
        pccus[(p.path, str(p.value("ncp")))].append(p)
    for ncp in topo.of("ncp"):
        typgen = ncp.value("typgen")
        remote = isinstance(typgen, str) and link_attached(typgen)
        kind = "owner" if remote else "channel"
        mine = pccus.get((ncp.path, ncp.name), [])
        for vtam, b, b_attr, why, pccu in _owners(links, ncp, mine, activated.get(ncp.name, [])):
            field = "rname" if remote else "cuaddr"
            a = pccu if pccu is not None else ncp
            a_attr = field if pccu is not None and pccu.coded(field) else ""
            how = "PCCU RNAME" if remote else "PCCU CUADDR"
            if pccu is None:
                how = "BUILD TYPGEN=" + str(typgen or "NCP")
            links.add(
                kind,
                f"{ncp.name}-{vtam or '?'}",
                a,
                a_attr,
                "matched" if vtam else "unknown-peer",
                f"{how}; {why}",
                b=b,
                b_attr=b_attr,
                b_node=vtam or "",
                end_b=f"VTAM {vtam}" if vtam else "VTAM",
                end_a=f"NCP {ncp.name}",
                extra={
                    "note": default("" if vtam else why),
                    "ncp": default(ncp.name),
                    "pccu": default(pccu.name if pccu is not None else None),
                },
            )


def _owners(
    links: Linker, ncp: Entity, pccus: list[Entity], entries: list[Entity]
) -> list[tuple[str, Entity | None, str, str, Entity | None]]:
    """(VTAM node, its end, that end's field, why, the PCCU that applies) for each VTAM that
    owns the NCP; one with an empty node when no linted VTAM does."""
    h = hosts(links)
    first = pccus[0] if pccus else None
    out: list[tuple[str, Entity | None, str, str, Entity | None]] = []
    for entry in entries:  # each VTAM whose configuration list activates the NCP
        vtam = links.node(entry)
        if all(o[0] != vtam for o in out):
            why = f"configuration list {entry.value('list')}"
            out.append((vtam, entry, "", why, _pccu(h, vtam, pccus)))
    if out:
        return out
    for p in pccus:  # PCCU SUBAREA names the owning VTAM's HOSTSA
        sa = p.value("subarea")
        for node, e, field in h.at(sa) if isinstance(sa, int) else ():
            if node in h.vtams:
                out.append((node, e, field, f"PCCU SUBAREA={sa} is its HOSTSA", p))
    if out:
        return out
    mine = h.of_system(ncp.path)
    if len(mine) == 1:
        vtam = next(iter(mine))
        return [(vtam, h.start.get(vtam), "", "the one VTAM of the NCP's system", first)]
    if len(h.vtams) == 1:
        vtam = next(iter(h.vtams))
        return [(vtam, h.start.get(vtam), "", "the one VTAM linted", first)]
    why = "no linted configuration list activates it" + (
        f" and {len(mine)} VTAMs share its system" if len(mine) > 1 else ""
    )
    return [("", None, "", why, first)]


def _pccu(h: Hosts, vtam: str, pccus: list[Entity]) -> Entity | None:
    """The PCCU that applies to a VTAM: the one whose SUBAREA is its HOSTSA, else the first."""
    start = h.start.get(vtam)
    hostsa = start.value("hostsa") if start is not None else None
    for p in pccus:
        if hostsa is not None and p.value("subarea") == hostsa:
            return p
    return pccus[0] if pccus else None
