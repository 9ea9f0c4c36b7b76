"""MP3004 checks that the planned throughput of a Multiprise 3000 Integrated LAN adapter stays
below its measured ceiling."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.adapters import KINDS, adapters, kind

# Measured ceilings of one adapter, MB/s: (to the network, from the network).
_CEILING = {"fast-ethernet": (6.3, 2.5), "token-ring": (1.0, 1.7)}


@check("MP3004")
def adapter_throughput(ctx: Context) -> Iterator[Hit]:
    for d in adapters(ctx.topo):
        ceilings = _CEILING.get(kind(d))
        if ceilings is None:
            continue
        for field, direction, ceiling in (
            ("throughput_out", "outbound", ceilings[0]),
            ("throughput_in", "inbound", ceilings[1]),
        ):
            planned = d.value(field)
            if isinstance(planned, (int, float)) and planned > ceiling:
                more = (
                    "; add ESCON or parallel channel connections"
                    if kind(d) == "fast-ethernet"
                    else "; add adapters, or use Fast Ethernet or ESCON"
                )
                yield Hit(
                    d.path,
                    d.anchor(field),
                    {
                        "name": d.name,
                        "adapter": KINDS[kind(d)],
                        "direction": direction,
                        "planned": planned,
                        "ceiling": ceiling,
                        "more": more,
                    },
                    subject=d.id,
                    dialect="config",
                )
