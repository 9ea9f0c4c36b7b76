"""NCP008 checks that RCVBUFC is within the adapter's maximum (4095 on TIC1, 32000 on TIC2)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check

LIMITS = {"TIC1": 4095, "TIC2": 32000}


@check("NCP008")
def rcvbufc_maximum(ctx: Context) -> Iterator[Hit]:
    for ln in ctx.topo.of("line"):
        rcv = ln.value("rcvbufc")
        adapter = str(ln.value("adapter") or "")
        limit = LIMITS.get(adapter)
        if isinstance(rcv, int) and limit is not None and rcv > limit:
            yield Hit(
                ln.path,
                ln.anchor("rcvbufc"),
                {"rcvbufc": rcv, "adapter": adapter, "limit": limit},
                subject=ln.id,
            )
