"""NCP010: see rules/ncp/NCP010-maxdata-below-maxtsl.yaml."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._helpers import related
from decklint.lint.check import Context, Hit, check


@check("NCP010")
def maxdata_below_maxtsl(ctx: Context) -> Iterator[Hit]:
    for ln in ctx.topo.of("line"):
        tsl = ln.value("maxtsl")
        if not isinstance(tsl, int):
            continue
        for n in ctx.topo.of("ncp"):
            if n.path != ln.path:
                continue
            md = n.value("pccu_maxdata")
            if isinstance(md, int) and md < tsl:
                yield Hit(
                    n.path,
                    n.anchor("pccu_maxdata"),
                    {"who": "PCCU", "maxdata": md, "maxtsl": tsl, "line": ln.name},
                    related=(related(ln, "maxtsl", f"MAXTSL of LINE {ln.name}"),),
                    subject=n.id,
                )
        for pu in ctx.topo.of("pu"):
            if pu.path != ln.path or pu.value("line") != ln.name or not pu.get("maxdata").coded:
                continue
            md = pu.value("maxdata")
            if isinstance(md, int) and md < tsl:
                yield Hit(
                    pu.path,
                    pu.anchor("maxdata"),
                    {"who": f"PU {pu.name}", "maxdata": md, "maxtsl": tsl, "line": ln.name},
                    related=(related(ln, "maxtsl", f"MAXTSL of LINE {ln.name}"),),
                    subject=pu.id,
                )
