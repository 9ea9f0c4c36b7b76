"""A switched PU's dial path (VTAM PATH GRPNM) -> the NCP or XCA group it dials through and,
for a logical token-ring group, the physical line its PHYPORT names (whose MAXTSL is the
link's frame)."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Attr, Entity
from decklint.core.lowering import default
from decklint.model.network.base import Linker, evidence


@evidence("path", 10, "a switched PU's PATH GRPNM: the NCP or XCA group (and line) it dials")
def infer(links: Linker) -> None:
    topo = links.topo
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
        if len(found) > 1:  # a group of the PU's own VTAM (its XCA major node), or an NCP's
            found = [g for g in found if links.node(g) == links.node(p)] or found
        status = "matched" if len(found) == 1 else "unknown-peer" if not found else "ambiguous"
        frame: Attr = default(None)
        line: Entity | None = None
        if len(found) == 1:
            phys = lines.get((found[0].path, found[0].value("phyport")), [])
            if len(phys) == 1:
                line = phys[0]
                frame = line.get("maxtsl")
        end_b = f"{grp.value}" + (f" via LINE {line.name}" if line else "")
        links.add(
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
