"""SNA modes by name, across every mode table of the site."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.model.topology import Topology


def modes_named(topo: Topology, name: str) -> list[Entity]:
    """Every mode of that name, in model order (an index built once per run: a check asks
    for each mode of each application)."""
    by_name: dict[str, list[Entity]] = topo.memo("modes.by_name", lambda: _by_name(topo, "mode"))
    return by_name.get(name, [])


def _by_name(topo: Topology, kind: str) -> dict[str, list[Entity]]:
    out: dict[str, list[Entity]] = defaultdict(list)
    for e in topo.of(kind):
        out[e.name].append(e)
    return dict(out)
