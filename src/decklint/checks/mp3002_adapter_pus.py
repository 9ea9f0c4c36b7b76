"""MP3002 checks that a Multiprise 3000 Integrated LAN adapter carries at most 256 SNA PU
connections."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.adapters import adapters

_PER_ADAPTER = 256


@check("MP3002")
def adapter_pus(ctx: Context) -> Iterator[Hit]:
    for d in adapters(ctx.topo):
        pus = d.value("sna_pus")
        if isinstance(pus, int) and pus > _PER_ADAPTER:
            yield Hit(
                d.path,
                d.anchor("sna_pus"),
                {"name": d.name, "pus": pus, "need": -(-pus // _PER_ADAPTER)},
                subject=d.id,
                dialect="config",
            )
