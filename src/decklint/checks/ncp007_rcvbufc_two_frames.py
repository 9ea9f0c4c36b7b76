"""NCP007 checks that RCVBUFC holds two whole frames of the line (MAXTSL, or the peripheral's
frame)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.core.findings import Related
from decklint.lint.check import Context, Hit, check
from decklint.model.views.stations import stations_of


@check("NCP007")
def rcvbufc_two_frames(ctx: Context) -> Iterator[Hit]:
    stations = stations_of(ctx.topo)
    for ln in ctx.topo.of("line"):
        rcv, tsl = ln.value("rcvbufc"), ln.value("maxtsl")
        if not isinstance(rcv, int) or not isinstance(tsl, int):
            continue
        biggest = stations.largest_for(ln.name)
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
