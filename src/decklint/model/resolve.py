"""Resolve the merged model: nodes from the files, links between definitions.

Links carry a status as Batfish's edges do: matched (both ends found), unknown-peer (the
name points at nothing in the linted files), ambiguous (several candidates). The first
inference here joins a switched PU's PATH GRPNM to the NCP group it dials through, and that
group's PHYPORT to the physical token-ring line (its MAXTSL is the link's frame).
"""

from __future__ import annotations

from decklint.core.entities import Attr, Entity
from decklint.core.lowering import default
from decklint.core.source import Span
from decklint.model.topology import Topology


def resolve(topo: Topology) -> None:
    from decklint.model import network, release, site, tcpip

    tcpip.resolve(topo)
    _declared(topo)
    files = site.assign(topo)
    topo.site = dict(files)
    release.releases(topo)  # each node's release, from the configuration and its decks
    site.build_nodes(topo, files)
    tcpip.settle(topo)  # stack defaults by the release
    linker = network.infer(topo, files)
    site.external_nodes(topo, linker.externals)
    site.owned_systems(topo)


_FACT_FIELDS = {
    "frame": "frame",
    "send-window": "send_window",
    "receive-window": "receive_window",
    "partner": "partner",
    "ring-speed": "ring_speed",
}


# Products whose nodes have no DLC profile: their facts are TCP/IP and capacity facts.
_NO_DLC = {"zos", "vm", "mvs", "nonstop", "windows", "linux", "unix", "tsm"}


def _declared(topo: Topology) -> None:
    """Facts the configuration declares as entities that point at their configuration lines:
    every node's facts (`declared_node`) and, for SNA workstations, a `dlc_profile` (a CM/2
    .CFG's frame and windows, ...)."""
    for name, path, facts in topo.settings.declared:
        by_key = {k: (v, line) for k, v, line in facts}
        product = str(by_key.get("product", ("", 0))[0]) or "unknown"
        first = min((line for _k, _v, line in facts), default=1)
        node = f"{product}:{name}"
        where = Span(first, 1, first, 1)
        every = {"name": Attr(name), "product": default(product)}
        for key, (v, line) in by_key.items():
            if key != "product":
                every[key.replace("-", "_")] = Attr(v, str(v), Span(line, 1, line, 1 + len(key)))
        _add(topo, Entity("declared_node", name, path, "config", where, node, every))
        topo.dialects.setdefault(path, "config")
        if product in _NO_DLC and not set(by_key) & set(_FACT_FIELDS):
            continue
        attrs: dict[str, Attr] = {"name": Attr(name), "product": default(product)}
        for key, field in _FACT_FIELDS.items():
            if key in by_key:
                v, line = by_key[key]
                attrs[field] = Attr(v, str(v), Span(line, 1, line, 1 + len(key)))
            else:
                attrs[field] = default(None)
        _add(topo, Entity("dlc_profile", name, path, "config", where, node, attrs))


def _add(topo: Topology, e: Entity) -> None:
    topo.entities.append(e)
    topo._by_kind[e.kind].append(e)
