"""TCP004 checks that each link and route MTU suits its medium and equals the MTU at the other
end."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.entities import Entity
from decklint.core.findings import Related
from decklint.lint.check import Context, Hit, check
from decklint.model.views.links import links_of
from decklint.model.views.mtu import MEDIUM_MTU, MEDIUM_NAMES
from decklint.model.views.stacks import link_of, peers, stacks

_LAN = ("ethernet", "tokenring", "fddi")


@check("TCP004")
def mtu_per_medium(ctx: Context) -> Iterator[Hit]:
    yield from _per_stack(ctx)
    yield from _routed_pairs(ctx)


def _routed_pairs(ctx: Context) -> Iterator[Hit]:
    """Two linted stacks that route to each other: the MTU of the route each way should be
    the same (reported once per pair, at the larger)."""
    routes: dict[tuple[str, str], Entity] = {}
    at = {(r.path, r.anchor("first_hop")): r for r in ctx.topo.of("tcpip_route")}
    for lk in links_of(ctx.topo, "ip"):
        r = at.get((lk.path, lk.span))
        if r is not None and isinstance(r.value("mtu"), int):
            routes.setdefault((str(lk.value("node_a")), str(lk.value("node_b"))), r)
    seen: set[frozenset[str]] = set()
    for (a, b), r in sorted(routes.items()):
        back = routes.get((b, a))
        key = frozenset((a, b))
        if back is None or key in seen or back.value("mtu") == r.value("mtu"):
            continue
        seen.add(key)
        big, small = (r, back) if r.value("mtu") > back.value("mtu") else (back, r)
        yield Hit(
            big.path,
            big.anchor("mtu"),
            {
                "what": f"{big.scope} routes to {small.scope} with MTU {big.value('mtu')} but "
                f"{small.scope} routes back with {small.value('mtu')}; the two ends of a path "
                "should use the same MTU"
            },
            related=(Related(small.path, small.anchor("mtu"), f"{small.scope} route MTU"),),
            subject=big.id,
            dialect="tcpip",
        )


def _per_stack(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        for lk in s.of("tcpip_link"):
            if isinstance(lk.value("mtu"), int):
                yield from _medium(lk, lk, f"{lk.value('statement')} {lk.name}")
        partners = [p for p in peers(ctx.topo, s) if isinstance(p.value("mtu"), int)]
        for r in s.of("tcpip_route"):
            link = link_of(s, r)
            if link is None or not isinstance(r.value("mtu"), int):
                continue
            what = f"{r.value('source')} {r.value('destination')} over {link.name}"
            yield from _medium(r, link, what)
            if link.value("medium") not in _LAN:
                continue
            for p in partners:
                if p.value("mtu") != r.value("mtu"):
                    yield Hit(
                        r.path,
                        r.anchor("mtu"),
                        {
                            "what": f"{what}: MTU {r.value('mtu')} but peer {p.name} uses "
                            f"{p.value('mtu')}; client and server MTU should be equal, so code MTU "
                            f"{p.value('mtu')} here or {r.value('mtu')} at {p.name}"
                        },
                        related=(Related(p.path, p.anchor("mtu"), f"{p.name} mtu"),),
                        subject=r.id,
                        dialect="tcpip",
                    )


def _medium(e: Entity, link: Entity, what: str) -> Iterator[Hit]:
    medium = str(link.value("medium"))
    sizes = MEDIUM_MTU.get(medium)
    mtu = e.value("mtu")
    if sizes is None or mtu in sizes:
        return
    yield Hit(
        e.path,
        e.anchor("mtu"),
        {
            "what": f"{what}: MTU {mtu} on {MEDIUM_NAMES[medium]}; use "
            + " or ".join(str(x) for x in sizes)
        },
        subject=e.id,
        dialect="tcpip",
    )
