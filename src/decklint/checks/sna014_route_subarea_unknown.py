"""SNA014 notes a subarea PATH statement whose destination subarea no linted node has, where
the linted decks give other nodes' subareas at all (a path table linted alone says nothing)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.links import links_of


@check("SNA014")
def route_subarea_unknown(ctx: Context) -> Iterator[Hit]:
    topo = ctx.topo
    unknown = [lk for lk in links_of(topo, "route") if lk.value("status") == "unknown-peer"]
    if not unknown:
        return
    from decklint.model.network._sna import hosts  # the subareas the links were drawn by
    from decklint.model.network.base import Linker

    known = hosts(Linker(topo, topo.site)).subarea
    for lk in unknown:
        me = lk.value("node_a")
        others = sorted(sa for sa, found in known.items() if any(f[0] != me for f in found))
        if not others:
            continue  # no other node's subarea is known: nothing to judge against
        sa = lk.value("subarea")
        yield Hit(
            lk.path,
            lk.span,
            {"sa": sa, "node": me, "known": ", ".join(map(str, others[:12]))},
            subject=lk.id,
            dialect=lk.dialect,
        )
