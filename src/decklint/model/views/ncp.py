"""An NCP's lines, the largest frame it receives, its release and its host's IOBUF size."""

from __future__ import annotations

from decklint.core.entities import Entity
from decklint.model.release import Release as Release
from decklint.model.release import ncp_release_facts, node_of
from decklint.model.release import release_of as nodes_release
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
    """The NCP PUs whose MAXDATA is known, by (file, LINE): the leased SDLC and BSC stations
    whose frames the NCP receives (built once per run). MAXDATA is known where it is coded
    (or sifted), and where a type 1 or 2 PU on a leased line leaves it to its default (261
    and 265 bytes, catalog PU MAXDATA). A type 4 PU's default was not read, and a station
    that dials in brings its own (its switched major node PU), so those count only coded."""
    return topo.memo("ncp.leased", lambda: _leased_by_line(topo))  # type: ignore[no-any-return]


def _leased_by_line(topo: Topology) -> dict[tuple[str, str], list[Entity]]:
    dialled = {(ln.path, ln.name) for ln in topo.of("line") if ln.value("switched")}
    out: dict[tuple[str, str], list[Entity]] = {}
    for pu in topo.of("pu"):
        line = pu.value("line")
        if pu.value("major") != "NCP" or not line or not isinstance(pu.value("maxdata"), int):
            continue
        known = pu.value("putype") in (1, 2) and (pu.path, line) not in dialled
        if pu.coded("maxdata") or known:
            out.setdefault((pu.path, line), []).append(pu)
    return out


def largest_frame(
    ncp: Entity, lines: dict[str, list[Entity]], stations: Stations
) -> tuple[int | None, Entity | None, str]:
    """The largest DLC frame the NCP receives: the largest MAXTSL of its lines, a larger
    MAXDATA coded on a switched station PU (the peripheral's frame) where stations dial in
    (a token-ring line, a line of a DIAL=YES group), or the MAXDATA of a leased PU on one of
    its lines, with what it came from."""
    best: int | None = None
    src: Entity | None = None
    field = ""
    leased = leased_by_line(stations.topo)
    for ln in lines.get(ncp.path, []):
        for station in leased.get((ln.path, ln.name), []):
            if best is None or station.value("maxdata") > best:
                best, src, field = station.value("maxdata"), station, "maxdata"
        v = ln.value("maxtsl")
        if isinstance(v, int) and (best is None or v > best):
            best, src, field = v, ln, "maxtsl"
        if not isinstance(v, int) and not ln.value("switched"):
            continue
        pu = stations.largest_for(ln.name)
        if pu is not None and (best is None or pu.value("maxdata") > best):
            best, src, field = pu.value("maxdata"), pu, "maxdata"
    return best, src, field


# --------------------------------------------------------------------------- release


def release_facts() -> dict[str, tuple[int, int]]:
    """The first release each of the NCP catalog's `release_facts` holds for, and the lowest
    release each `release_evidence` tells (grammars/catalogs/ncp.yaml)."""
    return ncp_release_facts()


def release_of(topo: Topology, path: str, name: str) -> Release:
    """The release of the NCP of a file (`decklint.model.release`): BUILD VERSION, else the
    release declared for the node (`nodes: {NAME: {release: ...}}`), else V4R2 or later where
    it codes NEWDEFN=YES."""
    return nodes_release(topo, node_of(topo, path, name), "ncp")


def host_iobuf(topo: Topology, host: Entity) -> tuple[int, Entity] | None:
    """The IOBUF buffer size of the VTAM a HOST statement is for, with its start list: of the
    VTAMs that own the NCP over a channel (its ownership links; every linted VTAM where none
    is known), the start list whose HOSTSA is the HOST's SUBAREA, else those that code no
    HOSTSA (or every one, where the HOST codes no SUBAREA) when they all say the same size."""
    from decklint.model.views.owners import channel_owners

    starts = [s for s in topo.of("vtam_start") if isinstance(s.value("iobuf_size"), int)]
    owners = channel_owners(topo).get(topo.site.get(host.path, ""), set())
    starts = [s for s in starts if topo.site.get(s.path) in owners] or starts
    if host.coded("subarea"):
        own = [
            s for s in starts if s.coded("hostsa") and s.value("hostsa") == host.value("subarea")
        ]
        starts = own or [s for s in starts if not s.coded("hostsa")]
    sizes = {s.value("iobuf_size") for s in starts}
    if len(sizes) != 1:
        return None
    return sizes.pop(), starts[0]
