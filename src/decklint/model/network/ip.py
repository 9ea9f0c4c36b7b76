"""IP routes: a route's first hop, or a direct route's network, -> the stack whose HOME
address it is (or that has a HOME in the network)."""

from __future__ import annotations

import bisect
import functools
import ipaddress
import re
from collections import defaultdict
from typing import Any

from decklint.core.entities import Entity
from decklint.model.network.base import Linker, evidence


@functools.lru_cache(maxsize=4096)
def network(dest: str, mask: Any = None) -> ipaddress.IPv4Network | ipaddress.IPv6Network | None:
    """A route's destination network: `a.b.c.d/n`, an address with a mask coded apart, a
    GATEWAY network written with its leading octets only (`10.1`), else the address's class."""
    try:
        if "/" in dest:
            return ipaddress.ip_network(dest, strict=False)
        if mask:
            return ipaddress.ip_network(f"{dest}/{mask}", strict=False)
        parts = dest.split(".")
        if len(parts) < 4 and all(p.isdigit() for p in parts):
            padded = ".".join(parts + ["0"] * (4 - len(parts)))
            return ipaddress.ip_network(f"{padded}/{8 * len(parts)}", strict=False)
        first = int(parts[0])
        prefix = 8 if first < 128 else 16 if first < 192 else 24
        return ipaddress.ip_network(f"{dest}/{prefix}", strict=False)
    except ValueError:
        return None


@evidence("ip", 50, "a route's first hop or direct network: the stack with that HOME address")
def infer(links: Linker) -> None:
    topo = links.topo
    homes = _Homes(topo.of("tcpip_home"))
    for r in topo.of("tcpip_route"):
        hop = str(r.value("first_hop") or "")
        direct = hop in ("=", "")
        if direct:
            net = network(str(r.value("destination") or ""), r.value("mask"))
            target = homes.in_network(net, r.scope) if net is not None else None
        else:
            target = homes.at(hop, r.scope)
        if target is None:
            continue
        links.add(
            "ip",
            f"{r.scope}-{target.scope}-{r.name}",
            r,
            "first_hop",
            "matched",
            "direct route network" if direct else "route first hop = HOME",
            b=target,
            b_attr="address",
            b_node=f"{target.scope}",
            end_b=f"HOME {target.name}",
            extra={"mtu": r.get("mtu")},
        )


_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])"  # no leading zeros, as ipaddress
_QUAD = re.compile(rf"(?:{_OCTET}\.){{3}}{_OCTET}")


def _ip_key(text: str) -> tuple[int, int] | None:
    """(version, number) of an address; a dotted quad without the ipaddress module, which
    took a third of the time of joining the routes of a large estate to their HOMEs."""
    if _QUAD.fullmatch(text):
        a, b, c, d = map(int, text.split("."))
        return (4, a << 24 | b << 16 | c << 8 | d)
    try:
        ip = ipaddress.ip_address(text)
    except ValueError:
        return None
    return (ip.version, int(ip))


class _Homes:
    """The HOME addresses of every stack, by address and in address order (a route's
    network is found by bisection, not by trying every address)."""

    def __init__(self, homes: list[Entity]) -> None:
        self.by_text: dict[str, list[Entity]] = defaultdict(list)
        keyed: list[tuple[tuple[int, int], int, Entity]] = []
        for i, h in enumerate(homes):
            text = str(h.value("address") or h.name)
            self.by_text[text].append(h)
            key = _ip_key(text)
            if key is not None:
                keyed.append((key, i, h))
        keyed.sort(key=lambda k: (k[0], k[1]))
        self.keys = [k[0] for k in keyed]
        self.sorted = [k[2] for k in keyed]

    def at(self, address: str, scope: str) -> Entity | None:
        return next((h for h in self.by_text.get(address, []) if h.scope != scope), None)

    def in_network(
        self, net: ipaddress.IPv4Network | ipaddress.IPv6Network, scope: str
    ) -> Entity | None:
        """The first HOME of another stack inside the network."""
        lo = bisect.bisect_left(self.keys, (net.version, int(net.network_address)))
        hi = bisect.bisect_right(self.keys, (net.version, int(net.broadcast_address)))
        for k in range(lo, hi):  # no slice: a network may hold the HOMEs of hundreds of stacks
            if self.sorted[k].scope != scope:
                return self.sorted[k]
        return None
