"""REL002: a statement the node's target release still accepts but IBM has announced to go.

Only with a target release (`--target-release`, `target-release:`): without one, a deck's
deprecated statements are left as they are. The finding names the release that deprecated
it, what replaces it, and cites the manual section; GATEWAY comes with its BEGINROUTES form
as an unsafe fix.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._release import assumed, cited, named, replacement, target, with_gateway_fix
from decklint.lint.check import Context, Hit, check
from decklint.model import release as rel
from decklint.model.upgrade import uses, verdict


@check("REL002")
def deprecated_in_release(ctx: Context) -> Iterator[Hit]:
    for use in uses(ctx.topo):
        at = target(ctx.topo, use.node, use.family)
        if at is None:
            continue
        v = verdict(use, at.level)
        if v is None or v.kind != "deprecated":
            continue
        e = v.event
        gone = next((x for x in use.events if x.kind == "removed"), None)
        later = f", and {gone.release} removes it" if gone is not None else ""
        what = f"{named(use, e)} is deprecated from {e.release}{assumed(e)}{later}; {at.said}"
        instead = "; ".join(
            x for x in ("plan to remove it", replacement(gone or e) or replacement(e)) if x
        )
        instead, fix = with_gateway_fix(ctx.topo, use, instead)
        yield Hit(
            use.path,
            use.span,
            {"what": what, "instead": f": {instead}" if instead else ""},
            subject=f"{rel.FAMILIES[use.family].name}:{use.node}",
            dialect=ctx.topo.dialects.get(use.path, ""),
            fix=fix,
            citation=cited(e.source),
        )
