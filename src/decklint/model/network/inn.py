"""A channel-attached (local) NCP and a link-attached (remote) one it reaches over an SDLC
subarea line (`inn`): the local NCP's link station (an INNODE with SUBAREA=, or a PU of type
4) is the one the remote NCP's PCCU RNAME names, and the remote's BUILD SUBAREA is the
station's SUBAREA. Both agreeing is `matched`; one of them alone, `half-open`; a station whose
subarea no linted NCP has, or an RNAME no linted station answers, `unknown-peer`."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.core.lowering import default
from decklint.model.network.base import Linker, evidence
from decklint.model.topology import Topology


@evidence("inn", 85, "a local NCP's subarea link station and the remote NCP whose RNAME names it")
def infer(links: Linker) -> None:
    topo = links.topo
    ncps: dict[int, list[Entity]] = defaultdict(list)
    for n in topo.of("ncp"):
        if isinstance(n.value("subarea"), int):
            ncps[n.value("subarea")].append(n)
    naming: dict[str, list[Entity]] = defaultdict(list)  # station -> PCCUs whose RNAME names it
    for p in topo.of("pccu"):
        for name in p.value("rname") or ():
            naming[name].append(p)
    answered: set[tuple[str, int, str]] = set()  # (path, line, station) of the RNAMEs used
    for s in topo.of("subarea_station"):
        if s.value("major") != "NCP":
            continue
        rnamed = [p for p in naming.get(s.name, []) if p.path != s.path]
        sa = s.value("subarea")
        by_sa = [n for n in ncps.get(sa, []) if n.path != s.path] if isinstance(sa, int) else []
        remote = _ncp_of(topo, rnamed[0]) if len(rnamed) == 1 else None
        if remote is None and len(by_sa) == 1:
            remote = by_sa[0]
        if not rnamed and not by_sa and not isinstance(sa, int):
            continue  # a PU of type 4 no deck ties to: another NCP's, or a host's
        for p in rnamed:
            answered.add((p.path, p.span.line, s.name))
        if remote is None:
            status, note = "unknown-peer", f"no linted NCP has subarea {sa}"
            if len(rnamed) > 1 or len(by_sa) > 1:
                status, note = "ambiguous", "several linted NCPs"
        elif rnamed and (not isinstance(sa, int) or remote.value("subarea") == sa):
            status, note = "matched", ""
        elif rnamed:
            status = "half-open"
            note = f"{remote.name}'s BUILD SUBAREA is {remote.value('subarea')}, not {sa}"
        else:
            status, note = "half-open", f"{remote.name}'s PCCU RNAME does not name {s.name}"
        pccu = next((p for p in rnamed if remote is not None and p.path == remote.path), None)
        links.add(
            "inn",
            f"{s.name}-{remote.name if remote is not None else sa}",
            s,
            "subarea" if s.coded("subarea") else "",
            status,
            f"{s.value('statement')} {s.name}"
            + (f" SUBAREA={sa}" if isinstance(sa, int) else "")
            + (" = PCCU RNAME" if rnamed else " = BUILD SUBAREA"),
            b=pccu or remote,
            b_attr="rname" if pccu is not None else "subarea" if remote is not None else "",
            end_b=f"NCP {remote.name}" if remote is not None else f"subarea {sa}",
            end_a=f"{s.value('statement')} {s.name}",
            extra={"note": default(note), "line": default(s.value("line"))},
        )
    for p in topo.of("pccu"):
        for name in p.value("rname") or ():
            if (p.path, p.span.line, name) in answered:
                continue
            links.add(
                "inn",
                f"{p.value('ncp')}-{name}",
                p,
                "rname",
                "unknown-peer",
                "PCCU RNAME",
                end_b=f"link station {name}",
                end_a=f"NCP {p.value('ncp')}",
                extra={"note": default(f"no linted NCP defines link station {name}")},
            )


def _ncp_of(topo: Topology, p: Entity) -> Entity | None:
    """The NCP of a PCCU's deck."""
    return next((n for n in topo.entities_of(p.path) if n.kind == "ncp"), None)
