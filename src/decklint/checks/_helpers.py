"""Shared lookups for the Python checks (registers no check)."""

from __future__ import annotations

from decklint.findings import Related
from decklint.model.build import Topology
from decklint.model.entities import Entity


def related(e: Entity, field: str, message: str) -> Related:
    return Related(e.path, e.anchor(field), message)


def ring_lines(topo: Topology) -> list[Entity]:
    """NCP lines that carry a token-ring frame size (MAXTSL coded)."""
    return [ln for ln in topo.of("line") if isinstance(ln.value("maxtsl"), int)]


def smallest_frame(topo: Topology) -> Entity | None:
    lines = ring_lines(topo)
    return min(lines, key=lambda ln: ln.value("maxtsl")) if lines else None


def modes_named(topo: Topology, name: str) -> list[Entity]:
    return [m for m in topo.of("mode") if m.name == name]


def end_station(pu: Entity) -> bool:
    """A PU that stands for a peripheral node: switched, or an NCP PU of type 2."""
    if pu.value("major") == "SWNET":
        return True
    return pu.value("major") == "NCP" and pu.value("putype") == 2 and pu.get("putype").coded
