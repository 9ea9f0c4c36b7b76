"""TCP005 checks that GATEWAY and ROUTE packet sizes are numbers, not DEFAULTSIZE."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.mtu import MEDIUM_MTU
from decklint.model.views.stacks import link_of, stacks


@check("TCP005")
def packet_size_numeric(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        for r in s.of("tcpip_route"):
            if r.value("mtu") != "DEFAULTSIZE":
                continue
            link = link_of(s, r)
            medium = str(link.value("medium")) if link is not None else ""
            sizes = MEDIUM_MTU.get(medium)
            hint = f"{medium} uses {' or '.join(map(str, sizes))}" if sizes else "e.g. 1500"
            yield Hit(
                r.path,
                r.anchor("mtu"),
                {
                    "source": r.value("source"),
                    "destination": r.value("destination"),
                    "link": r.value("link"),
                    "hint": hint,
                },
                subject=r.id,
                dialect="tcpip",
            )
