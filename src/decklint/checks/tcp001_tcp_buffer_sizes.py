"""TCP001 checks that TCPCONFIG TCPSENDBFRSIZE and TCPRCVBUFRSIZE are at least 64 KB."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import defaulted_note
from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks


@check("TCP001")
def tcp_buffer_sizes(ctx: Context) -> Iterator[Hit]:
    low = int(ctx.options["min"])
    for s in stacks(ctx.topo):
        if s.product != "zos":
            continue
        for field, param in (
            ("tcpsendbfrsize", "TCPSENDBFRSIZE"),
            ("tcprcvbufrsize", "TCPRCVBUFRSIZE"),
        ):
            a = s.entity.get(field)
            if isinstance(a.value, int) and a.value < low and s.judged(a):
                path, span = s.where(field)
                yield Hit(
                    path,
                    span,
                    {
                        "stack": s.name,
                        "param": param,
                        "value": a.raw or a.value,
                        "note": defaulted_note(a),
                    },
                    subject=s.entity.id,
                    dialect="tcpip",
                )
