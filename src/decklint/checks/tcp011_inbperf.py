"""TCP011 checks that OSA-Express INBPERF is BALANCED."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check

_WHY = {
    "MINCPU": "less CPU per request/response, with up to 29.6% less throughput",
    "MINLATENCY": "better request/response throughput, a degraded streaming workload",
}


@check("TCP011")
def inbperf(ctx: Context) -> Iterator[Hit]:
    for link in ctx.topo.of("tcpip_link"):
        v = str(link.value("inbperf") or "").upper()
        if v in _WHY:
            yield Hit(
                link.path,
                link.anchor("inbperf"),
                {
                    "statement": link.value("statement"),
                    "name": link.name,
                    "value": v,
                    "why": _WHY[v],
                },
                subject=link.id,
                dialect="tcpip",
            )
