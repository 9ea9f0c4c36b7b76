"""NCP sizing shared by the NCP checks (registers no check)."""

from __future__ import annotations

from decklint.model.build import Topology
from decklint.model.entities import Entity


def lines_by_path(topo: Topology) -> dict[str, list[Entity]]:
    out: dict[str, list[Entity]] = {}
    for ln in topo.of("line"):
        out.setdefault(ln.path, []).append(ln)
    return out


def stations(topo: Topology, line: str | None = None) -> list[Entity]:
    """Switched PUs with a coded MAXDATA: those linked (PATH GRPNM) to `line` when any PU is
    linked to it, else every switched PU (no path information to narrow them down)."""
    pus = [pu for pu in topo.of("pu") if pu.value("major") == "SWNET" and pu.get("maxdata").coded]
    if line is not None:
        linked = {lk.value("pu") for lk in topo.of("link") if lk.value("line") == line}
        if linked:
            return [pu for pu in pus if pu.name in linked]
    return pus


def largest_peripheral(topo: Topology, line: str | None = None) -> Entity | None:
    """The station PU with the largest coded MAXDATA (the largest frame a station sends)."""
    best: Entity | None = None
    for pu in stations(topo, line):
        v = pu.value("maxdata")
        if isinstance(v, int) and (best is None or v > best.value("maxdata")):
            best = pu
    return best


def largest_frame(
    topo: Topology,
    ncp: Entity,
    lines: dict[str, list[Entity]] | None = None,
    peripheral: Entity | None = None,
) -> tuple[int | None, Entity | None, str]:
    """The largest DLC frame the NCP receives: the largest MAXTSL of its lines, or a larger
    MAXDATA coded on a switched PU (the peripheral's frame), with what it came from."""
    best: int | None = None
    src: Entity | None = None
    field = ""
    for ln in (lines if lines is not None else lines_by_path(topo)).get(ncp.path, []):
        v = ln.value("maxtsl")
        if isinstance(v, int) and (best is None or v > best):
            best, src, field = v, ln, "maxtsl"
    pu = peripheral if peripheral is not None else largest_peripheral(topo)
    if pu is not None and best is not None and pu.value("maxdata") > best:
        best, src, field = pu.value("maxdata"), pu, "maxdata"
    return best, src, field
