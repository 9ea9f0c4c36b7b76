"""TCP002 checks that UDPCONFIG sets UDPSENDBFRSIZE and UDPRCVBUFRSIZE to 65535 with
NOUDPQUEUELIMIT."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks


@check("TCP002")
def udp_buffer_sizes(ctx: Context) -> Iterator[Hit]:
    low = int(ctx.options["min"])
    for s in stacks(ctx.topo):
        if s.product != "zos":
            continue
        for field, param in (
            ("udpsendbfrsize", "UDPSENDBFRSIZE"),
            ("udprcvbufrsize", "UDPRCVBUFRSIZE"),
        ):
            a = s.entity.get(field)
            if isinstance(a.value, int) and a.value < low:
                path, span = s.where(field)
                yield Hit(
                    path,
                    span,
                    {"stack": s.name, "what": f"UDPCONFIG {param} {a.raw or a.value}; code {low}"},
                    subject=s.entity.id,
                    dialect="tcpip",
                )
        q = s.entity.get("udpqueuelimit")
        if ctx.options["queue-limit"] and q.value is True and s.judged(q):
            path, span = s.where("udpqueuelimit")
            how = "codes UDPQUEUELIMIT" if q.coded else "does not code NOUDPQUEUELIMIT"
            yield Hit(
                path,
                span,
                {
                    "stack": s.name,
                    "what": f"UDPCONFIG {how}: inbound datagrams beyond the queue limit are "
                    "dropped; code NOUDPQUEUELIMIT",
                },
                subject=s.entity.id,
                dialect="tcpip",
            )
