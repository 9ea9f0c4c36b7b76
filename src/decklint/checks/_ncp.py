"""NCP sizing shared by the NCP checks (registers no check)."""

from __future__ import annotations

from collections import defaultdict

from decklint.checks._helpers import links_of
from decklint.model.entities import Entity
from decklint.model.topology import Topology


def lines_by_path(topo: Topology) -> dict[str, list[Entity]]:
    """The NCP lines of each file (built once per run, shared by the NCP checks)."""
    return topo.memo("ncp.lines_by_path", lambda: _lines_by_path(topo))  # type: ignore[no-any-return]


def _lines_by_path(topo: Topology) -> dict[str, list[Entity]]:
    out: dict[str, list[Entity]] = {}
    for ln in topo.of("line"):
        out.setdefault(ln.path, []).append(ln)
    return out


def stations_of(topo: Topology) -> Stations:
    """The switched stations by line (built once per run, shared by the NCP checks)."""
    return topo.memo("ncp.stations", lambda: Stations(topo))  # type: ignore[no-any-return]


class Stations:
    """Switched PUs with a coded MAXDATA (the frame a station sends), by NCP line.

    A line's stations are the PUs linked to it (PATH GRPNM); when no PU is linked to a line,
    every switched PU counts, as there is no path information to narrow them down.
    """

    def __init__(self, topo: Topology) -> None:
        self.all = [
            pu
            for pu in topo.of("pu")
            if pu.value("major") == "SWNET"
            and pu.coded("maxdata")
            and isinstance(pu.value("maxdata"), int)
        ]
        by_name = {pu.name: pu for pu in self.all}
        self.linked: dict[str, list[Entity]] = defaultdict(list)
        for lk in links_of(topo, "path"):
            pu = by_name.get(lk.value("pu"))
            if pu is not None and lk.value("line"):
                self.linked[lk.value("line")].append(pu)
        self.largest = max(self.all, key=lambda p: p.value("maxdata"), default=None)

    def largest_for(self, line: str) -> Entity | None:
        linked = self.linked.get(line)
        if linked:
            return max(linked, key=lambda p: p.value("maxdata"))
        return self.largest


def largest_frame(
    ncp: Entity, lines: dict[str, list[Entity]], stations: Stations
) -> tuple[int | None, Entity | None, str]:
    """The largest DLC frame the NCP receives: the largest MAXTSL of its lines, or a larger
    MAXDATA coded on a station PU (the peripheral's frame), with what it came from."""
    best: int | None = None
    src: Entity | None = None
    field = ""
    for ln in lines.get(ncp.path, []):
        v = ln.value("maxtsl")
        if not isinstance(v, int):
            continue
        if best is None or v > best:
            best, src, field = v, ln, "maxtsl"
        pu = stations.largest_for(ln.name)
        if pu is not None and pu.value("maxdata") > best:
            best, src, field = pu.value("maxdata"), pu, "maxdata"
    return best, src, field
