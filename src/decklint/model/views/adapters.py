"""Multiprise 3000 Integrated LAN adapters, as the configuration declares them (nodes: with
an `adapter:` fact)."""

from __future__ import annotations

from decklint.core.entities import Entity
from decklint.model.topology import Topology

KINDS = {"fast-ethernet": "Fast Ethernet", "token-ring": "token ring"}


def adapters(topo: Topology) -> list[Entity]:
    return [d for d in topo.of("declared_node") if d.value("adapter")]


def kind(d: Entity) -> str:
    return str(d.value("adapter")).lower().replace("_", "-").replace(" ", "-")
