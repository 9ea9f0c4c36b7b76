"""TCP024 checks that no route's MTU is above the MTU of its link or interface."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.mtu import TYPE_MAX_MTU
from decklint.model.views.stacks import link_of, stacks


@check("TCP024")
def route_mtu_above_link(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        for r in s.of("tcpip_route"):
            mtu = r.value("mtu")
            link = link_of(s, r)
            if not isinstance(mtu, int) or link is None or r.value("source") == "BSDROUTINGPARMS":
                continue
            coded = link.value("mtu")
            if isinstance(coded, int):
                limit, what = coded, f"MTU coded on {link.value('statement')}"
            elif link.value("type") in TYPE_MAX_MTU and link.value("devnum") is None:
                limit, what = TYPE_MAX_MTU[str(link.value("type"))], f"{link.value('type')} maximum"
            else:
                continue
            if mtu > limit:
                yield Hit(
                    r.path,
                    r.anchor("mtu"),
                    {
                        "source": r.value("source"),
                        "destination": r.value("destination"),
                        "mtu": mtu,
                        "limit_what": what,
                        "limit": limit,
                        "link": link.name,
                    },
                    subject=r.id,
                    dialect="tcpip",
                )
