"""TCP023 checks for GATEWAY statements, deprecated on z/OS and replacing every static route when
BEGINROUTES is in the same profile."""

from __future__ import annotations

from collections.abc import Iterator

from decklint.findings import Related, Severity
from decklint.lint.check import Context, Hit, check
from decklint.model.views.stacks import stacks


@check("TCP023")
def gateway_statement(ctx: Context) -> Iterator[Hit]:
    for s in stacks(ctx.topo):
        g = s.entity.get("gateway")
        if s.product != "zos" or g.value is not True or g.span is None:
            continue
        path, span = s.where("gateway")
        b = s.entity.get("beginroutes")
        if b.value is True and b.span is not None:
            bpath, bspan = s.where("beginroutes")
            yield Hit(
                path,
                span,
                {
                    "stack": s.name,
                    "what": "GATEWAY and BEGINROUTES in one profile: the first GATEWAY "
                    "replaces every static route defined before it, BEGINROUTES routes "
                    "included; move the GATEWAY entries into BEGINROUTES as ROUTE statements",
                },
                related=(Related(bpath, bspan, "BEGINROUTES"),),
                subject=s.entity.id,
                dialect="tcpip",
            )
        else:
            yield Hit(
                path,
                span,
                {
                    "stack": s.name,
                    "what": "GATEWAY is deprecated (not supported in a future release); "
                    "define the routes in BEGINROUTES",
                },
                severity=Severity.INFO,
                subject=s.entity.id,
                dialect="tcpip",
            )
