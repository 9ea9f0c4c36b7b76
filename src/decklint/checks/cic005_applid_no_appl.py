"""CIC005 checks that a CICS region's APPLID names an APPL of its system's VTAM, where that
VTAM's APPLs are linted: the region's `cics-appl` link that finds none (unknown-peer)."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.knowledge.schema import suggest
from decklint.lint.check import Context, Hit, check
from decklint.model.views.links import links_of


@check("CIC005")
def applid_no_appl(ctx: Context) -> Iterator[Hit]:
    links = [lk for lk in links_of(ctx.topo, "cics-appl") if lk.value("status") == "unknown-peer"]
    if not links:
        return
    names: dict[str, list[str]] = {}
    for a in ctx.topo.of("application"):
        names.setdefault(ctx.topo.site.get(a.path, a.node), []).append(a.name)
    for lk in links:
        vtam = str(lk.value("node_b"))
        applid = str(lk.value("end_b")).removeprefix("APPL ")
        guess = suggest(applid, sorted(names.get(vtam, [])))
        yield Hit(
            lk.path,
            lk.span,
            {"applid": applid, "vtam": vtam, "near": f" (did you mean {guess}?)" if guess else ""},
            subject=lk.id,
            dialect=lk.dialect,
        )
