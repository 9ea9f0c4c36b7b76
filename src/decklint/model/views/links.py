"""The model's links (`path`, `dlc`, `cp`, `session`, `ip`, ...) grouped by kind."""

from __future__ import annotations

from decklint.core.entities import Entity
from decklint.model.topology import Topology


def links_of(topo: Topology, kind: str) -> list[Entity]:
    """The links of one kind, indexed once per run: several checks each walked every link of
    the site for the few of their kind."""
    by_kind: dict[str, list[Entity]] = topo.memo("links.by_kind", lambda: _links_by_kind(topo))
    return by_kind.get(kind, [])


def _links_by_kind(topo: Topology) -> dict[str, list[Entity]]:
    out: dict[str, list[Entity]] = {}
    for lk in topo.of("link"):
        out.setdefault(str(lk.value("kind")), []).append(lk)
    return out
