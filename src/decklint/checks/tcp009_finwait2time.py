"""TCP009 checks that TCPCONFIG FINWAIT2TIME is within 60-3600 seconds."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks


@check("TCP009")
def finwait2time(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        a = s.entity.get("finwait2time")
        if a.coded and isinstance(a.value, int) and not 60 <= a.value <= 3600:
            path, span = s.where("finwait2time")
            yield Hit(path, span, {"stack": s.name, "value": a.value}, dialect="tcpip")
