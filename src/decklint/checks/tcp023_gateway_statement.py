"""TCP023 checks for GATEWAY with BEGINROUTES in one z/OS profile: the first GATEWAY replaces
every static route defined before it, BEGINROUTES routes included.

That z/OS V2R2 removed GATEWAY is the release rules' to say (REL001 where the release judged
is past it, REL004 once per file where no release is known), with its BEGINROUTES form.
"""

from __future__ import annotations

from collections.abc import Iterator

from decklint.core.findings import Related
from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks


@check("TCP023")
def gateway_statement(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        g = s.entity.get("gateway")
        if s.product != "zos" or g.value is not True or g.span is None:
            continue
        b = s.entity.get("beginroutes")
        if b.value is not True or b.span is None:
            continue
        path, span = s.where("gateway")
        bpath, bspan = s.where("beginroutes")
        yield Hit(
            path,
            span,
            {
                "stack": s.name,
                "what": "GATEWAY and BEGINROUTES in one profile: the first GATEWAY replaces "
                "every static route defined before it, BEGINROUTES routes included; move the "
                "GATEWAY entries into BEGINROUTES as ROUTE statements (z/OS V2R2 no longer "
                "accepts GATEWAY)",
            },
            related=(Related(bpath, bspan, "BEGINROUTES"),),
            subject=s.entity.id,
            dialect="tcpip",
        )
