"""NSK004 checks that several NonStop requesters in one CPU do not share one priority."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.nonstop import Obj, systems


@check("NSK004")
def requester_priority(ctx: Context) -> Iterator[Hit]:
    for s in systems(ctx.topo):
        seen: dict[tuple[int, int], Obj] = {}
        for p in sorted(s.of("nsk_process"), key=lambda o: o.name):
            cpu, pri = p.value("primary_cpu"), p.value("priority")
            if p.value("role") != "requester" or not isinstance(cpu, int):
                continue
            if not isinstance(pri, int):
                continue
            first = seen.setdefault((cpu, pri), p)
            if first is p:
                continue
            path, span = p.where("priority")
            yield Hit(
                path,
                span,
                {"process": p.name, "other": first.name, "cpu": cpu, "priority": pri},
                subject=p.id,
                dialect="scf",
            )
