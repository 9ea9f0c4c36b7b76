"""TCP010 checks that GLOBALCONFIG ECSALIMIT and POOLLIMIT set a limit."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks


@check("TCP010")
def storage_limits(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        if s.product != "zos" or not s.judge_defaults or s.rel.since((1, 2)) is False:
            continue  # the limits came with CS/390 R12 (z/OS V1R2)
        for field, what in (("ecsalimit", "common (ECSA)"), ("poollimit", "private pool")):
            a = s.entity.get(field)
            if a.value != 0:
                continue
            path, span = s.where(field)
            yield Hit(
                path,
                span,
                {
                    "stack": s.name,
                    "param": field.upper(),
                    "value": a.raw or 0,
                    "note": " (not coded)" if a.defaulted else "",
                    "what": what,
                },
                subject=s.entity.id,
                dialect="tcpip",
            )
