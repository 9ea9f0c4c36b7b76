"""NCP010 checks that MAXDATA is at least MAXTSL."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._wording import related
from decklint.core.entities import Entity
from decklint.lint.check import Context, Hit, check


@check("NCP010")
def maxdata_below_maxtsl(ctx: Context) -> Iterator[Hit]:
    ncps: dict[str, list[Entity]] = {}
    for n in ctx.topo.of("ncp"):
        ncps.setdefault(n.path, []).append(n)
    pus: dict[tuple[str, str], list[Entity]] = {}
    for pu in ctx.topo.of("pu"):
        if pu.coded("maxdata") and pu.value("line"):
            pus.setdefault((pu.path, pu.value("line")), []).append(pu)
    for ln in ctx.topo.of("line"):
        tsl = ln.value("maxtsl")
        if not isinstance(tsl, int):
            continue
        rel = (related(ln, "maxtsl", f"MAXTSL of LINE {ln.name}"),)
        for n in ncps.get(ln.path, []):
            md = n.value("pccu_maxdata")
            if isinstance(md, int) and md < tsl:
                yield Hit(
                    n.path,
                    n.anchor("pccu_maxdata"),
                    {"who": "PCCU", "maxdata": md, "maxtsl": tsl, "line": ln.name},
                    related=rel,
                    subject=n.id,
                )
        for pu in pus.get((ln.path, ln.name), []):
            md = pu.value("maxdata")
            if isinstance(md, int) and md < tsl:
                yield Hit(
                    pu.path,
                    pu.anchor("maxdata"),
                    {"who": f"PU {pu.name}", "maxdata": md, "maxtsl": tsl, "line": ln.name},
                    related=rel,
                    subject=pu.id,
                )
