"""NSK006 checks that, with several LAN controllers, each CPU that has one runs a NonStop TCP/IP
stack."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.nonstop import systems


@check("NSK006")
def stack_per_controller_cpu(ctx: Context) -> Iterator[Hit]:
    for s in systems(ctx.topo):
        lines = [ln for ln in s.of("nsk_line") if isinstance(ln.value("cpu"), int)]
        if len(lines) < 2:
            continue
        stacks = {
            p.name: p.value("primary_cpu")
            for p in s.of("nsk_process")
            if p.value("role") == "tcpip" and isinstance(p.value("primary_cpu"), int)
        }
        if not stacks:
            continue
        shown = ", ".join(f"{n} in CPU {c}" for n, c in sorted(stacks.items()))
        for ln in lines:
            if ln.value("cpu") in stacks.values():
                continue
            path, span = ln.where("cpu")
            yield Hit(
                path,
                span,
                {"line": ln.name, "cpu": ln.value("cpu"), "stacks": shown},
                subject=ln.id,
                dialect="scf",
            )
