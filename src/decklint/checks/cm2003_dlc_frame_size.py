"""CM2003 checks that each CM/2 node declares its DLC frame size and that it is at least the
configured minimum."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check


@check("CM2003")
def dlc_frame_size(ctx: Context) -> Iterator[Hit]:
    want = ctx.options["min_frame"]
    declared = {p.name: p for p in ctx.topo.of("dlc_profile") if p.value("product") == "cm2"}
    for p in declared.values():
        frame = p.value("frame")
        if isinstance(frame, int) and frame < want:
            yield Hit(
                p.path,
                p.anchor("frame"),
                {
                    "how": f"CM/2 node {p.name}: DLC frame size {frame}; maximize it (at "
                    f"least {want} on token ring) and let the partner receive it"
                },
                subject=p.id,
                dialect="config",
            )
    for ws in ctx.topo.of("workstation"):
        if ws.value("product") == "CM2" and ws.name not in declared:
            yield Hit(
                ws.path,
                ws.span,
                {
                    "how": f"CM/2 node {ws.name}: its DLC frame size and windows live in the "
                    "binary .CFG; declare them under nodes: in the configuration so that "
                    "they are checked"
                },
                severity=Severity.INFO,
                subject=ws.id,
            )
