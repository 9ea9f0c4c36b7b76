"""REL001: a statement, operand or value the release a node is judged at no longer accepts,
or does not have yet.

The release is the node's target (`--target-release`, `target-release:`), else the lowest
release its decks show or the release it declares: a deck that uses what its own release
removed is wrong today. Each finding names the release that removed it, what the manual puts
in its place or advises, and cites the manual section that says so. GATEWAY comes with its
BEGINROUTES form as an unsafe fix.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklint.checks._release import assumed, cited, judged, named, replacement, with_gateway_fix
from decklint.core.findings import Severity
from decklint.lint.check import Context, Hit, check
from decklint.model import release as rel
from decklint.model.upgrade import uses, verdict


@check("REL001")
def removed_in_release(ctx: Context) -> Iterator[Hit]:
    for use in uses(ctx.topo):
        at = judged(ctx.topo, use.node, use.family)
        if at is None:
            continue
        v = verdict(use, at.level)
        if v is None or v.kind == "deprecated" or (v.kind == "absent" and not at.target):
            continue
        e = v.event
        if v.kind == "removed":
            what = f"{named(use, e)} is not accepted from {e.release}{assumed(e)}; {at.said}"
            instead = "; ".join(x for x in ("remove it", replacement(e)) if x)
        else:
            what = f"{named(use, e)} exists only from {e.release}{assumed(e)}; {at.said}"
            instead = f"remove it, or set the target release to {e.release} or later"
        instead, fix = with_gateway_fix(ctx.topo, use, instead)
        yield Hit(
            use.path,
            use.span,
            {"what": what, "instead": f": {instead}" if instead else ""},
            severity=Severity.WARNING if e.assumed else None,
            subject=f"{rel.FAMILIES[use.family].name}:{use.node}",
            dialect=ctx.topo.dialects.get(use.path, ""),
            fix=fix,
            citation=cited(e.source),
        )
