"""Which VTAM owns which NCP, by the ownership links (`channel`: a channel-attached NCP;
`owner`: a link-attached one), built once per run for the checks that judge a VTAM's
buffers against its NCPs' (VTM005, NCP017, NCP002)."""

from __future__ import annotations

from collections import defaultdict

from decklint.core.entities import Entity
from decklint.model.topology import Topology
from decklint.model.views.links import links_of


def channel_owners(topo: Topology) -> dict[str, set[str]]:
    """NCP node -> the VTAM nodes that own it over a channel (matched `channel` links)."""
    return topo.memo("owners.channel", lambda: _owners(topo))  # type: ignore[no-any-return]


def _owners(topo: Topology) -> dict[str, set[str]]:
    out: dict[str, set[str]] = defaultdict(set)
    for lk in links_of(topo, "channel"):
        if lk.value("status") == "matched" and lk.value("node_b"):
            out[str(lk.value("node_a"))].add(str(lk.value("node_b")))
    return out


def owned_hosts(topo: Topology, vtam: str) -> dict[str, list[Entity]]:
    """The channel-attached NCPs a VTAM owns, each with its HOST statements."""
    ncps = {ncp for ncp, vtams in channel_owners(topo).items() if vtam in vtams}
    out: dict[str, list[Entity]] = defaultdict(list)
    for h in topo.of("ncp_host"):
        node = topo.site.get(h.path, "")
        if node in ncps and not h.value("link_attached"):
            out[node].append(h)
    return out
