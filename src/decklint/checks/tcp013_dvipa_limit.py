"""TCP013 checks that a stack holds no more dynamic VIPAs than its release allows."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks


@check("TCP013")
def dvipa_limit(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        counted = [d for d in s.of("tcpip_dvipa") if d.value("counted")]
        old = s.rel.since((1, 5)) is False
        limit = int(ctx.options["old-limit" if old else "limit"])
        if len(counted) <= limit:
            continue
        first_over = counted[limit]
        why = (
            f" before CS/390 R15 ({s.release})"
            if old
            else f" ({s.release})"
            if s.release
            else " (CS/390 R15 and later; declare the release to judge an older stack)"
        )
        yield Hit(
            first_over.path,
            first_over.span,
            {"stack": s.name, "count": len(counted), "limit": limit, "why": why},
            subject=s.entity.id,
            dialect="tcpip",
        )
