"""An NCP's lines and the largest frame it receives."""

from __future__ import annotations

from decklint.model.entities import Entity
from decklint.model.topology import Topology
from decklint.model.views.stations import Stations


def lines_by_path(topo: Topology) -> dict[str, list[Entity]]:
    """The NCP lines of each file (built once per run, shared by the NCP checks)."""
    return topo.memo("ncp.lines_by_path", lambda: _lines_by_path(topo))  # type: ignore[no-any-return]


def _lines_by_path(topo: Topology) -> dict[str, list[Entity]]:
    out: dict[str, list[Entity]] = {}
    for ln in topo.of("line"):
        out.setdefault(ln.path, []).append(ln)
    return out


def leased_by_line(topo: Topology) -> dict[tuple[str, str], list[Entity]]:
    """The NCP PUs with a coded (or sifted) MAXDATA, by (file, LINE): the leased SDLC and BSC
    stations whose frames the NCP receives (built once per run)."""
    return topo.memo("ncp.leased", lambda: _leased_by_line(topo))  # type: ignore[no-any-return]


def _leased_by_line(topo: Topology) -> dict[tuple[str, str], list[Entity]]:
    out: dict[tuple[str, str], list[Entity]] = {}
    for pu in topo.of("pu"):
        line = pu.value("line")
        coded = pu.coded("maxdata") and isinstance(pu.value("maxdata"), int)
        if pu.value("major") == "NCP" and line and coded:
            out.setdefault((pu.path, line), []).append(pu)
    return out


def largest_frame(
    ncp: Entity, lines: dict[str, list[Entity]], stations: Stations
) -> tuple[int | None, Entity | None, str]:
    """The largest DLC frame the NCP receives: the largest MAXTSL of its lines, a larger
    MAXDATA coded on a switched station PU (the peripheral's frame), or the MAXDATA of a
    leased PU on one of its lines, with what it came from."""
    best: int | None = None
    src: Entity | None = None
    field = ""
    leased = leased_by_line(stations.topo)
    for ln in lines.get(ncp.path, []):
        for station in leased.get((ln.path, ln.name), []):
            if best is None or station.value("maxdata") > best:
                best, src, field = station.value("maxdata"), station, "maxdata"
        v = ln.value("maxtsl")
        if not isinstance(v, int):
            continue
        if best is None or v > best:
            best, src, field = v, ln, "maxtsl"
        pu = stations.largest_for(ln.name)
        if pu is not None and pu.value("maxdata") > best:
            best, src, field = pu.value("maxdata"), pu, "maxdata"
    return best, src, field
