"""VTM009 checks for VPACING=0, which turns VTAM pacing off, on an APPC application or an end
station's PU."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.lint.check import Context, Hit, check
from decklint.model.views.stations import dials_in


@check("VTM009")
def vpacing_off(ctx: Context) -> Iterator[Hit]:
    for e in [*ctx.topo.of("application"), *ctx.topo.of("pu")]:
        if e.kind == "application" and e.value("appc") != "YES":
            continue
        if e.kind == "pu" and not dials_in(e):
            continue
        if e.value("vpacing") == 0 and e.coded("vpacing"):
            yield Hit(
                e.path,
                e.anchor("vpacing"),
                {
                    "what": f"{'APPL' if e.kind == 'application' else 'PU'} {e.name}",
                    "how": "VPACING=0 turns pacing toward it off",
                },
                subject=e.id,
            )
