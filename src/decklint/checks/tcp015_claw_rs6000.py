"""TCP015 checks for an RS/6000 attached over ESCON with CLAW where MPC performs better."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.declared import declared

_RS6000 = {"aix", "rs6000", "rs/6000"}


@check("TCP015")
def claw_rs6000(ctx: Context) -> Iterator[Hit]:
    nodes = declared(ctx.topo)
    for d in ctx.topo.of("tcpip_device"):
        if d.value("type") != "CLAW":
            continue
        ws = str(d.value("workstation") or "")
        node = nodes.get(ws)
        if node is None or str(node.value("product")) not in _RS6000:
            continue
        yield Hit(
            d.path,
            d.anchor("workstation"),
            {"name": d.name, "workstation": ws, "product": node.value("product")},
            subject=d.id,
            dialect="tcpip",
        )
