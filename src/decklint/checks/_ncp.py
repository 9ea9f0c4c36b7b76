"""NCP sizing shared by the NCP checks (registers no check)."""

from __future__ import annotations

from decklint.model.build import Topology
from decklint.model.entities import Entity


def largest_frame(topo: Topology, ncp: Entity) -> tuple[int | None, Entity | None, str]:
    """The largest DLC frame the NCP receives: the largest MAXTSL of its lines, or a larger
    MAXDATA coded on a switched PU (the peripheral's frame), with what it came from."""
    best: int | None = None
    src: Entity | None = None
    field = ""
    for ln in topo.of("line"):
        if ln.path != ncp.path:
            continue
        v = ln.value("maxtsl")
        if isinstance(v, int) and (best is None or v > best):
            best, src, field = v, ln, "maxtsl"
    for pu in topo.of("pu"):
        if pu.value("major") != "SWNET" or not pu.get("maxdata").coded:
            continue
        v = pu.value("maxdata")
        if isinstance(v, int) and best is not None and v > best:
            best, src, field = v, pu, "maxdata"
    return best, src, field
