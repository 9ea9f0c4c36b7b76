"""The PUs that stand for peripheral stations, and the switched ones by NCP line."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.model.topology import Topology
from decklint.model.views.links import links_of

# The major nodes whose PUs are peripheral stations that dial in: a switched major node's,
# and a model major node's, the templates VTAM builds dynamic switched PUs from when an
# unknown station dials in (SNA Network Implementation Guide, "Dynamic switched
# definitions"): judged as the PUs they become.
DIAL_IN = frozenset({"SWNET", "MODEL"})


def dials_in(pu: Entity) -> bool:
    """A PU of a switched or model major node."""
    return pu.value("major") in DIAL_IN


def end_station(pu: Entity) -> bool:
    """A PU that stands for a peripheral node: switched (or a model of switched ones), or an
    NCP PU of type 2."""
    if dials_in(pu):
        return True
    return pu.value("major") == "NCP" and pu.value("putype") == 2 and pu.coded("putype")


def stations_of(topo: Topology) -> Stations:
    """The switched stations by line (built once per run, shared by the NCP checks)."""
    return topo.memo("ncp.stations", lambda: Stations(topo))  # type: ignore[no-any-return]


class Stations:
    """Switched PUs with a coded MAXDATA (the frame a station sends), by NCP line.

    A line's stations are the PUs linked to it (PATH GRPNM); when no PU is linked to a line,
    every switched PU counts, as there is no path information to narrow them down.
    """

    def __init__(self, topo: Topology) -> None:
        self.topo = topo
        self.all = [
            pu
            for pu in topo.of("pu")
            if dials_in(pu) and pu.coded("maxdata") and isinstance(pu.value("maxdata"), int)
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
