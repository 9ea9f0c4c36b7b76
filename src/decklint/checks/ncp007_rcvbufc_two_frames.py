"""NCP007: see rules/ncp/NCP007-rcvbufc-two-frames.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._helpers import related
from decklint.findings import Related
from decklint.lint.check import Context, Hit, check


@check("NCP007")
def rcvbufc_two_frames(ctx: Context) -> Iterator[Hit]:
    peripherals = [
        pu
        for pu in ctx.topo.of("pu")
        if pu.value("major") == "SWNET"
        and pu.get("maxdata").coded
        and isinstance(pu.value("maxdata"), int)
    ]
    biggest = max(peripherals, key=lambda p: p.value("maxdata"), default=None)
    for ln in ctx.topo.of("line"):
        rcv, tsl = ln.value("rcvbufc"), ln.value("maxtsl")
        if not isinstance(rcv, int) or not isinstance(tsl, int):
            continue
        frame, why = tsl, f"MAXTSL={tsl}"
        rel: tuple[Related, ...] = ()
        if ln.value("peripheral") and biggest is not None and biggest.value("maxdata") > tsl:
            frame = biggest.value("maxdata")
            why = f"peripheral PU {biggest.name} MAXDATA={frame}"
            rel = (related(biggest, "maxdata", f"PU {biggest.name} exchanges {frame}-byte frames"),)
        if rcv < 2 * frame:
            yield Hit(
                ln.path,
                ln.anchor("rcvbufc"),
                {"rcvbufc": rcv, "need": 2 * frame, "why": why},
                related=rel,
                subject=ln.id,
            )
