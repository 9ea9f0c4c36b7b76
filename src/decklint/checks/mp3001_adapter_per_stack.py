"""MP3001 checks that a Multiprise 3000 Integrated LAN adapter serves only one TCP/IP stack."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.adapters import adapters


@check("MP3001")
def adapter_per_stack(ctx: Context) -> Iterator[Hit]:
    for d in adapters(ctx.topo):
        stacks = d.value("stacks")
        if isinstance(stacks, (list, tuple)) and len(set(map(str, stacks))) > 1:
            yield Hit(
                d.path,
                d.anchor("stacks"),
                {"name": d.name, "stacks": ", ".join(map(str, stacks))},
                subject=d.id,
                dialect="config",
            )
