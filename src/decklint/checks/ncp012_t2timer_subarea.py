"""NCP012 checks that subarea token-ring lines use a large T2TIMER acknowledgement window."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from decklint.lint.check import Context, Hit, check


@check("NCP012")
def t2timer_subarea(ctx: Context) -> Iterator[Hit]:
    for ln in ctx.topo.of("line"):
        if ln.value("peripheral") or ln.value("ecltype") is None:
            continue
        a = ln.get("t2timer")
        vals: tuple[Any, ...] = tuple(a.value or ())
        w = vals[2] if len(vals) > 2 else None
        if not isinstance(w, (int, float)) or w < ctx.options["window"]:
            yield Hit(
                ln.path,
                a.span or ln.span,
                {
                    "line": ln.name,
                    "how": f"window {w:g}" if isinstance(w, (int, float)) else "no T2TIMER window",
                },
                subject=ln.id,
            )
