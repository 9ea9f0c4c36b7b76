"""The nodes the configuration declares (`nodes:`), by name."""

from __future__ import annotations

from decklint.core.entities import Entity
from decklint.model.topology import Topology


def declared(topo: Topology) -> dict[str, Entity]:
    return {e.name: e for e in topo.of("declared_node")}
